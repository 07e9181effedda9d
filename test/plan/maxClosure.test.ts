import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClosureSolver } from '../../src/plan/maxClosure';

/** The best closure by enumeration of every subset. */
function bruteForce(n: number, from: number[], to: number[], weight: number[], forced: Int8Array): number | null {
  let best: number | null = null;
  for (let mask = 0; mask < 1 << n; mask++) {
    const has = (v: number): boolean => ((mask >> v) & 1) === 1;
    if (from.some((a, i) => has(a) && !has(to[i]!))) continue;
    if ([...forced].some((f, v) => (f === 1 && !has(v)) || (f === -1 && has(v)))) continue;
    let w = 0;
    for (let v = 0; v < n; v++) if (has(v)) w += weight[v]!;
    if (best === null || w > best) best = w;
  }
  return best;
}

test('ClosureSolver.solve() finds the maximum-weight closure of random implication graphs, forcings included', () => {
  let seed = 3;
  const rnd = (): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
  let infeasible = 0;
  for (let trial = 0; trial < 800; trial++) {
    const n = 1 + Math.floor(rnd() * 10);
    const from: number[] = [];
    const to: number[] = [];
    // Implications in both directions (cycles too): a closure need not follow a DAG.
    for (let i = 0; i < n * 2; i++) {
      const a = Math.floor(rnd() * n);
      const b = Math.floor(rnd() * n);
      if (a !== b && rnd() < 0.6) {
        from.push(a);
        to.push(b);
      }
    }
    const weight = Array.from({ length: n }, () => Math.floor(rnd() * 21) - 10);
    const forced = new Int8Array(n).map(() => (rnd() < 0.1 ? 1 : rnd() < 0.1 ? -1 : 0));
    const solver = new ClosureSolver(n, from, to);
    const sol = solver.solve(weight, forced);
    const brute = bruteForce(n, from, to, weight, forced);
    if (brute === null) {
      infeasible++;
      assert.equal(sol, null, `trial ${trial}: contradicting forcings give no closure`);
      continue;
    }
    assert.ok(sol !== null, `trial ${trial}: a closure exists`);
    assert.equal(sol.weight, brute, `trial ${trial}: the maximum weight`);
    from.forEach((a, i) => assert.ok(!sol.inClosure[a] || sol.inClosure[to[i]!] === 1, `trial ${trial}: closed under ${a} ⇒ ${to[i]}`));
    forced.forEach((f, v) => {
      if (f === 1) assert.equal(sol.inClosure[v], 1);
      if (f === -1) assert.equal(sol.inClosure[v], 0);
    });
    // The same network solves again with other weights (only terminal capacities change).
    const again = solver.solve(weight.map((w) => -w), new Int8Array(n));
    assert.equal(again!.weight, bruteForce(n, from, to, weight.map((w) => -w), new Int8Array(n)));
  }
  assert.ok(infeasible > 10, `${infeasible} trials with contradicting forcings`);
});
