/**
 * The graph ORT executes, built from a decoded Graph the way ORT's Graph constructor and first
 * Resolve do (ort-graph-at-disabled.md §1 step 0 and step 8):
 * - Constant nodes become initializers named after their output and are removed before indexing;
 * - a node with neither inputs nor outputs is dropped (also before indexing);
 * - node index = position among the remaining NodeProtos;
 * - sparse initializers become dense initializers;
 * - implicit inputs of subgraph nodes are the outer-scope names their bodies read (recursively);
 * - initializers no node reads and no graph output names are dropped, with the graph input of the
 *   same name if there is one.
 */
import { AttributeType } from '../onnx/onnxSchema';
import { DataType, tensorByteSize } from '../onnx/dataType';
import type { Attribute, Graph, Node, TensorInfo } from '../onnx/model';
import type { ExecGraph, ExecNode } from './execGraph';
import { isOnnxDomain, normalizeDomain } from '../onnx/domain';

/** Outer-scope names a graph reads but does not define, in first-use order (memoized per Graph object). */
export function outerNamesOf(g: Graph, memo: WeakMap<Graph, string[]> = new WeakMap()): string[] {
  const cached = memo.get(g);
  if (cached) return cached;
  const defined = new Set<string>();
  for (const v of g.inputs) defined.add(v.name);
  for (const t of g.initializers) defined.add(t.name);
  for (const t of g.sparseInitializers) defined.add(t.name);
  for (const n of g.nodes) for (const o of n.outputs) if (o !== '') defined.add(o);
  const seen = new Set<string>();
  const out: string[] = [];
  const use = (name: string): void => {
    if (name === '' || defined.has(name) || seen.has(name)) return;
    seen.add(name);
    out.push(name);
  };
  for (const n of g.nodes) {
    n.inputs.forEach(use);
    for (const sg of subgraphsOf(n)) outerNamesOf(sg.graph, memo).forEach(use);
  }
  g.outputs.forEach((o) => use(o.name));
  memo.set(g, out);
  return out;
}

/** The subgraph attributes of a node, in attribute order (GRAPH and GRAPHS attributes). */
export function subgraphsOf(n: Pick<Node, 'attributes'>): { attribute: string; graph: Graph }[] {
  const out: { attribute: string; graph: Graph }[] = [];
  for (const a of n.attributes) {
    if (a.type === AttributeType.GRAPH && a.g) out.push({ attribute: a.name, graph: a.g });
    else if (a.type === AttributeType.GRAPHS && a.graphs) a.graphs.forEach((g, i) => out.push({ attribute: `${a.name}[${i}]`, graph: g }));
  }
  return out;
}

function scalarTensor(name: string, dataType: number, dims: number[], values: number[] | null, strings?: string[]): TensorInfo {
  const count = dims.reduce((a, b) => a * b, 1);
  return {
    name,
    dataType,
    dims,
    byteSize: tensorByteSize(dataType, count),
    storedBytes: tensorByteSize(dataType, count),
    external: null,
    values,
    strings: strings ?? null,
  };
}

/** The initializer a Constant node turns into, or null when it carries no recognized value attribute. */
export function constantToTensor(n: Pick<Node, 'attributes' | 'outputs'>): TensorInfo | null {
  const name = n.outputs[0] ?? '';
  const a: Attribute | undefined = n.attributes[0];
  if (!a) return null;
  switch (a.name) {
    case 'value':
      return a.t ? { ...a.t, name } : null;
    case 'sparse_value': {
      const s = a.sparseTensor;
      return s ? { name, dataType: s.dataType, dims: s.dims, byteSize: s.denseByteSize, storedBytes: s.denseByteSize, external: null, values: null } : null;
    }
    case 'value_float':
      return scalarTensor(name, DataType.FLOAT, [], [a.f ?? 0]);
    case 'value_floats':
      return scalarTensor(name, DataType.FLOAT, [a.floats?.length ?? 0], a.floats ?? []);
    case 'value_int':
      return scalarTensor(name, DataType.INT64, [], [a.i ?? 0]);
    case 'value_ints':
      return scalarTensor(name, DataType.INT64, [a.ints?.length ?? 0], a.ints ?? []);
    case 'value_string':
      return scalarTensor(name, DataType.STRING, [], null, [a.s ?? '']);
    case 'value_strings':
      return scalarTensor(name, DataType.STRING, [a.strings?.length ?? 0], null, a.strings ?? []);
    default:
      return null;
  }
}

const EMPTY_SET: Set<string> = new Set();
/**
 * Shared by every node without subgraphs (nothing mutates these lists in place; edits replace
 * them): two empty arrays per node were 400k arrays at 200k nodes.
 */
const NO_SUBGRAPHS: { attribute: string; graph: Graph }[] = [];
const NO_IMPLICIT_INPUTS: string[] = [];

function hasGraphAttribute(n: Pick<Node, 'attributes'>): boolean {
  for (const a of n.attributes) if ((a.type === AttributeType.GRAPH && a.g) || (a.type === AttributeType.GRAPHS && a.graphs)) return true;
  return false;
}

/** Builds the ExecGraph of `graph` as ORT loads it; `outerScope` holds the names visible from enclosing graphs. */
export function buildExecGraph(graph: Graph, outerScope: ReadonlySet<string> = new Set(), memo: WeakMap<Graph, string[]> = new WeakMap()): ExecGraph {
  const initializers = new Map<string, TensorInfo>();
  for (const t of graph.initializers) initializers.set(t.name, t);
  for (const s of graph.sparseInitializers) {
    initializers.set(s.name, { name: s.name, dataType: s.dataType, dims: s.dims, byteSize: s.denseByteSize, storedBytes: s.denseByteSize, external: null, values: null });
  }
  // Made at the graph's node count and cut to the nodes kept (grown by push, it was seven arrays in
  // large-object space at 200k nodes).
  const nodes = new Array<ExecNode>(graph.nodes.length);
  let kept = 0;
  for (const n of graph.nodes) {
    if (n.opType === 'Constant' && isOnnxDomain(n.domain) && n.outputs.length === 1) {
      const t = constantToTensor(n);
      if (t) {
        initializers.set(t.name, t);
        continue;
      }
    }
    if (n.inputs.length === 0 && n.outputs.length === 0) continue;
    const subgraphs = hasGraphAttribute(n) ? subgraphsOf(n) : NO_SUBGRAPHS;
    const implicit: string[] = subgraphs.length > 0 ? [] : NO_IMPLICIT_INPUTS;
    // Only subgraph holders have implicit inputs; a Set for every node was 200k Sets at 200k nodes.
    const seen = subgraphs.length > 0 ? new Set<string>() : EMPTY_SET;
    for (const sg of subgraphs) {
      for (const name of outerNamesOf(sg.graph, memo)) {
        if (!seen.has(name)) {
          seen.add(name);
          implicit.push(name);
        }
      }
    }
    nodes[kept] = {
      index: kept,
      name: n.name,
      opType: n.opType,
      domain: normalizeDomain(n.domain),
      // The decoded arrays themselves: GraphEditor replaces a node's arrays, never edits them.
      inputs: n.inputs,
      outputs: n.outputs,
      attributes: n.attributes,
      implicitInputs: implicit,
      subgraphs,
      inserted: false,
      origin: null,
    };
    kept++;
  }
  nodes.length = kept;
  // Resolve drops initializers that no node reads and no graph output names, even one the graph
  // also lists as an input: ORT then drops that input too (checked with ORT 1.30 at IR 3 and 8).
  const read = new Set<string>();
  // Without initializers there is nothing to drop (and no need for a set of every name read).
  if (initializers.size > 0) {
    for (const n of nodes) {
      for (const v of n.inputs) read.add(v);
      for (const v of n.implicitInputs) read.add(v);
    }
    for (const o of graph.outputs) read.add(o.name);
  }
  const dropped = new Set<string>();
  for (const name of [...initializers.keys()]) {
    if (read.has(name)) continue;
    initializers.delete(name);
    dropped.add(name);
  }
  return {
    nodes,
    initializers,
    inputs: graph.inputs.filter((v) => !initializers.has(v.name) && !dropped.has(v.name)),
    initializerInputs: graph.inputs.filter((v) => initializers.has(v.name)),
    outputs: graph.outputs.slice(),
    valueInfo: graph.valueInfo.slice(),
    outerScope: new Set(outerScope),
    nameCounter: { next: 0 },
    version: 0,
    uncovered: [],
  };
}
