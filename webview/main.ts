/**
 * Webview entry point: registers the vscode-elements controls, starts the app and tells the host
 * it is ready (the host sends the report only after 'ready').
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import { App } from './app/app';
import { HostBridge } from './hostBridge';

const bridge = new HostBridge();
const root = document.getElementById('app') ?? document.body;
const app = new App(bridge, root);
bridge.listen((message) => app.handle(message));
// The benchmark and tests reach the chart through this handle; it exposes no host capability.
(window as unknown as { memoryLens?: { chart: unknown } }).memoryLens = { chart: app.chartView };
bridge.post({ type: 'ready' });
