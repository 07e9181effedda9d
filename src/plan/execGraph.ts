/**
 * The graph ORT executes at graphOptimizationLevel 'disabled' (ort-graph-at-disabled.md):
 * Constant nodes turned into initializers, node indices as ORT assigns them, and the nodes ORT
 * inserts (inlined function bodies, precision Casts, duplicated DequantizeLinear).
 *
 * Invariants:
 * - `nodes[i].index === i` for live nodes; removed nodes leave `undefined` gaps (indices are never reused).
 * - `implicitInputs` are outer-scope names read by a node's subgraphs (they get edges in ORT too).
 * - `nameCounter` is ORT's per-Graph `name_generator_`, shared by GenerateNodeName and GenerateNodeArgName.
 */
import type { Graph, NodeCore, TensorInfo, ValueInfo } from '../onnx/model';

/** A node as ORT executes it; `name` is NodeProto.name ('' if none) or the generated name of an inserted node. */
export interface ExecNode extends NodeCore {
  index: number;
  implicitInputs: string[];
  /** Subgraph attributes in attribute order. */
  subgraphs: { attribute: string; graph: Graph }[];
  /** True for nodes ORT created (not in GraphProto.node). */
  inserted: boolean;
  /** Where the node came from, for display: e.g. 'InsertCastTransformer', 'inline:Softmax'. */
  origin: string | null;
}

export interface ExecGraph {
  /** Indexed by node index; gaps are undefined. */
  nodes: (ExecNode | undefined)[];
  /** Initializers after Constant conversion and Resolve's removal of unused ones. */
  initializers: Map<string, TensorInfo>;
  /** Graph inputs that are not initializers (ORT's PreExisting feeds). */
  inputs: ValueInfo[];
  /**
   * Graph inputs that are also initializers (older exporters list every weight as an input). ORT
   * plans them as initializers, but from IR version 4 a caller may feed them instead, so ORT's own
   * shape inference does not read their contents (graph.cc: "will not be treated as constant").
   */
  initializerInputs: ValueInfo[];
  outputs: ValueInfo[];
  valueInfo: ValueInfo[];
  /** Outer-scope names visible to this graph (empty for the main graph). */
  outerScope: Set<string>;
  nameCounter: { next: number };
  /** Bumped by GraphEditor on every change (nodes, wiring, attributes, initializers): what a memo of this graph keys on. */
  version: number;
  /** Changes ORT makes that this model could not reproduce; become uncovered terms. */
  uncovered: { term: string; reason: string }[];
}
