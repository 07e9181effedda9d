/**
 * Fit: the largest value of one dim whose modeled peak plus initializer bytes (the budget rule of
 * src/report/budget.ts) stays within a budget. Doubling from the smallest value finds a value that
 * does not fit, bisection narrows the bracket to neighbours, and then a sample of values up to the
 * answer is planned as well: the answer says whether the figure was non-decreasing at every value
 * planned, or where it fell (then values past the answer may fit again). Exact plans only, never
 * interpolated.
 */
import { LensError } from '../onnx/lensError';
import type { SweepPoint } from '../report/sweep';
import { formatBytesExact } from '../report/formatBytes';
import { MAX_DIM_VALUE, type FitResult } from '../report/fit';
import type { Analysis } from './buildReport';
import { PointPlanner, type PointPlannerOptions } from './sweep';
import type { ReportProgress } from './reportProgress';

export interface FitOptions extends PointPlannerOptions {
  budgetBytes: number;
  /** Smallest value considered (default 1). */
  min?: number;
  /** Largest value considered (default 2^31 − 1). */
  max?: number;
  /** Values planned between the smallest and the answer to check monotonicity (default 32). */
  checkPoints?: number;
  onProgress?: (progress: ReportProgress) => void;
}

/** Runs the fit (see file comment). */
export function fitAnalysis(analysis: Analysis, options: FitOptions): FitResult {
  const min = options.min ?? 1;
  const max = options.max ?? MAX_DIM_VALUE;
  if (!(Number.isSafeInteger(min) && Number.isSafeInteger(max) && min >= 0 && max >= min)) throw new LensError('bad-argument', `Invalid range ${min}…${max}`);
  const budget = options.budgetBytes;
  const planner = new PointPlanner(analysis, options, min);
  const progress = (message: string): void => options.onProgress?.({ message, done: planner.planned, total: planner.planned + 1 });
  const base = {
    dim: planner.dim, budgetBytes: budget, bindings: planner.bindings, view: planner.view, session: planner.session,
    min, max, initializerBytes: planner.initializerBytes,
  };
  const unknown = (p: SweepPoint): FitResult => ({
    ...base, status: 'unknown', value: null, peakBytes: null, modeledPeakBytes: null, next: null, monotone: null, checkedValues: [],
    note: `Cannot fit: at ${planner.dim}=${p.value} ${p.peakBytes === null ? `the modeled peak is unavailable (${p.peakReason ?? 'no reason given'})` : 'an initializer size is unavailable'}`,
  });
  const fits = (p: SweepPoint): boolean => p.totalBytes! <= budget;
  const first = planner.at(min);
  if (first.totalBytes === null) return unknown(first);
  if (!fits(first)) {
    return {
      ...base, status: 'none-fits', value: null, peakBytes: null, modeledPeakBytes: null,
      next: { value: min, peakBytes: first.totalBytes, modeledPeakBytes: first.peakBytes! }, monotone: null, checkedValues: [min],
      note: `Even ${planner.dim}=${min} does not fit: its modeled peak plus initializers is ${formatBytesExact(first.totalBytes)}`,
    };
  }
  // Doubling: lo fits; hi (if any) does not.
  let lo = min;
  let hi: number | null = null;
  for (let v = Math.min(max, Math.max(min + 1, min * 2)); lo < max; v = Math.min(max, Math.max(v + 1, v * 2))) {
    progress(`Fitting ${planner.dim}: planning ${v}`);
    const p = planner.at(v);
    if (p.totalBytes === null) return unknown(p);
    if (!fits(p)) { hi = v; break; }
    lo = v;
  }
  // Bisection to neighbours.
  while (hi !== null && hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    progress(`Fitting ${planner.dim}: bisecting at ${mid}`);
    const p = planner.at(mid);
    if (p.totalBytes === null) return unknown(p);
    if (fits(p)) lo = mid;
    else hi = mid;
  }
  // The monotonicity check: a sample from min to the answer is planned too, then every value planned is compared with the next.
  const n = Math.max(2, options.checkPoints ?? 32);
  for (let i = 0; i < n; i++) {
    const v = Math.round(min + ((lo - min) * i) / (n - 1));
    progress(`Fitting ${planner.dim}: checking ${v}`);
    if (planner.at(v).totalBytes === null) return unknown(planner.at(v));
  }
  const planned = planner.plannedPoints();
  const answer = planner.at(lo);
  let fall: [SweepPoint, SweepPoint] | null = null;
  for (let i = 1; i < planned.length && fall === null; i++) if (planned[i]!.totalBytes! < planned[i - 1]!.totalBytes!) fall = [planned[i - 1]!, planned[i]!];
  const over = planned.find((p) => p.value < lo && !fits(p));
  const monotone = fall === null;
  const dim = planner.dim;
  let note: string;
  if (hi === null) note = `Every value up to ${dim}=${max} fits`;
  else note = `${dim}=${lo} fits and ${dim}=${hi} does not`;
  note += monotone
    ? `; the figure was non-decreasing at all ${planned.length} values planned from ${min} to ${hi ?? max}`
    : `; not monotone: it falls from ${formatBytesExact(fall![0].totalBytes!)} at ${dim}=${fall![0].value} to ${formatBytesExact(fall![1].totalBytes!)} at ${dim}=${fall![1].value}, so values above ${lo} may fit again` +
      (over ? ` (and ${dim}=${over.value}, below the answer, does not fit)` : '');
  const next = hi === null ? null : planner.at(hi);
  return {
    ...base,
    status: hi === null ? 'all-fit' : 'fits',
    value: lo,
    peakBytes: answer.totalBytes,
    modeledPeakBytes: answer.peakBytes,
    next: next === null ? null : { value: next.value, peakBytes: next.totalBytes!, modeledPeakBytes: next.peakBytes! },
    monotone,
    checkedValues: planned.map((p) => p.value),
    note,
  };
}
