/**
 * Which buffers are live at a step, the one rule behind the peak card, the CLI summary's top
 * contributors and the budget warning's. Pure: the webview runs it too.
 */
import type { ReportGraph, ReportValue } from './report';

/** The fields of a value that liveBuffersAt reads. */
export type LiveBufferValue = Pick<ReportValue, 'name' | 'root' | 'allocKind' | 'producedAt' | 'releasedAfter' | 'bytes' | 'unavailableReason'>;

/** What liveBuffersAt reads of a graph: a ReportGraph, or the same fields of a plan (a sweep point). */
export interface LiveBufferGraph {
  steps: { readonly length: number };
  values: readonly LiveBufferValue[];
}

/** A buffer live at a step: its root, the values sharing it that are live then, and its size. */
export interface LiveBuffer {
  root: string;
  values: string[];
  bytes: number | null;
  reason: string | null;
  /** True for a graph output's buffer (AllocateOutput root): ORT allocates it outside the memory pattern. */
  isGraphOutput: boolean;
}

/** Root kinds whose bytes make up a step's live bytes (Allocate and AllocateOutput roots). */
const RUN_BUFFER_KINDS: ReadonlySet<string> = new Set(['Allocate', 'AllocateOutput']);

/** Half-open step interval [start, end) of a value in a graph with `stepCount` steps. */
export function valueInterval(value: Pick<ReportValue, 'producedAt' | 'releasedAfter'>, stepCount: number): [number, number] {
  const start = Math.max(0, value.producedAt);
  const last = value.releasedAfter === null ? stepCount - 1 : value.releasedAfter;
  return [start, Math.max(start + 1, Math.min(stepCount, last + 1))];
}

/**
 * Buffers live at `step` that make up its modeled live bytes, largest first, unknown sizes last.
 * A buffer counts once however many values share it. Initializers, graph inputs and outer-scope
 * values are live too but are not part of the Run figure, so they are left out rather than mixed in.
 */
export function liveBuffersAt(graph: LiveBufferGraph | ReportGraph, step: number): LiveBuffer[] {
  const n = graph.steps.length;
  const rootKind = new Map<string, string>();
  for (const v of graph.values) if (v.root === v.name) rootKind.set(v.name, v.allocKind);
  const byRoot = new Map<string, LiveBuffer>();
  for (const v of graph.values) {
    const kind = rootKind.get(v.root) ?? v.allocKind;
    if (!RUN_BUFFER_KINDS.has(kind)) continue;
    const [s, e] = valueInterval(v, n);
    if (!(s <= step && step < e)) continue;
    let b = byRoot.get(v.root);
    if (!b) byRoot.set(v.root, (b = { root: v.root, values: [], bytes: 0, reason: null, isGraphOutput: kind === 'AllocateOutput' }));
    b.values.push(v.name);
    if (v.bytes === null) { b.bytes = null; b.reason = v.unavailableReason; }
    else if (b.bytes !== null) b.bytes = Math.max(b.bytes, v.bytes);
  }
  return [...byRoot.values()].sort((a, b) => (a.bytes === null ? 1 : 0) - (b.bytes === null ? 1 : 0) || (b.bytes ?? 0) - (a.bytes ?? 0));
}

/**
 * The buffers that make up a graph's peak, largest first: in the parallel view the ones the peak
 * names (`peak.values`, alive together at the worst moment, which no single step's intervals show);
 * otherwise those live at the peak step (liveBuffersAt). [] when the peak has no step.
 */
export function peakBuffers(graph: LiveBufferGraph | ReportGraph, peak: { step: number | null; values?: readonly string[] }): LiveBuffer[] {
  if (peak.values === undefined) return peak.step === null ? [] : liveBuffersAt(graph, peak.step);
  const byRoot = new Map<string, LiveBuffer>();
  for (const name of peak.values) byRoot.set(name, { root: name, values: [], bytes: null, reason: null, isGraphOutput: false });
  for (const v of graph.values) {
    const b = byRoot.get(v.root);
    if (!b) continue;
    b.values.push(v.name);
    if (v.name === v.root) {
      b.bytes = v.bytes;
      b.reason = v.unavailableReason;
      b.isGraphOutput = v.allocKind === 'AllocateOutput';
    }
  }
  return [...byRoot.values()];
}

/**
 * The largest known live-bytes figure over the steps: the peak itself when every step's size is
 * known, a lower bound on it when some are unavailable (the "max-live lower bound" of the panel);
 * null when no step has a known size.
 */
export function maxKnownLiveBytes(liveBytes: readonly (number | null)[]): number | null {
  let max: number | null = null;
  // Indexed: a for-of made an iterator result per step in the unoptimized first call (200k steps).
  for (let i = 0; i < liveBytes.length; i++) {
    const b = liveBytes[i]!;
    if (b !== null && !Number.isNaN(b) && (max === null || b > max)) max = b;
  }
  return max;
}
