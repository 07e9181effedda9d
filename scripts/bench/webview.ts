/**
 * Webview benchmark: the built bundle in headless Chromium with synthetic reports of 10k and 100k
 * intervals. Prints, per size:
 *   bench: webview-<n> first_paint_ms=… p50_ms=… p95_ms=… p95_budget_ratio=…
 * - first_paint_ms: from posting the 'reportColumns' message (the transport the host uses; the
 *   columns already in page memory, as after VS Code's postMessage) to the end of the first
 *   animation frame that drew the chart.
 * - p50/p95_ms: frame times during a scripted zoom-in then pan: the main-thread cost of each frame,
 *   from the start of its requestAnimationFrame callback to a task posted from it, which runs once
 *   the browser has finished that frame (our JS, then style, layout and paint).
 * - p95_budget_ratio: that p95 over the 60 fps budget (16.7 ms).
 * - interval_p50/p95_ms and dropped_frames: the deltas between requestAnimationFrame timestamps.
 *   They are vsync-paced, so a frame that keeps up shows as 16.7 ms and can never be below it; a
 *   delta over 1.5 budgets counts as a dropped frame. Disabling the frame-rate limit was tried and
 *   rejected: headless Chromium then spins the compositor and idle frames alone take 18-32 ms.
 * A second line splits the columns first paint into the structured clone of the message and the
 * webview's own work (decode + layout + draw), and gives the host-side costs measured in Node:
 * encode_ms (Report -> packed columns), decode_ms (packed columns -> Report, same V8), and host_serialize_ms, a
 * stand-in for VS Code's webview message serialization (JSON.stringify with typed arrays swapped
 * for buffer references), next to the same for the 'report' message (the Report as objects).
 * A third line gives the older transports for comparison: 'report' (objects: first paint and its
 * clone share) and 'reportJson' (JSON text), JSON.parse alone, the payload sizes, the JS time per
 * scripted frame, and the machine's load average (shared machines make these numbers noisy).
 */
import { loadavg } from 'node:os';
import { deserialize, serialize } from 'node:v8';
import { chromium } from 'playwright-core';
import { decodeReportColumns, encodeReportColumns } from '../../src/report/columnarReport';
import { packReportColumns, unpackReportColumns } from '../../src/report/packedColumns';
import type { ToWebview } from '../../src/report/protocol';
import { CHROMIUM_ARGS, makeSyntheticReport, openHarness, toPage } from '../../test/support/webviewHarness';

const FRAME_BUDGET_MS = 1000 / 60;
const SIZES = [10_000, 100_000];
const ZOOM_FRAMES = 120;
const PAN_FRAMES = 120;

/**
 * In-page: posts window.__benchMessage, waits for the first drawn frame, then (when `withFrames`)
 * runs the scripted zoom and pan. The harness's own message listener (registered before the
 * webview's) stamps the arrival of the cloned message: the clone share of the first paint.
 */
function pageScript(withFrames: boolean): string {
  return `(async () => {
  const chart = window.memoryLens.chart;
  const raf = () => new Promise((r) => requestAnimationFrame(r));
  // A task posted during a frame's rAF runs once the browser has finished that frame's rendering
  // (style, layout, paint) on the main thread: the time until then is the frame's main-thread cost.
  const channel = new MessageChannel();
  let frameDone = null;
  channel.port1.onmessage = () => frameDone(performance.now());
  const afterFrame = () => new Promise((r) => { frameDone = r; channel.port2.postMessage(0); });
  chart.lastStats = null;
  window.__lens.messageAt = 0;
  const t0 = performance.now();
  window.__lens.deliver(window.__benchMessage);
  for (;;) {
    await raf();
    if (chart.lastStats !== null) break;
    if (performance.now() - t0 > 60000) throw new Error('No frame drawn within 60 s');
  }
  const firstPaint = performance.now() - t0;
  const stamps = [];
  const work = [];
  const frames = [];
  if (${withFrames}) {
    const n = chart.visibleDomain()[1];
    // Zoom in geometrically from the whole run to 1% of it around the middle, then pan to the end.
    for (let i = 0; i <= ${ZOOM_FRAMES}; i++) {
      stamps.push(await raf());
      const a = performance.now();
      const span = n * Math.pow(0.01, i / ${ZOOM_FRAMES});
      chart.setDomain([n / 2 - span / 2, n / 2 + span / 2]);
      if (i % 10 === 0) chart.scrollBy(160);
      chart.drawNow();
      work.push(performance.now() - a);
      frames.push((await afterFrame()) - a);
    }
    const span = n * 0.01;
    for (let i = 0; i <= ${PAN_FRAMES}; i++) {
      stamps.push(await raf());
      const a = performance.now();
      const start = n / 2 - span / 2 + (n / 2 - span / 2) * (i / ${PAN_FRAMES});
      chart.setDomain([start, start + span]);
      chart.drawNow();
      work.push(performance.now() - a);
      frames.push((await afterFrame()) - a);
    }
    stamps.push(await raf());
  }
  const deltas = [];
  for (let i = 2; i < stamps.length; i++) deltas.push(stamps[i] - stamps[i - 1]);
  return { firstPaint, cloneMs: window.__lens.messageAt - t0, deltas, work, frames };
})()`;
}

interface PageResult { firstPaint: number; cloneMs: number; deltas: number[]; work: number[]; frames: number[] }

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

function timed<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
}

/**
 * What VS Code's extension host does to a webview message (own re-implementation for timing):
 * JSON text with each typed array replaced by a reference to its buffer, plus a copy of each buffer.
 * Returns the JSON length plus the buffer bytes.
 */
function serializeLikeVsCode(message: unknown): number {
  const buffers: ArrayBuffer[] = [];
  const json = JSON.stringify(message, (_key, value: unknown) => {
    if (ArrayBuffer.isView(value)) {
      buffers.push(value.buffer as ArrayBuffer);
      return { ref: buffers.length - 1, byteOffset: value.byteOffset, byteLength: value.byteLength };
    }
    return value;
  });
  let bytes = 0;
  for (const b of buffers) bytes += new Uint8Array(b).slice().byteLength;
  return json.length + bytes;
}

/** Runs the webview benchmark and prints three lines per size. */
export async function run(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium', headless: true,
    // Large messages crash the renderer when /dev/shm is small (containers).
    args: [...CHROMIUM_ARGS, '--disable-dev-shm-usage'],
  });
  /** Opens a fresh page, puts `setup`'s message in page memory, and runs the page script. */
  const measure = async (setup: (page: import('playwright-core').Page) => Promise<unknown>, withFrames: boolean): Promise<PageResult & { setupResult: unknown }> => {
    const h = await openHarness({ browser, width: 1400, height: 900 });
    await h.waitForPosted('ready');
    const setupResult = await setup(h.page);
    const result = (await h.page.evaluate(pageScript(withFrames))) as PageResult;
    if (h.pageErrors.length > 0) throw new Error(`Webview page errors: ${h.pageErrors.join('; ')}`);
    await h.close();
    return { ...result, setupResult };
  };
  try {
    for (const size of SIZES) {
      const report = makeSyntheticReport(size, 42);
      const json = JSON.stringify(report);
      const [packed, encodeMs] = timed(() => packReportColumns(encodeReportColumns(report)));
      const [, decodeMs] = timed(() => decodeReportColumns(unpackReportColumns(packed)));
      const columnsMessage: ToWebview = { type: 'reportColumns', packed, fileName: 'synthetic.onnx' };
      const [columnsBytes, hostColumnsMs] = timed(() => serializeLikeVsCode(columnsMessage));
      const [, hostReportMs] = timed(() => serializeLikeVsCode({ type: 'report', report, fileName: 'synthetic.onnx' }));
      // The extension host's main-thread share of a worker's answer (v8 serialize/deserialize is what
      // worker postMessage does): before, it received the Report as objects and encoded columns for
      // the webview; now the worker sends the columns and the host decodes them for its own use.
      const reportClone = serialize(report);
      const [, reportDeserializeMs] = timed(() => deserialize(reportClone));
      const columnsClone = serialize(packed);
      const [, columnsDeserializeMs] = timed(() => deserialize(columnsClone));
      const hostBefore = reportDeserializeMs + encodeMs;
      const hostNow = columnsDeserializeMs + decodeMs;
      console.log(`bench: host-main-thread-${size} now_ms=${Math.round(hostNow)} (columns clone ${Math.round(columnsDeserializeMs)} + decode ${Math.round(decodeMs)}) before_ms=${Math.round(hostBefore)} (report clone ${Math.round(reportDeserializeMs)} + encode ${Math.round(encodeMs)}) ratio=${(hostNow / hostBefore).toFixed(2)}`);

      // Columns (the transport the host uses), plus the scripted zoom and pan.
      const col = await measure((page) => page.evaluate((m) => { (globalThis as any).__benchMessage = (globalThis as any).__lens.restoreBuffer(m); }, toPage(columnsMessage)), true);
      // Report as objects (the 'report' message), first paint only. Passed as one JSON string:
      // Playwright's object serialization of 100k values crashes the page.
      const obj = await measure((page) => page.evaluate((text) => {
        const t = performance.now();
        (globalThis as any).__benchMessage = { type: 'report', report: JSON.parse(text), fileName: 'synthetic.onnx' };
        return performance.now() - t;
      }, json), false);
      // Report as JSON text (the 'reportJson' message), first paint only.
      const js = await measure((page) => page.evaluate((text) => {
        (globalThis as any).__benchMessage = { type: 'reportJson', json: text, fileName: 'synthetic.onnx' };
      }, json), false);

      const intervals = [...col.deltas].sort((a, b) => a - b);
      const frames = [...col.frames].sort((a, b) => a - b);
      const p95 = percentile(frames, 95);
      const work = [...col.work].sort((a, b) => a - b);
      const dropped = col.deltas.filter((d) => d > 1.5 * FRAME_BUDGET_MS).length;
      const mb = (n: number): string => (n / 1e6).toFixed(1);
      console.log(`bench: webview-${size} first_paint_ms=${Math.round(col.firstPaint)} p50_ms=${percentile(frames, 50).toFixed(1)} p95_ms=${p95.toFixed(1)} p95_budget_ratio=${(p95 / FRAME_BUDGET_MS).toFixed(2)} interval_p50_ms=${percentile(intervals, 50).toFixed(1)} interval_p95_ms=${percentile(intervals, 95).toFixed(1)} dropped_frames=${dropped}/${col.deltas.length}`);
      console.log(`bench: webview-${size}-columns clone_ms=${Math.round(col.cloneMs)} webview_ms=${Math.round(col.firstPaint - col.cloneMs)} encode_ms=${Math.round(encodeMs)} decode_ms=${Math.round(decodeMs)} host_serialize_ms=${Math.round(hostColumnsMs)} report_host_serialize_ms=${Math.round(hostReportMs)} payload_mb=${mb(columnsBytes)}`);
      console.log(`bench: webview-${size}-older report_first_paint_ms=${Math.round(obj.firstPaint)} report_clone_ms=${Math.round(obj.cloneMs)} json_first_paint_ms=${Math.round(js.firstPaint)} json_parse_ms=${Math.round(obj.setupResult as number)} json_mb=${mb(json.length)} frame_js_p50_ms=${percentile(work, 50).toFixed(1)} frame_js_p95_ms=${percentile(work, 95).toFixed(1)} loadavg=${loadavg()[0]!.toFixed(1)}`);
    }
  } finally {
    await browser.close();
  }
}
