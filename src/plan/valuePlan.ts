/**
 * The plan of one value as an object (AllocationPlan.values), and the codes of the plan's columns
 * (allocationPlan.ts, allocationRules.ts).
 */
import type { AllocKind, ReuseVia } from './planTypes';

/** The plan of one value. Steps are positions in the execution order; -1 means before step 0. */
export interface ValuePlan {
  name: string;
  /** ORT's OrtValue index order (inputs, then nodes by index: inputs, implicit inputs, outputs; then outputs). */
  ortIndex: number;
  allocKind: AllocKind;
  /** The value owning the buffer; the value itself when it owns one. */
  root: string;
  reuseVia: ReuseVia | null;
  /** For freelist reuse: the dead root taken and the step whose decrement freed it. */
  reusedFrom: { value: string; freedAfter: number } | null;
  producedAt: number;
  /** Node index of the producer, null for values that exist before step 0. */
  producerNode: number | null;
  /** Steps reading the value (explicit or implicit input), ascending, unique. */
  consumers: number[];
  isGraphInput: boolean;
  isGraphOutput: boolean;
  isInitializer: boolean;
  isOuterScope: boolean;
}

/** AllocKind by its code in `AllocationPlan.kind`. */
export const ALLOC_KINDS: readonly AllocKind[] = ['Allocate', 'Reuse', 'Share', 'AllocateStatically', 'PreExisting', 'AllocateOutput', 'AllocatedExternally'];
export const KIND_ALLOCATE = 0;
export const KIND_REUSE = 1;
export const KIND_SHARE = 2;
export const KIND_STATIC = 3;
export const KIND_PRE_EXISTING = 4;
export const KIND_OUTPUT = 5;
export const KIND_EXTERNAL = 6;

/** ReuseVia by its code in `AllocationPlan.via` (0: none). */
export const REUSE_VIAS: readonly (ReuseVia | null)[] = [null, 'alias', 'inplace', 'freelist'];
export const VIA_ALIAS = 1;
export const VIA_INPLACE = 2;
export const VIA_FREELIST = 3;

/** Bits of `AllocationPlan.flags`. */
export const IS_GRAPH_INPUT = 1;
export const IS_GRAPH_OUTPUT = 2;
export const IS_INITIALIZER = 4;
export const IS_OUTER_SCOPE = 8;
