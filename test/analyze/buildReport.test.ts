import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport, reportFromFile, type Analysis } from '../../src/analyze/buildReport';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { renderText } from '../../src/report/renderText';
import { attr, buildModel, DataType, graph, int64Tensor, node, tensor, tensorValue } from '../support/onnxBuilder';
import { CORPUS_DIR } from '../support/corpus';
import { halfNormPacksModel, initializerInputsModel, outerPackedWeightsModel } from '../oracle/generatedModels';

function analysis(bytes: Uint8Array): Analysis {
  const loaded = decodeModelBytes(bytes, { fileName: 'test.onnx' });
  return { filePath: '/virtual/test.onnx', model: loaded.model, fileBytes: bytes.length };
}

const innerIf = (tag: string) =>
  graph({
    name: `inner_${tag}`,
    nodes: [node('Add', ['a', 'deep'], [`o_${tag}`], { name: `inner_add_${tag}` })],
    inputs: [],
    outputs: [tensorValue(`o_${tag}`, DataType.FLOAT, [4, 8])],
  });

const NESTED = buildModel({
  nodes: [
    node('Relu', ['X'], ['a'], { name: 'relu' }),
    node('Neg', ['X'], ['deep'], { name: 'neg' }),
    node(
      'If',
      ['flag'],
      ['branch'],
      {
        name: 'outer_if',
        attrs: [
          attr.graph(
            'then_branch',
            graph({
              name: 'then',
              nodes: [node('If', ['flag'], ['t'], { name: 'inner_if', attrs: [attr.graph('then_branch', innerIf('tt')), attr.graph('else_branch', innerIf('te'))] })],
              inputs: [],
              outputs: [tensorValue('t', DataType.FLOAT, [4, 8])],
            }),
          ),
          attr.graph('else_branch', graph({ name: 'else', nodes: [node('Identity', ['a'], ['e'], { name: 'else_id' })], inputs: [], outputs: [tensorValue('e', DataType.FLOAT, [4, 8])] })),
        ],
      },
    ),
    node('Sigmoid', ['branch'], ['Y'], { name: 'out' }),
  ],
  inputs: [tensorValue('X', DataType.FLOAT, [4, 8]), tensorValue('flag', DataType.BOOL, [])],
  outputs: [tensorValue('Y', DataType.FLOAT, [4, 8])],
  valueInfo: [tensorValue('branch', DataType.FLOAT, [4, 8])],
});

test('buildReport() gives each subgraph body its own graph with a unique nested id and parent link', () => {
  const r = buildReport(analysis(NESTED));
  assert.deepEqual(
    r.graphs.map((g) => g.id),
    ['main', 'main/outer_if/then_branch', 'main/outer_if/then_branch/inner_if/then_branch', 'main/outer_if/then_branch/inner_if/else_branch', 'main/outer_if/else_branch'],
  );
  assert.deepEqual(r.graphs[2]!.parent, { graph: 'main/outer_if/then_branch', node: 'inner_if', attribute: 'then_branch' });
  const ifStep = r.graphs[0]!.steps.find((s) => s.node === 'outer_if')!;
  assert.deepEqual(ifStep.subgraphs, ['main/outer_if/then_branch', 'main/outer_if/else_branch']);
});

test('buildReport() plans bodies locally: outer-scope values are PreExisting there and implicit inputs of the parent node', () => {
  const r = buildReport(analysis(NESTED));
  const deepest = r.graphs[2]!;
  const deep = deepest.values.find((v) => v.name === 'deep')!;
  assert.equal(deep.allocKind, 'PreExisting');
  assert.equal(deep.isOuterScope, true);
  const main = r.graphs[0]!;
  const ifStep = main.steps.find((s) => s.node === 'outer_if')!;
  const deepMain = main.values.find((v) => v.name === 'deep')!;
  assert.ok(deepMain.consumers.includes(ifStep.index), 'the If reads "deep" through its bodies');
  assert.equal(deepMain.releasedAfter, ifStep.index);
});

test('buildReport() never adds a body into its parent peak and lists subgraph residency as uncovered', () => {
  const r = buildReport(analysis(NESTED));
  const main = r.graphs[0]!;
  // Main: a, deep, branch, Y (128 B each); a and deep die at the If.
  assert.deepEqual(main.steps.map((s) => s.liveBytes), [128, 256, 384, 256]);
  assert.equal(main.peak.bytes, 384);
  assert.ok(main.uncovered.some((u) => u.term === 'subgraph residency'));
  assert.ok(!r.graphs[4]!.uncovered.some((u) => u.term === 'subgraph residency'));
  const body = r.graphs[4]!;
  assert.equal(body.values.find((v) => v.name === 'e')!.providedByParent, true, 'If bodies write into the If outputs');
});

test('buildReport() always lists the fixed uncovered terms; the physical peak of a graph whose If condition is not known stays unavailable, naming the step', () => {
  const r = buildReport(analysis(NESTED));
  const terms = r.graphs[0]!.uncovered.map((u) => u.term);
  for (const t of ['arena rounding and retained pools', 'fragmentation', 'packed-weight ownership', 'constructor scratch', 'caller I/O and KV capacities', 'private EP or library allocations', 'concurrency']) {
    assert.ok(terms.includes(t), t);
  }
  assert.equal(r.physicalPeak.bytes, null);
  assert.match(r.physicalPeak.reason ?? '', /^Not modeled for this run: step \d+ \(If .*the condition '.*' is not known before the run/);
});

const SYMBOLIC = buildModel({
  nodes: [
    node('Exp', ['X'], ['a'], { name: 'exp' }),
    node('MatMul', ['a', 'W'], ['b'], { name: 'mm' }),
    node('Reshape', ['b', 'shape'], ['Y'], { name: 'reshape' }),
  ],
  inputs: [tensorValue('X', DataType.FLOAT, ['batch', 'seq', 8])],
  outputs: [tensorValue('Y', DataType.FLOAT, ['batch', null])],
  initializers: [tensor('W', DataType.FLOAT, [8, 16]), int64Tensor('shape', [0, -1])],
});

test('buildReport() keeps unknown sizes null with reasons, groups them, and fills them when symbols are bound', () => {
  const unbound = buildReport(analysis(SYMBOLIC));
  assert.deepEqual(unbound.symbols, ['batch', 'seq']);
  const main = unbound.graphs[0]!;
  const a = main.values.find((v) => v.name === 'a')!;
  assert.equal(a.bytes, null);
  assert.match(a.unavailableReason!, /unbound dim/);
  assert.deepEqual(a.symbolicShape, ['batch', 'seq', 8]);
  assert.equal(main.peak.bytes, null);
  assert.ok(main.unavailable.some((g) => g.values.includes('a')));
  const bound = buildReport(analysis(SYMBOLIC), { bindings: { batch: 2, seq: 3 } });
  const m2 = bound.graphs[0]!;
  assert.equal(m2.values.find((v) => v.name === 'a')!.bytes, 2 * 3 * 8 * 4);
  assert.equal(m2.values.find((v) => v.name === 'Y')!.bytes, 2 * 3 * 16 * 4);
  // a dies at MatMul; the Reshape to a graph output copies, so b and Y are both live at the last step.
  assert.deepEqual(m2.steps.map((s) => s.liveBytes), [192, 576, 768]);
  assert.deepEqual([m2.peak.bytes, m2.peak.step], [768, 2]);
  assert.equal(m2.values.find((v) => v.name === 'W')!.allocKind, 'AllocateStatically');
  assert.equal(m2.initialization!.initializerBytesStored, 8 * 16 * 4 + 16);
});

test('renderText() names the model, opsets, the peak step and the uncovered terms', () => {
  const text = renderText(buildReport(analysis(SYMBOLIC), { bindings: { batch: 2, seq: 3 } }));
  assert.match(text, /^model: \/virtual\/test\.onnx/m);
  assert.match(text, /^opsets: ai\.onnx:17$/m);
  assert.match(text, /peak: 768 B after step 2 \(reshape, Reshape\)/);
  assert.match(text, /- fragmentation: /);
});

const PROBES = join(CORPUS_DIR, 'ort-probes');

test('buildReport() gives the best-fit arena ORT allocated as its pattern block: bestfit.onnx 1024 B (first-fit: 1280 B), lifetimes.onnx 768 B', { skip: existsSync(PROBES) ? false : `corpus not found at ${PROBES}` }, () => {
  assert.equal(reportFromFile(join(PROBES, 'bestfit.onnx')).graphs[0]!.bestFitArenaBytes, 1024);
  assert.equal(reportFromFile(join(PROBES, 'lifetimes.onnx')).graphs[0]!.bestFitArenaBytes, 768);
});

test('buildReport() of a graph without nodes has no steps, a 0 B peak, and initializers passed straight to outputs', () => {
  const model = {
    irVersion: 8,
    producerName: '',
    producerVersion: '',
    domain: '',
    modelVersion: 0,
    docString: '',
    opsets: [{ domain: '', version: 17 }],
    metadata: [],
    functions: [],
    graph: {
      name: 'g',
      nodes: [],
      initializers: [{ name: 'W', dataType: 1, dims: [4], byteSize: 16, storedBytes: 16, external: null, values: null }],
      sparseInitializers: [],
      inputs: [],
      outputs: [{ name: 'W', type: { kind: 'tensor' as const, elemType: 1, shape: [4] } }],
      valueInfo: [],
    },
  };
  const r = buildReport({ filePath: '/virtual/empty.onnx', model, fileBytes: 0 });
  const main = r.graphs[0]!;
  assert.deepEqual(main.steps, []);
  assert.deepEqual([main.peak.bytes, main.peak.step], [0, null]);
  assert.deepEqual(main.values.map((v) => [v.name, v.allocKind, v.bytes]), [['W', 'AllocateStatically', 16]]);
  assert.match(renderText(r), /peak: 0 B \(no step allocates\)/);
});

test('buildReport() labels the parallel peak the exact worst case, names its buffers, and the sequential one a modeled peak', () => {
  const bytes = buildModel({
    nodes: [node('Relu', ['x'], ['a'], { name: 'r' }), node('Relu', ['a'], ['a2'], { name: 'r2' }), node('Sigmoid', ['x'], ['b'], { name: 's' }), node('Sigmoid', ['b'], ['b2'], { name: 's2' }), node('Add', ['a2', 'b2'], ['y'], { name: 'add' })],
    inputs: [tensorValue('x', DataType.FLOAT, [2, 8])],
    outputs: [tensorValue('y', DataType.FLOAT, [2, 8])],
  });
  const parallel = buildReport(analysis(bytes), { bindings: {}, view: 'parallel' }).graphs[0]!.peak;
  const sequential = buildReport(analysis(bytes), { bindings: {}, view: 'sequential' }).graphs[0]!.peak;
  assert.match(parallel.label, /^exact worst case/);
  assert.match(sequential.label, /^modeled peak/);
  // Without reuse the parallel peak is never below the sequential plan's peak: here the second Relu
  // and the second Sigmoid run at once with all four of their tensors alive (4 × 64 B), where the
  // sequential plan runs one chain after the other, each writing over its first tensor.
  assert.equal(sequential.bytes, 192);
  assert.equal(parallel.bytes, 256);
  assert.deepEqual(parallel.values, ['a', 'a2', 'b', 'b2']);
  assert.deepEqual([parallel.exact, parallel.upperBoundBytes, parallel.running, parallel.step], [true, 256, [1, 3], 3]);
  assert.equal(sequential.values, undefined, 'the sequential peak names no moment');
});

test("buildReport() gives an initializer of unknown size the decoder's own reason, not a generic one", () => {
  const bytes = buildModel({
    nodes: [node('Identity', ['words'], ['Y'], { name: 'id' })],
    inputs: [],
    outputs: [tensorValue('Y', DataType.STRING, [2])],
    initializers: [{ name: 'words', dataType: DataType.STRING, dims: [2], stringData: [new TextEncoder().encode('a'), new TextEncoder().encode('bc')] }],
  });
  const v = buildReport(analysis(bytes)).graphs[0]!.values.find((x) => x.name === 'words')!;
  assert.equal(v.bytes, null);
  assert.equal(v.unavailableReason, "initializer 'words': string tensor: size depends on its contents");
});

test('buildReport() gives a graph without nodes (ORT runs it) a report of 0 steps with known sizes and a known-zero peak', () => {
  const bytes = buildModel({ name: 'g', nodes: [], inputs: [tensorValue('x', DataType.FLOAT, [2, 3])], outputs: [tensorValue('x', DataType.FLOAT, [2, 3])] });
  const main = buildReport(analysis(bytes)).graphs[0]!;
  assert.equal(main.steps.length, 0);
  assert.deepEqual(main.values.map((v) => [v.name, v.bytes, v.allocKind]), [['x', 24, 'PreExisting']]);
  assert.equal(main.peak.bytes, 0);
  assert.equal(main.peak.step, null);
});

test('a data-dependent dim is named after its node ORT index, also after ORT removed nodes before it', () => {
  // RemoveDuplicateCastTransformer drops the lossless float→double→float pair, so the nameless
  // NonZero is the only node left; ORT still calls it NonZero_2 (its index), not NonZero_0.
  const bytes = buildModel({
    nodes: [
      node('Cast', ['X'], ['d'], { attrs: [attr.int('to', DataType.DOUBLE)] }),
      node('Cast', ['d'], ['f'], { attrs: [attr.int('to', DataType.FLOAT)] }),
      node('NonZero', ['f'], ['nz']),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, [2, 3])],
    outputs: [tensorValue('nz', DataType.INT64, null)],
  });
  const r = buildReport(analysis(bytes));
  const main = r.graphs[0];
  assert.deepEqual(main.steps.map((s) => [s.displayName, s.nodeIndex]), [['NonZero_2', 2]]);
  assert.ok(r.symbols.includes('NonZero_2.count'), `symbols: ${r.symbols.join(', ')}`);
});

test('each graph carries its max-live figure from the core: the peak when every size is known', () => {
  const r = buildReport(analysis(NESTED));
  for (const g of r.graphs) {
    const known = g.steps.every((s) => s.liveBytes !== null);
    if (known) assert.equal(g.maxLiveBytes, g.peak.bytes, g.id);
    else assert.ok(g.maxLiveBytes === null || (g.peak.bytes === null && (g.maxLiveBytes ?? -1) >= 0), g.id);
  }
});

test("weights the file also lists as graph inputs: from IR 4 the report's static shapes do not read them, so an op after a Reshape by one is not in place (ORT 1.30's node stats)", () => {
  const rowOf = (r: ReturnType<typeof buildReport>, name: string) => r.graphs[0]!.values.find((v) => v.name === name)!;
  // IR 4: ORT's shape inference gives the Reshape [?, ?] (its shape is overridable), the Gemm
  // after it [?, 32], so the Relu takes a fresh 256-byte buffer (node stats: 256 dynamic bytes).
  const ir4 = buildReport(analysis(initializerInputsModel(4)));
  assert.deepEqual(rowOf(ir4, 'rows').symbolicShape, [null, null]);
  assert.deepEqual(rowOf(ir4, 'rows').shape, [2, 64], 'the sizes still use the stored shape');
  assert.deepEqual([rowOf(ir4, 'act').allocKind, rowOf(ir4, 'act').root], ['Allocate', 'act']);
  // IR 3: the initializer is a constant, every shape is static and the Relu runs in place.
  const ir3 = buildReport(analysis(initializerInputsModel(3)));
  assert.deepEqual(rowOf(ir3, 'rows').symbolicShape, [2, 64]);
  assert.deepEqual([rowOf(ir3, 'act').allocKind, rowOf(ir3, 'act').root], ['Reuse', 'fc']);
});

test("a main-graph weight packed by kernels in If branches is released after prepacking unless a main node reads it too (ORT 1.30's arena after initialization)", () => {
  const r = buildReport(analysis(outerPackedWeightsModel()), { values: { flag: [1] } });
  const init = (id: string) => r.graphs.find((g) => g.id === id)!.initialization!;
  // ORT counts W1 once (the then branch's MatMul) and W2 twice (a MatMul in each branch); each
  // pack takes a use away, so both originals go. W3 keeps the main graph's Shape as a use.
  assert.equal(init('main').initializerBytesStored, 72);
  assert.equal(init('main').arenaBytesAfterPrepack, 24);
  const arena = r.graphs.reduce((sum, g) => sum + (g.initialization?.arenaBytesAfterPrepack ?? 0), 0);
  assert.equal(arena, 600, "ORT 1.30's requested bytes in use before the first node (the oracle's baseline B of this model, CPU EP, disabled)");
});

test("fp16 norm params copied to fp32 in PrePack: the fp16 original leaves the arena unless another node reads it (ORT 1.30's baselines)", () => {
  // ORT's arena after initialization (the oracle's baseline B of each model, onnxruntime-node 1.30, disabled).
  const expected = { gamma: 128, all: 384, shared: 192, layernorm: 256 } as const;
  for (const [kind, bytes] of Object.entries(expected) as [keyof typeof expected, number][]) {
    const r = buildReport(analysis(halfNormPacksModel(kind)));
    assert.equal(r.graphs[0]!.initialization!.arenaBytesAfterPrepack, bytes, kind);
  }
});

test("QLinearConv's symmetric W layouts are plain arena chunks, its QGEMM pack a reserve (qlinearconv.cc), and the arena replay places them so", () => {
  const U8 = DataType.UINT8;
  const S8 = DataType.INT8;
  const F = DataType.FLOAT;
  const model = (zeroPoints: number[], group = 1, wDims = [16, 8, 3, 3]) =>
    buildModel({
      nodes: [node('QLinearConv', ['x', 'xs', 'xz', 'W', 'ws', 'wz', 'ys', 'yz'], ['y'], { name: 'qconv', attrs: [attr.ints('pads', [1, 1, 1, 1]), attr.int('group', group)] })],
      inputs: [tensorValue('x', U8, [1, wDims[1]! * group, 8, 8])],
      outputs: [tensorValue('y', U8, [1, wDims[0]!, 8, 8])],
      initializers: [
        tensor('xs', F, [], { values: [0.02] }), tensor('xz', U8, [], { raw: new Uint8Array([128]) }),
        tensor('W', S8, wDims), tensor('ws', F, [wDims[0]!], { values: new Array<number>(wDims[0]!).fill(0.01) }),
        tensor('wz', S8, [wDims[0]!], { raw: new Uint8Array(zeroPoints) }),
        tensor('ys', F, [], { values: [0.05] }), tensor('yz', U8, [], { raw: new Uint8Array([128]) }),
      ],
      opset: 17,
    });
  const packOf = (bytes: Uint8Array) => buildReport(analysis(bytes)).graphs[0]!.initialization!.prepack[0]!;
  assert.deepEqual(packOf(model(new Array<number>(16).fill(0))), { step: 0, initializer: 'W', packedBytes: 1152, reason: null, arenaChunk: true });
  assert.equal(packOf(model(new Array<number>(16).fill(0), 16, [16, 1, 3, 3])).arenaChunk, true, 'depthwise symmetric');
  assert.equal(packOf(model(new Array<number>(16).fill(1))).arenaChunk, undefined, 'the QGEMM pack is reserved');
});
