/**
 * Per-op knowledge of how a CPU kernel's scratch reaches the arena (to move into the op registry,
 * src/ops/, when it lands): for the ops listed, the buffers its workspace formula sums, in the
 * order the kernel requests them, and whether they are requested before its outputs (and freed
 * after them) or after them. All are freed before Compute returns, so the sample after the step
 * sees only their lasting effect: regions they made the arena add, and, for buffers taken before
 * the outputs, where the outputs were placed. Every other op with a nonzero workspace makes the
 * arena figures after its step unavailable. An entry needs ORT's kernel source and the arena
 * oracle (test/oracle/arenaOracle.test.ts) to agree:
 * - Conv: `Conv<float>::Compute` (`providers/cpu/nn/conv.cc`) takes Y with `context->Output`, then
 *   one buffer, MLAS's working buffer (kernel rank 1–3) or the im2col buffer (higher ranks); the
 *   generic `Conv<T>` likewise allocates its column buffer after Y.
 * - ConvTranspose: `DoConvTranspose` (`providers/cpu/nn/conv_transpose.cc`) takes Y in
 *   PrepareForCompute, then one column buffer for all images and groups.
 * - Softmax, LogSoftmax off the last axis (`providers/cpu/math/softmax.cc`, opset 13+): Y, then the
 *   transposed input and the transposed output, two tensors of X's size.
 * - LRN (`providers/cpu/nn/lrn.cc`): Y, then the scale buffer (X's size), then the padded square.
 * - Where (`providers/cpu/tensor/where_op.cc`): the X selection and the Y selection (each of the
 *   output's size in the formula), then the output in the merge; the selections are freed after it.
 */

/** The buffers of one step's scratch, in request order. */
export interface ScratchPieces {
  /** Requested before the outputs, freed after them. */
  before: number[];
  /** Requested after the outputs. */
  after: number[];
}

const key = (opType: string, domain: string): string => {
  const d = domain === 'ai.onnx' ? '' : domain;
  return d === '' ? opType : `${d}::${opType}`;
};

/**
 * The pieces of `totalBytes` of scratch for `opType`, or null when the op's buffers are not
 * modeled. `outputBytes` are the step's output sizes (null = unknown).
 */
export function scratchPieces(opType: string, domain: string, totalBytes: number, outputBytes: readonly (number | null)[]): ScratchPieces | null {
  switch (key(opType, domain)) {
    case 'Conv':
    case 'ConvTranspose':
      return { before: [], after: [totalBytes] };
    case 'Softmax':
    case 'LogSoftmax':
      return totalBytes % 2 === 0 ? { before: [], after: [totalBytes / 2, totalBytes / 2] } : null;
    case 'LRN': {
      const scale = outputBytes[0];
      return scale === null || scale === undefined || scale > totalBytes ? null : { before: [], after: [scale, totalBytes - scale] };
    }
    case 'Where':
      return totalBytes % 2 === 0 ? { before: [totalBytes / 2, totalBytes / 2], after: [] } : null;
    default:
      return null;
  }
}
