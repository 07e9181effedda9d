import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ORDER_CASES } from './support/castModels';
import { dqToOutput, sharedDq } from './support/dqModels';
import { castLikes, fp16Softmax, nestedLocalFunctions, SINGLE_OP_SPECS, singleOpModel } from './support/inlineModels';
import { transformModel } from './support/transformCase';
import { randomFp16Model } from './support/randomFp16Graph';
import { CORPUS_DIR, ORT_SKIP, ortOrder } from './support/ortOrder';

for (const c of [...ORDER_CASES, nestedLocalFunctions, fp16Softmax, castLikes, sharedDq, dqToOutput]) {
  test(`applyOrtTransforms() + DEFAULT order equal onnxruntime-node 1.30 for: ${c.name}`, { skip: ORT_SKIP }, async () => {
    assert.deepEqual(transformModel(c.bytes).order, await ortOrder(c.bytes));
  });
}

for (const spec of SINGLE_OP_SPECS) {
  test(`applyOrtTransforms() + DEFAULT order equal onnxruntime-node 1.30 for the single-op model ${spec}`, { skip: ORT_SKIP }, async () => {
    const bytes = singleOpModel(spec);
    assert.deepEqual(transformModel(bytes).order, await ortOrder(bytes));
  });
}

const LLAMA = CORPUS_DIR && join(CORPUS_DIR, 'ort-genai/tiny-random-LlamaForCausalLM-fp16/model.onnx');
/** A decode step with a mask of ones: the default dims make the mask Expand fail at run time. */
const LLAMA_RUN = { dims: { sequence_length: 1, past_sequence_length: 3, total_sequence_length: 4 }, fill: { attention_mask: 1 } };
const corpusSkip = CORPUS_DIR ? false : 'corpus folder ../shared/corpus is absent';

test('applyOrtTransforms() equals onnxruntime-node 1.30 on tiny-random-LlamaForCausalLM-fp16', { skip: corpusSkip || ORT_SKIP }, async () => {
  assert.deepEqual(transformModel(LLAMA!).order, await ortOrder(LLAMA!, LLAMA_RUN));
});

test('onnxruntime-node 1.30 refuses the models the transforms report as failing', { skip: ORT_SKIP }, async () => {
  for (const spec of ['Swish:f32:25', 'MeanVarianceNormalization:f16:13']) {
    await assert.rejects(ortOrder(singleOpModel(spec)), /ORT failed at session/, spec);
  }
});

test('applyOrtTransforms() + DEFAULT order equal onnxruntime-node 1.30 on 40 seeded random fp16/fp32 graphs', { skip: ORT_SKIP }, async () => {
  for (let seed = 1; seed <= 40; seed++) {
    const bytes = randomFp16Model(seed, 16);
    assert.deepEqual(transformModel(bytes).order, await ortOrder(bytes), `seed ${seed}`);
  }
});
