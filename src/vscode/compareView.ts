/**
 * "Compare memory reports": two .onnx files planned in their workers with the settings of the first
 * (bindings, view, session facts), compared by src/report/diff.ts, and shown in a panel of their own
 * (the webview's compare page: Δ peak, Δ initializers, both live curves on one axis, every buffer
 * that changed).
 */
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { describeSession } from '../report/describeSession';
import { diffReports } from '../report/diff';
import type { ToWebview } from '../report/protocol';
import { Disposable } from './disposable';
import type { LensHost } from './lensHost';
import { readSettings } from './settings';
import { validateFromWebview } from './validateMessage';
import { setReportHtml } from './webviewHtml';

/** View type of compare panels. */
export const COMPARE_PANEL_VIEW_TYPE = 'onnxMemoryLens.comparePanel';

/** One compare panel: plans both models, then answers the webview's `ready` with the comparison. */
export class CompareView extends Disposable {
  private message: ToWebview | null = null;
  private isReady = false;

  constructor(
    private readonly host: LensHost,
    readonly panel: vscode.WebviewPanel,
    readonly a: vscode.Uri,
    readonly b: vscode.Uri,
  ) {
    super();
    setReportHtml(panel.webview, host.extensionUri, `Compare: ${basename(a.fsPath)} vs ${basename(b.fsPath)}`);
    this.register(panel.webview.onDidReceiveMessage((raw: unknown) => this.onMessage(raw)));
    this.register(panel.onDidDispose(() => this.dispose()));
    void this.run();
  }

  private async run(): Promise<void> {
    const aName = basename(this.a.fsPath);
    const bName = basename(this.b.fsPath);
    this.show({ type: 'loading', fileName: `${aName} vs ${bName}`, message: 'Planning both models' });
    try {
      const settings = readSettings(this.a);
      const plan = (uri: vscode.Uri) => this.host.plan(this.host.sessions.acquire(uri.fsPath), settings.defaultBindings, settings.view, undefined, settings.session);
      const [ra, rb] = await Promise.all([plan(this.a), plan(this.b)]);
      if (this.isDisposed) return;
      const a = ra.report;
      const diff = diffReports(a, rb.report);
      this.show({ type: 'compare', diff, aName, bName, sessionLabel: describeSession(a), bindings: a.bindings });
      this.host.log(`Compared ${this.a.fsPath} with ${this.b.fsPath}: peak delta ${String(diff.peakDeltaBytes)} B`);
    } catch (err) {
      if (this.isDisposed) return;
      this.show(this.host.reportError(err, `${aName} vs ${bName}`));
    }
  }

  private show(message: ToWebview): void {
    this.message = message;
    if (this.isReady && !this.isDisposed) void this.panel.webview.postMessage(message);
  }

  private onMessage(raw: unknown): void {
    const checked = validateFromWebview(raw);
    if (!checked.ok) {
      this.host.logRefusedMessage(checked.type, checked.reason);
      return;
    }
    // The compare page only says it is ready; anything else a report page may ask is not offered here.
    if (checked.message.type !== 'ready') return;
    this.isReady = true;
    if (this.message) void this.panel.webview.postMessage(this.message);
  }
}
