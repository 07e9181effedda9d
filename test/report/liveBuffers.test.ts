import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveBuffersAt } from '../../src/report/liveBuffers';
import { makeSmallReport } from '../webview/reportFixtures';

test('liveBuffersAt() counts a shared buffer once and leaves out initializers and graph inputs, which are not in the Run figure', () => {
  const graph = makeSmallReport().graphs[0]!;
  const live = liveBuffersAt(graph, 2);
  // x (graph input) and W, M (initializers) are live at step 2 too, but live bytes count only
  // Allocate/AllocateOutput roots, so the peak card must not list them beside the Run buffers.
  assert.deepEqual(live.map((b) => b.root), ['a']);
  assert.deepEqual(live.find((b) => b.root === 'a')!.values, ['a', 'b', 'c']);
});

test('liveBuffersAt() puts unavailable sizes last with their reason', () => {
  const graph = makeSmallReport().graphs[0]!;
  const live = liveBuffersAt(graph, 3);
  const last = live[live.length - 1]!;
  assert.equal(last.root, 'd');
  assert.equal(last.bytes, null);
  assert.equal(last.reason, "Unbound symbolic dim 'n'");
});
