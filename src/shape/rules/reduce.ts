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
    return [out(x.dtype, dims, fold ? foldContents(ctx, x.shape, x.value, set, fold) : null)];
  };
}

/**
 * The reduced contents of a small tensor whose dims and contents are known, over any axes (a
 * detection model takes the max image size over a stacked [N, 2] list of shapes along axis 0).
 * Row-major in, row-major out; the kept or dropped size-1 axes do not change the element order.
 */
function foldContents(ctx: RuleContext, shape: readonly SymDim[], value: readonly SymDim[] | null | undefined, axes: ReadonlySet<number>, fold: NonNullable<Fold>): SymDim[] | null {
  if (!value || !shape.every((d): d is number => typeof d === 'number' && d > 0)) return null;
  const dims = shape as number[];
  if (value.length !== dims.reduce((a, b) => a * b, 1)) return null;
  // Stride of each input axis in the output (0 along reduced axes).
  const outStride = new Array<number>(dims.length).fill(0);
  let size = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    if (axes.has(i)) continue;
    outStride[i] = size;
    size *= dims[i]!;
  }
  const groups: SymDim[][] = Array.from({ length: size }, () => []);
  const index = new Array<number>(dims.length).fill(0);
  for (let flat = 0; flat < value.length; flat++) {
    let at = 0;
    for (let i = 0; i < dims.length; i++) at += index[i]! * outStride[i]!;
    groups[at]!.push(value[flat]!);
    for (let i = dims.length - 1; i >= 0; i--) {
      if (++index[i]! < dims[i]!) break;
      index[i] = 0;
    }
  }
  return groups.map((g) => fold(ctx, g));
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
