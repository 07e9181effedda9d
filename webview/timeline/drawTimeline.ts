/**
 * Draws the Gantt rows onto a 2D context. No DOM globals: the context is an interface, so a
 * recording fake can stand in for it in node tests.
 *
 * Performance choices (the view must stay smooth at 100k segments):
 * - Only visible rows are visited, and in each row only the segments found by binary search.
 * - Bars narrower than MERGE_BELOW_PX that touch a previous bar of the same style on the same row
 *   are merged into it (level of detail), even with bars of other styles in between: each style
 *   keeps its own open run per row, so a zoomed-out row costs at most ~one rect per pixel per
 *   style, however its styles interleave (a search dimming every other bar of a 200k-step lane).
 * - Rects are collected per style and filled with one path per style (batching by colour).
 * - Labels are drawn only on bars at least MIN_LABEL_WIDTH_PX wide.
 */
import type { RowLayout } from './rowLayout';
import { MAX_SEG_LAYER, SEGMENT_KINDS, type SegmentKind } from './rowLayout';
import { pxPerStep, pxToStep, stepToPx, type TimeScale } from './timeScale';
import { visibleRange, visibleRows } from './visibleRange';
import { distinctShortLabels } from './shortLabels';

/** Bars are never drawn narrower than this, so every interval stays visible. */
export const MIN_BAR_WIDTH_PX = 1;
/** A bar needs this width before it gets a text label. */
export const MIN_LABEL_WIDTH_PX = 48;
/** Bars narrower than this may be merged with a touching neighbour of the same style. */
export const MERGE_BELOW_PX = 3;

/** The subset of CanvasRenderingContext2D the timeline uses. */
export interface TimelineContext {
  fillStyle: string | object;
  strokeStyle: string | object;
  globalAlpha: number;
  lineWidth: number;
  font: string;
  textBaseline: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  fill(): void;
  stroke(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  fillText(text: string, x: number, y: number): void;
  save(): void;
  restore(): void;
  clip(): void;
}

/** Colours and fills the timeline needs. */
export interface TimelineStyle {
  background: string;
  foreground: string;
  muted: string;
  grid: string;
  gutter: string;
  selection: string;
  focus: string;
  outline: string;
  kinds: Record<SegmentKind, string>;
  /** Fill for unknown-size bars (a hatch pattern in the browser). */
  unavailableFill: string | object;
  unavailableStroke: string;
}

/** What to draw and where. */
export interface TimelineFrame {
  layout: RowLayout;
  scale: TimeScale;
  widthPx: number;
  heightPx: number;
  gutterPx: number;
  rowHeightPx: number;
  scrollTopPx: number;
  /** Label text of value `v` (untrusted; drawn as canvas text only). */
  valueName: (v: number) => string | undefined;
  /** Per-segment emphasis mask (1 = emphasised); null = everything emphasised. */
  emphasis: Uint8Array | null;
  /** Step cursor (keyboard), -1 for none. */
  cursorStep: number;
  selectedSeg: number;
  hoverSeg: number;
}

/** Counters from one draw, for tests and the benchmark. */
export interface DrawStats {
  rowsVisited: number;
  segmentsVisited: number;
  rectsDrawn: number;
  fillBatches: number;
  labelsDrawn: number;
}

const BAR_INSET_PX = 2;
const STYLE_COUNT = SEGMENT_KINDS.length * 4;
const LAYER_COUNT = MAX_SEG_LAYER + 1;
/** Each overlap layer is drawn this much thinner, so a value sharing a live buffer shows nested inside it. */
const LAYER_INSET_PX = 2;

function pushRect(bucket: number, x: number, y: number, w: number, h: number): void {
  const inset = Math.min(Math.floor(bucket / STYLE_COUNT) * LAYER_INSET_PX, h / 2 - 1);
  buffers[bucket]!.push(x, y + inset, w, h - 2 * inset);
}

/** Style bucket index: kind, unknown size, dimmed. */
function styleIndex(kind: number, isUnknown: boolean, isDim: boolean): number {
  return kind * 4 + (isUnknown ? 2 : 0) + (isDim ? 1 : 0);
}

class RectBuffer {
  data = new Float32Array(256);
  length = 0;
  push(x: number, y: number, w: number, h: number): void {
    if (this.length + 4 > this.data.length) {
      const next = new Float32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
    this.data[this.length++] = y;
    this.data[this.length++] = w;
    this.data[this.length++] = h;
  }
}

const buffers: RectBuffer[] = Array.from({ length: STYLE_COUNT * LAYER_COUNT }, () => new RectBuffer());
/** Per bucket, the open run on the current row: [runX, runEnd) in px; isRunOpen 1 while open. Reused across frames. */
const runX = new Float64Array(STYLE_COUNT * LAYER_COUNT);
const runEnd = new Float64Array(STYLE_COUNT * LAYER_COUNT);
const isRunOpen = new Uint8Array(STYLE_COUNT * LAYER_COUNT);
const openRuns: number[] = [];

/** Draws one frame of the Gantt (rows, bars, labels, gutter, cursor, selection). */
export function drawTimeline(ctx: TimelineContext, frame: TimelineFrame, style: TimelineStyle): DrawStats {
  const { layout, scale, widthPx, heightPx, gutterPx, rowHeightPx, scrollTopPx, emphasis } = frame;
  const stats: DrawStats = { rowsVisited: 0, segmentsVisited: 0, rectsDrawn: 0, fillBatches: 0, labelsDrawn: 0 };
  ctx.fillStyle = style.background;
  ctx.fillRect(0, 0, widthPx, heightPx);
  for (const b of buffers) b.length = 0;

  const [row0, row1] = visibleRows(layout.rows.length, rowHeightPx, scrollTopPx, heightPx);
  const step0 = pxToStep(scale, gutterPx);
  const step1 = pxToStep(scale, widthPx);
  const labels: number[] = [];
  const barH = rowHeightPx - 2 * BAR_INSET_PX;

  for (let row = row0; row < row1; row++) {
    stats.rowsVisited++;
    const y = row * rowHeightPx - scrollTopPx + BAR_INSET_PX;
    const [first, last] = visibleRange(layout.segStart, layout.prefixMaxEnd, layout.rowFirst[row]!, layout.rowFirst[row + 1]!, step0, step1);
    let labelEnd = -Infinity;
    for (let i = first; i < last; i++) {
      if (layout.segEnd[i]! <= step0) continue;
      stats.segmentsVisited++;
      let x0 = stepToPx(scale, layout.segStart[i]!);
      let x1 = stepToPx(scale, layout.segEnd[i]!);
      x0 = Math.max(x0, gutterPx);
      x1 = Math.min(x1, widthPx);
      if (x1 - x0 < MIN_BAR_WIDTH_PX) x1 = x0 + MIN_BAR_WIDTH_PX;
      const isDim = emphasis !== null && emphasis[i] === 0;
      const s = layout.segLayer[i]! * STYLE_COUNT + styleIndex(layout.segKind[i]!, layout.isUnknown[i] === 1, isDim);
      const w = x1 - x0;
      if (w < MERGE_BELOW_PX && isRunOpen[s] === 1 && x0 <= runEnd[s]! + 0.5) {
        runEnd[s] = Math.max(runEnd[s]!, x1);
        continue;
      }
      if (isRunOpen[s] === 1) pushRect(s, runX[s]!, y, runEnd[s]! - runX[s]!, barH);
      else { isRunOpen[s] = 1; openRuns.push(s); }
      runX[s] = x0;
      runEnd[s] = x1;
      // Layered (overlapping) bars would print labels over each other: skip a label that starts
      // under the previous label's text.
      if (w >= MIN_LABEL_WIDTH_PX && x0 >= labelEnd) {
        labels.push(i, x0, y, w);
        const v = layout.segValue[i]!;
        labelEnd = x0 + Math.min(w, ((v >= 0 ? frame.valueName(v)?.length : 4) ?? 4) * 6 + 8);
      }
    }
    for (const r of openRuns) { pushRect(r, runX[r]!, y, runEnd[r]! - runX[r]!, barH); isRunOpen[r] = 0; }
    openRuns.length = 0;
  }

  // Layer by layer (bottom first) so overlapping values of one buffer stack correctly; within a layer, one fill per style.
  for (let b = 0; b < STYLE_COUNT * LAYER_COUNT; b++) {
    const buf = buffers[b]!;
    if (buf.length === 0) continue;
    const s = b % STYLE_COUNT;
    const kind = SEGMENT_KINDS[Math.floor(s / 4)]!;
    const isUnknown = (s & 2) !== 0;
    ctx.globalAlpha = (s & 1) !== 0 ? 0.22 : 1;
    ctx.fillStyle = isUnknown ? style.unavailableFill : style.kinds[kind];
    ctx.beginPath();
    for (let j = 0; j < buf.length; j += 4) ctx.rect(buf.data[j]!, buf.data[j + 1]!, buf.data[j + 2]!, buf.data[j + 3]!);
    ctx.fill();
    stats.fillBatches++;
    stats.rectsDrawn += buf.length / 4;
    if (isUnknown || style.outline) {
      // Unknown sizes get a kind-coloured outline so they read as "there, size unknown", never as empty.
      ctx.strokeStyle = isUnknown ? style.kinds[kind] : style.outline;
      ctx.lineWidth = 1;
      ctx.stroke();
    }
  }
  ctx.globalAlpha = 1;

  drawLabels(ctx, frame, style, labels, stats);
  drawMarkers(ctx, frame, style);
  drawGutter(ctx, frame, style, row0, row1);
  return stats;
}

function drawLabels(ctx: TimelineContext, frame: TimelineFrame, style: TimelineStyle, labels: number[], stats: DrawStats): void {
  if (labels.length === 0) return;
  const { layout, rowHeightPx } = frame;
  ctx.font = '10px sans-serif';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = style.background;
  for (let j = 0; j < labels.length; j += 4) {
    const seg = labels[j]!;
    const x = labels[j + 1]!;
    const y = labels[j + 2]!;
    const w = labels[j + 3]!;
    const v = layout.segValue[seg]!;
    const text = v >= 0 ? frame.valueName(v) ?? '' : layout.segStep[seg]! >= 0 ? `#${layout.segStep[seg]}` : '';
    if (!text) continue;
    const maxChars = Math.floor((w - 6) / 6);
    if (maxChars < 3) continue;
    ctx.fillText(text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text, x + 3, y + (rowHeightPx - 2 * BAR_INSET_PX) / 2);
    stats.labelsDrawn++;
  }
}

function segmentBox(frame: TimelineFrame, seg: number): [number, number, number, number] | null {
  const { layout, scale, rowHeightPx, scrollTopPx, gutterPx, widthPx } = frame;
  if (seg < 0 || seg >= layout.segStart.length) return null;
  let x0 = Math.max(gutterPx, stepToPx(scale, layout.segStart[seg]!));
  const x1 = Math.min(widthPx, stepToPx(scale, layout.segEnd[seg]!));
  if (x1 < gutterPx || x0 > widthPx) return null;
  if (x1 - x0 < MIN_BAR_WIDTH_PX) x0 = x1 - MIN_BAR_WIDTH_PX;
  const y = layout.segRow[seg]! * rowHeightPx - scrollTopPx + 1;
  return [x0 - 1, y, x1 - x0 + 2, rowHeightPx - 2];
}

function drawMarkers(ctx: TimelineContext, frame: TimelineFrame, style: TimelineStyle): void {
  const { scale, heightPx, cursorStep } = frame;
  if (cursorStep >= 0) {
    const x0 = stepToPx(scale, cursorStep);
    const w = Math.max(2, pxPerStep(scale));
    ctx.globalAlpha = 0.18;
    ctx.fillStyle = style.focus;
    ctx.fillRect(x0, 0, w, heightPx);
    ctx.globalAlpha = 1;
  }
  ctx.lineWidth = 2;
  const hover = segmentBox(frame, frame.hoverSeg);
  if (hover) { ctx.strokeStyle = style.foreground; ctx.strokeRect(...hover); }
  const sel = segmentBox(frame, frame.selectedSeg);
  if (sel) { ctx.strokeStyle = style.selection; ctx.strokeRect(...sel); }
  ctx.lineWidth = 1;
}

const gutterLabelCache = new WeakMap<RowLayout['rows'], { gutterPx: number; labels: string[] }>();

/** The gutter's text of every row, shortened in the middle so rows stay distinct (once per layout and width). */
export function gutterLabels(layout: Pick<RowLayout, 'rows'>, gutterPx: number): string[] {
  const known = gutterLabelCache.get(layout.rows);
  if (known && known.gutterPx === gutterPx) return known.labels;
  const maxChars = Math.floor((gutterPx - 12) / 6.2);
  const labels = distinctShortLabels(layout.rows.map((r) => (r.role === 'band' ? '  ' : '') + r.label), maxChars);
  gutterLabelCache.set(layout.rows, { gutterPx, labels });
  return labels;
}

function drawGutter(ctx: TimelineContext, frame: TimelineFrame, style: TimelineStyle, row0: number, row1: number): void {
  const { layout, gutterPx, rowHeightPx, scrollTopPx, heightPx } = frame;
  ctx.fillStyle = style.gutter;
  ctx.fillRect(0, 0, gutterPx, heightPx);
  ctx.font = '11px sans-serif';
  ctx.textBaseline = 'middle';
  const labels = gutterLabels(layout, gutterPx);
  for (let row = row0; row < row1; row++) {
    const info = layout.rows[row]!;
    const y = row * rowHeightPx - scrollTopPx;
    const isSpecial = info.role !== 'buffer' && info.role !== 'band';
    ctx.fillStyle = isSpecial ? style.foreground : style.muted;
    ctx.fillText(labels[row]!, 6, y + rowHeightPx / 2);
    const next = layout.rows[row + 1];
    if (next && next.role !== info.role && !(info.role === 'bandSummary' && next.role === 'band')) {
      ctx.strokeStyle = style.grid;
      ctx.beginPath();
      ctx.moveTo(0, y + rowHeightPx - 0.5);
      ctx.lineTo(frame.widthPx, y + rowHeightPx - 0.5);
      ctx.stroke();
    }
  }
  ctx.strokeStyle = style.grid;
  ctx.beginPath();
  ctx.moveTo(gutterPx - 0.5, 0);
  ctx.lineTo(gutterPx - 0.5, heightPx);
  ctx.stroke();
}
