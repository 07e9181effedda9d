/**
 * Loads the BUILT webview (dist/webview.js + dist/timeline.css) in headless Chromium inside the
 * same HTML the extension host serves (renderWebviewHtml, same CSP), with a stand-in for
 * acquireVsCodeApi that records postMessage calls, keeps setState in sessionStorage (so a reload
 * restores it) and lets the test replay host messages. Also builds synthetic reports for the
 * benchmark.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FromWebview, ToWebview } from '../../src/report/protocol';
import type { Report, ReportStep, ReportValue } from '../../src/report/report';
import { renderWebviewHtml, THEME_BODY_CLASS, themeCss, type StandaloneTheme } from '../../src/report/renderHtml';
import { mulberry32 as rng } from './seededRandom';
import { modeledSession } from '../../src/report/describeSession';

const ROOT = resolve(__dirname, '../..');
const ORIGIN = 'http://lens.test';
/** Chromium launch flags used by all webview tests and the benchmark. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Where screenshots for the README go. */
export const SCREENSHOT_DIR = join(ROOT, 'test-output', 'screenshots');

/** `message` in a form Playwright can pass into the page (a packed report's ArrayBuffer as a Uint8Array; see restoreBuffer). */
export function toPage(message: ToWebview): unknown {
  if (message.type !== 'reportColumns') return message;
  return { ...message, packed: { ...message.packed, buffer: new Uint8Array(message.packed.buffer) } };
}

const STAND_IN = `(function () {
  var KEY = 'lensHarnessState';
  var lens = window.__lens = { posted: [], dialogs: 0 };
  var state;
  try { state = JSON.parse(sessionStorage.getItem(KEY) || 'null') || undefined; } catch (e) { state = undefined; }
  // Playwright passes typed arrays into the page but not a bare ArrayBuffer, so toPage() sends a packed
  // report's buffer as a Uint8Array; this turns it back into the ArrayBuffer VS Code delivers.
  lens.restoreBuffer = function (m) {
    var b = m && m.type === 'reportColumns' && m.packed ? m.packed.buffer : null;
    if (b && ArrayBuffer.isView(b)) m.packed.buffer = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
    return m;
  };
  lens.deliver = function (m) { window.postMessage(lens.restoreBuffer(m), '*'); };
  // Registered before the webview's own listener, so it runs first: the time the message arrived
  // (reading data forces Chromium's lazy deserialization here, the benchmark's clone share).
  lens.messageAt = 0;
  window.addEventListener('message', function (e) { void e.data; lens.messageAt = performance.now(); });
  window.acquireVsCodeApi = function () {
    return {
      postMessage: function (m) { lens.posted.push(JSON.parse(JSON.stringify(m))); },
      getState: function () { return state; },
      setState: function (s) { state = s; sessionStorage.setItem(KEY, JSON.stringify(s)); }
    };
  };
})();`;

function newestMtime(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newestMtime(p) : s.mtimeMs);
  }
  return t;
}

/** Builds dist/webview.js when it is missing or older than its sources (webview/, media/, and src/report/ that it bundles). */
export function ensureWebviewBuilt(): void {
  const bundle = join(ROOT, 'dist', 'webview.js');
  const sources = ['webview', 'media', 'src/report'].map((d) => newestMtime(join(ROOT, d)));
  const isStale = !existsSync(bundle) || !existsSync(join(ROOT, 'dist', 'timeline.css'))
    || statSync(bundle).mtimeMs < Math.max(...sources);
  if (!isStale) return;
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--no-check'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`Webview build failed with status ${r.status}`);
}

/** The built bundle's text. */
export function readWebviewBundle(): string {
  ensureWebviewBuilt();
  return readFileSync(join(ROOT, 'dist', 'webview.js'), 'utf8');
}

/** Options for openHarness. */
export interface HarnessOptions {
  theme?: StandaloneTheme;
  width?: number;
  height?: number;
  /** Reuse a browser (the benchmark); a new one is launched and owned otherwise. */
  browser?: Browser;
}

/** A page running the webview with the stand-in API. */
export interface Harness {
  page: Page;
  /** Messages the webview posted, in order. */
  posted(): Promise<FromWebview[]>;
  /** Replays a host message. */
  deliver(message: ToWebview): Promise<void>;
  /** Waits until the webview has posted a message of this type (count-th occurrence, 1-based). */
  waitForPosted(type: FromWebview['type'], count?: number): Promise<FromWebview>;
  /** Uncaught page errors seen so far. */
  pageErrors: string[];
  /** Dialogs (alert/confirm/prompt) opened so far. */
  dialogs: string[];
  /** Saves test-output/screenshots/webview-<name>.png. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/** Opens the webview in headless Chromium inside the host's HTML and CSP. */
export async function openHarness(options: HarnessOptions = {}): Promise<Harness> {
  ensureWebviewBuilt();
  const theme = options.theme ?? 'dark';
  const isOwnBrowser = !options.browser;
  const browser = options.browser ?? await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: options.width ?? 1400, height: options.height ?? 860 } });
  const page = await context.newPage();
  const nonce = 'harnessNonce0123456789';
  const html = renderWebviewHtml({ cspSource: ORIGIN, nonce, scriptUri: `${ORIGIN}/dist/webview.js`, styleUri: `${ORIGIN}/dist/timeline.css`, title: 'Memory Lens test' })
    .replace('<body>', `<link rel="stylesheet" href="${ORIGIN}/theme.css">\n<body class="${THEME_BODY_CLASS[theme]}">`)
    .replace('<script nonce=', `<script nonce="${nonce}" src="${ORIGIN}/standin.js"></script>\n<script nonce=`);
  const files: Record<string, { body: string; type: string }> = {
    '/': { body: html, type: 'text/html' },
    '/standin.js': { body: STAND_IN, type: 'text/javascript' },
    '/theme.css': { body: themeCss(theme), type: 'text/css' },
  };
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const f = files[path];
    if (f) return route.fulfill({ body: f.body, contentType: f.type });
    if (path === '/dist/webview.js' || path === '/dist/timeline.css') {
      return route.fulfill({ body: readFileSync(join(ROOT, path)), contentType: path.endsWith('.js') ? 'text/javascript' : 'text/css' });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  const pageErrors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  await page.goto(`${ORIGIN}/`);
  const harness: Harness = {
    page, pageErrors, dialogs,
    posted: () => page.evaluate(() => (globalThis as any).__lens.posted as FromWebview[]),
    deliver: async (message) => { await page.evaluate((m) => (globalThis as any).__lens.deliver(m), toPage(message)); },
    waitForPosted: async (type, count = 1) => {
      const handle = await page.waitForFunction(([t, c]) => {
        const all = ((globalThis as any).__lens?.posted ?? []).filter((m: { type: string }) => m.type === t);
        return all.length >= (c as number) ? all[(c as number) - 1] : null;
      }, [type, count] as const, { timeout: 10_000 });
      return (await handle.jsonValue()) as FromWebview;
    },
    screenshot: async (name) => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `webview-${name}.png`);
      await page.screenshot({ path });
      return path;
    },
    close: async () => {
      await context.close();
      if (isOwnBrowser) await browser.close();
    },
  };
  return harness;
}


/**
 * A synthetic sequential report with `intervalCount` values: a chain of steps, one output per
 * step, short and long lifetimes, freelist reuse so rows hold several segments, a few aliases,
 * in-place outputs and unknown sizes.
 */
export function makeSyntheticReport(intervalCount: number, seed = 1): Report {
  const rand = rng(seed);
  const n = intervalCount;
  const steps: ReportStep[] = [];
  const values: ReportValue[] = [];
  const freeAt: Array<{ root: string; freedAfter: number; bytes: number }> = [];
  // Live bytes as a difference array: adding each value over its whole lifetime is quadratic
  // (long lifetimes are up to 5% of the run), which at 1M intervals takes minutes.
  const liveDelta = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const name = `t${i}`;
    const life = rand() < 0.9 ? 1 + Math.floor(rand() * 6) : 1 + Math.floor(rand() * n * 0.05);
    const release = Math.min(n - 1, i + life);
    const bytes = 256 * (1 + Math.floor(rand() * 4096));
    const isUnknown = rand() < 0.01;
    let root = name;
    let allocKind: ReportValue['allocKind'] = 'Allocate';
    let reuseVia: ReportValue['reuseVia'] = null;
    let reusedFrom: ReportValue['reusedFrom'] = null;
    const r = rand();
    const candidate = freeAt.length > 0 ? freeAt[freeAt.length - 1] : undefined;
    if (r < 0.5 && candidate && candidate.freedAfter < i && candidate.bytes >= bytes) {
      freeAt.pop();
      root = candidate.root;
      allocKind = 'Reuse';
      reuseVia = 'freelist';
      reusedFrom = { value: candidate.root, freedAfter: candidate.freedAfter };
    } else if (r < 0.55 && i > 0) {
      root = values[i - 1]!.root;
      allocKind = 'Reuse';
      reuseVia = rand() < 0.5 ? 'alias' : 'inplace';
    }
    if (root === name) freeAt.push({ root: name, freedAfter: release, bytes });
    freeAt.sort((a, b) => b.freedAfter - a.freedAfter);
    if (freeAt.length > 64) freeAt.length = 64;
    values.push({
      name, dtype: 'float32', shape: [bytes / 4], symbolicShape: [bytes / 4], bytes: isUnknown ? null : bytes,
      unavailableReason: isUnknown ? 'Synthetic unknown size' : null, allocKind: i === n - 1 ? 'AllocateOutput' : allocKind, root, reuseVia,
      reusedFrom, producedAt: i, releasedAfter: i === n - 1 ? null : release, lastUsedAt: release, producer: `node${i}`,
      consumers: [release], isGraphInput: false, isGraphOutput: i === n - 1, isInitializer: false, isOuterScope: false,
    });
    if (root === name) { liveDelta[i]! += bytes; liveDelta[release + 1]! -= bytes; }
    steps.push({
      index: i, node: `node${i}`, nodeIndex: i, displayName: `node${i}`, opType: ['MatMul', 'Add', 'Relu', 'Reshape', 'Softmax'][i % 5]!,
      domain: '', inputs: i > 0 ? [`t${i - 1}`] : [], outputs: [name], inserted: false, liveBytes: 0, liveReason: null, arenaInUseBytes: null, arenaHeldBytes: null, arenaReason: 'not replayed',
      workspaceBytes: i % 5 === 0 ? 4096 : 0, workspaceState: i % 5 === 0 ? 'formula' : 'zero', workspaceReason: null, subgraphs: [],
    });
  }
  let peak = 0;
  let peakStep = 0;
  let live = 0;
  for (let s = 0; s < n; s++) {
    live += liveDelta[s]!;
    steps[s]!.liveBytes = live;
    if (live > peak) { peak = live; peakStep = s; }
  }
  return {
    schemaVersion: 1, tool: { name: 'onnx-memory-lens', version: '0.1.0' },
    model: { path: `/synthetic/${n}.onnx`, irVersion: 8, opsets: { '': 17 }, producer: 'synthetic', fileBytes: 0 },
    bindings: {}, symbols: [], view: 'sequential', session: modeledSession({ intraOpThreads: 2, l2CacheBytes: 1048576, maxTotalSequenceLength: null }, 'sequential'), 
    graphs: [{
      id: 'main', parent: null, steps, values, peak: { bytes: peak, step: peakStep, reason: null, label: 'Modeled peak (sequential)' },
      maxLiveBytes: peak, initialization: null, uncovered: [], unavailable: [], bestFitArenaBytes: null,
    }],
    physicalPeak: { bytes: null, reason: 'Synthetic report' },
  };
}
