/**
 * The generation ops (com.microsoft GreedySearch, BeamSearch): their output shapes are the kernel's
 * (padded to max_length), known from constants or `--value`. GreedySearch is run in
 * onnxruntime-node 1.30 on a tiny GPT-2-style decoder built here; BeamSearch's shapes are checked
 * against the output shapes its schema documents and infers (core/graph/contrib_ops/contrib_defs.cc,
 * BeamSearchShapeInference), not run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport } from '../../src/analyze/buildReport';
import { loadOrt } from '../support/ortOracle';
import { attr, buildModel, DataType, graph, int64Tensor, node, tensor, tensorValue, type Obj } from '../support/onnxBuilder';

const F = DataType.FLOAT;
const I32 = DataType.INT32;
const N = 2;
const H = 4;
const V = 2 * N * H;

/** A GPT-2-style decoder subgraph: logits from an embedding, and the new key/value (the logits reshaped) appended to past_0. */
function gptDecoder(): Obj {
  return graph({
    name: 'decoder',
    nodes: [
      node('Gather', ['emb', 'input_ids'], ['logits'], { name: 'd_gather' }),
      node('Shape', ['input_ids'], ['ids_shape'], { name: 'd_shape' }),
      node('Concat', ['ids_shape', 'kv_tail'], ['kv_shape'], { name: 'd_cat_shape', attrs: [attr.int('axis', 0)] }),
      node('Reshape', ['logits', 'kv_shape'], ['kv5'], { name: 'd_reshape' }),
      node('Transpose', ['kv5'], ['kv'], { name: 'd_tr', attrs: [attr.ints('perm', [2, 0, 3, 1, 4])] }),
      node('Concat', ['past_0', 'kv'], ['present_0'], { name: 'd_cat', attrs: [attr.int('axis', 3)] }),
    ],
    inputs: [tensorValue('input_ids', I32, ['b', 's']), tensorValue('position_ids', I32, ['b', 's']), tensorValue('attention_mask', I32, ['b', 't']), tensorValue('past_0', F, [2, 'b', N, 'p', H])],
    outputs: [tensorValue('logits', F, ['b', 's', V]), tensorValue('present_0', F, [2, 'b', N, 't', H])],
    initializers: [tensor('emb', F, [V, V], { values: Array.from({ length: V * V }, (_, i) => ((i * 7) % 13) / 13) }), int64Tensor('kv_tail', [2, N, H])],
  });
}

function greedySearchModel(): Uint8Array {
  return buildModel({
    opsets: { 'com.microsoft': 1 },
    nodes: [node('GreedySearch', ['ids', 'max_length'], ['sequences'], { name: 'gs', domain: 'com.microsoft', attrs: [attr.graph('decoder', gptDecoder()), attr.int('eos_token_id', V - 1), attr.int('pad_token_id', 0), attr.int('model_type', 0), attr.int('vocab_size', V)] })],
    inputs: [tensorValue('ids', I32, ['batch', 'seq']), tensorValue('max_length', I32, [1])],
    outputs: [tensorValue('sequences', I32, ['batch', 'max_len'])],
  });
}

function report(bytes: Uint8Array, bindings: Record<string, number>, values: Record<string, number[]>) {
  const model = decodeModelBytes(bytes, { fileName: 'gen.onnx' }).model;
  return buildReport({ filePath: '/virtual/gen.onnx', model, fileBytes: bytes.length }, { bindings, values });
}

const ort = loadOrt<typeof import('onnxruntime-node')>();

test("GreedySearch's sequences are [batch, max_length] as ORT 1.30 returns them, with max_length fixed", { skip: ort ? false : 'onnxruntime-node is not loadable here' }, async () => {
  const bytes = greedySearchModel();
  const session = await ort!.InferenceSession.create(Buffer.from(bytes), { graphOptimizationLevel: 'disabled' });
  const out = await session.run({ ids: new ort!.Tensor('int32', Int32Array.from([1, 2, 3, 4, 5, 6]), [2, 3]), max_length: new ort!.Tensor('int32', Int32Array.from([12]), [1]) });
  await session.release();
  const dims = (out.sequences as { dims: readonly number[] }).dims;
  assert.deepEqual([...dims], [2, 12]);
  const r = report(bytes, { batch: 2, seq: 3 }, { max_length: [12] });
  const seq = r.graphs[0]!.values.find((v) => v.name === 'sequences')!;
  assert.deepEqual(seq.shape, [2, 12]);
  assert.equal(seq.bytes, 2 * 12 * 4);
  const step = r.graphs[0]!.steps[0]!;
  assert.equal(step.workspaceState, 'unavailable');
  assert.match(step.workspaceReason ?? '', /runs its encoder and decoder subgraphs itself/);
  assert.deepEqual(step.subgraphs, ['main/gs/decoder'], 'the decoder is planned as a body of the step');
});

test("GreedySearch without a known max_length: the sequences' size is unavailable, not guessed", () => {
  const r = report(greedySearchModel(), { batch: 2, seq: 3 }, {});
  const seq = r.graphs[0]!.values.find((v) => v.name === 'sequences')!;
  assert.equal(seq.bytes, null);
  assert.ok(seq.unavailableReason);
});

test("BeamSearch's outputs: sequences [batch, returned, max_length], scores [batch, returned], per-step scores [max_length - sequence, batch, beams, vocab]", () => {
  const i32 = (name: string, v: number) => tensor(name, I32, [1], { values: [v] });
  const bytes = buildModel({
    opsets: { 'com.microsoft': 1 },
    nodes: [node('BeamSearch', ['ids', 'max_length', 'min_length', 'num_beams', 'num_return', 'length_penalty'], ['sequences', 'sequences_scores', 'scores'], { name: 'bs', domain: 'com.microsoft', attrs: [attr.graph('decoder', gptDecoder()), attr.int('eos_token_id', V - 1), attr.int('pad_token_id', 0), attr.int('model_type', 0), attr.int('vocab_size', V)] })],
    inputs: [tensorValue('ids', I32, ['batch', 'seq'])],
    outputs: [tensorValue('sequences', I32, null), tensorValue('sequences_scores', F, null), tensorValue('scores', F, null)],
    initializers: [i32('max_length', 20), i32('min_length', 1), i32('num_beams', 4), i32('num_return', 2), tensor('length_penalty', F, [1], { values: [1] })],
  });
  const r = report(bytes, { batch: 3, seq: 5 }, {});
  const shape = (name: string) => r.graphs[0]!.values.find((v) => v.name === name)!.shape;
  assert.deepEqual(shape('sequences'), [3, 2, 20]);
  assert.deepEqual(shape('sequences_scores'), [3, 2]);
  assert.deepEqual(shape('scores'), [15, 3, 4, V]);
});
