/**
 * ai.onnx.ml ops present in practice: TreeEnsemble (ml opset 5) and its regressor/classifier
 * predecessors, and the shape-preserving Scaler/Normalizer/Binarizer.
 */
import { DataType } from '../../onnx/dataType';
import type { ShapeRule } from '../ruleContext';
import { input, out, sameAs } from './ruleKit';

/** ai.onnx.ml rule table entries, keyed by op type. */
export const ML_RULES: Record<string, ShapeRule> = {
  TreeEnsemble: (ctx) => {
    const x = input(ctx, 0);
    return [out(x?.dtype ?? null, x?.shape ? [x.shape[0], ctx.int('n_targets', 1)] : null)];
  },
  TreeEnsembleRegressor: (ctx) => {
    const x = input(ctx, 0);
    return [out(DataType.FLOAT, x?.shape ? [x.shape[0], ctx.int('n_targets', 1)] : null)];
  },
  TreeEnsembleClassifier: (ctx) => {
    const x = input(ctx, 0);
    const labels = ctx.ints('classlabels_int64s');
    const strings = ctx.attr('classlabels_strings')?.strings;
    const n = labels?.length ?? strings?.length ?? null;
    const batch = x?.shape ? x.shape[0] : null;
    return [out(strings ? DataType.STRING : DataType.INT64, x?.shape ? [batch] : null), out(DataType.FLOAT, x?.shape ? [batch, n] : null)];
  },
  Scaler: (ctx) => [out(DataType.FLOAT, sameAs(ctx, 0).shape)],
  Normalizer: (ctx) => [out(DataType.FLOAT, sameAs(ctx, 0).shape)],
  Binarizer: (ctx) => [sameAs(ctx, 0)],
};
