/**
 * Pass values built from what the file declares: TypeProtos (graph inputs, value_info, outputs),
 * tensors and Constant nodes, and ORT's merge of a declared type into an inferred one.
 */
import { dimSymbols, symbolDim } from './symbolicDim';
import type { PassSettings } from './nodeContext';
import type { ShapeNode, Val } from './ruleContext';
import { MAX_PROPAGATED_ELEMENTS } from './rules/ruleKit';
import type { TypeInfo } from '../onnx/model';
import type { SymDim } from './types';

/** A value of unknown kind with the reason. */
export function unknownVal(reason: string): Val {
  return { kind: 'unknown', dtype: null, shape: null, value: null, reason };
}

/** A declared dim: a dim_param becomes a symbol (bound in the runtime pass). */
export function declaredDim(d: number | string | null, pass: PassSettings): SymDim {
  if (typeof d !== 'string') return d;
  // ORT's static view keeps `?` and an empty dim_param as dim_params; at run time each is an
  // exporter's "unknown" (isUnnamedDim), never a symbol to bind (PyTorch 1.3 declares [1, 16, '', '']).
  if (!pass.isStatic && isUnnamedDim(d)) return null;
  if (!pass.isStatic) {
    const b = pass.bindings[d];
    if (typeof b === 'number') return b;
  }
  return symbolDim(d);
}

/**
 * The symbol that stands, in the runtime pass, for a main-graph input dim the file leaves unnamed
 * (neither dim_value nor dim_param, as spox and some converters write): `input:axis`, e.g.
 * `state:1`. The user binds it like a dim_param (`--bind state:1=1`); the static pass keeps the dim
 * unknown, as ORT's static shapes do, so SameSize and the reuse it decides are unchanged.
 */
export function unnamedInputDim(input: string, axis: number): string {
  return `${input}:${axis}`;
}

/**
 * True for a declared dim that names no dim: none, empty, or `?`, which paddle2onnx and other
 * exporters write for "unknown" (PaddleOCR's detector declares `image: [-1, 3, ?, ?]`, where the two
 * `?` are height and width, not one dim).
 */
export function isUnnamedDim(d: number | string | null): d is null | '' | '?' {
  return d === null || d === '' || d === '?';
}

/** `tp` with each unnamed tensor dim of input `name` replaced by its unnamedInputDim symbol. */
export function nameUnnamedDims(tp: TypeInfo | null | undefined, name: string): TypeInfo | null | undefined {
  if (!tp || tp.kind !== 'tensor' || !tp.shape || !tp.shape.some(isUnnamedDim)) return tp;
  return { ...tp, shape: tp.shape.map((d, axis) => (isUnnamedDim(d) ? unnamedInputDim(name, axis) : d)) };
}

/** A declared TypeProto as a pass value. */
export function fromType(tp: TypeInfo | null | undefined, pass: PassSettings, name: string): Val {
  if (!tp) return unknownVal(`no type declared for '${name}'`);
  const dims = (s: (number | string | null)[] | null): SymDim[] | null => (s ? s.map((d) => declaredDim(d, pass)) : null);
  switch (tp.kind) {
    case 'tensor':
      return { kind: 'tensor', dtype: tp.elemType || null, shape: dims(tp.shape), value: null, reason: null };
    case 'sparse_tensor':
      return { kind: 'sparse_tensor', dtype: tp.elemType || null, shape: dims(tp.shape), value: null, reason: null };
    case 'sequence': {
      const e = tp.elem?.kind === 'tensor' ? tp.elem : null;
      return { kind: 'sequence', dtype: e?.elemType ?? null, shape: dims(e?.shape ?? null), value: null, reason: null };
    }
    case 'optional': {
      const inner = tp.elem;
      const e = inner?.kind === 'tensor' ? inner : inner?.kind === 'sequence' && inner.elem?.kind === 'tensor' ? inner.elem : null;
      const elemKind = inner?.kind === 'sequence' ? 'sequence' : 'tensor';
      return { kind: 'optional', elemKind, dtype: e?.elemType ?? null, shape: dims(e?.shape ?? null), value: null, reason: null };
    }
    case 'map':
      return { kind: 'map', dtype: null, shape: null, value: null, reason: null };
    case 'opaque':
      return { kind: 'opaque', dtype: null, shape: null, value: null, reason: null };
  }
}

/**
 * Merges a declared type into an inferred one, as ORT merges into a NodeArg: an inferred dim_value
 * wins, then a declared dim_value, then (static) the declared dim_param, then the inferred dim.
 */
export function mergeDeclared(inf: Val, tp: TypeInfo | undefined, pass: PassSettings, name: string): Val {
  if (!tp) return inf;
  const decl = fromType(tp, pass, name);
  if (inf.kind === 'unknown') return { ...decl, reason: isIncomplete(decl) ? inf.reason : null };
  const dtype = inf.dtype ?? decl.dtype;
  let shape = inf.shape;
  if (!shape) shape = decl.shape;
  else if (decl.shape && decl.shape.length === shape.length && !shape.every((d) => typeof d === 'number')) {
    // (Only where some inferred dim is not a number: a known dim always wins, so an all-number shape stays the same array.)
    const ds = decl.shape;
    shape = shape.map((d, i) => {
      const e = ds[i];
      if (typeof d === 'number') return d;
      // A data-dependent size stays bindable: a declared number is only the exporter's sample.
      if (d !== null && !pass.isStatic && dimSymbols(d).some((sym) => pass.generated.has(sym))) return d;
      if (typeof e === 'number') return e;
      // A graph ORT saved (src/optimize) declares its NodeArgs' shapes as ORT held them: a dim it left
      // unknown stays unknown there, whatever re-inference of the rewritten graph would give.
      if (pass.isStatic) return pass.declaredShapesAreOrts === true && e === null && ds.length > 0 ? null : e ?? d;
      return d ?? e;
    });
  }
  // Nothing the declaration adds: the inferred value itself (pass values are never mutated once stored).
  if (dtype === inf.dtype && shape === inf.shape) return inf;
  // Fields listed, not spread: a spread per value (every value of a graph ORT saved has value_info) took V8's slow path.
  const merged: Val = { kind: inf.kind, dtype, shape, value: inf.value, reason: inf.reason, elemKind: inf.elemKind, prop: inf.prop };
  if (inf.elements) merged.elements = inf.elements;
  return merged;
}

/** True when the dtype, the rank or some dim is unknown (maps and opaque values excepted). */
export function isIncomplete(v: Val): boolean {
  if (v.kind === 'map' || v.kind === 'opaque') return false;
  return v.dtype === null || v.shape === null || v.shape.some((d) => d === null);
}

/** A tensor value from dims and optional small contents (dropped past the propagation limit). */
export function tensorVal(t: { dataType: number; dims: number[] }, values: number[] | null): Val {
  const small = values && values.length <= MAX_PROPAGATED_ELEMENTS ? [...values] : null;
  return { kind: 'tensor', dtype: t.dataType, shape: [...t.dims], value: small, reason: null };
}

/** The Constant node's tensor (value, value_float(s), value_int(s), value_string(s), sparse_value). */
export function constantVal(node: ShapeNode): Val {
  for (const a of node.attributes) {
    switch (a.name) {
      case 'value':
        if (a.t) return tensorVal(a.t, a.t.values);
        break;
      case 'value_float':
        return tensorVal({ dataType: 1, dims: [] }, [a.f ?? 0]);
      case 'value_floats':
        return tensorVal({ dataType: 1, dims: [a.floats?.length ?? 0] }, a.floats ?? []);
      case 'value_int':
        return tensorVal({ dataType: 7, dims: [] }, [a.i ?? 0]);
      case 'value_ints':
        return tensorVal({ dataType: 7, dims: [a.ints?.length ?? 0] }, a.ints ?? []);
      case 'value_string':
        return tensorVal({ dataType: 8, dims: [] }, null);
      case 'value_strings':
        return tensorVal({ dataType: 8, dims: [a.strings?.length ?? 0] }, null);
      case 'sparse_value':
        if (a.sparseTensor) return tensorVal(a.sparseTensor, null);
        break;
    }
  }
  return unknownVal(`Constant '${node.name}' has no value attribute`);
}
