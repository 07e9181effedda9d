/**
 * Function bodies of the generator ops ORT 1.30 expands (it has no Bernoulli kernel), written from
 * the ONNX operator definition (onnx/defs/generator/defs.cc) and checked against ORT's profile
 * (node count, op types, order: the generated oracle model function_ops).
 */
import { fAttr, iAttr, n, type Builder } from './bodyBuilder';

/** Bodies by ai.onnx op type. */
export const GENERATOR_BODIES: Record<string, Builder> = {
  // X_random = RandomUniformLike(input) on [0, 1) in the input's type (with the call's seed, when
  // given); X_greater = Greater(X_random, input); output = Cast(X_greater) to `dtype`, else the input's type.
  Bernoulli: ({ node, dtypeOf }) => {
    const inputType = dtypeOf(node.inputs[0] ?? '');
    const dtype = node.attributes.find((a) => a.name === 'dtype')?.i ?? inputType;
    if (inputType === null || dtype === null) return null;
    const seed = node.attributes.find((a) => a.name === 'seed')?.f;
    return {
      inputs: ['input'],
      outputs: ['output'],
      items: [
        n('X_random', 'RandomUniformLike', ['input'], [fAttr('low', 0), fAttr('high', 1), ...(seed === undefined ? [] : [fAttr('seed', seed)]), iAttr('dtype', inputType)]),
        n('X_greater', 'Greater', ['X_random', 'input']),
        n('output', 'Cast', ['X_greater'], [iAttr('to', dtype)]),
      ],
    };
  },
};
