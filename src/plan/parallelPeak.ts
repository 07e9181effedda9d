/**
 * The Parallel view's curve and peak (README, "The parallel view"). ORT's parallel executor shares
 * no buffer, so each Allocate or AllocateOutput root of the parallel plan is one buffer, freed when
 * the last node reading any value sharing it ends (held to the end when the release plan never
 * frees it: graph outputs, values nobody reads).
 *
 * - `peak`: the exact maximum over every moment of every schedule the dependencies allow
 *   (parallelCut.ts), with the buffers alive together then (`values`, whose bytes sum to `bytes`)
 *   and the nodes running then (`running`). When the search budget runs out on a huge graph,
 *   `exact` is false, `bytes` is the worst moment found and `upperBoundBytes` bounds the maximum.
 * - `liveBytes`: one of those schedules, step by step: the nodes one at a time in ORT's order,
 *   without sharing (each value of the plan freed after its root's last reader). Every point is a
 *   moment of a parallel run, so the curve never exceeds the peak; it matches the Gantt's bars.
 *
 * The problem's structure (arcs, buffers, maximal readers, the flow network) reads no bound dim,
 * so it is built once per static plan and reused by every binding of a sweep.
 */
import type { AllocationPlan } from './allocationPlan';
import type { ReleasePlan } from './releasePlan';
import type { ParallelPeakFields } from './planTypes';
import { ParallelCutModel, type CutBuffer } from './parallelCut';
import { computeLiveBytes, type LiveCurve, type SizeWithReason } from './peakMemory';
import { elementRowName, type ElementChunk } from './sequenceElements';

/** The peak of the Parallel view: LiveCurve's peak plus the worst moment (planTypes.ts). */
export interface ParallelPeak extends ParallelPeakFields {
  bytes: number | null;
  step: number | null;
  reason: string | null;
}

/** What the cut needs of a static plan. */
export interface ParallelPlanInput {
  order: number[];
  allocation: AllocationPlan;
  release: ReleasePlan;
}

interface Prepared {
  model: ParallelCutModel;
  roots: string[];
  /** The problem the model was made of, for a model with extra buffers (extendedModel). */
  problem: { nodeCount: number; from: number[]; to: number[]; buffers: CutBuffer[] };
}

/**
 * A buffer the plan's values do not own: a sequence's element tensor (sequenceElements.ts), made by
 * step `producer` and freed when the last of the sequences holding it is: after the last of `users`
 * (their producers and readers) ends, or never when one is held to the end.
 */
export interface ExtraBuffer extends CutBuffer {
  name: string;
  bytes: number;
}

const prepared = new WeakMap<AllocationPlan, Prepared>();

/** The cut problem of a plan: one buffer per counted root, arcs from each producer step to its readers. */
function prepare(plan: ParallelPlanInput, isCallerProvided: (ortIndex: number) => boolean): Prepared {
  const known = prepared.get(plan.allocation);
  if (known) return known;
  const from: number[] = [];
  const to: number[] = [];
  const a = plan.allocation;
  const { producedAt, rootOf, consumerStart, consumerSteps } = a;
  // Readers of every value sharing each root, by the root's ortIndex, in value order.
  const usersOf: (number[] | undefined)[] = new Array(a.count);
  for (let i = 0; i < a.count; i++) {
    const p = producedAt[i]!;
    const first = consumerStart[i]!;
    const end = consumerStart[i + 1]!;
    if (p >= 0) {
      for (let s = first; s < end; s++) {
        const c = consumerSteps[s]!;
        if (c > p) {
          from.push(p);
          to.push(c);
        }
      }
    }
    const root = rootOf[i]!;
    const users = (usersOf[root] ??= []);
    for (let s = first; s < end; s++) users.push(consumerSteps[s]!);
  }
  const roots: string[] = [];
  const buffers: CutBuffer[] = [];
  for (let i = 0; i < a.count; i++) {
    if (!a.ownsProducedBuffer(i) || isCallerProvided(i)) continue;
    roots.push(a.table.names[i]!);
    buffers.push({ producer: producedAt[i]!, users: usersOf[i] ?? [], heldToEnd: plan.release.at[i]! < 0 });
  }
  const problem = { nodeCount: plan.order.length, from, to, buffers };
  const p: Prepared = { model: new ParallelCutModel(problem), roots, problem };
  prepared.set(plan.allocation, p);
  return p;
}

/** The worst moment of a parallel run of `plan` with sizes `bytesOf`, and `extra` buffers beside the plan's. */
export function computeParallelPeak(plan: ParallelPlanInput, bytesOf: (name: string) => SizeWithReason, isCallerProvided: (ortIndex: number) => boolean = () => false, extra: readonly ExtraBuffer[] = []): ParallelPeak {
  const known = prepare(plan, isCallerProvided);
  // Extra buffers depend on the binding (how many elements, which sequences hold them): a model of their own, not cached.
  const model = extra.length === 0 ? known.model : new ParallelCutModel({ ...known.problem, buffers: [...known.problem.buffers, ...extra] });
  const roots = extra.length === 0 ? known.roots : [...known.roots, ...extra.map((b) => b.name)];
  const bytes = new Float64Array(roots.length);
  for (let i = known.roots.length; i < roots.length; i++) bytes[i] = extra[i - known.roots.length]!.bytes;
  for (let i = 0; i < known.roots.length; i++) {
    const size = bytesOf(roots[i]!);
    // Every buffer is alive at some moment (its producer running), so one unknown size leaves the maximum unknown.
    if (size.bytes === null) return { bytes: null, step: null, reason: `size of '${roots[i]}' unknown: ${size.reason ?? 'no reason given'}`, values: [], running: [], exact: false, upperBoundBytes: null };
    bytes[i] = size.bytes;
  }
  if (plan.order.length === 0) return { bytes: 0, step: null, reason: null, values: [], running: [], exact: true, upperBoundBytes: 0 };
  const cut = model.solve(bytes);
  let step = 0;
  for (let k = 0; k < cut.started.length; k++) if (cut.started[k]) step = k;
  const alive = [...cut.alive].sort((a, b) => bytes[b]! - bytes[a]! || a - b);
  return {
    bytes: cut.bytes,
    step,
    reason: null,
    values: alive.map((i) => roots[i]!),
    running: cut.running,
    exact: cut.exact,
    upperBoundBytes: cut.upperBoundBytes,
  };
}

/**
 * The Parallel view's curve (the sequential order without sharing) and its exact peak; `sizeAt`:
 * the values' sizes by ortIndex when the caller has them (bytesOf by name otherwise).
 */
export function computeParallelCurve(
  plan: ParallelPlanInput,
  bytesOf: (name: string) => SizeWithReason,
  isCallerProvided: (ortIndex: number) => boolean = () => false,
  sizeAt: (ortIndex: number) => SizeWithReason = (i) => bytesOf(plan.allocation.table.names[i]!),
  chunks: readonly ElementChunk[] = [],
): LiveCurve & { peak: ParallelPeak } {
  const curve = computeLiveBytes(plan.allocation, plan.release, plan.order.length, sizeAt, isCallerProvided, chunks);
  return { liveBytes: curve.liveBytes, liveReason: curve.liveReason, peak: computeParallelPeak(plan, bytesOf, isCallerProvided, elementBuffers(plan, chunks)) };
}

/** Each element tensor as a buffer of the cut: alive from its step until every sequence holding it is freed. */
function elementBuffers(plan: ParallelPlanInput, chunks: readonly ElementChunk[]): ExtraBuffer[] {
  const a = plan.allocation;
  return chunks.map((c) => {
    const users = [c.at];
    for (const h of c.holders) {
      if (a.producedAt[h]! >= 0) users.push(a.producedAt[h]!);
      for (let s = a.consumerStart[h]!; s < a.consumerStart[h + 1]!; s++) users.push(a.consumerSteps[s]!);
    }
    return { name: elementRowName(a.table.names[c.sequence]!, c.position), bytes: c.bytes, producer: c.at, users, heldToEnd: c.freedAfter < 0 };
  });
}
