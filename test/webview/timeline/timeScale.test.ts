import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTimeScale, pxPerStep, pxToStep, rescaleTimeScale, stepToPx, transformForDomain } from '../../../webview/timeline/timeScale';

test('stepToPx() maps the domain ends onto the range ends', () => {
  const s = createTimeScale(0, 10, 100, 1100);
  assert.equal(stepToPx(s, 0), 100);
  assert.equal(stepToPx(s, 10), 1100);
  assert.equal(stepToPx(s, 2.5), 350);
  assert.equal(pxPerStep(s), 100);
});

test('pxToStep() inverts stepToPx()', () => {
  const s = createTimeScale(3, 7, 20, 420);
  for (const step of [3, 4.25, 6.9, 7]) assert.ok(Math.abs(pxToStep(s, stepToPx(s, step)) - step) < 1e-9);
});

test('a zero-span scale never divides by zero', () => {
  const emptyDomain = createTimeScale(5, 5, 0, 100);
  assert.equal(pxPerStep(emptyDomain), 0);
  assert.equal(stepToPx(emptyDomain, 9), 0);
  const emptyRange = createTimeScale(0, 10, 50, 50);
  assert.equal(pxToStep(emptyRange, 80), 0);
});

test('rescaleTimeScale() shows what a d3 zoom transform shows', () => {
  const base = createTimeScale(0, 100, 0, 1000);
  const zoomed = rescaleTimeScale(base, { k: 4, x: -2000 });
  assert.equal(zoomed.domainStart, 50);
  assert.equal(zoomed.domainEnd, 75);
  assert.equal(zoomed.rangeStartPx, 0);
  assert.equal(zoomed.rangeEndPx, 1000);
});

test('transformForDomain() is undone by rescaleTimeScale()', () => {
  const base = createTimeScale(0, 60, 190, 1190);
  const t = transformForDomain(base, 12, 18);
  const view = rescaleTimeScale(base, t);
  assert.ok(Math.abs(view.domainStart - 12) < 1e-9);
  assert.ok(Math.abs(view.domainEnd - 18) < 1e-9);
});

test('transformForDomain() of an empty request is the identity', () => {
  const base = createTimeScale(0, 60, 0, 600);
  assert.deepEqual(transformForDomain(base, 5, 5), { k: 1, x: 0 });
});
