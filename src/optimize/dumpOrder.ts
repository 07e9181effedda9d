/**
 * ORT's execution order at a level, from the partition file of the session that saved the graph
 * (`session.node_partition_config_file`): `{"streams":[[name, ...]], ...}`. A named node is
 * written by its name; an unnamed one as its op type plus a per-op counter in execution order
 * (`Relu0`, `Relu1`, measured with onnxruntime-node 1.30). Names need not be unique (two nodes may
 * share one), so each entry takes the first not yet placed candidate whose inputs are all produced.
 */
import type { Graph } from '../onnx/model';

/** Node positions of `graph` in the dumped order, or why the dump does not describe the graph. */
export type DumpOrder = { ok: true; order: number[] } | { ok: false; reason: string };

/** Reads the node names of the partition file text, all streams in order. */
export function parsePartitionDump(text: string): string[] | null {
  try {
    const parsed = JSON.parse(text) as { streams?: unknown; type?: unknown };
    // A graph without nodes gets `{"type":"DeviceBasedPartitioner"}`: no streams at all.
    if (parsed.streams === undefined && typeof parsed.type === 'string') return [];
    if (!Array.isArray(parsed.streams)) return null;
    return parsed.streams.flatMap((s) => (Array.isArray(s) ? s.map(String) : []));
  } catch {
    return null;
  }
}

/** Maps the dumped names onto `graph.nodes` (see the file comment). */
export function orderFromDump(graph: Graph, names: readonly string[]): DumpOrder {
  const named = new Map<string, number[]>();
  const unnamed = new Map<string, number[]>();
  graph.nodes.forEach((n, i) => {
    const m = n.name !== '' ? named : unnamed;
    const key = n.name !== '' ? n.name : n.opType;
    const list = m.get(key);
    if (list) list.push(i);
    else m.set(key, [i]);
  });
  const available = new Set<string>(['']);
  for (const v of graph.inputs) available.add(v.name);
  for (const t of graph.initializers) available.add(t.name);
  for (const t of graph.sparseInitializers ?? []) available.add(t.name);
  const placed = new Uint8Array(graph.nodes.length);
  const order: number[] = [];
  const ready = (i: number): boolean => graph.nodes[i]!.inputs.every((x) => available.has(x));
  for (const name of names) {
    let candidates = named.get(name)?.filter((i) => !placed[i]);
    if (!candidates || candidates.length === 0) {
      const op = /^(.*?)\d+$/.exec(name)?.[1];
      candidates = op !== undefined ? unnamed.get(op)?.filter((i) => !placed[i]) : undefined;
    }
    if (!candidates || candidates.length === 0) return { ok: false, reason: `ORT's execution order names node '${name}', which is not in the graph ORT saved` };
    const pick = candidates.find(ready) ?? candidates[0]!;
    placed[pick] = 1;
    order.push(pick);
    for (const o of graph.nodes[pick]!.outputs) available.add(o);
  }
  if (order.length !== graph.nodes.length) return { ok: false, reason: `ORT's execution order lists ${order.length} nodes, the graph ORT saved has ${graph.nodes.length}` };
  return { ok: true, order };
}

/** `graph` with its nodes rewritten in `order` (positions in the old node list). */
export function reorderNodes(graph: Graph, order: readonly number[]): Graph {
  return { ...graph, nodes: order.map((i) => graph.nodes[i]!) };
}

/** A node as the body comparison sees it: op, domain, inputs and outputs (names and attributes aside). */
function nodeKey(n: Graph['nodes'][number]): string {
  return `${n.domain}\u0000${n.opType}\u0000${n.inputs.join('\u0001')}\u0000${n.outputs.join('\u0001')}`;
}

/** Whether two graphs list the same nodes in the same order, Constant nodes aside (ORT may keep or fold them). */
function sameNodes(a: Graph, b: Graph): boolean {
  const keys = (g: Graph): string[] => g.nodes.filter((n) => !(n.opType === 'Constant' && n.domain === '')).map(nodeKey);
  const ka = keys(a);
  const kb = keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}

/**
 * The bodies of `saved` (a graph ORT saved at an optimization level) whose node list is ORT's
 * execution order. ORT writes a graph it changed in its DEFAULT topological order, the order its
 * session runs it (the main graph's saved order equalled the dumped order on every corpus graph
 * at extended and all); a graph it did not change keeps the file's node order, from which the
 * order is computed as at 'disabled' (the generated Loop bodies: saved in file order, run in
 * reverse-DFS order). A body counts as changed when its nodes differ from the body of the
 * file's matching node (same op and first output), or when the file has no such body (an
 * inlined function's node). Measured with onnxruntime-node 1.30 on silero-vad's bodies, whose
 * recomputed order differed from ORT's once its optimizers had rewritten them.
 */
export function bodiesInSavedOrder(saved: Graph, file: Graph | null): Set<Graph> {
  const out = new Set<Graph>();
  const visit = (gs: Graph, gf: Graph | null): void => {
    const byOutput = new Map<string, Graph['nodes'][number]>();
    if (gf) for (const n of gf.nodes) if (n.outputs[0]) byOutput.set(`${n.opType}\u0000${n.outputs[0]}`, n);
    for (const ns of gs.nodes) {
      if (ns.attributes.length === 0) continue;
      const nf = ns.outputs[0] ? byOutput.get(`${ns.opType}\u0000${ns.outputs[0]}`) : undefined;
      for (const a of ns.attributes) {
        const fa = nf?.attributes.find((x) => x.name === a.name);
        const pairs: [Graph, Graph | null][] = [];
        if (a.g) pairs.push([a.g, fa?.g ?? null]);
        (a.graphs ?? []).forEach((g, i) => pairs.push([g, fa?.graphs?.[i] ?? null]));
        for (const [bs, bf] of pairs) {
          if (bf === null || !sameNodes(bs, bf)) out.add(bs);
          visit(bs, bf);
        }
      }
    }
  };
  visit(saved, file);
  return out;
}
