/** Scratch of tensor-manipulating kernels with a known rule (ort-cpu-scratch.md §2). */
import { broadcastCount, formula, numel, unavailable, zero, type OpView } from './opView';
import type { WorkspaceRule } from './workspaceRule';
import { einsumPlan } from './einsumWorkspace';
import type { WorkspaceEstimate } from './types';

/** Linear-mode antialias filter support per side, before widening for downscale (source only). */
const ANTIALIAS_SUPPORT: Record<string, number> = { linear: 1, cubic: 2 };

/** Antialias: per resized dim a window·out weight table, plus an intermediate Hin·Wout·N·C plane (E on one 1.30 probe). */
function antialiasBytes(v: OpView, x: number[], y: number[], mode: string): WorkspaceEstimate {
  const source = 'core/providers/cpu/tensor/upsample_antialias.h';
  const support = ANTIALIAS_SUPPORT[mode];
  if (support === undefined || x.length !== 4) return unavailable(`${v.label} antialias in ${mode} mode on rank ${x.length} is not modelled`, source);
  const f = v.elemBytes(0);
  let bytes = 0;
  for (const d of [2, 3]) {
    const scale = y[d] / x[d];
    const widened = scale < 1 ? support / scale : support;
    bytes += (2 * Math.ceil(widened) + 1) * y[d] * f;
  }
  return formula(bytes + x[2] * y[3] * x[0] * x[1] * f, source);
}

/**
 * The one index and weight buffer of a linear (not antialiased) Resize from `x` to `y`: int32
 * indices plus float weights per output row and column (bilinear: rank 2, rank 4 with N and C
 * unscaled, or NHWC), or per output depth, row and column (trilinear: rank 3, or rank 5 with N and
 * C unscaled); null for other ranks and scales.
 */
export function linearResizeTableBytes(x: readonly number[], y: readonly number[]): number | null {
  const outerUnscaled = (k: number) => x.slice(0, k).every((n, d) => y[d] === n);
  if (x.length !== y.length) return null;
  if (x.length === 2 || (x.length === 4 && outerUnscaled(2))) return 16 * (y[x.length - 2]! + y[x.length - 1]!);
  if (x.length === 4 && y[0] === x[0] && y[3] === x[3]) return 16 * (y[1]! + y[2]!);
  if (x.length === 3 || (x.length === 5 && outerUnscaled(2))) {
    const n = x.length;
    return 24 * (y[n - 3]! + y[n - 2]! + y[n - 1]!);
  }
  return null;
}

/** Resize/Upsample: nearest and cubic keep tables off the arena; linear takes one index+weight buffer. */
const resize: WorkspaceRule = {
  source: 'core/providers/cpu/tensor/upsample.cc',
  estimate(v) {
    const mode = v.str('mode', 'nearest');
    if (mode === 'nearest') return zero(this.source);
    const x = v.dims(0);
    const y = v.outDims(0);
    if (v.int('antialias', 0) !== 0) return antialiasBytes(v, x, y, mode);
    if (mode === 'cubic') return zero(this.source);
    const table = linearResizeTableBytes(x, y);
    return table === null ? unavailable(`${v.label} linear on rank ${x.length} with these scales is not modelled`, this.source) : formula(table, this.source);
  },
};

/** Elements of Where's X selection (the condition broadcast with X) and of its Y selection. */
export function whereSelectionCounts(cond: number[], x: number[], y: number[]): [number, number] {
  return [broadcastCount(cond, x), broadcastCount(cond, y)];
}

/**
 * Where's scratch: an X-selection of broadcast(cond, X) and a Y-selection of broadcast(cond, Y),
 * both live at the merge; X and Y at the given input positions (QLinearWhere has them at 1 and 4).
 */
export function whereSelections(source: string, xIndex: number, yIndex: number): WorkspaceRule {
  return {
    source,
    estimate(v) {
      const [nx, ny] = whereSelectionCounts(v.dims(0), v.dims(xIndex), v.dims(yIndex));
      return formula((nx + ny) * v.elemBytes(xIndex), source);
    },
  };
}

const where = whereSelections('core/providers/cpu/tensor/where_op.cc', 1, 2);

/** Variadic Sum/Mean/Max/Min: k-2 broadcast intermediates for k >= 3 inputs. */
const variadic: WorkspaceRule = {
  source: 'core/providers/cpu/math/element_wise_ops.cc',
  estimate(v) {
    const k = v.node.inputs.filter((n) => n !== '').length;
    if (k <= 2) return zero(this.source);
    return formula((k - 2) * numel(v.outDims(0)) * v.elemBytes(0), this.source);
  },
};

/** BiasGelu: one output-sized intermediate (source row; matched ORT 1.30 in this project's probe). */
const biasGelu: WorkspaceRule = {
  source: 'contrib_ops/cpu/bert/bias_gelu.cc',
  estimate(v) {
    return formula(numel(v.outDims(0)) * v.elemBytes(0), this.source);
  },
};

/** FastGelu: a biased copy of the input when a bias is given, nothing otherwise (E on 1.30). */
const fastGelu: WorkspaceRule = {
  source: 'contrib_ops/cpu/bert/fast_gelu.cc',
  estimate(v) {
    return v.has(1) ? formula(numel(v.outDims(0)) * v.elemBytes(0), this.source) : zero(this.source);
  },
};

/**
 * Einsum: the summed bytes of the intermediates ORT's one fixed path takes (operands left to right:
 * einsumWorkspace.ts, read from `math/einsum_utils/` and matched to ORT 1.30's node statistics).
 */
const einsum: WorkspaceRule = {
  source: 'core/providers/cpu/math/einsum.cc',
  estimate(v) {
    const shapes: number[][] = [];
    for (let i = 0; i < v.node.inputs.length; i++) shapes.push(v.dims(i));
    const plan = einsumPlan(v.str('equation', ''), shapes, v.elemBytes(0));
    return 'reason' in plan ? unavailable(`${v.label}: ${plan.reason}`, this.source) : formula(plan.totalBytes, this.source);
  },
};

/**
 * Multinomial: one double per class (the input's last dim), whatever the batch and sample count.
 * Fitted on ORT 1.30's node statistics (probes: 2×10, 3×7, 1×100, 4×10 with 1 to 50 samples).
 */
const multinomial: WorkspaceRule = {
  source: 'core/providers/cpu/generator/random.cc',
  estimate(v) {
    const x = v.dims(0);
    return x.length === 2 ? formula(8 * x[1]!, this.source) : unavailable(`${v.label} input is not 2-D`, this.source);
  },
};

/**
 * com.microsoft WordConvEmbedding (contrib_ops/cpu/word_conv_embedding.cc), from the sequence
 * [words, chars] and the conv weight [filters, 1, window, width]: after Y, the looked-up char
 * embeddings (words·chars·width floats) and one int per word, then the unfolded windows
 * (words·(chars−window+1)·window·width floats) and the conv result and its tanh
 * (words·(chars−window+1)·filters floats each), all held to the end of Compute; their sizes do not
 * depend on the contents. Null when the window is wider than a word (ORT's sizes go negative).
 */
export function wordConvEmbeddingBuffers(seq: readonly number[], w: readonly number[]): number[] | null {
  if (seq.length !== 2 || w.length !== 4) return null;
  const [words, chars] = seq as [number, number];
  const [filters, , window, width] = w as [number, number, number, number];
  const positions = chars - window + 1;
  if (positions <= 0) return null;
  return [words * chars * width * 4, words * 4, words * positions * window * width * 4, words * positions * filters * 4, words * positions * filters * 4].filter((b) => b > 0);
}

const wordConvEmbedding: WorkspaceRule = {
  source: 'contrib_ops/cpu/word_conv_embedding.cc',
  estimate(v) {
    const buffers = wordConvEmbeddingBuffers(v.dims(0), v.dims(1));
    return buffers ? formula(buffers.reduce((a, b) => a + b, 0), this.source) : unavailable(`${v.label}: the conv window is wider than a word`, this.source);
  },
};

/** The tensor-op entries, keyed by op label. */
export const TENSOR_WORKSPACE: Record<string, WorkspaceRule> = {
  Multinomial: multinomial,
  Resize: resize,
  Upsample: resize,
  Where: where,
  Sum: variadic,
  Mean: variadic,
  Max: variadic,
  Min: variadic,
  'com.microsoft::BiasGelu': biasGelu,
  'com.microsoft::FastGelu': fastGelu,
  Einsum: einsum,
  'com.microsoft::WordConvEmbedding': wordConvEmbedding,
};
