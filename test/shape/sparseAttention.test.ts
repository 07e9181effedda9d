/**
 * com.microsoft SparseAttention (ORT GenAI's block-sparse attention): shapes, scratch and the arena
 * split as ORT 1.30 gives them. The scratch figures are checked against ORT's node statistics in
 * test/plan/workspace/ortScratch.test.ts (present bound to past, as the kernel requires); these run
 * without ORT.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport } from '../../src/analyze/buildReport';
import { buildModel, DataType, node, tensor, tensorValue, attr } from '../support/onnxBuilder';
import { sparseAttentionSplit } from '../../src/ops/scratchFacts';

const F = DataType.FLOAT;
const I32 = DataType.INT32;

/** One SparseAttention node: B 1, S 8, 4 heads over 2 KV heads of 16, a 32-step cache, block 8. */
function model(o: { packed?: boolean; rotary?: boolean; dtype?: number } = {}): Uint8Array {
  const T = o.dtype ?? F;
  const inputs = ['q', o.packed ? '' : 'k', o.packed ? '' : 'v', 'past_k', 'past_v', 'rows', 'cols', 'total', 'lens', ...(o.rotary ? ['cos', 'sin'] : [])];
  return buildModel({
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('SparseAttention', inputs, ['y', 'present_k', 'present_v'], {
        name: 'sa', domain: 'com.microsoft',
        attrs: [attr.int('num_heads', 4), attr.int('kv_num_heads', 2), attr.int('sparse_block_size', 8), ...(o.rotary ? [attr.int('do_rotary', 1)] : [])],
      }),
      node('Relu', ['y'], ['out'], { name: 'after' }),
    ],
    inputs: [
      tensorValue('q', T, [1, 8, o.packed ? 128 : 64]),
      ...(o.packed ? [] : [tensorValue('k', T, [1, 8, 32]), tensorValue('v', T, [1, 8, 32])]),
      tensorValue('past_k', T, [1, 2, 32, 16]), tensorValue('past_v', T, [1, 2, 32, 16]),
      tensorValue('total', I32, [1]), tensorValue('lens', I32, [1]),
    ],
    outputs: [tensorValue('out', T, null), tensorValue('present_k', T, null), tensorValue('present_v', T, null)],
    initializers: [
      tensor('rows', I32, [1, 5], { values: [0, 1, 3, 6, 10] }),
      tensor('cols', I32, [1, 10], { values: [0, 0, 1, 0, 1, 2, 0, 1, 2, 3] }),
      ...(o.rotary ? [tensor('cos', T, [32, 8]), tensor('sin', T, [32, 8])] : []),
    ],
  });
}

function report(bytes: Uint8Array, values: Record<string, number[]> = {}) {
  return buildReport({ filePath: '/virtual/sa.onnx', model: decodeModelBytes(bytes, { fileName: 'sa.onnx' }).model, fileBytes: bytes.length }, { values });
}

test('SparseAttention shapes its output as the query (or N heads of a packed QKV) and present key/value as the past buffers', () => {
  for (const packed of [false, true]) {
    const g = report(model({ packed }), { total: [8] }).graphs[0]!;
    const v = (name: string) => g.values.find((x) => x.name === name)!;
    assert.equal(v('y').bytes, 1 * 8 * 64 * 4, `packed ${packed}`);
    assert.equal(v('present_k').bytes, 1 * 2 * 32 * 16 * 4);
    assert.equal(v('present_v').bytes, 1 * 2 * 32 * 16 * 4);
  }
});

test('SparseAttention scratch: BNSH copies, rotated copies and probabilities over the total length; bounded by the cache length until the total is given', () => {
  const step = (bytes: Uint8Array, values: Record<string, number[]> = {}) => report(bytes, values).graphs[0]!.steps.find((s) => s.node === 'sa')!;
  // Q 4·8·16, K and V 2·8·16 floats; probabilities 4·8·T floats (ORT 1.30 gave 5,120 B at T = 8).
  const known = step(model(), { total: [8] });
  assert.equal(known.workspaceBytes, 5_120);
  assert.equal(known.workspaceReason, null);
  const bound = step(model());
  assert.equal(bound.workspaceBytes, (512 + 2 * 256) * 4 + 4 * 8 * 32 * 4);
  assert.match(bound.workspaceReason ?? '', /bounded by the past buffer length 32/);
  // Rotary with packed QKV: one more packed-size copy (ORT 1.30: 9,216 B).
  assert.equal(step(model({ packed: true, rotary: true }), { total: [8] }).workspaceBytes, 9_216);
  // fp16: the same buffers in fp16 plus per-head fp32 staging 8·S·H + 2·S·T + 8·T·H (ORT 1.30: 11,264 B packed).
  assert.equal(step(model({ packed: true, dtype: DataType.FLOAT16 }), { total: [8] }).workspaceBytes, 11_264);
});

test('SparseAttention arena split: the copies, the rotated copies, then the probabilities, after the outputs; fp16 is not split', () => {
  const q = [1, 8, 64];
  const past = [1, 2, 32, 16];
  const shapes = [q, [1, 8, 32], [1, 8, 32], past, past];
  assert.deepEqual(sparseAttentionSplit(5_120, [], [2048], shapes), { before: [], after: [2048, 1024, 1024, 1024] });
  assert.deepEqual(sparseAttentionSplit(8_192, [], [2048], shapes, [], { do_rotary: '1' }), { before: [], after: [2048, 1024, 1024, 2048, 1024, 1024] });
  const packed = [[1, 8, 128], null, null, past, past];
  assert.deepEqual(sparseAttentionSplit(5_120, [], [4096], packed), { before: [], after: [4096, 1024] });
  // A total the split cannot explain, and fp16 inputs (2 bytes an element), give no split.
  assert.equal(sparseAttentionSplit(5_000, [], [2048], shapes), null);
  assert.equal(sparseAttentionSplit(11_264, [], [2048], packed), null);
});

test('a report with SparseAttention replays the arena through its step', () => {
  const g = report(model(), { total: [8] }).graphs[0]!;
  const s = g.steps.find((x) => x.node === 'sa')!;
  assert.equal(typeof s.arenaInUseBytes, 'number', s.arenaReason ?? '');
  assert.equal(typeof g.steps.find((x) => x.node === 'after')!.arenaHeldBytes, 'number');
});
