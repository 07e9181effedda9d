import { test } from 'node:test';
import { attr, checkCase, ortAgreementTest, DataType, ints, type RuleCase } from './ruleCase';
import { tensor } from '../../support/onnxBuilder';

const F = DataType.FLOAT;
const I = DataType.INT64;

const cases: RuleCase[] = [
  { name: 'Shape', op: 'Shape', inputs: [['x', F, ['n', 3, 4]]], want: [{ dtype: I, static: [3], runtime: [3] }] },
  { name: 'Shape start/end (opset 15)', op: 'Shape', opset: 15, inputs: [['x', F, ['n', 3, 4]]], attrs: [attr.int('start', 1), attr.int('end', -1)], bindings: { n: 2 }, want: [{ static: [1], value: [3] }] },
  { name: 'Size', op: 'Size', inputs: [['x', F, [2, 3, 4]]], want: [{ dtype: I, static: [], value: [24] }] },
  { name: 'Reshape 0 copies and -1 infers', op: 'Reshape', inputs: [['x', F, [2, 3, 4]]], inits: [ints('s', [0, -1])], want: [{ static: [2, 12], runtime: [2, 12] }] },
  { name: 'Reshape -1 with a symbol: static unknown, runtime exact', op: 'Reshape', inputs: [['x', F, ['n', 3, 4]]], inits: [ints('s', [0, -1])], want: [{ static: ['n', null], runtime: ['n', 12] }] },
  { name: 'Reshape allowzero keeps a literal 0 (opset 14)', op: 'Reshape', opset: 14, inputs: [['x', F, [0, 4]]], inits: [ints('s', [0, 4])], attrs: [attr.int('allowzero', 1)], want: [{ static: [0, 4] }] },
  { name: 'Reshape with unknown target keeps rank', op: 'Reshape', inputs: [['x', F, [2, 6]], ['s', I, [3]]], want: [{ static: [null, null, null], runtime: [null, null, null] }] },
  { name: 'Flatten', op: 'Flatten', inputs: [['x', F, ['n', 3, 4]]], attrs: [attr.int('axis', 1)], want: [{ static: ['n', 12], runtime: ['n', 12] }] },
  { name: 'Flatten axis 2 multiplies a symbol', op: 'Flatten', inputs: [['x', F, ['n', 3, 4]]], attrs: [attr.int('axis', 2)], want: [{ static: [null, 4], runtime: ['3*n', 4] }] },
  { name: 'Squeeze axes attribute (opset 11)', op: 'Squeeze', opset: 11, inputs: [['x', F, [1, 'n', 1]]], attrs: [attr.ints('axes', [0])], want: [{ static: ['n', 1] }] },
  { name: 'Squeeze axes input (opset 13)', op: 'Squeeze', opset: 13, inputs: [['x', F, [1, 'n', 1]]], inits: [ints('a', [-1])], want: [{ static: [1, 'n'] }] },
  { name: 'Squeeze without axes drops known 1s', op: 'Squeeze', opset: 13, inputs: [['x', F, [1, 3, 1]]], want: [{ static: [3] }] },
  { name: 'Unsqueeze axes attribute (opset 11)', op: 'Unsqueeze', opset: 11, inputs: [['x', F, ['n', 3]]], attrs: [attr.ints('axes', [0, 3])], want: [{ static: [1, 'n', 3, 1] }] },
  { name: 'Unsqueeze axes input (opset 13)', op: 'Unsqueeze', opset: 13, inputs: [['x', F, ['n']]], inits: [ints('a', [1])], want: [{ static: ['n', 1] }] },
  { name: 'Transpose default reverses', op: 'Transpose', inputs: [['x', F, [2, 3, 'k']]], want: [{ static: ['k', 3, 2] }] },
  { name: 'Transpose perm', op: 'Transpose', inputs: [['x', F, [2, 3, 'k']]], attrs: [attr.ints('perm', [0, 2, 1])], want: [{ static: [2, 'k', 3] }] },
  { name: 'Concat sums the axis', op: 'Concat', inputs: [['a', F, [2, 3]], ['b', F, [2, 5]]], attrs: [attr.int('axis', -1)], want: [{ static: [2, 8] }] },
  { name: 'Concat of symbols: static unknown, runtime sum', op: 'Concat', inputs: [['a', F, ['b', 'past', 8]], ['c', F, ['b', 'seq', 8]]], attrs: [attr.int('axis', 1)], want: [{ static: ['b', null, 8], runtime: ['b', 'past+seq', 8] }] },
  { name: 'Expand broadcasts to the target', op: 'Expand', inputs: [['x', F, [3, 1]]], inits: [ints('s', [2, 1, 6])], want: [{ static: [2, 3, 6] }] },
  { name: 'Tile multiplies', op: 'Tile', inputs: [['x', F, [2, 'n']]], inits: [ints('r', [3, 2])], want: [{ static: [6, null], runtime: [6, '2*n'] }] },
  { name: 'Pad input (opset 11)', op: 'Pad', opset: 11, inputs: [['x', F, [1, 3, 4]]], inits: [ints('p', [0, 1, 2, 0, 1, 2])], want: [{ static: [1, 5, 8] }] },
  { name: 'Pad attribute (opset 2)', op: 'Pad', opset: 2, inputs: [['x', F, [3, 4]]], attrs: [attr.ints('pads', [1, 0, 1, 0])], want: [{ static: [5, 4] }] },
  { name: 'ConstantOfShape takes its dtype from value', op: 'ConstantOfShape', inputs: [], inits: [ints('s', [2, 3])], attrs: [attr.tensor('value', tensor('v', I, [1], { values: [7] }))], want: [{ dtype: I, static: [2, 3], value: [7, 7, 7, 7, 7, 7] }] },
  { name: 'ConstantOfShape with unknown contents keeps rank', op: 'ConstantOfShape', inputs: [['s', I, [3]]], want: [{ dtype: F, static: [null, null, null] }] },
  { name: 'Range', op: 'Range', inputs: [], inits: [ints('a', [0], []), ints('b', [10], []), ints('c', [3], [])], want: [{ static: [4], value: [0, 3, 6, 9] }] },
  { name: 'DepthToSpace', op: 'DepthToSpace', inputs: [['x', F, ['b', 9, 224, 224]]], attrs: [attr.int('blocksize', 3)], want: [{ static: ['b', 1, 672, 672] }] },
  { name: 'SpaceToDepth', op: 'SpaceToDepth', inputs: [['x', F, [1, 2, 8, 8]]], attrs: [attr.int('blocksize', 2)], want: [{ static: [1, 8, 4, 4] }] },
  { name: 'OneHot inserts depth at axis', op: 'OneHot', inputs: [['i', I, ['n']]], inits: [ints('d', [10], []), tensor('v', F, [2], { values: [0, 1] })], want: [{ dtype: F, static: ['n', 10] }] },
];

for (const c of cases) test(`shape op rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('shape op', cases, 26);

test('shape op rule: Expand with unknown target contents still broadcasts known dims (ONNX rank inference)', () =>
  checkCase({ name: 'Expand rank-only', op: 'Expand', inputs: [['x', F, [3, 1]], ['s', I, [3]]], want: [{ static: [null, 3, null] }] }));

test('shape op rule: Concat merges non-axis dims with dim values first', () =>
  checkCase({ name: 'Concat merge', op: 'Concat', inputs: [['a', F, ['n', 2]], ['b', F, [3, 2]]], attrs: [attr.int('axis', 1)], want: [{ static: [3, 4] }] }));
