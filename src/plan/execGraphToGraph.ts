/**
 * A decoded-Graph view of an ExecGraph, so shape inference (which reads `Graph`) can type the
 * graph ORT executes, including the nodes and initializers ORT created.
 */
import type { Graph } from '../onnx/model';
import type { ExecGraph } from './execGraph';
import { presentEntries } from '../onnx/presentEntries';

/**
 * The live nodes of `exec` in index order as a Graph; initializers and I/O as ORT holds them (the
 * inputs with the initializers the file lists as inputs, which a caller may override). Each
 * node keeps its ORT index: inference labels a nameless node `OpType_index` and names the
 * data-dependent dims it generates after it (`NonZero_7.count`), so after ORT removed or inserted
 * nodes the label is still the one ORT gives that node, not its position in the list.
 *
 * The nodes are the ExecNodes themselves (a copy per node was 200k objects at 200k nodes): the
 * Graph is a view of `exec` at its current version. GraphEditor edits a node by replacing its
 * arrays in place and bumps the version, after which callers make a new view (graphReport's memo).
 */
export function execGraphToGraph(exec: ExecGraph, name = 'exec'): Graph {
  return {
    name,
    nodes: presentEntries(exec.nodes),
    initializers: [...exec.initializers.values()],
    sparseInitializers: [],
    // Initializers listed as inputs stay listed: inference treats them as overridable (IR 4 on), as ORT's does.
    inputs: exec.initializerInputs.length === 0 ? exec.inputs : [...exec.inputs, ...exec.initializerInputs],
    outputs: exec.outputs,
    valueInfo: exec.valueInfo,
  };
}
