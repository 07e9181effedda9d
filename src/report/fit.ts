/**
 * The answer of a fit (src/analyze/fit.ts): the largest value of one dim whose modeled peak plus
 * initializer bytes stays within a budget, the figure there and at the next value planned above it,
 * and whether the figure was non-decreasing at every value planned.
 */
import type { PlanView, ReportSession } from './report';

/** The largest value a bound dim takes in the panel and the CLI (2^31 − 1). */
export const MAX_DIM_VALUE = 2 ** 31 - 1;

export interface FitResult {
  dim: string;
  budgetBytes: number;
  bindings: Record<string, number>;
  view: PlanView;
  session: ReportSession;
  min: number;
  max: number;
  /** fits: `value` fits and `next.value` does not; all-fit: every value up to `max` fits; none-fits: not even `min`; unknown: a size is unavailable. */
  status: 'fits' | 'all-fit' | 'none-fits' | 'unknown';
  /** The largest value found that fits, null when none does or it cannot be told. */
  value: number | null;
  /** Modeled peak + initializer bytes at `value` (what the budget is checked against). */
  peakBytes: number | null;
  /** The modeled peak alone at `value`. */
  modeledPeakBytes: number | null;
  initializerBytes: number | null;
  /** The smallest value planned that does not fit (value + 1 when the figure is monotone), with its figures. */
  next: { value: number; peakBytes: number; modeledPeakBytes: number } | null;
  /** True when the figure was non-decreasing at every value planned, false when it fell somewhere; null when not checked. */
  monotone: boolean | null;
  /** Every value planned for the answer, ascending. */
  checkedValues: number[];
  /** One sentence saying what was found and how far it was checked. */
  note: string;
}
