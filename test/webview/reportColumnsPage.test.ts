/**
 * The 'reportColumns' message (columnar transport, src/report/columnarReport.ts, packed into one
 * buffer by src/report/packedColumns.ts) in the built webview: it must draw exactly what the 'report'
 * message draws, whatever the number of graphs, and fail visibly when malformed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { encodeReportColumns, type ReportColumns } from '../../src/report/columnarReport';
import { packReportColumns } from '../../src/report/packedColumns';
import type { ToWebview } from '../../src/report/protocol';
import { reportFromFile } from '../../src/analyze/buildReport';
import type { Report } from '../../src/report/report';
import { ifChainModel, smallCnnModel } from '../support/sampleModels';
import { buildModel, DataType, tensorValue } from '../support/onnxBuilder';
import { CHROMIUM_ARGS, makeSyntheticReport, openHarness, type Harness } from '../support/webviewHarness';
import { ganttPoint, nextFrames, ofType } from './pageHelpers';
import { makeSmallReport } from './reportFixtures';

/** The message the host posts for `report`. */
function columnsMessage(report: Report | ReportColumns, fileName: string): ToWebview {
  const columns = 'version' in report ? report : encodeReportColumns(report);
  return { type: 'reportColumns', packed: packReportColumns(columns), fileName };
}

/** The CLI's report of a model built in code (written to a temp folder for reportFromFile, then removed). */
function reportOf(bytes: Uint8Array, fileName: string): Report {
  const dir = mkdtempSync(join(tmpdir(), 'oml-page-'));
  try {
    const file = join(dir, fileName);
    writeFileSync(file, bytes);
    return reportFromFile(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser.close();
});

async function openWith(message: ToWebview): Promise<Harness> {
  const h = await openHarness({ browser });
  await h.waitForPosted('ready');
  await h.deliver(message);
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  return h;
}

/** What the user can read off the page: panels, breadcrumb, the card of one bar, and the CSV export. */
async function visibleText(h: Harness, step: number, row: number): Promise<Record<string, string>> {
  const p = await ganttPoint(h.page, step, row);
  await h.page.mouse.move(p.x, p.y);
  await h.page.waitForSelector('.hover-card:not([hidden])');
  await h.page.click('#export-csv');
  const csv = ofType(await h.posted(), 'export').pop()!.data;
  const text = async (sel: string): Promise<string> => h.page.locator(sel).innerText();
  return {
    card: await text('.hover-card'), peak: await text('.peak-card'), gaps: await text('.gaps'), crumb: await text('.breadcrumb'),
    legend: await text('.legend'), toolbar: await text('#sort-toggle'), csv,
  };
}

test('a reportColumns message shows exactly what the report message shows', async () => {
  const report = makeSmallReport();
  const byObjects = await openWith({ type: 'report', report, fileName: 'small.onnx' });
  const byColumns = await openWith(columnsMessage(report, 'small.onnx'));
  // Row 2 at step 4.5 is the freelist-reused bar e: its card names shape, root and the buffer it reuses.
  const expected = await visibleText(byObjects, 4.5, 2);
  const actual = await visibleText(byColumns, 4.5, 2);
  assert.match(expected.card, /reuses the buffer of a \(freed after step 3\)/);
  assert.deepEqual(actual, expected);
  assert.deepEqual(byColumns.pageErrors, []);
  await byObjects.close();
  await byColumns.close();
});

test('a large report sent as columns draws and stays hit-testable', async () => {
  const report = makeSyntheticReport(20_000, 9);
  const h = await openWith(columnsMessage(report, 'synthetic.onnx'));
  const stats = await h.page.evaluate(() => (globalThis as any).memoryLens.chart.lastStats as { rectsDrawn: number; segmentsVisited: number });
  assert.ok(stats.rectsDrawn > 0 && stats.rectsDrawn < stats.segmentsVisited, `${stats.rectsDrawn} rects for ${stats.segmentsVisited} segments`);
  const p = await ganttPoint(h.page, 10, 2);
  await h.page.mouse.move(p.x, p.y);
  await h.page.waitForSelector('.hover-card:not([hidden])');
  assert.match(await h.page.locator('.hover-card').innerText(), /^t\d+\n/);
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});

test('malformed columns replace the chart with an error state naming the file', async () => {
  const h = await openWith(columnsMessage(makeSmallReport(), 'small.onnx'));
  const broken = encodeReportColumns(makeSmallReport());
  broken.graphs[0]!.values.name[0] = 9999;
  await h.deliver(columnsMessage(broken, 'broken.onnx'));
  await h.page.waitForSelector('.status-error');
  assert.match(await h.page.locator('.status-error').innerText(), /^broken\.onnx: the report could not be read \(String index 9999 is outside the table/);
  assert.equal(await h.page.locator('main.content').isHidden(), true);
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});

test('a report of 61 graphs (30 If nodes) sent packed opens its last body from the parent step and shows its numbers', async () => {
  const report = reportOf(ifChainModel(30), 'if30.onnx');
  assert.equal(report.graphs.length, 61);
  const body = report.graphs.at(-1)!;
  const parentStep = report.graphs[0]!.steps.find((s) => s.subgraphs.includes(body.id))!;
  const h = await openWith(columnsMessage(report, 'if30.onnx'));
  const p = await ganttPoint(h.page, parentStep.index + 0.5, 0);
  await h.page.mouse.dblclick(p.x, p.y);
  await h.page.locator('.subgraph-link', { hasText: body.id }).click();
  await h.page.locator('.breadcrumb .current', { hasText: `${body.parent!.node}.${body.parent!.attribute}` }).waitFor();
  await nextFrames(h.page);
  // The body's first step output is drawn in the body's own chart, with the bytes of the report.
  const target = body.values.find((v) => v.producedAt === 0)!;
  const row = await h.page.evaluate((name) => {
    const d = (globalThis as any).memoryLens.chart.data;
    return d.layout.segRow[d.layout.valueSeg[(d.valueIndexOf as (n: string) => number)(name)]] as number;
  }, target.name);
  const q = await ganttPoint(h.page, 0.5, row);
  await h.page.mouse.move(q.x, q.y);
  await h.page.locator('.hover-card .card-title', { hasText: target.name }).waitFor();
  assert.match(await h.page.locator('.hover-card').innerText(), new RegExp(`${target.bytes!.toLocaleString('en-US')} B`));
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});

test('a report of a graph without nodes (0 steps; ORT runs such models) shows its peak card and band without page errors', async () => {
  const report = reportOf(buildModel({ name: 'g', nodes: [], inputs: [tensorValue('x', DataType.FLOAT, [2, 3])], outputs: [tensorValue('x', DataType.FLOAT, [2, 3])] }), 'empty.onnx');
  const h = await openHarness({ browser });
  await h.waitForPosted('ready');
  await h.deliver(columnsMessage(report, 'empty.onnx'));
  await h.page.waitForSelector('.peak-card');
  await nextFrames(h.page);
  assert.match(await h.page.locator('.peak-card').innerText(), /0 B/);
  assert.equal(await h.page.locator('.status-error').count(), 0);
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});

test('the peak card says once why the physical peak is unavailable (no "not modeled: … not modeled"): the If whose condition is not known', async () => {
  const h = await openWith(columnsMessage(reportOf(ifChainModel(1), 'ifs.onnx'), 'ifs.onnx'));
  const text = (await h.page.locator('.peak-card dt', { hasText: /^physical peak$/ }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
  assert.match(text, /^unavailable \(Not modeled for this run: step \d+ \(If '[^']+'\): the condition '[^']+' is not known before the run \(fix it with --value\), so the branch that runs is not known\)$/);
  assert.equal(text.toLowerCase().split('not modeled').length - 1, 1, text);
  await h.close();
});

test('modeled physical: the arena in-use and held curves have legend entries naming the run, and the peak card shows the held peak and its parts', async () => {
  const report = reportOf(smallCnnModel(), 'cnn.onnx');
  const main = report.graphs[0]!;
  assert.ok(main.arena && main.arena.peakHeld.bytes !== null, 'the CNN is covered by the replay');
  const h = await openWith(columnsMessage(report, 'cnn.onnx'));
  const legend = await h.page.locator('.legend').innerText();
  assert.match(legend, /Modeled physical: arena in use \(run 2\)/);
  assert.match(legend, /Modeled physical: arena held \(run 2\)/);
  const dd = async (label: string): Promise<string> => (await h.page.locator('.peak-card dt', { hasText: new RegExp(`^${label.replace(/[()+]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
  const exact = (n: number): string => `${n.toLocaleString('en-US')} B`;
  assert.ok((await dd('modeled physical held (run 2)')).includes(`${exact(main.arena.peakHeld.bytes!)}) after step ${main.arena.peakHeld.step}`));
  assert.ok((await dd('physical peak')).includes(exact(report.physicalPeak.bytes!)));
  const parts = main.arena.breakdown!;
  assert.equal(parts.liveRequestedBytes + parts.initializationBytes + parts.patternBlockBytes + parts.roundingAndDeadBytes + parts.freeInRegionsBytes, main.arena.peakHeld.bytes);
  assert.ok((await dd('+ free in held regions')).includes(exact(parts.freeInRegionsBytes)));
  assert.deepEqual(h.pageErrors, []);
  await h.screenshot('arena');
  await h.close();
});

test('an error panel disables the toolbar controls that need a report, and a report enables them again', async () => {
  const h = await openWith(columnsMessage(makeSmallReport(), 'small.onnx'));
  const actionable = ['#search', '#sort-toggle', '#band-toggle', '#export-png', '#export-svg', '#export-csv', '#export-json'];
  const disabled = async (): Promise<boolean[]> => Promise.all(actionable.map((sel) => h.page.locator(sel).evaluate((e) => e.hasAttribute('disabled'))));
  assert.deepEqual(await disabled(), actionable.map(() => false));
  await h.deliver({ type: 'error', code: 'not-onnx', message: 'Not an ONNX model', fileName: 'broken.onnx' });
  await h.page.waitForSelector('.status-error');
  assert.deepEqual(await disabled(), actionable.map(() => true));
  // The view switch stays usable: it asks the host to plan again.
  assert.equal(await h.page.locator('#view-parallel').evaluate((e) => e.hasAttribute('disabled')), false);
  await h.deliver(columnsMessage(makeSmallReport(), 'small.onnx'));
  await h.page.waitForSelector('.gantt-canvas');
  assert.deepEqual(await disabled(), actionable.map(() => false));
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});
