/**
 * The step and value tables of a columnar Report (see columnarReport.ts for the encoding rules).
 * Writers intern strings into the shared table; readers rebuild ReportStep / ReportValue objects
 * with the Report's key order.
 */
import { LensError } from '../onnx/lensError';
import type { AllocKind, ControlFlowFacts, ReportDim, ReportStep, ReportValue, ReuseVia, WorkspaceState } from './report';
import type { StringTableWriter } from './stringTable';

/** ReportValue.allocKind values by code. */
export const ALLOC_KIND_CODES: readonly AllocKind[] = ['Allocate', 'Reuse', 'Share', 'AllocateStatically', 'PreExisting', 'AllocateOutput', 'AllocatedExternally'];
/** ReportValue.reuseVia values by code; NULL_CODE is null. */
export const REUSE_VIA_CODES: readonly ReuseVia[] = ['alias', 'inplace', 'freelist'];
/** ReportStep.workspaceState values by code. */
export const WORKSPACE_STATE_CODES: readonly WorkspaceState[] = ['zero', 'formula', 'unavailable'];
/** The code of a null enum in a Uint8 column. */
export const NULL_CODE = 255;

/** A flattened list column: per-row length (-1 = null list) and the concatenated items. */
export interface ListColumn<T extends Int32Array | Float64Array> {
  lengths: Int32Array;
  items: T;
}

/** A flattened ReportDim[] | null column: numbers, plus a code per dim (-1 number, -2 null, >= 0 string). */
export interface ShapeColumn {
  lengths: Int32Array;
  numbers: Float64Array;
  codes: Int32Array;
}

/** ReportStep fields as columns, one row per step. */
export interface StepColumns {
  count: number;
  index: Int32Array;
  node: Int32Array;
  nodeIndex: Int32Array;
  displayName: Int32Array;
  opType: Int32Array;
  domain: Int32Array;
  inputs: ListColumn<Int32Array>;
  outputs: ListColumn<Int32Array>;
  inserted: Uint8Array;
  liveBytes: Float64Array;
  liveReason: Int32Array;
  arenaInUseBytes: Float64Array;
  arenaHeldBytes: Float64Array;
  arenaReason: Int32Array;
  workspaceBytes: Float64Array;
  workspaceState: Uint8Array;
  workspaceReason: Int32Array;
  subgraphs: ListColumn<Int32Array>;
  /** The step's `controlFlow` facts as JSON in the string table (If, Loop, Scan), -1 when absent. */
  controlFlow?: Int32Array;
  /** The step's `splitAttributes` as JSON in the string table, -1 when absent; the column only when a step has them. */
  splitAttributes?: Int32Array;
}

/** ReportValue fields as columns, one row per value. `flags` packs the booleans (see FLAG). */
export interface ValueColumns {
  count: number;
  name: Int32Array;
  dtype: Int32Array;
  shape: ShapeColumn;
  symbolicShape: ShapeColumn;
  bytes: Float64Array;
  unavailableReason: Int32Array;
  allocKind: Uint8Array;
  root: Int32Array;
  reuseVia: Uint8Array;
  /** -1 when reusedFrom is null. */
  reusedFromValue: Int32Array;
  reusedFromFreedAfter: Float64Array;
  producedAt: Float64Array;
  releasedAfter: Float64Array;
  lastUsedAt: Float64Array;
  producer: Int32Array;
  consumers: ListColumn<Float64Array>;
  flags: Uint8Array;
}

/** Bits of ValueColumns.flags. */
export const FLAG = {
  isGraphInput: 1, isGraphOutput: 2, isInitializer: 4, isOuterScope: 8, hasProvidedByParent: 16, providedByParent: 32, sequenceElement: 64,
} as const;

const toNum = (x: number | null): number => (x === null ? NaN : x);
const fromNum = (x: number): number | null => (Number.isNaN(x) ? null : x);

function enumCode<T>(codes: readonly T[], v: T | null, field: string): number {
  if (v === null) return NULL_CODE;
  const i = codes.indexOf(v);
  if (i < 0) throw new LensError('internal', `Unknown ${field} ${JSON.stringify(v)}`);
  return i;
}

function enumOf<T>(codes: readonly T[], code: number, field: string): T {
  const v = codes[code];
  if (v === undefined) throw new LensError('internal', `Unknown ${field} code ${code}`);
  return v;
}

function str(table: readonly string[], i: number): string {
  const s = table[i];
  if (s === undefined) throw new LensError('internal', `String index ${i} is outside the table of ${table.length}`);
  return s;
}

const strOrNull = (table: readonly string[], i: number): string | null => (i < 0 ? null : str(table, i));

function writeStringLists(lists: ReadonlyArray<readonly string[]>, strings: StringTableWriter): ListColumn<Int32Array> {
  const lengths = new Int32Array(lists.length);
  let total = 0;
  for (let i = 0; i < lists.length; i++) { lengths[i] = lists[i]!.length; total += lists[i]!.length; }
  const items = new Int32Array(total);
  let k = 0;
  for (const list of lists) for (const s of list) items[k++] = strings.ref(s);
  return { lengths, items };
}

function writeNumberLists(lists: ReadonlyArray<readonly number[]>): ListColumn<Float64Array> {
  const lengths = new Int32Array(lists.length);
  let total = 0;
  for (let i = 0; i < lists.length; i++) { lengths[i] = lists[i]!.length; total += lists[i]!.length; }
  const items = new Float64Array(total);
  let k = 0;
  for (const list of lists) for (const x of list) items[k++] = x;
  return { lengths, items };
}

/**
 * A dim's code: -1 = the number in `numbers`, -2 = null, >= 0 = string index. A shape column
 * repeats a few symbols ('batch', 'sequence') over every row, so the last few symbols are kept
 * with their indices and looked up in the table only when new.
 */
function dimCoder(strings: StringTableWriter): (d: ReportDim) => number {
  const recent: string[] = [];
  const recentIndex: number[] = [];
  let next = 0;
  return (d) => {
    if (typeof d === 'number') return -1;
    if (d === null) return -2;
    for (let j = 0; j < recent.length; j++) if (recent[j] === d) return recentIndex[j]!;
    const i = strings.ref(d);
    if (recent.length < 4) {
      recent.push(d);
      recentIndex.push(i);
    } else {
      recent[next] = d;
      recentIndex[next] = i;
      next = (next + 1) % 4;
    }
    return i;
  };
}

function writeShapes(shapes: ReadonlyArray<ReportDim[] | null>, strings: StringTableWriter): ShapeColumn {
  const lengths = new Int32Array(shapes.length);
  let total = 0;
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i]!;
    lengths[i] = s === null ? -1 : s.length;
    if (s !== null) total += s.length;
  }
  const numbers = new Float64Array(total);
  const codes = new Int32Array(total);
  const dimCode = dimCoder(strings);
  let k = 0;
  for (const s of shapes) {
    if (s === null) continue;
    for (const d of s) {
      numbers[k] = typeof d === 'number' ? d : 0;
      codes[k++] = dimCode(d);
    }
  }
  return { lengths, numbers, codes };
}

/** Reads list rows in order; `item(k)` converts item k. */
function listReader<T>(lengths: Int32Array, itemCount: number, item: (k: number) => T): (row: number) => T[] | null {
  let k = 0;
  return (row) => {
    const n = lengths[row]!;
    if (n < 0) return null;
    if (k + n > itemCount) throw new LensError('internal', `List row ${row} runs past its ${itemCount} items`);
    const out = new Array<T>(n);
    for (let j = 0; j < n; j++) out[j] = item(k++);
    return out;
  };
}

function shapeReader(c: ShapeColumn, table: readonly string[]): (row: number) => ReportDim[] | null {
  return listReader<ReportDim>(c.lengths, c.codes.length, (k) => {
    const code = c.codes[k]!;
    return code === -1 ? c.numbers[k]! : code === -2 ? null : str(table, code);
  });
}

/** Encodes steps as columns. */
export function writeStepColumns(steps: readonly ReportStep[], strings: StringTableWriter): StepColumns {
  const n = steps.length;
  const c: StepColumns = {
    count: n, index: new Int32Array(n), node: new Int32Array(n), nodeIndex: new Int32Array(n), displayName: new Int32Array(n),
    opType: new Int32Array(n), domain: new Int32Array(n), inputs: writeStringLists(steps.map((s) => s.inputs), strings),
    outputs: writeStringLists(steps.map((s) => s.outputs), strings), inserted: new Uint8Array(n), liveBytes: new Float64Array(n),
    liveReason: new Int32Array(n), arenaInUseBytes: new Float64Array(n), arenaHeldBytes: new Float64Array(n), arenaReason: new Int32Array(n), workspaceBytes: new Float64Array(n), workspaceState: new Uint8Array(n),
    workspaceReason: new Int32Array(n), subgraphs: writeStringLists(steps.map((s) => s.subgraphs), strings),
  };
  const controlFlow = new Int32Array(n);
  c.controlFlow = controlFlow;
  // Fields that repeat one string over many rows (op types, reasons) ask the table only when the
  // string differs from the previous row's; a node's display name is most often its name.
  const opType = repeatRef(strings);
  const domain = repeatRef(strings);
  const liveReason = repeatRef(strings);
  const arenaReason = repeatRef(strings);
  const workspaceReason = repeatRef(strings);
  for (let i = 0; i < n; i++) {
    const s = steps[i]!;
    c.index[i] = s.index;
    const node = strings.ref(s.node);
    c.node[i] = node;
    c.nodeIndex[i] = s.nodeIndex;
    c.displayName[i] = s.displayName === s.node ? node : strings.ref(s.displayName);
    c.opType[i] = opType(s.opType);
    c.domain[i] = domain(s.domain);
    c.inserted[i] = s.inserted ? 1 : 0;
    c.liveBytes[i] = toNum(s.liveBytes);
    c.liveReason[i] = liveReason(s.liveReason);
    c.arenaInUseBytes[i] = toNum(s.arenaInUseBytes);
    c.arenaHeldBytes[i] = toNum(s.arenaHeldBytes);
    c.arenaReason[i] = arenaReason(s.arenaReason);
    c.workspaceBytes[i] = toNum(s.workspaceBytes);
    c.workspaceState[i] = enumCode(WORKSPACE_STATE_CODES, s.workspaceState, 'workspace state');
    c.workspaceReason[i] = workspaceReason(s.workspaceReason);
    controlFlow[i] = strings.ref(s.controlFlow ? JSON.stringify(s.controlFlow) : null);
  }
  // Only Einsum steps have them (most reports none): no column then, the tables unchanged.
  if (steps.some((s) => s.splitAttributes)) c.splitAttributes = Int32Array.from(steps, (s) => strings.ref(s.splitAttributes ? JSON.stringify(s.splitAttributes) : null));
  return c;
}

/**
 * `strings.ref` that remembers the last string it was asked: the same index, without a lookup,
 * while a column repeats its previous row. The table (and so every index) is what ref alone gives.
 */
function repeatRef(strings: StringTableWriter): (s: string | null) => number {
  let last: string | null = null;
  let lastIndex = -1;
  return (s) => {
    if (s === last) return lastIndex;
    last = s;
    lastIndex = strings.ref(s);
    return lastIndex;
  };
}

/** Rebuilds steps from columns. */
export function readStepColumns(c: StepColumns, table: readonly string[]): ReportStep[] {
  const inputs = listReader(c.inputs.lengths, c.inputs.items.length, (k) => str(table, c.inputs.items[k]!));
  const outputs = listReader(c.outputs.lengths, c.outputs.items.length, (k) => str(table, c.outputs.items[k]!));
  const subgraphs = listReader(c.subgraphs.lengths, c.subgraphs.items.length, (k) => str(table, c.subgraphs.items[k]!));
  const out = new Array<ReportStep>(c.count);
  for (let i = 0; i < c.count; i++) {
    out[i] = {
      index: c.index[i]!, node: str(table, c.node[i]!), nodeIndex: c.nodeIndex[i]!, displayName: str(table, c.displayName[i]!),
      opType: str(table, c.opType[i]!), domain: str(table, c.domain[i]!), inputs: inputs(i) ?? [], outputs: outputs(i) ?? [],
      inserted: c.inserted[i] === 1, liveBytes: fromNum(c.liveBytes[i]!), liveReason: strOrNull(table, c.liveReason[i]!),
      arenaInUseBytes: fromNum(c.arenaInUseBytes[i]!), arenaHeldBytes: fromNum(c.arenaHeldBytes[i]!), arenaReason: strOrNull(table, c.arenaReason[i]!),
      workspaceBytes: fromNum(c.workspaceBytes[i]!), workspaceState: enumOf(WORKSPACE_STATE_CODES, c.workspaceState[i]!, 'workspace state'),
      workspaceReason: strOrNull(table, c.workspaceReason[i]!), subgraphs: subgraphs(i) ?? [],
    };
    const cf = c.controlFlow ? strOrNull(table, c.controlFlow[i]!) : null;
    if (cf !== null) out[i]!.controlFlow = JSON.parse(cf) as ControlFlowFacts;
    const sa = c.splitAttributes ? strOrNull(table, c.splitAttributes[i]!) : null;
    if (sa !== null) out[i]!.splitAttributes = JSON.parse(sa) as Record<string, string>;
  }
  return out;
}

/**
 * Encodes values as columns. `steps` (the same graph's steps, already encoded into `strings`)
 * lets a producer that is its step's display name reuse that step's index instead of a lookup.
 */
export function writeValueColumns(values: readonly ReportValue[], strings: StringTableWriter, steps?: { rows: readonly ReportStep[]; columns: StepColumns }): ValueColumns {
  const n = values.length;
  const c: ValueColumns = {
    count: n, name: new Int32Array(n), dtype: new Int32Array(n), shape: writeShapes(values.map((v) => v.shape), strings),
    symbolicShape: writeShapes(values.map((v) => v.symbolicShape), strings), bytes: new Float64Array(n),
    unavailableReason: new Int32Array(n), allocKind: new Uint8Array(n), root: new Int32Array(n), reuseVia: new Uint8Array(n),
    reusedFromValue: new Int32Array(n), reusedFromFreedAfter: new Float64Array(n), producedAt: new Float64Array(n),
    releasedAfter: new Float64Array(n), lastUsedAt: new Float64Array(n), producer: new Int32Array(n),
    consumers: writeNumberLists(values.map((v) => v.consumers)), flags: new Uint8Array(n),
  };
  const dtype = repeatRef(strings);
  const unavailableReason = repeatRef(strings);
  // Where each step's outputs start in the step table's outputs column: a value its step produced
  // takes its name's index from there.
  let outputStart: Int32Array | null = null;
  if (steps !== undefined) {
    outputStart = new Int32Array(steps.columns.count + 1);
    for (let k = 0; k < steps.columns.count; k++) outputStart[k + 1] = outputStart[k]! + steps.columns.outputs.lengths[k]!;
  }
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    const at = v.producedAt;
    const produced = steps !== undefined && at >= 0 && at < steps.columns.count ? steps.rows[at]! : null;
    const slot = produced === null ? -1 : produced.outputs.indexOf(v.name);
    const name = slot >= 0 ? steps!.columns.outputs.items[outputStart![at]! + slot]! : strings.ref(v.name);
    c.name[i] = name;
    c.dtype[i] = dtype(v.dtype);
    c.bytes[i] = toNum(v.bytes);
    c.unavailableReason[i] = unavailableReason(v.unavailableReason);
    c.allocKind[i] = enumCode(ALLOC_KIND_CODES, v.allocKind, 'alloc kind');
    c.root[i] = v.root === v.name ? name : strings.ref(v.root);
    c.reuseVia[i] = enumCode(REUSE_VIA_CODES, v.reuseVia, 'reuse kind');
    c.reusedFromValue[i] = v.reusedFrom === null ? -1 : strings.ref(v.reusedFrom.value);
    c.reusedFromFreedAfter[i] = v.reusedFrom === null ? 0 : v.reusedFrom.freedAfter;
    c.producedAt[i] = v.producedAt;
    c.releasedAfter[i] = toNum(v.releasedAfter);
    c.lastUsedAt[i] = v.lastUsedAt;
    c.producer[i] = produced !== null && v.producer !== null && produced.displayName === v.producer ? steps!.columns.displayName[at]! : strings.ref(v.producer);
    c.flags[i] = (v.isGraphInput ? FLAG.isGraphInput : 0) | (v.isGraphOutput ? FLAG.isGraphOutput : 0)
      | (v.isInitializer ? FLAG.isInitializer : 0) | (v.isOuterScope ? FLAG.isOuterScope : 0)
      | (v.providedByParent !== undefined ? FLAG.hasProvidedByParent : 0) | (v.providedByParent === true ? FLAG.providedByParent : 0)
      | (v.sequenceElement === true ? FLAG.sequenceElement : 0);
  }
  return c;
}

/** Rebuilds values from columns. */
export function readValueColumns(c: ValueColumns, table: readonly string[]): ReportValue[] {
  const shape = shapeReader(c.shape, table);
  const symbolicShape = shapeReader(c.symbolicShape, table);
  const consumers = listReader(c.consumers.lengths, c.consumers.items.length, (k) => c.consumers.items[k]!);
  const out = new Array<ReportValue>(c.count);
  for (let i = 0; i < c.count; i++) {
    const f = c.flags[i]!;
    const rf = c.reusedFromValue[i]!;
    const v: ReportValue = {
      name: str(table, c.name[i]!), dtype: strOrNull(table, c.dtype[i]!), shape: shape(i), symbolicShape: symbolicShape(i),
      bytes: fromNum(c.bytes[i]!), unavailableReason: strOrNull(table, c.unavailableReason[i]!),
      allocKind: enumOf(ALLOC_KIND_CODES, c.allocKind[i]!, 'alloc kind'), root: str(table, c.root[i]!),
      reuseVia: c.reuseVia[i] === NULL_CODE ? null : enumOf(REUSE_VIA_CODES, c.reuseVia[i]!, 'reuse kind'),
      reusedFrom: rf < 0 ? null : { value: str(table, rf), freedAfter: c.reusedFromFreedAfter[i]! },
      producedAt: c.producedAt[i]!, releasedAfter: fromNum(c.releasedAfter[i]!), lastUsedAt: c.lastUsedAt[i]!,
      producer: strOrNull(table, c.producer[i]!), consumers: consumers(i) ?? [],
      isGraphInput: (f & FLAG.isGraphInput) !== 0, isGraphOutput: (f & FLAG.isGraphOutput) !== 0,
      isInitializer: (f & FLAG.isInitializer) !== 0, isOuterScope: (f & FLAG.isOuterScope) !== 0,
    };
    if ((f & FLAG.hasProvidedByParent) !== 0) v.providedByParent = (f & FLAG.providedByParent) !== 0;
    if ((f & FLAG.sequenceElement) !== 0) v.sequenceElement = true;
    out[i] = v;
  }
  return out;
}
