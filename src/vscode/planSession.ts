/**
 * Host side of one model's plan worker. The worker starts on the first request, keeps the model's
 * analysis between requests, and is terminated to cancel; the next request starts a fresh one.
 * Free of the `vscode` module so it is tested in plain Node.
 */
import { Worker } from 'node:worker_threads';
import { LensError } from '../onnx/lensError';
import { checkReportColumnsVersion, decodeReportColumns, type ReportColumns } from '../report/columnarReport';
import { unpackReportColumns, type PackedReportColumns } from '../report/packedColumns';
import type { PlanView, Report, ReportSession } from '../report/report';
import type { AnswerRequest, OrtChildMessage, PlanProgress, PlanRequest, PlanWorkerData, WorkerMessage } from './workerProtocol';
import type { FitResult } from '../report/fit';
import type { SweepResult } from '../report/sweep';

/** A sweep or fit to run on the worker's analysis (see AnswerRequest). */
export type AnswerQuery = { bindings: Record<string, number>; inputValues?: Record<string, number[]>; view: PlanView; session: Partial<ReportSession>; dim: string } & ({ kind: 'sweep'; values: number[] } | { kind: 'fit'; budgetBytes: number });

/** What a sweep or fit answers. */
export type AnswerResult = { kind: 'sweep'; sweep: SweepResult } | { kind: 'fit'; fit: FitResult };

interface PendingAnswer {
  resolve(result: AnswerResult): void;
  reject(err: LensError): void;
  onProgress?: (progress: PlanProgress) => void;
}

/** The part of vscode.CancellationToken a session needs. */
export interface CancellationLike {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => unknown): { dispose(): unknown };
}

/** A finished plan: the report and whether this request had to read the model file. */
export interface PlanResult {
  /** Decoded on first use (a large report takes a while), so the caller can post `packed` first. */
  readonly report: Report;
  /** The same report as the worker encoded it, posted to the webview as is. */
  packed: PackedReportColumns;
  analyzed: boolean;
  /** True when the answer came from the recent-plans cache, without asking the worker. */
  cached: boolean;
}

/** A PlanResult whose report is decoded from `columns` when first read, once. */
function planResult(columns: ReportColumns, packed: PackedReportColumns, analyzed: boolean, cached: boolean, decoded: { report: Report | null } = { report: null }): PlanResult {
  return {
    packed, analyzed, cached,
    get report(): Report {
      return (decoded.report ??= decodeReportColumns(columns));
    },
  };
}

/** The cached answer to a request: the same columns and (lazily) the same decoded report. */
interface RecentPlan {
  columns: ReportColumns;
  packed: PackedReportColumns;
  decoded: { report: Report | null };
}

/** How many recent plans (bindings × view × session facts) a session keeps, newest last. */
export const RECENT_PLANS = 6;
/** The packed bytes the recent plans may hold together; older ones are dropped first. */
export const RECENT_PLANS_MAX_BYTES = 256 * 1024 * 1024;

/** The cache key of a request: bindings in name order, the view and the session facts. */
export function planKey(bindings: Record<string, number>, view: PlanView, session: Partial<ReportSession>, values: Record<string, number[]> = {}): string {
  const sorted = (o: object): Array<[string, unknown]> => Object.entries(o).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([sorted(bindings), view, sorted(session), sorted(values)]);
}

interface Pending {
  resolve(result: RecentPlan & { analyzed: boolean }): void;
  reject(err: LensError): void;
  onProgress?: (progress: PlanProgress) => void;
}

/** How long a stopped worker may take to reap ONNX Runtime's killed process before it is terminated anyway. */
const REAP_WAIT_MS = 2000;

/** One model file's worker; `plan` may be called any number of times, and `stop` only frees the thread. */
export class PlanSession {
  private worker: Worker | null = null;
  /** The pid of ONNX Runtime's process at work for the live worker (OrtChildMessage), null when none; cleared with `worker`. */
  private ortChild: number | null = null;
  /** Stopped workers whose killed ORT process has not been reaped yet: terminated when it is (stop). */
  private readonly reaping = new WeakSet<Worker>();
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly pendingAnswers = new Map<number, PendingAnswer>();
  /** How many times a worker read the model file (for tests and the output channel). */
  analyzeCount = 0;
  /** The pid of ONNX Runtime's process at work for the live worker, null when none (for tests). */
  get ortChildPid(): number | null {
    return this.ortChild;
  }

  /** How many of ONNX Runtime's processes a stop or a failed worker killed (for tests). */
  killedOrtChildren = 0;
  /** Finished plans by planKey, oldest first: a rebind back to recent values or a view switch back is instant. */
  private readonly recent = new Map<string, RecentPlan>();
  /** One promise per started worker that has not exited yet, resolved at its exit. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    readonly modelPath: string,
    private readonly workerScript: string,
    /** Where the worker caches ORT's optimized graphs (null: no cache). */
    private readonly cacheDir: string | null = null,
  ) {}

  /** True while a worker thread is alive. */
  get isRunning(): boolean {
    return this.worker !== null;
  }

  /**
   * Builds the report for `bindings`, `view` and `session`; rejects with LensError('cancelled') when
   * `token` fires. `onProgress` hears the worker's progress (nothing when the answer is cached).
   */
  plan(bindings: Record<string, number>, view: PlanView, token?: CancellationLike, session: Partial<ReportSession> = {}, onProgress?: (progress: PlanProgress) => void, values: Record<string, number[]> = {}): Promise<PlanResult> {
    if (token?.isCancellationRequested) return Promise.reject(this.cancelledError());
    const key = planKey(bindings, view, session, values);
    const hit = this.recent.get(key);
    if (hit) {
      this.recent.delete(key);
      this.recent.set(key, hit);
      return Promise.resolve(planResult(hit.columns, hit.packed, false, true, hit.decoded));
    }
    return this.planInWorker(bindings, view, token, session, onProgress, values).then((recent) => {
      this.remember(key, recent);
      return planResult(recent.columns, recent.packed, recent.analyzed, false, recent.decoded);
    });
  }

  /**
   * Runs a sweep or fit in the worker, on the analysis it keeps (reading the file only if no worker
   * is alive). `token` stops it between two plans through shared memory: the worker and its
   * analysis stay, and the promise rejects with LensError('cancelled').
   */
  answer(query: AnswerQuery, token?: CancellationLike, onProgress?: (progress: PlanProgress) => void): Promise<AnswerResult> {
    if (token?.isCancellationRequested) return Promise.reject(this.cancelledError());
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const cancel = new SharedArrayBuffer(4);
    return new Promise<AnswerResult>((resolve, reject) => {
      const sub = token?.onCancellationRequested(() => Atomics.store(new Int32Array(cancel), 0, 1));
      this.pendingAnswers.set(id, {
        onProgress,
        resolve: (r) => { sub?.dispose(); resolve(r); },
        reject: (e) => { sub?.dispose(); reject(e); },
      });
      const req: AnswerRequest = { ...query, bindings: { ...query.bindings }, inputValues: { ...(query.inputValues ?? {}) }, session: { ...query.session }, id, cancel };
      worker.postMessage(req);
    });
  }

  /** Keeps `result` among the recent plans within RECENT_PLANS and RECENT_PLANS_MAX_BYTES. */
  private remember(key: string, result: RecentPlan): void {
    this.recent.set(key, result);
    let bytes = 0;
    for (const r of this.recent.values()) bytes += r.packed.buffer.byteLength;
    for (const [k, r] of this.recent) {
      if (this.recent.size <= 1 || (this.recent.size <= RECENT_PLANS && bytes <= RECENT_PLANS_MAX_BYTES)) break;
      bytes -= r.packed.buffer.byteLength;
      this.recent.delete(k);
    }
  }

  private planInWorker(bindings: Record<string, number>, view: PlanView, token: CancellationLike | undefined, session: Partial<ReportSession>, onProgress: ((progress: PlanProgress) => void) | undefined, values: Record<string, number[]>): Promise<RecentPlan & { analyzed: boolean }> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<RecentPlan & { analyzed: boolean }>((resolve, reject) => {
      const sub = token?.onCancellationRequested(() => this.stop(this.cancelledError()));
      this.pending.set(id, {
        onProgress,
        resolve: (r) => {
          sub?.dispose();
          resolve(r);
        },
        reject: (e) => {
          sub?.dispose();
          reject(e);
        },
      });
      const req: PlanRequest = { id, bindings: { ...bindings }, ...(Object.keys(values).length > 0 ? { values: { ...values } } : {}), view, session: { ...session } };
      worker.postMessage(req);
    });
  }

  /**
   * Rejects the pending requests with `reason`, kills ONNX Runtime's process at work for the worker
   * (if any) and terminates the worker (if any): at once, or, when it had ORT's process, as soon as
   * it has reaped it. The next request starts a new worker either way.
   */
  stop(reason: LensError = new LensError('cancelled', `Analysis of ${this.modelPath} was stopped`)): void {
    const worker = this.worker;
    this.worker = null;
    const hadOrtChild = this.stopOrtChild();
    this.failPending(reason);
    if (!worker) return;
    if (!hadOrtChild) {
      void worker.terminate();
      return;
    }
    // The worker reaps the killed process and says so (OrtChildMessage null) within milliseconds; a
    // worker terminated before that would leave it a zombie until the extension host exits.
    this.reaping.add(worker);
    setTimeout(() => void worker.terminate(), REAP_WAIT_MS).unref();
  }

  /** Kills the live worker's ONNX Runtime process, if any, and forgets it; whether there was one. */
  private stopOrtChild(): boolean {
    const pid = this.ortChild;
    this.ortChild = null;
    if (pid === null) return false;
    this.killOrtChild(pid);
    return true;
  }

  /** Kills ONNX Runtime's process `pid` (already gone: nothing to do). */
  private killOrtChild(pid: number): void {
    try {
      process.kill(pid, 'SIGKILL');
      this.killedOrtChildren++;
    } catch {
      // ESRCH: it ended on its own before its exit was reported.
    }
  }

  /** Resolves once every worker this session started has exited (stopped ones included). */
  async exited(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private cancelledError(): LensError {
    return new LensError('cancelled', `Analysis of ${this.modelPath} was cancelled`);
  }

  private failPending(err: LensError): void {
    const all = [...this.pending.values(), ...this.pendingAnswers.values()];
    this.pending.clear();
    this.pendingAnswers.clear();
    for (const p of all) p.reject(err);
  }

  /** Settles the answer request `res.id` (a sweep or fit); false when it is not one. */
  private settleAnswer(res: Exclude<WorkerMessage, OrtChildMessage>): boolean {
    const a = this.pendingAnswers.get(res.id);
    if (!a) return false;
    if ('progress' in res) {
      a.onProgress?.(res.progress);
      return true;
    }
    this.pendingAnswers.delete(res.id);
    if (!res.ok) a.reject(new LensError(res.error.code, res.error.message));
    else if ('sweep' in res) a.resolve({ kind: 'sweep', sweep: res.sweep });
    else if ('fit' in res) a.resolve({ kind: 'fit', fit: res.fit });
    else a.reject(new LensError('internal', `The plan worker answered a sweep or fit of ${this.modelPath} with a report`));
    return true;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const data: PlanWorkerData = { path: this.modelPath, cacheDir: this.cacheDir };
    const worker = new Worker(this.workerScript, { workerData: data });
    this.worker = worker;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    this.running.add(exited);
    void exited.then(() => this.running.delete(exited));
    worker.on('message', (res: WorkerMessage) => {
      if ('ortChild' in res) {
        if (this.worker === worker) this.ortChild = res.ortChild;
        // A stopped worker's process whose pid was still on its way at the stop (ORT had just
        // started): nobody waits for it, so it is killed instead of finishing the session.
        else if (res.ortChild !== null) this.killOrtChild(res.ortChild);
        else if (this.reaping.delete(worker)) void worker.terminate();
        return;
      }
      if (this.worker !== worker) return;
      if (this.settleAnswer(res)) return;
      const p = this.pending.get(res.id);
      if (!p) return;
      if ('progress' in res) {
        p.onProgress?.(res.progress);
        return;
      }
      this.pending.delete(res.id);
      if (res.ok && !('packed' in res)) {
        p.reject(new LensError('internal', `The plan worker answered a report request of ${this.modelPath} with a sweep or fit`));
      } else if (res.ok) {
        if (res.analyzed) this.analyzeCount++;
        let columns: ReportColumns;
        try {
          // Views on the buffer and a version check now; the objects only when the report is read.
          columns = unpackReportColumns(res.packed);
          checkReportColumnsVersion(columns);
        } catch (err) {
          p.reject(err instanceof LensError ? err : new LensError('internal', `Report of ${this.modelPath} could not be decoded: ${String(err)}`));
          return;
        }
        p.resolve({ columns, packed: res.packed, decoded: { report: null }, analyzed: res.analyzed });
      } else {
        p.reject(new LensError(res.error.code, res.error.message));
      }
    });
    worker.on('error', (err) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.stopOrtChild();
      this.failPending(new LensError('internal', `Plan worker failed for ${this.modelPath}: ${err.message}`, { cause: err }));
    });
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.stopOrtChild();
      this.failPending(new LensError('internal', `Plan worker for ${this.modelPath} exited with code ${code}`));
    });
    return worker;
  }
}
