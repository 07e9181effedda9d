/**
 * ORT's GenerateDeallocationPlan for a single stream (ort-planner.md §3): walking the order from
 * the back, each input or implicit input's root (`reused_buffer`) is released after the first
 * node met, i.e. the last consumer in execution order of any value sharing that buffer. Only
 * roots planned Allocate or AllocatedExternally are ever released during a run.
 */
import type { ExecGraph } from './execGraph';
import type { AllocationPlan } from './allocationPlan';
import { KIND_ALLOCATE, KIND_EXTERNAL } from './valuePlan';

/**
 * Root value → the step after whose compute ORT releases it; roots absent are held to the end of
 * Run(). Kept by ortIndex in one Int32Array (`at`, -1: not released), read by name through the
 * plan's `byName`: a Map of every root was 200k string-keyed entries, each a cache miss to fill.
 */
export class ReleasePlan {
  constructor(
    private readonly plan: AllocationPlan,
    /** By ortIndex of a root: the step after which it is released, -1 when it is held to the end. */
    readonly at: Int32Array,
  ) {}

  /** The release step of root `name`, undefined when it is held to the end (or not a root). */
  get(name: string): number | undefined {
    const i = this.plan.indexOf(name);
    if (i < 0) return undefined;
    const s = this.at[i]!;
    return s >= 0 ? s : undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}

/** The release plan of `plan` over `order` (see file comment). */
export function computeReleasePlan(exec: ExecGraph, order: number[], plan: AllocationPlan): ReleasePlan {
  const at = new Int32Array(plan.count).fill(-1);
  const { slots, slotStart, rootOf, kind } = plan;
  for (let step = order.length - 1; step >= 0; step--) {
    const n = exec.nodes[order[step]!]!;
    const first = slotStart[n.index]!;
    const reads = n.inputs.length + n.implicitInputs.length;
    for (let s = first; s < first + reads; s++) {
      const v = slots[s]!;
      if (v < 0) continue;
      const root = rootOf[v]!;
      if (kind[root] !== KIND_ALLOCATE && kind[root] !== KIND_EXTERNAL) continue;
      if (at[root] === -1) at[root] = step;
    }
  }
  return new ReleasePlan(plan, at);
}
