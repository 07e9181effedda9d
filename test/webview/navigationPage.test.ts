/**
 * Navigation in the built webview (headless Chromium): long names sharing a prefix are shortened in
 * the middle so the rows stay distinct, with the full name on hover; the hover card never covers
 * the bar it describes.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, openHarness, type Harness } from '../support/webviewHarness';
import { layerOutputName, longNamesModel, reportOfBytes } from '../support/dimModels';
import { ganttPoint, nextFrames, ROW_HEIGHT_PX } from './pageHelpers';

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser.close();
});

const LAYERS = 12;

async function openLong(height = 860): Promise<Harness> {
  const h = await openHarness({ browser, height });
  await h.waitForPosted('ready');
  await h.deliver({ type: 'report', report: reportOfBytes(longNamesModel(LAYERS), 'long.onnx'), fileName: 'long.onnx' });
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  return h;
}

/** The texts drawn in the Gantt's gutter (x < 20 px) on the next frame, top to bottom. */
async function gutterTexts(h: Harness): Promise<string[]> {
  return h.page.evaluate(async () => {
    const canvas = (globalThis as any).document.querySelector('.gantt-canvas') as any;
    const ctx = canvas.getContext('2d')!;
    const drawn: Array<{ text: string; y: number }> = [];
    const original = ctx.fillText.bind(ctx);
    ctx.fillText = (text: string, x: number, y: number, maxWidth?: number) => {
      if (x < 20) drawn.push({ text, y });
      original(text, x, y, maxWidth);
    };
    (globalThis as any).memoryLens.chart.requestDraw();
    await new Promise((r) => (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(r)));
    ctx.fillText = original;
    return drawn.sort((a, b) => a.y - b.y).map((d) => d.text);
  });
}

test('long names that share a prefix are shortened in the middle, stay distinct, and the gutter hover gives the full name', async () => {
  const h = await openLong();
  const texts = await gutterTexts(h);
  const rows = texts.filter((t) => t.includes('…'));
  assert.equal(rows.length, LAYERS, `every layer row is shortened: ${JSON.stringify(texts)}`);
  assert.equal(new Set(rows).size, LAYERS, `the shortened rows stay distinct: ${JSON.stringify(rows)}`);
  for (const t of rows) assert.match(t, /^\/model\/layer.*…Mul_output_0$/, 'the start and the end are kept');
  // Each row still shows its own layer number, between the ellipses.
  for (let k = 0; k < LAYERS; k++) assert.ok(rows.some((t) => t.split('…')[1] === String(k)), `layer ${k} is readable in ${JSON.stringify(rows)}`);
  const box = (await h.page.locator('.gantt-canvas').boundingBox())!;
  const layout = await h.page.evaluate(() => (globalThis as any).memoryLens.chart.data.layout.rows.map((r: any) => r.label) as string[]);
  const row = layout.indexOf(layerOutputName(10));
  assert.ok(row >= 0);
  await h.page.mouse.move(box.x + 40, box.y + row * ROW_HEIGHT_PX + ROW_HEIGHT_PX / 2);
  assert.equal(await h.page.locator('.gantt-canvas').getAttribute('title'), layerOutputName(10));
  await h.close();
});

test('the hover card is placed where it does not cover the bar it describes, near the bottom of the view too', async () => {
  const h = await openLong(520);
  const rows = await h.page.evaluate(() => (globalThis as any).memoryLens.chart.data.layout.rows.length as number);
  const box = (await h.page.locator('.gantt-canvas').boundingBox())!;
  const visibleRows = Math.floor(box.height / ROW_HEIGHT_PX);
  let checked = 0;
  for (const row of [0, Math.min(rows, visibleRows) - 1]) {
    const p = await ganttPoint(h.page, LAYERS - 0.5, row);
    await h.page.mouse.move(p.x, p.y);
    await h.page.waitForSelector('.hover-card:not([hidden])');
    const card = (await h.page.locator('.hover-card').boundingBox())!;
    const seg = await h.page.evaluate(() => (globalThis as any).memoryLens.chart.hoverSeg as number);
    const bar = await h.page.evaluate((s) => (globalThis as any).memoryLens.chart.segmentClientRect(s), seg);
    assert.ok(bar, `row ${row} has a bar under the pointer`);
    const isOverlapping = card.x < bar.right && bar.left < card.x + card.width && card.y < bar.bottom && bar.top < card.y + card.height;
    assert.equal(isOverlapping, false, `card ${JSON.stringify(card)} covers bar ${JSON.stringify(bar)} of row ${row}`);
    assert.ok(card.y >= 0 && card.y + card.height <= 520 + 0.5, 'the card stays in the view');
    checked++;
  }
  assert.equal(checked, 2);
  await h.screenshot('hover-placement');
  await h.close();
});
