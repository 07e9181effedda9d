import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawTimeline, MIN_BAR_WIDTH_PX, type TimelineFrame } from '../../../webview/timeline/drawTimeline';
import { buildRowLayout, SEGMENT_KINDS } from '../../../webview/timeline/rowLayout';
import { createTimeScale } from '../../../webview/timeline/timeScale';
import { makeSyntheticReport } from '../../support/webviewHarness';
import { makeSmallReport } from '../reportFixtures';
import { RecordingContext, TEST_STYLE } from './recordingContext';

function frameFor(graph: ReturnType<typeof makeSmallReport>['graphs'][number], widthPx: number, extra: Partial<TimelineFrame> = {}): TimelineFrame {
  const layout = buildRowLayout(graph, { sort: 'start', isBandCollapsed: true });
  return {
    layout, scale: createTimeScale(0, graph.steps.length, 100, widthPx), widthPx, heightPx: 400, gutterPx: 100, rowHeightPx: 16,
    scrollTopPx: 0, valueName: (v: number) => graph.values[v]?.name, emphasis: null, cursorStep: -1, selectedSeg: -1, hoverSeg: -1, ...extra,
  };
}

test('drawTimeline() fills each style once per layer, never once per bar', () => {
  const graph = makeSyntheticReport(5000, 3).graphs[0]!;
  const ctx = new RecordingContext();
  const stats = drawTimeline(ctx, frameFor(graph, 1100), TEST_STYLE);
  const barFills = ctx.fills.filter((f) => f.style !== 'bg');
  assert.equal(barFills.length, stats.fillBatches);
  assert.ok(stats.fillBatches <= SEGMENT_KINDS.length * 4 * 4, `${stats.fillBatches} batches`);
  assert.ok(stats.rectsDrawn > 0);
});

test('drawTimeline() visits only the rows in the viewport', () => {
  const graph = makeSyntheticReport(5000, 3).graphs[0]!;
  const stats = drawTimeline(new RecordingContext(), frameFor(graph, 1100, { heightPx: 160 }), TEST_STYLE);
  assert.equal(stats.rowsVisited, 10);
});

test('drawTimeline() merges sub-pixel bars when zoomed out (level of detail)', () => {
  const graph = makeSyntheticReport(20000, 5).graphs[0]!;
  const stats = drawTimeline(new RecordingContext(), frameFor(graph, 600, { heightPx: 16 * 40 }), TEST_STYLE);
  assert.ok(stats.rectsDrawn < stats.segmentsVisited, `${stats.rectsDrawn} rects for ${stats.segmentsVisited} segments`);
});

test('drawTimeline() draws every bar at least MIN_BAR_WIDTH_PX wide', () => {
  const graph = makeSyntheticReport(20000, 5).graphs[0]!;
  const ctx = new RecordingContext();
  drawTimeline(ctx, frameFor(graph, 600), TEST_STYLE);
  for (const f of ctx.fills) for (const r of f.rects) assert.ok(r[2]! >= MIN_BAR_WIDTH_PX - 1e-6);
});

test('drawTimeline() fills unknown sizes with the unavailable style, not as zero-width bars', () => {
  const graph = makeSmallReport().graphs[0]!;
  const ctx = new RecordingContext();
  drawTimeline(ctx, frameFor(graph, 700), TEST_STYLE);
  const hatched = ctx.fills.filter((f) => f.style === 'hatch');
  assert.ok(hatched.length > 0);
  for (const f of hatched) for (const r of f.rects) assert.ok(r[2]! > 50, `hatched bar width ${r[2]}`);
});

test('drawTimeline() labels only bars wide enough', () => {
  const graph = makeSmallReport().graphs[0]!;
  const wide = new RecordingContext();
  drawTimeline(wide, frameFor(graph, 1300), TEST_STYLE);
  assert.ok(wide.texts.includes('a'));
  const narrow = new RecordingContext();
  drawTimeline(narrow, frameFor(graph, 160), TEST_STYLE);
  assert.ok(!narrow.texts.includes('a'));
});

test('drawTimeline() dims segments outside the emphasis mask', () => {
  const graph = makeSmallReport().graphs[0]!;
  const frame = frameFor(graph, 1000);
  const ctx = new RecordingContext();
  drawTimeline(ctx, { ...frame, emphasis: new Uint8Array(frame.layout.segStart.length) }, TEST_STYLE);
  const bars = ctx.fills.filter((f) => f.style !== 'bg' && f.rects.length > 0);
  assert.ok(bars.length > 0);
  for (const f of bars) assert.ok(f.alpha < 1);
});
