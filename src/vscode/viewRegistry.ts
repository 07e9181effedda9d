/**
 * The open report views, so the command can reveal an existing panel for a model and the profile
 * import can target the report the user looked at last.
 */
import type * as vscode from 'vscode';
import type { ReportView } from './reportView';

/** View type of report panels opened by the command (restored by the serializer). */
export const REPORT_PANEL_VIEW_TYPE = 'onnxMemoryLens.reportPanel';

/** Open report views, most recently focused last. */
export class ViewRegistry {
  private readonly views: ReportView[] = [];

  /** Tracks `view` until its panel closes. */
  add(view: ReportView): void {
    this.views.push(view);
    view.panel.onDidChangeViewState((e) => {
      if (e.webviewPanel.active) this.touch(view);
    });
    view.panel.onDidDispose(() => this.views.splice(this.views.indexOf(view), 1));
  }

  /** The command panel (not custom editor) showing `uri`, if one is open. */
  panelFor(uri: vscode.Uri): ReportView | undefined {
    return this.views.find((v) => v.panel.viewType === REPORT_PANEL_VIEW_TYPE && v.modelUri.toString() === uri.toString());
  }

  /** The view the user looked at last. */
  get latest(): ReportView | undefined {
    return this.views.find((v) => v.panel.active) ?? this.views[this.views.length - 1];
  }

  /** Every open view. */
  all(): readonly ReportView[] {
    return this.views;
  }

  private touch(view: ReportView): void {
    const i = this.views.indexOf(view);
    if (i >= 0) this.views.splice(i, 1);
    this.views.push(view);
  }
}
