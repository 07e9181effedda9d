/**
 * The input-values fields in the built webview (headless Chromium): a field only for small inputs
 * with a fully known declared shape, the contents checked where they are typed (count, integer
 * type), a setInputValues message with every filled field, and the planned values shown back.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, openHarness, type Harness } from '../support/webviewHarness';
import { reportOfBytes } from '../support/dimModels';
import { sampleRateBranchModel } from '../oracle/generatedModels';
import { buildModel, DataType, node, tensorValue } from '../support/onnxBuilder';
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
  const h = await openHarness({ browser, theme: 'dark', width: 1280 });
  await h.waitForPosted('ready');
  await h.deliver({ type: 'report', report, fileName });
  await h.page.waitForSelector('.gantt-canvas');
  await nextFrames(h.page);
  return h;
}

test('a scalar sample-rate input gets a field; the 64-element signal does not; a fixed value plans the branch and shows back', async () => {
  const bytes = sampleRateBranchModel({ batchChain: true });
  const h = await openWith(reportOfBytes(bytes, 'sr.onnx'), 'sr.onnx');
  const fields = h.page.locator('.input-values .input-value-field');
  assert.deepEqual(await fields.evaluateAll((els) => els.map((e) => (e as unknown as { dataset: Record<string, string> }).dataset.input)), ['sr'], 'X holds 64 elements and Z has a symbolic dim: no field');
  assert.match((await fields.first().getAttribute('aria-label'))!, /^Contents of input sr \(int64, 1 value\)/);
  const field = fields.first();
  // A fraction for an int64 is refused where it was typed; nothing is posted.
  await field.evaluate((e) => { (e as unknown as { value: string }).value = '1.5'; e.dispatchEvent(new Event('change')); });
  await nextFrames(h.page);
  assert.equal(await h.page.locator('#input-value-0-error').innerText(), 'int64 holds integers, not 1.5');
  assert.equal(await field.getAttribute('aria-invalid'), 'true');
  assert.equal((await h.posted()).filter((m) => m.type === 'setInputValues').length, 0);
  await field.evaluate((e) => { (e as unknown as { value: string }).value = '16000'; e.dispatchEvent(new Event('change')); });
  assert.deepEqual(await h.waitForPosted('setInputValues'), { type: 'setInputValues', values: { sr: [16000] } });
  assert.equal(await field.getAttribute('aria-invalid'), null);
  // The host answers with the report planned at sr=16000: the If's branch is known, and the field shows the value.
  const planned = reportOfBytes(bytes, 'sr.onnx', { values: { sr: [16000] }, bindings: { n: 2 } });
  assert.equal(typeof planned.graphs[0]!.peak.bytes, 'number');
  await h.deliver({ type: 'report', report: planned, fileName: 'sr.onnx' });
  await nextFrames(h.page);
  assert.equal(await field.evaluate((e) => (e as unknown as { value: string }).value), '16000');
  assert.match(await h.page.locator('.bindings-label').innerText(), /^bindings n=2 · input values sr=16000$/);
  await h.screenshot('input-values');
  // Emptying the field makes the contents unknown again.
  await field.evaluate((e) => { (e as unknown as { value: string }).value = ''; e.dispatchEvent(new Event('change')); });
  assert.deepEqual(await h.waitForPosted('setInputValues', 2), { type: 'setInputValues', values: {} });
  await h.close();
});

test('a model without small numeric inputs shows no input-values group; a 2-element image size asks for 2 values', async () => {
  const none = buildModel({ nodes: [node('Relu', ['x'], ['y'])], inputs: [tensorValue('x', DataType.FLOAT, ['n', 8])], outputs: [tensorValue('y', DataType.FLOAT, ['n', 8])] });
  const h = await openWith(reportOfBytes(none, 'none.onnx'), 'none.onnx');
  assert.equal(await h.page.locator('.input-values').isHidden(), true);
  const size = buildModel({
    nodes: [node('Relu', ['x'], ['y']), node('Identity', ['hw'], ['hw_out'])],
    inputs: [tensorValue('x', DataType.FLOAT, ['n', 8]), tensorValue('hw', DataType.INT32, [2]), tensorValue('flag', DataType.BOOL, [])],
    outputs: [tensorValue('y', DataType.FLOAT, ['n', 8]), tensorValue('hw_out', DataType.INT32, [2])],
  });
  await h.deliver({ type: 'report', report: reportOfBytes(size, 'size.onnx'), fileName: 'size.onnx' });
  await nextFrames(h.page);
  const fields = h.page.locator('.input-values .input-value-field');
  assert.deepEqual(await fields.evaluateAll((els) => els.map((e) => (e as unknown as { dataset: Record<string, string> }).dataset.input)), ['hw', 'flag']);
  assert.equal(await fields.first().getAttribute('placeholder'), 'unknown (2 values)');
  await fields.first().evaluate((e) => { (e as unknown as { value: string }).value = '480'; e.dispatchEvent(new Event('change')); });
  await nextFrames(h.page);
  assert.equal(await h.page.locator('#input-value-0-error').innerText(), '2 values needed, 1 given');
  await fields.nth(1).evaluate((e) => { (e as unknown as { value: string }).value = '2'; e.dispatchEvent(new Event('change')); });
  await nextFrames(h.page);
  assert.equal(await h.page.locator('#input-value-1-error').innerText(), 'a bool is 0 or 1, not 2');
  await fields.first().evaluate((e) => { (e as unknown as { value: string }).value = '480, 640'; e.dispatchEvent(new Event('change')); });
  await nextFrames(h.page);
  assert.equal((await h.posted()).filter((m) => m.type === 'setInputValues').length, 0, 'nothing is posted while one field is invalid');
  await fields.nth(1).evaluate((e) => { (e as unknown as { value: string }).value = '1'; e.dispatchEvent(new Event('change')); });
  assert.deepEqual(await h.waitForPosted('setInputValues'), { type: 'setInputValues', values: { hw: [480, 640], flag: [1] } });
  await h.close();
});
