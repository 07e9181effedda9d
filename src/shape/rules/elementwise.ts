/**
 * Element-wise ops: same-shape unary ops, multidirectional-broadcast binary and variadic ops,
 * comparisons and logic (bool output), Where, Cast/CastLike, Clip, Dropout. Small int contents are
 * evaluated so Shape arithmetic (Add/Sub/Mul/Div on shapes) stays known in the runtime channel.
 */
import { addDims, dimsEqual, divDims, isNonNegativeDim, mulDims, subDims } from '../symbolicDim';
import type { SymDim } from '../types';
import type { ShapeRule } from '../ruleContext';
import { BOOL, broadcastReason, broadcastShapes, broadcastValues, input, isIntegerType, out, sameAs } from './ruleKit';

/** Output 0 = input 0 (shape and dtype); no contents. */
export const unary: ShapeRule = (ctx) => [sameAs(ctx, 0)];

/** Unary op that also maps known contents (Neg, Abs, Floor...). */
function unaryValue(fn: (x: number) => number): ShapeRule {
  return (ctx) => {
    const x = input(ctx, 0);
    const value = x?.value ? x.value.map((v) => (typeof v === 'number' ? fn(v) : null)) : null;
    return [{ ...sameAs(ctx, 0), value }];
  };
}

/** Identity keeps everything, including sequence/optional kinds and contents. */
export const identity: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x) return [null];
  return [{ kind: x.kind, dtype: x.dtype, shape: x.shape ? [...x.shape] : null, value: x.value }];
};

/** Negation also works on symbolic contents (e.g. a negative slice end). */
export const neg: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const value = x?.value ? x.value.map((v) => subDims(0, v)) : null;
  return [{ ...sameAs(ctx, 0), value }];
};

type Binary = (a: SymDim, b: SymDim, isInt: boolean) => SymDim;

function numericOnly(fn: (a: number, b: number) => number | boolean): Binary {
  return (a, b) => {
    if (typeof a !== 'number' || typeof b !== 'number') return null;
    const r = fn(a, b);
    return typeof r === 'boolean' ? (r ? 1 : 0) : Number.isFinite(r) ? r : null;
  };
}

const div: Binary = (a, b, isInt) => {
  if (typeof a === 'number' && typeof b === 'number') {
    if (b === 0) return null;
    return isInt ? Math.trunc(a / b) : a / b;
  }
  // A symbolic size divided by a positive constant stays known only when exactly divisible.
  return isInt ? divDims(a, b) : null;
};

const eq: Binary = (a, b) => {
  if (typeof a === 'number' && typeof b === 'number') return a === b ? 1 : 0;
  if (a !== null && b !== null && dimsEqual(a, b)) return 1;
  // Symbols stand for sizes, so a provably non-negative expression never equals a negative number.
  if ((typeof a === 'number' && a < 0 && isNonNegativeDim(b)) || (typeof b === 'number' && b < 0 && isNonNegativeDim(a))) return 0;
  return null;
};

function binaryRule(fn: Binary | null, outBool = false): ShapeRule {
  return (ctx) => {
    const a = input(ctx, 0);
    const b = input(ctx, 1);
    const shape = broadcastShapes([a?.shape ?? null, b?.shape ?? null]);
    const dtype = outBool ? BOOL : (a?.dtype ?? b?.dtype ?? null);
    const isInt = isIntegerType(a?.dtype ?? null);
    const value = fn ? broadcastValues([a, b], ([x, y]) => fn(x, y, isInt)) : null;
    return [{ ...out(dtype, shape, value), reason: broadcastReason([a?.shape ?? null, b?.shape ?? null], shape) }];
  };
}

/** Variadic broadcast (Sum, Mean, Max, Min) with an optional element-wise fold for contents. */
function variadicRule(fold: ((a: SymDim, b: SymDim) => SymDim) | null): ShapeRule {
  return (ctx) => {
    const ins = ctx.inputs.filter((v) => v !== null);
    const shape = broadcastShapes(ins.map((v) => v?.shape ?? null));
    const value = fold && ins.length > 0 ? broadcastValues(ins, (xs) => xs.reduce((p, q) => fold(p, q))) : null;
    return [{ ...out(ins[0]?.dtype ?? null, shape, value), reason: broadcastReason(ins.map((v) => v?.shape ?? null), shape) }];
  };
}

const maxFold = (a: SymDim, b: SymDim): SymDim => (typeof a === 'number' && typeof b === 'number' ? Math.max(a, b) : null);
const minFold = (a: SymDim, b: SymDim): SymDim => (typeof a === 'number' && typeof b === 'number' ? Math.min(a, b) : null);

/** Where(cond, x, y): three-way broadcast, dtype of x. */
export const where: ShapeRule = (ctx) => {
  const [c, x, y] = [input(ctx, 0), input(ctx, 1), input(ctx, 2)];
  const shape = broadcastShapes([c?.shape ?? null, x?.shape ?? null, y?.shape ?? null]);
  const value = broadcastValues([c, x, y], ([k, p, q]) => (typeof k === 'number' ? (k !== 0 ? p : q) : null));
  const shapes = [c?.shape ?? null, x?.shape ?? null, y?.shape ?? null];
  return [{ ...out(x?.dtype ?? y?.dtype ?? null, shape, value), reason: broadcastReason(shapes, shape) }];
};

/** Cast: input shape, `to` dtype; integer contents survive casts between numeric types. */
export const cast: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const to = ctx.int('to', 0);
  const value = x?.value && isIntegerType(to) ? x.value.map((v) => (typeof v === 'number' ? Math.trunc(v) : v)) : x?.value ?? null;
  return [out(to || null, x?.shape ? [...x.shape] : null, value)];
};

/** CastLike: input shape, dtype of the second input. */
export const castLike: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const t = input(ctx, 1);
  return [out(t?.dtype ?? null, x?.shape ? [...x.shape] : null, x?.value ?? null)];
};

/** Dropout: output like input; optional mask is bool of the same shape (opset ≥ 10, uint8/bool before). */
export const dropout: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const shape = x?.shape ? [...x.shape] : null;
  // ONNX infers the output's shape only from opset 6 and the mask's only from opset 10, so ORT's
  // static view has none before; the run still produces the input's shape.
  const outShape = ctx.isStatic && ctx.opset < 6 ? null : shape;
  const maskShape = ctx.isStatic && ctx.opset < 10 ? null : shape;
  return [out(x?.dtype ?? null, outShape, x?.value ?? null), out(ctx.opset >= 10 ? BOOL : (x?.dtype ?? null), maskShape)];
};

/** Logical and comparison ops: broadcast, bool output, contents when known. */
const cmp = (fn: (a: number, b: number) => boolean): ShapeRule => binaryRule(numericOnly(fn), true);

/**
 * GreaterOrEqual and LessOrEqual at opsets 12-15: ORT 1.30's own inference gives their output no
 * shape (measured with onnxruntime-node 1.30: a Cast(to=BOOL) after them is not planned in place
 * and a freed output of theirs is never reused, both of which need a known shape for SameSize;
 * from opset 16, and after Greater or Less, both happen). So the static channel has no shape
 * there; the run-time channel keeps it.
 */
function shapelessForOrtBefore16(rule: ShapeRule): ShapeRule {
  return (ctx) => (ctx.isStatic && ctx.opset < 16 ? [out(BOOL, null)] : rule(ctx));
}

/**
 * MeanVarianceNormalization: ONNX defines it by a function body without a shape inference function
 * (opsets 9 and 13), and ORT 1.30's graph resolution does not infer through the body, so ORT's own
 * inference gives its output no shape (measured with onnxruntime-node 1.30 at opsets 11, 13, 18 and
 * 22: a Relu after it is never planned in place, nor any element-wise op after that). So the static
 * channel has no shape; the run-time channel keeps X's.
 */
const meanVarianceNormalization: ShapeRule = (ctx) => (ctx.isStatic ? [out(input(ctx, 0)?.dtype ?? null, null)] : unary(ctx));

/** The element-wise rule table entries, keyed by op type (default domain). */
export const ELEMENTWISE_RULES: Record<string, ShapeRule> = {
  MeanVarianceNormalization: meanVarianceNormalization,
  Identity: identity,
  Neg: neg,
  Abs: unaryValue(Math.abs),
  Floor: unaryValue(Math.floor),
  Ceil: unaryValue(Math.ceil),
  Round: unaryValue((x) => Math.round(x)),
  Sign: unaryValue(Math.sign),
  Sqrt: unaryValue(Math.sqrt),
  Reciprocal: unary,
  Relu: unaryValue((x) => Math.max(0, x)),
  Not: (ctx) => {
    const x = input(ctx, 0);
    const value = x?.value ? x.value.map((v) => (typeof v === 'number' ? (v ? 0 : 1) : null)) : null;
    return [out(BOOL, x?.shape ? [...x.shape] : null, value)];
  },
  IsNaN: (ctx) => [out(BOOL, sameAs(ctx).shape)],
  IsInf: (ctx) => [out(BOOL, sameAs(ctx).shape)],
  Add: binaryRule(addDims),
  Sub: binaryRule(subDims),
  Mul: binaryRule(mulDims),
  Div: binaryRule(div),
  Mod: binaryRule(numericOnly((a, b) => (b === 0 ? NaN : a - b * Math.floor(a / b)))),
  Pow: binaryRule(numericOnly((a, b) => a ** b)),
  BitShift: binaryRule(null),
  BitwiseAnd: binaryRule(null),
  BitwiseOr: binaryRule(null),
  BitwiseXor: binaryRule(null),
  PRelu: binaryRule(null),
  Equal: binaryRule(eq, true),
  Less: cmp((a, b) => a < b),
  LessOrEqual: shapelessForOrtBefore16(cmp((a, b) => a <= b)),
  Greater: cmp((a, b) => a > b),
  GreaterOrEqual: shapelessForOrtBefore16(cmp((a, b) => a >= b)),
  And: cmp((a, b) => a !== 0 && b !== 0),
  Or: cmp((a, b) => a !== 0 || b !== 0),
  Xor: cmp((a, b) => (a !== 0) !== (b !== 0)),
  Sum: variadicRule(addDims),
  Mean: variadicRule(null),
  Max: variadicRule(maxFold),
  Min: variadicRule(minFold),
  Where: where,
  Cast: cast,
  CastLike: castLike,
  Dropout: dropout,
  Clip: unary,
  BitCast: (ctx) => [out(ctx.int('to', 0) || null, sameAs(ctx, 0).shape)],
  StringConcat: binaryRule(null),
  RegexFullMatch: (ctx) => [out(BOOL, sameAs(ctx, 0).shape)],
};

/**
 * Ops whose (first) output takes input 0's shape and dtype: unary activations, normalizations over
 * one input, and ops such as CumSum, Trilu and the Scatter family, which write into a copy of input 0.
 */
const SAME_SHAPE_OPS = [
  'Exp', 'Log', 'Sigmoid', 'Tanh', 'Erf', 'Sin', 'Cos', 'Tan', 'Asin', 'Acos', 'Atan', 'Sinh', 'Cosh',
  'Asinh', 'Acosh', 'Atanh', 'Softplus', 'Softsign', 'Elu', 'Selu', 'LeakyRelu', 'HardSigmoid',
  'HardSwish', 'Mish', 'Celu', 'ThresholdedRelu', 'Gelu', 'Shrink', 'Softmax', 'LogSoftmax', 'Hardmax',
  'LpNormalization', 'MeanVarianceNormalization', 'BitwiseNot', 'Swish', 'CumSum', 'Trilu', 'LRN',
  'InstanceNormalization', 'TensorScatter', 'CumProd', 'SwiGLU', 'ScatterND', 'ScatterElements', 'Scatter', 'ReverseSequence',
  // Experimental ops ONNX removed, which ORT still runs (onnx domain, contrib_ops/cpu): y = f(x) elementwise, or per channel (ImageScaler).
  'Affine', 'Scale', 'ImageScaler', 'ParametricSoftplus', 'ScaledTanh',
];
for (const op of SAME_SHAPE_OPS) ELEMENTWISE_RULES[op] ??= unary;
