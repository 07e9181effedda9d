/**
 * Webview benchmark: the built bundle in headless Chromium with synthetic reports of 10k, 100k and
 * 1M intervals (BENCH_WEBVIEW_SIZES=10000,... picks others). Prints, per size:
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
 * scripted frame, and the machine's load average (shared machines make these numbers noisy). Above
 * 100k the older transports are skipped: the JSON text of 1M values is near V8's string limit.
 * A -hover line times 40 pointer moves over the Gantt after the frames (hit test + hover card;
 * the first one builds the list offsets the card reads) and counts those that showed a card.
 * The first line also gives heap_mb, the page's JS heap after the first paint (CDP Runtime.getHeapUsage).
 * BENCH_WEBVIEW_PROFILE=<dir> writes a CPU profile of each size's first paint and of its frames
 * (<dir>/webview-<n>-{paint,frames}.cpuprofile, open in Chromium DevTools) and prints the functions
 * with the most self time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { chromium } from 'playwright-core';
import { decodeReportColumns, encodeReportColumns } from '../../src/report/columnarReport';
import { packReportColumns, unpackReportColumns } from '../../src/report/packedColumns';
import type { ToWebview } from '../../src/report/protocol';
import type { Report } from '../../src/report/report';
import { serializeLikeVsCode } from './support/vscodeMessage';
import { CHROMIUM_ARGS, makeSyntheticReport, openHarness } from '../../test/support/webviewHarness';

const FRAME_BUDGET_MS = 1000 / 60;
const SIZES = (process.env.BENCH_WEBVIEW_SIZES ?? '10000,100000,1000000').split(',').map(Number);
/** Largest size measured with the older transports (objects and JSON text). */
const OLDER_MAX = 100_000;
const PROFILE_DIR = process.env.BENCH_WEBVIEW_PROFILE ?? '';
const ZOOM_FRAMES = 120;
const PAN_FRAMES = 120;

/**
 * In-page: posts window.__benchMessage and waits for the first drawn frame. The harness's own
 * message listener (registered before the webview's) stamps the arrival of the cloned message:
 * the clone share of the first paint.
 */
const PAINT_SCRIPT = `(async () => {
  const chart = window.memoryLens.chart;
  const raf = () => new Promise((r) => requestAnimationFrame(r));
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
  return { firstPaint, cloneMs: window.__lens.messageAt - t0 };
})()`;

/** In-page, after PAINT_SCRIPT: the scripted zoom-in then pan, timing each frame. */
const FRAMES_SCRIPT = `(async () => {
  const chart = window.memoryLens.chart;
  const raf = () => new Promise((r) => requestAnimationFrame(r));
  // A task posted during a frame's rAF runs once the browser has finished that frame's rendering
  // (style, layout, paint) on the main thread: the time until then is the frame's main-thread cost.
  const channel = new MessageChannel();
  let frameDone = null;
  channel.port1.onmessage = () => frameDone(performance.now());
  const afterFrame = () => new Promise((r) => { frameDone = r; channel.port2.postMessage(0); });
  const stamps = [];
  const work = [];
  const frames = [];
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
  const deltas = [];
  for (let i = 2; i < stamps.length; i++) deltas.push(stamps[i] - stamps[i - 1]);
  return { deltas, work, frames };
})()`;

/**
 * In-page, after FRAMES_SCRIPT: hovers 40 value bars spread over the run. Each is scrolled into
 * view (chart.revealRow / revealStep, then a draw), then a synthetic mousemove at the bar runs the
 * whole hover path synchronously: hit test, then the card filled from the columns. Returns each
 * move's time and how many cards named the value that was aimed at.
 */
const HOVER_SCRIPT = `(() => {
  const chart = window.memoryLens.chart;
  const layout = chart.data.layout;
  const canvas = document.querySelector('.gantt-canvas');
  const card = document.querySelector('.hover-card');
  const times = [];
  let cards = 0;
  for (let i = 0; i < 40; i++) {
    const value = Math.floor(((i + 0.5) / 40) * layout.valueSeg.length);
    const seg = layout.valueSeg[value];
    chart.setDomain([layout.segStart[seg] - 50, layout.segStart[seg] + 50]);
    chart.revealRow(layout.segRow[seg]);
    chart.drawNow();
    const p = chart.segmentClientPoint(seg);
    const a = performance.now();
    canvas.dispatchEvent(new MouseEvent('mousemove', { clientX: p.x, clientY: p.y, bubbles: true }));
    times.push(performance.now() - a);
    if (!card.hidden && card.querySelector('.card-title').textContent === 't' + value) cards++;
  }
  return { hoverTimes: times, hoverCards: cards };
})()`;

/**
 * The 'reportColumns' message the host posts for a report, and the time to encode it. The one
 * place the bench builds the columns transport, so a change of transport changes only this.
 */
function columnsMessageOf(report: Report): { message: ToWebview; encodeMs: number; decodeMs: number } {
  const [packed, encodeMs] = timed(() => packReportColumns(encodeReportColumns(report)));
  const [, decodeMs] = timed(() => decodeReportColumns(unpackReportColumns(packed)));
  return { message: { type: 'reportColumns', packed, fileName: 'synthetic.onnx' }, encodeMs, decodeMs };
}

/** Bytes per base64 chunk passed to page.evaluate (one argument of ~100 MB crashes the page). */
const CHUNK_BYTES = 8 << 20;

/**
 * Puts `message` in page memory as window.__benchMessage. Playwright's own serialization of
 * typed arrays crashes the page at 1M intervals, so every typed array and ArrayBuffer travels
 * in one byte blob (base64 chunks) and is rebuilt in the page, each into a buffer of its own as
 * the host posts them; the rest travels as JSON.
 */
async function putMessageInPage(page: import('playwright-core').Page, message: ToWebview): Promise<void> {
  const parts: Uint8Array[] = [];
  let at = 0;
  const skeleton = JSON.stringify(message, (_key, value: unknown) => {
    const isBuffer = value instanceof ArrayBuffer;
    if (!isBuffer && !ArrayBuffer.isView(value)) return value;
    const bytes = isBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    const ref = { __bytes: isBuffer ? 'ArrayBuffer' : value.constructor.name, at, length: bytes.byteLength };
    parts.push(bytes);
    at += bytes.byteLength;
    const pad = (8 - (at % 8)) % 8;
    if (pad > 0) { parts.push(new Uint8Array(pad)); at += pad; }
    return ref;
  });
  const blob = Buffer.concat(parts);
  await page.evaluate((size) => { (globalThis as any).__benchBytes = new Uint8Array(size); }, blob.byteLength);
  for (let off = 0; off < blob.byteLength; off += CHUNK_BYTES) {
    const chunk = blob.subarray(off, Math.min(blob.byteLength, off + CHUNK_BYTES)).toString('base64');
    await page.evaluate(([text, offset]) => {
      const bin = atob(text as string);
      const dst = (globalThis as any).__benchBytes as Uint8Array;
      for (let i = 0; i < bin.length; i++) dst[(offset as number) + i] = bin.charCodeAt(i);
    }, [chunk, off] as const);
  }
  await page.evaluate((text) => {
    const g = globalThis as any;
    const all = g.__benchBytes as Uint8Array;
    g.__benchMessage = JSON.parse(text, (_key, value: any) => {
      if (value === null || typeof value !== 'object' || typeof value.__bytes !== 'string') return value;
      const copy = all.slice(value.at, value.at + value.length).buffer;
      return value.__bytes === 'ArrayBuffer' ? copy : new g[value.__bytes](copy);
    });
    g.__benchBytes = null;
  }, skeleton);
}

/** Self time per function of a CDP CPU profile, most first: "name (file:line) ms". */
function topSelfTime(profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>; samples: number[]; timeDeltas: number[] }, count: number): string[] {
  const byNode = new Map<number, string>();
  for (const n of profile.nodes) {
    const file = n.callFrame.url.split('/').pop() ?? '';
    byNode.set(n.id, `${n.callFrame.functionName || '(anonymous)'}${file ? ` (${file}:${n.callFrame.lineNumber + 1})` : ''}`);
  }
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const name = byNode.get(id) ?? '?';
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, ms]) => `${ms.toFixed(0)} ms ${name}`);
}

interface PageResult { firstPaint: number; cloneMs: number; heapMb: number; deltas: number[]; work: number[]; frames: number[]; hoverTimes: number[]; hoverCards: number }

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

function timed<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
}


/** Runs the webview benchmark and prints three lines per size. */
export async function run(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium', headless: true,
    // Large messages crash the renderer when /dev/shm is small (containers).
    args: [...CHROMIUM_ARGS, '--disable-dev-shm-usage'],
  });
  /**
   * Opens a fresh page, puts `setup`'s message in page memory, and times the first paint, then
   * (when `withFrames`) the scripted frames. `profileName` records a CPU profile of each part.
   */
  const measure = async (setup: (page: import('playwright-core').Page) => Promise<unknown>, withFrames: boolean, profileName = ''): Promise<PageResult & { setupResult: unknown }> => {
    const h = await openHarness({ browser, width: 1400, height: 900 });
    await h.waitForPosted('ready');
    const setupResult = await setup(h.page);
    const cdp = await h.page.context().newCDPSession(h.page);
    const profiled = async <T>(part: string, script: string): Promise<T> => {
      if (!profileName) return (await h.page.evaluate(script)) as T;
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      const r = (await h.page.evaluate(script)) as T;
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(PROFILE_DIR, { recursive: true });
      const file = join(PROFILE_DIR, `${profileName}-${part}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`bench: profile ${file}\n  ${topSelfTime(profile as never, 25).join('\n  ')}`);
      return r;
    };
    const paint = await profiled<{ firstPaint: number; cloneMs: number }>('paint', PAINT_SCRIPT);
    const heap = await cdp.send('Runtime.getHeapUsage');
    const frames = withFrames ? await profiled<{ deltas: number[]; work: number[]; frames: number[] }>('frames', FRAMES_SCRIPT) : { deltas: [], work: [], frames: [] };
    const hover = withFrames ? (await h.page.evaluate(HOVER_SCRIPT)) as { hoverTimes: number[]; hoverCards: number } : { hoverTimes: [], hoverCards: 0 };
    if (h.pageErrors.length > 0) throw new Error(`Webview page errors: ${h.pageErrors.join('; ')}`);
    await h.close();
    return { ...paint, ...frames, ...hover, heapMb: heap.usedSize / 1e6, setupResult };
  };
  try {
    for (const size of SIZES) {
      const report = makeSyntheticReport(size, 42);
      const isOlderToo = size <= OLDER_MAX;
      const { message: columnsMessage, encodeMs, decodeMs } = columnsMessageOf(report);
      const [columnsBytes, hostColumnsMs] = timed(() => serializeLikeVsCode(columnsMessage));
      // The extension host's main-thread share of a worker's answer (v8 serialize/deserialize is what
      // worker postMessage does): before, it received the Report as objects and encoded columns for
      // the webview; now the worker sends the columns and the host decodes them for its own use.
      const columnsClone = serialize(columnsMessage);
      const [, columnsDeserializeMs] = timed(() => deserialize(columnsClone));
      const hostNow = columnsDeserializeMs + decodeMs;
      let hostReportMs = NaN;
      if (isOlderToo) {
        hostReportMs = timed(() => serializeLikeVsCode({ type: 'report', report, fileName: 'synthetic.onnx' }))[1];
        const reportClone = serialize(report);
        const [, reportDeserializeMs] = timed(() => deserialize(reportClone));
        const hostBefore = reportDeserializeMs + encodeMs;
        console.log(`bench: host-main-thread-${size} now_ms=${Math.round(hostNow)} (columns clone ${Math.round(columnsDeserializeMs)} + decode ${Math.round(decodeMs)}) before_ms=${Math.round(hostBefore)} (report clone ${Math.round(reportDeserializeMs)} + encode ${Math.round(encodeMs)}) ratio=${(hostNow / hostBefore).toFixed(2)}`);
      } else {
        console.log(`bench: host-main-thread-${size} now_ms=${Math.round(hostNow)} (columns clone ${Math.round(columnsDeserializeMs)} + decode ${Math.round(decodeMs)})`);
      }

      // Columns (the transport the host uses), plus the scripted zoom and pan.
      const col = await measure((page) => putMessageInPage(page, columnsMessage), true, PROFILE_DIR ? `webview-${size}` : '');
      const intervals = [...col.deltas].sort((a, b) => a - b);
      const frames = [...col.frames].sort((a, b) => a - b);
      const p95 = percentile(frames, 95);
      const work = [...col.work].sort((a, b) => a - b);
      const dropped = col.deltas.filter((d) => d > 1.5 * FRAME_BUDGET_MS).length;
      const mb = (n: number): string => (n / 1e6).toFixed(1);
      console.log(`bench: webview-${size} first_paint_ms=${Math.round(col.firstPaint)} p50_ms=${percentile(frames, 50).toFixed(1)} p95_ms=${p95.toFixed(1)} p95_budget_ratio=${(p95 / FRAME_BUDGET_MS).toFixed(2)} interval_p50_ms=${percentile(intervals, 50).toFixed(1)} interval_p95_ms=${percentile(intervals, 95).toFixed(1)} dropped_frames=${dropped}/${col.deltas.length} heap_mb=${Math.round(col.heapMb)}`);
      const hovers = [...col.hoverTimes].sort((a, b) => a - b);
      console.log(`bench: webview-${size}-hover first_ms=${col.hoverTimes[0]!.toFixed(1)} p50_ms=${percentile(hovers, 50).toFixed(1)} max_ms=${hovers[hovers.length - 1]!.toFixed(1)} cards=${col.hoverCards}/${hovers.length}`);
      console.log(`bench: webview-${size}-columns clone_ms=${Math.round(col.cloneMs)} webview_ms=${Math.round(col.firstPaint - col.cloneMs)} encode_ms=${Math.round(encodeMs)} decode_ms=${Math.round(decodeMs)} host_serialize_ms=${Math.round(hostColumnsMs)} report_host_serialize_ms=${isOlderToo ? Math.round(hostReportMs) : 'skipped'} payload_mb=${mb(columnsBytes)}`);
      if (isOlderToo) {
        const json = JSON.stringify(report);
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
        console.log(`bench: webview-${size}-older report_first_paint_ms=${Math.round(obj.firstPaint)} report_clone_ms=${Math.round(obj.cloneMs)} json_first_paint_ms=${Math.round(js.firstPaint)} json_parse_ms=${Math.round(obj.setupResult as number)} json_mb=${mb(json.length)} frame_js_p50_ms=${percentile(work, 50).toFixed(1)} frame_js_p95_ms=${percentile(work, 95).toFixed(1)} loadavg=${loadavg()[0]!.toFixed(1)}`);
      } else {
        console.log(`bench: webview-${size}-older skipped (above ${OLDER_MAX}) frame_js_p50_ms=${percentile(work, 50).toFixed(1)} frame_js_p95_ms=${percentile(work, 95).toFixed(1)} loadavg=${loadavg()[0]!.toFixed(1)}`);
      }
    }
  } finally {
    await browser.close();
  }
}
