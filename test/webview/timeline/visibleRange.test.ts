import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lowerBound, visibleRange, visibleRows } from '../../../webview/timeline/visibleRange';

// Row segments sorted by start: [0,2) [1,9) [3,4) [5,6) [10,12)
const starts = [0, 1, 3, 5, 10];
const ends = [2, 9, 4, 6, 12];
const prefixMaxEnd = ends.reduce<number[]>((acc, e) => [...acc, Math.max(acc[acc.length - 1] ?? -Infinity, e)], []);

const cases: Array<{ name: string; x0: number; x1: number; expected: [number, number] }> = [
  { name: 'a window before everything is empty', x0: -5, x1: 0, expected: [0, 0] },
  { name: 'a window inside a long segment keeps it and skips later starts', x0: 7, x1: 8, expected: [1, 4] },
  { name: 'a window after everything is empty', x0: 12, x1: 20, expected: [5, 5] },
  { name: 'the whole range returns every segment', x0: 0, x1: 12, expected: [0, 5] },
  { name: 'a window touching an end is half-open', x0: 2, x1: 3, expected: [1, 2] },
];
for (const c of cases) {
  test(`visibleRange() ${c.name}`, () => {
    assert.deepEqual(visibleRange(starts, prefixMaxEnd, 0, starts.length, c.x0, c.x1), c.expected);
  });
}

test('visibleRange() respects the row bounds lo and hi', () => {
  assert.deepEqual(visibleRange(starts, prefixMaxEnd, 2, 4, 0, 100), [2, 4]);
});

test('visibleRange() agrees with a linear scan on random rows', () => {
  let seed = 7;
  const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let trial = 0; trial < 200; trial++) {
    const n = 1 + Math.floor(rand() * 30);
    const segs = Array.from({ length: n }, () => { const s = Math.floor(rand() * 50); return [s, s + 1 + Math.floor(rand() * 10)] as const; }).sort((a, b) => a[0] - b[0]);
    const st = segs.map((s) => s[0]);
    let m = -Infinity;
    const pm = segs.map((s) => (m = Math.max(m, s[1])));
    const x0 = Math.floor(rand() * 60) - 5;
    const x1 = x0 + 1 + Math.floor(rand() * 10);
    const [first, last] = visibleRange(st, pm, 0, n, x0, x1);
    const overlapping = segs.map((s, i) => (s[0] < x1 && s[1] > x0 ? i : -1)).filter((i) => i >= 0);
    for (const i of overlapping) assert.ok(i >= first && i < last, `segment ${i} overlapping [${x0},${x1}) is inside [${first},${last})`);
  }
});

test('visibleRows() returns the rows intersecting the viewport', () => {
  assert.deepEqual(visibleRows(100, 16, 0, 160), [0, 10]);
  assert.deepEqual(visibleRows(100, 16, 8, 160), [0, 11]);
  assert.deepEqual(visibleRows(5, 16, 0, 1000), [0, 5]);
  assert.deepEqual(visibleRows(0, 16, 0, 100), [0, 0]);
});

test('lowerBound() finds the first index satisfying a monotone predicate', () => {
  assert.equal(lowerBound([1, 3, 3, 5], 0, 4, (v) => v >= 3), 1);
  assert.equal(lowerBound([1, 3, 3, 5], 0, 4, (v) => v > 5), 4);
});
