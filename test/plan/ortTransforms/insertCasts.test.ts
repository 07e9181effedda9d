import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isolatedTranspose, mixedConsumers, transposeToOutput } from './support/castModels';
import { short, transformModel } from './support/transformCase';
import { buildModel, DataType, node, tensor, tensorValue } from '../../support/onnxBuilder';

for (const c of [isolatedTranspose, transposeToOutput, mixedConsumers]) {
  test(`insertCasts() gives ORT's executed order for: ${c.name}`, () => {
    assert.deepEqual(transformModel(c.bytes).order.map(short), c.expected);
  });
}

test('insertCasts() rewires a cast node to the fp32 value named after its Cast', () => {
  const { exec } = transformModel(mixedConsumers.bytes);
  const mm = exec.nodes[0]!;
  assert.deepEqual(mm.inputs, ['InsertedPrecisionFreeCast_X', 'InsertedPrecisionFreeCast_W']);
  assert.deepEqual(mm.outputs, ['InsertedPrecisionFreeCast_m']);
  assert.deepEqual(exec.nodes[1]!.inputs, ['InsertedPrecisionFreeCast_m', 'InsertedPrecisionFreeCast_B']);
  assert.deepEqual(exec.nodes[2]!.inputs, ['m'], 'the native Transpose still reads the fp16 value');
});

test('insertCasts() names a second Cast of the same value with the shared _token_ counter', () => {
  // Before duplicate removal, tr's input Cast of m1 collides with mm1's output Cast: _token_0 (index 6).
  const { exec } = transformModel(isolatedTranspose.bytes);
  assert.equal(exec.nodes[6], undefined, 'the cancelled Cast leaves a gap');
  assert.equal(exec.nameCounter.next, 2, 'two collisions drew _token_0 and _token_1');
  assert.equal(exec.nodes.length, 11);
});

test('insertCasts() casts each fp16 input once when a node reads it twice', () => {
  const bytes = buildModel({
    nodes: [node('Mul', ['X', 'X'], ['Y'], { name: 'sq' })],
    inputs: [tensorValue('X', DataType.FLOAT16, [3])],
    outputs: [tensorValue('Y', DataType.FLOAT16, [3])],
  });
  const { exec, order } = transformModel(bytes);
  assert.deepEqual(order.map(short), ['1:IPFC_X', '0:sq', '2:IPFC_Y']);
  assert.deepEqual(exec.nodes[0]!.inputs, ['InsertedPrecisionFreeCast_X', 'InsertedPrecisionFreeCast_X']);
});

test('insertCasts() notes that ARM64 fp16 builds would run a cast Add natively', () => {
  const { exec } = transformModel(mixedConsumers.bytes);
  assert.deepEqual(exec.uncovered.map((u) => u.term), ['fp16-kernels-platform']);
  assert.match(exec.uncovered[0]!.reason, /run Add natively in fp16/);
});

test('insertCasts() leaves fp32 graphs unchanged', () => {
  const bytes = buildModel({
    nodes: [node('MatMul', ['X', 'W'], ['Y'], { name: 'mm' })],
    inputs: [tensorValue('X', DataType.FLOAT, [2, 2])],
    outputs: [tensorValue('Y', DataType.FLOAT, [2, 2])],
    initializers: [tensor('W', DataType.FLOAT, [2, 2])],
  });
  const { exec } = transformModel(bytes);
  assert.equal(exec.nodes.length, 1);
  assert.equal(exec.nameCounter.next, 0);
});

test('insertCasts() records an uncovered term for an fp16 op missing from the coverage table', () => {
  const bytes = buildModel({
    nodes: [node('Foo', ['X'], ['Y'], { name: 'foo', domain: 'com.example' })],
    inputs: [tensorValue('X', DataType.FLOAT16, [3])],
    outputs: [tensorValue('Y', DataType.FLOAT16, [3])],
    opsets: { 'com.example': 1 },
  });
  const { exec } = transformModel(bytes);
  assert.deepEqual(exec.uncovered.map((u) => u.term), ['fp16-kernel:com.example::Foo']);
});

test('insertCasts() never casts bfloat16 and reports each bf16 op without a known kernel once', () => {
  const bytes = buildModel({
    nodes: [node('MatMul', ['X', 'X'], ['a'], { name: 'mm1' }), node('MatMul', ['a', 'X'], ['b'], { name: 'mm2' }), node('Reshape', ['b', 'shape'], ['Y'], { name: 'rs' })],
    inputs: [tensorValue('X', DataType.BFLOAT16, [2, 2])],
    outputs: [tensorValue('Y', DataType.BFLOAT16, [4])],
    initializers: [tensor('shape', DataType.INT64, [1], { values: [4] })],
  });
  const { exec } = transformModel(bytes);
  assert.equal(exec.nodes.length, 3);
  assert.deepEqual(exec.uncovered.map((u) => u.term), ['bf16:MatMul']);
  assert.match(exec.uncovered[0]!.reason, /^2 bfloat16 MatMul node\(s\) are never cast/);
});
