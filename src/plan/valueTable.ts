/**
 * The values of one ExecGraph as integers: each name gets its index in ORT's OrtValue index order
 * (graph inputs; then node by node in index order, its inputs, implicit inputs and outputs; then
 * graph outputs: how SessionState fills its OrtValueNameIdxMap), and each node's value slots are
 * those indices. It does not depend on the execution order, so the order (executionOrder.ts) and
 * the allocation plan (allocationPlan.ts) both read it, and every name of the graph is looked up
 * in one Map once: string-keyed lookups were cache misses that grew faster than the graph (a
 * 200k-value Map took 3× longer per lookup than a 10k one).
 */
import type { ExecGraph } from './execGraph';

export interface ValueTable {
  /** Value names by index. */
  readonly names: readonly string[];
  /** Index by name. */
  readonly index: ReadonlyMap<string, number>;
  /**
   * Node i's slots at slots[slotStart[i]] .. slots[slotStart[i + 1] - 1]: its inputs, implicit
   * inputs, then outputs, each a value index or -1 for ''. A removed node has none.
   */
  readonly slots: Int32Array;
  readonly slotStart: Int32Array;
}

/** The value table of `exec` (see file comment). */
export function valueTable(exec: ExecGraph): ValueTable {
  const names: string[] = [];
  const index = new Map<string, number>();
  const idOf = (name: string): number => {
    let i = index.get(name);
    if (i === undefined) {
      i = names.length;
      names.push(name);
      index.set(name, i);
    }
    return i;
  };
  for (const v of exec.inputs) idOf(v.name);
  const slotStart = new Int32Array(exec.nodes.length + 1);
  let slotCount = 0;
  for (const n of exec.nodes) if (n) slotCount += n.inputs.length + n.implicitInputs.length + n.outputs.length;
  const slots = new Int32Array(slotCount);
  let s = 0;
  for (let i = 0; i < exec.nodes.length; i++) {
    slotStart[i] = s;
    const n = exec.nodes[i];
    if (!n) continue;
    for (const v of n.inputs) slots[s++] = v !== '' ? idOf(v) : -1;
    for (const v of n.implicitInputs) slots[s++] = idOf(v);
    for (const v of n.outputs) slots[s++] = v !== '' ? idOf(v) : -1;
  }
  slotStart[exec.nodes.length] = s;
  for (const v of exec.outputs) idOf(v.name);
  return { names, index, slots, slotStart };
}
