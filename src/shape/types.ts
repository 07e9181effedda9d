/**
 * Results of type and shape inference, shared by src/shape (producer) and src/plan (consumer).
 *
 * Every tensor value carries two shapes:
 * - `staticShape`: what ORT's own graph resolution knows at session creation (ONNX-style inference,
 *   constant initializers and ORT's own data propagation, merged with declared value_info). It drives ORT's SameSize check and
 *   the "known shape of rank > 0" test of freelist reuse. Dims are numbers, dim_param names, or null.
 * - `shape`: what the run will see: bindings applied, small int tensors propagated through
 *   Shape/Gather/Concat/... chains. Dims are numbers, symbolic expressions, or null (unknown).
 */
import type { Graph } from '../onnx/model';

/** A symbolic dimension expression: `coefficient × Π symbols` (symbols sorted, may repeat), or a sum of such terms. */
export type SymDim = number | { expr: string } | null;

/** The element kind of a value. */
export type ValueKind = 'tensor' | 'sequence' | 'map' | 'optional' | 'sparse_tensor' | 'opaque' | 'unknown';

/** One value's inferred type: kind, dtype, runtime and ORT static shapes, small contents, and why anything is unknown. */
export interface InferredValue {
  kind: ValueKind;
  /** ONNX DataType number of the tensor (or of the sequence/optional element tensor); null if unknown. */
  dtype: number | null;
  /** Runtime shape (see file comment); null = unknown rank. */
  shape: SymDim[] | null;
  /** ORT static shape (see file comment); null = unknown rank. */
  staticShape: (number | string | null)[] | null;
  /** Propagated small integer contents (Shape outputs, constants, ...), row-major; null if unknown. */
  value: number[] | null;
  /** Why the shape or type is (partly) unknown, e.g. "no shape rule for com.x::Foo"; null if fully known. */
  reason: string | null;
  /** A sequence's element shapes in order (runtime channel), when the count and every position are known. */
  elements?: SymDim[][];
}

/** Inference result of one graph, with its subgraph bodies' results nested by Graph object. */
export interface InferenceResult {
  /** Every value name of this graph (inputs, initializers, node outputs) → its inferred type. */
  values: ReadonlyMap<string, InferredValue>;
  /** Results for subgraph bodies, keyed by the Graph object found in the node attribute. */
  subgraphs: Map<Graph, InferenceResult>;
  /** Top-level result only: the data-dependent symbols the run pass generated (e.g. 'NonZero_3.count'), in any body too; absent when none. */
  generatedSymbols?: string[];
}
