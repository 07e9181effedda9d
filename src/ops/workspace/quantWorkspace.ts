/** Scratch of quantized matmul kernels on x86 CPU (ort-cpu-scratch.md §2 and §2.3). */
import { DataType, isFloatType } from '../../onnx/dataType';
import { formula, numel, roundUp, unavailable, zero, type OpView } from './opView';
import { isPadFree } from './convGeometry';
import { softmaxLike } from './normWorkspace';
import { whereSelections } from './tensorWorkspace';
import type { WorkspaceRule } from './workspaceRule';

/** MatMulNBits compute type MLAS packs B for, or 'fallback' when B is dequantized per run. */
export type NBitsPath = 'compFp32' | 'compInt8' | 'fallback';

/**
 * Which MatMulNBits path runs: 4-bit below accuracy level 4 packs for fp32 compute; 4- or 8-bit
 * at level 4 packs for int8 compute; everything else (8-bit below 4, 2-bit, g_idx, float zero
 * points, non-constant B) dequantizes B on every run.
 */
export function matMulNBitsPath(v: OpView): NBitsPath {
  const bits = v.int('bits', 4);
  const level = v.int('accuracy_level', 0);
  if (!v.isConstant(1) || v.has(4)) return 'fallback';
  if (v.has(3) && isFloatType(v.input(3).dtype)) return 'fallback';
  if (bits === 4 && level < 4) return 'compFp32';
  if ((bits === 4 || bits === 8) && level === 4) return 'compInt8';
  return 'fallback';
}

const matMulNBits: WorkspaceRule = {
  source: 'contrib_ops/cpu/quantization/matmul_nbits.cc',
  estimate(v) {
    const a = v.dims(0);
    const K = v.int('K', a[a.length - 1]);
    const N = v.int('N', 0);
    const block = v.int('block_size', 0);
    if (N <= 0 || block <= 0) return unavailable(`${v.label} needs its N and block_size attributes`, this.source);
    const isHalf = v.input(0).dtype === DataType.FLOAT16;
    const path = matMulNBitsPath(v);
    if (path === 'fallback') {
      if (isHalf) return unavailable(`${v.label} fp16 dequantize fallback was not probed in 1.30`, this.source);
      return formula(K * N * 4, this.source);
    }
    // fp16 A is staged through fp32 on x86 before the packed kernel runs.
    if (path === 'compFp32') return isHalf ? formula(numel(a) * 4, this.source) : zero(this.source);
    if (isHalf) return unavailable(`${v.label} fp16 with accuracy_level 4 was not probed in 1.30`, this.source);
    const M = a[a.length - 2] ?? 1;
    const batches = numel(a.slice(0, -2));
    const blocksPerColumn = Math.ceil(K / block);
    // Quantized A: every row of every batch stores each K block's int8 values plus an 8-byte
    // scale/sum; the whole buffer is aligned to 64 with 63 bytes of slack. (Measured on 1.30: the
    // rounding is over all batches at once, not per batch as ort-cpu-scratch.md writes it.)
    return formula(roundUp(batches * M * blocksPerColumn * (block + 8), 64) + 63, this.source);
  },
};

const qlinearMatMul: WorkspaceRule = {
  source: 'core/providers/cpu/quantization/quantize_linear_matmul.cc',
  estimate(v) {
    return formula(numel(v.outDims(0)) * 4, this.source);
  },
};

const dynamicQuantizeMatMul: WorkspaceRule = {
  source: 'contrib_ops/cpu/quantization/dynamic_quantize_matmul.cc',
  estimate(v) {
    return formula(numel(v.dims(0)), this.source);
  },
};

/**
 * QLinearAveragePool dequantizes the whole of X into one fp32 buffer (4 B per element) and pools
 * that, for kernels of 1 to 3 dims; a window covering every spatial dim without padding is run by
 * the global-pool routine instead, which takes none (measured 0, as QLinearGlobalAveragePool).
 */
const qlinearAveragePool: WorkspaceRule = {
  source: 'contrib_ops/cpu/quantization/qlinear_pool.cc',
  estimate(v) {
    const x = v.dims(0);
    const kernel = v.ints('kernel_shape');
    if (!kernel || x.length < 3) return unavailable(`${v.label} needs its kernel_shape and an input of rank 3 or more`, this.source);
    if (kernel.length > 3) return unavailable(`${v.label} has a kernel of ${kernel.length} dims; ORT's kernel runs 1 to 3`, this.source);
    const channelsLast = v.int('channels_last', 0) === 1;
    const spatial = channelsLast ? x.slice(1, -1) : x.slice(2);
    const y = v.outDims(0);
    const outSpatial = channelsLast ? y.slice(1, -1) : y.slice(2);
    const strides = v.ints('strides') ?? kernel.map(() => 1);
    const padFree = isPadFree(v, spatial, outSpatial, kernel, strides, kernel.map(() => 1));
    const global = padFree && spatial.length === kernel.length && spatial.every((d, i) => d === kernel[i]);
    return global ? zero(this.source) : formula(4 * numel(x), this.source);
  },
};

/**
 * QLinearSoftmax with Softmax-13 semantics (attribute `opset` >= 13) off the last axis transposes X
 * so that the axis is last into one temporary tensor and writes the result into another before
 * transposing it back: two tensors of X's size. On the last axis, or with the older semantics
 * (softmax over the flattened dims from `axis` on), none.
 */
const qlinearSoftmax = softmaxLike('contrib_ops/cpu/quantization/qlinear_softmax.cc', (v) => v.int('opset', -1));

/** QGemm with a quantized output (y_scale given) accumulates into an int32 buffer of M·N; with a float output it writes Y directly. */
const qgemm: WorkspaceRule = {
  source: 'contrib_ops/cpu/quantization/quant_gemm.cc',
  estimate(v) {
    return v.has(7) ? formula(numel(v.outDims(0)) * 4, this.source) : zero(this.source);
  },
};

/** QLinearWhere, as Where: the X selection and the Y selection (each condition broadcast with its value), then the merge into Z. */
const qlinearWhere = whereSelections('contrib_ops/cpu/quantization/qlinear_where.cc', 1, 4);

/**
 * NhwcMaxPool (the NHWC transformer's form of a uint8 or int8 MaxPool) pools through an
 * indirection table: one pointer per kernel element for each output pixel of a batch of at most 512
 * pixels, reused across batches and images.
 */
const nhwcMaxPool: WorkspaceRule = {
  source: 'contrib_ops/cpu/quantization/nhwc_max_pool.cc',
  estimate(v) {
    const kernel = v.ints('kernel_shape');
    const y = v.outDims(0);
    if (!kernel || y.length < 3) return unavailable(`${v.label} needs its kernel_shape and an output of rank 3 or more`, this.source);
    return formula(8 * numel(kernel) * Math.min(numel(y.slice(1, -1)), 512), this.source);
  },
};

/** MatMulBnb4: B dequantized to one fp32 [N, K] buffer before Y (matmul_bnb4.cc; ORT 1.30 node statistics on two probes). */
const matMulBnb4: WorkspaceRule = {
  source: 'contrib_ops/cpu/quantization/matmul_bnb4.cc',
  estimate(v) {
    return formula(v.int('K', 0) * v.int('N', 0) * 4, this.source);
  },
};

/** The quantized matmul, pooling and softmax entries, keyed by op label. */
export const QUANT_WORKSPACE: Record<string, WorkspaceRule> = {
  'com.microsoft::MatMulBnb4': matMulBnb4,
  'com.microsoft::NhwcMaxPool': nhwcMaxPool,
  'com.microsoft::QGemm': qgemm,
  'com.microsoft::QLinearWhere': qlinearWhere,
  'com.microsoft::QLinearSoftmax': qlinearSoftmax,
  'com.microsoft::QLinearAveragePool': qlinearAveragePool,
  'com.microsoft::MatMulNBits': matMulNBits,
  QLinearMatMul: qlinearMatMul,
  'com.microsoft::DynamicQuantizeMatMul': dynamicQuantizeMatMul,
};
