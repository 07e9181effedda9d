/**
 * Graphs for planner tests, built as decoded `Graph` objects (no bytes), with every value's type
 * declared so tests do not depend on shape inference.
 */
import type { Graph, Node, TensorInfo } from '../../src/onnx/model';
import { tensorByteSize } from '../../src/onnx/dataType';
import type { InferredValue } from '../../src/shape/types';
import { buildExecGraph } from '../../src/plan/buildExecGraph';
import { planGraph, type GraphPlan } from '../../src/plan/planGraph';
import type { PlanView } from '../../src/report/report';
import type { ExecGraph } from '../../src/plan/execGraph';

export type Dim = number | string | null;
/** [opType, inputs, outputs, name?] */
export type NodeSpec = [string, string[], string[], string?];

export interface GraphFixture {
  nodes: NodeSpec[];
  inputs?: string[];
  outputs: string[];
  initializers?: string[];
  /** Static shape per value (default [4, 8]); `null` = unknown rank. */
  shapes?: Record<string, Dim[] | null>;
  /** dtype per value (default FLOAT = 1). */
  dtypes?: Record<string, number>;
  /** Extra node objects (e.g. with subgraph attributes), appended after `nodes`. */
  extraNodes?: Node[];
}

const DEFAULT_SHAPE: Dim[] = [4, 8];

/** Builds the decoded Graph of a fixture. */
export function fixtureGraph(f: GraphFixture): Graph {
  const shapeOf = (v: string): Dim[] | null => (f.shapes && v in f.shapes ? f.shapes[v]! : DEFAULT_SHAPE);
  const vi = (name: string) => ({ name, type: { kind: 'tensor' as const, elemType: f.dtypes?.[name] ?? 1, shape: shapeOf(name) } });
  const init = (name: string): TensorInfo => {
    const dims = (shapeOf(name) ?? []).map((d) => (typeof d === 'number' ? d : 1));
    const dt = f.dtypes?.[name] ?? 1;
    const b = tensorByteSize(dt, dims.reduce((a, c) => a * c, 1));
    return { name, dataType: dt, dims, byteSize: b, storedBytes: b ?? 0, external: null, values: null };
  };
  return {
    name: 'g',
    nodes: [
      ...f.nodes.map(([opType, inputs, outputs, name]) => ({ name: name ?? '', opType, domain: '', inputs, outputs, attributes: [] })),
      ...(f.extraNodes ?? []),
    ],
    initializers: (f.initializers ?? []).map(init),
    sparseInitializers: [],
    inputs: (f.inputs ?? []).map(vi),
    outputs: f.outputs.map(vi),
    valueInfo: [],
  };
}

/** A typeOf function from a fixture's declared shapes and dtypes. */
export function fixtureTypes(f: GraphFixture): (name: string) => InferredValue {
  return (name) => {
    const s = f.shapes && name in f.shapes ? f.shapes[name]! : DEFAULT_SHAPE;
    return { kind: 'tensor', dtype: f.dtypes?.[name] ?? 1, shape: s, staticShape: s, value: null, reason: null } as InferredValue;
  };
}

/** Plans a fixture: ExecGraph, then planGraph with the fixture's types; sizes from known dims only. */
export function planFixture(f: GraphFixture, view: PlanView = 'sequential', outerScope: string[] = [], parentOpType: string | null = null): { exec: ExecGraph; plan: GraphPlan } {
  const exec = buildExecGraph(fixtureGraph(f), new Set(outerScope));
  const typeOf = fixtureTypes(f);
  const plan = planGraph({
    exec,
    typeOf,
    bytesOf: (name) => {
      const t = typeOf(name);
      if (!t.shape || t.shape.some((d) => typeof d !== 'number')) return { bytes: null, reason: 'unknown dim' };
      return { bytes: tensorByteSize(t.dtype!, (t.shape as number[]).reduce((a, b) => a * b, 1)), reason: null };
    },
    opsets: { '': 17 },
    view,
    parentOpType,
  });
  return { exec, plan };
}

/** Node display names in execution order. */
export function orderNames(exec: ExecGraph, plan: GraphPlan): string[] {
  return plan.order.map((i) => exec.nodes[i]!.name || `${exec.nodes[i]!.opType}_${i}`);
}

/** `name kind [-> root]` lines for compact assertions. */
export function planLines(plan: GraphPlan): string[] {
  return plan.allocation.values.map((v) => `${v.name} ${v.allocKind}${v.root !== v.name ? ` -> ${v.root}` : ''}`);
}

/** Types from what a graph declares (inputs, outputs, value_info, initializers): enough for fully annotated probes. */
export function declaredTypes(g: Graph): (name: string) => InferredValue | undefined {
  const m = new Map<string, InferredValue>();
  for (const v of [...g.inputs, ...g.outputs, ...g.valueInfo]) {
    if (v.type?.kind !== 'tensor') continue;
    m.set(v.name, { kind: 'tensor', dtype: v.type.elemType, shape: v.type.shape, staticShape: v.type.shape, value: null, reason: null } as InferredValue);
  }
  const addInit = (t: TensorInfo): void => void m.set(t.name, { kind: 'tensor', dtype: t.dataType, shape: t.dims, staticShape: t.dims, value: null, reason: null });
  g.initializers.forEach(addInit);
  for (const n of g.nodes) if (n.opType === 'Constant') for (const a of n.attributes) if (a.t) addInit({ ...a.t, name: n.outputs[0]! });
  return (name) => m.get(name);
}

/** Byte sizes from declared types with symbolic dims bound by `bindings`. */
export function declaredBytes(typeOf: (name: string) => InferredValue | undefined, bindings: Record<string, number> = {}) {
  return (name: string): { bytes: number | null; reason: string | null } => {
    const t = typeOf(name);
    if (!t || !t.staticShape || t.dtype === null) return { bytes: null, reason: 'unknown type' };
    let count = 1;
    for (const d of t.staticShape) {
      const v = typeof d === 'number' ? d : d !== null ? bindings[d] : undefined;
      if (v === undefined) return { bytes: null, reason: `unbound dim ${String(d)}` };
      count *= v;
    }
    return { bytes: tensorByteSize(t.dtype, count), reason: null };
  };
}
