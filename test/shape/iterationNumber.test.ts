/**
 * A Loop's iteration number as its body's contents see it (RuleContext.iterationNumber): a Slice
 * from i to i + 1 is one element long in every iteration, while a dim made of i changes from one
 * iteration to the next and is unknown, with the reason. ONNX's test_loop11 has the first pattern
 * (the oracle checks its body's bytes against ORT's node stats).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attr, buildModel, DataType, graph, int64Tensor, node, tensor, tensorValue } from '../support/onnxBuilder';
import { reportOfBytes } from '../support/dimModels';

const F = DataType.FLOAT;
const I = DataType.INT64;

function loopModel(bodyNodes: ReturnType<typeof node>[], scanOut: string): Uint8Array {
  const body = graph({
    name: 'body',
    nodes: [...bodyNodes, node('Identity', ['cond_in'], ['cond_out']), node('Identity', ['y_in'], ['y_out'])],
    inputs: [tensorValue('i', I, []), tensorValue('cond_in', DataType.BOOL, []), tensorValue('y_in', F, [1])],
    outputs: [tensorValue('cond_out', DataType.BOOL, []), tensorValue('y_out', F, [1]), tensorValue(scanOut, F, null)],
    initializers: [tensor('x', F, [5], { values: [1, 2, 3, 4, 5] }), int64Tensor('one', [1], []), int64Tensor('zero', [0])],
  });
  return buildModel({
    opset: 13,
    nodes: [node('Loop', ['trip', 'keep', 'y'], ['y_final', 'scan'], { attrs: [attr.graph('body', body)] })],
    inputs: [tensorValue('y', F, [1])],
    outputs: [tensorValue('y_final', F, [1]), tensorValue('scan', F, null)],
    initializers: [int64Tensor('trip', [5], []), tensor('keep', DataType.BOOL, [], { values: [1] })],
  });
}

test('a body Slice from the iteration number to one past it is one element long', () => {
  const r = reportOfBytes(loopModel([
    node('Add', ['i', 'one'], ['end']),
    node('Unsqueeze', ['i', 'zero'], ['start1']),
    node('Unsqueeze', ['end', 'zero'], ['end1']),
    node('Slice', ['x', 'start1', 'end1'], ['s']),
  ], 's'), 'slice.onnx');
  const body = r.graphs[1]!;
  const s = body.values.find((v) => v.name === 's')!;
  assert.deepEqual([s.shape, s.bytes], [[1], 4]);
  assert.deepEqual(r.graphs[0]!.values.find((v) => v.name === 'scan')!.shape, [5, 1]);
  // The iteration number is no dim to bind.
  assert.deepEqual(r.symbols, []);
});

test('a dim made of the iteration number is unknown, with the reason, and offered as no binding', () => {
  const r = reportOfBytes(loopModel([
    node('Cast', ['i'], ['n'], { attrs: [attr.int('to', I)] }),
    node('Unsqueeze', ['n', 'zero'], ['n1']),
    node('ConstantOfShape', ['n1'], ['grow'], { attrs: [attr.tensor('value', tensor('v', F, [1], { values: [0] }))] }),
  ], 'grow'), 'grow.onnx');
  const g = r.graphs[1]!.values.find((v) => v.name === 'grow')!;
  assert.deepEqual(g.shape, [null]);
  assert.equal(g.bytes, null);
  assert.match(g.unavailableReason!, /changes with the iteration number \('Loop_0\.iteration'\)/);
  assert.deepEqual(r.symbols, []);
});
