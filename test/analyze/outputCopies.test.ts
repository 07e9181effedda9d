import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport, type Analysis } from '../../src/analyze/buildReport';
import { checkBudget, outputCopyBytes, runBaselineBytes, sessionArenaBytes } from '../../src/report/budget';
import { arenaReplayInput } from '../../src/analyze/arenaReplay';
import { buildModel, DataType, node, tensor, tensorValue } from '../support/onnxBuilder';

function analysis(bytes: Uint8Array): Analysis {
  const loaded = decodeModelBytes(bytes, { fileName: 'copies.onnx' });
  return { filePath: '/virtual/copies.onnx', model: loaded.model, fileBytes: bytes.length };
}

/** `grid` (6 floats) is both an initializer and a graph output; `y` is a planned tensor. */
function initializerOutputModel(withCopy: boolean): Uint8Array {
  return buildModel({
    nodes: [node('Relu', ['x'], ['y'], { name: 'relu' }), ...(withCopy ? [] : [node('Identity', ['grid'], ['g2'], { name: 'id' })])],
    initializers: [tensor('grid', DataType.FLOAT, [2, 3], { values: [1, 2, 3, 4, 5, 6] })],
    inputs: [tensorValue('x', DataType.FLOAT, [4, 64])],
    outputs: [tensorValue('y', DataType.FLOAT, [4, 64]), tensorValue(withCopy ? 'grid' : 'g2', DataType.FLOAT, [2, 3])],
  });
}

test('a graph output that is an initializer is copied for the caller for the whole Run: listed, in the baseline, the arena and the budget', () => {
  const r = buildReport(analysis(initializerOutputModel(true)));
  const main = r.graphs[0]!;
  assert.deepEqual(main.outputCopies, [{ name: 'grid', bytes: 24, reason: null }]);
  assert.equal(outputCopyBytes(r), 24);
  assert.equal(runBaselineBytes(r), sessionArenaBytes(r)! + 24);
  // The copy is not a planned buffer: the live curve is the planned tensors only.
  assert.deepEqual(main.steps.map((s) => s.liveBytes), [4 * 64 * 4]);
  assert.deepEqual(arenaReplayInput(main).init.outputCopies, [24]);
  // In the arena for the Run: one 256 B chunk more in use than without it, and in the held breakdown.
  const plain = buildReport(analysis(initializerOutputModel(false))).graphs[0]!;
  assert.ok(main.arena && plain.arena);
  assert.equal(main.arena.breakdown?.outputCopyBytes, 24);
  const b = main.arena.breakdown!;
  assert.equal(b.liveRequestedBytes + b.initializationBytes + b.patternBlockBytes + b.outputCopyBytes! + b.roundingAndDeadBytes + b.freeInRegionsBytes, main.arena.peakHeld.bytes);
  assert.equal(main.steps[0]!.arenaInUseBytes! - main.arena.afterInit.inUseBytes!, 256 + 1024, 'the copy (24 B in a 256 B chunk) and y');
  const over = checkBudget(r, 100);
  assert.ok(over && over.kind === 'over');
  assert.equal(over.totalBytes, 1024 + 24 + 24);
  assert.match(over.message, /24 B of initializer outputs copied for the caller/);
});

test('no initializer output, no copies: the field is absent and the baseline is the initialization', () => {
  const r = buildReport(analysis(initializerOutputModel(false)));
  assert.equal(r.graphs[0]!.outputCopies, undefined);
  assert.equal(runBaselineBytes(r), sessionArenaBytes(r));
});
