/**
 * The closed-form sweep model against onnxruntime-node 1.30: at values on both sides of its knee,
 * ORT's requested-in-use bytes follow the report's live curve (one constant baseline) and its peak,
 * and the sweep's point is that peak.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeFile, buildReport } from '../../src/analyze/buildReport';
import { sweepAnalysis } from '../../src/analyze/sweep';
import { loadOrt, runOrtOracle } from '../support/ortOracle';
import { attentionScoresModel, attentionScoresPeak } from '../support/sampleModels';
import { compareWithOrt } from './compareWithOrt';

const noOrt = loadOrt() === null ? 'onnxruntime-node is not installed' : false;

test('sweep: ORT 1.30 peaks at the modeled step with the modeled bytes on both sides of the knee', { skip: noOrt }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-sweep-ort-'));
  try {
    const model = join(dir, 'attention.onnx');
    writeFileSync(model, attentionScoresModel());
    const values = [8, 32, 33, 48];
    const sweep = sweepAnalysis(analyzeFile(model), { dim: 'sequence', bindings: { batch: 2 }, values });
    for (const point of sweep.points) {
      const oracle = await runOrtOracle(model, { dims: { batch: 2, sequence: point.value } });
      assert.ok(oracle.ok, oracle.ok ? '' : `${oracle.stage}: ${oracle.error}`);
      const report = buildReport(analyzeFile(model), { bindings: { batch: 2, sequence: point.value } });
      const cmp = compareWithOrt(report, oracle);
      assert.deepEqual(cmp.details, [], `sequence=${point.value}`);
      assert.ok(cmp.pass.live && cmp.pass.peak, `sequence=${point.value}`);
      assert.equal(point.peakBytes, report.graphs[0]!.peak.bytes);
      assert.equal(point.peakBytes, attentionScoresPeak(2, point.value).bytes);
      // ORT's own peak step: the largest requested-in-use after a kernel.
      const inUse = oracle.events.map((e) => e.memBytesRequestedInUse!);
      assert.equal(inUse.indexOf(Math.max(...inUse)), point.peakStep, `sequence=${point.value}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
