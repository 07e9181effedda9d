import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveBuffersAt, maxKnownLiveBytes } from '../../src/report/liveBuffers';
import { liveContributors } from '../../webview/timeline/liveBuffers';
import { makeSyntheticReport } from '../support/webviewHarness';
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

test("the webview's columnar liveContributors() is the same rule as liveBuffersAt() (the CLI's and the budget's), step for step", () => {
  const reports = [makeSmallReport(), makeSmallReport({ view: 'parallel', batch: 4 }), makeSyntheticReport(3000, 5), makeSyntheticReport(3000, 8)];
  let compared = 0;
  for (const report of reports) {
    for (const graph of report.graphs) {
      for (let step = 0; step < graph.steps.length; step += Math.max(1, Math.floor(graph.steps.length / 97))) {
        assert.deepEqual(liveContributors(graph, step), liveBuffersAt(graph, step), `${graph.id} step ${step}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 200, `${compared} steps compared`);
});

test('maxKnownLiveBytes() is the largest known step size: the peak when all are known, a lower bound otherwise, null when none is', () => {
  assert.equal(maxKnownLiveBytes([10, 30, 20]), 30);
  assert.equal(maxKnownLiveBytes([10, null, 20]), 20);
  assert.equal(maxKnownLiveBytes([NaN, 5]), 5);
  assert.equal(maxKnownLiveBytes([null, null]), null);
  assert.equal(maxKnownLiveBytes([]), null);
  assert.equal(maxKnownLiveBytes([0]), 0);
});
