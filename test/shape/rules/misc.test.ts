import { test } from 'node:test';
import { attr, checkCase, ortAgreementTest, DataType, floats, ints, tensor, type RuleCase } from './ruleCase';

const F = DataType.FLOAT;
const MS = { 'com.microsoft': 1 };

const cases: RuleCase[] = [
  { name: 'RandomNormal from the shape attribute', op: 'RandomNormal', inputs: [], attrs: [attr.ints('shape', [2, 3])], want: [{ dtype: F, static: [2, 3] }] },
  { name: 'RandomUniformLike keeps the input shape', op: 'RandomUniformLike', inputs: [['x', DataType.DOUBLE, ['n', 2]]], want: [{ dtype: DataType.DOUBLE, static: ['n', 2] }] },
  { name: 'HannWindow length from its size input', op: 'HannWindow', inputs: [], inits: [ints('n', [16], [])], want: [{ dtype: F, static: [16] }] },
  { name: 'GridSample takes output spatial dims from the grid', op: 'GridSample', opset: 16, inputs: [['x', F, ['n', 3, 10, 10]], ['g', F, ['n', 5, 6, 2]]], want: [{ static: ['n', 3, 5, 6] }] },
  { name: 'AffineGrid from a constant size', op: 'AffineGrid', opset: 20, inputs: [['t', F, [2, 2, 3]]], inits: [ints('s', [2, 3, 5, 6])], want: [{ static: [2, 5, 6, 2] }] },
  { name: 'RoiAlign', op: 'RoiAlign', opset: 16, inputs: [['x', F, [1, 8, 32, 32]], ['r', F, ['k', 4]], ['b', DataType.INT64, ['k']]], attrs: [attr.int('output_height', 7), attr.int('output_width', 7)], want: [{ static: ['k', 8, 7, 7] }] },
  { name: 'Det drops the matrix dims', op: 'Det', inputs: [['x', F, ['b', 3, 3]]], want: [{ static: ['b'] }] },
  { name: 'FusedMatMul with transB', op: 'FusedMatMul', domain: 'com.microsoft', opsets: MS, inputs: [['a', F, ['m', 4]], ['b', F, [5, 4]]], attrs: [attr.int('transB', 1)], want: [{ static: ['m', 5] }] },
  { name: 'Resize with an empty scales input and sizes', op: 'Resize', opset: 18, order: ['x', '', 'sc', 'sz'], inputs: [['x', F, [1, 1, 4, 4]]], inits: [floats('sc', [], [0]), ints('sz', [1, 1, 8, 8])], want: [{ static: [1, 1, 8, 8] }] },
];

for (const c of cases) test(`misc rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('misc', cases, 9);

const more: RuleCase[] = [
  { name: 'STFT frames and one-sided bins', op: 'STFT', opset: 17, order: ['x', 'step', '', 'len'], inputs: [['x', F, [2, 64, 1]]], inits: [ints('step', [8], []), ints('len', [16], [])], want: [{ static: [2, 7, 9, 2] }] },
  { name: 'MelWeightMatrix', op: 'MelWeightMatrix', opset: 17, inputs: [], inits: [ints('bins', [8], []), ints('dft', [16], []), ints('sr', [8000], []), tensor('lo', F, [], { values: [0] }), tensor('hi', F, [], { values: [4000] })], want: [{ static: [9, 8] }] },
  { name: 'DeformConv', op: 'DeformConv', opset: 19, inputs: [['x', F, [1, 2, 6, 6]], ['w', F, [4, 2, 3, 3]], ['off', F, [1, 18, 4, 4]]], want: [{ static: [1, 4, 4, 4] }] },
  { name: 'CumProd keeps the shape', op: 'CumProd', opset: 26, inputs: [['x', F, ['n', 3]]], inits: [ints('ax', [1], [])], want: [{ static: ['n', 3] }] },
];

for (const c of more) test(`misc rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('newer misc', more, 2);

/** Experimental ops ONNX removed that ORT still runs (old opset-8 exports). */
const removed: RuleCase[] = [
  { name: 'ImageScaler keeps the shape', op: 'ImageScaler', opset: 8, inputs: [['x', F, ['n', 3, 16, 16]]], attrs: [attr.float('scale', 0.5), attr.floats('bias', [1, 2, 3])], ort: { bindings: { n: 2 } }, want: [{ static: ['n', 3, 16, 16] }] },
  { name: 'Affine keeps the shape', op: 'Affine', opset: 8, inputs: [['x', F, ['n', 8]]], attrs: [attr.float('alpha', 2), attr.float('beta', 1)], ort: { bindings: { n: 2 } }, want: [{ static: ['n', 8] }] },
  { name: 'Scale keeps the shape', op: 'Scale', opset: 8, inputs: [['x', F, [2, 8]]], attrs: [attr.float('scale', 0.5)], want: [{ static: [2, 8] }] },
  { name: 'ParametricSoftplus keeps the shape', op: 'ParametricSoftplus', opset: 8, inputs: [['x', F, [2, 8]]], attrs: [attr.float('alpha', 2), attr.float('beta', 0.5)], want: [{ static: [2, 8] }] },
  { name: 'ScaledTanh keeps the shape', op: 'ScaledTanh', opset: 8, inputs: [['x', F, [2, 8]]], attrs: [attr.float('alpha', 2), attr.float('beta', 0.5)], want: [{ static: [2, 8] }] },
  // ORT's inference gives Crop's output no shape (the oracle's legacy models: nothing after it reuses a freed buffer).
  { name: 'Crop by border: no static shape, the cut at run time', op: 'Crop', opset: 8, inputs: [['x', F, ['n', 3, 16, 16]]], attrs: [attr.ints('border', [1, 2, 3, 4])], ort: { bindings: { n: 1 } }, want: [{ static: null, runtime: ['n', 3, 10, 12] }] },
  { name: 'Crop to a scale', op: 'Crop', opset: 8, inputs: [['x', F, [1, 3, 16, 16]]], attrs: [attr.ints('border', [2, 1, 0, 0]), attr.ints('scale', [8, 6])], want: [{ static: null, runtime: [1, 3, 8, 6] }] },
];

for (const c of removed) test(`misc rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('removed experimental', removed, 7);
