import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_REMEMBERED_MODELS, recallBindings, rememberBindings } from '../../src/vscode/bindingMemory';

test('rememberBindings() keeps the latest bindings per model and recallBindings() finds them', () => {
  let memory = rememberBindings(undefined, '/m/a.onnx', { batch: 1 });
  memory = rememberBindings(memory, '/m/b.onnx', { seq: 8 });
  memory = rememberBindings(memory, '/m/a.onnx', { batch: 4, seq: 16 });
  assert.deepEqual(recallBindings(memory, '/m/a.onnx'), { batch: 4, seq: 16 });
  assert.deepEqual(recallBindings(memory, '/m/b.onnx'), { seq: 8 });
  assert.equal(recallBindings(memory, '/m/c.onnx'), null);
  assert.deepEqual(memory.map(([p]) => p), ['/m/b.onnx', '/m/a.onnx']);
  // Cleared bindings are remembered as cleared, not forgotten.
  assert.deepEqual(recallBindings(rememberBindings(memory, '/m/a.onnx', {}), '/m/a.onnx'), {});
});

test('the memory is bounded and malformed state is ignored, never trusted', () => {
  let memory: unknown = undefined;
  for (let i = 0; i < MAX_REMEMBERED_MODELS + 10; i++) memory = rememberBindings(memory, `/m/${i}.onnx`, { batch: i });
  assert.equal((memory as unknown[]).length, MAX_REMEMBERED_MODELS);
  assert.equal(recallBindings(memory, '/m/0.onnx'), null);
  assert.deepEqual(recallBindings(memory, `/m/${MAX_REMEMBERED_MODELS + 9}.onnx`), { batch: MAX_REMEMBERED_MODELS + 9 });
  const bad = [['/m/x.onnx', { batch: -1, seq: 1.5, ok: 3, big: 2 ** 60 }], 'junk', [5, {}], ['/m/y.onnx', null]];
  assert.deepEqual(recallBindings(bad, '/m/x.onnx'), { ok: 3 });
  assert.equal(recallBindings(bad, '/m/y.onnx'), null);
  assert.equal(recallBindings({ not: 'an array' }, '/m/x.onnx'), null);
});
