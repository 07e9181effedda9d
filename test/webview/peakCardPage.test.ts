/**
 * Peak card honesty in the built webview (headless Chromium), on reports of models built in code:
 * a peak over partly unavailable steps is a lower bound ("≥ X (k steps unavailable)"), marked so on
 * the curve; a best-fit arena below the peak says which buffers the two count.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, openHarness, type Harness } from '../support/webviewHarness';
import { OUTPUT_AT_PEAK_MODEL, PARTLY_KNOWN_MODEL, reportOfBytes } from '../support/dimModels';
import type { Report } from '../../src/report/report';
import { nextFrames } from './pageHelpers';

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser.close();
});

async function openWith(report: Report, fileName: string): Promise<Harness> {
  const h = await openHarness({ browser });
  await h.waitForPosted('ready');
  await h.deliver({ type: 'report', report, fileName });
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  return h;
}

/** Texts drawn on the curve canvas in the next frame. */
async function curveTexts(h: Harness): Promise<string[]> {
  return h.page.evaluate(async () => {
    const ctx = ((globalThis as any).document.querySelector('.curve-canvas') as any).getContext('2d')!;
    const drawn: string[] = [];
    const original = ctx.fillText.bind(ctx);
    ctx.fillText = (text: string, x: number, y: number, w?: number) => { drawn.push(text); original(text, x, y, w); };
    (globalThis as any).memoryLens.chart.requestDraw();
    await new Promise((r) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(r)));
    ctx.fillText = original;
    return drawn;
  });
}

test('a peak over steps whose live bytes are partly unavailable reads "≥ X (k steps unavailable)", on the card and the curve', async () => {
  const report = reportOfBytes(PARTLY_KNOWN_MODEL, 'partly.onnx');
  const main = report.graphs[0]!;
  // The core's peak is unknown; one step is known (a, 1 KiB).
  assert.equal(main.peak.bytes, null);
  const known = main.steps.filter((s) => s.liveBytes !== null);
  assert.equal(known.length, 1);
  const h = await openWith(report, 'partly.onnx');
  const card = await h.page.locator('.peak-card').innerText();
  const k = main.steps.length - known.length;
  assert.match(card, /≥ 1\.00 KiB \(1,024 B\)/);
  assert.match(card, new RegExp(`${k} steps? unavailable \\(hatched on the curve\\), so the peak is at least the largest known step`));
  assert.match(card, /largest known at step 0 · relu \(Relu\)/);
  assert.ok((await curveTexts(h)).some((t) => t.startsWith('peak ≥ 1.00 KiB @ step 0')), 'the curve marks the peak as a lower bound');
  await h.close();
});

test('a best-fit arena below the peak says the two count different buffers, with the bytes of the difference', async () => {
  const report = reportOfBytes(OUTPUT_AT_PEAK_MODEL, 'outpeak.onnx');
  const main = report.graphs[0]!;
  assert.equal(main.peak.bytes, 8192);
  assert.equal(main.bestFitArenaBytes, 4096);
  const h = await openWith(report, 'outpeak.onnx');
  const note = await h.page.locator('.peak-card .arena-note').innerText();
  assert.equal(note, "The best-fit arena is 4.00 KiB (4,096 B) below the peak: it places only the buffers ORT's memory pattern traces (Allocate roots, 256 B aligned), while the peak also counts the graph outputs live at step 1 (4.00 KiB (4,096 B) in 1 buffer), which ORT allocates outside the pattern.");
  await h.close();
});

test('the host\'s revealStep (a budget warning clicked) opens the main graph at that step, its details first', async () => {
  const report = reportOfBytes(OUTPUT_AT_PEAK_MODEL, 'outpeak.onnx');
  const h = await openWith(report, 'outpeak.onnx');
  await h.deliver({ type: 'revealStep', step: 1 });
  await h.page.locator('.step-details:not([hidden])').waitFor();
  assert.equal(await h.page.evaluate(() => (globalThis as any).memoryLens.chart.cursorStep), 1);
  const first = await h.page.locator('.side-panel > section').first().innerText();
  assert.match(first, /^Step 1\nsigmoid \(Sigmoid\)/i);
  // A step outside the graph is ignored, not an error.
  await h.deliver({ type: 'revealStep', step: 99 });
  await nextFrames(h.page);
  assert.equal(await h.page.evaluate(() => (globalThis as any).memoryLens.chart.cursorStep), 1);
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});
