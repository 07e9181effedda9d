/**
 * What the panel and the exports say about a graph's peak. Where some steps' live bytes are
 * unavailable, the modeled peak is unknown, but the known steps bound it from below: it is shown
 * as "≥ X (k steps unavailable)", never as X.
 */
import { formatBytesExact } from '../format';
import type { GraphTable } from '../graphTable';

/** A graph's peak as shown. */
export interface PeakSummary {
  /** The peak, or its lower bound; null when no step's live size is known. */
  bytes: number | null;
  step: number | null;
  /** True when `bytes` is only a lower bound (some steps are unavailable). */
  isLowerBound: boolean;
  /** Steps whose live bytes are unavailable. */
  unavailableSteps: number;
  /** E.g. "2.00 KiB (2,048 B) at step 5 · out (Identity)", "≥ 1.00 KiB (1,024 B) at step 0 · conv1 (Conv) (2 steps unavailable)", "unavailable (…)". */
  text: string;
}

/** The peak of `graph` as the card and the exports show it. */
export function peakSummary(graph: GraphTable): PeakSummary {
  const live = graph.steps.liveBytes;
  let unavailableSteps = 0;
  let best = -1;
  for (let i = 0; i < graph.stepCount; i++) {
    const b = live[i]!;
    if (Number.isNaN(b)) unavailableSteps++;
    else if (best < 0 || b > live[best]!) best = i;
  }
  const at = (s: number): string => `at step ${s} · ${graph.strings.at(graph.steps.displayName[s]!)} (${graph.strings.at(graph.steps.opType[s]!)})`;
  const peak = graph.peak;
  if (peak.bytes !== null && peak.step !== null && unavailableSteps === 0) {
    const inRange = peak.step >= 0 && peak.step < graph.stepCount;
    return { bytes: peak.bytes, step: peak.step, isLowerBound: false, unavailableSteps, text: `${formatBytesExact(peak.bytes)} ${inRange ? at(peak.step) : `at step ${peak.step}`}` };
  }
  if (peak.bytes !== null && graph.stepCount === 0) return { bytes: peak.bytes, step: peak.step, isLowerBound: false, unavailableSteps, text: formatBytesExact(peak.bytes) };
  if (best < 0) return { bytes: null, step: null, isLowerBound: false, unavailableSteps, text: `unavailable (${peak.reason ?? 'no step has a known live size'})` };
  const k = `${unavailableSteps} step${unavailableSteps === 1 ? '' : 's'} unavailable`;
  return { bytes: live[best]!, step: best, isLowerBound: true, unavailableSteps, text: `≥ ${formatBytesExact(live[best]!)} ${at(best)} (${k})` };
}
