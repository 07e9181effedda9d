/**
 * Older com.microsoft CPU ops (CropAndResize, UnfoldTensor, WordConvEmbedding, DynamicTimeWarping,
 * MatMulInteger16): shapes and scratch as ORT 1.30 gives them. The generated oracle model
 * `older_contrib_ops` checks the same ops against ORT's profile and arena; these run without ORT.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport } from '../../src/analyze/buildReport';
import { buildModel, DataType, node, tensor, tensorValue, attr } from '../support/onnxBuilder';
import { wordConvEmbeddingBuffers } from '../../src/ops/workspace/tensorWorkspace';
import { wordConvEmbeddingSplit } from '../../src/ops/scratchFacts';
import { qgemmPackedKFor } from '../../src/ops/workspace/qgemmKernel';

const F = DataType.FLOAT;
const I32 = DataType.INT32;
const ms = { domain: 'com.microsoft' };

function report(bytes: Uint8Array, bindings: Record<string, number> = {}) {
  return buildReport({ filePath: '/virtual/m.onnx', model: decodeModelBytes(bytes, { fileName: 'm.onnx' }).model, fileBytes: bytes.length }, { bindings });
}

test('UnfoldTensor, CropAndResize, WordConvEmbedding and MatMulInteger16 shape their outputs as ORT 1.30 does', () => {
  const bytes = buildModel({
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('UnfoldTensor', ['u'], ['w1'], { name: 'unfold', ...ms, attrs: [attr.int('dim', 1), attr.int('size', 5), attr.int('step', 3)] }),
      node('UnfoldTensor', ['u'], ['w2'], { name: 'unfold_last', ...ms, attrs: [attr.int('size', 3)] }),
      node('CropAndResize', ['x', 'rois', 'bi', 'crop'], ['c'], { name: 'crop', ...ms }),
      node('WordConvEmbedding', ['seq', 'wc', 'bc', 'emb'], ['we'], { name: 'wce', ...ms }),
      node('MatMulInteger16', ['a', 'b'], ['mi'], { name: 'mmi', ...ms }),
    ],
    inputs: [tensorValue('u', F, [4, 50, 8]), tensorValue('x', F, [2, 16, 32, 32]), tensorValue('rois', F, [3, 4]), tensorValue('bi', I32, [3]), tensorValue('seq', I32, [20, 10]), tensorValue('a', DataType.INT16, [3, 40, 50])],
    outputs: ['w1', 'w2', 'c', 'we', 'mi'].map((n) => tensorValue(n, n === 'mi' ? I32 : F, null)),
    initializers: [tensor('crop', I32, [2], { values: [7, 9] }), tensor('wc', F, [32, 1, 3, 16]), tensor('bc', F, [32]), tensor('emb', F, [100, 16]), tensor('b', DataType.INT16, [50, 60])],
  });
  const g = report(bytes).graphs[0]!;
  const v = (name: string) => g.values.find((x) => x.name === name)!;
  // Shapes read off ORT 1.30's outputs for the same nodes: [4,16,8,5], [4,50,6,3], [3,16,7,9], [20,32], [3,40,60].
  assert.equal(v('w1').bytes, 4 * 16 * 8 * 5 * 4);
  assert.equal(v('w2').bytes, 4 * 50 * 6 * 3 * 4);
  assert.equal(v('c').bytes, 3 * 16 * 7 * 9 * 4);
  assert.equal(v('we').bytes, 20 * 32 * 4);
  assert.equal(v('mi').bytes, 3 * 40 * 60 * 4);
  // WordConvEmbedding's five buffers: ORT 1.30's node statistics gave 84,560 B for this node.
  assert.equal(g.steps.find((s) => s.node === 'wce')!.workspaceBytes, 84_560);
});

test("DynamicTimeWarping's path length is unavailable with a reason until it is bound", () => {
  const bytes = buildModel({
    opsets: { 'com.microsoft': 1 },
    nodes: [node('DynamicTimeWarping', ['cost'], ['path'], { name: 'dtw', ...ms })],
    inputs: [tensorValue('cost', F, [60, 80])],
    outputs: [tensorValue('path', I32, null)],
  });
  const unbound = report(bytes).graphs[0]!.values.find((x) => x.name === 'path')!;
  assert.equal(unbound.bytes, null);
  assert.match(unbound.unavailableReason ?? '', /path length/);
  const bound = report(bytes, { 'dtw.path length': 139 }).graphs[0]!.values.find((x) => x.name === 'path')!;
  assert.equal(bound.bytes, 2 * 139 * 4);
});

test('WordConvEmbedding splits its scratch into its five buffers after Y, and none when the window is wider than a word', () => {
  const buffers = wordConvEmbeddingBuffers([20, 10], [32, 1, 3, 16])!;
  assert.deepEqual(buffers, [12_800, 80, 30_720, 20_480, 20_480]);
  assert.deepEqual(wordConvEmbeddingSplit(84_560, [2_560], [800, 6_144, 128, 6_400], [[20, 10], [32, 1, 3, 16], [32], [100, 16]]), { before: [], after: buffers });
  assert.equal(wordConvEmbeddingSplit(84_000, [2_560], [800, 6_144, 128, 6_400], [[20, 10], [32, 1, 3, 16], [32], [100, 16]]), null, 'a total the buffers do not sum to');
  assert.equal(wordConvEmbeddingBuffers([20, 2], [32, 1, 3, 16]), null);
});

test('QGEMM packed-K: u8·u8 packs 2 on every x64 kernel, u8·s8 4 or (with AMX) 64, other pairs are not modelled', () => {
  assert.equal(qgemmPackedKFor(DataType.UINT8, DataType.UINT8), 2);
  assert.ok([4, 64].includes(qgemmPackedKFor(DataType.UINT8, DataType.INT8)!));
  // A signed A packs nothing (0) on x64 without AVX-VNNI-INT8, and is not modelled (null) elsewhere.
  assert.ok([0, null].includes(qgemmPackedKFor(DataType.INT8, DataType.INT8)));
  assert.equal(qgemmPackedKFor(DataType.UINT8, DataType.FLOAT), null);
});
