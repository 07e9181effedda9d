import { test } from 'node:test';
import { attr, checkCase, ortAgreementTest, DataType, floats, ints, type RuleCase } from './ruleCase';

const F = DataType.FLOAT;
const I = DataType.INT64;
const U8 = DataType.UINT8;

const cases: RuleCase[] = [
  { name: 'Conv with pads and strides', op: 'Conv', inputs: [['x', F, ['n', 3, 224, 224]], ['w', F, [64, 3, 7, 7]]], attrs: [attr.ints('pads', [3, 3, 3, 3]), attr.ints('strides', [2, 2])], want: [{ static: ['n', 64, 112, 112] }] },
  { name: 'Conv with dilations', op: 'Conv', inputs: [['x', F, [1, 1, 10, 10]], ['w', F, [2, 1, 3, 3]]], attrs: [attr.ints('dilations', [2, 2])], want: [{ static: [1, 2, 6, 6] }] },
  { name: 'Conv auto_pad SAME_UPPER', op: 'Conv', inputs: [['x', F, [1, 1, 7, 5]], ['w', F, [4, 1, 3, 3]]], attrs: [attr.string('auto_pad', 'SAME_UPPER'), attr.ints('strides', [2, 2])], want: [{ static: [1, 4, 4, 3] }] },
  { name: 'Conv auto_pad VALID', op: 'Conv', inputs: [['x', F, [1, 1, 7, 5]], ['w', F, [4, 1, 3, 3]]], attrs: [attr.string('auto_pad', 'VALID')], want: [{ static: [1, 4, 5, 3] }] },
  { name: 'Conv over a symbolic spatial dim, stride 1', op: 'Conv', inputs: [['x', F, [1, 1, 'h', 8]], ['w', F, [2, 1, 3, 3]]], want: [{ static: [1, 2, null, 6], runtime: [1, 2, 'h-2', 6] }] },
  { name: 'ConvTranspose', op: 'ConvTranspose', inputs: [['x', F, [1, 3, 7, 6]], ['w', F, [3, 4, 3, 3]]], attrs: [attr.ints('strides', [3, 2]), attr.ints('pads', [1, 1, 1, 1]), attr.ints('output_padding', [1, 1])], want: [{ static: [1, 4, 20, 12] }] },
  { name: 'MaxPool floor', op: 'MaxPool', inputs: [['x', F, [1, 1, 5, 5]]], attrs: [attr.ints('kernel_shape', [2, 2]), attr.ints('strides', [2, 2])], want: [{ static: [1, 1, 2, 2] }, { dtype: I, static: [1, 1, 2, 2] }], outputs: 2 },
  // ORT 1.30 and ONNX divide with truncation toward zero (onnxruntime-node: MaxPool k=2 s=2 on 1×1 → 1×1).
  { name: 'MaxPool window wider than the input truncates toward zero', op: 'MaxPool', inputs: [['x', F, [1, 1, 1, 1]]], attrs: [attr.ints('kernel_shape', [2, 2]), attr.ints('strides', [2, 2])], want: [{ static: [1, 1, 1, 1] }] },
  { name: 'AveragePool k=[3,2] s=[3,2] on 1×2 gives 1×1', op: 'AveragePool', inputs: [['x', F, [1, 1, 1, 2]]], attrs: [attr.ints('kernel_shape', [3, 2]), attr.ints('strides', [3, 2])], want: [{ static: [1, 1, 1, 1] }] },
  { name: 'MaxPool k=3 s=1 on 2×2 gives 0×0', op: 'MaxPool', inputs: [['x', F, [1, 1, 2, 2]]], attrs: [attr.ints('kernel_shape', [3, 3]), attr.ints('strides', [1, 1])], want: [{ static: [1, 1, 0, 0] }] },
  { name: 'MaxPool ceil_mode', op: 'MaxPool', opset: 12, inputs: [['x', F, [1, 1, 5, 5]]], attrs: [attr.ints('kernel_shape', [2, 2]), attr.ints('strides', [2, 2]), attr.int('ceil_mode', 1)], want: [{ static: [1, 1, 3, 3] }] },
  { name: 'AveragePool with pads', op: 'AveragePool', inputs: [['x', F, [1, 2, 7, 7]]], attrs: [attr.ints('kernel_shape', [3, 3]), attr.ints('pads', [1, 1, 1, 1])], want: [{ static: [1, 2, 7, 7] }] },
  { name: 'GlobalAveragePool', op: 'GlobalAveragePool', inputs: [['x', F, ['n', 8, 7, 7]]], want: [{ static: ['n', 8, 1, 1] }] },
  { name: 'MatMul broadcasts batch dims', op: 'MatMul', inputs: [['a', F, ['b', 1, 'm', 4]], ['c', F, [3, 4, 5]]], want: [{ static: ['b', 3, 'm', 5] }] },
  { name: 'MatMul 1-D by 2-D', op: 'MatMul', inputs: [['a', F, [4]], ['c', F, [4, 5]]], want: [{ static: [5] }] },
  { name: 'MatMul 2-D by 1-D', op: 'MatMul', inputs: [['a', F, [3, 4]], ['c', F, [4]]], want: [{ static: [3] }] },
  { name: 'Gemm transB', op: 'Gemm', inputs: [['a', F, ['n', 1024]], ['b', F, [1000, 1024]]], attrs: [attr.int('transB', 1)], want: [{ static: ['n', 1000] }] },
  { name: 'BatchNormalization', op: 'BatchNormalization', inputs: [['x', F, ['n', 8, 4, 4]], ['s', F, [8]], ['b', F, [8]], ['m', F, [8]], ['v', F, [8]]], want: [{ static: ['n', 8, 4, 4] }] },
  { name: 'LayerNormalization stats', op: 'LayerNormalization', inputs: [['x', F, [2, 3, 5]], ['w', F, [5]]], attrs: [attr.int('axis', -1)], want: [{ static: [2, 3, 5] }, { dtype: F, static: [2, 3, 1] }, { static: [2, 3, 1] }] },
  { name: 'Resize by sizes (opset 13)', op: 'Resize', opset: 13, order: ['x', '', '', 'sz'], inputs: [['x', F, ['n', 3, 10, 10]]], inits: [ints('sz', [1, 3, 20, 30])], want: [{ static: [1, 3, 20, 30] }] },
  { name: 'Resize by scales (opset 13)', op: 'Resize', opset: 13, order: ['x', '', 'sc'], inputs: [['x', F, ['n', 3, 10, 10]]], inits: [floats('sc', [1, 1, 2, 1.5])], want: [{ static: [null, 3, 20, 15], runtime: ['n', 3, 20, 15] }] },
  { name: 'Upsample scales attribute (opset 7)', op: 'Upsample', opset: 7, inputs: [['x', F, [1, 1, 2, 2]]], attrs: [attr.floats('scales', [1, 1, 2, 3])], want: [{ static: [1, 1, 4, 6] }] },
  { name: 'Einsum explicit output', op: 'Einsum', opset: 12, inputs: [['a', F, ['b', 3, 4]], ['c', F, ['b', 4, 5]]], attrs: [attr.string('equation', 'bij,bjk->bik')], want: [{ static: ['b', 3, 5] }] },
  { name: 'Einsum implicit output and ellipsis', op: 'Einsum', opset: 12, inputs: [['a', F, [7, 3, 4]], ['c', F, [4, 5]]], attrs: [attr.string('equation', '...ij,jk')], want: [{ static: [7, 3, 5] }] },
  { name: 'DFT opset 17 axis attribute', op: 'DFT', opset: 19, inputs: [['x', F, [1, 10, 10, 1]]], want: [{ static: [1, 10, 10, 2] }] },
  { name: 'DFT onesided', op: 'DFT', opset: 17, inputs: [['x', F, [1, 10, 1]]], attrs: [attr.int('onesided', 1)], want: [{ static: [1, 6, 2] }] },
  { name: 'LSTM outputs', op: 'LSTM', opset: 14, inputs: [['x', F, ['s', 'b', 2]], ['w', F, [2, 12, 2]], ['r', F, [2, 12, 3]]], attrs: [attr.int('hidden_size', 3), attr.string('direction', 'bidirectional')], want: [{ static: ['s', 2, 'b', 3] }, { static: [2, 'b', 3] }, { static: [2, 'b', 3] }] },
  { name: 'GRU layout 1', op: 'GRU', opset: 14, inputs: [['x', F, ['b', 's', 2]], ['w', F, [1, 9, 2]], ['r', F, [1, 9, 3]]], attrs: [attr.int('hidden_size', 3), attr.int('layout', 1)], want: [{ static: ['b', 's', 1, 3] }, { static: ['b', 1, 3] }] },
  { name: 'Attention-23 4-D with past', op: 'Attention', opset: 23, order: ['q', 'k', 'v', '', 'pk', 'pv'], inputs: [['q', F, [2, 9, 4, 8]], ['k', F, [2, 3, 6, 8]], ['v', F, [2, 3, 6, 8]], ['pk', F, [2, 3, 12, 8]], ['pv', F, [2, 3, 12, 8]]], want: [{ static: [2, 9, 4, 8] }, { static: [2, 3, 18, 8] }, { static: [2, 3, 18, 8] }] },
  {
    name: 'Attention-23 present outputs without past have no static shape (ONNX infers them only from a past), but a runtime one',
    op: 'Attention',
    opset: 23,
    inputs: [['q', F, [2, 3, 4, 8]], ['k', F, [2, 3, 6, 8]], ['v', F, [2, 3, 6, 8]]],
    outputs: 3,
    want: [{ static: [2, 3, 4, 8] }, { static: null, runtime: [2, 3, 6, 8] }, { static: null, runtime: [2, 3, 6, 8] }],
  },
  { name: 'Attention-23 3-D with head counts', op: 'Attention', opset: 23, inputs: [['q', F, [2, 4, 24]], ['k', F, [2, 6, 24]], ['v', F, [2, 6, 24]]], attrs: [attr.int('q_num_heads', 3), attr.int('kv_num_heads', 3)], want: [{ static: [2, 4, 24] }] },
  { name: 'RotaryEmbedding-23 keeps the input shape', op: 'RotaryEmbedding', opset: 23, inputs: [['x', F, [2, 4, 3, 8]], ['c', F, [50, 4]], ['s', F, [50, 4]], ['p', I, [2, 3]]], want: [{ static: [2, 4, 3, 8] }] },
  { name: 'RMSNormalization keeps the input shape', op: 'RMSNormalization', opset: 23, inputs: [['x', F, [2, 3, 5]], ['w', F, [5]]], want: [{ static: [2, 3, 5] }] },
  { name: 'QLinearConv output dtype is y_zero_point', op: 'QLinearConv', opset: 10, inputs: [['x', U8, [1, 1, 7, 7]], ['xs', F, []], ['xz', U8, []], ['w', U8, [1, 1, 1, 1]], ['ws', F, [1]], ['wz', U8, [1]], ['ys', F, []], ['yz', U8, []]], want: [{ dtype: U8, static: [1, 1, 7, 7] }] },
];

for (const c of cases) test(`nn rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('nn', cases, 29);

test('nn rule: a symbolic spatial dim stays unknown statically even with SAME padding', () =>
  checkCase({ name: 'Conv SAME symbolic', op: 'Conv', inputs: [['x', F, [1, 1, 'h', 8]], ['w', F, [2, 1, 3, 3]]], attrs: [attr.string('auto_pad', 'SAME_UPPER')], want: [{ static: [1, 2, null, 8], runtime: [1, 2, 'h', 8] }] }));

const newer: RuleCase[] = [
  { name: 'LinearAttention GQA', op: 'LinearAttention', opset: 27, inputs: [['q', F, ['b', 't', 64]], ['k', F, ['b', 't', 32]], ['v', F, ['b', 't', 32]]], attrs: [attr.int('q_num_heads', 4), attr.int('kv_num_heads', 2)], want: [{ static: ['b', 't', 64] }, { static: ['b', 2, 16, 16] }] },
  { name: 'CausalConvWithState', op: 'CausalConvWithState', opset: 27, inputs: [['x', F, ['b', 8, 't']], ['w', F, [8, 1, 4]]], want: [{ static: ['b', 8, 't'] }, { static: ['b', 8, 3] }] },
];

for (const c of newer) test(`nn rule: ${c.name}`, () => checkCase(c));
