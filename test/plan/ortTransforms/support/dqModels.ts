/** Test support: shared DequantizeLinear models (ort-graph-at-disabled.md §5) and ORT 1.30's order for them. */
import { buildModel, DataType, node, tensor, tensorValue } from '../../../support/onnxBuilder';
import type { OrderCase } from './castModels';

const F32 = DataType.FLOAT;
const dqInits = () => [tensor('wq', DataType.UINT8, [4]), tensor('scale', F32, [], { values: [0.5] }), tensor('zp', DataType.UINT8, [], { values: [0] })];

/** §5 probe: one DQ read by three nodes; the first keeps it, the others get copies. */
export const sharedDq: OrderCase = {
  name: 'DequantizeLinear shared by three consumers',
  bytes: buildModel({
    nodes: [
      node('DequantizeLinear', ['wq', 'scale', 'zp'], ['w'], { name: 'dq' }),
      node('Add', ['X', 'w'], ['a'], { name: 'add1' }),
      node('Mul', ['X', 'w'], ['m'], { name: 'mul1' }),
      node('Sub', ['X', 'w'], ['s'], { name: 'sub1' }),
      node('Sum', ['a', 'm', 's'], ['Y'], { name: 'add2' }),
    ],
    inputs: [tensorValue('X', F32, [4])],
    outputs: [tensorValue('Y', F32, [4])],
    initializers: dqInits(),
  }),
  expected: ['6:dq/duplicated_token_1', '3:sub1', '5:dq/duplicated', '2:mul1', '0:dq', '1:add1', '4:add2'],
};

/** A DQ that is also a graph output: every consumer gets its own copy. */
export const dqToOutput: OrderCase = {
  name: 'DequantizeLinear feeding a graph output and two consumers',
  bytes: buildModel({
    nodes: [
      node('DequantizeLinear', ['wq', 'scale', 'zp'], ['W'], { name: 'dq' }),
      node('Add', ['X', 'W'], ['a'], { name: 'add1' }),
      node('Mul', ['a', 'W'], ['Y'], { name: 'mul1' }),
    ],
    inputs: [tensorValue('X', F32, [4])],
    outputs: [tensorValue('Y', F32, [4]), tensorValue('W', F32, [4])],
    initializers: dqInits(),
  }),
  expected: ['4:dq/duplicated_token_1', '3:dq/duplicated', '1:add1', '2:mul1', '0:dq'],
};
