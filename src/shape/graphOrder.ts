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
  const producer = new Map<string, number>();
  live.forEach((n, i) => {
    for (const o of n.outputs) if (o) producer.set(o, i);
  });
  const consumers: number[][] = live.map(() => []);
  const indegree = new Array<number>(live.length).fill(0);
  // lastReader[p] === i when node i already has its edge from p: one edge per producer, without a Set per node.
  const lastReader = new Int32Array(live.length).fill(-1);
  const addEdge = (name: string, i: number): void => {
    if (name === '') return;
    const p = producer.get(name);
    if (p === undefined || p === i || lastReader[p] === i) return;
    lastReader[p] = i;
    consumers[p].push(i);
    indegree[i]++;
  };
  live.forEach((n, i) => {
    for (const name of n.inputs) addEdge(name, i);
    if (n.attributes.some((a) => a.g || a.graphs)) for (const name of subgraphReads(n)) addEdge(name, i);
  });
  const queue: number[] = [];
  indegree.forEach((d, i) => {
    if (d === 0) queue.push(i);
  });
  const done = new Array<boolean>(live.length).fill(false);
  const order: ShapeNode[] = [];
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head];
    done[i] = true;
    order.push(live[i]);
    for (const c of consumers[i]) if (--indegree[c] === 0) queue.push(c);
  }
  live.forEach((n, i) => {
    if (!done[i]) order.push(n);
  });
  return order;
}
