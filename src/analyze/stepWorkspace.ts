/**
 * A step's L2 workspace as the report shows it, from the per-op formulas in src/plan/workspace:
 * the node's inputs and outputs are described with the bindings applied.
 */
import type { ExecGraph, ExecNode } from '../plan/execGraph';
import { DEFAULT_WORKSPACE_ENV, estimateWorkspace, type TensorDesc, type WorkspaceEnv, type WorkspaceIo } from '../plan/workspace';
import { evaluateDim } from '../shape/symbolicDim';
import type { InferredValue } from '../shape/types';
import type { WorkspaceState } from '../report/report';
import { internalRuleError } from '../onnx/internalError';

/** Workspace bytes of one step: known zero, a formula's bytes, or unavailable with a reason. */
export interface StepWorkspace {
  bytes: number | null;
  state: WorkspaceState;
  reason: string | null;
}

/**
 * Initializers a feed may override (ORT's Graph::CanOverrideInitializer, IR >= 4): those the graph
 * also lists as inputs. ORT never treats them as constant.
 */
export function overridableInitializers(graphInputs: readonly { name: string }[], initializers: ReadonlyMap<string, unknown>, irVersion: number): Set<string> {
  const out = new Set<string>();
  if (irVersion < 4) return out;
  for (const v of graphInputs) if (initializers.has(v.name)) out.add(v.name);
  return out;
}

/** The estimators' view of a node's inputs and outputs, with `bindings` applied to symbolic dims. */
export function workspaceIo(
  exec: ExecGraph,
  node: ExecNode,
  typeOf: (name: string) => InferredValue | undefined,
  bindings: Record<string, number>,
  overridable: ReadonlySet<string>,
  graphOutputs: ReadonlySet<string>,
  outerConstants: ReadonlySet<string> = new Set(),
): WorkspaceIo {
  return new LazyWorkspaceIo(exec, node, typeOf, bindings, overridable, graphOutputs, outerConstants);
}

/**
 * Builds the descriptors on first read: most ops (Relu, Add, ...) have a zero-workspace rule and
 * no prepack rule that reads them, and at 200k steps building them eagerly was ~1 KiB of garbage
 * per step. The descriptors are pure functions of the types, so when they are built changes nothing.
 */
class LazyWorkspaceIo implements WorkspaceIo {
  private inputDescs: (TensorDesc | null)[] | null = null;
  private outputDescs: (TensorDesc | null)[] | null = null;

  constructor(
    private readonly exec: ExecGraph,
    private readonly node: ExecNode,
    private readonly typeOf: (name: string) => InferredValue | undefined,
    private readonly bindings: Record<string, number>,
    private readonly overridable: ReadonlySet<string>,
    private readonly graphOutputs: ReadonlySet<string>,
    /** Constant initializers of enclosing graphs a body node reads (prepacked as constants, as ORT does). */
    private readonly outerConstants: ReadonlySet<string>,
  ) {}

  get inputs(): (TensorDesc | null)[] {
    return (this.inputDescs ??= this.node.inputs.map((name) => this.desc(name)));
  }

  get outputs(): (TensorDesc | null)[] {
    return (this.outputDescs ??= this.node.outputs.map((name) => this.desc(name)));
  }

  // An overridable initializer (also a graph input, IR >= 4) is not constant for ORT: a feed may
  // replace it, so kernels neither prepack it nor read its values at construction.
  isConstant(name: string): boolean {
    return (this.exec.initializers.has(name) && !this.overridable.has(name)) || this.outerConstants.has(name);
  }

  isGraphOutput(name: string): boolean {
    return this.graphOutputs.has(name);
  }

  constantValues(name: string): number[] | null {
    return this.overridable.has(name) ? null : (this.exec.initializers.get(name)?.values ?? null);
  }

  private desc(name: string): TensorDesc | null {
    if (name === '') return null;
    const t = this.typeOf(name);
    if (!t || t.dtype === null || t.shape === null || (t.kind !== 'tensor' && t.kind !== 'unknown')) return null;
    return {
      dtype: t.dtype,
      dims: t.shape.map((d) => {
        const v = evaluateDim(d, this.bindings);
        return typeof v === 'number' ? v : null;
      }),
      value: t.value,
    };
  }
}

/** `env` with the node domain's opset, one object per (env, opset) instead of one per step. */
const envWithOpset = new WeakMap<WorkspaceEnv, Map<number | undefined, WorkspaceEnv>>();

function opsetEnv(env: WorkspaceEnv, opset: number | undefined): WorkspaceEnv {
  let byOpset = envWithOpset.get(env);
  if (!byOpset) envWithOpset.set(env, (byOpset = new Map()));
  let out = byOpset.get(opset);
  if (!out) byOpset.set(opset, (out = { ...env, opset }));
  return out;
}

/**
 * Estimates the workspace of `node` from `io`. A size the formula cannot know is 'unavailable' with
 * its reason (estimateWorkspace turns SizeUnknown into that); any other exception is a bug in the
 * formula and is thrown as LensError('internal') naming the op and node.
 */
export function stepWorkspace(node: ExecNode, io: WorkspaceIo, opsets: Record<string, number>, env: WorkspaceEnv = DEFAULT_WORKSPACE_ENV): StepWorkspace {
  try {
    const est = estimateWorkspace(node, io, opsetEnv(env, opsets[node.domain]));
    return { bytes: est.bytes, state: est.state, reason: est.reason };
  } catch (e) {
    throw internalRuleError(e, 'workspace formula', node.opType, node.name);
  }
}
