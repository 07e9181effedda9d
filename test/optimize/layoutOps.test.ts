/**
 * The ops that only ORT's level-'all' layout passes create (com.microsoft.nchwc Conv with its Sum
 * input, ReorderInput, ReorderOutput, MaxPool, AveragePool, GlobalAveragePool, Upsample; the
 * channels-last QLinearConv and NhwcMaxPool of the NHWC transformer), on models built here, against
 * onnxruntime-node 1.30 at 'all': the same five checks as the oracle (order, output bytes, fresh
 * allocations, live bytes, peak), from one session that saved the graph and wrote the profile.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeFile, buildReport } from '../../src/analyze/buildReport';
import { machineNchwcBlockSize, modelFromSaved } from '../../src/optimize/optimizeModel';
import { bindingsFromFeeds, compareWithOrt } from '../oracle/compareWithOrt';
import { loadOrt, runOrtOracle } from '../support/ortOracle';
import { attr, buildModel, DataType, node, tensor, tensorValue } from '../support/onnxBuilder';

const F = DataType.FLOAT;
const U8 = DataType.UINT8;
const NO_ORT = loadOrt() === null ? 'onnxruntime-node is not installed' : false;
const NO_NCHWC = NO_ORT || ((machineNchwcBlockSize() ?? 1) <= 1 ? 'this CPU has no MLAS NCHWc kernels (AVX2 or AVX-512 on x64 Linux)' : false);

async function checkAtAll(bytes: Uint8Array, wantOps: string[], more?: (report: ReturnType<typeof buildReport>) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'oml-layout-'));
  try {
    const file = join(dir, 'model.onnx');
    writeFileSync(file, bytes);
    const oracle = await runOrtOracle(file, { level: 'all' });
    assert.ok(oracle.ok, oracle.ok ? '' : oracle.error);
    const made = modelFromSaved(oracle.saved!);
    assert.ok(!('ok' in made), 'ok' in made ? made.reason : '');
    const analysis = { ...analyzeFile(file), model: made.model, transformed: new WeakMap(), optimization: { level: 'all' as const, requested: 'all' as const, fallbackReason: null, nchwcBlockSize: machineNchwcBlockSize() } };
    const report = buildReport(analysis, { bindings: bindingsFromFeeds(buildReport(analysis), oracle) });
    const ops = report.graphs[0]!.steps.map((s) => `${s.domain === '' ? '' : `${s.domain}::`}${s.opType}`);
    for (const op of wantOps) assert.ok(ops.includes(op), `ORT's graph has ${op}: ${ops.join(' ')}`);
    const cmp = compareWithOrt(report, oracle, 'name');
    assert.deepEqual(cmp.pass, { order: true, outputs: true, fresh: true, live: true, peak: true }, cmp.details.join('\n'));
    for (const s of report.graphs[0]!.steps) if (s.domain === 'com.microsoft.nchwc') assert.equal(s.workspaceState, 'zero');
    const csvTemp = oracle.csv.filter((r) => r.totalTempAllocations !== 0).map((r) => r.name);
    assert.deepEqual(csvTemp.filter((n) => /nchwc|reorder/i.test(n)), [], 'ORT counts no arena scratch for the NCHWc nodes');
    more?.(report);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('NCHWc: ReorderInput pads 20 channels to the block, Conv, a Conv with a fused residual Sum, pools, Upsample, ReorderOutput', { skip: NO_NCHWC }, async () => {
  const conv = (name: string, x: string, w: string, y: string, k: number, extra: object[] = []) => node('Conv', [x, w, `${w}_b`], [y], { name, attrs: [attr.ints('kernel_shape', [k, k]), attr.ints('pads', [k >> 1, k >> 1, k >> 1, k >> 1]), ...extra] as never[] });
  const w = (name: string, o: number, i: number, k: number) => [tensor(name, F, [o, i, k, k]), tensor(`${name}_b`, F, [o])];
  await checkAtAll(
    buildModel({
      nodes: [
        conv('c1', 'X', 'w1', 'a', 3),
        node('Relu', ['a'], ['ar'], { name: 'r1' }),
        conv('c2', 'ar', 'w2', 'b', 3),
        node('Add', ['b', 'ar'], ['s'], { name: 'residual' }),
        node('MaxPool', ['s'], ['p'], { name: 'mp', attrs: [attr.ints('kernel_shape', [2, 2]), attr.ints('strides', [2, 2])] }),
        node('AveragePool', ['p'], ['q'], { name: 'ap', attrs: [attr.ints('kernel_shape', [3, 3]), attr.ints('pads', [1, 1, 1, 1])] }),
        node('Resize', ['q', '', 'scales'], ['u'], { name: 'up', attrs: [attr.string('mode', 'nearest'), attr.string('coordinate_transformation_mode', 'asymmetric'), attr.string('nearest_mode', 'floor')] }),
        conv('c3', 'u', 'w3', 'v', 1),
        node('GlobalAveragePool', ['v'], ['Y'], { name: 'gap' }),
      ],
      inputs: [tensorValue('X', F, [1, 20, 16, 16])],
      outputs: [tensorValue('Y', F, [1, 48, 1, 1])],
      initializers: [...w('w1', 32, 20, 3), ...w('w2', 32, 32, 3), ...w('w3', 48, 32, 1), tensor('scales', F, [4], { values: [1, 1, 2, 2] })],
      opset: 17,
    }),
    ['com.microsoft.nchwc::ReorderInput', 'com.microsoft.nchwc::Conv', 'com.microsoft.nchwc::MaxPool', 'com.microsoft.nchwc::AveragePool', 'com.microsoft.nchwc::Upsample', 'com.microsoft.nchwc::GlobalAveragePool', 'com.microsoft.nchwc::ReorderOutput'],
    (report) => {
      const g = report.graphs[0]!;
      const reorder = g.steps.find((s) => s.opType === 'ReorderInput')!;
      const block = machineNchwcBlockSize()!;
      assert.deepEqual(g.values.find((v) => v.name === reorder.outputs[0])!.shape, [1, Math.ceil(20 / block) * block, 16, 16], `20 channels padded to the block (${block})`);
      const fused = g.steps.find((s) => s.domain === 'com.microsoft.nchwc' && s.opType === 'Conv' && s.inputs.length === 4)!;
      assert.ok(fused, "the residual Add became the Conv's Sum input");
    },
  );
});

test('NHWC: a uint8 QLinearConv becomes com.microsoft QLinearConv with channels_last=1, and a MaxPool after it NhwcMaxPool', { skip: NO_ORT }, async () => {
  const q = (name: string, v: number, dt: number = F) => tensor(name, dt, [], { values: [v] });
  await checkAtAll(
    buildModel({
      nodes: [
        node('QLinearConv', ['X', 'xs', 'xz', 'W', 'ws', 'wz', 'ys', 'yz'], ['c'], { name: 'qconv', attrs: [attr.ints('kernel_shape', [3, 3]), attr.ints('pads', [1, 1, 1, 1])] }),
        node('MaxPool', ['c'], ['Y'], { name: 'mp', attrs: [attr.ints('kernel_shape', [2, 2]), attr.ints('strides', [2, 2])] }),
      ],
      inputs: [tensorValue('X', U8, [1, 8, 10, 10])],
      outputs: [tensorValue('Y', U8, [1, 16, 5, 5])],
      initializers: [q('xs', 0.5), q('xz', 0, U8), tensor('W', U8, [16, 8, 3, 3]), q('ws', 0.25), q('wz', 0, U8), q('ys', 1), q('yz', 0, U8)],
    }),
    ['com.microsoft::QLinearConv', 'com.microsoft::NhwcMaxPool'],
  );
});
