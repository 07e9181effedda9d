import { test } from 'node:test';
import assert from 'node:assert/strict';
import { columnMax, drawCurve, lineLabels, SIZES_UNAVAILABLE_TEXT, type StepSeries } from '../../../webview/timeline/drawCurve';
import { createTimeScale } from '../../../webview/timeline/timeScale';

function series(values: Array<number | null>): StepSeries {
  return {
    values: Float64Array.from(values, (v) => v ?? 0),
    isKnown: Uint8Array.from(values, (v) => (v === null ? 0 : 1)),
  };
}

/** Records the calls drawCurve makes, with the fill style and alpha in force for fills. */
function recordingContext() {
  const calls: Array<{ op: string; args: number[]; fillStyle: unknown; alpha: number }> = [];
  const texts: string[] = [];
  const ctx = {
    fillStyle: '' as string | object, strokeStyle: '' as string | object, globalAlpha: 1, lineWidth: 1, font: '', textBaseline: '',
    beginPath() {}, fill() { calls.push({ op: 'fill', args: [], fillStyle: ctx.fillStyle, alpha: ctx.globalAlpha }); },
    stroke() {}, save() {}, restore() {}, clip() {}, closePath() {}, setLineDash() {},
    fillText(text: string) { texts.push(text); }, strokeRect() {}, arc() {},
    moveTo(...a: number[]) { calls.push({ op: 'moveTo', args: a, fillStyle: ctx.fillStyle, alpha: ctx.globalAlpha }); },
    lineTo(...a: number[]) { calls.push({ op: 'lineTo', args: a, fillStyle: ctx.fillStyle, alpha: ctx.globalAlpha }); },
    rect(...a: number[]) { calls.push({ op: 'rect', args: a, fillStyle: ctx.fillStyle, alpha: ctx.globalAlpha }); },
    fillRect(...a: number[]) { calls.push({ op: 'fillRect', args: a, fillStyle: ctx.fillStyle, alpha: ctx.globalAlpha }); },
  };
  return { ctx, calls, texts };
}

test('columnMax() keeps the max of the steps under each pixel, so a one-step peak survives zooming out', () => {
  const values: Array<number | null> = Array.from({ length: 1000 }, () => 10);
  values[537] = 999;
  const cols = columnMax(series(values), createTimeScale(0, 1000, 0, 100), 0, 100);
  assert.equal(cols.count, 100);
  assert.equal(cols.max[53], 999);
  assert.equal(Math.max(...cols.max), 999);
  assert.equal(cols.max.filter((m) => m === 10).length, 99);
  assert.equal(cols.hasUnknown, false);
});

test('columnMax() marks columns covering a step of unknown size, and a column of only unknown steps has no value', () => {
  const cols = columnMax(series([5, null, 7, 7]), createTimeScale(0, 4, 0, 40), 0, 40);
  assert.equal(cols.max[5], 5);
  assert.equal(cols.max[15], -1);
  assert.equal(cols.isUnknown[15], 1);
  assert.equal(cols.isUnknown[5], 0);
  assert.equal(cols.max[25], 7);
  assert.equal(cols.hasUnknown, true);
});

test('drawCurve() fills one rectangle per run of equal columns and a hatched strip under unknown steps', () => {
  const { ctx, calls } = recordingContext();
  drawCurve(ctx, {
    scale: createTimeScale(0, 4, 0, 40), widthPx: 40, heightPx: 122, gutterPx: 0, live: series([5, null, 7, 7]),
    observed: [], lines: [], peakStep: null, peakBytes: null, cursorStep: -1, yMaxBytes: 10,
  }, { background: 'bg', foreground: 'fg', grid: 'grid', curve: 'curve', peak: 'peak', focus: 'focus', unavailableFill: 'hatch' });
  const area = calls.filter((c) => c.op === 'fillRect' && c.fillStyle === 'curve');
  // Steps 0 and 2-3 are two runs (columns 0-9 and 20-39); step 1 is unknown and has no area.
  assert.deepEqual(area.map((c) => [c.args[0], c.args[2]]), [[0, 10], [20, 20]]);
  assert.ok(area.every((c) => c.alpha < 1));
  // Heights are proportional to bytes: 7 bytes is 7/5 of the height of 5 bytes.
  assert.ok(Math.abs(area[1]!.args[3]! / area[0]!.args[3]! - 7 / 5) < 1e-9);
  const hatch = calls.filter((c) => c.op === 'rect');
  assert.deepEqual(hatch.map((c) => [c.args[0], c.args[2]]), [[10, 10]]);
  assert.ok(calls.some((c) => c.op === 'fill' && c.fillStyle === 'hatch'));
});

test('drawCurve() says "sizes unavailable" instead of a 0-4 B axis when no size it could plot is known', () => {
  const style = { background: 'bg', foreground: 'fg', grid: 'grid', curve: 'curve', peak: 'peak', focus: 'focus', unavailableFill: 'hatch' };
  const frame = { scale: createTimeScale(0, 3, 0, 30), widthPx: 30, heightPx: 122, gutterPx: 0, live: series([null, null, null]), observed: [], lines: [], peakStep: null, peakBytes: null, cursorStep: -1, yMaxBytes: 4 };
  const none = recordingContext();
  drawCurve(none.ctx, frame, style);
  assert.deepEqual(none.texts, [SIZES_UNAVAILABLE_TEXT]);
  // One known step is enough for the axis and its byte labels.
  const some = recordingContext();
  drawCurve(some.ctx, { ...frame, live: series([null, 3, null]) }, style);
  assert.ok(!some.texts.includes(SIZES_UNAVAILABLE_TEXT));
  assert.ok(some.texts.some((t) => /B$/.test(t)), some.texts.join(' | '));
});

test('reference lines at the same bytes share one label; lines at different bytes keep their own', () => {
  const lb = { bytes: 32768, label: 'max-live lower bound', color: 'purple', isDashed: true };
  const arena = { bytes: 32768, label: 'best-fit arena', color: 'green', isDashed: false };
  assert.deepEqual(lineLabels([lb, arena]).map((l) => l.text), ['max-live lower bound = best-fit arena 32.0 KiB']);
  assert.deepEqual(lineLabels([lb, { ...arena, bytes: 30720 }]).map((l) => l.text), ['max-live lower bound 32.0 KiB', 'best-fit arena 30.0 KiB']);
  const { ctx, texts } = recordingContext();
  drawCurve(ctx, {
    scale: createTimeScale(0, 2, 0, 400), widthPx: 400, heightPx: 122, gutterPx: 0, live: series([32768, 16384]),
    observed: [], lines: [lb, arena], peakStep: null, peakBytes: null, cursorStep: -1, yMaxBytes: 40960,
  }, { background: 'bg', foreground: 'fg', grid: 'grid', curve: 'curve', peak: 'peak', focus: 'focus', unavailableFill: 'hatch' });
  assert.equal(texts.filter((t) => t.includes('best-fit arena')).length, 1);
  assert.ok(texts.includes('max-live lower bound = best-fit arena 32.0 KiB'), texts.join(' | '));
});
