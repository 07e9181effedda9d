/**
 * ORT's DEFAULT execution order (ort-planner.md §1): a reverse DFS from the leaves, exploring
 * the highest-index producer first. The transforms need it because InsertCastTransformer and
 * EnsureUniqueDQForNodeUnit visit nodes in this order of the graph as it is at that moment.
 */
import { PlanError } from '../../onnx/lensError';
import type { ExecGraph } from '../execGraph';

/** Node indices of `exec` in ORT's DEFAULT topological order. */
export function defaultOrder(exec: ExecGraph): number[] {
  const producer = new Map<string, number>();
  for (const n of exec.nodes) if (n) for (const o of n.outputs) if (o) producer.set(o, n.index);
  const inputNodes = new Map<number, number[]>();
  const hasOutputEdge = new Set<number>();
  for (const n of exec.nodes) {
    if (!n) continue;
    const ins: number[] = [];
    for (const v of [...n.inputs, ...n.implicitInputs]) {
      const p = v ? producer.get(v) : undefined;
      if (p === undefined) continue;
      ins.push(p);
      hasOutputEdge.add(p);
    }
    inputNodes.set(n.index, ins.sort((a, b) => a - b));
  }
  const stack: { index: number; leave: boolean }[] = [];
  for (const n of exec.nodes) if (n && !hasOutputEdge.has(n.index)) stack.push({ index: n.index, leave: false });
  const visited = new Set<number>();
  const order: number[] = [];
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (top.leave) {
      order.push(top.index);
      continue;
    }
    if (visited.has(top.index)) continue;
    visited.add(top.index);
    stack.push({ index: top.index, leave: true });
    for (const p of inputNodes.get(top.index) ?? []) if (!visited.has(p)) stack.push({ index: p, leave: false });
  }
  const live = exec.nodes.filter((n) => n !== undefined).length;
  if (order.length !== live) {
    const stuck = exec.nodes.find((n) => n && !visited.has(n.index));
    throw new PlanError('cycle', `Cycle through node '${stuck?.name || stuck?.opType || '?'}'`);
  }
  return order;
}
