import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ParallelCutModel, type CutBuffer, type CutProblem } from '../../src/plan/parallelCut';

/** A seeded generator (LCG), so every failure names a reproducible trial. */
function rng(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
}

interface Dag {
  problem: CutProblem;
  bytes: number[];
}

/** A random DAG of `n` nodes: each node makes 1-2 buffers read by 0-4 later nodes; some are graph outputs. */
function randomDag(n: number, rnd: () => number): Dag {
  const from: number[] = [];
  const to: number[] = [];
  const buffers: CutBuffer[] = [];
  const bytes: number[] = [];
  for (let p = 0; p < n; p++) {
    const count = 1 + (rnd() < 0.4 ? 1 : 0);
    for (let b = 0; b < count; b++) {
      const users: number[] = [];
      const readers = Math.floor(rnd() * 5);
      for (let r = 0; r < readers && p + 1 < n; r++) users.push(p + 1 + Math.floor(rnd() * (n - p - 1)));
      for (const u of users) {
        from.push(p);
        to.push(u);
      }
      // Read by nobody: held to the end (ORT never frees it), or a value the producer alone uses (scratch).
      const heldToEnd = rnd() < 0.15 || (users.length === 0 && rnd() < 0.7);
      buffers.push({ producer: p, users, heldToEnd });
      bytes.push(rnd() < 0.1 ? 0 : 1 + Math.floor(rnd() * (rnd() < 0.2 ? 1000 : 100)));
    }
  }
  return { problem: { nodeCount: n, from, to, buffers }, bytes };
}

/** Alive bytes at every downset S, straight from the definition (all users, no reduction). */
function bruteForce(dag: Dag): { max: number; sequential: number } {
  const { nodeCount: n, from, to, buffers } = dag.problem;
  let max = 0;
  for (let mask = 0; mask < 1 << n; mask++) {
    const inS = (u: number): boolean => ((mask >> u) & 1) === 1;
    let downset = true;
    for (let i = 0; i < from.length; i++) if (inS(to[i]!) && !inS(from[i]!)) downset = false;
    if (!downset) continue;
    const finished = (u: number): boolean => {
      for (let i = 0; i < from.length; i++) if (from[i] === u && inS(to[i]!)) return true;
      return false;
    };
    let total = 0;
    buffers.forEach((b, i) => {
      if (!inS(b.producer)) return;
      if (b.heldToEnd || !finished(b.producer) || b.users.some((u) => !finished(u))) total += dag.bytes[i]!;
    });
    max = Math.max(max, total);
  }
  // The sequential order 0..n-1 without sharing: a buffer lives from its producer's step to its last user's.
  let sequential = 0;
  for (let k = 0; k < n; k++) {
    let total = 0;
    buffers.forEach((b, i) => {
      const last = Math.max(b.producer, ...b.users);
      if (b.producer <= k && (b.heldToEnd || k <= last)) total += dag.bytes[i]!;
    });
    sequential = Math.max(sequential, total);
  }
  return { max, sequential };
}

function checkMoment(dag: Dag, model: ParallelCutModel, cut: ReturnType<ParallelCutModel['solve']>): void {
  const { from, to } = dag.problem;
  for (let i = 0; i < from.length; i++) if (cut.started[to[i]!]) assert.equal(cut.started[from[i]!], 1, 'the moment is a downset');
  assert.equal(cut.alive.reduce((s, i) => s + dag.bytes[i]!, 0), cut.bytes, 'the alive buffers sum to the bytes');
  assert.deepEqual(model.aliveAt(cut.started, dag.bytes).alive, cut.alive);
  for (const r of cut.running) {
    assert.equal(cut.started[r], 1);
    for (let i = 0; i < from.length; i++) if (from[i] === r) assert.equal(cut.started[to[i]!], 0, `running node ${r} has no started consumer`);
  }
}

test('ParallelCutModel.solve() equals the brute force over all downsets on 3000 random DAGs of at most 9 nodes', () => {
  const rnd = rng(20261201);
  let branched = 0;
  let multi = 0;
  let aboveSequential = 0;
  for (let trial = 0; trial < 3000; trial++) {
    // Most trials at 7-9 nodes, where unordered readers are common; a few tiny ones for the edges.
    const dag = randomDag(trial % 10 === 0 ? 1 + Math.floor(rnd() * 6) : 7 + Math.floor(rnd() * 3), rnd);
    const model = new ParallelCutModel(dag.problem);
    const cut = model.solve(dag.bytes);
    const brute = bruteForce(dag);
    assert.equal(cut.exact, true, `trial ${trial}: exact`);
    assert.equal(cut.bytes, brute.max, `trial ${trial}: the peak equals the brute force`);
    assert.equal(cut.upperBoundBytes, cut.bytes);
    assert.ok(cut.bytes >= brute.sequential, `trial ${trial}: never below the sequential order without sharing`);
    checkMoment(dag, model, cut);
    if (cut.solves > 1) branched++;
    if (model.multiUserBuffers > 0) multi++;
    if (cut.bytes > brute.sequential) aboveSequential++;
  }
  // The trials exercise what they claim to: buffers with several unordered readers, and the branching.
  assert.ok(multi > 1200, `${multi} trials with multi-reader buffers`);
  assert.ok(branched > 800, `${branched} trials branched`);
  assert.ok(aboveSequential > 1000, `${aboveSequential} trials above the sequential order`);
});

test('ParallelCutModel.solve() equals the brute force on 120 random DAGs of 12 and 13 nodes', () => {
  const rnd = rng(7);
  for (let trial = 0; trial < 120; trial++) {
    const dag = randomDag(12 + (trial % 2), rnd);
    const cut = new ParallelCutModel(dag.problem).solve(dag.bytes);
    assert.equal(cut.exact, true, `trial ${trial}: exact`);
    assert.equal(cut.bytes, bruteForce(dag).max, `trial ${trial}: the peak equals the brute force`);
  }
});

test('ParallelCutModel.solve() with a tiny budget says it is not exact and brackets the maximum', () => {
  const rnd = rng(99);
  let inexact = 0;
  for (let trial = 0; trial < 1500; trial++) {
    const dag = randomDag(4 + Math.floor(rnd() * 6), rnd);
    const model = new ParallelCutModel(dag.problem);
    const cut = model.solve(dag.bytes, { maxSolves: 1 });
    const brute = bruteForce(dag);
    checkMoment(dag, model, cut);
    assert.ok(cut.bytes <= brute.max && brute.max <= cut.upperBoundBytes, `trial ${trial}: ${cut.bytes} ≤ ${brute.max} ≤ ${cut.upperBoundBytes}`);
    if (!cut.exact) {
      inexact++;
      assert.ok(cut.upperBoundBytes > cut.bytes);
    } else assert.equal(cut.bytes, brute.max);
  }
  assert.ok(inexact > 10, `${inexact} trials left the budget with a gap`);
});

test('ParallelCutModel counts a buffer read by two unordered nodes once, freed when both end', () => {
  // 0 makes a (10 B) read by 1 and 2; 1 and 2 make 5 B each, read by 3. At the moment {0,1,2}
  // both readers run: a + 5 + 5 = 20. Once 3 starts, a is freed: 5 + 5 + out (1 B).
  const problem: CutProblem = {
    nodeCount: 4,
    from: [0, 0, 1, 2],
    to: [1, 2, 3, 3],
    buffers: [
      { producer: 0, users: [1, 2], heldToEnd: false },
      { producer: 1, users: [3], heldToEnd: false },
      { producer: 2, users: [3], heldToEnd: false },
      { producer: 3, users: [], heldToEnd: true },
    ],
  };
  const model = new ParallelCutModel(problem);
  assert.equal(model.multiUserBuffers, 1);
  const cut = model.solve([10, 5, 5, 1]);
  assert.equal(cut.bytes, 20);
  assert.deepEqual(cut.alive, [0, 1, 2]);
  assert.deepEqual(cut.running, [1, 2]);
  // A larger output moves the worst moment to the end.
  assert.equal(model.solve([10, 5, 5, 30]).bytes, 40);
});

test('ParallelCutModel treats a reader below another reader as the only one that matters', () => {
  // x (from 0) read by 1 and by 2, and 2 reads 1's output: 2 is the last reader in every schedule.
  const model = new ParallelCutModel({
    nodeCount: 3,
    from: [0, 0, 1],
    to: [1, 2, 2],
    buffers: [{ producer: 0, users: [1, 2], heldToEnd: false }, { producer: 1, users: [2], heldToEnd: false }, { producer: 2, users: [], heldToEnd: true }],
  });
  assert.equal(model.multiUserBuffers, 0);
  assert.equal(model.solve([8, 4, 2]).bytes, 14);
});

test('ParallelCutModel rejects an arc that does not go forward', () => {
  assert.throws(() => new ParallelCutModel({ nodeCount: 2, from: [1], to: [0], buffers: [] }), /arc 1 → 0/);
});
