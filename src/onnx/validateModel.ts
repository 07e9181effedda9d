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

/** Each name is defined once per graph: by a graph input, an initializer, or a node output. */
function checkUniqueDefinitions(graph: Graph): void {
  const definedBy = new Map<string, string>();
  const define = (name: string, by: string, isInitializer = false): void => {
    if (name === '') return;
    const previous = definedBy.get(name);
    if (previous !== undefined && !(isInitializer && previous === 'graph input')) {
      throw new LensError('duplicate-name', `Value '${name}' in graph '${graph.name}' is defined twice (by ${previous} and by ${by})`);
    }
    definedBy.set(name, by);
  };
  for (const v of graph.inputs) define(v.name, 'graph input');
  for (const t of graph.initializers) define(t.name, 'an initializer', true);
  for (const s of graph.sparseInitializers) define(s.name, 'a sparse initializer', true);
  for (const node of graph.nodes) {
    for (const out of node.outputs) define(out, `node '${node.name || node.opType}'`);
  }
}
