/**
 * Entry point of the plan worker thread (bundled to dist/planWorker.js). Parsing and planning run
 * here so a large model never blocks the extension host; the host terminates the thread to cancel,
 * and kills ONNX Runtime's child process if one is at work for it (OrtChildMessage).
 */
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { LensError } from '../onnx/lensError';
import { analyzeFileAtLevel, buildReport, resolveSession, type Analysis } from '../analyze/buildReport';
import { DEFAULT_GRAPH_OPTIMIZATION_LEVEL, type GraphOptimizationLevel } from '../report/report';
import { encodeReportColumns } from '../report/columnarReport';
import { packReportColumns } from '../report/packedColumns';
import { fitAnalysis } from '../analyze/fit';
import { sweepAnalysis } from '../analyze/sweep';
import { loadOrtRuntime, type OrtRuntime } from '../optimize/ortRuntime';
import { ortInChildProcess } from '../optimize/ortProcess';
import type { AnswerRequest, AnswerResponse, OrtChildMessage, PlanProgressMessage, PlanRequest, PlanResponse, PlanWorkerData, WorkerError, WorkerRequest } from './workerProtocol';

/** Shares of the progress bar: reading the file, planning, encoding the report (percent). */
const READ_PERCENT = 15;
const PLAN_PERCENT = 80;
/** Progress messages closer together than this are dropped (a 61-graph model reports 250 phases). */
const PROGRESS_INTERVAL_MS = 100;

/** Posts the progress of request `id`, at most every PROGRESS_INTERVAL_MS unless `force`. */
function progressPoster(port: MessagePort, id: number): (percent: number, message: string, force?: boolean) => void {
  let lastAt = -Infinity;
  return (percent, message, force = false) => {
    const now = performance.now();
    if (!force && now - lastAt < PROGRESS_INTERVAL_MS) return;
    lastAt = now;
    const msg: PlanProgressMessage = { id, progress: { percent: Math.min(100, Math.max(0, Math.round(percent))), message } };
    port.postMessage(msg);
  };
}

/** "12.5 MB" for a file size, or '' when it cannot be read. */
function fileSize(path: string): string {
  try {
    return ` (${(statSync(path).size / 1e6).toFixed(1)} MB)`;
  } catch {
    return '';
  }
}

function toWorkerError(err: unknown): WorkerError {
  if (err instanceof LensError) return { code: err.code, message: err.message };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: `Internal error while planning: ${message}` };
}

/** A sweep or fit on the kept analysis; stops between plans once the host sets the shared cancel flag. */
function runAnswer(analysis: Analysis, req: AnswerRequest, progress: (done: number, total: number, message: string) => void): AnswerResponse {
  const flag = new Int32Array(req.cancel);
  const base = { dim: req.dim, bindings: req.bindings, inputValues: req.inputValues ?? {}, view: req.view, session: req.session, isCancelled: () => Atomics.load(flag, 0) !== 0 };
  const onProgress = (p: { done: number; total: number; message: string }): void => progress(p.done, p.total, p.message);
  if (req.kind === 'sweep') return { id: req.id, ok: true, sweep: sweepAnalysis(analysis, { ...base, values: req.values, onProgress }) };
  return { id: req.id, ok: true, fit: fitAnalysis(analysis, { ...base, budgetBytes: req.budgetBytes, onProgress }) };
}

/**
 * The analyses this worker holds, one per (level, thread count): above 'disabled' each is ORT's
 * graph at that level (src/optimize, run here so ORT never blocks the extension host).
 */
function analysisKey(level: GraphOptimizationLevel, threads: number): string {
  return level === 'disabled' ? 'disabled' : `${level}/${threads}`;
}

function start(): void {
  const port = parentPort;
  if (!port) throw new LensError('internal', 'planWorker must run in a worker thread');
  const { path, cacheDir } = workerData as PlanWorkerData;
  // ORT's session creation runs in a child process the host can kill (OrtChildMessage); loaded lazily,
  // so a report at 'disabled' or from the cache starts none.
  let runtime: OrtRuntime | null = null;
  const ortRuntime = (): OrtRuntime =>
    (runtime ??= ortInChildProcess(loadOrtRuntime(), (child) => {
      const started: OrtChildMessage = { ortChild: child.pid ?? null };
      port.postMessage(started);
      child.once('exit', () => {
        const ended: OrtChildMessage = { ortChild: null };
        port.postMessage(ended);
      });
    }));
  // Decoded, weight-free models: kept so rebinding, view switches and answers replan without re-reading.
  const analyses = new Map<string, Analysis>();
  // Requests are answered one at a time, in order: ORT's session creation is asynchronous.
  let queue: Promise<void> = Promise.resolve();
  /** The analysis for the level and threads of `session`, made (and said in the progress) when this worker has none yet. */
  const analysisFor = async (session: PlanRequest['session'], progress: ReturnType<typeof progressPoster>): Promise<{ analysis: Analysis; analyzed: boolean }> => {
    const level = session.graphOptimizationLevel ?? DEFAULT_GRAPH_OPTIMIZATION_LEVEL;
    const key = analysisKey(level, resolveSession(session).intraOpThreads);
    const known = analyses.get(key);
    if (known) return { analysis: known, analyzed: false };
    progress(0, level === 'disabled' ? `Reading ${basename(path)}${fileSize(path)}` : `Optimizing ${basename(path)}${fileSize(path)} with ONNX Runtime (level ${level})`, true);
    // Only a level above 'disabled' asks ONNX Runtime for its graph.
    const analysis = await analyzeFileAtLevel(path, { level, session, cacheDir, ...(level === 'disabled' ? {} : { runtime: ortRuntime() }) });
    analyses.set(key, analysis);
    return { analysis, analyzed: true };
  };
  const handle = async (req: WorkerRequest): Promise<void> => {
    const progress = progressPoster(port, req.id);
    if (req.kind === 'sweep' || req.kind === 'fit') {
      let answer: AnswerResponse | PlanResponse;
      try {
        const { analysis } = await analysisFor(req.session, progress);
        answer = runAnswer(analysis, req, (done, total, message) => progress((100 * done) / Math.max(1, total), message));
      } catch (err) {
        answer = { id: req.id, ok: false, error: toWorkerError(err) };
      }
      port.postMessage(answer);
      return;
    }
    let response: PlanResponse;
    try {
      const { analysis, analyzed } = await analysisFor(req.session, progress);
      const report = buildReport(analysis, {
        bindings: req.bindings, values: req.values ?? {}, view: req.view, session: req.session, arena: req.session.arena,
        onProgress: (p) => progress(READ_PERCENT + (PLAN_PERCENT * p.done) / Math.max(1, p.total), p.message),
      });
      const values = report.graphs.reduce((n, g) => n + g.values.length, 0);
      progress(READ_PERCENT + PLAN_PERCENT, `Encoding the report (${values.toLocaleString('en-US')} values)`, true);
      response = { id: req.id, ok: true, packed: packReportColumns(encodeReportColumns(report)), analyzed };
    } catch (err) {
      response = { id: req.id, ok: false, error: toWorkerError(err) };
    }
    port.postMessage(response, response.ok ? [response.packed.buffer] : []);
  };
  port.on('message', (req: WorkerRequest) => {
    queue = queue.then(() => handle(req));
  });
}

start();
