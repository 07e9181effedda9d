import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_REMEMBERED_PANELS, modelPathFromState, recallPanel, rememberPanel } from '../../src/vscode/panelRestore';

test('modelPathFromState() reads modelPath or report.model.path and nothing else', () => {
  const cases: Array<[unknown, string | null]> = [
    [{ modelPath: '/m/a.onnx' }, '/m/a.onnx'],
    [{ report: { model: { path: '/m/b.onnx' } } }, '/m/b.onnx'],
    [{ modelPath: '' }, null],
    [{ modelPath: 5 }, null],
    [{ view: 'parallel' }, null],
    [null, null],
    ['/m/a.onnx', null],
  ];
  for (const [state, expected] of cases) assert.equal(modelPathFromState(state), expected, JSON.stringify(state));
});

test('rememberPanel() keeps the latest path per title and recallPanel() finds it', () => {
  let memory = rememberPanel(undefined, 'Memory: a.onnx', '/x/a.onnx');
  memory = rememberPanel(memory, 'Memory: b.onnx', '/x/b.onnx');
  memory = rememberPanel(memory, 'Memory: a.onnx', '/y/a.onnx');
  assert.deepEqual(memory, [
    ['Memory: b.onnx', '/x/b.onnx'],
    ['Memory: a.onnx', '/y/a.onnx'],
  ]);
  assert.equal(recallPanel(memory, 'Memory: a.onnx'), '/y/a.onnx');
  assert.equal(recallPanel(memory, 'Memory: c.onnx'), null);
});

test('rememberPanel() forgets the oldest titles beyond MAX_REMEMBERED_PANELS and ignores malformed memory', () => {
  let memory = rememberPanel([['ok', '/ok.onnx'], 'junk', [1, 2]], 'Memory: 0.onnx', '/0.onnx');
  assert.deepEqual(memory[0], ['ok', '/ok.onnx']);
  for (let i = 1; i <= MAX_REMEMBERED_PANELS; i++) memory = rememberPanel(memory, `Memory: ${i}.onnx`, `/${i}.onnx`);
  assert.equal(memory.length, MAX_REMEMBERED_PANELS);
  assert.equal(recallPanel(memory, 'ok'), null);
  assert.equal(recallPanel(memory, `Memory: ${MAX_REMEMBERED_PANELS}.onnx`), `/${MAX_REMEMBERED_PANELS}.onnx`);
});
