import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRowLayout, SEGMENT_KINDS, segmentKindOf, valueInterval } from '../../../webview/timeline/rowLayout';
import { makeSmallReport, makeValue } from '../reportFixtures';

const graph = makeSmallReport().graphs[0]!;

function segOf(layout: ReturnType<typeof buildRowLayout>, name: string): number {
  return layout.valueSeg[graph.values.findIndex((v) => v.name === name)]!;
}

test('valueInterval() covers produce step to release step as a half-open range', () => {
  assert.deepEqual(valueInterval(makeValue('v', { producedAt: 2, releasedAfter: 4 }), 10), [2, 5]);
  assert.deepEqual(valueInterval(makeValue('v', { producedAt: -1, releasedAfter: null }), 10), [0, 10]);
  assert.deepEqual(valueInterval(makeValue('v', { producedAt: 3, releasedAfter: null }), 10), [3, 10]);
});

test('valueInterval() never returns an empty interval', () => {
  assert.deepEqual(valueInterval(makeValue('v', { producedAt: 9, releasedAfter: 2 }), 10), [9, 10]);
});

const kindCases: Array<[string, Parameters<typeof makeValue>[1], string]> = [
  ['fresh Allocate', { allocKind: 'Allocate' }, 'allocate'],
  ['Reuse via alias', { allocKind: 'Reuse', reuseVia: 'alias' }, 'alias'],
  ['Reuse in place', { allocKind: 'Reuse', reuseVia: 'inplace' }, 'inplace'],
  ['Reuse of a dead buffer', { allocKind: 'Reuse', reuseVia: 'freelist' }, 'freelist'],
  ['AllocateOutput', { allocKind: 'AllocateOutput' }, 'output'],
  ['an initializer', { isInitializer: true, producedAt: -1, allocKind: 'AllocateStatically' }, 'preexisting'],
  ['a graph input', { isGraphInput: true, producedAt: -1, allocKind: 'PreExisting' }, 'preexisting'],
];
for (const [name, extra, kind] of kindCases) {
  test(`segmentKindOf() styles ${name} as '${kind}'`, () => assert.equal(segmentKindOf(makeValue('v', extra)), kind));
}

test('buildRowLayout() puts values sharing an alias root on one row', () => {
  const layout = buildRowLayout(graph, { sort: 'start', isBandCollapsed: true });
  const rowA = layout.segRow[segOf(layout, 'a')];
  for (const name of ['b', 'c', 'e']) assert.equal(layout.segRow[segOf(layout, name)], rowA, name);
  assert.notEqual(layout.segRow[segOf(layout, 'd')], rowA);
  assert.equal(layout.rows[rowA!]!.label, 'a (+3)');
});

test('buildRowLayout() orders band summary, workspace lane, then buffers by start', () => {
  const layout = buildRowLayout(graph, { sort: 'start', isBandCollapsed: true });
  assert.deepEqual(layout.rows.map((r) => r.role), ['bandSummary', 'workspace', 'buffer', 'buffer', 'buffer']);
  assert.deepEqual(layout.rows.slice(2).map((r) => r.root), ['a', 'd', 'y']);
});

test('buildRowLayout() sorts by size with unknown sizes last', () => {
  const layout = buildRowLayout(graph, { sort: 'size', isBandCollapsed: true });
  assert.deepEqual(layout.rows.slice(2).map((r) => r.root), ['a', 'y', 'd']);
});

test('buildRowLayout() expands the band into one row per initializer or input', () => {
  const layout = buildRowLayout(graph, { sort: 'start', isBandCollapsed: false });
  assert.deepEqual(layout.rows.filter((r) => r.role === 'band').map((r) => r.root).sort(), ['M', 'W', 'x']);
  assert.equal(layout.segStart[segOf(layout, 'M')], 0);
  assert.equal(layout.segEnd[segOf(layout, 'M')], 6);
});

test('buildRowLayout() gives workspace segments to non-zero and unavailable steps only', () => {
  const layout = buildRowLayout(graph, { sort: 'start', isBandCollapsed: true });
  const ws: number[] = [];
  for (let i = 0; i < layout.segStep.length; i++) if (layout.segStep[i]! >= 0) ws.push(layout.segStep[i]!);
  assert.deepEqual(ws, [0, 3]);
  const unknown = [...layout.segStep].findIndex((s) => s === 3);
  assert.equal(layout.isUnknown[unknown], 1);
  assert.equal(SEGMENT_KINDS[layout.segKind[unknown]!], 'workspace');
});

test('buildRowLayout() keeps unknown-size values at their full interval', () => {
  const layout = buildRowLayout(graph, { sort: 'start', isBandCollapsed: true });
  const d = segOf(layout, 'd');
  assert.equal(layout.isUnknown[d], 1);
  assert.deepEqual([layout.segStart[d], layout.segEnd[d]], [3, 5]);
});

test('buildRowLayout() sorts each row by start with a non-decreasing prefix max end', () => {
  const layout = buildRowLayout(graph, { sort: 'start', isBandCollapsed: false });
  for (let r = 0; r < layout.rows.length; r++) {
    for (let i = layout.rowFirst[r]! + 1; i < layout.rowFirst[r + 1]!; i++) {
      assert.ok(layout.segStart[i - 1]! <= layout.segStart[i]!);
      assert.ok(layout.prefixMaxEnd[i - 1]! <= layout.prefixMaxEnd[i]!);
    }
  }
});

test('buildRowLayout() stacks overlapping values of one buffer in layers', () => {
  const layout = buildRowLayout(graph, { sort: 'start', isBandCollapsed: true });
  assert.deepEqual(['a', 'b', 'c', 'e'].map((n) => layout.segLayer[segOf(layout, n)]), [0, 1, 2, 0]);
});

test('buildRowLayout() of a graph without steps has no rows', () => {
  const layout = buildRowLayout({ ...graph, steps: [], values: [] }, { sort: 'start', isBandCollapsed: true });
  assert.equal(layout.rows.length, 0);
  assert.equal(layout.segStart.length, 0);
});
