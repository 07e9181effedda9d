/**
 * Ops that create tensors from attributes or a size input: RandomNormal/Uniform (and their
 * *Like forms), Bernoulli, Multinomial, and the window functions.
 */
import { DataType } from '../../onnx/dataType';
import type { ShapeRule } from '../ruleContext';
import { input, out } from './ruleKit';

const likeRule: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  return [out(ctx.intOrNull('dtype') ?? x?.dtype ?? null, x?.shape ? [...x.shape] : null)];
};

const fromShapeAttr: ShapeRule = (ctx) => [out(ctx.int('dtype', DataType.FLOAT), ctx.ints('shape'))];

const windowRule: ShapeRule = (ctx) => [out(ctx.int('output_datatype', DataType.FLOAT), [input(ctx, 0)?.value?.[0] ?? null])];

const melWeightMatrix: ShapeRule = (ctx) => {
  const dft = input(ctx, 1)?.value?.[0] ?? null;
  const bins = input(ctx, 0)?.value?.[0] ?? null;
  return [out(ctx.int('output_datatype', DataType.FLOAT), [typeof dft === 'number' ? Math.floor(dft / 2) + 1 : null, bins])];
};

/** STFT: [batch, frames, bins, 2] with frames from the signal, frame step and frame length. */
const stft: ShapeRule = (ctx) => {
  const signal = input(ctx, 0);
  const step = input(ctx, 1)?.value?.[0] ?? null;
  const window = input(ctx, 2);
  const frameLength = input(ctx, 3)?.value?.[0] ?? window?.shape?.[0] ?? null;
  if (!signal?.shape) return [out(signal?.dtype ?? null, null)];
  const len = signal.shape[1] ?? null;
  const frames = typeof len === 'number' && typeof step === 'number' && typeof frameLength === 'number' && step > 0 ? Math.floor((len - frameLength) / step) + 1 : null;
  const bins = typeof frameLength === 'number' ? (ctx.int('onesided', 1) === 1 ? Math.floor(frameLength / 2) + 1 : frameLength) : null;
  return [out(signal.dtype, [signal.shape[0], frames, bins, 2])];
};

/** Generator rule table entries, keyed by op type (default domain). */
export const GENERATOR_RULES: Record<string, ShapeRule> = {
  RandomNormal: fromShapeAttr,
  RandomUniform: fromShapeAttr,
  RandomNormalLike: likeRule,
  RandomUniformLike: likeRule,
  Bernoulli: likeRule,
  Multinomial: (ctx) => {
    const x = input(ctx, 0);
    return [out(ctx.int('dtype', DataType.INT32), x?.shape ? [x.shape[0], ctx.int('sample_size', 1)] : null)];
  },
  HannWindow: windowRule,
  HammingWindow: windowRule,
  BlackmanWindow: windowRule,
  MelWeightMatrix: melWeightMatrix,
  STFT: stft,
};
