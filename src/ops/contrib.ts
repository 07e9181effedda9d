/**
 * ORT's com.microsoft (and com.microsoft.nchwc) contrib ops: one registry entry per op (see ./facets.ts for what each facet means and
 * README "Adding an operator").
 */
import { op, zeroScratchOp, shapeRule, noShapeRule, kernelDecl, declaresNoAlias, fp16Facts, noFp16Row, functionBody, noFunctionBody, workspaceFormula, zeroMeasured, zeroProbed, zeroSeenInCorpus, noWorkspaceFormula, notModelled, prepackRule, packsNothing, scratchOrderUnknown, scratchSplit, type OpEntry } from './facets';
import { atMostBuffersAfterOutputs, contribAttention, dynamicQuantizeLstmBuffers, oneBufferAfterOutputs, oneBufferBeforeOutputs, twoHalvesAfterOutputs, sparseAttentionSplit, twoSelectionsBeforeOutputs, wordConvEmbeddingSplit } from './scratchFacts';
import { NHWC_CONTRIB_RULES } from '../shape/rules/layoutOps';
import { A00, I00 } from './kernelFacts';
import { N, C, I } from './fp16Facts';
import { NN_RULES } from '../shape/rules/nn';
import { CONTRIB_RULES } from '../shape/rules/contrib';

/** Why the generation ops' scratch stays unavailable. */
const GENERATION_SCRATCH = 'the search kernel runs its encoder and decoder subgraphs itself, with beam state, logits and past key/value buffers of its own for every generated token (not modelled); each subgraph is planned on its own as a body of this step';

/**
 * A generation op (BeamSearch, GreedySearch, Sampling): output shapes from its scalar inputs, no
 * alias, scratch unavailable with GENERATION_SCRATCH, no packs of its own (its subgraphs' kernels
 * pack their weights as bodies of this step).
 */
function generationOp(opType: string, source: string): OpEntry {
  return op('com.microsoft', opType, {
    shape: shapeRule(CONTRIB_RULES[opType]!),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: notModelled(GENERATION_SCRATCH, source),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  });
}

/** An op ORT's `pytorch_export_contrib_ops` writes (GridSample, Trilu, CDist, Unique): float only, zero scratch measured (one probe each), no packs. */
function torchExportOp(opType: string, kernel: OpEntry['kernel'], source: string): OpEntry {
  return zeroScratchOp('com.microsoft', opType, shapeRule(CONTRIB_RULES[opType]!), kernel, source);
}
import { CONV_WORKSPACE } from './workspace/convWorkspace';
import { RNN_WORKSPACE } from './workspace/rnnWorkspace';
import { ATTENTION_WORKSPACE } from './workspace/attentionWorkspace';
import { QUANT_WORKSPACE } from './workspace/quantWorkspace';
import { NORM_WORKSPACE } from './workspace/normWorkspace';
import { TENSOR_WORKSPACE } from './workspace/tensorWorkspace';
import { PREPACK_RULES } from './workspace/prepackRules';
import { CONTRIB_BODIES } from './bodies/contribBodies';

export const CONTRIB_OPS: readonly OpEntry[] = [
  op('com.microsoft', 'Attention', {
    shape: shapeRule(CONTRIB_RULES.Attention),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(ATTENTION_WORKSPACE['com.microsoft::Attention']),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::Attention']),
    // attention.cc takes Y, then the QKV GEMM buffer, and only then (in ApplyAttention) `present`,
    // then at most 4 buffers; without a present output, Y comes before all 5 (6 allowed).
    arenaScratch: scratchSplit(contribAttention, 'contrib_ops/cpu/bert/attention.cc'),
  }),
  op('com.microsoft', 'QAttention', {
    shape: shapeRule(CONTRIB_RULES.QAttention),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(ATTENTION_WORKSPACE['com.microsoft::QAttention']),
    // Held as a Reserve outside the arena's regions, as most packs are (arena oracle: 6,912 B beside the 1 MiB region).
    prepack: prepackRule(PREPACK_RULES['com.microsoft::QAttention']),
    // attention_quant.cc: Y, the fp32 QKV buffer held to the end, then Attention's ApplyAttention.
    arenaScratch: scratchSplit(contribAttention, 'contrib_ops/cpu/quantization/attention_quant.cc'),
  }),
  op('com.microsoft', 'FusedConv', {
    shape: shapeRule(CONTRIB_RULES.FusedConv),
    kernel: kernelDecl([{ mayInplace: [[3, 0]] }], 'Fused kernels that may accumulate into their "sum" input.'),
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(CONV_WORKSPACE['com.microsoft::FusedConv']),
    prepack: packsNothing,
    // fused_conv.cc runs Conv<float>'s Compute (conv.cc): Y first, then its one scratch buffer.
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'contrib_ops/cpu/fused_conv.cc'),
  }),
  op('com.microsoft', 'FusedGemm', {
    shape: shapeRule(CONTRIB_RULES.FusedGemm),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroMeasured('contrib_ops/cpu/fused_gemm.cc'),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::FusedGemm']),
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'FusedMatMul', {
    shape: shapeRule(CONTRIB_RULES.FusedMatMul),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroMeasured('contrib_ops/cpu/fused_matmul.cc'),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::FusedMatMul']),
    arenaScratch: scratchOrderUnknown,
  }),
  // The older name of FusedMatMul: ORT registers the same kernel under it for older models (cpu_contrib_kernels.cc).
  op('com.microsoft', 'TransposeMatMul', {
    shape: shapeRule(CONTRIB_RULES.FusedMatMul),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/fused_matmul.cc'),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::FusedMatMul']),
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'MultiHeadAttention', {
    shape: shapeRule(CONTRIB_RULES.MultiHeadAttention),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: workspaceFormula(ATTENTION_WORKSPACE['com.microsoft::MultiHeadAttention']),
    prepack: packsNothing,
    // multihead_attention.cc takes output, present_key, present_value and output_qk first, then Q, K and V
    // in BNSH (each with at most one transient bias buffer) and one flash buffer or ApplyAttention's 4: at most 10; 12 allowed.
    arenaScratch: scratchSplit(atMostBuffersAfterOutputs(12), 'contrib_ops/cpu/bert/multihead_attention.cc'),
  }),
  op('com.microsoft', 'GroupQueryAttention', {
    shape: shapeRule(CONTRIB_RULES.GroupQueryAttention),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: workspaceFormula(ATTENTION_WORKSPACE['com.microsoft::GroupQueryAttention']),
    prepack: packsNothing,
    // group_query_attention.cc takes output, present_key, present_value and output_qk first, then Q, K and
    // V in BNSH, two rotary buffers and the attention's own (gqa_attention_base.h); 16 allowed.
    arenaScratch: scratchSplit(atMostBuffersAfterOutputs(16), 'contrib_ops/cpu/bert/group_query_attention.cc'),
  }),
  op('com.microsoft', 'SparseAttention', {
    shape: shapeRule(CONTRIB_RULES.SparseAttention!),
    // No MayInplace: the kernel requires present_key/value to be the past buffers themselves
    // (ORT_ENFORCE on the pointers), which only a caller binding both to one buffer gives (ORT GenAI).
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: workspaceFormula(ATTENTION_WORKSPACE['com.microsoft::SparseAttention']!),
    prepack: packsNothing,
    arenaScratch: scratchSplit(sparseAttentionSplit, 'contrib_ops/cpu/sparse/sparse_attention.cc'),
  }),
  op('com.microsoft', 'EmbedLayerNormalization', {
    shape: shapeRule(CONTRIB_RULES.EmbedLayerNormalization),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroSeenInCorpus('contrib_ops/cpu/bert/embed_layer_norm.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'QEmbedLayerNormalization', {
    shape: shapeRule(CONTRIB_RULES.QEmbedLayerNormalization),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/quantization/qembed_layer_norm.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'SkipLayerNormalization', {
    shape: shapeRule(CONTRIB_RULES.SkipLayerNormalization),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: workspaceFormula(NORM_WORKSPACE['com.microsoft::SkipLayerNormalization']),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::SkipLayerNormalization'], { private: true }),
    // skip_layer_norm.cc takes its outputs (0-3) first, then, for fp16 and bf16, at most 7 fp32 copies
    // (input, output, the skip sum, skip, gamma, beta, bias).
    arenaScratch: scratchSplit(atMostBuffersAfterOutputs(7), 'contrib_ops/cpu/skip_layer_norm.cc'),
  }),
  op('com.microsoft', 'SkipSimplifiedLayerNormalization', {
    shape: shapeRule(CONTRIB_RULES.SkipSimplifiedLayerNormalization),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: workspaceFormula(NORM_WORKSPACE['com.microsoft::SkipSimplifiedLayerNormalization']),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::SkipSimplifiedLayerNormalization'], { private: true }),
    // skip_layer_norm.cc takes its outputs (0-3) first, then, for fp16 and bf16, at most 7 fp32 copies
    // (input, output, the skip sum, skip, gamma, beta, bias).
    arenaScratch: scratchSplit(atMostBuffersAfterOutputs(7), 'contrib_ops/cpu/skip_layer_norm.cc'),
  }),
  op('com.microsoft', 'FastGelu', {
    shape: shapeRule(CONTRIB_RULES.FastGelu),
    kernel: declaresNoAlias,
    fp16: fp16Facts(I),
    body: functionBody(CONTRIB_BODIES.FastGelu),
    workspace: workspaceFormula(TENSOR_WORKSPACE['com.microsoft::FastGelu']),
    prepack: packsNothing,
    // fast_gelu.cc takes its output, then with a bias one buffer of the input's size.
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'contrib_ops/cpu/bert/fast_gelu.cc'),
  }),
  op('com.microsoft', 'BiasGelu', {
    shape: shapeRule(CONTRIB_RULES.BiasGelu),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: workspaceFormula(TENSOR_WORKSPACE['com.microsoft::BiasGelu']),
    prepack: packsNothing,
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'contrib_ops/cpu/bert/bias_gelu.cc'),
  }),
  op('com.microsoft', 'Gelu', {
    shape: shapeRule(CONTRIB_RULES.Gelu),
    kernel: declaresNoAlias,
    fp16: fp16Facts(I),
    body: functionBody(CONTRIB_BODIES.Gelu),
    workspace: zeroProbed('contrib_ops/cpu/activations.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'QuickGelu', {
    shape: shapeRule(CONTRIB_RULES.QuickGelu),
    kernel: declaresNoAlias,
    fp16: fp16Facts(I),
    body: functionBody(CONTRIB_BODIES.QuickGelu),
    workspace: zeroProbed('contrib_ops/cpu/activations.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'BiasAdd', {
    shape: shapeRule(CONTRIB_RULES.BiasAdd),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'RotaryEmbedding', {
    shape: shapeRule(CONTRIB_RULES.RotaryEmbedding),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/bert/rotary_embedding.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'MatMulNBits', {
    shape: shapeRule(CONTRIB_RULES.MatMulNBits),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: workspaceFormula(QUANT_WORKSPACE['com.microsoft::MatMulNBits']),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::MatMulNBits'], { private: true }),
    // matmul_nbits.cc takes Y first, then at most 5 buffers on any path (workspace or dequantized B,
    // fp32 copies of A, scales and bias, the fp32 C); 6 allowed.
    arenaScratch: scratchSplit(atMostBuffersAfterOutputs(6), 'contrib_ops/cpu/quantization/matmul_nbits.cc'),
  }),
  op('com.microsoft', 'QLinearAdd', {
    shape: shapeRule(CONTRIB_RULES.QLinearAdd),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/quantization/qlinear_binary_op.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'QLinearMul', {
    shape: shapeRule(CONTRIB_RULES.QLinearMul),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/quantization/qlinear_binary_op.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'QLinearSigmoid', {
    shape: shapeRule(CONTRIB_RULES.QLinearSigmoid),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/quantization/qlinear_lookup_table.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'QLinearLeakyRelu', {
    shape: shapeRule(CONTRIB_RULES.QLinearLeakyRelu),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/quantization/qlinear_lookup_table.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'QLinearSoftmax', {
    shape: shapeRule(CONTRIB_RULES.QLinearSoftmax),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(QUANT_WORKSPACE['com.microsoft::QLinearSoftmax']),
    prepack: packsNothing,
    arenaScratch: scratchSplit(twoHalvesAfterOutputs, 'contrib_ops/cpu/quantization/qlinear_softmax.cc'),
  }),
  op('com.microsoft', 'QLinearGlobalAveragePool', {
    shape: shapeRule(CONTRIB_RULES.QLinearGlobalAveragePool),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/quantization/qlinear_global_average_pool.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'GatherBlockQuantized', {
    shape: shapeRule(CONTRIB_RULES.GatherBlockQuantized),
    kernel: declaresNoAlias,
    // Its CPU kernel takes float and float16 scales (T2), so an fp16 node stays fp16 (measured with the oracle).
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/quantization/gather_block_quantized.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'QLinearWhere', {
    shape: shapeRule(CONTRIB_RULES.QLinearWhere),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(QUANT_WORKSPACE['com.microsoft::QLinearWhere']),
    prepack: packsNothing,
    // As Where: the two selections before Z, freed after the merge.
    arenaScratch: scratchSplit(twoSelectionsBeforeOutputs(1, 4), 'contrib_ops/cpu/quantization/qlinear_where.cc'),
  }),
  op('com.microsoft', 'Range', {
    // The com.microsoft form ORT keeps for older models (cpu_contrib_kernels.cc).
    shape: shapeRule(CONTRIB_RULES.Range),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/range.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'Pad', {
    // The com.microsoft form ORT keeps for older models (cpu_contrib_kernels.cc).
    shape: shapeRule(CONTRIB_RULES.Pad),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/pad.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'GatherND', {
    // The com.microsoft form ORT keeps for older models (cpu_contrib_kernels.cc).
    shape: shapeRule(CONTRIB_RULES.GatherND),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/gather_nd.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'QLinearConcat', {
    shape: shapeRule(CONTRIB_RULES.QLinearConcat),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/quantization/qlinear_concat.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'QLinearAveragePool', {
    // QDQ fusion makes it with channels_last=0; the NHWC transformer (level all) with 1.
    shape: shapeRule(NHWC_CONTRIB_RULES.QLinearAveragePool!),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(QUANT_WORKSPACE['com.microsoft::QLinearAveragePool']),
    prepack: packsNothing,
    // qlinear_pool.cc takes Y first, then the fp32 copy of X.
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'contrib_ops/cpu/quantization/qlinear_pool.cc'),
  }),
  op('com.microsoft', 'QuantizeLinear', {
    shape: shapeRule(CONTRIB_RULES.QuantizeLinear),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/quantization/quantize_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'DequantizeLinear', {
    shape: shapeRule(CONTRIB_RULES.DequantizeLinear),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/quantization/quantize_ops.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'GroupNorm', {
    shape: shapeRule(CONTRIB_RULES.GroupNorm),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'SkipGroupNorm', {
    shape: shapeRule(CONTRIB_RULES.SkipGroupNorm),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'Inverse', {
    shape: shapeRule(CONTRIB_RULES.Inverse),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/inverse.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'ExpandDims', {
    shape: shapeRule(CONTRIB_RULES.ExpandDims),
    kernel: kernelDecl([A00], 'Views that must alias their data input.'),
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/expand_dims.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'BiasSplitGelu', {
    shape: shapeRule(CONTRIB_RULES.BiasSplitGelu),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'DynamicQuantizeMatMul', {
    shape: shapeRule(CONTRIB_RULES.DynamicQuantizeMatMul),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(QUANT_WORKSPACE['com.microsoft::DynamicQuantizeMatMul']),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::DynamicQuantizeMatMul']),
    // The quantized A is allocated before Y and freed after it (arena oracle at extended and all).
    arenaScratch: scratchSplit(oneBufferBeforeOutputs, 'contrib_ops/cpu/quantization/dynamic_quantize_matmul.cc'),
  }),
  op('com.microsoft', 'MatMulIntegerToFloat', {
    shape: shapeRule(CONTRIB_RULES.MatMulIntegerToFloat),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroProbed('contrib_ops/cpu/quantization/matmul_integer_to_float.cc'),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::MatMulIntegerToFloat']),
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'LayerNormalization', {
    shape: shapeRule(NN_RULES.LayerNormalization),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'SimplifiedLayerNormalization', {
    shape: shapeRule(NN_RULES.SimplifiedLayerNormalization),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('com.microsoft', 'DecoderMaskedMultiHeadAttention', {
    shape: shapeRule(CONTRIB_RULES.DecoderMaskedMultiHeadAttention),
    kernel: kernelDecl([{ mayInplace: [[5, 1], [6, 2]] }], 'present_key and present_value may reuse past_key and past_value (MayInplace 5→1, 6→2).'),
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(ATTENTION_WORKSPACE['com.microsoft::DecoderMaskedMultiHeadAttention']),
    prepack: packsNothing,
    // The kernel takes output, present_key, present_value (and qk) first, then Q, K and V (one
    // buffer each) and ApplyAttention's probs and out_tmp: at most 5 after the outputs; 8 allowed.
    arenaScratch: scratchSplit(atMostBuffersAfterOutputs(8), 'contrib_ops/cpu/bert/decoder_masked_multihead_attention.cc'),
  }),
  torchExportOp('GridSample', declaresNoAlias, 'contrib_ops/cpu/grid_sample.cc'),
  torchExportOp('Trilu', kernelDecl([I00], 'MayInplace(0, 0), as ONNX Trilu (the same kernel class, core/providers/cpu/tensor/trilu.cc).'), 'core/providers/cpu/tensor/trilu.cc'),
  torchExportOp('CDist', declaresNoAlias, 'contrib_ops/cpu/cdist.cc'),
  torchExportOp('Unique', declaresNoAlias, 'contrib_ops/cpu/unique.cc'),
  // Older CPU contrib ops: zero arena scratch on one probe each (ORT 1.30 node statistics), no packs.
  zeroScratchOp('com.microsoft', 'CropAndResize', shapeRule(CONTRIB_RULES.CropAndResize!), declaresNoAlias, 'contrib_ops/cpu/crop_and_resize.cc'),
  zeroScratchOp('com.microsoft', 'MaxpoolWithMask', shapeRule(CONTRIB_RULES.MaxpoolWithMask!), declaresNoAlias, 'contrib_ops/cpu/maxpool_with_mask.h'),
  zeroScratchOp('com.microsoft', 'UnfoldTensor', shapeRule(CONTRIB_RULES.UnfoldTensor!), declaresNoAlias, 'contrib_ops/cpu/tensor/unfold.cc'),
  zeroScratchOp('com.microsoft', 'NGramRepeatBlock', shapeRule(CONTRIB_RULES.NGramRepeatBlock!), declaresNoAlias, 'contrib_ops/cpu/bert/ngram_repeat_block.h'),
  // Its cost and trace matrices, (rows+1)·(cols+1) floats and bytes, are std::vectors on the C++
  // heap: neither the arena nor this report counts them.
  zeroScratchOp('com.microsoft', 'DynamicTimeWarping', shapeRule(CONTRIB_RULES.DynamicTimeWarping!), declaresNoAlias, 'contrib_ops/cpu/tensor/dynamic_time_warping.cc'),
  // Eigen's cast GEMM per matrix; no PrePack.
  zeroScratchOp('com.microsoft', 'MatMulInteger16', shapeRule(CONTRIB_RULES.MatMulInteger16!), declaresNoAlias, 'contrib_ops/cpu/quantization/matmul_integer16.cc'),
  op('com.microsoft', 'WordConvEmbedding', {
    shape: shapeRule(CONTRIB_RULES.WordConvEmbedding!),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(TENSOR_WORKSPACE['com.microsoft::WordConvEmbedding']!),
    prepack: packsNothing,
    arenaScratch: scratchSplit(wordConvEmbeddingSplit, 'contrib_ops/cpu/word_conv_embedding.cc'),
  }),
  // Zero scratch on ORT 1.30's node statistics (two probes and one); the hash is per element.
  zeroScratchOp('com.microsoft', 'MurmurHash3', shapeRule(CONTRIB_RULES.MurmurHash3!), declaresNoAlias, 'contrib_ops/cpu/murmur_hash3.cc'),
  zeroScratchOp('com.microsoft', 'BifurcationDetector', shapeRule(CONTRIB_RULES.BifurcationDetector!), declaresNoAlias, 'contrib_ops/cpu/bert/bifurcation_detector.h'),
  // ConvTranspose's kernel with the pads read at run time: its column buffer and its PrePack of W
  // (the class derives from ConvTranspose<float>). ORT 1.30 aborts (a failed assertion) on a node
  // without the pads input, so only the form with pads is probed.
  op('com.microsoft', 'ConvTransposeWithDynamicPads', {
    shape: shapeRule(CONTRIB_RULES.ConvTransposeWithDynamicPads!),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(CONV_WORKSPACE.ConvTranspose!),
    prepack: prepackRule(PREPACK_RULES.ConvTranspose!, { arenaChunk: true }),
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'contrib_ops/cpu/nn/conv_transpose_with_dynamic_pads.h'),
  }),
  op('com.microsoft', 'MatMulBnb4', {
    shape: shapeRule(CONTRIB_RULES.MatMulBnb4!),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(QUANT_WORKSPACE['com.microsoft::MatMulBnb4']!),
    prepack: packsNothing,
    // matmul_bnb4.cc dequantizes B into one buffer, then takes Y; the buffer is freed after the GEMM.
    arenaScratch: scratchSplit(oneBufferBeforeOutputs, 'contrib_ops/cpu/quantization/matmul_bnb4.cc'),
  }),
  generationOp('BeamSearch', 'contrib_ops/cpu/transformers/beam_search.cc'),
  generationOp('WhisperBeamSearch', 'contrib_ops/cpu/transformers/beam_search.cc'),
  generationOp('GreedySearch', 'contrib_ops/cpu/transformers/greedy_search.cc'),
  generationOp('Sampling', 'contrib_ops/cpu/transformers/sampling.cc'),
  op('com.microsoft', 'QLinearConv', {
    // ORT's NHWC transformer (level all) makes it with channels_last=1; QDQ fusion without.
    shape: shapeRule(NHWC_CONTRIB_RULES.QLinearConv),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(CONV_WORKSPACE['com.microsoft::QLinearConv']),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::QLinearConv']),
    // The same kernel as ai.onnx QLinearConv (channels_last set): Y first, then at most 6 buffers.
    arenaScratch: scratchSplit(atMostBuffersAfterOutputs(6), 'core/providers/cpu/quantization/qlinearconv.cc'),
  }),
  op('com.microsoft', 'QGemm', {
    shape: shapeRule(CONTRIB_RULES.QGemm),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(QUANT_WORKSPACE['com.microsoft::QGemm']),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::QGemm']),
    // quant_gemm.cc takes Y, then the int32 accumulator when Y is quantized.
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'contrib_ops/cpu/quantization/quant_gemm.cc'),
  }),
  op('com.microsoft', 'DynamicQuantizeLSTM', {
    // ONNX LSTM's outputs (LSTMBase::ComputeImpl, shared with it); hidden_size is required here.
    shape: shapeRule(NN_RULES.LSTM),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(RNN_WORKSPACE['com.microsoft::DynamicQuantizeLSTM']),
    prepack: prepackRule(PREPACK_RULES['com.microsoft::DynamicQuantizeLSTM']),
    // LSTMBase::ComputeImpl, shared with LSTM: Y, Y_h and Y_c, then the float LSTM's buffers and two
    // quantization buffers per direction, in the order dynamicQuantizeLstmBuffers gives.
    arenaScratch: scratchSplit(dynamicQuantizeLstmBuffers, 'core/providers/cpu/rnn/uni_directional_lstm.cc'),
  }),
  op('com.microsoft', 'QMoE', {
    shape: noShapeRule,
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: prepackRule(PREPACK_RULES['com.microsoft::QMoE']),
    arenaScratch: scratchOrderUnknown,
  }),
];
