/**
 * The values of one ExecGraph as integers: each name gets its index in ORT's OrtValue index order
 * (graph inputs; then node by node in index order, its inputs, implicit inputs and outputs; then
 * graph outputs: how SessionState fills its OrtValueNameIdxMap), and each node's value slots are
 * those indices. It does not depend on the execution order, so the order (executionOrder.ts) and
 * the allocation plan (allocationPlan.ts) both read it.
 *
 * Names are looked up in as few Maps as possible: string-keyed lookups were cache misses that grew
 * faster than the graph (a 200k-value Map took 3× longer per lookup than a 10k one). Given the
 * inference of the same node list (InferenceIds), a node's explicit inputs and outputs are read at
 * their inference slots, names are found through the inference's one Map of names, and each value
 * keeps its inference id, so its type is read by index (typeAt) instead of by name.
 */
import type { InferenceIds } from '../shape/inferShapes';
import type { InferredValue } from '../shape/types';
import type { ExecGraph } from './execGraph';

/** Index by name. */
export interface ValueIndex {
  get(name: string): number | undefined;
  has(name: string): boolean;
}

export interface ValueTable {
  /** Value names by index. */
  readonly names: readonly string[];
  readonly index: ValueIndex;
  /**
   * Node i's slots at slots[slotStart[i]] .. slots[slotStart[i + 1] - 1]: its inputs, implicit
   * inputs, then outputs, each a value index or -1 for ''. A removed node has none.
   */
  readonly slots: Int32Array;
  readonly slotStart: Int32Array;
  /** The inference ids the table was made with (null: none), and each value's id there (-1: none). */
  readonly inference: { readonly slots: InferenceIds['slots']; readonly idOf: Int32Array } | null;
}

/** A value index over the inference's Map of names (for the names it holds) and a Map of the others. */
class JoinedIndex implements ValueIndex {
  constructor(
    private readonly inferenceIds: ReadonlyMap<string, number>,
    private readonly fromInference: Int32Array,
    private readonly others: ReadonlyMap<string, number>,
  ) {}

  get(name: string): number | undefined {
    const id = this.inferenceIds.get(name);
    if (id !== undefined && this.fromInference[id]! >= 0) return this.fromInference[id];
    return this.others.get(name);
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}

/** The value table of `exec` (see file comment); `ids`: an inference of exec's live nodes, when the caller has one. */
export function valueTable(exec: ExecGraph, ids?: InferenceIds): ValueTable {
  const slotStart = new Int32Array(exec.nodes.length + 1);
  let slotCount = 0;
  for (const n of exec.nodes) if (n) slotCount += n.inputs.length + n.implicitInputs.length + n.outputs.length;
  // Every name is a graph input, a slot or a graph output: the lists are made at that bound and cut
  // to the count at the end (grown by push, the names of a 200k-node graph were seven arrays in
  // large-object space, on fresh pages).
  const bound = exec.inputs.length + slotCount + exec.outputs.length;
  const names = new Array<string>(bound);
  let count = 0;
  const others = new Map<string, number>();
  const inferenceIds = ids?.slots.ids;
  // By inference id: the value index given to it (-1: none yet).
  const fromInference = new Int32Array(ids ? ids.slots.names.length : 0).fill(-1);
  const idOf = new Int32Array(bound);
  const byInferenceId = (infId: number, name: string): number => {
    let i = fromInference[infId]!;
    if (i < 0) {
      i = count++;
      names[i] = name;
      idOf[i] = infId;
      fromInference[infId] = i;
    }
    return i;
  };
  const byName = (name: string): number => {
    const infId = inferenceIds?.get(name);
    if (infId !== undefined) return byInferenceId(infId, name);
    let i = others.get(name);
    if (i === undefined) {
      i = count++;
      names[i] = name;
      idOf[i] = -1;
      others.set(name, i);
    }
    return i;
  };
  for (const v of exec.inputs) byName(v.name);
  const slots = new Int32Array(slotCount);
  let s = 0;
  let live = 0;
  for (let i = 0; i < exec.nodes.length; i++) {
    slotStart[i] = s;
    const n = exec.nodes[i];
    if (!n) continue;
    // The inference's live node at this position is this node (the typed graph is exec's live nodes in order).
    const at = ids && ids.live[live] === n ? live : -1;
    live++;
    for (let k = 0; k < n.inputs.length; k++) {
      const v = n.inputs[k]!;
      const infId = at >= 0 ? ids!.slots.inIds[ids!.slots.inStart[at]! + k]! : -1;
      slots[s++] = v === '' ? -1 : infId >= 0 && ids!.slots.names[infId] === v ? byInferenceId(infId, v) : byName(v);
    }
    for (const v of n.implicitInputs) slots[s++] = byName(v);
    for (let k = 0; k < n.outputs.length; k++) {
      const v = n.outputs[k]!;
      const infId = at >= 0 ? ids!.slots.outIds[ids!.slots.outStart[at]! + k]! : -1;
      slots[s++] = v === '' ? -1 : infId >= 0 && ids!.slots.names[infId] === v ? byInferenceId(infId, v) : byName(v);
    }
  }
  slotStart[exec.nodes.length] = s;
  for (const v of exec.outputs) byName(v.name);
  names.length = count;
  const index: ValueIndex = inferenceIds ? new JoinedIndex(inferenceIds, fromInference, others) : others;
  return { names, index, slots, slotStart, inference: ids ? { slots: ids.slots, idOf: idOf.slice(0, count) } : null };
}

/**
 * Value i's type in `ids` (an inference of the same node list as the table's, any binding), read
 * by index; undefined where the table has no inference id for it or `ids` is of another node list.
 */
export function typeAtIndex(table: ValueTable, ids: InferenceIds | undefined, i: number): InferredValue | undefined {
  if (!ids || !table.inference || table.inference.slots !== ids.slots) return undefined;
  const id = table.inference.idOf[i]!;
  return id >= 0 ? ids.byId[id] : undefined;
}
