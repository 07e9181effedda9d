/**
 * ORT's GenerateDeallocationPlan for a single stream (ort-planner.md §3): walking the order from
 * the back, each input or implicit input's root (`reused_buffer`) is released after the first
 * node met, i.e. the last consumer in execution order of any value sharing that buffer. Only
 * roots planned Allocate or AllocatedExternally are ever released during a run.
 */
import type { ExecGraph } from './execGraph';
import type { AllocationPlan } from './allocationPlan';

/** Root value name → the step after whose compute ORT releases it. Roots absent are held to the end of Run(). */
export function computeReleasePlan(exec: ExecGraph, order: number[], plan: AllocationPlan): Map<string, number> {
  const release = new Map<string, number>();
  for (let step = order.length - 1; step >= 0; step--) {
    const n = exec.nodes[order[step]!]!;
    releaseRoots(n.inputs, step, plan, release);
    releaseRoots(n.implicitInputs, step, plan, release);
  }
  return release;
}

/** Releases after `step` the releasable roots of `names` not yet released by a later step. */
function releaseRoots(names: string[], step: number, plan: AllocationPlan, release: Map<string, number>): void {
  for (const name of names) {
    if (name === '') continue;
    const origin = plan.byName.get(plan.byName.get(name)!.root)!;
    if (origin.allocKind !== 'Allocate' && origin.allocKind !== 'AllocatedExternally') continue;
    if (!release.has(origin.name)) release.set(origin.name, step);
  }
}
