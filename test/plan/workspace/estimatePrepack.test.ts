import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimatePrepack, packedQgemmBBytes, packedSgemmBBytes } from '../../../src/plan/workspace';
import { buildCase, envOf, matMulNBitsCase, qLinearConvCase, type NodeCase } from './workspaceCase';
import { machineHasAmxInt8 } from '../../../src/ops/workspace/qgemmKernel';

const F = 1;
const F16 = 10;
const U8 = 2;
const S8 = 3;

interface Row {
  name: string;
  spec: NodeCase;
  /** Expected [input, packedBytes] pairs. */
  packs: [string, number | null][];
}

/** Figures from ort-cpu-scratch.md §3 (E rows). */
const ROWS: Row[] = [
  { name: 'MatMul packs a 2-D constant B [64,100] to PB(100,64)', packs: [['in1', 28672]], spec: { op: 'MatMul', inputs: [[F, [8, 64]], [F, [64, 100]]], outputs: [[F, [8, 100]]], constant: [1] } },
  { name: 'MatMul packs B [37,33]', packs: [['in1', 7104]], spec: { op: 'MatMul', inputs: [[F, [8, 37]], [F, [37, 33]]], outputs: [[F, [8, 33]]], constant: [1] } },
  { name: 'MatMul packs B [768,3072]', packs: [['in1', 9437184]], spec: { op: 'MatMul', inputs: [[F, [8, 768]], [F, [768, 3072]]], outputs: [[F, [8, 3072]]], constant: [1] } },
  { name: 'MatMul packs B [5,1] with N padded to 16', packs: [['in1', 320]], spec: { op: 'MatMul', inputs: [[F, [8, 5]], [F, [5, 1]]], outputs: [[F, [8, 1]]], constant: [1] } },
  { name: 'MatMul does not pack a 3-D constant B', packs: [], spec: { op: 'MatMul', inputs: [[F, [2, 8, 5]], [F, [2, 5, 4]]], outputs: [[F, [2, 8, 4]]], constant: [1] } },
  { name: 'MatMul does not pack a fed B', packs: [], spec: { op: 'MatMul', inputs: [[F, [8, 64]], [F, [64, 100]]], outputs: [[F, [8, 100]]] } },
  { name: 'Gemm with transB packs B [50,40] as N=50, K=40', packs: [['in1', 10240]], spec: { op: 'Gemm', attrs: { transB: 1 }, inputs: [[F, [8, 40]], [F, [50, 40]]], outputs: [[F, [8, 50]]], constant: [1] } },
  { name: 'Gemm with transA packs B [40,50]', packs: [['in1', 10240]], spec: { op: 'Gemm', attrs: { transA: 1 }, inputs: [[F, [40, 8]], [F, [40, 50]]], outputs: [[F, [8, 50]]], constant: [1] } },
  { name: 'LSTM packs W and R per direction', packs: [['in1', 2048], ['in2', 4096]], spec: { op: 'LSTM', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [F, [1, 64, 8]], [F, [1, 64, 16]], [F, [1, 128]]], outputs: [[F, [5, 1, 2, 16]]], constant: [1, 2, 3] } },
  { name: 'GRU packs W and R as 2H and H blocks', packs: [['in1', 1536], ['in2', 3072]], spec: { op: 'GRU', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [F, [1, 48, 8]], [F, [1, 48, 16]], [F, [1, 96]]], outputs: [[F, [5, 1, 2, 16]]], constant: [1, 2, 3] } },
  { name: 'ConvTranspose packs a transposed copy of W', packs: [['in1', 1152]], spec: { op: 'ConvTranspose', inputs: [[F, [1, 4, 5, 5]], [F, [4, 8, 3, 3]]], outputs: [[F, [1, 8, 7, 7]]], constant: [1] } },
  { name: 'Attention packs per-head weight slices (head 8 pads to 16 columns)', packs: [['in1', 24576]], spec: { op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [32, 96]], [F, [96]]], outputs: [[F, [2, 8, 32]]], constant: [1, 2] } },
  { name: 'MatMulInteger u8·s8 packs B with PackedK 4', packs: [['in1', 2176]], spec: { op: 'MatMulInteger', inputs: [[U8, [4, 61]], [S8, [61, 32]]], outputs: [[6, [4, 32]]], constant: [1] } },
  { name: 'MatMulInteger u8·u8 packs B with PackedK 2', packs: [['in1', 2112]], spec: { op: 'MatMulInteger', inputs: [[U8, [4, 61]], [U8, [61, 32]]], outputs: [[6, [4, 32]]], constant: [1] } },
  { name: 'QLinearConv u8 weights pack per group for QGEMM', packs: [['in3', 1216]], spec: qLinearConvCase(U8, { 2: [128], 5: [128] }) },
  { name: 'QLinearConv symmetric s8 weights pack to the indirect layout', packs: [['in3', 1152]], spec: qLinearConvCase(S8, { 2: [128], 5: [0] }) },
  { name: 'MatMulNBits 4-bit accuracy 0 packs B for fp32 compute', packs: [['in1', 1024]], spec: matMulNBitsCase(4, 64, 32, 4, 0, F) },
  { name: 'MatMulNBits 4-bit accuracy 4 adds the int8-compute tables', packs: [['in1', 1662]], spec: matMulNBitsCase(4, 64, 32, 4, 4, F) },
  { name: 'MatMulNBits 8-bit accuracy 0 falls back and packs nothing', packs: [], spec: matMulNBitsCase(4, 64, 32, 8, 0, F) },
  { name: 'MatMulNBits fp16 adds an fp32 copy of the scales', packs: [['in1', 1024], ['in2', 256]], spec: matMulNBitsCase(4, 64, 32, 4, 0, F16) },
  { name: 'LayerNormalization fp16 keeps fp32 copies of constant scale and bias', packs: [['in1', 256], ['in2', 256]], spec: { op: 'LayerNormalization', inputs: [[F16, [4, 64]], [F16, [64]], [F16, [64]]], outputs: [[F16, [4, 64]]], constant: [1, 2] } },
  { name: 'LayerNormalization float packs nothing', packs: [], spec: { op: 'LayerNormalization', inputs: [[F, [4, 64]], [F, [64]], [F, [64]]], outputs: [[F, [4, 64]]], constant: [1, 2] } },
  { name: 'Conv float packs nothing', packs: [], spec: { op: 'Conv', inputs: [[F, [1, 8, 16, 16]], [F, [16, 8, 3, 3]]], outputs: [[F, [1, 16, 14, 14]]], constant: [1] } },
];



for (const row of ROWS) {
  test(`estimatePrepack(): ${row.name}`, () => {
    const { node, io } = buildCase(row.spec);
    const r = estimatePrepack(node, io, envOf(2));
    assert.deepEqual(
      r.packs.map((p) => [p.input, p.packedBytes]),
      row.packs,
      r.packs.map((p) => p.reason).join('; '),
    );
  });
}

test('packedSgemmBBytes() pads N to 16 and rounds to 64 bytes', () => {
  assert.equal(packedSgemmBBytes(1, 5), 320);
  assert.equal(packedSgemmBBytes(17, 1), 128);
  assert.equal(packedSgemmBBytes(16, 3), 192);
});

test('packedQgemmBBytes() adds int32 column sums and pads K to PackedK', () => {
  assert.equal(packedQgemmBBytes(32, 61, 4), 2176);
  assert.equal(packedQgemmBBytes(32, 61, 2), 2112);
});

test('estimatePrepack(): an unknown dim of a constant B gives a null pack with the reason', () => {
  const { node, io } = buildCase({ op: 'MatMul', inputs: [[F, [8, 64]], [F, [64, null]]], outputs: [[F, [8, null]]], constant: [1] });
  assert.deepEqual(estimatePrepack(node, io, envOf(2)).packs, [{ input: 'in1', packedBytes: null, reason: "MatMul input 'in1' has an unknown dim 1", releasesOriginal: true }]);
});

test('estimatePrepack(): ops without a prepack rule pack nothing', () => {
  const { node, io } = buildCase({ op: 'Add', inputs: [[F, [4]], [F, [4]]], outputs: [[F, [4]]], constant: [1] });
  assert.deepEqual(estimatePrepack(node, io, envOf(2)), { packs: [] });
});

test('estimatePrepack(): kernels with implementation-defined packs report null sizes with the reason', () => {
  const { node, io } = buildCase({ op: 'QMoE', domain: 'com.microsoft', inputs: [[F, [4, 16]], [F, [4, 2]], [U8, [2, 32, 8]], null, null, [U8, [2, 16, 16]]], outputs: [[F, [4, 16]]], constant: [2, 5] });
  const reason = 'com.microsoft::QMoE pack size is implementation-defined';
  assert.deepEqual(estimatePrepack(node, io, envOf(2)).packs, [
    { input: 'in2', packedBytes: null, reason, releasesOriginal: true },
    { input: 'in5', packedBytes: null, reason, releasesOriginal: true },
  ]);
});

test('estimatePrepack(): DynamicQuantizeLSTM packs W [D, I, 4H] and R [D, H, 4H] as QGEMM B of 4H columns per direction', () => {
  // u8·s8 with PackedK 4 (AVX2/AVX-512): QB(64, 8) = 768 and QB(64, 16) = 1,280, 2,048 in all as ORT's
  // arena measured on an EPYC; with MLAS's AMX kernel (PackedK 64) both are QB(64, 64) = 4,352, as
  // measured on a Xeon with AMX (ortPrepack.test.ts). The report follows the machine it runs on.
  const { node, io } = buildCase({ op: 'DynamicQuantizeLSTM', domain: 'com.microsoft', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [S8, [1, 8, 64]], [S8, [1, 16, 64]]], outputs: [[F, [5, 1, 2, 16]]], constant: [1, 2] });
  const expected = machineHasAmxInt8() ? [['in1', 4352], ['in2', 4352]] : [['in1', 768], ['in2', 1280]];
  assert.deepEqual(estimatePrepack(node, io, envOf(2)).packs.map((p) => [p.input, p.packedBytes]), expected);
});
