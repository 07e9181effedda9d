/**
 * Sweeps and fits through PlanSession in the real plan worker (dist/planWorker.js): the worker
 * plans them on the analysis it keeps (the file is read once for a report, a sweep and a fit),
 * reports progress, and a cancel stops the sweep between two plans without ending the worker.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LensError } from '../../src/onnx/lensError';
import { PlanSession } from '../../src/vscode/planSession';
import { tokenSource } from '../support/tokenSource';
import type { PlanProgress } from '../../src/vscode/workerProtocol';
import { attentionScoresModel, attentionScoresPeak } from '../support/sampleModels';
import { writeDecoderModel } from '../../scripts/bench/support/decoderModel';

const ROOT = join(__dirname, '../..');
const WORKER = join(ROOT, 'dist', 'planWorker.js');
if (!existsSync(WORKER)) execFileSync(process.execPath, ['scripts/build.mjs', '--no-check'], { cwd: ROOT, stdio: 'inherit' });

test('PlanSession.answer(): a sweep and a fit on the worker\'s analysis, the file read once, with progress', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-answers-worker-'));
  const model = join(dir, 'attention.onnx');
  writeFileSync(model, attentionScoresModel());
  const s = new PlanSession(model, WORKER);
  try {
    // The closed form is of the graph as written: at 'all' ORT fuses the MatMul and the Transpose.
    const disabled = { graphOptimizationLevel: 'disabled' } as const;
    await s.plan({ batch: 2, sequence: 8 }, 'sequential', undefined, disabled);
    const progress: PlanProgress[] = [];
    const sweep = await s.answer({ kind: 'sweep', dim: 'sequence', values: [8, 32, 33], bindings: { batch: 2 }, view: 'sequential', session: disabled }, undefined, (p) => progress.push(p));
    assert.equal(sweep.kind, 'sweep');
    assert.deepEqual(sweep.kind === 'sweep' && sweep.sweep.points.map((p) => p.peakBytes), [8, 32, 33].map((v) => attentionScoresPeak(2, v).bytes));
    assert.ok(progress.length > 0 && progress.every((p) => /Planned sequence=\d+ \(\d of 3\)/.test(p.message)), JSON.stringify(progress));
    const fit = await s.answer({ kind: 'fit', dim: 'batch', budgetBytes: 64 * 1024, bindings: { sequence: 32 }, view: 'sequential', session: disabled });
    assert.equal(fit.kind === 'fit' && fit.fit.value, Math.floor((64 * 1024 - 1024) / attentionScoresPeak(1, 32).bytes));
    assert.equal(s.analyzeCount, 1, 'the file was read once');
  } finally {
    s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('PlanSession.answer(): a cancel stops the sweep between plans and the worker keeps its analysis', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-answers-worker-'));
  const model = writeDecoderModel(dir, 'decoder', 60);
  const s = new PlanSession(model, WORKER);
  try {
    await s.plan({ batch: 1, sequence: 16 }, 'sequential');
    const cts = tokenSource();
    const values = Array.from({ length: 400 }, (_, i) => i + 1);
    // Cancel once the sweep has said it planned a point.
    const run = s.answer({ kind: 'sweep', dim: 'sequence', values, bindings: { batch: 1 }, view: 'sequential', session: {} }, cts.token, () => cts.cancel());
    await assert.rejects(run, (e: unknown) => e instanceof LensError && e.code === 'cancelled');
    assert.equal(s.isRunning, true, 'the worker is still alive');
    const again = await s.plan({ batch: 1, sequence: 17 }, 'sequential');
    assert.equal(again.analyzed, false, 'the next request replans without reading the file');
    assert.equal(s.analyzeCount, 1);
  } finally {
    s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
