/**
 * The rules ORT 1.30's planner applies to each output of each node, in order; the first that applies
 * decides the output's AllocKind (allocation_planner.cc, PlannerImpl::ComputeSingleStreamReusePlan;
 * docs/ort-planner.md §2). AllocatedExternally, ORT's first rule, never applies on the CPU EP of an
 * inference build: no kernel there declares ExternalOutputs() (only orttraining's YieldOp,
 * TorchEmbedding and ExternalFunctionOp do), so it has no rule here.
 */
import type { InferredValue } from '../shape/types';
import type { ExecNode } from './execGraph';
import type { Freelist } from './freelist';
import type { KernelDecl } from './kernelTable';
import { sameSize } from './sameSize';
import type { AllocationPlan } from './allocationPlan';
import { IS_GRAPH_OUTPUT, KIND_ALLOCATE, KIND_OUTPUT, KIND_PRE_EXISTING, KIND_REUSE, KIND_SHARE, VIA_ALIAS, VIA_FREELIST, VIA_INPLACE } from './valuePlan';

/** What the rules read and change while one graph is planned. */
export interface PlannerState {
  readonly isSequential: boolean;
  readonly parentOpType: string | null;
  /** A Loop body's iteration-number input (never Shared), else undefined. */
  readonly loopIterationInput: string | undefined;
  readonly typeOf: (name: string) => InferredValue | undefined;
  /** typeOf of a planned value (by ortIndex), looked up once per value (the rules ask for the same ones several times). */
  typeAt(v: number): InferredValue | undefined;
  /** The plan being filled: its columns (kind, rootOf as each value's buffer owner, one hop) are written by the rules. */
  readonly plan: AllocationPlan;
  readonly freelist: Freelist;
  /** Remaining uses of each buffer, by the owner's ortIndex (ComputeReuseCount). */
  readonly uses: Int32Array;
  /** Node input `i`'s value (explicit inputs only), -1 for ''. */
  inputSlot(n: ExecNode, i: number): number;
}

/** One output being planned: output `k` of node `n`, its ortIndex `v`, and the kernel's declarations. */
export interface OutputToPlan {
  n: ExecNode;
  k: number;
  v: number;
  decl: KernelDecl;
}

/** A planner rule: returns true when it decided `o.v`. */
export interface OutputRule {
  name: string;
  /** The ORT source it reproduces. */
  ort: string;
  apply(s: PlannerState, o: OutputToPlan): boolean;
}

/** ORT's Reuse(): `v` takes the buffer of `reused`'s root, which takes over `v`'s uses. */
export function reuseBuffer(s: PlannerState, reused: number, v: number, kind: number, via: number): void {
  const original = s.plan.rootOf[reused]!;
  s.plan.rootOf[v] = original;
  s.plan.kind[v] = kind;
  s.plan.via[v] = via;
  s.uses[original]! += s.uses[v]!;
}

/** FindReusableInput: an input this output may share, by Alias(), VariadicAlias, then MayInplace(). */
function findReusableInput(s: PlannerState, { n, k, v, decl }: OutputToPlan): { input: number; via: number } | null {
  if (decl.alias) {
    for (const [i, o] of decl.alias) {
      if (o === k && i < n.inputs.length && n.inputs[i] !== '') return { input: s.inputSlot(n, i), via: VIA_ALIAS };
    }
  }
  if (decl.variadicAlias) {
    const i = k - decl.variadicAlias.outputOffset + decl.variadicAlias.inputOffset;
    if (i >= 0 && i < n.inputs.length && n.inputs[i] !== '') return { input: s.inputSlot(n, i), via: VIA_ALIAS };
  }
  if (decl.mayInplace) {
    for (const [i, o] of decl.mayInplace) {
      if (o !== k || i >= n.inputs.length || n.inputs[i] === '') continue;
      const inPlan = s.inputSlot(n, i);
      // In place only as the last user of the whole buffer, and with the same size.
      if (s.uses[s.plan.rootOf[inPlan]!] === 1 && sameSize(s.typeAt(inPlan), s.typeAt(v))) return { input: inPlan, via: VIA_INPLACE };
    }
  }
  return null;
}

/** Whether a value's type is a tensor (or unknown, which ORT plans as one). */
function isTensorLike(t: InferredValue | undefined): boolean {
  return !t || t.kind === 'tensor' || t.kind === 'unknown';
}

/** The rules in ORT's order (see the file comment). */
export const OUTPUT_RULES: readonly OutputRule[] = [
  {
    name: 'graph output',
    ort: 'ComputeSingleStreamReusePlan: a graph output is kAllocateOutput, never an alias; in a Loop body an Identity of a PreExisting value is kShare',
    apply(s, o) {
      const { n, v } = o;
      if ((s.plan.flags[v]! & IS_GRAPH_OUTPUT) === 0) return false;
      s.plan.kind[v] = KIND_OUTPUT;
      if (s.parentOpType === 'Loop' && n.opType === 'Identity' && n.domain === '' && n.inputs[0] && n.inputs[0] !== s.loopIterationInput) {
        const source = s.inputSlot(n, 0);
        if (s.plan.kind[source] === KIND_PRE_EXISTING) reuseBuffer(s, source, v, KIND_SHARE, 0);
      }
      return true;
    },
  },
  {
    name: 'alias or in place',
    ort: 'FindReusableInput (sequential executor only): Alias(), VariadicAlias, then MayInplace() with use count 1 and SameSize',
    apply(s, o) {
      if (!s.isSequential) return false;
      const found = findReusableInput(s, o);
      if (!found) return false;
      reuseBuffer(s, found.input, o.v, KIND_REUSE, found.via);
      return true;
    },
  },
  {
    name: 'non-tensor',
    ort: 'ComputeSingleStreamReusePlan: a non-tensor output (sequence, map) is kAllocate',
    apply(s, o) {
      if (isTensorLike(s.typeAt(o.v))) return false;
      s.plan.kind[o.v] = KIND_ALLOCATE;
      return true;
    },
  },
  {
    name: 'dead buffer',
    ort: 'FindReusableTensor (memory reuse on): an output with a consumer and a known shape of rank > 0 takes the first free buffer from the front that passes SameSize (optional types skipped)',
    apply(s, o) {
      const { v } = o;
      if (!s.isSequential || s.plan.consumerCount(v) === 0) return false;
      const type = s.typeAt(v);
      if (!type || type.staticShape === null || type.staticShape.length === 0) return false;
      const taken = s.freelist.take((root) => {
        const ct = s.typeAt(root);
        return ct !== undefined && ct.kind !== 'optional' && sameSize(ct, type);
      });
      if (!taken) return false;
      reuseBuffer(s, taken.root, v, KIND_REUSE, VIA_FREELIST);
      s.plan.reusedFrom[v] = taken.root;
      s.plan.reusedFreedAfter[v] = taken.freedAt;
      return true;
    },
  },
  {
    name: 'allocate',
    ort: 'ComputeSingleStreamReusePlan: otherwise kAllocate',
    apply(s, o) {
      s.plan.kind[o.v] = KIND_ALLOCATE;
      return true;
    },
  },
];
