/**
 * ORT's per-value allocation plan for one graph and one stream (allocation_planner.cc; docs/ort-planner.md §2),
 * in ORT's order:
 * 1. planInputsAndWeights (ComputePlanForInputsAndWeights): initializers AllocateStatically, graph
 *    inputs and outer-scope values PreExisting, one use each (never freed, never reused);
 * 2. countUses (ComputeReuseCount): one use per input slot and per output of each node in order,
 *    one per graph output;
 * 3. per node in execution order, per output, the first of OUTPUT_RULES that applies
 *    (allocationRules.ts: graph output, alias or in place, non-tensor, dead buffer, allocate);
 *    then the roots (`Buffer()`) of its inputs, implicit inputs and outputs lose one use, and a root
 *    reaching 0 goes to the front of the Freelist.
 *
 * Invariant: `root` always names the value that owns the buffer (one hop), as ORT's `reused_buffer`.
 */
import { PlanError } from '../onnx/lensError';
import type { AllocKind, PlanView, ReuseVia } from './planTypes';
import type { InferredValue } from '../shape/types';
import type { ExecGraph, ExecNode } from './execGraph';
import { OUTPUT_RULES, type PlannerState } from './allocationRules';
import { Freelist } from './freelist';
import { lookupKernel } from './kernelTable';
import { ALLOC_KINDS, IS_GRAPH_INPUT, IS_GRAPH_OUTPUT, IS_INITIALIZER, IS_OUTER_SCOPE, KIND_ALLOCATE, KIND_OUTPUT, KIND_PRE_EXISTING, KIND_STATIC, REUSE_VIAS, type ValuePlan } from './valuePlan';
import { typeAtIndex, valueTable, type ValueTable } from './valueTable';
import type { InferenceIds } from '../shape/inferShapes';
import { normalizeDomain } from '../onnx/domain';

export type { ValuePlan } from './valuePlan';

/** Everything the planner needs about one graph. */
export interface AllocationPlanInput {
  exec: ExecGraph;
  /** Node indices in execution order. */
  order: number[];
  /** Inferred type of a value of this graph (or of the outer scope); undefined when unknown. */
  typeOf: (name: string) => InferredValue | undefined;
  /** Model opsets by domain, for version-dependent kernel declarations. */
  opsets: Record<string, number>;
  view: PlanView;
  /** Op type of the node owning this graph (e.g. 'Loop'), null for the main graph. */
  parentOpType: string | null;
  /** The graph's value table when the caller has it (planStatic shares it with the execution order). */
  table?: ValueTable;
  /** The inference `typeOf` reads, by value id (types are then read by index where the table knows the id). */
  ids?: InferenceIds;
}

/** A plan's values by name (the value table's index, without a second Map of every name). */
export class ValueLookup {
  constructor(private readonly plan: AllocationPlan) {}

  get(name: string): ValuePlan | undefined {
    const i = this.plan.table.index.get(name);
    return i === undefined ? undefined : this.plan.values[i];
  }

  has(name: string): boolean {
    return this.plan.table.index.has(name);
  }
}

/**
 * The allocation plan of one graph, as columns by ortIndex (OrtValue index order): numbers in typed
 * arrays instead of an object per value (at 200k values those objects and their lists were 40 MB
 * the later passes read scattered over the heap). `values` gives the same plan as one object per
 * value, made on first use, for readers that want objects (tests, sweeps); the passes of a report
 * read the columns.
 */
export class AllocationPlan {
  /** The value table the plan's indices come from (names, slots). */
  readonly table: ValueTable;
  readonly count: number;
  /** Code in ALLOC_KINDS. */
  readonly kind: Uint8Array;
  /** The ortIndex of the value's buffer owner (`root`; a root is its own). */
  readonly rootOf: Int32Array;
  /** Code in REUSE_VIAS (0: none). */
  readonly via: Uint8Array;
  /** For freelist reuse: the dead root taken (-1: none) and the step whose decrement freed it. */
  readonly reusedFrom: Int32Array;
  readonly reusedFreedAfter: Int32Array;
  /** Step producing the value, -1 for values that exist before step 0. */
  readonly producedAt: Int32Array;
  /** Node index of the producer, -1 for values that exist before step 0. */
  readonly producerNode: Int32Array;
  /** Value i's reading steps (ascending, unique) at consumerSteps[consumerStart[i]] .. consumerSteps[consumerStart[i + 1] - 1]. */
  readonly consumerStart: Int32Array;
  readonly consumerSteps: Int32Array;
  /** IS_GRAPH_INPUT | IS_GRAPH_OUTPUT | IS_INITIALIZER | IS_OUTER_SCOPE. */
  readonly flags: Uint8Array;
  readonly byName: ValueLookup;
  private objects: ValuePlan[] | null = null;
  private consumerLists: number[][] | null = null;
  private reusedFromObjects: ({ value: string; freedAfter: number } | null)[] | null = null;

  /** A plan whose kinds, roots and reuse the rules have still to fill (every value its own root, Allocate). */
  constructor(table: ValueTable, producers: { producedAt: Int32Array; producerNode: Int32Array }, consumerStart: Int32Array, consumerSteps: Int32Array) {
    const n = table.names.length;
    this.table = table;
    this.count = n;
    this.kind = new Uint8Array(n);
    this.rootOf = new Int32Array(n);
    for (let i = 0; i < n; i++) this.rootOf[i] = i;
    this.via = new Uint8Array(n);
    this.reusedFrom = new Int32Array(n).fill(-1);
    this.reusedFreedAfter = new Int32Array(n).fill(-1);
    this.producedAt = producers.producedAt;
    this.producerNode = producers.producerNode;
    this.consumerStart = consumerStart;
    this.consumerSteps = consumerSteps;
    this.flags = new Uint8Array(n);
    this.byName = new ValueLookup(this);
  }

  /** Node i's value slots (inputs, implicit inputs, outputs; -1 for ''), at slots[slotStart[i]] .. slots[slotStart[i + 1] - 1]. */
  get slots(): Int32Array {
    return this.table.slots;
  }

  get slotStart(): Int32Array {
    return this.table.slotStart;
  }

  /** Value i's AllocKind, root name and ReuseVia as the Report states them. */
  allocKindOf(i: number): AllocKind {
    return ALLOC_KINDS[this.kind[i]!]!;
  }

  rootNameOf(i: number): string {
    return this.table.names[this.rootOf[i]!]!;
  }

  reuseViaOf(i: number): ReuseVia | null {
    return REUSE_VIAS[this.via[i]!]!;
  }

  /** Whether value i has `flag` (IS_GRAPH_INPUT, IS_GRAPH_OUTPUT, IS_INITIALIZER, IS_OUTER_SCOPE). */
  has(i: number, flag: number): boolean {
    return (this.flags[i]! & flag) !== 0;
  }

  /** Whether value i owns a buffer a step allocates: a root planned Allocate or AllocateOutput and produced by a step. */
  ownsProducedBuffer(i: number): boolean {
    const k = this.kind[i];
    return this.rootOf[i] === i && (k === KIND_ALLOCATE || k === KIND_OUTPUT) && this.producedAt[i]! >= 0;
  }

  /** The ortIndex of value `name`, -1 when the plan has none. */
  indexOf(name: string): number {
    return this.table.index.get(name) ?? -1;
  }

  consumerCount(i: number): number {
    return this.consumerStart[i + 1]! - this.consumerStart[i]!;
  }

  /** The last step reading value i, -1 when nothing reads it. */
  lastConsumer(i: number): number {
    const end = this.consumerStart[i + 1]!;
    return end > this.consumerStart[i]! ? this.consumerSteps[end - 1]! : -1;
  }

  /** Value i's reading steps as an array, made once per plan and shared (never written). */
  consumersOf(i: number): number[] {
    if (this.consumerLists === null) {
      const lists: number[][] = new Array(this.count);
      for (let k = 0; k < this.count; k++) {
        const a = this.consumerStart[k]!;
        const b = this.consumerStart[k + 1]!;
        if (a === b) lists[k] = NO_CONSUMERS;
        else {
          const list = new Array<number>(b - a);
          for (let s = a; s < b; s++) list[s - a] = this.consumerSteps[s]!;
          lists[k] = list;
        }
      }
      this.consumerLists = lists;
    }
    return this.consumerLists[i]!;
  }

  /** Value i's freelist origin as the Report states it, made once per plan and shared. */
  reusedFromOf(i: number): { value: string; freedAfter: number } | null {
    if (this.reusedFromObjects === null) {
      const objects: ({ value: string; freedAfter: number } | null)[] = new Array(this.count);
      for (let k = 0; k < this.count; k++) {
        const r = this.reusedFrom[k]!;
        objects[k] = r < 0 ? null : { value: this.table.names[r]!, freedAfter: this.reusedFreedAfter[k]! };
      }
      this.reusedFromObjects = objects;
    }
    return this.reusedFromObjects[i]!;
  }

  /** The plan as one object per value (made on first use). */
  get values(): readonly ValuePlan[] {
    if (this.objects === null) {
      const names = this.table.names;
      const objects: ValuePlan[] = new Array(this.count);
      for (let i = 0; i < this.count; i++) {
        objects[i] = {
          name: names[i]!,
          ortIndex: i,
          allocKind: this.allocKindOf(i),
          root: this.rootNameOf(i),
          reuseVia: this.reuseViaOf(i),
          reusedFrom: this.reusedFromOf(i),
          producedAt: this.producedAt[i]!,
          producerNode: this.producerNode[i]! < 0 ? null : this.producerNode[i]!,
          consumers: this.consumersOf(i),
          isGraphInput: this.has(i, IS_GRAPH_INPUT),
          isGraphOutput: this.has(i, IS_GRAPH_OUTPUT),
          isInitializer: this.has(i, IS_INITIALIZER),
          isOuterScope: this.has(i, IS_OUTER_SCOPE),
        };
      }
      this.objects = objects;
    }
    return this.objects;
  }
}

/** What every value no step reads shares as its consumer list (never written). */
const NO_CONSUMERS: number[] = [];

/** Plans every value of the graph the way ORT 1.30's sequential planner does (parallel view: rules 3 and 5 off). */
export function computeAllocationPlan(input: AllocationPlanInput): AllocationPlan {
  const { exec, order, typeOf, opsets, view } = input;
  const table = input.table ?? valueTable(exec);
  const count = table.names.length;
  const { slots, slotStart } = table;

  // Producers, and the steps reading each value, as one flat list with starts (counted first).
  const producedAt = new Int32Array(count).fill(-1);
  const producerNode = new Int32Array(count).fill(-1);
  const consumerStart = new Int32Array(count + 1);
  const lastReader = new Int32Array(count).fill(-1);
  for (let step = 0; step < order.length; step++) {
    const nodeIndex = order[step]!;
    const n = exec.nodes[nodeIndex]!;
    const first = slotStart[nodeIndex]!;
    const readCount = n.inputs.length + n.implicitInputs.length;
    for (let s = first + readCount; s < slotStart[nodeIndex + 1]!; s++) {
      const v = slots[s]!;
      if (v < 0) continue;
      producedAt[v] = step;
      producerNode[v] = nodeIndex;
    }
    for (let s = first; s < first + readCount; s++) {
      const v = slots[s]!;
      if (v >= 0 && lastReader[v] !== step) {
        lastReader[v] = step;
        consumerStart[v + 1]!++;
      }
    }
  }
  for (let i = 0; i < count; i++) consumerStart[i + 1]! += consumerStart[i]!;
  const consumerSteps = new Int32Array(consumerStart[count]!);
  const filled = consumerStart.slice(0, count);
  lastReader.fill(-1);
  for (let step = 0; step < order.length; step++) {
    const nodeIndex = order[step]!;
    const n = exec.nodes[nodeIndex]!;
    const first = slotStart[nodeIndex]!;
    const readCount = n.inputs.length + n.implicitInputs.length;
    for (let s = first; s < first + readCount; s++) {
      const v = slots[s]!;
      // Steps ascend, so a value read twice by one step is listed once.
      if (v < 0 || lastReader[v] === step) continue;
      lastReader[v] = step;
      consumerSteps[filled[v]!++] = step;
    }
  }
  const plan = new AllocationPlan(table, { producedAt, producerNode }, consumerStart, consumerSteps);
  const { flags, rootOf } = plan;
  // The flags are set from the (few) inputs, outputs and initializers, not by a set lookup per value.
  for (const i of exec.inputs) flags[table.index.get(i.name)!]! |= IS_GRAPH_INPUT;
  for (const o of exec.outputs) flags[table.index.get(o.name)!]! |= IS_GRAPH_OUTPUT;
  for (const name of exec.initializers.keys()) {
    const i = table.index.get(name);
    if (i !== undefined) flags[i]! |= IS_INITIALIZER;
  }

  // Use counts by ortIndex; each value's buffer owner is rootOf (one hop).
  const uses = new Int32Array(count);
  planInputsAndWeights(plan, exec, uses);
  countUses(order, slots, slotStart, uses);
  for (const o of exec.outputs) uses[table.index.get(o.name)!]!++;

  const freelist = new Freelist();
  // typeOf per value, asked once: the rules read the same outputs' and freed roots' types again.
  const types: (InferredValue | undefined | null)[] = new Array(count).fill(null);
  const typeAt = (v: number): InferredValue | undefined => {
    const t = types[v];
    if (t !== null) return t;
    const found = typeAtIndex(table, input.ids, v) ?? typeOf(table.names[v]!);
    types[v] = found;
    return found;
  };
  const state: PlannerState = {
    isSequential: view === 'sequential',
    parentOpType: input.parentOpType,
    loopIterationInput: input.parentOpType === 'Loop' ? exec.inputs[0]?.name : undefined,
    typeOf, typeAt, plan, freelist, uses,
    inputSlot: (n: ExecNode, i: number): number => slots[slotStart[n.index]! + i]!,
  };
  // Declared once, not per node: closures created in the loop cost measurable time on big graphs.
  const release = (v: number, step: number): void => {
    if (v < 0) return;
    const original = rootOf[v]!;
    const left = uses[original]! - 1;
    uses[original] = left;
    if (left === 0) freelist.push(original, step);
  };

  for (let step = 0; step < order.length; step++) {
    const n = exec.nodes[order[step]!]!;
    const decl = lookupKernel(n.opType, n.domain, opsets[normalizeDomain(n.domain)]);
    const firstOut = slotStart[n.index]! + n.inputs.length + n.implicitInputs.length;
    for (let k = 0; k < n.outputs.length; k++) {
      if (n.outputs[k] === '') continue;
      const o = { n, k, v: slots[firstOut + k]!, decl };
      for (const rule of OUTPUT_RULES) if (rule.apply(state, o)) break;
    }
    for (let s = slotStart[n.index]!; s < slotStart[n.index + 1]!; s++) release(slots[s]!, step);
  }
  return plan;
}

/**
 * ComputePlanForInputsAndWeights: values no node produces. Initializers are AllocateStatically,
 * graph inputs and outer-scope values PreExisting; each gets one use for its caller, so it is never
 * freed or reused.
 */
function planInputsAndWeights(plan: AllocationPlan, exec: ExecGraph, uses: Int32Array): void {
  const { kind, flags, producerNode } = plan;
  const names = plan.table.names;
  for (let i = 0; i < plan.count; i++) {
    if (producerNode[i]! >= 0) continue;
    const f = flags[i]!;
    if (f & IS_INITIALIZER) {
      kind[i] = KIND_STATIC;
    } else if (f & IS_GRAPH_INPUT) {
      kind[i] = KIND_PRE_EXISTING;
    } else if (exec.outerScope.has(names[i]!)) {
      kind[i] = KIND_PRE_EXISTING;
      flags[i] = f | IS_OUTER_SCOPE;
    } else if (f & IS_GRAPH_OUTPUT) {
      throw new PlanError('bad-model', `Graph output '${names[i]}' is not produced by any node, graph input or initializer`);
    }
    uses[i]!++;
  }
}

/** ComputeReuseCount: one use per input slot (implicit ones too) and per output of each node in order. */
function countUses(order: readonly number[], slots: Int32Array, slotStart: Int32Array, uses: Int32Array): void {
  for (let step = 0; step < order.length; step++) {
    const nodeIndex = order[step]!;
    for (let s = slotStart[nodeIndex]!; s < slotStart[nodeIndex + 1]!; s++) {
      const v = slots[s]!;
      if (v >= 0) uses[v]!++;
    }
  }
}
