/**
 * Sequence and Optional ops. A sequence value carries its element's dtype and shape (the union of
 * what was inserted, as ONNX's inference gives it) and, where the count and every position are
 * known before the run, each element's own shape (`elements`): the runtime pass reads those for
 * SequenceAt's and ConcatFromSequence's outputs and SequenceLength's value (ORT's static view keeps
 * the union). An optional value carries its element's, with `elemKind` telling tensor from sequence.
 */
import { DataType } from '../../onnx/dataType';
import type { TypeInfo } from '../../onnx/model';
import type { SymDim } from '../types';
import type { OutSpec, RuleContext, ShapeRule } from '../ruleContext';
import { symbolDim } from '../symbolicDim';
import { unionShapes } from './controlFlow';
import { input, INT64, normAxis, out } from './ruleKit';

function seq(dtype: number | null, shape: SymDim[] | null, elements?: SymDim[][] | null): OutSpec {
  return elements ? { kind: 'sequence', dtype, shape, elements } : { kind: 'sequence', dtype, shape };
}

/** A position input's value normalised against `n` elements (negative counts from the end), or null when unknown or out of range. */
function positionOf(ctx: RuleContext, i: number, n: number, fallback: number, allowEnd: boolean): number | null {
  const v = input(ctx, i);
  if (!v) return fallback;
  const p0 = v.value?.length === 1 ? v.value[0] : undefined;
  if (typeof p0 !== 'number') return null;
  const p = p0 < 0 ? p0 + n : p0;
  return p < 0 || p > n || (p === n && !allowEnd) ? null : p;
}

const sequenceConstruct: ShapeRule = (ctx) => {
  const ins = ctx.inputs.filter((v) => v !== null);
  if (ins.length === 0) return [seq(null, null)];
  let shape = ins[0]!.shape;
  for (const v of ins.slice(1)) shape = unionShapes(shape, v!.shape);
  const elements = ins.every((v) => v!.shape !== null) ? ins.map((v) => v!.shape!) : null;
  return [seq(ins[0]!.dtype, shape, elements)];
};

const sequenceInsert: ShapeRule = (ctx) => {
  const s = input(ctx, 0);
  const t = input(ctx, 1);
  let elements: SymDim[][] | null = null;
  if (s?.elements && t?.shape) {
    const p = positionOf(ctx, 2, s.elements.length, s.elements.length, true);
    if (p !== null) elements = [...s.elements.slice(0, p), t.shape, ...s.elements.slice(p)];
  }
  return [seq(s?.dtype ?? t?.dtype ?? null, unionShapes(s?.shape ?? null, t?.shape ?? null), elements)];
};

const sequenceErase: ShapeRule = (ctx) => {
  const s = input(ctx, 0);
  let elements: SymDim[][] | null = null;
  if (s?.elements && s.elements.length > 0) {
    const p = positionOf(ctx, 1, s.elements.length, s.elements.length - 1, false);
    if (p !== null) elements = s.elements.filter((_, k) => k !== p);
  }
  return [seq(s?.dtype ?? null, s?.shape ?? null, elements)];
};

const sequenceAt: ShapeRule = (ctx) => {
  const s = input(ctx, 0);
  if (!ctx.isStatic && s?.elements) {
    const p = positionOf(ctx, 1, s.elements.length, -1, false);
    if (p !== null && p >= 0) return [out(s.dtype, s.elements[p]!)];
  }
  return [out(s?.dtype ?? null, s?.shape ?? null)];
};

const sequenceLength: ShapeRule = (ctx) => {
  const s = input(ctx, 0);
  return [!ctx.isStatic && s?.elements ? { ...out(INT64, []), value: [s.elements.length] } : out(INT64, [])];
};

const splitToSequence: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [seq(x?.dtype ?? null, null)];
  const axis = normAxis(ctx, ctx.int('axis', 0), x.shape.length);
  const split = input(ctx, 1);
  const dims = [...x.shape];
  const len = x.shape[axis];
  let parts: SymDim[] | null = null;
  if (!split) {
    const keep = ctx.int('keepdims', 1) === 1;
    if (keep) dims[axis] = 1;
    else dims.splice(axis, 1);
    if (typeof len === 'number') parts = new Array<SymDim>(len).fill(1);
  } else {
    dims[axis] = null;
    const v = split.value;
    if (v && v.every((d) => typeof d === 'number')) {
      const sizes = v as number[];
      if (split.shape?.length === 0 && typeof len === 'number' && sizes[0]! > 0) {
        parts = new Array<SymDim>(Math.floor(len / sizes[0]!)).fill(sizes[0]!);
        if (len % sizes[0]! !== 0) parts.push(len % sizes[0]!);
      } else if (split.shape?.length === 1) parts = [...sizes];
    }
  }
  const elements = parts === null ? null : parts.map((p) => {
    if (!split) return dims;
    const e = [...x.shape!];
    e[axis] = p;
    return e;
  });
  return [seq(x.dtype, dims, elements)];
};

const concatFromSequence: ShapeRule = (ctx) => {
  const s = input(ctx, 0);
  if (!s?.shape && !s?.elements) return [out(s?.dtype ?? null, null)];
  const newAxis = ctx.int('new_axis', 0) === 1;
  if (!ctx.isStatic && s.elements && s.elements.length > 0 && s.elements.every((e) => e.length === s.elements![0]!.length)) {
    const first = s.elements[0]!;
    const axis = normAxis(ctx, ctx.int('axis', 0), first.length + (newAxis ? 1 : 0));
    const dims = [...first];
    if (newAxis) dims.splice(axis, 0, s.elements.length);
    else {
      let sum: SymDim = 0;
      for (const e of s.elements) sum = ctx.dim.add(sum, e[axis] ?? null);
      dims[axis] = sum;
    }
    return [out(s.dtype, dims)];
  }
  if (!s.shape) return [out(s.dtype, null)];
  const r = s.shape.length + (newAxis ? 1 : 0);
  const axis = normAxis(ctx, ctx.int('axis', 0), r);
  const dims = [...s.shape];
  const n = ctx.dataDependent('length');
  if (newAxis) dims.splice(axis, 0, n);
  else dims[axis] = null;
  return [out(s.dtype, dims)];
};

function fromTypeProto(tp: TypeInfo | null | undefined): OutSpec {
  if (!tp) return { kind: 'optional', dtype: null, shape: null };
  if (tp.kind === 'tensor') return { kind: 'optional', elemKind: 'tensor', dtype: tp.elemType, shape: tp.shape ? tp.shape.map((d) => (typeof d === 'string' ? symbolDim(d) : d)) : null };
  if (tp.kind === 'sequence' && tp.elem?.kind === 'tensor') return { kind: 'optional', elemKind: 'sequence', dtype: tp.elem.elemType, shape: null };
  return { kind: 'optional', dtype: null, shape: null };
}

/** The sequence/optional rule table entries, keyed by op type (default domain). */
export const SEQUENCE_RULES: Record<string, ShapeRule> = {
  SequenceConstruct: sequenceConstruct,
  SequenceEmpty: (ctx) => [seq(ctx.int('dtype', DataType.FLOAT), null, [])],
  SequenceInsert: sequenceInsert,
  SequenceErase: sequenceErase,
  SequenceAt: sequenceAt,
  SequenceLength: sequenceLength,
  SplitToSequence: splitToSequence,
  ConcatFromSequence: concatFromSequence,
  Optional: (ctx) => {
    const x = input(ctx, 0);
    if (!x) return [fromTypeProto(ctx.attr('type')?.tp)];
    return [{ kind: 'optional', elemKind: x.kind === 'sequence' ? 'sequence' : 'tensor', dtype: x.dtype, shape: x.shape }];
  },
  OptionalHasElement: () => [out(DataType.BOOL, [])],
  OptionalGetElement: (ctx) => {
    const x = input(ctx, 0);
    if (!x) return [null];
    const kind = x.kind === 'optional' ? (x.elemKind ?? 'tensor') : x.kind;
    return [{ kind, dtype: x.dtype, shape: x.shape, value: x.kind === 'optional' ? null : x.value }];
  },
};
