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
  /**
   * Two Int32 slots (NATIVE_GATE): the worker sets IN_NATIVE while ONNX Runtime may run native
   * work for it, the host sets STOPPING before it terminates the worker. Terminating a worker while
   * ORT's session creation is in flight aborts the whole process (`terminate called after throwing
   * an instance of 'Napi::Error'`, measured with onnxruntime-node 1.30), so the host then waits for
   * NativeDoneMessage instead. Absent: the worker never runs ORT (test stand-ins).
   */
  nativeGate?: SharedArrayBuffer;
}

/** The slots of PlanWorkerData.nativeGate. */
export const NATIVE_GATE = { IN_NATIVE: 0, STOPPING: 1, SLOTS: 2 } as const;

/** Posted by a worker the host is stopping, once no ORT work of it is in flight: it may be terminated now. */
export interface NativeDoneMessage {
  nativeDone: true;
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
export type WorkerMessage = PlanResponse | AnswerResponse | PlanProgressMessage | NativeDoneMessage;
