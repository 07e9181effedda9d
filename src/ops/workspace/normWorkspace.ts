/** Scratch of normalization and softmax-like kernels (ort-cpu-scratch.md §2). */
import { DataType } from '../../onnx/dataType';
import { formula, numel, unavailable, zero, type OpView } from './opView';
import type { WorkspaceRule } from './workspaceRule';

/** fp16 LayerNorm converts each scale/bias to fp32 per run unless PrePack already did (constant input). */
const layerNorm: WorkspaceRule = {
  source: 'core/providers/cpu/nn/layer_norm_impl.cc',
  estimate(v) {
    if (v.input(0).dtype !== DataType.FLOAT16) return zero(this.source);
    let floats = 0;
    for (const i of [1, 2]) if (v.has(i) && !v.isConstant(i)) floats += numel(v.dims(i));
    return formula(floats * 4, this.source);
  },
};

/**
 * fp16 SkipLayerNorm stages input, skip and output as fp32 (1.30 has no separate skip copy), one
 * more copy when the input+skip sum (output 3) is requested, plus non-constant params.
 */
const skipLayerNorm: WorkspaceRule = {
  source: 'contrib_ops/cpu/skip_layer_norm.cc',
  estimate(v) {
    if (v.input(0).dtype !== DataType.FLOAT16) return zero(this.source);
    let floats = (v.hasOutput(3) ? 4 : 3) * numel(v.dims(0));
    for (const i of [2, 3, 4]) if (v.has(i) && !v.isConstant(i)) floats += numel(v.dims(i));
    return formula(floats * 4, this.source);
  },
};

/**
 * Softmax-like ops at opset >= 13 transpose a non-last axis to the end and back (two full copies);
 * before 13 they flatten at the axis and need nothing. Without the attribute both defaults are
 * scratch-free, so only an explicit non-last axis needs the opset: the model's by default, or what
 * `opsetOf` reads (QLinearSoftmax names the Softmax semantics it follows in its `opset` attribute).
 */
export function softmaxLike(source: string, opsetOf: (v: OpView) => number | undefined = (v) => v.env.opset): WorkspaceRule {
  return {
    source,
    estimate(v) {
      const opset = opsetOf(v);
      if (opset !== undefined && opset < 13) return zero(source);
      const rank = v.input(0).dims.length;
      const axis = v.int('axis', -1);
      if (axis === -1 || axis === rank - 1) return zero(source);
      if (opset === undefined) return unavailable(`${v.label} scratch on axis ${axis} depends on the opset, which is not known`, source);
      return formula(2 * numel(v.dims(0)) * v.elemBytes(0), source);
    },
  };
}

/** LRN: a squared copy of X plus a channel-padded plane buffer. */
const lrn: WorkspaceRule = {
  source: 'core/providers/cpu/nn/lrn.cc',
  estimate(v) {
    const x = v.dims(0);
    if (x.length !== 4) return unavailable(`${v.label} scratch is modelled for 4-D input only`, this.source);
    const size = v.int('size', 1);
    return formula(numel(x) * 4 + (x[1] + size - 1) * x[2] * x[3] * 4, this.source);
  },
};

/** MVN over axes that are not the trailing dims transposes them to the end and back (fitted on 1.30, E on 3 probes). */
const meanVarianceNormalization: WorkspaceRule = {
  source: 'core/providers/cpu/tensor/mean_variance_normalization.cc',
  estimate(v) {
    const x = v.dims(0);
    const rank = x.length;
    const axes = (v.ints('axes') ?? [0, 2, 3]).map((a) => (a < 0 ? a + rank : a)).sort((a, b) => a - b);
    const isTrailing = axes.every((a, i) => a === rank - axes.length + i);
    return isTrailing ? zero(this.source) : formula(2 * numel(x) * v.elemBytes(0), this.source);
  },
};

/** The normalization entries, keyed by op label. */
export const NORM_WORKSPACE: Record<string, WorkspaceRule> = {
  LayerNormalization: layerNorm,
  SimplifiedLayerNormalization: layerNorm,
  // Opset-23 RMSNormalization runs the same fp16 conversion as the LayerNorm family (E on 1.30).
  RMSNormalization: { ...layerNorm, source: 'core/providers/cpu/nn/rms_norm.cc' },
  MeanVarianceNormalization: meanVarianceNormalization,
  'com.microsoft::SkipLayerNormalization': skipLayerNorm,
  'com.microsoft::SkipSimplifiedLayerNormalization': skipLayerNorm,
  Softmax: softmaxLike('core/providers/cpu/math/softmax.cc'),
  LogSoftmax: softmaxLike('core/providers/cpu/math/softmax.cc'),
  Hardmax: softmaxLike('core/providers/cpu/math/hardmax.cc'),
  LRN: lrn,
};
