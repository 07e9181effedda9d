import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hitTestSegment, rowAtY, segmentsLiveAt } from '../../../webview/timeline/hitTest';
import { buildRowLayout } from '../../../webview/timeline/rowLayout';
import { makeSmallReport } from '../reportFixtures';

const graph = makeSmallReport().graphs[0]!;
const layout = buildRowLayout(graph, { sort: 'start', isBandCollapsed: true });
const nameOf = (seg: number): string => (seg < 0 ? '(none)' : layout.segValue[seg]! >= 0 ? graph.values[layout.segValue[seg]!]!.name : layout.segStep[seg]! >= 0 ? `ws${layout.segStep[seg]}` : 'band');
const rowOf = (root: string): number => layout.rows.findIndex((r) => r.root === root);

test('rowAtY() maps y to a row and rejects y outside the rows', () => {
  assert.equal(rowAtY(layout, 0, 16), 0);
  assert.equal(rowAtY(layout, 33, 16), 2);
  assert.equal(rowAtY(layout, -1, 16), -1);
  assert.equal(rowAtY(layout, 16 * layout.rows.length, 16), -1);
});

const cases: Array<[string, string, number, string]> = [
  ['the only value on a step', 'a', 0.5, 'a'],
  ['the topmost of overlapping aliases', 'a', 2.5, 'c'],
  ['the in-place value before the alias starts', 'a', 1.5, 'b'],
  ['the freelist reuse after the buffer was freed', 'a', 4.2, 'e'],
  ['nothing past the last interval', 'd', 5.5, '(none)'],
];
for (const [name, root, step, expected] of cases) {
  test(`hitTestSegment() finds ${name}`, () => assert.equal(nameOf(hitTestSegment(layout, rowOf(root), step, 0)), expected));
}

test('hitTestSegment() tolerance keeps narrow bars hittable', () => {
  assert.equal(nameOf(hitTestSegment(layout, rowOf('d'), 5.05, 0)), '(none)');
  assert.equal(nameOf(hitTestSegment(layout, rowOf('d'), 5.05, 0.1)), 'd');
});

test('hitTestSegment() finds workspace segments on the workspace lane', () => {
  const lane = layout.rows.findIndex((r) => r.role === 'workspace');
  assert.equal(nameOf(hitTestSegment(layout, lane, 3.5, 0)), 'ws3');
  assert.equal(nameOf(hitTestSegment(layout, lane, 1.5, 0)), '(none)');
});

test('hitTestSegment() rejects rows out of range', () => {
  assert.equal(hitTestSegment(layout, -1, 1, 0), -1);
  assert.equal(hitTestSegment(layout, layout.rows.length, 1, 0), -1);
});

test('segmentsLiveAt() lists every segment whose interval contains the step', () => {
  assert.deepEqual(segmentsLiveAt(layout, 3).map(nameOf).sort(), ['a', 'b', 'band', 'c', 'd', 'ws3']);
  assert.deepEqual(segmentsLiveAt(layout, 5).map(nameOf).sort(), ['band', 'e', 'y']);
});
