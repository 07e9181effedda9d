import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inferShapes } from '../../src/shape';
import { shapeBytes } from '../../src/shape/shapeBytes';
import { AttributeType } from '../../src/onnx/onnxSchema';
import type { TensorInfo } from '../../src/onnx/model';
import { attr, constantNode, DataType, int64Tensor, node, tensor, tensorValue } from '../support/onnxBuilder';
import { inferModel, runtimeShape, valueOf } from './inferHelper';
import { shapeRuleOf } from '../../src/ops/registry';

const F = DataType.FLOAT;
const I64 = DataType.INT64;

/** x[batch, seq, 768] → Shape → Gather(0), Gather(1) → Unsqueeze → Concat(…, [12, 64]) → Reshape. */
function reshapeChain(opset = 17) {
  return {
    opset,
    inputs: [tensorValue('x', F, ['batch', 'seq', 768])],
    outputs: [tensorValue('y', F, null)],
    initializers: [int64Tensor('i0', [0], []), int64Tensor('i1', [1], []), int64Tensor('ax', [0]), int64Tensor('heads', [12, 64])],
    nodes: [
      node('Shape', ['x'], ['s']),
      node('Gather', ['s', 'i0'], ['b']),
      node('Gather', ['s', 'i1'], ['t']),
      node('Unsqueeze', ['b', 'ax'], ['b1']),
      node('Unsqueeze', ['t', 'ax'], ['t1']),
      node('Concat', ['b1', 't1', 'heads'], ['target'], { attrs: [attr.int('axis', 0)] }),
      node('Reshape', ['x', 'target'], ['y']),
    ],
  };
}

test('inferShapes() propagates Shape→Gather→Unsqueeze→Concat into a symbolic runtime Reshape shape', () => {
  const { result } = inferModel(reshapeChain());
  const y = valueOf(result, 'y');
  assert.deepEqual(runtimeShape(y), ['batch', 'seq', 12, 64]);
  assert.deepEqual(y.staticShape, [null, null, null, null], 'ORT has no data propagation: rank only');
  assert.equal(y.dtype, F);
});

test('inferShapes() with bindings gives a concrete runtime shape and concrete Shape contents', () => {
  const { result } = inferModel(reshapeChain(), { batch: 2, seq: 5 });
  assert.deepEqual(valueOf(result, 'y').shape, [2, 5, 12, 64]);
  assert.deepEqual(valueOf(result, 's').value, [2, 5, 768]);
  assert.deepEqual(valueOf(result, 's').staticShape, [3]);
  assert.deepEqual(valueOf(result, 'x').staticShape, ['batch', 'seq', 768], 'bindings never reach the static channel');
});

test('inferShapes() reads constant initializers statically, as ORT passes them to inference', () => {
  const { result } = inferModel({
    inputs: [tensorValue('x', F, ['n', 6])],
    outputs: [tensorValue('y', F, null)],
    initializers: [int64Tensor('shape', [0, 2, 3])],
    nodes: [node('Reshape', ['x', 'shape'], ['y'])],
  });
  assert.deepEqual(valueOf(result, 'y').staticShape, ['n', 2, 3]);
});

test('inferShapes() merges declared value_info: inferred values win, unknown inferred dims take the declaration', () => {
  const { result } = inferModel({
    inputs: [tensorValue('x', F, ['n', null])],
    outputs: [tensorValue('y', F, ['declared_n', 'declared_c'])],
    valueInfo: [tensorValue('r', F, [7, 'c'])],
    nodes: [node('Relu', ['x'], ['r']), node('Relu', ['r'], ['y'])],
  });
  const r = valueOf(result, 'r');
  assert.deepEqual(r.staticShape, [7, 'c'], 'declared value wins over an inferred param; declared param fills an unknown');
  // At run time x's unnamed dim is the symbol x:1 (unnamedInputDim), which the user binds: it is not unknown there.
  assert.deepEqual(runtimeShape(r), [7, '"x:1"'], 'a symbol that is not a bare identifier is quoted in the expression');
  assert.deepEqual(valueOf(result, 'y').staticShape, [7, 'declared_c'], 'inferred value 7 wins; declared param preferred');
});

test('inferShapes() reports unbound and unknown dims through shapeBytes reasons', () => {
  const { result } = inferModel({
    inputs: [tensorValue('x', F, ['batch', 'sequence', null])],
    outputs: [tensorValue('y', F, null)],
    nodes: [node('Relu', ['x'], ['y'])],
  });
  const y = valueOf(result, 'y');
  // An unnamed input dim is named input:axis at run time, so the reason says what to bind.
  assert.deepEqual(shapeBytes(y.dtype, y.shape, { batch: 1, sequence: 2 }, 'y'), { bytes: null, reason: "depends on unbound dim 'x:2'" });
  assert.deepEqual(y.staticShape, ['batch', 'sequence', null]);
  assert.deepEqual(shapeBytes(y.dtype, y.shape, { batch: 1, sequence: 2, 'x:2': 3 }, 'y'), { bytes: 24, reason: null });
  const { result: r2 } = inferModel({
    inputs: [tensorValue('x', F, ['batch', 'sequence'])],
    outputs: [tensorValue('y', F, null)],
    nodes: [node('Relu', ['x'], ['y'])],
  });
  const y2 = valueOf(r2, 'y');
  assert.deepEqual(shapeBytes(y2.dtype, y2.shape, { batch: 1 }), { bytes: null, reason: "depends on unbound dim 'sequence'" });
  assert.deepEqual(shapeBytes(y2.dtype, y2.shape, { batch: 1, sequence: 3 }), { bytes: 12, reason: null });
});

test('inferShapes() leaves outputs of an op without a rule unknown and propagates the reason', () => {
  const { result } = inferModel({
    opsets: { 'com.x': 1 },
    inputs: [tensorValue('x', F, [2])],
    outputs: [tensorValue('z', F, null)],
    nodes: [node('Foo', ['x'], ['y'], { domain: 'com.x' }), node('Relu', ['y'], ['z']), node('Bar', ['x'], ['w'])],
  });
  const y = valueOf(result, 'y');
  assert.deepEqual([y.dtype, y.shape, y.reason], [null, null, 'no shape rule for com.x::Foo']);
  assert.equal(valueOf(result, 'z').reason, 'no shape rule for com.x::Foo');
  assert.equal(valueOf(result, 'w').reason, 'no shape rule for ai.onnx::Bar');
});

test('inferShapes() takes a declared type for an output of an op without a rule', () => {
  const { result } = inferModel({
    opsets: { 'com.x': 1 },
    inputs: [tensorValue('x', F, [2])],
    outputs: [tensorValue('y', I64, ['n', 4])],
    nodes: [node('Foo', ['x'], ['y'], { domain: 'com.x' })],
  });
  const y = valueOf(result, 'y');
  assert.equal(y.dtype, I64);
  assert.deepEqual(y.staticShape, ['n', 4]);
  assert.equal(y.reason, null);
});

test('inferShapes() gives data-dependent dims a bindable generated symbol', () => {
  const spec = {
    inputs: [tensorValue('x', F, [3, 4])],
    outputs: [tensorValue('idx', I64, null)],
    nodes: [node('Relu', ['x'], ['r']), node('NonZero', ['r'], ['idx'])],
  };
  const idx = valueOf(inferModel(spec).result, 'idx');
  assert.deepEqual(runtimeShape(idx), [2, 'NonZero_1.count']);
  assert.deepEqual(idx.staticShape, [2, null]);
  assert.deepEqual(shapeBytes(idx.dtype, idx.shape, {}), { bytes: null, reason: "depends on unbound dim 'NonZero_1.count'" });
  const bound = valueOf(inferModel(spec, { 'NonZero_1.count': 5 }).result, 'idx');
  assert.deepEqual(bound.shape, [2, 5]);
});

test('inferShapes() handles nodes in any file order', () => {
  const spec = reshapeChain();
  const { result } = inferModel({ ...spec, nodes: [...spec.nodes].reverse() });
  assert.deepEqual(runtimeShape(valueOf(result, 'y')), ['batch', 'seq', 12, 64]);
});

test('inferShapes() turns each Constant attribute form into a tensor', () => {
  const { result } = inferModel({
    inputs: [],
    outputs: [tensorValue('a', I64, null)],
    nodes: [
      constantNode('a', int64Tensor('a', [4, 5])),
      node('Constant', [], ['b'], { attrs: [attr.ints('value_ints', [1, 2, 3])] }),
      node('Constant', [], ['c'], { attrs: [attr.float('value_float', 0.5)] }),
      node('Constant', [], ['d'], { attrs: [attr.int('value_int', 9)] }),
    ],
  });
  assert.deepEqual([valueOf(result, 'a').value, valueOf(result, 'a').staticShape], [[4, 5], [2]]);
  assert.deepEqual([valueOf(result, 'b').dtype, valueOf(result, 'b').shape], [I64, [3]]);
  assert.deepEqual([valueOf(result, 'c').dtype, valueOf(result, 'c').shape, valueOf(result, 'c').value], [F, [], [0.5]]);
  assert.deepEqual(valueOf(result, 'd').value, [9]);
});

test('inferShapes() treats initializers listed as graph inputs as overridable from IR 4 on', () => {
  const spec = {
    inputs: [tensorValue('x', F, [2, 6]), tensorValue('shape', I64, [2])],
    outputs: [tensorValue('y', F, null)],
    initializers: [int64Tensor('shape', [3, 4])],
    nodes: [node('Reshape', ['x', 'shape'], ['y'])],
  };
  assert.deepEqual(valueOf(inferModel({ ...spec, irVersion: 8 }).result, 'y').staticShape, [null, null]);
  assert.deepEqual(valueOf(inferModel({ ...spec, irVersion: 3 }).result, 'y').staticShape, [3, 4]);
  assert.deepEqual(valueOf(inferModel({ ...spec, irVersion: 8 }).result, 'y').shape, [3, 4], 'the runtime channel uses the stored initializer');
});

test('inferShapes() accepts an ExecGraph-like graph: Map initializers, index gaps, ORT indices in labels', () => {
  const w: TensorInfo = { name: 'w', dataType: F, dims: [4, 3], byteSize: 48, storedBytes: 48, external: null, values: null };
  const res = inferShapes(
    {
      nodes: [undefined, { index: 1, name: '', opType: 'MatMul', domain: '', inputs: ['x', 'w'], outputs: ['m'], attributes: [] },
        { index: 2, name: '', opType: 'NonZero', domain: '', inputs: ['m'], outputs: ['nz'], attributes: [] }],
      initializers: new Map([['w', w]]),
      inputs: [{ name: 'x', type: { kind: 'tensor', elemType: F, shape: ['n', 4] } }],
      outputs: [{ name: 'nz', type: null }],
      valueInfo: [],
    },
    { rules: shapeRuleOf, opsets: { '': 17 }, bindings: { n: 2 } },
  );
  assert.deepEqual(res.values.get('m')?.shape, [2, 3]);
  assert.deepEqual(res.values.get('m')?.staticShape, ['n', 3]);
  assert.deepEqual(res.values.get('nz')?.shape, [2, { expr: 'NonZero_2.count' }]);
});

test('inferShapes() sees outer-scope values given in options', () => {
  const res = inferShapes(
    { nodes: [{ name: 'a', opType: 'Add', domain: '', inputs: ['x', 'outer'], outputs: ['y'], attributes: [] }], initializers: [], inputs: [], outputs: [], valueInfo: [] },
    {
      rules: shapeRuleOf,
      opsets: { '': 17 },
      outerScope: new Map([
        ['x', { kind: 'tensor', dtype: F, shape: [{ expr: 'n' }, 1], staticShape: ['n', 1], value: null, reason: null }],
        ['outer', { kind: 'tensor', dtype: F, shape: [4], staticShape: [4], value: null, reason: null }],
      ]),
    },
  );
  assert.deepEqual(res.values.get('y')?.shape, [{ expr: 'n' }, 4]);
  assert.deepEqual(res.values.get('y')?.staticShape, ['n', 4]);
});

test('inferShapes() expands model-local function calls with attribute references', () => {
  const fn = {
    name: 'Blk',
    domain: 'local',
    input: ['a'],
    output: ['b'],
    attribute: ['perm'],
    opsetImport: [{ domain: '', version: 17 }],
    node: [{ opType: 'Transpose', input: ['a'], output: ['b'], attribute: [{ name: 'perm', refAttrName: 'perm', type: AttributeType.INTS }] }],
  };
  const { result } = inferModel({
    opsets: { local: 1 },
    functions: [fn],
    inputs: [tensorValue('x', F, [2, 3, 'k'])],
    outputs: [tensorValue('y', F, null)],
    nodes: [node('Blk', ['x'], ['y'], { domain: 'local', attrs: [attr.ints('perm', [2, 0, 1])] })],
  });
  assert.deepEqual(runtimeShape(valueOf(result, 'y')), ['k', 2, 3]);
});

test('inferShapes() turns a shape error of a malformed node into a reason', () => {
  const { result } = inferModel({
    inputs: [tensorValue('x', F, [2, 3])],
    outputs: [tensorValue('y', F, null)],
    nodes: [node('Transpose', ['x'], ['y'], { name: 'tr', attrs: [attr.ints('perm', [0])] })],
  });
  assert.equal(valueOf(result, 'y').reason, "Transpose perm length 1 differs from rank 2 at node 'tr'");
});

test('inferShapes() keeps tensor() helper payloads out of propagated contents when large', () => {
  const { result } = inferModel({
    inputs: [],
    outputs: [tensorValue('y', F, null)],
    initializers: [tensor('big', F, [2000])],
    nodes: [node('Identity', ['big'], ['y'])],
  });
  assert.equal(valueOf(result, 'y').value, null);
  assert.deepEqual(valueOf(result, 'y').shape, [2000]);
});

test('inferShapes() treats an absurd rank read from a shape tensor as unknown instead of allocating it (fuzz regression)', () => {
  // A fuzzed Reshape whose shape input has 2^31 elements: its values are not kept, so only its length
  // gives the output rank, and that rank is absurd.
  const res = inferModel({
    nodes: [node('Reshape', ['x', 'shape'], ['y'])],
    inputs: [tensorValue('x', F, [2, 3]), tensorValue('shape', I64, [2 ** 31])],
    outputs: [tensorValue('y', F, null)],
  });
  assert.equal(valueOf(res.result, 'y').shape, null);
  assert.equal(valueOf(res.result, 'y').dtype, F);
});

test('a chain of same-shape ops holds one shape array, and a value both passes agree on is one array for both shapes', () => {
  const { result } = inferModel({
    nodes: [
      node('Relu', ['x'], ['a']),
      node('Sigmoid', ['a'], ['b']),
      node('Add', ['b', 'bias'], ['c']),
      node('Neg', ['c'], ['d']),
      node('Mul', ['col', 'row'], ['e']),
      node('Sub', ['e', 'd'], ['f']),
    ],
    inputs: [tensorValue('x', F, [2, 64]), tensorValue('bias', F, [64]), tensorValue('col', F, [2, 1]), tensorValue('row', F, [1, 64])],
    outputs: [tensorValue('f', F, [2, 64])],
  });
  const [x, a, b, c, d, e, f] = ['x', 'a', 'b', 'c', 'd', 'e', 'f'].map((n) => valueOf(result, n));
  for (const v of [a, b, c, d, e, f]) assert.deepEqual(runtimeShape(v!), [2, 64]);
  // Relu and Sigmoid pass their input's shape on, and so does a broadcast whose result is one
  // input's shape (the bias Add); one where no input has the result's dims (Mul of [2,1] and [1,64])
  // makes a new array, which the next broadcast (Sub) and Neg then pass on.
  // (Graph inputs keep each pass's own value, so `x` itself is not compared.)
  assert.deepEqual(runtimeShape(x!), [2, 64]);
  assert.equal(b!.shape, a!.shape);
  assert.equal(c!.shape, b!.shape);
  assert.equal(d!.shape, c!.shape);
  assert.notEqual(e!.shape, d!.shape);
  assert.equal(f!.shape, e!.shape);
  // ORT's static shape and the runtime shape agree, so the runtime pass kept the static pass's value.
  for (const v of [a, b, c, d, e, f]) assert.equal(v!.staticShape, v!.shape);
});
