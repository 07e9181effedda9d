/**
 * A topological order for inference. Nodes may come in any file order; subgraph-holding nodes
 * also depend on the producers of the outer-scope names their bodies read. Nodes caught in a
 * cycle (or reading a name nobody produces later) are appended in file order, so inference still
 * visits every node once and reports their unknown inputs instead of failing.
 */
import type { Graph } from '../onnx/model';
import type { ShapeNode } from './ruleContext';

/** Names read anywhere inside the node's subgraph attributes (nested bodies included). */
export function subgraphReads(node: ShapeNode): string[] {
  const names: string[] = [];
  const visit = (g: Graph): void => {
    for (const n of g.nodes) {
      for (const i of n.inputs) if (i) names.push(i);
      for (const a of n.attributes) {
        if (a.g) visit(a.g);
        for (const sg of a.graphs ?? []) visit(sg);
      }
    }
  };
  for (const a of node.attributes) {
    if (a.g) visit(a.g);
    for (const sg of a.graphs ?? []) visit(sg);
  }
  return names;
}

/** Kahn's order over the live nodes (FIFO by file position), then any leftovers in file order. */
export function inferenceOrder(nodes: readonly (ShapeNode | undefined)[]): ShapeNode[] {
  const live = nodes.filter((n): n is ShapeNode => n !== undefined);
  const order: ShapeNode[] = [];
  for (const i of inferenceOrderIndices(live)) order.push(live[i]!);
  return order;
}

/**
 * `inferenceOrder` as positions in `live` (every entry defined). The edges go into flat typed
 * arrays instead of one array per node: at 200k nodes the per-node arrays were a large share of
 * what the scavenger had to copy.
 */
export function inferenceOrderIndices(live: readonly ShapeNode[]): Int32Array {
  const count = live.length;
  const producer = new Map<string, number>();
  for (let i = 0; i < count; i++) for (const o of live[i]!.outputs) if (o) producer.set(o, i);
  // Edges p -> i, once per (p, i), in ascending i: lastReader[p] === i when i already has its edge from p.
  const lastReader = new Int32Array(count).fill(-1);
  const indegree = new Int32Array(count);
  const outStart = new Int32Array(count + 1);
  let from = new Int32Array(Math.max(16, count));
  let to = new Int32Array(from.length);
  let edges = 0;
  for (let i = 0; i < count; i++) {
    const n = live[i]!;
    const reads = n.attributes.some((a) => a.g || a.graphs) ? subgraphReads(n) : null;
    const total = n.inputs.length + (reads ? reads.length : 0);
    for (let k = 0; k < total; k++) {
      const name = k < n.inputs.length ? n.inputs[k]! : reads![k - n.inputs.length]!;
      if (name === '') continue;
      const p = producer.get(name);
      if (p === undefined || p === i || lastReader[p] === i) continue;
      lastReader[p] = i;
      if (edges === from.length) {
        from = grow(from);
        to = grow(to);
      }
      from[edges] = p;
      to[edges++] = i;
      outStart[p + 1]!++;
      indegree[i]!++;
    }
  }
  for (let p = 0; p < count; p++) outStart[p + 1]! += outStart[p]!;
  // Consumers of each p in ascending node order (edges come in ascending i), as Kahn's FIFO needs.
  const fill = outStart.slice(0, count);
  const consumers = new Int32Array(edges);
  for (let e = 0; e < edges; e++) consumers[fill[from[e]!]!++] = to[e]!;
  const queue = new Int32Array(count);
  let tail = 0;
  for (let i = 0; i < count; i++) if (indegree[i] === 0) queue[tail++] = i;
  const done = new Uint8Array(count);
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    done[i] = 1;
    for (let e = outStart[i]!; e < outStart[i + 1]!; e++) {
      const c = consumers[e]!;
      if (--indegree[c]! === 0) queue[tail++] = c;
    }
  }
  for (let i = 0; i < count; i++) if (!done[i]) queue[tail++] = i;
  return queue;
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
