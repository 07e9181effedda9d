import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateWorkspace } from '../../../src/plan/workspace';
import { buildCase, envOf, gqaCase, matMulNBitsCase, qLinearConvCase, type NodeCase } from './workspaceCase';

const F = 1;
const F16 = 10;
const U8 = 2;
const S8 = 3;
const I32 = 6;
const I64 = 7;
const BOOL = 9;

interface Row {
  name: string;
  spec: NodeCase;
  threads?: number;
  l2?: number;
  opset?: number;
  bytes: number;
  state?: 'zero' | 'formula';
}

/** Figures from ort-cpu-scratch.md (E rows) and from ORT 1.30 runs on this machine. */
const ROWS: Row[] = [
  // Conv (§2): the Tseg rule picks 1 thread at DoP 1 and 2 at DoP 2 for this size.
  { name: 'Conv 3x3 X[1,8,16,16] W[16,8,3,3] pads 1 at 1 thread', threads: 1, bytes: 65536, spec: { op: 'Conv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[F, [1, 8, 16, 16]], [F, [16, 8, 3, 3]]], outputs: [[F, [1, 16, 16, 16]]], constant: [1] } },
  { name: 'Conv 3x3 X[1,8,16,16] W[16,8,3,3] pads 1 at 2 threads', threads: 2, bytes: 131072, spec: { op: 'Conv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[F, [1, 8, 16, 16]], [F, [16, 8, 3, 3]]], outputs: [[F, [1, 16, 16, 16]]], constant: [1] } },
  { name: 'Conv pointwise takes no scratch', bytes: 0, state: 'zero', spec: { op: 'Conv', inputs: [[F, [1, 8, 16, 16]], [F, [16, 8, 1, 1]]], outputs: [[F, [1, 16, 16, 16]]] } },
  { name: 'Conv with C/g=1 and a full-width kernel takes no scratch', bytes: 0, state: 'zero', spec: { op: 'Conv', inputs: [[F, [1, 1, 16, 16]], [F, [4, 1, 3, 16]]], outputs: [[F, [1, 4, 14, 1]]] } },
  { name: 'Conv with M/g > OS expands fully (OS·K·4)', bytes: 4 * 72 * 4, spec: { op: 'Conv', inputs: [[F, [1, 8, 4, 4]], [F, [32, 8, 3, 3]]], outputs: [[F, [1, 32, 2, 2]]] } },
  { name: 'Conv with N·g > 1 takes min(DoP, N·g)·64 KiB (1.30)', threads: 2, bytes: 131072, spec: { op: 'Conv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[F, [2, 8, 16, 16]], [F, [16, 8, 3, 3]]], outputs: [[F, [2, 16, 16, 16]]] } },
  { name: 'Conv depthwise at 1 thread takes one 64 KiB buffer', threads: 1, bytes: 65536, spec: { op: 'Conv', attrs: { group: 8, pads: [1, 1, 1, 1] }, inputs: [[F, [1, 8, 16, 16]], [F, [8, 1, 3, 3]]], outputs: [[F, [1, 8, 16, 16]]] } },
  { name: 'Conv with kernel rank 4 uses its own im2col', bytes: 2 * 16 * 81 * 4, spec: { op: 'Conv', inputs: [[F, [1, 2, 4, 4, 4, 4]], [F, [3, 2, 2, 2, 2, 2]]], outputs: [[F, [1, 3, 3, 3, 3, 3]]] } },
  { name: 'ConvTranspose takes (M/g)·prod(k)·prod(X spatial) floats', bytes: 8 * 9 * 25 * 4, spec: { op: 'ConvTranspose', inputs: [[F, [1, 4, 5, 5]], [F, [4, 8, 3, 3]]], outputs: [[F, [1, 8, 7, 7]]] } },
  // RNN family (§2.1).
  { name: 'LSTM forward S5 B2 I8 H16 with bias, Y only', bytes: 3592, spec: { op: 'LSTM', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [F, [1, 64, 8]], [F, [1, 64, 16]], [F, [1, 128]]], outputs: [[F, [5, 1, 2, 16]], null, null] } },
  { name: 'LSTM bidirectional S7 B3 I10 H20 with bias, Y only', bytes: 19344, spec: { op: 'LSTM', attrs: { hidden_size: 20, direction: 'bidirectional' }, inputs: [[F, [7, 3, 10]], [F, [2, 80, 10]], [F, [2, 80, 20]], [F, [2, 160]]], outputs: [[F, [7, 2, 3, 20]], null, null] } },
  { name: 'LSTM reverse S7 B3 I10 H20 with bias, Y only', bytes: 10932, spec: { op: 'LSTM', attrs: { hidden_size: 20, direction: 'reverse' }, inputs: [[F, [7, 3, 10]], [F, [1, 80, 10]], [F, [1, 80, 20]], [F, [1, 160]]], outputs: [[F, [7, 1, 3, 20]], null, null] } },
  { name: 'LSTM forward S64 B4 I128 H256 with bias and all outputs', bytes: 1067024, spec: { op: 'LSTM', attrs: { hidden_size: 256 }, inputs: [[F, [64, 4, 128]], [F, [1, 1024, 128]], [F, [1, 1024, 256]], [F, [1, 2048]]], outputs: [[F, [64, 1, 4, 256]], [F, [1, 4, 256]], [F, [1, 4, 256]]] } },
  { name: 'GRU forward S5 B2 I8 H16 with bias, Y only', bytes: 2696, spec: { op: 'GRU', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [F, [1, 48, 8]], [F, [1, 48, 16]], [F, [1, 96]]], outputs: [[F, [5, 1, 2, 16]], null] } },
  { name: 'GRU bidirectional S6 B3 I10 H20 with bias, Y only', bytes: 13704, spec: { op: 'GRU', attrs: { hidden_size: 20, direction: 'bidirectional' }, inputs: [[F, [6, 3, 10]], [F, [2, 60, 10]], [F, [2, 60, 20]], [F, [2, 120]]], outputs: [[F, [6, 2, 3, 20]], null] } },
  { name: 'RNN bidirectional S5 B2 H16 without Y', bytes: 1920, spec: { op: 'RNN', attrs: { hidden_size: 16, direction: 'bidirectional' }, inputs: [[F, [5, 2, 8]], [F, [2, 16, 8]], [F, [2, 16, 16]]], outputs: [null, [F, [2, 2, 16]]] } },
  // Attention family (§2.2).
  { name: 'Attention B2 S8 D32 N4 adds 64·B·N to the source buffers', bytes: 10752, spec: { op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [32, 96]], [F, [96]]], outputs: [[F, [2, 8, 32]]] } },
  { name: 'MultiHeadAttention B2 S8 L8 D32 N4 flash path at 1 thread', threads: 1, bytes: 6720, spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [2, 8, 32]], [F, [2, 8, 32]]], outputs: [[F, [2, 8, 32]]] } },
  { name: 'MultiHeadAttention B2 S8 L8 D32 N4 flash path at 2 threads', threads: 2, bytes: 7296, spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [2, 8, 32]], [F, [2, 8, 32]]], outputs: [[F, [2, 8, 32]]] } },
  { name: 'MultiHeadAttention B1 S256 L256 D64 N2 flash path', threads: 1, bytes: 270848, spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 2 }, inputs: [[F, [1, 256, 64]], [F, [1, 256, 64]], [F, [1, 256, 64]]], outputs: [[F, [1, 256, 64]]] } },
  { name: 'MultiHeadAttention with bias and key-padding mask, S8', bytes: 17344, spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [2, 8, 32]], [F, [2, 8, 32]], [F, [96]], [I32, [2, 8]]], outputs: [[F, [2, 8, 32]]] } },
  { name: 'MultiHeadAttention with bias and key-padding mask, S1', bytes: 9920, spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 1, 32]], [F, [2, 8, 32]], [F, [2, 8, 32]], [F, [96]], [I32, [2, 8]]], outputs: [[F, [2, 1, 32]]] } },
  { name: 'MultiHeadAttention unidirectional leaves the flash path', bytes: 11264, spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4, unidirectional: 1 }, inputs: [[F, [2, 8, 32]], [F, [2, 8, 32]], [F, [2, 8, 32]]], outputs: [[F, [2, 8, 32]]] } },
  { name: 'Attention with a 3-D mask takes a B·S·T mask', bytes: 10752 + 512, spec: { op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [32, 96]], [F, [96]], [I32, [2, 8, 8]]], outputs: [[F, [2, 8, 32]]] } },
  { name: 'Attention with a 1-D mask takes a B·T mask', bytes: 10752 + 64, spec: { op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [32, 96]], [F, [96]], [I32, [2]]], outputs: [[F, [2, 8, 32]]] } },
  { name: 'MultiHeadAttention with attention_bias takes the unfused path with no extra term', bytes: 10752, spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [2, 8, 32]], [F, [2, 8, 32]], null, null, [F, [1, 4, 8, 8]]], outputs: [[F, [2, 8, 32]]] } },
  { name: 'MultiHeadAttention with past sizes probs by T = past + L', bytes: 1856, spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 1, 32]], [F, [2, 1, 32]], [F, [2, 1, 32]], null, [I32, [2, 8]], null, [F, [2, 4, 7, 8]], [F, [2, 4, 7, 8]]], outputs: [[F, [2, 1, 32]], [F, [2, 4, 8, 8]], [F, [2, 4, 8, 8]]] } },
  { name: 'GroupQueryAttention prompt B1 S8 N4 Nkv2 H16 at 1 thread', threads: 1, bytes: 4928, spec: gqaCase(1, 8, 4, 2, 16, 0) },
  { name: 'GroupQueryAttention prompt B1 S64 N4 Nkv2 H64 at 1 thread', threads: 1, bytes: 164352, spec: gqaCase(1, 64, 4, 2, 64, 0) },
  { name: 'GroupQueryAttention prompt B1 S64 N4 Nkv2 H64 at 2 threads', threads: 2, bytes: 197632, spec: gqaCase(1, 64, 4, 2, 64, 0) },
  { name: 'GroupQueryAttention prompt B2 S16 N8 Nkv4 H32 at 2 threads', threads: 2, bytes: 71936, spec: gqaCase(2, 16, 8, 4, 32, 0) },
  // Quantized (§2.3).
  { name: 'MatMulNBits 4-bit accuracy 0 packs for fp32 compute and takes no scratch', bytes: 0, state: 'zero', spec: matMulNBitsCase(4, 64, 32, 4, 0) },
  { name: 'MatMulNBits 4-bit accuracy 4 quantizes A (M4 K64)', bytes: 383, spec: matMulNBitsCase(4, 64, 32, 4, 4) },
  { name: 'MatMulNBits 4-bit accuracy 4 quantizes A (M8 K256)', bytes: 2623, spec: matMulNBitsCase(8, 256, 32, 4, 4) },
  { name: 'MatMulNBits 8-bit accuracy 0 dequantizes B (K·N·4)', bytes: 8192, spec: matMulNBitsCase(4, 64, 32, 8, 0) },
  { name: 'QLinearMatMul takes an int32 accumulator per output element', bytes: 4 * 16 * 4, spec: { op: 'QLinearMatMul', inputs: [[U8, [4, 8]], [F, []], [U8, []], [S8, [8, 16]], [F, []], [S8, []], [F, []], [U8, []]], outputs: [[U8, [4, 16]]] } },
  { name: 'DynamicQuantizeMatMul quantizes A to u8', bytes: 256, spec: { op: 'DynamicQuantizeMatMul', domain: 'com.microsoft', inputs: [[F, [4, 64]], [S8, [64, 32]], [F, [1]]], outputs: [[F, [4, 32]]] } },
  { name: 'QLinearConv u8 weights take accumulator, transposes and im2col', bytes: 40960, spec: qLinearConvCase(U8, { 2: [128], 5: [128] }) },
  { name: 'QLinearConv symmetric s8 weights take transposes and an indirection table', bytes: 24576, spec: qLinearConvCase(S8, { 2: [128], 5: [0] }) },
  { name: 'ConvInteger takes a u8 im2col', bytes: 8 * 9 * 196, spec: { op: 'ConvInteger', inputs: [[U8, [1, 8, 16, 16]], [U8, [16, 8, 3, 3]]], outputs: [[I32, [1, 16, 14, 14]]] } },
  // Other ops (§2).
  { name: 'LayerNormalization float takes no scratch', bytes: 0, state: 'zero', spec: { op: 'LayerNormalization', inputs: [[F, [4, 64]], [F, [64]], [F, [64]]], outputs: [[F, [4, 64]]] } },
  { name: 'LayerNormalization fp16 with constant scale and bias takes nothing per run', bytes: 0, spec: { op: 'LayerNormalization', inputs: [[F16, [4, 64]], [F16, [64]], [F16, [64]]], outputs: [[F16, [4, 64]]], constant: [1, 2] } },
  { name: 'LayerNormalization fp16 with fed scale and bias converts both', bytes: 512, spec: { op: 'LayerNormalization', inputs: [[F16, [4, 64]], [F16, [64]], [F16, [64]]], outputs: [[F16, [4, 64]]] } },
  { name: 'SkipLayerNormalization fp16 stages three fp32 copies of X', bytes: 3 * 256 * 4, spec: { op: 'SkipLayerNormalization', domain: 'com.microsoft', inputs: [[F16, [4, 64]], [F16, [4, 64]], [F16, [64]], [F16, [64]]], outputs: [[F16, [4, 64]]], constant: [2, 3] } },
  { name: 'Softmax on a non-last axis at opset 13 transposes in and out', opset: 13, bytes: 192, spec: { op: 'Softmax', attrs: { axis: 1 }, inputs: [[F, [2, 3, 4]]], outputs: [[F, [2, 3, 4]]] } },
  { name: 'Softmax on the last axis takes no scratch', opset: 13, bytes: 0, state: 'zero', spec: { op: 'Softmax', inputs: [[F, [2, 3, 4]]], outputs: [[F, [2, 3, 4]]] } },
  { name: 'Softmax before opset 13 takes no scratch', opset: 11, bytes: 0, state: 'zero', spec: { op: 'Softmax', attrs: { axis: 1 }, inputs: [[F, [2, 3, 4]]], outputs: [[F, [2, 3, 4]]] } },
  { name: 'Resize linear 2-D takes 16·(Ho+Wo)', bytes: 16 * 16, spec: { op: 'Resize', attrs: { mode: 'linear' }, inputs: [[F, [1, 1, 4, 4]], null, [F, [4]]], outputs: [[F, [1, 1, 8, 8]]] } },
  { name: 'Resize trilinear takes 24·(Do+Ho+Wo)', bytes: 24 * 12, spec: { op: 'Resize', attrs: { mode: 'linear' }, inputs: [[F, [1, 1, 2, 2, 2]], null, [F, [5]]], outputs: [[F, [1, 1, 4, 4, 4]]] } },
  { name: 'Resize nearest keeps its tables off the arena', bytes: 0, state: 'zero', spec: { op: 'Resize', inputs: [[F, [1, 1, 4, 4]], null, [F, [4]]], outputs: [[F, [1, 1, 8, 8]]] } },
  { name: 'Where takes two output-sized selection tensors', bytes: 2 * 24 * 4, spec: { op: 'Where', inputs: [[BOOL, [2, 3, 4]], [F, [2, 3, 4]], [F, [1]]], outputs: [[F, [2, 3, 4]]] } },
  { name: 'Where sizes each selection by broadcast(cond, that input)', bytes: (4 + 144) * 4, spec: { op: 'Where', inputs: [[BOOL, [4, 1]], [F, [1]], [F, [2, 3, 4, 6]]], outputs: [[F, [2, 3, 4, 6]]] } },
  { name: 'SkipLayerNormalization fp16 with the sum output takes a fourth copy', bytes: 4 * 256 * 4, spec: { op: 'SkipLayerNormalization', domain: 'com.microsoft', inputs: [[F16, [4, 64]], [F16, [4, 64]], [F16, [64]], [F16, [64]]], outputs: [[F16, [4, 64]], null, null, [F16, [4, 64]]], constant: [2, 3] } },
  { name: 'QLinearConv with a fed W reorders it per run', bytes: 40960 + 1152, spec: { ...qLinearConvCase(U8, { 2: [128], 5: [128] }), constant: [1, 2, 4, 5, 6, 7] } },
  { name: 'Sum of three inputs takes one broadcast intermediate', bytes: 24, spec: { op: 'Sum', inputs: [[F, [2, 3]], [F, [2, 3]], [F, [3]]], outputs: [[F, [2, 3]]] } },
  { name: 'Max of four inputs takes two broadcast intermediates', bytes: 48, spec: { op: 'Max', inputs: [[F, [2, 3]], [F, [2, 3]], [F, [3]], [F, [1]]], outputs: [[F, [2, 3]]] } },
  { name: 'Sum of two inputs takes no scratch', bytes: 0, state: 'zero', spec: { op: 'Sum', inputs: [[F, [2, 3]], [F, [2, 3]]], outputs: [[F, [2, 3]]] } },
  { name: 'LRN takes a squared copy and a channel-padded plane', bytes: 512 + 10 * 16 * 4, spec: { op: 'LRN', attrs: { size: 3 }, inputs: [[F, [1, 8, 4, 4]]], outputs: [[F, [1, 8, 4, 4]]] } },
  { name: 'BiasGelu takes one output-sized intermediate', bytes: 64, spec: { op: 'BiasGelu', domain: 'com.microsoft', inputs: [[F, [2, 8]], [F, [8]]], outputs: [[F, [2, 8]]] } },
  { name: 'Cast fp16 to fp32 takes no scratch in 1.30', bytes: 0, state: 'zero', spec: { op: 'Cast', attrs: { to: F }, inputs: [[F16, [4, 4]]], outputs: [[F, [4, 4]]] } },
  { name: 'Add with broadcast is known zero', bytes: 0, state: 'zero', spec: { op: 'Add', inputs: [[F, [4, 4]], [F, [4]]], outputs: [[F, [4, 4]]] } },
  { name: 'MatMul with dynamic B is known zero', bytes: 0, state: 'zero', spec: { op: 'MatMul', inputs: [[F, [4, 8]], [F, [8, 4]]], outputs: [[F, [4, 4]]] } },
  { name: 'QLinearConv u8 depthwise uses an indirection table, not an im2col', bytes: 43008, spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1], group: 16 }, inputs: [[U8, [1, 16, 16, 16]], [F, []], [U8, []], [U8, [16, 1, 3, 3]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 2: [128], 5: [128] } } },
  { name: 'MeanVarianceNormalization across N, H, W transposes in and out', bytes: 16384, spec: { op: 'MeanVarianceNormalization', inputs: [[F, [1, 8, 16, 16]]], outputs: [[F, [1, 8, 16, 16]]] } },
  { name: 'MeanVarianceNormalization over trailing axes takes no scratch', bytes: 0, state: 'zero', spec: { op: 'MeanVarianceNormalization', attrs: { axes: [2, 3] }, inputs: [[F, [2, 3, 4, 5]]], outputs: [[F, [2, 3, 4, 5]]] } },
  { name: 'FastGelu with a bias takes a biased copy', bytes: 1024, spec: { op: 'FastGelu', domain: 'com.microsoft', inputs: [[F, [2, 4, 32]], [F, [32]]], outputs: [[F, [2, 4, 32]]] } },
  { name: 'FastGelu without a bias takes no scratch', bytes: 0, state: 'zero', spec: { op: 'FastGelu', domain: 'com.microsoft', inputs: [[F, [2, 4, 32]]], outputs: [[F, [2, 4, 32]]] } },
  { name: 'RMSNormalization fp16 with a fed scale converts it', bytes: 256, spec: { op: 'RMSNormalization', inputs: [[F16, [4, 64]], [F16, [64]]], outputs: [[F16, [4, 64]]] } },
  { name: 'Resize linear NHWC takes 16·(Ho+Wo)', bytes: 256, spec: { op: 'Resize', attrs: { mode: 'linear' }, inputs: [[F, [1, 4, 4, 3]], null, [F, [4]]], outputs: [[F, [1, 8, 8, 3]]] } },
  { name: 'Resize linear antialias (2x down) takes windowed weights and a plane', bytes: 416, spec: { op: 'Resize', attrs: { mode: 'linear', antialias: 1 }, inputs: [[F, [1, 2, 8, 8]], null, [F, [4]]], outputs: [[F, [1, 2, 4, 4]]] } },
  { name: 'DFT of a non-power-of-two length takes (3 + 2·signals) complex buffers of nextPow2(2n-1)', opset: 20, bytes: (3 + 2 * 12) * 32 * 8, spec: { op: 'DFT', inputs: [[F, [3, 10, 4, 1]], null, [I64, []]], outputs: [[F, [3, 10, 4, 2]]], constant: [2], values: { 2: [1] } } },
  { name: 'DFT of a power-of-two length takes nothing from the arena', opset: 20, bytes: 0, state: 'zero', spec: { op: 'DFT', inputs: [[F, [1, 16, 1]]], outputs: [[F, [1, 16, 2]]] } },
  { name: 'ConstantOfShape is known zero', bytes: 0, state: 'zero', spec: { op: 'ConstantOfShape', inputs: [[I64, [3]]], outputs: [[F, [2, 3, 4]]] } },
  { name: 'Reshape is known zero', bytes: 0, state: 'zero', spec: { op: 'Reshape', inputs: [[F, [4, 4]], [I64, [1]]], outputs: [[F, [16]]] } },
];




for (const row of ROWS) {
  test(`estimateWorkspace(): ${row.name} -> ${row.bytes} B`, () => {
    const { node, io } = buildCase(row.spec);
    const env = envOf(row.threads ?? 2, { opset: row.opset, l2CacheBytes: row.l2 ?? 1024 * 1024 });
    const r = estimateWorkspace(node, io, env);
    assert.equal(r.bytes, row.bytes, r.reason ?? '');
    assert.equal(r.state, row.state ?? 'formula');
    assert.notEqual(r.source, '');
  });
}

test('estimateWorkspace(): GroupQueryAttention decode is copies plus DoP·(T+H)·4 at the declared max length', () => {
  const { node, io } = buildCase(gqaCase(1, 1, 4, 2, 16, 15));
  const r = estimateWorkspace(node, io, envOf(1, { maxTotalSequenceLength: 16 }));
  assert.equal(r.bytes, 640);
  assert.match(r.reason ?? '', /declared maximum total sequence length 16/);
  assert.equal(estimateWorkspace(node, io, envOf(2, { maxTotalSequenceLength: 20 })).bytes, 800);
});

test('estimateWorkspace(): GroupQueryAttention scratch is monotonic in the declared max total sequence length', () => {
  for (const S of [1, 8]) {
    const { node, io } = buildCase(gqaCase(1, S, 4, 2, 16, 32));
    let last = -1;
    for (const total of [8, 16, 33, 64, 512, 4096, 65536]) {
      const bytes = estimateWorkspace(node, io, envOf(2, { maxTotalSequenceLength: total })).bytes;
      assert.ok(bytes !== null && bytes >= last, `S=${S} total=${total}: ${bytes} < ${last}`);
      last = bytes;
    }
  }
});

test('estimateWorkspace(): GroupQueryAttention without an envelope is bounded by the present buffer length', () => {
  const { node, io } = buildCase(gqaCase(1, 1, 4, 2, 16, 63));
  const r = estimateWorkspace(node, io, envOf(1));
  assert.equal(r.bytes, 512 + (64 + 16) * 4);
  assert.match(r.reason ?? '', /present key buffer length 64/);
});

test('estimateWorkspace(): GroupQueryAttention with rotary is unavailable (not probed in 1.30)', () => {
  const spec = gqaCase(1, 8, 4, 2, 16, 0);
  spec.attrs = { ...spec.attrs, do_rotary: 1 };
  const { node, io } = buildCase(spec);
  const r = estimateWorkspace(node, io, envOf(2));
  assert.deepEqual([r.state, r.bytes, r.reason], ['unavailable', null, 'com.microsoft::GroupQueryAttention with rotary was not probed in 1.30']);
});

test('estimateWorkspace(): MultiHeadAttention flash block sizes follow the per-core L2', () => {
  const spec: NodeCase = { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 1 }, inputs: [[F, [1, 8, 128]], [F, [1, 1024, 128]], [F, [1, 1024, 128]]], outputs: [[F, [1, 8, 128]]] };
  const { node, io } = buildCase(spec);
  const copies = (8 * 128 + 1024 * 256) * 4;
  assert.equal(estimateWorkspace(node, io, envOf(1)).bytes, copies + 12352);
  assert.ok((estimateWorkspace(node, io, envOf(1, { l2CacheBytes: 2 * 1024 * 1024 })).bytes ?? 0) > copies + 12352);
});

test("estimateWorkspace(): Einsum sums its fixed path's intermediates; a form ORT rejects is unavailable with the reason", () => {
  const { node, io } = buildCase({ op: 'Einsum', attrs: { equation: 'ij->ji' }, inputs: [[F, [8, 16]]], outputs: [[F, [16, 8]]] });
  const r = estimateWorkspace(node, io, envOf(2));
  assert.deepEqual([r.state, r.bytes], ['formula', 512]);
  const bad = buildCase({ op: 'Einsum', attrs: { equation: '...ij,...jk->...ik' }, inputs: [[F, [2, 3, 8, 16]], [F, [3, 16, 4]]], outputs: [[F, [2, 3, 8, 4]]] });
  const u = estimateWorkspace(bad.node, bad.io, envOf(2));
  assert.deepEqual([u.state, u.bytes, u.reason], ['unavailable', null, 'Einsum: the ellipses stand for different numbers of dims (ORT rejects this)']);
});

test('estimateWorkspace(): an unknown op is unavailable and named with its domain', () => {
  const { node, io } = buildCase({ op: 'Foo', domain: 'com.x', inputs: [[F, [1]]], outputs: [[F, [1]]] });
  assert.deepEqual(estimateWorkspace(node, io, envOf(2)), { state: 'unavailable', bytes: null, reason: 'no workspace formula for com.x::Foo', source: '' });
});

test('estimateWorkspace(): an unknown dim makes a formula unavailable with the dim named', () => {
  const { node, io } = buildCase({ op: 'Where', inputs: [[BOOL, [2, null]], [F, [2, null]], [F, [1]]], outputs: [[F, [2, null]]] });
  const r = estimateWorkspace(node, io, envOf(2));
  assert.deepEqual([r.state, r.bytes, r.reason], ['unavailable', null, "Where input 'in0' has an unknown dim 1"]);
});

test('estimateWorkspace(): a known-zero op stays zero even with unknown dims', () => {
  const { node, io } = buildCase({ op: 'Relu', inputs: [[F, [null, 4]]], outputs: [[F, [null, 4]]] });
  assert.equal(estimateWorkspace(node, io, envOf(2)).bytes, 0);
});

test('estimateWorkspace(): Softmax on an explicit non-last axis with no opset is unavailable', () => {
  const { node, io } = buildCase({ op: 'Softmax', attrs: { axis: 1 }, inputs: [[F, [2, 3, 4]]], outputs: [[F, [2, 3, 4]]] });
  const r = estimateWorkspace(node, io, envOf(2));
  assert.equal(r.state, 'unavailable');
  assert.equal(r.reason, 'Softmax scratch on axis 1 depends on the opset, which is not known');
});

test('estimateWorkspace(): QLinearConv with s8 weights and unknown zero points is unavailable', () => {
  const spec = qLinearConvCase(S8, { 2: [128], 5: [0] });
  delete spec.values;
  const { node, io } = buildCase(spec);
  assert.equal(estimateWorkspace(node, io, envOf(2)).state, 'unavailable');
});

test('estimateWorkspace(): sequence ops take no scratch: the tensors they copy or cut into a sequence outlive the step, as its element rows', () => {
  for (const op of ['SequenceConstruct', 'SequenceInsert', 'SplitToSequence']) {
    const { node, io } = buildCase({ op, inputs: [[F, [2]], [F, [2]]], outputs: [[F, [2]]] });
    const r = estimateWorkspace(node, io, envOf(2));
    assert.deepEqual([r.state, r.bytes], ['zero', 0], op);
  }
});

test('estimateWorkspace(): ONNX Attention (opset 23) sizes probs by B·Nq·S·T and adds a causal S·T block', () => {
  const spec: NodeCase = { op: 'Attention', attrs: { is_causal: 1 }, inputs: [[F, [2, 4, 8, 16]], [F, [2, 4, 8, 16]], [F, [2, 4, 8, 16]]], outputs: [[F, [2, 4, 8, 16]]] };
  const { node, io } = buildCase(spec);
  assert.equal(estimateWorkspace(node, io, envOf(2)).bytes, (2 * 4 * 8 * 8 + 8 * 8) * 4);
});

test('estimateWorkspace(): control-flow ops are unavailable with their reason', () => {
  const cases: [NodeCase, string][] = [
    [{ op: 'Loop', inputs: [[I64, []], [BOOL, []]], outputs: [[F, [1]]] }, 'control-flow kernel allocations are not modelled; body steps are estimated on their own'],
  ];
  for (const [spec, reason] of cases) {
    const { node, io } = buildCase(spec);
    const r = estimateWorkspace(node, io, envOf(2));
    assert.deepEqual([r.state, r.bytes, r.reason], ['unavailable', null, reason]);
    assert.notEqual(r.source, '');
  }
});

test('estimateWorkspace(): fp16 GroupQueryAttention stages each head in fp32 and sizes probs by the present buffer', () => {
  const spec = gqaCase(1, 1, 4, 2, 16, 64);
  spec.inputs = spec.inputs.map((d, i) => (d && i < 5 ? [F16, d[1]] : d));
  spec.outputs = [[F16, [1, 1, 64]], [F16, [1, 2, 64, 16]], [F16, [1, 2, 64, 16]]];
  const { node, io } = buildCase(spec);
  // copies (64 + 64)·2 + probs 4·64·4 + staging 2·4·16·(1 + 20)·4
  assert.equal(estimateWorkspace(node, io, envOf(2, { maxTotalSequenceLength: 20 })).bytes, 256 + 1024 + 10752);
});

test('estimateWorkspace(): shapes outside a formula\'s ranks are unavailable, never NaN', () => {
  const { node, io } = buildCase({ op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [8, 32]], [F, [32, 96]], [F, [96]]], outputs: [[F, [8, 32]]] });
  const r = estimateWorkspace(node, io, envOf(2));
  assert.deepEqual([r.state, r.bytes, r.reason], ['unavailable', null, "com.microsoft::Attention input 'in0' has rank 2, outside the modelled ranks 3"]);
});

test('estimateWorkspace(): a fractional size from inconsistent shapes is unavailable, never a fraction', () => {
  // C = 3 is not a multiple of group = 2, so (C/g)·k·OS = 1.5·1·9 is not a byte count.
  const { node, io } = buildCase({ op: 'ConvInteger', attrs: { group: 2, strides: [2, 2] }, inputs: [[U8, [1, 3, 5, 5]], [U8, [2, 1, 1, 1]]], outputs: [[I32, [1, 2, 3, 3]]] });
  const r = estimateWorkspace(node, io, envOf(2));
  assert.deepEqual([r.state, r.bytes, r.reason], ['unavailable', null, 'ConvInteger shapes are outside what its workspace formula models']);
});
