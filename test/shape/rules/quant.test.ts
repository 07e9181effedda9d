import { test } from 'node:test';
import { checkCase, ortAgreementTest, DataType, type RuleCase } from './ruleCase';

const F = DataType.FLOAT;
const U8 = DataType.UINT8;
const I8 = DataType.INT8;

const cases: RuleCase[] = [
  { name: 'QuantizeLinear dtype from zero point', op: 'QuantizeLinear', opset: 13, inputs: [['x', F, ['n', 4]], ['s', F, []], ['z', I8, []]], want: [{ dtype: I8, static: ['n', 4] }] },
  { name: 'QuantizeLinear defaults to uint8', op: 'QuantizeLinear', opset: 13, inputs: [['x', F, [4]], ['s', F, []]], want: [{ dtype: U8 }] },
  { name: 'DequantizeLinear int4 to the scale dtype', op: 'DequantizeLinear', opset: 25, inputs: [['x', DataType.INT4, [5]], ['s', F, []], ['z', DataType.INT4, [1]]], want: [{ dtype: F, static: [5] }] },
  { name: 'DynamicQuantizeLinear outputs', op: 'DynamicQuantizeLinear', opset: 11, inputs: [['x', F, [2, 3]]], want: [{ dtype: U8, static: [2, 3] }, { dtype: F, static: [] }, { dtype: U8, static: [] }] },
  { name: 'MatMulInteger gives int32', op: 'MatMulInteger', inputs: [['a', U8, ['m', 4]], ['b', U8, [4, 3]]], want: [{ dtype: DataType.INT32, static: ['m', 3] }] },
  { name: 'QLinearMatMul dtype from y_zero_point', op: 'QLinearMatMul', inputs: [['a', U8, [2, 4]], ['as', F, []], ['az', U8, []], ['b', U8, [4, 3]], ['bs', F, []], ['bz', U8, []], ['ys', F, []], ['yz', I8, []]], want: [{ dtype: I8, static: [2, 3] }] },
];

for (const c of cases) test(`quantization rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('quantization', cases, 4);
