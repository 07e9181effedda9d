/**
 * Messages between the extension host and the plan worker (dist/planWorker.js). The worker reads
 * and analyzes the model once, keeps the analysis, and replans it for each request.
 */
import type { LensErrorCode } from '../onnx/lensError';
import type { PackedReportColumns } from '../report/packedColumns';
import type { PlanView, ReportSession } from '../report/report';
import type { FitResult } from '../report/fit';
import type { SweepResult } from '../report/sweep';

/** `workerData` of a plan worker: the model file it owns. */
export interface PlanWorkerData {
  path: string;
  /** Folder for ORT's optimized graphs (the extension's global storage), null for none. */
  cacheDir: string | null;
}

/**
 * Posted by the worker when ONNX Runtime's process for it starts (its pid) and when that process
 * has ended (null). The worker asks ORT for a level's graph in a child process
 * (src/optimize/ortProcess.ts): a worker thread terminated while onnxruntime-node 1.30 creates a
 * session aborts the whole extension host (`terminate called after throwing an instance of
 * 'Napi::Error'`, measured), a killed child process ends alone. The host kills the process when it
 * stops the worker.
 */
export interface OrtChildMessage {
  ortChild: number | null;
}

/** A request to the worker: build the report for these bindings and view. */
export interface PlanRequest {
  kind?: 'report';
  id: number;
  bindings: Record<string, number>;
  /** Contents fixed for small main-graph inputs (the CLI's --value); absent for none. */
  values?: Record<string, number[]>;
  view: PlanView;
  /**
   * Session facts from the settings (the rest keep their defaults), and the graph optimization level
   * asked for in `graphOptimizationLevel` (absent: ORT's default, 'all').
   */
  session: Partial<ReportSession>;
}

/**
 * A sweep or fit on the worker's analysis (the file is not read again). `cancel` is a shared
 * Int32Array of one element the host sets to 1 to stop it between plans, so the worker (and its
 * analysis) survives a cancel.
 */
export type AnswerRequest = {
  id: number;
  bindings: Record<string, number>;
  /** As PlanRequest's `values` (named apart from a sweep's dim values). */
  inputValues?: Record<string, number[]>;
  view: PlanView;
  session: Partial<ReportSession>;
  dim: string;
  cancel: SharedArrayBuffer;
} & ({ kind: 'sweep'; values: number[] } | { kind: 'fit'; budgetBytes: number });

/** Everything the host posts to the worker. */
export type WorkerRequest = PlanRequest | AnswerRequest;

/** The worker's answer to an AnswerRequest. */
export type AnswerResponse = { id: number; ok: true; sweep: SweepResult } | { id: number; ok: true; fit: FitResult };

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
export type WorkerMessage = PlanResponse | AnswerResponse | PlanProgressMessage | OrtChildMessage;
