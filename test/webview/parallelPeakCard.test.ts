/**
 * The Parallel view's peak card and Gantt in headless Chromium, on a report the core made: the card
 * lists exactly the buffers of the worst moment (their sum is the peak), and the peak step's link
 * brightens their bars.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildReport } from '../../src/analyze/buildReport';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildModel, DataType, node, tensorValue } from '../support/onnxBuilder';
import { CHROMIUM_ARGS, openHarness, SCREENSHOT_DIR } from '../support/webviewHarness';
import { nextFrames } from './pageHelpers';

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser.close();
});

/** Two unary chains from x joined by an Add: in parallel both second nodes run at once. */
function chainsReport(view: 'sequential' | 'parallel') {
  const bytes = buildModel({
    nodes: [node('Relu', ['x'], ['a'], { name: 'r' }), node('Relu', ['a'], ['a2'], { name: 'r2' }), node('Sigmoid', ['x'], ['b'], { name: 's' }), node('Sigmoid', ['b'], ['b2'], { name: 's2' }), node('Add', ['a2', 'b2'], ['y'], { name: 'add' })],
    inputs: [tensorValue('x', DataType.FLOAT, [64, 64])],
    outputs: [tensorValue('y', DataType.FLOAT, [64, 64])],
  });
  return buildReport({ filePath: '/virtual/chains.onnx', model: decodeModelBytes(bytes, { fileName: 'chains.onnx' }).model, fileBytes: bytes.length }, { bindings: {}, view });
}

test('the parallel peak card lists exactly the buffers alive at the worst moment, and the steps running then', async () => {
  const h = await openHarness({ browser, theme: 'dark' });
  await h.waitForPosted('ready');
  const report = chainsReport('parallel');
  const peak = report.graphs[0]!.peak;
  assert.deepEqual([peak.bytes, peak.values, peak.running], [65536, ['a', 'a2', 'b', 'b2'], [1, 3]]);
  await h.deliver({ type: 'report', report, fileName: 'chains.onnx' });
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  const text = await h.page.locator('.peak-card').innerText();
  assert.match(text, /^exact worst case/i);
  assert.match(text, /64\.0 KiB \(65,536 B\)/);
  assert.match(text, /4 buffers alive together at the worst moment \(sum 64\.0 KiB \(65,536 B\)\)/);
  assert.match(text, /running at once: steps 1, 3/);
  const items = await h.page.locator('.peak-moment li').allInnerTexts();
  assert.deepEqual(items, ['a 16.0 KiB (16,384 B)', 'a2 16.0 KiB (16,384 B)', 'b 16.0 KiB (16,384 B)', 'b2 16.0 KiB (16,384 B)']);
  // The sequential card keeps its step-based list.
  await h.deliver({ type: 'report', report: chainsReport('sequential'), fileName: 'chains.onnx' });
  await nextFrames(h.page);
  assert.equal(await h.page.locator('.peak-moment').count(), 0);
  assert.ok((await h.page.locator('.contributors li').count()) > 0);
  await h.deliver({ type: 'report', report, fileName: 'chains.onnx' });
  await nextFrames(h.page);
  // The peak's step link moves the cursor there: the worst moment's bars stay bright.
  await h.page.locator('.peak-card button.link', { hasText: /^at step 3/ }).click();
  await nextFrames(h.page);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await h.page.screenshot({ path: join(SCREENSHOT_DIR, 'webview-parallel-peak.png') });
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});

test('a parallel peak the search could not prove says so on the card, with the bound left', async () => {
  const h = await openHarness({ browser, theme: 'dark' });
  await h.waitForPosted('ready');
  // As the core reports a search stopped by its budget (parallelCut.ts): the worst moment found and the bound left.
  const report = chainsReport('parallel');
  const g = report.graphs[0]!;
  g.peak = { ...g.peak, exact: false, upperBoundBytes: 70000, label: 'worst moment found of live requested bytes over parallel schedules (search budget exhausted: the maximum is at most 68.4 KiB (70,000 B); no buffer sharing)' };
  await h.deliver({ type: 'report', report, fileName: 'chains.onnx' });
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  assert.match(await h.page.locator('.peak-card .peak-inexact').innerText(), /Not proven the maximum: the search stopped at its budget; the worst case is at most 68\.4 KiB \(70,000 B\)/);
  assert.equal(await h.page.locator('.peak-moment li').count(), 4);
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});
