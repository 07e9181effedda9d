/**
 * The arena replay through If, Loop and Scan bodies and past kernels whose scratch order is not
 * modeled, on models built in code. The expected in-use and held bytes are ORT 1.30's own
 * (`mem_bytes_in_use`, `mem_arena_held` of its profile after each main-graph node, onnxruntime-node
 * 1.30, CPU EP, as the arena oracle measures them); the oracle checks the same models and more.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport, type Analysis } from '../../src/analyze/buildReport';
import { arenaFiguresOf } from '../../src/analyze/arenaReplay';
import type { Report } from '../../src/report/report';
import { attr, buildModel, DataType, graph, node, tensor, tensorValue } from '../support/onnxBuilder';
import { bodyFramesModel, controlFlowModel, loopScanOutputsModel, nestedIfModel } from '../oracle/generatedModels';
import { bigLstmModel, lstmModel } from './controlFlowArenaModels';

function analysis(bytes: Uint8Array): Analysis {
  const loaded = decodeModelBytes(bytes, { fileName: 'test.onnx' });
  return { filePath: '/virtual/test.onnx', model: loaded.model, fileBytes: bytes.length };
}
/** [in use, held] after each main step of Run `run`, pattern on or off. */
function figures(r: Report, memPattern: boolean, run: number): [number | null, number | null][] {
  const replay = arenaFiguresOf(r.graphs[0]!, { arena: true, memPattern, runs: 2 }, r.graphs.slice(1));
  return replay.runs[run - 1]!.steps.map((s) => [s.inUseBytes, s.heldBytes]);
}

test('If, Loop and Scan bodies that grow the arena: every main step equals ORT 1.30, pattern off and on, runs 1 and 2', () => {
  const r = buildReport(analysis(bodyFramesModel()), { values: { go: [1] } });
  assert.deepEqual(r.graphs[0]!.steps.map((s) => s.displayName), ['if', 'loop', 'rows', 'first_row', 'state0', 'scan', 'tanh']);
  const off: [number, number][] = [[1048625, 3145777], [2097201, 7340081], [1048625, 7340081], [1310769, 7340081], [1310769, 7340081], [2621489, 7340081], [2359345, 7340081]];
  assert.deepEqual(figures(r, false, 1), off);
  // Run 2 without the pattern: the same chunks, in the regions run 1 left (7 MiB held from the start).
  assert.deepEqual(figures(r, false, 2), off.map(([u]) => [u, 7340081]));
  assert.deepEqual(figures(r, true, 1), off, 'run 1 traces: as without a pattern');
  // Run 2: the main pattern block, and each body's own block from its first run's trace (the If's
  // branch keeps two 1 MiB values alive; the Loop's and Scan's first iterations traced theirs in run 1).
  assert.deepEqual(figures(r, true, 2), [[4194353, 7340081], [4194353, 15728689], [4194353, 15728689], [4194353, 15728689], [4194353, 15728689], [4456497, 15728689], [5505073, 15728689]]);
});

test("a Loop's scan outputs, kept from each of 4 iterations and concatenated at the end: every main step equals ORT 1.30, pattern off and on, runs 1 and 2", () => {
  const r = buildReport(analysis(loopScanOutputsModel(4)));
  assert.deepEqual(r.graphs[0]!.steps.map((s) => s.displayName), ['start', 'loop', 'neg', 'add', 'tanh']);
  assert.equal(r.graphs[0]!.steps[1]!.controlFlow?.reason, null);
  // ORT 1.30's profile of this model (mem_bytes_in_use, mem_arena_held after each main node): the
  // four 1 MiB row slices and the last two carried values are live when the 4 MiB concatenation is
  // taken, which makes the arena add a 16 MiB region; keeping only the last carried value would not.
  const run1: [number, number][] = [[1048585, 1048585], [7341065, 32505865], [6296585, 32505865], [7341065, 32505865], [10486793, 32505865]];
  assert.deepEqual(figures(r, false, 1), run1);
  assert.deepEqual(figures(r, false, 2), [[1048585, 32505865], ...run1.slice(1)]);
  assert.deepEqual(figures(r, true, 1), run1);
  assert.deepEqual(figures(r, true, 2), [[8388617, 32505865], [8388617, 32505865], [8392713, 32505865], [9441289, 32505865], [13635593, 32505865]]);
});

test('If and Loop reading outer-scope values (the else branch, three iterations): equal ORT 1.30; the branch comes from the fixed condition', () => {
  const r = buildReport(analysis(controlFlowModel()), { values: { flag: [0] } });
  const run1: [number, number][] = [[265, 1048585], [521, 1048585], [777, 1048585], [777, 1048585], [521, 1048585]];
  assert.deepEqual(figures(r, false, 1), run1);
  assert.deepEqual(figures(r, true, 2), [[777, 1048585], [777, 1048585], [777, 1048585], [777, 1048585], [1033, 1048585]]);
  assert.deepEqual(r.graphs[0]!.steps[2]!.controlFlow, { body: 'else_branch', iterations: 1, bodyOutputs: ['e_out'], stateCount: 0, reason: null });
  assert.deepEqual(r.graphs[0]!.steps[3]!.controlFlow?.iterations, 3, "the Loop's trip count with a condition the body passes through an Identity");
});

test("an If ending in an If, outputs of a symbolic batch: the inner branch's buffers are the outer If's outputs (ORT 1.30's figures, both inner branches)", () => {
  // N = 3: each output is 3·64 floats (768 B). ORT keeps the two buffers the inner branch's nodes
  // (Abs/Sigmoid, or Identity copies of the outer branch's values) allocate as the outer If's outputs.
  for (const inner of [1, 0]) {
    const r = buildReport(analysis(nestedIfModel()), { values: { flag: [1], inner: [inner] }, bindings: { N: 3 } });
    const run1: [number, number][] = [[1536, 1048576], [2304, 1048576], [1536, 1048576]];
    assert.deepEqual(figures(r, false, 1), run1, `inner ${inner}`);
    assert.deepEqual(figures(r, false, 2), run1, `inner ${inner}`);
    assert.deepEqual(figures(r, true, 2), [[2304, 1048576], [2304, 1048576], [3072, 1048576]], `inner ${inner}`);
  }
});

test('an If whose condition is not known before the run makes its step and every later one unavailable, naming the condition', () => {
  const r = buildReport(analysis(controlFlowModel()));
  const replay = arenaFiguresOf(r.graphs[0]!, { arena: true, memPattern: true, runs: 2 }, r.graphs.slice(1));
  assert.deepEqual(replay.runs[0]!.steps.map((s) => s.heldBytes), [1048585, 1048585, null, null, null]);
  assert.match(replay.runs[0]!.steps[2]!.reason ?? '', /^step 2 \(If 'if'\): the condition 'flag' is not known before the run/);
});

test('a Loop whose iteration count is decided in its body needs the binding; a Scan over another axis is not modeled', () => {
  const body = graph({
    name: 'b',
    nodes: [node('Less', ['x_in', 'ten'], ['c_out'], { name: 'less' }), node('Add', ['x_in', 'one'], ['x_out'], { name: 'add' })],
    inputs: [tensorValue('i', DataType.INT64, []), tensorValue('c_in', DataType.BOOL, []), tensorValue('x_in', DataType.FLOAT, [4])],
    outputs: [tensorValue('c_out', DataType.BOOL, []), tensorValue('x_out', DataType.FLOAT, [4])],
  });
  const scanBody = graph({ name: 's', nodes: [node('Neg', ['row'], ['row_out'], { name: 'neg' })], inputs: [tensorValue('row', DataType.FLOAT, [3])], outputs: [tensorValue('row_out', DataType.FLOAT, [3])] });
  const m = buildModel({
    nodes: [node('Loop', ['', 'go', 'X'], ['Y'], { name: 'loop', attrs: [attr.graph('body', body)] })],
    inputs: [tensorValue('go', DataType.BOOL, []), tensorValue('X', DataType.FLOAT, [4])],
    outputs: [tensorValue('Y', DataType.FLOAT, [4])],
    initializers: [tensor('ten', DataType.FLOAT, [], { values: [10] }), tensor('one', DataType.FLOAT, [], { values: [1] })],
    opset: 16,
  });
  const scanModel = buildModel({
    nodes: [node('Scan', ['Z'], ['W'], { name: 'scan', attrs: [attr.graph('body', scanBody), attr.int('num_scan_inputs', 1), attr.ints('scan_input_axes', [1])] })],
    inputs: [tensorValue('Z', DataType.FLOAT, [3, 2])],
    outputs: [tensorValue('W', DataType.FLOAT, [2, 3])],
    opset: 16,
  });
  const loop = buildReport(analysis(m)).graphs[0]!.steps.find((s) => s.opType === 'Loop')!;
  assert.match(loop.controlFlow?.reason ?? '', /iteration count is decided at run time \(bind 'loop.iterations'\)/);
  // Bound, the count is known; the replay then stops at the condition the body computes in a buffer of its own.
  const bound = buildReport(analysis(m), { bindings: { 'loop.iterations': 4 } });
  assert.equal(bound.graphs[0]!.steps.find((s) => s.opType === 'Loop')!.controlFlow?.iterations, 4);
  const replay = arenaFiguresOf(bound.graphs[0]!, { arena: true, memPattern: false, runs: 1 }, bound.graphs.slice(1));
  assert.match(replay.runs[0]!.steps[0]!.reason ?? '', /computes the condition in a buffer of its own/);
  const scan = buildReport(analysis(scanModel)).graphs[0]!.steps.find((s) => s.opType === 'Scan')!;
  assert.match(scan.controlFlow?.reason ?? '', /scan axes other than 0/);
});

test("an LSTM's scratch after its output: no effect on the sample when it fits; placed buffer by buffer when it grows the arena (ORT 1.30's figures)", () => {
  const r = buildReport(analysis(lstmModel()));
  assert.deepEqual(figures(r, false, 1), [[6656, 1054720], [7424, 1054720], [7680, 1054720]]);
  assert.deepEqual(figures(r, true, 2), [[7424, 1054720], [7424, 1054720], [8192, 1054720]]);
  const big = buildReport(analysis(bigLstmModel()));
  // Its 1 MiB of scratch (mostly the 4H·B·S gate buffer) grows the arena; the bounded split (38 buffers) left this unavailable, the exact
  // one (lstmBuffers) gives ORT's 1,835,008 B in use and 4,718,592 B held, with and without the memory pattern.
  for (const memPattern of [false, true]) {
    const s = arenaFiguresOf(big.graphs[0]!, { arena: true, memPattern, runs: 2 }).runs.map((run) => [run.steps[0]!.inUseBytes, run.steps[0]!.heldBytes]);
    assert.deepEqual(s, [[1835008, 4718592], [1835008, 4718592]]);
  }
});
