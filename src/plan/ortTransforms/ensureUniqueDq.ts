/**
 * ORT's EnsureUniqueDQForNodeUnit (ort-graph-at-disabled.md §5): a DequantizeLinear shared by
 * several consumers is copied so that each QDQ node unit owns its DQ. Runs at every level unless
 * `session.disable_quant_qdq` is set.
 */
import type { ExecNode } from '../execGraph';
import { computeExecutionOrder } from '../executionOrder';
import type { GraphEditor } from './graphEditor';

const ORIGIN = 'EnsureUniqueDQForNodeUnit';

function isDequantizeLinear(n: ExecNode): boolean {
  return n.opType === 'DequantizeLinear' && (n.domain === '' || n.domain === 'com.microsoft');
}

/** One output edge of the DQ: a consumer and the input slot reading the DQ output. */
interface Edge {
  consumer: number;
  slot: number;
  implicit: boolean;
}

function outputEdges(g: GraphEditor, value: string): Edge[] {
  const edges: Edge[] = [];
  for (const c of g.consumers(value)) {
    const n = g.node(c)!;
    n.inputs.forEach((v, slot) => v === value && edges.push({ consumer: c, slot, implicit: false }));
    n.implicitInputs.forEach((v, k) => v === value && edges.push({ consumer: c, slot: n.inputs.length + k, implicit: true }));
  }
  return edges.sort((a, b) => a.consumer - b.consumer || a.slot - b.slot);
}

/** Duplicates shared DequantizeLinear nodes, visiting them in DEFAULT order. Returns the number of copies. */
export function ensureUniqueDq(g: GraphEditor): number {
  let copies = 0;
  // Most graphs have no DequantizeLinear: skip the order (a cycle still fails in the planner's own order).
  if (!g.someLiveNode(isDequantizeLinear)) return 0;
  for (const idx of computeExecutionOrder(g.graph)) {
    const dq = g.node(idx);
    if (!dq || !isDequantizeLinear(dq)) continue;
    const out = dq.outputs[0] ?? '';
    const edges = outputEdges(g, out);
    const feedsGraphOutput = g.graphOutputs.has(out);
    if (edges.length === 0 || (edges.length === 1 && !feedsGraphOutput)) continue;
    const explicit = edges.filter((e) => !e.implicit);
    const keepOriginal = !feedsGraphOutput && explicit.length === edges.length;
    for (const e of keepOriginal ? explicit.slice(1) : explicit) {
      const arg = g.generateNodeArgName(`${out}/duplicated`);
      const name = g.generateNodeName(`${dq.name}/duplicated`);
      g.addNode({ name, opType: dq.opType, domain: dq.domain, inputs: [...dq.inputs], outputs: [arg], attributes: dq.attributes, implicitInputs: [], subgraphs: [], inserted: true, origin: ORIGIN });
      g.setInput(e.consumer, e.slot, arg);
      copies++;
    }
  }
  return copies;
}
