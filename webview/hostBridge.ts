/**
 * Typed wrapper over VS Code's webview API (or a stand-in with the same three methods).
 * Unknown inbound messages are logged once per type and otherwise ignored.
 */
import type { FromWebview, ToWebview } from '../src/report/protocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const TO_WEBVIEW_TYPES: ReadonlyArray<ToWebview['type']> = ['report', 'reportJson', 'reportColumns', 'loading', 'error', 'observed', 'revealStep', 'answerProgress', 'sweepResult', 'fitResult', 'answerError', 'compare'];

/** The webview's side of the host protocol. */
export class HostBridge {
  private readonly api: VsCodeApi;
  private readonly warned = new Set<string>();

  constructor() {
    this.api = acquireVsCodeApi();
  }

  /** Sends a message to the host. */
  post(message: FromWebview): void {
    this.api.postMessage(message);
  }

  /** The state saved by setState in an earlier load of this webview, or undefined. */
  loadState(): unknown {
    return this.api.getState();
  }

  /** Saves small view state (survives webview reloads). */
  saveState(state: unknown): void {
    this.api.setState(state);
  }

  /** Calls `handler` for each well-formed host message. */
  listen(handler: (message: ToWebview) => void): void {
    window.addEventListener('message', (event: MessageEvent) => {
      const data: unknown = event.data;
      const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
      if (typeof type === 'string' && (TO_WEBVIEW_TYPES as readonly string[]).includes(type)) {
        handler(data as ToWebview);
        return;
      }
      const key = String(type);
      if (!this.warned.has(key)) {
        this.warned.add(key);
        console.warn(`Memory Lens webview: ignoring unknown message type ${key}`);
      }
    });
  }
}
