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
};
