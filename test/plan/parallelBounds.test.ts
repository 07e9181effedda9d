import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeScheduleWindows, type ScheduleNode } from '../../src/plan/parallelBounds';

const windows = (nodes: ScheduleNode[]) => {
  const w = computeScheduleWindows(nodes);
  return nodes.map((_, i) => [w.earliest[i], w.latest[i]]);
};

test('computeScheduleWindows() leaves a chain no freedom', () => {
  assert.deepEqual(windows([{ successors: [1] }, { successors: [2] }, { successors: [] }]), [[0, 0], [1, 1], [2, 2]]);
});

test('computeScheduleWindows() lets the two arms of a diamond swap places, and widens the ends conservatively', () => {
  // a → b, a → c, b → d, c → d. Exact windows are a:[0,0] b:[1,2] c:[1,2] d:[3,3]; the linear bounds
  // keep the arms exact and widen a and d by one position, never narrowing anything.
  assert.deepEqual(windows([{ successors: [1, 2] }, { successors: [3] }, { successors: [3] }, { successors: [] }]), [[0, 1], [1, 2], [1, 2], [2, 3]]);
});

test('computeScheduleWindows() lets every leaf of a wide fan-out run anywhere after the root', () => {
  const leaves = 5;
  const nodes: ScheduleNode[] = [{ successors: Array.from({ length: leaves }, (_, i) => i + 1) }];
  for (let i = 0; i < leaves; i++) nodes.push({ successors: [] });
  assert.deepEqual(windows(nodes), [[0, 0], ...Array.from({ length: leaves }, () => [1, leaves])]);
});

test('computeScheduleWindows() contains the exact window of every node in a random DAG', () => {
  // Exact windows by brute force: [|ancestors|, n-1-|descendants|].
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let trial = 0; trial < 20; trial++) {
    const n = 3 + Math.floor(rnd() * 12);
    const nodes: ScheduleNode[] = Array.from({ length: n }, (_, i) => ({
      successors: Array.from({ length: n - i - 1 }, (_, k) => i + 1 + k).filter(() => rnd() < 0.3),
    }));
    const w = computeScheduleWindows(nodes);
    const reach = nodes.map(() => new Set<number>());
    for (let i = n - 1; i >= 0; i--) for (const s of nodes[i]!.successors) { reach[i]!.add(s); for (const r of reach[s]!) reach[i]!.add(r); }
    for (let v = 0; v < n; v++) {
      const ancestors = reach.filter((r) => r.has(v)).length;
      assert.ok(w.earliest[v]! <= ancestors, `earliest of ${v}`);
      assert.ok(w.latest[v]! >= n - 1 - reach[v]!.size, `latest of ${v}`);
      assert.ok(w.earliest[v]! <= v && v <= w.latest[v]!, `the sequential position of ${v} is inside its window`);
    }
  }
});

test('computeScheduleWindows() rejects a successor that is not later in the order', () => {
  assert.throws(() => computeScheduleWindows([{ successors: [] }, { successors: [0] }]), /successor 0 of node 1/);
});
