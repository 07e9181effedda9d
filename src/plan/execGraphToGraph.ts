/**
 * A decoded-Graph view of an ExecGraph, so shape inference (which reads `Graph`) can type the
 * graph ORT executes, including the nodes and initializers ORT created.
 */
import type { Graph } from '../onnx/model';
import type { ExecGraph } from './execGraph';

/**
 * The live nodes of `exec` in index order as a Graph; initializers and I/O as ORT holds them. Each
 * node keeps its ORT index: inference labels a nameless node `OpType_index` and names the
 * data-dependent dims it generates after it (`NonZero_7.count`), so after ORT removed or inserted
 * nodes the label is still the one ORT gives that node, not its position in the list.
 */
export function execGraphToGraph(exec: ExecGraph, name = 'exec'): Graph {
  return {
    name,
    nodes: exec.nodes
      .filter((n) => n !== undefined)
      .map((n) => ({ index: n!.index, name: n!.name, opType: n!.opType, domain: n!.domain, inputs: n!.inputs, outputs: n!.outputs, attributes: n!.attributes })),
    initializers: [...exec.initializers.values()],
    sparseInitializers: [],
    inputs: exec.inputs,
    outputs: exec.outputs,
    valueInfo: exec.valueInfo,
  };
}
