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

/** The name ORT's profile shows for a node: its name, or `OpType_index` when unnamed. */
export function nodeDisplayName(node: Pick<ExecNode, 'name' | 'opType' | 'index'>): string {
  return node.name !== '' ? node.name : `${node.opType}_${node.index}`;
}

/** Maps every value produced by a node to that node's index. Two producers of one name is a bad model. */
export function producerIndex(exec: ExecGraph): Map<string, number> {
  const producer = new Map<string, number>();
  for (const n of exec.nodes) {
    if (!n) continue;
    for (const o of n.outputs) {
      if (o === '') continue;
      const prev = producer.get(o);
      if (prev !== undefined) {
        throw new PlanError('duplicate-name', `Value '${o}' is produced by both node '${nodeDisplayName(exec.nodes[prev]!)}' and node '${nodeDisplayName(n)}'`);
      }
      producer.set(o, n.index);
    }
  }
  return producer;
}

/**
 * Node indices of `exec` in ORT's DEFAULT order. Throws PlanError 'bad-model' for an input nobody
 * defines and 'cycle' when the nodes do not form a DAG. Linear in nodes + edges (plus the sorts).
 */
export function computeExecutionOrder(exec: ExecGraph): number[] {
  const producer = producerIndex(exec);
  const defined = new Set<string>(exec.initializers.keys());
  for (const v of exec.inputs) defined.add(v.name);
  for (const name of exec.outerScope) defined.add(name);
  const inputNodes: number[][] = [];
  const hasOutputEdge = new Uint8Array(exec.nodes.length);
  let liveCount = 0;
  for (const n of exec.nodes) {
    if (!n) continue;
    liveCount++;
    const ins: number[] = [];
    const explicitCount = n.inputs.length;
    for (let k = 0; k < explicitCount + n.implicitInputs.length; k++) {
      const v = k < explicitCount ? n.inputs[k]! : n.implicitInputs[k - explicitCount]!;
      if (v === '') continue;
      const p = producer.get(v);
      if (p === undefined) {
        if (!defined.has(v)) {
          throw new PlanError('bad-model', `Input '${v}' of node '${nodeDisplayName(n)}' is not produced by any node, graph input, initializer or outer-scope value`);
        }
        continue;
      }
      ins.push(p);
      hasOutputEdge[p] = 1;
    }
    inputNodes[n.index] = ins.sort((a, b) => a - b);
  }
  const stack: number[] = [];
  // Entries are encoded as index*2 + (leave ? 1 : 0) to keep the stack a flat number array.
  for (const n of exec.nodes) if (n && !hasOutputEdge[n.index]) stack.push(n.index * 2);
  const visited = new Uint8Array(exec.nodes.length);
  const order: number[] = [];
  while (stack.length > 0) {
    const e = stack.pop()!;
    const idx = e >> 1;
    if (e & 1) {
      order.push(idx);
      continue;
    }
    if (visited[idx]) continue;
    visited[idx] = 1;
    stack.push(idx * 2 + 1);
    for (const p of inputNodes[idx]!) if (!visited[p]) stack.push(p * 2);
  }
  if (order.length !== liveCount || !isTopological(order, inputNodes, exec.nodes.length)) {
    throw new PlanError('cycle', `Cycle through node '${nodeDisplayName(exec.nodes[findCycleNode(exec, inputNodes)]!)}'`);
  }
  return order;
}

function isTopological(order: number[], inputNodes: number[][], size: number): boolean {
  const pos = new Int32Array(size).fill(-1);
  order.forEach((idx, i) => (pos[idx] = i));
  for (const idx of order) for (const p of inputNodes[idx]!) if (pos[p]! >= pos[idx]!) return false;
  return true;
}

/** A node that lies on a cycle: Kahn's algorithm leaves cycle nodes and their descendants; walk back until a repeat. */
function findCycleNode(exec: ExecGraph, inputNodes: number[][]): number {
  const indegree = new Int32Array(exec.nodes.length);
  const consumers: number[][] = exec.nodes.map(() => []);
  for (const n of exec.nodes) {
    if (!n) continue;
    for (const p of inputNodes[n.index]!) {
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
    cur = inputNodes[cur]!.find((p) => !done[p])!;
  }
  return cur;
}
