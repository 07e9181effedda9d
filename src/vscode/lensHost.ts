/**
 * Services shared by every report: the output channel, the budget diagnostics, the plan-session
 * cache, progress around planning, and the single error boundary.
 */
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { LensError } from '../onnx/lensError';
import type { ToWebview } from '../report/protocol';
import type { PlanView, Report, ReportSession } from '../report/report';
import { checkBudget } from '../report/budget';
import { Disposable } from './disposable';
import type { PlanResult, PlanSession } from './planSession';
import type { PlanProgress } from './workerProtocol';
import { SessionCache } from './sessionCache';

/** Name of the output channel (also what users see in the Output view). */
export const OUTPUT_CHANNEL_NAME = 'ONNX Memory Lens';
/** Plans finishing faster than this show no progress notification, so small models do not flash one. */
export const PROGRESS_DELAY_MS = 400;

/** A report posted to the webview, or the error that replaced it. */
export type PlanOutcome = { ok: true; plan: PlanResult } | { ok: false; error: ToWebview & { type: 'error' } };

/** Extension-wide services; one instance per activation. */
export class LensHost extends Disposable {
  readonly output: vscode.OutputChannel;
  readonly diagnostics: vscode.DiagnosticCollection;
  readonly sessions: SessionCache;
  private readonly loggedMessageTypes = new Set<string>();
  /** Views that own a model's budget diagnostic, by model URI: it is cleared when the last one closes. */
  private readonly budgetOwners = new Map<string, Set<object>>();

  /** `storageUri` (the extension's global storage) holds the cache of ORT's optimized graphs. */
  constructor(readonly extensionUri: vscode.Uri, storageUri?: vscode.Uri) {
    super();
    this.output = this.register(vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME));
    this.diagnostics = this.register(vscode.languages.createDiagnosticCollection('onnxMemoryLens'));
    const cacheDir = storageUri?.scheme === 'file' ? storageUri.fsPath : null;
    this.sessions = this.register(new SessionCache(vscode.Uri.joinPath(extensionUri, 'dist', 'planWorker.js').fsPath, cacheDir));
  }

  /** Appends one line to the output channel. */
  log(line: string): void {
    this.output.appendLine(`[${new Date().toISOString()}] ${line}`);
  }

  /** Logs a refused webview message once per message type, so a chatty webview cannot flood the channel. */
  logRefusedMessage(type: string | null, reason: string): void {
    const key = type ?? '(no type)';
    if (this.loggedMessageTypes.has(key)) return;
    this.loggedMessageTypes.add(key);
    this.log(`Ignored a webview message of type ${key}: ${reason}`);
  }

  /**
   * Plans in the session's worker. A plan slower than PROGRESS_DELAY_MS shows a cancellable progress
   * notification with the worker's phases and counts; cancelling it (or `token`) terminates the worker.
   */
  async plan(session: PlanSession, bindings: Record<string, number>, view: PlanView, token?: vscode.CancellationToken, facts: Partial<ReportSession> = {}, onProgress?: (p: PlanProgress) => void, values: Record<string, number[]> = {}): Promise<PlanResult> {
    const fileName = basename(session.modelPath);
    const cts = new vscode.CancellationTokenSource();
    const outer = token?.onCancellationRequested(() => cts.cancel());
    const started = Date.now();
    // The latest progress, kept until the notification (if any) shows it; then each update moves its bar.
    let latest: PlanProgress = { percent: 0, message: '' };
    let show: ((p: PlanProgress) => void) | null = null;
    const work = session.plan(bindings, view, cts.token, facts, (p) => {
      latest = p;
      show?.(p);
      onProgress?.(p);
    }, values);
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    try {
      let timer: NodeJS.Timeout | undefined;
      const isSlow = await Promise.race([settled.then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), PROGRESS_DELAY_MS)))]);
      clearTimeout(timer);
      if (isSlow) {
        void vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `Planning memory for ${fileName}`, cancellable: true },
          (progress, progressToken) => {
            const sub = progressToken.onCancellationRequested(() => cts.cancel());
            let shownPercent = 0;
            show = (p) => {
              progress.report({ message: `${p.percent}% · ${p.message}`, increment: Math.max(0, p.percent - shownPercent) });
              shownPercent = Math.max(shownPercent, p.percent);
            };
            show(latest);
            return settled.finally(() => {
              show = null;
              sub.dispose();
            });
          },
        );
      }
      const result = await work;
      this.log(`${result.analyzed ? 'Analyzed and planned' : result.cached ? 'Reused a recent plan of' : 'Replanned'} ${session.modelPath} (${view}, bindings ${JSON.stringify(bindings)}${Object.keys(values).length > 0 ? `, input values ${JSON.stringify(values)}` : ''}) in ${Date.now() - started} ms`);
      return result;
    } finally {
      outer?.dispose();
      cts.dispose();
    }
  }

  /**
   * The error boundary: shows `err.message` (except for a user's own cancel), logs it, and returns
   * the `error` message the panel posts so it shows the same text.
   */
  reportError(err: unknown, fileName: string): ToWebview & { type: 'error' } {
    const code = err instanceof LensError ? err.code : 'internal';
    const text = err instanceof Error ? err.message : String(err);
    // An internal error is a bug of ours, not a problem with the model: say so, and where to look.
    const message = code === 'internal' ? `${text} (a bug in ONNX Memory Lens, not in the model: please report it; details in the ONNX Memory Lens output channel)` : text;
    this.log(`Error (${code}) for ${fileName}: ${message}`);
    if (err instanceof Error && !(err instanceof LensError) && err.stack) this.log(err.stack);
    if (code !== 'cancelled') void vscode.window.showErrorMessage(message);
    return { type: 'error', code, message, fileName };
  }

  /** Sets or clears the budget diagnostic of `uri` from `report` (shown by `owner`) and the budget setting in effect for it. */
  updateBudget(uri: vscode.Uri, report: Report, budgetBytes: number | null, owner: object): void {
    const key = uri.toString();
    const owners = this.budgetOwners.get(key) ?? new Set<object>();
    owners.add(owner);
    this.budgetOwners.set(key, owners);
    const finding = checkBudget(report, budgetBytes);
    if (!finding) {
      this.diagnostics.delete(uri);
      return;
    }
    const severity = finding.kind === 'over' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information;
    const diagnostic = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 0), finding.message, severity);
    diagnostic.source = OUTPUT_CHANNEL_NAME;
    diagnostic.code = finding.kind === 'over' ? 'over-budget' : 'budget-unknown';
    this.diagnostics.set(uri, [diagnostic]);
  }

  /** Forgets `owner`; clears the diagnostic of `uri` when no other open view of that model remains. */
  releaseBudget(uri: vscode.Uri, owner: object): void {
    const key = uri.toString();
    const owners = this.budgetOwners.get(key);
    owners?.delete(owner);
    if (owners && owners.size > 0) return;
    this.budgetOwners.delete(key);
    this.diagnostics.delete(uri);
  }
}
