import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { transformModel } from './support/transformCase';
import { CORPUS_DIR } from './support/ortOrder';

const skip = CORPUS_DIR ? false : 'corpus folder ../shared/corpus is absent';
const path = () => join(CORPUS_DIR!, 'ort-genai/tiny-random-LlamaForCausalLM-fp16/model.onnx');

test('tiny-random-LlamaForCausalLM-fp16 executes 132 nodes with 42 kept Casts of 94 created', { skip }, () => {
  const { exec, order } = transformModel(path());
  assert.equal(order.length, 132);
  assert.equal(exec.nodes.length, 185, 'Casts took indices 91-184');
  const kept = exec.nodes.filter((n) => n?.inserted);
  assert.equal(kept.length, 42);
  assert.equal(exec.nodes[52], undefined, 'the user Cast_1 is fused away');
  const int64Cast = kept.find((n) => n!.name === 'InsertedPrecisionFreeCast_/model/attn_mask_reformat/attn_mask_subgraph/Cast_1/output_0');
  assert.ok(int64Cast, 'the inserted Cast now reads the int64 value directly');
});

test('tiny-random-LlamaForCausalLM-fp16 runs weight and cache Casts first and present Casts last', { skip }, () => {
  const idx = transformModel(path()).order.map((s) => Number(s.split(':')[0]));
  assert.deepEqual(idx.slice(0, 16), [183, 180, 168, 165, 160, 159, 96, 95, 146, 143, 131, 128, 123, 122, 92, 58]);
  assert.deepEqual(idx.slice(-6), [90, 184, 163, 162, 126, 125]);
});
