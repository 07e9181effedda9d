/**
 * Convolutions, pools, MatMul/Gemm, normalizations, recurrent ops, Resize, Einsum, DFT and opset-23 attention: one registry entry per op (see ./facets.ts for what each facet means and
 * README "Adding an operator").
 */
import { op, shapeRule, kernelDecl, declaresNoAlias, fp16Facts, noFp16Row, functionBody, noFunctionBody, workspaceFormula, zeroMeasured, zeroProbed, noWorkspaceFormula, prepackRule, packsNothing, scratchOrderUnknown, scratchSplit, type OpEntry } from './facets';
import { atMostBuffersAfterOutputs, deformConvColumnsThenPlan, dftBuffers, einsumIntermediates, exactOrAtMostBuffers, gruBuffers, lstmBuffers, oneBufferAfterOutputs, resizeTables, rnnBuffers } from './scratchFacts';
import { I00 } from './kernelFacts';
import { N, C, I } from './fp16Facts';
import { DataType } from '../onnx/dataType';
import { NN_RULES } from '../shape/rules/nn';
import { CONV_WORKSPACE } from './workspace/convWorkspace';
import { RNN_WORKSPACE } from './workspace/rnnWorkspace';
import { ATTENTION_WORKSPACE } from './workspace/attentionWorkspace';
import { NORM_WORKSPACE } from './workspace/normWorkspace';
import { TENSOR_WORKSPACE } from './workspace/tensorWorkspace';
import { SIGNAL_WORKSPACE } from './workspace/signalWorkspace';
import { PREPACK_RULES } from './workspace/prepackRules';
import { NORMALIZATION_BODIES } from './bodies/normalizationBodies';

/** ORT 1.30's CPU Attention (23, 24) takes q, k, v of one type T in {float, float16} and a mask in {bool, T}. */
function attentionHasNoKernel(types: readonly (number | null)[]): boolean {
  const [q, k, v, mask] = types;
  if (q == null) return false;
  if (q !== DataType.FLOAT && q !== DataType.FLOAT16) return true;
  if ((k != null && k !== q) || (v != null && v !== q)) return true;
  return mask != null && mask !== DataType.BOOL && mask !== q;
}

export const NN_OPS: readonly OpEntry[] = [
  op('ai.onnx', 'Conv', {
    shape: shapeRule(NN_RULES.Conv),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: workspaceFormula(CONV_WORKSPACE.Conv),
    prepack: packsNothing,
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'core/providers/cpu/nn/conv.cc'),
  }),
  op('ai.onnx', 'ConvInteger', {
    shape: shapeRule(NN_RULES.ConvInteger),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(CONV_WORKSPACE.ConvInteger),
    prepack: packsNothing,
    // conv_integer.cc takes Y, then its one u8 im2col buffer (none when pointwise with unit strides).
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'core/providers/cpu/quantization/conv_integer.cc'),
  }),
  op('ai.onnx', 'QLinearConv', {
    shape: shapeRule(NN_RULES.QLinearConv),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(CONV_WORKSPACE.QLinearConv),
    prepack: prepackRule(PREPACK_RULES.QLinearConv),
    // qlinearconv.cc takes Y first, then at most 6 buffers: a reordered W, the int32 GEMM output, the
    // two channels-last transposes, the im2col and the indirection table.
    arenaScratch: scratchSplit(atMostBuffersAfterOutputs(6), 'core/providers/cpu/quantization/qlinearconv.cc'),
  }),
  op('ai.onnx', 'ConvTranspose', {
    shape: shapeRule(NN_RULES.ConvTranspose),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: workspaceFormula(CONV_WORKSPACE.ConvTranspose),
    prepack: prepackRule(PREPACK_RULES.ConvTranspose, { arenaChunk: true }),
    arenaScratch: scratchSplit(oneBufferAfterOutputs, 'core/providers/cpu/nn/conv_transpose.cc'),
  }),
  op('ai.onnx', 'DeformConv', {
    shape: shapeRule(NN_RULES.DeformConv),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(CONV_WORKSPACE.DeformConv),
    prepack: packsNothing,
    arenaScratch: scratchSplit(deformConvColumnsThenPlan, 'core/providers/cpu/nn/deform_conv.cc'),
  }),
  op('ai.onnx', 'MaxPool', {
    shape: shapeRule(NN_RULES.MaxPool),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/nn/pool.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'AveragePool', {
    shape: shapeRule(NN_RULES.AveragePool),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/nn/pool.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'LpPool', {
    shape: shapeRule(NN_RULES.LpPool),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/nn/pool.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'GlobalAveragePool', {
    shape: shapeRule(NN_RULES.GlobalAveragePool),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/nn/pool.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'GlobalMaxPool', {
    shape: shapeRule(NN_RULES.GlobalMaxPool),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/nn/pool.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'GlobalLpPool', {
    shape: shapeRule(NN_RULES.GlobalLpPool),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/nn/pool.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'MatMul', {
    shape: shapeRule(NN_RULES.MatMul),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/math/matmul.cc'),
    prepack: prepackRule(PREPACK_RULES.MatMul),
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'Gemm', {
    shape: shapeRule(NN_RULES.Gemm),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/math/gemm.cc'),
    prepack: prepackRule(PREPACK_RULES.Gemm),
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'BatchNormalization', {
    shape: shapeRule(NN_RULES.BatchNormalization),
    kernel: kernelDecl([{ alias: [[3, 1], [4, 2]], sinceVersion: 9 }, {}], 'Training-mode running statistics are written into the mean/var inputs\' buffers from opset 9.'),
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: zeroMeasured('core/providers/cpu/nn/batch_norm.h'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'LayerNormalization', {
    shape: shapeRule(NN_RULES.LayerNormalization),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: workspaceFormula(NORM_WORKSPACE.LayerNormalization),
    prepack: prepackRule(PREPACK_RULES.LayerNormalization, { private: true }),
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'SimplifiedLayerNormalization', {
    shape: shapeRule(NN_RULES.SimplifiedLayerNormalization),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: workspaceFormula(NORM_WORKSPACE.SimplifiedLayerNormalization),
    prepack: prepackRule(PREPACK_RULES.SimplifiedLayerNormalization, { private: true }),
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'RMSNormalization', {
    shape: shapeRule(NN_RULES.RMSNormalization),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: workspaceFormula(NORM_WORKSPACE.RMSNormalization),
    prepack: prepackRule(PREPACK_RULES.RMSNormalization, { private: true }),
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'GroupNormalization', {
    shape: shapeRule(NN_RULES.GroupNormalization),
    kernel: declaresNoAlias,
    fp16: fp16Facts({ ...I, noKernel: () => true }),
    body: functionBody(NORMALIZATION_BODIES.GroupNormalization),
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'Resize', {
    shape: shapeRule(NN_RULES.Resize),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: workspaceFormula(TENSOR_WORKSPACE.Resize),
    prepack: packsNothing,
    arenaScratch: scratchSplit(resizeTables, 'core/providers/cpu/tensor/upsample.cc'),
  }),
  op('ai.onnx', 'Upsample', {
    shape: shapeRule(NN_RULES.Upsample),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(TENSOR_WORKSPACE.Upsample),
    prepack: packsNothing,
    arenaScratch: scratchSplit(resizeTables, 'core/providers/cpu/tensor/upsample.cc'),
  }),
  op('ai.onnx', 'Einsum', {
    shape: shapeRule(NN_RULES.Einsum),
    kernel: declaresNoAlias,
    fp16: fp16Facts(C),
    body: noFunctionBody,
    workspace: workspaceFormula(TENSOR_WORKSPACE.Einsum),
    prepack: packsNothing,
    arenaScratch: scratchSplit(einsumIntermediates, 'core/providers/cpu/math/einsum.cc'),
  }),
  op('ai.onnx', 'DFT', {
    shape: shapeRule(NN_RULES.DFT),
    kernel: kernelDecl([I00], 'Element-wise kernels that may overwrite their input.'),
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(SIGNAL_WORKSPACE.DFT),
    prepack: packsNothing,
    arenaScratch: scratchSplit(dftBuffers, 'core/providers/cpu/signal/dft.cc'),
  }),
  op('ai.onnx', 'RNN', {
    shape: shapeRule(NN_RULES.RNN),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(RNN_WORKSPACE.RNN),
    prepack: packsNothing,
    arenaScratch: scratchSplit(rnnBuffers, 'core/providers/cpu/rnn/rnn.cc'),
  }),
  op('ai.onnx', 'GRU', {
    shape: shapeRule(NN_RULES.GRU),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(RNN_WORKSPACE.GRU),
    prepack: prepackRule(PREPACK_RULES.GRU),
    // deep_cpu_gru.cc takes Y and Y_h first, then a stand-in for an absent Y_h and, per direction
    // (UniDirectionalGru), its buffers then its Compute's sequence lengths, in gruBuffers' order;
    // where that does not apply, at most 1 + 2·12 buffers after the outputs.
    arenaScratch: scratchSplit(exactOrAtMostBuffers(gruBuffers, 25), 'core/providers/cpu/rnn/deep_cpu_gru.cc'),
  }),
  op('ai.onnx', 'LSTM', {
    shape: shapeRule(NN_RULES.LSTM),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: workspaceFormula(RNN_WORKSPACE.LSTM),
    prepack: prepackRule(PREPACK_RULES.LSTM),
    // deep_cpu_lstm.cc takes Y, Y_h and Y_c first, then up to 2 stand-ins for absent Y_h/Y_c, every
    // direction's state buffers (uni_directional_lstm.cc), then every direction's sequence lengths,
    // in lstmBuffers' order; where that does not apply, at most 2 + 2·18 buffers after the outputs.
    arenaScratch: scratchSplit(exactOrAtMostBuffers(lstmBuffers, 38), 'core/providers/cpu/rnn/deep_cpu_lstm.cc'),
  }),
  op('ai.onnx', 'Attention', {
    shape: shapeRule(NN_RULES.Attention),
    kernel: declaresNoAlias,
    // llm/attention.cc registers T1 = T2 = T in {float, float16} and a mask U in {bool, T}; other
    // types (an int mask, mixed precisions) have no kernel and ORT expands the function body.
    fp16: fp16Facts({ ...N, noKernelForTypes: attentionHasNoKernel }, "an int32 attn_mask has no kernel: the profile shows the expanded body's nodes (106 for tracel-ai/burn's attention_attn_mask_int), as llm/attention.cc's registration (T1 = T2 = T in {float, float16}, U in {bool, T}) says"),
    body: noFunctionBody,
    workspace: workspaceFormula(ATTENTION_WORKSPACE.Attention),
    prepack: packsNothing,
    // llm/attention.cc takes Y, present_key, present_value and output_qk first; ApplyAttention then
    // takes the probabilities, a mask copy and the transposed output (3 in the source read; 8 allowed).
    arenaScratch: scratchSplit(atMostBuffersAfterOutputs(8), 'core/providers/cpu/llm/attention.cc'),
  }),
  op('ai.onnx', 'RotaryEmbedding', {
    shape: shapeRule(NN_RULES.RotaryEmbedding),
    kernel: declaresNoAlias,
    fp16: fp16Facts(N),
    body: noFunctionBody,
    workspace: zeroProbed('core/providers/cpu/llm/rotary_embedding.cc'),
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'LinearAttention', {
    shape: shapeRule(NN_RULES.LinearAttention),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
  op('ai.onnx', 'CausalConvWithState', {
    shape: shapeRule(NN_RULES.CausalConvWithState),
    kernel: declaresNoAlias,
    fp16: noFp16Row,
    body: noFunctionBody,
    workspace: noWorkspaceFormula,
    prepack: packsNothing,
    arenaScratch: scratchOrderUnknown,
  }),
];
