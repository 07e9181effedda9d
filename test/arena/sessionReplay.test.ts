import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replaySession, type KernelEvent, type ReplayInit, type ReplayStep } from '../../src/arena/sessionReplay';

const MiB = 1 << 20;
const noInit: ReplayInit = { reservedBytes: 0, packs: [], reason: null };
const step = (allocs: [string, number, boolean][], frees: string[] = [], scratch: ReplayStep['scratch'] = { before: [], after: [] }): ReplayStep => ({
  allocs: allocs.map(([id, bytes, traced]) => ({ id, bytes, traced })),
  scratch,
  frees,
  unknown: null,
});
const figures = (samples: { inUseBytes: number | null; heldBytes: number | null }[]) => samples.map((s) => [s.inUseBytes, s.heldBytes]);

// a (400 B) → b (800 B), a freed after step 1 → y (graph output, 400 B), b freed after step 2.
const CHAIN: ReplayStep[] = [step([['a', 400, true]]), step([['b', 800, true]], ['a']), step([['y', 400, false]], ['b'])];

test('run 1 without a pattern: every allocation is an arena chunk; frees after the sample', () => {
  const r = replaySession(noInit, CHAIN, { arena: true, memPattern: false, runs: 1 });
  assert.deepEqual(figures(r.runs[0]!.steps), [[512, MiB], [512 + 1024, MiB], [1024 + 512, MiB]]);
  assert.equal(r.runs[0]!.usedPattern, false);
});

test('the memory pattern: traced in run 1 (best fit of 512 and 1024 live together: 1536), one block in run 2; graph outputs stay arena chunks', () => {
  const r = replaySession(noInit, CHAIN, { arena: true, memPattern: true, runs: 2 });
  assert.deepEqual(figures(r.runs[0]!.steps), [[512, MiB], [1536, MiB], [1536, MiB]], 'run 1 is as without a pattern');
  assert.equal(r.runs[1]!.patternBlockBytes, 1536);
  assert.deepEqual(figures(r.runs[1]!.steps), [[1536, MiB], [1536, MiB], [1536 + 512, MiB]]);
});

test('with the pattern off, run 2 repeats run 1 in the regions run 1 left', () => {
  const r = replaySession(noInit, CHAIN, { arena: true, memPattern: false, runs: 2 });
  assert.deepEqual(figures(r.runs[1]!.steps), figures(r.runs[0]!.steps));
});

test('initialization: reserved initializers and packs count in use and held outside the regions; a chunk pack opens the first region', () => {
  const r = replaySession({ reservedBytes: 16, packs: [{ bytes: 512, chunk: false }, { bytes: 432, chunk: true }], reason: null }, CHAIN, { arena: true, memPattern: false, runs: 1 });
  assert.deepEqual([r.afterInit.inUseBytes, r.afterInit.heldBytes], [16 + 512 + 512, 16 + 512 + MiB]);
});

test('scratch after the outputs leaves only the regions it added; scratch before the outputs moves where they land', () => {
  // 1 MiB region; a 700 KiB scratch after a's chunk fits; a 2 MiB one adds a 2 MiB region (next size after 1 MiB).
  const fits = replaySession(noInit, [step([['a', 400, true]], [], { before: [], after: [700 * 1024] })], { arena: true, memPattern: false, runs: 1 });
  assert.deepEqual(figures(fits.runs[0]!.steps), [[512, MiB]]);
  const grows = replaySession(noInit, [step([['a', 400, true]], [], { before: [], after: [2 * MiB] })], { arena: true, memPattern: false, runs: 1 });
  assert.deepEqual(figures(grows.runs[0]!.steps), [[512, 3 * MiB]]);
  // Before the outputs: a 900 KiB scratch gets the whole first 1 MiB region (less than twice the
  // request, and the 124 KiB rest is below max_dead_bytes_per_chunk: no split), so the 200 KiB
  // output needs a second region (2 MiB); after the scratch is freed, only the output is in use.
  const before = replaySession(noInit, [step([['a', 200 * 1024, true]], [], { before: [900 * 1024], after: [] })], { arena: true, memPattern: false, runs: 1 });
  assert.deepEqual(figures(before.runs[0]!.steps), [[200 * 1024, 3 * MiB]]);
});

test('an unknown step makes its figures and every later one unavailable, with the reason', () => {
  const steps = [step([['a', 400, true]]), { ...step([['b', 400, true]]), unknown: 'step 1: not modeled' }, step([['c', 400, true]])];
  const r = replaySession(noInit, steps, { arena: true, memPattern: true, runs: 2 });
  assert.deepEqual(r.runs[0]!.steps.map((s) => s.reason), [null, 'step 1: not modeled', 'step 1: not modeled']);
  assert.equal(r.runs[1]!.steps[0]!.inUseBytes, null, 'held after an unknown step stays unknown in later runs');
  assert.equal(r.runs[0]!.peakHeld.bytes, null);
});

test('enable_cpu_mem_arena off: no arena, no figures', () => {
  const r = replaySession(noInit, CHAIN, { arena: false, memPattern: true, runs: 2 });
  assert.match(r.runs[1]!.steps[0]!.reason ?? '', /enable_cpu_mem_arena is off/);
  assert.equal(r.afterInit.heldBytes, null);
});

test('a kernel with a body: the body runs in a frame of its own, with its own memory pattern traced on its first run', () => {
  // A Loop-like kernel: a 9-byte counter, then the body twice; the body's 'tmp' (600 B) is traced in
  // the body frame and freed after its step; its output 'out' escapes to the kernel's frame.
  const body: ReplayStep[] = [step([['tmp', 600, true]]), step([['out', 300, false]], ['tmp'])];
  const kernel: ReplayStep = {
    ...step([]),
    kernel: [
      { kind: 'alloc', id: 'counter', bytes: 9, traced: false },
      { kind: 'body', key: 'b', steps: body, escapes: new Map([['out', { id: 'out#1', traced: false }]]) },
      { kind: 'body', key: 'b', steps: body, escapes: new Map([['out', { id: 'out#2', traced: false }]]) },
      { kind: 'free', id: 'out#1' },
      { kind: 'free', id: 'counter' },
    ],
  };
  const r = replaySession(noInit, [kernel], { arena: true, memPattern: true, runs: 1 });
  // After Compute: out#2 (300 B in a 512-byte chunk) is still held by the kernel's frame; the first
  // body run traced tmp, so the second one took a block of the pattern's size and freed it at its end.
  assert.deepEqual(figures(r.runs[0]!.steps), [[512, MiB]]);
  const off = replaySession(noInit, [kernel], { arena: true, memPattern: false, runs: 1 });
  assert.deepEqual(figures(off.runs[0]!.steps), [[512, MiB]]);
  // An unknown body step makes the kernel's step unavailable.
  const broken: ReplayStep = { ...kernel, kernel: [{ kind: 'body', key: 'b', steps: [{ ...body[0]!, unknown: 'body step: not modeled' }], escapes: new Map() }] };
  assert.equal(replaySession(noInit, [broken], { arena: true, memPattern: false, runs: 1 }).runs[0]!.steps[0]!.reason, 'body step: not modeled');
});

test("a kernel inside a body whose output the enclosing kernel keeps: the inner body's buffer is made in the outermost keeper's frame", () => {
  // An If whose branch ends in an If: the inner branch's 'x' (300 B) escapes to the inner If's
  // output 'mid', which the outer If keeps as 'top'. The inner If's own output 'pre' (static shape,
  // allocated by the kernel before its branch runs) is kept as 'top2'. Both outlive both bodies.
  const inner: ReplayStep = {
    ...step([]),
    kernel: [
      { kind: 'alloc', id: 'pre', bytes: 700, traced: false },
      { kind: 'body', key: 'inner', steps: [step([['x', 300, false]])], escapes: new Map([['x', { id: 'mid', traced: false }]]) },
    ],
  };
  const outer: ReplayStep = {
    ...step([]),
    kernel: [{ kind: 'body', key: 'outer', steps: [step([['t', 200, true]]), inner], escapes: new Map([['mid', { id: 'top', traced: false }], ['pre', { id: 'top2', traced: false }]]) }],
  };
  // After the outer If: 'top' (512-byte chunk) and 'top2' (768) are live, 't' is freed with the outer
  // body; the next step reads them and frees them after its sample.
  const r = replaySession(noInit, [outer, step([], ['top', 'top2']), step([])], { arena: true, memPattern: false, runs: 1 });
  assert.deepEqual(figures(r.runs[0]!.steps), [[512 + 768, MiB], [512 + 768, MiB], [0, MiB]]);
  // Without the outer escapes both would die with the outer body's frame.
  const dropped: ReplayStep = { ...outer, kernel: [{ ...(outer.kernel![0] as Extract<KernelEvent, { kind: 'body' }>), escapes: new Map() }] };
  assert.deepEqual(figures(replaySession(noInit, [dropped], { arena: true, memPattern: false, runs: 1 }).runs[0]!.steps), [[0, MiB]]);
});

test('a body frame holds its pattern block from its second run: a block the arena must find room for', () => {
  // Body: one traced 700 KiB value. Run 1 (first body run) takes it as a chunk; the second body run
  // (same Run) takes a 700 KiB block instead, while the kernel keeps a 600 KiB escaped value: the
  // 1 MiB region cannot hold both, so a second region (2 MiB) is added.
  const body: ReplayStep[] = [step([['v', 700 * 1024, true]]), step([['keep', 600 * 1024, false]], ['v'])];
  const kernel: ReplayStep = {
    ...step([]),
    kernel: [
      { kind: 'body', key: 'b', steps: body, escapes: new Map([['keep', { id: 'k1', traced: false }]]) },
      { kind: 'body', key: 'b', steps: body, escapes: new Map([['keep', { id: 'k2', traced: false }]]) },
      { kind: 'free', id: 'k1' },
    ],
  };
  const on = replaySession(noInit, [kernel], { arena: true, memPattern: true, runs: 1 });
  const off = replaySession(noInit, [kernel], { arena: true, memPattern: false, runs: 1 });
  assert.deepEqual(figures(on.runs[0]!.steps), [[600 * 1024, 3 * MiB]]);
  assert.deepEqual(figures(off.runs[0]!.steps), [[600 * 1024, 3 * MiB]]);
});

test('scratch of unmodeled order after the outputs: nil effect when a free chunk of twice its rounded bound is there, else unavailable', () => {
  const unordered = (totalBytes: number, maxBuffers: number): ReplayStep['scratch'] => ({ before: [], after: [], afterOutputsUnordered: { totalBytes, maxBuffers, where: 'step 0 (LSTM)' } });
  // 400 B output in a 1 MiB region: 3,000 B in up to 38 buffers needs 2·(3000 + 255·38) = 25,380 B.
  const fits = replaySession(noInit, [step([['y', 400, false]], [], unordered(3000, 38))], { arena: true, memPattern: false, runs: 1 });
  assert.deepEqual(figures(fits.runs[0]!.steps), [[512, MiB]]);
  const tight = replaySession(noInit, [step([['y', 400, false]], [], unordered(600 * 1024, 4))], { arena: true, memPattern: false, runs: 1 });
  assert.equal(tight.runs[0]!.steps[0]!.heldBytes, null);
  assert.match(tight.runs[0]!.steps[0]!.reason ?? '', /^step 0 \(LSTM\): its 614400 bytes of scratch in up to 4 buffers .* need a free chunk of 1230840 bytes .* the largest is 1048064$/);
});

test('a buffer held from between two outputs moves the second output and is freed before the sample', () => {
  // y0 (400 KiB) splits the first 1 MiB region; the held 500 KiB buffer gets the whole 624 KiB rest
  // (less than twice its size: no split), so y1 (300 KiB) opens a second region (2 MiB); after the
  // buffer is freed only y0 and y1 are in use. Without the buffer, y1 fits beside y0.
  const outs: [string, number, boolean][] = [['y0', 400 * 1024, false], ['y1', 300 * 1024, false]];
  const s: ReplayStep = { ...step(outs), scratch: { before: [], after: [], heldFromAlloc: { allocsBefore: 1, bytes: 500 * 1024 } } };
  assert.deepEqual(figures(replaySession(noInit, [s], { arena: true, memPattern: false, runs: 1 }).runs[0]!.steps), [[700 * 1024, 3 * MiB]]);
  assert.deepEqual(figures(replaySession(noInit, [step(outs)], { arena: true, memPattern: false, runs: 1 }).runs[0]!.steps), [[700 * 1024, MiB]]);
});

test("stepsOfRun 'last' keeps the last run's samples and every run's peaks, as 'every' gives them", () => {
  const steps: ReplayStep[] = [step([['a', 1000, true]]), step([['b', 300000, true]], ['a']), step([['c', 2000, false]], ['b'])];
  const every = replaySession(noInit, steps, { arena: true, memPattern: true, runs: 3 });
  const last = replaySession(noInit, steps, { arena: true, memPattern: true, runs: 3, stepsOfRun: 'last' });
  assert.deepEqual(last.runs.map((r) => r.steps.length), [0, 0, 3]);
  assert.deepEqual(last.runs[2]!.steps, every.runs[2]!.steps);
  assert.deepEqual(last.runs.map((r) => [r.peakInUse, r.peakHeld, r.usedPattern, r.patternBlockBytes]), every.runs.map((r) => [r.peakInUse, r.peakHeld, r.usedPattern, r.patternBlockBytes]));
  assert.ok(every.runs[0]!.peakHeld.bytes! > 0);
});

test('a chain of intermediates before the outputs: each freed once the next is taken, so the output reuses the first one\'s chunk', () => {
  // Three 400 KiB intermediates, then a 400 KiB output, in one 1 MiB region: as a chain at most two are
  // live and nothing grows. t1 [0, 400), t2 [400, 800); t1 freed, t3 takes [0, 400); t2 freed, merging
  // with the region's 224 KiB tail into 624 KiB, which the output takes whole (less than twice its
  // request: not split), so 624 KiB are in use. All four live at once (before: [...]) need another region.
  const KiB = 1024;
  const chained = replaySession(noInit, [step([['y', 400 * KiB, true]], [], { before: [], after: [], chainBefore: { bytes: 400 * KiB, count: 3 } })], { arena: true, memPattern: false, runs: 1 });
  assert.deepEqual(figures(chained.runs[0]!.steps), [[624 * KiB, MiB]]);
  const allLive = replaySession(noInit, [step([['y', 400 * KiB, true]], [], { before: [400 * KiB, 400 * KiB, 400 * KiB], after: [] })], { arena: true, memPattern: false, runs: 1 });
  assert.equal(allLive.runs[0]!.steps[0]!.heldBytes! > MiB, true, 'four live buffers need another region');
});

test('a scratch sequence frees a buffer between two allocations, so the output takes its chunk', () => {
  // t0 and t1 (400 KiB each) fill [0, 800) of the 1 MiB region; t0 is freed before the output
  // (400 KiB), which takes t0's chunk exactly; t1 is freed after it (the sequence's end): only the
  // output is in use and nothing grew. With both held to the output (before: [...]) it opens a region.
  const KiB = 1024;
  const sequence = [{ kind: 'alloc', bytes: 400 * KiB }, { kind: 'alloc', bytes: 400 * KiB }, { kind: 'free', buffer: 0 }, { kind: 'output' }] as const;
  const seq = replaySession(noInit, [step([['y', 400 * KiB, true]], [], { before: [], after: [], sequence })], { arena: true, memPattern: false, runs: 1 });
  assert.deepEqual(figures(seq.runs[0]!.steps), [[400 * KiB, MiB]]);
  const held = replaySession(noInit, [step([['y', 400 * KiB, true]], [], { before: [400 * KiB, 400 * KiB], after: [] })], { arena: true, memPattern: false, runs: 1 });
  assert.equal(held.runs[0]!.steps[0]!.heldBytes! > MiB, true, 'three live buffers need another region');
  // Events after the output run after it: a buffer taken there lands beside the output.
  const after = replaySession(noInit, [step([['y', 400 * KiB, true]], [], { before: [], after: [], sequence: [{ kind: 'output' }, { kind: 'alloc', bytes: 700 * KiB }] })], { arena: true, memPattern: false, runs: 1 });
  assert.equal(after.runs[0]!.steps[0]!.heldBytes! > MiB, true, 'the 700 KiB buffer after the output does not fit beside it');
});
