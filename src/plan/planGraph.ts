/**
 * Plans one graph end to end: execution order, allocation plan, release plan, lifetimes, the
 * live-bytes curve and the best-fit arena size. Subgraphs are planned separately by the caller.
 */
import { DataType } from '../onnx/dataType';
import type { PlanView } from './planTypes';
import type { InferredValue } from '../shape/types';
import { computeAllocationPlan, type AllocationPlan } from './allocationPlan';
import type { ExecGraph } from './execGraph';
import { computeExecutionOrder, producersByValue } from './executionOrder';
import { typeAtIndex, valueTable, type ValueTable } from './valueTable';
import type { InferenceIds } from '../shape/inferShapes';
import { computeLifetimes, type Lifetimes } from './lifetimes';
import { bestFitPeakOfTrace, PatternTrace } from './memPattern';
import { appendAt } from './appendAt';
import { computeLiveBytes, type LiveCurve, type SizeWithReason } from './peakMemory';
import { computeReleasePlan, type ReleasePlan } from './releasePlan';
import { computeParallelCurve } from './parallelPeak';
import { IS_GRAPH_OUTPUT, KIND_ALLOCATE } from './valuePlan';
import { sequenceElements, type SequenceElements } from './sequenceElements';

/** What planGraph needs besides the graph. */
export interface PlanGraphInput {
  exec: ExecGraph;
  typeOf: (name: string) => InferredValue | undefined;
  /** Own bytes of a value as the run sees it (bindings applied). */
  bytesOf: (name: string) => SizeWithReason;
  /**
   * bytesOf without its memo, given the value's type: what the plan's columns are made with (one
   * call per value, so a memo of every name would only add a Map insertion each). Absent: bytesOf.
   */
  sizeOf?: (name: string, type: InferredValue | undefined) => SizeWithReason;
  /** The inference `typeOf` reads, when it is of `exec`'s live nodes: types are read at their ids (valueTable.ts). */
  ids?: InferenceIds;
  opsets: Record<string, number>;
  /** The dims bound for this run: what a SplitToSequence's parts are cut from (bytesOf already applies them). */
  bindings?: Readonly<Record<string, number>>;
  view: PlanView;
  parentOpType: string | null;
  /**
   * The graph's node list is already in ORT's execution order (a graph ORT saved at an optimization
   * level, rewritten in the order its session dumped): step k runs node k. Used when that order is
   * topological; otherwise (a node inserted after the rewrite) ORT's DEFAULT order is computed.
   */
  fileOrder?: boolean;
}

/**
 * Scan (state and scan-output slices) and If (its own outputs) hand their body a buffer for every
 * body output, so those AllocateOutput values take no allocation inside the body. Loop does not:
 * its body allocates each iteration's outputs (checked against ORT's node stats).
 */
export function outputsProvidedByParent(parentOpType: string | null): boolean {
  return parentOpType === 'Scan' || parentOpType === 'If';
}

/** The full plan of one graph. */
export interface GraphPlan {
  /** Node indices in execution order. */
  order: number[];
  allocation: AllocationPlan;
  /** Root → step after which it is released. */
  release: ReleasePlan;
  lifetimes: Lifetimes;
  curve: LiveCurve;
  /** ORT's memory-pattern block size for this plan, null when a traced size is unknown. */
  bestFitArenaBytes: number | null;
  /** Each value's type and bytes for this binding, by ortIndex (a sequence's as `sequences` gives it). */
  columns: ValueColumns;
  /** The element tensors of the graph's sequences (sequential view), null when no node makes a sequence. */
  sequences: SequenceElements | null;
}

/**
 * Each value's type and own bytes for one binding, by ortIndex: looked up once per value, then
 * read by index by the curve, the best-fit trace and the report rows (each name lookup was a
 * cache miss at 200k values, and they were made three or four times per value).
 */
export interface ValueColumns {
  types: (InferredValue | undefined)[];
  sizes: SizeWithReason[];
}

/** The columns of `allocation`'s values under `input`'s types and sizes. */
export function valueColumns(input: PlanGraphInput, allocation: AllocationPlan): ValueColumns {
  const n = allocation.count;
  const types: (InferredValue | undefined)[] = new Array(n);
  const sizes: SizeWithReason[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const name = allocation.table.names[i]!;
    const t = typeAtIndex(allocation.table, input.ids, i) ?? input.typeOf(name);
    types[i] = t;
    sizes[i] = input.sizeOf ? input.sizeOf(name, t) : input.bytesOf(name);
  }
  return { types, sizes };
}

/**
 * The part of a plan that reads no bound dim: ORT's planner decides order, kinds, sharing and
 * release from dtypes and static shapes only (SameSize compares static shapes), so one StaticPlan
 * serves every binding of the same graph and view.
 */
export type StaticPlan = Pick<GraphPlan, 'order' | 'allocation' | 'release' | 'lifetimes'>;

/** Order, allocation, release and lifetimes of `input.exec` (see StaticPlan). */
export function planStatic(input: PlanGraphInput): StaticPlan {
  const table = valueTable(input.exec, input.ids);
  const order = (input.fileOrder === true ? fileOrderOf(input.exec, table) : null) ?? computeExecutionOrder(input.exec, table);
  const allocation = computeAllocationPlan({ exec: input.exec, order, typeOf: input.typeOf, opsets: input.opsets, view: input.view, parentOpType: input.parentOpType, table, ids: input.ids });
  const release = computeReleasePlan(input.exec, order, allocation);
  return { order, allocation, release, lifetimes: computeLifetimes(allocation, release) };
}

/** The live nodes by ascending index when every input is produced before it is read, else null. */
function fileOrderOf(exec: ExecGraph, table: ValueTable): number[] | null {
  const producer = producersByValue(exec, table);
  const order: number[] = [];
  for (const n of exec.nodes) if (n) order.push(n.index);
  // Ascending index order: an input is produced before it is read when its producer's index is lower.
  for (const idx of order) {
    const n = exec.nodes[idx]!;
    const first = table.slotStart[idx]!;
    for (let s = first; s < first + n.inputs.length + n.implicitInputs.length; s++) {
      const v = table.slots[s]!;
      if (v >= 0 && producer[v]! >= idx) return null;
    }
  }
  return order;
}

/** Plans `input.exec` (see file comment), reusing `known` (planStatic of the same graph and view) when given. */
export function planGraph(input: PlanGraphInput, known: StaticPlan = planStatic(input)): GraphPlan {
  const { order, allocation, release, lifetimes } = known;
  const columns = valueColumns(input, allocation);
  const sequences = planSequences(input, known, (i) => columns.types[i], (i) => columns.sizes[i]!);
  if (sequences) for (const [i, size] of sequences.sizes) columns.sizes[i] = size;
  return { order, allocation, release, lifetimes, curve: planLiveCurve(input, known, columns, sequences), bestFitArenaBytes: bestFitArena(input, order, allocation, release, columns), columns, sequences };
}

/**
 * The sequences' element tensors of `known` under `input`'s sizes (sequenceElements), freed by
 * `known`'s release plan: in the parallel view each sequence is freed after its last reader, so an
 * element lives until the last sequence holding it has been read.
 */
export function planSequences(
  input: PlanGraphInput,
  known: StaticPlan,
  typeAt: (i: number) => InferredValue | undefined = (i) => input.typeOf(known.allocation.table.names[i]!),
  sizeAt: (i: number) => SizeWithReason = (i) => input.bytesOf(known.allocation.table.names[i]!),
): SequenceElements | null {
  return sequenceElements({ exec: input.exec, order: known.order, allocation: known.allocation, release: known.release, typeAt, sizeAt, bindings: input.bindings ?? {} });
}

/**
 * The live-bytes curve of `known` (planStatic of `input`) with `input`'s sizes: the part of planGraph
 * a sweep point needs. `columns` and `sequences` as planGraph made them (computed here when absent).
 */
export function planLiveCurve(input: PlanGraphInput, known: StaticPlan, columns?: ValueColumns, sequences?: SequenceElements | null): LiveCurve {
  const { order, allocation, release } = known;
  const provided = outputsProvidedByParent(input.parentOpType);
  const isCallerProvided = provided ? (i: number): boolean => (allocation.flags[i]! & IS_GRAPH_OUTPUT) !== 0 : (): boolean => false;
  const names = allocation.table.names;
  let sizeAt = columns ? (i: number): SizeWithReason => columns.sizes[i]! : (i: number): SizeWithReason => input.bytesOf(names[i]!);
  let bytesOf = input.bytesOf;
  const seq = sequences !== undefined ? sequences : planSequences(input, known, (i) => input.typeOf(names[i]!), sizeAt);
  if (seq && !columns) {
    const plain = sizeAt;
    sizeAt = (i) => seq.sizes.get(i) ?? plain(i);
  }
  if (seq && input.view === 'parallel') {
    const byName = new Map([...seq.sizes].map(([i, s]) => [names[i]!, s]));
    bytesOf = (name) => byName.get(name) ?? input.bytesOf(name);
  }
  return input.view === 'parallel'
    ? computeParallelCurve(known, bytesOf, isCallerProvided, sizeAt, seq?.chunks)
    : computeLiveBytes(allocation, release, order.length, sizeAt, isCallerProvided, seq?.chunks);
}

/** Replays the traced self-owned allocations (Allocate roots of tensors) and their frees in step order. */
function bestFitArena(input: PlanGraphInput, order: number[], allocation: AllocationPlan, release: ReleasePlan, columns: ValueColumns): number | null {
  // Per-step free lists by ortIndex, made only at steps that free something (not an empty array per step).
  const freesAfter: (number[] | undefined)[] = new Array(order.length);
  const traced = new Uint8Array(allocation.count);
  const events = new PatternTrace();
  for (let i = 0; i < release.at.length; i++) if (release.at[i]! >= 0) appendAt(freesAfter, release.at[i]!, i);
  const { slots, slotStart, rootOf, kind } = allocation;
  for (let step = 0; step < order.length; step++) {
    const n = input.exec.nodes[order[step]!]!;
    const firstOut = slotStart[n.index]! + n.inputs.length + n.implicitInputs.length;
    for (let s = firstOut; s < slotStart[n.index + 1]!; s++) {
      const v = slots[s]!;
      if (v < 0 || rootOf[v] !== v || kind[v] !== KIND_ALLOCATE) continue;
      const t = columns.types[v];
      if (t && ((t.kind !== 'tensor' && t.kind !== 'unknown') || t.dtype === DataType.STRING)) continue;
      const size = columns.sizes[v]!;
      if (size.bytes === null) return null;
      traced[v] = 1;
      events.alloc(v, size.bytes);
    }
    const freed = freesAfter[step];
    if (freed) for (const root of freed) if (traced[root]) events.free(root);
  }
  return bestFitPeakOfTrace(events);
}
