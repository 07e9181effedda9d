/**
 * Per-value lifetimes from the allocation and release plans. A buffer is held from its root's
 * producer to the release of the root; values sharing a root share its release step.
 */
import type { AllocationPlan } from './allocationPlan';

/** When a value's buffer goes away and when the value is last read. */
export interface Lifetime {
  /** Step after which the value's buffer is released, or null when held to the end of Run(). */
  releasedAfter: number | null;
  /** Last step reading the value, or -1 when nothing reads it. */
  lastUsedAt: number;
}

/** Lifetimes of every value of `plan`, keyed by value name. */
export function computeLifetimes(plan: AllocationPlan, release: Map<string, number>): Map<string, Lifetime> {
  const out = new Map<string, Lifetime>();
  for (const v of plan.values) {
    out.set(v.name, {
      releasedAfter: release.get(v.root) ?? null,
      lastUsedAt: v.consumers.length > 0 ? v.consumers[v.consumers.length - 1]! : -1,
    });
  }
  return out;
}
