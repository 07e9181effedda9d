/**
 * Ops that only ORT's layout passes (level 'all', CPU EP) put in the graph it executes.
 *
 * The `com.microsoft.nchwc` ops that ORT's NCHWc layout pass (level 'all', CPU EP) puts in the
 * graph it executes. Tensors between them are 4-D [N, C, H, W] with C padded to the session's
 * NCHWc block (RuleContext.nchwcBlockSize: 16 with AVX-512, 8 with AVX2). Facts from
 * onnxruntime/contrib_ops/cpu/nchwc_ops.cc (each kernel's Compute builds its output shape):
 * - ReorderInput: channels C (dim 1, or the last dim with channels_last=1) → [N, roundup(C, block), spatial...].
 * - ReorderOutput: [N, Cp, H, W] → [N, channels, H, W], or [N, H, W, channels] with channels_last=1.
 * - Conv: [N, W[0], conv spatial dims] (W is the reordered filter, its dim 0 already padded); the
 *   optional input 3 is the fused Sum (same shape as the output, may be overwritten in place).
 * - MaxPool, AveragePool, GlobalMaxPool, GlobalAveragePool: the ONNX pool shape with C kept.
 * - Upsample: integer `scales` per dim: [N, C, H·scales[2], W·scales[3]].
 *
 * The channels-last forms of the NHWC transformer (quantized convolution and pooling):
 * `com.microsoft` QLinearConv with channels_last=1 (X and Y are [N, spatial..., C]; W stays
 * [M, C/group, kernel...], as in the saved graphs) and NhwcMaxPool (X and Y NHWC). Their shapes are
 * the ONNX ones with the channel axis moved last.
 *
 * `com.microsoft` QLinearAveragePool (X, X_scale, X_zero_point, Y_scale, Y_zero_point; QDQ fusion
 * of DequantizeLinear → AveragePool → QuantizeLinear at level extended, made channels-last by the
 * NHWC transformer at all): ORT's schema runs the ONNX pool inference (onnxruntime/core/graph/
 * contrib_ops/nhwc_schema_defs.cc), on X moved to channels-first when channels_last=1; Y has X's dtype.
 */
import type { SymDim } from '../types';
import type { OutSpec, RuleContext, ShapeRule, Val } from '../ruleContext';
import { badModel, input, out } from './ruleKit';
import { maxPoolWithoutIndices, NN_RULES } from './nn';

const reorderInput: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  if (x.shape.length !== 4) throw badModel(ctx, `ReorderInput needs a 4-D input, got rank ${x.shape.length}`);
  const last = ctx.int('channels_last', 0) === 1;
  const c = last ? x.shape[3] : x.shape[1];
  const block = ctx.nchwcBlockSize;
  const padded: SymDim = typeof c === 'number' && block !== null ? Math.ceil(c / block) * block : null;
  const spatial = last ? x.shape.slice(1, 3) : x.shape.slice(2);
  return [out(x.dtype, [x.shape[0], padded, ...spatial])];
};

const reorderOutput: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(x?.dtype ?? null, null)];
  if (x.shape.length !== 4) throw badModel(ctx, `ReorderOutput needs a 4-D input, got rank ${x.shape.length}`);
  const channels = ctx.intOrNull('channels');
  const spatial = x.shape.slice(2);
  return [out(x.dtype, ctx.int('channels_last', 0) === 1 ? [x.shape[0], ...spatial, channels] : [x.shape[0], channels, ...spatial])];
};

const upsample: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const scales = ctx.ints('scales');
  if (!x?.shape || !scales) return [out(x?.dtype ?? null, x?.shape ? [x.shape[0] ?? null, x.shape[1] ?? null, null, null] : null)];
  if (x.shape.length !== 4 || scales.length !== 4) throw badModel(ctx, `Upsample needs a 4-D input and 4 scales`);
  return [out(x.dtype, [x.shape[0], x.shape[1], ctx.dim.mul(x.shape[2], scales[2]!), ctx.dim.mul(x.shape[3], scales[3]!)])];
};

/** The NCHWc ops by op type (domain com.microsoft.nchwc). */
export const NCHWC_RULES: Record<string, ShapeRule> = {
  ReorderInput: reorderInput,
  ReorderOutput: reorderOutput,
  Conv: NN_RULES.Conv!,
  // One output (no Indices); the ONNX rules' second spec is dropped where the node has no output 1.
  MaxPool: maxPoolWithoutIndices,
  AveragePool: NN_RULES.AveragePool!,
  GlobalMaxPool: NN_RULES.GlobalMaxPool!,
  GlobalAveragePool: NN_RULES.GlobalAveragePool!,
  Upsample: upsample,
};

/** `[N, s..., C]` → `[N, C, s...]` and back. */
function toChannelsFirst(shape: SymDim[]): SymDim[] {
  return [shape[0]!, shape[shape.length - 1]!, ...shape.slice(1, -1)];
}
function toChannelsLast(shape: SymDim[]): SymDim[] {
  return [shape[0]!, ...shape.slice(2), shape[1]!];
}

/** Runs `rule` on a view of the node whose input 0 is channels-first, then moves the outputs' channels last. */
function channelsLast(rule: ShapeRule, outputs: number): ShapeRule {
  return (ctx) => {
    const x = input(ctx, 0);
    if (!x?.shape || x.shape.length < 3) return rule(ctx).slice(0, outputs);
    const inputs: (Val | null)[] = [{ ...x, shape: toChannelsFirst(x.shape) }, ...ctx.inputs.slice(1)];
    // The view keeps every reader of the node (attributes, dims, labels) and swaps the inputs only.
    const view = Object.create(ctx, { inputs: { value: inputs } }) as RuleContext;
    return rule(view)
      .slice(0, outputs)
      .map((o): OutSpec | null => (o?.shape && o.shape.length >= 3 ? { ...o, shape: toChannelsLast(o.shape) } : o));
  };
}

const qlinearConvChannelsLast = channelsLast(NN_RULES.QLinearConv!, 1);
const averagePoolChannelsLast = channelsLast(NN_RULES.AveragePool!, 1);

/** The `com.microsoft` layout ops of the NHWC transformer (merged into the com.microsoft rules). */
export const NHWC_CONTRIB_RULES: Record<string, ShapeRule> = {
  QLinearConv: (ctx) => (ctx.int('channels_last', 0) === 1 ? qlinearConvChannelsLast(ctx) : NN_RULES.QLinearConv!(ctx)),
  NhwcMaxPool: channelsLast(NN_RULES.MaxPool!, 1),
  QLinearAveragePool: (ctx) => (ctx.int('channels_last', 0) === 1 ? averagePoolChannelsLast(ctx) : NN_RULES.AveragePool!(ctx)),
};
