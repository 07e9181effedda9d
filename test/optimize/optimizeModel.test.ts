import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { bodiesInSavedOrder, orderFromDump, parsePartitionDump } from '../../src/optimize/dumpOrder';
import { fusedBodyModel } from '../oracle/generatedModels';
import { optimizeModelFile } from '../../src/optimize/optimizeModel';
import { loadOrtRuntime, type OrtRuntime } from '../../src/optimize/ortRuntime';
import { analyzeFileAtLevel, buildReport } from '../../src/analyze/buildReport';
import { runOrtOracle } from '../support/ortOracle';
import { attr, buildModel, DataType, node, tensor, tensorValue } from '../support/onnxBuilder';

const F = DataType.FLOAT;
const ORT_SKIP = loadOrtRuntime().ok ? false : 'onnxruntime-node is not installed';

/** Two unnamed Relus that ORT runs highest index first, a Neg, and two unnamed Adds. */
function unnamedModel(): Uint8Array {
  return buildModel({
    nodes: [node('Relu', ['X'], ['a']), node('Neg', ['X'], ['c']), node('Relu', ['X'], ['b']), node('Add', ['a', 'b'], ['d']), node('Add', ['d', 'c'], ['Y'])],
    inputs: [tensorValue('X', F, [4])],
    outputs: [tensorValue('Y', F, [4])],
  });
}

async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'oml-optimize-test-'));
  try {
    await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('parsePartitionDump() reads every stream in order; a graph without nodes has no streams; other text is refused', () => {
  assert.deepEqual(parsePartitionDump('{"devices":["0"],"streams":[["a","b"],["c"]],"type":"DeviceBasedPartitioner"}'), ['a', 'b', 'c']);
  assert.deepEqual(parsePartitionDump('{"type":"DeviceBasedPartitioner"}'), []);
  assert.equal(parsePartitionDump('not json'), null);
  assert.equal(parsePartitionDump('{"streams":3,"type":"x"}'), null);
});

test("orderFromDump() maps ORT's names onto nodes: unnamed nodes by op type and counter in execution order, duplicates by readiness", () => {
  const g = decodeModelBytes(unnamedModel()).model.graph;
  // ORT's dump of this graph (onnxruntime-node 1.30): Relu0 is node 2, which it runs first.
  const r = orderFromDump(g, ['Relu0', 'Relu1', 'Add0', 'Neg0', 'Add1']);
  assert.ok(r.ok);
  assert.deepEqual(r.order.map((i) => g.nodes[i]!.opType), ['Relu', 'Relu', 'Add', 'Neg', 'Add']);
  assert.deepEqual(r.order.slice(2).map((i) => g.nodes[i]!.outputs[0]), ['d', 'c', 'Y'], 'the Add that needs Neg comes after it');
  const dup = decodeModelBytes(
    buildModel({
      nodes: [node('Relu', ['m'], ['y1'], { name: 'same' }), node('Neg', ['X'], ['m'], { name: 'same' })],
      inputs: [tensorValue('X', F, [4])],
      outputs: [tensorValue('y1', F, [4])],
    }),
  ).model.graph;
  const d = orderFromDump(dup, ['same', 'same']);
  assert.ok(d.ok);
  assert.deepEqual(d.order, [1, 0], 'two nodes named alike: the one whose inputs exist runs first');
  const missing = orderFromDump(g, ['Relu0', 'Conv7']);
  assert.equal(missing.ok, false);
  assert.match(!missing.ok ? missing.reason : '', /names node 'Conv7', which is not in the graph ORT saved/);
  const short = orderFromDump(g, ['Relu0']);
  assert.match(!short.ok ? short.reason : '', /lists 1 nodes, the graph ORT saved has 5/);
});

test("the optimized report runs the nodes in ORT's order (the dump), not ORT's DEFAULT order recomputed on the saved graph", { skip: ORT_SKIP }, async () => {
  await withTempDir(async (dir) => {
    const file = join(dir, 'unnamed.onnx');
    writeFileSync(file, unnamedModel());
    const analysis = await analyzeFileAtLevel(file, { level: 'all' });
    assert.equal(analysis.optimization?.level, 'all', analysis.optimization?.fallbackReason ?? '');
    const report = buildReport(analysis);
    const oracle = await runOrtOracle(file, { level: 'all' });
    assert.ok(oracle.ok);
    assert.deepEqual(report.graphs[0]!.steps.map((s) => s.opType), oracle.events.map((e) => e.opType));
    assert.deepEqual(readdirSync(dir), ['unnamed.onnx'], 'nothing written beside the model');
  });
});

test("bodiesInSavedOrder() takes a body ORT changed (or made) as saved in ORT's order, and one it left as the file's", () => {
  const file = decodeModelBytes(fusedBodyModel()).model.graph;
  const same = decodeModelBytes(fusedBodyModel()).model.graph;
  assert.equal(bodiesInSavedOrder(same, file).size, 0, 'every body as in the file');
  // ORT's save of the then-branch: Gemm first (its new, highest index runs first), then the chain.
  const saved = decodeModelBytes(fusedBodyModel()).model.graph;
  const ifNode = saved.nodes.find((n) => n.opType === 'If')!;
  const thenBody = ifNode.attributes.find((a) => a.name === 'then_branch')!.g!;
  const [mm, bias, relu, neg, sum] = thenBody.nodes;
  thenBody.nodes = [{ ...mm!, opType: 'Gemm', name: 'f_gemm', inputs: ['a', 'W', 'B'], outputs: ['f_add'] }, relu!, neg!, sum!];
  assert.ok(bias);
  const elseBody = ifNode.attributes.find((a) => a.name === 'else_branch')!.g!;
  const inOrder = bodiesInSavedOrder(saved, file);
  assert.ok(inOrder.has(thenBody));
  assert.ok(!inOrder.has(elseBody));
  // A Constant kept or folded does not make a body changed; a node of the saved graph without a match in the file (an inlined function's If) does.
  const withConstant = decodeModelBytes(fusedBodyModel()).model.graph;
  const elseC = withConstant.nodes.find((n) => n.opType === 'If')!.attributes.find((a) => a.name === 'else_branch')!.g!;
  elseC.nodes = [{ ...elseC.nodes[0]!, opType: 'Constant', name: 'c', inputs: [], outputs: ['c0'] }, ...elseC.nodes];
  assert.equal(bodiesInSavedOrder(withConstant, file).size, 0);
  const renamed = decodeModelBytes(fusedBodyModel()).model.graph;
  const ifR = renamed.nodes.find((n) => n.opType === 'If')!;
  ifR.outputs = ['inlined/branch'];
  assert.equal(bodiesInSavedOrder(renamed, file).size, 2);
});

test("a body ORT rewrote runs in the order ORT saved it in (onnxruntime-node 1.30's profile), the one it left in the file's DEFAULT order", { skip: ORT_SKIP }, async () => {
  await withTempDir(async (dir) => {
    const file = join(dir, 'fused_body.onnx');
    writeFileSync(file, fusedBodyModel());
    for (const flag of [1, 0]) {
      const analysis = await analyzeFileAtLevel(file, { level: 'extended' });
      assert.equal(analysis.optimization?.level, 'extended', analysis.optimization?.fallbackReason ?? '');
      const report = buildReport(analysis, { values: { flag: [flag] } });
      const body = report.graphs.find((g) => g.id.endsWith(flag === 1 ? 'then_branch' : 'else_branch'))!;
      const oracle = await runOrtOracle(file, { level: 'extended', fill: { flag } });
      assert.ok(oracle.ok);
      const names = new Set(body.steps.map((s) => s.node));
      const ortBody = oracle.events.filter((e) => names.has(e.name)).map((e) => e.name);
      assert.deepEqual(body.steps.map((s) => s.node), ortBody, `flag ${flag}`);
      if (flag === 1) assert.equal(body.steps[0]!.opType, 'Gemm', 'the fused node runs first');
    }
    assert.deepEqual(readdirSync(dir), ['fused_body.onnx'], 'nothing written beside the model');
  });
});

test('optimizeModelFile() removes its temp folder, and says why when ORT cannot create the session', { skip: ORT_SKIP }, async () => {
  const before = new Set(readdirSync(tmpdir()).filter((f) => f.startsWith('oml-optimize-')));
  await withTempDir(async (dir) => {
    const file = join(dir, 'unknown-op.onnx');
    writeFileSync(file, buildModel({ nodes: [node('NoSuchOp', ['X'], ['Y'], { domain: 'com.example' })], inputs: [tensorValue('X', F, [4])], outputs: [tensorValue('Y', F, [4])], opsets: { 'com.example': 1 } }));
    const r = await optimizeModelFile(file, { level: 'extended', session: { intraOpThreads: 1 } });
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.reason : '', /^ONNX Runtime could not create a session at level extended: /);
    const ok = join(dir, 'unnamed.onnx');
    writeFileSync(ok, unnamedModel());
    assert.equal((await optimizeModelFile(ok, { level: 'basic', session: { intraOpThreads: 1 } })).ok, true);
  });
  const after = readdirSync(tmpdir()).filter((f) => f.startsWith('oml-optimize-') && !f.startsWith('oml-optimize-test-') && !before.has(f));
  assert.deepEqual(after, []);
});

test('analyzeFileAtLevel() falls back to disabled with the reason when ORT is missing or not 1.30; a bad file is still one clear error', async () => {
  await withTempDir(async (dir) => {
    const file = join(dir, 'unnamed.onnx');
    writeFileSync(file, unnamedModel());
    const missing: OrtRuntime = { ok: false, reason: 'onnxruntime-node could not be loaded on linux-riscv64 (not found)' };
    const a = await analyzeFileAtLevel(file, { level: 'all', runtime: missing });
    assert.deepEqual(a.optimization, { level: 'disabled', requested: 'all', fallbackReason: missing.reason, nchwcBlockSize: null });
    const r = buildReport(a);
    assert.equal(r.session.graphOptimizationLevel, 'disabled');
    assert.equal(r.session.requestedGraphOptimizationLevel, 'all');
    const other: OrtRuntime = { ok: true, ort: { InferenceSession: { create: () => Promise.reject(new Error('must not be called')) }, env: {} }, version: '1.22.0', from: 'test' };
    const b = await analyzeFileAtLevel(file, { level: 'extended', runtime: other });
    assert.equal(b.optimization?.fallbackReason, 'onnxruntime-node 1.22.0 is not 1.30, the release this tool models');
    const bad = join(dir, 'bad.onnx');
    writeFileSync(bad, new Uint8Array([0xff, 0xff, 0xff]));
    await assert.rejects(analyzeFileAtLevel(bad, { level: 'all', runtime: missing }), (e: Error) => e.name !== 'AssertionError');
  });
});

test('the cache is keyed by the file: a second call reads it, a changed file is optimized again', { skip: ORT_SKIP }, async () => {
  await withTempDir(async (dir) => {
    const file = join(dir, 'conv.onnx');
    const conv = (channels: number) =>
      buildModel({
        nodes: [node('Conv', ['X', 'W'], ['c'], { name: 'conv', attrs: [attr.ints('kernel_shape', [1, 1])] }), node('Relu', ['c'], ['Y'], { name: 'relu' })],
        inputs: [tensorValue('X', F, [1, 8, 4, 4])],
        outputs: [tensorValue('Y', F, [1, channels, 4, 4])],
        initializers: [tensor('W', F, [channels, 8, 1, 1])],
      });
    writeFileSync(file, conv(8));
    const cacheDir = join(dir, 'cache');
    const first = await optimizeModelFile(file, { level: 'extended', session: { intraOpThreads: 1 }, cacheDir });
    const second = await optimizeModelFile(file, { level: 'extended', session: { intraOpThreads: 1 }, cacheDir });
    assert.ok(first.ok && second.ok);
    assert.equal(first.fromCache, false);
    assert.equal(second.fromCache, true);
    assert.deepEqual(second.model.graph.nodes.map((n) => n.opType), first.model.graph.nodes.map((n) => n.opType));
    const otherLevel = await optimizeModelFile(file, { level: 'all', session: { intraOpThreads: 1 }, cacheDir });
    assert.ok(otherLevel.ok && !otherLevel.fromCache, 'another level is another entry');
    writeFileSync(file, conv(16));
    const changed = await optimizeModelFile(file, { level: 'extended', session: { intraOpThreads: 1 }, cacheDir });
    assert.ok(changed.ok && !changed.fromCache, 'a changed file is not served from the cache');
  });
});
