/**
 * The answers a sweep gives (the contract, plus the pure rules CLI, host and webview share): the
 * modeled peak of the main graph as one symbolic dim runs over a range, where the peak step or the
 * top contributor changes (knees), and per run of points with one peak step the polynomial the
 * peak follows there, when the planner's sizes are polynomials in the dim. Planned in src/analyze/sweep.ts.
 */
import type { PlanView, ReportSession, WorkspaceState } from './report';

/** The largest buffer live at the peak step. */
export interface SweepContributor {
  name: string;
  bytes: number;
}

/** One planned value of the dim: every number is modeled for that binding, as its own report would show it. */
export interface SweepPoint {
  value: number;
  /** The main graph's modeled peak (the report's `graphs[0].peak.bytes`), null when a size is unavailable. */
  peakBytes: number | null;
  peakStep: number | null;
  /** Why the peak is unavailable (null when known). */
  peakReason: string | null;
  /** Display name of the node at the peak step. */
  peakNode: string | null;
  /** Live requested bytes after the peak step (equal to the peak in both views, kept so scripts need not know). */
  liveBytesAtPeak: number | null;
  /** The peak step's L2 workspace (its own lane, never added into the peak). */
  workspaceBytesAtPeak: number | null;
  workspaceState: WorkspaceState | null;
  workspaceReason: string | null;
  /** Initializer payload bytes as stored (the budget rule's figure, src/report/budget.ts). */
  initializerBytes: number | null;
  /** peakBytes + initializerBytes: what a budget is checked against. */
  totalBytes: number | null;
  topContributor: SweepContributor | null;
}

/** Between two neighbouring points the peak moved to another step or another buffer became the largest. */
export interface SweepKnee {
  /** Index in `points` of the first point after the change. */
  index: number;
  fromValue: number;
  toValue: number;
  peakStepChanged: boolean;
  topContributorChanged: boolean;
  fromPeakStep: number | null;
  toPeakStep: number | null;
  fromTopContributor: string | null;
  toTopContributor: string | null;
  /**
   * Neighbouring values between which the change happens, found by bisection on planned values
   * (`[lastSame, firstChanged]`, lastSame + 1 = firstChanged); null when not refined.
   */
  exact: [number, number] | null;
}

/**
 * A run of consecutive points with the same known peak step. `coefficients` (lowest degree first)
 * give the live bytes of that step as a polynomial in the dim, derived from the symbolic shapes
 * and checked against the plan at every point of the run; null with `reason` when there is none.
 */
export interface SweepSegment {
  fromValue: number;
  toValue: number;
  peakStep: number;
  coefficients: number[] | null;
  /** The polynomial written out, e.g. `4096*sequence^2 + 8192*sequence + 256` (bytes). */
  polynomial: string | null;
  reason: string | null;
}

export interface SweepResult {
  dim: string;
  /** The other bindings, fixed for every point. */
  bindings: Record<string, number>;
  view: PlanView;
  session: ReportSession;
  points: SweepPoint[];
  knees: SweepKnee[];
  segments: SweepSegment[];
}

/** Values from `from` to `to`: `points` evenly spaced (geometrically with `log`), or every `step`; whole numbers, ascending, no repeats. */
export function sweepValues(from: number, to: number, spec: { points?: number; step?: number; log?: boolean }): number[] {
  if (!(Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 0 && to >= from)) throw new RangeError(`Invalid range ${from}…${to}`);
  const out: number[] = [];
  if (spec.step !== undefined) {
    if (!(Number.isSafeInteger(spec.step) && spec.step >= 1)) throw new RangeError(`Invalid step ${spec.step}`);
    for (let v = from; v <= to; v += spec.step) out.push(v);
    if (out[out.length - 1] !== to) out.push(to);
    return out;
  }
  const n = Math.max(1, spec.points ?? 16);
  if (n === 1 || from === to) return [from];
  const log = spec.log === true && from >= 1;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const v = log ? Math.round(from * Math.pow(to / from, t)) : Math.round(from + (to - from) * t);
    if (out.length === 0 || v > out[out.length - 1]!) out.push(v);
  }
  return out;
}

/** The knees of `points` (ascending values): each neighbour pair whose peak step or top contributor differ. */
export function findKnees(points: readonly SweepPoint[]): SweepKnee[] {
  const out: SweepKnee[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const peakStepChanged = a.peakStep !== b.peakStep;
    const topContributorChanged = (a.topContributor?.name ?? null) !== (b.topContributor?.name ?? null);
    if (!peakStepChanged && !topContributorChanged) continue;
    out.push({
      index: i, fromValue: a.value, toValue: b.value, peakStepChanged, topContributorChanged,
      fromPeakStep: a.peakStep, toPeakStep: b.peakStep,
      fromTopContributor: a.topContributor?.name ?? null, toTopContributor: b.topContributor?.name ?? null,
      exact: b.value === a.value + 1 ? [a.value, b.value] : null,
    });
  }
  return out;
}

/** p(x) for coefficients lowest degree first; null past 2^53 (no longer exact). */
export function evaluatePolynomial(coefficients: readonly number[], x: number): number | null {
  let acc = 0;
  for (let k = coefficients.length - 1; k >= 0; k--) acc = acc * x + coefficients[k]!;
  return Number.isSafeInteger(acc) ? acc : null;
}

/** `4096*sequence^2 + 8192*sequence + 256` for [256, 8192, 4096]; `0` for no terms. */
export function formatPolynomial(coefficients: readonly number[], dim: string): string {
  const terms: string[] = [];
  for (let k = coefficients.length - 1; k >= 0; k--) {
    const c = coefficients[k]!;
    if (c === 0) continue;
    const power = k === 0 ? '' : k === 1 ? dim : `${dim}^${k}`;
    const mag = Math.abs(c);
    const body = k === 0 ? String(mag) : mag === 1 ? power : `${mag}*${power}`;
    terms.push(terms.length === 0 ? (c < 0 ? `-${body}` : body) : `${c < 0 ? '-' : '+'} ${body}`);
  }
  return terms.length === 0 ? '0' : terms.join(' ');
}

/** An interpolated peak between planned points: from the segment's polynomial, so it assumes the peak stays at that segment's step. */
export interface InterpolatedPeak {
  value: number;
  peakBytes: number;
  peakStep: number;
  interpolated: true;
}

/**
 * The peak at `x` from the polynomial of the segment that spans it, marked as interpolated; null
 * when no segment with a polynomial spans `x`. A planned point returns its planned peak instead.
 */
export function interpolatePeak(result: Pick<SweepResult, 'points' | 'segments'>, x: number): SweepPoint | InterpolatedPeak | null {
  const planned = result.points.find((p) => p.value === x);
  if (planned) return planned;
  const seg = result.segments.find((s) => s.coefficients !== null && s.fromValue <= x && x <= s.toValue);
  if (!seg) return null;
  const bytes = evaluatePolynomial(seg.coefficients!, x);
  return bytes === null ? null : { value: x, peakBytes: bytes, peakStep: seg.peakStep, interpolated: true };
}

/** The JSON a script reads (`sweep --json`): the fields, then the rest. */
export function sweepJson(result: SweepResult): object {
  return {
    dim: result.dim,
    bindings: result.bindings,
    view: result.view,
    session: result.session,
    points: result.points,
    knees: result.knees,
    segments: result.segments,
  };
}
