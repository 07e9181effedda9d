/** Generated models written to a temp folder: seeded random DAGs, alias chains, dead-buffer reuse, If/Loop. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aliasChainModel, bodyFramesModel, branchWeightsModel, controlFlowModel, danglingReuseModel, deadBufferModel, decoderAttentionModel, fusedMatMulModel, initializerOutputModel, narrowPoolModel, orEqualCastModel, randomDagModel, sampleRateBranchModel, scanModel, strideAlignModel, symbolicDimsModel, contribFormsModel, dynamicQuantizedMatMulModel, legacyOpsModel, qAttentionModel, qEmbedLayerNormModel, paddleDimsModel, qdqCnnModel, quantizedEmbeddingModel, torchPadModel, unnamedDimsModel, whereBroadcastModel, functionOpsModel, deformConvModel, signalOpsModel, resizeGruModel, quantMatMulBiasGeluModel, variadicOpsModel, loopScanOutputsModel, decoderMaskedAttentionModel, torchContribExportsModel, einsumOpsModel, convIntegerModel, dynamicQuantizeLstmModel, rnnOpsModel, mvnHardmaxModel , mvnChainModel, lstmOpsModel, gruOpsModel, olderContribOpsModel, moreContribOpsModel, signedQuantMatMulModel, sequenceOpsModel, loopCarriedSequenceModel, loopTransientSequenceModel, fusedBodyModel, nestedIfModel, initializerInputsModel, outerPackedWeightsModel, torchBertLayerModel, ortOptimizedBertModel, halfNormPacksModel, qdqConvModel } from './generatedModels';
import type { ExpectedMismatch, OracleCase } from './oracleRun';

/** Generated-model mismatches we cannot fix, with the cause (none today). */
export const GENERATED_EXPECTED: Record<string, ExpectedMismatch> = {};

/** How many seeded random DAGs to generate. */
export const RANDOM_DAGS = 30;

/** Writes the generated models into a new temp folder; the caller removes `dir`. */
export function generatedCases(): { dir: string; cases: OracleCase[] } {
  const dir = mkdtempSync(join(tmpdir(), 'oml-generated-'));
  const files: string[] = [];
  const write = (name: string, bytes: Uint8Array): void => {
    const p = join(dir, name);
    writeFileSync(p, bytes);
    files.push(p);
  };
  for (let seed = 1; seed <= RANDOM_DAGS; seed++) write(`dag_${seed}.onnx`, randomDagModel(seed, 6 + ((seed * 7) % 35), seed % 3 === 0));
  for (let seed = 1; seed <= RANDOM_DAGS; seed++) write(`multi_${seed}.onnx`, randomDagModel(1000 + seed, 6 + ((seed * 5) % 30), seed % 2 === 0, 'multi'));
  write('alias_chain.onnx', aliasChainModel());
  write('dead_buffer.onnx', deadBufferModel());
  write('control_flow.onnx', controlFlowModel());
  write('dangling_reuse.onnx', danglingReuseModel());
  write('scan.onnx', scanModel());
  write('symbolic_dims.onnx', symbolicDimsModel());
  write('narrow_pool.onnx', narrowPoolModel());
  write('stride_align.onnx', strideAlignModel());
  write('initializer_output.onnx', initializerOutputModel());
  for (const opset of [13, 16]) write(`or_equal_cast_${opset}.onnx`, orEqualCastModel(opset));
  // The If's condition is a graph input: control_flow fixes it (flag = 0), so the report knows the branch that runs.
  const cases: OracleCase[] = files.map((path) => ({ path, options: { dims: { N: 2, M: 2, batch: 3 }, fill: { flag: 0 } }, ...(path.endsWith('/control_flow.onnx') ? { values: { flag: [0] } } : {}) }));
  // The same If/Loop model with the then branch taken.
  write('control_flow_then.onnx', controlFlowModel());
  cases.push({ path: files[files.length - 1]!, options: { fill: { flag: 1 } }, values: { flag: [1] } });
  // A body ORT rewrites (MatMul + Add → Gemm) is saved in ORT's order; the one it leaves keeps the file's. Both branches.
  for (const flag of [1, 0]) {
    write(`fused_body_${flag}.onnx`, fusedBodyModel());
    cases.push({ path: files[files.length - 1]!, options: { fill: { flag } }, values: { flag: [flag] } });
  }
  // Weights also listed as graph inputs (old PyTorch exports): overridable from IR 4, constants at IR 3.
  for (const ir of [3, 4] as const) {
    write(`initializer_inputs_ir${ir}.onnx`, initializerInputsModel(ir));
    cases.push({ path: files[files.length - 1]! });
  }
  // Small main-graph weights packed by MatMuls in If branches: released after prepacking unless a main node reads one.
  for (const flag of [1, 0]) {
    write(`outer_packed_weights_${flag}.onnx`, outerPackedWeightsModel());
    cases.push({ path: files[files.length - 1]!, options: { fill: { flag } }, values: { flag: [flag] } });
  }
  // A PyTorch-style BERT layer: ORT fuses it into LayerNormalization, SkipLayerNormalization, BiasGelu and FusedMatMul above disabled.
  // At opset 12 ORT's AttentionFusion also makes the self-attention one com.microsoft Attention.
  // In fp16, ORT also inserts Casts around the ops without fp16 CPU kernels, before and after fusing.
  for (const opset of [13, 12] as const) {
    for (const dtype of ['float', 'float16'] as const) {
      write(`torch_bert_layer${opset === 13 ? '' : '_12'}${dtype === 'float' ? '' : '_fp16'}.onnx`, torchBertLayerModel(opset, dtype));
      cases.push({ path: files[files.length - 1]!, options: { dims: { batch: 2 }, fill: { attention_mask: 1 } } });
    }
  }
  // One BERT layer as ORT's transformer optimizer writes it, in float and float16.
  for (const dtype of ['float', 'float16'] as const) {
    write(`ort_optimized_bert${dtype === 'float' ? '' : '_fp16'}.onnx`, ortOptimizedBertModel(dtype));
    cases.push({ path: files[files.length - 1]!, options: { dims: { batch: 2, seq: 8 }, fill: { attention_mask: 1 } } });
  }
  // fp16 norms' params copied to fp32 in PrePack: the originals go unless another node reads them.
  for (const kind of ['gamma', 'all', 'shared', 'layernorm'] as const) {
    write(`half_norm_packs_${kind}.onnx`, halfNormPacksModel(kind));
    cases.push({ path: files[files.length - 1]! });
  }
  // A QDQ Conv fused to QLinearConv above disabled: its W pack is an arena chunk in the symmetric layouts, reserved otherwise.
  for (const kind of ['symmetric', 'depthwise', 'asymmetric'] as const) {
    write(`qdq_conv_${kind}.onnx`, qdqConvModel(kind));
    cases.push({ path: files[files.length - 1]! });
  }
  // An If ending in an If, outputs of a symbolic batch: the inner branch's buffers become the outer If's outputs.
  for (const [flag, inner] of [[1, 1], [1, 0], [0, 0]] as const) {
    write(`nested_if_${flag}${inner}.onnx`, nestedIfModel());
    cases.push({ path: files[files.length - 1]!, options: { dims: { N: 3 }, fill: { flag, inner } }, values: { flag: [flag], inner: [inner] } });
  }
  // The sample-rate If, both rates: the report plans the branch the fixed `sr` selects.
  for (const sr of [16000, 8000]) {
    write(`sample_rate_${sr}.onnx`, sampleRateBranchModel());
    cases.push({ path: files[files.length - 1]!, options: { fill: { sr } }, values: { sr: [sr] } });
  }
  // A decoder's fused self-attention with and without a past: present's shape comes from the kernel.
  for (const kind of ['attention', 'mha'] as const) {
    for (const withPast of [false, true]) {
      write(`decoder_${kind}_${withPast ? 'past' : 'first'}.onnx`, decoderAttentionModel(kind, withPast));
      cases.push({ path: files[files.length - 1]!, options: { dims: { batch: 2, seq: 5, past_seq: 3 } } });
    }
  }
  // Main-graph weights read in If branches: a body's Gemm packs them; folded copies are packed once.
  for (const kind of ['gemm', 'foldedLstm'] as const) {
    write(`branch_weights_${kind}.onnx`, branchWeightsModel(kind));
    cases.push({ path: files[files.length - 1]!, options: { fill: { c: 1 } }, values: { c: [1] } });
  }
  // torch's F.pad export; paddle2onnx's -1 and `?` dims and unnamed input dims, bound as `input:axis`.
  // A QDQ CNN: ORT fuses its groups into com.microsoft QLinear ops from `extended` on.
  for (const format of ['u8', 's8'] as const) {
    write(`qdq_cnn_${format}.onnx`, qdqCnnModel(format));
    cases.push({ path: files[files.length - 1]!, options: { dims: { N: 2 } } });
  }
  // A 4-bit embedding table (com.microsoft GatherBlockQuantized), as ORT GenAI's int4 models have.
  for (const scales of ['float', 'float16'] as const) {
    write(`quantized_embedding_${scales}.onnx`, quantizedEmbeddingModel(scales));
    cases.push({ path: files[files.length - 1]!, options: { dims: { batch: 2, seq: 5 }, fill: { ids: 3 } } });
  }
  // Experimental ops ONNX removed that ORT still runs (opset 8).
  for (const order of ['crop-first', 'crop-last'] as const) {
    write(`legacy_ops_${order}.onnx`, legacyOpsModel(order));
    cases.push({ path: files[files.length - 1]!, options: { dims: { N: 2 } } });
  }
  write('q_attention.onnx', qAttentionModel());
  cases.push({ path: files[files.length - 1]!, options: { dims: { batch: 2, seq: 8 }, fill: { mask: 8 } } });
  write('q_embed_layer_norm.onnx', qEmbedLayerNormModel());
  cases.push({ path: files[files.length - 1]!, options: { dims: { batch: 2, seq: 8 }, fill: { ids: 3, seg: 1 } } });
  write('dynamic_quantized_matmul.onnx', dynamicQuantizedMatMulModel());
  cases.push({ path: files[files.length - 1]!, options: { dims: { batch: 2, seq: 8 }, fill: { x: 0.5 } } });
  write('contrib_forms.onnx', contribFormsModel());
  cases.push({ path: files[files.length - 1]!, options: { dims: { N: 2, K: 3 } } });
  write('fused_matmul.onnx', fusedMatMulModel());
  cases.push({ path: files[files.length - 1]!, options: { dims: { n: 4 } } });
  write('torch_pad.onnx', torchPadModel());
  cases.push({ path: files[files.length - 1]!, options: { dims: { n: 2 } } });
  write('paddle_dims.onnx', paddleDimsModel());
  cases.push({ path: files[files.length - 1]!, options: { dims: { 'image:0': 2, 'image:2': 12, 'image:3': 20 } } });
  write('unnamed_dims.onnx', unnamedDimsModel());
  cases.push({ path: files[files.length - 1]!, options: { dims: { 'x:0': 3, 'x:1': 5 } } });
  // Where with X and Y broadcast differently: its two selections differ in size.
  write('where_broadcast.onnx', whereBroadcastModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // Ops ORT runs as their function bodies, and kernels measured at zero scratch.
  write('function_ops.onnx', functionOpsModel());
  cases.push({ path: files[files.length - 1]!, options: { dims: { N: 2 } } });
  // DeformConv's column buffer and sampling plan after its output.
  write('deform_conv.onnx', deformConvModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // STFT's per-frame DFT buffers and Multinomial's class table, both after their outputs.
  write('signal_ops.onnx', signalOpsModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // Resize's linear tables and GRU's state buffers after their outputs.
  write('resize_gru.onnx', resizeGruModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // QLinearMatMul's int32 product and BiasGelu's intermediate after their outputs.
  write('qmatmul_bias_gelu.onnx', quantMatMulBiasGeluModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // Variadic Sum/Max/Mean intermediates, chained before their outputs.
  write('variadic_ops.onnx', variadicOpsModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // A decoding step with DecoderMaskedMultiHeadAttention over a shared past/present buffer, at past lengths 0 and 7.
  for (const past of [0, 7]) {
    write(`decoder_masked_attention_${past}.onnx`, decoderMaskedAttentionModel());
    cases.push({ path: files[files.length - 1]!, options: { dims: { batch: 2 }, fill: { past_len: past } }, values: { past_len: [past] } });
  }
  // GridSample, Trilu and CDist as torch's contrib-op export writes them (com.microsoft).
  write('torch_contrib_exports.onnx', torchContribExportsModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // CropAndResize, MaxpoolWithMask, UnfoldTensor, NGramRepeatBlock, WordConvEmbedding, DynamicTimeWarping and MatMulInteger16.
  write('older_contrib_ops.onnx', olderContribOpsModel());
  // The warping path's length is known only at run time; through this zero cost matrix it is
  // 60 + 80 − 1 = 139 cells, which the report is told as a binding as a user would.
  cases.push({ path: files[files.length - 1]!, options: { fill: { rois: 0.25 } }, bindings: { 'dtw.path length': 139 } });
  // MurmurHash3, BifurcationDetector, ConvTransposeWithDynamicPads and MatMulBnb4.
  write('more_contrib_ops.onnx', moreContribOpsModel());
  // The detector's token list is known only at run time: the 4 current tokens, the 7 predicted ones
  // that match the source from index 0, and the first that does not (12), bound as a user would.
  cases.push({ path: files[files.length - 1]!, options: {}, bindings: { 'bifurcation.tokens length': 12 } });
  // s8·s8 QLinearMatMul and MatMulInteger: no packed B on CPUs without AVX-VNNI-INT8.
  write('signed_quant_matmul.onnx', signedQuantMatMulModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // Sequence element tensors: copied, cut, shared and freed with the last sequence holding them.
  write('sequence_ops.onnx', sequenceOpsModel());
  cases.push({ path: files[files.length - 1]!, options: { dims: { N: 2 } } });
  // A list appended to in a Loop (torch.jit's export of list.append), over 1 and 3 iterations.
  for (const trips of [1, 3]) {
    write(`loop_carried_sequence_${trips}.onnx`, loopCarriedSequenceModel(trips));
    cases.push({ path: files[files.length - 1]!, options: {} });
  }
  // A sequence made and read within each iteration of a Loop body.
  write('loop_transient_sequence.onnx', loopTransientSequenceModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // A Loop's scan outputs, kept from every iteration and concatenated at the end.
  for (const trips of [1, 4]) {
    write(`loop_scan_outputs_${trips}.onnx`, loopScanOutputsModel(trips));
    cases.push({ path: files[files.length - 1]!, options: {} });
  }
  // Einsum's intermediates in Compute's order around its output (one, two and three operands).
  write('einsum_ops.onnx', einsumOpsModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // ConvInteger's im2col buffer after its output (quantize_dynamic's CNN form).
  write('conv_integer.onnx', convIntegerModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // DynamicQuantizeLSTM's state and quantization buffers after its outputs (quantize_dynamic's LSTM form).
  write('dynamic_quantize_lstm.onnx', dynamicQuantizeLstmModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // RNN's X·Wᵀ product and its stand-in for an absent Y, after its outputs.
  write('rnn_ops.onnx', rnnOpsModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // Float LSTM's stand-ins, state buffers and sequence lengths after its outputs (bidirectional, reverse, forward with lengths).
  for (const first of ['reverse', 'bidirectional'] as const) {
    write(`lstm_ops_${first}.onnx`, lstmOpsModel(first));
    cases.push({ path: files[files.length - 1]!, options: {} });
  }
  // GRU's stand-in, then each direction's buffers and sequence lengths, after its outputs.
  write('gru_ops.onnx', gruOpsModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // MeanVarianceNormalization's transposes before its output, Hardmax's (off the last axis) after it.
  write('mvn_hardmax.onnx', mvnHardmaxModel());
  cases.push({ path: files[files.length - 1]!, options: {} });
  // MeanVarianceNormalization's output has no shape in ORT's inference: nothing after it is in place.
  for (const opset of [11, 13, 18]) {
    write(`mvn_chain_${opset}.onnx`, mvnChainModel(opset));
    cases.push({ path: files[files.length - 1]!, options: {} });
  }
  // If, Loop and Scan bodies that grow the arena, the branch fixed (`go` = 1).
  write('body_frames.onnx', bodyFramesModel());
  cases.push({ path: files[files.length - 1]!, options: { fill: { go: 1 } }, values: { go: [1] } });
  return { dir, cases };
}
