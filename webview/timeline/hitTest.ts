/**
 * Pointer -> segment lookup by binary search (no scan of all segments). Pure: no DOM.
 * Among overlapping segments the one drawn last (highest index) wins, matching what is on top.
 */
import type { RowLayout } from './rowLayout';
import { visibleRange } from './visibleRange';

/** Row index at y (CSS px, relative to the first row's top after scrolling), or -1 outside the rows. */
export function rowAtY(layout: RowLayout, yPx: number, rowHeightPx: number): number {
  if (rowHeightPx <= 0 || yPx < 0) return -1;
  const row = Math.floor(yPx / rowHeightPx);
  return row < layout.rows.length ? row : -1;
}

/**
 * Segment under a step position on a row, or -1. `toleranceSteps` widens every segment on both
 * sides, so that bars drawn at the 1 px minimum width stay hittable when zoomed out.
 */
export function hitTestSegment(layout: RowLayout, row: number, step: number, toleranceSteps: number): number {
  if (row < 0 || row >= layout.rows.length) return -1;
  const lo = layout.rowFirst[row]!;
  const hi = layout.rowFirst[row + 1]!;
  const tol = Math.max(0, toleranceSteps);
  const [first, last] = visibleRange(layout.segStart, layout.prefixMaxEnd, lo, hi, step - tol, step + tol + Number.EPSILON);
  for (let i = last - 1; i >= first; i--) {
    if (layout.segStart[i]! - tol <= step && step < layout.segEnd[i]! + tol) return i;
  }
  return -1;
}

/** Segments live at a step: those whose half-open interval [start, end) contains it (scans only candidates per row). */
export function segmentsLiveAt(layout: RowLayout, step: number): number[] {
  const out: number[] = [];
  for (let row = 0; row < layout.rows.length; row++) {
    const [first, last] = visibleRange(layout.segStart, layout.prefixMaxEnd, layout.rowFirst[row]!, layout.rowFirst[row + 1]!, step, step + 1);
    for (let i = first; i < last; i++) if (layout.segStart[i]! <= step && step < layout.segEnd[i]!) out.push(i);
  }
  return out;
}
