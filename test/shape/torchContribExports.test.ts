/**
 * com.microsoft Unique, one of the ops ORT's `pytorch_export_contrib_ops` writes: its uniques and
 * counts have a count known only at run time (unavailable), its inverse indices the input's shape.
 * (GridSample, Trilu and CDist are checked against ORT 1.30 by the generated oracle model
 * `torch_contrib_exports`.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport } from '../../src/analyze/buildReport';
import { buildModel, DataType, node, tensorValue } from '../support/onnxBuilder';

test('com.microsoft Unique: inverse indices shaped like the input, uniques and counts unavailable with a reason', () => {
  const bytes = buildModel({
    opsets: { 'com.microsoft': 1 },
    nodes: [node('Unique', ['x'], ['y', 'idx', 'counts'], { name: 'u', domain: 'com.microsoft' })],
    inputs: [tensorValue('x', DataType.FLOAT, [10])],
    outputs: [tensorValue('y', DataType.FLOAT, null), tensorValue('idx', DataType.INT64, null), tensorValue('counts', DataType.INT64, null)],
  });
  const r = buildReport({ filePath: '/virtual/u.onnx', model: decodeModelBytes(bytes, { fileName: 'u.onnx' }).model, fileBytes: bytes.length });
  const v = (name: string) => r.graphs[0]!.values.find((x) => x.name === name)!;
  assert.equal(v('idx').bytes, 80);
  for (const name of ['y', 'counts']) {
    assert.equal(v(name).bytes, null, name);
    assert.ok(v(name).unavailableReason, name);
  }
  assert.equal(r.graphs[0]!.steps[0]!.workspaceBytes, 0, 'measured zero on ORT 1.30');
});
