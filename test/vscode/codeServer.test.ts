/**
 * The real-VS-Code test: the packaged .vsix installed into code-server (VS Code 1.139 in a
 * browser), driven with playwright-core and Debian's Chromium. It proves the integration only:
 * explorer menu, command, panel, bars, hover card and view switch. Webview behaviour in depth is
 * tested in test/webview.
 */
import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Frame, type Locator, type Page } from 'playwright-core';
import type { Report, ReportGraph, ReportValue } from '../../src/report/report';
import { buildModel, DataType, node, tensor, tensorValue } from '../support/onnxBuilder';
import { codeServerMissing, installExtension, startCodeServer, type CodeServer } from './support/codeServer';
import { CORPUS_DIR } from '../support/corpus';
import { attentionScoresModel, attentionScoresPeak, ifChainModel, loopScanModel } from '../support/sampleModels';
import { sampleRateBranchModel } from '../oracle/generatedModels';
import { describeSession } from '../../src/report/describeSession';
import { formatBytesExact } from '../../src/report/formatBytes';
import { machineNchwcBlockSize } from '../../src/optimize/optimizeModel';

const ROOT = resolve(__dirname, '..', '..');
const CORPUS_MODEL = join(CORPUS_DIR, 'ort-inference-examples', 'mnist.onnx');
const CHROMIUM = '/usr/bin/chromium';
const SHOTS = join(ROOT, 'test-output', 'screenshots');
const MENU_LABEL = 'Show memory backing report';
const COMPARE_LABEL = 'Compare memory reports';
/** Mirrors ROW_HEIGHT_PX and GUTTER_PX of webview/app/chartView.ts (the chart is a canvas, so the test aims by geometry). */
const ROW_HEIGHT_PX = 16;
const GUTTER_PX = 190;
/** Nodes in chain.onnx: enough that planning takes seconds, so the progress notification shows and can be cancelled. */
const CHAIN_NODES = 200_000;
/** The workspace's budget setting (bytes). */
const BUDGET_BYTES = 1000;
/**
 * Models with many graphs: VS Code's webview messaging passes each ArrayBuffer of a message as its own
 * argument and lost those past about 250, so a report of 7 or more graphs (about 40 columns each)
 * failed to render until the columns were packed into one buffer. 2 If nodes make 5 graphs, 3 make 7,
 * 30 make 61; loop-scan.onnx has a Loop and a Scan body.
 */
const MANY_GRAPH_MODELS: ReadonlyArray<[string, () => Uint8Array]> = [
  ['if2.onnx', () => ifChainModel(2)], ['if3.onnx', () => ifChainModel(3)], ['if10.onnx', () => ifChainModel(10)],
  ['if30.onnx', () => ifChainModel(30)], ['loop-scan.onnx', loopScanModel],
];
/** Session facts the workspace settings declare; the panel and the CLI expectations use the same. */
const SESSION_SETTINGS = { 'onnxMemoryLens.intraOpThreads': 1, 'onnxMemoryLens.maxTotalSequenceLength': 4096 };
const SESSION_FLAGS = ['--threads', '1', '--max-total-seq', '4096'];

function skipReason(): string | null {
  if (!existsSync(CHROMIUM)) return `Chromium is not installed at ${CHROMIUM} (apt-get install chromium)`;
  return codeServerMissing(ROOT);
}

/** A chain of `n` unary nodes: small on disk, slow to plan. */
function longChainModel(n: number): Uint8Array {
  const nodes = Array.from({ length: n }, (_, i) => node(i % 2 === 0 ? 'Sigmoid' : 'Relu', [i === 0 ? 'x' : `t${i - 1}`], [`t${i}`], { name: `n${i}` }));
  return buildModel({ nodes, inputs: [tensorValue('x', DataType.FLOAT, ['batch', 1024])], outputs: [tensorValue(`t${n - 1}`, DataType.FLOAT, ['batch', 1024])] });
}

/** A workspace with model.onnx (the corpus MNIST, or a small model built in code when the corpus is absent) and notes.txt. */
function makeWorkspace(run: string): string {
  const ws = join(run, 'workspace');
  mkdirSync(ws, { recursive: true });
  if (existsSync(CORPUS_MODEL)) {
    copyFileSync(CORPUS_MODEL, join(ws, 'model.onnx'));
  } else {
    console.log(`codeServer.test: ${CORPUS_MODEL} is absent; using a model built in code`);
    const bytes = buildModel({
      nodes: [node('MatMul', ['x', 'w'], ['h'], { name: 'matmul' }), node('Relu', ['h'], ['y'], { name: 'relu' })],
      inputs: [tensorValue('x', DataType.FLOAT, [1, 256])],
      outputs: [tensorValue('y', DataType.FLOAT, [1, 512])],
      initializers: [tensor('w', DataType.FLOAT, [256, 512])],
    });
    writeFileSync(join(ws, 'model.onnx'), bytes);
  }
  writeFileSync(join(ws, 'notes.txt'), 'Not a model.\n');
  writeFileSync(join(ws, 'broken.onnx'), 'This file is not an ONNX model.\n');
  writeFileSync(join(ws, 'chain.onnx'), longChainModel(CHAIN_NODES));
  // Symbolic batch and sequence, with a peak known in closed form: the Sweep… panel and Compare.
  writeFileSync(join(ws, 'attention.onnx'), attentionScoresModel());
  for (const [name, make] of MANY_GRAPH_MODELS) writeFileSync(join(ws, name), make());
  // An If chosen by a scalar sample-rate input: its branch is known once the panel fixes sr.
  writeFileSync(join(ws, 'sr.onnx'), sampleRateBranchModel());
  // Symbolic dims to bind: the last bindings come back when the model is reopened.
  writeFileSync(join(ws, 'dims.onnx'), buildModel({
    nodes: [node('Relu', ['x'], ['a'], { name: 'relu' }), node('Sigmoid', ['a'], ['y'], { name: 'sigmoid' })],
    inputs: [tensorValue('x', DataType.FLOAT, ['batch', 'seq', 64])],
    outputs: [tensorValue('y', DataType.FLOAT, ['batch', 'seq', 64])],
  }));
  // A second model.onnx in a folder of its own: two open reports of one file name.
  mkdirSync(join(ws, 'twin'));
  writeFileSync(join(ws, 'twin', 'model.onnx'), ifChainModel(2));
  // A budget far below any model's peak, so the budget diagnostic must appear; session facts the reports must use.
  mkdirSync(join(ws, '.vscode'));
  writeFileSync(join(ws, '.vscode', 'settings.json'), JSON.stringify({ 'onnxMemoryLens.budgetBytes': BUDGET_BYTES, ...SESSION_SETTINGS }));
  return ws;
}

function packageVsix(run: string): string {
  const vsix = join(run, 'onnx-memory-lens.vsix');
  // vsce runs vscode:prepublish, which bundles dist/ first. The README's relative image links cannot
  // be rewritten without a GitHub/GitLab repository URL, and vsce refuses to package unless told to keep them.
  execFileSync(process.execPath, [join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', vsix], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  assert.ok(existsSync(vsix), 'vsce produced the .vsix');
  return vsix;
}

function cliReport(model: string, view: 'sequential' | 'parallel', level: 'disabled' | 'all' = 'all'): Report {
  const out = execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'report', model, '--json', '--view', view, '--optimization', level, ...SESSION_FLAGS], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return JSON.parse(out) as Report;
}

function stepValues(report: Report, graph: ReportGraph = report.graphs[0]!): ReportValue[] {
  return graph.values.filter((v) => !v.isInitializer && !v.isGraphInput && v.producedAt >= 0 && v.bytes !== null);
}

interface OrtLike {
  InferenceSession: { create(path: string, opts: unknown): Promise<{ inputMetadata: Array<{ name: string; type?: string; shape?: Array<number | string> }>; run(feeds: Record<string, unknown>): Promise<unknown>; endProfiling(): void; release(): Promise<void> }> };
  Tensor: new (type: string, data: Float32Array, dims: number[]) => unknown;
}

/**
 * Runs model.onnx once in onnxruntime-node with profiling (the settings the report models) and
 * saves the profile as <ws>/ort-profile.json; null when onnxruntime-node or a float input is unavailable.
 */
async function writeOrtProfile(ws: string): Promise<string | null> {
  let ort: OrtLike;
  try {
    ort = require('onnxruntime-node') as OrtLike;
  } catch (err) {
    // A skipped step is a skipped test: CI must not pass without it.
    if (process.env.CI === 'true') throw err;
    console.log(`codeServer.test: onnxruntime-node is unavailable, so the profile import step is skipped: ${(err as Error).message}`);
    return null;
  }
  const dir = join(ws, '..', 'profile');
  mkdirSync(dir, { recursive: true });
  const session = await ort.InferenceSession.create(join(ws, 'model.onnx'), {
    // The level the panel models (ORT's default, all) and the workspace's one thread.
    graphOptimizationLevel: 'all', intraOpNumThreads: 1, enableMemPattern: false, executionProviders: ['cpu'], enableProfiling: true, profileFilePrefix: join(dir, 'profile'), logSeverityLevel: 3,
  });
  const feeds: Record<string, unknown> = {};
  for (const m of session.inputMetadata) {
    if (m.type !== 'float32') return null;
    const dims = (m.shape ?? []).map((d) => (typeof d === 'number' && d > 0 ? d : 1));
    feeds[m.name] = new ort.Tensor('float32', new Float32Array(dims.reduce((a, b) => a * b, 1)), dims);
  }
  await session.run(feeds);
  session.endProfiling();
  await session.release();
  const written = readdirSync(dir).find((f) => f.endsWith('.json'));
  if (!written) return null;
  const target = join(ws, 'ort-profile.json');
  copyFileSync(join(dir, written), target);
  return target;
}

/** The one-line error the CLI prints for `model` (after its `error: <path>: ` prefix). */
function cliError(model: string): string {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'report', model, '--json'], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  assert.notEqual(r.status, 0, 'the CLI refuses the file');
  const prefix = `error: ${model}: `;
  const line = r.stderr.trim();
  assert.ok(line.startsWith(prefix), `CLI error line: ${line}`);
  return line.slice(prefix.length);
}

/** The value the test hovers: the largest buffer produced by a step (graph inputs and initializers sit in a collapsed band). */
function hoverTarget(report: Report, graph: ReportGraph = report.graphs[0]!): ReportValue {
  const candidates = stepValues(report, graph).sort((a, b) => (b.bytes ?? 0) - (a.bytes ?? 0));
  assert.ok(candidates[0], 'the model has a step-produced value of known size');
  return candidates[0];
}

/**
 * The value to hover in the parallel view: preferably one whose alias root differs from the
 * sequential plan (reuse is off in parallel), so the card must reflect the new report.
 */
function parallelTarget(sequential: Report, parallel: Report): ReportValue {
  const seqByName = new Map(stepValues(sequential).map((v) => [v.name, v]));
  const changed = stepValues(parallel).find((v) => seqByName.get(v.name)?.root !== v.root);
  return changed ?? hoverTarget(parallel);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `vscode-${name}.png`) });
}

async function closeMenu(page: Page): Promise<void> {
  const menu = page.locator('.context-view .monaco-menu');
  await page.keyboard.press('Escape');
  if (await menu.isVisible()) await page.mouse.click(700, 880);
  await menu.waitFor({ state: 'hidden', timeout: 5000 });
}

/** Right-clicks `item` until the context menu has loaded its contributions; returns the menu's item labels. */
async function openContextMenu(page: Page, item: Locator, mustContain: string | null): Promise<string[]> {
  const menu = page.locator('.context-view .monaco-menu');
  for (let attempt = 0; attempt < 20; attempt++) {
    await item.click({ button: 'right' });
    try {
      await menu.waitFor({ state: 'visible', timeout: 10_000 });
    } catch (err) {
      // A right-click the workbench dropped while busy (a cancelled report's worker may still be
      // finishing ONNX Runtime's session on the other core) opens nothing: close what may be open and click again.
      if (attempt >= 5) throw err;
      await page.keyboard.press('Escape');
      await page.waitForTimeout(1000);
      continue;
    }
    const labels = (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim());
    if (mustContain === null || labels.some((l) => l.includes(mustContain))) return labels;
    // Menu contributions can arrive after the explorer is ready: close and try again.
    await closeMenu(page);
    await page.waitForTimeout(1000);
  }
  throw new Error(`The context menu never offered '${mustContain}'`);
}

async function clickMenuItem(page: Page, label: string): Promise<void> {
  const menu = page.locator('.context-view .monaco-menu');
  const entry = menu.getByRole('menuitem', { name: label, exact: true });
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await entry.hover({ timeout: 5000 });
      // A click right after the menu opens may only highlight the item.
      await page.waitForTimeout(150);
      await entry.click({ timeout: 5000 });
    } catch (err) {
      // The menu draws itself again when a late contribution arrives, and the entry being hovered
      // is detached ("element is not stable"); the locator finds the new one on the next attempt.
      if (!(await menu.isVisible())) throw err;
      continue;
    }
    try {
      await menu.waitFor({ state: 'hidden', timeout: 2000 });
      return;
    } catch {
      // Still open: the click only highlighted the item; try again.
    }
  }
  throw new Error(`Clicking '${label}' never closed the menu`);
}

/** The report webview's inner frame (webviews are two nested iframes). */
async function reportFrame(page: Page): Promise<Frame> {
  // Hidden editors keep their webviews attached; the one on screen is the active report.
  const outer = page.locator('iframe.webview.ready').filter({ visible: true }).last();
  await outer.waitFor({ state: 'attached', timeout: 60_000 });
  const outerFrame = await (await outer.elementHandle())!.contentFrame();
  assert.ok(outerFrame, 'the webview host frame exists');
  const inner = outerFrame.locator('iframe#active-frame');
  await inner.waitFor({ state: 'attached', timeout: 60_000 });
  const frame = await (await inner.elementHandle())!.contentFrame();
  assert.ok(frame, 'the webview content frame exists');
  return frame;
}

/** Bars drawn in the last Gantt frame, read from the chart handle the webview exposes (window.memoryLens.chart.lastStats). */
async function waitForBars(frame: Frame): Promise<number> {
  const handle = await frame.waitForFunction(
    () => {
      const chart = (globalThis as { memoryLens?: { chart?: { lastStats?: { rectsDrawn: number } | null } } }).memoryLens?.chart;
      const n = chart?.lastStats?.rectsDrawn ?? 0;
      return n > 0 ? n : false;
    },
    null,
    { timeout: 60_000, polling: 200 },
  );
  return (await handle.jsonValue()) as number;
}

/** Scrolls the chart to `name`'s bar and returns a point on it, in gantt-canvas coordinates. */
async function barPoint(frame: Frame, name: string): Promise<{ x: number; y: number }> {
  const point = await frame.evaluate(
    ({ name, rowHeightPx, gutterPx }) => {
      interface Scale { domainStart: number; domainEnd: number; rangeStartPx: number; rangeEndPx: number }
      interface Layout { valueSeg: ArrayLike<number>; segRow: ArrayLike<number>; segStart: ArrayLike<number>; segEnd: ArrayLike<number> }
      interface Chart {
        data: { valueIndexOf(name: string): number; layout: Layout } | null;
        scrollTopPx: number;
        scale(): Scale;
        revealRow(row: number): void;
        revealStep(step: number): void;
        canvases: { gantt: { clientWidth: number; clientHeight: number } };
      }
      const chart = (globalThis as unknown as { memoryLens: { chart: Chart } }).memoryLens.chart;
      const data = chart.data;
      if (!data) return null;
      // Value names by index (the webview keeps values as columns, not objects).
      const vi = data.valueIndexOf(name);
      const seg = vi >= 0 ? data.layout.valueSeg[vi]! : -1;
      if (seg < 0) return null;
      const row = data.layout.segRow[seg]!;
      chart.revealRow(row);
      chart.revealStep(data.layout.segStart[seg]!);
      const s = chart.scale();
      const pps = (s.rangeEndPx - s.rangeStartPx) / (s.domainEnd - s.domainStart);
      // Aim inside the segment's first step: a later value that reuses the buffer shares the row from
      // its own producer's step on, and the hit test gives the later segment where they overlap.
      const start = data.layout.segStart[seg]!;
      const x0 = s.rangeStartPx + (start - s.domainStart) * pps;
      const x1 = s.rangeStartPx + (Math.min(data.layout.segEnd[seg]!, start + 1) - s.domainStart) * pps;
      const lo = Math.max(x0, gutterPx + 1);
      const hi = Math.min(x1, chart.canvases.gantt.clientWidth - 1);
      return { x: (lo + hi) / 2, y: row * rowHeightPx - chart.scrollTopPx + rowHeightPx / 2 };
    },
    { name, rowHeightPx: ROW_HEIGHT_PX, gutterPx: GUTTER_PX },
  );
  assert.ok(point, `the chart has a bar for '${name}'`);
  return point;
}

/** The text of the card row labelled `label`. */
async function cardRow(frame: Frame, label: string): Promise<string> {
  const dd = frame.locator('.hover-card dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  return ((await dd.textContent()) ?? '').trim();
}

/** Hovers `value`'s bar and checks the card shows its name, exact byte count, alloc kind and alias root. */
async function hoverAndCheck(frame: Frame, value: ReportValue): Promise<void> {
  const card = frame.locator('.hover-card');
  const canvas = frame.locator('canvas.gantt-canvas');
  // Retry once: a redraw after revealRow/revealStep can land between aiming and hovering.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { x, y } = await barPoint(frame, value.name);
    await frame.waitForTimeout(100);
    await canvas.hover({ position: { x, y } });
    try {
      await frame.locator('.hover-card .card-title', { hasText: value.name }).waitFor({ state: 'visible', timeout: 3000 });
      break;
    } catch (err) {
      if (attempt === 2) throw err;
    }
  }
  assert.equal((await card.locator('.card-title').textContent())?.trim(), value.name);
  assert.ok(value.bytes !== null);
  const bytesText = await cardRow(frame, 'bytes');
  assert.ok(bytesText.includes(`${value.bytes.toLocaleString('en-US')} B`), `card bytes '${bytesText}' match the CLI's ${value.bytes}`);
  assert.ok((await cardRow(frame, 'alloc kind')).startsWith(value.allocKind), `card alloc kind matches the CLI's ${value.allocKind}`);
  assert.equal(await cardRow(frame, 'alias root'), value.root);
}

/** Waits until the panel draws bars, failing at once with the panel's text when it shows an error instead. */
async function waitForReport(frame: Frame): Promise<void> {
  const error = frame.locator('.status-error');
  const drawn = waitForBars(frame);
  const failed = error.waitFor({ state: 'visible', timeout: 60_000 }).then(async () => (await error.textContent()) ?? 'error');
  const outcome = await Promise.race([drawn.then(() => null), failed.catch(() => null)]);
  // Keep the loser from surfacing as an unhandled rejection after the race.
  drawn.catch(() => undefined);
  assert.equal(outcome, null, `the panel shows an error instead of bars: ${outcome}`);
}

/** Double-clicks step `stepIndex` on the Gantt (its details open in the side panel), then opens `bodyId` from there. */
async function openBody(frame: Frame, stepIndex: number, body: ReportGraph): Promise<void> {
  const point = await frame.evaluate((step) => {
    interface Scale { domainStart: number; domainEnd: number; rangeStartPx: number; rangeEndPx: number }
    const chart = (globalThis as unknown as { memoryLens: { chart: { revealStep(s: number): void; scale(): Scale } } }).memoryLens.chart;
    chart.revealStep(step);
    const s = chart.scale();
    return { x: s.rangeStartPx + (step + 0.5 - s.domainStart) * ((s.rangeEndPx - s.rangeStartPx) / (s.domainEnd - s.domainStart)), y: 4 };
  }, stepIndex);
  await frame.waitForTimeout(100);
  await frame.locator('canvas.gantt-canvas').dblclick({ position: point });
  await frame.locator('.subgraph-link', { hasText: body.id }).click({ timeout: 10_000 });
  await frame.locator('.breadcrumb .current', { hasText: `${body.parent!.node}.${body.parent!.attribute}` }).waitFor({ state: 'visible', timeout: 10_000 });
}

/** Records errors the webview throws from now on (complements pageerror, which may not cover every frame). */
async function watchWebviewErrors(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    const g = globalThis as unknown as { lensTestErrors?: string[]; addEventListener(t: string, f: (e: { message?: string; reason?: unknown }) => void): void };
    g.lensTestErrors = [];
    g.addEventListener('error', (e) => g.lensTestErrors!.push(String(e.message)));
    g.addEventListener('unhandledrejection', (e) => g.lensTestErrors!.push(String(e.reason)));
  });
}

async function webviewErrorsIn(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => (globalThis as unknown as { lensTestErrors?: string[] }).lensTestErrors ?? []);
}

const reason = skipReason();

/** State shared by the ordered steps below (one code-server and one browser for the whole suite). */
interface Session {
  run: string;
  ws: string;
  server: CodeServer;
  context: BrowserContext;
  page: Page;
  sequential: Report;
  parallel: Report;
  /** The CLI's error message for broken.onnx. */
  brokenError: string;
  /** An ORT profile of model.onnx inside the workspace, or null when onnxruntime-node is unavailable. */
  profile: string | null;
  webviewErrors: string[];
}

describe('ONNX Memory Lens in code-server (VS Code 1.139) from the packaged .vsix', { skip: reason ?? false, timeout: 600_000 }, () => {
  let s: Session | null = null;
  let isFailed = false;
  const session = (): Session => {
    assert.ok(s, 'code-server session started');
    return s;
  };
  /** Marks the suite failed (keeps the run folder and takes a screenshot) when a step throws. */
  const step = (fn: (s: Session, t: TestContext) => Promise<void>) => async (t: TestContext) => {
    try {
      await fn(session(), t);
    } catch (err) {
      isFailed = true;
      if (s) {
        await shot(s.page, 'failure').catch((e: unknown) => console.error('codeServer.test: failure screenshot failed:', e));
        // A menu left open would block the next steps' clicks.
        await s.page.keyboard.press('Escape').catch((e: unknown) => console.error('codeServer.test: Escape failed:', e));
      }
      throw err;
    }
  };

  before(async () => {
    const run = mkdtempSync(join(tmpdir(), 'lens-code-server-'));
    try {
      const vsix = packageVsix(run);
      const ws = makeWorkspace(run);
      const model = join(ws, 'model.onnx');
      const sequential = cliReport(model, 'sequential');
      const parallel = cliReport(model, 'parallel');
      const brokenError = cliError(join(ws, 'broken.onnx'));
      const profile = await writeOrtProfile(ws);
      installExtension(ROOT, run, vsix);
      const server = await startCodeServer(ROOT, run, ws);
      const context = await chromium.launchPersistentContext(join(run, 'profile'), {
        executablePath: CHROMIUM,
        headless: true,
        viewport: { width: 1400, height: 900 },
        env: { ...process.env, XDG_CONFIG_HOME: join(run, 'xdg', 'chromium') },
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
      });
      const page = context.pages()[0] ?? (await context.newPage());
      const webviewErrors: string[] = [];
      // Console noise from unreachable hosts is expected; only the webview's own uncaught errors fail the suite.
      page.on('pageerror', (err) => {
        if ((err.stack ?? '').includes('webview.js')) webviewErrors.push(err.message);
      });
      s = { run, ws, server, context, page, sequential, parallel, brokenError, profile, webviewErrors };
      await page.goto(`${server.url}/?folder=${encodeURIComponent(ws)}`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('treeitem', { name: 'model.onnx' }).waitFor({ state: 'visible', timeout: 120_000 });
      await shot(page, 'workbench');
    } catch (err) {
      isFailed = true;
      console.error(`codeServer.test: setup failed; run folder kept: ${run}`);
      throw err;
    }
  });

  after(async () => {
    if (!s) return;
    await s.context.close();
    await s.server.stop();
    if (isFailed) console.error(`codeServer.test: kept the run folder for inspection: ${s.run}\ncode-server output:\n${s.server.log().slice(-4000)}`);
    else rmSync(s.run, { recursive: true, force: true });
  });

  test('the explorer context menu offers "Show memory backing report" on model.onnx but not on notes.txt', step(async ({ page }) => {
    const modelItem = page.getByRole('treeitem', { name: 'model.onnx' });
    const modelMenu = await openContextMenu(page, modelItem, MENU_LABEL);
    assert.ok(modelMenu.some((l) => l.includes(MENU_LABEL)));
    await closeMenu(page);
    const notesMenu = await openContextMenu(page, page.getByRole('treeitem', { name: 'notes.txt' }), null);
    assert.ok(notesMenu.length > 3, `the notes.txt menu is populated: ${notesMenu.join(' | ')}`);
    assert.ok(!notesMenu.some((l) => l.includes(MENU_LABEL)), `notes.txt is not offered the report: ${notesMenu.join(' | ')}`);
    await closeMenu(page);
  }));

  test('choosing the menu item opens "Memory: model.onnx" with bars, and hovering a bar shows the CLI\'s name and bytes', step(async ({ page, sequential }) => {
    await openContextMenu(page, page.getByRole('treeitem', { name: 'model.onnx' }), MENU_LABEL);
    await shot(page, 'menu');
    await clickMenuItem(page, MENU_LABEL);
    await page.getByRole('tab', { name: /Memory: model\.onnx/ }).waitFor({ state: 'visible', timeout: 60_000 });
    const frame = await reportFrame(page);
    await watchWebviewErrors(frame);
    assert.ok((await waitForBars(frame)) > 0, 'the panel draws bars');
    await shot(page, 'panel');
    await hoverAndCheck(frame, hoverTarget(sequential));
    await shot(page, 'hover');
    // The workspace settings' session facts reached the planner in the worker: the panel shows them.
    // The packaged extension ran its own onnxruntime-node (no node_modules in the .vsix) at ORT's default level.
    assert.deepEqual(sequential.session, { intraOpThreads: 1, l2CacheBytes: 1048576, maxTotalSequenceLength: 4096, ortVersion: '1.30', executionProvider: 'CPUExecutionProvider', graphOptimizationLevel: 'all', requestedGraphOptimizationLevel: 'all', optimizationFallbackReason: null, nchwcBlockSize: machineNchwcBlockSize(), executor: 'sequential', memoryPatternModeled: true, arenaModeled: true, arena: { enableCpuMemArena: true, enableMemPattern: true, arenaExtendStrategy: 'next-power-of-two', initialChunkSizeBytes: 1048576, maxDeadBytesPerChunk: 134217728, initialGrowthChunkSizeBytes: 2097152, maxPowerOfTwoExtendBytes: 1073741824, run: 2 } });
    await frame.locator('.peak-card').getByText('1 intra-op thread · L2 1.00 MiB (1,048,576 B) · max total sequence length 4096').waitFor({ state: 'visible', timeout: 10_000 });
    // The panel's header names the session the numbers model, as the CLI's summary does.
    assert.equal(await frame.locator('.breadcrumb .session-label').innerText(), describeSession(sequential));
  }));

  test('the view switch replans in the parallel view and back, and the hover card follows each report', step(async ({ page, sequential, parallel, webviewErrors }) => {
    const frame = await reportFrame(page);
    await frame.locator('#view-parallel').click();
    await frame.locator('#view-parallel[aria-pressed="true"]').waitFor({ timeout: 60_000 });
    await waitForBars(frame);
    await hoverAndCheck(frame, parallelTarget(sequential, parallel));
    await shot(page, 'parallel');
    await frame.locator('#view-sequential').click();
    await frame.locator('#view-sequential[aria-pressed="true"]').waitFor({ timeout: 60_000 });
    await hoverAndCheck(frame, hoverTarget(sequential));
    webviewErrors.push(...(await webviewErrorsIn(frame)));
  }));

  test('the toolbar\'s level group replans at disabled: the header names it, as the CLI\'s --optimization disabled does, and back at all', step(async ({ page, sequential }) => {
    const frame = await reportFrame(page);
    const disabled = cliReport(sequential.model.path, 'sequential', 'disabled');
    await frame.locator('#level-disabled').click();
    await frame.locator('#level-disabled[aria-pressed="true"]').waitFor({ timeout: 60_000 });
    await frame.locator('.breadcrumb .session-label', { hasText: 'graph optimizations disabled' }).waitFor({ timeout: 60_000 });
    assert.equal(await frame.locator('.breadcrumb .session-label').innerText(), describeSession(disabled));
    await waitForBars(frame);
    await frame.locator('#level-all').click();
    await frame.locator('.breadcrumb .session-label', { hasText: 'graph optimizations all' }).waitFor({ timeout: 60_000 });
    assert.equal(await frame.locator('.breadcrumb .session-label').innerText(), describeSession(sequential));
  }));

  test('Export CSV writes nothing until the user accepts the save dialog, then writes only that file', step(async ({ page, ws }) => {
    const frame = await reportFrame(page);
    const before = new Set(readdirSync(ws));
    await frame.locator('#export-csv').click();
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    assert.deepEqual(new Set(readdirSync(ws)), before, 'nothing is written while the dialog is open');
    // The dialog suggests the workspace folder and the webview's file name; accepting it is the user's choice.
    // The simple file dialog fills its input in steps (folder first, then the name).
    let suggested = '';
    for (let i = 0; i < 50 && !suggested.endsWith('.csv'); i++) {
      await page.waitForTimeout(200);
      suggested = (await input.inputValue()).trim();
    }
    assert.match(suggested, /model[^/]*\.csv$/, `suggested name: ${suggested}`);
    await shot(page, 'export-dialog');
    await input.press('Enter');
    const written = (): string[] => [...readdirSync(ws)].filter((f) => !before.has(f));
    const deadline = Date.now() + 30_000;
    while (written().length === 0 && Date.now() < deadline) await page.waitForTimeout(200);
    const files = written();
    assert.equal(files.length, 1, `one file was written: ${files.join(', ')}`);
    assert.ok(suggested.endsWith(files[0]!), `the file written is the one accepted: ${files[0]}`);
    const csv = readFileSync(join(ws, files[0]!), 'utf8');
    assert.ok(csv.split('\n').length > 2, 'the CSV has a header and rows');
  }));

  test('a workspace budget below the modeled peak puts a warning naming the peak step on the model in Problems', step(async ({ page, sequential }) => {
    await page.locator('.statusbar-item[id="status.problems"]').click();
    const markers = page.locator('.markers-panel');
    const warning = markers.getByText(/exceeds the budget of/);
    await warning.first().waitFor({ state: 'visible', timeout: 30_000 });
    const text = (await warning.first().textContent()) ?? '';
    const peakStep = sequential.graphs[0]!.peak.step;
    assert.ok(peakStep !== null);
    assert.match(text, new RegExp(`at step ${peakStep} \\(`));
    assert.match(text, new RegExp(`budget of 1,000 B|budget of ${BUDGET_BYTES} B`));
    // It names what it was computed for: the bindings and the modeled session.
    assert.ok(text.includes(`. Computed for no symbolic dims with ${describeSession(sequential)}`), text);
    await shot(page, 'problems');
    // Clicking it opens the report at the peak step (not the binary model in a text editor).
    await warning.first().click();
    await page.getByRole('tab', { name: /Memory: model\.onnx/, selected: true }).waitFor({ state: 'visible', timeout: 30_000 });
    const frame = await reportFrame(page);
    await frame.locator('.step-details:not([hidden]) h2', { hasText: new RegExp(`^Step ${peakStep}$`, 'i') }).waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await frame.evaluate(() => (globalThis as unknown as { memoryLens: { chart: { cursorStep: number } } }).memoryLens.chart.cursorStep), peakStep);
    assert.equal(await page.locator('.tab', { hasText: /^model\.onnx$/ }).count(), 0, 'no text editor tab of the binary model is left open');
    await shot(page, 'budget-peak');
    await page.locator('.statusbar-item[id="status.problems"]').click();
  }));

  test('"Open With…" offers the report as a custom editor, which draws the same bars and has the command in its title bar', step(async ({ page }) => {
    const menu = page.locator('.context-view .monaco-menu');
    await openContextMenu(page, page.getByRole('treeitem', { name: 'model.onnx' }), 'Open With');
    await clickMenuItem(page, 'Open With...');
    await menu.waitFor({ state: 'hidden' });
    const pick = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'ONNX Memory Lens report' });
    await pick.waitFor({ state: 'visible', timeout: 30_000 });
    await pick.click();
    await page.locator('.tab.active', { hasText: 'model.onnx' }).waitFor({ state: 'visible', timeout: 60_000 });
    const frame = await reportFrame(page);
    assert.ok((await waitForBars(frame)) > 0, 'the custom editor draws bars');
    // The editor title bar of an .onnx tab carries the command too.
    await page.locator(`.editor-actions [aria-label^="${MENU_LABEL}"]`).first().waitFor({ state: 'visible', timeout: 10_000 });
    await shot(page, 'custom-editor');
  }));

  for (const [name] of MANY_GRAPH_MODELS) {
    test(`${name}: the panel draws its main graph and its bodies, each hover showing the CLI's bytes`, step(async ({ page, ws, webviewErrors }) => {
      const report = cliReport(join(ws, name), 'sequential');
      await openContextMenu(page, page.getByRole('treeitem', { name }), MENU_LABEL);
      await clickMenuItem(page, MENU_LABEL);
      await page.getByRole('tab', { name: new RegExp(`Memory: ${name.replace('.', '\\.')}`) }).waitFor({ state: 'visible', timeout: 60_000 });
      const frame = await reportFrame(page);
      await watchWebviewErrors(frame);
      await waitForReport(frame);
      await hoverAndCheck(frame, hoverTarget(report));
      // The last graph of the report is the one whose columns were lost; a Loop/Scan model opens each body.
      const bodies = name.startsWith('if') ? [report.graphs.at(-1)!] : report.graphs.slice(1);
      assert.ok(bodies.length > 0 && bodies.every((b) => b.parent?.graph === 'main'), 'the bodies open from main');
      for (const body of bodies) {
        const parentStep = report.graphs[0]!.steps.find((s) => s.subgraphs.includes(body.id));
        assert.ok(parentStep, `a main step holds ${body.id}`);
        await openBody(frame, parentStep.index, body);
        await hoverAndCheck(frame, hoverTarget(report, body));
        await frame.locator('.breadcrumb .crumb.link').first().click();
        await frame.locator('.breadcrumb .current', { hasText: /^main$/ }).waitFor({ state: 'visible', timeout: 10_000 });
      }
      if (name === 'if30.onnx') await shot(page, 'many-graphs');
      webviewErrors.push(...(await webviewErrorsIn(frame)));
    }));
  }

  test('a file that is not a model shows the same one-line error in a notification and in its panel', step(async ({ page, brokenError }) => {
    await openContextMenu(page, page.getByRole('treeitem', { name: 'broken.onnx' }), MENU_LABEL);
    await clickMenuItem(page, MENU_LABEL);
    const toast = page.locator('.notifications-toasts .notification-list-item-message', { hasText: brokenError });
    await toast.first().waitFor({ state: 'visible', timeout: 60_000 });
    assert.equal((await toast.first().textContent())?.trim(), brokenError);
    const frame = await reportFrame(page);
    const status = frame.locator('.status-error');
    await status.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal((await status.textContent())?.trim(), `broken.onnx: ${brokenError} (not-onnx)`);
    await shot(page, 'error');
  }));

  test('after a window reload the report panel is restored and draws bars again', step(async ({ page }) => {
    await page.getByRole('tab', { name: /Memory: model\.onnx/ }).click();
    await page.waitForTimeout(500);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByRole('treeitem', { name: 'model.onnx' }).waitFor({ state: 'visible', timeout: 120_000 });
    await page.getByRole('tab', { name: /Memory: model\.onnx/ }).click({ timeout: 60_000 });
    const frame = await reportFrame(page);
    assert.ok((await waitForBars(frame)) > 0, 'the restored panel draws bars');
    await shot(page, 'restored');
  }));

  test('"Import ONNX Runtime profile…" from the palette adds the observed numbers of a real ORT profile to the active report', step(async ({ page, profile }, t) => {
    // Without onnxruntime-node there is no profile to import: a skip, never a pass (under CI=true it threw before this).
    if (profile === null) {
      t.skip('onnxruntime-node could not write a profile of model.onnx');
      return;
    }
    await page.getByRole('tab', { name: /Memory: model\.onnx/ }).click();
    const quickInput = page.locator('.quick-input-widget input.input');
    // F1 can land in the webview while it takes focus; the title bar's command center always opens quick input.
    // Right after the reload of the test before, the workbench can make the input inert while it is shown
    // (seen once in CI: "element is inert" for 30 s): then it is closed and opened again, at most three times.
    for (let attempt = 1; ; attempt++) {
      await page.locator('.command-center-center').click();
      await quickInput.waitFor({ state: 'visible', timeout: 10_000 });
      try {
        await quickInput.fill('>ONNX Memory Lens: Import ONNX Runtime profile', { timeout: 5_000 });
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
        console.log(`codeServer.test: the command palette was not editable (attempt ${attempt}); opening it again`);
        await page.keyboard.press('Escape');
        await page.waitForTimeout(500);
      }
    }
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Import ONNX Runtime profile' }).first().click();
    const dialog = page.locator('.quick-input-widget', { hasText: 'Import an ONNX Runtime profile for model.onnx' });
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    // The simple file dialog first fills its input with the folder it opens in, and keeps rewriting the
    // input while it resolves what was typed; typing key by key can interleave with that rewrite. Wait
    // for the initial folder, then set the whole path at once and re-set it until the dialog leaves it be.
    for (let i = 0; i < 50 && !(await quickInput.inputValue()).endsWith('/'); i++) await page.waitForTimeout(100);
    for (let attempt = 0; attempt < 10; attempt++) {
      await quickInput.fill(profile);
      await page.waitForTimeout(300);
      if ((await quickInput.inputValue()) === profile) break;
      console.log(`codeServer.test: the file dialog rewrote the typed path to ${await quickInput.inputValue()}; setting it again`);
    }
    assert.equal(await quickInput.inputValue(), profile);
    await shot(page, 'import-dialog');
    for (let attempt = 0; attempt < 3 && (await dialog.isVisible()); attempt++) {
      await quickInput.press('Enter');
      await dialog.waitFor({ state: 'hidden', timeout: 3000 }).catch((e: unknown) => console.log(`codeServer.test: import dialog still open (${(e as Error).name}); pressing Enter again`));
    }
    const frame = await reportFrame(page);
    await frame.getByText('Observed memBytesInUse (ort-profile.json)').waitFor({ state: 'visible', timeout: 30_000 });
    await shot(page, 'observed');
  }));

  test('planning a large model shows a cancellable progress notification, and Cancel stops it and says so in the panel', step(async ({ page }) => {
    await openContextMenu(page, page.getByRole('treeitem', { name: 'chain.onnx' }), MENU_LABEL);
    await clickMenuItem(page, MENU_LABEL);
    const progress = page.locator('.notifications-toasts .notification-toast', { hasText: 'Planning memory for chain.onnx' });
    await progress.waitFor({ state: 'visible', timeout: 60_000 });
    // Determinate: the worker's phase and counts with a percentage, not a spinner.
    await progress.getByText(/\d+% · ((Reading|Optimizing) chain\.onnx \(\d+\.\d MB\)|(Applying ORT graph transforms to|Inferring shapes of|Planning|Building the report of) main \(200,000 nodes\))/)
      .waitFor({ state: 'visible', timeout: 30_000 });
    await shot(page, 'progress');
    await progress.getByRole('button', { name: 'Cancel' }).click();
    const frame = await reportFrame(page);
    const status = frame.locator('.status-error');
    await status.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match((await status.textContent()) ?? '', /^chain\.onnx: Analysis of .*chain\.onnx was cancelled \(cancelled\)$/);
    await shot(page, 'cancelled');
  }));

  test('two open reports of files with one name get tabs that name their folders, and lose the folder when one closes', step(async ({ page }) => {
    await page.getByRole('treeitem', { name: 'twin' }).click();
    const twin = page.getByRole('treeitem', { name: 'model.onnx', level: 2 });
    await openContextMenu(page, twin, MENU_LABEL);
    await clickMenuItem(page, MENU_LABEL);
    const twinTab = page.getByRole('tab', { name: /Memory: model\.onnx — twin/ });
    await twinTab.waitFor({ state: 'visible', timeout: 60_000 });
    await page.getByRole('tab', { name: /Memory: model\.onnx — workspace/ }).waitFor({ state: 'visible', timeout: 10_000 });
    await shot(page, 'twin-tabs');
    await twinTab.locator('.codicon-close, .tab-actions .action-label').first().click();
    await twinTab.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('tab', { name: /^Memory: model\.onnx$/ }).waitFor({ state: 'visible', timeout: 10_000 });
  }));

  test('the last bindings of a model are named in the panel header and restored when it is reopened', step(async ({ page, webviewErrors }) => {
    await openContextMenu(page, page.getByRole('treeitem', { name: 'dims.onnx' }), MENU_LABEL);
    await clickMenuItem(page, MENU_LABEL);
    const tab = page.getByRole('tab', { name: /Memory: dims\.onnx/ });
    await tab.waitFor({ state: 'visible', timeout: 60_000 });
    let frame = await reportFrame(page);
    await watchWebviewErrors(frame);
    await waitForReport(frame);
    assert.equal(await frame.locator('.breadcrumb .bindings-label').innerText(), 'no bindings (batch, seq unbound)');
    await frame.locator('#bind-0 input').fill('3');
    await frame.locator('#bind-0 input').press('Enter');
    await frame.locator('.breadcrumb .bindings-label', { hasText: 'bindings batch=3 (seq unbound)' }).waitFor({ state: 'visible', timeout: 60_000 });
    webviewErrors.push(...(await webviewErrorsIn(frame)));
    await tab.locator('.codicon-close, .tab-actions .action-label').first().click();
    await tab.waitFor({ state: 'detached', timeout: 10_000 });
    await openContextMenu(page, page.getByRole('treeitem', { name: 'dims.onnx' }), MENU_LABEL);
    await clickMenuItem(page, MENU_LABEL);
    await tab.waitFor({ state: 'visible', timeout: 60_000 });
    frame = await reportFrame(page);
    await watchWebviewErrors(frame);
    await frame.locator('.breadcrumb .bindings-label', { hasText: 'bindings batch=3 (seq unbound)' }).waitFor({ state: 'visible', timeout: 60_000 });
    assert.equal(await frame.locator('#bind-0').evaluate((el) => (el as unknown as { value: string }).value), '3');
    await shot(page, 'bindings-restored');
    webviewErrors.push(...(await webviewErrorsIn(frame)));
  }));

  test('Sweep… in the attention model\'s panel runs in the worker, draws the closed-form peaks, a point click rebinds, and Fit uses the budget setting', step(async ({ page }) => {
    await openContextMenu(page, page.getByRole('treeitem', { name: 'attention.onnx' }), MENU_LABEL);
    await clickMenuItem(page, MENU_LABEL);
    await page.getByRole('tab', { name: /Memory: attention\.onnx/ }).waitFor({ state: 'visible', timeout: 60_000 });
    const frame = await reportFrame(page);
    await watchWebviewErrors(frame);
    await waitForReport(frame);
    // The closed form is of the graph as written: at ORT's default level 'all' the MatMul and the
    // Transpose are fused, so this panel models 'disabled' (the sweep uses the panel's level).
    await frame.locator('#level-disabled').click();
    await frame.locator('.breadcrumb .session-label', { hasText: 'graph optimizations disabled' }).waitFor({ timeout: 60_000 });
    // Bind batch in the toolbar first; the sweep keeps it and varies sequence.
    await frame.locator('#bind-0 input').fill('2');
    await frame.locator('#bind-0 input').press('Enter');
    await frame.locator('#sweep-toggle').click();
    await frame.locator('#sweep-dim').selectOption('sequence');
    await frame.locator('#sweep-to input').fill('64');
    await frame.locator('#sweep-points input').fill('7');
    await frame.locator('#sweep-logx').check();
    await frame.locator('#sweep-run').click();
    await frame.locator('.sweep-point').nth(6).waitFor({ state: 'visible', timeout: 60_000 });
    const labels = await frame.locator('.sweep-point').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    assert.equal(labels.length, 7);
    for (const [i, v] of [1, 2, 4, 8, 16, 32, 64].entries()) {
      const want = attentionScoresPeak(2, v);
      assert.ok(labels[i]!.startsWith(`sequence=${v}: peak ${formatBytesExact(want.bytes)} at step ${want.step} `), labels[i]);
    }
    await frame.locator('line.sweep-knee').first().waitFor({ state: 'attached', timeout: 10_000 });
    await shot(page, 'sweep');
    await frame.locator('.sweep-point[data-value="64"]').click();
    await frame.waitForFunction(() => ((globalThis as unknown as { document: { querySelector(s: string): { value?: string } | null } }).document.querySelector('#bind-1')?.value === '64'), null, { timeout: 60_000 });
    // An empty budget field means the workspace's budget setting (1,000 B): not even batch=1 fits.
    await frame.locator('#sweep-dim').selectOption('batch');
    await frame.locator('#fit-run').click();
    await frame.locator('#fit-result').getByText(/Even batch=1 does not fit/).waitFor({ state: 'visible', timeout: 60_000 });
  }));

  test('"Compare memory reports" on two selected models opens a compare panel with both peaks', step(async ({ page }) => {
    await page.getByRole('treeitem', { name: 'attention.onnx' }).click();
    await page.getByRole('treeitem', { name: 'if2.onnx' }).click({ modifiers: ['Control'] });
    await openContextMenu(page, page.getByRole('treeitem', { name: 'if2.onnx' }), COMPARE_LABEL);
    await clickMenuItem(page, COMPARE_LABEL);
    await page.getByRole('tab', { name: /Compare: (attention|if2)\.onnx vs (attention|if2)\.onnx/ }).waitFor({ state: 'visible', timeout: 60_000 });
    const frame = await reportFrame(page);
    await watchWebviewErrors(frame);
    const summary = frame.locator('#compare-summary');
    await summary.waitFor({ state: 'visible', timeout: 60_000 });
    const text = await summary.innerText();
    assert.match(text, /modeled peak/);
    assert.match(text, /different runs/);
    await shot(page, 'compare');
  }));

  test('fixing the sample-rate input in the panel plans the If branch that runs: the header names it and a bar has the CLI\'s --value bytes', step(async ({ page, ws, webviewErrors }) => {
    await openContextMenu(page, page.getByRole('treeitem', { name: 'sr.onnx' }), MENU_LABEL);
    await clickMenuItem(page, MENU_LABEL);
    await page.getByRole('tab', { name: /Memory: sr\.onnx/ }).waitFor({ state: 'visible', timeout: 60_000 });
    const frame = await reportFrame(page);
    await watchWebviewErrors(frame);
    await waitForReport(frame);
    const before = cliReport(join(ws, 'sr.onnx'), 'sequential');
    assert.equal(before.graphs[0]!.values.find((v) => v.name === 'framed')!.bytes, null, 'without sr the branches of different ranks leave framed unknown');
    await frame.locator('#input-value-0 input').fill('16000');
    await frame.locator('#input-value-0 input').press('Enter');
    await frame.locator('.breadcrumb .bindings-label', { hasText: 'input values sr=16000' }).waitFor({ state: 'visible', timeout: 60_000 });
    const out = execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'report', join(ws, 'sr.onnx'), '--json', '--value', 'sr=16000', ...SESSION_FLAGS], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    const cli = JSON.parse(out) as Report;
    const framed = cli.graphs[0]!.values.find((v) => v.name === 'framed')!;
    assert.equal(framed.bytes, 256);
    await hoverAndCheck(frame, framed);
    assert.equal(await frame.locator('#input-value-0').evaluate((el) => (el as unknown as { value: string }).value), '16000');
    await shot(page, 'input-values');
    webviewErrors.push(...(await webviewErrorsIn(frame)));
  }));

  test('the webview threw no uncaught errors', step(async ({ webviewErrors }) => {
    assert.deepEqual(webviewErrors, []);
  }));
});
