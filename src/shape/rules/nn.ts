/**
 * Neural-network ops: convolutions and pools (auto_pad, ceil_mode, dilations), MatMul/Gemm,
 * normalizations, Resize/Upsample, Einsum, DFT, recurrent ops, and the opset-23 Attention and
 * RotaryEmbedding. Facts follow the ONNX operator spec.
 */
import { DataType } from '../../onnx/dataType';
import type { SymDim } from '../types';
import type { OutSpec, RuleContext, ShapeRule } from '../ruleContext';
import { badModel, broadcastShapes, input, INT64, normAxis, numbers, out, sameAs } from './ruleKit';

/** Spatial output size of a conv/pool window along one axis. */
/**
 * One output spatial dim of a window op. A pool divides (in + pads − eff) by the stride with C++
 * integer division, which truncates toward zero (ORT's PoolAttributes, ONNX's pool inference): a
 * window larger than a padded 1-wide input still gives 1 output (measured with onnxruntime-node 1.30:
 * MaxPool k=2 s=2 on 1×1 gives 1×1). Conv floors (ORT refuses a kernel wider than its padded input).
 */
function windowOut(ctx: RuleContext, inDim: SymDim, k: number, stride: number, dil: number, padSum: number, autoPad: string, ceil: boolean, padBegin: number, isPool: boolean): SymDim {
  const eff = (k - 1) * dil + 1;
  // ONNX computes a spatial dim only from a dim_value; the runtime channel keeps the arithmetic.
  if (typeof inDim !== 'number' && ctx.isStatic) return null;
  if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
    if (typeof inDim === 'number') return Math.ceil(inDim / stride);
    return stride === 1 ? inDim : null;
  }
  const pads = autoPad === 'VALID' ? 0 : padSum;
  if (typeof inDim === 'number') {
    const span = inDim + pads - eff;
    let o = (ceil ? Math.ceil(span / stride) : isPool ? Math.trunc(span / stride) : Math.floor(span / stride)) + 1;
    if (ceil && (o - 1) * stride >= inDim + padBegin) o--;
    return o;
  }
  const span = ctx.dim.add(inDim, pads - eff);
  return ctx.dim.add(stride === 1 ? span : ctx.dim.div(span, stride), 1);
}

/** Conv-like spatial dims from X [N, C, ...spatial] and a kernel shape. */
function spatial(ctx: RuleContext, x: SymDim[], kernel: number[], ceil: boolean, isPool: boolean): SymDim[] {
  const n = x.length - 2;
  const strides = ctx.ints('strides') ?? new Array<number>(n).fill(1);
  const dil = ctx.ints('dilations') ?? new Array<number>(n).fill(1);
  const pads = ctx.ints('pads') ?? new Array<number>(2 * n).fill(0);
  const autoPad = ctx.string('auto_pad', 'NOTSET');
  return x.slice(2).map((d, i) => windowOut(ctx, d, kernel[i], strides[i] ?? 1, dil[i] ?? 1, (pads[i] ?? 0) + (pads[i + n] ?? 0), autoPad, ceil, pads[i] ?? 0, isPool));
}

function kernelOf(ctx: RuleContext, w: SymDim[] | null): number[] | null {
  const k = ctx.ints('kernel_shape');
  if (k) return k;
  if (!w) return null;
  const ks = w.slice(2);
  return ks.every((d): d is number => typeof d === 'number') ? ks : null;
}

/** Conv, ConvInteger and QLinearConv share the window math; `xi`/`wi` locate X and W. */
function convRule(xi: number, wi: number, dtypeOf: (ctx: RuleContext) => number | null): ShapeRule {
  return (ctx) => {
    const x = input(ctx, xi);
    const w = input(ctx, wi);
    const dtype = dtypeOf(ctx);
    const kernel = kernelOf(ctx, w?.shape ?? null);
    if (x?.shape && x.shape.length < 3) throw badModel(ctx, `Input of rank ${x.shape.length} has no spatial dims`);
    if (!x?.shape || !kernel) return [out(dtype, x?.shape ? new Array<SymDim>(x.shape.length).fill(null) : null)];
    return [out(dtype, [x.shape[0], w?.shape?.[0] ?? null, ...spatial(ctx, x.shape, kernel, false, false)])];
  };
}

const convTranspose: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const w = input(ctx, 1);
  const kernel = kernelOf(ctx, w?.shape ?? null);
  if (!x?.shape || !kernel) return [out(x?.dtype ?? null, null)];
  if (x.shape.length < 3) throw badModel(ctx, `Input of rank ${x.shape.length} has no spatial dims`);
  const n = x.shape.length - 2;
  const group = ctx.int('group', 1);
  const c = w?.shape?.[1] ?? null;
  const channels = typeof c === 'number' ? c * group : null;
  const outShape = ctx.ints('output_shape');
  if (outShape) return [out(x.dtype, [x.shape[0], channels, ...outShape.slice(-n)])];
  const strides = ctx.ints('strides') ?? new Array<number>(n).fill(1);
  const dil = ctx.ints('dilations') ?? new Array<number>(n).fill(1);
  const pads = ctx.ints('pads') ?? new Array<number>(2 * n).fill(0);
  const outPad = ctx.ints('output_padding') ?? new Array<number>(n).fill(0);
  const autoPad = ctx.string('auto_pad', 'NOTSET');
  const dims = x.shape.slice(2).map((d, i) => {
    if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') return ctx.dim.mul(d, strides[i]);
    const fixed = outPad[i] + (kernel[i] - 1) * dil[i] + 1 - (autoPad === 'VALID' ? 0 : pads[i] + pads[i + n]);
    return ctx.dim.add(ctx.dim.mul(ctx.dim.sub(d, 1), strides[i]), fixed);
  });
  return [out(x.dtype, [x.shape[0], channels, ...dims])];
};

function poolRule(withIndices: boolean): ShapeRule {
  return (ctx) => {
    const x = input(ctx, 0);
    const kernel = ctx.ints('kernel_shape');
    if (!x?.shape || !kernel) return [out(x?.dtype ?? null, null), out(INT64, null)];
    if (x.shape.length < 3) throw badModel(ctx, `Input of rank ${x.shape.length} has no spatial dims`);
    const ceil = ctx.int('ceil_mode', 0) === 1;
    const shape = [x.shape[0], x.shape[1], ...spatial(ctx, x.shape, kernel, ceil, true)];
    return withIndices ? [out(x.dtype, shape), out(INT64, [...shape])] : [out(x.dtype, shape)];
  };
}

const globalPool: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  return [out(x.dtype, [x.shape[0], x.shape[1], ...x.shape.slice(2).map(() => 1)])];
};

/** ONNX MatMul shape: 1-D operands are promoted then the added dim is removed; prefixes broadcast. */
export function matmulShape(a: SymDim[] | null, b: SymDim[] | null): SymDim[] | null {
  if (!a || !b || a.length === 0 || b.length === 0) return null;
  const la = a.length === 1 ? [1, a[0]] : a;
  const lb = b.length === 1 ? [b[0], 1] : b;
  const prefix = broadcastShapes([la.slice(0, -2), lb.slice(0, -2)]);
  if (!prefix) return null;
  const dims = [...prefix];
  if (a.length !== 1) dims.push(la[la.length - 2]);
  if (b.length !== 1) dims.push(lb[lb.length - 1]);
  return dims;
}

const matmul: ShapeRule = (ctx) => {
  const a = input(ctx, 0);
  return [out(a?.dtype ?? null, matmulShape(a?.shape ?? null, input(ctx, 1)?.shape ?? null))];
};

const gemm: ShapeRule = (ctx) => {
  const a = input(ctx, 0);
  const b = input(ctx, 1);
  const m = a?.shape ? a.shape[ctx.int('transA', 0) ? 1 : 0] ?? null : null;
  const n = b?.shape ? b.shape[ctx.int('transB', 0) ? 0 : 1] ?? null : null;
  return [out(a?.dtype ?? null, a?.shape && b?.shape ? [m, n] : null)];
};

const batchNorm: ShapeRule = (ctx) => {
  const c = input(ctx, 1)?.shape ?? null;
  const stat = (): OutSpec => out(input(ctx, 3)?.dtype ?? input(ctx, 1)?.dtype ?? null, c ? [...c] : null);
  return [sameAs(ctx, 0), stat(), stat(), stat(), stat()];
};

/** LayerNormalization-style: Y like X; Mean/InvStdDev keep dims before `axis` and set the rest to 1. */
const layerNorm: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const stash = ctx.int('stash_type', DataType.FLOAT);
  if (!x?.shape) return [sameAs(ctx, 0), out(stash, null), out(stash, null)];
  const r = x.shape.length;
  const axis = normAxis(ctx, ctx.int('axis', -1), r);
  const stat = [...x.shape.slice(0, axis), ...new Array<SymDim>(r - axis).fill(1)];
  return [sameAs(ctx, 0), out(stash, stat), out(stash, [...stat])];
};

const resize: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  const r = x.shape.length;
  let scales: number[] | null;
  let sizes: SymDim[] | null = null;
  if (ctx.opset < 9) scales = ctx.floats('scales');
  else if (ctx.opset < 11) scales = numbers(input(ctx, 1));
  else {
    scales = numbers(input(ctx, 2));
    const sz = input(ctx, 3);
    sizes = sz?.value && sz.value.length > 0 ? sz.value : null;
    if (sz && !sz.value) return [out(x.dtype, new Array<SymDim>(r).fill(null))];
  }
  const axes = ctx.opset >= 18 ? ctx.ints('axes') : null;
  const targets = axes ? axes.map((a) => normAxis(ctx, a, r)) : x.shape.map((_, i) => i);
  const dims = [...x.shape];
  const policy = ctx.opset >= 18 ? ctx.string('keep_aspect_ratio_policy', 'stretch') : 'stretch';
  if (sizes && policy === 'stretch') targets.forEach((a, k) => (dims[a] = sizes![k] ?? null));
  else if (scales && scales.length > 0 && !sizes) {
    targets.forEach((a, k) => {
      const s = scales![k];
      const d = dims[a];
      if (typeof d === 'number') dims[a] = Math.floor(d * s);
      else dims[a] = !ctx.isStatic && Number.isInteger(s) ? ctx.dim.mul(d, s) : null;
    });
  } else return [out(x.dtype, new Array<SymDim>(r).fill(null))];
  return [out(x.dtype, dims)];
};

const einsum: ShapeRule = (ctx) => {
  const eq = ctx.string('equation', '').replace(/\s/g, '');
  const ins = ctx.inputs;
  const dtype = ins[0]?.dtype ?? null;
  const [lhs, rhsGiven] = eq.split('->');
  const terms = lhs.split(',');
  const letters = new Map<string, SymDim>();
  const counts = new Map<string, number>();
  let ellipsis: SymDim[] | null = [];
  for (let t = 0; t < terms.length; t++) {
    const shape = ins[t]?.shape;
    if (!shape) return [out(dtype, null)];
    const term = terms[t];
    const named = term.replace('...', '').length;
    const ellRank = shape.length - named;
    let k = 0;
    for (let i = 0; i < term.length; i++) {
      if (term.startsWith('...', i)) {
        ellipsis = broadcastShapes([ellipsis, shape.slice(k, k + ellRank)]);
        k += ellRank;
        i += 2;
        continue;
      }
      const ch = term[i];
      const d = shape[k++];
      const prev = letters.get(ch);
      letters.set(ch, prev === undefined || prev === 1 ? d : prev);
      counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
  }
  const rhs = rhsGiven ?? (eq.includes('...') ? '...' : '') + [...counts.keys()].filter((c) => counts.get(c) === 1).sort().join('');
  const dims: SymDim[] = [];
  for (let i = 0; i < rhs.length; i++) {
    if (rhs.startsWith('...', i)) {
      if (!ellipsis) return [out(dtype, null)];
      dims.push(...ellipsis);
      i += 2;
    } else dims.push(letters.get(rhs[i]) ?? null);
  }
  return [out(dtype, dims)];
};

const dft: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  const r = x.shape.length;
  const axisRaw = ctx.opset >= 20 ? (numbers(input(ctx, 2))?.[0] ?? -2) : ctx.int('axis', 1);
  const axis = normAxis(ctx, axisRaw, r);
  const dims = [...x.shape];
  const len = input(ctx, 1)?.value?.[0];
  if (input(ctx, 1)) dims[axis] = len ?? null;
  if (ctx.int('onesided', 0) === 1) {
    const d = dims[axis];
    dims[axis] = typeof d === 'number' ? Math.floor(d / 2) + 1 : null;
  }
  dims[r - 1] = 2;
  return [out(x.dtype, dims)];
};

/** RNN, GRU and LSTM: Y, Y_h (and Y_c) from X's layout, hidden_size and direction. */
const recurrent: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const dtype = x?.dtype ?? null;
  const dirs = ctx.string('direction', 'forward') === 'bidirectional' ? 2 : 1;
  const hidden = ctx.intOrNull('hidden_size') ?? input(ctx, 2)?.shape?.[2] ?? null;
  const layout = ctx.opset >= 14 ? ctx.int('layout', 0) : 0;
  if (!x?.shape || x.shape.length !== 3) return [out(dtype, null), out(dtype, null), out(dtype, null)];
  const [seq, batch] = layout === 0 ? [x.shape[0], x.shape[1]] : [x.shape[1], x.shape[0]];
  const y = layout === 0 ? [seq, dirs, batch, hidden] : [batch, seq, dirs, hidden];
  const h = layout === 0 ? [dirs, batch, hidden] : [batch, dirs, hidden];
  return [out(dtype, y), out(dtype, h), out(dtype, [...h])];
};

/** ai.onnx Attention (opset 23): Q/K/V 3-D (with head-count attributes) or 4-D. */
const attention23: ShapeRule = (ctx) => {
  const [q, k, v] = [input(ctx, 0), input(ctx, 1), input(ctx, 2)];
  const pastK = input(ctx, 4);
  const pastV = input(ctx, 5);
  const dtype = q?.dtype ?? null;
  if (!q?.shape || !k?.shape || !v?.shape) return [out(dtype, null), out(dtype, null), out(dtype, null), out(dtype, null)];
  const b = q.shape[0];
  let y: SymDim[];
  let kvHeads: SymDim;
  let kvSeq: SymDim;
  let qHeads: SymDim;
  let qSeq: SymDim;
  let headK: SymDim;
  let headV: SymDim;
  if (q.shape.length === 4) {
    [, qHeads, qSeq] = q.shape;
    [, kvHeads, kvSeq, headK] = k.shape;
    headV = v.shape[3] ?? null;
    y = [b, qHeads, qSeq, headV];
  } else {
    qHeads = ctx.int('q_num_heads', 0) || null;
    kvHeads = ctx.int('kv_num_heads', 0) || null;
    qSeq = q.shape[1];
    kvSeq = k.shape[1];
    headK = kvHeads === null ? null : ctx.dim.div(k.shape[2], kvHeads);
    headV = kvHeads === null ? null : ctx.dim.div(v.shape[2], kvHeads);
    y = [b, qSeq, qHeads === null ? null : ctx.dim.mul(qHeads, headV)];
  }
  const total = pastK?.shape ? ctx.dim.add(pastK.shape[2], kvSeq) : kvSeq;
  const presentK = [b, kvHeads, total, headK];
  const presentV = [b, kvHeads, pastV?.shape ? ctx.dim.add(pastV.shape[2], kvSeq) : kvSeq, headV];
  if (ctx.isStatic) {
    // ONNX gives present_key/value a shape only from a 4-D past whose length and the new kv length
    // are numbers: the past's dims with the total length; the run still knows the concatenation.
    const known = pastK?.shape?.length === 4 && pastV?.shape?.length === 4 && typeof kvSeq === 'number' && typeof pastK.shape[2] === 'number';
    const withTotal = (past: SymDim[]): SymDim[] => past.map((d, i) => (i === 2 ? ctx.dim.add(d, kvSeq) : d));
    const [pk, pv] = known ? [withTotal(pastK!.shape!), withTotal(pastV!.shape!)] : [null, null];
    return [out(dtype, y), out(dtype, pk), out(dtype, pv), out(dtype, [b, qHeads, qSeq, total])];
  }
  return [out(dtype, y), out(dtype, presentK), out(dtype, presentV), out(dtype, [b, qHeads, qSeq, total])];
};

/** LinearAttention: output (B, T, H_q·d_v); present_state (B, H_kv, d_k, d_v) from the heads attributes. */
const linearAttention: ShapeRule = (ctx) => {
  const [q, k, v] = [input(ctx, 0), input(ctx, 1), input(ctx, 2)];
  const qHeads = ctx.int('q_num_heads', 0);
  const kvHeads = ctx.int('kv_num_heads', 0);
  const past = input(ctx, 3);
  const dk = k?.shape && kvHeads > 0 ? ctx.dim.div(k.shape[2] ?? null, kvHeads) : null;
  const dv = v?.shape && kvHeads > 0 ? ctx.dim.div(v.shape[2] ?? null, kvHeads) : null;
  const y = q?.shape ? [q.shape[0], q.shape[1], qHeads > 0 ? ctx.dim.mul(qHeads, dv) : null] : null;
  const state = past?.shape ? [...past.shape] : q?.shape ? [q.shape[0], kvHeads || null, dk, dv] : null;
  return [out(q?.dtype ?? null, y), out(past?.dtype ?? q?.dtype ?? null, state)];
};

/** CausalConvWithState: output like the input; present_state (B, C, k - 1) from the kernel width. */
const causalConvWithState: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const w = input(ctx, 1);
  const kw = w?.shape?.[2] ?? null;
  const state = x?.shape ? [x.shape[0], x.shape[1], ctx.dim.sub(kw, 1)] : null;
  return [sameAs(ctx, 0), out(x?.dtype ?? null, state)];
};

/** The nn rule table entries, keyed by op type (default domain). */
/** MaxPool with one output (no Indices): the NCHWc MaxPool and com.microsoft MaxpoolWithMask. */
export const maxPoolWithoutIndices: ShapeRule = (ctx) => NN_RULES.MaxPool!(ctx).slice(0, 1);

export const NN_RULES: Record<string, ShapeRule> = {
  Conv: convRule(0, 1, (ctx) => input(ctx, 0)?.dtype ?? null),
  ConvInteger: convRule(0, 1, () => DataType.INT32),
  QLinearConv: convRule(0, 3, (ctx) => input(ctx, 7)?.dtype ?? input(ctx, 0)?.dtype ?? null),
  ConvTranspose: convTranspose,
  DeformConv: convRule(0, 1, (ctx) => input(ctx, 0)?.dtype ?? null),
  MaxPool: poolRule(true),
  AveragePool: poolRule(false),
  LpPool: poolRule(false),
  GlobalAveragePool: globalPool,
  GlobalMaxPool: globalPool,
  GlobalLpPool: globalPool,
  MatMul: matmul,
  Gemm: gemm,
  BatchNormalization: batchNorm,
  LayerNormalization: layerNorm,
  SimplifiedLayerNormalization: layerNorm,
  RMSNormalization: (ctx) => [sameAs(ctx, 0)],
  GroupNormalization: (ctx) => [sameAs(ctx, 0)],
  Resize: resize,
  Upsample: resize,
  Einsum: einsum,
  DFT: dft,
  RNN: recurrent,
  GRU: recurrent,
  LSTM: recurrent,
  Attention: attention23,
  RotaryEmbedding: (ctx) => [sameAs(ctx, 0)],
  LinearAttention: linearAttention,
  CausalConvWithState: causalConvWithState,
};
