/**
 * A report as the webview reads it: each graph's steps and values stay in the typed columns of the
 * 'reportColumns' transport (src/report/columnarReport.ts), and one ReportStep / ReportValue is
 * decoded only when something shows it (hover card, side panel). At 1M values, decoding every value
 * into an object took seconds of allocation and garbage collection before the first paint.
 *
 * The columns are checked once, up front, with the same errors decodeReportColumns throws, so a
 * malformed message fails before anything is drawn, never later on a hover. Equal strings are
 * compared by their index (roots, names): the encoder's table holds each distinct string once
 * (StringTableWriter). Pure: no DOM.
 */
import { LensError } from '../src/onnx/lensError';
import { REPORT_COLUMNS_VERSION, type GraphColumns, type ReportColumns } from '../src/report/columnarReport';
import {
  ALLOC_KIND_CODES, FLAG, NULL_CODE, REUSE_VIA_CODES, WORKSPACE_STATE_CODES, writeStepColumns, writeValueColumns,
  type ShapeColumn, type StepColumns, type ValueColumns,
} from '../src/report/columnarTables';
import type { Report, ReportDim, ReportGraph, ReportStep, ReportValue } from '../src/report/report';
import { StringTableReader, StringTableWriter } from '../src/report/stringTable';

/** One graph: its small fields as in ReportGraph, its steps and values as columns. */
export interface GraphTable extends Omit<ReportGraph, 'steps' | 'values'> {
  readonly stepCount: number;
  readonly valueCount: number;
  readonly steps: StepColumns;
  readonly values: ValueColumns;
  /** The report's string table (shared by all graphs, read in place); columns hold indices into it. */
  readonly strings: StringTableReader;
  /** Start of each row's items in the list columns, each built on first use (length count + 1). */
  readonly offsets: Partial<Record<ListName, Int32Array>>;
}

/** A Report whose graphs are GraphTables. */
export interface ReportTables extends Omit<Report, 'graphs'> {
  graphs: GraphTable[];
}

type ListName = 'shape' | 'symbolicShape' | 'consumers' | 'inputs' | 'outputs' | 'subgraphs';

/** Tables over decoded columns; throws LensError('internal') where decodeReportColumns would. */
export function reportTablesOf(columns: ReportColumns): ReportTables {
  if (columns.version !== REPORT_COLUMNS_VERSION) throw new LensError('internal', `Unsupported report columns version ${String(columns.version)}`);
  const strings = new StringTableReader(columns.strings);
  const graphs = columns.graphs.map((g) => graphTableOfColumns(g, strings));
  const { schemaVersion, tool, model, bindings, symbols, view, session, physicalPeak, ...rest } = columns.meta;
  return { schemaVersion, tool, model, bindings, symbols, view, session, graphs, physicalPeak, ...rest } as ReportTables;
}

/** Tables over a Report held as objects (the 'report' and 'reportJson' messages, and tests). */
export function reportTablesOfReport(report: Report): ReportTables {
  const strings = new StringTableWriter();
  const cols = report.graphs.map((g) => ({ steps: writeStepColumns(g.steps, strings), values: writeValueColumns(g.values, strings) }));
  const table = new StringTableReader(strings.finish());
  const { graphs, ...meta } = report;
  return { ...meta, graphs: graphs.map((g, i) => graphTableOfColumns({ meta: metaOf(g), ...cols[i]! }, table)) } as ReportTables;
}

/** A table over one ReportGraph held as objects. */
export function graphTableOf(graph: ReportGraph): GraphTable {
  const strings = new StringTableWriter();
  const steps = writeStepColumns(graph.steps, strings);
  const values = writeValueColumns(graph.values, strings);
  return graphTableOfColumns({ meta: metaOf(graph), steps, values }, new StringTableReader(strings.finish()));
}

function metaOf(graph: ReportGraph): GraphColumns['meta'] {
  const { steps: _steps, values: _values, ...meta } = graph;
  return meta;
}

function graphTableOfColumns(g: GraphColumns, strings: StringTableReader): GraphTable {
  checkStepColumns(g.steps, strings.length);
  checkValueColumns(g.values, strings.length);
  return { ...g.meta, stepCount: g.steps.count, valueCount: g.values.count, steps: g.steps, values: g.values, strings, offsets: {} };
}

/** Throws decodeReportColumns' error for a string index its decoder cannot read. */
function badString(i: number, count: number): never {
  throw new LensError('internal', `String index ${i} is outside the table of ${count}`);
}

/** Every index below `count`; negatives only where the field is nullable (-1 and below read as null). */
function checkStrings(column: Int32Array, count: number, isNullable: boolean): void {
  const min = isNullable ? -Infinity : 0;
  for (let i = 0; i < column.length; i++) {
    const s = column[i]!;
    if (s >= count || s < min) badString(s, count);
  }
}

function checkEnum(column: Uint8Array, codeCount: number, field: string, isNullable: boolean): void {
  for (let i = 0; i < column.length; i++) {
    const c = column[i]!;
    if (c >= codeCount && !(isNullable && c === NULL_CODE)) throw new LensError('internal', `Unknown ${field} code ${c}`);
  }
}

function checkList(lengths: Int32Array, itemCount: number): void {
  let k = 0;
  for (let row = 0; row < lengths.length; row++) {
    const n = lengths[row]!;
    if (n < 0) continue;
    if (k + n > itemCount) throw new LensError('internal', `List row ${row} runs past its ${itemCount} items`);
    k += n;
  }
}

function checkShape(c: ShapeColumn, count: number): void {
  checkList(c.lengths, c.codes.length);
  // -1 is a number dim, -2 a null dim, anything else a string index.
  for (let k = 0; k < c.codes.length; k++) {
    const code = c.codes[k]!;
    if (code >= count || code < -2) badString(code, count);
  }
}

function checkStepColumns(c: StepColumns, count: number): void {
  for (const col of [c.node, c.displayName, c.opType, c.domain]) checkStrings(col, count, false);
  for (const col of [c.liveReason, c.arenaReason, c.workspaceReason]) checkStrings(col, count, true);
  for (const list of [c.inputs, c.outputs, c.subgraphs]) { checkList(list.lengths, list.items.length); checkStrings(list.items, count, false); }
  checkEnum(c.workspaceState, WORKSPACE_STATE_CODES.length, 'workspace state', false);
}

function checkValueColumns(c: ValueColumns, count: number): void {
  for (const col of [c.name, c.root]) checkStrings(col, count, false);
  for (const col of [c.dtype, c.unavailableReason, c.producer, c.reusedFromValue]) checkStrings(col, count, true);
  checkShape(c.shape, count);
  checkShape(c.symbolicShape, count);
  checkList(c.consumers.lengths, c.consumers.items.length);
  checkEnum(c.allocKind, ALLOC_KIND_CODES.length, 'alloc kind', false);
  checkEnum(c.reuseVia, REUSE_VIA_CODES.length, 'reuse kind', true);
}

function startsOf(lengths: Int32Array): Int32Array {
  const starts = new Int32Array(lengths.length + 1);
  for (let i = 0; i < lengths.length; i++) starts[i + 1] = starts[i]! + Math.max(0, lengths[i]!);
  return starts;
}

/** Where each row's items start in list column `list`. */
function offsetsOf(t: GraphTable, list: ListName): Int32Array {
  const lengths = list === 'shape' || list === 'symbolicShape' || list === 'consumers' ? t.values[list].lengths : t.steps[list].lengths;
  return (t.offsets[list] ??= startsOf(lengths));
}

const fromNum = (x: number): number | null => (Number.isNaN(x) ? null : x);
const strOrNull = (t: GraphTable, i: number): string | null => (i < 0 ? null : t.strings.at(i)!);

function shapeAt(t: GraphTable, c: ShapeColumn, starts: Int32Array, row: number): ReportDim[] | null {
  const n = c.lengths[row]!;
  if (n < 0) return null;
  const out = new Array<ReportDim>(n);
  for (let j = 0, k = starts[row]!; j < n; j++, k++) {
    const code = c.codes[k]!;
    out[j] = code === -1 ? c.numbers[k]! : code === -2 ? null : t.strings.at(code)!;
  }
  return out;
}

function stringsAt(t: GraphTable, list: { lengths: Int32Array; items: Int32Array }, starts: Int32Array, row: number): string[] {
  const n = Math.max(0, list.lengths[row]!);
  const out = new Array<string>(n);
  for (let j = 0; j < n; j++) out[j] = t.strings.at(list.items[starts[row]! + j]!)!;
  return out;
}

/** The name of value i. */
export function valueName(t: GraphTable, i: number): string {
  return t.strings.at(t.values.name[i]!)!;
}

/** Value i as a ReportValue, equal to what decodeReportColumns gives for it. */
export function valueAt(t: GraphTable, i: number): ReportValue {
  const c = t.values;
  const f = c.flags[i]!;
  const rf = c.reusedFromValue[i]!;
  const reuse = c.reuseVia[i]!;
  const nConsumers = Math.max(0, c.consumers.lengths[i]!);
  const consumers = new Array<number>(nConsumers);
  const firstConsumer = offsetsOf(t, 'consumers')[i]!;
  for (let j = 0; j < nConsumers; j++) consumers[j] = c.consumers.items[firstConsumer + j]!;
  const v: ReportValue = {
    name: valueName(t, i), dtype: strOrNull(t, c.dtype[i]!), shape: shapeAt(t, c.shape, offsetsOf(t, 'shape'), i),
    symbolicShape: shapeAt(t, c.symbolicShape, offsetsOf(t, 'symbolicShape'), i), bytes: fromNum(c.bytes[i]!),
    unavailableReason: strOrNull(t, c.unavailableReason[i]!), allocKind: ALLOC_KIND_CODES[c.allocKind[i]!]!, root: t.strings.at(c.root[i]!)!,
    reuseVia: reuse === NULL_CODE ? null : REUSE_VIA_CODES[reuse]!,
    reusedFrom: rf < 0 ? null : { value: t.strings.at(rf)!, freedAfter: c.reusedFromFreedAfter[i]! },
    producedAt: c.producedAt[i]!, releasedAfter: fromNum(c.releasedAfter[i]!), lastUsedAt: c.lastUsedAt[i]!,
    producer: strOrNull(t, c.producer[i]!), consumers,
    isGraphInput: (f & FLAG.isGraphInput) !== 0, isGraphOutput: (f & FLAG.isGraphOutput) !== 0,
    isInitializer: (f & FLAG.isInitializer) !== 0, isOuterScope: (f & FLAG.isOuterScope) !== 0,
  };
  if ((f & FLAG.hasProvidedByParent) !== 0) v.providedByParent = (f & FLAG.providedByParent) !== 0;
  if ((f & FLAG.sequenceElement) !== 0) v.sequenceElement = true;
  return v;
}

/** Step i as a ReportStep, equal to what decodeReportColumns gives for it. */
export function stepAt(t: GraphTable, i: number): ReportStep {
  const c = t.steps;
  return {
    index: c.index[i]!, node: t.strings.at(c.node[i]!)!, nodeIndex: c.nodeIndex[i]!, displayName: t.strings.at(c.displayName[i]!)!,
    opType: t.strings.at(c.opType[i]!)!, domain: t.strings.at(c.domain[i]!)!, inputs: stringsAt(t, c.inputs, offsetsOf(t, 'inputs'), i),
    outputs: stringsAt(t, c.outputs, offsetsOf(t, 'outputs'), i), inserted: c.inserted[i] === 1, liveBytes: fromNum(c.liveBytes[i]!),
    liveReason: strOrNull(t, c.liveReason[i]!), arenaInUseBytes: fromNum(c.arenaInUseBytes[i]!), arenaHeldBytes: fromNum(c.arenaHeldBytes[i]!),
    arenaReason: strOrNull(t, c.arenaReason[i]!), workspaceBytes: fromNum(c.workspaceBytes[i]!),
    workspaceState: WORKSPACE_STATE_CODES[c.workspaceState[i]!]!, workspaceReason: strOrNull(t, c.workspaceReason[i]!),
    subgraphs: stringsAt(t, c.subgraphs, offsetsOf(t, 'subgraphs'), i),
  };
}

/** Index of the first value named `name`, or -1 (a scan of the name column, as findIndex was). */
export function findValue(t: GraphTable, name: string): number {
  const names = t.values.name;
  for (let i = 0; i < names.length; i++) if (t.strings.at(names[i]!) === name) return i;
  return -1;
}

/** True when value i exists before step 0 or is an initializer: it belongs in the band. */
export function isBandAt(t: GraphTable, i: number): boolean {
  return (t.values.flags[i]! & FLAG.isInitializer) !== 0 || t.values.producedAt[i]! < 0;
}
