/**
 * Culling by binary search. Segments of one row are sorted by start; `prefixMaxEnd[i]` is the
 * largest end among that row's segments up to and including i, so it never decreases and can
 * be binary-searched too. Pure: no DOM.
 *
 *   segments:   [==)   [=====)  [=)      [===)
 *   window:               |<------->|
 *   first = first i with prefixMaxEnd[i] > x0; last = first i with start[i] >= x1
 */

/** Index range [first, last) within [lo, hi) of segments that may overlap the half-open window [x0, x1). */
export function visibleRange(
  starts: ArrayLike<number>,
  prefixMaxEnd: ArrayLike<number>,
  lo: number,
  hi: number,
  x0: number,
  x1: number,
): [number, number] {
  const first = lowerBound(prefixMaxEnd, lo, hi, (v) => v > x0);
  const last = lowerBound(starts, first, hi, (v) => v >= x1);
  return [first, Math.max(first, last)];
}

/** Rows [first, last) that intersect a viewport of `viewHeightPx` scrolled to `scrollTopPx`, rows `rowHeightPx` tall. */
export function visibleRows(rowCount: number, rowHeightPx: number, scrollTopPx: number, viewHeightPx: number): [number, number] {
  if (rowCount <= 0 || rowHeightPx <= 0 || viewHeightPx <= 0) return [0, 0];
  const first = Math.max(0, Math.floor(scrollTopPx / rowHeightPx));
  const last = Math.min(rowCount, Math.ceil((scrollTopPx + viewHeightPx) / rowHeightPx));
  return [Math.min(first, rowCount), Math.max(Math.min(first, rowCount), last)];
}

/** First index in [lo, hi) whose value satisfies a monotone predicate (false...false true...true), or hi. */
export function lowerBound(values: ArrayLike<number>, lo: number, hi: number, isAtOrAfter: (v: number) => boolean): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (isAtOrAfter(values[mid] as number)) b = mid;
    else a = mid + 1;
  }
  return a;
}
