/**
 * ai.onnx.ml ops present in practice: TreeEnsemble (ml opset 5) and its regressor/classifier
 * predecessors, linear and SVM models, encoders and mappers, and the shape-preserving
 * Scaler/Normalizer/Binarizer/Imputer.
 */
import { DataType } from '../../onnx/dataType';
import type { RuleContext, ShapeRule } from '../ruleContext';
import type { SymDim } from '../types';
import { input, out, sameAs } from './ruleKit';

/** Batch dim of a [N, F] (or [F]) input. */
function batchOf(ctx: RuleContext): SymDim {
  const s = input(ctx, 0)?.shape;
  return s && s.length > 1 ? s[0] : 1;
}

/** Classifier outputs: labels [N] (int64 or string) and scores [N, classes]. */
function classifier(ctx: RuleContext) {
  const ints = ctx.ints('classlabels_ints') ?? ctx.ints('classlabels_int64s');
  const strings = ctx.attr('classlabels_strings')?.strings;
  const classes = ints?.length ?? strings?.length ?? null;
  const n = batchOf(ctx);
  return [out(strings ? DataType.STRING : DataType.INT64, [n]), out(DataType.FLOAT, [n, classes])];
}

/** LabelEncoder's output dtype follows whichever values_* attribute is set. */
function labelEncoderType(ctx: RuleContext): number | null {
  if (ctx.attr('values_strings')) return DataType.STRING;
  if (ctx.attr('values_int64s')) return DataType.INT64;
  if (ctx.attr('values_floats')) return DataType.FLOAT;
  return ctx.tensorAttr('values_tensor')?.dataType ?? null;
}

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
  LinearRegressor: (ctx) => [out(DataType.FLOAT, [batchOf(ctx), ctx.int('targets', 1)])],
  SVMRegressor: (ctx) => [out(DataType.FLOAT, [batchOf(ctx), 1])],
  LinearClassifier: classifier,
  SVMClassifier: classifier,
  ZipMap: () => [{ kind: 'sequence', dtype: null, shape: null }],
  LabelEncoder: (ctx) => [out(labelEncoderType(ctx), sameAs(ctx, 0).shape)],
  CategoryMapper: (ctx) => [out(input(ctx, 0)?.dtype === DataType.STRING ? DataType.INT64 : DataType.STRING, sameAs(ctx, 0).shape)],
  Imputer: (ctx) => [sameAs(ctx, 0)],
  ArrayFeatureExtractor: (ctx) => {
    const x = input(ctx, 0);
    const y = input(ctx, 1);
    const count = y?.shape ? y.shape.reduce<SymDim>((p, d) => ctx.dim.mul(p, d), 1) : null;
    return [out(x?.dtype ?? null, x?.shape ? [...x.shape.slice(0, -1), count] : null)];
  },
  OneHotEncoder: (ctx) => {
    const x = input(ctx, 0);
    const cats = ctx.ints('cats_int64s')?.length ?? ctx.attr('cats_strings')?.strings?.length ?? null;
    return [out(DataType.FLOAT, x?.shape ? [...x.shape, cats] : null)];
  },
  FeatureVectorizer: (ctx) => {
    const dims = ctx.ints('inputdimensions');
    return [out(DataType.FLOAT, [batchOf(ctx), dims ? dims.reduce((a, b) => a + b, 0) : null])];
  },
  Scaler: (ctx) => [out(DataType.FLOAT, sameAs(ctx, 0).shape)],
  Normalizer: (ctx) => [out(DataType.FLOAT, sameAs(ctx, 0).shape)],
  Binarizer: (ctx) => [sameAs(ctx, 0)],
};
