/**
 * The "Open With…" custom editor for .onnx files. The model is parsed and planned once, in
 * openCustomDocument (the error boundary for that step); resolveCustomEditor only wires a view.
 */
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { PlanView } from '../report/report';
import type { LensHost, PlanOutcome } from './lensHost';
import { type ProfileImporter, ReportView } from './reportView';
import { readSettings } from './settings';

/** The custom editor's view type (package.json contributes.customEditors). */
export const REPORT_EDITOR_VIEW_TYPE = 'onnxMemoryLens.report';

/** A model opened in the custom editor: the first plan (or the error that stopped it); its worker session lives in the host's cache. */
export class LensDocument implements vscode.CustomDocument {
  constructor(
    readonly uri: vscode.Uri,
    readonly outcome: PlanOutcome,
    readonly bindings: Record<string, number>,
    readonly view: PlanView,
  ) {}

  /** Nothing to release: the worker session belongs to the host's cache. */
  dispose(): void {}
}

/** Read-only custom editor provider; nothing is ever saved. */
export class LensEditorProvider implements vscode.CustomReadonlyEditorProvider<LensDocument> {
  constructor(
    private readonly host: LensHost,
    private readonly importProfile: ProfileImporter,
    private readonly onView: (view: ReportView) => void,
    /** The bindings a model opens with (its last ones, else the setting's), and where new ones are remembered. */
    private readonly bindings: { startFor(uri: vscode.Uri, defaults: Record<string, number>): Record<string, number>; remember(uri: vscode.Uri, bindings: Record<string, number>): void },
  ) {}

  async openCustomDocument(uri: vscode.Uri, _context: vscode.CustomDocumentOpenContext, token: vscode.CancellationToken): Promise<LensDocument> {
    const settings = readSettings(uri);
    for (const p of settings.problems) this.host.log(p);
    const bindings = this.bindings.startFor(uri, settings.defaultBindings);
    let outcome: PlanOutcome;
    try {
      const session = this.host.sessions.acquire(uri.fsPath);
      outcome = { ok: true, plan: await this.host.plan(session, bindings, settings.view, token, settings.session) };
    } catch (err) {
      outcome = { ok: false, error: this.host.reportError(err, basename(uri.fsPath)) };
    }
    return new LensDocument(uri, outcome, bindings, settings.view);
  }

  resolveCustomEditor(document: LensDocument, panel: vscode.WebviewPanel): void {
    const view = new ReportView(
      this.host,
      panel,
      document.uri,
      { bindings: document.bindings, view: document.view, outcome: document.outcome, onPlanned: (b) => this.bindings.remember(document.uri, b) },
      this.importProfile,
    );
    this.onView(view);
  }
}
