import { test } from 'node:test';
import assert from 'node:assert/strict';
import { castLikes, fp16Softmax, nestedLocalFunctions, singleOpModel } from './support/inlineModels';
import { short, transformModel } from './support/transformCase';
import { buildModel, DataType, node, tensorValue } from '../../support/onnxBuilder';
import { decodeModel, inferDtypes, toExecGraph } from './support/loadExecGraph';
import { applyOrtTransforms } from '../../../src/plan/ortTransforms/index';
import type { ExecGraph } from '../../../src/plan/execGraph';

for (const c of [nestedLocalFunctions, fp16Softmax, castLikes]) {
  test(`inlineFunctions() gives ORT's executed order for: ${c.name}`, () => {
    assert.deepEqual(transformModel(c.bytes).order.map(short), c.expected);
  });
}

test('inlineFunctions() turns body Constants into prefixed initializers and renames body values', () => {
  const { exec } = transformModel(nestedLocalFunctions.bytes);
  for (const name of ['_inlfunc_Inner_c', '_inlfunc_Inner_token_2_c', '_inlfunc_Inner_token_3_c']) assert.ok(exec.initializers.has(name), name);
  assert.deepEqual(exec.nodes[5]!.outputs, ['_inlfunc_Blk_m']);
  assert.deepEqual(exec.nodes[7]!.outputs, ['b1'], 'a formal output takes the call output name');
  assert.equal(exec.nodes[1], undefined, 'the call node leaves a gap');
});

test('inlineFunctions() names an fp16 Softmax body value after the prefix before casting renames it', () => {
  const { exec } = transformModel(fp16Softmax.bytes);
  assert.ok(exec.initializers.has('_inlfunc_Softmax_axes'));
  assert.deepEqual(exec.nodes[5]!.outputs, ['InsertedPrecisionFreeCast__inlfunc_Softmax_X_Sub']);
});

test('inlineFunctions() leaves a body it cannot reproduce (CastLike to an unknown type) and reports it as uncovered', () => {
  const m = decodeModel(castLikes.bytes);
  const unknownTypes = (e: ExecGraph) => ({ values: new Map([...inferDtypes(e).values].map(([k, v]) => [k, { ...v, dtype: null }])) });
  const exec = applyOrtTransforms(toExecGraph(m.graph), { opsets: m.opsets, functions: [], types: unknownTypes });
  assert.deepEqual(exec.nodes.map((n) => n?.opType), ['CastLike', 'CastLike']);
  assert.deepEqual(exec.uncovered.map((u) => u.term), ['inline:CastLike', 'inline:CastLike']);
});

test('inlineFunctions() expands CastLike into a Cast to the dtype of its second input', () => {
  const { exec } = transformModel(castLikes.bytes);
  assert.deepEqual(exec.nodes[2]!.attributes, [{ name: 'to', type: 2, i: 6 }]);
  assert.deepEqual(exec.nodes[3]!.attributes, [{ name: 'to', type: 2, i: 1 }]);
});

test('inlineFunctions() reports ops ORT can neither run nor expand (Swish at opset 25, fp16 MeanVarianceNormalization at 13)', () => {
  for (const spec of ['Swish:f32:25', 'MeanVarianceNormalization:f16:13']) {
    const { exec } = transformModel(singleOpModel(spec));
    const failing = exec.uncovered.filter((u) => u.term.startsWith('inline:'));
    assert.equal(failing.length, 1, spec);
    assert.match(failing[0]!.reason, /session creation fails$/);
  }
});

test('inlineFunctions() stops a recursive local function after its round cap and says so', () => {
  const bytes = buildModel({
    nodes: [node('Rec', ['X'], ['Y'], { name: 'r', domain: 'local' })],
    inputs: [tensorValue('X', DataType.FLOAT, [2])],
    outputs: [tensorValue('Y', DataType.FLOAT, [2])],
    opsets: { local: 1 },
    functions: [{ name: 'Rec', domain: 'local', input: ['x'], output: ['y'], opsetImport: [{ domain: 'local', version: 1 }], node: [node('Rec', ['x'], ['y'], { domain: 'local' })] }],
  });
  const { exec } = transformModel(bytes);
  assert.deepEqual(exec.uncovered.map((u) => u.term), ['inline:rounds']);
  assert.equal(exec.nodes.filter((n) => n !== undefined).length, 1);
});

test('inlineFunctions() reports the ops ORT 1.30 expands into bodies this project does not write (CenterCropPad, the two loss ops), and keeps the node', () => {
  const F = DataType.FLOAT;
  const cases = [
    { op: 'CenterCropPad', opset: 18, inputs: [tensorValue('X', F, [8, 8]), tensorValue('S', DataType.INT64, [2])] },
    { op: 'NegativeLogLikelihoodLoss', opset: 17, inputs: [tensorValue('X', F, [4, 5]), tensorValue('S', DataType.INT64, [4])] },
    { op: 'SoftmaxCrossEntropyLoss', opset: 17, inputs: [tensorValue('X', F, [4, 5]), tensorValue('S', DataType.INT64, [4])] },
  ];
  for (const c of cases) {
    const bytes = buildModel({ opset: c.opset, nodes: [node(c.op, ['X', 'S'], ['Y'], { name: 'n' })], inputs: c.inputs, outputs: [tensorValue('Y', F, null)] });
    const { exec } = transformModel(bytes);
    assert.deepEqual(exec.nodes.filter((n) => n).map((n) => n!.opType), [c.op], c.op);
    assert.deepEqual(exec.uncovered.map((u) => u.term), [`inline:${c.op}`], c.op);
    assert.match(exec.uncovered[0]!.reason, /into a function body this model does not reproduce; the node is kept as is$/);
  }
});

test("an ONNX Attention whose input types ORT's CPU kernel does not take (an int32 mask, mixed precisions) is expanded by ORT: reported as uncovered, while bool and float masks keep the kernel", () => {
  const attention = (maskType: number | null, kType: number = DataType.FLOAT) =>
    buildModel({
      nodes: [node('Attention', ['q', 'k', 'v', ...(maskType === null ? [] : ['mask'])], ['y'], { name: 'attn' })],
      inputs: [
        tensorValue('q', DataType.FLOAT, [1, 1, 2, 2]),
        tensorValue('k', kType, [1, 1, 2, 2]),
        tensorValue('v', kType, [1, 1, 2, 2]),
        ...(maskType === null ? [] : [tensorValue('mask', maskType, [2, 2])]),
      ],
      outputs: [tensorValue('y', DataType.FLOAT, [1, 1, 2, 2])],
      opset: 23,
    });
  const inlined = (bytes: Uint8Array) => transformModel(bytes).exec.uncovered.filter((u) => u.term === 'inline:Attention').length;
  // ORT 1.30 runs the expanded body for an int32 mask (its profile lists the body's nodes, not the call).
  assert.equal(inlined(attention(DataType.INT32)), 1);
  assert.equal(inlined(attention(DataType.FLOAT, DataType.FLOAT16)), 1, 'k and v must have q\'s type');
  for (const mask of [DataType.BOOL, DataType.FLOAT, null]) assert.equal(inlined(attention(mask)), 0, `mask ${mask}`);
});
