/**
 * ORT check for prepack: in a single-node model, the arena bytes requested and in use at the
 * node's profile event, minus its outputs and minus the small initializers ORT reserves in the
 * arena (<= 127 B), are the packed copies (ort-cpu-scratch.md §5). They must equal the sum of
 * estimatePrepack() for the node.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportFromFile } from '../../../src/analyze/buildReport';
import { tensorByteSize } from '../../../src/onnx/dataType';
import { estimateInitialization, estimatePrepack } from '../../../src/plan/workspace';
import { buildModel, node as onnxNode, tensor, tensorValue } from '../../support/onnxBuilder';
import { loadOrt, measureRequestedBesideOutputs } from './ortScratchRunner';
import { probeModel, type OrtCase } from './probeModel';
import { buildCase, envOf, matMulNBitsCase, qLinearConvCase, type NodeCase } from './workspaceCase';

const F = 1;
const F16 = 10;
const U8 = 2;
const S8 = 3;
const THREADS = 2;
/** ORT reserves initializers up to this size inside the arena (kSmallTensorExternalDataThreshold). */
const SMALL_INITIALIZER_MAX_BYTES = 127;



const CASES: OrtCase[] = [
  { name: 'MatMul B [64,100]', spec: { op: 'MatMul', inputs: [[F, [8, 64]], [F, [64, 100]]], outputs: [[F, [8, 100]]], constant: [1] } },
  { name: 'MatMul B [37,33]', spec: { op: 'MatMul', inputs: [[F, [8, 37]], [F, [37, 33]]], outputs: [[F, [8, 33]]], constant: [1] } },
  { name: 'Gemm transB [50,40]', spec: { op: 'Gemm', attrs: { transB: 1 }, inputs: [[F, [8, 40]], [F, [50, 40]]], outputs: [[F, [8, 50]]], constant: [1] } },
  { name: 'LSTM W and R', spec: { op: 'LSTM', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [F, [1, 64, 8]], [F, [1, 64, 16]]], outputs: [[F, [5, 1, 2, 16]]], constant: [1, 2] } },
  { name: 'GRU W and R', spec: { op: 'GRU', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [F, [1, 48, 8]], [F, [1, 48, 16]]], outputs: [[F, [5, 1, 2, 16]]], constant: [1, 2] } },
  { name: 'ConvTranspose W', spec: { op: 'ConvTranspose', inputs: [[F, [1, 4, 5, 5]], [F, [4, 8, 3, 3]]], outputs: [[F, [1, 8, 7, 7]]], constant: [1] } },
  { name: 'com.microsoft ConvTransposeWithDynamicPads W (ConvTranspose\'s pack)', feeds: { 2: [1, 1, 1, 1] }, spec: { op: 'ConvTransposeWithDynamicPads', domain: 'com.microsoft', attrs: { strides: [2, 2] }, inputs: [[F, [1, 40, 8, 8]], [F, [40, 60, 3, 3]], [7, [4]]], outputs: [[F, [1, 60, 15, 15]]], constant: [1] } },
  { name: 'Attention weights', spec: { op: 'Attention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[F, [2, 8, 32]], [F, [32, 96]], [F, [96]]], outputs: [[F, [2, 8, 32]]], constant: [1, 2] } },
  { name: 'MatMulInteger u8·s8', spec: { op: 'MatMulInteger', inputs: [[U8, [4, 61]], [S8, [61, 32]]], outputs: [[6, [4, 32]]], constant: [1] } },
  { name: 'MatMulInteger u8·u8', spec: { op: 'MatMulInteger', inputs: [[U8, [4, 61]], [U8, [61, 32]]], outputs: [[6, [4, 32]]], constant: [1] } },
  { name: 'QLinearConv u8 weights', spec: qLinearConvCase(U8, { 1: [1], 2: [128], 4: [1], 5: [128], 6: [1], 7: [0] }) },
  { name: 'QLinearConv symmetric s8 weights', spec: qLinearConvCase(S8, { 1: [1], 2: [128], 4: [1], 5: [0], 6: [1], 7: [0] }) },
  { name: 'MatMulNBits 4-bit accuracy 0', spec: matMulNBitsCase(4, 64, 32, 4, 0) },
  { name: 'MatMulNBits 4-bit accuracy 4', spec: matMulNBitsCase(4, 64, 32, 4, 4) },
  { name: 'LayerNormalization fp16 constant scale and bias', spec: { op: 'LayerNormalization', inputs: [[F16, [4, 64]], [F16, [64]], [F16, [64]]], outputs: [[F16, [4, 64]]], constant: [1, 2] } },
  { name: 'RMSNormalization fp16 constant scale', opset: 23, spec: { op: 'RMSNormalization', inputs: [[F16, [4, 64]], [F16, [64]]], outputs: [[F16, [4, 64]]], constant: [1] } },
  { name: 'SkipLayerNormalization fp16 constant gamma and beta', spec: { op: 'SkipLayerNormalization', domain: 'com.microsoft', inputs: [[F16, [4, 64]], [F16, [4, 64]], [F16, [64]], [F16, [64]]], outputs: [[F16, [4, 64]]], constant: [2, 3] } },
  { name: 'MatMulNBits fp16 adds fp32 scales', spec: { op: 'MatMulNBits', domain: 'com.microsoft', attrs: { K: 64, N: 32, bits: 4, block_size: 32, accuracy_level: 0 }, inputs: [[F16, [4, 64]], [U8, [32, 2, 16]], [F16, [64]]], outputs: [[F16, [4, 32]]], constant: [1, 2] } },
  { name: 'LSTM bidirectional', spec: { op: 'LSTM', attrs: { hidden_size: 20, direction: 'bidirectional' }, inputs: [[F, [7, 3, 10]], [F, [2, 80, 10]], [F, [2, 80, 20]]], outputs: [[F, [7, 2, 3, 20]]], constant: [1, 2] } },
  { name: 'GRU bidirectional', spec: { op: 'GRU', attrs: { hidden_size: 20, direction: 'bidirectional' }, inputs: [[F, [6, 3, 10]], [F, [2, 60, 10]], [F, [2, 60, 20]]], outputs: [[F, [6, 2, 3, 20]]], constant: [1, 2] } },
  { name: 'QLinearMatMul u8·s8', spec: { op: 'QLinearMatMul', inputs: [[U8, [4, 61]], [F, []], [U8, []], [S8, [61, 32]], [F, []], [S8, []], [F, []], [U8, []]], outputs: [[U8, [4, 32]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 4: [1], 6: [1] } } },
  { name: 'DynamicQuantizeMatMul s8 B', spec: { op: 'DynamicQuantizeMatMul', domain: 'com.microsoft', inputs: [[F, [4, 61]], [S8, [61, 32]], [F, [1]]], outputs: [[F, [4, 32]]], constant: [1, 2], values: { 2: [1] } } },
  { name: 'QLinearConv u8 depthwise keeps a reordered copy', spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1], group: 16 }, inputs: [[U8, [1, 16, 16, 16]], [F, []], [U8, []], [U8, [16, 1, 3, 3]], [F, []], [U8, []], [F, []], [U8, []]], outputs: [[U8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [128], 4: [1], 5: [128], 6: [1], 7: [0] } } },
  { name: 'QLinearConv symmetric s8 weights over 3 channels (no indirect kernel)', spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[U8, [1, 3, 16, 16]], [F, []], [U8, []], [S8, [16, 3, 3, 3]], [F, []], [S8, []], [F, []], [U8, []]], outputs: [[U8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [128], 4: [1], 5: [0], 6: [1], 7: [0] } } },
  { name: 'QLinearConv s8 activations, symmetric s8 weights', spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[S8, [1, 8, 16, 16]], [F, []], [S8, []], [S8, [16, 8, 3, 3]], [F, []], [S8, []], [F, []], [S8, []]], outputs: [[S8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [0], 4: [1], 5: [0], 6: [1], 7: [0] } } },
  { name: 'QLinearConv s8 activations, symmetric s8 weights over 3 channels', spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1] }, inputs: [[S8, [1, 3, 16, 16]], [F, []], [S8, []], [S8, [16, 3, 3, 3]], [F, []], [S8, []], [F, []], [S8, []]], outputs: [[S8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [0], 4: [1], 5: [0], 6: [1], 7: [0] } } },
  { name: 'QLinearConv s8 activations, symmetric s8 depthwise', spec: { op: 'QLinearConv', attrs: { pads: [1, 1, 1, 1], group: 16 }, inputs: [[S8, [1, 16, 16, 16]], [F, []], [S8, []], [S8, [16, 1, 3, 3]], [F, []], [S8, []], [F, []], [S8, []]], outputs: [[S8, [1, 16, 16, 16]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 2: [0], 4: [1], 5: [0], 6: [1], 7: [0] } } },
  { name: 'QGemm u8·s8 transB, u8 output', spec: { op: 'QGemm', domain: 'com.microsoft', attrs: { transB: 1 }, inputs: [[U8, [4, 61]], [F, []], [U8, []], [S8, [32, 61]], [F, []], [S8, []], [6, [32]], [F, []], [U8, []]], outputs: [[U8, [4, 32]]], constant: [1, 2, 3, 4, 5, 6, 7, 8], values: { 1: [1], 2: [128], 4: [1], 5: [0], 7: [1], 8: [0] } } },
  { name: 'QGemm u8·s8, float output', spec: { op: 'QGemm', domain: 'com.microsoft', attrs: {}, inputs: [[U8, [4, 61]], [F, []], [U8, []], [S8, [61, 32]], [F, []], [S8, []]], outputs: [[F, [4, 32]]], constant: [1, 2, 3, 4, 5], values: { 1: [1], 2: [128], 4: [1], 5: [0] } } },
  { name: 'QGemm u8·u8 transB with bias, u8 output', spec: { op: 'QGemm', domain: 'com.microsoft', attrs: { transB: 1 }, inputs: [[U8, [4, 61]], [F, []], [U8, []], [U8, [32, 61]], [F, []], [U8, []], [6, [32]], [F, []], [U8, []]], outputs: [[U8, [4, 32]]], constant: [1, 2, 3, 4, 5, 6, 7, 8], values: { 1: [1], 2: [128], 4: [1], 5: [128], 7: [1], 8: [0] } } },
  { name: 'QAttention u8·s8 weights, per head', spec: { op: 'QAttention', domain: 'com.microsoft', attrs: { num_heads: 4 }, inputs: [[U8, [2, 8, 32]], [S8, [32, 96]], [F, [96]], [F, []], [F, []], null, [U8, []], [S8, []]], outputs: [[F, [2, 8, 32]]], constant: [1, 2, 3, 4, 6, 7], values: { 3: [0.02], 4: [0.01], 6: [128], 7: [0] } } },
  { name: 'QAttention u8·u8 weights, 2 heads of 24', spec: { op: 'QAttention', domain: 'com.microsoft', attrs: { num_heads: 2 }, inputs: [[U8, [1, 4, 40]], [U8, [40, 144]], [F, [144]], [F, []], [F, []], null, [U8, []], [U8, []]], outputs: [[F, [1, 4, 48]]], constant: [1, 2, 3, 4, 6, 7], values: { 3: [0.02], 4: [0.01], 6: [128], 7: [128] } } },
  { name: 'DynamicQuantizeLSTM s8 W and R', spec: { op: 'DynamicQuantizeLSTM', domain: 'com.microsoft', attrs: { hidden_size: 16 }, inputs: [[F, [5, 2, 8]], [S8, [1, 8, 64]], [S8, [1, 16, 64]], null, null, null, null, null, [F, [1]], [S8, [1]], [F, [1]], [S8, [1]]], outputs: [[F, [5, 1, 2, 16]]], constant: [1, 2, 8, 9, 10, 11], values: { 1: distinctInt8(512, 37), 2: distinctInt8(1024, 53), 8: [0.01], 10: [0.01] } } },
  { name: 'DynamicQuantizeLSTM u8 bidirectional, K not a pack multiple', spec: { op: 'DynamicQuantizeLSTM', domain: 'com.microsoft', attrs: { hidden_size: 20, direction: 'bidirectional' }, inputs: [[F, [7, 3, 10]], [U8, [2, 10, 80]], [U8, [2, 20, 80]], null, null, null, null, null, [F, [2]], [U8, [2]], [F, [2]], [U8, [2]]], outputs: [[F, [7, 2, 3, 20]]], constant: [1, 2, 8, 9, 10, 11], values: { 8: [0.01, 0.01], 10: [0.01, 0.01] } } },
  // A signed A: MLAS packs B only on CPUs with AVX-VNNI-INT8 (qgemmKernel.ts); elsewhere nothing.
  { name: 'MatMulInteger s8·s8', spec: { op: 'MatMulInteger', inputs: [[S8, [4, 130]], [S8, [130, 48]]], outputs: [[6, [4, 48]]], constant: [1], values: { 1: distinctInt8(130 * 48, 37) } } },
  { name: 'QLinearMatMul s8·s8', spec: { op: 'QLinearMatMul', inputs: [[S8, [4, 61]], [F, []], [S8, []], [S8, [61, 32]], [F, []], [S8, []], [F, []], [S8, []]], outputs: [[S8, [4, 32]]], constant: [1, 2, 3, 4, 5, 6, 7], values: { 1: [1], 3: distinctInt8(61 * 32, 37), 4: [1], 6: [1] } } },
  { name: 'QGemm s8·s8, float output', spec: { op: 'QGemm', domain: 'com.microsoft', inputs: [[S8, [4, 61]], [F, []], [S8, []], [S8, [61, 32]], [F, []], [S8, []]], outputs: [[F, [4, 32]]], constant: [1, 2, 3, 4, 5], values: { 1: [1], 3: distinctInt8(61 * 32, 37), 4: [1] } } },
  { name: 'MatMulIntegerToFloat s8·s8', spec: { op: 'MatMulIntegerToFloat', domain: 'com.microsoft', inputs: [[S8, [4, 130]], [S8, [130, 48]], [F, []], [F, []]], outputs: [[F, [4, 48]]], constant: [1, 2, 3], values: { 1: distinctInt8(130 * 48, 37), 2: [1], 3: [1] } } },
  { name: 'MatMul with a 3-D constant B packs nothing', spec: { op: 'MatMul', inputs: [[F, [2, 8, 64]], [F, [2, 64, 100]]], outputs: [[F, [2, 8, 100]]], constant: [1] } },
];

/**
 * Int8 weights of distinct contents: ORT 1.30 keeps one copy of packs with the same bytes, and
 * zero W and R of [1, 8, 64] and [1, 16, 64] pack to the same 4,352 bytes where K is padded to 64
 * (MLAS's AMX kernel), so zero weights measured one pack there (4,362 B against 8,714 B).
 */
function distinctInt8(count: number, salt: number): number[] {
  return Array.from({ length: count }, (_, j) => ((j * salt) % 64) - 32);
}

/** Bytes of the constant inputs small enough to be reserved inside the arena. */
function smallInitializerBytes(spec: NodeCase): number {
  let total = 0;
  for (const i of spec.constant ?? []) {
    const d = spec.inputs[i];
    if (!d) continue;
    const bytes = tensorByteSize(d[0], (d[1] as number[]).reduce((a, b) => a * b, 1)) ?? 0;
    if (bytes <= SMALL_INITIALIZER_MAX_BYTES) total += bytes;
  }
  return total;
}

const ort = loadOrt();

for (const c of CASES) {
  test(`ORT 1.30 arena bytes at init match estimatePrepack(): ${c.name}`, { skip: ort ? false : 'onnxruntime-node is not loadable here' }, async () => {
    const { bytes, feeds } = probeModel(c);
    const measured = (await measureRequestedBesideOutputs(bytes, feeds, THREADS)) - smallInitializerBytes(c.spec);
    const { node, io } = buildCase(c.spec);
    const packs = estimatePrepack(node, io, envOf(THREADS)).packs;
    const estimated = packs.reduce((sum, p) => sum + (p.packedBytes ?? Number.NaN), 0);
    assert.equal(estimated, measured, `${c.name}: estimate ${packs.map((p) => `${p.input}=${p.packedBytes}`).join(', ')}, ORT ${measured}`);
  });
}

/** Two nodes reading one 64x100 float W: ORT keys packs by op type plus content. */
function twoReaders(first: string, second: string): Uint8Array {
  return buildModel({
    nodes: [onnxNode(first, ['X', 'W'], ['Y1'], { name: 'a' }), onnxNode(second, ['X', 'W'], ['Y2'], { name: 'b' })],
    inputs: [tensorValue('X', F, [8, 64])],
    outputs: [tensorValue('Y1', F, null), tensorValue('Y2', F, null)],
    initializers: [tensor('W', F, [64, 100])],
  });
}

for (const [first, second] of [['MatMul', 'MatMul'], ['MatMul', 'Gemm']]) {
  test(`ORT 1.30 arena bytes at init match estimateInitialization(): ${first} and ${second} on one W`, { skip: ort ? false : 'onnxruntime-node is not loadable here' }, async () => {
    const measured = await measureRequestedBesideOutputs(twoReaders(first, second), [{ name: 'X', dtype: F, dims: [8, 64] }], THREADS);
    const io = {
      inputs: [{ dtype: F, dims: [8, 64] }, { dtype: F, dims: [64, 100] }],
      outputs: [{ dtype: F, dims: [8, 100] }],
      isConstant: (n: string) => n === 'W',
      isGraphOutput: () => false,
    };
    const steps = [first, second].map((opType, step) => ({ step, node: { opType, domain: '', attributes: [], inputs: ['X', 'W'], outputs: [`Y${step + 1}`] }, io }));
    const r = estimateInitialization(new Map([['W', { byteSize: 64 * 100 * 4 }]]), steps, { graphOutputs: [] }, envOf(THREADS));
    // Both readers pack W, so the original is dropped and only packed copies stay.
    assert.equal(r.initializerBytesAfterPrepack, measured);
  });
}

/** MatMul reading W [64,100]; `wIsInput` also lists W as a graph input (overridable from IR 4). */
function matMulWithW(irVersion: number, wIsInput: boolean): Uint8Array {
  return buildModel({
    irVersion,
    nodes: [onnxNode('MatMul', ['X', 'W'], ['Y'], { name: 'mm' })],
    inputs: [tensorValue('X', F, [8, 64]), ...(wIsInput ? [tensorValue('W', F, [64, 100])] : [])],
    outputs: [tensorValue('Y', F, null)],
    initializers: [tensor('W', F, [64, 100])],
  });
}

for (const [irVersion, wIsInput, isPacked] of [[8, true, false], [8, false, true], [3, true, true]] as const) {
  const what = `IR ${irVersion}, W ${wIsInput ? 'also a graph input' : 'only an initializer'}`;
  test(`ORT 1.30 prepacks an initializer only when it cannot be overridden, and so does the report: ${what}`, { skip: ort ? false : 'onnxruntime-node is not loadable here' }, async () => {
    const bytes = matMulWithW(irVersion, wIsInput);
    const measured = await measureRequestedBesideOutputs(bytes, [{ name: 'X', dtype: F, dims: [8, 64] }], THREADS);
    const dir = mkdtempSync(join(tmpdir(), 'oml-prepack-'));
    try {
      const file = join(dir, 'm.onnx');
      writeFileSync(file, bytes);
      const init = reportFromFile(file).graphs[0]!.initialization!;
      const packed = init.prepack.reduce((sum, p) => sum + (p.packedBytes ?? Number.NaN), 0);
      assert.equal(packed, measured, `${what}: report packs ${packed} B, ORT ${measured} B`);
      assert.equal(init.prepack.length > 0, isPacked);
      assert.equal(init.initializerBytesAfterPrepack, isPacked ? measured : 64 * 100 * 4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
