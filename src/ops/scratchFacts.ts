/**
 * How a CPU kernel's scratch reaches the arena: the buffers its workspace formula sums, in the
 * order the kernel requests them, and whether they are requested before its outputs (and freed
 * after them) or after them. All are freed before Compute returns, so the arena sample after the
 * step sees only their lasting effect: regions they made the arena add and, for buffers taken
 * before the outputs, where the outputs were placed. The arena replay (src/analyze/arenaReplay.ts)
 * reads this from an op's registry entry (`arenaScratch`); an op without it makes the arena
 * figures after a step with scratch unavailable. Each split is read from the kernel's source and
 * checked by the arena oracle (test/oracle/arenaOracle.test.ts).
 */
import { deformConvBuffers } from './workspace/convWorkspace';
import { linearResizeTableBytes, whereSelectionCounts, wordConvEmbeddingBuffers } from './workspace/tensorWorkspace';
import { bluesteinLength } from './workspace/signalWorkspace';
import { einsumPlan } from './workspace/einsumWorkspace';
import { sparseAttentionCopies } from './workspace/attentionWorkspace';

/** The buffers of one step's scratch, in request order. */
export interface ScratchPieces {
  /** Requested before the outputs, freed after them. */
  before: number[];
  /** Requested after the outputs. */
  after: number[];
  /**
   * Scratch requested after every output, in at most `maxBuffers` buffers of `totalBytes` in all
   * (each request rounds up by less than 256 bytes), whose sizes and order are not modeled. All
   * are freed before Compute returns, so when the arena can hold them without a new region their
   * effect on the sample is nil: the chunks in use are the same and, the arena keeping no two free
   * chunks side by side, so are the free ones. The replay checks that they fit: a free chunk of at
   * least twice `totalBytes + 255 · maxBuffers` (a chunk of at least twice a request is split, so it
   * serves every later one); otherwise the figures from the step on are unavailable.
   */
  afterOutputsUnordered?: { totalBytes: number; maxBuffers: number };
  /** One buffer requested after the node's first `outputsBefore` outputs and before the others, held to the end of Compute. */
  heldFromOutput?: { outputsBefore: number; bytes: number };
  /** `count` buffers of `bytes` taken before the outputs in a chain, each freed once the next is taken, the last after the outputs. */
  chainBefore?: { bytes: number; count: number };
  /**
   * Used alone: buffers taken and freed in an order the pieces above cannot give, each `free`
   * naming an earlier `alloc` by its position among the allocs, and `output` where the node's
   * outputs are allocated; a buffer no event frees is freed before Compute returns (Einsum, whose
   * intermediates replace one another: the new one taken while the old one is still held).
   */
  sequence?: readonly ScratchEvent[];
}

/** One event of a `ScratchPieces.sequence`. */
export type ScratchEvent = { kind: 'alloc'; bytes: number } | { kind: 'free'; buffer: number } | { kind: 'output' };

/**
 * Splits a step's `totalBytes` of scratch into its buffers; null when this split does not apply.
 * `outputBytes` and `inputBytes` are the step's output and input sizes (null = unknown, 0 = absent),
 * `inputShapes` and `outputShapes` its inputs' and outputs' shapes as the report gives them (null =
 * unknown or absent), `attributes` the node's string attributes the split names in `attributes`
 * (the report keeps them on the step: ReportStep.splitAttributes).
 */
export interface ScratchSplit {
  (
    totalBytes: number,
    outputBytes: readonly (number | null)[],
    inputBytes: readonly (number | null)[],
    inputShapes: readonly (readonly (number | string | null)[] | null)[],
    outputShapes?: readonly (readonly (number | string | null)[] | null)[],
    attributes?: Readonly<Record<string, string>>,
  ): ScratchPieces | null;
  /** The attributes of the node the split reads, when the shapes do not say enough (Einsum's equation; ints in decimal). */
  readonly attributes?: readonly string[];
}

/**
 * Conv (`providers/cpu/nn/conv.cc`: `Conv<float>::Compute` takes Y with `context->Output`, then one
 * buffer, MLAS's working buffer for kernel rank 1-3 or the im2col buffer for higher ranks; the
 * generic `Conv<T>` likewise after Y), ConvTranspose (`providers/cpu/nn/conv_transpose.cc`:
 * Y in PrepareForCompute, then one column buffer for all images and groups) and ConvInteger
 * (`providers/cpu/quantization/conv_integer.cc`: Y, then one u8 im2col buffer of one image and
 * group, reused for all of them; the arena oracle's conv_integer model).
 */
export const oneBufferAfterOutputs: ScratchSplit = (total) => ({ before: [], after: [total] });

/** DynamicQuantizeMatMul (`contrib_ops/cpu/quantization/dynamic_quantize_matmul.cc`): A quantized into one buffer, then Y (in the GEMM's common path); the buffer is freed after Y. */
export const oneBufferBeforeOutputs: ScratchSplit = (total) => ({ before: [total], after: [] });

/**
 * Softmax and LogSoftmax off the last axis (`providers/cpu/math/softmax.cc`, opset 13+), Hardmax
 * off the last axis (`providers/cpu/math/hardmax.cc`, opset 13+) and MeanVarianceNormalization over
 * axes that are not the trailing ones (`providers/cpu/tensor/mean_variance_normalization.cc`: the
 * current kernel takes Y first; an older one took it after the transposes): Y, then the transposed
 * input and the transposed output, two tensors of X's size. Hardmax and MVN are checked by the
 * arena oracle's mvn_hardmax model, which fails with either op's buffers before Y.
 */
export const twoHalvesAfterOutputs: ScratchSplit = (total) => (total % 2 === 0 ? { before: [], after: [total / 2, total / 2] } : null);

/** LRN (`providers/cpu/nn/lrn.cc`): Y, then the scale buffer (X's size, that is Y's), then the padded square. */
export const lrnScaleThenSquare: ScratchSplit = (total, outputs) => {
  const scale = outputs[0];
  return scale === null || scale === undefined || scale > total ? null : { before: [], after: [scale, total - scale] };
};

/**
 * Where (`providers/cpu/tensor/where_op.cc`) and QLinearWhere (`contrib_ops/cpu/quantization/qlinear_where.cc`):
 * the X selection (the condition broadcast with X), then the Y selection (the condition broadcast
 * with Y), then the output in the merge; the selections are freed after it. The two differ when X
 * and Y broadcast differently (checked by the arena oracle's where_broadcast model: with equal
 * halves the sample after the step was off by half a MiB). `xIndex`, `yIndex`: the inputs X and Y.
 */
export const twoSelectionsBeforeOutputs = (xIndex: number, yIndex: number): ScratchSplit => (total, _outputs, _inputs, shapes) => {
  const cond = numericDims(shapes[0]);
  const x = numericDims(shapes[xIndex]);
  const y = numericDims(shapes[yIndex]);
  if (!cond || !x || !y) return null;
  const [nx, ny] = whereSelectionCounts(cond, x, y);
  if (nx + ny === 0 || total % (nx + ny) !== 0) return null;
  const elemBytes = total / (nx + ny);
  return { before: [nx * elemBytes, ny * elemBytes], after: [] };
};

/**
 * STFT (`signal/dft.cc`) with a window and a frame length n that is not a power of two: after Y,
 * DFT's Bluestein buffers of M = nextPow2(2n - 1) complex floats, three shared and two per frame,
 * each frame's two freed before the next frame's are taken, so at most five are live (the same
 * chunks serve every frame). The arena oracle's signal_ops model checks the effect: with every
 * frame's buffers live at once (3.2 MB there) the replay's arena grew to 7 MB where ORT's stayed at
 * 1 MB; after Y and not before it (before, the output lands elsewhere). It does not tell one live
 * buffer from five. Null without a window (n is then a value, not a shape).
 */
export const stftFrameBuffers: ScratchSplit = (total, _outputs, _inputs, shapes) => {
  const window = numericDims(shapes[2]);
  if (!window || window.length !== 1 || window[0]! < 2) return null;
  const buffer = 8 * bluesteinLength(window[0]!);
  if (total % buffer !== 0) return null;
  return { before: [], after: new Array<number>(Math.min(total / buffer, 5)).fill(buffer) };
};

/**
 * Resize and Upsample (`tensor/upsample.cc`): Y, then in linear modes the one index and weight
 * buffer (linearResizeTableBytes; the arena oracle's resize_gru model), else, antialiased, at most
 * three buffers after Y (`upsample_antialias.h`: two weight tables and the intermediate image)
 * whose order is not modeled.
 */
export const resizeTables: ScratchSplit = (total, outputs, inputs, shapes, outShapes) => {
  const x = numericDims(shapes[0]);
  const y = numericDims(outShapes?.[0]);
  if (x && y && linearResizeTableBytes(x, y) === total) return { before: [], after: [total] };
  return atMostBuffersAfterOutputs(3)(total, outputs, inputs, shapes, outShapes);
};

/**
 * Sum, Mean, Max and Min with k >= 3 inputs (`math/element_wise_ops.cc`): the inputs are folded
 * pairwise, each of the first k - 2 results into an intermediate of the broadcast size taken while
 * the previous one is still read, which is freed as soon as the new one holds the result; the last
 * pair goes into Y, and the last intermediate is freed after it (BroadcastVariadic: each new
 * temporary is allocated before `tempInput = std::move(tempOutput)` frees the previous one). Checked
 * by the arena oracle's variadic_ops model (3, 4 and 5 inputs): with the intermediates all live until
 * Y, the replay's arena grew to 7 MB where ORT's stayed at 3 MB (one live at a time would match there too).
 */
export const variadicIntermediates: ScratchSplit = (total, _outputs, inputs) => {
  const k = inputs.filter((b) => b !== 0).length;
  if (k < 3 || total % (k - 2) !== 0) return null;
  return { before: [], after: [], chainBefore: { bytes: total / (k - 2), count: k - 2 } };
};

/** DeformConv (`nn/deform_conv.cc`): Y, then the column buffer, then the sampling plan (deformConvBuffers), both freed at the end. */
export const deformConvColumnsThenPlan: ScratchSplit = (total, _outputs, _inputs, shapes) => {
  const x = numericDims(shapes[0]);
  const w = numericDims(shapes[1]);
  const offset = numericDims(shapes[2]);
  const b = x && w && offset ? deformConvBuffers(x, w, offset) : null;
  return b && b.col + b.plan === total ? { before: [], after: [b.col, b.plan] } : null;
};

/**
 * Einsum (`math/einsum.cc` and `math/einsum_utils/`): its intermediates in Compute's order around
 * the output, from the equation and the input shapes (einsumPlan: diagonals and label-order copies
 * of the inputs held to the end, reductions, operand transposes and products each replacing the
 * previous one, the output's transposed copy after it). Checked by the arena oracle's einsum_ops
 * model. Null when the equation is not known, a shape is symbolic, or the plan's bytes are not the
 * step's scratch.
 */
export const einsumIntermediates: ScratchSplit = Object.assign(
  (total: number, _outputs: readonly (number | null)[], inputs: readonly (number | null)[], shapes: readonly (readonly (number | string | null)[] | null)[], _outShapes?: unknown, attributes?: Readonly<Record<string, string>>): ScratchPieces | null => {
    const equation = attributes?.equation;
    const dims = shapes.map(numericDims);
    const first = dims[0];
    const firstBytes = inputs[0];
    if (equation === undefined || dims.some((d) => d === null) || !first || !firstBytes) return null;
    const count = first.reduce((a, b) => a * b, 1);
    if (count === 0 || firstBytes % count !== 0) return null;
    const plan = einsumPlan(equation, dims as number[][], firstBytes / count);
    if ('reason' in plan || plan.totalBytes !== total) return null;
    return { before: [], after: [], sequence: plan.events };
  },
  { attributes: ['equation'] as const },
);

/**
 * com.microsoft DynamicQuantizeLSTM (`contrib_ops/cpu/quantization/dynamic_quantize_lstm.cc`, which
 * runs LSTMBase::ComputeImpl of `rnn/deep_cpu_lstm.cc`'s family, `rnn/lstm_base.h`), all after Y,
 * Y_h and Y_c and held to the end of Compute: stand-ins of D·B·H floats for an absent Y_h, then an
 * absent Y_c; then each direction's UniDirectionalLstm constructor (`rnn/uni_directional_lstm.cc`,
 * AllocateBuffers: two of H floats, three of B·H, the gate buffer of 4H·B·S, with a bias four of H,
 * and for the reverse direction the reversed X, S·B·I, and output, S·B·H; the header defines
 * LSTM_NO_PEEPHOLE_COPY, so no peephole copies), forward first; then each direction's Compute, in
 * the same order: the sequence lengths (B int32) when the input is absent, and
 * AllocateQuantizeBuffers' u8 X, max(L·B·I, B·H) bytes for the longest sequence L, and int32 step
 * output, B·4H. Read from the shapes: X [S, B, I], W [D, I, 4H]; a single direction is forward or
 * reverse by which one sums to the total, and with sequence_lens, L is what the total leaves (null
 * when that is not one valid L, or when both directions fit). Checked by the arena oracle's
 * dynamic_quantize_lstm model, where the bounded split (at most 38 buffers) could not be used.
 */
export const dynamicQuantizeLstmBuffers: ScratchSplit = (total, outputs, inputs, shapes) => {
  const w = numericDims(shapes[1]);
  if (!w || w.length !== 3 || w[2]! % 4 !== 0) return null;
  return lstmLayerBuffers(total, outputs, inputs, shapes, w[0]!, w[2]! / 4, ({ S, B, I, H, D }, hasSeqLens, left) => {
    // AllocateQuantizeBuffers: u8 X for the longest sequence L (or one step's hidden state), int32 C.
    let quantizedX = Math.max(S * B * I, B * H);
    if (hasSeqLens) {
      if (left <= 0 || left % D !== 0) return null;
      quantizedX = left / D - 16 * B * H;
      const validL = quantizedX === B * H || (quantizedX > B * H && quantizedX % (B * I) === 0 && quantizedX / (B * I) <= S);
      if (!validL) return null;
    }
    const perDirection = [...(hasSeqLens ? [] : [4 * B]), quantizedX, 16 * B * H];
    return D === 2 ? [...perDirection, ...perDirection] : perDirection;
  });
};

/**
 * ai.onnx LSTM with float weights (`providers/cpu/rnn/deep_cpu_lstm.cc`: DeepCpuLstmOp::Compute runs
 * the same LSTMBase::ComputeImpl as DynamicQuantizeLSTM, with float GemmWeights, whose
 * AllocateQuantizeBuffers takes nothing): after Y, Y_h and Y_c, the stand-ins for an absent Y_h and
 * Y_c, each direction's constructor buffers, forward first, then each direction's sequence lengths
 * (B int32) when the input is absent. Read from X [S, B, I] and W [D, 4H, I]; a single direction is
 * forward or reverse by which one sums to the total. Checked by the arena oracle's lstm_ops_reverse
 * and lstm_ops_bidirectional models (in reverse order the reverse LSTM's step held half of ORT's arena).
 */
export const lstmBuffers: ScratchSplit = (total, outputs, inputs, shapes) => {
  const w = numericDims(shapes[1]);
  if (!w || w.length !== 3 || w[1]! % 4 !== 0) return null;
  return lstmLayerBuffers(total, outputs, inputs, shapes, w[0]!, w[1]! / 4, ({ B, D }, hasSeqLens) => (hasSeqLens ? [] : new Array<number>(D).fill(4 * B)));
};

/** The dims of one LSTM layer, X [S, B, I] and D directions of H. */
interface LstmLayerDims {
  S: number;
  B: number;
  I: number;
  H: number;
  D: number;
}

/**
 * The LSTM family's buffers (LSTMBase::ComputeImpl, `rnn/lstm_base.h`, `rnn/uni_directional_lstm.cc`),
 * after all outputs: stand-ins for an absent Y_h and Y_c, every direction's constructor buffers, then
 * `computeBuffers`: what every direction's Compute takes, in order, given whether sequence_lens is
 * an input and the bytes the total leaves for them (null when they cannot be those bytes). Null
 * unless exactly one of forward and reverse (for one direction) sums to the total.
 */
function lstmLayerBuffers(
  total: number,
  outputs: readonly (number | null)[],
  inputs: readonly (number | null)[],
  shapes: readonly (readonly (number | string | null)[] | null)[],
  D: number,
  H: number,
  computeBuffers: (dims: LstmLayerDims, hasSeqLens: boolean, left: number) => number[] | null,
): ScratchPieces | null {
  const x = numericDims(shapes[0]);
  if (!x || x.length !== 3 || (D !== 1 && D !== 2)) return null;
  const [S, B, I] = x as [number, number, number];
  const hasBias = !isAbsent(inputs[3]);
  const hasSeqLens = !isAbsent(inputs[4]);
  const candidates: number[][] = [];
  for (const reverseOnly of D === 2 ? [false] : [false, true]) {
    const standIns = [outputs[1], outputs[2]].filter(isAbsent).map(() => 4 * D * B * H);
    const ctor: number[] = [];
    for (let dir = 0; dir < D; dir++) {
      ctor.push(4 * H, 4 * H, 4 * B * H, 4 * B * H, 4 * B * H, 16 * H * B * S);
      if (hasBias) ctor.push(4 * H, 4 * H, 4 * H, 4 * H);
      if (dir === 1 || reverseOnly) ctor.push(4 * S * B * I, 4 * S * B * H);
    }
    const fixed = [...standIns, ...ctor].reduce((a, b) => a + b, 0);
    const compute = computeBuffers({ S, B, I, H, D }, hasSeqLens, total - fixed);
    if (!compute) continue;
    const after = [...standIns, ...ctor, ...compute];
    if (after.reduce((a, b) => a + b, 0) === total) candidates.push(after);
  }
  return candidates.length === 1 ? { before: [], after: candidates[0]! } : null;
}

/**
 * ai.onnx GRU (`providers/cpu/rnn/deep_cpu_gru.cc`), all after Y and Y_h and held to the end of
 * Compute: a stand-in of D·B·H floats for an absent Y_h; then for each direction, forward first, its
 * UniDirectionalGru's AllocateBuffers (B·H floats each: the current state, the initial state, with
 * a bias the z and r bias rows and either the h row or, with linear_before_reset, the Wh and Rh rows;
 * with linear_before_reset the linear output; the ZRH gate buffer of 3H·B·S; for the reverse
 * direction the reversed X, S·B·I, and output, S·B·H) immediately followed by that direction's
 * Compute, which takes the sequence lengths (B int32) when the input is absent; unlike the LSTM's,
 * the second direction's buffers come after the first's Compute. Read from X [S, B, I] and
 * W [D, 3H, I]; linear_before_reset and a single direction's sense are what sums to the total (null
 * when not exactly one does). Checked by the arena oracle's gru_ops model (in reverse order its
 * bidirectional step held 7,654,416 B where ORT held 16,043,024 B).
 */
export const gruBuffers: ScratchSplit = (total, outputs, inputs, shapes) => {
  const x = numericDims(shapes[0]);
  const w = numericDims(shapes[1]);
  if (!x || x.length !== 3 || !w || w.length !== 3 || w[1]! % 3 !== 0) return null;
  const [S, B, I] = x as [number, number, number];
  const D = w[0]!;
  const H = w[1]! / 3;
  if (D !== 1 && D !== 2) return null;
  const hasBias = !isAbsent(inputs[3]);
  const hasSeqLens = !isAbsent(inputs[4]);
  const row = 4 * B * H;
  const candidates: number[][] = [];
  for (const linearBeforeReset of [false, true]) {
    for (const reverseOnly of D === 2 ? [false] : [false, true]) {
      const after: number[] = isAbsent(outputs[1]) ? [D * row] : [];
      for (let dir = 0; dir < D; dir++) {
        after.push(row, row);
        if (hasBias) after.push(...new Array<number>(linearBeforeReset ? 4 : 3).fill(row));
        if (linearBeforeReset) after.push(row);
        after.push(12 * H * B * S);
        if (dir === 1 || reverseOnly) after.push(4 * S * B * I, 4 * S * B * H);
        if (!hasSeqLens) after.push(4 * B);
      }
      if (after.reduce((a, b) => a + b, 0) === total) candidates.push(after);
    }
  }
  return candidates.length === 1 ? { before: [], after: candidates[0]! } : null;
};

/**
 * RNN (`providers/cpu/rnn/rnn.cc`): Y and Y_h, then X·Wᵀ for one direction at a time, S·B·H floats
 * (one buffer for all directions), then, when Y is not an output, a stand-in for it of S·D·B·H
 * floats, D times the first; both held to the end of Compute. D is read from W [D, H, I]. Checked
 * by the arena oracle's rnn_ops model (a 2.5 MiB product and a 5 MiB stand-in that make the arena
 * grow: in the other order the replay held 19,922,944 B where ORT held 15,728,640 B).
 */
export const rnnBuffers: ScratchSplit = (total, outputs, _inputs, shapes) => {
  if (!isAbsent(outputs[0])) return { before: [], after: [total] };
  const w = numericDims(shapes[1]);
  if (!w || w.length !== 3) return null;
  const d = w[0]!;
  if (total % (1 + d) !== 0) return null;
  return { before: [], after: [total / (1 + d), (d * total) / (1 + d)] };
};

/** WordConvEmbedding (`contrib_ops/cpu/word_conv_embedding.cc`): Y, then its five buffers (wordConvEmbeddingBuffers), none freed before the last is taken. */
export const wordConvEmbeddingSplit: ScratchSplit = (total, _outputs, _inputs, shapes) => {
  const [seq, w] = [numericDims(shapes[0]), numericDims(shapes[1])];
  const buffers = seq && w ? wordConvEmbeddingBuffers(seq, w) : null;
  return buffers && buffers.reduce((a, b) => a + b, 0) === total ? { before: [], after: buffers } : null;
};

/**
 * SparseAttention (`contrib_ops/cpu/sparse/sparse_attention.cc`): its three outputs, then Q, K and V
 * in BNSH (one packed QKV buffer when key is absent), the rotated copies when `do_rotary` is set
 * (Q and K, or one of the packed QKV size), then the probabilities (the rest of the total, sized by
 * total_sequence_length, a run-time value); all held to the end of Compute. fp16 adds per-head fp32
 * staging inside the heads' parallel loop, in an order not modelled (null).
 */
export const sparseAttentionSplit: ScratchSplit = Object.assign(
  (total: number, _outputs: readonly (number | null)[], inputs: readonly (number | null)[], shapes: readonly (readonly (number | string | null)[] | null)[], _outShapes?: unknown, attributes?: Readonly<Record<string, string>>): ScratchPieces | null => {
    const [q, past] = [numericDims(shapes[0]), numericDims(shapes[3])];
    if (!q || !past || q.length !== 3 || past.length !== 4) return null;
    const [B, S, qHidden] = q;
    const [, kvHeads, , H] = past;
    if (inputs[0] !== B * S * qHidden * 4) return null;
    const copies = sparseAttentionCopies(B, S, qHidden, kvHeads, H, !shapes[1], attributes?.do_rotary === '1', 4);
    const probs = total - copies.reduce((a, b) => a + b, 0);
    // The probabilities are B·N·S·T floats, N = the Q copy's heads of H.
    const heads = copies[0]! / (B * S * H * 4) - (shapes[1] ? 0 : 2 * kvHeads);
    return probs > 0 && probs % (B * heads * S * 4) === 0 ? { before: [], after: [...copies, probs] } : null;
  },
  { attributes: ['do_rotary'] as const },
);

/** An input or output the node does not have: 0 bytes in a split's sizes, or past the end of the node's list. */
function isAbsent(bytes: number | null | undefined): boolean {
  return bytes === 0 || bytes === undefined;
}

/** `shape` when every dim is a number, else null. */
function numericDims(shape: readonly (number | string | null)[] | null | undefined): number[] | null {
  if (!shape) return null;
  const dims: number[] = [];
  for (const d of shape) {
    if (typeof d !== 'number') return null;
    dims.push(d);
  }
  return dims;
}

/**
 * Scratch requested after all of the kernel's outputs, in at most `maxBuffers` buffers (the
 * count read from the kernel's source), whose order is not modeled: see
 * `ScratchPieces.afterOutputsUnordered`.
 */
export const atMostBuffersAfterOutputs = (maxBuffers: number | ((totalBytes: number) => number)): ScratchSplit => (total) => ({
  before: [],
  after: [],
  afterOutputsUnordered: { totalBytes: total, maxBuffers: typeof maxBuffers === 'number' ? maxBuffers : maxBuffers(total) },
});

/** `exact`, or where it does not apply (a symbolic dim, a total it cannot split), the bounded split of at most `maxBuffers` after the outputs. */
export const exactOrAtMostBuffers = (exact: ScratchSplit, maxBuffers: number): ScratchSplit => (total, outputs, inputs, shapes, outShapes, attributes) =>
  exact(total, outputs, inputs, shapes, outShapes, attributes) ?? atMostBuffersAfterOutputs(maxBuffers)(total, outputs, inputs, shapes, outShapes);

/**
 * DFT of a length that is not a power of two (`signal/dft.cc`, Bluestein): Y first, then complex
 * buffers of M = nextPow2(2n - 1) elements, three shared and two per transform, taken and freed per
 * transform; a power-of-two length takes nothing from the arena. Each buffer is at least 64 bytes
 * (n = 3: M = 8 complex floats), so there are at most total / 64 of them.
 */
export const dftBuffers: ScratchSplit = atMostBuffersAfterOutputs((total) => Math.floor(total / 64));

/** `split` when the node has only its first output (the others absent: 0 bytes), else null: a later output is allocated between the scratch buffers. */
export const onlyFirstOutput = (split: ScratchSplit): ScratchSplit => (total, outputs, inputs, shapes, outShapes) => (outputs.slice(1).every((b) => b === 0) ? split(total, outputs, inputs, shapes, outShapes) : null);

/**
 * Contrib Attention (`contrib_ops/cpu/bert/attention.cc`, `attention_cpu_base.h`): Y, then the QKV
 * GEMM buffer of B·S·(2D+Dv) floats, held to the end, then `present` (when the node has it), then
 * at most 4 more buffers (mask, probabilities, GEMM parameters, out_tmp). The GEMM buffer's size
 * comes from the inputs: with bias [2D+Dv] (Bb bytes), weights [Din, 2D+Dv] (Wb) and input
 * [B, S, Din] (Ib), it is Ib·Bb²/(4·Wb) bytes. Without a bias input the split does not apply.
 */
export const contribAttention: ScratchSplit = (total, outputs, inputs) => {
  const [ib, wb, bb] = inputs;
  if (outputs.slice(1).every((b) => b === 0)) return { before: [], after: [], afterOutputsUnordered: { totalBytes: total, maxBuffers: 6 } };
  if (!ib || !wb || !bb) return null;
  const gemm = (ib * bb * bb) / (4 * wb);
  if (!Number.isInteger(gemm) || gemm > total) return null;
  return { before: [], after: [], heldFromOutput: { outputsBefore: 1, bytes: gemm }, afterOutputsUnordered: { totalBytes: total - gemm, maxBuffers: 4 } };
};
