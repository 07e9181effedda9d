/**
 * The webview names the ORT session its numbers model, in the panel's header and inside every
 * export (PNG header and Description text, SVG caption, CSV last line, JSON session), with the
 * one label the core produces (describeSession).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { describeSession } from '../../src/report/describeSession';
import { CHROMIUM_ARGS, openHarness, type Harness } from '../support/webviewHarness';
import { nextFrames, ofType } from './pageHelpers';
import { makeSmallReport } from './reportFixtures';

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser.close();
});

const SEQUENTIAL = makeSmallReport();
const PARALLEL = makeSmallReport({ view: 'parallel' });
const LABEL = describeSession(SEQUENTIAL);

async function openSmall(): Promise<Harness> {
  const h = await openHarness({ browser });
  await h.waitForPosted('ready');
  await h.deliver({ type: 'report', report: SEQUENTIAL, fileName: 'small.onnx' });
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  return h;
}

/** The export the webview posts when its `format` button is clicked. */
async function exported(h: Harness, format: 'png' | 'svg' | 'csv' | 'json'): Promise<string> {
  await h.page.click(`#export-${format}`);
  const e = ofType(await h.posted(), 'export').pop()!;
  assert.equal(e.format, format);
  return e.data;
}

/** The tEXt chunks of a PNG, keyword → text (Latin-1), and its IHDR height. */
function pngInfo(dataUrl: string): { height: number; text: Map<string, string> } {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const text = new Map<string, string>();
  let height = -1;
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') height = data.readUInt32BE(4);
    if (type === 'tEXt') {
      const zero = data.indexOf(0);
      text.set(data.toString('latin1', 0, zero), data.toString('latin1', zero + 1));
    }
    at += 12 + length;
  }
  return { height, text };
}

test('the panel header names the modeled session, and follows the view', async () => {
  const h = await openSmall();
  assert.equal(LABEL.includes('graph optimizations disabled · sequential executor · 2 intra-op threads'), true, LABEL);
  assert.equal(await h.page.locator('.breadcrumb .session-label').innerText(), LABEL);
  assert.doesNotMatch(await h.page.locator('.breadcrumb').innerText(), /ORT default/);
  await h.deliver({ type: 'report', report: PARALLEL, fileName: 'small.onnx' });
  await nextFrames(h.page);
  assert.equal(await h.page.locator('.breadcrumb .session-label').innerText(), describeSession(PARALLEL));
  assert.match(describeSession(PARALLEL), /parallel executor/);
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});

test('PNG export: a header band above the chart, and the label as a line of the PNG Description', async () => {
  const h = await openSmall();
  const png = await exported(h, 'png');
  const info = pngInfo(png);
  assert.equal(info.text.get('Description')!.split('\n')[1], LABEL);
  // Page-side code: the root tsconfig has no DOM types, so page objects are reached through globalThis.
  const heights = await h.page.evaluate(() => {
    const doc = (globalThis as any).document;
    const curve = doc.querySelector('.curve-canvas');
    const gantt = doc.querySelector('.gantt-canvas');
    return { curve: curve.height as number, gantt: gantt.height as number, ratio: (gantt.width / gantt.clientWidth) as number };
  });
  // Header lines and legend above the curve, the step axis between curve and Gantt.
  assert.ok(info.height > heights.curve + heights.gantt + Math.round(4 * 16 * heights.ratio), `PNG height ${info.height}`);
  const band = Math.round(3 * 16 * heights.ratio);
  // The band holds drawn text: pixels that differ from the background (top-left pixel).
  const inked = await h.page.evaluate(async ({ url, band }) => {
    const g = globalThis as any;
    const img = new g.Image();
    img.src = url;
    await img.decode();
    const c = g.document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const px: Uint8ClampedArray = ctx.getImageData(0, 0, Math.min(600, img.width), band).data;
    let n = 0;
    for (let i = 4; i < px.length; i += 4) if (Math.abs(px[i]! - px[0]!) + Math.abs(px[i + 1]! - px[1]!) + Math.abs(px[i + 2]! - px[2]!) > 60) n++;
    return n;
  }, { url: png, band });
  assert.ok(inked > 100, `caption pixels in the band: ${inked}`);
  await h.close();
});

test('SVG, CSV and JSON exports carry the label', async () => {
  const h = await openSmall();
  const svg = await exported(h, 'svg');
  const parsed = await h.page.evaluate((text) => {
    const g = globalThis as any;
    const doc = new g.DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      caption: (doc.querySelector('text.session-caption')?.textContent ?? null) as string | null,
      desc: (doc.querySelector('desc')?.textContent ?? null) as string | null,
      title: (doc.querySelector('svg > title')?.textContent ?? null) as string | null,
      height: Number(doc.documentElement.getAttribute('height')),
      headerPx: Number(doc.documentElement.getAttribute('data-header-px')),
      ganttHeight: g.document.querySelector('.gantt-canvas').clientHeight as number,
      rects: doc.querySelectorAll('rect').length as number,
    };
  }, svg);
  assert.equal(parsed.caption, LABEL);
  assert.equal(parsed.desc!.split('\n')[1], LABEL);
  assert.equal(parsed.title, `main: memory timeline (${LABEL})`);
  assert.ok(parsed.headerPx > 4 * 16, `header height ${parsed.headerPx}`);
  assert.equal(parsed.height, parsed.ganttHeight + parsed.headerPx);
  assert.ok(parsed.rects > 2, 'the bars are still there');

  const csv = (await exported(h, 'csv')).trimEnd().split('\n');
  assert.equal(csv[0], 'graph,value,root,kind,alloc_kind,reuse_via,start_step,end_step_exclusive,bytes,unavailable_reason');
  assert.equal(csv[csv.length - 1], `# modeled session: ${LABEL}`);

  const json = JSON.parse(await exported(h, 'json'));
  assert.equal(json.sessionLabel, LABEL);
  assert.deepEqual(json.session, SEQUENTIAL.session);
  assert.equal(json.session.graphOptimizationLevel, 'disabled');
  assert.equal(json.session.executor, 'sequential');
  await h.close();
});

test('the toolbar shows the optimization level asked for, asks the host for another, and the header says when the report fell back', async () => {
  const h = await openSmall();
  const pressed = async (): Promise<string[]> =>
    (await h.page.locator('.level-switch vscode-button[aria-pressed="true"]').allInnerTexts()).map((t) => t.trim());
  // A report saved before levels were modeled (or built at disabled) presses 'disabled'.
  assert.deepEqual(await pressed(), ['disabled']);
  await h.page.click('#level-extended');
  assert.deepEqual(ofType(await h.posted(), 'setOptimization').map((m) => m.level), ['extended']);
  const fellBack = {
    ...SEQUENTIAL,
    session: { ...SEQUENTIAL.session, graphOptimizationLevel: 'disabled' as const, requestedGraphOptimizationLevel: 'all' as const, optimizationFallbackReason: 'onnxruntime-node could not be loaded on linux-arm64 (not found)' },
  };
  await h.deliver({ type: 'report', report: fellBack, fileName: 'small.onnx' });
  await nextFrames(h.page);
  assert.deepEqual(await pressed(), ['all'], 'the level asked for stays pressed');
  const header = await h.page.locator('.breadcrumb .session-label').innerText();
  assert.match(header, /graph optimizations disabled \(all was asked for; onnxruntime-node could not be loaded on linux-arm64 \(not found\)\)/);
  assert.equal(header, describeSession(fellBack));
  const csv = await exported(h, 'csv');
  assert.ok(csv.includes(describeSession(fellBack)), 'the CSV names the fallback too');
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});
