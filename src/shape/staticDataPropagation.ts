/**
 * ORT's data propagation during graph resolution, for the static channel.
 *
 * While resolving a graph ORT 1.30 runs, after each node's ONNX shape inference, the op schema's
 * PartialDataPropagationFunction and then ORT's own custom propagators
 * (onnxruntime/core/graph/data_propagation). What survives on a value is either a list of known
 * numbers (rank 1, never a dim_param: ORT keeps a result only when every element is a number) or a
 * single scalar. Later nodes' inference reads it as if it were a constant initializer (ORT's
 * InferenceContext::getInputData), which is how a Shape → ConstantOfShape chain gets a static shape.
 *
 * Facts this table follows (ONNX defs and ORT graph.cc):
 * - ONNX propagators see only propagated data of their inputs, never initializers.
 * - Shape (all opsets), Gather (all), Cast/Concat/Slice (13+), Add/Sub/Mul (14+) have ONNX
 *   propagators; Div has none.
 * - Size, Squeeze and Unsqueeze always use ORT's custom propagator instead of ONNX's result; Gather,
 *   Add, Sub, Mul and Div use theirs only when ONNX produced nothing. Custom propagators read
 *   indices and axes from constant int32/int64 initializers.
 * - Values do not cross into subgraphs (they are per-NodeArg and the body has its own NodeArgs).
 */
import type { ShapeNode, Val } from './ruleContext';
import { MAX_PROPAGATED_ELEMENTS } from './rules/ruleKit';
import type { SymDim } from './types';
import { isOnnxDomain } from '../onnx/domain';

/** Data ORT carries on one value: known numbers of a rank-1 tensor, or one rank-0 scalar. */
export interface PropagatedData {
  values: number[];
  /** True for ORT's scalar channel (values has exactly one element). */
  scalar: boolean;
}

/** What a propagator reads about the node. */
interface PropContext {
  node: ShapeNode;
  opset: number;
  inputs: readonly (Val | null)[];
}

/** ONNX result: the TensorShapeProto dims (numbers, symbols or unknown), or null when nothing was added. */
type OnnxPropagator = (p: PropContext) => SymDim[] | null;
type CustomPropagator = (p: PropContext, onnx: SymDim[] | null) => PropagatedData | null;

function attrInt(node: ShapeNode, name: string): number | null {
  const a = node.attributes.find((x) => x.name === name);
  return a ? (a.i ?? 0) : null;
}

function attrInts(node: ShapeNode, name: string): number[] | null {
  const a = node.attributes.find((x) => x.name === name);
  return a ? (a.ints ?? []) : null;
}

/** ONNX's DataPropagationContext::getInputData: the input's propagated list (not a scalar, not an initializer). */
function data(p: PropContext, i: number): number[] | null {
  const d = p.inputs[i]?.prop;
  return d && !d.scalar ? d.values : null;
}

/** A constant int32/int64 tensor's contents and rank, as ORT's initializer reader returns them. */
function constantInts(v: Val | null | undefined): { values: number[]; rank: number } | null {
  if (!v || v.prop || !v.value || (v.dtype !== 6 && v.dtype !== 7) || !v.shape) return null;
  if (!v.value.every((x): x is number => typeof x === 'number')) return null;
  return { values: v.value as number[], rank: v.shape.length };
}

/** One value: ORT reads a scalar or a one-element list (keeping which it was). */
function single(v: Val | null | undefined): { value: number; rank1: boolean } | null {
  const d = v?.prop;
  if (!d) return null;
  if (d.scalar) return { value: d.values[0], rank1: false };
  return d.values.length === 1 ? { value: d.values[0], rank1: true } : null;
}

function singleOut(value: number, rank1: boolean): PropagatedData {
  return { values: [value], scalar: !rank1 };
}

/** ORT's HandleNegativeAxis; null where ORT would throw (the propagator then gives nothing). */
function normIndex(i: number, n: number): number | null {
  const k = i < 0 ? i + n : i;
  return k >= 0 && k < n ? k : null;
}

/** ONNX axisIsZero: a negative axis counts from input 0's rank; a missing axis is zero only when allowed. */
function axisIsZero(p: PropContext, defaultZero: boolean): boolean {
  const axis = attrInt(p.node, 'axis');
  if (axis === null) return defaultZero;
  if (axis >= 0) return axis === 0;
  const rank = p.inputs[0]?.shape?.length;
  return rank !== undefined && axis + rank === 0;
}

function copyInput(p: PropContext): SymDim[] | null {
  return data(p, 0);
}

function mathOp(op: (a: number, b: number) => number): OnnxPropagator {
  return (p) => {
    const a = data(p, 0);
    const b = data(p, 1);
    if (!a || !b) return null;
    if (a.length !== b.length && a.length !== 1 && b.length !== 1) return null;
    const n = a.length === 1 ? b.length : a.length;
    return Array.from({ length: n }, (_, i) => op(a[a.length === 1 ? 0 : i], b[b.length === 1 ? 0 : i]));
  };
}

/** Slice bounds clamped as ONNX processSliceInputs does. */
function sliceRange(n: number, start: number, end: number, step: number): number[] {
  const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), hi);
  const s = clamp(start < 0 ? start + n : start, step < 0 ? -1 : 0, step < 0 ? n - 1 : n);
  const e = clamp(end < 0 ? end + n : end, step < 0 ? -1 : 0, step < 0 ? n - 1 : n);
  const out: number[] = [];
  if (step > 0) for (let i = s; i < e; i += step) out.push(i);
  else for (let i = s; i > e; i += step) out.push(i);
  return out;
}

const shapeOnnx: OnnxPropagator = (p) => {
  const shape = p.inputs[0]?.shape;
  if (!shape) return null;
  const r = shape.length;
  const clamp = (v: number): number => Math.min(Math.max(v < 0 ? v + r : v, 0), r);
  const start = clamp(attrInt(p.node, 'start') ?? 0);
  const end = clamp(attrInt(p.node, 'end') ?? r);
  return shape.slice(start, Math.max(start, end));
};

const concatOnnx: OnnxPropagator = (p) => {
  if (!axisIsZero(p, false)) return null;
  const all: number[] = [];
  for (let i = 0; i < p.inputs.length; i++) {
    const d = data(p, i);
    if (!d) return null;
    all.push(...d);
  }
  return all.length > 0 ? all : null;
};

const gatherOnnx: OnnxPropagator = (p) => {
  if (!axisIsZero(p, true)) return null;
  const d = data(p, 0);
  const ids = data(p, 1);
  if (!d || !ids) return null;
  const out: number[] = [];
  for (const i of ids) {
    const k = normIndex(i, d.length);
    if (k === null) return null;
    out.push(d[k]);
  }
  return out.length > 0 ? out : null;
};

const sliceOnnx: OnnxPropagator = (p) => {
  const x = data(p, 0);
  const starts = data(p, 1);
  const ends = data(p, 2);
  const axes = p.inputs.length >= 4 ? data(p, 3) : undefined;
  const steps = p.inputs.length >= 5 ? data(p, 4) : undefined;
  if (axes === null || steps === null || !x || !starts || !ends || starts.length !== ends.length) return null;
  if (axes && !(axes.length === 1 && axes[0] === 0)) return null;
  if (starts.length !== 1) return null;
  if (steps && steps.length !== 1) return null;
  const step = steps ? steps[0] : 1;
  if (step === 0) return null;
  const out = sliceRange(x.length, starts[0], ends[0], step).map((i) => x[i]);
  return out.length > 0 ? out : null;
};

/** Axes of Squeeze/Unsqueeze: the constant input 1 when the node has one, else the attribute. */
function axesOf(p: PropContext): number[] {
  if (p.node.inputs.length > 1) return constantInts(p.inputs[1])?.values ?? [];
  return attrInts(p.node, 'axes') ?? [];
}

const sizeCustom: CustomPropagator = (p) => {
  // ORT multiplies the propagated elements themselves (it treats them as a shape).
  const d = data(p, 0);
  if (!d || d.length === 0) return null;
  return { values: [d.reduce((a, b) => a * b, 1)], scalar: true };
};

const squeezeCustom: CustomPropagator = (p) => {
  const d = data(p, 0);
  if (!d || d.length === 0) return null;
  if (d.length === 1) return { values: [d[0]], scalar: true };
  const axes = new Set<number>();
  for (const a of axesOf(p)) {
    const k = normIndex(a, d.length);
    if (k === null) return null;
    axes.add(k);
  }
  const values = axes.size > 0 ? d.filter((_, i) => !axes.has(i)) : d.filter((v) => v !== 1);
  return { values, scalar: false };
};

const unsqueezeCustom: CustomPropagator = (p, onnx) => {
  const s = p.inputs[0]?.prop;
  if ((!onnx || onnx.length === 0) && s?.scalar) return { values: [s.values[0]], scalar: false };
  const d = data(p, 0);
  if (!d || d.length === 0) return null;
  const axes = axesOf(p);
  if (axes.length === 0) return null;
  const set = new Set<number>();
  for (const a of axes) {
    const k = normIndex(a, d.length);
    if (k === null) return null;
    set.add(k);
  }
  const values: number[] = [];
  d.forEach((v, i) => {
    if (set.has(i)) values.push(1);
    values.push(v);
  });
  return { values, scalar: false };
};

const gatherCustom: CustomPropagator = (p) => {
  const d = data(p, 0);
  const ids = constantInts(p.inputs[1]);
  if (!d || !ids || ids.values.length !== 1) return null;
  const k = normIndex(ids.values[0], d.length);
  if (k === null) return null;
  if (ids.rank === 0) return singleOut(d[k], false);
  if (ids.rank === 1) return singleOut(d[k], true);
  return null;
};

function scalarMath(op: (a: number, b: number) => number | null): CustomPropagator {
  return (p) => {
    const a = single(p.inputs[0]);
    const b = single(p.inputs[1]);
    if (!a || !b) return null;
    const r = op(a.value, b.value);
    return r === null ? null : singleOut(r, a.rank1 || b.rank1);
  };
}

/** One op's propagation: ONNX's function (from `onnxSince`), ORT's custom one, and when the custom one runs. */
interface OpPropagation {
  onnx?: OnnxPropagator;
  onnxSince?: number;
  custom?: CustomPropagator;
  /** 'always': ORT's factory picks the custom propagator whatever ONNX gave; 'fallback': only when ONNX gave nothing. */
  customWhen?: 'always' | 'fallback';
}

/** ORT 1.30's data propagation per default-domain op. */
const PROPAGATION: Readonly<Record<string, OpPropagation>> = {
  Shape: { onnx: shapeOnnx, onnxSince: 1 },
  Size: { custom: sizeCustom, customWhen: 'always' },
  Cast: { onnx: copyInput, onnxSince: 13 },
  Concat: { onnx: concatOnnx, onnxSince: 13 },
  Gather: { onnx: gatherOnnx, onnxSince: 1, custom: gatherCustom, customWhen: 'fallback' },
  Slice: { onnx: sliceOnnx, onnxSince: 13 },
  Squeeze: { custom: squeezeCustom, customWhen: 'always' },
  Unsqueeze: { onnx: copyInput, onnxSince: 13, custom: unsqueezeCustom, customWhen: 'always' },
  Add: { onnx: mathOp((a, b) => a + b), onnxSince: 14, custom: scalarMath((a, b) => a + b), customWhen: 'fallback' },
  Sub: { onnx: mathOp((a, b) => a - b), onnxSince: 14, custom: scalarMath((a, b) => a - b), customWhen: 'fallback' },
  Mul: { onnx: mathOp((a, b) => a * b), onnxSince: 14, custom: scalarMath((a, b) => a * b), customWhen: 'fallback' },
  Div: { custom: scalarMath((a, b) => (b === 0 ? null : Math.trunc(a / b))), customWhen: 'fallback' },
};

/** The data ORT propagates to output 0 of `node` from its static inputs, or null (outputs past 0 never get any). */
export function propagateStaticData(node: ShapeNode, opset: number, inputs: readonly (Val | null)[]): PropagatedData | null {
  if (!isOnnxDomain(node.domain)) return null;
  const entry = PROPAGATION[node.opType];
  if (!entry) return null;
  const p: PropContext = { node, opset, inputs };
  const onnx = entry.onnx && opset >= (entry.onnxSince ?? 1) ? entry.onnx(p) : null;
  const onnxEmpty = !onnx || onnx.length === 0;
  let result: PropagatedData | null;
  if (entry.custom && (entry.customWhen === 'always' || onnxEmpty)) result = entry.custom(p, onnx);
  else if (onnxEmpty || !onnx.every((d): d is number => typeof d === 'number')) result = null;
  else result = { values: onnx, scalar: false };
  // ORT has no limit, but a list this long is no shape; capping keeps Concat chains linear.
  return result && result.values.length <= MAX_PROPAGATED_ELEMENTS ? result : null;
}

/** What ORT's inference reads as the input's data: the list when non-empty, else the scalar. */
export function propagatedContents(d: PropagatedData | null): number[] | null {
  if (!d || d.values.length === 0) return null;
  return [...d.values];
}
