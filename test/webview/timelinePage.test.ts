/**
 * The built webview in headless Chromium, inside the host's HTML and CSP, driven through the
 * stand-in VS Code API (see test/support/webviewHarness.ts).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, makeSyntheticReport, openHarness, SCREENSHOT_DIR, type Harness } from '../support/webviewHarness';
import { ganttPoint, nextFrames, ofType, visibleDomain } from './pageHelpers';
import { makeSmallReport } from './reportFixtures';
import { reportOfBytes } from '../support/dimModels';
import { constructEraseInsertAt } from '../support/sequenceModels';

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser.close();
});

// Rows of the small report with the band collapsed: 0 band, 1 workspaces, 2 root a, 3 d, 4 y.
const ROW = { band: 0, workspace: 1, a: 2, d: 3, y: 4 };

async function open(theme: 'dark' | 'light' | 'highContrast' = 'dark'): Promise<Harness> {
  const h = await openHarness({ browser, theme });
  await h.waitForPosted('ready');
  return h;
}

async function showSmall(h: Harness, options: Parameters<typeof makeSmallReport>[0] = {}): Promise<void> {
  await h.deliver({ type: 'report', report: makeSmallReport(options), fileName: 'small.onnx' });
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
}

async function cardText(h: Harness): Promise<string> {
  await h.page.waitForSelector('.hover-card:not([hidden])');
  return h.page.locator('.hover-card').innerText();
}

test('the webview posts ready first and shows a loading state until the report arrives', async () => {
  const h = await open();
  assert.deepEqual(await h.posted(), [{ type: 'ready' }]);
  assert.match(await h.page.locator('.status').innerText(), /Waiting for the report/);
  await h.deliver({ type: 'loading', fileName: 'big.onnx', message: 'Planning 12,000 nodes…' });
  assert.match(await h.page.locator('.status-loading').innerText(), /big\.onnx: Planning 12,000 nodes/);
  await h.close();
});

test('hovering a freelist-reused bar shows its bytes, shape, root and the buffer it reuses', async () => {
  const h = await open();
  await showSmall(h);
  const p = await ganttPoint(h.page, 4.5, ROW.a);
  await h.page.mouse.move(p.x, p.y);
  const text = await cardText(h);
  assert.match(text, /^e\n/);
  assert.match(text, /Reused dead buffer/);
  assert.match(text, /1\.00 KiB \(1,024 B\)/);
  assert.match(text, /\[batch, 256\] → \[1, 256\]/);
  assert.match(text, /alias root\s+a/);
  assert.match(text, /reuses the buffer of a \(freed after step 3\)/);
  assert.match(text, /after step 5 out \(Identity\)/);
  assert.match(text, /sigmoid1 \(step 4\)/);
  await h.screenshot('hover-card');
  await h.close();
});

test('hovering an unknown-size bar says unavailable with the reason, never 0', async () => {
  const h = await open();
  await showSmall(h);
  const p = await ganttPoint(h.page, 3.5, ROW.d);
  await h.page.mouse.move(p.x, p.y);
  const text = await cardText(h);
  assert.match(text, /unavailable \(Unbound symbolic dim 'n'\)/);
  assert.doesNotMatch(text, /\b0 B\b/);
  const ws = await ganttPoint(h.page, 3.5, ROW.workspace);
  await h.page.mouse.move(ws.x, ws.y);
  assert.match(await cardText(h), /Workspace of matmul1[\s\S]*unavailable \(No workspace formula for MatMul with unbound K\)/);
  await h.close();
});

test('clicking a bar pins the card; Escape unpins it', async () => {
  const h = await open();
  await showSmall(h);
  const p = await ganttPoint(h.page, 0.5, ROW.a);
  await h.page.mouse.click(p.x, p.y);
  await h.page.waitForSelector('.hover-card.pinned');
  const elsewhere = await ganttPoint(h.page, 5.5, ROW.y);
  await h.page.mouse.move(elsewhere.x, elsewhere.y);
  assert.match(await cardText(h), /^a\n/);
  await h.page.keyboard.press('Escape');
  await h.page.waitForSelector('.hover-card', { state: 'hidden' });
  await h.close();
});

test('the peak card lists the modeled peak and the buffers live at it', async () => {
  const h = await open();
  await showSmall(h);
  const text = await h.page.locator('.peak-card').innerText();
  assert.match(text, /2\.00 KiB \(2,048 B\)/);
  assert.match(text, /at step 5 · out \(Identity\)/);
  assert.match(text, /max-live lower bound\s+2\.00 KiB \(2,048 B\)/);
  assert.match(text, /best-fit arena\s+2\.00 KiB \(2,048 B\)/);
  // The session facts the workspace formulas assumed.
  assert.match(text, /session \(workspace formulas\)\s+2 intra-op threads · L2 1\.00 MiB \(1,048,576 B\) · max total sequence length not declared/);
  const contributors = await h.page.locator('.contributors li').allInnerTexts();
  // Only Run buffers (Allocate/AllocateOutput roots) are listed: the initializer M is live too but
  // is not part of the Run figure.
  assert.deepEqual(contributors, ['e (buffer of a) 1.00 KiB (1,024 B)', 'y 1.00 KiB (1,024 B)']);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await h.page.locator('.side-panel').screenshot({ path: join(SCREENSHOT_DIR, 'webview-peak-card.png') });
  await h.close();
});

test('the Parallel switch posts setView and the parallel report changes the intervals as it says', async () => {
  const h = await open();
  await showSmall(h);
  await h.page.click('#view-parallel');
  const posted = await h.waitForPosted('setView');
  assert.deepEqual(posted, { type: 'setView', view: 'parallel' });
  await h.deliver({ type: 'report', report: makeSmallReport({ view: 'parallel' }), fileName: 'small.onnx' });
  await nextFrames(h.page);
  assert.equal(await h.page.locator('#view-parallel').getAttribute('aria-pressed'), 'true');
  await h.page.click('#export-json');
  const exported = ofType(await h.posted(), 'export').pop()!;
  const intervals = JSON.parse(exported.data).intervals as Array<{ value: string; root: string; startStep: number; endStepExclusive: number; kind: string }>;
  const a = intervals.find((i) => i.value === 'a')!;
  const e = intervals.find((i) => i.value === 'e')!;
  assert.deepEqual([a.startStep, a.endStepExclusive], [0, 2]);
  assert.deepEqual([e.root, e.kind], ['e', 'allocate']);
  assert.match(exported.fileName, /parallel-batch1\.json$/);
  // The value e now has its own row; hovering step 1 on a's row no longer finds b in place.
  const p = await ganttPoint(h.page, 1.5, ROW.a);
  await h.page.mouse.move(p.x, p.y);
  assert.match(await cardText(h), /^a\n[\s\S]*alloc kind\s+Allocate/);
  await h.close();
});

test('changing a binding posts bind and the answer is drawn within a frame', async () => {
  const h = await open();
  await showSmall(h);
  await h.page.locator('#bind-0 input').fill('4');
  await h.page.locator('#bind-0 input').press('Enter');
  const posted = await h.waitForPosted('bind');
  assert.deepEqual(posted, { type: 'bind', bindings: { batch: 4 } });
  await h.deliver({ type: 'report', report: makeSmallReport({ batch: 4 }), fileName: 'small.onnx' });
  await nextFrames(h.page);
  const p = await ganttPoint(h.page, 0.5, ROW.a);
  await h.page.mouse.move(p.x, p.y);
  assert.match(await cardText(h), /4\.00 KiB \(4,096 B\)[\s\S]*\[batch, 256\] → \[4, 256\]|\[batch, 256\] → \[4, 256\][\s\S]*4\.00 KiB \(4,096 B\)/);
  assert.equal(await h.page.locator('#bind-0').evaluate((el) => (el as any).value), '4');
  await h.close();
});

test('an invalid binding shows an inline error and keeps the last valid value; it never unbinds silently', async () => {
  const h = await open();
  await showSmall(h);
  const field = h.page.locator('#bind-0 input');
  for (const bad of ['1.5', '-3', 'abc', '4294967296']) {
    await field.fill(bad);
    await field.press('Enter');
    await h.page.locator('#bind-0-error:not([hidden])').waitFor();
    assert.match(await h.page.locator('#bind-0-error').innerText(), bad === '4294967296' ? /is above 2,147,483,647/ : /is not a whole number ≥ 0/);
    assert.equal(await h.page.locator('#bind-0').getAttribute('aria-invalid'), 'true');
  }
  assert.equal(ofType(await h.posted(), 'bind').length, 0, 'no bind was posted for an invalid value');
  await field.fill('4');
  await field.press('Enter');
  assert.deepEqual(await h.waitForPosted('bind'), { type: 'bind', bindings: { batch: 4 } });
  assert.equal(await h.page.locator('#bind-0-error').isHidden(), true);
  await h.close();
});

test('search shows "k of n"; Enter and Shift+Enter move through the matches in run order and reveal each; Escape clears', async () => {
  const h = await open();
  await showSmall(h);
  const input = h.page.locator('#search input');
  const count = h.page.locator('#search-count');
  // '1' is in the names of the first four nodes (conv1, relu1, reshape1, matmul1): their outputs and workspaces match.
  await input.fill('1');
  await nextFrames(h.page);
  const total = Number(/^(\d+) match/.exec(await count.innerText())?.[1]);
  assert.ok(total >= 2, `matches: ${await count.innerText()}`);
  const selected = async (): Promise<{ seg: number; start: number }> => h.page.evaluate(() => {
    const c = (globalThis as any).memoryLens.chart;
    return { seg: c.selectedSeg as number, start: c.data.layout.segStart[c.selectedSeg] as number };
  });
  await input.press('Enter');
  assert.equal(await count.innerText(), `1 of ${total}`);
  const first = await selected();
  await input.press('Enter');
  assert.equal(await count.innerText(), `2 of ${total}`);
  await nextFrames(h.page);
  await h.screenshot('search');
  const second = await selected();
  assert.notEqual(second.seg, first.seg);
  assert.ok(second.start >= first.start, 'matches go in run order');
  const [d0, d1] = await visibleDomain(h.page);
  assert.ok(d0 <= second.start && second.start < d1, 'the match is scrolled into view');
  await input.press('Shift+Enter');
  assert.equal(await count.innerText(), `1 of ${total}`);
  assert.equal((await selected()).seg, first.seg);
  await input.press('Shift+Enter');
  assert.equal(await count.innerText(), `${total} of ${total}`, 'Shift+Enter from the first wraps to the last');
  await input.press('Escape');
  assert.equal(await input.inputValue(), '');
  assert.equal(await count.innerText(), '');
  assert.equal(await h.page.evaluate(() => (globalThis as any).memoryLens.chart.emphasis), null);
  await input.fill('nothing-like-this');
  assert.equal(await count.innerText(), 'no match');
  await h.close();
});

test("a step's details open at the top of the side panel, scrolled into view; opening a body scrolls the panel back to its top", async () => {
  const h = await open();
  await showSmall(h);
  await h.page.evaluate(() => { (globalThis as any).document.querySelector('.side-panel').scrollTop = 10_000; });
  const p = await ganttPoint(h.page, 3.5, ROW.y);
  await h.page.mouse.dblclick(p.x, p.y);
  await h.page.waitForSelector('.step-details:not([hidden])');
  const where = await h.page.evaluate(() => {
    const doc = (globalThis as any).document;
    const panel = doc.querySelector('.side-panel');
    const details = doc.querySelector('.step-details');
    return { isFirst: panel.firstElementChild === details.closest('.side-panel > *'), scrollTop: panel.scrollTop };
  });
  assert.deepEqual(where, { isFirst: true, scrollTop: 0 });
  await h.page.evaluate(() => { (globalThis as any).document.querySelector('.side-panel').scrollTop = 10_000; });
  await h.page.click('.subgraph-link');
  await h.page.waitForSelector('.breadcrumb .crumb.link');
  assert.equal(await h.page.evaluate(() => (globalThis as any).document.querySelector('.side-panel').scrollTop as number), 0);
  await h.close();
});

test('sorting by size starts at the top row (the largest buffers first), not where the other order was scrolled', async () => {
  const h = await open();
  await h.deliver({ type: 'report', report: makeSyntheticReport(3000, 4), fileName: 'synthetic.onnx' });
  await h.page.waitForSelector('.gantt-canvas');
  await h.page.evaluate(() => (globalThis as any).memoryLens.chart.scrollTo(2000));
  await h.page.click('#sort-toggle');
  await nextFrames(h.page);
  assert.equal(await h.page.evaluate(() => (globalThis as any).memoryLens.chart.scrollTopPx as number), 0);
  assert.equal(await h.page.locator('#sort-toggle').innerText(), 'Sort: size');
  await h.close();
});

test('search dims everything that does not match a name or op', async () => {
  const h = await open();
  await showSmall(h);
  await h.page.locator('#search input').fill('matmul');
  await nextFrames(h.page);
  const mask = await h.page.evaluate(() => Array.from((globalThis as any).memoryLens.chart.emphasis as Uint8Array));
  const emphasized = mask.filter((m) => m === 1).length;
  assert.equal(emphasized, 2, 'd (produced by matmul1) and the MatMul workspace');
  await h.close();
});

test('arrow keys step through execution, highlighting the values live at each step', async () => {
  const h = await open();
  await showSmall(h);
  await h.page.focus('.gantt-box');
  await h.page.keyboard.press('ArrowRight');
  await h.page.keyboard.press('ArrowRight');
  assert.match(await h.page.locator('.sr-announce').innerText(), /^Step 1: relu1 \(Relu\), live 1\.00 KiB \(1,024 B\)/);
  await h.page.keyboard.press('ArrowRight');
  await h.page.keyboard.press('ArrowRight');
  await h.page.keyboard.press('ArrowLeft');
  assert.match(await h.page.locator('.sr-announce').innerText(), /^Step 2: reshape1 \(Reshape\)/);
  const live = await h.page.evaluate(() => Array.from((globalThis as any).memoryLens.chart.emphasis as Uint8Array).filter((m) => m === 1).length);
  assert.equal(live, 4, 'band summary, a, b and c are live at step 2');
  await h.page.keyboard.press('Enter');
  assert.match(await h.page.locator('.step-details').innerText(), /Step 2\nreshape1 \(Reshape\)\nInputs\nb \[1, 256\][\s\S]*Outputs\nc \[1, 256\]/i);
  await h.close();
});

test('double-clicking a step opens its subgraph; the breadcrumb leads back', async () => {
  const h = await open();
  await showSmall(h);
  const p = await ganttPoint(h.page, 3.5, ROW.y);
  await h.page.mouse.dblclick(p.x, p.y);
  await h.page.click('.subgraph-link');
  await h.page.waitForSelector('.breadcrumb .crumb.link');
  assert.match(await h.page.locator('.breadcrumb').innerText(), /main\s*›\s*matmul1\.body/);
  assert.match(await h.page.locator('.peak-card').innerText(), /Local peak \(body\)/i);
  await nextFrames(h.page);
  await h.screenshot('subgraph');
  await h.page.click('.breadcrumb .crumb.link');
  assert.match(await h.page.locator('.breadcrumb .current').innerText(), /^main$/);
  await h.close();
});

test('view, zoom, sort, selection and bindings survive a reload', async () => {
  const h = await open();
  await showSmall(h);
  await h.page.click('#sort-toggle');
  await h.page.locator('#search input').fill('relu');
  await h.page.evaluate(() => (globalThis as any).memoryLens.chart.setDomain([1, 4]));
  const sel = await ganttPoint(h.page, 1.5, ROW.a);
  await h.page.mouse.click(sel.x, sel.y);
  await h.page.click('#view-parallel');
  await h.waitForPosted('setView');
  await nextFrames(h.page);
  await h.page.reload();
  await h.waitForPosted('ready');
  await showSmall(h);
  const domain = await visibleDomain(h.page);
  assert.ok(Math.abs(domain[0] - 1) < 0.01 && Math.abs(domain[1] - 4) < 0.01, `domain ${domain}`);
  assert.equal(await h.page.locator('#sort-toggle').innerText(), 'Sort: size');
  assert.equal(await h.page.locator('#search').evaluate((el) => (el as any).value), 'relu');
  await h.page.waitForSelector('.hover-card.pinned');
  assert.match(await cardText(h), /^b\n/);
  assert.deepEqual(ofType(await h.posted(), 'setView'), [{ type: 'setView', view: 'parallel' }], 'asks the host for the view it showed before');
  await h.close();
});

test('an error message replaces the chart with an error state', async () => {
  const h = await open();
  await showSmall(h);
  await h.deliver({ type: 'error', code: 'format', message: 'Truncated varint at byte 1834', fileName: 'broken.onnx' });
  assert.equal(await h.page.locator('.status-error').innerText(), 'broken.onnx: Truncated varint at byte 1834 (format)');
  assert.equal(await h.page.locator('main.content').isHidden(), true);
  await h.close();
});

test('a graph without steps shows an empty state', async () => {
  const h = await open();
  const report = makeSmallReport();
  report.graphs = [{ ...report.graphs[0]!, steps: [], values: [] }];
  await h.deliver({ type: 'report', report, fileName: 'empty.onnx' });
  await h.page.waitForSelector('.status-empty');
  assert.match(await h.page.locator('.status-empty').innerText(), /has no steps/);
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});

test('the Uncovered & unavailable panel lists uncovered terms and unavailable groups', async () => {
  const h = await open();
  await showSmall(h);
  const text = await h.page.locator('.gaps').innerText();
  assert.match(text, /Arena rounding — ORT rounds requests up to 256 B/);
  assert.match(text, /Unbound symbolic dim 'n'[\s\S]*values: d[\s\S]*steps: 3/);
  assert.match(await h.page.locator('.init-figures').innerText(), /initializers stored\s+257 KiB \(263,008 B\)/);
  await h.close();
});

test('observed profile lines get their own legend entries', async () => {
  const h = await open();
  await showSmall(h);
  await h.deliver({ type: 'observed', observed: { source: 'profile.json', graphId: 'main', steps: [0, 1, 2, 3, 4, 5].map((i) => ({ memBytesInUse: 270000 + i, memBytesRequestedInUse: null, memInUsePeak: null, memArenaHeld: null })), mismatches: [] } });
  await nextFrames(h.page);
  assert.match(await h.page.locator('.legend').innerText(), /Observed memBytesInUse \(profile\.json\)/);
  assert.match(await h.page.locator('.peak-card').innerText(), /2\.00 KiB \(2,048 B\)/, 'the modeled peak is unchanged');
  await h.close();
});

test('CSV export posts the intervals with a header', async () => {
  const h = await open();
  await showSmall(h);
  await h.page.click('#export-csv');
  const csv = ofType(await h.posted(), 'export').pop()!;
  assert.equal(csv.format, 'csv');
  const lines = csv.data.trim().split('\n');
  assert.equal(lines[0], 'graph,value,root,kind,alloc_kind,reuse_via,start_step,end_step_exclusive,bytes,unavailable_reason');
  assert.ok(lines.includes('main,e,a,freelist,Reuse,freelist,4,6,1024,'));
  await h.page.click('#export-png');
  assert.match(ofType(await h.posted(), 'export').pop()!.data, /^data:image\/png;base64,/);
  await h.page.click('#export-svg');
  assert.match(ofType(await h.posted(), 'export').pop()!.data, /^<svg[\s\S]*<rect/);
  await h.close();
});

for (const theme of ['light', 'dark', 'highContrast'] as const) {
  test(`the ${theme} theme renders without page errors (screenshot)`, async () => {
    const h = await open(theme);
    await showSmall(h);
    await h.page.click('#band-toggle');
    await nextFrames(h.page);
    await h.screenshot(theme === 'highContrast' ? 'high-contrast' : theme);
    assert.deepEqual(h.pageErrors, []);
    await h.close();
  });
}

test('a 20k-interval report draws with level of detail and stays hit-testable', async () => {
  const h = await open();
  const report = makeSyntheticReport(20_000, 9);
  await h.page.evaluate((json) => (globalThis as any).__lens.deliver(JSON.parse(json)), JSON.stringify({ type: 'report', report, fileName: 'synthetic.onnx' }));
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  const stats = await h.page.evaluate(() => (globalThis as any).memoryLens.chart.lastStats as { rectsDrawn: number; segmentsVisited: number; rowsVisited: number });
  assert.ok(stats.rectsDrawn < stats.segmentsVisited, `${stats.rectsDrawn} rects for ${stats.segmentsVisited} segments`);
  assert.ok(stats.rowsVisited < 60, `${stats.rowsVisited} rows visited`);
  const p = await ganttPoint(h.page, 10, 2);
  await h.page.mouse.move(p.x, p.y);
  assert.match(await cardText(h), /^t\d+\n/);
  await h.screenshot('large');
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});

test('a reportJson message draws the same report; malformed JSON shows an error state', async () => {
  const h = await open();
  await h.deliver({ type: 'reportJson', json: JSON.stringify(makeSmallReport()), fileName: 'small.onnx' });
  await h.page.waitForSelector('.gantt-canvas');
  assert.match(await h.page.locator('.peak-card').innerText(), /2\.00 KiB \(2,048 B\)/);
  await h.deliver({ type: 'reportJson', json: '{"schemaVersion":', fileName: 'cut.onnx' });
  assert.match(await h.page.locator('.status-error').innerText(), /^cut\.onnx: the report could not be read \(/);
  await h.close();
});

test('resizing the panel keeps the visible step range (no layout jump)', async () => {
  const h = await open();
  await showSmall(h);
  await h.page.evaluate(() => (globalThis as any).memoryLens.chart.setDomain([2, 5]));
  await nextFrames(h.page);
  await h.page.setViewportSize({ width: 900, height: 700 });
  await h.page.waitForFunction(() => (globalThis as any).document.querySelector('.gantt-canvas').clientWidth < 700);
  await nextFrames(h.page);
  const [s0, s1] = await visibleDomain(h.page);
  assert.ok(Math.abs(s0 - 2) < 0.01 && Math.abs(s1 - 5) < 0.01, `domain ${s0}..${s1}`);
  await h.close();
});

test('the vertical scrollbar scrolls the rows: dragging the thumb follows the pointer, a click on the track pages', async () => {
  const h = await open();
  const report = makeSyntheticReport(2_000, 5);
  await h.page.evaluate((json) => (globalThis as any).__lens.deliver(JSON.parse(json)), JSON.stringify({ type: 'report', report, fileName: 'synthetic.onnx' }));
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  const scrollTop = () => h.page.evaluate(() => (globalThis as any).memoryLens.chart.scrollTopPx as number);
  const domain = () => h.page.evaluate(() => (globalThis as any).memoryLens.chart.visibleDomain() as [number, number]);
  const thumb = h.page.locator('.vscroll-thumb');
  await thumb.waitFor({ state: 'visible' });
  const track = (await h.page.locator('.vscroll').boundingBox())!;
  const box0 = (await thumb.boundingBox())!;
  const [rows, ganttH] = await h.page.evaluate(() => {
    const c = (globalThis as any).memoryLens.chart;
    return [c.data.layout.rows.length * 16, c.gantt.heightPx] as [number, number]; // 16 = ROW_HEIGHT_PX
  });
  assert.ok(rows > ganttH * 3, `enough rows to scroll (${rows} px of rows in ${ganttH} px)`);
  const domainBefore = await domain();
  assert.equal(await scrollTop(), 0);

  // Drag the thumb down by 40 px: the rows scroll by 40 px times (rows - view) / (track - thumb).
  await h.page.mouse.move(box0.x + box0.width / 2, box0.y + box0.height / 2);
  await h.page.mouse.down();
  await h.page.mouse.move(box0.x + box0.width / 2, box0.y + box0.height / 2 + 40, { steps: 4 });
  await h.page.mouse.up();
  await nextFrames(h.page);
  const expected = (40 * (rows - ganttH)) / (ganttH - box0.height);
  const afterDrag = await scrollTop();
  assert.ok(Math.abs(afterDrag - expected) < 2, `scrolled ${afterDrag} px, expected ${expected.toFixed(1)}`);
  const box1 = (await thumb.boundingBox())!;
  assert.ok(Math.abs(box1.y - box0.y - 40) < 1.5, `the thumb moved with the pointer (${box1.y - box0.y} px)`);
  assert.deepEqual(await domain(), domainBefore, 'dragging the scrollbar does not pan the time axis');

  // A click on the track below the thumb pages down by 90% of the view; above it, back up.
  await h.page.mouse.click(track.x + track.width / 2, track.y + track.height - 3);
  await nextFrames(h.page);
  assert.ok(Math.abs((await scrollTop()) - (afterDrag + ganttH * 0.9)) < 1, 'paged down');
  await h.page.mouse.click(track.x + track.width / 2, track.y + 3);
  await nextFrames(h.page);
  assert.ok(Math.abs((await scrollTop()) - afterDrag) < 1, 'paged back up');

  // Dragging far past the end stops at the last row.
  const box2 = (await thumb.boundingBox())!;
  await h.page.mouse.move(box2.x + box2.width / 2, box2.y + 2);
  await h.page.mouse.down();
  await h.page.mouse.move(box2.x + box2.width / 2, track.y + track.height + 500, { steps: 4 });
  await h.page.mouse.up();
  await nextFrames(h.page);
  assert.equal(await scrollTop(), rows - ganttH);
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});

test("a sequence's element tensors are bars of their own: the hover card says the kernel allocated it and when it is freed", async () => {
  const h = await open();
  const report = reportOfBytes(constructEraseInsertAt('initializers'), 'sequences.onnx');
  await h.page.evaluate((json) => (globalThis as any).__lens.deliver(JSON.parse(json)), JSON.stringify({ type: 'report', report, fileName: 'sequences.onnx' }));
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  // Find the element rows by hovering each row at step 0, where seq_1's three copies are live.
  const cards = new Map<string, string>();
  for (let row = 0; row < 12; row++) {
    const p = await ganttPoint(h.page, 0.5, row);
    await h.page.mouse.move(p.x, p.y);
    await nextFrames(h.page);
    if (!(await h.page.locator('.hover-card:not([hidden])').count())) continue;
    const text = await h.page.locator('.hover-card').innerText();
    cards.set(text.split('\n')[0]!, text);
  }
  const erased = cards.get('seq_1[1]');
  assert.ok(erased, `the rows hovered: ${[...cards.keys()].join(', ')}`);
  assert.match(erased, /element tensor of a sequence: the kernel allocates it, and it is freed with the last sequence holding it/);
  assert.match(erased, /96 B/);
  assert.match(erased, /freed\s+after step 1/);
  assert.match(cards.get('seq_1[0]') ?? '', /freed\s+after step 3/);
  assert.deepEqual(h.pageErrors, []);
  await h.close();
});
