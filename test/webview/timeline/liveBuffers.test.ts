import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveContributors } from '../../../webview/timeline/liveBuffers';
import { makeSmallReport } from '../reportFixtures';

test('liveContributors() counts a shared buffer once and sorts by size', () => {
  const graph = makeSmallReport().graphs[0]!;
  const live = liveContributors(graph, 2);
  assert.deepEqual(live.map((b) => b.root), ['M', 'a', 'W', 'x']);
  assert.deepEqual(live.find((b) => b.root === 'a')!.values, ['a', 'b', 'c']);
});

test('liveContributors() puts unavailable sizes last with their reason', () => {
  const graph = makeSmallReport().graphs[0]!;
  const live = liveContributors(graph, 3);
  const last = live[live.length - 1]!;
  assert.equal(last.root, 'd');
  assert.equal(last.bytes, null);
  assert.equal(last.reason, "Unbound symbolic dim 'n'");
});
