/** Per-node L2 workspace: the summed scratch a CPU kernel requests during Compute. */
import { NO_WORKSPACE_FORMULA } from '../../ops/facets';
import { findOp } from '../../ops/registry';
import { OpView, SizeUnknown, opLabel, unavailable } from '../../ops/workspace/opView';
import type { WorkspaceEnv, WorkspaceEstimate, WorkspaceIo, WorkspaceNode } from '../../ops/workspace/types';

/**
 * Estimates the bytes ORT 1.30's CPU kernel for `node` requests from the temp allocator during one
 * Compute (the node-stats `total_temp_allocations`): known zero, a formula, or unavailable with a
 * reason (unknown op, unknown dims, a path not modelled).
 */
export function estimateWorkspace(node: WorkspaceNode, io: WorkspaceIo, env: WorkspaceEnv): WorkspaceEstimate {
  // The label only where a reason names it (a string per step at 200k steps otherwise).
  const facet = findOp(node.domain, node.opType)?.workspace;
  if (!facet?.present) {
    return facet === undefined || facet.reason === NO_WORKSPACE_FORMULA ? unavailable(`no workspace formula for ${opLabel(node)}`, '') : unavailable(facet.reason, facet.source ?? '');
  }
  const rule = facet.value;
  try {
    const est = rule.estimate(new OpView(node, io, env));
    // A formula fed shapes outside the ranks it models can compute NaN or fractions; never report those.
    if (est.bytes !== null && !(Number.isSafeInteger(est.bytes) && est.bytes >= 0)) {
      return unavailable(`${opLabel(node)} shapes are outside what its workspace formula models`, rule.source);
    }
    return est;
  } catch (err) {
    if (err instanceof SizeUnknown) return unavailable(err.message, rule.source);
    throw err;
  }
}
