/**
 * Shape-manipulating ops: Shape, Size, Reshape, Flatten, Squeeze, Unsqueeze, Transpose, Concat,
 * Expand, Tile, Pad, ConstantOfShape, Range, DepthToSpace, SpaceToDepth, OneHot, EyeLike (Split,
 * Slice and Gather* are in indexingOps.ts). They carry small int contents forward, which is what
 * lets the runtime channel resolve Shape → Gather → Concat → Reshape chains.
 */
import { DataType } from '../../onnx/dataType';
import type { SymDim } from '../types';
import type { ShapeRule } from '../ruleContext';
import { badModel, broadcastReason, broadcastShapes, concreteShape, input, INT64, knownCount, lengthOf1D, listArg, MAX_PROPAGATED_ELEMENTS, normAxis, numbers, out, product, transposedContents, unknownDims } from './ruleKit';




const shapeOp: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  // The output is 1-D even when the input rank is unknown.
  if (!x?.shape) return [out(INT64, [null])];
  const r = x.shape.length;
  const clamp = (v: number): number => Math.min(Math.max(v < 0 ? v + r : v, 0), r);
  const start = ctx.opset >= 15 ? clamp(ctx.int('start', 0)) : 0;
  const endAttr = ctx.opset >= 15 ? ctx.intOrNull('end') : null;
  const end = endAttr === null ? r : clamp(endAttr);
  const dims = x.shape.slice(start, Math.max(start, end));
  return [out(INT64, [dims.length], dims)];
};

const size: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const n = x?.shape ? product(ctx, x.shape) : null;
  return [out(INT64, [], [n])];
};

const reshape: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const target = ctx.opset >= 5 ? input(ctx, 1)?.value ?? null : ctx.ints('shape');
  const allowZero = ctx.opset >= 14 && ctx.int('allowzero', 0) === 1;
  if (!target) return [out(x?.dtype ?? null, unknownDims(lengthOf1D(input(ctx, 1))))];
  let inferIdx = -1;
  const dims: SymDim[] = target.map((d, i) => {
    if (d === 0 && !allowZero) return x?.shape?.[i] ?? null;
    if (d === -1) {
      if (inferIdx >= 0) throw badModel(ctx, 'Reshape shape has more than one -1');
      inferIdx = i;
      return null;
    }
    return d;
  });
  if (inferIdx >= 0 && x?.shape) {
    const rest = dims.filter((_, i) => i !== inferIdx);
    dims[inferIdx] = ctx.dim.div(product(ctx, x.shape), product(ctx, rest));
  }
  return [out(x?.dtype ?? null, dims, x?.value ?? null)];
};

const flatten: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  const r = x.shape.length;
  let axis = ctx.int('axis', 1);
  if (axis < 0) axis += r;
  if (axis < 0 || axis > r) throw badModel(ctx, `Flatten axis ${axis} out of range for rank ${r}`);
  return [out(x.dtype, [product(ctx, x.shape.slice(0, axis)), product(ctx, x.shape.slice(axis))], x.value)];
};

const squeeze: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const axes = listArg(ctx, 'axes', 1, 13);
  if (!x?.shape || axes === 'unknown') return [out(x?.dtype ?? null, null)];
  const r = x.shape.length;
  let drop: Set<number>;
  if (axes === null || axes.length === 0) {
    if (x.shape.some((d) => typeof d !== 'number')) return [out(x.dtype, null)];
    drop = new Set(x.shape.flatMap((d, i) => (d === 1 ? [i] : [])));
  } else {
    if (axes.some((a) => typeof a !== 'number')) return [out(x.dtype, null)];
    drop = new Set((axes as number[]).map((a) => normAxis(ctx, a, r)));
  }
  return [out(x.dtype, x.shape.filter((_, i) => !drop.has(i)), x.value)];
};

const unsqueeze: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const axes = listArg(ctx, 'axes', 1, 13);
  if (!x?.shape || axes === 'unknown' || axes === null || axes.some((a) => typeof a !== 'number')) {
    return [out(x?.dtype ?? null, null)];
  }
  const r = x.shape.length + axes.length;
  const ins = new Set((axes as number[]).map((a) => normAxis(ctx, a, r)));
  const dims: SymDim[] = [];
  let k = 0;
  for (let i = 0; i < r; i++) dims.push(ins.has(i) ? 1 : x.shape[k++] ?? null);
  return [out(x.dtype, dims, x.value)];
};

const transpose: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  const r = x.shape.length;
  const perm = ctx.ints('perm') ?? x.shape.map((_, i) => r - 1 - i);
  if (perm.length !== r) throw badModel(ctx, `Transpose perm length ${perm.length} differs from rank ${r}`);
  const axes = perm.map((p) => normAxis(ctx, p, r));
  const full = concreteShape(x.shape);
  const value = r <= 1 ? x.value : x.value && full ? transposedContents(x.value, full, axes) : null;
  return [out(x.dtype, axes.map((a) => x.shape![a]), value)];
};

const concat: ShapeRule = (ctx) => {
  const ins = ctx.inputs.filter((v) => v !== null);
  const dtype = ins.find((v) => v?.dtype !== null)?.dtype ?? null;
  if (ins.length === 0 || ins.some((v) => !v?.shape)) return [out(dtype, null)];
  const r = ins[0]!.shape!.length;
  if (ins.some((v) => v!.shape!.length !== r)) throw badModel(ctx, 'Concat inputs have different ranks');
  const axis = normAxis(ctx, ctx.int('axis', 0), r);
  const dims: SymDim[] = [];
  for (let i = 0; i < r; i++) {
    if (i === axis) {
      let sum: SymDim = 0;
      for (const v of ins) sum = ctx.dim.add(sum, v!.shape![i]);
      dims.push(sum);
    } else {
      // As ONNX's dim merge: the first dim_value wins, else the first symbol.
      const all = ins.map((v) => v!.shape![i]);
      dims.push(all.find((d) => typeof d === 'number') ?? all.find((d) => d !== null) ?? null);
    }
  }
  const canJoin = axis === 0 && ins.every((v) => v!.value);
  const value = canJoin ? ins.flatMap((v) => v!.value!) : null;
  return [out(dtype, dims, value && value.length <= MAX_PROPAGATED_ELEMENTS ? value : null)];
};

const expand: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const s = input(ctx, 1);
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  if (!s?.value) {
    // ONNX rank inference: broadcast against a target of known length but unknown dims.
    const n = lengthOf1D(s);
    return [out(x.dtype, n === null ? null : broadcastShapes([x.shape, unknownDims(n)]))];
  }
  const shape = broadcastShapes([x.shape, s.value]);
  return [{ ...out(x.dtype, shape), reason: broadcastReason([x.shape, s.value], shape) }];
};

const tile: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const reps = input(ctx, 1)?.value ?? null;
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  if (!reps || reps.length !== x.shape.length) return [out(x.dtype, unknownDims(x.shape.length))];
  return [out(x.dtype, x.shape.map((d, i) => ctx.dim.mul(d, reps[i])))];
};

const pad: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  const r = x.shape.length;
  const pads = ctx.opset >= 11 ? input(ctx, 1)?.value ?? null : ctx.ints(ctx.opset >= 2 ? 'pads' : 'paddings');
  const axesIn = ctx.opset >= 18 ? input(ctx, 3) : null;
  const axes = axesIn ? numbers(axesIn) : x.shape.map((_, i) => i);
  if (!pads || !axes) return [out(x.dtype, unknownDims(r))];
  if (pads.length !== 2 * axes.length) throw badModel(ctx, `Pad has ${pads.length} pads for ${axes.length} axes`);
  const dims = [...x.shape];
  axes.forEach((a, k) => {
    const axis = normAxis(ctx, a, r);
    dims[axis] = ctx.dim.add(ctx.dim.add(dims[axis], pads[k]), pads[k + axes.length]);
  });
  return [out(x.dtype, dims)];
};

const constantOfShape: ShapeRule = (ctx) => {
  const s = input(ctx, 0);
  const t = ctx.tensorAttr('value');
  const dtype = t?.dataType ?? DataType.FLOAT;
  const fill = t?.values?.[0] ?? 0;
  if (!s?.value) return [out(dtype, unknownDims(lengthOf1D(s)))];
  const dims = [...s.value];
  if (dims.some((d) => typeof d === 'number' && (d < 0 || !Number.isInteger(d)))) throw badModel(ctx, `ConstantOfShape shape ${JSON.stringify(dims)} is not a size`);
  const n = knownCount(dims);
  const value = n !== null && n <= MAX_PROPAGATED_ELEMENTS ? new Array<SymDim>(n).fill(fill) : null;
  return [out(dtype, dims, value)];
};

const range: ShapeRule = (ctx) => {
  const [start, limit, delta] = [0, 1, 2].map((i) => input(ctx, i)?.value?.[0] ?? null);
  const dtype = input(ctx, 0)?.dtype ?? null;
  let n: SymDim = null;
  if (typeof start === 'number' && typeof limit === 'number' && typeof delta === 'number' && delta !== 0) {
    n = Math.max(0, Math.ceil((limit - start) / delta));
  } else if (delta === 1 && limit !== null && start !== null) {
    n = ctx.dim.sub(limit, start);
  }
  let value: SymDim[] | null = null;
  if (typeof n === 'number' && n <= MAX_PROPAGATED_ELEMENTS && typeof start === 'number' && typeof delta === 'number') {
    value = Array.from({ length: n }, (_, i) => start + i * delta);
  }
  return [out(dtype, [n], value)];
};

const depthToSpace: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const b = ctx.int('blocksize', 1);
  if (!x?.shape || x.shape.length !== 4) return [out(x?.dtype ?? null, null)];
  const [n, c, h, w] = x.shape;
  return [out(x.dtype, [n, ctx.dim.div(c, b * b), ctx.dim.mul(h, b), ctx.dim.mul(w, b)])];
};

const spaceToDepth: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const b = ctx.int('blocksize', 1);
  if (!x?.shape || x.shape.length !== 4) return [out(x?.dtype ?? null, null)];
  const [n, c, h, w] = x.shape;
  return [out(x.dtype, [n, ctx.dim.mul(c, b * b), ctx.dim.div(h, b), ctx.dim.div(w, b)])];
};

const oneHot: ShapeRule = (ctx) => {
  const idx = input(ctx, 0);
  const depth = input(ctx, 1)?.value?.[0] ?? null;
  const dtype = input(ctx, 2)?.dtype ?? null;
  if (!idx?.shape) return [out(dtype, null)];
  const r = idx.shape.length + 1;
  const axis = normAxis(ctx, ctx.int('axis', -1), r);
  const dims = [...idx.shape];
  dims.splice(axis, 0, typeof depth === 'number' ? Math.floor(depth) : depth);
  return [out(dtype, dims)];
};

const eyeLike: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const dt = ctx.intOrNull('dtype');
  return [out(dt ?? x?.dtype ?? null, x?.shape ? [...x.shape] : null)];
};

/** The shape-op rule table entries, keyed by op type (default domain). */
/**
 * Crop, an experimental op ONNX removed that ORT still runs (contrib_ops/cpu/crop.h): an NCHW input
 * cut by `border` [left, top, right, bottom], or to `scale` [height, width] from the top-left border.
 * ORT's own inference gives its output no shape (measured: the ops after it get no freed buffer and
 * no in-place reuse, as unknown static shapes never compare equal), so the static channel has none.
 */
const crop: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (ctx.isStatic) return [out(x?.dtype ?? null, null)];
  if (!x?.shape || x.shape.length !== 4) return [out(x?.dtype ?? null, x?.shape ? x.shape.map(() => null) : null)];
  const border = ctx.ints('border') ?? [0, 0, 0, 0];
  const scale = ctx.ints('scale');
  if (border.length !== 4) throw badModel(ctx, `Crop needs 4 border values, got ${border.length}`);
  const [n, c, h, w] = x.shape as [SymDim, SymDim, SymDim, SymDim];
  if (scale && scale.length === 2) return [out(x.dtype, [n, c, scale[0]!, scale[1]!])];
  return [out(x.dtype, [n, c, ctx.dim.sub(h, border[1]! + border[3]!), ctx.dim.sub(w, border[0]! + border[2]!)])];
};

export const SHAPE_OP_RULES: Record<string, ShapeRule> = {
  Crop: crop,
  Shape: shapeOp,
  Size: size,
  Reshape: reshape,
  Flatten: flatten,
  Squeeze: squeeze,
  Unsqueeze: unsqueeze,
  Transpose: transpose,
  Concat: concat,
  Expand: expand,
  Tile: tile,
  Pad: pad,
  ConstantOfShape: constantOfShape,
  Range: range,
  DepthToSpace: depthToSpace,
  SpaceToDepth: spaceToDepth,
  OneHot: oneHot,
  EyeLike: eyeLike,
};
