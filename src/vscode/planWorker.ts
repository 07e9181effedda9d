/**
 * Entry point of the plan worker thread (bundled to dist/planWorker.js). Parsing and planning run
 * here so a large model never blocks the extension host; the host terminates the thread to cancel.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LensError } from '../onnx/lensError';
import { analyzeFile, buildReport, type Analysis } from '../report/buildReport';
import { encodeReportColumns } from '../report/columnarReport';
import { packReportColumns } from '../report/packedColumns';
import type { PlanRequest, PlanResponse, PlanWorkerData, WorkerError } from './workerProtocol';

function toWorkerError(err: unknown): WorkerError {
  if (err instanceof LensError) return { code: err.code, message: err.message };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: `Internal error while planning: ${message}` };
}

function start(): void {
  const port = parentPort;
  if (!port) throw new LensError('internal', 'planWorker must run in a worker thread');
  const { path } = workerData as PlanWorkerData;
  // The analysis is the decoded, weight-free model; it is kept so rebinding and view switches replan without re-reading.
  let analysis: Analysis | null = null;
  port.on('message', (req: PlanRequest) => {
    let response: PlanResponse;
    try {
      const analyzed = analysis === null;
      analysis ??= analyzeFile(path);
      const report = buildReport(analysis, { bindings: req.bindings, view: req.view, session: req.session });
      response = { id: req.id, ok: true, packed: packReportColumns(encodeReportColumns(report)), analyzed };
    } catch (err) {
      response = { id: req.id, ok: false, error: toWorkerError(err) };
    }
    port.postMessage(response, response.ok ? [response.packed.buffer] : []);
  });
}

start();
