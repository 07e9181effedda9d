/**
 * Entry point of the plan worker thread (bundled to dist/planWorker.js). Parsing and planning run
 * here so a large model never blocks the extension host; the host terminates the thread to cancel.
 */
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { LensError } from '../onnx/lensError';
import { analyzeFile, buildReport, type Analysis } from '../analyze/buildReport';
import { encodeReportColumns } from '../report/columnarReport';
import { packReportColumns } from '../report/packedColumns';
import { fitAnalysis } from '../analyze/fit';
import { sweepAnalysis } from '../analyze/sweep';
import type { AnswerRequest, AnswerResponse, PlanProgressMessage, PlanResponse, PlanWorkerData, WorkerError, WorkerRequest } from './workerProtocol';

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
  const base = { dim: req.dim, bindings: req.bindings, view: req.view, session: req.session, isCancelled: () => Atomics.load(flag, 0) !== 0 };
  const onProgress = (p: { done: number; total: number; message: string }): void => progress(p.done, p.total, p.message);
  if (req.kind === 'sweep') return { id: req.id, ok: true, sweep: sweepAnalysis(analysis, { ...base, values: req.values, onProgress }) };
  return { id: req.id, ok: true, fit: fitAnalysis(analysis, { ...base, budgetBytes: req.budgetBytes, onProgress }) };
}

function start(): void {
  const port = parentPort;
  if (!port) throw new LensError('internal', 'planWorker must run in a worker thread');
  const { path } = workerData as PlanWorkerData;
  // The analysis is the decoded, weight-free model; it is kept so rebinding and view switches replan without re-reading.
  let analysis: Analysis | null = null;
  port.on('message', (req: WorkerRequest) => {
    const progress = progressPoster(port, req.id);
    if (req.kind === 'sweep' || req.kind === 'fit') {
      let answer: AnswerResponse | PlanResponse;
      try {
        if (analysis === null) progress(0, `Reading ${basename(path)}${fileSize(path)}`, true);
        analysis ??= analyzeFile(path);
        answer = runAnswer(analysis, req, (done, total, message) => progress((100 * done) / Math.max(1, total), message));
      } catch (err) {
        answer = { id: req.id, ok: false, error: toWorkerError(err) };
      }
      port.postMessage(answer);
      return;
    }
    let response: PlanResponse;
    try {
      const analyzed = analysis === null;
      if (analyzed) progress(0, `Reading ${basename(path)}${fileSize(path)}`, true);
      analysis ??= analyzeFile(path);
      const report = buildReport(analysis, {
        bindings: req.bindings, view: req.view, session: req.session, arena: req.session.arena,
        onProgress: (p) => progress(READ_PERCENT + (PLAN_PERCENT * p.done) / Math.max(1, p.total), p.message),
      });
      const values = report.graphs.reduce((n, g) => n + g.values.length, 0);
      progress(READ_PERCENT + PLAN_PERCENT, `Encoding the report (${values.toLocaleString('en-US')} values)`, true);
      response = { id: req.id, ok: true, packed: packReportColumns(encodeReportColumns(report)), analyzed };
    } catch (err) {
      response = { id: req.id, ok: false, error: toWorkerError(err) };
    }
    port.postMessage(response, response.ok ? [response.packed.buffer] : []);
  });
}

start();
