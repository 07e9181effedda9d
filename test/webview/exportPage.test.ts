/**
 * Exports explain themselves (built webview, headless Chromium, a report of a model built in code):
 * PNG and SVG carry a header with the model file, graph, view, session, bindings and the peak with
 * its step, the legend and the step axis; CSV and JSON the same context fields; the suggested file
 * name includes the bindings.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { describeSession } from '../../src/report/describeSession';
import { formatBytesExact } from '../../src/report/formatBytes';
import { CHROMIUM_ARGS, openHarness, SCREENSHOT_DIR, type Harness } from '../support/webviewHarness';
import { OUTPUT_AT_PEAK_MODEL, reportOfBytes } from '../support/dimModels';
import { buildModel, DataType, node, tensorValue } from '../support/onnxBuilder';
import { nextFrames, ofType } from './pageHelpers';

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser.close();
});

/** A chain over [batch, seq, 64] whose sizes follow both bindings. */
const CHAIN = buildModel({
  nodes: [node('Relu', ['x'], ['a'], { name: 'relu' }), node('Sigmoid', ['a'], ['b'], { name: 'sigmoid' }), node('Tanh', ['b'], ['y'], { name: 'tanh' })],
  inputs: [tensorValue('x', DataType.FLOAT, ['batch', 'seq', 64])],
  outputs: [tensorValue('y', DataType.FLOAT, ['batch', 'seq', 64])],
});
const BINDINGS = { batch: 2, seq: 128 };
const REPORT = reportOfBytes(CHAIN, 'chain.onnx', { bindings: BINDINGS });
const SESSION = describeSession(REPORT);
const PEAK_BYTES = REPORT.graphs[0]!.peak.bytes!;
const PEAK_STEP = REPORT.graphs[0]!.peak.step!;

/** A CSV line's single cell, unquoted. */
function unquote(line: string): string {
  return line.startsWith('"') && line.endsWith('"') ? line.slice(1, -1).replace(/""/g, '"') : line;
}

async function open(): Promise<Harness> {
  const h = await openHarness({ browser, width: 1200, height: 700 });
  await h.waitForPosted('ready');
  await h.deliver({ type: 'report', report: REPORT, fileName: 'chain.onnx' });
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  return h;
}

async function exported(h: Harness, format: 'png' | 'svg' | 'csv' | 'json'): Promise<{ data: string; fileName: string }> {
  await h.page.click(`#export-${format}`);
  const e = ofType(await h.posted(), 'export').pop()!;
  assert.equal(e.format, format);
  return e;
}

const PEAK_TEXT = `peak (modeled live requested bytes): ${formatBytesExact(PEAK_BYTES)} at step ${PEAK_STEP} · ${REPORT.graphs[0]!.steps[PEAK_STEP]!.displayName} (${REPORT.graphs[0]!.steps[PEAK_STEP]!.opType})`;

test('the panel header names the bindings in use, and the suggested file names include them', async () => {
  const h = await open();
  assert.equal(await h.page.locator('.breadcrumb .bindings-label').innerText(), 'bindings batch=2, seq=128');
  for (const format of ['png', 'svg', 'csv', 'json'] as const) assert.equal((await exported(h, format)).fileName, `chain-main-sequential-batch2-seq128.${format}`);
  await h.close();
});

test('SVG: a header with model, graph, view, session, bindings and the peak, then the legend and the step axis', async () => {
  const h = await open();
  const { data } = await exported(h, 'svg');
  const parsed = await h.page.evaluate((text) => {
    const doc = new (globalThis as any).DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      lines: [...doc.querySelectorAll('text.export-header-line, text.session-caption')].map((t) => t.textContent ?? ''),
      legend: [...doc.querySelectorAll('g.legend-item text')].map((t) => t.textContent ?? ''),
      ticks: [...doc.querySelectorAll('g.step-axis text.tick')].map((t) => Number(t.textContent)),
    };
  }, data);
  assert.equal(parsed.lines[0], 'chain.onnx · graph main · sequential view · all 3 steps');
  assert.equal(parsed.lines[1], SESSION);
  assert.equal(parsed.lines[2], 'bindings batch=2, seq=128');
  assert.equal(parsed.lines[3], PEAK_TEXT);
  assert.deepEqual(parsed.legend.slice(0, 3), ['Fresh allocation', 'Alias (shares buffer)', 'In-place']);
  assert.ok(parsed.legend.includes('Peak') && parsed.legend.includes('Size unavailable'));
  assert.ok(parsed.ticks.length >= 2 && parsed.ticks.every((t) => Number.isInteger(t) && t >= 0 && t <= 3), `ticks ${parsed.ticks}`);
  await h.close();
});

test('PNG: the header lines as its Description, drawn above the curve (written for the README)', async () => {
  const h = await open();
  const { data } = await exported(h, 'png');
  const png = Buffer.from(data.replace(/^data:image\/png;base64,/, ''), 'base64');
  const chunks: string[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'tEXt') chunks.push(png.toString('latin1', at + 8, at + 8 + length));
    at += 12 + length;
  }
  const description = chunks.find((c) => c.startsWith('Description\0'))!.slice('Description\0'.length).split('\n');
  assert.equal(description[0], 'chain.onnx \xb7 graph main \xb7 sequential view \xb7 all 3 steps');
  assert.equal(description[2], 'bindings batch=2, seq=128');
  assert.match(description[3]!, /^peak \(modeled live requested bytes\): /);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(join(SCREENSHOT_DIR, 'webview-export.png'), png);
  await h.close();
});

test('CSV and JSON carry the same context fields', async () => {
  const h = await open();
  const csv = (await exported(h, 'csv')).data.trimEnd().split('\n');
  assert.equal(csv[0], 'graph,value,root,kind,alloc_kind,reuse_via,start_step,end_step_exclusive,bytes,unavailable_reason');
  // Context lines are single CSV cells (quoted where they hold a comma).
  const context = csv.map(unquote).filter((l) => l.startsWith('# '));
  assert.deepEqual(context.slice(0, 5), ['# model: chain.onnx', '# model path: /virtual/chain.onnx', '# graph: main', '# view: sequential', '# bindings batch=2, seq=128']);
  assert.match(context[5]!, new RegExp(`^# peak: .* at step ${PEAK_STEP} · `));
  assert.equal(context[6], '# steps: 0-3 of 3 (half-open)');
  assert.equal(unquote(csv[csv.length - 1]!), `# modeled session: ${SESSION}`);
  const json = JSON.parse((await exported(h, 'json')).data);
  assert.equal(json.model, 'chain.onnx');
  assert.equal(json.modelPath, '/virtual/chain.onnx');
  assert.equal(json.graph, 'main');
  assert.equal(json.view, 'sequential');
  assert.equal(json.sessionLabel, SESSION);
  assert.deepEqual(json.bindings, BINDINGS);
  assert.equal(json.bindingsLabel, 'bindings batch=2, seq=128');
  assert.deepEqual([json.peak.bytes, json.peak.step, json.peak.isLowerBound], [PEAK_BYTES, PEAK_STEP, false]);
  assert.deepEqual(json.steps, { start: 0, endExclusive: 3, stepCount: 3 });
  await h.close();
});

test('an export of a report with unbound dims says which are unbound', async () => {
  const h = await openHarness({ browser });
  await h.waitForPosted('ready');
  await h.deliver({ type: 'report', report: reportOfBytes(CHAIN, 'chain.onnx'), fileName: 'chain.onnx' });
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  const csv = (await exported(h, 'csv'));
  assert.ok(csv.data.trimEnd().split('\n').map(unquote).includes('# no bindings (batch, seq unbound)'), csv.data);
  assert.equal(csv.fileName, 'chain-main-sequential.csv');
  await h.close();
  // A model without symbolic dims says so.
  const h2 = await openHarness({ browser });
  await h2.waitForPosted('ready');
  await h2.deliver({ type: 'report', report: reportOfBytes(OUTPUT_AT_PEAK_MODEL, 'outpeak.onnx'), fileName: 'outpeak.onnx' });
  await h2.page.waitForSelector('.gantt-canvas');
  await nextFrames(h2.page);
  assert.match((await exported(h2, 'csv')).data, /\n# no symbolic dims\n/);
  await h2.close();
});
