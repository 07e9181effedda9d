/**
 * Small helpers shared by the shape rules: output builders, axis handling, ONNX multidirectional
 * broadcasting, and element-wise evaluation of small tensor contents.
 */
import { ShapeError } from '../../onnx/lensError';
import { DataType } from '../../onnx/dataType';
import { formatDim } from '../symbolicDim';
import type { SymDim } from '../types';
import type { OutSpec, RuleContext, Val } from '../ruleContext';

/** Largest tensor whose contents are propagated (elements). */
export const MAX_PROPAGATED_ELEMENTS = 1024;

/** A tensor output. */
export function out(dtype: number | null, shape: SymDim[] | null, value: SymDim[] | null = null): OutSpec {
  return { kind: 'tensor', dtype, shape, value };
}

/** A ShapeError naming the node, for inputs that contradict the op's contract. */
export function badModel(ctx: RuleContext, message: string): ShapeError {
  return new ShapeError('bad-model', `${message} at node '${ctx.label}'`, ctx.label);
}

/** Input i, or null when omitted or absent. */
export function input(ctx: RuleContext, i: number): Val | null {
  return ctx.inputs[i] ?? null;
}

/** Output with input i's dtype and shape. */
export function sameAs(ctx: RuleContext, i = 0): OutSpec {
  const v = input(ctx, i);
  return out(v?.dtype ?? null, v?.shape ?? null);
}

/** Normalizes a possibly negative axis for a tensor of `rank`; throws when out of range. */
export function normAxis(ctx: RuleContext, axis: number, rank: number): number {
  const a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= rank) throw badModel(ctx, `Axis ${axis} out of range for rank ${rank}`);
  return a;
}

/** Known numeric contents (every element a number), or null. */
export function numbers(v: Val | null): number[] | null {
  if (!v?.value) return null;
  return v.value.every((x): x is number => typeof x === 'number') ? (v.value as number[]) : null;
}

/** Product of all dims through the pass's arithmetic (1 for rank 0). */
export function product(ctx: RuleContext, dims: readonly SymDim[]): SymDim {
  let p: SymDim = 1;
  for (const d of dims) p = ctx.dim.mul(p, d);
  return p;
}

/** Element count of a shape when it is a known number, else null. */
export function knownCount(shape: readonly SymDim[] | null): number | null {
  if (!shape) return null;
  let n = 1;
  for (const d of shape) {
    if (typeof d !== 'number') return null;
    n *= d;
  }
  return n;
}

function dimKey(d: SymDim): string {
  return d === null ? '' : String(formatDim(d));
}

/**
 * ONNX multidirectional broadcasting of dims at one position: a value other than 1 wins; all 1 gives 1;
 * otherwise one distinct symbol (unknown counts as the empty symbol) is kept, several give unknown.
 */
function broadcastDim(dims: SymDim[]): SymDim {
  let value = 1;
  let sym: SymDim | undefined;
  let distinct = 0;
  for (const d of dims) {
    if (typeof d === 'number') {
      if (d !== 1) value = d;
    } else if (distinct === 0) {
      sym = d;
      distinct = 1;
    } else if (dimKey(d) !== dimKey(sym ?? null)) {
      distinct++;
    }
  }
  if (value !== 1 || distinct === 0) return value;
  return distinct === 1 ? (sym ?? null) : null;
}

/** Multidirectional (numpy) broadcast of shapes; null if any rank is unknown. */
export function broadcastShapes(shapes: readonly (readonly SymDim[] | null)[]): SymDim[] | null {
  if (shapes.some((s) => s === null)) return null;
  const ss = shapes as readonly (readonly SymDim[])[];
  let rank = 0;
  for (const s of ss) if (s.length > rank) rank = s.length;
  // The usual residual Add, bias Add or scale Mul: one input's dims are numbers every other input
  // broadcasts to, so the result is that input's shape; its array itself (pass values are never
  // mutated), not a copy per value and pass.
  for (const s of ss) if (s.length === rank && dominates(s, ss)) return s as SymDim[];
  const result: SymDim[] = [];
  for (let i = 0; i < rank; i++) {
    // An axis of numbers only (the usual case) is what broadcastDim gives them, without a list of them.
    let value = 1;
    let numeric = true;
    for (const s of ss) {
      const k = i - (rank - s.length);
      if (k < 0) continue;
      const d = s[k];
      if (typeof d !== 'number') {
        numeric = false;
        break;
      }
      if (d !== 1) value = d;
    }
    if (numeric) {
      result.push(value);
      continue;
    }
    const dims: SymDim[] = [];
    for (const s of ss) {
      const k = i - (rank - s.length);
      if (k >= 0) dims.push(s[k]);
    }
    result.push(broadcastDim(dims));
  }
  return result;
}

/** True when every dim of `s` is a number and each other shape's dim on that axis is 1 or the same number. */
function dominates(s: readonly SymDim[], shapes: readonly (readonly SymDim[])[]): boolean {
  const rank = s.length;
  for (let i = 0; i < rank; i++) {
    const d = s[i];
    if (typeof d !== 'number') return false;
    for (const t of shapes) {
      if (t === s) continue;
      const e = t[i - (rank - t.length)];
      if (e !== undefined && e !== 1 && e !== d) return false;
    }
  }
  return true;
}

/**
 * Why a broadcast dim came out unknown although every input dim was known: distinct symbols meet
 * (e.g. 'total' and 'past+seq'); they resolve once bound to numbers. Null when nothing was lost.
 */
export function broadcastReason(shapes: readonly (readonly SymDim[] | null)[], result: readonly SymDim[] | null): string | null {
  if (!result || shapes.some((s) => s === null)) return null;
  const ss = shapes as readonly (readonly SymDim[])[];
  for (let i = 0; i < result.length; i++) {
    if (result[i] !== null) continue;
    const dims = ss.map((s) => s[i - (result.length - s.length)]).filter((d) => d !== undefined && d !== 1);
    if (dims.some((d) => d === null)) continue;
    const names = [...new Set(dims.map((d) => String(formatDim(d ?? null))))];
    return `broadcast of dims ${names.map((n) => `'${n}'`).join(' and ')} is unknown until they are bound`;
  }
  return null;
}

/** Row-major strides of a concrete shape. */
function strides(shape: readonly number[]): number[] {
  const st = new Array<number>(shape.length).fill(1);
  for (let i = shape.length - 2; i >= 0; i--) st[i] = st[i + 1] * shape[i + 1];
  return st;
}

/** Concrete numeric shape, or null. */
export function concreteShape(shape: readonly SymDim[] | null): number[] | null {
  if (!shape) return null;
  return shape.every((d): d is number => typeof d === 'number') ? (shape as number[]) : null;
}

/**
 * Evaluates `fn` element-wise over broadcast inputs with known contents and concrete shapes,
 * or returns null (contents unknown, shapes symbolic, or too many elements).
 */
export function broadcastValues(inputs: readonly (Val | null)[], fn: (xs: SymDim[]) => SymDim): SymDim[] | null {
  const shapes: number[][] = [];
  for (const v of inputs) {
    const s = concreteShape(v?.shape ?? null);
    if (!v?.value || !s) return null;
    shapes.push(s);
  }
  const outShape = broadcastShapes(shapes);
  const outDims = concreteShape(outShape);
  if (!outDims) return null;
  const count = outDims.reduce((a, b) => a * b, 1);
  if (count > MAX_PROPAGATED_ELEMENTS) return null;
  const outStrides = strides(outDims);
  const inStrides = shapes.map((s) => {
    const st = strides(s);
    return outDims.map((_, i) => {
      const k = i - (outDims.length - s.length);
      return k < 0 || s[k] === 1 ? 0 : st[k];
    });
  });
  const result: SymDim[] = [];
  for (let flat = 0; flat < count; flat++) {
    const xs: SymDim[] = inputs.map((v, j) => {
      let off = 0;
      let rem = flat;
      for (let i = 0; i < outDims.length; i++) {
        const idx = Math.floor(rem / outStrides[i]);
        rem -= idx * outStrides[i];
        off += idx * inStrides[j][i];
      }
      return (v as Val).value![off] ?? null;
    });
    result.push(fn(xs));
  }
  return result;
}

/** True for integer data types (whose Div truncates). */
export function isIntegerType(dtype: number | null): boolean {
  return dtype !== null && [2, 3, 4, 5, 6, 7, 12, 13, 21, 22, 25, 26].includes(dtype);
}

/** Reads a list that moved from an attribute to input `index` at opset `sinceInput`; 'unknown' when the input's contents are not known. */
export function listArg(ctx: RuleContext, attr: string, index: number, sinceInput: number): SymDim[] | null | 'unknown' {
  if (ctx.opset < sinceInput) return ctx.ints(attr);
  const v = input(ctx, index);
  if (!v) return null;
  return v.value ?? 'unknown';
}

/** The length a 1-D shape-like input implies when its contents are unknown (ONNX rank inference), or null. */
export function lengthOf1D(v: { shape: SymDim[] | null } | null): number | null {
  if (!v?.shape || v.shape.length !== 1) return null;
  return typeof v.shape[0] === 'number' ? v.shape[0] : null;
}

/** `n` unknown dims, or unknown rank when `n` is not a valid rank. */
export function unknownDims(n: number | null): SymDim[] | null {
  // A rank read from a tensor's shape (e.g. Reshape's shape input [2^31]) can be absurd; beyond
  // MAX_RANK it is treated as unknown rank instead of allocating a huge array.
  return n === null || n < 0 || n > MAX_RANK || !Number.isInteger(n) ? null : new Array<SymDim>(n).fill(null);
}

/** The largest rank a rule will materialize; ONNX Runtime itself refuses far smaller ranks. */
export const MAX_RANK = 256;

/** Boolean element type number. */
export const BOOL = DataType.BOOL;
/** int64 element type number. */
export const INT64 = DataType.INT64;
/** int32 element type number. */
export const INT32 = DataType.INT32;

/**
 * Reads `value` in row-major order of `outShape`: element (i0, i1, …) is value[offset + Σ i_a·steps[a]].
 * The one walk behind a strided selection and an axis permutation.
 */
function walkContents(value: readonly SymDim[], outShape: readonly number[], steps: readonly number[], offset: number): SymDim[] {
  const count = outShape.reduce((n, d) => n * d, 1);
  const out: SymDim[] = new Array(count);
  const idx = new Array<number>(outShape.length).fill(0);
  let at = offset;
  for (let k = 0; k < count; k++) {
    out[k] = value[at] ?? null;
    for (let a = outShape.length - 1; a >= 0; a--) {
      at += steps[a]!;
      if (++idx[a]! < outShape[a]!) break;
      at -= steps[a]! * outShape[a]!;
      idx[a] = 0;
    }
  }
  return out;
}

/**
 * The contents of a strided selection of `value` (row-major, of concrete `shape`): along each axis
 * `len` elements from `begin` by `step` (negative steps walk backwards). Null when the contents are
 * not all there or the result is larger than MAX_PROPAGATED_ELEMENTS.
 */
export function stridedContents(value: readonly SymDim[], shape: readonly number[], ranges: ReadonlyArray<{ begin: number; len: number; step: number }>): SymDim[] | null {
  if (ranges.reduce((n, r) => n * r.len, 1) > MAX_PROPAGATED_ELEMENTS || value.length !== shape.reduce((a, b) => a * b, 1)) return null;
  const st = strides(shape);
  const offset = ranges.reduce((n, r, a) => n + r.begin * st[a]!, 0);
  return walkContents(value, ranges.map((r) => r.len), ranges.map((r, a) => r.step * st[a]!), offset);
}

/** The contents of `value` (row-major, of concrete `shape`) with its axes permuted by `perm`. */
export function transposedContents(value: readonly SymDim[], shape: readonly number[], perm: readonly number[]): SymDim[] | null {
  if (value.length !== shape.reduce((a, b) => a * b, 1) || value.length > MAX_PROPAGATED_ELEMENTS) return null;
  const st = strides(shape);
  return walkContents(value, perm.map((p) => shape[p]!), perm.map((p) => st[p]!), 0);
}
