import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atMostBuffersAfterOutputs, contribAttention, deformConvColumnsThenPlan, dftBuffers, einsumIntermediates, onlyFirstOutput, resizeTables, stftFrameBuffers, twoSelectionsBeforeOutputs, variadicIntermediates, dynamicQuantizeLstmBuffers, exactOrAtMostBuffers, gruBuffers, lstmBuffers, rnnBuffers, type ScratchSplit } from '../../src/ops/scratchFacts';
import { findOp } from '../../src/ops/registry';

test('a bounded split after the outputs carries the total and the buffer count; onlyFirstOutput refuses a node with a later output', () => {
  assert.deepEqual(atMostBuffersAfterOutputs(6)(1000, [512], [], []), { before: [], after: [], afterOutputsUnordered: { totalBytes: 1000, maxBuffers: 6 } });
  const first = onlyFirstOutput(atMostBuffersAfterOutputs(6));
  assert.notEqual(first(1000, [512, 0], [], []), null, 'an absent second output (0 bytes) is fine');
  assert.equal(first(1000, [512, 256], [], []), null);
});

test('contrib Attention: the QKV GEMM buffer (B·S·(2D+Dv) floats, from input, weights and bias sizes) is held from after Y, the rest comes after present', () => {
  // B1 S3 Din 64, 2D+Dv = 192: input 768 floats, weights 64×192, bias 192 → GEMM 1·3·192·4 = 2,304 B.
  const ib = 1 * 3 * 64 * 4;
  const wb = 64 * 192 * 4;
  const bb = 192 * 4;
  assert.deepEqual(contribAttention(6272, [768, 4096], [ib, wb, bb, 12, 2048], []), {
    before: [],
    after: [],
    heldFromOutput: { outputsBefore: 1, bytes: 2304 },
    afterOutputsUnordered: { totalBytes: 6272 - 2304, maxBuffers: 4 },
  });
  // Without present, everything comes after Y; without a bias (sizes not derivable), no split.
  assert.deepEqual(contribAttention(6272, [768, 0], [ib, wb, 0], []), { before: [], after: [], afterOutputsUnordered: { totalBytes: 6272, maxBuffers: 6 } });
  assert.equal(contribAttention(6272, [768, 4096], [ib, wb, 0], []), null);
});

test('DFT (Bluestein): buffers of at least 64 bytes each, so at most total / 64 of them', () => {
  // n = 5 over 4 signals: M = 16 complex floats (128 B), 3 + 2·4 = 11 buffers, 1,408 B; the bound allows 22.
  assert.deepEqual(dftBuffers(1408, [160], [], []), { before: [], after: [], afterOutputsUnordered: { totalBytes: 1408, maxBuffers: 22 } });
});

test('Where: the X selection (condition broadcast with X), then the Y selection, each of its own size; unknown dims give no split', () => {
  const where = twoSelectionsBeforeOutputs(1, 2);
  // cond [4, 1], X [1], Y [4, 65536] floats: 4 and 262,144 elements.
  assert.deepEqual(where((4 + 262144) * 4, [1048576], [4, 4, 1048576], [[4, 1], [1], [4, 65536]]), { before: [16, 1048576], after: [] });
  // X and Y the same shape: two equal buffers.
  assert.deepEqual(where(2 * 24 * 4, [96], [24, 96, 96], [[2, 3, 4], [2, 3, 4], [2, 3, 4]]), { before: [96, 96], after: [] });
  // QLinearWhere reads Y at input 4.
  assert.deepEqual(twoSelectionsBeforeOutputs(1, 4)(64 + 4, [64], [], [[4, 1], [1, 16], null, null, [1]]), { before: [64, 4], after: [] });
  assert.equal(where(100, [96], [], [[2, 'n'], [2, 3], [2, 3]]), null);
  assert.equal(where(100, [96], [], [[2, 3], [2, 3], [2, 3]]), null, 'a total that is not a whole number of elements');
});

test('DeformConv: the column buffer of one image, then the sampling plan, rounded to 8 output pixels per offset group and kernel position', () => {
  // X [1, 4, 7, 8], W [8, 4, 3, 3], offset [1, 18, 5, 6]: col 4·9·30·4 = 4,320 B; plan 9·ceil(30/8)·256 = 9,216 B (ORT 1.30: 13,536 B in all).
  assert.deepEqual(deformConvColumnsThenPlan(13536, [7680], [], [[1, 4, 7, 8], [8, 4, 3, 3], [1, 18, 5, 6]]), { before: [], after: [4320, 9216] });
  assert.equal(deformConvColumnsThenPlan(13024, [7680], [], [[1, 4, 7, 8], [8, 4, 3, 3], [1, 18, 5, 6]]), null, 'another total is not this split');
  assert.equal(deformConvColumnsThenPlan(13536, [7680], [], [[1, 4, 7, 8], [8, 4, 3, 3], [1, 'n', 5, 6]]), null);
});

test('STFT: after Y, at most five Bluestein buffers live (three shared, two of one frame); no window, no split', () => {
  // n = 400: M = 1024 complex floats, 8 KiB each; 2 × 98 frames: 395 buffers, 3,235,840 B requested in all.
  assert.deepEqual(stftFrameBuffers(3235840, [315168], [], [[2, 16000, 1], [], [400], []]), { before: [], after: [8192, 8192, 8192, 8192, 8192] });
  assert.equal(stftFrameBuffers(3235840, [315168], [], [[2, 16000, 1], [], null, []]), null);
  assert.equal(stftFrameBuffers(1000, [315168], [], [[2, 16000, 1], [], [400], []]), null, 'not a whole number of buffers');
});

test('Resize: a linear table of its own size after Y; an antialiased one (another total) as at most three buffers after Y', () => {
  // [1, 8, 64, 64] to [1, 8, 128, 128]: 16·(128 + 128) = 4,096 B.
  assert.deepEqual(resizeTables(4096, [524288], [], [[1, 8, 64, 64], null, [4]], [[1, 8, 128, 128]]), { before: [], after: [4096] });
  assert.deepEqual(resizeTables(70000, [131072], [], [[1, 8, 128, 128], null, [4]], [[1, 8, 64, 64]]), { before: [], after: [], afterOutputsUnordered: { totalBytes: 70000, maxBuffers: 3 } });
});

test('variadic Sum/Mean/Max/Min: k - 2 intermediates in a chain before Y; two inputs take none', () => {
  assert.deepEqual(variadicIntermediates(2 * 4096, [4096], [4096, 4096, 16, 4096], []), { before: [], after: [], chainBefore: { bytes: 4096, count: 2 } });
  assert.equal(variadicIntermediates(4096, [4096], [4096, 4096], []), null);
});

test('Einsum: its intermediates in Compute order around the output, from the equation the step carries', () => {
  const eq = (equation: string) => ({ equation });
  // ij->ji: the output, then its transposed copy (8·16 floats).
  assert.deepEqual(einsumIntermediates(512, [512], [512], [[8, 16]], [[16, 8]], eq('ij->ji')), { before: [], after: [], sequence: [{ kind: 'output' }, { kind: 'alloc', bytes: 512 }, { kind: 'free', buffer: 0 }] });
  // bij,bjk->bik: the right side transposed to [b, j, k·i] (512 B), the product (256 B), then the output; the side freed as the pair returns, the product at the end.
  assert.deepEqual(einsumIntermediates(768, [256], [1024, 512], [[2, 8, 16], [2, 16, 4]], [[2, 8, 4]], eq('bij,bjk->bik')), {
    before: [],
    after: [],
    sequence: [{ kind: 'alloc', bytes: 512 }, { kind: 'alloc', bytes: 256 }, { kind: 'output' }, { kind: 'free', buffer: 0 }, { kind: 'free', buffer: 1 }],
  });
  assert.deepEqual(einsumIntermediates.attributes, ['equation']);
  assert.equal(einsumIntermediates(512, [512], [512], [[8, 16]], [[16, 8]]), null, 'no equation');
  assert.equal(einsumIntermediates(500, [512], [512], [[8, 16]], [[16, 8]], eq('ij->ji')), null, 'another total');
  assert.equal(einsumIntermediates(512, [512], [512], [[8, 'n']], [[16, 8]], eq('ij->ji')), null, 'a symbolic dim');
});

/** The split an op's registry entry gives for a step. */
function entrySplit(domain: string, opType: string): ScratchSplit {
  const facet = findOp(domain, opType)?.arenaScratch;
  assert.ok(facet?.present, `${domain}::${opType} has an arena split`);
  return facet.value;
}

test('ConvInteger: its one u8 im2col buffer after Y', () => {
  // [1, 16, 64, 64] with a padded 3x3 kernel: 16·9·4096 = 589,824 B.
  assert.deepEqual(entrySplit('ai.onnx', 'ConvInteger')(589824, [524288], [65536, 4608, 1, 1], [[1, 16, 64, 64], [32, 16, 3, 3], [], []]), { before: [], after: [589824] });
});

test('DynamicQuantizeLSTM: stand-ins, each direction\'s state buffers, then each direction\'s sequence lengths and quantization buffers, all after the outputs', () => {
  // Forward S5 B2 I8 H16 with a bias, Y only (4,184 B, the probe's): stand-ins for Y_h and Y_c (128 each),
  // 2·64, 3·128, the gate buffer 2,560, 4·64 of bias, then 8 B of lengths, u8 X (5·2·8 = 80) and int32 C (512).
  const shapes = [[5, 2, 8], [1, 8, 64], [1, 16, 64], [1, 128], null, null, null, null, [1], [1], [1], [1]];
  const inputs = [320, 512, 1024, 512, 0, 0, 0, 0, 4, 1, 4, 1];
  const forward = [128, 128, 64, 64, 128, 128, 128, 2560, 64, 64, 64, 64, 8, 80, 512];
  assert.deepEqual(dynamicQuantizeLstmBuffers(4184, [640, 0, 0], inputs, shapes), { before: [], after: forward });
  // Reverse: the reversed X (320) and output (640) after the bias copies; told from forward by the total.
  const reverse = [128, 128, 64, 64, 128, 128, 128, 2560, 64, 64, 64, 64, 320, 640, 8, 80, 512];
  assert.deepEqual(dynamicQuantizeLstmBuffers(4184 + 960, [640, 0, 0], inputs, shapes), { before: [], after: reverse });
  // sequence_lens [3, 2]: no lengths buffer, and the quantized X is what the total leaves (3·2·8 = 48).
  const withLens = [320, 512, 1024, 512, 8, 0, 0, 0, 4, 1, 4, 1];
  assert.deepEqual(dynamicQuantizeLstmBuffers(4144, [640, 0, 0], withLens, shapes), { before: [], after: [128, 128, 64, 64, 128, 128, 128, 2560, 64, 64, 64, 64, 48, 512] });
  assert.equal(dynamicQuantizeLstmBuffers(4144 + 8, [640, 0, 0], withLens, shapes), null, 'no whole longest length');
  assert.equal(dynamicQuantizeLstmBuffers(4000, [640, 0, 0], inputs, shapes), null, 'neither direction sums to the total');
  assert.equal(dynamicQuantizeLstmBuffers(4184, [640, 0, 0], inputs, [['S', 2, 8], ...shapes.slice(1)]), null, 'symbolic dims');
});

test('DynamicQuantizeLSTM bidirectional: both directions\' state buffers, then both directions\' Compute buffers', () => {
  // The arena oracle's dq_lstm_bi: S40 B8 I48 H32 with a bias, Y and Y_h (a stand-in for Y_c): 478,784 B.
  const shapes = [[40, 8, 48], [2, 48, 128], [2, 32, 128], [2, 256], null, null, null, null, [2], [2], [2], [2]];
  const ctor = [128, 128, 1024, 1024, 1024, 163840, 128, 128, 128, 128];
  const compute = [32, 15360, 4096];
  assert.deepEqual(dynamicQuantizeLstmBuffers(478784, [81920, 2048], [61440, 12288, 8192, 2048, 0, 0, 0, 0, 8, 2, 8, 2], shapes), { before: [], after: [2048, ...ctor, ...ctor, 61440, 40960, ...compute, ...compute] });
});

test('LSTM: the DynamicQuantizeLSTM buffers without the quantization ones', () => {
  // The probe's forward S5 B2 I8 H16 with a bias, Y only (W [1, 64, 8]): stand-ins for Y_h and Y_c (128 each),
  // 2·64, 3·128, the gate buffer 2,560, 4·64 of bias, then 8 B of lengths: 3,592 B.
  const shapes = [[5, 2, 8], [1, 64, 8], [1, 64, 16], [1, 128]];
  const inputs = [320, 2048, 4096, 512];
  const state = [64, 64, 128, 128, 128, 2560, 64, 64, 64, 64];
  assert.deepEqual(lstmBuffers(3592, [640, 0, 0], inputs, shapes), { before: [], after: [128, 128, ...state, 8] });
  // Reverse: the reversed X (320) and output (640) after the bias copies.
  assert.deepEqual(lstmBuffers(3592 + 960, [640, 0, 0], inputs, shapes), { before: [], after: [128, 128, ...state, 320, 640, 8] });
  // Bidirectional with all outputs and sequence_lens: no stand-ins, no lengths; the second direction reversed.
  const bi = [[5, 2, 8], [2, 64, 8], [2, 64, 16], [2, 128], [2]];
  assert.deepEqual(lstmBuffers(2 * 3328 + 960, [1280, 256, 256], [320, 4096, 8192, 1024, 8], bi), { before: [], after: [...state, ...state, 320, 640] });
  assert.equal(lstmBuffers(3600, [640, 0, 0], inputs, shapes), null, 'neither direction sums to the total');
  assert.equal(lstmBuffers(3592, [640, 0, 0], inputs, [['S', 2, 8], ...shapes.slice(1)]), null, 'symbolic dims');
  // The registry entry falls back to the bounded split where the exact one does not apply.
  const entry = entrySplit('ai.onnx', 'LSTM');
  assert.deepEqual(entry(3592, [640, 0, 0], inputs, shapes), { before: [], after: [128, 128, ...state, 8] });
  assert.deepEqual(entry(3592, [640, 0, 0], inputs, [['S', 2, 8], ...shapes.slice(1)]), { before: [], after: [], afterOutputsUnordered: { totalBytes: 3592, maxBuffers: 38 } });
});

test('GRU: a stand-in for Y_h, then each direction\'s buffers followed by its sequence lengths', () => {
  // Forward S5 B2 I8 H16 with a bias, Y only: the 128 B stand-in, current and initial state (128 each),
  // 3 bias rows, the ZRH buffer (12·16·2·5 = 1,920), then 8 B of lengths: 2,696 B.
  const shapes = [[5, 2, 8], [1, 48, 8], [1, 48, 16], [1, 96]];
  const inputs = [320, 1536, 3072, 384];
  assert.deepEqual(gruBuffers(2696, [640, 0], inputs, shapes), { before: [], after: [128, 128, 128, 128, 128, 128, 1920, 8] });
  // The probe's linear_before_reset with Y and Y_h (2,824 B): Wh and Rh rows instead of one, and the linear output.
  assert.deepEqual(gruBuffers(2824, [640, 128], inputs, shapes), { before: [], after: [128, 128, 128, 128, 128, 128, 128, 1920, 8] });
  // Reverse: the reversed X (320) and output (640) after the ZRH buffer.
  assert.deepEqual(gruBuffers(2696 + 960, [640, 0], inputs, shapes), { before: [], after: [128, 128, 128, 128, 128, 128, 1920, 320, 640, 8] });
  // Bidirectional, no bias, sequence_lens: the first direction's buffers, then the second's, reversed copies last.
  const bi = [[5, 2, 8], [2, 48, 8], [2, 48, 16], null, [2]];
  assert.deepEqual(gruBuffers(2 * 2176 + 960, [1280, 256], [320, 3072, 6144, 0, 8], bi), { before: [], after: [128, 128, 1920, 128, 128, 1920, 320, 640] });
  // S1, I = H: forward with linear_before_reset and a bias takes as much as reverse without it: ambiguous.
  const one = [[1, 2, 16], [1, 48, 16], [1, 48, 16], [1, 96]];
  const fwdLbr = gruBuffers(4 * (2 * 32 + 4 * 32 + 32 + 3 * 32) + 8, [128, 128], [128, 3072, 3072, 384], one);
  assert.equal(fwdLbr, null, 'two orders sum to the total');
  assert.deepEqual(entrySplit('ai.onnx', 'GRU')(4 * (2 * 32 + 4 * 32 + 32 + 3 * 32) + 8, [128, 128], [128, 3072, 3072, 384], one), { before: [], after: [], afterOutputsUnordered: { totalBytes: 1288, maxBuffers: 25 } });
  assert.equal(gruBuffers(2700, [640, 0], inputs, shapes), null, 'no order sums to the total');
});

test('exactOrAtMostBuffers: the exact split, else the bounded one', () => {
  const exact: ScratchSplit = (total) => (total === 100 ? { before: [], after: [100] } : null);
  assert.deepEqual(exactOrAtMostBuffers(exact, 4)(100, [], [], []), { before: [], after: [100] });
  assert.deepEqual(exactOrAtMostBuffers(exact, 4)(200, [], [], []), { before: [], after: [], afterOutputsUnordered: { totalBytes: 200, maxBuffers: 4 } });
});

test('RNN: with Y, only X·Wᵀ after the outputs; without Y, X·Wᵀ then the stand-in for Y, D times its size', () => {
  // Bidirectional S5 B2 H16 without Y (the probe's 1,920 B): 640 B of product, then the 1,280 B stand-in.
  const shapes = [[5, 2, 8], [2, 16, 8], [2, 16, 16]];
  assert.deepEqual(rnnBuffers(1920, [0, 256], [320, 1024, 2048], shapes), { before: [], after: [640, 1280] });
  assert.deepEqual(rnnBuffers(640, [1280, 256], [320, 1024, 2048], shapes), { before: [], after: [640] });
  assert.equal(rnnBuffers(1921, [0, 256], [320, 1024, 2048], shapes), null);
  assert.equal(rnnBuffers(1920, [0, 256], [320, 1024, 2048], [shapes[0]!, ['D', 16, 8], shapes[2]!]), null);
});

test('MeanVarianceNormalization and Hardmax off their trailing axes: Y, then two tensors of X\'s size', () => {
  for (const [domain, op] of [['ai.onnx', 'MeanVarianceNormalization'], ['ai.onnx', 'Hardmax']] as const) {
    assert.deepEqual(entrySplit(domain, op)(1382400, [691200], [691200], [[1, 48, 60, 60]]), { before: [], after: [691200, 691200] });
  }
});
