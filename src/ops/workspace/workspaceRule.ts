/** The shape of one per-op workspace table entry. */
import type { OpView } from './opView';
import type { WorkspaceEstimate } from './types';

/** One op's scratch rule: the ORT source file it comes from and the estimate itself. */
export interface WorkspaceRule {
  /** ORT source file under onnxruntime/ that the formula was read from (facts only). */
  source: string;
  /** Computes the node's summed scratch request; may throw SizeUnknown. */
  estimate(v: OpView): WorkspaceEstimate;
}
