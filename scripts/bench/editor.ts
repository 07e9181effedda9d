/**
 * Editor benchmarks on a synthetic 96k-node decoder (support/decoderModel.ts, external weights), each as a
 * ratio to the CLI's whole report time on the same model (`node dist/cli.js report`, a process
 * from start to exit, median of 3):
 *   bench: editor-open-96k ratio=… editor_ms=… cli_ms=… (worker_ms=… host_post_ms=… webview_ms=…)
 *   bench: rebind-96k ratio=… (the same parts for a new `sequence` binding in the open panel)
 *   bench: view-switch-96k … and bench: rebind-back-96k … (answered from the recent-plans cache)
 * Open and rebind are timed in BENCH_EDITOR_ROUNDS fresh plan workers (default 3; each round a new
 * PlanSession, as a newly opened panel has): the lines give the median of the rounds' ratios and
 * each round's, since one worker's time moved by a fifth between runs of the same code.
 * The editor figure is the sum of the parts a click goes through, each measured here: the real plan
 * worker (dist/planWorker.js) behind PlanSession, as the extension host runs it (read, plan, encode,
 * transfer, host decode); the host's share of posting the message (JSON of the layout plus a copy of
 * the one buffer, as VS Code's serializer does); and the webview harness in headless Chromium from
 * the message's arrival to the end of the first frame that drew the chart. What is not in it: VS
 * Code's IPC between the extension host and the webview frame.
 * Both sides model one graph optimization level, `BENCH_EDITOR_LEVEL` (default 'disabled': the
 * graph as written, so the figures are this project's code; at 'all', ORT's own optimization of the
 * 96k nodes takes most of both sides' time, and the rebind reuses the worker's optimized graph).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { ToWebview } from '../../src/report/protocol';
import { GRAPH_OPTIMIZATION_LEVELS, type GraphOptimizationLevel } from '../../src/report/report';
import { PlanSession, type PlanResult } from '../../src/vscode/planSession';
import { CHROMIUM_ARGS, openHarness, toPage, type Harness } from '../../test/support/webviewHarness';
import { DECODER_NODES_PER_LAYER, writeDecoderModel } from './support/decoderModel';
import { serializeLikeVsCode } from './support/vscodeMessage';

const ROOT = resolve(__dirname, '../..');
const LAYERS = 4000;
const OPEN_BINDINGS = { batch: 1, sequence: 128 };
const REBIND_BINDINGS = { batch: 1, sequence: 256 };
/** How many fresh plan workers open and rebind are timed in (BENCH_EDITOR_ROUNDS). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_EDITOR_ROUNDS ?? 3));
const LEVEL = (process.env.BENCH_EDITOR_LEVEL ?? 'disabled') as GraphOptimizationLevel;
if (!GRAPH_OPTIMIZATION_LEVELS.includes(LEVEL)) throw new Error(`BENCH_EDITOR_LEVEL=${LEVEL}: expected one of ${GRAPH_OPTIMIZATION_LEVELS.join(', ')}`);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The CLI's whole report of `model` as a user runs it: one process, start to exit. */
function cliMs(model: string): number {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'report', model, '--bind', 'batch=1', '--bind', 'sequence=128', '--optimization', LEVEL], { stdio: ['ignore', 'ignore', 'inherit'] });
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** What VS Code's extension host does to post `message`: JSON with the buffer as a reference, and a copy of the buffer. */
function hostPostMs(message: ToWebview): number {
  const t0 = performance.now();
  serializeLikeVsCode(message);
  return performance.now() - t0;
}

/** Delivers the report to the open webview and returns the ms from arrival to the end of the first frame that drew it. */
async function firstPaintMs(h: Harness, message: ToWebview): Promise<number> {
  await h.page.evaluate((m) => { (globalThis as any).__benchMessage = (globalThis as any).__lens.restoreBuffer(m); }, toPage(message));
  return h.page.evaluate(`(async () => {
    const chart = window.memoryLens.chart;
    chart.lastStats = null;
    const t0 = performance.now();
    window.__lens.deliver(window.__benchMessage);
    for (;;) {
      await new Promise((r) => requestAnimationFrame(r));
      if (chart.lastStats !== null) return performance.now() - t0;
      if (performance.now() - t0 > 120000) throw new Error('No frame drawn within 120 s');
    }
  })()`) as Promise<number>;
}

/** Plans in the worker, posts and paints; returns the parts in ms. */
async function editorMs(session: PlanSession, h: Harness, bindings: Record<string, number>, view: 'sequential' | 'parallel'): Promise<{ total: number; worker: number; host: number; webview: number; result: PlanResult }> {
  const t0 = performance.now();
  const result = await session.plan(bindings, view, undefined, { graphOptimizationLevel: LEVEL });
  const worker = performance.now() - t0;
  const message: ToWebview = { type: 'reportColumns', packed: result.packed, fileName: 'decoder.onnx' };
  const host = hostPostMs(message);
  const webview = await firstPaintMs(h, message);
  return { total: worker + host + webview, worker, host, webview, result };
}

const fmt = (p: { total: number; worker: number; host: number; webview: number }): string =>
  `editor_ms=${Math.round(p.total)} (worker_ms=${Math.round(p.worker)} host_post_ms=${Math.round(p.host)} webview_ms=${Math.round(p.webview)})`;

/** Runs the editor benchmarks and prints one `bench:` line each. */
export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'oml-bench-editor-'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, '--disable-dev-shm-usage'] });
  try {
    const model = writeDecoderModel(dir, 'decoder', LAYERS);
    const cli = cliMs(model);
    const h = await openHarness({ browser, width: 1400, height: 900 });
    await h.waitForPosted('ready');
    // Open and rebind in ROUNDS fresh workers; the view switch and the way back in the last one.
    const opens: Awaited<ReturnType<typeof editorMs>>[] = [];
    const rebinds: Awaited<ReturnType<typeof editorMs>>[] = [];
    let session: PlanSession | null = null;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        session?.stop();
        session = new PlanSession(model, join(ROOT, 'dist', 'planWorker.js'));
        opens.push(await editorMs(session, h, OPEN_BINDINGS, 'sequential'));
        rebinds.push(await editorMs(session, h, REBIND_BINDINGS, 'sequential'));
      }
      const mid = <T extends { total: number }>(xs: T[]): T => [...xs].sort((a, b) => a.total - b.total)[Math.floor(xs.length / 2)]!;
      const ratios = (xs: { total: number }[]): string => `rounds=${xs.length} ratios=[${xs.map((x) => (x.total / cli).toFixed(2)).join(',')}]`;
      const open = mid(opens);
      const rebind = mid(rebinds);
      const nodes = open.result.report.graphs[0]!.steps.length;
      console.log(`bench: editor-open-96k ratio=${(open.total / cli).toFixed(2)} ${ratios(opens)} ${fmt(open)} cli_ms=${Math.round(cli)} nodes=${nodes} (${LAYERS} layers x ${DECODER_NODES_PER_LAYER}) level=${LEVEL}`);
      console.log(`bench: rebind-96k ratio=${(rebind.total / cli).toFixed(2)} ${ratios(rebinds)} ${fmt(rebind)} cli_ms=${Math.round(cli)}`);
      const parallel = await editorMs(session!, h, REBIND_BINDINGS, 'parallel');
      const back = await editorMs(session!, h, REBIND_BINDINGS, 'sequential');
      console.log(`bench: view-switch-96k first_ratio=${(parallel.total / cli).toFixed(2)} back_ratio=${(back.total / cli).toFixed(2)} back_cached=${back.result.cached} back_${fmt(back)}`);
      const rebindBack = await editorMs(session!, h, OPEN_BINDINGS, 'sequential');
      console.log(`bench: rebind-back-96k ratio=${(rebindBack.total / cli).toFixed(2)} cached=${rebindBack.result.cached} ${fmt(rebindBack)}`);
      if (h.pageErrors.length > 0) throw new Error(`Webview page errors: ${h.pageErrors.join('; ')}`);
    } finally {
      session?.stop();
      await h.close();
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
