import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DataType, dataTypeName, isKnownDataType, tensorByteSize } from '../../src/onnx/dataType';

/** [dataType, elements, expected bytes]: every type up to 26, with sub-byte packing rounding up. */
const SIZES: [number, number, number | null][] = [
  [DataType.FLOAT, 3, 12],
  [DataType.UINT8, 3, 3],
  [DataType.INT8, 3, 3],
  [DataType.UINT16, 3, 6],
  [DataType.INT16, 3, 6],
  [DataType.INT32, 3, 12],
  [DataType.INT64, 3, 24],
  [DataType.STRING, 3, null],
  [DataType.BOOL, 3, 3],
  [DataType.FLOAT16, 3, 6],
  [DataType.DOUBLE, 3, 24],
  [DataType.UINT32, 3, 12],
  [DataType.UINT64, 3, 24],
  [DataType.COMPLEX64, 3, 24],
  [DataType.COMPLEX128, 3, 48],
  [DataType.BFLOAT16, 3, 6],
  [DataType.FLOAT8E4M3FN, 3, 3],
  [DataType.FLOAT8E4M3FNUZ, 3, 3],
  [DataType.FLOAT8E5M2, 3, 3],
  [DataType.FLOAT8E5M2FNUZ, 3, 3],
  [DataType.UINT4, 3, 2],
  [DataType.INT4, 4, 2],
  [DataType.FLOAT4E2M1, 5, 3],
  [DataType.FLOAT8E8M0, 3, 3],
  [DataType.UINT2, 5, 2],
  [DataType.INT2, 4, 1],
  [DataType.UNDEFINED, 3, null],
  [27, 3, null],
];

for (const [dataType, count, bytes] of SIZES) {
  test(`tensorByteSize() of ${count} ${dataTypeName(dataType)} elements is ${bytes}`, () => {
    assert.equal(tensorByteSize(dataType, count), bytes);
  });
}

test('tensorByteSize() is 0 for zero elements of a sized type and null for unsafe counts', () => {
  assert.equal(tensorByteSize(DataType.FLOAT, 0), 0);
  assert.equal(tensorByteSize(DataType.FLOAT, 2 ** 53), null);
  assert.equal(tensorByteSize(DataType.FLOAT, -1), null);
  assert.equal(tensorByteSize(DataType.INT64, 2 ** 51), null);
});

test('isKnownDataType() covers exactly 1..26', () => {
  for (let t = 0; t <= 27; t++) assert.equal(isKnownDataType(t), t >= 1 && t <= 26, `type ${t}`);
});
