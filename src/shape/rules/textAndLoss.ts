/**
 * Text ops (StringNormalizer, StringSplit, TfIdfVectorizer), ImageDecoder, and the training-loss
 * ops NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss. Sizes that only the data decides
 * get bindable data-dependent symbols.
 */
import { DataType } from '../../onnx/dataType';
import type { ShapeRule } from '../ruleContext';
import { input, INT64, out, sameAs } from './ruleKit';

const stringNormalizer: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(DataType.STRING, null)];
  // Stopword removal decides the count; an all-removed input still yields one empty string.
  return [out(DataType.STRING, [...x.shape.slice(0, -1), ctx.dataDependent('count')])];
};

const stringSplit: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  if (!x?.shape) return [out(DataType.STRING, null), out(INT64, null)];
  return [out(DataType.STRING, [...x.shape, ctx.dataDependent('maxSplits')]), out(INT64, [...x.shape])];
};

const tfIdf: ShapeRule = (ctx) => {
  const x = input(ctx, 0);
  const idx = ctx.ints('ngram_indexes');
  const width = idx && idx.length > 0 ? Math.max(...idx) + 1 : null;
  if (!x?.shape) return [out(DataType.FLOAT, null)];
  return [out(DataType.FLOAT, x.shape.length === 2 ? [x.shape[0], width] : [width])];
};

const imageDecoder: ShapeRule = (ctx) => {
  const channels = ctx.string('pixel_format', 'RGB') === 'Grayscale' ? 1 : 3;
  return [out(DataType.UINT8, [ctx.dataDependent('height'), ctx.dataDependent('width'), channels])];
};

/** Loss output: a scalar when reduced, else the target/label shape. */
const lossRule =
  (labelIndex: number): ShapeRule =>
  (ctx) => {
    const scores = input(ctx, 0);
    const reduced = ctx.string('reduction', 'mean') !== 'none';
    const labels = input(ctx, labelIndex);
    return [out(scores?.dtype ?? null, reduced ? [] : (labels?.shape ? [...labels.shape] : null)), sameAs(ctx, 0)];
  };

/** Text, image-decoding and loss rule table entries, keyed by op type (default domain). */
export const TEXT_AND_LOSS_RULES: Record<string, ShapeRule> = {
  StringNormalizer: stringNormalizer,
  StringSplit: stringSplit,
  TfIdfVectorizer: tfIdf,
  ImageDecoder: imageDecoder,
  NegativeLogLikelihoodLoss: lossRule(1),
  SoftmaxCrossEntropyLoss: lossRule(1),
};
