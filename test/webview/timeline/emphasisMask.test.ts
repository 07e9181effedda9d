import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emphasisMask } from '../../../webview/timeline/emphasisMask';
import { buildRowLayout } from '../../../webview/timeline/rowLayout';
import { makeSmallReport } from '../reportFixtures';

const graph = makeSmallReport().graphs[0]!;
const layout = buildRowLayout(graph, { sort: 'start', isBandCollapsed: true });
const bright = (mask: Uint8Array | null): string[] => {
  const out: string[] = [];
  mask?.forEach((m, i) => {
    if (m !== 1) return;
    const v = layout.segValue[i]!;
    out.push(v >= 0 ? graph.values[v]!.name : layout.segStep[i]! >= 0 ? `ws${layout.segStep[i]}` : 'band');
  });
  return out.sort();
};

test('emphasisMask() is null when there is no search and no cursor', () => {
  assert.equal(emphasisMask(graph, layout, '  ', -1), null);
});

test('emphasisMask() matches value names and the producing node name or op, case-insensitively', () => {
  assert.deepEqual(bright(emphasisMask(graph, layout, 'MATMUL', -1)), ['d', 'ws3']);
  assert.deepEqual(bright(emphasisMask(graph, layout, 'relu', -1)), ['b']);
});

test('emphasisMask() with a cursor keeps only what is live at that step', () => {
  assert.deepEqual(bright(emphasisMask(graph, layout, '', 4)), ['band', 'd', 'e']);
  assert.deepEqual(bright(emphasisMask(graph, layout, 'sigmoid', 4)), ['e']);
});
