/**
 * One open report: a webview panel (command panel, restored panel or custom editor) bound to one
 * model file. It answers the webview's messages after validating them, replans on `bind` and
 * `setView` in the model's worker, and keeps the budget diagnostic current.
 */
import { homedir } from 'node:os';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { assertUnreachable, LensError } from '../onnx/lensError';
import type { PackedReportColumns } from '../report/packedColumns';
import type { AnswerKind, ObservedProfile, ToWebview } from '../report/protocol';
import { sweepValues } from '../report/sweep';
import type { GraphOptimizationLevel, PlanView, Report } from '../report/report';
import { Disposable } from './disposable';
import { exportBytes, safeExportName } from './exportPayload';
import type { LensHost, PlanOutcome } from './lensHost';
import type { PlanResult } from './planSession';
import { planKey } from './planSession';
import { readSettings } from './settings';
import { validateFromWebview } from './validateMessage';
import { setReportHtml } from './webviewHtml';

/** How long after a budget warning opened the panel a reloading webview still gets the peak reveal (ms). */
const REVEAL_WINDOW_MS = 5000;

/** What a view starts from: settings-derived bindings and view, and optionally a plan already made (custom editor). */
export interface ReportViewStart {
  bindings: Record<string, number>;
  view: PlanView;
  outcome: PlanOutcome | null;
  /** Called with the bindings of every plan shown (the host remembers them per model). */
  onPlanned?: (bindings: Record<string, number>) => void;
}

/** Imports an ORT profile for a view; supplied by the extension so the view stays free of file pickers. */
export type ProfileImporter = (view: ReportView) => Promise<void>;

/** A report panel; disposing the last view of a model clears its budget diagnostic. */
export class ReportView extends Disposable {
  readonly fileName: string;
  private bindings: Record<string, number>;
  /** Contents fixed for small inputs in the panel (setInputValues); kept until the panel closes. */
  private inputValues: Record<string, number[]> = {};
  private view: PlanView;
  /** The level chosen with the toolbar, over the setting, until the panel closes; null: the setting. */
  private level: GraphOptimizationLevel | null = null;
  private last: PlanOutcome | null;
  private observed: ObservedProfile | null = null;
  private readonly onPlanned: ((bindings: Record<string, number>) => void) | undefined;
  private isReady = false;
  /**
   * Until when (ms since epoch) a 'ready' re-sends the peak reveal: the panel was opened from a budget
   * warning, and its webview, discarded while the text tab hid it, may load again just after the reveal.
   */
  private revealPeakUntil = 0;
  /** Incremented per plan request, so a late answer to an older request is dropped. */
  private generation = 0;
  /** The running sweep or fit, if any. */
  private answerCts: vscode.CancellationTokenSource | null = null;

  constructor(
    private readonly host: LensHost,
    readonly panel: vscode.WebviewPanel,
    readonly modelUri: vscode.Uri,
    start: ReportViewStart,
    private readonly importProfile: ProfileImporter,
  ) {
    super();
    this.fileName = basename(modelUri.fsPath);
    this.bindings = { ...start.bindings };
    this.view = start.view;
    this.last = start.outcome;
    this.onPlanned = start.onPlanned;
    setReportHtml(panel.webview, host.extensionUri, `Memory: ${this.fileName}`);
    this.register(panel.webview.onDidReceiveMessage((raw: unknown) => this.onMessage(raw)));
    this.register(panel.onDidDispose(() => this.dispose()));
    // A hidden panel's webview is discarded (no retainContextWhenHidden): what is posted then is lost,
    // and the page posts 'ready' again when shown, which re-sends the report (and a recent reveal).
    this.register(panel.onDidChangeViewState(() => {
      if (!panel.visible) this.isReady = false;
    }));
    if (!this.last) void this.replan();
    else if (this.last.ok) this.applyBudget(this.last.plan);
  }

  /** The report on screen, if any. */
  get report(): Report | null {
    return this.last?.ok ? this.last.plan.report : null;
  }

  override dispose(): void {
    if (this.isDisposed) return;
    this.answerCts?.cancel();
    this.host.releaseBudget(this.modelUri, this);
    super.dispose();
  }

  /** Shows observed profile numbers beside the modeled ones. */
  showObserved(observed: ObservedProfile | null): void {
    this.observed = observed;
    this.post({ type: 'observed', observed });
  }

  /** Plans again when the last attempt failed or was cancelled (the command was run again on this model). */
  retryIfFailed(): void {
    if (this.last && !this.last.ok) void this.replan();
  }

  /** Shows the main graph at its peak step (or the largest known step when the peak is a lower bound), now or once the report is shown. */
  revealPeak(): void {
    this.revealPeakUntil = Date.now() + REVEAL_WINDOW_MS;
    this.revealPendingPeak();
  }

  private revealPendingPeak(): void {
    if (Date.now() > this.revealPeakUntil || !this.isReady || !this.last?.ok) return;
    const step = peakStepOf(this.last.plan.report);
    if (step !== null) this.post({ type: 'revealStep', step });
  }

  /** Re-evaluates the budget diagnostic (after a settings change). */
  recheckBudget(): void {
    if (this.last?.ok) this.applyBudget(this.last.plan);
  }

  /** Plans again after a session-fact setting (threads, L2, KV length) changed. */
  replanForSettings(): void {
    void this.replan();
  }

  /** Appends a line about this view to the output channel. */
  log(line: string): void {
    this.host.log(line);
  }

  /** Reports a side problem (export, profile import) without replacing the report on screen. */
  reportProblem(err: unknown): void {
    this.host.reportError(err, this.fileName);
  }

  /** Reports `err` through the host's boundary and shows it in this panel. */
  showError(err: unknown): void {
    const error = this.host.reportError(err, this.fileName);
    this.last = { ok: false, error };
    this.post(error);
  }

  private post(msg: ToWebview): void {
    if (!this.isReady || this.isDisposed) return;
    void this.panel.webview.postMessage(msg);
  }

  /** Posts the report as columns: VS Code moves their typed arrays as raw buffers, where a Report of
   *  100k objects costs seconds of JSON and structured clone (scripts/bench/webview.ts). */
  private postReport(packed: PackedReportColumns): void {
    if (!this.isReady || this.isDisposed) return;
    this.post({ type: 'reportColumns', packed, fileName: this.fileName });
  }

  private postCurrent(): void {
    if (!this.last) this.post({ type: 'loading', fileName: this.fileName, message: `Planning memory for ${this.fileName}` });
    else if (this.last.ok) this.postReport(this.last.plan.packed);
    else this.post(this.last.error);
    if (this.observed) this.post({ type: 'observed', observed: this.observed });
    this.revealPendingPeak();
  }

  /** Checks the budget once the webview has its message: decoding the host's copy of a large report takes a while. */
  private applyBudget(plan: PlanResult): void {
    setTimeout(() => {
      if (this.isDisposed || !this.last?.ok || this.last.plan !== plan) return;
      try {
        this.logFallback(plan);
        this.host.updateBudget(this.modelUri, plan.report, readSettings(this.modelUri).budgetBytes, this);
      } catch (err) {
        this.reportProblem(err);
      }
    }, 0);
  }

  /** The session facts of the report on screen: the settings, with this panel's optimization level where it chose one. Sweeps and fits use the same. */
  private sessionFacts(): ReturnType<typeof readSettings>['session'] {
    const facts = readSettings(this.modelUri).session;
    if (this.level !== null) facts.graphOptimizationLevel = this.level;
    return facts;
  }

  private async replan(): Promise<void> {
    const generation = ++this.generation;
    this.post({ type: 'loading', fileName: this.fileName, message: `Planning memory for ${this.fileName}` });
    try {
      // Acquire on every plan: the cache returns the same session unless the file changed on disk.
      const session = this.host.sessions.acquire(this.modelUri.fsPath);
      const facts = this.sessionFacts();
      const plan = await this.host.plan(session, this.bindings, this.view, undefined, facts, (p) => {
        if (generation === this.generation) this.post({ type: 'loading', fileName: this.fileName, message: `Planning memory for ${this.fileName}: ${p.percent}% · ${p.message}` });
      }, this.inputValues);
      if (generation !== this.generation || this.isDisposed) return;
      this.last = { ok: true, plan };
      this.onPlanned?.({ ...this.bindings });
      // The webview first: the host decodes its own copy of the report (for the budget) afterwards.
      this.postReport(plan.packed);
      this.revealPendingPeak();
      this.applyBudget(plan);
    } catch (err) {
      if (generation !== this.generation || this.isDisposed) return;
      this.showError(err);
    }
  }

  private onMessage(raw: unknown): void {
    const checked = validateFromWebview(raw);
    if (!checked.ok) {
      this.host.logRefusedMessage(checked.type, checked.reason);
      return;
    }
    const msg = checked.message;
    switch (msg.type) {
      case 'ready':
        this.isReady = true;
        this.postCurrent();
        return;
      case 'bind':
        // The same values again (a field left without a change) plan nothing while a report is shown.
        if (this.last?.ok === true && planKey(msg.bindings, this.view, {}) === planKey(this.bindings, this.view, {})) return;
        this.bindings = { ...msg.bindings };
        void this.replan();
        return;
      case 'setInputValues':
        if (this.last?.ok === true && planKey({}, this.view, {}, msg.values) === planKey({}, this.view, {}, this.inputValues)) return;
        this.inputValues = { ...msg.values };
        void this.replan();
        return;
      case 'setView':
        if (this.last?.ok === true && msg.view === this.view) return;
        this.view = msg.view;
        void this.replan();
        return;
      case 'setOptimization':
        if (this.last?.ok === true && msg.level === (this.level ?? readSettings(this.modelUri).session.graphOptimizationLevel)) return;
        this.level = msg.level;
        void this.replan();
        return;
      case 'export':
        void this.saveExport(msg.format, msg.fileName, msg.data);
        return;
      case 'importProfile':
        void this.importProfile(this);
        return;
      case 'sweep':
        void this.runAnswer('sweep', msg.dim, { kind: 'sweep', values: sweepValues(msg.from, msg.to, { points: msg.points, log: msg.log }) });
        return;
      case 'fit': {
        const budgetBytes = msg.budgetBytes ?? readSettings(this.modelUri).budgetBytes;
        if (budgetBytes === null) {
          this.post({ type: 'answerError', kind: 'fit', code: 'bad-argument', message: 'No budget: enter one here or set onnxMemoryLens.budgetBytes' });
          return;
        }
        void this.runAnswer('fit', msg.dim, { kind: 'fit', budgetBytes });
        return;
      }
      case 'cancelAnswer':
        this.answerCts?.cancel();
        return;
      default:
        assertUnreachable(msg);
    }
  }

  /**
   * Runs a sweep or fit in the model's worker on the analysis it keeps, with the bindings, view and
   * session on screen (the swept dim left out); a new one cancels the one running.
   */
  private async runAnswer(kind: AnswerKind, dim: string, what: { kind: 'sweep'; values: number[] } | { kind: 'fit'; budgetBytes: number }): Promise<void> {
    this.answerCts?.cancel();
    const cts = new vscode.CancellationTokenSource();
    this.answerCts = cts;
    const bindings = { ...this.bindings };
    delete bindings[dim];
    try {
      const session = this.host.sessions.acquire(this.modelUri.fsPath);
      const result = await session.answer({ ...what, dim, bindings, inputValues: this.inputValues, view: this.view, session: this.sessionFacts() }, cts.token, (p) => {
        if (this.answerCts === cts) this.post({ type: 'answerProgress', kind, message: p.message, percent: p.percent });
      });
      if (this.answerCts !== cts || this.isDisposed) return;
      if (result.kind === 'sweep') this.post({ type: 'sweepResult', result: result.sweep });
      else this.post({ type: 'fitResult', result: result.fit });
      this.host.log(`${kind === 'sweep' ? 'Swept' : 'Fitted'} ${dim} of ${this.fileName}`);
    } catch (err) {
      if (this.answerCts !== cts || this.isDisposed) return;
      const code = err instanceof LensError ? err.code : 'internal';
      // A cancel is the user's choice: said in the panel, not raised as an error.
      if (code !== 'cancelled') this.reportProblem(err);
      this.post({ type: 'answerError', kind, code, message: err instanceof Error ? err.message : String(err) });
    } finally {
      if (this.answerCts === cts) this.answerCts = null;
      cts.dispose();
    }
  }

  /** Says in the output channel, once per reason, when a report fell back to 'disabled'. */
  private logFallback(plan: PlanResult): void {
    if (plan.cached) return;
    const s = plan.report.session;
    if (s.optimizationFallbackReason) this.host.log(`${this.fileName}: modeled at graph optimization level disabled instead of ${s.requestedGraphOptimizationLevel ?? 'all'}: ${s.optimizationFallbackReason}`);
  }

  private async saveExport(format: 'png' | 'svg' | 'csv' | 'json', fileName: string, data: string): Promise<void> {
    try {
      const bytes = exportBytes(format, data);
      const name = safeExportName(fileName, format);
      // Suggest the workspace folder (or home), never a silent write: only the dialog's answer is written.
      const folder = vscode.workspace.getWorkspaceFolder(this.modelUri)?.uri ?? vscode.Uri.file(homedir());
      const target = await vscode.window.showSaveDialog({
        defaultUri: vscode.Uri.joinPath(folder, name),
        filters: { [format.toUpperCase()]: [format] },
        saveLabel: 'Export',
        title: `Export memory report of ${this.fileName}`,
      });
      if (!target) return;
      await vscode.workspace.fs.writeFile(target, bytes);
      this.host.log(`Exported ${format} of ${this.fileName} to ${target.fsPath} (${bytes.byteLength} bytes)`);
    } catch (err) {
      const wrapped = err instanceof LensError ? err : new LensError('io', `Cannot export ${fileName}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      this.reportProblem(wrapped);
    }
  }
}

/** The main graph's peak step, or its largest known step when some steps are unavailable; null when none is known. */
function peakStepOf(report: Report): number | null {
  const main = report.graphs[0];
  if (!main) return null;
  if (main.peak.step !== null) return main.peak.step;
  let best: number | null = null;
  for (const s of main.steps) if (s.liveBytes !== null && (best === null || s.liveBytes > main.steps[best]!.liveBytes!)) best = s.index;
  return best;
}
