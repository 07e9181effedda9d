/**
 * Plain-data inputs and results of the workspace (L2 scratch) and prepack (L1) estimators, so the
 * planner can call them per executed node and tests can call them without a model.
 */
import type { Attribute } from '../../onnx/model';

/** A tensor with bindings applied: ONNX dtype number and dims (null = unknown dim). */
export interface TensorDesc {
  dtype: number;
  dims: (number | null)[];
  /** Small contents known before the run (constants, values fixed with --value), row-major; absent or null when unknown. */
  value?: readonly number[] | null;
}

/** The parts of an executed node the estimators read (ExecNode satisfies it). */
export interface WorkspaceNode {
  /** The node's name, for the message of an internal error. */
  name?: string;
  opType: string;
  domain: string;
  attributes: Attribute[];
  /** Input names; '' marks an omitted optional input. */
  inputs: string[];
  outputs: string[];
}

/** What the estimators may ask about a node's inputs and outputs. */
export interface WorkspaceIo {
  /** Descriptors aligned with `node.inputs`; null when the input is omitted or its type is unknown. */
  inputs: (TensorDesc | null)[];
  /** Descriptors aligned with `node.outputs`; null when unknown. */
  outputs: (TensorDesc | null)[];
  /** True when the name is a constant initializer (what ORT's PrePack and TryGetConstantInput see). */
  isConstant(name: string): boolean;
  /** True when the name is a graph output. */
  isGraphOutput(name: string): boolean;
  /** Values of a small constant initializer (zero points, ...), or null when unknown. Optional. */
  constantValues?(name: string): number[] | null;
}

/** Session facts the formulas depend on. */
export interface WorkspaceEnv {
  /** Intra-op threads (ORT's degree of parallelism); ORT's default is the physical core count. */
  threads: number;
  /** Per-core L2 cache bytes, as ORT's CPU info reports it (drives flash-attention block sizes). */
  l2CacheBytes: number;
  /** Declared maximum of GroupQueryAttention's total_sequence_length (the KV-length envelope). */
  maxTotalSequenceLength?: number;
  /** Opset of the node's domain, when known (Softmax's axis rule changed at 13). */
  opset?: number;
}

/** Default session facts: 2 intra-op threads (the physical cores here), 1 MiB per-core L2. */
export const DEFAULT_WORKSPACE_ENV: WorkspaceEnv = { threads: 2, l2CacheBytes: 1024 * 1024 };

/** Known zero, a formula, or unavailable (bytes null, reason set). */
export type WorkspaceEstimateState = 'zero' | 'formula' | 'unavailable';

/** Summed scratch bytes a node requests during Compute (ORT's `total_temp_allocations`). */
export interface WorkspaceEstimate {
  state: WorkspaceEstimateState;
  /** Requested bytes (not arena-rounded); 0 for 'zero'; null for 'unavailable'. */
  bytes: number | null;
  /** Why the bytes are unavailable, or a note on a bound; null otherwise. */
  reason: string | null;
  /** The ORT source file (under onnxruntime/) the rule comes from; '' when there is no rule. */
  source: string;
}

/** One packed copy a kernel builds at session init for a constant input. */
export interface PrepackPiece {
  /** The input name that is packed. */
  input: string;
  /** Bytes of the packed copy; null when unknown. */
  packedBytes: number | null;
  reason: string | null;
  /** True when packing counts as a use of the original, so a sole-consumer original is freed. */
  releasesOriginal: boolean;
  /** The machine-dependent kernel whose layout the size follows (the session label names it); absent when none. */
  kernel?: string;
  /**
   * True when this layout's buffer is a plain arena allocation (`alloc->Alloc`, a chunk) although
   * the op's other layouts are reserved (`MakeUniquePtr(…, true)`): overrides the op's facet.
   */
  arenaChunk?: boolean;
}

/** The packs one node builds at session init (empty when it packs nothing). */
export interface PrepackEstimate {
  packs: PrepackPiece[];
}
