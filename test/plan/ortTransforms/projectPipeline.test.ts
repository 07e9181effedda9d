import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ORDER_CASES } from './support/castModels';
import { dqToOutput, sharedDq } from './support/dqModels';
import { castLikes, fp16Softmax, nestedLocalFunctions, SINGLE_OP_SPECS, singleOpModel } from './support/inlineModels';
import { transformModel, transformWithProjectPipeline } from './support/transformCase';
import { CORPUS_DIR } from './support/ortOrder';

// The same expectations with the project's decoder, ExecGraph builder and shape inference supplying types.
for (const c of [...ORDER_CASES, nestedLocalFunctions, fp16Softmax, castLikes, sharedDq, dqToOutput]) {
  test(`applyOrtTransforms() with project type inference gives ORT's order for: ${c.name}`, () => {
    assert.deepEqual(transformWithProjectPipeline(c.bytes).order, transformModel(c.bytes).order);
  });
}

for (const spec of SINGLE_OP_SPECS) {
  test(`applyOrtTransforms() with project type inference agrees on the single-op model ${spec}`, () => {
    const bytes = singleOpModel(spec);
    assert.deepEqual(transformWithProjectPipeline(bytes).order, transformModel(bytes).order);
  });
}

test('applyOrtTransforms() with project type inference gives 132 nodes on tiny-random-LlamaForCausalLM-fp16', { skip: CORPUS_DIR ? false : 'corpus folder ../shared/corpus is absent' }, () => {
  const path = join(CORPUS_DIR!, 'ort-genai/tiny-random-LlamaForCausalLM-fp16/model.onnx');
  assert.deepEqual(transformWithProjectPipeline(path).order, transformModel(path).order);
});
