/**
 * ORT's per-value allocation plan for one graph and one stream (ort-planner.md §2):
 * ComputePlanForInputsAndWeights, ComputeReuseCount, then per node in execution order and per
 * output the first rule that applies:
 *   1 AllocatedExternally  2 AllocateOutput (Loop-body Identity of a PreExisting value: Share)
 *   3 Alias / VariadicAlias / MayInplace (sequential only)  4 Allocate for non-tensors
 *   5 a dead buffer from the freelist (sequential only, output has a consumer, known rank > 0)
 *   6 Allocate
 * After each node the roots (`Buffer()`) of its inputs, implicit inputs and outputs lose one use;
 * a root reaching 0 is pushed to the FRONT of the freelist, which is scanned from the front.
 *
 * Invariant: `root` always names the value that owns the buffer (one hop), as ORT's `reused_buffer`.
 */
import { PlanError } from '../onnx/lensError';
import type { AllocKind, PlanView, ReuseVia } from '../report/report';
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
  for (const i of exec.inputs) add(i.name);
  for (const n of exec.nodes) {
    if (!n) continue;
    for (const v of n.inputs) if (v !== '') add(v);
    for (const v of n.implicitInputs) add(v);
    for (const v of n.outputs) if (v !== '') add(v);
  }
  for (const o of exec.outputs) add(o.name);

  // Producers and consumers.
  function addConsumer(names: string[], step: number): void {
    for (const name of names) {
      if (name === '') continue;
      const c = byName.get(name)!.consumers;
      if (c[c.length - 1] !== step) c.push(step);
    }
  }
  for (const nodeIndex of order) {
    const n = exec.nodes[nodeIndex]!;
    const step = stepOf[nodeIndex]!;
    for (const o of n.outputs) {
      if (o === '') continue;
      const v = byName.get(o)!;
      v.producedAt = step;
      v.producerNode = nodeIndex;
    }
    addConsumer(n.inputs, step);
    addConsumer(n.implicitInputs, step);
  }

  // ComputePlanForInputsAndWeights. Use counts by ortIndex (an array, not a Map by name: fewer
  // hash-table writes on big graphs; a name not yet counted reads 0 as the Map's `?? 0` did).
  const uses: number[] = new Array<number>(values.length).fill(0);
  const useCount = { get: (name: string): number => uses[byName.get(name)!.ortIndex]! };
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
    bump(v.name);
  }

  // ComputeReuseCount.
  for (const nodeIndex of order) {
    const n = exec.nodes[nodeIndex]!;
    for (const name of n.inputs) if (name !== '') bump(name);
    for (const name of n.implicitInputs) bump(name);
    for (const name of n.outputs) if (name !== '') bump(name);
  }
  for (const o of exec.outputs) bump(o.name);

  const buffer = (name: string): string => byName.get(name)!.root;
  const reuse = (reused: string, reusedFor: string, kind: AllocKind, via: ReuseVia | null): void => {
    const original = buffer(reused);
    const v = byName.get(reusedFor)!;
    v.root = original;
    v.allocKind = kind;
    v.reuseVia = via;
    bump(original, useCount.get(reusedFor));
  };
  const hasConsumer = (name: string): boolean => byName.get(name)!.consumers.length > 0;
  const isSequential = view === 'sequential';
  const externalProducer = (name: string): boolean => {
    const p = byName.get(name)?.producerNode;
    if (p === null || p === undefined) return false;
    const pn = exec.nodes[p]!;
    return lookupKernel(pn.opType, pn.domain, opsets[pn.domain]).hasExternalOutputs === true;
  };
  const loopIterationInput = input.parentOpType === 'Loop' ? exec.inputs[0]?.name : undefined;

  // The freelist holds roots with the step whose decrement freed them. ORT pushes to the front and
  // scans from the front; this array is stored reversed (front = last element) so a push is O(1).
  const freelist: { root: string; freedAt: number }[] = [];

  // Declared once, not per node: closures created in the loop cost measurable time on big graphs.
  const release = (name: string, step: number): void => {
    if (name === '') return;
    const original = buffer(name);
    const at = byName.get(original)!.ortIndex;
    const left = uses[at]! - 1;
    uses[at] = left;
    if (left === 0) freelist.push({ root: original, freedAt: step });
  };

  const findReusableInput = (n: ExecNode, decl: KernelDecl, k: number): { input: string; via: ReuseVia } | null => {
    for (const [i, o] of decl.alias ?? []) {
      if (o === k && i < n.inputs.length && n.inputs[i] !== '') return { input: n.inputs[i]!, via: 'alias' };
    }
    if (decl.variadicAlias) {
      const i = k - decl.variadicAlias.outputOffset + decl.variadicAlias.inputOffset;
      if (i >= 0 && i < n.inputs.length && n.inputs[i] !== '') return { input: n.inputs[i]!, via: 'alias' };
    }
    for (const [i, o] of decl.mayInplace ?? []) {
      if (o !== k || i >= n.inputs.length || n.inputs[i] === '') continue;
      const inName = n.inputs[i]!;
      if (externalProducer(inName)) continue;
      if (useCount.get(buffer(inName)) === 1 && sameSize(typeOf(inName), typeOf(n.outputs[k]!))) return { input: inName, via: 'inplace' };
    }
    return null;
  };

  for (let step = 0; step < order.length; step++) {
    const n = exec.nodes[order[step]!]!;
    const decl = lookupKernel(n.opType, n.domain, opsets[n.domain === 'ai.onnx' ? '' : n.domain]);
    for (let k = 0; k < n.outputs.length; k++) {
      const out = n.outputs[k]!;
      if (out === '') continue;
      const v = byName.get(out)!;
      if (decl.hasExternalOutputs) {
        v.allocKind = 'AllocatedExternally';
        continue;
      }
      if (v.isGraphOutput) {
        v.allocKind = 'AllocateOutput';
        if (input.parentOpType === 'Loop' && n.opType === 'Identity' && n.domain === '' && n.inputs[0] && n.inputs[0] !== loopIterationInput) {
          if (byName.get(n.inputs[0])!.allocKind === 'PreExisting') reuse(n.inputs[0], out, 'Share', null);
        }
        continue;
      }
      if (isSequential) {
        const found = findReusableInput(n, decl, k);
        if (found) {
          reuse(found.input, out, 'Reuse', found.via);
          continue;
        }
      }
      const type = typeOf(out);
      if (type && type.kind !== 'tensor' && type.kind !== 'unknown') {
        v.allocKind = 'Allocate';
        continue;
      }
      if (isSequential && hasConsumer(out)) {
        const taken = findReusableTensor(type);
        if (taken) {
          reuse(taken.root, out, 'Reuse', 'freelist');
          v.reusedFrom = { value: taken.root, freedAfter: taken.freedAt };
          continue;
        }
      }
      v.allocKind = 'Allocate';
    }
    for (const name of n.inputs) release(name, step);
    for (const name of n.implicitInputs) release(name, step);
    for (const name of n.outputs) release(name, step);
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
