import { test } from 'node:test';
import { attr, checkCase, ortAgreementTest, DataType, tensor, type RuleCase } from './ruleCase';

const F = DataType.FLOAT;
const H = DataType.FLOAT16;
const I32 = DataType.INT32;
const MS = { 'com.microsoft': 1 };
const ms = { domain: 'com.microsoft', opsets: MS };

const cases: RuleCase[] = [
  { ...ms, name: 'Attention output and present with past', op: 'Attention', inputs: [['x', F, ['b', 's', 32]], ['w', F, [32, 96]], ['bias', F, [96]], ['m', I32, ['b', 't']], ['past', F, [2, 'b', 4, 'p', 8]]], attrs: [attr.int('num_heads', 4)], ort: { bindings: { b: 1, s: 2, p: 3, t: 5 }, fill: { m: 1 } }, want: [{ static: ['b', 's', 32], runtime: ['b', 's', 32] }, { static: null, runtime: [2, 'b', 4, 'p+s', 8] }] },
  { ...ms, name: 'Attention present without past (first decoder step)', op: 'Attention', order: ['x', 'w', 'bias'], inputs: [['x', F, ['b', 's', 32]], ['w', F, [32, 96]], ['bias', F, [96]]], attrs: [attr.int('num_heads', 4)], ort: { bindings: { b: 2, s: 3 } }, want: [{ static: ['b', 's', 32] }, { static: null, runtime: [2, 'b', 4, 's', 8] }] },
  { ...ms, name: 'Attention present with known lengths', op: 'Attention', inputs: [['x', F, [1, 3, 32]], ['w', F, [32, 96]], ['bias', F, [96]], ['m', I32, [1, 8]], ['past', F, [2, 1, 4, 5, 8]]], attrs: [attr.int('num_heads', 4)], want: [{ static: [1, 3, 32] }, { static: [2, 1, 4, 8, 8] }] },
  { ...ms, name: 'MultiHeadAttention with past', op: 'MultiHeadAttention', order: ['q', 'k', 'v', '', '', '', 'pk', 'pv'], inputs: [['q', H, ['b', 's', 16]], ['k', H, ['b', 's', 16]], ['v', H, ['b', 's', 16]], ['pk', H, ['b', 1, 'p', 16]], ['pv', H, ['b', 1, 'p', 16]]], attrs: [attr.int('num_heads', 1)], want: [{ static: ['b', 's', 16] }, { static: null, runtime: ['b', 1, 'p+s', 16] }, { runtime: ['b', 1, 'p+s', 16] }] },
  { ...ms, name: 'MultiHeadAttention present without past', op: 'MultiHeadAttention', inputs: [['q', F, ['b', 's', 16]], ['k', F, ['b', 'l', 16]], ['v', F, ['b', 'l', 8]]], outputs: 3, attrs: [attr.int('num_heads', 2)], ort: { bindings: { b: 2, s: 3, l: 5 } }, want: [{ static: ['b', 's', 8] }, { static: null, runtime: ['b', 2, 'l', 8] }, { static: null, runtime: ['b', 2, 'l', 4] }] },
  { ...ms, name: 'GroupQueryAttention present keeps the past dims statically', op: 'GroupQueryAttention', inputs: [['q', H, ['b', 's', 64]], ['k', H, ['b', 's', 32]], ['v', H, ['b', 's', 32]], ['pk', H, ['b', 2, 'p', 16]], ['pv', H, ['b', 2, 'p', 16]], ['sk', I32, ['b', 1]], ['t', I32, []]], attrs: [attr.int('num_heads', 4), attr.int('kv_num_heads', 2)], ort: { bindings: { b: 1, s: 2, p: 3 }, fill: { sk: 4, t: 5 } }, want: [{ static: ['b', 's', 64] }, { static: ['b', 2, 'p', 16], runtime: ['b', 2, 'p+s', 16] }, { static: ['b', 2, 'p', 16] }] },
  { ...ms, name: 'EmbedLayerNormalization', op: 'EmbedLayerNormalization', order: ['ids', '', 'we', 'pe', '', 'g', 'bt'], inputs: [['ids', I32, ['b', 's']], ['we', F, [1000, 32]], ['pe', F, [64, 32]], ['g', F, [32]], ['bt', F, [32]]], want: [{ dtype: F, static: ['b', 's', 32] }, { dtype: I32, static: ['b'] }] },
  { ...ms, name: 'SkipLayerNormalization', op: 'SkipLayerNormalization', inputs: [['x', F, ['b', 's', 32]], ['k', F, ['b', 's', 32]], ['g', F, [32]]], want: [{ static: ['b', 's', 32] }, { dtype: F, static: ['b', 's', 1] }, { static: ['b', 's', 1] }, { static: ['b', 's', 32] }] },
  { ...ms, name: 'SkipSimplifiedLayerNormalization', op: 'SkipSimplifiedLayerNormalization', inputs: [['x', H, ['b', 's', 16]], ['k', H, ['b', 's', 16]], ['g', H, [16]]], outputs: 1, want: [{ dtype: H, static: ['b', 's', 16] }] },
  { ...ms, name: 'FastGelu', op: 'FastGelu', inputs: [['x', F, ['b', 's', 128]], ['bias', F, [128]]], want: [{ static: ['b', 's', 128] }] },
  { ...ms, name: 'BiasGelu', op: 'BiasGelu', inputs: [['x', F, ['b', 128]], ['bias', F, [128]]], want: [{ static: ['b', 128] }] },
  { ...ms, name: 'Gelu', op: 'Gelu', inputs: [['x', F, [3]]], want: [{ static: [3] }] },
  { ...ms, name: 'RotaryEmbedding', op: 'RotaryEmbedding', inputs: [['x', H, ['b', 's', 16]], ['p', DataType.INT64, ['b', 's']], ['c', H, [64, 8]], ['sn', H, [64, 8]]], want: [{ dtype: H, static: ['b', 's', 16] }] },
  { ...ms, name: 'MatMulNBits', op: 'MatMulNBits', inputs: [['a', H, ['n', 32]], ['b', DataType.UINT8, [32, 1, 16]], ['sc', H, [32]]], attrs: [attr.int('K', 32), attr.int('N', 32), attr.int('bits', 4), attr.int('block_size', 32)], want: [{ dtype: H, static: ['n', 32] }] },
  { name: 'SimplifiedLayerNormalization (ORT, default domain)', op: 'SimplifiedLayerNormalization', inputs: [['x', H, ['b', 's', 16]], ['g', H, [16]]], outputs: 1, want: [{ dtype: H, static: ['b', 's', 16] }] },
];

for (const c of cases) test(`contrib rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('contrib', cases, 15);

const U8 = DataType.UINT8;
const quantized: RuleCase[] = [
  { ...ms, name: 'QLinearAdd broadcasts A and B', op: 'QLinearAdd', inputs: [['a', U8, ['n', 4]], ['as', F, []], ['az', U8, []], ['b', U8, [4]], ['bs', F, []], ['bz', U8, []], ['cs', F, []], ['cz', U8, []]], want: [{ dtype: U8, static: ['n', 4] }] },
  { ...ms, name: 'QLinearGlobalAveragePool', op: 'QLinearGlobalAveragePool', inputs: [['x', U8, [1, 8, 7, 7]], ['xs', F, []], ['xz', U8, []], ['ys', F, []], ['yz', U8, []]], want: [{ static: [1, 8, 1, 1] }] },
  { ...ms, name: 'ExpandDims', op: 'ExpandDims', inputs: [['x', F, [2, 3]]], inits: [tensor('ax', DataType.INT32, [], { values: [-1] })], want: [{ static: [2, 3, 1] }] },
  { ...ms, name: 'BiasSplitGelu halves the channels', op: 'BiasSplitGelu', inputs: [['x', H, [2, 'hw', 64]], ['bias', H, [64]]], want: [{ static: [2, 'hw', 32] }] },
  // The QDQ fusions of level extended and the NHWC transformer's forms at all.
  { ...ms, name: 'QLinearConcat joins the X inputs, in Y_zero_point\'s type', op: 'QLinearConcat', order: ['ys', 'yz', 'a', 'as', 'az', 'b', 'bs', 'bz'], inputs: [['ys', F, []], ['yz', U8, []], ['a', U8, ['n', 8, 4, 4]], ['as', F, []], ['az', U8, []], ['b', U8, ['n', 4, 4, 4]], ['bs', F, []], ['bz', U8, []]], attrs: [attr.int('axis', 1)], ort: { bindings: { n: 2 } }, want: [{ dtype: U8, static: ['n', 12, 4, 4] }] },
  { ...ms, name: 'QLinearConcat of one input has no static shape', op: 'QLinearConcat', order: ['ys', 'yz', 'a', 'as', 'az'], inputs: [['ys', F, []], ['yz', U8, []], ['a', U8, [1, 8, 4, 4]], ['as', F, []], ['az', U8, []]], attrs: [attr.int('axis', 1)], want: [{ dtype: U8, static: null, runtime: [1, 8, 4, 4] }] },
  { ...ms, name: 'QLinearAveragePool', op: 'QLinearAveragePool', inputs: [['x', U8, ['n', 8, 16, 16]], ['xs', F, []], ['xz', U8, []], ['ys', F, []], ['yz', U8, []]], attrs: [attr.ints('kernel_shape', [2, 2]), attr.ints('strides', [2, 2])], ort: { bindings: { n: 1 } }, want: [{ dtype: U8, static: ['n', 8, 8, 8] }] },
  { ...ms, name: 'QLinearAveragePool channels_last', op: 'QLinearAveragePool', inputs: [['x', U8, [1, 16, 16, 8]], ['xs', F, []], ['xz', U8, []], ['ys', F, []], ['yz', U8, []]], attrs: [attr.ints('kernel_shape', [3, 3]), attr.ints('pads', [1, 1, 1, 1]), attr.int('channels_last', 1)], want: [{ static: [1, 16, 16, 8] }] },
  { ...ms, name: 'QGemm with transB and a quantized Y', op: 'QGemm', inputs: [['a', U8, ['m', 61]], ['as', F, []], ['az', U8, []], ['b', DataType.INT8, [32, 61]], ['bs', F, []], ['bz', DataType.INT8, []], ['c', I32, [32]], ['ys', F, []], ['yz', U8, []]], attrs: [attr.int('transB', 1)], ort: { bindings: { m: 4 } }, want: [{ dtype: U8, static: ['m', 32] }] },
  { ...ms, name: 'QGemm with a float Y', op: 'QGemm', inputs: [['a', U8, [4, 61]], ['as', F, []], ['az', U8, []], ['b', DataType.INT8, [61, 32]], ['bs', F, []], ['bz', DataType.INT8, []]], want: [{ dtype: F, static: [4, 32] }] },
  { ...ms, name: 'QLinearWhere broadcasts condition, X and Y', op: 'QLinearWhere', inputs: [['c', DataType.BOOL, ['n', 8, 1]], ['x', U8, [1, 8, 16]], ['xs', F, []], ['xz', U8, []], ['y', U8, [16]], ['ys', F, []], ['yz', U8, []], ['zs', F, []], ['zz', U8, []]], ort: { bindings: { n: 2 } }, want: [{ dtype: U8, static: ['n', 8, 16] }] },
  { ...ms, name: 'GatherBlockQuantized unpacks 4-bit values from uint8', op: 'GatherBlockQuantized', order: ['data', 'ids', 'sc', 'zp'], inputs: [['ids', DataType.INT64, ['b', 's']]], inits: [tensor('data', U8, [100, 32]), tensor('sc', H, [100, 2]), tensor('zp', U8, [100, 1])], attrs: [attr.int('bits', 4), attr.int('block_size', 32)], ort: { bindings: { b: 2, s: 3 } }, want: [{ dtype: H, static: ['b', 's', 64] }] },
  { ...ms, name: 'QEmbedLayerNormalization gives a float output and the mask index', op: 'QEmbedLayerNormalization', order: ['ids', 'seg', 'we', 'pe', 'se', 'g', 'b', '', 'ws', 'ps', 'ss', 'gs', 'bs', 'wz', 'pz', 'sz', 'gz', 'bz'], inputs: [['ids', I32, ['b', 's']], ['seg', I32, ['b', 's']]], inits: [tensor('we', U8, [50, 32]), tensor('pe', U8, [16, 32]), tensor('se', U8, [2, 32]), tensor('g', U8, [32]), tensor('b', U8, [32]), ...['ws', 'ps', 'ss', 'gs', 'bs'].map((n) => tensor(n, F, [], { values: [0.01] })), ...['wz', 'pz', 'sz', 'gz', 'bz'].map((n) => tensor(n, U8, [], { raw: new Uint8Array([128]) }))], want: [{ dtype: F, static: ['b', 's', 32] }, { dtype: I32, static: ['b'] }] },
  // The com.microsoft forms ORT keeps for older models.
  { ...ms, name: 'Range (contrib) without delta', op: 'Range', inputs: [], inits: [tensor('start', F, [], { values: [2] }), tensor('limit', F, [], { values: [9] })], want: [{ dtype: F, static: [7], value: [2, 3, 4, 5, 6, 7, 8] }] },
  { ...ms, name: 'Pad (contrib) with pads as an input', op: 'Pad', inputs: [['x', F, ['n', 3, 8, 8]]], inits: [tensor('pads', DataType.INT64, [8], { values: [0, 0, 1, 2, 0, 0, 1, 2] })], attrs: [attr.string('mode', 'reflect')], ort: { bindings: { n: 1 } }, want: [{ static: ['n', 3, 10, 12] }] },
  { ...ms, name: 'GatherND (contrib)', op: 'GatherND', inputs: [['d', F, [4, 5, 6]], ['i', DataType.INT64, ['k', 2]]], ort: { bindings: { k: 3 } }, want: [{ static: ['k', 6] }] },
];

for (const c of quantized) test(`contrib rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('quantized contrib', quantized, 9);
