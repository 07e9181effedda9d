import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementCount, shapeBytes } from '../../src/shape/shapeBytes';
import { DataType } from '../../src/onnx/dataType';
import type { SymDim } from '../../src/shape/types';

const e = (expr: string) => ({ expr });

test('shapeBytes() sizes known shapes, including sub-byte and zero-sized tensors', () => {
  const cases: [number, SymDim[], number][] = [
    [DataType.FLOAT, [2, 3], 24],
    [DataType.FLOAT, [], 4],
    [DataType.INT4, [5], 3],
    [DataType.FLOAT16, [2, 0, 3], 0],
    [DataType.BOOL, [7], 7],
  ];
  for (const [dtype, shape, bytes] of cases) assert.deepEqual(shapeBytes(dtype, shape), { bytes, reason: null }, JSON.stringify(shape));
});

test('shapeBytes() applies bindings to symbolic dims', () => {
  assert.deepEqual(shapeBytes(DataType.FLOAT, [e('batch'), e('2*seq')], { batch: 2, seq: 4 }), { bytes: 64, reason: null });
});

test('shapeBytes() explains every unavailable size', () => {
  const cases: [number | null, SymDim[] | null, string | undefined, string][] = [
    [DataType.FLOAT, [e('batch'), e('sequence')], undefined, "depends on unbound dim 'sequence'"],
    [DataType.FLOAT, [1, 2, null], 'x', "unknown dim 2 of 'x'"],
    [DataType.FLOAT, null, 'x', 'unknown rank'],
    [DataType.FLOAT, [2 ** 40, 2 ** 20], undefined, 'size exceeds 2^53 bytes'],
    [DataType.STRING, [3], undefined, 'no fixed element size for string'],
    [null, [3], undefined, 'unknown dtype'],
  ];
  for (const [dtype, shape, name, reason] of cases) {
    assert.deepEqual(shapeBytes(dtype, shape, { batch: 1 }, name), { bytes: null, reason });
  }
});

test('elementCount() is a number only when every dim is known', () => {
  assert.equal(elementCount([2, e('n')], { n: 3 }), 6);
  assert.equal(elementCount([2, e('n')]), null);
  assert.equal(elementCount(null), null);
});
