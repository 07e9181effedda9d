/**
 * The graph changes ORT 1.30 (CPU EP) makes at graphOptimizationLevel 'disabled'
 * (ort-graph-at-disabled.md §1 steps 1, 3, 5, 6).
 */
import type { FunctionInfo } from '../../onnx/model';
import type { InferenceResult } from '../../shape/types';
import type { ExecGraph } from '../execGraph';

/** What the transforms need besides the graph. */
export interface OrtTransformContext {
  /** Model opset imports by domain ('' for ai.onnx). */
  opsets: Record<string, number>;
  /** Model-local functions (ModelProto.functions). */
  functions: FunctionInfo[];
  /** Infers value types for the graph as it is now; called again after the graph changes. */
  types: (exec: ExecGraph) => Pick<InferenceResult, 'values'>;
}

/**
 * Applies ORT's level-0 graph transforms to `exec` in place and returns it.
 * INCOMPLETE: identity for now; the transforms land in later commits.
 */
export function applyOrtTransforms(exec: ExecGraph, ctx: OrtTransformContext): ExecGraph {
  void ctx;
  return exec;
}
