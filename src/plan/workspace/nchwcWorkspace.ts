/**
 * Arena scratch of the `com.microsoft.nchwc` kernels (graphs optimized at level 'all'): none. Their
 * Compute (contrib_ops/cpu/nchwc_ops.cc) allocates only its output; MLAS's convolution and pooling
 * work buffers are MLAS's own thread-local memory (a "private library allocation", an uncovered
 * term), and NchwcUpsample's interpolation tables are heap vectors, off the arena. The oracle's
 * `all` batch checks this against ORT's node stats (total_temp_allocations).
 */
import { zero } from './opView';
import type { WorkspaceRule } from './workspaceRule';

const SOURCE = 'contrib_ops/cpu/nchwc_ops.cc';

const none: WorkspaceRule = { source: SOURCE, estimate: () => zero(SOURCE) };

/** Op label → rule for every NCHWc op. */
export const NCHWC_WORKSPACE: Record<string, WorkspaceRule> = Object.fromEntries(
  ['ReorderInput', 'ReorderOutput', 'Conv', 'MaxPool', 'AveragePool', 'GlobalMaxPool', 'GlobalAveragePool', 'Upsample'].map((op) => [`com.microsoft.nchwc::${op}`, none]),
);
