import { test } from 'node:test';
import { attr, checkCase, DataType, ortAgreementTest, type RuleCase } from './ruleCase';

const F = DataType.FLOAT;

const ML = { domain: 'ai.onnx.ml', opsets: { 'ai.onnx.ml': 3 } };
const mlCases: RuleCase[] = [
  { domain: 'ai.onnx.ml', opsets: { 'ai.onnx.ml': 5 }, name: 'TreeEnsemble (ml opset 5)', op: 'TreeEnsemble', inputs: [['x', DataType.DOUBLE, [3, 2]]], attrs: [attr.int('n_targets', 2)], want: [{ dtype: DataType.DOUBLE, static: [3, 2] }] },
  { ...ML, name: 'LinearRegressor', op: 'LinearRegressor', inputs: [['x', F, ['n', 4]]], attrs: [attr.floats('coefficients', [1, 2, 3, 4, 5, 6, 7, 8]), attr.int('targets', 2)], want: [{ dtype: F, static: ['n', 2] }] },
  { ...ML, name: 'LinearClassifier', op: 'LinearClassifier', inputs: [['x', F, ['n', 2]]], attrs: [attr.floats('coefficients', [1, 2, 3, 4, 5, 6]), attr.floats('intercepts', [0, 0, 0]), attr.ints('classlabels_ints', [0, 1, 2])], want: [{ dtype: DataType.INT64, static: ['n'] }, { dtype: F, static: ['n', 3] }] },
  { ...ML, name: 'LabelEncoder string to int', op: 'LabelEncoder', inputs: [['x', DataType.STRING, ['n']]], attrs: [attr.strings('keys_strings', ['a', 'b']), attr.ints('values_int64s', [1, 2])], want: [{ dtype: DataType.INT64, static: ['n'] }] },
  { ...ML, name: 'ArrayFeatureExtractor', op: 'ArrayFeatureExtractor', inputs: [['x', F, ['n', 10]], ['y', DataType.INT64, [3]]], want: [{ static: ['n', 3] }] },
  { ...ML, name: 'ZipMap gives a sequence', op: 'ZipMap', inputs: [['x', F, ['n', 3]]], attrs: [attr.ints('classlabels_int64s', [0, 1, 2])], want: [{ kind: 'sequence' }] },
];

for (const c of mlCases) test(`ml rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('ml', mlCases, 3);
