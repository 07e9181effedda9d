/**
 * Draws the live-bytes curve above the Gantt: modeled liveBytes per step as a step-shaped area,
 * the peak marker, the max-live lower bound, the optional best-fit arena line, the modeled
 * physical series (the simulated arena's in use and held, solid lines), and observed series as
 * dashed lines (never added to the modeled numbers). No DOM globals.
 *
 * Level of detail: each pixel column shows the max over the steps it covers, so the cost is
 * O(width + visible steps) and a narrow peak never disappears when zoomed out.
 */
import type { TimelineContext } from './drawTimeline';
import { pxToStep, stepToPx, type TimeScale } from './timeScale';
import { formatBytes } from '../format';
import { rangeMax, seriesLevels } from './seriesLevels';

/** A per-step series: value[i] is meaningful only where isKnown[i] is 1. */
export interface StepSeries {
  values: Float64Array;
  isKnown: Uint8Array;
}

/** A horizontal reference line. */
export interface CurveLine {
  bytes: number;
  label: string;
  color: string;
  isDashed: boolean;
}

/** What to draw. */
export interface CurveFrame {
  scale: TimeScale;
  widthPx: number;
  heightPx: number;
  gutterPx: number;
  live: StepSeries;
  observed: Array<{ series: StepSeries; color: string }>;
  /** Modeled physical series (arena in use, held): solid lines, apart from the observed ones. */
  physical?: Array<{ series: StepSeries; color: string }>;
  lines: CurveLine[];
  peakStep: number | null;
  peakBytes: number | null;
  /** True when the marked peak is only a lower bound (some steps' live bytes are unavailable): labelled "peak ≥ X". */
  isPeakLowerBound?: boolean;
  cursorStep: number;
  yMaxBytes: number;
}

/** Colours for the curve. */
export interface CurveStyle {
  background: string;
  foreground: string;
  grid: string;
  curve: string;
  peak: string;
  focus: string;
  unavailableFill: string | object;
}

const TOP_PAD_PX = 14;
const BOTTOM_PAD_PX = 8;
const UNKNOWN_STRIP_PX = 6;
/** What the curve says when no size it could plot is known. */
export const SIZES_UNAVAILABLE_TEXT = 'sizes unavailable: no step has a known live size (see Unavailable sizes)';

/** Maximum over the known values of a series (0 if none are known). */
export function seriesMax(series: StepSeries): number {
  let m = 0;
  for (let i = 0; i < series.values.length; i++) if (series.isKnown[i] === 1 && series.values[i]! > m) m = series.values[i]!;
  return m;
}

/** The labels of the reference lines: one per distinct byte count, naming every line at it. */
export function lineLabels(lines: readonly CurveLine[]): Array<{ text: string; bytes: number; color: string }> {
  const out: Array<{ names: string[]; bytes: number; color: string }> = [];
  for (const line of lines) {
    const same = out.find((l) => l.bytes === line.bytes);
    if (same) same.names.push(line.label);
    else out.push({ names: [line.label], bytes: line.bytes, color: line.color });
  }
  return out.map((l) => ({ text: `${l.names.join(' = ')} ${formatBytes(l.bytes)}`, bytes: l.bytes, color: l.color }));
}

/** Draws one frame of the memory curve. */
export function drawCurve(ctx: TimelineContext & { setLineDash(segments: number[]): void; arc(x: number, y: number, r: number, a0: number, a1: number): void; closePath(): void }, frame: CurveFrame, style: CurveStyle): void {
  const { scale, widthPx, heightPx, gutterPx, live } = frame;
  ctx.fillStyle = style.background;
  ctx.fillRect(0, 0, widthPx, heightPx);
  const plotH = heightPx - TOP_PAD_PX - BOTTOM_PAD_PX;
  const yMax = frame.yMaxBytes > 0 ? frame.yMaxBytes : 1;
  const yOf = (bytes: number): number => TOP_PAD_PX + plotH * (1 - bytes / yMax);
  // Nothing known to plot (every step's live size unavailable, no peak, lines or observed numbers):
  // say so instead of drawing a 0-4 B axis that reads as "known to be tiny".
  if (frame.peakBytes === null && frame.lines.length === 0 && frame.observed.length === 0 && !(frame.physical ?? []).some((p) => p.series.isKnown.includes(1)) && !frame.live.isKnown.includes(1)) {
    ctx.font = '12px sans-serif';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = style.foreground;
    ctx.fillText(SIZES_UNAVAILABLE_TEXT, gutterPx + 8, TOP_PAD_PX + plotH / 2);
    return;
  }

  // Grid: four levels labelled in the gutter.
  ctx.font = '10px sans-serif';
  ctx.textBaseline = 'middle';
  for (let g = 0; g <= 4; g++) {
    const b = (yMax * g) / 4;
    const y = Math.round(yOf(b)) + 0.5;
    ctx.strokeStyle = style.grid;
    ctx.globalAlpha = 0.5;
    ctx.beginPath(); ctx.moveTo(gutterPx, y); ctx.lineTo(widthPx, y); ctx.stroke();
    ctx.globalAlpha = 1;
    ctx.fillStyle = style.foreground;
    ctx.fillText(formatBytes(Math.round(b)), 6, y);
  }

  // Modeled live bytes: one column per pixel, max over covered steps; unknown steps get a hatched strip.
  // Columns with the same height merge into one rectangle and one outline segment: software
  // rasterizers pay per edge, and zoomed in many columns show the same step.
  const liveCols = columnMax(live, scale, gutterPx, widthPx);
  const baseline = yOf(0);
  ctx.fillStyle = style.curve;
  ctx.globalAlpha = 0.35;
  forEachRun(liveCols, (x0, x1, m) => ctx.fillRect(x0, yOf(m), x1 - x0, baseline - yOf(m)));
  ctx.globalAlpha = 1;
  if (liveCols.hasUnknown) {
    ctx.fillStyle = style.unavailableFill;
    ctx.beginPath();
    for (let i = 0; i < liveCols.count; i++) {
      if (liveCols.isUnknown[i] === 1) {
        let j = i + 1;
        while (j < liveCols.count && liveCols.isUnknown[j] === 1) j++;
        ctx.rect(liveCols.firstPx + i, baseline - UNKNOWN_STRIP_PX, j - i, UNKNOWN_STRIP_PX);
        i = j - 1;
      }
    }
    ctx.fill();
  }
  // Outline on top of the area for a crisp edge.
  strokeColumns(ctx, liveCols, style.curve, yOf, false);
  for (const o of frame.physical ?? []) strokeColumns(ctx, columnMax(o.series, scale, gutterPx, widthPx), o.color, yOf, false, 2);
  for (const o of frame.observed) strokeColumns(ctx, columnMax(o.series, scale, gutterPx, widthPx), o.color, yOf, true);

  // Reference lines are often a few bytes apart (lower bound vs arena), so their labels go in the
  // right-hand corner, one under the other, instead of on top of each other and of the peak label.
  // Lines at the same bytes draw on top of each other: they share one label ("a = b 32.0 KiB").
  for (const line of frame.lines) {
    const y = Math.round(yOf(line.bytes)) + 0.5;
    ctx.strokeStyle = line.color;
    ctx.setLineDash(line.isDashed ? [5, 3] : [2, 2]);
    ctx.beginPath(); ctx.moveTo(gutterPx, y); ctx.lineTo(widthPx, y); ctx.stroke();
    ctx.setLineDash([]);
  }
  lineLabels(frame.lines).forEach((label, k) => {
    const y = Math.round(yOf(label.bytes)) + 0.5;
    ctx.fillStyle = label.color;
    ctx.fillText(label.text, widthPx - 8 - label.text.length * 5.6, Math.min(heightPx - BOTTOM_PAD_PX - 6, y + 8 + k * 12));
  });

  if (frame.peakStep !== null && frame.peakBytes !== null) {
    const x = stepToPx(scale, frame.peakStep + 0.5);
    if (x >= gutterPx && x <= widthPx) {
      const y = yOf(frame.peakBytes);
      ctx.strokeStyle = style.peak;
      ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x, baseline); ctx.stroke();
      ctx.fillStyle = style.peak;
      ctx.beginPath(); ctx.arc(x, y, 3.5, 0, Math.PI * 2); ctx.closePath(); ctx.fill();
      const text = `peak ${frame.isPeakLowerBound ? '≥ ' : ''}${formatBytes(frame.peakBytes)} @ step ${frame.peakStep}`;
      const textW = text.length * 5.6;
      ctx.fillText(text, x + 6 + textW < widthPx ? x + 6 : x - 6 - textW, Math.max(7, y - 6));
    }
  }
  if (frame.cursorStep >= 0) {
    const x0 = stepToPx(scale, frame.cursorStep);
    ctx.globalAlpha = 0.18;
    ctx.fillStyle = style.focus;
    ctx.fillRect(x0, 0, Math.max(2, stepToPx(scale, frame.cursorStep + 1) - x0), heightPx);
    ctx.globalAlpha = 1;
  }
}

/** Per pixel column from the gutter on: the max known value over the steps it covers (-1: none known). */
interface Columns {
  firstPx: number;
  count: number;
  max: Float64Array;
  isUnknown: Uint8Array;
  hasUnknown: boolean;
}

/** Columns wider than this many steps read block maxima (seriesLevels) instead of every step. */
const SCAN_MAX_STEPS = 32;
const range = { max: -1, hasUnknown: false };

/** Per-pixel max over the visible steps: O(width * log steps) zoomed out, O(width + visible steps) zoomed in. */
export function columnMax(series: StepSeries, scale: TimeScale, gutterPx: number, widthPx: number): Columns {
  const n = series.values.length;
  const firstPx = Math.max(0, Math.floor(gutterPx));
  const width = Math.max(0, widthPx - firstPx);
  const max = new Float64Array(width);
  const isUnknown = new Uint8Array(width);
  let count = 0;
  let hasUnknown = false;
  for (let i = 0; i < width; i++) {
    const px = firstPx + i;
    const s0 = Math.max(0, Math.floor(pxToStep(scale, px)));
    const s1 = Math.min(n, Math.max(s0 + 1, Math.ceil(pxToStep(scale, px + 1))));
    if (s0 >= n) break;
    let m = -1;
    if (s1 - s0 > SCAN_MAX_STEPS) {
      rangeMax(seriesLevels(series), s0, s1, range);
      m = range.max;
      if (range.hasUnknown) isUnknown[i] = 1;
    } else {
      for (let s = s0; s < s1; s++) {
        if (series.isKnown[s] === 1) { if (series.values[s]! > m) m = series.values[s]!; } else isUnknown[i] = 1;
      }
    }
    if (isUnknown[i] === 1) hasUnknown = true;
    max[i] = m;
    count = i + 1;
  }
  return { firstPx, count, max, isUnknown, hasUnknown };
}

/** Calls `f(x0, x1, value)` for each maximal run of columns with the same known value. */
function forEachRun(cols: Columns, f: (x0: number, x1: number, value: number) => void): void {
  for (let i = 0; i < cols.count; ) {
    const m = cols.max[i]!;
    let j = i + 1;
    while (j < cols.count && cols.max[j] === m) j++;
    if (m >= 0) f(cols.firstPx + i, cols.firstPx + j, m);
    i = j;
  }
}

function strokeColumns(ctx: TimelineContext & { setLineDash(segments: number[]): void }, cols: Columns, color: string, yOf: (b: number) => number, isDashed: boolean, widthPx?: number): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = widthPx ?? (isDashed ? 1.5 : 1);
  ctx.setLineDash(isDashed ? [4, 2] : []);
  ctx.beginPath();
  let lastEnd = -1;
  forEachRun(cols, (x0, x1, m) => {
    const y = yOf(m);
    if (x0 === lastEnd) ctx.lineTo(x0, y);
    else ctx.moveTo(x0, y);
    ctx.lineTo(x1, y);
    lastEnd = x1;
  });
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.lineWidth = 1;
}
