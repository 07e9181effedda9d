/**
 * Step <-> pixel mapping for the timeline. Pure: no DOM, no d3, so node tests can run it.
 *
 * Invariants:
 * - Step s occupies the half-open span [s, s + 1) on the step axis, so a value live over steps
 *   [start, end] is drawn over [start, end + 1).
 * - A scale with a zero-width domain or range never divides by zero: it maps everything to
 *   the range start and inverts to the domain start.
 *
 *   domainStart            domainEnd       (steps)
 *       |---------------------|
 *   rangeStartPx          rangeEndPx       (CSS px)
 */
export interface TimeScale {
  readonly domainStart: number;
  readonly domainEnd: number;
  readonly rangeStartPx: number;
  readonly rangeEndPx: number;
}

/** A d3-zoom style transform: screen x = k * x + x. */
export interface ZoomTransformLike {
  readonly k: number;
  readonly x: number;
}

/** Builds a scale mapping steps [domainStart, domainEnd] onto [rangeStartPx, rangeEndPx]. */
export function createTimeScale(domainStart: number, domainEnd: number, rangeStartPx: number, rangeEndPx: number): TimeScale {
  return { domainStart, domainEnd, rangeStartPx, rangeEndPx };
}

/** Pixels per step (0 when the domain or range is empty). */
export function pxPerStep(scale: TimeScale): number {
  const span = scale.domainEnd - scale.domainStart;
  if (span <= 0) return 0;
  return (scale.rangeEndPx - scale.rangeStartPx) / span;
}

/** Screen x (CSS px) of a step position. */
export function stepToPx(scale: TimeScale, step: number): number {
  return scale.rangeStartPx + (step - scale.domainStart) * pxPerStep(scale);
}

/** Step position (fractional) at screen x (CSS px); the domain start for a zero-width range. */
export function pxToStep(scale: TimeScale, px: number): number {
  const rangeWidth = scale.rangeEndPx - scale.rangeStartPx;
  if (rangeWidth === 0) return scale.domainStart;
  return scale.domainStart + ((px - scale.rangeStartPx) / rangeWidth) * (scale.domainEnd - scale.domainStart);
}

/** The scale seen through a zoom transform: same range, domain = what the range shows after zooming (like d3 rescaleX). */
export function rescaleTimeScale(base: TimeScale, transform: ZoomTransformLike): TimeScale {
  const k = transform.k > 0 ? transform.k : 1;
  const invert = (px: number): number => pxToStep(base, (px - transform.x) / k);
  return createTimeScale(invert(base.rangeStartPx), invert(base.rangeEndPx), base.rangeStartPx, base.rangeEndPx);
}

/** The zoom transform that makes `base` show steps [start, end]; identity when the request is empty. */
export function transformForDomain(base: TimeScale, start: number, end: number): ZoomTransformLike {
  const baseSpan = base.domainEnd - base.domainStart;
  const span = end - start;
  if (span <= 0 || baseSpan <= 0) return { k: 1, x: 0 };
  const k = baseSpan / span;
  // Solve rangeStart = k * stepToPx(base, start) + x for x.
  const x = base.rangeStartPx - k * stepToPx(base, start);
  return { k, x };
}
