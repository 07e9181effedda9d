/**
 * Spatial sampling ops: GridSample, AffineGrid, RoiAlign, MaxRoiPool, MaxUnpool, CenterCropPad, Det.
 */
import type { SymDim } from '../types';
import type { ShapeRule } from '../ruleContext';
import { input, normAxis, out } from './ruleKit';

const gridSample: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const grid = input(ctx, 1);
  if (!x?.shape || !grid?.shape) return [out(x?.dtype ?? null, null)];
  return [out(x.dtype, [x.shape[0], x.shape[1], ...grid.shape.slice(1, -1)])];
};

const affineGrid: ShapeRule = (ctx) => {
  const theta = input(ctx, 0);
  const size = input(ctx, 1)?.value ?? null;
  if (!size) return [out(theta?.dtype ?? null, null)];
  const [n, , ...spatial] = size;
  return [out(theta?.dtype ?? null, [n, ...spatial, spatial.length])];
};

const roiAlign: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const rois = input(ctx, 1);
  const c = x?.shape?.[1] ?? null;
  return [out(x?.dtype ?? null, [rois?.shape?.[0] ?? null, c, ctx.int('output_height', 1), ctx.int('output_width', 1)])];
};

const maxRoiPool: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const rois = input(ctx, 1);
  const pooled = ctx.ints('pooled_shape') ?? [null, null];
  return [out(x?.dtype ?? null, [rois?.shape?.[0] ?? null, x?.shape?.[1] ?? null, ...pooled])];
};

const maxUnpool: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const given = input(ctx, 2);
  if (given) return [out(x?.dtype ?? null, given.value ?? (given.shape?.length === 1 && typeof given.shape[0] === 'number' ? new Array<SymDim>(given.shape[0]).fill(null) : null))];
  const kernel = ctx.ints('kernel_shape');
  if (!x?.shape || !kernel) return [out(x?.dtype ?? null, null)];
  const n = kernel.length;
  const strides = ctx.ints('strides') ?? new Array<number>(n).fill(1);
  const pads = ctx.ints('pads') ?? new Array<number>(2 * n).fill(0);
  const dims = x.shape.slice(2).map((d, i) => ctx.dim.add(ctx.dim.mul(ctx.dim.sub(d, 1), strides[i]), kernel[i] - pads[i] - pads[i + n]));
  return [out(x.dtype, [x.shape[0], x.shape[1], ...dims])];
};

const centerCropPad: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const target = input(ctx, 1)?.value ?? null;
  if (!x?.shape || !target) return [out(x?.dtype ?? null, x?.shape ? new Array<SymDim>(x.shape.length).fill(null) : null)];
  const r = x.shape.length;
  const axes = ctx.ints('axes') ?? x.shape.map((_, i) => i);
  const dims = [...x.shape];
  axes.forEach((a, k) => (dims[normAxis(ctx, a, r)] = target[k] ?? null));
  return [out(x.dtype, dims)];
};

/** Spatial rule table entries, keyed by op type (default domain). */
export const IMAGE_RULES: Record<string, ShapeRule> = {
  GridSample: gridSample,
  AffineGrid: affineGrid,
  RoiAlign: roiAlign,
  MaxRoiPool: maxRoiPool,
  MaxUnpool: maxUnpool,
  CenterCropPad: centerCropPad,
  Det: (ctx) => {
    const x = input(ctx, 0);
    return [out(x?.dtype ?? null, x?.shape ? x.shape.slice(0, -2) : null)];
  },
};
