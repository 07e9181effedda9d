/**
 * ORT check: single-node models run in onnxruntime-node 1.30 (2 intra-op threads, optimizations
 * disabled, memory pattern off) with node memory stats on; the CSV's total_temp_allocations must
 * equal estimateWorkspace() for the same node. The L2 size is read from this machine, as ORT does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateWorkspace } from '../../../src/plan/workspace';
import { loadOrt, measureScratch } from './ortScratchRunner';
import { machineL2Bytes, probeModel, type OrtCase } from './probeModel';
import { buildModel, node, tensorValue } from '../../support/onnxBuilder';
import { buildCase, envOf, gqaCase, matMulNBitsCase, qLinearConvCase, type NodeCase } from './workspaceCase';

const F = 1;
const F16 = 10;
const U8 = 2;
const S8 = 3;
const I32 = 6;
const I64 = 7;
const BOOL = 9;
const THREADS = 2;


function gqa16(B: number, S: number, N: number, Nkv: number, H: number, past: number, present: number): NodeCase {
  const spec = gqaCase(B, S, N, Nkv, H, past);
  spec.inputs = spec.inputs.map((d, i) => (d && i < 5 ? [F16, d[1]] : d));
  spec.outputs = [[F16, [B, S, N * H]], [F16, [B, Nkv, present, H]], [F16, [B, Nkv, present, H]]];
  return spec;
}



/** One DecoderMaskedMultiHeadAttention step: 3-D Q, K, V of one token, a shared past/present buffer of `max` steps, past_sequence_length `past` (fed, and known to the estimate as `--value` makes it). */
function dmmhaCase(B: number, N: number, H: number, max: number, past: number): NodeCase {
  return {
    known: { 7: [past] },
    op: 'DecoderMaskedMultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: N, past_present_share_buffer: 1 },
    inputs: [[F, [B, 1, N * H]], [F, [B, 1, N * H]], [F, [B, 1, N * H]], null, null, [F, [B, N, max, H]], [F, [B, N, max, H]], [I32, [1]]],
    outputs: [[F, [B, 1, N * H]], [F, [B, N, max, H]], [F, [B, N, max, H]]],
  };
}

/**
 * A SparseAttention probe (ORT GenAI's form: present key and value written into the past buffers,
 * bound by the caller): a dense causal block layout, total_sequence_length `total` for every batch
 * entry (fed, and known to the estimate as `--value` makes it).
 */
function sparseAttentionCase(o: { B: number; S: number; N: number; Nkv: number; H: number; max: number; block: number; layouts: number; total: number; packed?: boolean; rotary?: boolean; fp16?: boolean; threads?: number }): OrtCase {
  const T = o.fp16 ? F16 : F;
  const blocks = o.max / o.block;
  const rows = [0];
  const cols: number[] = [];
  for (let r = 0; r < blocks; r++) {
    for (let k = 0; k <= r; k++) cols.push(k);
    rows.push(cols.length);
  }
  const qHidden = (o.packed ? o.N + 2 * o.Nkv : o.N) * o.H;
  const kv: [number, number[]] = [T, [o.B, o.S, o.Nkv * o.H]];
  const cache: [number, number[]] = [T, [o.B, o.Nkv, o.max, o.H]];
  const inputs: NodeCase['inputs'] = [[T, [o.B, o.S, qHidden]], o.packed ? null : kv, o.packed ? null : kv, cache, cache, [I32, [o.layouts, blocks + 1]], [I32, [o.layouts, cols.length]], [I32, [1]], [I32, [o.B]]];
  if (o.rotary) inputs.push([T, [o.max, o.H / 2]], [T, [o.max, o.H / 2]]);
  const layout = (xs: number[]): number[] => Array.from({ length: o.layouts }, () => xs).flat();
  return {
    name: `SparseAttention ${o.fp16 ? 'fp16' : 'fp32'} B${o.B} S${o.S} N${o.N}/${o.Nkv} H${o.H} max ${o.max} T ${o.total}${o.packed ? ' packed' : ''}${o.rotary ? ' rotary' : ''} layouts ${o.layouts}${o.threads ? ` ${o.threads} threads` : ''}`,
    feeds: { 5: layout(rows), 6: layout(cols), 7: [o.total], 8: Array<number>(o.B).fill(o.total) },
    boundOutputs: { out1: 'in3', out2: 'in4' },
    ...(o.threads ? { threads: o.threads } : {}),
    spec: {
      known: { 7: [o.total] },
      op: 'SparseAttention', domain: 'com.microsoft', attrs: { num_heads: o.N, kv_num_heads: o.Nkv, sparse_block_size: o.block, ...(o.rotary ? { do_rotary: 1 } : {}) },
      inputs,
      outputs: [[T, [o.B, o.S, o.N * o.H]], cache, cache],
    },
  };
}

/** An Einsum probe (opset 12, the kernel's first version): the equation, input shapes, output shape. */
function einsum(equation: string, inputs: number[][], output: number[], dtype = F): OrtCase {
  return { name: `Einsum ${equation} ${inputs.map((d) => `[${d.join(',')}]`).join('×')}${dtype === F ? '' : ` dtype ${dtype}`}`, opset: 12, spec: { op: 'Einsum', attrs: { equation }, inputs: inputs.map((d) => [dtype, d]), outputs: [[dtype, output]] } };
}

const CASES: OrtCase[] = [
  { name: 'Conv 3x3 segmented', spec: { op: 'Conv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[F, [1, 8, 16, 16]], [F, [16, 8, 3, 3]]], outputs: [[F, [1, 16, 16, 16]]], constant: [1] } },
  { name: 'Conv pointwise', spec: { op: 'Conv', inputs: [[F, [1, 8, 16, 16]], [F, [16, 8, 1, 1]]], outputs: [[F, [1, 16, 16, 16]]], constant: [1] } },
  { name: 'Conv full-width kernel with C/g=1', spec: { op: 'Conv', inputs: [[F, [1, 1, 16, 16]], [F, [4, 1, 3, 16]]], outputs: [[F, [1, 4, 14, 1]]], constant: [1] } },
  { name: 'Conv M/g > OS', spec: { op: 'Conv', inputs: [[F, [1, 8, 4, 4]], [F, [32, 8, 3, 3]]], outputs: [[F, [1, 32, 2, 2]]], constant: [1] } },
  { name: 'Conv batch 2', spec: { op: 'Conv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[F, [2, 8, 16, 16]], [F, [16, 8, 3, 3]]], outputs: [[F, [2, 16, 16, 16]]], constant: [1] } },
  { name: 'Conv depthwise', spec: { op: 'Conv', attrs: { group: 8, pads: [1, 1, 1, 1] }, inputs: [[F, [1, 8, 16, 16]], [F, [8, 1, 3, 3]]], outputs: [[F, [1, 8, 16, 16]]], constant: [1] } },
  { name: 'Conv kernel rank 4', spec: { op: 'Conv', inputs: [[F, [1, 2, 4, 4, 4, 4]], [F, [3, 2, 2, 2, 2, 2]]], outputs: [[F, [1, 3, 3, 3, 3, 3]]], constant: [1] } },
  { name: 'ConvTranspose', spec: { op: 'ConvTranspose', inputs: [[F, [1, 4, 5, 5]], [F, [4, 8, 3, 3]]], outputs: [[F, [1, 8, 7, 7]]], constant: [1] } },
  { name: 'LSTM forward, Y only', spec: { op: 'LSTM', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [F, [1, 64, 8]], [F, [1, 64, 16]], [F, [1, 128]]], outputs: [[F, [5, 1, 2, 16]], null, null], constant: [1, 2, 3] } },
  { name: 'LSTM bidirectional, Y only', spec: { op: 'LSTM', attrs: { hidden_size: 20, direction: 'bidirectional' }, inputs: [[F, [7, 3, 10]], [F, [2, 80, 10]], [F, [2, 80, 20]], [F, [2, 160]]], outputs: [[F, [7, 2, 3, 20]], null, null], constant: [1, 2, 3] } },
  { name: 'GRU bidirectional, Y only', spec: { op: 'GRU', attrs: { hidden_size: 20, direction: 'bidirectional' }, inputs: [[F, [6, 3, 10]], [F, [2, 60, 10]], [F, [2, 60, 20]], [F, [2, 120]]], outputs: [[F, [6, 2, 3, 20]], null], constant: [1, 2, 3] } },
  { name: 'GRU linear_before_reset', spec: { op: 'GRU', attrs: { hidden_size: 16, linear_before_reset: 1 }, inputs: [[F, [5, 2, 8]], [F, [1, 48, 8]], [F, [1, 48, 16]], [F, [1, 96]]], outputs: [[F, [5, 1, 2, 16]], [F, [1, 2, 16]]], constant: [1, 2, 3] } },
  { name: 'RNN bidirectional without Y', spec: { op: 'RNN', attrs: { hidden_size: 16, direction: 'bidirectional' }, inputs: [[F, [5, 2, 8]], [F, [2, 16, 8]], [F, [2, 16, 16]]], outputs: [null, [F, [2, 2, 16]]], constant: [1, 2] } },
  { name: 'RNN forward with Y and Y_h, bias', spec: { op: 'RNN', attrs: { hidden_size: 24 }, inputs: [[F, [6, 3, 10]], [F, [1, 24, 10]], [F, [1, 24, 24]], [F, [1, 48]]], outputs: [[F, [6, 1, 3, 24]], [F, [1, 3, 24]]], constant: [1, 2, 3] } },
  { name: 'RNN reverse without Y', spec: { op: 'RNN', attrs: { hidden_size: 8, direction: 'reverse' }, inputs: [[F, [9, 2, 5]], [F, [1, 8, 5]], [F, [1, 8, 8]]], outputs: [null, [F, [1, 2, 8]]], constant: [1, 2] } },
  { name: 'Attention (contrib)', spec: { op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [32, 96]], [F, [96]]], outputs: [[F, [2, 8, 32]]], constant: [1, 2] } },
  { name: 'Attention (contrib) with a 2-D mask', feeds: { 3: new Array(16).fill(1) }, spec: { op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [32, 96]], [F, [96]], [I32, [2, 8]]], outputs: [[F, [2, 8, 32]]], constant: [1, 2] } },
  { name: 'MultiHeadAttention flash, S8 L1024 H128', spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 1 }, inputs: [[F, [1, 8, 128]], [F, [1, 1024, 128]], [F, [1, 1024, 128]]], outputs: [[F, [1, 8, 128]]] } },
  { name: 'MultiHeadAttention bias and key-padding mask', feeds: { 4: new Array(16).fill(1) }, spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [2, 8, 32]], [F, [2, 8, 32]], [F, [96]], [I32, [2, 8]]], outputs: [[F, [2, 8, 32]]] } },
  { name: 'GroupQueryAttention prompt', feeds: { 5: [15, 15], 6: [16] }, spec: gqaCase(2, 16, 8, 4, 32, 0) },
  { name: 'GroupQueryAttention decode at the declared max length', feeds: { 5: [19], 6: [20] }, maxTotalSequenceLength: 20, spec: gqaCase(1, 1, 4, 2, 16, 64) },
  { name: 'Attention (opset 23) causal', opset: 23, spec: { op: 'Attention', attrs: { is_causal: 1 }, inputs: [[F, [2, 4, 8, 16]], [F, [2, 4, 8, 16]], [F, [2, 4, 8, 16]]], outputs: [[F, [2, 4, 8, 16]]] } },
  { name: 'Attention (opset 23) bool mask', opset: 23, feeds: { 3: new Array(64).fill(1) }, spec: { op: 'Attention', inputs: [[F, [2, 4, 8, 16]], [F, [2, 4, 8, 16]], [F, [2, 4, 8, 16]], [BOOL, [8, 8]]], outputs: [[F, [2, 4, 8, 16]]] } },
  { name: 'LayerNormalization fp16, fed scale and bias', spec: { op: 'LayerNormalization', inputs: [[F16, [4, 64]], [F16, [64]], [F16, [64]]], outputs: [[F16, [4, 64]]] } },
  { name: 'SkipLayerNormalization fp16', spec: { op: 'SkipLayerNormalization', domain: 'com.microsoft', inputs: [[F16, [4, 64]], [F16, [4, 64]], [F16, [64]], [F16, [64]]], outputs: [[F16, [4, 64]]], constant: [2, 3] } },
  { name: 'Softmax on axis 1 (opset 13)', opset: 13, spec: { op: 'Softmax', attrs: { axis: 1 }, inputs: [[F, [2, 3, 4]]], outputs: [[F, [2, 3, 4]]] } },
  { name: 'Resize linear 2-D', spec: { op: 'Resize', attrs: { mode: 'linear' }, inputs: [[F, [1, 1, 4, 4]], null, [F, [4]]], outputs: [[F, [1, 1, 8, 8]]], constant: [2], values: { 2: [1, 1, 2, 2] } } },
  { name: 'Resize trilinear', spec: { op: 'Resize', attrs: { mode: 'linear' }, inputs: [[F, [1, 1, 2, 2, 2]], null, [F, [5]]], outputs: [[F, [1, 1, 4, 4, 4]]], constant: [2], values: { 2: [1, 1, 2, 2, 2] } } },
  { name: 'MatMulNBits 4-bit accuracy 4', spec: matMulNBitsCase(8, 256, 32, 4, 4) },
  { name: 'MatMulNBits 8-bit accuracy 0', spec: matMulNBitsCase(4, 64, 32, 8, 0) },
  { name: 'QLinearMatMul', spec: { op: 'QLinearMatMul', inputs: [[U8, [4, 8]], [F, []], [U8, []], [S8, [8, 16]], [F, []], [S8, []], [F, []], [U8, []]], outputs: [[U8, [4, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 4: [1], 6: [1] } } },
  { name: 'DynamicQuantizeMatMul', spec: { op: 'DynamicQuantizeMatMul', domain: 'com.microsoft', inputs: [[F, [4, 64]], [S8, [64, 32]], [F, [1]]], outputs: [[F, [4, 32]]], constant: [1, 2], values: { 2: [1] } } },
  { name: 'QLinearConv u8 weights', spec: qLinearConvCase(U8, { 1: [1], 2: [128], 4: [1], 5: [128], 6: [1], 7: [0] }) },
  { name: 'QLinearConv symmetric s8 weights', spec: qLinearConvCase(S8, { 1: [1], 2: [128], 4: [1], 5: [0], 6: [1], 7: [0] }) },
  { name: 'ConvInteger', spec: { op: 'ConvInteger', inputs: [[U8, [1, 8, 16, 16]], [U8, [16, 8, 3, 3]]], outputs: [[I32, [1, 16, 14, 14]]], constant: [1] } },
  { name: 'Where', spec: { op: 'Where', inputs: [[BOOL, [2, 3, 4]], [F, [2, 3, 4]], [F, [1]]], outputs: [[F, [2, 3, 4]]] } },
  { name: 'Sum of three', spec: { op: 'Sum', inputs: [[F, [2, 3]], [F, [2, 3]], [F, [3]]], outputs: [[F, [2, 3]]] } },
  { name: 'LRN', spec: { op: 'LRN', attrs: { size: 3 }, inputs: [[F, [1, 8, 4, 4]]], outputs: [[F, [1, 8, 4, 4]]] } },
  { name: 'BiasGelu', spec: { op: 'BiasGelu', domain: 'com.microsoft', inputs: [[F, [2, 8]], [F, [8]]], outputs: [[F, [2, 8]]] } },
  { name: 'Cast fp16 to fp32', spec: { op: 'Cast', attrs: { to: F }, inputs: [[F16, [4, 4]]], outputs: [[F, [4, 4]]] } },
  { name: 'DecoderMaskedMultiHeadAttention step at past 5', feeds: { 7: [5] }, spec: dmmhaCase(2, 4, 8, 16, 5) },
  { name: 'DecoderMaskedMultiHeadAttention step at past 100', feeds: { 7: [100] }, spec: dmmhaCase(2, 12, 64, 256, 100) },
  { name: 'DecoderMaskedMultiHeadAttention first step (past 0: probs sized by the buffer)', feeds: { 7: [0] }, spec: dmmhaCase(1, 4, 32, 64, 0) },
  { name: 'DecoderMaskedMultiHeadAttention cross-attention over 1500 encoder frames', spec: { op: 'DecoderMaskedMultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 6 }, inputs: [[F, [2, 1, 384]], [F, [2, 6, 1500, 64]], [F, [2, 6, 1500, 64]]], outputs: [[F, [2, 1, 384]]] } },
  { name: 'DecoderMaskedMultiHeadAttention cross-attention B3 N8 H32 L100', spec: { op: 'DecoderMaskedMultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 8 }, inputs: [[F, [3, 1, 256]], [F, [3, 8, 100, 32]], [F, [3, 8, 100, 32]]], outputs: [[F, [3, 1, 256]]] } },
  { name: 'DecoderMaskedMultiHeadAttention step at past 300', feeds: { 7: [300] }, spec: dmmhaCase(1, 16, 64, 512, 300) },
  // The com.microsoft ops of torch's contrib-op export: zero scratch.
  { name: 'com.microsoft Trilu', spec: { op: 'Trilu', domain: 'com.microsoft', attrs: { upper: 1 }, inputs: [[F, [2, 5, 5]], [I64, []]], outputs: [[F, [2, 5, 5]]], constant: [1], values: { 1: [1] } } },
  { name: 'com.microsoft GridSample', spec: { op: 'GridSample', domain: 'com.microsoft', inputs: [[F, [2, 3, 8, 8]], [F, [2, 5, 6, 2]]], outputs: [[F, [2, 3, 5, 6]]] } },
  { name: 'com.microsoft CDist', spec: { op: 'CDist', domain: 'com.microsoft', attrs: { metric: 'euclidean' }, inputs: [[F, [70, 16]], [F, [90, 16]]], outputs: [[F, [70, 90]]] } },
  { name: 'com.microsoft Unique', spec: { op: 'Unique', domain: 'com.microsoft', inputs: [[F, [10]]], outputs: [[F, [null]], [I64, [10]], [I64, [null]]] } },
  // Older com.microsoft CPU ops: zero scratch, except WordConvEmbedding's five buffers (char lookups, word lengths, unfolded windows, conv result and its tanh).
  { name: 'com.microsoft CropAndResize', feeds: { 1: [0, 0, 1, 1, 0, 0, 0.5, 0.5, 0.2, 0.1, 0.9, 0.8], 2: [0, 1, 1] }, spec: { op: 'CropAndResize', domain: 'com.microsoft', inputs: [[F, [2, 16, 32, 32]], [F, [3, 4]], [I32, [3]], [I32, [2]]], constant: [3], values: { 3: [7, 9] }, outputs: [[F, [3, 16, 7, 9]]] } },
  { name: 'com.microsoft MaxpoolWithMask', spec: { op: 'MaxpoolWithMask', domain: 'com.microsoft', attrs: { kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] }, inputs: [[F, [2, 16, 32, 32]], [I32, [2, 16, 32, 32]]], outputs: [[F, [2, 16, 16, 16]]] } },
  { name: 'com.microsoft UnfoldTensor', spec: { op: 'UnfoldTensor', domain: 'com.microsoft', attrs: { dim: 1, size: 5, step: 3 }, inputs: [[F, [4, 50, 8]]], outputs: [[F, [4, 16, 8, 5]]] } },
  { name: 'com.microsoft NGramRepeatBlock', feeds: { 0: [1, 2, 3, 1, 2, 5, 6, 7] }, spec: { op: 'NGramRepeatBlock', domain: 'com.microsoft', attrs: { ngram_size: 2 }, inputs: [[I64, [2, 4]], [F, [2, 1000]]], outputs: [[F, [2, 1000]]] } },
  { name: 'com.microsoft DynamicTimeWarping', feeds: { 0: Array.from({ length: 1200 }, (_, i) => (i * 7919) % 13) }, spec: { op: 'DynamicTimeWarping', domain: 'com.microsoft', inputs: [[F, [30, 40]]], outputs: [[I32, [2, null]]] } },
  { name: 'com.microsoft MatMulInteger16', spec: { op: 'MatMulInteger16', domain: 'com.microsoft', inputs: [[5, [3, 40, 50]], [5, [50, 60]]], constant: [0, 1], outputs: [[I32, [3, 40, 60]]] } },
  { name: 'com.microsoft MurmurHash3 int32 to uint32', spec: { op: 'MurmurHash3', domain: 'com.microsoft', attrs: { seed: 3 }, inputs: [[I32, [4, 50]]], outputs: [[12, [4, 50]]] } },
  { name: 'com.microsoft MurmurHash3 int64, signed', spec: { op: 'MurmurHash3', domain: 'com.microsoft', attrs: { positive: 0 }, inputs: [[I64, [7]]], outputs: [[I32, [7]]] } },
  { name: 'com.microsoft BifurcationDetector', feeds: { 0: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 1: [1, 2, 3, 4], 2: [0], 3: [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12] }, spec: { op: 'BifurcationDetector', domain: 'com.microsoft', attrs: { min_ngram_size: 1, max_ngram_size: 3 }, inputs: [[I64, [10]], [I64, [4]], [I64, []], [I64, [11]]], outputs: [[I64, [null]], [I64, []]] } },
  { name: 'com.microsoft ConvTransposeWithDynamicPads (ConvTranspose\'s column buffer)', feeds: { 2: [1, 1, 1, 1] }, spec: { op: 'ConvTransposeWithDynamicPads', domain: 'com.microsoft', attrs: { strides: [2, 2] }, inputs: [[F, [1, 4, 8, 8]], [F, [4, 6, 3, 3]], [I64, [4]]], constant: [1], outputs: [[F, [1, 6, 15, 15]]] } },
  { name: 'com.microsoft MatMulBnb4 FP4 (B dequantized to fp32)', spec: { op: 'MatMulBnb4', domain: 'com.microsoft', attrs: { K: 64, N: 32, block_size: 64, quant_type: 0 }, inputs: [[F, [3, 64]], [U8, [1024]], [F, [32]]], constant: [1, 2], outputs: [[F, [3, 32]]] } },
  { name: 'com.microsoft MatMulBnb4 NF4 batched A', spec: { op: 'MatMulBnb4', domain: 'com.microsoft', attrs: { K: 64, N: 48, block_size: 32, quant_type: 1 }, inputs: [[F, [2, 5, 64]], [U8, [1536]], [F, [96]]], constant: [1, 2], outputs: [[F, [2, 5, 48]]] } },
  { name: 'com.microsoft WordConvEmbedding S20 W10', spec: { op: 'WordConvEmbedding', domain: 'com.microsoft', attrs: { embedding_size: 32, conv_window_size: 3, char_embedding_size: 16 }, inputs: [[I32, [20, 10]], [F, [32, 1, 3, 16]], [F, [32]], [F, [100, 16]]], constant: [1, 2, 3], outputs: [[F, [20, 32]]] } },
  { name: 'com.microsoft WordConvEmbedding S7 W12 window 5', spec: { op: 'WordConvEmbedding', domain: 'com.microsoft', inputs: [[I32, [7, 12]], [F, [24, 1, 5, 8]], [F, [24]], [F, [60, 8]]], constant: [1, 2, 3], outputs: [[F, [7, 24]]] } },
  // Rows fitted or confirmed by this project's probes on 1.30.
  { name: 'RMSNormalization fp16, fed scale', opset: 23, spec: { op: 'RMSNormalization', inputs: [[F16, [4, 64]], [F16, [64]]], outputs: [[F16, [4, 64]]] } },
  { name: 'FastGelu with bias', spec: { op: 'FastGelu', domain: 'com.microsoft', inputs: [[F, [2, 4, 32]], [F, [32]]], outputs: [[F, [2, 4, 32]]] } },
  { name: 'MeanVarianceNormalization across N, H, W', spec: { op: 'MeanVarianceNormalization', inputs: [[F, [1, 8, 16, 16]]], outputs: [[F, [1, 8, 16, 16]]] } },
  { name: 'MeanVarianceNormalization over trailing axes', spec: { op: 'MeanVarianceNormalization', attrs: { axes: [2, 3] }, inputs: [[F, [2, 3, 4, 5]]], outputs: [[F, [2, 3, 4, 5]]] } },
  { name: 'Hardmax on axis 1 (opset 13)', opset: 13, spec: { op: 'Hardmax', attrs: { axis: 1 }, inputs: [[F, [2, 6, 5, 4]]], outputs: [[F, [2, 6, 5, 4]]] } },
  { name: 'Hardmax on the last axis (opset 13)', opset: 13, spec: { op: 'Hardmax', inputs: [[F, [2, 6, 5, 4]]], outputs: [[F, [2, 6, 5, 4]]] } },
  { name: 'MeanVarianceNormalization over N, C, W', spec: { op: 'MeanVarianceNormalization', attrs: { axes: [0, 1, 3] }, inputs: [[F, [2, 3, 4, 5]]], outputs: [[F, [2, 3, 4, 5]]] } },
  { name: 'QLinearConv u8 depthwise', spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1], group: 16 }, inputs: [[U8, [1, 16, 16, 16]], [F, []], [U8, []], [U8, [16, 1, 3, 3]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [128], 4: [1], 5: [128], 6: [1], 7: [0] } } },
  { name: 'QLinearConv u8 groups 2', spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1], group: 2 }, inputs: [[U8, [1, 8, 16, 16]], [F, []], [U8, []], [U8, [16, 4, 3, 3]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [128], 4: [1], 5: [128], 6: [1], 7: [0] } } },
  { name: 'Resize linear NHWC', spec: { op: 'Resize', attrs: { mode: 'linear' }, inputs: [[F, [1, 4, 4, 3]], null, [F, [4]]], outputs: [[F, [1, 8, 8, 3]]], constant: [2], values: { 2: [1, 2, 2, 1] } } },
  { name: 'Resize linear antialias downscale', opset: 18, spec: { op: 'Resize', attrs: { mode: 'linear', antialias: 1 }, inputs: [[F, [1, 2, 8, 8]], null, [F, [4]]], outputs: [[F, [1, 2, 4, 4]]], constant: [2], values: { 2: [1, 1, 0.5, 0.5] } } },
  { name: 'LogSoftmax on axis 0 (opset 13)', opset: 13, spec: { op: 'LogSoftmax', attrs: { axis: 0 }, inputs: [[F, [2, 3, 4]]], outputs: [[F, [2, 3, 4]]] } },
  { name: 'MatMulNBits fp16 A, 4-bit accuracy 0', spec: { op: 'MatMulNBits', domain: 'com.microsoft', attrs: { K: 64, N: 32, bits: 4, block_size: 32, accuracy_level: 0 }, inputs: [[F16, [4, 64]], [U8, [32, 2, 16]], [F16, [64]]], outputs: [[F16, [4, 32]]], constant: [1, 2] } },
  { name: 'GRU reverse without bias', spec: { op: 'GRU', attrs: { hidden_size: 16, direction: 'reverse' }, inputs: [[F, [5, 2, 8]], [F, [1, 48, 8]], [F, [1, 48, 16]]], outputs: [[F, [5, 1, 2, 16]], [F, [1, 2, 16]]], constant: [1, 2] } },
  { name: 'LSTM with peepholes and sequence_lens', feeds: { 4: [5, 5] }, spec: { op: 'LSTM', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [F, [1, 64, 8]], [F, [1, 64, 16]], [F, [1, 128]], [I32, [2]], null, null, [F, [1, 48]]], outputs: [[F, [5, 1, 2, 16]], [F, [1, 2, 16]], null], constant: [1, 2, 3, 7] } },
  { name: 'DynamicQuantizeLSTM forward, Y only', spec: { op: 'DynamicQuantizeLSTM', domain: 'com.microsoft', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [S8, [1, 8, 64]], [S8, [1, 16, 64]], [F, [1, 128]], null, null, null, null, [F, [1]], [S8, [1]], [F, [1]], [S8, [1]]], outputs: [[F, [5, 1, 2, 16]], null, null], constant: [1, 2, 3, 8, 9, 10, 11], values: { 8: [0.01], 10: [0.01] } } },
  { name: 'DynamicQuantizeLSTM forward u8 weights, all outputs', spec: { op: 'DynamicQuantizeLSTM', domain: 'com.microsoft', attrs: { hidden_size: 12 }, inputs: [[F, [6, 3, 10]], [U8, [1, 10, 48]], [U8, [1, 12, 48]], [F, [1, 96]], null, null, null, null, [F, [1]], [U8, [1]], [F, [1]], [U8, [1]]], outputs: [[F, [6, 1, 3, 12]], [F, [1, 3, 12]], [F, [1, 3, 12]]], constant: [1, 2, 3, 8, 9, 10, 11], values: { 8: [0.01], 10: [0.01] } } },
  { name: 'DynamicQuantizeLSTM reverse, Y_h only, no bias', spec: { op: 'DynamicQuantizeLSTM', domain: 'com.microsoft', attrs: { hidden_size: 8, direction: 'reverse' }, inputs: [[F, [7, 2, 6]], [S8, [1, 6, 32]], [S8, [1, 8, 32]], null, null, null, null, null, [F, [1]], [S8, [1]], [F, [1]], [S8, [1]]], outputs: [null, [F, [1, 2, 8]], null], constant: [1, 2, 8, 9, 10, 11], values: { 8: [0.01], 10: [0.01] } } },
  { name: 'DynamicQuantizeLSTM bidirectional, Y only', spec: { op: 'DynamicQuantizeLSTM', domain: 'com.microsoft', attrs: { hidden_size: 20, direction: 'bidirectional' }, inputs: [[F, [7, 3, 10]], [S8, [2, 10, 80]], [S8, [2, 20, 80]], [F, [2, 160]], null, null, null, null, [F, [2]], [S8, [2]], [F, [2]], [S8, [2]]], outputs: [[F, [7, 2, 3, 20]], null, null], constant: [1, 2, 3, 8, 9, 10, 11], values: { 8: [0.01, 0.01], 10: [0.01, 0.01] } } },
  { name: 'DynamicQuantizeLSTM bidirectional, all outputs, B*H > S*B*I', spec: { op: 'DynamicQuantizeLSTM', domain: 'com.microsoft', attrs: { hidden_size: 32, direction: 'bidirectional' }, inputs: [[F, [2, 4, 3]], [S8, [2, 3, 128]], [S8, [2, 32, 128]], [F, [2, 256]], null, null, null, null, [F, [2]], [S8, [2]], [F, [2]], [S8, [2]]], outputs: [[F, [2, 2, 4, 32]], [F, [2, 4, 32]], [F, [2, 4, 32]]], constant: [1, 2, 3, 8, 9, 10, 11], values: { 8: [0.01, 0.01], 10: [0.01, 0.01] } } },
  { name: 'DynamicQuantizeLSTM constant sequence_lens', spec: { op: 'DynamicQuantizeLSTM', domain: 'com.microsoft', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [S8, [1, 8, 64]], [S8, [1, 16, 64]], [F, [1, 128]], [I32, [2]], null, null, null, [F, [1]], [S8, [1]], [F, [1]], [S8, [1]]], outputs: [[F, [5, 1, 2, 16]], null, null], constant: [1, 2, 3, 4, 8, 9, 10, 11], values: { 4: [3, 2], 8: [0.01], 10: [0.01] } } },
  { name: 'DynamicQuantizeLSTM constant sequence_lens all 0 (takes nothing)', spec: { op: 'DynamicQuantizeLSTM', domain: 'com.microsoft', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [S8, [1, 8, 64]], [S8, [1, 16, 64]], [F, [1, 128]], [I32, [2]], null, null, null, [F, [1]], [S8, [1]], [F, [1]], [S8, [1]]], outputs: [[F, [5, 1, 2, 16]], null, null], constant: [1, 2, 3, 4, 8, 9, 10, 11], values: { 4: [0, 0], 8: [0.01], 10: [0.01] } } },
  { name: 'Where with broadcast inputs', spec: { op: 'Where', inputs: [[BOOL, [4, 1]], [F, [1]], [F, [2, 3, 4, 6]]], outputs: [[F, [2, 3, 4, 6]]] } },
  { name: 'SkipLayerNormalization fp16 with the sum output', spec: { op: 'SkipLayerNormalization', domain: 'com.microsoft', inputs: [[F16, [2, 4, 64]], [F16, [2, 4, 64]], [F16, [64]], [F16, [64]]], outputs: [[F16, [2, 4, 64]], null, null, [F16, [2, 4, 64]]], constant: [2, 3] } },
  { name: 'QLinearConv with a fed W', spec: { ...qLinearConvCase(U8, { 1: [1], 2: [128], 4: [1], 5: [128], 6: [1], 7: [0] }), constant: [1, 2, 4, 5, 6, 7] } },
  { name: 'Attention (contrib) with past, unidirectional', spec: { op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4, unidirectional: 1 }, inputs: [[F, [2, 1, 32]], [F, [32, 96]], [F, [96]], null, [F, [2, 2, 4, 5, 8]]], outputs: [[F, [2, 1, 32]], [F, [2, 2, 4, 6, 8]]], constant: [1, 2] } },
  { name: 'MultiHeadAttention with Dv != D', spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [2, 6, 32]], [F, [2, 6, 64]]], outputs: [[F, [2, 8, 64]]] } },
  { name: 'MatMulNBits accuracy 4 with batched A and K not a block multiple', spec: { op: 'MatMulNBits', domain: 'com.microsoft', attrs: { K: 200, N: 32, bits: 4, block_size: 128, accuracy_level: 4 }, inputs: [[F, [3, 5, 200]], [U8, [32, 2, 64]], [F, [64]]], outputs: [[F, [3, 5, 32]]], constant: [1, 2] } },
  { name: 'MultiHeadAttention with attention_bias', spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 2 }, inputs: [[F, [2, 8, 64]], [F, [2, 8, 64]], [F, [2, 8, 64]], null, null, [F, [2, 2, 8, 8]]], outputs: [[F, [2, 8, 64]]] } },
  { name: 'MultiHeadAttention with past and key-padding mask', feeds: { 4: new Array(16).fill(1) }, spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 1, 32]], [F, [2, 1, 32]], [F, [2, 1, 32]], null, [I32, [2, 8]], null, [F, [2, 4, 7, 8]], [F, [2, 4, 7, 8]]], outputs: [[F, [2, 1, 32]], [F, [2, 4, 8, 8]], [F, [2, 4, 8, 8]]] } },
  { name: 'GroupQueryAttention fp16 prompt', feeds: { 5: [15, 15], 6: [16] }, spec: gqa16(2, 16, 8, 4, 32, 0, 16) },
  { name: 'GroupQueryAttention fp16 decode in a shared 64-long buffer', feeds: { 5: [19], 6: [20] }, maxTotalSequenceLength: 20, spec: gqa16(1, 1, 4, 2, 16, 64, 64) },
  { name: 'Attention (contrib) with a 1-D mask', feeds: { 3: [8, 8] }, spec: { op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [32, 96]], [F, [96]], [I32, [2]]], outputs: [[F, [2, 8, 32]]], constant: [1, 2] } },
  { name: 'Attention (contrib) with a 3-D mask', feeds: { 3: new Array(128).fill(1) }, spec: { op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [32, 96]], [F, [96]], [I32, [2, 8, 8]]], outputs: [[F, [2, 8, 32]]], constant: [1, 2] } },
  { name: 'MultiHeadAttention with a 3-D key mask', feeds: { 4: new Array(96).fill(1) }, spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [2, 6, 32]], [F, [2, 6, 32]], null, [I32, [2, 8, 6]]], outputs: [[F, [2, 8, 32]]] } },
  { name: 'DFT of length 10 (opset 19)', opset: 19, spec: { op: 'DFT', inputs: [[F, [1, 10, 10, 1]]], outputs: [[F, [1, 10, 10, 2]]] } },
  { name: 'DFT of length 100 on axis input (opset 20)', opset: 20, spec: { op: 'DFT', inputs: [[F, [1, 100, 1]], null, [7, []]], outputs: [[F, [1, 100, 2]]], constant: [2], values: { 2: [1] } } },
  { name: 'DFT of power-of-two length', opset: 20, spec: { op: 'DFT', inputs: [[F, [2, 16, 4, 1]], null, [7, []]], outputs: [[F, [2, 16, 4, 2]]], constant: [2], values: { 2: [1] } } },
  { name: 'ConstantOfShape', feeds: { 0: [2, 3, 4] }, spec: { op: 'ConstantOfShape', inputs: [[7, [3]]], outputs: [[F, [2, 3, 4]]] } },
  { name: 'QLinearAveragePool (contrib)', spec: { op: 'QLinearAveragePool', domain: 'com.microsoft', attrs: { kernel_shape: [2, 2], strides: [2, 2] }, inputs: [[U8, [1, 8, 16, 16]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 8, 8, 8]]], constant: [1, 2, 3, 4], values: { 1: [0.02], 2: [128], 3: [0.02], 4: [128] } } },
  { name: 'QLinearAveragePool (contrib) channels_last', spec: { op: 'QLinearAveragePool', domain: 'com.microsoft', attrs: { kernel_shape: [3, 3], strides: [1, 1], pads: [1, 1, 1, 1], channels_last: 1 }, inputs: [[U8, [1, 16, 16, 8]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 16, 16, 8]]], constant: [1, 2, 3, 4], values: { 1: [0.02], 2: [128], 3: [0.02], 4: [128] } } },
  { name: 'QLinearAveragePool (contrib) over the whole image runs the global pool', spec: { op: 'QLinearAveragePool', domain: 'com.microsoft', attrs: { kernel_shape: [8, 8] }, inputs: [[U8, [1, 4, 8, 8]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 4, 1, 1]]], constant: [1, 2, 3, 4], values: { 1: [0.02], 2: [128], 3: [0.02], 4: [128] } } },
  { name: 'QLinearConv (contrib) channels_last 3x3', spec: { op: 'QLinearConv', domain: 'com.microsoft', attrs: { pads: [1, 1, 1, 1], channels_last: 1 }, inputs: [[U8, [1, 16, 16, 8]], [F, []], [U8, []], [U8, [16, 8, 3, 3]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [128], 4: [1], 5: [128], 6: [1], 7: [0] } } },
  { name: 'QLinearConv (contrib) channels_last pointwise', spec: { op: 'QLinearConv', domain: 'com.microsoft', attrs: { channels_last: 1 }, inputs: [[U8, [1, 16, 16, 8]], [F, []], [U8, []], [U8, [16, 8, 1, 1]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [128], 4: [1], 5: [128], 6: [1], 7: [0] } } },
  { name: 'QLinearConv (contrib) channels_last depthwise', spec: { op: 'QLinearConv', domain: 'com.microsoft', attrs: { pads: [1, 1, 1, 1], group: 16, channels_last: 1 }, inputs: [[U8, [1, 16, 16, 16]], [F, []], [U8, []], [U8, [16, 1, 3, 3]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [128], 4: [1], 5: [128], 6: [1], 7: [0] } } },
  { name: 'QLinearConv (contrib) channels_last 3x3 stride 2, C=3', spec: { op: 'QLinearConv', domain: 'com.microsoft', attrs: { pads: [1, 1, 1, 1], strides: [2, 2], channels_last: 1 }, inputs: [[U8, [1, 16, 16, 3]], [F, []], [U8, []], [U8, [16, 3, 3, 3]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 8, 8, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [128], 4: [1], 5: [128], 6: [1], 7: [0] } } },
  { name: 'QLinearConv (contrib) channels_last batch 2', spec: { op: 'QLinearConv', domain: 'com.microsoft', attrs: { pads: [1, 1, 1, 1], channels_last: 1 }, inputs: [[U8, [2, 16, 16, 8]], [F, []], [U8, []], [U8, [16, 8, 3, 3]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [2, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [128], 4: [1], 5: [128], 6: [1], 7: [0] } } },
  { name: 'QLinearConv (contrib) channels_last symmetric s8 weights', spec: { op: 'QLinearConv', domain: 'com.microsoft', attrs: { pads: [1, 1, 1, 1], channels_last: 1 }, inputs: [[U8, [1, 16, 16, 8]], [F, []], [U8, []], [S8, [16, 8, 3, 3]], [F, []], [S8, []], [F, []], [U8, []]], outputs: [[U8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [128], 4: [1], 5: [0], 6: [1], 7: [0] } } },
  { name: 'QLinearConv symmetric s8 weights over 3 channels (no indirect kernel)', spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[U8, [1, 3, 16, 16]], [F, []], [U8, []], [S8, [16, 3, 3, 3]], [F, []], [S8, []], [F, []], [U8, []]], outputs: [[U8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [128], 4: [1], 5: [0], 6: [1], 7: [0] } } },
  { name: 'QLinearConv s8 activations, symmetric s8 weights', spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[S8, [1, 8, 16, 16]], [F, []], [S8, []], [S8, [16, 8, 3, 3]], [F, []], [S8, []], [F, []], [S8, []]], outputs: [[S8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [0], 4: [1], 5: [0], 6: [1], 7: [0] } } },
  { name: 'QLinearConv s8 activations, symmetric s8 weights over 3 channels', spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[S8, [1, 3, 16, 16]], [F, []], [S8, []], [S8, [16, 3, 3, 3]], [F, []], [S8, []], [F, []], [S8, []]], outputs: [[S8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [0], 4: [1], 5: [0], 6: [1], 7: [0] } } },
  { name: 'QLinearConv s8 activations, symmetric s8 depthwise', spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1], group: 16 }, inputs: [[S8, [1, 16, 16, 16]], [F, []], [S8, []], [S8, [16, 1, 3, 3]], [F, []], [S8, []], [F, []], [S8, []]], outputs: [[S8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [0], 4: [1], 5: [0], 6: [1], 7: [0] } } },
  { name: 'QLinearMul (contrib)', spec: { op: 'QLinearMul', domain: 'com.microsoft', inputs: [[U8, [1, 8, 16, 16]], [F, []], [U8, []], [U8, [1, 8, 1, 1]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 8, 16, 16]]], constant: [1, 2, 4, 5, 6, 7], values: { 1: [0.02], 2: [128], 4: [0.03], 5: [120], 6: [0.04], 7: [128] } } },
  { name: 'QLinearLeakyRelu (contrib)', spec: { op: 'QLinearLeakyRelu', domain: 'com.microsoft', attrs: { alpha: { f: 0.1 } }, inputs: [[U8, [1, 8, 16, 16]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 8, 16, 16]]], constant: [1, 2, 3, 4], values: { 1: [0.02], 2: [128], 3: [0.02], 4: [128] } } },
  { name: 'QLinearSoftmax (contrib) on the last axis', spec: { op: 'QLinearSoftmax', domain: 'com.microsoft', attrs: { axis: -1, opset: 13 }, inputs: [[U8, [2, 8, 64]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [2, 8, 64]]], constant: [1, 2, 3, 4], values: { 1: [0.02], 2: [128], 3: [0.00390625], 4: [0] } } },
  { name: 'QLinearSoftmax (contrib) on axis 1', spec: { op: 'QLinearSoftmax', domain: 'com.microsoft', attrs: { axis: 1, opset: 13 }, inputs: [[U8, [2, 8, 64]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [2, 8, 64]]], constant: [1, 2, 3, 4], values: { 1: [0.02], 2: [128], 3: [0.00390625], 4: [0] } } },
  { name: 'QLinearSoftmax (contrib) on axis 1 with opset-12 semantics', spec: { op: 'QLinearSoftmax', domain: 'com.microsoft', attrs: { axis: 1, opset: 12 }, inputs: [[U8, [2, 8, 64]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [2, 8, 64]]], constant: [1, 2, 3, 4], values: { 1: [0.02], 2: [128], 3: [0.00390625], 4: [0] } } },
  { name: 'GatherBlockQuantized 4-bit in uint8', spec: { op: 'GatherBlockQuantized', domain: 'com.microsoft', attrs: { bits: 4, block_size: 32, gather_axis: 0, quantize_axis: 1 }, inputs: [[U8, [100, 32]], [7, [2, 5]], [F, [100, 2]], [U8, [100, 1]]], outputs: [[F, [2, 5, 64]]], constant: [0, 2, 3] } },
  { name: 'GatherBlockQuantized 8-bit in uint8, no zero points', spec: { op: 'GatherBlockQuantized', domain: 'com.microsoft', attrs: { bits: 8, block_size: 16, gather_axis: 0, quantize_axis: 1 }, inputs: [[U8, [50, 64]], [7, [3, 4]], [F, [50, 4]]], outputs: [[F, [3, 4, 64]]], constant: [0, 2] } },
  { name: 'QGemm u8·s8 transB, u8 output', spec: { op: 'QGemm', domain: 'com.microsoft', attrs: { transB: 1 }, inputs: [[U8, [4, 61]], [F, []], [U8, []], [S8, [32, 61]], [F, []], [S8, []], [6, [32]], [F, []], [U8, []]], outputs: [[U8, [4, 32]]], constant: [1, 2, 3, 4, 5, 6, 7, 8], values: { 1: [1], 2: [128], 4: [1], 5: [0], 7: [1], 8: [0] } } },
  { name: 'QGemm u8·s8, float output', spec: { op: 'QGemm', domain: 'com.microsoft', attrs: {}, inputs: [[U8, [4, 61]], [F, []], [U8, []], [S8, [61, 32]], [F, []], [S8, []]], outputs: [[F, [4, 32]]], constant: [1, 2, 3, 4, 5], values: { 1: [1], 2: [128], 4: [1], 5: [0] } } },
  { name: 'QGemm u8·u8 transB with bias, u8 output', spec: { op: 'QGemm', domain: 'com.microsoft', attrs: { transB: 1 }, inputs: [[U8, [4, 61]], [F, []], [U8, []], [U8, [32, 61]], [F, []], [U8, []], [6, [32]], [F, []], [U8, []]], outputs: [[U8, [4, 32]]], constant: [1, 2, 3, 4, 5, 6, 7, 8], values: { 1: [1], 2: [128], 4: [1], 5: [128], 7: [1], 8: [0] } } },
  { name: 'QLinearWhere (contrib)', spec: { op: 'QLinearWhere', domain: 'com.microsoft', inputs: [[9, [1, 8, 16]], [U8, [1, 8, 16]], [F, []], [U8, []], [U8, [1, 1, 16]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 8, 16]]], constant: [2, 3, 5, 6, 7, 8], values: { 2: [0.02], 3: [128], 5: [0.03], 6: [100], 7: [0.02], 8: [128] } } },
  { name: 'ImageScaler (opset 8)', opset: 8, spec: { op: 'ImageScaler', attrs: { scale: { f: 0.5 }, bias: { floats: [1, 2, 3] } }, inputs: [[F, [1, 3, 16, 16]]], outputs: [[F, [1, 3, 16, 16]]] } },
  { name: 'Scale (opset 8)', opset: 8, spec: { op: 'Scale', attrs: { scale: { f: 0.5 } }, inputs: [[F, [2, 8, 16]]], outputs: [[F, [2, 8, 16]]] } },
  { name: 'Affine (opset 8)', opset: 8, spec: { op: 'Affine', attrs: { alpha: { f: 2 }, beta: { f: 1 } }, inputs: [[F, [2, 8, 16]]], outputs: [[F, [2, 8, 16]]] } },
  { name: 'Crop (opset 8)', opset: 8, spec: { op: 'Crop', attrs: { border: [1, 2, 3, 4] }, inputs: [[F, [1, 3, 16, 16]]], outputs: [[F, [1, 3, 10, 12]]] } },
  { name: 'ParametricSoftplus (opset 8)', opset: 8, spec: { op: 'ParametricSoftplus', attrs: { alpha: { f: 2 }, beta: { f: 0.5 } }, inputs: [[F, [2, 8, 16]]], outputs: [[F, [2, 8, 16]]] } },
  { name: 'ScaledTanh (opset 8)', opset: 8, spec: { op: 'ScaledTanh', attrs: { alpha: { f: 2 }, beta: { f: 0.5 } }, inputs: [[F, [2, 8, 16]]], outputs: [[F, [2, 8, 16]]] } },
  { name: 'Crop with scale (opset 8)', opset: 8, spec: { op: 'Crop', attrs: { border: [2, 1, 0, 0], scale: [8, 6] }, inputs: [[F, [1, 3, 16, 16]]], outputs: [[F, [1, 3, 8, 6]]] } },
  { name: 'TransposeMatMul (contrib)', spec: { op: 'TransposeMatMul', domain: 'com.microsoft', attrs: { transA: 1 }, inputs: [[F, [16, 8]], [F, [16, 32]]], outputs: [[F, [8, 32]]] } },
  { name: 'Range (contrib) without delta', feeds: { 0: [2], 1: [9] }, spec: { op: 'Range', domain: 'com.microsoft', inputs: [[F, []], [F, []]], outputs: [[F, [7]]] } },
  { name: 'Pad (contrib) reflect', spec: { op: 'Pad', domain: 'com.microsoft', attrs: { mode: 'reflect' }, inputs: [[F, [1, 3, 8, 8]], [7, [8]]], outputs: [[F, [1, 3, 10, 12]]], constant: [1], values: { 1: [0, 0, 1, 2, 0, 0, 1, 2] } } },
  { name: 'GatherND (contrib)', spec: { op: 'GatherND', domain: 'com.microsoft', inputs: [[F, [4, 5, 6]], [7, [3, 2]]], outputs: [[F, [3, 6]]], constant: [1], values: { 1: [0, 1, 2, 3, 3, 4] } } },
  { name: 'NhwcMaxPool (contrib) u8', spec: { op: 'NhwcMaxPool', domain: 'com.microsoft', attrs: { kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] }, inputs: [[U8, [1, 16, 16, 8]]], outputs: [[U8, [1, 8, 8, 8]]] } },
  { name: 'NhwcMaxPool (contrib) s8', spec: { op: 'NhwcMaxPool', domain: 'com.microsoft', attrs: { kernel_shape: [2, 2], strides: [2, 2] }, inputs: [[S8, [2, 8, 8, 16]]], outputs: [[S8, [2, 4, 4, 16]]] } },
  { name: 'NhwcMaxPool (contrib) over more than 512 output pixels', spec: { op: 'NhwcMaxPool', domain: 'com.microsoft', attrs: { kernel_shape: [2, 2], strides: [1, 1] }, inputs: [[U8, [1, 64, 64, 4]]], outputs: [[U8, [1, 63, 63, 4]]] } },
  { name: 'QAttention u8·s8', spec: { op: 'QAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[U8, [2, 8, 32]], [S8, [32, 96]], [F, [96]], [F, []], [F, []], null, [U8, []], [S8, []]], outputs: [[F, [2, 8, 32]]], constant: [1, 2, 3, 4, 6, 7], values: { 3: [0.02], 4: [0.01], 6: [128], 7: [0] } } },
  { name: 'QAttention u8·u8 with a mask', feeds: { 5: [8, 8] }, spec: { op: 'QAttention', domain: 'com.microsoft', attrs: { num_heads: 2 }, inputs: [[U8, [2, 8, 32]], [U8, [32, 96]], [F, [96]], [F, []], [F, []], [I32, [2]], [U8, []], [U8, []]], outputs: [[F, [2, 8, 32]]], constant: [1, 2, 3, 4, 6, 7], values: { 3: [0.02], 4: [0.01], 6: [128], 7: [128] } } },
  { name: 'Attention (contrib) same shapes as QAttention u8·s8', spec: { op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [32, 96]], [F, [96]]], outputs: [[F, [2, 8, 32]]], constant: [1, 2] } },
  { name: 'QEmbedLayerNormalization', feeds: { 0: [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8], 1: new Array(16).fill(0) }, spec: { op: 'QEmbedLayerNormalization', domain: 'com.microsoft', inputs: [[I32, [2, 8]], [I32, [2, 8]], [U8, [50, 32]], [U8, [16, 32]], [U8, [2, 32]], [U8, [32]], [U8, [32]], null, [F, []], [F, []], [F, []], [F, []], [F, []], [U8, []], [U8, []], [U8, []], [U8, []], [U8, []]], outputs: [[F, [2, 8, 32]], [I32, [2]]], constant: [2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17], values: { 8: [0.01], 9: [0.01], 10: [0.01], 11: [0.01], 12: [0.01], 13: [128], 14: [128], 15: [128], 16: [128], 17: [128] } } },
  { name: 'MatMulIntegerToFloat u8·s8 with bias', spec: { op: 'MatMulIntegerToFloat', domain: 'com.microsoft', inputs: [[U8, [4, 61]], [S8, [61, 32]], [F, []], [F, []], [U8, []], [S8, []], [F, [32]]], outputs: [[F, [4, 32]]], constant: [1, 2, 3, 4, 5, 6], values: { 2: [0.02], 3: [0.01], 4: [128], 5: [0] } } },
  { name: 'MatMulIntegerToFloat with a fed B and per-column scales', spec: { op: 'MatMulIntegerToFloat', domain: 'com.microsoft', inputs: [[U8, [2, 4, 61]], [U8, [61, 32]], [F, []], [F, [32]], [U8, []], [U8, [32]]], outputs: [[F, [2, 4, 32]]], constant: [2, 3, 4, 5], values: { 2: [0.02], 3: new Array(32).fill(0.01), 4: [128], 5: new Array(32).fill(128) } } },
  { name: 'DynamicQuantizeLinear', spec: { op: 'DynamicQuantizeLinear', inputs: [[F, [4, 61]]], outputs: [[U8, [4, 61]], [F, []], [U8, []]] } },
  { name: 'QuantizeLinear (contrib)', spec: { op: 'QuantizeLinear', domain: 'com.microsoft', inputs: [[F, [1, 8, 16, 16]], [F, []], [U8, []]], outputs: [[U8, [1, 8, 16, 16]]], constant: [1, 2], values: { 1: [0.02], 2: [128] } } },
  { name: 'DequantizeLinear (contrib)', spec: { op: 'DequantizeLinear', domain: 'com.microsoft', inputs: [[U8, [1, 8, 16, 16]], [F, []], [U8, []]], outputs: [[F, [1, 8, 16, 16]]], constant: [1, 2], values: { 1: [0.02], 2: [128] } } },
  { name: 'QLinearAveragePool (contrib) over the whole image with SAME padding that pads nothing', spec: { op: 'QLinearAveragePool', domain: 'com.microsoft', attrs: { kernel_shape: [8, 8], strides: [8, 8], auto_pad: 'SAME_UPPER' }, inputs: [[U8, [1, 4, 8, 8]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 4, 1, 1]]], constant: [1, 2, 3, 4], values: { 1: [0.02], 2: [128], 3: [0.02], 4: [128] } } },
  { name: 'QLinearConcat (contrib)', spec: { op: 'QLinearConcat', domain: 'com.microsoft', attrs: { axis: 1 }, inputs: [[F, []], [U8, []], [U8, [1, 8, 4, 4]], [F, []], [U8, []], [U8, [1, 4, 4, 4]], [F, []], [U8, []]], outputs: [[U8, [1, 12, 4, 4]]], constant: [0, 1, 3, 4, 6, 7], values: { 0: [0.02], 1: [128], 3: [0.03], 4: [100], 6: [0.02], 7: [128] } } },
  { name: 'QLinearSigmoid (contrib)', spec: { op: 'QLinearSigmoid', domain: 'com.microsoft', inputs: [[U8, [1, 8, 16, 16]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 8, 16, 16]]], constant: [1, 2, 3, 4], values: { 1: [0.02], 2: [128], 3: [0.004], 4: [0] } } },
  { name: 'QLinearAdd (contrib)', spec: { op: 'QLinearAdd', domain: 'com.microsoft', inputs: [[U8, [1, 8, 16, 16]], [F, []], [U8, []], [U8, [1, 8, 16, 16]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 8, 16, 16]]], constant: [1, 2, 4, 5, 6, 7], values: { 1: [0.02], 2: [128], 4: [0.03], 5: [120], 6: [0.04], 7: [128] } } },
  { name: 'QLinearGlobalAveragePool (contrib)', spec: { op: 'QLinearGlobalAveragePool', domain: 'com.microsoft', inputs: [[U8, [1, 8, 16, 16]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 8, 1, 1]]], constant: [1, 2, 3, 4], values: { 1: [0.02], 2: [128], 3: [0.02], 4: [128] } } },
  { name: 'QLinearGlobalAveragePool (contrib) channels_last', spec: { op: 'QLinearGlobalAveragePool', domain: 'com.microsoft', attrs: { channels_last: 1 }, inputs: [[U8, [1, 16, 16, 8]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 1, 1, 8]]], constant: [1, 2, 3, 4], values: { 1: [0.02], 2: [128], 3: [0.02], 4: [128] } } },
  { name: 'DepthToSpace', spec: { op: 'DepthToSpace', attrs: { blocksize: 2 }, inputs: [[F, [1, 16, 8, 8]]], outputs: [[F, [1, 4, 16, 16]]] } },
  // Ops measured at zero (stop 26): element-wise trigonometry and bitwise ops, generators, windows, detection and index ops.
  ...['Tan', 'Asin', 'Acos', 'Atan', 'Sinh', 'Cosh', 'Asinh', 'Acosh', 'Atanh'].map((op): OrtCase => ({ name: op, spec: { op, inputs: [[F, [3, 64, 128]]], outputs: [[F, [3, 64, 128]]] } })),
  ...['BitwiseAnd', 'BitwiseOr', 'BitwiseXor'].map((op): OrtCase => ({ name: op, opset: 18, spec: { op, inputs: [[I32, [2, 8, 16]], [I32, [8, 16]]], outputs: [[I32, [2, 8, 16]]] } })),
  { name: 'BitwiseNot', opset: 18, spec: { op: 'BitwiseNot', inputs: [[I32, [2, 8, 16]]], outputs: [[I32, [2, 8, 16]]] } },
  { name: 'ReverseSequence', feeds: { 1: [5, 3, 2] }, spec: { op: 'ReverseSequence', attrs: { batch_axis: 1, time_axis: 0 }, inputs: [[F, [5, 3, 64]], [I64, [3]]], outputs: [[F, [5, 3, 64]]] } },
  { name: 'EyeLike', spec: { op: 'EyeLike', inputs: [[F, [64, 64]]], outputs: [[F, [64, 64]]] } },
  { name: 'Unique', feeds: { 0: [3, 1, 2, 3, 1, 5, 5, 0] }, spec: { op: 'Unique', inputs: [[F, [8]]], outputs: [[F, [5]], [I64, [5]], [I64, [8]], [I64, [5]]] } },
  { name: 'Compress', feeds: { 1: [1, 0, 1, 1] }, spec: { op: 'Compress', attrs: { axis: 0 }, inputs: [[F, [4, 64]], [BOOL, [4]]], outputs: [[F, [3, 64]]] } },
  { name: 'NonMaxSuppression', feeds: { 2: [5], 3: [0.5], 4: [0] }, spec: { op: 'NonMaxSuppression', inputs: [[F, [1, 10, 4]], [F, [1, 1, 10]], [I64, [1]], [F, [1]], [F, [1]]], outputs: [[I64, [1, 3]]] } },
  { name: 'RandomNormal', spec: { op: 'RandomNormal', attrs: { shape: [2, 8, 16] }, inputs: [], outputs: [[F, [2, 8, 16]]] } },
  { name: 'RandomUniform', spec: { op: 'RandomUniform', attrs: { shape: [2, 8, 16] }, inputs: [], outputs: [[F, [2, 8, 16]]] } },
  ...['RandomNormalLike', 'RandomUniformLike'].map((op): OrtCase => ({ name: op, spec: { op, inputs: [[F, [2, 8, 16]]], outputs: [[F, [2, 8, 16]]] } })),
  ...['HannWindow', 'HammingWindow', 'BlackmanWindow'].map((op): OrtCase => ({ name: op, feeds: { 0: [64] }, spec: { op, inputs: [[I64, []]], outputs: [[F, [64]]] } })),
  { name: 'MelWeightMatrix', feeds: { 0: [8], 1: [64], 2: [16000], 3: [0], 4: [8000] }, spec: { op: 'MelWeightMatrix', inputs: [[I64, []], [I64, []], [I64, []], [F, []], [F, []]], outputs: [[F, [33, 8]]] } },
  { name: 'AffineGrid', opset: 20, feeds: { 1: [2, 3, 8, 8] }, spec: { op: 'AffineGrid', inputs: [[F, [2, 2, 3]], [I64, [4]]], outputs: [[F, [2, 8, 8, 2]]] } },
  { name: 'RoiAlign', spec: { op: 'RoiAlign', attrs: { output_height: 4, output_width: 4 }, inputs: [[F, [1, 4, 16, 16]], [F, [3, 4]], [I64, [3]]], outputs: [[F, [3, 4, 4, 4]]] } },
  { name: 'MaxRoiPool', spec: { op: 'MaxRoiPool', attrs: { pooled_shape: [2, 2] }, inputs: [[F, [1, 4, 16, 16]], [F, [3, 5]]], outputs: [[F, [3, 4, 2, 2]]] } },
  { name: 'MaxUnpool', spec: { op: 'MaxUnpool', attrs: { kernel_shape: [2, 2], strides: [2, 2] }, inputs: [[F, [1, 2, 4, 4]], [I64, [1, 2, 4, 4]]], outputs: [[F, [1, 2, 8, 8]]] } },
  { name: 'Det', spec: { op: 'Det', inputs: [[F, [3, 4, 4]]], outputs: [[F, [3]]] } },
  { name: 'Scatter (opset 10)', opset: 10, spec: { op: 'Scatter', inputs: [[F, [4, 4]], [I64, [1, 4]], [F, [1, 4]]], outputs: [[F, [4, 4]]] } },
  { name: 'Inverse (contrib)', spec: { op: 'Inverse', domain: 'com.microsoft', inputs: [[F, [2, 4, 4]]], outputs: [[F, [2, 4, 4]]] } },
  { name: 'ExpandDims (contrib)', spec: { op: 'ExpandDims', domain: 'com.microsoft', inputs: [[F, [4, 8]], [I32, []]], outputs: [[F, [4, 1, 8]]], constant: [1], values: { 1: [1] } } },
  // DeformConv: the column buffer of one image, then the sampling plan (256-byte blocks per offset group, kernel position and 8 output pixels).
  { name: 'DeformConv 2 channels, 6×6 output', opset: 19, spec: { op: 'DeformConv', inputs: [[F, [1, 2, 8, 8]], [F, [4, 2, 3, 3]], [F, [1, 18, 6, 6]]], outputs: [[F, [1, 4, 6, 6]]] } },
  { name: 'DeformConv 5×6 output (plan rows rounded each)', opset: 19, spec: { op: 'DeformConv', inputs: [[F, [1, 4, 7, 8]], [F, [8, 4, 3, 3]], [F, [1, 18, 5, 6]]], outputs: [[F, [1, 8, 5, 6]]] } },
  { name: 'DeformConv 2 offset groups', opset: 19, spec: { op: 'DeformConv', attrs: { offset_group: 2 }, inputs: [[F, [1, 4, 10, 10]], [F, [8, 4, 3, 3]], [F, [1, 36, 8, 8]]], outputs: [[F, [1, 8, 8, 8]]] } },
  { name: 'DeformConv batch 2, group 2, with a mask', opset: 19, spec: { op: 'DeformConv', attrs: { group: 2 }, inputs: [[F, [2, 4, 10, 10]], [F, [8, 2, 3, 3]], [F, [2, 18, 8, 8]], null, [F, [2, 9, 8, 8]]], outputs: [[F, [2, 8, 8, 8]]] } },
  // Multinomial: one double per class; STFT: DFT's Bluestein buffers per frame (a power-of-two frame length takes none).
  { name: 'Multinomial 2×10, 5 samples', spec: { op: 'Multinomial', attrs: { sample_size: 5 }, inputs: [[F, [2, 10]]], outputs: [[I32, [2, 5]]] } },
  { name: 'Multinomial 1×100, 1 sample', spec: { op: 'Multinomial', attrs: { sample_size: 1 }, inputs: [[F, [1, 100]]], outputs: [[I32, [1, 1]]] } },
  { name: 'STFT frame 48, 10 frames', spec: { op: 'STFT', inputs: [[F, [1, 480, 1]], [I64, []], [F, [48]], [I64, []]], outputs: [[F, [1, 10, 25, 2]]], constant: [1, 3], values: { 1: [48], 3: [48] } } },
  { name: 'STFT frame 48 from the window, two-sided', spec: { op: 'STFT', attrs: { onesided: 0 }, inputs: [[F, [1, 480, 1]], [I64, []], [F, [48]]], outputs: [[F, [1, 10, 48, 2]]], constant: [1], values: { 1: [48] } } },
  { name: 'STFT frame 400, 2 signals', spec: { op: 'STFT', inputs: [[F, [2, 16000, 1]], [I64, []], [F, [400]], [I64, []]], outputs: [[F, [2, 98, 201, 2]]], constant: [1, 3], values: { 1: [160], 3: [400] } } },
  // Einsum (einsumWorkspace.ts): one operand (copy, transpose, reductions, diagonals), two (matmul-like,
  // outer products, broadcast batch dims, ellipsis, Hadamard), three and four (pairwise, left to right).
  einsum('ij->ij', [[8, 16]], [8, 16]),
  einsum('ij->ji', [[8, 16]], [16, 8]),
  einsum('bhsd->bshd', [[2, 4, 8, 16]], [2, 8, 4, 16]),
  einsum('ijk->kji', [[3, 4, 5]], [5, 4, 3]),
  einsum('ij->i', [[8, 16]], [8]),
  einsum('ij->j', [[600, 700]], [700]),
  einsum('ij->', [[8, 16]], []),
  einsum('abcd->bd', [[4, 5, 6, 7]], [5, 7]),
  einsum('ijk->ki', [[3, 4, 5]], [5, 3]),
  einsum('ii->i', [[8, 8]], [8]),
  einsum('ii', [[8, 8]], []),
  einsum('bii->bi', [[3, 8, 8]], [3, 8]),
  einsum('iib->bi', [[8, 8, 3]], [3, 8]),
  einsum('ibi->ib', [[8, 3, 8]], [8, 3]),
  einsum('i,j->ij', [[8], [16]], [8, 16]),
  einsum('i,j->ij', [[1000], [500]], [1000, 500]),
  einsum('i,j->ji', [[8], [16]], [16, 8]),
  einsum('ab,cd->abcd', [[2, 3], [4, 5]], [2, 3, 4, 5]),
  einsum('ij,jk->ik', [[8, 16], [16, 4]], [8, 4]),
  einsum('ij,jk', [[8, 16], [16, 4]], [8, 4]),
  einsum('ij,jk->ki', [[8, 16], [16, 4]], [4, 8]),
  einsum('ij,kj->ik', [[8, 16], [4, 16]], [8, 4]),
  einsum('ji,jk->ik', [[16, 8], [16, 4]], [8, 4]),
  einsum('bij,bjk->bik', [[2, 8, 16], [2, 16, 4]], [2, 8, 4]),
  einsum('bij,bjk->bik', [[2, 8, 16], [2, 16, 4]], [2, 8, 4], I64),
  einsum('bij,bjk->bik', [[2, 8, 16], [2, 16, 4]], [2, 8, 4], I32),
  einsum('bij,bjk->bik', [[1, 8, 16], [2, 16, 4]], [2, 8, 4]),
  einsum('bij,bjk->bik', [[1, 8, 16], [3, 1, 4]], [3, 8, 4]),
  einsum('bij,jk->bik', [[2, 8, 16], [16, 4]], [2, 8, 4]),
  einsum('bhid,bhjd->bhij', [[2, 4, 8, 16], [2, 4, 8, 16]], [2, 4, 8, 8]),
  einsum('bhqd,bhkd->bhqk', [[1, 2, 5, 8], [1, 2, 7, 8]], [1, 2, 5, 7]),
  einsum('bhqd,bhkd->bhqk', [[2, 12, 64, 64], [2, 12, 64, 64]], [2, 12, 64, 64]),
  einsum('...ij,...jk->...ik', [[3, 8, 16], [3, 16, 4]], [3, 8, 4]),
  einsum('...ij,jk->...ik', [[3, 8, 16], [16, 4]], [3, 8, 4]),
  einsum('...ij,...jk', [[2, 3, 8, 16], [2, 3, 16, 4]], [2, 3, 8, 4]),
  einsum('i...,i...->...', [[4, 2, 3], [4, 2, 3]], [2, 3]),
  einsum('ij,ij->ij', [[8, 16], [8, 16]], [8, 16]),
  einsum('ij,ij->ij', [[8, 1], [1, 16]], [8, 16]),
  einsum('ij,ij->i', [[8, 16], [8, 16]], [8]),
  einsum('ij,j->i', [[8, 16], [16]], [8]),
  einsum('i,i->', [[16], [16]], []),
  einsum('ij,ik->jk', [[8, 16], [8, 4]], [16, 4]),
  einsum('ijx,jk->ik', [[8, 16, 3], [16, 4]], [8, 4]),
  einsum('ij,jkx->ik', [[8, 16], [16, 4, 3]], [8, 4]),
  einsum('ii,ij->j', [[8, 8], [8, 4]], [4]),
  einsum('iJ,Jk->ik', [[8, 16], [16, 4]], [8, 4]),
  einsum('ij,jk,kl->il', [[8, 16], [16, 4], [4, 5]], [8, 5]),
  einsum('i,j,k->ijk', [[2], [3], [4]], [2, 3, 4]),
  einsum('bij,bjk,bkl->bil', [[2, 3, 4], [2, 4, 5], [2, 5, 6]], [2, 3, 6]),
  einsum('ij,jk,ik->i', [[3, 4], [4, 5], [3, 5]], [3]),
  einsum('ij,kl,jl->ik', [[3, 4], [5, 6], [4, 6]], [3, 5]),
  einsum('ab,bc,cd,de->ae', [[2, 3], [3, 4], [4, 5], [5, 6]], [2, 6]),
  // SparseAttention: BNSH copies, rotated copies, probabilities over T; fp16 adds per-head fp32 staging.
  sparseAttentionCase({ B: 1, S: 8, N: 4, Nkv: 2, H: 16, max: 32, block: 8, layouts: 1, total: 8 }),
  sparseAttentionCase({ B: 1, S: 1, N: 4, Nkv: 2, H: 16, max: 32, block: 8, layouts: 1, total: 9 }),
  sparseAttentionCase({ B: 2, S: 1, N: 8, Nkv: 8, H: 32, max: 64, block: 16, layouts: 4, total: 30 }),
  sparseAttentionCase({ B: 1, S: 8, N: 4, Nkv: 2, H: 16, max: 32, block: 8, layouts: 1, total: 8, rotary: true, packed: true }),
  sparseAttentionCase({ B: 1, S: 1, N: 4, Nkv: 2, H: 16, max: 32, block: 8, layouts: 1, total: 9, rotary: true }),
  sparseAttentionCase({ B: 3, S: 3, N: 6, Nkv: 3, H: 48, max: 96, block: 16, layouts: 2, total: 40, threads: 4 }),
  sparseAttentionCase({ B: 1, S: 8, N: 4, Nkv: 2, H: 16, max: 32, block: 8, layouts: 1, total: 8, packed: true, fp16: true }),
  sparseAttentionCase({ B: 2, S: 1, N: 8, Nkv: 2, H: 32, max: 64, block: 16, layouts: 2, total: 30, rotary: true, fp16: true }),
  sparseAttentionCase({ B: 3, S: 3, N: 6, Nkv: 3, H: 48, max: 96, block: 16, layouts: 2, total: 40, fp16: true, threads: 1 }),
  { name: 'STFT frame 64 (a power of two)', spec: { op: 'STFT', inputs: [[F, [2, 512, 1]], [I64, []], [F, [64]], [I64, []]], outputs: [[F, [2, 15, 33, 2]]], constant: [1, 3], values: { 1: [32], 3: [64] } } },
];

const ort = loadOrt();
const l2Bytes = machineL2Bytes();

for (const c of CASES) {
  test(`ORT 1.30 node stats match estimateWorkspace(): ${c.name}`, { skip: ort ? false : 'onnxruntime-node is not loadable here' }, async () => {
    const { bytes, feeds } = probeModel(c);
    const measured = (await measureScratch(bytes, feeds, c.threads ?? THREADS, c.boundOutputs)).get('n');
    const { node: n, io } = buildCase(c.spec);
    const est = estimateWorkspace(n, io, envOf(c.threads ?? THREADS, { l2CacheBytes: l2Bytes, opset: c.opset ?? 17, maxTotalSequenceLength: c.maxTotalSequenceLength }));
    assert.equal(est.bytes, measured, `${c.name}: estimate ${est.bytes} (${est.reason ?? est.state}), ORT ${measured}`);
  });
}

/** The thread-dependent rules at other intra-op thread counts (ORT's DoP is the count asked for). */
const THREAD_SWEEP: OrtCase[] = [
  { name: 'Conv segmented', spec: { op: 'Conv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[F, [1, 32, 56, 56]], [F, [64, 32, 3, 3]]], outputs: [[F, [1, 64, 56, 56]]], constant: [1] } },
  { name: 'Conv depthwise', spec: { op: 'Conv', attrs: { group: 32, pads: [1, 1, 1, 1] }, inputs: [[F, [1, 32, 16, 16]], [F, [32, 1, 3, 3]]], outputs: [[F, [1, 32, 16, 16]]], constant: [1] } },
  { name: 'MultiHeadAttention flash', spec: { op: 'MultiHeadAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 64, 128]], [F, [2, 64, 128]], [F, [2, 64, 128]]], outputs: [[F, [2, 64, 128]]] } },
  { name: 'GroupQueryAttention decode', feeds: { 5: [30], 6: [31] }, spec: gqaCase(1, 1, 8, 4, 32, 30) },
];

for (const threads of [1, 4]) {
  for (const c of THREAD_SWEEP) {
    test(`ORT 1.30 node stats match estimateWorkspace() at ${threads} threads: ${c.name}`, { skip: ort ? false : 'onnxruntime-node is not loadable here' }, async () => {
      const { bytes, feeds } = probeModel(c);
      const measured = (await measureScratch(bytes, feeds, threads)).get('n');
      const { node: n, io } = buildCase(c.spec);
      const est = estimateWorkspace(n, io, envOf(threads, { l2CacheBytes: l2Bytes }));
      assert.equal(est.bytes, measured, `${c.name}: estimate ${est.bytes}, ORT ${measured}`);
    });
  }
}

/**
 * Sequence and optional ops that only wrap or count values: a second node makes or reads the
 * sequence or optional (probe node 'n'); ORT's node statistics give 0 for 'n', as estimateWorkspace does.
 */
const SEQ: Record<string, { nodes: () => ReturnType<typeof node>[]; feeds: boolean; outputs: ReturnType<typeof tensorValue>[]; spec: NodeCase }> = {
  SequenceLength: { nodes: () => [node('SequenceConstruct', ['x', 'x'], ['s'], { name: 'sc' }), node('SequenceLength', ['s'], ['l'], { name: 'n' })], feeds: true, outputs: [tensorValue('l', I64, [])], spec: { op: 'SequenceLength', inputs: [[F, [4, 64]]], outputs: [[I64, []]] } },
  SequenceEmpty: { nodes: () => [node('SequenceEmpty', [], ['e'], { name: 'n' }), node('SequenceLength', ['e'], ['l'], { name: 'sl' })], feeds: false, outputs: [tensorValue('l', I64, [])], spec: { op: 'SequenceEmpty', inputs: [], outputs: [[F, []]] } },
  Optional: { nodes: () => [node('Optional', ['x'], ['o'], { name: 'n' }), node('OptionalHasElement', ['o'], ['h'], { name: 'he' })], feeds: true, outputs: [tensorValue('h', BOOL, [])], spec: { op: 'Optional', inputs: [[F, [4, 64]]], outputs: [[F, [4, 64]]] } },
  OptionalHasElement: { nodes: () => [node('Optional', ['x'], ['o'], { name: 'op' }), node('OptionalHasElement', ['o'], ['h'], { name: 'n' })], feeds: true, outputs: [tensorValue('h', BOOL, [])], spec: { op: 'OptionalHasElement', inputs: [[F, [4, 64]]], outputs: [[BOOL, []]] } },
  OptionalGetElement: { nodes: () => [node('Optional', ['x'], ['o'], { name: 'op' }), node('OptionalGetElement', ['o'], ['y'], { name: 'n' })], feeds: true, outputs: [tensorValue('y', F, [4, 64])], spec: { op: 'OptionalGetElement', inputs: [[F, [4, 64]]], outputs: [[F, [4, 64]]] } },
};

for (const [name, c] of Object.entries(SEQ)) {
  test(`ORT 1.30 node stats match estimateWorkspace(): ${name} (two-node probe)`, { skip: ort ? false : 'onnxruntime-node is not loadable here' }, async () => {
    const bytes = buildModel({ opset: 18, nodes: c.nodes(), inputs: c.feeds ? [tensorValue('x', F, [4, 64])] : [], outputs: c.outputs });
    const measured = (await measureScratch(bytes, c.feeds ? [{ name: 'x', dtype: F, dims: [4, 64] }] : [], THREADS)).get('n');
    const { node: n, io } = buildCase(c.spec);
    const est = estimateWorkspace(n, io, envOf(THREADS, { l2CacheBytes: l2Bytes, opset: 18 }));
    assert.equal(measured, 0, `${name}: ORT ${measured}`);
    assert.equal(est.bytes, measured, `${name}: estimate ${est.bytes} (${est.reason ?? est.state}), ORT ${measured}`);
  });
}
