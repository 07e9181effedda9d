/**
 * Wires a webview to the report page: options restricted to the extension's dist/ and media/,
 * and the HTML from renderWebviewHtml with a fresh nonce per load.
 */
import * as vscode from 'vscode';
import { createNonce, renderWebviewHtml } from '../report/renderHtml';

/** Webview options for a report: scripts on, resources only from dist/ and media/. */
export function reportWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

/** Sets the options and the HTML of `webview` for a report titled `title`. */
export function setReportHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): void {
  webview.options = reportWebviewOptions(extensionUri);
  webview.html = renderWebviewHtml({
    cspSource: webview.cspSource,
    nonce: createNonce(),
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'timeline.css')).toString(),
    title,
  });
}
