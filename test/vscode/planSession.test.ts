import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conv3x3Model } from '../support/sampleModels';
import { LensError } from '../../src/onnx/lensError';
import { reportFromFile } from '../../src/report/buildReport';
import { PlanSession, type CancellationLike } from '../../src/vscode/planSession';

const FAKE_WORKER = join(__dirname, 'fixtures', 'fakePlanWorker.js');

/** A cancellation token the test fires by hand. */
function tokenSource(): { token: CancellationLike; cancel(): void } {
  const listeners: Array<() => unknown> = [];
  let cancelled = false;
  return {
    token: {
      get isCancellationRequested() {
        return cancelled;
      },
      onCancellationRequested(listener) {
        listeners.push(listener);
        return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) };
      },
    },
    cancel() {
      cancelled = true;
      for (const l of [...listeners]) l();
    },
  };
}

test('PlanSession.plan() analyzes the model once and replans later requests in the same worker', async () => {
  const s = new PlanSession('/models/m.onnx', FAKE_WORKER);
  try {
    const first = await s.plan({ batch: 1 }, 'sequential');
    const second = await s.plan({ batch: 2 }, 'parallel');
    assert.equal(first.analyzed, true);
    assert.equal(second.analyzed, false);
    assert.equal(s.analyzeCount, 1);
    assert.deepEqual((second.report as unknown as { bindings: unknown }).bindings, { batch: 2 });
    assert.equal(second.report.view, 'parallel');
  } finally {
    s.stop();
  }
});

test('PlanSession.plan() rejects with the worker error code and message', async () => {
  const s = new PlanSession('/models/bad.onnx', FAKE_WORKER);
  try {
    await assert.rejects(s.plan({ fail: 1 }, 'sequential'), (err: unknown) => {
      assert.ok(err instanceof LensError);
      assert.equal(err.code, 'bad-model');
      assert.equal(err.message, 'Bad model /models/bad.onnx');
      return true;
    });
  } finally {
    s.stop();
  }
});

test('PlanSession.plan() cancelled by its token terminates the worker and the next request starts a new one', async () => {
  const s = new PlanSession('/models/big.onnx', FAKE_WORKER);
  try {
    const src = tokenSource();
    const hung = s.plan({ hang: 1 }, 'sequential', src.token);
    assert.equal(s.isRunning, true);
    src.cancel();
    await assert.rejects(hung, (err: unknown) => err instanceof LensError && err.code === 'cancelled' && err.message === 'Analysis of /models/big.onnx was cancelled');
    assert.equal(s.isRunning, false);
    const again = await s.plan({}, 'sequential');
    assert.equal(again.analyzed, true, 'a fresh worker reads the file again');
  } finally {
    s.stop();
  }
});

test('PlanSession.plan() with an already cancelled token rejects without starting a worker', async () => {
  const s = new PlanSession('/models/m.onnx', FAKE_WORKER);
  const src = tokenSource();
  src.cancel();
  await assert.rejects(s.plan({}, 'sequential', src.token), (err: unknown) => err instanceof LensError && err.code === 'cancelled');
  assert.equal(s.isRunning, false);
});

test('PlanSession.plan() rejects with an internal error when the worker exits', async () => {
  const s = new PlanSession('/models/m.onnx', FAKE_WORKER);
  await assert.rejects(s.plan({ crash: 1 }, 'sequential'), (err: unknown) => {
    assert.ok(err instanceof LensError);
    assert.equal(err.code, 'internal');
    assert.equal(err.message, 'Plan worker for /models/m.onnx exited with code 3');
    return true;
  });
  assert.equal(s.isRunning, false);
});

test('PlanSession.plan() in the real worker (dist/planWorker.js) plans with the session facts it is given', async () => {
  const root = join(__dirname, '../..');
  const workerScript = join(root, 'dist', 'planWorker.js');
  if (!existsSync(workerScript)) execFileSync(process.execPath, ['scripts/build.mjs', '--no-check'], { cwd: root, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'oml-worker-'));
  const model = join(dir, 'conv.onnx');
  writeFileSync(model, conv3x3Model());
  const s = new PlanSession(model, workerScript);
  try {
    const byDefault = await s.plan({}, 'sequential');
    const oneThread = await s.plan({}, 'sequential', undefined, { intraOpThreads: 1, maxTotalSequenceLength: 256 });
    assert.equal(s.analyzeCount, 1, 'the second plan reuses the parse');
    // The report crossed the worker boundary as columns and was decoded on this side: it is the
    // report an in-process build gives, key for key.
    assert.equal(JSON.stringify(byDefault.report), JSON.stringify(reportFromFile(model)));
    assert.deepEqual(byDefault.report.session, { intraOpThreads: 2, l2CacheBytes: 1048576, maxTotalSequenceLength: null, ortVersion: '1.30', executionProvider: 'CPUExecutionProvider', graphOptimizationLevel: 'disabled', executor: 'sequential', memoryPatternModeled: false, arenaModeled: false });
    assert.deepEqual(oneThread.report.session, { intraOpThreads: 1, l2CacheBytes: 1048576, maxTotalSequenceLength: 256, ortVersion: '1.30', executionProvider: 'CPUExecutionProvider', graphOptimizationLevel: 'disabled', executor: 'sequential', memoryPatternModeled: false, arenaModeled: false });
    const ws = (r: typeof byDefault) => r.report.graphs[0]!.steps[0]!.workspaceBytes!;
    assert.ok(ws(oneThread) > 0 && ws(oneThread) < ws(byDefault), `${ws(oneThread)} < ${ws(byDefault)}`);
  } finally {
    s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('PlanSession.plan() rejects with an internal error when the worker answers columns it cannot decode', async () => {
  const s = new PlanSession('/models/m.onnx', FAKE_WORKER);
  try {
    await assert.rejects(s.plan({ badColumns: 1 }, 'sequential'), (err: unknown) => {
      assert.ok(err instanceof LensError);
      assert.equal(err.code, 'internal');
      assert.match(err.message, /Unsupported report columns version 99/);
      return true;
    });
  } finally {
    s.stop();
  }
});
