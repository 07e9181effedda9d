/** Per-node L2 workspace: the summed scratch a CPU kernel requests during Compute. */
import { OpView, SizeUnknown, opLabel, unavailable } from './opView';
import type { WorkspaceEnv, WorkspaceEstimate, WorkspaceIo, WorkspaceNode } from './types';
import { WORKSPACE_TABLE } from './workspaceTable';

/**
 * Estimates the bytes ORT 1.30's CPU kernel for `node` requests from the temp allocator during one
 * Compute (the node-stats `total_temp_allocations`): known zero, a formula, or unavailable with a
 * reason (unknown op, unknown dims, a path not modelled).
 */
export function estimateWorkspace(node: WorkspaceNode, io: WorkspaceIo, env: WorkspaceEnv): WorkspaceEstimate {
  const label = opLabel(node);
  const rule = WORKSPACE_TABLE.get(label);
  if (!rule) return unavailable(`no workspace formula for ${label}`, '');
  try {
    const est = rule.estimate(new OpView(node, io, env));
    // A formula fed shapes outside the ranks it models can compute NaN or fractions; never report those.
    if (est.bytes !== null && !(Number.isSafeInteger(est.bytes) && est.bytes >= 0)) {
      return unavailable(`${label} shapes are outside what its workspace formula models`, rule.source);
    }
    return est;
  } catch (err) {
    if (err instanceof SizeUnknown) return unavailable(err.message, rule.source);
    throw err;
  }
}
