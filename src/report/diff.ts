/**
 * Two reports compared (`diff A B`, the panel's "Compare memory reports"): the main graphs' modeled
 * peaks and initializer bytes, and every buffer matched by value name: new, gone, grew, shrank, or
 * unknown when either size is unavailable. Pure: works on Reports alone.
 */
import { initializerBytes } from './budget';
import type { Report, ReportGraph } from './report';

export type BufferChange = 'new' | 'gone' | 'grew' | 'shrank' | 'same' | 'unknown';

/** One buffer (an Allocate/AllocateOutput root or an initializer) in A, B or both. */
export interface BufferDelta {
  name: string;
  /** 'initializer' or 'run' (a buffer the Run figure counts). */
  kind: 'initializer' | 'run';
  aBytes: number | null;
  bBytes: number | null;
  /** bBytes − aBytes when both are known (a gone buffer counts −aBytes, a new one +bBytes). */
  deltaBytes: number | null;
  change: BufferChange;
}

/** One side of a comparison. */
export interface DiffSide {
  path: string;
  peakBytes: number | null;
  peakStep: number | null;
  peakReason: string | null;
  initializerBytes: number | null;
  steps: number;
  /** Live bytes after each step of the main graph. */
  liveBytes: (number | null)[];
}

export interface ReportDiff {
  a: DiffSide;
  b: DiffSide;
  /** b.peakBytes − a.peakBytes, null when either is unavailable. */
  peakDeltaBytes: number | null;
  initializerDeltaBytes: number | null;
  /** 'step' when both main graphs run the same ops in the same order, else 'fraction' (of the run). */
  alignment: 'step' | 'fraction';
  /** Changed and unknown buffers, largest change first (same-size ones are only counted). */
  buffers: BufferDelta[];
  sameBuffers: number;
}

function side(report: Report): DiffSide {
  const g = report.graphs[0]!;
  return {
    path: report.model.path,
    peakBytes: g.peak.bytes,
    peakStep: g.peak.step,
    peakReason: g.peak.reason,
    initializerBytes: initializerBytes(g),
    steps: g.steps.length,
    liveBytes: g.steps.map((s) => s.liveBytes),
  };
}

/** Buffers of a graph by value name: Run buffers (Allocate/AllocateOutput roots) and initializers. */
function buffersOf(g: ReportGraph): Map<string, { kind: BufferDelta['kind']; bytes: number | null }> {
  const out = new Map<string, { kind: BufferDelta['kind']; bytes: number | null }>();
  for (const v of g.values) {
    if (v.isInitializer) out.set(v.name, { kind: 'initializer', bytes: v.bytes });
    else if (v.root === v.name && (v.allocKind === 'Allocate' || v.allocKind === 'AllocateOutput') && !v.providedByParent) out.set(v.name, { kind: 'run', bytes: v.bytes });
  }
  return out;
}

function sameRun(a: ReportGraph, b: ReportGraph): boolean {
  if (a.steps.length !== b.steps.length) return false;
  return a.steps.every((s, i) => s.opType === b.steps[i]!.opType && s.domain === b.steps[i]!.domain);
}

const minus = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a - b);

/** Compares the main graphs of `a` and `b` (see file comment). */
export function diffReports(a: Report, b: Report): ReportDiff {
  const ga = a.graphs[0]!;
  const gb = b.graphs[0]!;
  const sa = side(a);
  const sb = side(b);
  const ba = buffersOf(ga);
  const bb = buffersOf(gb);
  const buffers: BufferDelta[] = [];
  let sameBuffers = 0;
  for (const name of new Set([...ba.keys(), ...bb.keys()])) {
    const x = ba.get(name);
    const y = bb.get(name);
    const aBytes = x?.bytes ?? null;
    const bBytes = y?.bytes ?? null;
    let change: BufferChange;
    let deltaBytes: number | null;
    if (!x) { change = bBytes === null ? 'unknown' : 'new'; deltaBytes = bBytes; }
    else if (!y) { change = aBytes === null ? 'unknown' : 'gone'; deltaBytes = aBytes === null ? null : -aBytes; }
    else if (aBytes === null || bBytes === null) { change = 'unknown'; deltaBytes = null; }
    else { deltaBytes = bBytes - aBytes; change = deltaBytes > 0 ? 'grew' : deltaBytes < 0 ? 'shrank' : 'same'; }
    if (change === 'same') { sameBuffers++; continue; }
    buffers.push({ name, kind: (y ?? x)!.kind, aBytes: x ? aBytes : null, bBytes: y ? bBytes : null, deltaBytes, change });
  }
  buffers.sort((p, q) => (p.deltaBytes === null ? 1 : 0) - (q.deltaBytes === null ? 1 : 0) || Math.abs(q.deltaBytes ?? 0) - Math.abs(p.deltaBytes ?? 0) || (p.name < q.name ? -1 : 1));
  return {
    a: sa, b: sb,
    peakDeltaBytes: minus(sb.peakBytes, sa.peakBytes),
    initializerDeltaBytes: minus(sb.initializerBytes, sa.initializerBytes),
    alignment: sameRun(ga, gb) ? 'step' : 'fraction',
    buffers, sameBuffers,
  };
}
