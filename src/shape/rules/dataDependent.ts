/**
 * Ops whose output size depends on tensor contents: NonZero, Unique, Compress, TopK (runtime k),
 * NonMaxSuppression. The unknown dim becomes a bindable symbol `<node label>.count` in the runtime
 * channel (`ctx.dataDependent`) and stays unknown in the static channel, as in ONNX.
 */
import type { SymDim } from '../types';
import type { ShapeRule } from '../ruleContext';
import { input, INT64, normAxis, out, product } from './ruleKit';

const nonZero: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  return [out(INT64, [x?.shape ? x.shape.length : null, ctx.dataDependent('count')])];
};

const unique: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const axis = ctx.intOrNull('axis');
  const n = ctx.dataDependent('count');
  let y: SymDim[] | null = [n];
  if (axis !== null) {
    if (!x?.shape) y = null;
    else {
      const a = normAxis(ctx, axis, x.shape.length);
      y = x.shape.map((d, i) => (i === a ? n : d));
    }
  }
  let inverse: SymDim = null;
  if (x?.shape) inverse = axis !== null ? x.shape[normAxis(ctx, axis, x.shape.length)] : product(ctx, x.shape);
  return [out(x?.dtype ?? null, y), out(INT64, [n]), out(INT64, [inverse]), out(INT64, [n])];
};

const compress: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const axis = ctx.intOrNull('axis');
  const n = ctx.dataDependent('count');
  if (axis === null) return [out(x?.dtype ?? null, [n])];
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  const a = normAxis(ctx, axis, x.shape.length);
  return [out(x.dtype, x.shape.map((d, i) => (i === a ? n : d)))];
};

const topK: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(x?.dtype ?? null, null), out(INT64, null)];
  const a = normAxis(ctx, ctx.int('axis', -1), x.shape.length);
  const k: SymDim = ctx.opset >= 10 ? (input(ctx, 1)?.value?.[0] ?? ctx.dataDependent('k')) : ctx.int('k', 0);
  const dims = x.shape.map((d, i) => (i === a ? k : d));
  return [out(x.dtype, dims), out(INT64, [...dims])];
};

/** The data-dependent rule table entries, keyed by op type (default domain). */
export const DATA_DEPENDENT_RULES: Record<string, ShapeRule> = {
  NonZero: nonZero,
  Unique: unique,
  Compress: compress,
  TopK: topK,
  NonMaxSuppression: (ctx) => [out(INT64, [ctx.dataDependent('count'), 3])],
};
