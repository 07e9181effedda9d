/** The plan of one value, as the allocation planner fills it (allocationPlan.ts, allocationRules.ts). */
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
