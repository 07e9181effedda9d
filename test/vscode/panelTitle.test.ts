import { test } from 'node:test';
import assert from 'node:assert/strict';
import { panelTitle } from '../../src/vscode/panelTitle';

test('panelTitle() is "Memory: <file>" while no other open panel shows a file of that name', () => {
  assert.equal(panelTitle('/w/fp32/model.onnx', ['/w/fp32/model.onnx', '/w/other.onnx']), 'Memory: model.onnx');
  assert.equal(panelTitle('/w/fp32/model.onnx', []), 'Memory: model.onnx');
});

test('panelTitle() names the folder when two open panels show files of the same name', () => {
  const open = ['/w/fp32/model.onnx', '/w/int8/model.onnx'];
  assert.equal(panelTitle(open[0]!, open), 'Memory: model.onnx — fp32');
  assert.equal(panelTitle(open[1]!, open), 'Memory: model.onnx — int8');
});

test('panelTitle() adds parent folders until the names differ', () => {
  const open = ['/w/a/export/model.onnx', '/w/b/export/model.onnx', '/w/b/other/model.onnx'];
  assert.equal(panelTitle(open[0]!, open), 'Memory: model.onnx — a/export');
  assert.equal(panelTitle(open[1]!, open), 'Memory: model.onnx — b/export');
  assert.equal(panelTitle(open[2]!, open), 'Memory: model.onnx — other');
});
