import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atMostBuffersAfterOutputs, contribAttention, dftBuffers, onlyFirstOutput } from '../../src/ops/scratchFacts';

test('a bounded split after the outputs carries the total and the buffer count; onlyFirstOutput refuses a node with a later output', () => {
  assert.deepEqual(atMostBuffersAfterOutputs(6)(1000, [512], []), { before: [], after: [], afterOutputsUnordered: { totalBytes: 1000, maxBuffers: 6 } });
  const first = onlyFirstOutput(atMostBuffersAfterOutputs(6));
  assert.notEqual(first(1000, [512, 0], []), null, 'an absent second output (0 bytes) is fine');
  assert.equal(first(1000, [512, 256], []), null);
});

test('contrib Attention: the QKV GEMM buffer (B·S·(2D+Dv) floats, from input, weights and bias sizes) is held from after Y, the rest comes after present', () => {
  // B1 S3 Din 64, 2D+Dv = 192: input 768 floats, weights 64×192, bias 192 → GEMM 1·3·192·4 = 2,304 B.
  const ib = 1 * 3 * 64 * 4;
  const wb = 64 * 192 * 4;
  const bb = 192 * 4;
  assert.deepEqual(contribAttention(6272, [768, 4096], [ib, wb, bb, 12, 2048]), {
    before: [],
    after: [],
    heldFromOutput: { outputsBefore: 1, bytes: 2304 },
    afterOutputsUnordered: { totalBytes: 6272 - 2304, maxBuffers: 4 },
  });
  // Without present, everything comes after Y; without a bias (sizes not derivable), no split.
  assert.deepEqual(contribAttention(6272, [768, 0], [ib, wb, 0]), { before: [], after: [], afterOutputsUnordered: { totalBytes: 6272, maxBuffers: 6 } });
  assert.equal(contribAttention(6272, [768, 4096], [ib, wb, 0]), null);
});

test('DFT (Bluestein): buffers of at least 64 bytes each, so at most total / 64 of them', () => {
  // n = 5 over 4 signals: M = 16 complex floats (128 B), 3 + 2·4 = 11 buffers, 1,408 B; the bound allows 22.
  assert.deepEqual(dftBuffers(1408, [160], []), { before: [], after: [], afterOutputsUnordered: { totalBytes: 1408, maxBuffers: 22 } });
});
