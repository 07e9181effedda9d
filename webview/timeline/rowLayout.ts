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
import { ALLOC_KIND_CODES, FLAG, NULL_CODE, REUSE_VIA_CODES } from '../../src/report/columnarTables';
import type { ReportGraph, ReportValue } from '../../src/report/report';
import { valueInterval } from '../../src/report/liveBuffers';
import { graphTableOf, type GraphTable } from '../graphTable';
import { endAt, rootGroups, sortedGroups, startAt } from './rootGroups';

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

/**
 * Writes segments straight into the layout's columns, in row order (their count is known up front:
 * 1M small objects or number[] pushes cost more in GC than the layout itself). A row's segments
 * are appended, or reserved and then set.
 */
class SegmentWriter {
  length = 0;
  constructor(private readonly layout: RowLayout) {}

  /** Appends a segment. */
  push(row: number, start: number, end: number, kind: number, value: number, step: number, isUnknown: boolean): void {
    this.set(this.length++, row, start, end, kind, value, step, isUnknown);
  }

  /** Reserves `count` segments at the end (filled later with set()); returns the first. */
  reserve(count: number): number {
    this.length += count;
    return this.length - count;
  }

  set(k: number, row: number, start: number, end: number, kind: number, value: number, step: number, isUnknown: boolean): void {
    const l = this.layout;
    l.segRow[k] = row;
    l.segStart[k] = start;
    l.segEnd[k] = end;
    l.segKind[k] = kind;
    l.segValue[k] = value;
    l.segStep[k] = step;
    l.isUnknown[k] = isUnknown ? 1 : 0;
  }

  /**
   * Sorts each row's segments by (start, end), ties in insertion order. Segments were written row
   * by row, so only rows found out of order (few: values of a root mostly start in order) are permuted.
   */
  sortRows(): void {
    const l = this.layout;
    const { segStart: start, segEnd: end } = l;
    const n = this.length;
    for (let lo = 0; lo < n;) {
      let hi = lo + 1;
      let isSorted = true;
      while (hi < n && l.segRow[hi] === l.segRow[lo]) {
        if (start[hi - 1]! > start[hi]! || (start[hi - 1] === start[hi] && end[hi - 1]! > end[hi]!)) isSorted = false;
        hi++;
      }
      if (!isSorted) {
        const order = Array.from({ length: hi - lo }, (_, j) => lo + j);
        order.sort((a, b) => start[a]! - start[b]! || end[a]! - end[b]! || a - b);
        for (const col of [l.segStart, l.segEnd, l.segKind, l.segValue, l.segStep, l.isUnknown]) {
          const copy = order.map((p) => col[p]!);
          for (let j = 0; j < copy.length; j++) col[lo + j] = copy[j]!;
        }
      }
      lo = hi;
    }
  }
}

/** The segment kind (index into SEGMENT_KINDS) of value i, as segmentKindOf gives for its object. */
export function segmentKindAt(t: GraphTable, i: number): number {
  const c = t.values;
  const flags = c.flags[i]!;
  if ((flags & FLAG.isInitializer) !== 0 || c.producedAt[i]! < 0) return KIND_INDEX.preexisting;
  const alloc = ALLOC_KIND_CODES[c.allocKind[i]!];
  if (alloc === 'AllocateOutput' || (flags & FLAG.isGraphOutput) !== 0) return KIND_INDEX.output;
  if (alloc === 'Reuse') {
    const via = c.reuseVia[i] === NULL_CODE ? null : REUSE_VIA_CODES[c.reuseVia[i]!];
    if (via === 'inplace') return KIND_INDEX.inplace;
    if (via === 'freelist') return KIND_INDEX.freelist;
    return KIND_INDEX.alias;
  }
  if (alloc === 'Share') return KIND_INDEX.alias;
  return KIND_INDEX.allocate;
}

/** Lays out a graph's values and workspaces into rows and sorted segments (a ReportGraph is tabled first). */
export function buildRowLayout(graph: GraphTable | ReportGraph, options: RowLayoutOptions): RowLayout {
  const t = 'stepCount' in graph ? graph : graphTableOf(graph);
  const stepCount = t.stepCount;
  const groups = rootGroups(t);
  const bandGroups = sortedGroups(groups, true, options.sort);
  const bufferGroups = sortedGroups(groups, false, options.sort);
  const { name, root, bytes } = t.values;

  // Segment count: the band (one summary segment when collapsed), workspace steps, buffer values.
  const memberCount = (list: Int32Array): number => { let c = 0; for (const g of list) c += groups.memberFirst[g + 1]! - groups.memberFirst[g]!; return c; };
  let n = 0;
  if (stepCount > 0) {
    if (bandGroups.length > 0) n += options.isBandCollapsed ? 1 : memberCount(bandGroups);
    for (let s = 0; s < stepCount; s++) if (t.steps.workspaceBytes[s] !== 0) n++;
    n += memberCount(bufferGroups);
  }
  const rows: RowInfo[] = [];
  const layout: RowLayout = {
    stepCount,
    rows,
    rowFirst: new Uint32Array(0),
    segStart: new Float64Array(n),
    segEnd: new Float64Array(n),
    prefixMaxEnd: new Float64Array(n),
    segRow: new Uint32Array(n),
    segKind: new Uint8Array(n),
    segValue: new Int32Array(n),
    segStep: new Int32Array(n),
    isUnknown: new Uint8Array(n),
    segLayer: new Uint8Array(n),
    valueRow: new Int32Array(t.valueCount).fill(-1),
    valueSeg: new Int32Array(t.valueCount).fill(-1),
  };
  const segs = new SegmentWriter(layout);
  const sizeOf = (g: number): number | null => (Number.isNaN(groups.sizeBytes[g]!) ? null : groups.sizeBytes[g]!);
  // Each group's row and first segment; its values' segments are written afterwards in one pass in
  // value order, which reads the value columns sequentially (row order visits values at random:
  // at 1M values in size order that was most of the layout's time, in cache misses).
  const groupRow = new Int32Array(groups.count).fill(-1);
  const groupNext = new Int32Array(groups.count);
  const pushGroup = (g: number, role: RowRole): void => {
    const count = groups.memberFirst[g + 1]! - groups.memberFirst[g]!;
    const rootName = t.strings.at(groups.root[g]!)!;
    groupRow[g] = rows.length;
    groupNext[g] = segs.reserve(count);
    rows.push({ role, label: count > 1 ? `${rootName} (+${count - 1})` : rootName, root: rootName, sizeBytes: sizeOf(g) });
  };

  if (stepCount > 0 && bandGroups.length > 0) {
    let known = 0;
    let isAnyUnknown = false;
    let count = 0;
    for (const g of bandGroups) for (let k = groups.memberFirst[g]!; k < groups.memberFirst[g + 1]!; k++) {
      const i = groups.member[k]!;
      count++;
      const b = bytes[i]!;
      if (Number.isNaN(b)) isAnyUnknown = true;
      // Equal strings have equal indices (the table holds each once), as liveContributors compares them.
      else if (root[i] === name[i]) known += b;
    }
    rows.push({ role: 'bandSummary', label: `Initializers & inputs (${count})`, root: null, sizeBytes: isAnyUnknown ? null : known });
    if (options.isBandCollapsed) {
      segs.push(0, 0, stepCount, KIND_INDEX.preexisting, -1, -1, isAnyUnknown);
    } else {
      for (const g of bandGroups) pushGroup(g, 'band');
    }
  }
  if (stepCount > 0) {
    const row = rows.length;
    let maxWs: number | null = 0;
    const { index, workspaceBytes } = t.steps;
    for (let s = 0; s < stepCount; s++) {
      const ws = workspaceBytes[s]!;
      if (ws === 0) continue;
      const isUnknown = Number.isNaN(ws);
      if (!isUnknown && maxWs !== null) maxWs = Math.max(maxWs, ws);
      segs.push(row, index[s]!, index[s]! + 1, KIND_INDEX.workspace, -1, index[s]!, isUnknown);
    }
    rows.push({ role: 'workspace', label: 'Workspaces (per node)', root: null, sizeBytes: maxWs });
  }
  if (stepCount > 0) for (const g of bufferGroups) pushGroup(g, 'buffer');
  for (let i = 0; i < t.valueCount; i++) {
    const g = groups.groupOf[i]!;
    const row = groupRow[g]!;
    if (row < 0) continue;
    layout.valueRow[i] = row;
    segs.set(groupNext[g]++, row, startAt(t, i), endAt(t, i), segmentKindAt(t, i), i, -1, Number.isNaN(bytes[i]!));
  }
  segs.sortRows();

  layout.rowFirst = new Uint32Array(rows.length + 1);
  let row = 0;
  let runningMax = -Infinity;
  // The MAX_SEG_LAYER largest ends so far in the row, descending; -Infinity when fewer.
  const openEnds = new Float64Array(MAX_SEG_LAYER).fill(-Infinity);
  for (let i = 0; i < n; i++) {
    const segRow = layout.segRow[i]!;
    const start = layout.segStart[i]!;
    const end = layout.segEnd[i]!;
    while (row < segRow) { row++; layout.rowFirst[row] = i; runningMax = -Infinity; openEnds.fill(-Infinity); }
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
    layout.prefixMaxEnd[i] = runningMax;
    const value = layout.segValue[i]!;
    if (value >= 0) layout.valueSeg[value] = i;
  }
  while (row < rows.length) { row++; layout.rowFirst[row] = n; }
  return layout;
}
