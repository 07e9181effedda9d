/**
 * The decoded model: everything the planner needs, and never the weight bytes.
 *
 * Invariants:
 * - A tensor's payload is described by `byteSize` (from dims × dtype, or the stored length) and,
 *   for external data, by where it lives. Only small tensors (see `SMALL_VALUE_LIMIT`) carry
 *   `values`, so that shape inference can propagate Shape/Reshape constants.
 * - Names are untrusted text from the file: never interpret them as markup.
 */
import { normalizeDomain } from './domain';

/** Tensors with at most this many elements keep their decoded numeric values. */
export const SMALL_VALUE_LIMIT = 1024;

/** A dimension as stored: a known size, a symbolic name (`dim_param`), or unknown (`null`). */
export type StoredDim = number | string | null;

/** A TypeProto, reduced to what shape inference and planning need. */
export type TypeInfo =
  | { kind: 'tensor'; elemType: number; shape: StoredDim[] | null }
  | { kind: 'sparse_tensor'; elemType: number; shape: StoredDim[] | null }
  | { kind: 'sequence'; elem: TypeInfo | null }
  | { kind: 'map'; keyType: number; value: TypeInfo | null }
  | { kind: 'optional'; elem: TypeInfo | null }
  | { kind: 'opaque'; domain: string; name: string };

/** A ValueInfoProto: a name and its declared type, if any. */
export interface ValueInfo {
  name: string;
  type: TypeInfo | null;
}

/** Where a tensor's payload lives. External data is located (and stat-checked), never read. */
export interface ExternalDataRef {
  location: string;
  offset: number;
  /** Bytes from the `length` key, or null when the key is absent (then the rest of the file). */
  length: number | null;
}

/** A TensorProto without its bytes. */
export interface TensorInfo {
  name: string;
  dataType: number;
  dims: number[];
  /** Logical payload bytes (product of dims × element size), null when not computable. */
  byteSize: number | null;
  /** Why `byteSize` is null (e.g. a string tensor, a dim beyond 2^53); absent when it is known. */
  byteSizeReason?: string;
  /**
   * Bytes actually stored in the file (raw_data / typed fields / external length); null when neither
   * a stored length nor the logical size is known (never 0 for unknown).
   */
  storedBytes: number | null;
  external: ExternalDataRef | null;
  /** Decoded values for small numeric tensors (≤ SMALL_VALUE_LIMIT elements), else null. */
  values: number[] | null;
  /** String payloads for small string tensors, else null. */
  strings?: string[] | null;
}

/** A SparseTensorProto: ORT turns it into a dense initializer at load. */
export interface SparseTensorInfo {
  name: string;
  dataType: number;
  dims: number[];
  /** Dense payload bytes after ORT densifies it (product of dims × element size). */
  denseByteSize: number | null;
  /** Why `denseByteSize` is null; absent when it is known. */
  byteSizeReason?: string;
  nnz: number;
}

/** An AttributeProto. Only the field selected by `type` is meaningful. */
export interface Attribute {
  name: string;
  /** AttributeType number (see `AttributeType` in onnxSchema.ts). */
  type: number;
  refAttrName?: string;
  f?: number;
  i?: number;
  s?: string;
  t?: TensorInfo;
  g?: Graph;
  floats?: number[];
  ints?: number[];
  strings?: string[];
  tensors?: TensorInfo[];
  graphs?: Graph[];
  sparseTensor?: SparseTensorInfo;
  tp?: TypeInfo | null;
}

/** A NodeProto. `inputs` keeps '' for omitted optional inputs, exactly as stored. */
export interface Node extends NodeCore {
  overload?: string;
}

/** What every node view shares (decoded, executed, inference, function body): name, op and wiring. */
export interface NodeCore {
  name: string;
  opType: string;
  domain: string;
  inputs: string[];
  outputs: string[];
  attributes: Attribute[];
}

/** A GraphProto. */
export interface Graph {
  name: string;
  nodes: Node[];
  initializers: TensorInfo[];
  sparseInitializers: SparseTensorInfo[];
  inputs: ValueInfo[];
  outputs: ValueInfo[];
  valueInfo: ValueInfo[];
}

/** A model-local FunctionProto. */
export interface FunctionInfo {
  name: string;
  domain: string;
  overload?: string;
  inputs: string[];
  outputs: string[];
  attributes: string[];
  attributeDefaults: Attribute[];
  nodes: Node[];
  opsets: OpsetImport[];
  valueInfo: ValueInfo[];
}

/** An OperatorSetIdProto; the default domain is ''. 'ai.onnx' is normalized to ''. */
export interface OpsetImport {
  domain: string;
  version: number;
}

/** A decoded ModelProto. */
export interface Model {
  irVersion: number;
  producerName: string;
  producerVersion: string;
  domain: string;
  modelVersion: number;
  docString: string;
  opsets: OpsetImport[];
  metadata: { key: string; value: string }[];
  graph: Graph;
  functions: FunctionInfo[];
}

/** Finds an attribute by name. */
export function findAttribute(node: Pick<Node, 'attributes'>, name: string): Attribute | undefined {
  return node.attributes.find((a) => a.name === name);
}

/** The opset version the model imports for a domain ('' and 'ai.onnx' are the same), or undefined. */
export function opsetVersion(model: Pick<Model, 'opsets'>, domain: string): number | undefined {
  const d = normalizeDomain(domain);
  return model.opsets.find((o) => o.domain === d)?.version;
}
