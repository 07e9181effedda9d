/**
 * The ONNX function body ORT 1.30 expands a node into on the CPU EP
 * (docs/ort-graph-at-disabled.md §2-3), from the op's registry entry. Only bodies reproduced
 * exactly are in the registry; any other expandable op is reported as uncovered by the inliner
 * instead of guessed.
 */
import type { BodyContext, FunctionBody } from '../../ops/bodies/bodyBuilder';
import { findOp } from '../../ops/registry';

export type { BodyConstant, BodyContext, BodyNode, FunctionBody } from '../../ops/bodies/bodyBuilder';

/** The body ORT would expand `ctx.node` into, or null when this project cannot reproduce it exactly. */
export function schemaFunctionBody(ctx: BodyContext): FunctionBody | null {
  const f = findOp(ctx.node.domain, ctx.node.opType)?.body;
  return f?.present ? f.value(ctx) : null;
}
