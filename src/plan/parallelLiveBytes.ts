/**
 * Live bytes for the Parallel view (README, "The parallel bound"): no value shares a buffer, and a value may be live
 * from the earliest position its producer can run to the latest position its last consumer can
 * finish over all valid schedules (conservative windows from parallelBounds). The result is an
 * upper bound of the requested bytes at each position, not an ORT measurement.
 */
import type { AllocationPlan } from './allocationPlan';
import { computeScheduleWindows } from './parallelBounds';
import type { LiveCurve, SizeWithReason } from './peakMemory';

/** Upper-bound live bytes per position under parallel execution. */
export function computeParallelLiveBytes(order: number[], plan: AllocationPlan, bytesOf: (name: string) => SizeWithReason): LiveCurve {
  const n = order.length;
  const successors: number[][] = order.map(() => []);
  for (const v of plan.values) {
    if (v.producedAt < 0) continue;
    for (const c of v.consumers) if (c > v.producedAt) successors[v.producedAt]!.push(c);
  }
  const windows = computeScheduleWindows(successors.map((s) => ({ successors: s })));
  const delta = new Array<number>(n + 1).fill(0);
  const unknownDelta = new Array<number>(n + 1).fill(0);
  let firstUnknown: string | null = null;
  for (const v of plan.values) {
    if (v.root !== v.name || (v.allocKind !== 'Allocate' && v.allocKind !== 'AllocateOutput') || v.producedAt < 0) continue;
    const start = windows.earliest[v.producedAt]!;
    let end = windows.latest[v.producedAt]!;
    for (const c of v.consumers) end = Math.max(end, windows.latest[c]!);
    if (v.allocKind === 'AllocateOutput' || v.consumers.length === 0) end = n - 1;
    const size = bytesOf(v.name);
    if (size.bytes === null) {
      firstUnknown ??= `size of '${v.name}' unknown: ${size.reason ?? 'no reason given'}`;
      unknownDelta[start]!++;
      unknownDelta[end + 1]!--;
      continue;
    }
    delta[start]! += size.bytes;
    delta[end + 1]! -= size.bytes;
  }
  const liveBytes: (number | null)[] = [];
  const liveReason: (string | null)[] = [];
  let running = 0;
  let unknown = 0;
  let peakStep: number | null = null;
  let anyNull = false;
  for (let k = 0; k < n; k++) {
    running += delta[k]!;
    unknown += unknownDelta[k]!;
    if (unknown > 0) {
      anyNull = true;
      liveBytes.push(null);
      liveReason.push(firstUnknown);
    } else {
      liveBytes.push(running);
      liveReason.push(null);
      if (peakStep === null || running > (liveBytes[peakStep] as number)) peakStep = k;
    }
  }
  if (anyNull) return { liveBytes, liveReason, peak: { bytes: null, step: null, reason: firstUnknown } };
  return { liveBytes, liveReason, peak: { bytes: peakStep === null ? 0 : (liveBytes[peakStep] as number), step: peakStep, reason: null } };
}
