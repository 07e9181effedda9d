/**
 * Scratch of the attention family on the CPU EP (ort-cpu-scratch.md §2.2). The contrib kernels'
 * 1.30 behaviour was fitted to node-stats observations; where 1.30 departs from the 1.25 source
 * the 1.30 rule is used.
 */
import { DataType } from '../../onnx/dataType';
import { formula, numel, unavailable, type OpView } from './opView';
import type { WorkspaceRule } from './workspaceRule';
import type { WorkspaceEstimate } from './types';

/** 1.30 takes 64 bytes per (batch, head) beyond the 1.25 source's buffers (fitted, E*). */
const EXTRA_BYTES_PER_BATCH_HEAD = 64;

/**
 * Per-thread bytes of the flash-attention block buffers: the KV block is sized so a block of
 * keys and values fits the per-core L2 cache, the Q block is capped by the head sizes and S.
 */
export function flashBlockBytes(l2CacheBytes: number, headQk: number, headV: number, seqQ: number, seqKv: number): number {
  const kv0 = Math.max(1, Math.floor(l2CacheBytes / (16 * (headQk + headV))));
  const blockKv = Math.min(kv0, seqKv);
  const blockQ = Math.min(kv0, headQk + headV, seqQ);
  return (2 * blockQ + blockQ * blockKv + blockQ * headV) * 4;
}

/**
 * The fp32 mask the unfused path builds (fitted on 1.30): a key mask of rank 1 or 2 takes B·T
 * floats, a rank-3 [B,S,T] mask B·S·T; other ranks are not modelled (the CPU kernel rejects 4-D).
 */
function maskBytes(rank: number, B: number, S: number, T: number): number | null {
  if (rank === 1 || rank === 2) return B * T * 4;
  if (rank === 3) return B * S * T * 4;
  return null;
}

/** The probs + out_tmp + per-(batch, head) extra terms shared by Attention and non-flash MHA. */
function unfusedTerms(B: number, N: number, S: number, T: number, headV: number): number {
  return B * N * S * T * 4 + B * N * S * headV * 4 + EXTRA_BYTES_PER_BATCH_HEAD * B * N;
}

/**
 * Attention's scratch (the fp32 QKV GEMM buffer, then the unfused terms and the mask), with its
 * mask and past at the given input positions: Attention's, or QAttention's (its quantized GEMM
 * writes the same fp32 buffer and then runs Attention's ApplyAttention; probed equal).
 */
function attentionScratch(v: OpView, source: string, maskIndex: number, pastIndex: number): WorkspaceEstimate {
  const [B, S] = v.dimsOfRank(0, [3]);
  const N = v.int('num_heads', 1);
  const w = v.dimsOfRank(1, [2]);
  const sizes = v.ints('qkv_hidden_sizes') ?? [w[1] / 3, w[1] / 3, w[1] / 3];
  const past = v.has(pastIndex) ? v.dimsOfRank(pastIndex, [5])[3] : 0;
  const T = past + S;
  const headV = sizes[2] / N;
  const causal = v.int('unidirectional', 0) !== 0 && S > 1;
  const mask = causal ? B * S * T * 4 : v.has(maskIndex) ? maskBytes(v.dims(maskIndex).length, B, S, T) : 0;
  if (mask === null) return unavailable(`${v.label} mask_index of rank ${v.dims(maskIndex).length} is not modelled`, source);
  return formula(B * S * (sizes[0] + sizes[1] + sizes[2]) * 4 + unfusedTerms(B, N, S, T, headV) + mask, source);
}

const attention: WorkspaceRule = {
  source: 'contrib_ops/cpu/bert/attention.cc',
  estimate(v) {
    if (v.input(0).dtype !== DataType.FLOAT) return unavailable(`${v.label} scratch is modelled for float only`, this.source);
    if (v.has(5)) return unavailable(`${v.label} with attention_bias was not probed in 1.30`, this.source);
    return attentionScratch(v, this.source, 3, 4);
  },
};

/** QAttention (input, weight, bias, input_scale, weight_scale, mask_index, input_zero_point, weight_zero_point, past): Attention's scratch. */
const qAttention: WorkspaceRule = {
  source: 'contrib_ops/cpu/quantization/attention_quant.cc',
  estimate(v) {
    if (v.input(2).dtype !== DataType.FLOAT) return unavailable(`${v.label} scratch is modelled for float bias and output only`, this.source);
    return attentionScratch(v, this.source, 5, 8);
  },
};

/** MHA's Q/K/V bias transient: a biased copy of length > 1 inputs, only the bias itself for length 1. */
function biasTransient(B: number, len: number, hidden: number): number {
  return len > 1 ? (B * len * hidden + hidden) * 4 : hidden * 4;
}

/**
 * MHA: Q/K/V BNSH copies (of the new tokens), optional bias transients, then either the flash
 * block buffers or the unfused probs/out_tmp terms over T = past + L. attention_bias and past only
 * select the unfused path (fitted on 1.30: no extra term for either).
 */
const multiHeadAttention: WorkspaceRule = {
  source: 'contrib_ops/cpu/bert/multihead_attention.cc',
  estimate(v) {
    if (v.input(0).dtype !== DataType.FLOAT) return unavailable(`${v.label} scratch is modelled for float only`, this.source);
    const q = v.dims(0);
    if (q.length !== 3 || !v.has(1) || !v.has(2) || v.dims(1).length !== 3) {
      return unavailable(`${v.label} scratch is modelled for separate 3-D query, key and value only`, this.source);
    }
    const [B, S, D] = q;
    const L = v.dims(1)[1];
    const Dv = v.dimsOfRank(2, [3])[2];
    const N = v.int('num_heads', 1);
    const headQk = D / N;
    const headV = Dv / N;
    const past = v.has(6) ? v.dimsOfRank(6, [4])[2] : 0;
    const T = past + L;
    let bytes = B * N * S * headQk * 4 + B * N * L * (headQk + headV) * 4;
    if (v.has(3)) bytes += biasTransient(B, S, D) + biasTransient(B, L, D) + biasTransient(B, L, Dv);
    const causal = v.int('unidirectional', 0) !== 0;
    const isFlash =
      !v.has(4) && !v.has(5) && !v.has(6) && !causal && !v.hasOutput(1) && !v.hasOutput(2) && !v.hasOutput(3) && v.env.l2CacheBytes > 0;
    if (isFlash) return formula(bytes + Math.max(1, v.env.threads) * flashBlockBytes(v.env.l2CacheBytes, headQk, headV, S, L), this.source);
    const mask = causal ? B * S * T * 4 : v.has(4) ? maskBytes(v.dims(4).length, B, S, T) : 0;
    if (mask === null) return unavailable(`${v.label} key_padding_mask of rank ${v.dims(4).length} is not modelled`, this.source);
    return formula(bytes + unfusedTerms(B, N, S, T, headV) + mask, this.source);
  },
};

/** The total sequence length GQA's scratch is sized by: the declared envelope, or a bound. */
function gqaTotalLength(v: OpView, S: number): { total: number; note: string | null } | string {
  const declared = v.env.maxTotalSequenceLength;
  if (declared !== undefined) return { total: Math.max(declared, S), note: `bounded by the declared maximum total sequence length ${declared}` };
  if (!v.has(3)) return { total: S, note: null };
  const present = v.io.outputs[1];
  const len = present?.dims[2];
  if (typeof len === 'number') return { total: Math.max(len, S), note: `bounded by the present key buffer length ${len}` };
  return `${v.label} scratch grows with total_sequence_length; declare its maximum`;
}

const groupQueryAttention: WorkspaceRule = {
  source: 'contrib_ops/cpu/bert/group_query_attention.cc',
  estimate(v) {
    const dtype = v.input(0).dtype;
    if (dtype !== DataType.FLOAT && dtype !== DataType.FLOAT16) return unavailable(`${v.label} scratch is modelled for float and fp16 only`, this.source);
    const unprobed: [boolean, string][] = [
      [v.int('do_rotary', 0) !== 0, 'rotary'],
      [v.has(10), 'attention_bias'],
      [v.has(11), 'head_sink'],
      [v.int('local_window_size', -1) !== -1, 'a local window'],
      [v.float('softcap', 0) !== 0, 'softcap'],
      [v.hasOutput(3), 'output_qk'],
    ];
    const hit = unprobed.find(([isOn]) => isOn);
    if (hit) return unavailable(`${v.label} with ${hit[1]} was not probed in 1.30`, this.source);
    const [B, S, hidden] = v.dimsOfRank(0, [3]);
    const N = v.int('num_heads', 1);
    const Nkv = v.int('kv_num_heads', 1);
    const H = v.has(1) ? hidden / N : hidden / (N + 2 * Nkv);
    const t = gqaTotalLength(v, S);
    if (typeof t === 'string') return unavailable(t, this.source);
    if (dtype === DataType.FLOAT16) {
      // fp16 (fitted on 1.30, 8 probes, thread-independent): BNSH copies in fp16, fp32 probs over the
      // present buffer, and per (batch, head) fp32 staging of Q·K (H·(S+T)) and of V·probs (H·(T+S)).
      const presentLen = v.io.outputs[1]?.dims[2];
      const presentT = Math.max(typeof presentLen === 'number' ? presentLen : t.total, t.total);
      const copies16 = (B * N * S * H + 2 * B * Nkv * S * H) * 2;
      return formula(copies16 + B * N * S * presentT * 4 + 2 * B * N * H * (S + t.total) * 4, 'contrib_ops/cpu/bert/gqa_attention_base.h', t.note);
    }
    const copies = (B * N * S * H + 2 * B * Nkv * S * H) * 4;
    const threads = Math.max(1, v.env.threads);
    const perThread = S > 1 ? flashBlockBytes(v.env.l2CacheBytes, H, H, S, t.total) : (t.total + H) * 4;
    return formula(copies + threads * perThread, 'contrib_ops/cpu/bert/gqa_attention_base.h', t.note);
  },
};

/** ONNX Attention (opset 23): probs for every head, plus causal and mask staging. */
function onnxAttention(v: OpView): WorkspaceEstimate {
  const source = 'core/providers/cpu/llm/attention.cc';
  const f = v.elemBytes(0);
  const q = v.dimsOfRank(0, [3, 4]);
  const k = v.dimsOfRank(1, [3, 4]);
  const is4d = q.length === 4;
  const B = q[0];
  const Nq = is4d ? q[1] : v.int('q_num_heads', 0);
  if (!is4d && Nq <= 0) return unavailable(`${v.label} with 3-D Q needs q_num_heads`, source);
  const S = is4d ? q[2] : q[1];
  const L = k.length === 4 ? k[2] : k[1];
  const past = v.has(4) ? v.dimsOfRank(4, [4])[2] : 0;
  const T = past + L;
  const causal = v.int('is_causal', 0) !== 0;
  let bytes = B * Nq * S * T * f;
  if (causal && !v.has(3)) bytes += S * T * f;
  if (v.has(3) && (v.input(3).dtype === DataType.BOOL || causal)) bytes += numel(v.dims(3)) * f;
  return formula(bytes, source);
}

/**
 * DecoderMaskedMultiHeadAttention, self-attention with a shared past/present buffer and without
 * beams (contrib_ops/cpu/bert/decoder_masked_multihead_attention.cc): after its outputs, Q, K and V
 * in BNSH (B·N·H floats each), then ApplyAttention's probs and out_tmp for one query step and its
 * 64 bytes per (batch, head). The total length T is past_sequence_length + 1; at a past length of 0
 * the kernel sizes the probs by the buffer's max_sequence + 1 instead (fitted on 1.30's node
 * statistics, 2 and 4 threads alike: B 1-4, N 1-16, H 4-64, max 8-512, past 0-300). Cross-attention
 * (no past; key and value [B, N, L, H]): Q alone, then the same terms over L (7 probes, all exact).
 */
const decoderMaskedMha: WorkspaceRule = {
  source: 'contrib_ops/cpu/bert/decoder_masked_multihead_attention.cc',
  estimate(v) {
    if (v.input(0).dtype !== DataType.FLOAT) return unavailable(`${v.label} is modelled for float only (the CPU kernel's one type)`, this.source);
    if (!v.has(5)) {
      // Cross-attention: key and value are the encoder's, already [B, N, L, H]; only Q is copied.
      if (!v.has(1) || !v.has(2) || v.has(3) || v.has(4) || v.has(10) || v.hasOutput(3)) return unavailable(`${v.label} cross-attention with a mask, bias or output_qk, or without key and value, was not probed in 1.30`, this.source);
      const [B, N, L, H] = v.dimsOfRank(1, [4]);
      return formula(B * N * (H * 4 + L * 4 + H * 4 + EXTRA_BYTES_PER_BATCH_HEAD), this.source);
    }
    if (v.has(9)) return unavailable(`${v.label} with cache_indirection (beam search) was not probed in 1.30`, this.source);
    if (!v.has(1) || !v.has(2)) return unavailable(`${v.label} with packed QKV was not probed in 1.30`, this.source);
    if (v.has(3) || v.has(4) || v.has(10) || v.hasOutput(3)) return unavailable(`${v.label} with a mask, attention bias, bias or output_qk was not probed in 1.30`, this.source);
    const [B, N, max, H] = v.dimsOfRank(5, [4]);
    const past = v.knownValues(7)?.[0];
    let T: number;
    let note: string | null = null;
    if (past === undefined) {
      T = max + 1;
      note = `bounded by the past buffer length ${max} (past_sequence_length is known only at run time; fix it with --value)`;
    } else T = past === 0 ? max + 1 : past + 1;
    return formula(B * N * (3 * H * 4 + T * 4 + H * 4 + EXTRA_BYTES_PER_BATCH_HEAD), this.source, note);
  },
};

/**
 * SparseAttention (ORT GenAI's block-sparse GQA, e.g. Phi-3-small): Q, K and V in BNSH (one packed
 * buffer when key is absent), rotated copies with `do_rotary`, then the probabilities over the
 * run-time total_sequence_length T: B·N·S·T elements. Without T known (a --value for that input) the
 * probabilities are bounded by the past buffer's length, which T may not exceed. Every buffer in
 * the element type. fp16 takes 8·S·H + 2·S·T + 8·T·H bytes more per (batch, head), freed within the
 * head's loop (its GEMMs' fp32 staging; fitted on 1.30, thread-independent). Matched ORT 1.30's node
 * statistics exactly on 10 fp32 probes and 12 fp16 probes (packed and separate Q/K/V, rotary on and
 * off, prompt and one-token steps, B 1-3, N 1-8, H 16-48, T 8-40, 1-4 layouts, 1, 2 and 4 threads).
 */
const sparseAttention: WorkspaceRule = {
  source: 'contrib_ops/cpu/sparse/sparse_attention.cc',
  estimate(v) {
    const dtype = v.input(0).dtype;
    if (dtype !== DataType.FLOAT && dtype !== DataType.FLOAT16) return unavailable(`${v.label} is modelled for float and fp16 (the CPU kernel's types)`, this.source);
    const f = v.elemBytes(0);
    const [B, S, qHidden] = v.dimsOfRank(0, [3]);
    const [, kvHeads, maxCache, H] = v.dimsOfRank(3, [4]);
    const heads = v.int('num_heads', 1);
    const copies = sparseAttentionCopies(B, S, qHidden, kvHeads, H, !v.has(1), v.int('do_rotary', 0) === 1, f);
    const known = v.knownValues(7)?.[0];
    const T = known ?? maxCache;
    const note = known === undefined ? `bounded by the past buffer length ${maxCache} (total_sequence_length is known only at run time; fix it with --value)` : null;
    const staging = dtype === DataType.FLOAT16 ? B * heads * (8 * S * H + 2 * S * T + 8 * T * H) : 0;
    return formula(copies.reduce((a, b) => a + b, 0) + B * heads * S * T * f + staging, this.source, note);
  },
};

/**
 * SparseAttention's copies in the order the kernel takes them, of `elemBytes` each element: Q, K and
 * V in BNSH (one packed QKV buffer when key is absent), then with `rotary` the rotated Q and K (or one
 * more packed buffer). The query is [B, S, qHidden]; the past buffers have kvHeads heads of H.
 */
export function sparseAttentionCopies(B: number, S: number, qHidden: number, kvHeads: number, H: number, packed: boolean, rotary: boolean, elemBytes: number): number[] {
  const kvBytes = B * kvHeads * S * H * elemBytes;
  const qBytes = B * S * qHidden * elemBytes - (packed ? 2 * kvBytes : 0);
  const copies = packed ? [qBytes + 2 * kvBytes] : [qBytes, kvBytes, kvBytes];
  if (!rotary) return copies;
  return [...copies, ...(packed ? [qBytes + 2 * kvBytes] : [qBytes, kvBytes])];
}

/** The attention family's entries, keyed by op label. */
export const ATTENTION_WORKSPACE: Record<string, WorkspaceRule> = {
  'com.microsoft::Attention': attention,
  'com.microsoft::QAttention': qAttention,
  'com.microsoft::MultiHeadAttention': multiHeadAttention,
  'com.microsoft::GroupQueryAttention': groupQueryAttention,
  'com.microsoft::DecoderMaskedMultiHeadAttention': decoderMaskedMha,
  'com.microsoft::SparseAttention': sparseAttention,
  Attention: { source: 'core/providers/cpu/llm/attention.cc', estimate: onnxAttention },
};
