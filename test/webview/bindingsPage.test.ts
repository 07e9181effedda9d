/**
 * The bindings control in the built webview (headless Chromium): fields only for free dims, grouped
 * by graph input and labelled input[axis]; derived dims shown with their values; the relations the
 * graph implies, flagged with the consistent value; the "Bindings…" popover for many dims.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, openHarness, type Harness } from '../support/webviewHarness';
import { KV_MODEL, manyDimsModel, reportOfBytes } from '../support/dimModels';
import type { Report } from '../../src/report/report';
import { nextFrames, ofType } from './pageHelpers';

let browser: Browser;
before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser.close();
});

async function openWith(report: Report, fileName: string, theme: 'dark' | 'light' = 'dark'): Promise<Harness> {
  const h = await openHarness({ browser, theme, width: 1280 });
  await h.waitForPosted('ready');
  await h.deliver({ type: 'report', report, fileName });
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  return h;
}

test('fields are offered only for free dims, grouped by input and labelled input[axis]; derived dims show their dims, never a field', async () => {
  const h = await openWith(reportOfBytes(KV_MODEL, 'kv.onnx'), 'kv.onnx');
  const fields = await h.page.locator('.bindings .bind-field[data-symbol]').evaluateAll((els) => els.map((e) => (e as any).dataset.symbol));
  assert.deepEqual(fields, ['batch', 'past', 'seq', 'total', 'nonzero.count']);
  const groups = await h.page.locator('.bindings-inline .bind-group').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  assert.deepEqual(groups, ['past', 'x', 'mask', 'data-dependent sizes']);
  const labels = await h.page.locator('.bindings-inline .bind-label').allInnerTexts();
  // batch, shared by three inputs, appears once, under the first, and names the others on hover.
  assert.deepEqual(labels.map((l) => l.replace(/\s+/g, ' ').trim()), ['past[0] batch +2', 'past[1] past', 'x[1] seq', 'mask[1] total', 'data-dependent nonzero.count']);
  assert.equal(await h.page.locator('.bind-label', { hasText: 'batch' }).getAttribute('title'), 'batch in past[0], x[0], mask[0]');
  const derived = await h.page.locator('.derived-dim').allInnerTexts();
  assert.deepEqual(derived, ['p2o.Dyn.0 = batch', 'p2o.Dyn.1 = seq']);
  assert.equal(await h.page.locator('.bind-field[data-symbol^="p2o"]').count(), 0);
  assert.match(await h.page.locator('.relation').innerText(), /^total = past \+ seq \(from present\[1\]\)$/);
  await h.close();
});

test('a binding that breaks total = past + seq is flagged with the consistent value, and "Use 8" binds it', async () => {
  const report = reportOfBytes(KV_MODEL, 'kv.onnx', { bindings: { batch: 1, past: 5, seq: 3, total: 10, 'nonzero.count': 6 } });
  const h = await openWith(report, 'kv.onnx');
  const flag = h.page.locator('.relation-violated');
  assert.match(await flag.innerText(), /total = 10 breaks total = past \+ seq \(from present\[1\]\): the consistent value is 8/);
  assert.equal(await flag.getAttribute('role'), 'alert');
  // Derived dims show their values once the dims they come from are bound.
  assert.deepEqual(await h.page.locator('.derived-dim').allInnerTexts(), ['p2o.Dyn.0 = batch (= 1)', 'p2o.Dyn.1 = seq (= 3)']);
  await h.screenshot('bindings-relation');
  await h.page.locator('.relation-fix').click();
  assert.deepEqual(await h.waitForPosted('bind'), { type: 'bind', bindings: { batch: 1, past: 5, seq: 3, total: 8, 'nonzero.count': 6 } });
  await h.deliver({ type: 'report', report: reportOfBytes(KV_MODEL, 'kv.onnx', { bindings: { batch: 1, past: 5, seq: 3, total: 8, 'nonzero.count': 6 } }), fileName: 'kv.onnx' });
  await nextFrames(h.page);
  assert.equal(await h.page.locator('.relation-violated').count(), 0);
  assert.match(await h.page.locator('.relation').innerText(), /total = past \+ seq \(from present\[1\]\) = 8/);
  await h.close();
});

test('many dims collapse into a "Bindings…" popover with a filter and "set all unbound to N", every field reachable by keyboard', async () => {
  const report = reportOfBytes(manyDimsModel(40), 'many.onnx');
  assert.equal(report.dims!.free.length, 80);
  const h = await openWith(report, 'many.onnx');
  assert.equal(await h.page.locator('.bindings-inline .bind-field').count(), 0, 'no field in the toolbar row itself');
  const open = h.page.locator('#bindings-open');
  assert.equal(await open.innerText(), 'Bindings… (0 of 80 bound)');
  // Keyboard only: focus the button, open it, type a filter.
  await open.focus();
  await h.page.keyboard.press('Enter');
  await h.page.locator('#bindings-popover:not([hidden])').waitFor();
  assert.equal(await open.getAttribute('aria-expanded'), 'true');
  await h.page.keyboard.type('in_7');
  await nextFrames(h.page);
  const shown = await h.page.locator('.bindings-list .bind-row:not([hidden]) .bind-field').evaluateAll((els) => els.map((e) => (e as any).dataset.symbol));
  assert.deepEqual(shown, ['unk__14', 'unk__15']);
  // Tab walks from the filter to the visible fields, in order.
  const focusedSymbols: string[] = [];
  for (let i = 0; i < 12 && focusedSymbols.length < 2; i++) {
    await h.page.keyboard.press('Tab');
    const s = await h.page.evaluate(() => ((globalThis as any).document.activeElement as any)?.closest('.bind-row .bind-field') ? ((globalThis as any).document.activeElement as any).dataset.symbol ?? null : null);
    if (s) focusedSymbols.push(s);
  }
  assert.deepEqual(focusedSymbols, ['unk__14', 'unk__15']);
  await h.page.keyboard.type('3');
  await h.page.keyboard.press('Enter');
  assert.deepEqual(await h.waitForPosted('bind'), { type: 'bind', bindings: { unk__15: 3 } });
  // Set all unbound to 1: every other dim takes 1, the typed one keeps 3.
  await h.page.locator('#bindings-set-all-value input').fill('1');
  await h.page.locator('#bindings-set-all').click();
  await h.page.waitForFunction(() => (globalThis as any).__lens.posted.filter((m: any) => m.type === 'bind').length === 2);
  const all = ofType(await h.posted(), 'bind')[1]!.bindings;
  assert.equal(Object.keys(all).length, 80);
  assert.equal(all.unk__15, 3);
  assert.ok(Object.entries(all).every(([k, v]) => k === 'unk__15' || v === 1));
  await h.screenshot('bindings-popover');
  await h.page.keyboard.press('Escape');
  await h.page.locator('#bindings-popover').waitFor({ state: 'hidden' });
  assert.equal(await h.page.evaluate(() => (globalThis as any).document.activeElement?.id), 'bindings-open');
  await h.close();
});
