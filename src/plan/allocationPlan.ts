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
import type { PlanView } from './planTypes';
import type { InferredValue } from '../shape/types';
import type { ExecGraph, ExecNode } from './execGraph';
import { OUTPUT_RULES, type PlannerState } from './allocationRules';
import { Freelist } from './freelist';
import { lookupKernel } from './kernelTable';
import type { ValuePlan } from './valuePlan';
import { typeAtIndex, valueTable, type ValueIndex, type ValueTable } from './valueTable';
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
  constructor(
    private readonly index: ValueIndex,
    private readonly values: readonly ValuePlan[],
  ) {}

  get(name: string): ValuePlan | undefined {
    const i = this.index.get(name);
    return i === undefined ? undefined : this.values[i];
  }

  has(name: string): boolean {
    return this.index.has(name);
  }
}

/** What every value no step reads shares as its `consumers` (never written). */
const NO_CONSUMERS: number[] = [];

/** The allocation plan of one graph: values in OrtValue index order, and a lookup by name. */
export interface AllocationPlan {
  values: ValuePlan[];
  byName: ValueLookup;
  /** The value table the plan's ortIndexes come from. */
  table: ValueTable;
  /** By ortIndex: the ortIndex of the value's root (`root` as an index; a root is its own). */
  rootOf: Int32Array;
  /**
   * Each node's value slots (inputs, implicit inputs, outputs; null for ''), node i's at
   * slots[slotStart[i]] .. slots[slotStart[i + 1] - 1]: later passes read a node's values here
   * instead of looking every name up in `byName`.
   */
  slots: readonly (ValuePlan | null)[];
  slotStart: Int32Array;
}

/** Plans every value of the graph the way ORT 1.30's sequential planner does (parallel view: rules 3 and 5 off). */
export function computeAllocationPlan(input: AllocationPlanInput): AllocationPlan {
  const { exec, order, typeOf, opsets, view } = input;
  const table = input.table ?? valueTable(exec);
  const initNames = exec.initializers;

  const values: ValuePlan[] = table.names.map((name, ortIndex) => ({
    name,
    ortIndex,
    allocKind: 'Allocate',
    root: name,
    reuseVia: null,
    reusedFrom: null,
    producedAt: -1,
    producerNode: null,
    consumers: NO_CONSUMERS,
    isGraphInput: false,
    isGraphOutput: false,
    isInitializer: false,
    isOuterScope: false,
  }));
  const byName = new ValueLookup(table.index, values);
  // The flags are set from the (few) inputs, outputs and initializers, not by a set lookup per value.
  for (const i of exec.inputs) values[table.index.get(i.name)!]!.isGraphInput = true;
  for (const o of exec.outputs) values[table.index.get(o.name)!]!.isGraphOutput = true;
  for (const name of initNames.keys()) {
    const v = byName.get(name);
    if (v) v.isInitializer = true;
  }
  // Each node's value slots (inputs, then implicit inputs, then outputs; '' is null), node i's at
  // slots[slotStart[i]] ..: the passes below index them instead of looking every name up.
  const slotStart = table.slotStart;
  const slots: (ValuePlan | null)[] = new Array(table.slots.length);
  for (let s = 0; s < table.slots.length; s++) {
    const id = table.slots[s]!;
    slots[s] = id >= 0 ? values[id]! : null;
  }
  const inputSlot = (n: ExecNode, i: number): ValuePlan | null => slots[slotStart[n.index]! + i]!;
  const outputSlot = (n: ExecNode, k: number): ValuePlan | null => slots[slotStart[n.index]! + n.inputs.length + n.implicitInputs.length + k]!;

  // Producers, and how many steps read each value: the consumer lists are then made at their
  // length (a list grown by push from [] holds 17 slots, 150 bytes a value at 200k values).
  const consumerCount = new Int32Array(values.length);
  const lastReader = new Int32Array(values.length).fill(-1);
  for (let step = 0; step < order.length; step++) {
    const nodeIndex = order[step]!;
    const n = exec.nodes[nodeIndex]!;
    const first = slotStart[nodeIndex]!;
    const readCount = n.inputs.length + n.implicitInputs.length;
    for (let s = first + readCount; s < slotStart[nodeIndex + 1]!; s++) {
      const v = slots[s];
      if (!v) continue;
      v.producedAt = step;
      v.producerNode = nodeIndex;
    }
    for (let s = first; s < first + readCount; s++) {
      const v = slots[s];
      if (v && lastReader[v.ortIndex] !== step) {
        lastReader[v.ortIndex] = step;
        consumerCount[v.ortIndex]!++;
      }
    }
  }
  const filled = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) if (consumerCount[i]! > 0) values[i]!.consumers = new Array<number>(consumerCount[i]!);
  for (let step = 0; step < order.length; step++) {
    const nodeIndex = order[step]!;
    const n = exec.nodes[nodeIndex]!;
    const first = slotStart[nodeIndex]!;
    const readCount = n.inputs.length + n.implicitInputs.length;
    for (let s = first; s < first + readCount; s++) {
      const v = slots[s];
      if (!v) continue;
      const at = filled[v.ortIndex]!;
      // Steps ascend, so a value read twice by one step has that step last already.
      if (at > 0 && v.consumers[at - 1] === step) continue;
      v.consumers[at] = step;
      filled[v.ortIndex] = at + 1;
    }
  }

  // Use counts by ortIndex, and each value's buffer owner by ortIndex (`root` names it; one hop).
  const uses: number[] = new Array<number>(values.length).fill(0);
  const owner: ValuePlan[] = values.slice();
  planInputsAndWeights(values, exec, uses);
  countUses(order, slots, slotStart, uses);
  for (const o of exec.outputs) uses[byName.get(o.name)!.ortIndex]!++;

  const freelist = new Freelist();
  // typeOf per value, asked once: the rules read the same outputs' and freed roots' types again.
  const types: (InferredValue | undefined | null)[] = new Array(values.length).fill(null);
  const typeAt = (v: ValuePlan): InferredValue | undefined => {
    const t = types[v.ortIndex];
    if (t !== null) return t;
    const found = typeAtIndex(table, input.ids, v.ortIndex) ?? typeOf(v.name);
    types[v.ortIndex] = found;
    return found;
  };
  const state: PlannerState = {
    isSequential: view === 'sequential',
    parentOpType: input.parentOpType,
    loopIterationInput: input.parentOpType === 'Loop' ? exec.inputs[0]?.name : undefined,
    typeOf, typeAt, byName, freelist, uses, owner, inputSlot,
  };
  // Declared once, not per node: closures created in the loop cost measurable time on big graphs.
  const release = (v: ValuePlan | null, step: number): void => {
    if (v === null) return;
    const original = owner[v.ortIndex]!;
    const left = uses[original.ortIndex]! - 1;
    uses[original.ortIndex] = left;
    if (left === 0) freelist.push(original, step);
  };

  for (let step = 0; step < order.length; step++) {
    const n = exec.nodes[order[step]!]!;
    const decl = lookupKernel(n.opType, n.domain, opsets[normalizeDomain(n.domain)]);
    for (let k = 0; k < n.outputs.length; k++) {
      if (n.outputs[k] === '') continue;
      const o = { n, k, v: outputSlot(n, k)!, decl };
      for (const rule of OUTPUT_RULES) if (rule.apply(state, o)) break;
    }
    for (let s = slotStart[n.index]!; s < slotStart[n.index + 1]!; s++) release(slots[s] ?? null, step);
  }

  const rootOf = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) rootOf[i] = owner[i]!.ortIndex;
  return { values, byName, table, rootOf, slots, slotStart };
}

/**
 * ComputePlanForInputsAndWeights: values no node produces. Initializers are AllocateStatically,
 * graph inputs and outer-scope values PreExisting; each gets one use for its caller, so it is never
 * freed or reused.
 */
function planInputsAndWeights(values: readonly ValuePlan[], exec: ExecGraph, uses: number[]): void {
  for (const v of values) {
    if (v.producerNode !== null) continue;
    if (v.isInitializer) {
      v.allocKind = 'AllocateStatically';
    } else if (v.isGraphInput) {
      v.allocKind = 'PreExisting';
    } else if (exec.outerScope.has(v.name)) {
      v.allocKind = 'PreExisting';
      v.isOuterScope = true;
    } else if (v.isGraphOutput) {
      throw new PlanError('bad-model', `Graph output '${v.name}' is not produced by any node, graph input or initializer`);
    }
    uses[v.ortIndex]!++;
  }
}

/** ComputeReuseCount: one use per input slot (implicit ones too) and per output of each node in order. */
function countUses(order: readonly number[], slots: readonly (ValuePlan | null)[], slotStart: Int32Array, uses: number[]): void {
  for (let step = 0; step < order.length; step++) {
    const nodeIndex = order[step]!;
    for (let s = slotStart[nodeIndex]!; s < slotStart[nodeIndex + 1]!; s++) {
      const v = slots[s];
      if (v) uses[v.ortIndex]!++;
    }
  }
}
