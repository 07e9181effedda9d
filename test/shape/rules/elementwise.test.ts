import { test } from 'node:test';
import { checkCase, ortAgreementTest, DataType, ints, type RuleCase } from './ruleCase';

const F = DataType.FLOAT;
const B = DataType.BOOL;
const I = DataType.INT64;

const cases: RuleCase[] = [
  { name: 'unary keeps shape and dtype', op: 'Sigmoid', inputs: [['x', F, ['n', 3]]], want: [{ dtype: F, static: ['n', 3], runtime: ['n', 3] }] },
  { name: 'broadcast numbers', op: 'Add', inputs: [['a', F, [2, 1, 4]], ['b', F, [3, 1]]], want: [{ static: [2, 3, 4], runtime: [2, 3, 4] }] },
  { name: 'equal symbols match', op: 'Mul', inputs: [['a', F, ['batch', 'seq']], ['b', F, ['batch', 'seq']]], want: [{ static: ['batch', 'seq'], runtime: ['batch', 'seq'] }] },
  { name: '1 broadcasts against a symbol', op: 'Sub', inputs: [['a', F, [1, 'seq']], ['b', F, ['batch', 1]]], want: [{ static: ['batch', 'seq'] }] },
  { name: 'a value above 1 wins over a symbol', op: 'Add', inputs: [['a', F, ['n']], ['b', F, [5]]], want: [{ static: [5], runtime: [5] }] },
  { name: 'distinct symbols give unknown', op: 'Add', inputs: [['a', F, ['p']], ['b', F, ['q']]], want: [{ static: [null], runtime: [null] }] },
  { name: 'distinct symbols resolve once bound', op: 'Add', inputs: [['a', F, ['p']], ['b', F, ['q']]], bindings: { p: 4, q: 4 }, want: [{ static: [null], runtime: [4] }] },
  { name: 'unknown rank stays unknown', op: 'Add', inputs: [['a', F, null], ['b', F, [3]]], want: [{ static: null, runtime: null }] },
  { name: 'comparison gives bool', op: 'Less', inputs: [['a', F, [2, 3]], ['b', F, [3]]], want: [{ dtype: B, static: [2, 3] }] },
  { name: 'logic gives bool', op: 'And', inputs: [['a', B, [3, 4, 5, 6]], ['b', B, [5, 6]]], want: [{ dtype: B, static: [3, 4, 5, 6] }] },
  { name: 'Not gives bool', op: 'Not', inputs: [['a', B, [2]]], want: [{ dtype: B, static: [2] }] },
  { name: 'Where broadcasts three ways, dtype of X', op: 'Where', inputs: [['c', B, ['n', 1]], ['x', I, [1, 4]], ['y', I, [4]]], want: [{ dtype: I, static: ['n', 4] }] },
  { name: 'variadic Sum broadcasts all inputs', op: 'Sum', inputs: [['a', F, [3, 1]], ['b', F, [1, 4]], ['c', F, [4]]], want: [{ static: [3, 4] }] },
  { name: 'Cast changes dtype only', op: 'Cast', inputs: [['x', F, ['n']]], attrs: [{ name: 'to', type: 2, i: DataType.INT32 }], want: [{ dtype: DataType.INT32, static: ['n'] }] },
  { name: 'CastLike takes the dtype of its second input', op: 'CastLike', inputs: [['x', F, [2]], ['t', DataType.FLOAT16, []]], want: [{ dtype: DataType.FLOAT16, static: [2] }] },
  { name: 'Dropout mask is bool from opset 10', op: 'Dropout', opset: 13, inputs: [['x', F, ['n', 8]]], want: [{ dtype: F, static: ['n', 8] }, { dtype: B, static: ['n', 8] }] },
  { name: 'Add evaluates small int contents', op: 'Add', inputs: [], inits: [ints('a', [1, 2]), ints('b', [10])], want: [{ value: [11, 12], static: [2] }] },
  { name: 'Div truncates integer contents', op: 'Div', inputs: [], inits: [ints('a', [7, -7]), ints('b', [2])], want: [{ value: [3, -3] }] },
  { name: 'Equal on contents', op: 'Equal', inputs: [], inits: [ints('a', [1, 2]), ints('b', [2, 2])], want: [{ dtype: B, value: [0, 1] }] },
];

for (const c of cases) test(`elementwise rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('elementwise', cases, 17);
