/**
 * Live requested bytes after each step (what ORT's arena reports as requested-in-use after a
 * kernel's Compute and before its releases, minus its constant baseline): the own bytes of every
 * Allocate or AllocateOutput root produced at or before the step and not released after an
 * earlier step. A root is allocated lazily by its first producer. Intervals that are no value's
 * own buffer (the element tensors of sequences, src/plan/sequenceElements.ts) are added as given.
 * Linear in values + steps.
 */
import type { AllocationPlan } from './allocationPlan';
import type { ReleasePlan } from './releasePlan';
import type { ParallelPeakFields } from './planTypes';
import { appendAt } from './appendAt';

/** A byte count, or null with the reason it is unknown. */
export interface SizeWithReason {
  bytes: number | null;
  reason: string | null;
}

/** The live-bytes curve and its peak. */
export interface LiveCurve {
  liveBytes: (number | null)[];
  liveReason: (string | null)[];
  /** The parallel view's peak also names its worst moment (ParallelPeakFields). */
  peak: { bytes: number | null; step: number | null; reason: string | null } & Partial<ParallelPeakFields>;
}

/** Bytes live from step `at` through step `freedAfter` (-1: to the end). */
export interface ExtraInterval {
  bytes: number;
  at: number;
  freedAfter: number;
}

/** Computes live bytes per step for `stepCount` steps; `sizeAt` gives each value's own bytes by ortIndex. */
export function computeLiveBytes(
  plan: AllocationPlan,
  release: ReleasePlan,
  stepCount: number,
  sizeAt: (ortIndex: number) => SizeWithReason,
  isCallerProvided: (ortIndex: number) => boolean = () => false,
  extra: readonly ExtraInterval[] = [],
): LiveCurve {
  const delta = new Float64Array(stepCount + 1);
  for (const e of extra) {
    delta[e.at]! += e.bytes;
    delta[(e.freedAfter >= 0 ? e.freedAfter : stepCount - 1) + 1]! -= e.bytes;
  }
  // Per-step lists of unknown-size roots, made only at steps that have one (usually none at all):
  // two empty arrays per step were 400k arrays at 200k steps. The two tables themselves are made on
  // the first unknown size (at 200k steps each was an array in large-object space).
  let starts: (string[] | undefined)[] | null = null;
  let ends: (string[] | undefined)[] | null = null;
  const unknownReason = new Map<string, string>();
  const names = plan.table.names;
  for (let i = 0; i < plan.count; i++) {
    if (!plan.ownsProducedBuffer(i) || isCallerProvided(i)) continue;
    const at = plan.producedAt[i]!;
    const r = release.at[i]!;
    const end = r >= 0 ? r : stepCount - 1;
    const size = sizeAt(i);
    if (size.bytes === null) {
      const name = names[i]!;
      unknownReason.set(name, `size of '${name}' unknown: ${size.reason ?? 'no reason given'}`);
      appendAt((starts ??= new Array(stepCount)), at, name);
      appendAt((ends ??= new Array(stepCount)), end, name);
      continue;
    }
    delta[at]! += size.bytes;
    delta[end + 1]! -= size.bytes;
  }
  // Made at their length: grown by push, a 200k-step curve was seven arrays each in large-object space.
  const liveBytes = new Array<number | null>(stepCount);
  const liveReason = new Array<string | null>(stepCount);
  const activeUnknown = new Set<string>();
  let running = 0;
  for (let k = 0; k < stepCount; k++) {
    running += delta[k]!;
    const started = starts?.[k];
    if (started) for (const name of started) activeUnknown.add(name);
    if (activeUnknown.size > 0) {
      liveBytes[k] = null;
      liveReason[k] = unknownReason.get(activeUnknown.values().next().value as string)!;
    } else {
      liveBytes[k] = running;
      liveReason[k] = null;
    }
    const ended = ends?.[k];
    if (ended) for (const name of ended) activeUnknown.delete(name);
  }
  const firstNull = liveBytes.indexOf(null);
  if (firstNull >= 0) return { liveBytes, liveReason, peak: { bytes: null, step: null, reason: `step ${firstNull}: ${liveReason[firstNull]}` } };
  let peakStep: number | null = null;
  for (let k = 0; k < stepCount; k++) if (peakStep === null || liveBytes[k]! > liveBytes[peakStep]!) peakStep = k;
  return { liveBytes, liveReason, peak: { bytes: peakStep === null ? 0 : liveBytes[peakStep]!, step: peakStep, reason: null } };
}
