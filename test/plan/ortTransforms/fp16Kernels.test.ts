import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fp16Coverage, hasNoCpuKernel, variadicFormals } from '../../../src/plan/ortTransforms/fp16Kernels';

const rows: [string, string, number, string | null][] = [
  ['Gather', '', 17, 'native'],
  ['MatMul', '', 17, 'cast'],
  ['Softmax', '', 12, 'cast'],
  ['Softmax', '', 13, 'inline'],
  ['Relu', '', 17, 'cast'],
  ['Relu', '', 18, 'inline'],
  ['Relu', '', 19, 'cast'],
  ['LeakyRelu', '', 16, 'inline'],
  ['LeakyRelu', '', 19, 'cast'],
  ['ReduceL1', '', 21, 'inline'],
  ['IsInf', '', 19, 'cast'],
  ['IsInf', '', 20, 'native'],
  ['Swish', '', 24, 'inline'],
  ['Swish', '', 25, 'fail'],
  ['MeanVarianceNormalization', '', 18, 'fail'],
  ['MeanVarianceNormalization', '', 17, 'cast'],
  ['RotaryEmbedding', 'com.microsoft', 1, 'native'],
  ['MultiHeadAttention', 'com.microsoft', 1, 'cast'],
  ['FastGelu', 'com.microsoft', 1, 'inline'],
  ['Foo', 'com.example', 1, null],
];

for (const [op, domain, opset, expected] of rows) {
  test(`fp16Coverage(): ${domain || 'ai.onnx'}::${op} at opset ${opset} is ${expected}`, () => {
    assert.equal(fp16Coverage(op, domain, opset), expected);
  });
}

test('hasNoCpuKernel() is true for CastLike, HardSwish, Mish, GroupNormalization and Swish only', () => {
  assert.deepEqual(
    ['CastLike', 'HardSwish', 'Mish', 'GroupNormalization', 'Swish', 'Relu', 'Softmax'].map((op) => hasNoCpuKernel(op, '', 21)),
    [true, true, true, true, true, false, false],
  );
});

test('variadicFormals() marks Concat/Sum inputs and Split outputs as one formal', () => {
  assert.deepEqual(variadicFormals('Concat', ''), { inputs: true, outputs: false });
  assert.deepEqual(variadicFormals('Split', ''), { inputs: false, outputs: true });
  assert.deepEqual(variadicFormals('MatMul', ''), { inputs: false, outputs: false });
});
