/**
 * Plans one graph end to end: execution order, allocation plan, release plan, lifetimes, the
 * live-bytes curve and the best-fit arena size. Subgraphs are planned separately by the caller.
 */
import { DataType } from '../onnx/dataType';
import type { PlanView } from './planTypes';
import type { InferredValue } from '../shape/types';
import { computeAllocationPlan, type AllocationPlan } from './allocationPlan';
import type { ExecGraph } from './execGraph';
import { computeExecutionOrder } from './executionOrder';
import { computeLifetimes, type Lifetime } from './lifetimes';
import { bestFitPeakBytes, type PatternEvent } from './memPattern';
import { computeLiveBytes, type LiveCurve, type SizeWithReason } from './peakMemory';
import { computeReleasePlan } from './releasePlan';
import { computeParallelCurve } from './parallelPeak';

/** What planGraph needs besides the graph. */
export interface PlanGraphInput {
  exec: ExecGraph;
  typeOf: (name: string) => InferredValue | undefined;
  /** Own bytes of a value as the run sees it (bindings applied). */
  bytesOf: (name: string) => SizeWithReason;
  opsets: Record<string, number>;
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
  /** Root name → step after which it is released. */
  release: Map<string, number>;
  lifetimes: Map<string, Lifetime>;
  curve: LiveCurve;
  /** ORT's memory-pattern block size for this plan, null when a traced size is unknown. */
  bestFitArenaBytes: number | null;
}

/**
 * The part of a plan that reads no bound dim: ORT's planner decides order, kinds, sharing and
 * release from dtypes and static shapes only (SameSize compares static shapes), so one StaticPlan
 * serves every binding of the same graph and view.
 */
export type StaticPlan = Pick<GraphPlan, 'order' | 'allocation' | 'release' | 'lifetimes'>;

/** Order, allocation, release and lifetimes of `input.exec` (see StaticPlan). */
export function planStatic(input: PlanGraphInput): StaticPlan {
  const order = (input.fileOrder === true ? fileOrderOf(input.exec) : null) ?? computeExecutionOrder(input.exec);
  const allocation = computeAllocationPlan({ exec: input.exec, order, typeOf: input.typeOf, opsets: input.opsets, view: input.view, parentOpType: input.parentOpType });
  const release = computeReleasePlan(input.exec, order, allocation);
  return { order, allocation, release, lifetimes: computeLifetimes(allocation, release) };
}

/** The live nodes by ascending index when every input is produced before it is read, else null. */
function fileOrderOf(exec: ExecGraph): number[] | null {
  const producedAt = new Map<string, number>();
  const order: number[] = [];
  for (const n of exec.nodes) {
    if (!n) continue;
    for (const o of n.outputs) if (o !== '') producedAt.set(o, order.length);
    order.push(n.index);
  }
  for (let step = 0; step < order.length; step++) {
    const n = exec.nodes[order[step]!]!;
    for (const name of [...n.inputs, ...n.implicitInputs]) {
      const at = producedAt.get(name);
      if (at !== undefined && at >= step) return null;
    }
  }
  return order;
}

/** Plans `input.exec` (see file comment), reusing `known` (planStatic of the same graph and view) when given. */
export function planGraph(input: PlanGraphInput, known: StaticPlan = planStatic(input)): GraphPlan {
  const { order, allocation, release, lifetimes } = known;
  return { order, allocation, release, lifetimes, curve: planLiveCurve(input, known), bestFitArenaBytes: bestFitArena(input, order, allocation, release) };
}

/** The live-bytes curve of `known` (planStatic of `input`) with `input`'s sizes: the part of planGraph a sweep point needs. */
export function planLiveCurve(input: PlanGraphInput, known: StaticPlan): LiveCurve {
  const { order, allocation, release } = known;
  const provided = outputsProvidedByParent(input.parentOpType);
  const isCallerProvided = (name: string): boolean => provided && allocation.byName.get(name)!.isGraphOutput;
  return input.view === 'parallel'
    ? computeParallelCurve(known, input.bytesOf, isCallerProvided)
    : computeLiveBytes(allocation, release, order.length, input.bytesOf, isCallerProvided);
}

/** Replays the traced self-owned allocations (Allocate roots of tensors) and their frees in step order. */
function bestFitArena(input: PlanGraphInput, order: number[], allocation: AllocationPlan, release: Map<string, number>): number | null {
  // Per-step free lists, made only at steps that free something (not an empty array per step).
  const freesAfter: (string[] | undefined)[] = new Array(order.length);
  const traced = new Set<string>();
  const events: PatternEvent[] = [];
  for (const [root, step] of release) (freesAfter[step] ??= []).push(root);
  for (let step = 0; step < order.length; step++) {
    for (const out of input.exec.nodes[order[step]!]!.outputs) {
      if (out === '') continue;
      const v = allocation.byName.get(out)!;
      if (v.root !== out || v.allocKind !== 'Allocate') continue;
      const t = input.typeOf(out);
      if (t && ((t.kind !== 'tensor' && t.kind !== 'unknown') || t.dtype === DataType.STRING)) continue;
      const size = input.bytesOf(out);
      if (size.bytes === null) return null;
      traced.add(out);
      events.push({ kind: 'alloc', id: out, sizeBytes: size.bytes });
    }
    const freed = freesAfter[step];
    if (freed) for (const root of freed) if (traced.has(root)) events.push({ kind: 'free', id: root });
  }
  return bestFitPeakBytes(events);
}
