/**
 * Scratch of the convolution family on the CPU EP (ort-cpu-scratch.md §2 and §2.3).
 * Sizes are requested bytes, as ORT's node-stats CSV sums them.
 */
import { DataType } from '../../onnx/dataType';
import { readConvGeometry, type ConvGeometry } from './convGeometry';
import { formula, numel, roundUp, unavailable, zero, type OpView } from './opView';
import type { WorkspaceRule } from './workspaceRule';
import type { WorkspaceEstimate } from './types';

/** MLAS conv working buffer per thread: 16,384 floats (core/mlas/lib/convolve.cpp). */
const CONV_BUFFER_PER_THREAD_BYTES = 16384 * 4;
/** MLAS threading: one thread per 64K multiply-adds, at most 16 threads, slices aligned to 16. */
const SGEMM_THREAD_COMPLEXITY = 65536;
const MAX_THREAD_COUNT = 16;
const STRIDE_N_ALIGN = 16;

/** MLAS's thread count for the segmented conv path (`Tseg`), from its complexity heuristic. */
function convSegmentThreads(filterCount: number, outSize: number, k: number, threads: number): number {
  let t = Math.min(Math.floor((filterCount * outSize * k) / SGEMM_THREAD_COMPLEXITY) + 1, MAX_THREAD_COUNT, Math.max(1, threads));
  if (t > 1) {
    const s = roundUp(Math.ceil(outSize / t), STRIDE_N_ALIGN);
    if (s >= outSize) t = 1;
    else if (s * (t - 1) >= outSize) t -= 1;
  }
  return t;
}

/** True when MLAS runs the conv as a direct GEMM (pointwise, or a full-width kernel with C/g = 1). */
function isDirectGemm(g: ConvGeometry): boolean {
  const stridesOne = g.strides.every((s) => s === 1);
  if (!stridesOne || !g.isPadFree) return false;
  if (g.kernelSize === 1) return true;
  const rank = g.kernel.length;
  if ((rank !== 1 && rank !== 2) || g.inChannels / g.group !== 1 || !g.dilations.every((d) => d === 1)) return false;
  // MLAS promotes 1-D to 2-D with height 1 before testing the kernel against the input extent.
  const [kh, kw] = rank === 1 ? [1, g.kernel[0]] : g.kernel;
  const [ih, iw] = rank === 1 ? [1, g.inSpatial[0]] : g.inSpatial;
  return kw === iw || (kh === ih && kw === 1);
}

/** Float Conv: MLAS working buffer (rank 1-3) or conv.cc's own im2col (rank > 3). */
function floatConv(v: OpView): WorkspaceEstimate {
  const source = 'core/providers/cpu/nn/conv.cc';
  if (v.input(0).dtype !== DataType.FLOAT) return unavailable(`${v.label} scratch is modelled for float only (dtype ${v.input(0).dtype})`, source);
  const g = readConvGeometry(v, 0, 1);
  const k = (g.inChannels / g.group) * g.kernelSize;
  if (g.kernel.length > 3) return formula(k * g.outSize * 4, source);
  if (isDirectGemm(g)) return zero('core/mlas/lib/convolve.cpp');
  const filterCount = g.outChannels / g.group;
  if (filterCount > g.outSize) return formula(g.outSize * k * 4, 'core/mlas/lib/convolve.cpp');
  const batchGroups = g.batch * g.group;
  // 1.30 behaviour: batch/group > 1 takes one 64 KiB buffer per thread used (the larger 1.25 rule is newer).
  if (batchGroups > 1) return formula(Math.min(Math.max(1, v.env.threads), batchGroups) * CONV_BUFFER_PER_THREAD_BYTES, 'core/mlas/lib/convolve.cpp');
  return formula(convSegmentThreads(filterCount, g.outSize, k, v.env.threads) * CONV_BUFFER_PER_THREAD_BYTES, 'core/mlas/lib/convolve.cpp');
}

const conv: WorkspaceRule = { source: 'core/providers/cpu/nn/conv.cc', estimate: floatConv };

/** ConvTranspose: one col buffer (M/g)·prod(k)·prod(X spatial) floats, reused for every image and group. */
const convTranspose: WorkspaceRule = {
  source: 'core/providers/cpu/nn/conv_transpose.cc',
  estimate(v) {
    if (v.input(0).dtype !== DataType.FLOAT) return unavailable(`${v.label} scratch is modelled for float only`, this.source);
    const x = v.dims(0);
    const w = v.dims(1);
    const kernel = v.ints('kernel_shape') ?? w.slice(2);
    return formula(w[1] * numel(kernel) * numel(x.slice(2)) * 4, this.source);
  },
};

/** ConvInteger: a u8 im2col of (C/g)·prod(k)·OS bytes unless pointwise with unit strides (matched ORT 1.30 probes). */
const convInteger: WorkspaceRule = {
  source: 'core/providers/cpu/quantization/conv_integer.cc',
  estimate(v) {
    const g = readConvGeometry(v, 0, 1);
    const pointwise = g.kernelSize === 1 && g.strides.every((s) => s === 1) && g.isPadFree;
    return pointwise ? zero(this.source) : formula((g.inChannels / g.group) * g.kernelSize * g.outSize, this.source);
  },
};

/**
 * True when QLinearConv takes MLAS's symmetric indirect path (u8 X, s8 W, zero W zero-points,
 * aligned channels). With s8 X it never does on x86: MLAS sets its signed-input indirect kernels
 * (ConvSymS8S8Dispatch) on ARM64 only (core/mlas/lib/platform.cpp; probed: s8 X with symmetric W
 * takes the accumulator, transposes and im2col of the regular path).
 */
function isSymmetricQConv(v: OpView, g: ConvGeometry): boolean | null {
  if (v.input(0).dtype === DataType.INT8) return false;
  if (!v.isConstant(3) || v.input(3).dtype !== DataType.INT8) return false;
  if (!v.isConstant(2) || !v.isConstant(5)) return false;
  const zp = v.constantValues(5);
  if (zp === null) return null;
  if (!zp.every((z) => z === 0)) return false;
  const cg = g.inChannels / g.group;
  const mg = g.outChannels / g.group;
  // core/mlas/lib/convsym.cpp: depthwise needs groups aligned to 16; regular needs C%4, M>=16, M%8.
  if (g.group > 1) return cg === 1 && mg === 1 && g.group % 16 === 0;
  return cg % 4 === 0 && mg >= 16 && mg % 8 === 0;
}

/**
 * QLinearConv (x86): int32 accumulator, im2col or an indirection table, and with NCHW tensors
 * (channels_last=0) the transposes of the input and output to and from NHWC, which the kernel
 * computes in; with channels_last=1 (the NHWC transformer's form) there are none (probed: 3x3,
 * pointwise, depthwise, stride 2 with C=3, batch 2 and symmetric s8 weights).
 */
const qlinearConv: WorkspaceRule = {
  source: 'core/providers/cpu/quantization/qlinearconv.cc',
  estimate(v) {
    const channelsLast = v.int('channels_last', 0) !== 0;
    const g = readConvGeometry(v, 0, 3, channelsLast);
    const symmetric = isSymmetricQConv(v, g);
    if (symmetric === null) return unavailable(`${v.label} path depends on the W zero-point values, which are not known`, this.source);
    const inputTranspose = channelsLast ? 0 : g.inChannels * numel(g.inSpatial);
    const outputTranspose = channelsLast ? 0 : g.outChannels * g.outSize;
    if (symmetric) return formula(inputTranspose + outputTranspose + 8 * g.kernelSize * g.outSize, this.source);
    // A W that PrePack never saw (not a constant initializer) is reordered into a scratch copy per run.
    const reorderedW = v.isConstant(3) ? 0 : numel(v.dims(3));
    // Depthwise (C/g = M/g = 1) runs MlasConvDepthwise over an indirection table instead of an im2col.
    if (g.inChannels / g.group === 1 && g.outChannels / g.group === 1) {
      return formula(4 * g.outChannels * g.outSize + inputTranspose + outputTranspose + 8 * g.kernelSize * g.outSize + reorderedW, this.source);
    }
    const pointwise = g.kernelSize === 1 && g.strides.every((s) => s === 1) && g.isPadFree;
    const im2colPerGroup = (g.inChannels / g.group) * g.kernelSize * g.outSize;
    const im2col = pointwise ? 0 : im2colPerGroup * (g.kernel.length > 2 ? g.group : 1);
    return formula(4 * g.outChannels * g.outSize + inputTranspose + outputTranspose + im2col + reorderedW, this.source);
  },
};

/**
 * DeformConv (float, `nn/deform_conv.cc`): after Y, the column buffer of one image, C·kH·kW·oH·oW
 * floats (reused across the batch; the whole C, whatever the group), then the bilinear sampling
 * plan: for each offset group and kernel position, ceil(oH·oW / 8) blocks of 256 bytes (8 lanes of
 * four int32 indices and four float weights). The per-row rounding is 1.30's (measured: 13,536 B
 * for a 5×6 output, where one rounding over all rows would give 13,024). Shapes: X [N, C, H, W],
 * W [M, C/g, kH, kW], offset [N, og·2·kH·kW, oH, oW]. Null when a shape is not 4-D.
 */
export function deformConvBuffers(x: readonly number[], w: readonly number[], offset: readonly number[]): { col: number; plan: number } | null {
  if (x.length !== 4 || w.length !== 4 || offset.length !== 4) return null;
  const kernel = w[2]! * w[3]!;
  const outSize = offset[2]! * offset[3]!;
  const offsetGroups = kernel > 0 ? offset[1]! / (2 * kernel) : 0;
  if (!Number.isInteger(offsetGroups) || offsetGroups <= 0) return null;
  return { col: 4 * x[1]! * kernel * outSize, plan: offsetGroups * kernel * Math.ceil(outSize / 8) * 256 };
}

const deformConv: WorkspaceRule = {
  source: 'core/providers/cpu/nn/deform_conv.cc',
  estimate(v) {
    if (v.input(0).dtype !== DataType.FLOAT) return unavailable(`${v.label} scratch is modelled for float only`, this.source);
    const b = deformConvBuffers(v.dims(0), v.dims(1), v.dims(2));
    return b ? formula(b.col + b.plan, this.source) : unavailable(`${v.label} input shapes are not 4-D`, this.source);
  },
};

/** The conv family's entries, keyed by op label. */
export const CONV_WORKSPACE: Record<string, WorkspaceRule> = {
  Conv: conv,
  'com.microsoft::FusedConv': conv,
  'com.microsoft.nchwc::Conv': { source: 'contrib_ops/cpu/nchwc_ops.cc', estimate: () => zero('contrib_ops/cpu/nchwc_ops.cc') },
  ConvTranspose: convTranspose,
  DeformConv: deformConv,
  ConvInteger: convInteger,
  QLinearConv: qlinearConv,
  'com.microsoft::QLinearConv': qlinearConv,
};
