/**
 * Extension entry point: registers the report command, the profile import, the "Open With…"
 * custom editor and the serializer that restores report panels after a reload.
 */
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { LensError } from '../onnx/lensError';
import { LensEditorProvider, REPORT_EDITOR_VIEW_TYPE } from './lensEditorProvider';
import { LensHost } from './lensHost';
import { modelPathFromState, recallPanel, rememberPanel } from './panelRestore';
import { importProfileInto } from './profileImport';
import { ReportView } from './reportView';
import { REPORT_PANEL_VIEW_TYPE, ViewRegistry } from './viewRegistry';
import { reportWebviewOptions } from './webviewHtml';
import { readSettings, SESSION_SETTINGS, SETTINGS_SECTION } from './settings';
import { panelTitle } from './panelTitle';

/** Command id of "Show memory backing report" (package.json). */
export const SHOW_REPORT_COMMAND = 'onnxMemoryLens.showReport';
/** Command id of "Import ONNX Runtime profile…" (package.json). */
export const IMPORT_PROFILE_COMMAND = 'onnxMemoryLens.importProfile';

/** workspaceState key of the title -> model path map used to restore panels. */
const PANEL_MEMORY_KEY = 'onnxMemoryLens.panels';

/** The .onnx file of the active editor tab (text placeholder or custom editor), if any. */
function activeModelUri(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom) return input.uri;
  return vscode.window.activeTextEditor?.document.uri;
}

function isOnnxUri(uri: vscode.Uri): boolean {
  return uri.path.toLowerCase().endsWith('.onnx');
}

/** Models the command was invoked on: the explorer selection, the given file, the active tab, or a file the user picks. */
async function targetModels(uri: unknown, selected: unknown): Promise<vscode.Uri[]> {
  // A multi-selection may mix in other files; the menu item was offered for the right-clicked .onnx.
  const models = Array.isArray(selected) ? selected.filter((u): u is vscode.Uri => u instanceof vscode.Uri && isOnnxUri(u)) : [];
  if (models.length > 0) return models;
  if (uri instanceof vscode.Uri) return [uri];
  const active = activeModelUri();
  if (active && isOnnxUri(active)) return [active];
  const picked = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { 'ONNX model': ['onnx'] }, openLabel: 'Show memory report' });
  return picked ?? [];
}

/** Activates the extension: everything registered here is disposed on deactivation. */
export function activate(context: vscode.ExtensionContext): void {
  const host = new LensHost(context.extensionUri, context.globalStorageUri);
  context.subscriptions.push(host);
  const views = new ViewRegistry();
  const importProfile = (view: ReportView): Promise<void> => importProfileInto(view);

  const openView = (panel: vscode.WebviewPanel, modelUri: vscode.Uri): ReportView => {
    const settings = readSettings(modelUri);
    for (const p of settings.problems) host.log(p);
    const view = new ReportView(host, panel, modelUri, { bindings: settings.defaultBindings, view: settings.view, outcome: null }, importProfile);
    views.add(view);
    void context.workspaceState.update(PANEL_MEMORY_KEY, rememberPanel(context.workspaceState.get(PANEL_MEMORY_KEY), panel.title, modelUri.fsPath));
    retitlePanels();
    panel.onDidDispose(() => retitlePanels());
    return view;
  };

  /** Titles every report panel so that two models with one file name are told apart by their folder. */
  const retitlePanels = (): void => {
    const panels = views.all().filter((v) => v.panel.viewType === REPORT_PANEL_VIEW_TYPE);
    const paths = panels.map((v) => v.modelUri.fsPath);
    for (const v of panels) {
      const title = panelTitle(v.modelUri.fsPath, paths);
      if (v.panel.title === title) continue;
      v.panel.title = title;
      void context.workspaceState.update(PANEL_MEMORY_KEY, rememberPanel(context.workspaceState.get(PANEL_MEMORY_KEY), title, v.modelUri.fsPath));
    }
  };

  const showReport = async (uri?: unknown, selected?: unknown): Promise<void> => {
    for (const modelUri of await targetModels(uri, selected)) {
      if (modelUri.scheme !== 'file') {
        host.reportError(new LensError('io', `Only model files on disk can be analyzed, not ${modelUri.toString()}`), basename(modelUri.path));
        continue;
      }
      const existing = views.panelFor(modelUri);
      if (existing) {
        existing.panel.reveal();
        existing.retryIfFailed();
        continue;
      }
      const fileName = basename(modelUri.fsPath);
      const panel = vscode.window.createWebviewPanel(REPORT_PANEL_VIEW_TYPE, `Memory: ${fileName}`, vscode.ViewColumn.Active, reportWebviewOptions(context.extensionUri));
      panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icon.png');
      openView(panel, modelUri);
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand(SHOW_REPORT_COMMAND, (uri?: unknown, selected?: unknown) =>
      showReport(uri, selected).catch((err: unknown) => {
        host.reportError(err, 'ONNX Memory Lens');
      }),
    ),
    vscode.commands.registerCommand(IMPORT_PROFILE_COMMAND, async () => {
      const view = views.latest;
      if (!view) {
        void vscode.window.showInformationMessage('Open a memory report first, then import an ONNX Runtime profile for it');
        return;
      }
      await importProfile(view);
    }),
    vscode.window.registerCustomEditorProvider(REPORT_EDITOR_VIEW_TYPE, new LensEditorProvider(host, importProfile, (v) => views.add(v)), {
      supportsMultipleEditorsPerDocument: true,
    }),
    vscode.window.registerWebviewPanelSerializer(REPORT_PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
        const path = modelPathFromState(state) ?? recallPanel(context.workspaceState.get(PANEL_MEMORY_KEY), panel.title);
        if (path === null) {
          host.log(`Report panel '${panel.title}' could not be restored: no model path is known for it`);
          panel.dispose();
          return;
        }
        openView(panel, vscode.Uri.file(path));
      },
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      for (const view of views.all()) {
        if (SESSION_SETTINGS.some((key) => e.affectsConfiguration(`${SETTINGS_SECTION}.${key}`, view.modelUri))) view.replanForSettings();
        else if (e.affectsConfiguration(`${SETTINGS_SECTION}.budgetBytes`, view.modelUri)) view.recheckBudget();
      }
    }),
  );
}

/** Nothing beyond context.subscriptions to release. */
export function deactivate(): void {}
