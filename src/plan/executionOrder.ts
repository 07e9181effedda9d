/**
 * ORT's DEFAULT execution order (ort-planner.md §1): GraphViewer's reverse DFS from the leaves.
 *
 *   leaves (nodes without output edges), ascending index  →  stack
 *   pop: leave-marker → emit; unvisited → mark, push marker, push input producers ascending
 *   so the highest-index input producer is explored first and the highest-index leaf runs first.
 *
 * Edges come from explicit inputs and from implicit (outer-scope) inputs of subgraph nodes.
 */
import { PlanError } from '../onnx/lensError';
import type { ExecGraph, ExecNode } from './execGraph';
import { valueTable, type ValueTable } from './valueTable';

/** The name ORT's profile shows for a node: its name, or `OpType_index` when unnamed. */
export function nodeDisplayName(node: Pick<ExecNode, 'name' | 'opType' | 'index'>): string {
  return node.name !== '' ? node.name : `${node.opType}_${node.index}`;
}

/**
 * Node indices of `exec` in ORT's DEFAULT order. Throws PlanError 'bad-model' for an input nobody
 * defines and 'cycle' when the nodes do not form a DAG. Linear in nodes + edges (plus the sorts).
 * `table`: the graph's value table when the caller has it (planStatic shares it with the plan).
 */
export function computeExecutionOrder(exec: ExecGraph, table: ValueTable = valueTable(exec)): number[] {
  const inputNodes = inputProducers(exec, table);
  const size = exec.nodes.length;
  const hasOutputEdge = new Uint8Array(size);
  for (let e = 0; e < inputNodes.to.length; e++) hasOutputEdge[inputNodes.to[e]!] = 1;
  let liveCount = 0;
  for (const n of exec.nodes) if (n) liveCount++;
  // Entries are encoded as index*2 + (leave ? 1 : 0) in a flat typed stack, made at its largest
  // size: each sink is pushed once, and each node, visited once, pushes its leave entry and at most
  // one entry per input slot.
  const stack = new Int32Array(2 * liveCount + inputNodes.to.length);
  let top = 0;
  for (const n of exec.nodes) if (n && !hasOutputEdge[n.index]) stack[top++] = n.index * 2;
  const visited = new Uint8Array(size);
  // Made at its length: a node is visited once, so it leaves once (grown by push, a 200k-node order
  // was seven arrays in large-object space).
  const order = new Array<number>(liveCount);
  let emitted = 0;
  while (top > 0) {
    const e = stack[--top]!;
    const idx = e >> 1;
    if (e & 1) {
      order[emitted++] = idx;
      continue;
    }
    if (visited[idx]) continue;
    visited[idx] = 1;
    stack[top++] = idx * 2 + 1;
    for (let k = inputNodes.start[idx]!; k < inputNodes.start[idx + 1]!; k++) {
      const p = inputNodes.to[k]!;
      if (!visited[p]) stack[top++] = p * 2;
    }
  }
  if (emitted !== liveCount || !isTopological(order, inputNodes, size)) {
    throw new PlanError('cycle', `Cycle through node '${nodeDisplayName(exec.nodes[findCycleNode(exec, inputNodes)]!)}'`);
  }
  return order;
}

/**
 * Per node index, the producers of its inputs and implicit inputs, ascending (one entry per input
 * slot, as before), in flat arrays: node i's are to[start[i]] .. to[start[i + 1] - 1]. An array per
 * node was 200k arrays at 200k nodes, all alive until the order was done.
 */
interface InputProducers {
  start: Int32Array;
  to: Int32Array;
}

/** By value index: the index of the node producing it, -1 for none. Two producers of one name is a bad model. */
export function producersByValue(exec: ExecGraph, table: ValueTable): Int32Array {
  const producer = new Int32Array(table.names.length).fill(-1);
  for (const n of exec.nodes) {
    if (!n) continue;
    const outStart = table.slotStart[n.index]! + n.inputs.length + n.implicitInputs.length;
    for (let s = outStart; s < table.slotStart[n.index + 1]!; s++) {
      const v = table.slots[s]!;
      if (v < 0) continue;
      const prev = producer[v]!;
      if (prev >= 0) {
        throw new PlanError('duplicate-name', `Value '${table.names[v]}' is produced by both node '${nodeDisplayName(exec.nodes[prev]!)}' and node '${nodeDisplayName(n)}'`);
      }
      producer[v] = n.index;
    }
  }
  return producer;
}

function inputProducers(exec: ExecGraph, table: ValueTable): InputProducers {
  const producer = producersByValue(exec, table);
  const size = exec.nodes.length;
  const start = new Int32Array(size + 1);
  const to = new Int32Array(table.slots.length);
  let count = 0;
  let defined: Set<string> | null = null;
  for (let index = 0; index < size; index++) {
    const n = exec.nodes[index];
    start[index] = count;
    if (!n) continue;
    const first = table.slotStart[index]!;
    const reads = first + n.inputs.length + n.implicitInputs.length;
    for (let s = first; s < reads; s++) {
      const v = table.slots[s]!;
      if (v < 0) continue;
      const p = producer[v]!;
      if (p < 0) {
        // Only the values no node produces are checked by name (graph inputs, weights, outer names).
        if (defined === null) {
          defined = new Set<string>(exec.initializers.keys());
          for (const i of exec.inputs) defined.add(i.name);
          for (const name of exec.outerScope) defined.add(name);
        }
        const name = table.names[v]!;
        if (!defined.has(name)) {
          throw new PlanError('bad-model', `Input '${name}' of node '${nodeDisplayName(n)}' is not produced by any node, graph input, initializer or outer-scope value`);
        }
        continue;
      }
      to[count++] = p;
    }
    to.subarray(start[index]!, count).sort();
  }
  start[size] = count;
  return { start, to: to.subarray(0, count) };
}

function isTopological(order: number[], inputNodes: InputProducers, size: number): boolean {
  const pos = new Int32Array(size).fill(-1);
  order.forEach((idx, i) => (pos[idx] = i));
  for (const idx of order) {
    for (let k = inputNodes.start[idx]!; k < inputNodes.start[idx + 1]!; k++) if (pos[inputNodes.to[k]!]! >= pos[idx]!) return false;
  }
  return true;
}

/** A node that lies on a cycle: Kahn's algorithm leaves cycle nodes and their descendants; walk back until a repeat. */
function findCycleNode(exec: ExecGraph, inputNodes: InputProducers): number {
  const producersOf = (i: number): Int32Array => inputNodes.to.subarray(inputNodes.start[i]!, inputNodes.start[i + 1]!);
  const indegree = new Int32Array(exec.nodes.length);
  const consumers: number[][] = exec.nodes.map(() => []);
  for (const n of exec.nodes) {
    if (!n) continue;
    for (const p of producersOf(n.index)) {
      indegree[n.index]!++;
      consumers[p]!.push(n.index);
    }
  }
  const queue: number[] = [];
  for (const n of exec.nodes) if (n && indegree[n.index] === 0) queue.push(n.index);
  const done = new Uint8Array(exec.nodes.length);
  while (queue.length > 0) {
    const i = queue.pop()!;
    done[i] = 1;
    for (const c of consumers[i]!) if (--indegree[c]! === 0) queue.push(c);
  }
  let cur = exec.nodes.findIndex((n) => n !== undefined && !done[n.index]);
  const seen = new Set<number>();
  while (!seen.has(cur)) {
    seen.add(cur);
    cur = producersOf(cur).find((p) => !done[p])!;
  }
  return cur;
}
