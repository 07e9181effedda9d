/**
 * Block maxima of a per-step series, so the curve's per-pixel max over a zoomed-out range costs
 * O(log steps) instead of O(steps): at 1M steps, scanning every visible step took milliseconds of
 * each frame while zooming. Pure: no DOM.
 *
 * Level k holds, for block j, the max known value over steps [j * 2^k, (j + 1) * 2^k) (-1 when none
 * is known) and whether any of them is unknown; level 0 is the series itself. Levels are cached per
 * series object, so a series must not change once drawn (the app builds a new one per graph).
 */
import type { StepSeries } from './drawCurve';

/** Per level: block max (-1 = no known step) and 1 when the block holds an unknown step. */
export interface SeriesLevels {
  max: Float64Array[];
  hasUnknown: Uint8Array[];
}

const cache = new WeakMap<StepSeries, SeriesLevels>();

/** The levels of `series`, built once per series object. */
export function seriesLevels(series: StepSeries): SeriesLevels {
  let levels = cache.get(series);
  if (levels) return levels;
  const n = series.values.length;
  const max0 = new Float64Array(n);
  const unknown0 = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    if (series.isKnown[s] === 1) max0[s] = series.values[s]!;
    else { max0[s] = -1; unknown0[s] = 1; }
  }
  levels = { max: [max0], hasUnknown: [unknown0] };
  for (let prev = max0, prevU = unknown0; prev.length > 1;) {
    const len = Math.ceil(prev.length / 2);
    const max = new Float64Array(len);
    const hasUnknown = new Uint8Array(len);
    for (let j = 0; j < len; j++) {
      const a = 2 * j;
      const b = a + 1 < prev.length ? a + 1 : a;
      max[j] = prev[a]! > prev[b]! ? prev[a]! : prev[b]!;
      hasUnknown[j] = prevU[a]! | prevU[b]!;
    }
    levels.max.push(max);
    levels.hasUnknown.push(hasUnknown);
    prev = max;
    prevU = hasUnknown;
  }
  cache.set(series, levels);
  return levels;
}

/** Max known value over steps [s0, s1) (-1 when none is known), and whether any is unknown, into `out`. */
export function rangeMax(levels: SeriesLevels, s0: number, s1: number, out: { max: number; hasUnknown: boolean }): void {
  let m = -1;
  let isAnyUnknown = false;
  let lo = s0;
  let hi = s1;
  for (let k = 0; lo < hi; k++) {
    const max = levels.max[k]!;
    const unknown = levels.hasUnknown[k]!;
    if ((lo & 1) === 1) { if (max[lo]! > m) m = max[lo]!; if (unknown[lo] === 1) isAnyUnknown = true; lo++; }
    if ((hi & 1) === 1) { hi--; if (max[hi]! > m) m = max[hi]!; if (unknown[hi] === 1) isAnyUnknown = true; }
    lo >>= 1;
    hi >>= 1;
  }
  out.max = m;
  out.hasUnknown = isAnyUnknown;
}
