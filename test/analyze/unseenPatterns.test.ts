/**
 * Patterns found in real models the project had not seen (Silero VAD, spox and PyTorch exports),
 * each checked here on a model built in code; test/oracle runs the same models in ONNX Runtime 1.30.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport, type Analysis } from '../../src/analyze/buildReport';
import { foldedContentKeys } from '../../src/analyze/contentKeys';
import { sessionArenaBytes } from '../../src/report/budget';
import { branchWeightsModel, distinctWeights, paddleDimsModel, torchPadModel, unnamedDimsModel } from '../oracle/generatedModels';
import { attr, buildModel, DataType, graph, int64Tensor, node, tensorValue } from '../support/onnxBuilder';

function analysis(bytes: Uint8Array, name = 'm.onnx'): Analysis {
  return { filePath: `/virtual/${name}`, model: decodeModelBytes(bytes, { fileName: name }).model, fileBytes: bytes.length };
}

test('an unnamed input dim is bound under its input:axis symbol; the static shape keeps it unknown', () => {
  const a = analysis(unnamedDimsModel());
  const unbound = buildReport(a);
  assert.deepEqual(unbound.dims!.free.map((f) => [f.name, f.uses]), [['x:0', [{ input: 'x', axis: 0 }]], ['x:1', [{ input: 'x', axis: 1 }]]]);
  assert.equal(unbound.graphs[0]!.peak.bytes, null);
  const r = buildReport(a, { bindings: { 'x:0': 3, 'x:1': 5 } });
  const v = (name: string) => r.graphs[0]!.values.find((x) => x.name === name)!;
  assert.deepEqual(v('x').symbolicShape, [null, null], 'ORT sees no dim there, so SameSize and reuse do not change');
  assert.deepEqual(v('t').shape, [5, 3]);
  assert.equal(v('t').bytes, 60);
  assert.equal(typeof r.graphs[0]!.peak.bytes, 'number');
});

test('--value on an input with unnamed dims needs those dims bound, by their input:axis names', () => {
  const bytes = buildModel({ nodes: [node('Identity', ['hw'], ['y'])], inputs: [tensorValue('hw', DataType.INT64, [null])], outputs: [tensorValue('y', DataType.INT64, null)] });
  assert.throws(() => buildReport(analysis(bytes), { values: { hw: [480, 640] } }), /the unbound dim 'hw:0' \(bind it with --bind hw:0=N\)/);
  const r = buildReport(analysis(bytes), { bindings: { 'hw:0': 2 }, values: { hw: [480, 640] } });
  assert.deepEqual(r.inputValues, { hw: [480, 640] });
});

test('torch F.pad: contents flow through the 2-D step −1 Slice and the Transpose, so the Pad output is sized', () => {
  const r = buildReport(analysis(torchPadModel()), { bindings: { n: 2 } });
  const v = (name: string) => r.graphs[0]!.values.find((x) => x.name === name)!;
  assert.deepEqual(v('padded').shape, [2, 72]);
  assert.equal(v('padded').bytes, 2 * 72 * 4);
});

test('a body\'s Gemm packs a main-graph weight it reads (ORT packs outer-scope constants for a body\'s kernels)', () => {
  const r = buildReport(analysis(branchWeightsModel('gemm')));
  const then = r.graphs.find((g) => g.id.endsWith('then_branch'))!;
  const packs = then.initialization!.prepack;
  assert.equal(packs.length, 1);
  assert.equal(packs[0]!.initializer, 'w_a');
  assert.ok((packs[0]!.packedBytes ?? 0) >= 256 * 64 * 4, `packed ${packs[0]!.packedBytes}`);
  assert.ok(then.initialization!.arenaBytesAfterPrepack! >= packs[0]!.packedBytes!);
});

/** branchWeightsModel('foldedLstm') as ORT's folding leaves it: each branch's Unsqueezes became initializers named after their outputs. */
function foldedLstmAsOptimized(): Uint8Array {
  const F = DataType.FLOAT;
  const H = 64;
  const weight = (name: string, salt: number) => distinctWeights(name, [1, 4 * H, H], salt);
  const branch = (tag: string) => graph({
    name: tag,
    nodes: [node('LSTM', ['x', `W_${tag}`, `R_${tag}`], [`y_${tag}`], { name: `lstm_${tag}`, attrs: [attr.int('hidden_size', H)] })],
    inputs: [], outputs: [tensorValue(`y_${tag}`, F, null)],
    initializers: [weight(`W_${tag}`, 3), weight(`R_${tag}`, 5)],
  });
  return buildModel({
    opset: 17,
    nodes: [node('If', ['c'], ['y'], { name: 'by_flag', attrs: [attr.graph('then_branch', branch('then')), attr.graph('else_branch', branch('else'))] })],
    inputs: [tensorValue('x', F, [4, 1, H]), tensorValue('c', DataType.BOOL, [])],
    outputs: [tensorValue('y', F, null)],
    initializers: [int64Tensor('ax0', [0])],
  });
}

test('folded copies of one weight get one contents key; different weights and different ops do not', () => {
  const file = analysis(branchWeightsModel('foldedLstm')).model;
  const optimized = analysis(foldedLstmAsOptimized()).model;
  const keys = foldedContentKeys(file, optimized);
  assert.equal(keys.get('W_then'), keys.get('W_else'));
  assert.equal(keys.get('R_then'), keys.get('R_else'));
  assert.notEqual(keys.get('W_then'), keys.get('R_then'));
  assert.equal(keys.get('ax0'), 'init:ax0');
  assert.equal(keys.has('x'), false, 'a graph input is not an initializer of the optimized graph');
});

test('ORT packs equal weights once per session: the second branch\'s LSTM shares the first branch\'s packs', () => {
  const file = analysis(branchWeightsModel('foldedLstm')).model;
  const plain = analysis(foldedLstmAsOptimized());
  const optimized: Analysis = { ...plain, fileModel: file, optimization: { level: 'extended', requested: 'extended', fallbackReason: null, nchwcBlockSize: null } };
  const r = buildReport(optimized);
  const branches = r.graphs.filter((g) => g.parent !== null);
  const packs = branches.flatMap((g) => g.initialization!.prepack.map((p) => ({ graph: g.id, ...p })));
  assert.equal(packs.length, 4);
  const shared = packs.filter((p) => p.reason?.startsWith('shares the pack built at step 0 of main/by_flag/'));
  assert.equal(shared.length, 2, JSON.stringify(packs));
  const own = packs.filter((p) => !p.reason?.startsWith('shares'));
  // Without the file model (no contents keys) nothing is shared: the arena figure counts both branches.
  const unshared = buildReport({ ...plain });
  assert.equal(sessionArenaBytes(unshared)! - sessionArenaBytes(r)!, own.reduce((n, p) => n + p.packedBytes!, 0));
});

test('paddle2onnx dims: a −1 dim_value and the `?` dim_param are unknown, each bound as input:axis (height and width apart)', () => {
  const a = analysis(paddleDimsModel());
  const unbound = buildReport(a);
  assert.deepEqual(unbound.dims!.free.map((f) => f.name), ['image:0', 'image:2', 'image:3']);
  assert.equal(unbound.symbols.includes('?'), false);
  const r = buildReport(a, { bindings: { 'image:0': 2, 'image:2': 12, 'image:3': 20 } });
  const y = r.graphs[0]!.values.find((v) => v.name === 'y')!;
  assert.deepEqual(y.shape, [2, 8, 6, 10]);
  assert.deepEqual(r.graphs[0]!.values.find((v) => v.name === 'image')!.symbolicShape, [null, 3, '?', '?'], 'ORT\'s static view: -1 is no dim, ? stays a dim_param');
});

test("PyTorch 1.3's empty dim_params in value_info ([1, 16, '', '']) are unknown at run time, never a dim to bind; ORT's static view keeps them", () => {
  const F = DataType.FLOAT;
  // A strided Conv over symbolic h and w: inference leaves its spatial dims to the binding, and the
  // declared '' must not stand in for them as a symbol.
  const bytes = buildModel({
    nodes: [
      node('Conv', ['x', 'W'], ['r'], { name: 'conv', attrs: [attr.ints('strides', [2, 2]), attr.ints('pads', [1, 1, 1, 1])] }),
      node('Neg', ['r'], ['y'], { name: 'neg' }),
    ],
    inputs: [tensorValue('x', F, [1, 3, 'h', 'w'])],
    outputs: [tensorValue('y', F, null)],
    valueInfo: [tensorValue('r', F, [1, 16, '', ''])],
    initializers: [distinctWeights('W', [16, 3, 3, 3], 1)],
  });
  const unbound = buildReport(analysis(bytes));
  assert.deepEqual(unbound.dims!.free.map((f) => f.name), ['h', 'w']);
  assert.equal(unbound.symbols.includes(''), false);
  const conv = (rep: typeof unbound) => rep.graphs[0]!.values.find((v) => v.name === 'r')!;
  assert.doesNotMatch(conv(unbound).unavailableReason ?? '', /unbound dim ''/);
  const r = buildReport(analysis(bytes), { bindings: { h: 8, w: 10 } });
  assert.deepEqual([conv(r).shape, conv(r).bytes, conv(r).symbolicShape], [[1, 16, 4, 5], 1280, [1, 16, '', '']]);
});
