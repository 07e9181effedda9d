/**
 * A topological order for inference. Nodes may come in any file order; subgraph-holding nodes
 * also depend on the producers of the outer-scope names their bodies read. Nodes caught in a
 * cycle (or reading a name nobody produces later) are appended in file order, so inference still
 * visits every node once and reports their unknown inputs instead of failing.
 */
import type { Graph } from '../onnx/model';
import type { ShapeNode } from './ruleContext';
import { presentEntries } from '../onnx/presentEntries';

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
  const live = presentEntries(nodes);
  const order: ShapeNode[] = [];
  for (const i of inferenceOrderIndices(live)) order.push(live[i]!);
  return order;
}

/**
 * The values of a node list as integers: every name a node reads or writes has an id (the names in
 * `preset` first, in their order, then the nodes' outputs and inputs in file order), and each live
 * node's inputs and outputs are ids (-1 for ''): node i's inputs are inIds[inStart[i]] ..
 * inIds[inStart[i + 1] - 1], its outputs likewise in outIds. Inference and its order look values up
 * by these instead of by name: string-keyed Maps of every value were cache misses that grew faster
 * than the graph.
 */
export interface NodeSlots {
  readonly names: readonly string[];
  readonly ids: ReadonlyMap<string, number>;
  readonly inStart: Int32Array;
  readonly inIds: Int32Array;
  readonly outStart: Int32Array;
  readonly outIds: Int32Array;
}

/** The slots of `live` (see NodeSlots). */
export function nodeSlots(live: readonly ShapeNode[], preset: readonly string[] = []): NodeSlots {
  const count = live.length;
  const inStart = new Int32Array(count + 1);
  const outStart = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) {
    inStart[i + 1] = inStart[i]! + live[i]!.inputs.length;
    outStart[i + 1] = outStart[i]! + live[i]!.outputs.length;
  }
  // Every id is a preset name or a slot's: the names list is made at that bound and cut to its
  // length at the end (grown by push, it was seven arrays in large-object space at 200k nodes).
  const names = new Array<string>(preset.length + inStart[count]! + outStart[count]!);
  let named = 0;
  const ids = new Map<string, number>();
  const idOf = (name: string): number => {
    let i = ids.get(name);
    if (i === undefined) {
      i = named++;
      names[i] = name;
      ids.set(name, i);
    }
    return i;
  };
  for (const name of preset) idOf(name);
  const inIds = new Int32Array(inStart[count]!);
  const outIds = new Int32Array(outStart[count]!);
  // A node output is nearly always a new name: it is inserted with one probe of the Map (set, and
  // the size tells whether it was new), not a get and then a set. A repeated name (a graph that
  // defines one twice) gets its first id back; past a few of those, outputs go through idOf.
  let repeats = 0;
  const outputIdOf = (name: string): number => {
    if (repeats > 16) return idOf(name);
    const before = ids.size;
    const i = named;
    ids.set(name, i);
    if (ids.size !== before) {
      names[named++] = name;
      return i;
    }
    repeats++;
    const first = names.indexOf(name);
    ids.set(name, first);
    return first;
  };
  for (let i = 0; i < count; i++) {
    const outs = live[i]!.outputs;
    for (let k = 0; k < outs.length; k++) outIds[outStart[i]! + k] = outs[k] ? outputIdOf(outs[k]!) : -1;
  }
  // Most inputs are an output of one of the few nodes just before (a file lists its nodes in an
  // order that runs): those are found among the outputs of the RECENT nodes before, by comparing
  // names, and only the others go through the Map. Its lookups were a cache miss or more each on a
  // 200k-entry table (~4x their cost on a 10k one); every id is what the Map holds for the name.
  for (let i = 0; i < count; i++) {
    const ins = live[i]!.inputs;
    for (let k = 0; k < ins.length; k++) {
      const name = ins[k]!;
      inIds[inStart[i]! + k] = name ? recentOutputId(live, outStart, outIds, i, name) ?? idOf(name) : -1;
    }
  }
  names.length = named;
  return { names, ids, inStart, inIds, outStart, outIds };
}

/** How many nodes before a node nodeSlots searches for the producer of an input before the Map. */
const RECENT = 8;

/** The id of `name` when it is an output of one of the RECENT nodes before `i` (the nearest first), else undefined. */
function recentOutputId(live: readonly ShapeNode[], outStart: Int32Array, outIds: Int32Array, i: number, name: string): number | undefined {
  for (let j = i - 1, stop = Math.max(0, i - RECENT); j >= stop; j--) {
    const outs = live[j]!.outputs;
    for (let m = 0; m < outs.length; m++) if (outs[m] === name) return outIds[outStart[j]! + m];
  }
  return undefined;
}

/**
 * `inferenceOrder` as positions in `live` (every entry defined). The edges go into flat typed
 * arrays instead of one array per node: at 200k nodes the per-node arrays were a large share of
 * what the scavenger had to copy. `slots`: nodeSlots(live) when the caller has it.
 */
export function inferenceOrderIndices(live: readonly ShapeNode[], slots: NodeSlots = nodeSlots(live)): Int32Array {
  const count = live.length;
  // The producer of each value id; a name produced twice keeps its last producer.
  const producer = new Int32Array(slots.names.length).fill(-1);
  for (let i = 0; i < count; i++) for (let s = slots.outStart[i]!; s < slots.outStart[i + 1]!; s++) if (slots.outIds[s]! >= 0) producer[slots.outIds[s]!] = i;
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
      const id = k < n.inputs.length ? slots.inIds[slots.inStart[i]! + k]! : (slots.ids.get(reads![k - n.inputs.length]!) ?? -1);
      if (id < 0) continue;
      const p = producer[id]!;
      if (p < 0 || p === i || lastReader[p] === i) continue;
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
