/**
 * Row layout of the Gantt: which row each value's interval lands on, computed once per report
 * (and per sort / band toggle). Pure: no DOM.
 *
 * Invariants:
 * - Segments are stored columnar and sorted by (row, start); row r owns [rowFirst[r], rowFirst[r+1]).
 * - Intervals are half-open in steps: [start, end). A value produced at step p and released after
 *   step k covers [p, k + 1). Values that exist before step 0 start at 0; values held to the end
 *   of Run() end at stepCount.
 * - `prefixMaxEnd` is the running max of `end` within a row (see visibleRange.ts).
 * - A segment's size may be unknown (`isUnknown` = 1); it keeps its full interval, never width 0.
 *
 * Row order, top to bottom:
 *   [band header]  initializers & graph inputs (one summary row when collapsed)
 *   [band rows]    one per band root, only when expanded
 *   [workspace]    one lane, one segment per step with non-zero or unavailable scratch
 *   [buffers]      one per alias root, sorted by start step or by size
 */
import type { ReportGraph, ReportValue } from '../../src/report/report';
import { valueInterval } from '../../src/report/liveBuffers';

/** Deepest overlap layer kept apart when drawing (aliases of aliases share the top layer). */
export const MAX_SEG_LAYER = 3;

/** How a segment got its bytes; drives its fill style. */
export const SEGMENT_KINDS = ['allocate', 'alias', 'inplace', 'freelist', 'output', 'preexisting', 'workspace'] as const;
/** One of SEGMENT_KINDS. */
export type SegmentKind = (typeof SEGMENT_KINDS)[number];
/** Row order for buffer rows. */
export type RowSort = 'start' | 'size';
/** What a row holds. */
export type RowRole = 'bandSummary' | 'band' | 'workspace' | 'buffer';

/** One Gantt row. */
export interface RowInfo {
  role: RowRole;
  /** Text for the row gutter (untrusted model text; draw it as text only). */
  label: string;
  /** Alias root name, null for the workspace lane and the band summary. */
  root: string | null;
  /** Largest known size among the row's values; null when all are unknown or not applicable. */
  sizeBytes: number | null;
}

/** Columnar layout of all rows and segments of one graph. */
export interface RowLayout {
  stepCount: number;
  rows: RowInfo[];
  /** Length rows.length + 1. */
  rowFirst: Uint32Array;
  segStart: Float64Array;
  segEnd: Float64Array;
  prefixMaxEnd: Float64Array;
  segRow: Uint32Array;
  /** Index into SEGMENT_KINDS. */
  segKind: Uint8Array;
  /** Index into graph.values, or -1 (workspace segment or band summary). */
  segValue: Int32Array;
  /** Step index for workspace segments, -1 otherwise. */
  segStep: Int32Array;
  /** 1 when the segment's size is unavailable. */
  isUnknown: Uint8Array;
  /** Overlap depth within its row (0 = nothing earlier still live), capped at MAX_SEG_LAYER; drawn bottom-up. */
  segLayer: Uint8Array;
  /** Row of each value (index into rows), -1 when not drawn (e.g. band values while collapsed). */
  valueRow: Int32Array;
  /** Segment of each value, -1 when not drawn. */
  valueSeg: Int32Array;
}

/** Options for buildRowLayout. */
export interface RowLayoutOptions {
  sort: RowSort;
  isBandCollapsed: boolean;
}

const KIND_INDEX: Record<SegmentKind, number> = Object.fromEntries(SEGMENT_KINDS.map((k, i) => [k, i])) as Record<SegmentKind, number>;

/** The segment kind of a value, from its allocation kind and how it was reused. */
export function segmentKindOf(value: ReportValue): SegmentKind {
  if (value.isInitializer || value.producedAt < 0) return 'preexisting';
  if (value.allocKind === 'AllocateOutput' || value.isGraphOutput) return 'output';
  if (value.allocKind === 'Reuse') {
    if (value.reuseVia === 'inplace') return 'inplace';
    if (value.reuseVia === 'freelist') return 'freelist';
    return 'alias';
  }
  if (value.allocKind === 'Share') return 'alias';
  return 'allocate';
}

// A value's step interval is the core's (the same rule decides which buffers are live at a step).
export { valueInterval };

/** True when a value belongs in the initializer / graph-input band rather than the buffer rows. */
export function isBandValue(value: ReportValue): boolean {
  return value.isInitializer || value.producedAt < 0;
}

/** Segments as parallel number arrays while laying out: 100k small objects cost more in GC than the layout itself. */
class PendingSegs {
  readonly row: number[] = [];
  readonly start: number[] = [];
  readonly end: number[] = [];
  readonly kind: number[] = [];
  readonly value: number[] = [];
  readonly step: number[] = [];
  readonly isUnknown: number[] = [];

  push(row: number, start: number, end: number, kind: number, value: number, step: number, isUnknown: boolean): void {
    this.row.push(row);
    this.start.push(start);
    this.end.push(end);
    this.kind.push(kind);
    this.value.push(value);
    this.step.push(step);
    this.isUnknown.push(isUnknown ? 1 : 0);
  }

  /**
   * Segment order sorted by (row, start, end), ties in insertion order. Segments are pushed row by
   * row, so only each row's range needs sorting, and most rows (and the workspace lane) already are.
   */
  order(): Uint32Array {
    const n = this.row.length;
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    const { start, end } = this;
    const cmp = (a: number, b: number): number => start[a]! - start[b]! || end[a]! - end[b]! || a - b;
    for (let lo = 0; lo < n;) {
      let hi = lo + 1;
      let isSorted = true;
      while (hi < n && this.row[hi] === this.row[lo]) {
        if (cmp(hi - 1, hi) > 0) isSorted = false;
        hi++;
      }
      if (!isSorted) order.set(Array.from(order.subarray(lo, hi)).sort(cmp), lo);
      lo = hi;
    }
    return order;
  }
}

/** Lays out a graph's values and workspaces into rows and sorted segments. */
export function buildRowLayout(graph: ReportGraph, options: RowLayoutOptions): RowLayout {
  const stepCount = graph.steps.length;
  const values = graph.values;
  const byName = new Map<string, number>();
  values.forEach((v, i) => byName.set(v.name, i));

  // Group values by root. A root missing from values (should not happen) groups under its own name.
  const groups = new Map<string, number[]>();
  values.forEach((v, i) => {
    const key = v.root || v.name;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(i);
  });

  interface Group { root: string; members: number[]; start: number; sizeBytes: number | null; isBand: boolean; order: number }
  const bandGroups: Group[] = [];
  const bufferGroups: Group[] = [];
  let order = 0;
  for (const [root, members] of groups) {
    const rootIndex = byName.get(root);
    const isBand = rootIndex !== undefined ? isBandValue(values[rootIndex]!) : members.every((i) => isBandValue(values[i]!));
    let start = Infinity;
    let sizeBytes: number | null = null;
    for (const i of members) {
      const v = values[i]!;
      start = Math.min(start, valueInterval(v, stepCount)[0]);
      if (v.bytes !== null) sizeBytes = Math.max(sizeBytes ?? 0, v.bytes);
    }
    (isBand ? bandGroups : bufferGroups).push({ root, members, start, sizeBytes, isBand, order: order++ });
  }
  const byStart = (a: Group, b: Group): number => a.start - b.start || a.order - b.order;
  const bySize = (a: Group, b: Group): number => {
    // Unknown sizes sort last: an unknown is not "small".
    if (a.sizeBytes === null || b.sizeBytes === null) return (a.sizeBytes === null ? 1 : 0) - (b.sizeBytes === null ? 1 : 0) || byStart(a, b);
    return b.sizeBytes - a.sizeBytes || byStart(a, b);
  };
  bufferGroups.sort(options.sort === 'size' ? bySize : byStart);
  bandGroups.sort(options.sort === 'size' ? bySize : byStart);

  const rows: RowInfo[] = [];
  const pending = new PendingSegs();
  const valueRow = new Int32Array(values.length).fill(-1);
  const label = (g: Group): string => (g.members.length > 1 ? `${g.root} (+${g.members.length - 1})` : g.root);
  const pushGroup = (g: Group, role: RowRole): void => {
    const row = rows.length;
    rows.push({ role, label: label(g), root: g.root, sizeBytes: g.sizeBytes });
    for (const i of g.members) {
      const v = values[i]!;
      const [start, end] = valueInterval(v, stepCount);
      valueRow[i] = row;
      pending.push(row, start, end, KIND_INDEX[segmentKindOf(v)], i, -1, v.bytes === null);
    }
  };

  if (stepCount > 0 && bandGroups.length > 0) {
    let known = 0;
    let isAnyUnknown = false;
    let count = 0;
    for (const g of bandGroups) for (const i of g.members) {
      count++;
      const b = values[i]!.bytes;
      if (b === null) isAnyUnknown = true;
      else if (values[i]!.root === values[i]!.name) known += b;
    }
    rows.push({ role: 'bandSummary', label: `Initializers & inputs (${count})`, root: null, sizeBytes: isAnyUnknown ? null : known });
    if (options.isBandCollapsed) {
      pending.push(0, 0, stepCount, KIND_INDEX.preexisting, -1, -1, isAnyUnknown);
    } else {
      for (const g of bandGroups) pushGroup(g, 'band');
    }
  }
  if (stepCount > 0) {
    const row = rows.length;
    let maxWs: number | null = 0;
    for (const s of graph.steps) {
      if (s.workspaceBytes === 0) continue;
      if (s.workspaceBytes !== null && maxWs !== null) maxWs = Math.max(maxWs, s.workspaceBytes);
      pending.push(row, s.index, s.index + 1, KIND_INDEX.workspace, -1, s.index, s.workspaceBytes === null);
    }
    rows.push({ role: 'workspace', label: 'Workspaces (per node)', root: null, sizeBytes: maxWs });
  }
  if (stepCount > 0) for (const g of bufferGroups) pushGroup(g, 'buffer');

  const segOrder = pending.order();
  const n = segOrder.length;
  const layout: RowLayout = {
    stepCount,
    rows,
    rowFirst: new Uint32Array(rows.length + 1),
    segStart: new Float64Array(n),
    segEnd: new Float64Array(n),
    prefixMaxEnd: new Float64Array(n),
    segRow: new Uint32Array(n),
    segKind: new Uint8Array(n),
    segValue: new Int32Array(n),
    segStep: new Int32Array(n),
    isUnknown: new Uint8Array(n),
    segLayer: new Uint8Array(n),
    valueRow,
    valueSeg: new Int32Array(values.length).fill(-1),
  };
  let row = 0;
  let runningMax = -Infinity;
  // Largest ends seen so far in the row, to find each segment's overlap depth.
  // The MAX_SEG_LAYER largest ends so far in the row, descending; -Infinity when fewer.
  const openEnds = new Float64Array(MAX_SEG_LAYER).fill(-Infinity);
  for (let i = 0; i < n; i++) {
    const p = segOrder[i]!;
    const pRow = pending.row[p]!;
    const start = pending.start[p]!;
    const end = pending.end[p]!;
    while (row < pRow) { row++; layout.rowFirst[row] = i; runningMax = -Infinity; openEnds.fill(-Infinity); }
    // Keeping only the MAX_SEG_LAYER largest ends is enough: if at least that many are open, the
    // largest ones are among them, so the capped depth stays exact and each step costs O(1).
    let depth = 0;
    for (let k = 0; k < MAX_SEG_LAYER; k++) if (openEnds[k]! > start) depth++;
    layout.segLayer[i] = depth;
    let k = MAX_SEG_LAYER - 1;
    if (end > openEnds[k]!) {
      while (k > 0 && openEnds[k - 1]! < end) { openEnds[k] = openEnds[k - 1]!; k--; }
      openEnds[k] = end;
    }
    runningMax = Math.max(runningMax, end);
    const value = pending.value[p]!;
    layout.segStart[i] = start;
    layout.segEnd[i] = end;
    layout.prefixMaxEnd[i] = runningMax;
    layout.segRow[i] = pRow;
    layout.segKind[i] = pending.kind[p]!;
    layout.segValue[i] = value;
    layout.segStep[i] = pending.step[p]!;
    layout.isUnknown[i] = pending.isUnknown[p]!;
    if (value >= 0) layout.valueSeg[value] = i;
  }
  while (row < rows.length) { row++; layout.rowFirst[row] = n; }
  return layout;
}
