/**
 * Messages between the extension host and the plan worker (dist/planWorker.js). The worker reads
 * and analyzes the model once, keeps the analysis, and replans it for each request.
 */
import type { LensErrorCode } from '../onnx/lensError';
import type { PackedReportColumns } from '../report/packedColumns';
import type { PlanView, ReportSession } from '../report/report';

/** `workerData` of a plan worker: the model file it owns. */
export interface PlanWorkerData {
  path: string;
  /** Folder for ORT's optimized graphs (the extension's global storage), null for none. */
  cacheDir: string | null;
}

/** A request to the worker: build the report for these bindings and view. */
export interface PlanRequest {
  id: number;
  bindings: Record<string, number>;
  view: PlanView;
  /**
   * Session facts from the settings (the rest keep their defaults), and the graph optimization level
   * asked for in `graphOptimizationLevel` (absent: ORT's default, 'all').
   */
  session: Partial<ReportSession>;
}

/** An error crossing the worker boundary (Error objects lose their class when cloned). */
export interface WorkerError {
  code: LensErrorCode;
  message: string;
}

/**
 * The worker's answer to the request with the same id. `analyzed` is true when this request read the
 * file. The report travels as columns packed into one transferred buffer: no copy, where cloning 100k
 * report objects would block the extension host for about a second.
 */
export type PlanResponse = { id: number; ok: true; packed: PackedReportColumns; analyzed: boolean } | { id: number; ok: false; error: WorkerError };

/** Where a request is: `percent` of the whole (read, plan, encode) and one line saying what is being done. */
export interface PlanProgress {
  percent: number;
  message: string;
}

/** Sent by the worker while it works on the request with the same id, before its PlanResponse. */
export interface PlanProgressMessage {
  id: number;
  progress: PlanProgress;
}

/** Everything the worker posts. */
export type WorkerMessage = PlanResponse | PlanProgressMessage;
