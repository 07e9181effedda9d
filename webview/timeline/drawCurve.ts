/**
 * Draws the live-bytes curve above the Gantt: modeled liveBytes per step as a step-shaped area,
 * the peak marker, the max-live lower bound, the optional best-fit arena line, and observed
 * series as separate lines (never added to the modeled numbers). No DOM globals.
 *
 * Level of detail: each pixel column shows the max over the steps it covers, so the cost is
 * O(width + visible steps) and a narrow peak never disappears when zoomed out.
 */
import type { TimelineContext } from './drawTimeline';
import { pxToStep, stepToPx, type TimeScale } from './timeScale';
import { formatBytes } from '../format';

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
  lines: CurveLine[];
  peakStep: number | null;
  peakBytes: number | null;
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

/** Maximum over the known values of a series (0 if none are known). */
export function seriesMax(series: StepSeries): number {
  let m = 0;
  for (let i = 0; i < series.values.length; i++) if (series.isKnown[i] === 1 && series.values[i]! > m) m = series.values[i]!;
  return m;
}

/** Draws one frame of the memory curve. */
export function drawCurve(ctx: TimelineContext & { setLineDash(segments: number[]): void; arc(x: number, y: number, r: number, a0: number, a1: number): void; closePath(): void }, frame: CurveFrame, style: CurveStyle): void {
  const { scale, widthPx, heightPx, gutterPx, live } = frame;
  ctx.fillStyle = style.background;
  ctx.fillRect(0, 0, widthPx, heightPx);
  const plotH = heightPx - TOP_PAD_PX - BOTTOM_PAD_PX;
  const yMax = frame.yMaxBytes > 0 ? frame.yMaxBytes : 1;
  const yOf = (bytes: number): number => TOP_PAD_PX + plotH * (1 - bytes / yMax);
  const n = live.values.length;

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
  ctx.fillStyle = style.curve;
  ctx.globalAlpha = 0.35;
  ctx.beginPath();
  const unknownCols: number[] = [];
  const baseline = yOf(0);
  for (let px = Math.max(0, Math.floor(gutterPx)); px < widthPx; px++) {
    const s0 = Math.max(0, Math.floor(pxToStep(scale, px)));
    const s1 = Math.min(n, Math.max(s0 + 1, Math.ceil(pxToStep(scale, px + 1))));
    if (s0 >= n) break;
    let m = -1;
    let isUnknown = false;
    for (let s = s0; s < s1; s++) {
      if (live.isKnown[s] === 1) { if (live.values[s]! > m) m = live.values[s]!; } else isUnknown = true;
    }
    if (m >= 0) ctx.rect(px, yOf(m), 1, baseline - yOf(m));
    if (isUnknown) unknownCols.push(px);
  }
  ctx.fill();
  ctx.globalAlpha = 1;
  if (unknownCols.length > 0) {
    ctx.fillStyle = style.unavailableFill;
    ctx.beginPath();
    for (const px of unknownCols) ctx.rect(px, baseline - UNKNOWN_STRIP_PX, 1, UNKNOWN_STRIP_PX);
    ctx.fill();
  }
  // Outline on top of the area for a crisp edge.
  strokeSeries(ctx, frame, live, style.curve, yOf, false);
  for (const o of frame.observed) strokeSeries(ctx, frame, o.series, o.color, yOf, true);

  // Reference lines are often a few bytes apart (lower bound vs arena), so their labels go in the
  // right-hand corner, one under the other, instead of on top of each other and of the peak label.
  frame.lines.forEach((line, k) => {
    const y = Math.round(yOf(line.bytes)) + 0.5;
    ctx.strokeStyle = line.color;
    ctx.setLineDash(line.isDashed ? [5, 3] : [2, 2]);
    ctx.beginPath(); ctx.moveTo(gutterPx, y); ctx.lineTo(widthPx, y); ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = line.color;
    const text = `${line.label} ${formatBytes(line.bytes)}`;
    ctx.fillText(text, widthPx - 8 - text.length * 5.6, Math.min(heightPx - BOTTOM_PAD_PX - 6, y + 8 + k * 12));
  });

  if (frame.peakStep !== null && frame.peakBytes !== null) {
    const x = stepToPx(scale, frame.peakStep + 0.5);
    if (x >= gutterPx && x <= widthPx) {
      const y = yOf(frame.peakBytes);
      ctx.strokeStyle = style.peak;
      ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x, baseline); ctx.stroke();
      ctx.fillStyle = style.peak;
      ctx.beginPath(); ctx.arc(x, y, 3.5, 0, Math.PI * 2); ctx.closePath(); ctx.fill();
      const text = `peak ${formatBytes(frame.peakBytes)} @ step ${frame.peakStep}`;
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

function strokeSeries(ctx: TimelineContext & { setLineDash(segments: number[]): void }, frame: CurveFrame, series: StepSeries, color: string, yOf: (b: number) => number, isDashed: boolean): void {
  const { scale, widthPx, gutterPx } = frame;
  const n = series.values.length;
  ctx.strokeStyle = color;
  ctx.lineWidth = isDashed ? 1.5 : 1;
  ctx.setLineDash(isDashed ? [4, 2] : []);
  ctx.beginPath();
  let isDown = false;
  for (let px = Math.max(0, Math.floor(gutterPx)); px < widthPx; px++) {
    const s0 = Math.max(0, Math.floor(pxToStep(scale, px)));
    const s1 = Math.min(n, Math.max(s0 + 1, Math.ceil(pxToStep(scale, px + 1))));
    if (s0 >= n) break;
    let m = -1;
    for (let s = s0; s < s1; s++) if (series.isKnown[s] === 1 && series.values[s]! > m) m = series.values[s]!;
    if (m < 0) { isDown = false; continue; }
    const y = yOf(m);
    if (isDown) ctx.lineTo(px, y);
    else { ctx.moveTo(px, y); isDown = true; }
    ctx.lineTo(px + 1, y);
  }
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.lineWidth = 1;
}
