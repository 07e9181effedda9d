/**
 * The graph changes ORT 1.30 (CPU EP) makes at graphOptimizationLevel 'disabled'
 * (ort-graph-at-disabled.md §1 steps 1, 3, 5, 6).
 */
import type { FunctionInfo } from '../../onnx/model';
import type { InferenceResult, InferredValue } from '../../shape/types';
import type { ExecGraph } from '../execGraph';
import { ensureUniqueDq } from './ensureUniqueDq';
import { GraphEditor } from './graphEditor';
import { inlineFunctions } from './inlineFunctions';
import { assignCpuKernels, insertCasts } from './insertCasts';
import { type DtypeMap, removeDuplicateCasts } from './removeDuplicateCasts';

/** What the transforms need besides the graph. */
export interface OrtTransformContext {
  /** Model opset imports by domain ('' for ai.onnx). */
  opsets: Record<string, number>;
  /** Model-local functions (ModelProto.functions). */
  functions: FunctionInfo[];
  /** Infers value types for the graph as it is now; called again after the graph changes. */
  types: (exec: ExecGraph) => Pick<InferenceResult, 'values'>;
  /** Types of the outer-scope names a subgraph reads, when `types` does not list them (fp16 outer values get Casts too). */
  outerTypes?: ReadonlyMap<string, Pick<InferredValue, 'dtype'>>;
  /** ORT's `session.disable_quant_qdq=1`: skips DequantizeLinear duplication (default false). */
  disableQuantQdq?: boolean;
}

/** Value name → dtype, from the context's inference of the graph as it is now. */
function dtypesOf(exec: ExecGraph, ctx: OrtTransformContext): DtypeMap {
  const outer = new Map<string, number | null>();
  for (const name of exec.outerScope) {
    const t = ctx.outerTypes?.get(name);
    if (t) outer.set(name, t.dtype);
  }
  return new InferredDtypes(ctx.types(exec).values, outer);
}

/**
 * The dtypes read through from the inference result instead of copied into a Map of every value
 * (a 200k-entry table per graph state). A value's inferred dtype wins, except that an unknown one
 * leaves an outer-scope type in place; `set` (a retyped or inserted value) overrides both.
 */
class InferredDtypes implements DtypeMap {
  private readonly overrides = new Map<string, number | null>();
  /** The dtypes any inferred or outer value has, found by one walk over the values in order. */
  private present: Set<number | null> | null = null;

  constructor(
    private readonly inferred: ReadonlyMap<string, InferredValue>,
    private readonly outer: ReadonlyMap<string, number | null>,
  ) {}

  get(name: string): number | null | undefined {
    if (this.overrides.size > 0 && this.overrides.has(name)) return this.overrides.get(name);
    const v = this.inferred.get(name);
    if (v !== undefined && (v.dtype !== null || !this.outer.has(name))) return v.dtype;
    return this.outer.get(name);
  }

  set(name: string, dtype: number | null): this {
    this.overrides.set(name, dtype);
    this.present?.add(dtype);
    return this;
  }

  mayHold(dtype: number): boolean {
    if (this.present === null) {
      const present = new Set<number | null>();
      this.inferred.forEach((v) => present.add(v.dtype));
      for (const d of this.outer.values()) present.add(d);
      for (const d of this.overrides.values()) present.add(d);
      this.present = present;
    }
    return this.present.has(dtype);
  }
}

/**
 * Applies ORT's level-0 graph transforms to `exec` in place and returns it, in ORT's order:
 * AOT function inlining (only with model-local functions), inlining of schema-function ops the
 * CPU EP cannot run (§2), precision Casts for fp16 nodes without an fp16 kernel (§4a-b) and
 * duplicate-Cast removal (§4c); DequantizeLinear duplication (§5) sits between the two inlining
 * steps as in ORT. ORT treats each subgraph body as its own graph: call this once per body, with
 * `outerTypes` for the outer-scope values the body reads; nodes holding subgraphs are never cast.
 */
export function applyOrtTransforms(exec: ExecGraph, ctx: OrtTransformContext): ExecGraph {
  const onnxOpset = ctx.opsets[''] ?? ctx.opsets['ai.onnx'] ?? 1;
  const editor = new GraphEditor(exec);
  // Type inference is the costly part: infer once per graph state, not once per step.
  let cached: DtypeMap | null = null;
  const typeSource = { get: () => (cached ??= dtypesOf(exec, ctx)), invalidate: () => (cached = null) };
  if (ctx.functions.length > 0) inlineFunctions(editor, ctx.functions, onnxOpset, typeSource);
  if (!ctx.disableQuantQdq && ensureUniqueDq(editor) > 0) typeSource.invalidate();
  inlineFunctions(editor, ctx.functions, onnxOpset, typeSource);
  const types = typeSource.get();
  const assigned = assignCpuKernels(exec, types, onnxOpset);
  insertCasts(editor, types, assigned);
  removeDuplicateCasts(editor, types);
  return exec;
}
