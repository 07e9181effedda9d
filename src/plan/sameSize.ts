/**
 * ORT's SameSize test between two values (allocation_planner.cc, ort-planner.md §2 "SameSize"):
 * equal element sizes, neither a string, and the same static shape: same rank, each dim an equal
 * dim_value or the same non-empty dim_param. An unknown dim never matches. Total bytes are not compared.
 */
import { dataTypeBits, DataType } from '../onnx/dataType';
import type { InferredValue } from '../shape/types';

/** The part of an inferred value SameSize reads. */
export type SizedValue = Pick<InferredValue, 'kind' | 'dtype' | 'staticShape'>;

/** True when two static shapes are equal in ORT's sense (unknown dims never match). */
export function sameStaticShape(a: readonly (number | string | null)[], b: readonly (number | string | null)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === null || y === null) return false;
    if (typeof x === 'number') {
      if (typeof y !== 'number' || x !== y) return false;
    } else if (typeof y !== 'string' || x === '' || x !== y) {
      return false;
    }
  }
  return true;
}

/** Element size in bits, or null for strings, unknown types and non-tensors. */
function elementBits(v: SizedValue): number | null {
  if (v.kind !== 'tensor' && v.kind !== 'unknown') return null;
  if (v.dtype === null || v.dtype === DataType.STRING) return null;
  return dataTypeBits(v.dtype);
}

/** SameSize(a, b): both known-shape non-string tensors with equal element size and the same static shape. */
export function sameSize(a: SizedValue | undefined, b: SizedValue | undefined): boolean {
  if (!a || !b || a.staticShape === null || b.staticShape === null) return false;
  const ea = elementBits(a);
  const eb = elementBits(b);
  if (ea === null || eb === null || ea !== eb) return false;
  return sameStaticShape(a.staticShape, b.staticShape);
}
