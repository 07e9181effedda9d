/**
 * Per-value lifetimes from the allocation and release plans. A buffer is held from its root's
 * producer to the release of the root; values sharing a root share its release step.
 */
import type { AllocationPlan } from './allocationPlan';
import type { ReleasePlan } from './releasePlan';

/** When a value's buffer goes away and when the value is last read. */
export interface Lifetime {
  /** Step after which the value's buffer is released, or null when held to the end of Run(). */
  releasedAfter: number | null;
  /** Last step reading the value, or -1 when nothing reads it. */
  lastUsedAt: number;
}

/**
 * Lifetimes of every value of a plan, read by name or by ortIndex and derived when asked (an
 * object per value in a Map was 200k of each at 200k nodes, for fields the plan already holds).
 */
export class Lifetimes {
  constructor(
    private readonly plan: AllocationPlan,
    private readonly release: ReleasePlan,
  ) {}

  /** The lifetime of the value at `ortIndex`. */
  at(ortIndex: number): Lifetime {
    const s = this.release.at[this.plan.rootOf[ortIndex]!]!;
    return { releasedAfter: s >= 0 ? s : null, lastUsedAt: this.plan.lastConsumer(ortIndex) };
  }

  /** The lifetime of value `name`, undefined when the plan has no such value. */
  get(name: string): Lifetime | undefined {
    const i = this.plan.indexOf(name);
    return i >= 0 ? this.at(i) : undefined;
  }
}

/** Lifetimes of every value of `plan` (see Lifetimes). */
export function computeLifetimes(plan: AllocationPlan, release: ReleasePlan): Lifetimes {
  return new Lifetimes(plan, release);
}
