import { test } from 'node:test';
import { loadOrtRuntime } from '../../src/optimize/ortRuntime';

const ORT_SKIP = loadOrtRuntime().ok ? false : 'onnxruntime-node is not installed';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conv3x3Model, ifChainModel } from '../support/sampleModels';
import type { PlanProgress } from '../../src/vscode/workerProtocol';
import { LensError } from '../../src/onnx/lensError';
import { reportFromFile } from '../../src/analyze/buildReport';
import { planKey, PlanSession, RECENT_PLANS } from '../../src/vscode/planSession';
import { tokenSource } from '../support/tokenSource';
import { buildModel, DataType, node, tensorValue } from '../support/onnxBuilder';

const FAKE_WORKER = join(__dirname, 'fixtures', 'fakePlanWorker.js');

/** The built worker (dist/planWorker.js, built when missing) and `bytes` written as `name` in a new temp folder. */
function realWorkerWith(name: string, bytes: Uint8Array): { workerScript: string; dir: string; model: string } {
  const root = join(__dirname, '../..');
  const workerScript = join(root, 'dist', 'planWorker.js');
  if (!existsSync(workerScript) || !existsSync(join(root, 'dist', 'ortChild.js'))) execFileSync(process.execPath, ['scripts/build.mjs', '--no-check'], { cwd: root, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'oml-worker-'));
  const model = join(dir, name);
  writeFileSync(model, bytes);
  return { workerScript, dir, model };
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
  const { workerScript, dir, model } = realWorkerWith('conv.onnx', conv3x3Model());
  const s = new PlanSession(model, workerScript);
  try {
    const byDefault = await s.plan({}, 'sequential', undefined, { graphOptimizationLevel: 'disabled' });
    const oneThread = await s.plan({}, 'sequential', undefined, { graphOptimizationLevel: 'disabled', intraOpThreads: 1, maxTotalSequenceLength: 256 });
    assert.equal(s.analyzeCount, 1, 'the second plan reuses the parse');
    // The report crossed the worker boundary as columns and was decoded on this side: it is the
    // report an in-process build gives, key for key.
    assert.equal(JSON.stringify(byDefault.report), JSON.stringify(reportFromFile(model)));
    assert.deepEqual(byDefault.report.session, { intraOpThreads: 2, l2CacheBytes: 1048576, maxTotalSequenceLength: null, ortVersion: '1.30', executionProvider: 'CPUExecutionProvider', graphOptimizationLevel: 'disabled', requestedGraphOptimizationLevel: 'disabled', optimizationFallbackReason: null, nchwcBlockSize: null, executor: 'sequential', memoryPatternModeled: true, arenaModeled: true, arena: { enableCpuMemArena: true, enableMemPattern: true, arenaExtendStrategy: 'next-power-of-two', initialChunkSizeBytes: 1048576, maxDeadBytesPerChunk: 134217728, initialGrowthChunkSizeBytes: 2097152, maxPowerOfTwoExtendBytes: 1073741824, run: 2 } });
    assert.deepEqual(oneThread.report.session, { intraOpThreads: 1, l2CacheBytes: 1048576, maxTotalSequenceLength: 256, ortVersion: '1.30', executionProvider: 'CPUExecutionProvider', graphOptimizationLevel: 'disabled', requestedGraphOptimizationLevel: 'disabled', optimizationFallbackReason: null, nchwcBlockSize: null, executor: 'sequential', memoryPatternModeled: true, arenaModeled: true, arena: { enableCpuMemArena: true, enableMemPattern: true, arenaExtendStrategy: 'next-power-of-two', initialChunkSizeBytes: 1048576, maxDeadBytesPerChunk: 134217728, initialGrowthChunkSizeBytes: 2097152, maxPowerOfTwoExtendBytes: 1073741824, run: 2 } });
    const ws = (r: typeof byDefault) => r.report.graphs[0]!.steps[0]!.workspaceBytes!;
    assert.ok(ws(oneThread) > 0 && ws(oneThread) < ws(byDefault), `${ws(oneThread)} < ${ws(byDefault)}`);
  } finally {
    s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('PlanSession.plan() in the real worker models ORT\'s graph at the level asked for (default all), keeping one analysis per level', { skip: ORT_SKIP }, async () => {
  const { workerScript, dir, model } = realWorkerWith('conv.onnx', conv3x3Model());
  const s = new PlanSession(model, workerScript);
  try {
    const progress: PlanProgress[] = [];
    const all = await s.plan({}, 'sequential', undefined, {}, (p) => progress.push(p));
    assert.equal(all.report.session.graphOptimizationLevel, 'all');
    assert.equal(all.report.session.optimizationFallbackReason, null);
    assert.match(progress[0]!.message, /^Optimizing conv\.onnx \(0\.0 MB\) with ONNX Runtime \(level all\)$/);
    const disabled = await s.plan({}, 'sequential', undefined, { graphOptimizationLevel: 'disabled' });
    assert.equal(disabled.report.session.graphOptimizationLevel, 'disabled');
    await s.plan({}, 'parallel', undefined, {});
    assert.equal(s.analyzeCount, 2, 'one analysis per level; a view switch at a level reuses it');
  } finally {
    s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('PlanSession.plan() cancelled while ONNX Runtime creates its session rejects at once, kills ORT\'s process and the worker, and the process lives on', { skip: ORT_SKIP }, async () => {
  // A 60k-node chain: ORT's session creation at level all takes about a second here. It runs in a
  // child process of the worker (src/optimize/ortProcess.ts): terminating a worker thread during
  // it in-process aborts the whole process (onnxruntime-node 1.30: "terminate called after throwing
  // an instance of 'Napi::Error'"), so this test file would die instead of failing.
  const nodes = [];
  let prev = 'x';
  for (let i = 0; i < 60_000; i++) {
    nodes.push(node('Relu', [prev], [`v${i}`], { name: `n${i}` }));
    prev = `v${i}`;
  }
  const { workerScript, dir, model } = realWorkerWith('chain.onnx', buildModel({ nodes, inputs: [tensorValue('x', DataType.FLOAT, [1, 64])], outputs: [tensorValue(prev, DataType.FLOAT, [1, 64])] }));
  const s = new PlanSession(model, workerScript);
  try {
    const src = tokenSource();
    let optimizing = false;
    let pid: number | null = null;
    const planned = s.plan({}, 'sequential', src.token, {}, (p) => {
      if (optimizing || !p.message.startsWith('Optimizing chain.onnx')) return;
      optimizing = true;
      // Cancel once ORT's process is at work (the worker reports its pid).
      const poll = setInterval(() => {
        if (s.ortChildPid === null) return;
        pid = s.ortChildPid;
        clearInterval(poll);
        src.cancel();
      }, 10);
    });
    await assert.rejects(planned, (err: unknown) => err instanceof LensError && err.code === 'cancelled' && err.message === `Analysis of ${model} was cancelled`);
    assert.ok(optimizing, 'the worker said it was optimizing before the cancel');
    assert.ok(pid !== null, 'the worker reported ORT\'s process');
    assert.equal(s.isRunning, false, 'the session let go of the worker at once');
    assert.equal(s.killedOrtChildren, 1, 'the cancel killed ORT\'s process');
    assert.equal(s.ortChildPid, null);
    await s.exited();
    // The worker reaped it before it was terminated: no process of that pid is left, not even a zombie.
    const exists = (): boolean => {
      try {
        process.kill(pid!, 0);
        return true;
      } catch {
        return false;
      }
    };
    assert.equal(exists(), false, 'ORT\'s process is gone (reaped)');
    const next = await s.plan({}, 'sequential', undefined, { graphOptimizationLevel: 'disabled' });
    assert.equal(next.report.graphs[0]!.steps.length, 60_000);
    assert.equal(next.analyzed, true, 'a new worker read the model');
  } finally {
    s.stop();
    await s.exited();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('PlanSession.stop() kills the ORT process of a stopped worker whose pid arrives after the stop', async () => {
  const pidFile = join(tmpdir(), `oml-fake-ortchild-${process.pid}`);
  rmSync(pidFile, { force: true });
  const s = new PlanSession('/models/big.onnx', FAKE_WORKER);
  const planned = s.plan({ ortChild: 1 }, 'sequential');
  // This thread does not return to its event loop until the worker has started its process and
  // posted the pid, so the pid is still queued when stop() runs (a stop in the moment after ORT's
  // process started).
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < 3000 && !existsSync(pidFile); i++) Atomics.wait(nap, 0, 0, 10);
  const pid = Number(readFileSync(pidFile, 'utf8'));
  rmSync(pidFile, { force: true });
  assert.equal(s.ortChildPid, null, 'the pid has not been read yet');
  s.stop();
  await assert.rejects(planned, (err: unknown) => err instanceof LensError && err.code === 'cancelled');
  await s.exited();
  for (let i = 0; i < 250 && s.killedOrtChildren === 0; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(s.killedOrtChildren, 1, 'the pid read after the stop was killed');
  // Gone, or a zombie: its reaper, the worker, was terminated.
  const state = (): string => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[0]!;
    } catch {
      return 'gone';
    }
  };
  let st = state();
  for (let i = 0; i < 250 && st !== 'gone' && st !== 'Z'; i++) {
    await new Promise((r) => setTimeout(r, 20));
    st = state();
  }
  assert.ok(st === 'gone' || st === 'Z', `the stand-in for ORT's process ended (state ${st})`);
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

/** How many requests the fake worker had answered when it made `r`. */
const workerRequests = (r: { report: unknown }): number => (r.report as { requests: number }).requests;

test('PlanSession.plan() answers a request it planned recently from its cache, without asking the worker', async () => {
  const s = new PlanSession('/models/m.onnx', FAKE_WORKER);
  try {
    const first = await s.plan({ batch: 1, sequence: 8 }, 'sequential', undefined, { intraOpThreads: 1 });
    const parallel = await s.plan({ batch: 1, sequence: 8 }, 'parallel', undefined, { intraOpThreads: 1 });
    // The same request with the bindings in another order, and the view switched back.
    const again = await s.plan({ sequence: 8, batch: 1 }, 'sequential', undefined, { intraOpThreads: 1 });
    const otherFacts = await s.plan({ batch: 1, sequence: 8 }, 'sequential', undefined, { intraOpThreads: 2 });
    assert.deepEqual([first.cached, parallel.cached, again.cached, otherFacts.cached], [false, false, true, false]);
    assert.equal(again.report, first.report, 'the cached report itself');
    assert.equal(again.analyzed, false);
    assert.deepEqual([first, parallel, again, otherFacts].map(workerRequests), [1, 2, 1, 3]);
  } finally {
    s.stop();
  }
});

test(`PlanSession.plan() keeps the ${RECENT_PLANS} most recently used plans`, async () => {
  const s = new PlanSession('/models/m.onnx', FAKE_WORKER);
  try {
    for (let b = 0; b <= RECENT_PLANS; b++) await s.plan({ batch: b }, 'sequential');
    // batch=0 was the oldest and is gone; batch=1 is still there, and using it makes it the newest.
    assert.equal((await s.plan({ batch: 1 }, 'sequential')).cached, true);
    const replanned = await s.plan({ batch: 0 }, 'sequential');
    assert.equal(replanned.cached, false);
    assert.equal(workerRequests(replanned), RECENT_PLANS + 2);
    // Re-planning batch=0 pushed out the least recently used, batch=2 (batch=1 was just used).
    assert.equal((await s.plan({ batch: 1 }, 'sequential')).cached, true);
    assert.equal((await s.plan({ batch: 2 }, 'sequential')).cached, false);
  } finally {
    s.stop();
  }
});

test('planKey() ignores the order of bindings and session facts and leaves out unset facts', () => {
  assert.equal(planKey({ a: 1, b: 2 }, 'sequential', { intraOpThreads: 1, l2CacheBytes: undefined }), planKey({ b: 2, a: 1 }, 'sequential', { intraOpThreads: 1 }));
  assert.notEqual(planKey({ a: 1 }, 'sequential', {}), planKey({ a: 1 }, 'parallel', {}));
  assert.notEqual(planKey({ a: 1 }, 'sequential', {}), planKey({ a: 2 }, 'sequential', {}));
});

test('PlanSession.plan() in the real worker reports determinate progress: reading, each phase with its node count, encoding', async () => {
  const { workerScript, dir, model } = realWorkerWith('ifs.onnx', ifChainModel(3));
  const s = new PlanSession(model, workerScript);
  try {
    const first: PlanProgress[] = [];
    const { report } = await s.plan({}, 'sequential', undefined, { graphOptimizationLevel: 'disabled' }, (p) => first.push(p));
    const values = report.graphs.reduce((n, g) => n + g.values.length, 0);
    assert.equal(report.graphs.length, 7);
    assert.match(first[0]!.message, /^Reading ifs\.onnx \(0\.0 MB\)$/);
    assert.equal(first[0]!.percent, 0);
    for (let i = 1; i < first.length; i++) assert.ok(first[i]!.percent >= first[i - 1]!.percent, `progress went back at ${i}`);
    assert.equal(first.at(-1)!.message, `Encoding the report (${values} values)`);
    assert.equal(first.at(-1)!.percent, 95);
    // A rebind reads nothing: it starts past the reading share.
    const rebind: PlanProgress[] = [];
    await s.plan({}, 'parallel', undefined, { graphOptimizationLevel: 'disabled' }, (p) => rebind.push(p));
    assert.ok(rebind.length >= 2 && rebind.every((p) => !p.message.startsWith('Reading')) && rebind[0]!.percent >= 15);
  } finally {
    s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
