/**
 * ONNX function bodies ORT 1.30 expands on the CPU EP (ort-graph-at-disabled.md §2-3), one entry
 * per op, written from the ONNX operator definitions and checked against ORT's profile (node
 * count, op types, order). Only bodies reproduced exactly are here; any other expandable op is
 * reported as uncovered by the inliner instead of guessed.
 */
import { ACTIVATION_BODIES } from './activationBodies';
import type { BodyContext, FunctionBody } from './bodyBuilder';
import { CONTRIB_BODIES } from './contribBodies';
import { NORMALIZATION_BODIES } from './normalizationBodies';

export type { BodyConstant, BodyContext, BodyNode, FunctionBody } from './bodyBuilder';

const ONNX_BODIES = { ...ACTIVATION_BODIES, ...NORMALIZATION_BODIES };

/** The body ORT would expand `ctx.node` into, or null when this project cannot reproduce it exactly. */
export function schemaFunctionBody(ctx: BodyContext): FunctionBody | null {
  const table = ctx.node.domain === '' ? ONNX_BODIES : ctx.node.domain === 'com.microsoft' ? CONTRIB_BODIES : null;
  return table?.[ctx.node.opType]?.(ctx) ?? null;
}
