/**
 * HTML pages for the timeline webview.
 * - renderWebviewHtml: the page VS Code shows (script and stylesheet loaded from the extension).
 * - renderStandaloneHtml: one self-contained file for the CLI's `--html` and the demo. It embeds the
 *   report as inert JSON and a stand-in for VS Code's webview API that answers 'ready' with it.
 * Both pages run under a CSP with `default-src 'none'` and a per-render nonce; model text is never
 * written into markup (the JSON block escapes '<', and the webview renders names with textContent).
 */
import { randomBytes } from 'node:crypto';
import { describeSession } from './describeSession';
import type { Report } from './report';

/** Inputs of renderWebviewHtml; URIs are already webview URIs (asWebviewUri). */
export interface WebviewHtmlOptions {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  title: string;
}

/** A theme name for the standalone page and the test harness. */
export type StandaloneTheme = 'dark' | 'light' | 'highContrast';

/** Options of renderStandaloneHtml. */
export interface StandaloneHtmlOptions {
  /** Other views of the same model (e.g. the parallel report), served when the page asks to switch view. */
  alternateReports?: Report[];
  fileName?: string;
  theme?: StandaloneTheme;
  /** Fixed nonce (tests); a random one otherwise. */
  nonce?: string;
}

/** A fresh CSP nonce (base64 of 16 random bytes). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** The webview page VS Code loads: CSP, nonce'd script, extension stylesheet, an empty #app root. */
export function renderWebviewHtml(options: WebviewHtmlOptions): string {
  const { cspSource, nonce, scriptUri, styleUri, title } = options;
  const csp = [
    "default-src 'none'",
    `img-src ${cspSource} data: blob:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(styleUri)}">
<title>${escapeHtml(title)}</title>
</head>
<body>
<div id="app"></div>
<script nonce="${escapeHtml(nonce)}" src="${escapeHtml(scriptUri)}"></script>
</body>
</html>
`;
}

/** VS Code theme variables for pages that run outside VS Code (values from VS Code's default themes). */
export const THEME_VARIABLES: Record<StandaloneTheme, Record<string, string>> = {
  dark: {
    'editor-background': '#1f1f1f', 'editor-foreground': '#cccccc', foreground: '#cccccc', descriptionForeground: '#9d9d9d',
    'editorWidget-border': '#454545', 'panel-border': '#2b2b2b', 'sideBar-background': '#181818', focusBorder: '#0078d4',
    'editorCursor-foreground': '#aeafad', disabledForeground: '#8b8b8b', 'charts-blue': '#3794ff', 'charts-red': '#f14c4c',
    'charts-green': '#89d185', 'charts-yellow': '#cca700', 'charts-orange': '#d18616', 'charts-purple': '#b180d7',
    'charts-foreground': '#cccccc', errorForeground: '#f85149', 'editorHoverWidget-background': '#202020',
    'editorHoverWidget-border': '#454545', 'textLink-foreground': '#4daafc', 'scrollbarSlider-background': '#79797966',
    'editor-selectionBackground': '#264f78', 'button-background': '#0078d4', 'button-foreground': '#ffffff',
    'button-hoverBackground': '#026ec1', 'button-secondaryBackground': '#313131', 'button-secondaryForeground': '#cccccc',
    'button-secondaryHoverBackground': '#3c3c3c', 'button-border': '#ffffff12', 'input-background': '#313131',
    'input-foreground': '#cccccc', 'input-border': '#3c3c3c', 'input-placeholderForeground': '#989898',
    'settings-textInputBackground': '#313131', 'settings-textInputForeground': '#cccccc', 'settings-textInputBorder': '#3c3c3c',
    'widget-shadow': '#0000005c', 'sideBarSectionHeader-foreground': '#cccccc', 'progressBar-background': '#0078d4',
    'font-family': 'system-ui, -apple-system, "Segoe UI", Ubuntu, sans-serif', 'font-size': '13px',
  },
  light: {
    'editor-background': '#ffffff', 'editor-foreground': '#3b3b3b', foreground: '#3b3b3b', descriptionForeground: '#6f6f6f',
    'editorWidget-border': '#c8c8c8', 'panel-border': '#e5e5e5', 'sideBar-background': '#f8f8f8', focusBorder: '#005fb8',
    'editorCursor-foreground': '#000000', disabledForeground: '#8a8a8a', 'charts-blue': '#1a85ff', 'charts-red': '#e51400',
    'charts-green': '#388a34', 'charts-yellow': '#bf8803', 'charts-orange': '#d18616', 'charts-purple': '#652d90',
    'charts-foreground': '#616161', errorForeground: '#a1260d', 'editorHoverWidget-background': '#f8f8f8',
    'editorHoverWidget-border': '#c8c8c8', 'textLink-foreground': '#005fb8', 'scrollbarSlider-background': '#64646466',
    'editor-selectionBackground': '#add6ff', 'button-background': '#005fb8', 'button-foreground': '#ffffff',
    'button-hoverBackground': '#0258a8', 'button-secondaryBackground': '#e5e5e5', 'button-secondaryForeground': '#3b3b3b',
    'button-secondaryHoverBackground': '#cccccc', 'button-border': '#0000001a', 'input-background': '#ffffff',
    'input-foreground': '#3b3b3b', 'input-border': '#cecece', 'input-placeholderForeground': '#767676',
    'settings-textInputBackground': '#ffffff', 'settings-textInputForeground': '#3b3b3b', 'settings-textInputBorder': '#cecece',
    'widget-shadow': '#00000029', 'sideBarSectionHeader-foreground': '#3b3b3b', 'progressBar-background': '#005fb8',
    'font-family': 'system-ui, -apple-system, "Segoe UI", Ubuntu, sans-serif', 'font-size': '13px',
  },
  highContrast: {
    'editor-background': '#000000', 'editor-foreground': '#ffffff', foreground: '#ffffff', descriptionForeground: '#ffffff',
    'editorWidget-border': '#6fc3df', 'panel-border': '#6fc3df', 'sideBar-background': '#000000', focusBorder: '#f38518',
    contrastBorder: '#6fc3df', 'editorCursor-foreground': '#ffffff', disabledForeground: '#a5a5a5', 'charts-blue': '#3794ff',
    'charts-red': '#f14c4c', 'charts-green': '#89d185', 'charts-yellow': '#ffd700', 'charts-orange': '#f38518',
    'charts-purple': '#b180d7', 'charts-foreground': '#ffffff', errorForeground: '#f48771',
    'editorHoverWidget-background': '#0c141f', 'editorHoverWidget-border': '#6fc3df', 'textLink-foreground': '#21a6ff',
    'scrollbarSlider-background': '#6fc3df99', 'editor-selectionBackground': '#ffffff', 'button-background': '#000000',
    'button-foreground': '#ffffff', 'button-border': '#6fc3df', 'button-secondaryBackground': '#000000',
    'button-secondaryForeground': '#ffffff', 'input-background': '#000000', 'input-foreground': '#ffffff', 'input-border': '#6fc3df',
    'settings-textInputBackground': '#000000', 'settings-textInputForeground': '#ffffff', 'settings-textInputBorder': '#6fc3df',
    'sideBarSectionHeader-foreground': '#ffffff', 'progressBar-background': '#6fc3df',
    'font-family': 'system-ui, -apple-system, "Segoe UI", Ubuntu, sans-serif', 'font-size': '13px',
  },
};

/** The body class VS Code sets for each theme kind. */
export const THEME_BODY_CLASS: Record<StandaloneTheme, string> = { dark: 'vscode-dark', light: 'vscode-light', highContrast: 'vscode-high-contrast' };

/** CSS declaring a theme's --vscode-* variables on :root. */
export function themeCss(theme: StandaloneTheme): string {
  const decls = Object.entries(THEME_VARIABLES[theme]).map(([k, v]) => `  --vscode-${k}: ${v};`).join('\n');
  return `:root {\n${decls}\n}\n`;
}

/** Makes text safe inside a <script> or <style> element (no early close, no comment-like openers). */
export function escapeForRawText(text: string, tag: 'script' | 'style'): string {
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1').replace(/<!--/g, '<\\!--');
}

/** JSON that is inert inside an HTML page ('<', '>', '&' and line separators are \u-escaped). */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The stand-in for acquireVsCodeApi used by the standalone page: answers 'ready' and 'setView'
 * with an embedded report (as 'reportJson': the JSON text is posted as is, never cloned as objects),
 * keeps setState in sessionStorage, and saves exports as downloads.
 * Bindings cannot be re-planned offline, so 'bind' re-sends the current report unchanged, and a
 * sweep or fit is answered with an error that says where to run it.
 */
const STANDALONE_API = `(function () {
  var fileName = JSON.parse(document.getElementById('lens-file').textContent);
  var blocks = Array.prototype.slice.call(document.querySelectorAll('script[data-lens-report]'));
  var current = blocks[0];
  var key = 'memoryLens:' + fileName;
  var state;
  try { state = JSON.parse(sessionStorage.getItem(key) || 'null') || undefined; } catch (e) { state = undefined; }
  function sendReport() {
    var json = current.textContent;
    setTimeout(function () { window.postMessage({ type: 'reportJson', json: json, fileName: fileName }, '*'); }, 0);
  }
  function download(name, text, isDataUrl) {
    var blob;
    if (isDataUrl) {
      var bin = atob(text.slice(text.indexOf(',') + 1));
      var bytes = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      blob = new Blob([bytes], { type: 'image/png' });
    } else {
      blob = new Blob([text], { type: 'text/plain' });
    }
    var a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
  }
  var api = {
    postMessage: function (m) {
      if (!m || typeof m.type !== 'string') return;
      if (m.type === 'ready' || m.type === 'bind') sendReport();
      else if (m.type === 'setView') {
        for (var i = 0; i < blocks.length; i++) if (blocks[i].getAttribute('data-lens-report') === m.view) current = blocks[i];
        sendReport();
      } else if (m.type === 'export') download(m.fileName, m.data, m.format === 'png');
      else if (m.type === 'sweep' || m.type === 'fit') {
        var kind = m.type;
        setTimeout(function () { window.postMessage({ type: 'answerError', kind: kind, code: 'bad-argument', message: 'this page holds saved reports and cannot plan; use the extension or the CLI (onnx-memory-lens ' + kind + ' ...)' }, '*'); }, 0);
      }
    },
    getState: function () { return state; },
    setState: function (s) { state = s; try { sessionStorage.setItem(key, JSON.stringify(s)); } catch (e) { /* storage may be off for file:// pages */ } }
  };
  window.acquireVsCodeApi = function () { return api; };
})();`;

/** A self-contained HTML page showing `report` with the given webview bundle and stylesheet. */
export function renderStandaloneHtml(report: Report, webviewJs: string, css: string, options: StandaloneHtmlOptions = {}): string {
  const nonce = options.nonce ?? createNonce();
  const theme = options.theme ?? 'dark';
  const fileName = options.fileName ?? report.model.path.split(/[\\/]/).pop() ?? 'model.onnx';
  const reports = [report, ...(options.alternateReports ?? []).filter((r) => r.view !== report.view)];
  const csp = ["default-src 'none'", 'img-src data: blob:', `style-src 'nonce-${nonce}'`, `script-src 'nonce-${nonce}'`].join('; ');
  const lightOverride = theme === 'dark' ? `@media (prefers-color-scheme: light) {\n${themeCss('light')}}\n` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(`${fileName} · ONNX Memory Lens`)}</title>
<meta name="description" content="${escapeHtml(`ONNX Memory Lens report of ${fileName}. Modeled session: ${describeSession(report)}`)}">
<style nonce="${escapeHtml(nonce)}">
${escapeForRawText(themeCss(theme) + lightOverride + css, 'style')}
</style>
</head>
<body class="${THEME_BODY_CLASS[theme]}">
<div id="app"></div>
<script type="application/json" id="lens-file">${jsonForHtml(fileName)}</script>
${reports.map((r) => `<script type="application/json" data-lens-report="${escapeHtml(r.view)}">${jsonForHtml(r)}</script>`).join('\n')}
<script nonce="${escapeHtml(nonce)}">${STANDALONE_API}</script>
<script nonce="${escapeHtml(nonce)}">${escapeForRawText(webviewJs, 'script')}</script>
</body>
</html>
`;
}
