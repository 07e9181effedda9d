import { test } from 'node:test';
import { attr, checkCase, DataType, ints, type RuleCase } from './ruleCase';

const F = DataType.FLOAT;
const I = DataType.INT64;

const cases: RuleCase[] = [
  { name: 'NonZero count is a generated symbol', op: 'NonZero', inputs: [['x', F, [3, 4]]], want: [{ dtype: I, static: [2, null], runtime: [2, 'NonZero_0.count'] }] },
  { name: 'NonZero count can be bound', op: 'NonZero', inputs: [['x', F, [3, 4]]], bindings: { 'NonZero_0.count': 6 }, want: [{ runtime: [2, 6] }] },
  { name: 'Compress along an axis', op: 'Compress', inputs: [['x', F, [3, 4]], ['c', DataType.BOOL, [4]]], attrs: [attr.int('axis', 1)], want: [{ static: [3, null], runtime: [3, 'Compress_0.count'] }] },
  { name: 'Unique flattened', op: 'Unique', inputs: [['x', F, [2, 3]]], want: [{ runtime: ['Unique_0.count'] }, { dtype: I }, { runtime: [6] }, { runtime: ['Unique_0.count'] }] },
  { name: 'TopK with constant k', op: 'TopK', inputs: [['x', F, ['n', 10]]], inits: [ints('k', [3])], want: [{ static: ['n', 3] }, { dtype: I, static: ['n', 3] }] },
  { name: 'TopK with runtime k', op: 'TopK', inputs: [['x', F, ['n', 10]], ['k', I, [1]]], want: [{ static: ['n', null], runtime: ['n', 'TopK_0.k'] }] },
  { name: 'NonMaxSuppression', op: 'NonMaxSuppression', inputs: [['b', F, [1, 6, 4]], ['s', F, [1, 1, 6]]], want: [{ dtype: I, static: [null, 3], runtime: ['NonMaxSuppression_0.count', 3] }] },
];

for (const c of cases) test(`data-dependent rule: ${c.name}`, () => checkCase(c));
