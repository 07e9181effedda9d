/**
 * The Sweep… panel in headless Chromium (built webview, host HTML and CSP, stand-in VS Code API):
 * it asks the host for a sweep, shows the worker's progress and a cancel, draws the sweep of the
 * closed-form model (planned points, knees, the interpolated polynomials), rebinds on a click, and
 * fits to a budget; and the compare page. The results it draws are the core's own (sweepAnalysis,
 * fitAnalysis, diffReports).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { analyzeFile, buildReport } from '../../src/analyze/buildReport';
import { fitAnalysis } from '../../src/analyze/fit';
import { sweepAnalysis } from '../../src/analyze/sweep';
import type { SweepResult } from '../../src/report/sweep';
import { diffReports } from '../../src/report/diff';
import { formatBytesExact } from '../../src/report/formatBytes';
import { CHROMIUM_ARGS, openHarness, readWebviewBundle, type Harness } from '../support/webviewHarness';
import { renderStandaloneHtml } from '../../src/report/renderHtml';
import { attentionScoresModel } from '../support/sampleModels';
import { nextFrames, ofType } from './pageHelpers';

let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'oml-sweep-page-'));
const MODEL = join(dir, 'attention.onnx');
writeFileSync(MODEL, attentionScoresModel());
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openWithReport(): Promise<Harness> {
  const h = await openHarness({ browser });
  await h.waitForPosted('ready');
  await h.deliver({ type: 'report', report: buildReport(analyzeFile(MODEL), { bindings: { batch: 2, sequence: 8 } }), fileName: 'attention.onnx' });
  await h.page.waitForSelector('.gantt-canvas');
  await h.page.locator('#sweep-toggle').click();
  await h.page.waitForSelector('.sweep-panel:not([hidden])');
  return h;
}

/** Waits until the sweep panel's status line contains `text`. */
async function statusSays(h: Harness, text: string): Promise<void> {
  await h.page.locator('#sweep-status').filter({ hasText: text }).waitFor();
}

async function setField(h: Harness, id: string, value: string): Promise<void> {
  await h.page.locator(`#${id} input`).fill(value);
}

test('Sweep…: asks the host, shows progress, draws the points, knees and interpolated polynomials, and a point click rebinds', async () => {
  const h = await openWithReport();
  try {
    await h.page.locator('#sweep-dim').selectOption('sequence');
    await setField(h, 'sweep-from', '1');
    await setField(h, 'sweep-to', '64');
    await setField(h, 'sweep-points', '7');
    await h.page.locator('#sweep-logx').check();
    await h.page.locator('#sweep-run').click();
    const asked = await h.waitForPosted('sweep');
    assert.deepEqual(asked, { type: 'sweep', dim: 'sequence', from: 1, to: 64, points: 7, log: true });
    assert.equal(await h.page.locator('#sweep-cancel').getAttribute('disabled'), null, 'Cancel is offered while it runs');
    await h.deliver({ type: 'answerProgress', kind: 'sweep', percent: 43, message: 'Planned sequence=8 (3 of 7)' });
    // Delivered messages are handled asynchronously: wait for the text, then read it exactly.
    await statusSays(h, 'Sweeping: 43%');
    assert.equal(await h.page.locator('#sweep-status').textContent(), 'Sweeping: 43% · Planned sequence=8 (3 of 7)');
    const result = sweepAnalysis(analyzeFile(MODEL), { dim: 'sequence', bindings: { batch: 2 }, values: [1, 2, 4, 8, 16, 32, 64] });
    await h.deliver({ type: 'sweepResult', result });
    await h.page.waitForSelector('#sweep-svg');
    assert.equal(await h.page.locator('.sweep-point').count(), 7);
    assert.equal(await h.page.locator('line.sweep-knee:not(.sweep-knee-top)').count(), 1, 'the peak-step knee');
    assert.equal(await h.page.locator('line.sweep-knee-top').count(), 1, 'the top-contributor knee');
    assert.match(await h.page.locator('line.sweep-knee:not(.sweep-knee-top) title').textContent() ?? '', /^knee at sequence=32 → 33: peak step 2 → 3$/);
    assert.equal(await h.page.locator('path.sweep-interpolated').count(), 1, 'one polynomial spans more than one point (1..32); 64 stands alone');
    assert.match(await h.page.locator('path.sweep-interpolated title').textContent() ?? '', /^interpolated: peak = 8\*sequence\^2 \+ 256\*sequence bytes for sequence 1\.\.32, assuming the peak stays at step 2$/);
    const notes = await h.page.locator('#sweep-notes').innerText();
    assert.match(notes, /sequence=64, step 3: peak = 16\*sequence\^2 bytes/);
    assert.match(notes, /initializers: 1\.00 KiB \(1,024 B\) \(not in the peak/);
    assert.match(notes, /sequence=64, step 3: peak = 16\*sequence\^2 bytes \(equal to the plan at this point\)/);
    assert.equal(await h.page.locator('#sweep-cancel').getAttribute('disabled'), '', 'Cancel is off once done');
    await h.page.locator('#sweep-logy').check();
    assert.equal(await h.page.locator('.sweep-point').count(), 7, 'log y redraws the same points');
    await h.screenshot('sweep');
    await h.page.locator('.sweep-point[data-value="64"]').click();
    const bind = ofType(await h.posted(), 'bind').at(-1);
    assert.deepEqual(bind?.bindings, { batch: 2, sequence: 64 });
    assert.deepEqual(h.pageErrors, []);
  } finally {
    await h.close();
  }
});

test('Sweep…: Cancel asks the host to stop; a cancelled sweep is said, the report stays', async () => {
  const h = await openWithReport();
  try {
    await h.page.locator('#sweep-run').click();
    await h.waitForPosted('sweep');
    await h.page.locator('#sweep-cancel').click();
    await h.waitForPosted('cancelAnswer');
    await h.deliver({ type: 'answerError', kind: 'sweep', code: 'cancelled', message: 'Planning batch=5 was cancelled' });
    await statusSays(h, 'Sweep cancelled');
    assert.equal(await h.page.locator('#sweep-status').textContent(), 'Sweep cancelled.');
    assert.equal(await h.page.locator('.gantt-canvas').isVisible(), true);
    assert.equal(await h.page.locator('#sweep-run').getAttribute('disabled'), null);
  } finally {
    await h.close();
  }
});

test('Fit: a budget with a unit is sent as bytes; the answer and the next value are shown, and Show rebinds there', async () => {
  const h = await openWithReport();
  try {
    await h.page.locator('#sweep-dim').selectOption('batch');
    await setField(h, 'fit-budget', 'lots');
    await h.page.locator('#fit-run').click();
    assert.match(await h.page.locator('#sweep-status').textContent() ?? '', /'lots' is not a budget/);
    assert.equal(ofType(await h.posted(), 'fit').length, 0);
    await setField(h, 'fit-budget', '64KiB');
    await h.page.locator('#fit-run').click();
    assert.deepEqual(await h.waitForPosted('fit'), { type: 'fit', dim: 'batch', budgetBytes: 65536 });
    const fit = fitAnalysis(analyzeFile(MODEL), { dim: 'batch', bindings: { sequence: 8 }, budgetBytes: 65536 });
    await h.deliver({ type: 'fitResult', result: fit });
    await h.page.locator('#fit-apply').waitFor();
    const text = await h.page.locator('#fit-result').innerText();
    assert.match(text, new RegExp(`batch = ${fit.value} fits: `));
    assert.match(text, new RegExp(`batch = ${fit.next!.value}: .*over the budget`));
    assert.match(text, /non-decreasing at all \d+ values planned/);
    await h.page.locator('#fit-apply').click();
    assert.deepEqual(ofType(await h.posted(), 'bind').at(-1)?.bindings, { batch: fit.value, sequence: 8 });
    // An empty budget field asks for the budget setting.
    await setField(h, 'fit-budget', '');
    await h.page.locator('#fit-run').click();
    assert.deepEqual(await h.waitForPosted('fit', 2), { type: 'fit', dim: 'batch', budgetBytes: null });
  } finally {
    await h.close();
  }
});

test('Sweep…: untrusted dim and node names are shown as text, never markup', async () => {
  const h = await openWithReport();
  try {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const base = sweepAnalysis(analyzeFile(MODEL), { dim: 'sequence', bindings: { batch: 1 }, values: [8, 40] });
    const result: SweepResult = {
      ...base, dim: evil,
      points: base.points.map((p) => ({ ...p, peakNode: evil, topContributor: p.topContributor && { ...p.topContributor, name: evil } })),
      knees: base.knees.map((k) => ({ ...k, fromTopContributor: evil })),
    };
    await h.deliver({ type: 'sweepResult', result });
    await h.page.waitForSelector('#sweep-svg');
    await nextFrames(h.page);
    assert.equal(await h.page.locator('.sweep-panel img').count(), 0);
    assert.equal(await h.page.evaluate(() => (globalThis as any).__pwned), undefined);
    assert.match(await h.page.locator('.sweep-axis-label').textContent() ?? '', /^<img src=x/);
  } finally {
    await h.close();
  }
});

test('Compare page: Δ peak and initializers, both curves on one axis, the changed buffers by name, untrusted names as text', async () => {
  const h = await openHarness({ browser });
  try {
    await h.waitForPosted('ready');
    const a = buildReport(analyzeFile(MODEL), { bindings: { batch: 1, sequence: 16 } });
    const b = buildReport(analyzeFile(MODEL), { bindings: { batch: 2, sequence: 16 } });
    const diff = diffReports(a, b);
    // A hostile value name in B's table must stay text.
    diff.buffers.push({ name: '<img src=x onerror="window.__pwned=1">', kind: 'run', aBytes: null, bBytes: 8, deltaBytes: 8, change: 'new' });
    await h.deliver({ type: 'compare', diff, aName: 'fp32.onnx', bName: 'int8.onnx', sessionLabel: 'ONNX Runtime 1.30 · CPU EP', bindings: { sequence: 16 } });
    await h.page.waitForSelector('#compare-page');
    const summary = await h.page.locator('#compare-summary').innerText();
    assert.match(summary, new RegExp(`modeled peak\\t${formatBytesExact(a.graphs[0]!.peak.bytes!).replace(/[()]/g, '\\$&')} at step 2\\t.*\\t\\+${formatBytesExact(diff.peakDeltaBytes!).replace(/[()]/g, '\\$&')}`));
    assert.match(summary, /initializers\t1\.00 KiB \(1,024 B\)\t1\.00 KiB \(1,024 B\)\t±0 B/);
    assert.match(summary, /same ops in the same order/);
    assert.equal(await h.page.locator('#compare-svg path.compare-a').count(), 1);
    assert.equal(await h.page.locator('#compare-svg path.compare-b').count(), 1);
    const rows = await h.page.locator('#compare-table tr').count();
    assert.equal(rows, diff.buffers.length + 1);
    assert.match(await h.page.locator('#compare-table').innerText(), /grew\t\+[^\t]+\tS\trun/);
    assert.equal(await h.page.locator('#compare-page img').count(), 0);
    assert.equal(await h.page.evaluate(() => (globalThis as any).__pwned), undefined);
    assert.equal(await h.page.locator('.toolbar').isVisible(), false, 'no report toolbar on a compare page');
    await h.screenshot('compare');
    assert.deepEqual(h.pageErrors, []);
  } finally {
    await h.close();
  }
});

test('the standalone HTML page (report --html) answers Sweep with where to run it instead of waiting forever', async () => {
  const root = join(__dirname, '..', '..');
  const report = buildReport(analyzeFile(MODEL), { bindings: { batch: 1, sequence: 8 } });
  const html = renderStandaloneHtml(report, readWebviewBundle(), readFileSync(join(root, 'dist', 'timeline.css'), 'utf8'), { fileName: 'attention.onnx' });
  const context = await browser.newContext({ viewport: { width: 1300, height: 800 } });
  try {
    const page = await context.newPage();
    await page.setContent(html);
    await page.waitForSelector('.gantt-canvas');
    await page.locator('#sweep-toggle').click();
    await page.locator('#sweep-run').click();
    await page.waitForFunction(() => /^Sweep failed: /.test((globalThis as any).document.querySelector('#sweep-status')?.textContent ?? ''));
    assert.match(await page.locator('#sweep-status').textContent() ?? '', /cannot plan; use the extension or the CLI \(onnx-memory-lens sweep \.\.\.\)/);
    assert.equal(await page.locator('#sweep-run').getAttribute('disabled'), null);
  } finally {
    await context.close();
  }
});
