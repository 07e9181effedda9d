import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport } from '../../src/analyze/buildReport';
import { countNodes, REPORT_PHASES, type ReportProgress } from '../../src/analyze/reportProgress';
import { ifChainModel } from '../support/sampleModels';

function analysisOf(bytes: Uint8Array) {
  const loaded = decodeModelBytes(bytes, { fileName: 'ifs.onnx' });
  return { filePath: '/virtual/ifs.onnx', model: loaded.model, fileBytes: bytes.length, transformed: new WeakMap() };
}

test('countNodes() counts the nodes of a graph and of every body below it', () => {
  const a = analysisOf(ifChainModel(3));
  // neg_in + 3 If + exp_out in main, 2 nodes in each of the 6 branches.
  assert.equal(countNodes(a.model.graph), 5 + 6 * 2);
});

test('buildReport() reports progress that only grows, names each phase of each graph with its node count, and ends at its total', () => {
  const a = analysisOf(ifChainModel(3));
  const seen: ReportProgress[] = [];
  const report = buildReport(a, { onProgress: (p) => seen.push(p) });
  const total = REPORT_PHASES.length * countNodes(a.model.graph);
  assert.ok(seen.every((p) => p.total === total));
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i]!.done >= seen[i - 1]!.done, `step ${i} went back`);
  assert.equal(seen.at(-1)!.done, total);
  const messages = seen.map((p) => p.message);
  assert.equal(messages[0], 'Applying ORT graph transforms to main (5 nodes)');
  assert.ok(messages.includes('Inferring shapes of main (5 nodes)'));
  assert.ok(messages.includes('Planning main/if_2/else_branch (2 nodes)'));
  // Every graph of the report went through the four phases.
  for (const g of report.graphs) assert.ok(messages.includes(`${g.id} done`), g.id);
});

test('a rebind on the same Analysis reports the same phases (the transforms are reused, not skipped in the count)', () => {
  const a = analysisOf(ifChainModel(2));
  const first: string[] = [];
  const second: string[] = [];
  buildReport(a, { onProgress: (p) => first.push(p.message) });
  buildReport(a, { view: 'parallel', onProgress: (p) => second.push(p.message) });
  assert.deepEqual(second, first);
});
