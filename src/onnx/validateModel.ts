/**
 * Structural checks on a decoded model that later stages rely on: no negative tensor dims (a
 * declared shape's negative dim is decoded as unknown, as ORT reads it), one
 * definition per value name in each graph, and a main graph that does something.
 * Cycles are left to the planner, which sees the executed order.
 */
import { LensError } from './lensError';
import type { Attribute, Graph, Model, TensorInfo } from './model';

/**
 * Throws LensError 'bad-model' for a negative dimension, and 'duplicate-name' when one graph
 * defines a value twice (a graph input may share its name with an initializer: that is ONNX's
 * overridable initializer). A graph without nodes is valid: ORT 1.30 runs it (its outputs are its
 * inputs or initializers), so it gets a report of 0 steps.
 */
export function validateModel(model: Model): void {
  for (const fn of model.functions) {
    for (const node of fn.nodes) forEachSubgraph(node.attributes, validateGraph);
  }
  validateGraph(model.graph);
}

function validateGraph(graph: Graph): void {
  for (const t of graph.initializers) checkTensorDims(t, `initializer '${t.name}'`);
  for (const s of graph.sparseInitializers) {
    const d = s.dims.find((x) => x < 0);
    if (d !== undefined) throw new LensError('bad-model', `Negative dimension ${d} in sparse initializer '${s.name}'`);
  }
  checkUniqueDefinitions(graph);
  for (const node of graph.nodes) {
    for (const a of node.attributes) {
      for (const t of a.t ? [a.t, ...(a.tensors ?? [])] : (a.tensors ?? [])) {
        checkTensorDims(t, `tensor '${t.name}' of attribute '${a.name}' of node '${node.name || node.opType}'`);
      }
    }
    forEachSubgraph(node.attributes, validateGraph);
  }
}

function forEachSubgraph(attributes: Attribute[], visit: (g: Graph) => void): void {
  for (const a of attributes) {
    if (a.g) visit(a.g);
    for (const g of a.graphs ?? []) visit(g);
  }
}

function checkTensorDims(t: TensorInfo, where: string): void {
  const d = t.dims.find((x) => x < 0);
  if (d !== undefined) throw new LensError('bad-model', `Negative dimension ${d} in ${where}`);
}

/**
 * Each name is defined once per graph: by a graph input, an initializer, or a node output (an
 * initializer may repeat a graph input: its default value). One Set insertion per definition,
 * and the definers are named only when a repeat is found: a lookup and an insertion per name,
 * plus a description string per node output, were a large share of decoding a 200k-node graph.
 */
function checkUniqueDefinitions(graph: Graph): void {
  const defined = new Set<string>();
  const add = (name: string): boolean => {
    const before = defined.size;
    defined.add(name);
    return defined.size !== before;
  };
  for (const v of graph.inputs) if (v.name !== '' && !add(v.name)) duplicate(graph, v.name);
  // Inputs an initializer has given a default: a second initializer of the name is a repeat.
  let inputs: Set<string> | null = null;
  const defaulted = new Set<string>();
  const addInitializer = (name: string): void => {
    if (name === '' || add(name)) return;
    inputs ??= new Set(graph.inputs.map((v) => v.name));
    if (!inputs.has(name) || defaulted.has(name)) duplicate(graph, name);
    defaulted.add(name);
  };
  for (const t of graph.initializers) addInitializer(t.name);
  for (const t of graph.sparseInitializers) addInitializer(t.name);
  for (let i = 0; i < graph.nodes.length; i++) {
    const outs = graph.nodes[i]!.outputs;
    for (let k = 0; k < outs.length; k++) if (outs[k] !== '' && !add(outs[k]!)) duplicate(graph, outs[k]!);
  }
}

/** Throws the duplicate-name error for `name`: its definers in definition order, the last one kept before the repeat and the repeat. */
function duplicate(graph: Graph, name: string): never {
  let previous: string | undefined;
  const define = (by: string, isInitializer: boolean): void => {
    if (previous !== undefined && !(isInitializer && previous === 'graph input')) {
      throw new LensError('duplicate-name', `Value '${name}' in graph '${graph.name}' is defined twice (by ${previous} and by ${by})`);
    }
    previous = by;
  };
  for (const v of graph.inputs) if (v.name === name) define('graph input', false);
  for (const t of graph.initializers) if (t.name === name) define('an initializer', true);
  for (const t of graph.sparseInitializers) if (t.name === name) define('a sparse initializer', true);
  for (const node of graph.nodes) for (const out of node.outputs) if (out === name) define(`node '${node.name || node.opType}'`, false);
  throw new LensError('internal', `Value '${name}' in graph '${graph.name}' was found twice but no repeat was`);
}
