/**
 * Indexing ops: Split, Slice (attributes before opset 10, inputs after), Gather, GatherElements,
 * GatherND. Slices of small contents of any rank and gathers of small 1-D contents are evaluated for
 * Shape arithmetic.
 */
import type { SymDim } from '../types';
import type { OutSpec, ShapeRule } from '../ruleContext';
import { concreteShape, input, listArg, normAxis, numbers, out, stridedContents, unknownDims } from './ruleKit';

/** Anything at least this large means "to the end" in Slice. */
const SLICE_END_SENTINEL = 2 ** 31 - 1;

const split: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const n = ctx.node.outputs.length;
  if (!x?.shape) return new Array<OutSpec>(n).fill(out(x?.dtype ?? null, null));
  const r = x.shape.length;
  const axis = normAxis(ctx, ctx.int('axis', 0), r);
  const d = x.shape[axis];
  const sizes = listArg(ctx, 'split', 1, 13);
  let parts: SymDim[];
  if (sizes === 'unknown') parts = new Array<SymDim>(n).fill(null);
  else if (sizes && sizes.length > 0) parts = sizes;
  else if (ctx.opset >= 18 && ctx.intOrNull('num_outputs') !== null && typeof d === 'number') {
    const chunk = Math.ceil(d / n);
    // ONNX's static inference gives every part but the last ceil(d/n) and the last the rest (which
    // can come out negative, i.e. no valid size); the runtime channel keeps the clamped split.
    parts = ctx.isStatic
      ? Array.from({ length: n }, (_, i) => (i < n - 1 ? chunk : d - chunk * (n - 1) >= 0 ? d - chunk * (n - 1) : null))
      : Array.from({ length: n }, (_, i) => Math.max(0, Math.min(chunk, d - chunk * i)));
  } else {
    const q = ctx.dim.div(d, n);
    parts = new Array<SymDim>(n).fill(typeof d === 'number' && d % n !== 0 ? null : q);
  }
  let offset = 0;
  return parts.slice(0, n).map((p) => {
    const dims = [...x.shape!];
    dims[axis] = p;
    let value: SymDim[] | null = null;
    if (r === 1 && x.value && typeof p === 'number') value = x.value.slice(offset, offset + p);
    offset += typeof p === 'number' ? p : 0;
    return out(x.dtype, dims, value);
  });
};

/** Length of a slice of a known dim with numeric start/end/step (ONNX clamping rules). */
function sliceLen(d: number, start: number, end: number, step: number): [number, number] {
  const clampPos = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), hi);
  let s = start < 0 ? start + d : start;
  let e = end < 0 ? end + d : end;
  if (step > 0) {
    s = clampPos(s, 0, d);
    e = clampPos(e, 0, d);
    return [s, Math.max(0, Math.ceil((e - s) / step))];
  }
  s = clampPos(s, 0, d - 1);
  e = clampPos(e, -1, d - 1);
  return [s, Math.max(0, Math.ceil((s - e) / -step))];
}

const slice: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  const r = x.shape.length;
  const old = ctx.opset < 10;
  const starts = old ? ctx.ints('starts') : input(ctx, 1)?.value ?? null;
  const ends = old ? ctx.ints('ends') : input(ctx, 2)?.value ?? null;
  // undefined = omitted (defaults apply); null = given but contents unknown.
  const axesArg = old ? (ctx.ints('axes') ?? undefined) : input(ctx, 3) ? input(ctx, 3)!.value : undefined;
  const stepsArg = old ? undefined : input(ctx, 4) ? input(ctx, 4)!.value : undefined;
  if (!starts || !ends || axesArg === null || stepsArg === null) return [out(x.dtype, unknownDims(r))];
  const axes = axesArg ?? starts.map((_, i) => i);
  const dims = [...x.shape];
  // Per axis, what the contents keep (an axis not sliced keeps everything); null once one is not numeric.
  const full = concreteShape(x.shape);
  let ranges: Array<{ begin: number; len: number; step: number }> | null = full ? full.map((d) => ({ begin: 0, len: d, step: 1 })) : null;
  for (let k = 0; k < axes.length; k++) {
    const a = axes[k];
    if (typeof a !== 'number') return [out(x.dtype, unknownDims(r))];
    const axis = normAxis(ctx, a, r);
    const s = starts[k];
    const e = ends[k];
    const st = stepsArg ? stepsArg[k] : 1;
    const d = x.shape[axis];
    if (ctx.isStatic && typeof d !== 'number') {
      // ONNX clears a sliced dim it cannot compute, even a full-range one.
      dims[axis] = null;
    } else if (typeof s === 'number' && typeof e === 'number' && typeof st === 'number' && typeof d === 'number') {
      const [begin, len] = sliceLen(d, s, e, st);
      dims[axis] = len;
      if (ranges) ranges[axis] = { begin, len, step: st };
    } else if (st === 1 && s === 0 && typeof e === 'number' && e >= SLICE_END_SENTINEL) {
      dims[axis] = d;
    } else if (st === 1 && typeof s === 'number' && s >= 0 && typeof e === 'number' && e >= SLICE_END_SENTINEL) {
      dims[axis] = ctx.dim.sub(d, s);
    } else if (st === 1 && s === 0 && typeof e === 'number' && e < 0) {
      dims[axis] = ctx.dim.add(d, e);
    } else if (st === 1 && e !== null && s !== null && !(typeof e === 'number' && e >= SLICE_END_SENTINEL)) {
      // Symbolic bounds: assume the slice lies inside the dim (the usual cache/position slices).
      dims[axis] = ctx.isStatic || (typeof s === 'number' && s < 0) ? null : ctx.dim.sub(e, s);
      // Which elements it keeps is not known, even where its length is.
      ranges = null;
    } else {
      dims[axis] = null;
    }
  }
  // Contents of small tensors of any rank: torch's F.pad export reverses a [k, 2] pads tensor with a step -1 Slice.
  const value = ranges && full && x.value && dims.every((d) => typeof d === 'number') ? stridedContents(x.value, full, ranges) : null;
  return [out(x.dtype, dims, value)];
};

const gather: ShapeRule = (ctx) => {
  const data = input(ctx, 0);
  const idx = input(ctx, 1);
  if (!data?.shape || !idx?.shape) return [out(data?.dtype ?? null, null)];
  const r = data.shape.length;
  const axis = normAxis(ctx, ctx.int('axis', 0), r);
  const dims = [...data.shape.slice(0, axis), ...idx.shape, ...data.shape.slice(axis + 1)];
  let value: SymDim[] | null = null;
  const ids = numbers(idx);
  const n = data.shape[0];
  if (r === 1 && data.value && ids && typeof n === 'number') {
    value = ids.map((i) => data.value![i < 0 ? i + n : i] ?? null);
  }
  return [out(data.dtype, dims, value)];
};

const gatherElements: ShapeRule = (ctx) => {
  const idx = input(ctx, 1);
  return [out(input(ctx, 0)?.dtype ?? null, idx?.shape ? [...idx.shape] : null)];
};

const gatherND: ShapeRule = (ctx) => {
  const data = input(ctx, 0);
  const idx = input(ctx, 1);
  const b = ctx.int('batch_dims', 0);
  const last = idx?.shape?.[idx.shape.length - 1];
  if (!data?.shape || !idx?.shape || typeof last !== 'number') return [out(data?.dtype ?? null, null)];
  return [out(data.dtype, [...idx.shape.slice(0, -1), ...data.shape.slice(b + last)])];
};

/** The indexing rule table entries, keyed by op type (default domain). */
export const INDEXING_RULES: Record<string, ShapeRule> = {
  Split: split,
  Slice: slice,
  Gather: gather,
  GatherElements: gatherElements,
  GatherND: gatherND,
};
