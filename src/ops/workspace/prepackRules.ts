/**
 * Per-op prepack (L1) rules: which constant inputs a CPU kernel packs at session init and how big
 * the packed copy is (docs/ort-cpu-scratch.md §3). The op registry (src/ops/*.ts) names the rule
 * each op uses; an op whose entry says `packsNothing` packs nothing.
 */
import { DataType } from '../../onnx/dataType';
import { packedQgemmBBytes, packedSgemmBBytes } from './packedSizes';
import { numel, type OpView } from './opView';
import { matMulNBitsPath } from './quantWorkspace';
import { qgemmKernelLabel, qgemmPackedKFor } from './qgemmKernel';
import type { PrepackPiece } from './types';

/** One op's prepack rule: the pieces it would build, assuming their inputs are constant. */
export interface PrepackRule {
  source: string;
  /** Input positions the kernel may pack; PrePack only sees them when they are constant. */
  inputs: number[];
  /** Candidate packs; the estimator keeps only those whose input is a constant initializer. */
  packs(v: OpView): PrepackPiece[];
}

/** A packed piece for input `i` (bytes known). */
function piece(v: OpView, i: number, packedBytes: number, releasesOriginal = true): PrepackPiece {
  return { input: v.inputName(i), packedBytes, reason: null, releasesOriginal };
}

/** Input `i` packed to a size that is not known, with the reason. */
function unknownPiece(v: OpView, i: number, reason: string): PrepackPiece {
  return { input: v.inputName(i), packedBytes: null, reason, releasesOriginal: true };
}

/** The pack of input `i` when qgemmPackedK has no packed-K for the input types. */
const packedKUnknown = (v: OpView, i: number): PrepackPiece => unknownPiece(v, i, `${v.label} packed-K for these input types is not modelled`);

/**
 * The QGEMM pack of input `i` for A and B of the given element types on this machine: its size from
 * the kernel's packed-K (qgemmKernel.ts), and the kernel it assumes where that follows the CPU.
 */
function qgemmPack(v: OpView, i: number, aType: number | null, bType: number | null, bytesOf: (packedK: number) => number): PrepackPiece[] {
  const packedK = qgemmPackedKFor(aType, bType);
  if (packedK === null) return [packedKUnknown(v, i)];
  // MLAS has no packing for the pair on this CPU (a signed A without AVX-VNNI-INT8): B stays as it is.
  if (packedK === 0) return [];
  const kernel = qgemmKernelLabel(aType, bType);
  return [{ ...piece(v, i, bytesOf(packedK)), ...(kernel !== null ? { kernel } : {}) }];
}

/** A 2-D constant B packed for QGEMM: QB(N, K), B being [K, N], or [N, K] with the op's transB set (QGemm; probed). */
function qgemmRule(source: string, aIndex: number, bIndex: number): PrepackRule {
  return {
    source,
    inputs: [bIndex],
    packs(v) {
      const b = v.dims(bIndex);
      if (b.length !== 2) return [];
      const [k, n] = v.int('transB', 0) !== 0 ? [b[1], b[0]] : [b[0], b[1]];
      return qgemmPack(v, bIndex, v.input(aIndex).dtype, v.input(bIndex).dtype, (packedK) => packedQgemmBBytes(n, k, packedK));
    },
  };
}

const matMul: PrepackRule = {
  inputs: [1],
  source: 'core/providers/cpu/math/matmul.cc',
  packs(v) {
    const b = v.dims(1);
    // A 3-D constant B is not packed; only a 2-D float B is.
    if (v.input(1).dtype !== DataType.FLOAT || b.length !== 2) return [];
    return [piece(v, 1, packedSgemmBBytes(b[1], b[0]))];
  },
};

const gemm: PrepackRule = {
  inputs: [1],
  source: 'core/providers/cpu/math/gemm.cc',
  packs(v) {
    const b = v.dims(1);
    if (v.input(1).dtype !== DataType.FLOAT || b.length !== 2) return [];
    const transB = v.int('transB', 0) !== 0;
    const [n, k] = transB ? [b[0], b[1]] : [b[1], b[0]];
    return [piece(v, 1, packedSgemmBBytes(n, k))];
  },
};

/**
 * com.microsoft FusedMatMul is registered to MatMul<float>, whose PrePack packs a 2-D float B with
 * the node's transB, as Gemm's does (measured: the five FusedMatMuls of an fp16 GPT-2 at level all hold 81,792 B of
 * packs in the arena at session start).
 */
const fusedMatMul: PrepackRule = { ...gemm, source: 'contrib_ops/cpu/fused_matmul.cc (MatMul<float>::PrePack in core/providers/cpu/math/matmul.cc)' };

const lstm: PrepackRule = {
  inputs: [1, 2],
  source: 'core/providers/cpu/rnn/lstm_base.cc',
  packs(v) {
    if (v.input(1).dtype !== DataType.FLOAT) return [];
    const w = v.dims(1);
    const r = v.dims(2);
    return [piece(v, 1, w[0] * packedSgemmBBytes(w[1], w[2])), piece(v, 2, r[0] * packedSgemmBBytes(r[1], r[2]))];
  },
};

const gru: PrepackRule = {
  inputs: [1, 2],
  source: 'core/providers/cpu/rnn/deep_cpu_gru.cc',
  packs(v) {
    if (v.input(1).dtype !== DataType.FLOAT) return [];
    const w = v.dims(1);
    const r = v.dims(2);
    const out = [piece(v, 1, w[0] * packedSgemmBBytes(w[1], w[2]))];
    const h = r[2];
    // R is packed as the update/reset block (2H rows) and the hidden block (H rows) separately.
    if (r[1] === 3 * h) out.push(piece(v, 2, r[0] * (packedSgemmBBytes(2 * h, h) + packedSgemmBBytes(h, h))));
    return out;
  },
};

const convTranspose: PrepackRule = {
  inputs: [1],
  source: 'core/providers/cpu/nn/conv_transpose.cc',
  packs(v) {
    const w = v.dims(1);
    const g = v.int('group', 1);
    if (v.input(1).dtype !== DataType.FLOAT || w.length <= 2) return [];
    if (w[1] * numel(w.slice(2)) <= 1 || w[0] / g <= 1) return [];
    return [piece(v, 1, numel(w) * 4)];
  },
};

const attention: PrepackRule = {
  inputs: [1],
  source: 'contrib_ops/cpu/bert/attention.cc',
  packs(v) {
    const w = v.dims(1);
    if (v.input(1).dtype !== DataType.FLOAT || w.length !== 2) return [];
    const n = v.int('num_heads', 1);
    const sizes = v.ints('qkv_hidden_sizes') ?? [w[1] / 3, w[1] / 3, w[1] / 3];
    // Each head's Q, K and V slice is packed on its own, so heads narrower than 16 columns pad.
    const perHead = sizes.reduce((sum, hidden) => sum + packedSgemmBBytes(hidden / n, w[0]), 0);
    return [piece(v, 1, n * perHead)];
  },
};

const matMulNBits: PrepackRule = {
  inputs: [1, 2],
  source: 'contrib_ops/cpu/quantization/matmul_nbits.cc',
  packs(v) {
    const path = matMulNBitsPath(v);
    if (path === 'fallback') return [];
    const n = v.int('N', 0);
    const k = v.int('K', 0);
    const block = v.int('block_size', 0);
    const bits = v.int('bits', 4);
    const blocksPerColumn = Math.ceil(k / block);
    let bytes = (n * blocksPerColumn * block * bits) / 8;
    if (path === 'compInt8') bytes += 63 + n * blocksPerColumn * 4 + Math.ceil(n / 16) * blocksPerColumn * 64 + 63;
    const out = [piece(v, 1, bytes)];
    // fp16 kernels keep an fp32 copy of the scales; the fp16 original stays.
    if (v.input(0).dtype === DataType.FLOAT16) out.push(piece(v, 2, numel(v.dims(2)) * 4, false));
    return out;
  },
};

/**
 * fp16 norm params get an fp32 copy kept in the kernel, and PrePack reports them packed
 * (`ConvertMLFloat16ToFloatIfNeeded` sets is_packed), so the fp16 original goes when nothing else
 * reads it. Measured (onnxruntime-node 1.30, arena after initialization): an fp16
 * SkipLayerNormalization's 64-byte gamma alone is 128 B (the fp32 copy), gamma, beta and bias
 * 384 B, an fp16 LayerNormalization's scale and bias 256 B; a gamma also read by a Mul stays (192 B).
 */
function halfNormRule(source: string, inputs: number[]): PrepackRule {
  return {
    source,
    inputs,
    packs(v) {
      if (v.input(0).dtype !== DataType.FLOAT16) return [];
      return inputs.filter((i) => v.has(i) && v.input(i).dtype === DataType.FLOAT16).map((i) => piece(v, i, numel(v.dims(i)) * 4));
    },
  };
}

/**
 * QLinearConv W on x86: the symmetric indirect layout (u8 X, s8 W with zero zero-points, aligned
 * channels), else QGEMM-packed per group, else a reordered copy. Two MLAS facts of x86 decide the
 * rest (core/mlas/lib/platform.cpp): the symmetric-QGEMM pack PrePack tries next
 * (SymmQgemmDispatch) and the signed-input indirect kernels exist on ARM64 only, so a symmetric W
 * that the indirect kernel does not take gets the ordinary QGEMM pack; and an s8 X has no packed
 * S8S8 QGEMM here (MLAS installs one only for newer instruction sets such as AVX-VNNI-INT8), so its W is
 * kept as a reordered copy (probed on AVX-512:
 * u8 X over 3 channels 512 B = the QGEMM pack, s8 X 432 B and 1,152 B = numel(W)).
 */
const qlinearConv: PrepackRule = {
  inputs: [3],
  source: 'core/providers/cpu/quantization/qlinearconv.cc',
  packs(v) {
    const w = v.dims(3);
    if (w.length <= 2) return [];
    const g = v.int('group', 1);
    const m = w[0];
    const cg = w[1];
    const kernel = numel(w.slice(2));
    if (v.input(0).dtype === DataType.INT8) return [piece(v, 3, numel(w))];
    if (v.input(3).dtype === DataType.INT8 && v.isConstant(2) && v.isConstant(5)) {
      const zp = v.constantValues(5);
      if (zp === null) return [unknownPiece(v, 3, `${v.label} W layout depends on the W zero-point values, which are not known`)];
      // The symmetric indirect layout is a plain arena chunk (TryConvSymPrepack: alloc->Alloc), the
      // others reserved (MakeUniquePtr(alloc, size, true)): measured, a 1,152 B symmetric pack is a
      // 1,280 B chunk in use, outside nothing held.
      if (zp.every((z) => z === 0)) {
        if (g > 1 && cg === 1 && m / g === 1 && g % 16 === 0) return [{ ...piece(v, 3, g * kernel), arenaChunk: true }];
        if (g === 1 && cg % 4 === 0 && m >= 16 && m % 8 === 0) return [{ ...piece(v, 3, numel(w)), arenaChunk: true }];
      }
    }
    if (cg === 1 && m / g === 1) return [piece(v, 3, numel(w))];
    return qgemmPack(v, 3, v.input(0).dtype, v.input(3).dtype, (packedK) => g * packedQgemmBBytes(m / g, cg * kernel, packedK));
  },
};

/**
 * QAttention's weights [D, 3·hidden]: QGEMM-packed per head and per Q/K/V, 3·num_heads packs of
 * QB(head_size, D) (the input is always uint8), from one plain arena allocation.
 */
const qAttention: PrepackRule = {
  inputs: [1],
  source: 'contrib_ops/cpu/quantization/attention_quant.cc',
  packs(v) {
    const w = v.dims(1);
    const heads = v.int('num_heads', 1);
    if (w.length !== 2 || w[1] % 3 !== 0 || (w[1] / 3) % heads !== 0) return [];
    return qgemmPack(v, 1, v.input(0).dtype, v.input(1).dtype, (packedK) => 3 * heads * packedQgemmBBytes(w[1] / 3 / heads, w[0], packedK));
  },
};

/**
 * DynamicQuantizeLSTM's W [D, I, 4H] and R [D, H, 4H]: per direction one QGEMM pack QB(4H, K)
 * (K = I or H), X being quantized to u8 at run time, so the pair is u8·(the weights' type);
 * TryPackWeights makes one allocation of D packs per input.
 */
const dynamicQuantizeLstm: PrepackRule = {
  inputs: [1, 2],
  source: 'contrib_ops/cpu/quantization/dynamic_quantize_lstm.cc',
  packs(v) {
    const pieces: PrepackPiece[] = [];
    for (const i of [1, 2]) {
      const w = v.dims(i);
      if (w.length !== 3) continue;
      pieces.push(...qgemmPack(v, i, DataType.UINT8, v.input(i).dtype, (packedK) => w[0] * packedQgemmBBytes(w[2], w[1], packedK)));
    }
    return pieces;
  },
};

/** Weights packed with implementation-defined MLAS sizes. */
function opaqueRule(source: string, inputs: number[]): PrepackRule {
  return {
    source,
    inputs,
    packs(v) {
      return inputs.map((i) => unknownPiece(v, i, `${v.label} pack size is implementation-defined`));
    },
  };
}

/** Op label → prepack rule. */
export const PREPACK_RULES: Readonly<Record<string, PrepackRule>> = {
  MatMul: matMul,
  Gemm: gemm,
  'com.microsoft::FusedGemm': gemm,
  LSTM: lstm,
  GRU: gru,
  ConvTranspose: convTranspose,
  'com.microsoft::Attention': attention,
  MatMulInteger: qgemmRule('core/providers/cpu/quantization/matmul_integer.cc', 0, 1),
  QLinearMatMul: qgemmRule('core/providers/cpu/quantization/quantize_linear_matmul.cc', 0, 3),
  'com.microsoft::DynamicQuantizeMatMul': { source: 'contrib_ops/cpu/quantization/dynamic_quantize_matmul.cc', inputs: [1], packs: (v) => dynamicQuantB(v) },
  'com.microsoft::MatMulIntegerToFloat': qgemmRule('contrib_ops/cpu/quantization/matmul_integer_to_float.cc', 0, 1),
  'com.microsoft::QGemm': qgemmRule('contrib_ops/cpu/quantization/quant_gemm.cc', 0, 3),
  QLinearConv: qlinearConv,
  'com.microsoft::QLinearConv': qlinearConv,
  'com.microsoft::MatMulNBits': matMulNBits,
  'com.microsoft::FusedMatMul': fusedMatMul,
  LayerNormalization: halfNormRule('core/providers/cpu/nn/layer_norm_impl.cc', [1, 2]),
  SimplifiedLayerNormalization: halfNormRule('core/providers/cpu/nn/layer_norm_impl.cc', [1, 2]),
  RMSNormalization: halfNormRule('core/providers/cpu/nn/rms_norm.cc', [1]),
  'com.microsoft::SkipLayerNormalization': halfNormRule('contrib_ops/cpu/skip_layer_norm.cc', [1, 2, 3, 4]),
  'com.microsoft::SkipSimplifiedLayerNormalization': halfNormRule('contrib_ops/cpu/skip_layer_norm.cc', [1, 2, 3, 4]),
  'com.microsoft::DynamicQuantizeLSTM': dynamicQuantizeLstm,
  'com.microsoft::QAttention': qAttention,
  'com.microsoft::QMoE': opaqueRule('contrib_ops/cpu/quantization/moe_quantization_cpu.cc', [2, 5, 8]),
};

/** DynamicQuantizeMatMul quantizes A to u8 at run time, so the pair is u8·(B's type). */
function dynamicQuantB(v: OpView): PrepackPiece[] {
  const b = v.dims(1);
  if (b.length !== 2) return [];
  const packedK = v.input(1).dtype === DataType.INT8 ? 4 : v.input(1).dtype === DataType.UINT8 ? 2 : null;
  if (packedK === null) return [];
  return [piece(v, 1, packedQgemmBBytes(b[1], b[0], packedK))];
}
