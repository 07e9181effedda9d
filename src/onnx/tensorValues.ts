/**
 * Turns the payload of a small tensor into numbers: raw_data (little-endian, all numeric types,
 * sub-byte types unpacked low bits first) or the typed *_data fields. Complex and string types
 * have no numeric values here.
 */
import { DataType } from './dataType';

/** Decoder for one element type: reads element `index` from raw little-endian bytes. */
type RawReader = (view: DataView, index: number) => number;

/** Elements per stored unit for sub-byte types (4-bit: two per byte, 2-bit: four). */
const SUB_BYTE: Record<number, { bits: number; isSigned: boolean; toNumber?: (code: number) => number }> = {
  [DataType.UINT4]: { bits: 4, isSigned: false },
  [DataType.INT4]: { bits: 4, isSigned: true },
  [DataType.FLOAT4E2M1]: { bits: 4, isSigned: false, toNumber: (c) => minifloat(c, 2, 1, 1, 'finite') },
  [DataType.UINT2]: { bits: 2, isSigned: false },
  [DataType.INT2]: { bits: 2, isSigned: true },
};

/** One entry per whole-byte numeric type: element bytes and how to read one element. */
const RAW: Record<number, { bytes: number; read: RawReader }> = {
  [DataType.FLOAT]: { bytes: 4, read: (v, i) => v.getFloat32(i * 4, true) },
  [DataType.UINT8]: { bytes: 1, read: (v, i) => v.getUint8(i) },
  [DataType.INT8]: { bytes: 1, read: (v, i) => v.getInt8(i) },
  [DataType.UINT16]: { bytes: 2, read: (v, i) => v.getUint16(i * 2, true) },
  [DataType.INT16]: { bytes: 2, read: (v, i) => v.getInt16(i * 2, true) },
  [DataType.INT32]: { bytes: 4, read: (v, i) => v.getInt32(i * 4, true) },
  [DataType.INT64]: { bytes: 8, read: (v, i) => Number(v.getBigInt64(i * 8, true)) },
  [DataType.BOOL]: { bytes: 1, read: (v, i) => (v.getUint8(i) === 0 ? 0 : 1) },
  [DataType.FLOAT16]: { bytes: 2, read: (v, i) => halfToNumber(v.getUint16(i * 2, true)) },
  [DataType.DOUBLE]: { bytes: 8, read: (v, i) => v.getFloat64(i * 8, true) },
  [DataType.UINT32]: { bytes: 4, read: (v, i) => v.getUint32(i * 4, true) },
  [DataType.UINT64]: { bytes: 8, read: (v, i) => Number(v.getBigUint64(i * 8, true)) },
  [DataType.BFLOAT16]: { bytes: 2, read: (v, i) => bfloat16ToNumber(v.getUint16(i * 2, true)) },
  [DataType.FLOAT8E4M3FN]: { bytes: 1, read: (v, i) => minifloat(v.getUint8(i), 4, 3, 7, 'fn') },
  [DataType.FLOAT8E4M3FNUZ]: { bytes: 1, read: (v, i) => minifloat(v.getUint8(i), 4, 3, 8, 'fnuz') },
  [DataType.FLOAT8E5M2]: { bytes: 1, read: (v, i) => minifloat(v.getUint8(i), 5, 2, 15, 'ieee') },
  [DataType.FLOAT8E5M2FNUZ]: { bytes: 1, read: (v, i) => minifloat(v.getUint8(i), 5, 2, 16, 'fnuz') },
  [DataType.FLOAT8E8M0]: { bytes: 1, read: (v, i) => (v.getUint8(i) === 0xff ? NaN : 2 ** (v.getUint8(i) - 127)) },
};

/** Types whose int32_data entries hold a bit pattern (of this many bytes) rather than the value itself. */
const INT32_BIT_PATTERN_BYTES: Record<number, number> = {
  [DataType.FLOAT16]: 2,
  [DataType.BFLOAT16]: 2,
  [DataType.FLOAT8E4M3FN]: 1,
  [DataType.FLOAT8E4M3FNUZ]: 1,
  [DataType.FLOAT8E5M2]: 1,
  [DataType.FLOAT8E5M2FNUZ]: 1,
  [DataType.FLOAT8E8M0]: 1,
};

/** Decodes `count` elements of `dataType` from raw little-endian bytes; null when the length does not fit. */
export function decodeRawValues(dataType: number, raw: Uint8Array, count: number): number[] | null {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const sub = SUB_BYTE[dataType];
  if (sub) {
    if (raw.length !== Math.ceil((count * sub.bits) / 8)) return null;
    return unpackSubByte(dataType, raw, count);
  }
  const entry = RAW[dataType];
  if (!entry || raw.length !== count * entry.bytes) return null;
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) out[i] = entry.read(view, i);
  return out;
}

/**
 * Decodes values stored in a typed field. `int32Data` holds the value for small integer types,
 * the bit pattern for 16/8-bit floats, and one packed byte per entry for sub-byte types.
 */
export function decodeInt32FieldValues(dataType: number, data: number[], count: number): number[] | null {
  const sub = SUB_BYTE[dataType];
  if (sub) {
    const packed = Uint8Array.from(data, (x) => x & 0xff);
    if (packed.length !== Math.ceil((count * sub.bits) / 8)) return null;
    return unpackSubByte(dataType, packed, count);
  }
  if (data.length !== count) return null;
  const patternBytes = INT32_BIT_PATTERN_BYTES[dataType];
  if (patternBytes === undefined) return dataType === DataType.BOOL ? data.map((x) => (x === 0 ? 0 : 1)) : data.slice();
  const raw = new Uint8Array(count * patternBytes);
  const view = new DataView(raw.buffer);
  data.forEach((bits, i) => (patternBytes === 2 ? view.setUint16(i * 2, bits & 0xffff, true) : view.setUint8(i, bits & 0xff)));
  return decodeRawValues(dataType, raw, count);
}

function unpackSubByte(dataType: number, bytes: Uint8Array, count: number): number[] {
  const sub = SUB_BYTE[dataType]!;
  const perByte = 8 / sub.bits;
  const mask = (1 << sub.bits) - 1;
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const code = ((bytes[Math.floor(i / perByte)] as number) >> ((i % perByte) * sub.bits)) & mask;
    if (sub.toNumber) out[i] = sub.toNumber(code);
    else out[i] = sub.isSigned && code >= 1 << (sub.bits - 1) ? code - (1 << sub.bits) : code;
  }
  return out;
}

/** IEEE 754 binary16 bits to a number. */
function halfToNumber(bits: number): number {
  return minifloat(bits, 5, 10, 15, 'ieee');
}

/** bfloat16 bits are the top half of a float32. */
function bfloat16ToNumber(bits: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setUint32(0, bits << 16 >>> 0);
  return view.getFloat32(0);
}

/**
 * A small float with a sign bit, `expBits` exponent bits and `manBits` mantissa bits.
 * Special values differ per family: 'ieee' has inf/NaN at the top exponent; 'fn' (e4m3fn) has
 * only NaN at all-ones; 'fnuz' has NaN at the negative-zero code and no infinities; 'finite'
 * (float4e2m1) has neither.
 */
function minifloat(code: number, expBits: number, manBits: number, bias: number, family: 'ieee' | 'fn' | 'fnuz' | 'finite'): number {
  const sign = (code >> (expBits + manBits)) & 1 ? -1 : 1;
  const exp = (code >> manBits) & ((1 << expBits) - 1);
  const man = code & ((1 << manBits) - 1);
  const topExp = (1 << expBits) - 1;
  if (family === 'fnuz' && sign < 0 && exp === 0 && man === 0) return NaN;
  if (family === 'ieee' && exp === topExp) return man === 0 ? sign * Infinity : NaN;
  if (family === 'fn' && exp === topExp && man === (1 << manBits) - 1) return NaN;
  if (exp === 0) return sign * man * 2 ** (1 - bias - manBits);
  return sign * (1 + man / (1 << manBits)) * 2 ** (exp - bias);
}
