/**
 * ORT's per-value allocation plan for one graph and one stream (ort-planner.md §2):
 * ComputePlanForInputsAndWeights, ComputeReuseCount, then per node in execution order and per
 * output the first rule that applies:
 *   (1 AllocatedExternally: never on the CPU EP of an inference build, whose kernels declare no
 *   ExternalOutputs(); only orttraining's YieldOp, TorchEmbedding and ExternalFunctionOp do)
 *   2 AllocateOutput (Loop-body Identity of a PreExisting value: Share)
 *   3 Alias / VariadicAlias / MayInplace (sequential only)  4 Allocate for non-tensors
 *   5 a dead buffer from the freelist (sequential only, output has a consumer, known rank > 0)
 *   6 Allocate
 * After each node the roots (`Buffer()`) of its inputs, implicit inputs and outputs lose one use;
 * a root reaching 0 is pushed to the FRONT of the freelist, which is scanned from the front.
 *
 * Invariant: `root` always names the value that owns the buffer (one hop), as ORT's `reused_buffer`.
 */
import { PlanError } from '../onnx/lensError';
import type { AllocKind, PlanView, ReuseVia } from './planTypes';
import type { InferredValue } from '../shape/types';
import type { ExecGraph, ExecNode } from './execGraph';
import { lookupKernel, type KernelDecl } from './kernelTable';
import { sameSize } from './sameSize';

/** The plan of one value. Steps are positions in the execution order; -1 means before step 0. */
export interface ValuePlan {
  name: string;
  /** ORT's OrtValue index order (inputs, then nodes by index: inputs, implicit inputs, outputs; then outputs). */
  ortIndex: number;
  allocKind: AllocKind;
  /** The value owning the buffer; the value itself when it owns one. */
  root: string;
  reuseVia: ReuseVia | null;
  /** For freelist reuse: the dead root taken and the step whose decrement freed it. */
  reusedFrom: { value: string; freedAfter: number } | null;
  producedAt: number;
  /** Node index of the producer, null for values that exist before step 0. */
  producerNode: number | null;
  /** Steps reading the value (explicit or implicit input), ascending, unique. */
  consumers: number[];
  isGraphInput: boolean;
  isGraphOutput: boolean;
  isInitializer: boolean;
  isOuterScope: boolean;
}

/** Everything the planner needs about one graph. */
export interface AllocationPlanInput {
  exec: ExecGraph;
  /** Node indices in execution order. */
  order: number[];
  /** Inferred type of a value of this graph (or of the outer scope); undefined when unknown. */
  typeOf: (name: string) => InferredValue | undefined;
  /** Model opsets by domain, for version-dependent kernel declarations. */
  opsets: Record<string, number>;
  view: PlanView;
  /** Op type of the node owning this graph (e.g. 'Loop'), null for the main graph. */
  parentOpType: string | null;
}

/** The allocation plan of one graph: values in OrtValue index order, and a lookup by name. */
export interface AllocationPlan {
  values: ValuePlan[];
  byName: Map<string, ValuePlan>;
}

/** Plans every value of the graph the way ORT 1.30's sequential planner does (parallel view: rules 3 and 5 off). */
export function computeAllocationPlan(input: AllocationPlanInput): AllocationPlan {
  const { exec, order, typeOf, opsets, view } = input;
  const values: ValuePlan[] = [];
  const byName = new Map<string, ValuePlan>();
  const initNames = exec.initializers;
  const inputNames = new Set(exec.inputs.map((v) => v.name));
  const outputNames = new Set(exec.outputs.map((v) => v.name));
  const stepOf = new Int32Array(exec.nodes.length);
  for (let step = 0; step < order.length; step++) stepOf[order[step]!] = step;

  const add = (name: string): ValuePlan => {
    let v = byName.get(name);
    if (v) return v;
    v = {
      name,
      ortIndex: values.length,
      allocKind: 'Allocate',
      root: name,
      reuseVia: null,
      reusedFrom: null,
      producedAt: -1,
      producerNode: null,
      consumers: [],
      isGraphInput: inputNames.has(name),
      isGraphOutput: outputNames.has(name),
      isInitializer: initNames.has(name),
      isOuterScope: false,
    };
    values.push(v);
    byName.set(name, v);
    return v;
  };
  // Each node's value slots, resolved once: inputs, then implicit inputs, then outputs ('' is null),
  // node i's at slots[slotStart[i]] ..; the passes below index them instead of looking every
  // name up again in `byName` (those lookups grew faster than the graph: cache misses at 200k).
  const slotStart = new Int32Array(exec.nodes.length + 1);
  const slots: (ValuePlan | null)[] = [];
  for (const i of exec.inputs) add(i.name);
  for (let index = 0; index < exec.nodes.length; index++) {
    slotStart[index] = slots.length;
    const n = exec.nodes[index];
    if (!n) continue;
    for (const v of n.inputs) slots.push(v !== '' ? add(v) : null);
    for (const v of n.implicitInputs) slots.push(add(v));
    for (const v of n.outputs) slots.push(v !== '' ? add(v) : null);
  }
  slotStart[exec.nodes.length] = slots.length;
  for (const o of exec.outputs) add(o.name);
  const inputSlot = (n: ExecNode, i: number): ValuePlan | null => slots[slotStart[n.index]! + i]!;
  const outputSlot = (n: ExecNode, k: number): ValuePlan | null => slots[slotStart[n.index]! + n.inputs.length + n.implicitInputs.length + k]!;

  // Producers and consumers.
  for (const nodeIndex of order) {
    const n = exec.nodes[nodeIndex]!;
    const step = stepOf[nodeIndex]!;
    const first = slotStart[nodeIndex]!;
    const readCount = n.inputs.length + n.implicitInputs.length;
    for (let s = first + readCount; s < slotStart[nodeIndex + 1]!; s++) {
      const v = slots[s];
      if (!v) continue;
      v.producedAt = step;
      v.producerNode = nodeIndex;
    }
    for (let s = first; s < first + readCount; s++) {
      const c = slots[s]?.consumers;
      if (c && c[c.length - 1] !== step) c.push(step);
    }
  }

  // ComputePlanForInputsAndWeights. Use counts by ortIndex, and each value's buffer owner by
  // ortIndex (`root` names it; one hop, so the owner's owner is itself).
  const uses: number[] = new Array<number>(values.length).fill(0);
  const owner: ValuePlan[] = values.slice();
  const bump = (name: string, by = 1): void => {
    uses[byName.get(name)!.ortIndex]! += by;
  };
  for (const v of values) {
    if (v.producerNode !== null) continue;
    if (v.isInitializer) {
      v.allocKind = 'AllocateStatically';
    } else if (v.isGraphInput) {
      v.allocKind = 'PreExisting';
    } else if (exec.outerScope.has(v.name)) {
      v.allocKind = 'PreExisting';
      v.isOuterScope = true;
    } else if (v.isGraphOutput) {
      throw new PlanError('bad-model', `Graph output '${v.name}' is not produced by any node, graph input or initializer`);
    }
    // Graph inputs, outer-scope args and initializers are used by the caller: never freed, never reused.
    uses[v.ortIndex]!++;
  }

  // ComputeReuseCount.
  for (const nodeIndex of order) {
    for (let s = slotStart[nodeIndex]!; s < slotStart[nodeIndex + 1]!; s++) {
      const v = slots[s];
      if (v) uses[v.ortIndex]!++;
    }
  }
  for (const o of exec.outputs) bump(o.name);

  const reuse = (reused: ValuePlan, v: ValuePlan, kind: AllocKind, via: ReuseVia | null): void => {
    const original = owner[reused.ortIndex]!;
    owner[v.ortIndex] = original;
    v.root = original.name;
    v.allocKind = kind;
    v.reuseVia = via;
    uses[original.ortIndex]! += uses[v.ortIndex]!;
  };
  const isSequential = view === 'sequential';
  const loopIterationInput = input.parentOpType === 'Loop' ? exec.inputs[0]?.name : undefined;

  // The freelist holds roots with the step whose decrement freed them. ORT pushes to the front and
  // scans from the front; this array is stored reversed (front = last element) so a push is O(1).
  const freelist: { root: string; freedAt: number }[] = [];

  // Declared once, not per node: closures created in the loop cost measurable time on big graphs.
  const release = (v: ValuePlan | null, step: number): void => {
    if (v === null) return;
    const original = owner[v.ortIndex]!;
    const left = uses[original.ortIndex]! - 1;
    uses[original.ortIndex] = left;
    if (left === 0) freelist.push({ root: original.name, freedAt: step });
  };

  const findReusableInput = (n: ExecNode, decl: KernelDecl, k: number): { input: ValuePlan; via: ReuseVia } | null => {
    if (decl.alias) {
      for (const [i, o] of decl.alias) {
        if (o === k && i < n.inputs.length && n.inputs[i] !== '') return { input: inputSlot(n, i)!, via: 'alias' };
      }
    }
    if (decl.variadicAlias) {
      const i = k - decl.variadicAlias.outputOffset + decl.variadicAlias.inputOffset;
      if (i >= 0 && i < n.inputs.length && n.inputs[i] !== '') return { input: inputSlot(n, i)!, via: 'alias' };
    }
    if (decl.mayInplace) {
      for (const [i, o] of decl.mayInplace) {
        if (o !== k || i >= n.inputs.length || n.inputs[i] === '') continue;
        const inPlan = inputSlot(n, i)!;
        if (uses[owner[inPlan.ortIndex]!.ortIndex] === 1 && sameSize(typeOf(inPlan.name), typeOf(n.outputs[k]!))) return { input: inPlan, via: 'inplace' };
      }
    }
    return null;
  };

  for (let step = 0; step < order.length; step++) {
    const n = exec.nodes[order[step]!]!;
    const decl = lookupKernel(n.opType, n.domain, opsets[n.domain === 'ai.onnx' ? '' : n.domain]);
    for (let k = 0; k < n.outputs.length; k++) {
      const out = n.outputs[k]!;
      if (out === '') continue;
      const v = outputSlot(n, k)!;
      if (v.isGraphOutput) {
        v.allocKind = 'AllocateOutput';
        if (input.parentOpType === 'Loop' && n.opType === 'Identity' && n.domain === '' && n.inputs[0] && n.inputs[0] !== loopIterationInput) {
          const source = inputSlot(n, 0)!;
          if (source.allocKind === 'PreExisting') reuse(source, v, 'Share', null);
        }
        continue;
      }
      if (isSequential) {
        const found = findReusableInput(n, decl, k);
        if (found) {
          reuse(found.input, v, 'Reuse', found.via);
          continue;
        }
      }
      const type = typeOf(out);
      if (type && type.kind !== 'tensor' && type.kind !== 'unknown') {
        v.allocKind = 'Allocate';
        continue;
      }
      if (isSequential && v.consumers.length > 0) {
        const taken = findReusableTensor(type);
        if (taken) {
          reuse(byName.get(taken.root)!, v, 'Reuse', 'freelist');
          v.reusedFrom = { value: taken.root, freedAfter: taken.freedAt };
          continue;
        }
      }
      v.allocKind = 'Allocate';
    }
    for (let s = slotStart[n.index]!; s < slotStart[n.index + 1]!; s++) release(slots[s] ?? null, step);
  }

  function findReusableTensor(type: InferredValue | undefined): { root: string; freedAt: number } | null {
    if (!type || type.staticShape === null || type.staticShape.length === 0) return null;
    for (let i = freelist.length - 1; i >= 0; i--) {
      const cand = freelist[i]!;
      const ct = typeOf(cand.root);
      if (!ct || ct.kind === 'optional') continue;
      if (sameSize(ct, type)) {
        freelist.splice(i, 1);
        return cand;
      }
    }
    return null;
  }

  return { values, byName };
}
