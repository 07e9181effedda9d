import { test } from 'node:test';
import { attr, checkCase, DataType, ortAgreementTest, type RuleCase } from './ruleCase';

const F = DataType.FLOAT;
const I = DataType.INT64;
const S = DataType.STRING;

const cases: RuleCase[] = [
  { name: 'StringNormalizer count is data-dependent', op: 'StringNormalizer', inputs: [['x', S, [1, 'c']]], want: [{ dtype: S, static: [1, null], runtime: [1, 'StringNormalizer_0.count'] }] },
  { name: 'StringSplit', op: 'StringSplit', opset: 20, inputs: [['x', S, ['n']]], want: [{ dtype: S, runtime: ['n', 'StringSplit_0.maxSplits'] }, { dtype: I, static: ['n'] }] },
  { name: 'TfIdfVectorizer width from ngram_indexes', op: 'TfIdfVectorizer', opset: 9, inputs: [['x', I, [2, 6]]], attrs: [attr.ints('ngram_indexes', [0, 1, 4]), attr.ints('ngram_counts', [0]), attr.ints('pool_int64s', [1, 2, 3]), attr.string('mode', 'TF'), attr.int('min_gram_length', 1), attr.int('max_gram_length', 1), attr.int('max_skip_count', 0)], want: [{ dtype: F, static: [2, 5] }] },
  { name: 'ImageDecoder RGB', op: 'ImageDecoder', opset: 20, inputs: [['b', DataType.UINT8, ['bytes']]], want: [{ dtype: DataType.UINT8, static: [null, null, 3] }] },
  { name: 'NegativeLogLikelihoodLoss reduced to a scalar', op: 'NegativeLogLikelihoodLoss', opset: 13, inputs: [['x', F, [3, 5]], ['t', I, [3]]], outputs: 1, want: [{ dtype: F, static: [] }] },
  { name: 'SoftmaxCrossEntropyLoss without reduction', op: 'SoftmaxCrossEntropyLoss', opset: 13, inputs: [['x', F, [3, 5]], ['t', I, [3]]], attrs: [attr.string('reduction', 'none')], want: [{ static: [3] }, { static: [3, 5] }] },
];

for (const c of cases) test(`text and loss rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('text and loss', cases, 3);
