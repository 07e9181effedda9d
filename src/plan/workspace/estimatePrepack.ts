/** Per-node L1 prepack: the packed weight copies a CPU kernel builds once at session init. */
import { findOp } from '../../ops/registry';
import { OpView, SizeUnknown } from '../../ops/workspace/opView';
import type { PrepackEstimate, WorkspaceEnv, WorkspaceIo, WorkspaceNode } from '../../ops/workspace/types';

/**
 * The packs ORT 1.30's CPU kernel for `node` builds from its constant-initializer inputs
 * (PrePack runs only for those). A pack whose size cannot be known has `packedBytes: null` and
 * a reason; a node that packs nothing returns no packs.
 */
export function estimatePrepack(node: WorkspaceNode, io: WorkspaceIo, env: WorkspaceEnv): PrepackEstimate {
  const facet = findOp(node.domain, node.opType)?.prepack;
  if (!facet?.present) return { packs: [] };
  const rule = facet.value.rule;
  const constantInputs = rule.inputs.map((i) => node.inputs[i] ?? '').filter((n) => n !== '' && io.isConstant(n));
  if (constantInputs.length === 0) return { packs: [] };
  const v = new OpView(node, io, env);
  try {
    const packs = rule.packs(v).filter((p) => p.input !== '' && io.isConstant(p.input));
    // Shapes outside the ranks a rule models can compute NaN or fractions; report those as unknown.
    return {
      packs: packs.map((p) =>
        p.packedBytes === null || (Number.isSafeInteger(p.packedBytes) && p.packedBytes >= 0)
          ? p
          : { ...p, packedBytes: null, reason: `${v.label} shapes are outside what its prepack rule models` },
      ),
    };
  } catch (err) {
    if (!(err instanceof SizeUnknown)) throw err;
    return { packs: [{ input: constantInputs[0], packedBytes: null, reason: err.message, releasesOriginal: true }] };
  }
}
