/**
 * Sequence element tensors (src/plan/sequenceElements.ts, src/ops/sequenceRule.ts): which steps
 * allocate them, when they are freed, what the live curve and the arena replay make of them, and
 * where their sizes are unavailable. The byte figures of the first model are ORT 1.30's (the
 * corpus's test_sequence_model3 has the same graph: requested-in-use after each step 288, 288, 288,
 * 384 above the baseline); the last test compares a larger model with ORT's node stats.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attr, buildModel, DataType, graph, int64Tensor, node, tensor, tensorValue, typedValue } from '../support/onnxBuilder';
import { constructEraseInsertAt } from '../support/sequenceModels';
import { reportOfBytes, analysisOf } from '../support/dimModels';
import { buildReport } from '../../src/analyze/buildReport';
import { sweepAnalysis } from '../../src/analyze/sweep';
import { readValueColumns, writeValueColumns } from '../../src/report/columnarTables';
import { readStringTable, StringTableWriter } from '../../src/report/stringTable';
import { sequenceOpsModel } from '../oracle/generatedModels';
import { loadOrt, runOrtOracle } from '../support/ortOracle';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const F = DataType.FLOAT;
const x = (n: string) => tensorValue(n, F, [2, 3, 4]);

test('sequence elements: a copy per SequenceConstruct input, shared by Erase and Insert, freed with the last sequence holding it', () => {
  const g = reportOfBytes(constructEraseInsertAt('initializers'), 'seq.onnx').graphs[0]!;
  assert.deepEqual(g.steps.map((s) => s.liveBytes), [288, 288, 288, 384]);
  assert.equal(g.peak.bytes, 384);
  const byName = new Map(g.values.map((v) => [v.name, v]));
  for (const s of ['seq_1', 'seq_2', 'seq_3']) assert.equal(byName.get(s)!.bytes, 0, `${s}: a TensorSeq takes no arena bytes`);
  const rows = g.values.filter((v) => v.sequenceElement).map((v) => [v.name, v.bytes, v.producedAt, v.releasedAfter, v.producer]);
  assert.deepEqual(rows, [
    // The erased copy of Y (position 1) dies with seq_1; X's and Z's copies live on in seq_2 and seq_3.
    ['seq_1[0]', 96, 0, 3, 'SequenceConstruct_0'],
    ['seq_1[1]', 96, 0, 1, 'SequenceConstruct_0'],
    ['seq_1[2]', 96, 0, 3, 'SequenceConstruct_0'],
    // Insert copies only X, at position -2 of two elements (0).
    ['seq_3[0]', 96, 2, 3, 'SequenceInsert_2'],
  ]);
  // Elements are no step's output and no scratch: the step's scratch is 0, the arena replay takes them after the outputs.
  assert.deepEqual(g.steps.map((s) => s.workspaceBytes), [0, 0, 0, 0]);
  assert.ok(g.steps.every((s) => s.arenaInUseBytes !== null), g.steps.map((s) => s.arenaReason).join('; '));
  assert.deepEqual(byName.get('out')!.shape, [2, 3, 4]);
});

test('sequence elements: a position known only at run time leaves the sequences that depend on it unavailable, with the reason', () => {
  const g = reportOfBytes(constructEraseInsertAt('inputs'), 'seq.onnx').graphs[0]!;
  const byName = new Map(g.values.map((v) => [v.name, v]));
  assert.equal(byName.get('seq_2')!.bytes, null);
  assert.match(byName.get('seq_2')!.unavailableReason!, /SequenceErase .*the erase position is not known before the run/);
  assert.match(byName.get('seq_3')!.unavailableReason!, /not known/);
  // seq_2 may share any of seq_1's copies, so when those are freed is not known either.
  assert.equal(byName.get('seq_1')!.bytes, null);
  assert.match(byName.get('seq_1')!.unavailableReason!, /'seq_2' may share the elements of 'seq_1'/);
  assert.equal(g.steps[0]!.liveBytes, null);
  assert.equal(g.peak.bytes, null);
  // No element row is shown for a sequence whose size is unavailable.
  assert.deepEqual(g.values.filter((v) => v.sequenceElement).map((v) => v.name), []);
});

test('sequence elements: a sequence read by an op that may keep its elements (Identity, no sequence rule) is unavailable', () => {
  const seqType = { sequenceType: { elemType: { tensorType: { elemType: F, shape: { dim: [2, 3, 4].map((d) => ({ dimValue: d })) } } } } };
  const bytes = buildModel({
    opset: 12,
    nodes: [node('SequenceConstruct', ['X', 'Y'], ['s']), node('Identity', ['s'], ['t']), node('SequenceAt', ['t', 'zero'], ['out'])],
    inputs: [x('X'), x('Y')],
    outputs: [x('out')],
    initializers: [int64Tensor('zero', [0], [])],
    valueInfo: [typedValue('s', seqType), typedValue('t', seqType)],
  });
  const g = reportOfBytes(bytes, 'id.onnx').graphs[0]!;
  const s = g.values.find((v) => v.name === 's')!;
  assert.equal(s.bytes, null);
  assert.match(s.unavailableReason!, /Identity .*reads 's' and may keep its elements/);
  assert.equal(g.steps[0]!.liveBytes, null);
});

test('sequence elements: the parallel view keeps each element until the last sequence holding it has been read, and its worst case counts them', () => {
  const chain = buildReport(analysisOf(constructEraseInsertAt('initializers'), 'seq.onnx'), { view: 'parallel' }).graphs[0]!;
  // A chain runs one node at a time in any schedule: the same lifetimes and peak as the sequential plan.
  assert.deepEqual(chain.values.filter((v) => v.sequenceElement).map((v) => [v.name, v.producedAt, v.releasedAfter]), [['seq_1[0]', 0, 3], ['seq_1[1]', 0, 1], ['seq_1[2]', 0, 3], ['seq_3[0]', 2, 3]]);
  assert.equal(chain.values.find((v) => v.name === 'seq_1')!.bytes, 0);
  assert.equal(chain.peak.bytes, 384);
  // Two branches: while Neg reads b1 into out2 (2 × 1024 B), SequenceAt may be reading s (its two 96 B copies) into e (96 B).
  const g = buildReport(analysisOf(branchModel(), 'branch.onnx'), { view: 'parallel' }).graphs[0]!;
  const sequential = buildReport(analysisOf(branchModel(), 'branch.onnx')).graphs[0]!;
  assert.equal(sequential.peak.bytes, 2048);
  assert.equal(g.peak.bytes, 2336);
  assert.deepEqual([...g.peak.values!].sort(), ['b1', 'e', 'out2', 's', 's[0]', 's[1]']);
});

/** SequenceConstruct(X, Y) → SequenceAt(0) → Relu beside an independent Relu → Neg on [16, 16]. */
function branchModel(): Uint8Array {
  return buildModel({
    opset: 12,
    nodes: [
      node('SequenceConstruct', ['X', 'Y'], ['s']),
      node('SequenceAt', ['s', 'zero'], ['e']),
      node('Relu', ['e'], ['out1']),
      node('Relu', ['B'], ['b1']),
      node('Neg', ['b1'], ['out2']),
    ],
    inputs: [x('X'), x('Y'), tensorValue('B', F, [16, 16])],
    outputs: [x('out1'), tensorValue('out2', F, [16, 16])],
    initializers: [int64Tensor('zero', [0], [])],
  });
}

test('sequence elements: SplitToSequence cuts parts by a scalar, by sizes and into slices; ConcatFromSequence and SequenceAt get exact shapes', () => {
  const g = reportOfBytes(sequenceOpsModel(), 'seqops.onnx', { bindings: { N: 2 } }).graphs[0]!;
  const rows = new Map(g.values.filter((v) => v.sequenceElement).map((v) => [v.name, [v.bytes, JSON.stringify(v.shape)]]));
  // a [2,6,32] split by 4 on axis 1: [2,4,32] and the remainder [2,2,32].
  assert.deepEqual(rows.get('s1[0]'), [1024, '[2,4,32]']);
  assert.deepEqual(rows.get('s1[1]'), [512, '[2,2,32]']);
  // Sizes [1,2,3]; slices of one without the axis (keepdims 0).
  assert.deepEqual(['s4[0]', 's4[1]', 's4[2]'].map((n) => rows.get(n)![0]), [256, 512, 768]);
  assert.deepEqual(rows.get('s6[0]'), [768, '[6,32]']);
  const shape = (n: string) => g.values.find((v) => v.name === n)!.shape;
  assert.deepEqual(shape('c'), [2, 6, 32]);
  assert.deepEqual(shape('c2'), [2, 5, 32]);
  assert.deepEqual(shape('c3'), [2, 6, 32]);
  assert.deepEqual(shape('at'), [2, 2, 32]);
  assert.ok(g.steps.every((s) => s.liveBytes !== null));
});

test('sequence elements: a sweep gives each point the single report\'s peak and names an element tensor as top contributor where it is the largest', () => {
  const analysis = analysisOf(sequenceOpsModel(), 'seqops.onnx');
  const r = sweepAnalysis(analysis, { dim: 'N', values: [1, 2, 5] });
  for (const p of r.points) {
    const g = buildReport(analysisOf(sequenceOpsModel(), 'seqops.onnx'), { bindings: { N: p.value } }).graphs[0]!;
    assert.equal(p.peakBytes, g.peak.bytes, `N=${p.value}`);
    assert.equal(p.peakStep, g.peak.step);
  }
  assert.ok(r.points.every((p) => p.peakBytes !== null));
  // A sequence whose first copy is the largest buffer: Construct(X [N, 64], W [N, 8]), then its second element read out.
  const big = buildModel({
    opset: 12,
    nodes: [node('SequenceConstruct', ['X', 'W'], ['s']), node('SequenceAt', ['s', 'one'], ['a']), node('ReduceSum', ['a'], ['y'])],
    inputs: [tensorValue('X', F, ['N', 64]), tensorValue('W', F, ['N', 8])],
    outputs: [tensorValue('y', F, [1, 1])],
    initializers: [int64Tensor('one', [1], [])],
  });
  const top = sweepAnalysis(analysisOf(big, 'big.onnx'), { dim: 'N', values: [4] }).points[0]!.topContributor;
  assert.deepEqual(top, { name: 's[0]', bytes: 4 * 64 * 4 });
});

test('sequence elements: the element flag survives the report columns', () => {
  const g = reportOfBytes(constructEraseInsertAt('initializers'), 'seq.onnx').graphs[0]!;
  const strings = new StringTableWriter();
  const back = readValueColumns(writeValueColumns(g.values, strings), readStringTable(strings.finish()));
  assert.deepEqual(back.filter((v) => v.sequenceElement).map((v) => v.name), ['seq_1[0]', 'seq_1[1]', 'seq_1[2]', 'seq_3[0]']);
  assert.equal(back.find((v) => v.name === 'seq_1')!.sequenceElement, undefined);
});

const noOrt = loadOrt() === null ? 'onnxruntime-node is not installed' : false;

test("sequence elements: each step's scratch plus the elements it allocates equal ORT 1.30's temp allocations (node stats)", { skip: noOrt }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-seq-'));
  try {
    const path = join(dir, 'seqops.onnx');
    writeFileSync(path, sequenceOpsModel());
    const oracle = await runOrtOracle(path, { dims: { N: 2 } });
    assert.ok(oracle.ok);
    const g = reportOfBytes(sequenceOpsModel(), 'seqops.onnx', { bindings: { N: 2 } }).graphs[0]!;
    const ours = g.steps.map((s) => [s.node, (s.workspaceBytes ?? NaN) + g.values.filter((v) => v.sequenceElement && v.producedAt === s.index).reduce((a, v) => a + v.bytes!, 0)]);
    const theirs = g.steps.map((s) => [s.node, oracle.csv.find((c) => c.baseName === s.node)?.totalTempAllocations]);
    assert.deepEqual(ours, theirs);
    assert.ok(ours.some(([, b]) => (b as number) > 0));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("sequence elements: the parallel view's worst case bounds what ORT 1.30's parallel executor requests", { skip: noOrt }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-seqpar-'));
  try {
    const models: [string, Uint8Array, Record<string, number>][] = [
      ['seq.onnx', constructEraseInsertAt('initializers'), {}],
      ['branch.onnx', branchModel(), {}],
      ['seqops.onnx', sequenceOpsModel(), { N: 2 }],
      ['loop.onnx', loopSequenceModel(3, [node('SequenceInsert', ['s_in', 'r'], ['s_out'])]), {}],
    ];
    for (const [name, bytes, dims] of models) {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      const oracle = await runOrtOracle(path, { dims, executionMode: 'parallel' });
      assert.ok(oracle.ok, name);
      const main = buildReport(analysisOf(bytes, name), { view: 'parallel', bindings: dims }).graphs[0]!;
      const sequential = buildReport(analysisOf(bytes, name), { bindings: dims }).graphs[0]!;
      assert.ok(main.peak.bytes !== null && sequential.peak.bytes !== null, `${name}: ${main.peak.reason}`);
      assert.ok(main.peak.bytes >= sequential.peak.bytes, `${name}: parallel ${main.peak.bytes} below sequential ${sequential.peak.bytes}`);
      const baseline = main.initialization?.arenaBytesAfterPrepack;
      assert.equal(typeof baseline, 'number', name);
      const maxRequested = oracle.events.reduce((m, e) => Math.max(m, e.memBytesRequestedInUse ?? 0), 0);
      assert.ok(maxRequested - baseline! <= main.peak.bytes, `${name}: ORT ${maxRequested} - ${baseline} > our bound ${main.peak.bytes}`);
      // Elements are counted: without them the bound would not hold on the models that keep copies.
      assert.ok(main.values.some((v) => v.sequenceElement), name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** `start` (SequenceEmpty, or SequenceConstruct(X)) → Loop(trips) with `bodyNodes` (after r = Relu(X)) → ConcatFromSequence. */
function loopSequenceModel(trips: number, bodyNodes: ReturnType<typeof node>[], extraInits: ReturnType<typeof int64Tensor>[] = [], start: 'empty' | 'construct' = 'empty'): Uint8Array {
  const seqT = (n: string) => typedValue(n, { sequenceType: { elemType: { tensorType: { elemType: F } } } });
  const body = graph({
    name: 'body',
    nodes: [node('Relu', ['X'], ['r']), ...bodyNodes, node('Identity', ['cond_in'], ['cond_out'])],
    inputs: [tensorValue('iter', DataType.INT64, []), tensorValue('cond_in', DataType.BOOL, []), seqT('s_in')],
    outputs: [tensorValue('cond_out', DataType.BOOL, []), seqT('s_out')],
  });
  return buildModel({
    opset: 17,
    nodes: [
      start === 'empty' ? node('SequenceEmpty', [], ['s0']) : node('SequenceConstruct', ['X'], ['s0']),
      node('Loop', ['trip', 'keep', 's0'], ['s_final'], { attrs: [attr.graph('body', body)] }),
      node('ConcatFromSequence', ['s_final'], ['Y'], { attrs: [attr.int('axis', 0)] }),
    ],
    inputs: [tensorValue('X', F, [4, 256])],
    outputs: [tensorValue('Y', F, null)],
    initializers: [int64Tensor('trip', [trips], []), tensor('keep', DataType.BOOL, [], { values: [1] }), ...extraInits],
  });
}

test('sequence elements: a Loop whose body appends to its loop-carried sequence holds one copy per iteration until the last holder goes', () => {
  const g = reportOfBytes(loopSequenceModel(3, [node('SequenceInsert', ['s_in', 'r'], ['s_out'])]), 'loop.onnx').graphs;
  const main = g[0]!;
  // The measured figures (ORT 1.30, the oracle's loop_carried_sequence_3): 3 × 4 KiB after the Loop, then Y beside them.
  assert.deepEqual(main.steps.map((s) => s.liveBytes), [0, 12288, 24576]);
  assert.deepEqual(main.values.filter((v) => v.sequenceElement).map((v) => [v.name, v.bytes, v.producedAt, v.releasedAfter]), [
    ['s_final[0]', 4096, 1, 2], ['s_final[1]', 4096, 1, 2], ['s_final[2]', 4096, 1, 2],
  ]);
  assert.deepEqual(main.values.find((v) => v.name === 'Y')!.shape, [12, 256]);
  // In the body, the carried-in sequence's elements are held outside it: only this iteration's copy is the body's.
  const body = g[1]!;
  assert.equal(body.values.find((v) => v.name === 's_out')!.bytes, 0);
  assert.deepEqual(body.values.filter((v) => v.sequenceElement).map((v) => [v.name, v.bytes]), [['s_out[0]', 4096]]);
  // The arena replay keeps each iteration's copy as an element of the Loop's output (the oracle checks its figures against ORT).
  assert.ok(main.steps.every((s) => s.arenaInUseBytes !== null), main.steps.map((s) => s.arenaReason).join('; '));
});

test('sequence elements: a Loop body that does more than append (erases, or appends a shape that grows with the sequence) leaves the Loop output unavailable', () => {
  // From [X]: append r, then erase the first element (the initial X's copy in the first iteration).
  const erasing = loopSequenceModel(3, [node('SequenceInsert', ['s_in', 'r'], ['s_mid']), node('SequenceErase', ['s_mid', 'zero'], ['s_out'])], [int64Tensor('zero', [0], [])], 'construct');
  const a = reportOfBytes(erasing, 'erase.onnx').graphs[0]!;
  assert.equal(a.values.find((v) => v.name === 's_final')!.bytes, null);
  assert.match(a.values.find((v) => v.name === 's_final')!.unavailableReason!, /what its body appends is not known before the run/);
  assert.equal(a.steps[1]!.liveBytes, null);
  // Appends Tile(r, [len+1, 1]): a tensor that grows with the sequence's length.
  const growing = loopSequenceModel(3, [
    node('SequenceLength', ['s_in'], ['len']),
    node('Add', ['len', 'one'], ['len1']),
    node('Unsqueeze', ['len1', 'zero'], ['len1v']),
    node('Concat', ['len1v', 'onev'], ['reps'], { attrs: [attr.int('axis', 0)] }),
    node('Tile', ['r', 'reps'], ['big']),
    node('SequenceInsert', ['s_in', 'big'], ['s_out']),
  ], [int64Tensor('one', [1], []), int64Tensor('zero', [0]), int64Tensor('onev', [1])]);
  const b = reportOfBytes(growing, 'grow.onnx').graphs[0]!;
  assert.equal(b.values.find((v) => v.name === 's_final')!.bytes, null);
  assert.equal(b.peak.bytes, null);
});
