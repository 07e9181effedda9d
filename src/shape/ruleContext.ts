/**
 * What a per-op shape rule sees and returns.
 *
 * Inference runs twice over a graph, once per channel (see types.ts): in the static pass dims are
 * numbers, dim_param symbols or null, dim arithmetic on symbols gives null (ONNX never invents
 * names), and tensor contents are known only for constant initializers and for what ORT's
 * resolution propagates (staticDataPropagation.ts); in the runtime pass
 * bindings are substituted, arithmetic builds symbolic expressions and small tensor contents are
 * propagated. A rule is written once against `RuleContext` and is unaware of which pass runs it,
 * except through `ctx.dim` (mode-aware arithmetic) and `ctx.dataDependent`.
 */
import type { Attribute, Graph, NodeCore, TensorInfo } from '../onnx/model';
import type { PropagatedData } from './staticDataPropagation';
import type { SymDim, ValueKind } from './types';

/** A value as one pass sees it. `value` holds small tensor contents (numbers, or symbolic ints), row-major. */
export interface Val {
  kind: ValueKind;
  dtype: number | null;
  shape: SymDim[] | null;
  value: SymDim[] | null;
  reason: string | null;
  /** For kind 'optional': whether the element is a tensor or a sequence (default tensor). */
  elemKind?: ValueKind;
  /** For kind 'sequence': each element's shape in order, when the count and every position are known. */
  elements?: SymDim[][];
  /** Static pass only: data ORT's graph resolution propagated to this value (then `value` holds it). */
  prop?: PropagatedData;
}

/** The node fields inference needs; both the decoded Node and the planner's ExecNode fit. */
export interface ShapeNode extends NodeCore {
  /** ORT node index when known (ExecNode); used only to name generated symbols. */
  index?: number;
}

/** Dim arithmetic of the current pass: exact in the runtime pass, numbers-only in the static pass. */
export interface DimOps {
  add(a: SymDim, b: SymDim): SymDim;
  sub(a: SymDim, b: SymDim): SymDim;
  mul(a: SymDim, b: SymDim): SymDim;
  /** Floor division; unknown unless exact for expressions. */
  div(a: SymDim, b: SymDim): SymDim;
}

/** Everything a rule may read about the node being inferred. */
export interface RuleContext {
  readonly node: ShapeNode;
  /** Display label: node name, or `OpType_index` as ORT's profile writes unnamed nodes. */
  readonly label: string;
  /** Opset version imported for the node's domain (0 if not imported). */
  readonly opset: number;
  readonly isStatic: boolean;
  /** One entry per node input; null for an omitted optional input (''). */
  readonly inputs: readonly (Val | null)[];
  readonly dim: DimOps;
  /** The session's NCHWc block size (com.microsoft.nchwc ops pad channels to it); null when unknown. */
  readonly nchwcBlockSize: number | null;
  /** True when output `i` exists and is not ''. */
  hasOutput(i: number): boolean;
  attr(name: string): Attribute | undefined;
  int(name: string, dflt: number): number;
  intOrNull(name: string): number | null;
  ints(name: string): number[] | null;
  float(name: string, dflt: number): number;
  floats(name: string): number[] | null;
  string(name: string, dflt: string): string;
  tensorAttr(name: string): TensorInfo | null;
  /**
   * A dim that only the data decides (NonZero count, Loop trip count...): in the runtime pass the
   * binding for `<label>.<what>` or that symbol; in the static pass unknown.
   */
  dataDependent(what: string): SymDim;
  /**
   * A Loop's iteration number as its body's contents see it: in the runtime pass the symbol
   * `<label>.iteration`, which contents may carry (a Slice from i to i + 1 is one long) but a dim
   * may not (it would change every iteration: such a dim is unknown); in the static pass unknown.
   */
  iterationNumber(): SymDim;
  /** Infers the body graph of attribute `name` with the given formal input values; outputs by position. */
  inferBody(graph: Graph, inputs: (Val | null)[]): Val[];
}

/** Result of a rule for one output; omitted fields default to tensor kind, no value, no reason. */
export interface OutSpec {
  kind?: ValueKind;
  elemKind?: ValueKind;
  dtype: number | null;
  shape: SymDim[] | null;
  value?: SymDim[] | null;
  reason?: string | null;
  /** For kind 'sequence': each element's shape in order, when known (Val.elements). */
  elements?: SymDim[][];
}

/** A shape rule: one OutSpec (or null = leave unknown) per node output, by position. */
export type ShapeRule = (ctx: RuleContext) => (OutSpec | null)[];
