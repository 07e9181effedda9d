/**
 * The timeline at a million intervals, on a report built straight as columns: layout, hit testing
 * and level-of-detail drawing must stay exact, not only fast (no timings are asserted here).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportTablesOf, valueAt, valueName } from '../../../webview/graphTable';
import { drawTimeline, MIN_BAR_WIDTH_PX, type TimelineFrame } from '../../../webview/timeline/drawTimeline';
import { hitTestSegment } from '../../../webview/timeline/hitTest';
import { buildRowLayout, SEGMENT_KINDS, segmentKindOf } from '../../../webview/timeline/rowLayout';
import { createTimeScale, stepToPx } from '../../../webview/timeline/timeScale';
import { mulberry32 } from '../../support/seededRandom';
import { makeColumnsReport } from '../columnsFixture';
import { RecordingContext, TEST_STYLE } from './recordingContext';

const N = 1_000_000;
const table = reportTablesOf(makeColumnsReport(N, 11)).graphs[0]!;
const layout = buildRowLayout(table, { sort: 'start', isBandCollapsed: true });
const ROW_H = 16;
const GUTTER = 190;
const WIDTH = 1390;

function frame(domain: [number, number], scrollTopPx: number, extra: Partial<TimelineFrame> = {}): TimelineFrame {
  return {
    layout, scale: createTimeScale(domain[0], domain[1], GUTTER, WIDTH), widthPx: WIDTH, heightPx: ROW_H * 50, gutterPx: GUTTER, rowHeightPx: ROW_H,
    scrollTopPx, valueName: () => undefined, emphasis: null, cursorStep: -1, selectedSeg: -1, hoverSeg: -1, ...extra,
  };
}

test('at 1M intervals every value has one segment on its root\'s row, over its whole lifetime', () => {
  assert.equal(layout.segStart.length, N + Math.ceil(N / 5));
  const rowOfRoot = new Map<number, number>();
  for (let i = 0; i < N; i++) {
    const seg = layout.valueSeg[i]!;
    assert.ok(seg >= 0 && layout.segValue[seg] === i, `value ${i}`);
    const released = table.values.releasedAfter[i]!;
    const end = Number.isNaN(released) ? N : released + 1;
    if (layout.segStart[seg] !== i || layout.segEnd[seg] !== Math.max(i + 1, end)) assert.fail(`value ${i} drawn over [${layout.segStart[seg]}, ${layout.segEnd[seg]})`);
    const root = table.values.root[i]!;
    const row = rowOfRoot.get(root) ?? layout.segRow[seg]!;
    rowOfRoot.set(root, row);
    if (layout.segRow[seg] !== row) assert.fail(`value ${i} is not on its root's row`);
  }
  // Spot-check kinds against the object rule.
  for (let i = 0; i < N; i += 997) assert.equal(SEGMENT_KINDS[layout.segKind[layout.valueSeg[i]!]!], segmentKindOf(valueAt(table, i)));
});

test('hover hit-testing at 1M intervals picks the value a scan of the row finds', () => {
  const rand = mulberry32(5);
  let hits = 0;
  for (let probe = 0; probe < 4000; probe++) {
    const row = Math.floor(rand() * layout.rows.length);
    const lo = layout.rowFirst[row]!;
    const hi = layout.rowFirst[row + 1]!;
    // Half the probes on a segment of the row, half anywhere in the run.
    const step = probe % 2 === 0 && hi > lo ? layout.segStart[lo + Math.floor(rand() * (hi - lo))]! + rand() : rand() * N;
    const tol = [0, 0.5, 400][probe % 3]!;
    let expected = -1;
    for (let i = hi - 1; i >= lo; i--) if (layout.segStart[i]! - tol <= step && step < layout.segEnd[i]! + tol) { expected = i; break; }
    const seg = hitTestSegment(layout, row, step, tol);
    assert.equal(seg, expected, `row ${row} step ${step} tol ${tol}`);
    if (seg >= 0 && layout.segValue[seg]! >= 0) {
      hits++;
      const v = valueAt(table, layout.segValue[seg]!);
      assert.equal(v.name, valueName(table, layout.segValue[seg]!));
      assert.ok(Math.max(0, v.producedAt) - tol <= step, `${v.name} starts after step ${step}`);
    }
  }
  assert.ok(hits > 1000, `${hits} probes hit a value`);
});

/** Checks that each visible row's bars cover every segment's drawn span (within half a pixel). */
function assertEveryIntervalShown(f: TimelineFrame, rects: number[][]): void {
  const byRow = new Map<number, Array<[number, number]>>();
  for (const [x, y, w] of rects) {
    const row = Math.floor((y! + f.scrollTopPx) / ROW_H);
    (byRow.get(row) ?? byRow.set(row, []).get(row)!).push([x!, x! + w!]);
  }
  const first = Math.floor(f.scrollTopPx / ROW_H);
  for (let row = first; row < first + f.heightPx / ROW_H && row < layout.rows.length; row++) {
    const spans = (byRow.get(row) ?? []).sort((a, b) => a[0] - b[0]);
    // Union of the drawn spans.
    const union: Array<[number, number]> = [];
    for (const s of spans) {
      const last = union[union.length - 1];
      if (last && s[0] <= last[1] + 0.5) last[1] = Math.max(last[1], s[1]);
      else union.push([s[0], s[1]]);
    }
    const covered = (x0: number, x1: number): boolean => union.some(([a, b]) => a <= x0 + 0.5 && x1 - 0.5 <= b);
    for (let i = layout.rowFirst[row]!; i < layout.rowFirst[row + 1]!; i++) {
      const x0 = Math.max(GUTTER, stepToPx(f.scale, layout.segStart[i]!));
      let x1 = Math.min(WIDTH, stepToPx(f.scale, layout.segEnd[i]!));
      if (x1 <= GUTTER || x0 >= WIDTH) continue;
      if (x1 - x0 < MIN_BAR_WIDTH_PX) x1 = x0 + MIN_BAR_WIDTH_PX;
      if (!covered(x0, x1)) assert.fail(`row ${row}: segment ${i} at [${x0}, ${x1}] px is not drawn`);
    }
  }
}

// The rows of the values produced mid-run, where the 1% view below looks.
const midRowsTop = (layout.valueRow[N / 2 + N / 200]! - 20) * ROW_H;
for (const [name, domain, scroll] of [['the whole run', [0, N], 0], ['1% of the run, scrolled to its rows', [N / 2, N / 2 + N / 100], midRowsTop]] as const) {
  test(`level-of-detail drawing at 1M intervals shows every interval of every visible row (${name})`, () => {
    const f = frame([domain[0], domain[1]], scroll);
    const ctx = new RecordingContext();
    const stats = drawTimeline(ctx, f, TEST_STYLE);
    assert.ok(stats.segmentsVisited > 0 && stats.rectsDrawn > 0, `${stats.segmentsVisited} segments, ${stats.rectsDrawn} rects`);
    assertEveryIntervalShown(f, ctx.barRects());
  });
}

test('level of detail holds when a search dims every other bar of the 200k-step workspace lane', () => {
  const emphasis = new Uint8Array(layout.segStart.length);
  for (let i = 0; i < emphasis.length; i += 2) emphasis[i] = 1;
  const workspaceRow = layout.rows.findIndex((r) => r.role === 'workspace');
  const f = frame([0, N], workspaceRow * ROW_H, { heightPx: ROW_H, emphasis });
  const ctx = new RecordingContext();
  const stats = drawTimeline(ctx, f, TEST_STYLE);
  assert.equal(stats.segmentsVisited, N / 5);
  // Two styles (bright and dim) interleave; each keeps its own run, so about one rect per pixel per style.
  assert.ok(stats.rectsDrawn <= 2 * (WIDTH - GUTTER), `${stats.rectsDrawn} rects for ${stats.segmentsVisited} segments`);
  assertEveryIntervalShown(f, ctx.barRects());
});

test('the size sort at 1M intervals orders rows as the comparison rule does: largest first, unknown last, ties by start', () => {
  const bySize = buildRowLayout(table, { sort: 'size', isBandCollapsed: true });
  const buffers = bySize.rows.map((r, i) => [r, i] as const).filter(([r]) => r.role === 'buffer');
  assert.equal(buffers.length, layout.rows.filter((r) => r.role === 'buffer').length);
  const startOf = (row: number): number => bySize.segStart[bySize.rowFirst[row]!]!;
  for (let k = 1; k < buffers.length; k++) {
    const [a, ia] = buffers[k - 1]!;
    const [b, ib] = buffers[k]!;
    const order = a.sizeBytes === null || b.sizeBytes === null
      ? (a.sizeBytes === null ? 1 : 0) - (b.sizeBytes === null ? 1 : 0) || startOf(ia) - startOf(ib)
      : b.sizeBytes - a.sizeBytes || startOf(ia) - startOf(ib);
    if (order > 0) assert.fail(`rows ${ia} (${a.root}) and ${ib} (${b.root}) are out of order`);
  }
});
