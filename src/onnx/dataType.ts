/** TensorProto.DataType numbers, exactly as in the ONNX spec. */
export const DataType = {
  UNDEFINED: 0,
  FLOAT: 1,
  UINT8: 2,
  INT8: 3,
  UINT16: 4,
  INT16: 5,
  INT32: 6,
  INT64: 7,
  STRING: 8,
  BOOL: 9,
  FLOAT16: 10,
  DOUBLE: 11,
  UINT32: 12,
  UINT64: 13,
  COMPLEX64: 14,
  COMPLEX128: 15,
  BFLOAT16: 16,
  FLOAT8E4M3FN: 17,
  FLOAT8E4M3FNUZ: 18,
  FLOAT8E5M2: 19,
  FLOAT8E5M2FNUZ: 20,
  UINT4: 21,
  INT4: 22,
  FLOAT4E2M1: 23,
  FLOAT8E8M0: 24,
  UINT2: 25,
  INT2: 26,
} as const;

/**
 * Per data type: report name and storage bits per element (facts of the ONNX spec).
 * Sub-byte types pack several elements per byte (4-bit: two, 2-bit: four). STRING has no fixed size.
 */
const INFO: Record<number, { name: string; bits: number | null }> = {
  1: { name: 'float32', bits: 32 },
  2: { name: 'uint8', bits: 8 },
  3: { name: 'int8', bits: 8 },
  4: { name: 'uint16', bits: 16 },
  5: { name: 'int16', bits: 16 },
  6: { name: 'int32', bits: 32 },
  7: { name: 'int64', bits: 64 },
  8: { name: 'string', bits: null },
  9: { name: 'bool', bits: 8 },
  10: { name: 'float16', bits: 16 },
  11: { name: 'float64', bits: 64 },
  12: { name: 'uint32', bits: 32 },
  13: { name: 'uint64', bits: 64 },
  14: { name: 'complex64', bits: 64 },
  15: { name: 'complex128', bits: 128 },
  16: { name: 'bfloat16', bits: 16 },
  17: { name: 'float8e4m3fn', bits: 8 },
  18: { name: 'float8e4m3fnuz', bits: 8 },
  19: { name: 'float8e5m2', bits: 8 },
  20: { name: 'float8e5m2fnuz', bits: 8 },
  21: { name: 'uint4', bits: 4 },
  22: { name: 'int4', bits: 4 },
  23: { name: 'float4e2m1', bits: 4 },
  24: { name: 'float8e8m0', bits: 8 },
  25: { name: 'uint2', bits: 2 },
  26: { name: 'int2', bits: 2 },
};

/** True for a data type number this project knows. */
export function isKnownDataType(dataType: number): boolean {
  return INFO[dataType] !== undefined;
}

/** The report name of a data type ('float32', 'int4', ...), or `dtype<N>` for an unknown number. */
export function dataTypeName(dataType: number): string {
  return INFO[dataType]?.name ?? `dtype${dataType}`;
}

/** Storage bits per element, or null for STRING and unknown types. */
export function dataTypeBits(dataType: number): number | null {
  return INFO[dataType]?.bits ?? null;
}

/**
 * Bytes needed to store `elementCount` elements, rounding sub-byte types up to a whole byte
 * (ORT stores 4-bit tensors as ceil(n/2) bytes). Null for STRING, unknown types, or a count that
 * is not a safe integer.
 */
export function tensorByteSize(dataType: number, elementCount: number): number | null {
  const bits = dataTypeBits(dataType);
  if (bits === null || !Number.isSafeInteger(elementCount) || elementCount < 0) return null;
  if (bits >= 8) {
    const bytes = elementCount * (bits / 8);
    return Number.isSafeInteger(bytes) ? bytes : null;
  }
  return Math.ceil((elementCount * bits) / 8);
}

/** True for the floating-point types (including fp16/bf16/float8/float4). */
export function isFloatType(dataType: number): boolean {
  return [1, 10, 11, 16, 17, 18, 19, 20, 23, 24].includes(dataType);
}
