/**
 * Byte sizes of inferred shapes, with the reason when a size cannot be known.
 */
import { dataTypeBits, dataTypeName } from '../onnx/dataType';
import { dimSymbols, evaluateDim } from './symbolicDim';
import type { SymDim } from './types';

/** 2^53: past this, element counts and byte sizes are no longer exact doubles. */
const MAX_EXACT = 2 ** 53;

/** A byte size, or null with the reason it is unavailable. */
export interface SizeResult {
  bytes: number | null;
  reason: string | null;
}

/**
 * Bytes of a tensor of `dtype` and `shape` with `bindings` applied (sub-byte types round up to whole
 * bytes). Null with a reason for: unknown rank, unknown dim, unbound symbol, string/unknown dtype,
 * or a size beyond 2^53. `valueName` only decorates the unknown-dim reason.
 */
export function shapeBytes(
  dtype: number | null,
  shape: readonly SymDim[] | null,
  bindings: Readonly<Record<string, number>> = {},
  valueName?: string,
): SizeResult {
  if (dtype === null) return { bytes: null, reason: 'unknown dtype' };
  if (shape === null) return { bytes: null, reason: 'unknown rank' };
  let count = 1;
  let unbound: string | null = null;
  for (let i = 0; i < shape.length; i++) {
    const d = evaluateDim(shape[i], bindings);
    if (d === null) {
      return { bytes: null, reason: valueName === undefined ? `unknown dim ${i}` : `unknown dim ${i} of '${valueName}'` };
    }
    if (typeof d !== 'number') {
      unbound ??= dimSymbols(d)[0] ?? null;
      continue;
    }
    if (d < 0) return { bytes: null, reason: `negative dim ${i} (${d})` };
    count *= d;
  }
  if (unbound !== null) return { bytes: null, reason: `depends on unbound dim '${unbound}'` };
  const bits = dataTypeBits(dtype);
  if (bits === null) return { bytes: null, reason: `no fixed element size for ${dataTypeName(dtype)}` };
  if (count === 0) return { bytes: 0, reason: null };
  const bytes = bits >= 8 ? count * (bits / 8) : Math.ceil((count * bits) / 8);
  if (!(bytes <= MAX_EXACT) || !Number.isSafeInteger(count)) return { bytes: null, reason: 'size exceeds 2^53 bytes' };
  return { bytes, reason: null };
}

/** Number of elements of `shape` with `bindings` applied, or null when not a known finite count. */
export function elementCount(shape: readonly SymDim[] | null, bindings: Readonly<Record<string, number>> = {}): number | null {
  if (shape === null) return null;
  let count = 1;
  for (const dim of shape) {
    const d = evaluateDim(dim, bindings);
    if (typeof d !== 'number' || d < 0) return null;
    count *= d;
  }
  return count <= MAX_EXACT ? count : null;
}
