import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUnsafeCast } from '../../../src/plan/ortTransforms/removeDuplicateCasts';
import { DataType as T } from '../../../src/onnx/dataType';
import { userCastChains } from './support/castModels';
import { transformModel } from './support/transformCase';

const cases: [string, number, number, string, boolean][] = [
  ['int32 -> int64 is safe', T.INT32, T.INT64, 'c', false],
  ['int64 -> int32 narrows', T.INT64, T.INT32, 'c', true],
  ['float -> fp16 narrows for a user Cast', T.FLOAT, T.FLOAT16, 'c', true],
  ['float -> fp16 is precision-free for an inserted Cast', T.FLOAT, T.FLOAT16, 'InsertedPrecisionFreeCast_x', false],
  ['int32 -> uint32 crosses signedness', T.INT32, T.UINT32, 'c', true],
  ['uint8 -> int16 widens', T.UINT8, T.INT16, 'c', false],
  ['uint16 -> int16 may overflow', T.UINT16, T.INT16, 'c', true],
  ['int32 -> float cannot keep every value', T.INT32, T.FLOAT, 'c', true],
  ['int32 -> double is exact', T.INT32, T.DOUBLE, 'c', false],
  ['float -> int32 drops the fraction', T.FLOAT, T.INT32, 'c', true],
  ['fp16 -> bf16 is always lossy', T.FLOAT16, T.BFLOAT16, 'InsertedPrecisionFreeCast_x', true],
  ['bool -> uint8 is safe', T.BOOL, T.UINT8, 'c', false],
  ['string is outside the known groups', T.STRING, T.FLOAT, 'c', true],
  ['an unknown type is lossy', T.FLOAT, -1, 'c', true],
];

for (const [name, src, dst, castName, lossy] of cases) {
  test(`isUnsafeCast(): ${name}`, () => {
    assert.equal(isUnsafeCast(src, dst === -1 ? null : dst, castName), lossy);
  });
}

test('removeDuplicateCasts() drops fp16->fp32->fp16 and int32->int64->int32 user chains but keeps lossy ones', () => {
  const { exec, order } = transformModel(userCastChains.bytes);
  assert.deepEqual(order, userCastChains.expected);
  assert.deepEqual(exec.nodes[2]!.inputs, ['H'], 'Identity now reads the graph input');
  assert.deepEqual(exec.nodes[5]!.inputs, ['I']);
});
