import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replaySession, type ReplayInit, type ReplayStep } from '../../src/arena/sessionReplay';

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
