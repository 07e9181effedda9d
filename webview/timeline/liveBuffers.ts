/** Which buffers are live at a step (for the peak card). Pure: no DOM. */
import { ALLOC_KIND_CODES } from '../../src/report/columnarTables';
import type { LiveBuffer } from '../../src/report/liveBuffers';
import type { ReportGraph } from '../../src/report/report';
import { graphTableOf, type GraphTable } from '../graphTable';
import { endAt, startAt } from './rootGroups';

/** The core's type (src/report/liveBuffers.ts): the webview computes the same buffers from the columns. */
export type { LiveBuffer } from '../../src/report/liveBuffers';

/** Root kinds whose bytes make up a step's live bytes (Allocate and AllocateOutput roots), by alloc kind code. */
const IS_RUN_BUFFER_KIND = ALLOC_KIND_CODES.map((k) => k === 'Allocate' || k === 'AllocateOutput');
const IS_OUTPUT_KIND = ALLOC_KIND_CODES.map((k) => k === 'AllocateOutput');
const NO_KIND = 255;

/**
 * Buffers live at `step` that make up its modeled live bytes, largest first, unknown sizes last.
 * A buffer counts once however many values share it. Initializers, graph inputs and outer-scope
 * values are live too but are not part of the Run figure, so they are left out rather than mixed in.
 */
export function liveContributors(graph: GraphTable | ReportGraph, step: number): LiveBuffer[] {
  const t = 'stepCount' in graph ? graph : graphTableOf(graph);
  const { name, root, allocKind, bytes, unavailableReason } = t.values;
  // Alloc kind of each root value, by the root's string index (the last value of a name wins).
  const rootKind = new Uint8Array(t.strings.length).fill(NO_KIND);
  for (let i = 0; i < t.valueCount; i++) if (root[i] === name[i]) rootKind[name[i]!] = allocKind[i]!;
  const byRoot = new Map<number, LiveBuffer>();
  for (let i = 0; i < t.valueCount; i++) {
    const kind = rootKind[root[i]!] !== NO_KIND ? rootKind[root[i]!]! : allocKind[i]!;
    if (!IS_RUN_BUFFER_KIND[kind]) continue;
    if (!(startAt(t, i) <= step && step < endAt(t, i))) continue;
    let b = byRoot.get(root[i]!);
    if (!b) byRoot.set(root[i]!, (b = { root: t.strings.at(root[i]!)!, values: [], bytes: 0, reason: null, isGraphOutput: IS_OUTPUT_KIND[kind] === true }));
    b.values.push(t.strings.at(name[i]!)!);
    const size = bytes[i]!;
    if (Number.isNaN(size)) { b.bytes = null; b.reason = unavailableReason[i]! < 0 ? null : t.strings.at(unavailableReason[i]!)!; }
    else if (b.bytes !== null) b.bytes = Math.max(b.bytes, size);
  }
  return [...byRoot.values()].sort((a, b) => (a.bytes === null ? 1 : 0) - (b.bytes === null ? 1 : 0) || (b.bytes ?? 0) - (a.bytes ?? 0));
}

/**
 * The buffers the parallel view's peak names (`peak.values`: alive together at the worst moment of
 * a parallel run), in that order, with their sizes from the columns; null when the peak names none
 * (the sequential view, or a report saved before the parallel peak named its moment).
 */
export function peakMomentBuffers(graph: GraphTable | ReportGraph): LiveBuffer[] | null {
  const names = graph.peak.values;
  if (names === undefined) return null;
  const t = 'stepCount' in graph ? graph : graphTableOf(graph);
  const { name, root, allocKind, bytes, unavailableReason } = t.values;
  const byRoot = new Map<string, LiveBuffer>();
  for (const n of names) byRoot.set(n, { root: n, values: [], bytes: null, reason: null, isGraphOutput: false });
  for (let i = 0; i < t.valueCount; i++) {
    const b = byRoot.get(t.strings.at(root[i]!)!);
    if (!b) continue;
    b.values.push(t.strings.at(name[i]!)!);
    if (root[i] === name[i]) {
      const size = bytes[i]!;
      b.bytes = Number.isNaN(size) ? null : size;
      b.reason = Number.isNaN(size) && unavailableReason[i]! >= 0 ? t.strings.at(unavailableReason[i]!)! : null;
      b.isGraphOutput = IS_OUTPUT_KIND[allocKind[i]!] === true;
    }
  }
  return [...byRoot.values()];
}
