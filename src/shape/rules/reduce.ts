/**
 * Reductions (Reduce*, ArgMax/ArgMin): axes moved from an attribute to an input at opset 13 for
 * ReduceSum and at opset 18 for the others. Full reductions of small contents are evaluated
 * (ReduceProd of a Shape gives an element count).
 */
import { addDims } from '../symbolicDim';
import type { SymDim } from '../types';
import type { RuleContext, ShapeRule } from '../ruleContext';
import { input, INT64, normAxis, numbers, out } from './ruleKit';

type Fold = ((ctx: RuleContext, xs: SymDim[]) => SymDim) | null;

const prodFold: Fold = (ctx, xs) => xs.reduce<SymDim>((p, x) => ctx.dim.mul(p, x), 1);
const sumFold: Fold = (_ctx, xs) => xs.reduce<SymDim>((p, x) => addDims(p, x), 0);
const maxFold: Fold = (_ctx, xs) => (xs.every((x): x is number => typeof x === 'number') ? Math.max(...xs) : null);
const minFold: Fold = (_ctx, xs) => (xs.every((x): x is number => typeof x === 'number') ? Math.min(...xs) : null);

function reduceRule(axesInputSince: number, fold: Fold): ShapeRule {
  return (ctx) => {
    const x = input(ctx, 0);
    const keep = ctx.int('keepdims', 1) === 1;
    if (!x?.shape) return [out(x?.dtype ?? null, null)];
    const r = x.shape.length;
    let axes: number[] | null;
    if (ctx.opset >= axesInputSince) {
      const a = input(ctx, 1);
      if (a && !numbers(a)) return [out(x.dtype, keep ? new Array<SymDim>(r).fill(null) : null)];
      axes = a ? numbers(a) : null;
    } else axes = ctx.ints('axes');
    if (!axes || axes.length === 0) {
      const noop = ctx.opset >= axesInputSince && ctx.int('noop_with_empty_axes', 0) === 1;
      if (noop) return [out(x.dtype, [...x.shape], x.value)];
      axes = x.shape.map((_, i) => i);
    }
    const set = new Set(axes.map((a) => normAxis(ctx, a, r)));
    const dims = keep ? x.shape.map((d, i) => (set.has(i) ? 1 : d)) : x.shape.filter((_, i) => !set.has(i));
    const value = fold && x.value && set.size === r && r <= 1 ? [fold(ctx, x.value)] : null;
    return [out(x.dtype, dims, value)];
  };
}

const argRule: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(INT64, null)];
  const axis = normAxis(ctx, ctx.int('axis', 0), x.shape.length);
  const keep = ctx.int('keepdims', 1) === 1;
  const dims = keep ? x.shape.map((d, i) => (i === axis ? 1 : d)) : x.shape.filter((_, i) => i !== axis);
  return [out(INT64, dims)];
};

/** The reduction rule table entries, keyed by op type (default domain). */
export const REDUCE_RULES: Record<string, ShapeRule> = {
  ReduceSum: reduceRule(13, sumFold),
  ReduceProd: reduceRule(18, prodFold),
  ReduceMax: reduceRule(18, maxFold),
  ReduceMin: reduceRule(18, minFold),
  ReduceMean: reduceRule(18, null),
  ReduceL1: reduceRule(18, null),
  ReduceL2: reduceRule(18, null),
  ReduceLogSum: reduceRule(18, null),
  ReduceLogSumExp: reduceRule(18, null),
  ReduceSumSquare: reduceRule(18, null),
  ArgMax: argRule,
  ArgMin: argRule,
};
