import { test } from 'node:test';
import { attr, checkCase, ortAgreementTest, DataType, ints, type RuleCase } from './ruleCase';

const F = DataType.FLOAT;
const I = DataType.INT64;

const cases: RuleCase[] = [
  { name: 'ReduceMean axes attribute (opset 17)', op: 'ReduceMean', inputs: [['x', F, ['n', 4, 5]]], attrs: [attr.ints('axes', [1])], want: [{ static: ['n', 1, 5] }] },
  { name: 'ReduceMean axes input (opset 18)', op: 'ReduceMean', opset: 18, inputs: [['x', F, ['n', 4, 5]]], inits: [ints('a', [-1])], attrs: [attr.int('keepdims', 0)], want: [{ static: ['n', 4] }] },
  { name: 'ReduceSum axes input from opset 13', op: 'ReduceSum', opset: 13, inputs: [['x', F, [2, 3]]], inits: [ints('a', [0])], want: [{ static: [1, 3] }] },
  { name: 'ReduceSum without axes reduces all', op: 'ReduceSum', opset: 13, inputs: [['x', F, [2, 3]]], attrs: [attr.int('keepdims', 0)], want: [{ static: [] }] },
  { name: 'ReduceSum noop_with_empty_axes', op: 'ReduceSum', opset: 13, inputs: [['x', F, [2, 3]]], attrs: [attr.int('noop_with_empty_axes', 1)], want: [{ static: [2, 3] }] },
  { name: 'ReduceProd of contents', op: 'ReduceProd', inputs: [], inits: [ints('x', [2, 3, 4])], attrs: [attr.int('keepdims', 0)], want: [{ static: [], value: [24] }] },
  { name: 'ReduceMax of contents along one axis of a [2, 2] list (largest height and width)', op: 'ReduceMax', inputs: [], inits: [ints('x', [427, 640, 500, 300], [2, 2])], attrs: [attr.ints('axes', [0]), attr.int('keepdims', 0)], want: [{ static: [2], value: [500, 640] }] },
  { name: 'ReduceSum of contents along the last axis, kept', op: 'ReduceSum', opset: 13, inputs: [], inits: [ints('x', [1, 2, 3, 4, 5, 6], [2, 3]), ints('a', [1])], want: [{ static: [2, 1], value: [6, 15] }] },
  { name: 'ArgMax keepdims', op: 'ArgMax', inputs: [['x', F, [3, 'n']]], attrs: [attr.int('axis', 1)], want: [{ dtype: I, static: [3, 1] }] },
  { name: 'ArgMin drops the axis', op: 'ArgMin', inputs: [['x', F, [3, 'n']]], attrs: [attr.int('keepdims', 0)], want: [{ dtype: I, static: ['n'] }] },
];

for (const c of cases) test(`reduce rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('reduce', cases, 8);
