/**
 * The per-op workspace table: one entry per op label (`Op` for the ONNX domain, `domain::Op`
 * otherwise). Known-zero ops come from ZERO_WORKSPACE_OPS; formulas from the family files.
 */
import { ATTENTION_WORKSPACE } from './attentionWorkspace';
import { CONV_WORKSPACE } from './convWorkspace';
import { unavailable, zero } from './opView';
import { NCHWC_WORKSPACE } from './nchwcWorkspace';
import { NORM_WORKSPACE } from './normWorkspace';
import { QUANT_WORKSPACE } from './quantWorkspace';
import { RNN_WORKSPACE } from './rnnWorkspace';
import { SIGNAL_WORKSPACE } from './signalWorkspace';
import { TENSOR_WORKSPACE } from './tensorWorkspace';
import type { WorkspaceRule } from './workspaceRule';
import { UNMODELLED_WORKSPACE_OPS } from './unmodelledWorkspaceOps';
import { ZERO_WORKSPACE_OPS } from './zeroWorkspaceOps';

function buildTable(): ReadonlyMap<string, WorkspaceRule> {
  const table = new Map<string, WorkspaceRule>();
  for (const [label, source] of Object.entries(ZERO_WORKSPACE_OPS)) table.set(label, { source, estimate: () => zero(source) });
  for (const [label, u] of Object.entries(UNMODELLED_WORKSPACE_OPS)) table.set(label, { source: u.source, estimate: () => unavailable(u.reason, u.source) });
  for (const family of [CONV_WORKSPACE, RNN_WORKSPACE, ATTENTION_WORKSPACE, QUANT_WORKSPACE, NORM_WORKSPACE, TENSOR_WORKSPACE, SIGNAL_WORKSPACE, NCHWC_WORKSPACE]) {
    for (const [label, rule] of Object.entries(family)) table.set(label, rule);
  }
  return table;
}

/** Op label → scratch rule, for every op with a known rule. */
export const WORKSPACE_TABLE: ReadonlyMap<string, WorkspaceRule> = buildTable();
