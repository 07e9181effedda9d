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
import { ARENA_SETTINGS, readSettings, SESSION_SETTINGS, SETTINGS_SECTION } from './settings';
import { panelTitle } from './panelTitle';
import { BINDINGS_MEMORY_KEY, recallBindings, rememberBindings } from './bindingMemory';
import { COMPARE_PANEL_VIEW_TYPE, CompareView } from './compareView';

/** Command id of "Show memory backing report" (package.json). */
export const SHOW_REPORT_COMMAND = 'onnxMemoryLens.showReport';
/** Command id of "Compare memory reports" (package.json): two selected .onnx files, or one and a file picked. */
export const COMPARE_REPORTS_COMMAND = 'onnxMemoryLens.compareReports';
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

  // The last bindings per model: a model reopened starts from the values it was last planned with.
  const bindingMemory = {
    startFor: (uri: vscode.Uri, defaults: Record<string, number>): Record<string, number> => recallBindings(context.workspaceState.get(BINDINGS_MEMORY_KEY), uri.fsPath) ?? defaults,
    remember: (uri: vscode.Uri, bindings: Record<string, number>): void => {
      void context.workspaceState.update(BINDINGS_MEMORY_KEY, rememberBindings(context.workspaceState.get(BINDINGS_MEMORY_KEY), uri.fsPath, bindings));
    },
  };

  const openView = (panel: vscode.WebviewPanel, modelUri: vscode.Uri): ReportView => {
    const settings = readSettings(modelUri);
    for (const p of settings.problems) host.log(p);
    const start = { bindings: bindingMemory.startFor(modelUri, settings.defaultBindings), view: settings.view, outcome: null, onPlanned: (b: Record<string, number>) => bindingMemory.remember(modelUri, b) };
    const view = new ReportView(host, panel, modelUri, start, importProfile);
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

  /** Two models from the Explorer selection; with one, the other is picked ("Compare with…"). */
  const compareReports = async (uri?: unknown, selected?: unknown): Promise<void> => {
    const models = await targetModels(uri, selected);
    if (models.length === 1) {
      const other = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { 'ONNX model': ['onnx'] }, openLabel: `Compare with ${basename(models[0]!.fsPath)}` });
      if (!other?.[0]) return;
      models.push(other[0]);
    }
    if (models.length !== 2) {
      void vscode.window.showInformationMessage(`Select two .onnx files to compare (${models.length} selected)`);
      return;
    }
    const [a, b] = models as [vscode.Uri, vscode.Uri];
    for (const m of [a, b]) {
      if (m.scheme !== 'file') {
        host.reportError(new LensError('io', `Only model files on disk can be analyzed, not ${m.toString()}`), basename(m.path));
        return;
      }
    }
    const panel = vscode.window.createWebviewPanel(COMPARE_PANEL_VIEW_TYPE, `Compare: ${basename(a.fsPath)} vs ${basename(b.fsPath)}`, vscode.ViewColumn.Active, reportWebviewOptions(context.extensionUri));
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'icon.png');
    context.subscriptions.push(new CompareView(host, panel, a, b));
  };

  context.subscriptions.push(
    vscode.commands.registerCommand(COMPARE_REPORTS_COMMAND, (uri?: unknown, selected?: unknown) =>
      compareReports(uri, selected).catch((err: unknown) => {
        host.reportError(err, 'ONNX Memory Lens');
      }),
    ),
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
    vscode.window.registerCustomEditorProvider(REPORT_EDITOR_VIEW_TYPE, new LensEditorProvider(host, importProfile, (v) => views.add(v), bindingMemory), {
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
    // A budget warning clicked in the Problems view opens the model in the text editor, which can only
    // say the file is binary: the report panel opens instead, at the peak step the warning names.
    vscode.window.tabGroups.onDidChangeTabs((e) => {
      for (const tab of e.opened) {
        const input = tab.input;
        if (!(input instanceof vscode.TabInputText) || !isOnnxUri(input.uri) || input.uri.scheme !== 'file') continue;
        if (!host.diagnostics.has(input.uri)) continue;
        host.log(`Opening the report of ${input.uri.fsPath} at its peak step instead of the binary file (it has a budget warning)`);
        void Promise.resolve(vscode.window.tabGroups.close(tab))
          .then(() => showReport(input.uri))
          .then(() => views.panelFor(input.uri)?.revealPeak())
          .catch((err: unknown) => host.reportError(err, basename(input.uri.fsPath)));
      }
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      for (const view of views.all()) {
        if ([...SESSION_SETTINGS, ...ARENA_SETTINGS].some((key) => e.affectsConfiguration(`${SETTINGS_SECTION}.${key}`, view.modelUri))) view.replanForSettings();
        else if (e.affectsConfiguration(`${SETTINGS_SECTION}.budgetBytes`, view.modelUri)) view.recheckBudget();
      }
    }),
  );
}

/** Nothing beyond context.subscriptions to release. */
export function deactivate(): void {}
