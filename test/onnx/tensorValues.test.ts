import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeInt32FieldValues, decodeRawValues } from '../../src/onnx/tensorValues';
import { DataType, dataTypeName } from '../../src/onnx/dataType';

const RAW_CASES: { dataType: number; raw: number[]; count: number; values: number[] | null }[] = [
  { dataType: DataType.FLOAT8E4M3FN, raw: [0x7e, 0x7f, 0x01, 0x80], count: 4, values: [448, NaN, 2 ** -9, -0] },
  { dataType: DataType.FLOAT8E4M3FNUZ, raw: [0x7f, 0x80, 0x40], count: 3, values: [240, NaN, 1] },
  { dataType: DataType.FLOAT8E5M2, raw: [0x7b, 0x7c, 0xfc, 0x7d, 0x3c], count: 5, values: [57344, Infinity, -Infinity, NaN, 1] },
  { dataType: DataType.FLOAT8E5M2FNUZ, raw: [0x7f, 0x80, 0x40], count: 3, values: [57344, NaN, 1] },
  { dataType: DataType.FLOAT8E8M0, raw: [127, 130, 0xff], count: 3, values: [1, 8, NaN] },
  { dataType: DataType.FLOAT4E2M1, raw: [0x10, 0x32, 0x54, 0x76, 0x0f], count: 9, values: [0, 0.5, 1, 1.5, 2, 3, 4, 6, -6] },
  { dataType: DataType.UINT4, raw: [0x21, 0x0f], count: 3, values: [1, 2, 15] },
  { dataType: DataType.UINT2, raw: [0b11100100], count: 4, values: [0, 1, 2, 3] },
  { dataType: DataType.INT2, raw: [0b11100100, 0b01], count: 5, values: [0, 1, -2, -1, 1] },
  { dataType: DataType.FLOAT16, raw: [0x01, 0x00, 0xff, 0x7b], count: 2, values: [2 ** -24, 65504] },
  { dataType: DataType.UINT64, raw: [1, 0, 0, 0, 0, 0, 0, 0], count: 1, values: [1] },
  { dataType: DataType.FLOAT, raw: [0, 0, 128], count: 1, values: null },
  { dataType: DataType.INT4, raw: [0x11], count: 3, values: null },
  { dataType: DataType.COMPLEX64, raw: new Array(8).fill(0), count: 1, values: null },
];

for (const c of RAW_CASES) {
  test(`decodeRawValues() reads ${c.count} ${dataTypeName(c.dataType)} from [${c.raw.map((b) => b.toString(16)).join(' ')}] as ${JSON.stringify(c.values)}`, () => {
    const got = decodeRawValues(c.dataType, Uint8Array.from(c.raw), c.count);
    if (c.values === null) assert.equal(got, null);
    else {
      assert.ok(got);
      assert.equal(got.length, c.values.length);
      c.values.forEach((v, i) => assert.ok(Object.is(got[i], v), `element ${i}: ${got[i]} vs ${v}`));
    }
  });
}

test('decodeInt32FieldValues() reads fp16/bf16/float8 bit patterns, booleans, and one packed byte per 4-bit entry', () => {
  assert.deepEqual(decodeInt32FieldValues(DataType.FLOAT16, [0x3c00, 0xc000], 2), [1, -2]);
  assert.deepEqual(decodeInt32FieldValues(DataType.BFLOAT16, [0x3fc0], 1), [1.5]);
  assert.deepEqual(decodeInt32FieldValues(DataType.FLOAT8E4M3FN, [0x38], 1), [1]);
  assert.deepEqual(decodeInt32FieldValues(DataType.BOOL, [0, 5], 2), [0, 1]);
  assert.deepEqual(decodeInt32FieldValues(DataType.INT4, [0xf1, 0x07], 3), [1, -1, 7]);
  assert.deepEqual(decodeInt32FieldValues(DataType.INT16, [-300], 1), [-300]);
  assert.equal(decodeInt32FieldValues(DataType.INT32, [1, 2], 3), null);
});
