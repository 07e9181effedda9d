/**
 * Test support: small fp16 / Cast models from ort-graph-at-disabled.md §4 and §6, with the order
 * ORT 1.30 executes them in (profile `index:name`, `IPFC_` = `InsertedPrecisionFreeCast_`).
 */
import { buildModel, DataType, node, tensor, tensorValue, attr } from '../../../support/onnxBuilder';

const F16 = DataType.FLOAT16;
const F32 = DataType.FLOAT;

/** A named model and the order ORT runs it in. */
export interface OrderCase {
  name: string;
  bytes: Uint8Array;
  expected: string[];
}

const mm = (a: string, b: string, out: string, name: string) => node('MatMul', [a, b], [out], { name });

/** §6(b): an isolated Transpose between two MatMuls is forced to fp32. */
export const isolatedTranspose: OrderCase = {
  name: 'isolated fp16 Transpose between MatMuls',
  bytes: buildModel({
    nodes: [mm('X', 'W', 'm1', 'mm1'), node('Transpose', ['m1'], ['t'], { name: 'tr' }), mm('t', 'W2', 'Y', 'mm2')],
    inputs: [tensorValue('X', F16, [2, 4])],
    outputs: [tensorValue('Y', F16, [4, 2])],
    initializers: [tensor('W', F16, [4, 4]), tensor('W2', F16, [2, 2])],
  }),
  expected: ['9:IPFC_W2', '4:IPFC_W', '3:IPFC_X', '0:mm1', '1:tr', '2:mm2', '10:IPFC_Y'],
};

/** §6(b) variant: a node producing a graph output stays fp16. */
export const transposeToOutput: OrderCase = {
  name: 'fp16 Transpose producing a graph output',
  bytes: buildModel({
    nodes: [mm('X', 'W', 'm1', 'mm1'), node('Transpose', ['m1'], ['Y'], { name: 'tr' })],
    inputs: [tensorValue('X', F16, [2, 4])],
    outputs: [tensorValue('Y', F16, [4, 2])],
    initializers: [tensor('W', F16, [4, 4])],
  }),
  expected: ['3:IPFC_W', '2:IPFC_X', '0:mm1', '4:IPFC_m1', '1:tr'],
};

/** §6(c): an fp16 value read by a cast node (Add) and a native node (Transpose). */
export const mixedConsumers: OrderCase = {
  name: 'fp16 value with a casting and a native consumer',
  bytes: buildModel({
    nodes: [mm('X', 'W', 'm', 'mm'), node('Add', ['m', 'B'], ['A'], { name: 'add' }), node('Transpose', ['m'], ['T'], { name: 'tr' })],
    inputs: [tensorValue('X', F16, [4, 4])],
    outputs: [tensorValue('A', F16, [4, 4]), tensorValue('T', F16, [4, 4])],
    initializers: [tensor('W', F16, [4, 4]), tensor('B', F16, [4])],
  }),
  expected: ['7:IPFC_B', '4:IPFC_W', '3:IPFC_X', '0:mm', '1:add', '8:IPFC_A', '5:IPFC_m', '2:tr'],
};

const cast = (input: string, output: string, to: number, name: string) => node('Cast', [input], [output], { name, attrs: [attr.int('to', to)] });

/** §4c: user Cast chains that RemoveDuplicateCastTransformer rewrites (or keeps) at level 0. */
export const userCastChains: OrderCase = {
  name: 'user Cast chains',
  bytes: buildModel({
    nodes: [
      cast('H', 'h32', F32, 'h_up'),
      cast('h32', 'h16', F16, 'h_down'),
      node('Identity', ['h16'], ['HO'], { name: 'h_id' }),
      cast('I', 'i64', DataType.INT64, 'i_up'),
      cast('i64', 'i32', DataType.INT32, 'i_down'),
      node('Identity', ['i32'], ['IO'], { name: 'i_id' }),
      cast('F', 'f16', F16, 'f_down'),
      cast('f16', 'f32', F32, 'f_up'),
      node('Identity', ['f32'], ['FO'], { name: 'f_id' }),
      cast('J', 'jf', F32, 'j_f'),
      cast('jf', 'jd', DataType.DOUBLE, 'j_d'),
      node('Identity', ['jd'], ['JO'], { name: 'j_id' }),
    ],
    inputs: [tensorValue('H', F16, [3]), tensorValue('I', DataType.INT32, [3]), tensorValue('F', F32, [3]), tensorValue('J', DataType.INT32, [3])],
    outputs: [tensorValue('HO', F16, [3]), tensorValue('IO', DataType.INT32, [3]), tensorValue('FO', F32, [3]), tensorValue('JO', DataType.DOUBLE, [3])],
  }),
  expected: ['9:j_f', '10:j_d', '11:j_id', '6:f_down', '7:f_up', '8:f_id', '5:i_id', '2:h_id'],
};

/** Every order case, for the oracle comparison. */
export const ORDER_CASES: OrderCase[] = [isolatedTranspose, transposeToOutput, mixedConsumers, userCastChains];
