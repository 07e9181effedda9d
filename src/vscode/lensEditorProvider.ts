/**
 * The "Open With…" custom editor for .onnx files. The model is parsed and planned once, in
 * openCustomDocument (the error boundary for that step); resolveCustomEditor only wires a view.
 */
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { PlanView } from '../report/report';
import type { LensHost, PlanOutcome } from './lensHost';
import type { PlanSession } from './planSession';
import { type ProfileImporter, ReportView } from './reportView';
import { readSettings } from './settings';

/** The custom editor's view type (package.json contributes.customEditors). */
export const REPORT_EDITOR_VIEW_TYPE = 'onnxMemoryLens.report';

/** A model opened in the custom editor: its session and the first plan (or the error that stopped it). */
export class LensDocument implements vscode.CustomDocument {
  constructor(
    readonly uri: vscode.Uri,
    readonly session: PlanSession | null,
    readonly outcome: PlanOutcome,
    readonly bindings: Record<string, number>,
    readonly view: PlanView,
  ) {}

  /** Nothing to release: the session belongs to the host's cache. */
  dispose(): void {}
}

/** Read-only custom editor provider; nothing is ever saved. */
export class LensEditorProvider implements vscode.CustomReadonlyEditorProvider<LensDocument> {
  constructor(
    private readonly host: LensHost,
    private readonly importProfile: ProfileImporter,
    private readonly onView: (view: ReportView) => void,
  ) {}

  async openCustomDocument(uri: vscode.Uri, _context: vscode.CustomDocumentOpenContext, token: vscode.CancellationToken): Promise<LensDocument> {
    const settings = readSettings(uri);
    for (const p of settings.problems) this.host.log(p);
    let session: PlanSession | null = null;
    let outcome: PlanOutcome;
    try {
      session = this.host.sessions.acquire(uri.fsPath);
      const { report } = await this.host.plan(session, settings.defaultBindings, settings.view, token);
      outcome = { ok: true, report };
    } catch (err) {
      outcome = { ok: false, error: this.host.reportError(err, basename(uri.fsPath)) };
    }
    return new LensDocument(uri, session, outcome, settings.defaultBindings, settings.view);
  }

  resolveCustomEditor(document: LensDocument, panel: vscode.WebviewPanel): void {
    const view = new ReportView(
      this.host,
      panel,
      document.uri,
      { bindings: document.bindings, view: document.view, session: document.session, outcome: document.outcome },
      this.importProfile,
    );
    this.onView(view);
  }
}
