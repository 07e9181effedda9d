/**
 * Sequence and Optional ops. A sequence value carries its element's dtype and shape (the union of
 * what was inserted); an optional value carries its element's, with `elemKind` telling tensor from
 * sequence.
 */
import { DataType } from '../../onnx/dataType';
import type { TypeInfo } from '../../onnx/model';
import type { SymDim } from '../types';
import type { OutSpec, ShapeRule } from '../ruleContext';
import { symbolDim } from '../symbolicDim';
import { unionShapes } from './controlFlow';
import { input, INT64, normAxis, out } from './ruleKit';

function seq(dtype: number | null, shape: SymDim[] | null): OutSpec {
  return { kind: 'sequence', dtype, shape };
}

const sequenceConstruct: ShapeRule = (ctx) => {
  const ins = ctx.inputs.filter((v) => v !== null);
  if (ins.length === 0) return [seq(null, null)];
  let shape = ins[0]!.shape;
  for (const v of ins.slice(1)) shape = unionShapes(shape, v!.shape);
  return [seq(ins[0]!.dtype, shape)];
};

const sequenceInsert: ShapeRule = (ctx) => {
  const s = input(ctx, 0);
  const t = input(ctx, 1);
  return [seq(s?.dtype ?? t?.dtype ?? null, unionShapes(s?.shape ?? null, t?.shape ?? null))];
};

const splitToSequence: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [seq(x?.dtype ?? null, null)];
  const axis = normAxis(ctx, ctx.int('axis', 0), x.shape.length);
  const split = input(ctx, 1);
  const dims = [...x.shape];
  if (!split) {
    if (ctx.int('keepdims', 1) === 1) dims[axis] = 1;
    else dims.splice(axis, 1);
  } else if (split.shape?.length === 0) {
    dims[axis] = null;
  } else dims[axis] = null;
  return [seq(x.dtype, dims)];
};

const concatFromSequence: ShapeRule = (ctx) => {
  const s = input(ctx, 0);
  if (!s?.shape) return [out(s?.dtype ?? null, null)];
  const newAxis = ctx.int('new_axis', 0) === 1;
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
  SequenceEmpty: (ctx) => [seq(ctx.int('dtype', DataType.FLOAT), null)],
  SequenceInsert: sequenceInsert,
  SequenceErase: (ctx) => [seq(input(ctx, 0)?.dtype ?? null, input(ctx, 0)?.shape ?? null)],
  SequenceAt: (ctx) => [out(input(ctx, 0)?.dtype ?? null, input(ctx, 0)?.shape ?? null)],
  SequenceLength: () => [out(INT64, [])],
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
