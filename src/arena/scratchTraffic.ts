/**
 * Per-op knowledge of how a CPU kernel's scratch reaches the arena (to move into the op registry,
 * src/ops/, when it lands): the ops whose whole workspace formula is one buffer requested from the
 * arena after the kernel's outputs and freed before Compute returns. Such a buffer leaves the
 * arena as it was, except for a region it may have added, so the replay can follow it exactly.
 * Every other op with a nonzero workspace makes the arena figures after its step unavailable.
 * An entry needs ORT's kernel source and the arena oracle (test/oracle/arenaOracle.test.ts) to
 * agree:
 * - Conv: `Conv<float>::Compute` (`providers/cpu/nn/conv.cc`) takes Y with `context->Output`, then
 *   one buffer, MLAS's working buffer (kernel rank 1–3) or the im2col buffer (higher ranks); the
 *   generic `Conv<T>` likewise allocates its column buffer after Y.
 * - ConvTranspose: `DoConvTranspose` (`providers/cpu/nn/conv_transpose.cc`) takes Y in
 *   PrepareForCompute, then one column buffer for all images and groups.
 * Kernels whose formula sums several buffers (LRN, Where, Softmax off the last axis, attention,
 * RNNs, the quantized convs) are not listed: the sizes of the pieces are not modeled.
 */
const SINGLE_SCRATCH_AFTER_OUTPUTS = new Set<string>(['Conv', 'ConvTranspose']);

/** True when `opType` (in `domain`) requests its scratch as one buffer after its outputs. */
export function singleScratchAfterOutputs(opType: string, domain: string): boolean {
  const d = domain === 'ai.onnx' ? '' : domain;
  return SINGLE_SCRATCH_AFTER_OUTPUTS.has(d === '' ? opType : `${d}::${opType}`);
}
