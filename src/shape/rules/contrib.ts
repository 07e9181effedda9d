/**
 * com.microsoft contrib ops as ONNX Runtime's own inference functions shape them
 * (core/graph/contrib_ops/bert_defs.cc, shape_inference_functions.cc, contrib_defs.cc).
 * Where ORT's static inference sets no shape (e.g. an attention `present` whose total length is
 * symbolic), the static channel stays unknown and the runtime channel gives the expression.
 */
import { DataType } from '../../onnx/dataType';
import type { SymDim } from '../types';
import type { OutSpec, RuleContext, ShapeRule } from '../ruleContext';
import { matmulShape, maxPoolWithoutIndices, NN_RULES } from './nn';
import { QUANT_RULES } from './quant';
import { broadcastShapes, input, INT32, normAxis, out, sameAs } from './ruleKit';
import { SHAPE_OP_RULES } from './shapeOps';
import { INDEXING_RULES } from './indexingOps';
import { IMAGE_RULES } from './imageOps';
import { ELEMENTWISE_RULES } from './elementwise';

/** In the static channel ORT sets a shape only when every dim is a value; else no shape at all. */
function allOrNothing(ctx: RuleContext, dims: SymDim[]): SymDim[] | null {
  if (ctx.isStatic && dims.some((d) => d === null)) return null;
  return dims;
}

/** Attention and QAttention differ only in where `past` sits (4 vs 8). */
const attentionAt = (pastIndex: number): ShapeRule => (ctx) => {
  const x = input(ctx, 0);
  const bias = input(ctx, 2);
  const past = input(ctx, pastIndex);
  const dtype = bias?.dtype ?? x?.dtype ?? null;
  if (!x?.shape || !bias?.shape) return [out(dtype, null), out(dtype, null)];
  const qkv = ctx.ints('qkv_hidden_sizes');
  const vHidden = qkv ? qkv[2] : ctx.dim.div(bias.shape[0], 3);
  const y = [x.shape[0], x.shape[1], vHidden];
  let present: SymDim[] | null = null;
  if (!past && !ctx.isStatic && ctx.node.outputs.length > 1) {
    // No past (a decoder's first step): ORT's kernel (AttentionBase::GetPresent) still writes
    // present as (2, batch, num_heads, sequence, head_size), head_size = q hidden / num_heads.
    const heads = ctx.int('num_heads', 0);
    const qHidden = qkv ? qkv[0] : ctx.dim.div(bias.shape[0], 3);
    if (heads > 0) present = [2, x.shape[0], heads, x.shape[1], ctx.dim.div(qHidden, heads)];
  } else if (past?.shape) {
    if (ctx.int('past_present_share_buffer', 0)) present = ctx.isStatic ? null : [...past.shape];
    else {
      const total = ctx.dim.add(past.shape[3], x.shape[1]);
      present = ctx.isStatic && typeof total !== 'number' ? null : past.shape.map((d, i) => (i === 3 ? total : d));
    }
  }
  return [out(dtype, y), out(dtype, present)];
};

const multiHeadAttention: ShapeRule = (ctx) => {
  const [q, k, v] = [input(ctx, 0), input(ctx, 1), input(ctx, 2)];
  const pastK = input(ctx, 6);
  const dtype = q?.dtype ?? null;
  let y: SymDim[] | null = null;
  let kvSeq: SymDim = null;
  if (q?.shape?.length === 5) y = [q.shape[0], q.shape[1], ctx.dim.mul(q.shape[2], q.shape[4])];
  else if (q?.shape && v?.shape) {
    y = [q.shape[0], q.shape[1], v.shape.length === 3 ? v.shape[2] : ctx.dim.mul(v.shape[1], v.shape[3])];
    if (v.shape.length === 3) kvSeq = v.shape[1];
  } else if (q?.shape && k?.shape?.length === 5) y = [...q.shape];
  if (!y && !ctx.isStatic && q?.shape) y = [q.shape[0], q.shape[1], null];
  if (ctx.isStatic && kvSeq !== null && typeof kvSeq !== 'number') kvSeq = null;
  let present: SymDim[] | null = null;
  if (pastK?.shape && ctx.node.outputs.length > 2) {
    const share = ctx.int('past_present_share_buffer', 0) === 1 || (input(ctx, 6) && input(ctx, 8));
    if (share) present = ctx.isStatic ? null : [...pastK.shape];
    else present = allOrNothing(ctx, pastK.shape.map((d, i) => (i === 2 ? ctx.dim.add(d, kvSeq) : d)));
    if (ctx.isStatic && present && typeof present[2] !== 'number') present = null;
  } else if (!ctx.isStatic && k?.shape?.length === 4) present = [...k.shape];
  let presentV: SymDim[] | null = present ? [...present] : null;
  const heads = ctx.int('num_heads', 0);
  if (!pastK && !ctx.isStatic && heads > 0 && k?.shape?.length === 3 && v?.shape?.length === 3) {
    // No past: ORT's kernel writes present_key (batch, num_heads, kv_sequence, qk_head_size) and
    // present_value (batch, num_heads, kv_sequence, v_head_size) from the 3-D key and value.
    present = [k.shape[0], heads, k.shape[1], ctx.dim.div(k.shape[2], heads)];
    presentV = [v.shape[0], heads, v.shape[1], ctx.dim.div(v.shape[2], heads)];
  }
  const kt = input(ctx, 6)?.dtype ?? dtype;
  return [out(dtype, y), out(kt, present), out(input(ctx, 7)?.dtype ?? kt, presentV), out(dtype, null)];
};

/**
 * DecoderMaskedMultiHeadAttention (contrib_ops/cpu/bert/decoder_masked_multihead_attention.cc, one
 * decoding step): output [batch, 1, v_hidden]; with a past, present key and value of the past's
 * shape, [batch, heads, max_sequence, head] (the CPU kernel requires past_present_share_buffer for
 * self-attention and fails without it); for cross-attention (no past) no present. qk is left unknown.
 */
const decoderMaskedMha: ShapeRule = (ctx) => {
  const [q, k, v] = [input(ctx, 0), input(ctx, 1), input(ctx, 2)];
  const pastK = input(ctx, 5);
  const pastV = input(ctx, 6);
  const dtype = q?.dtype ?? null;
  const heads = ctx.int('num_heads', 0);
  let vHidden: SymDim = null;
  if (v?.shape?.length === 3) vHidden = v.shape[2]!;
  else if (v?.shape?.length === 4) vHidden = ctx.dim.mul(v.shape[1]!, v.shape[3]!);
  else if (!k && !v && q?.shape?.length === 3) vHidden = ctx.dim.div(q.shape[2]!, 3);
  const y = q?.shape?.length === 3 ? [q.shape[0]!, q.shape[1]!, vHidden] : null;
  const share = ctx.int('past_present_share_buffer', 0) === 1;
  const present = (p: typeof pastK): SymDim[] | null => (p?.shape && share && heads > 0 && !ctx.isStatic ? [...p.shape] : null);
  return [out(dtype, y), out(pastK?.dtype ?? dtype, present(pastK)), out(pastV?.dtype ?? dtype, present(pastV)), out(dtype, null)];
};

/**
 * The generation ops (contrib_ops/cpu/transformers: beam_search.cc, greedy_search.cc, sampling.cc)
 * run their encoder and decoder subgraphs inside one kernel; their outputs, as the schemas document
 * and infer them (core/graph/contrib_ops/contrib_defs.cc; GreedySearch's checked against ORT 1.30,
 * which pads the sequences to max_length): sequences [batch, num_return_sequences, max_length] (BeamSearch,
 * WhisperBeamSearch) or [batch, max_length] (GreedySearch, Sampling), sequences_scores
 * [batch, num_return_sequences], and BeamSearch's scores [max_length - sequence_length, batch,
 * num_beams, vocab_size]. max_length, num_beams and num_return_sequences are scalar inputs 1, 3
 * and 4: known from constants or `--value`, else the dims stay unknown.
 */
function scalarInput(ctx: RuleContext, i: number): SymDim {
  const v = input(ctx, i)?.value;
  const x = v && v.length === 1 ? v[0] : undefined;
  return typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : null;
}
const beamSearch: ShapeRule = (ctx) => {
  const ids = input(ctx, 0);
  const batch = ids?.shape?.[0] ?? null;
  const maxLength = scalarInput(ctx, 1);
  const beams = scalarInput(ctx, 3);
  const returned = scalarInput(ctx, 4);
  const whisper = ctx.int('model_type', 0) === 2;
  const scoreType = input(ctx, 5)?.dtype ?? DataType.FLOAT;
  const vocab = ctx.int('vocab_size', -1);
  const seqLen = !whisper ? ids?.shape?.[1] ?? null : null;
  const outs = [out(DataType.INT32, ids?.shape ? [batch, returned, maxLength] : null), out(scoreType, ids?.shape ? [batch, returned] : null)];
  if (!whisper) outs.push(out(scoreType, ids?.shape ? [ctx.dim.sub(maxLength, seqLen), batch, beams, vocab > 0 ? vocab : null] : null));
  while (outs.length < ctx.node.outputs.length) outs.push(out(null, null));
  return outs;
};
const greedySearch: ShapeRule = (ctx) => {
  const ids = input(ctx, 0);
  const outs = [out(DataType.INT32, ids?.shape ? [ids.shape[0] ?? null, scalarInput(ctx, 1)] : null)];
  while (outs.length < ctx.node.outputs.length) outs.push(out(null, null));
  return outs;
};

/**
 * The ops ORT's `pytorch_export_contrib_ops` exports torch functions to (old exports, before ONNX had
 * them): GridSample and Trilu as ONNX's (opset 16 and 14 semantics), CDist [rows of A, rows of B],
 * and Unique of a 1-D input (uniques, inverse indices of the input's shape, counts).
 */
const cdist: ShapeRule = (ctx) => {
  const [a, b] = [input(ctx, 0), input(ctx, 1)];
  return [out(a?.dtype ?? null, a?.shape && b?.shape ? [a.shape[0] ?? null, b.shape[0] ?? null] : null)];
};
const contribUnique: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const n = ctx.dataDependent('count');
  return [out(x?.dtype ?? null, [n]), out(DataType.INT64, x?.shape ? [...x.shape] : null), out(DataType.INT64, [n])];
};

/**
 * Older com.microsoft CPU ops (contrib_ops/cpu): CropAndResize [rois, C, crop_h, crop_w] with the
 * crop size from input 3's contents; UnfoldTensor, the sliding windows of `size` every `step` along
 * `dim` (default the last): that dim becomes the window count and `size` is appended;
 * WordConvEmbedding [words, filters]; DynamicTimeWarping [2, path length], the length known only
 * at run time. (MaxpoolWithMask takes MaxPool's rule, MatMulInteger16 MatMulInteger's.)
 */
const cropAndResize: ShapeRule = (ctx) => {
  const [x, rois] = [input(ctx, 0), input(ctx, 1)];
  const crop = input(ctx, 3)?.value;
  const size: SymDim[] = crop && crop.length === 2 ? [crop[0]!, crop[1]!] : [null, null];
  return [out(x?.dtype ?? null, x?.shape && x.shape.length === 4 ? [rois?.shape?.[0] ?? null, x.shape[1] ?? null, ...size] : null)];
};
const unfoldTensor: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  const dim = normAxis(ctx, ctx.int('dim', -1), x.shape.length);
  const size = ctx.int('size', 0);
  const step = ctx.int('step', 1);
  const windows = ctx.dim.add(ctx.dim.div(ctx.dim.sub(x.shape[dim] ?? null, size), step), 1);
  return [out(x.dtype, [...x.shape.slice(0, dim), windows, ...x.shape.slice(dim + 1), size])];
};
const wordConvEmbedding: ShapeRule = (ctx) => {
  const [seq, w] = [input(ctx, 0), input(ctx, 1)];
  return [out(DataType.FLOAT, seq?.shape && w?.shape ? [seq.shape[0] ?? null, w.shape[0] ?? null] : null)];
};
const dynamicTimeWarping: ShapeRule = (ctx) => [out(DataType.INT32, [2, ctx.dataDependent('path length')])];

/**
 * More older com.microsoft CPU ops: MurmurHash3 hashes each element (uint32, or int32 with
 * `positive` 0); BifurcationDetector's tokens are the current tokens plus however many predicted
 * ones match (known only at run time) and its suffix index a scalar; ConvTransposeWithDynamicPads
 * is ConvTranspose with its pads read from input 2's contents (the spatial dims are run-time values
 * until they are known); MatMulBnb4 multiplies A by the dequantized [K, N] matrix of `K` and `N`.
 */
const murmurHash3: ShapeRule = (ctx) => [out(ctx.int('positive', 1) === 1 ? DataType.UINT32 : DataType.INT32, input(ctx, 0)?.shape ?? null)];
const bifurcationDetector: ShapeRule = (ctx) => [out(DataType.INT64, [ctx.dataDependent('tokens length')]), out(DataType.INT64, [])];
const convTransposeWithDynamicPads: ShapeRule = (ctx) => {
  const pads = input(ctx, 2);
  if (!pads) return NN_RULES.ConvTranspose!(ctx);
  const values = pads.value?.every((d) => typeof d === 'number') ? (pads.value as number[]) : null;
  if (values) {
    const withPads: RuleContext = Object.create(ctx) as RuleContext;
    withPads.ints = (name: string) => (name === 'pads' ? values.slice() : ctx.ints(name));
    return NN_RULES.ConvTranspose!(withPads);
  }
  const [y] = NN_RULES.ConvTranspose!(ctx);
  const shape = y?.shape ? y.shape.map((d, i) => (i < 2 ? d : ctx.dataDependent(`output dim ${i}`))) : null;
  return [out(y?.dtype ?? null, shape)];
};
const matMulBnb4: ShapeRule = (ctx) => {
  const a = input(ctx, 0);
  return [out(a?.dtype ?? null, matmulShape(a?.shape ?? null, [ctx.int('K', 0), ctx.int('N', 0)]))];
};

const groupQueryAttention: ShapeRule = (ctx) => {
  const [q, , v] = [input(ctx, 0), input(ctx, 1), input(ctx, 2)];
  const pastK = input(ctx, 3);
  const dtype = q?.dtype ?? null;
  const heads = ctx.int('num_heads', 0);
  const kvHeads = ctx.int('kv_num_heads', 0);
  let y: SymDim[] | null = null;
  let kvSeq: SymDim = null;
  if (q?.shape) {
    if (v?.shape) {
      y = [...q.shape];
      kvSeq = v.shape[1] ?? null;
    } else {
      const head = ctx.dim.div(q.shape[2], heads + 2 * kvHeads);
      y = [q.shape[0], q.shape[1], ctx.dim.mul(head, heads)];
      kvSeq = q.shape[1];
    }
  }
  const totalIn = input(ctx, 6);
  const total = totalIn?.value?.[0] ?? null;
  const pt = pastK?.dtype ?? dtype;
  let present: SymDim[] | null = null;
  if (pastK?.shape && pastK.shape.length === 4) {
    const [b, h, ps, hd] = pastK.shape;
    let seq: SymDim;
    if (ctx.int('sliding_window_cache', 0) === 1) seq = ps;
    else if (typeof total === 'number' && typeof ps === 'number') seq = Math.max(total, ps);
    else if (ctx.isStatic) seq = totalIn && ps === 0 ? null : ps;
    else seq = total ?? ctx.dim.add(ps, kvSeq);
    present = [b, h, seq, hd];
  } else if (q?.shape && heads > 0 && kvHeads > 0 && typeof q.shape[2] === 'number') {
    const head = Math.floor(q.shape[2] / (v?.shape ? heads : heads + 2 * kvHeads));
    present = [q.shape[0], kvHeads, typeof total === 'number' ? total : ctx.isStatic ? q.shape[1] : (total ?? kvSeq), head];
  }
  return [out(dtype, y), out(pt, present), out(input(ctx, 4)?.dtype ?? pt, present ? [...present] : null), out(dtype, null)];
};

/**
 * SparseAttention: output [B, S, N·H] (the query's shape, or N heads of the packed QKV's head size);
 * present key and value are the past buffers' shape (the kernel writes into them: past and present
 * share one buffer, bound by the caller).
 */
const sparseAttention: ShapeRule = (ctx) => {
  const [q, k] = [input(ctx, 0), input(ctx, 1)];
  const past = input(ctx, 3);
  const dtype = q?.dtype ?? null;
  const heads = ctx.int('num_heads', 0);
  const kvHeads = ctx.int('kv_num_heads', 0);
  let y: SymDim[] | null = null;
  if (q?.shape && q.shape.length === 3) {
    y = k ? [...q.shape] : [q.shape[0], q.shape[1], ctx.dim.mul(ctx.dim.div(q.shape[2], heads + 2 * kvHeads), heads)];
  }
  const present = past?.shape && past.shape.length === 4 ? [...past.shape] : null;
  return [out(dtype, y), out(past?.dtype ?? dtype, present), out(input(ctx, 4)?.dtype ?? past?.dtype ?? dtype, present ? [...present] : null)];
};

const embedLayerNorm: ShapeRule = (ctx) => {
  const ids = input(ctx, 0);
  const word = input(ctx, 2);
  const dtype = word?.dtype ?? null;
  const hidden = word?.shape?.[1] ?? null;
  const maskType = ctx.int('mask_index_type', 1);
  if (!ids?.shape || ids.shape.length !== 2) return [out(dtype, null), out(maskType > 0 ? ids?.dtype ?? INT32 : null, null), out(dtype, null)];
  const y = [ids.shape[0], ids.shape[1], hidden];
  const mask = maskType > 0 ? out(ids.dtype, [ids.shape[0]]) : null;
  return [out(dtype, y), mask, out(dtype, [...y])];
};

/**
 * QEmbedLayerNormalization (quantization_defs.cc): EmbedLayerNormalization's inference over the same
 * first eight inputs, with a float output (the schema's T, bound from the scales at input 8) and no
 * embedding sum.
 */
const qEmbedLayerNorm: ShapeRule = (ctx) => {
  const [y, mask] = embedLayerNorm(ctx);
  return [out(input(ctx, 8)?.dtype ?? DataType.FLOAT, y?.shape ?? null), mask ?? null];
};

/** SkipLayerNormalization family: output like input; mean/inv_std float with the last dim 1; sum like input. */
const skipLayerNorm: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const stat: OutSpec = out(DataType.FLOAT, x?.shape ? [...x.shape.slice(0, -1), 1] : null);
  return [sameAs(ctx, 0), stat, { ...stat }, sameAs(ctx, 0)];
};

/** FusedMatMul: MatMul with optional transposes of the last two dims of A and B. */
const fusedMatMul: ShapeRule = (ctx) => {
  const swap = (s: SymDim[] | null, on: boolean): SymDim[] | null => (s && on && s.length >= 2 ? [...s.slice(0, -2), s[s.length - 1], s[s.length - 2]] : s);
  const a = swap(input(ctx, 0)?.shape ?? null, ctx.int('transA', 0) === 1);
  const b = swap(input(ctx, 1)?.shape ?? null, ctx.int('transB', 0) === 1);
  return [out(input(ctx, 0)?.dtype ?? null, matmulShape(a, b))];
};

const matMulNBits: ShapeRule = (ctx) => {
  const a = input(ctx, 0);
  const n = ctx.int('N', 0);
  return [out(a?.dtype ?? null, a?.shape ? [...a.shape.slice(0, -1), n] : null)];
};

/** QLinear binary ops (A, A_scale, A_zp, B, B_scale, B_zp, C_scale, C_zp): broadcast of A and B, dtype of A. */
const qlinearBinary: ShapeRule = (ctx) => {
  const a = input(ctx, 0);
  return [out(a?.dtype ?? null, broadcastShapes([a?.shape ?? null, input(ctx, 3)?.shape ?? null]))];
};

const qlinearGlobalPool: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape || x.shape.length < 3) return [out(x?.dtype ?? null, null)];
  const nhwc = ctx.int('channels_last', 0) === 1;
  const spatial = x.shape.slice(nhwc ? 1 : 2, nhwc ? -1 : undefined).map(() => 1);
  return [out(x.dtype, nhwc ? [x.shape[0], ...spatial, x.shape[x.shape.length - 1]] : [x.shape[0], x.shape[1], ...spatial])];
};

/**
 * QLinearConcat (Y_scale, Y_zero_point, then X, X_scale, X_zero_point per input;
 * core/graph/contrib_ops/quantization_defs.cc): the ONNX Concat of the Xs. Y's dtype is
 * Y_zero_point's: the schema's T8, which ORT's type check binds from that input. ORT's inference
 * sets no shape with fewer than two Xs (under 8 inputs) or a count that is not 2 + 3k.
 */
const qlinearConcat: ShapeRule = (ctx) => {
  const dtype = input(ctx, 1)?.dtype ?? null;
  const n = ctx.inputs.length;
  if (ctx.isStatic && (n < 8 || (n - 2) % 3 !== 0)) return [out(dtype, null)];
  const xs = ctx.inputs.filter((_, i) => i >= 2 && (i - 2) % 3 === 0);
  const view = Object.create(ctx, { inputs: { value: xs } }) as RuleContext;
  const [y] = SHAPE_OP_RULES.Concat!(view);
  return [out(dtype, y?.shape ?? null)];
};

/**
 * GatherBlockQuantized (data, indices, scales, zero_points; contrib_ops/cpu/quantization/
 * gather_block_quantized.cc, PrepareForCompute): data's dims with the `gather_axis` dim replaced by
 * the indices' dims, dequantized to the scales' dtype. uint8 data packs 8/bits values per byte along
 * its last axis (the quantize axis the kernel requires for uint8), so that dim is multiplied back;
 * int4 and uint4 data carry the logical shape already.
 */
const gatherBlockQuantized: ShapeRule = (ctx) => {
  const data = input(ctx, 0);
  const indices = input(ctx, 1);
  const dtype = input(ctx, 2)?.dtype ?? null;
  if (!data?.shape || !indices?.shape || data.shape.length === 0) return [out(dtype, null)];
  const axis = normAxis(ctx, ctx.int('gather_axis', 0), data.shape.length);
  const shape: SymDim[] = [...data.shape.slice(0, axis), ...indices.shape, ...data.shape.slice(axis + 1)];
  const perByte = data.dtype === DataType.UINT8 ? 8 / ctx.int('bits', 4) : 1;
  if (perByte > 1 && shape.length > 0) shape[shape.length - 1] = ctx.dim.mul(shape[shape.length - 1]!, perByte);
  return [out(dtype, shape)];
};

/**
 * QGemm (A, a_scale, a_zero_point, B, b_scale, b_zero_point, C, y_scale, y_zero_point;
 * quantization_defs.cc): [M, N] from A and B after transA/transB; y_zero_point's dtype when given
 * (a quantized output), else float.
 */
const qgemm: ShapeRule = (ctx) => {
  const a = input(ctx, 0)?.shape ?? null;
  const b = input(ctx, 3)?.shape ?? null;
  const dtype = input(ctx, 8)?.dtype ?? DataType.FLOAT;
  if (!a || !b || a.length !== 2 || b.length !== 2) return [out(dtype, null)];
  return [out(dtype, [ctx.int('transA', 0) !== 0 ? a[1]! : a[0]!, ctx.int('transB', 0) !== 0 ? b[0]! : b[1]!])];
};

/** QLinearWhere (condition, X, x_scale, x_zero_point, Y, y_scale, y_zero_point, z_scale, z_zero_point): the broadcast of condition, X and Y, in X's dtype. */
const qlinearWhere: ShapeRule = (ctx) => {
  const x = input(ctx, 1);
  return [out(x?.dtype ?? null, broadcastShapes([input(ctx, 0)?.shape ?? null, x?.shape ?? null, input(ctx, 4)?.shape ?? null]))];
};

/**
 * The com.microsoft forms of ops ONNX later defined, which ORT keeps for older models
 * (contrib_ops/cpu: range.cc, pad.cc, gather_nd.cc): Range with an optional delta (1 when absent);
 * Pad with its pads (and value) as inputs, as ONNX Pad from opset 11; GatherND without batch dims.
 */
const contribRange: ShapeRule = (ctx) => {
  if (input(ctx, 2)) return SHAPE_OP_RULES.Range!(ctx);
  const start = input(ctx, 0);
  const delta = { kind: 'tensor' as const, dtype: start?.dtype ?? null, shape: [], value: [1], reason: null };
  return SHAPE_OP_RULES.Range!(Object.create(ctx, { inputs: { value: [ctx.inputs[0] ?? null, ctx.inputs[1] ?? null, delta] } }) as RuleContext);
};
const contribPad: ShapeRule = (ctx) => SHAPE_OP_RULES.Pad!(Object.create(ctx, { opset: { value: 11 } }) as RuleContext);

const expandDims: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const axis = input(ctx, 1)?.value?.[0];
  if (!x?.shape || typeof axis !== 'number') return [out(x?.dtype ?? null, null)];
  const r = x.shape.length + 1;
  const a = axis < 0 ? axis + r : axis;
  return [out(x.dtype, [...x.shape.slice(0, a), 1, ...x.shape.slice(a)])];
};

/** com.microsoft rule table entries, keyed by op type. */
export const CONTRIB_RULES: Record<string, ShapeRule> = {
  Attention: attentionAt(4),
  QAttention: attentionAt(8),
  FusedConv: NN_RULES.Conv,
  FusedGemm: NN_RULES.Gemm,
  FusedMatMul: fusedMatMul,
  MultiHeadAttention: multiHeadAttention,
  GroupQueryAttention: groupQueryAttention,
  SparseAttention: sparseAttention,
  DecoderMaskedMultiHeadAttention: decoderMaskedMha,
  BeamSearch: beamSearch,
  GridSample: IMAGE_RULES.GridSample!,
  Trilu: ELEMENTWISE_RULES.Trilu!,
  CDist: cdist,
  Unique: contribUnique,
  CropAndResize: cropAndResize,
  MaxpoolWithMask: maxPoolWithoutIndices,
  UnfoldTensor: unfoldTensor,
  NGramRepeatBlock: (ctx) => [sameAs(ctx, 1)],
  WordConvEmbedding: wordConvEmbedding,
  DynamicTimeWarping: dynamicTimeWarping,
  MurmurHash3: murmurHash3,
  BifurcationDetector: bifurcationDetector,
  ConvTransposeWithDynamicPads: convTransposeWithDynamicPads,
  MatMulBnb4: matMulBnb4,
  MatMulInteger16: QUANT_RULES.MatMulInteger!,
  WhisperBeamSearch: beamSearch,
  GreedySearch: greedySearch,
  Sampling: greedySearch,
  EmbedLayerNormalization: embedLayerNorm,
  SkipLayerNormalization: skipLayerNorm,
  SkipSimplifiedLayerNormalization: skipLayerNorm,
  FastGelu: (ctx) => [sameAs(ctx, 0)],
  BiasGelu: (ctx) => [sameAs(ctx, 0)],
  Gelu: (ctx) => [sameAs(ctx, 0)],
  QuickGelu: (ctx) => [sameAs(ctx, 0)],
  BiasAdd: (ctx) => [sameAs(ctx, 0)],
  RotaryEmbedding: (ctx) => [sameAs(ctx, 0)],
  MatMulNBits: matMulNBits,
  QLinearAdd: qlinearBinary,
  QLinearMul: qlinearBinary,
  QLinearSigmoid: (ctx) => [sameAs(ctx, 0)],
  QLinearLeakyRelu: (ctx) => [sameAs(ctx, 0)],
  QLinearSoftmax: (ctx) => [sameAs(ctx, 0)],
  QLinearGlobalAveragePool: qlinearGlobalPool,
  QLinearConcat: qlinearConcat,
  GatherBlockQuantized: gatherBlockQuantized,
  QEmbedLayerNormalization: qEmbedLayerNorm,
  Range: contribRange,
  Pad: contribPad,
  GatherND: INDEXING_RULES.GatherND!,
  QGemm: qgemm,
  QLinearWhere: qlinearWhere,
  QuantizeLinear: (ctx) => [out(input(ctx, 2)?.dtype ?? DataType.UINT8, sameAs(ctx, 0).shape)],
  DequantizeLinear: (ctx) => [out(input(ctx, 1)?.dtype ?? DataType.FLOAT, sameAs(ctx, 0).shape)],
  GroupNorm: (ctx) => [sameAs(ctx, 0)],
  SkipGroupNorm: (ctx) => [sameAs(ctx, 0), sameAs(ctx, 0)],
  Inverse: (ctx) => [sameAs(ctx, 0)],
  ExpandDims: expandDims,
  BiasSplitGelu: (ctx) => {
    const x = input(ctx, 0);
    return [out(x?.dtype ?? null, x?.shape ? [...x.shape.slice(0, -1), ctx.dim.div(x.shape[x.shape.length - 1], 2)] : null)];
  },
  DynamicQuantizeMatMul: (ctx) => [out(DataType.FLOAT, matmulShape(input(ctx, 0)?.shape ?? null, input(ctx, 1)?.shape ?? null))],
  MatMulIntegerToFloat: (ctx) => [out(input(ctx, 2)?.dtype ?? DataType.FLOAT, matmulShape(input(ctx, 0)?.shape ?? null, input(ctx, 1)?.shape ?? null))],
};
