/**
 * Einsum steps through the report and the arena replay: the equation rides on the step
 * (ReportStep.splitAttributes) for the split, so every figure after an Einsum is known. The values
 * themselves are checked against ORT 1.30 by the arena oracle's einsum_ops model.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport } from '../../src/analyze/buildReport';
import { arenaFiguresOf } from '../../src/analyze/arenaReplay';
import { einsumOpsModel } from '../oracle/generatedModels';

test('Einsum steps carry their equation and leave every arena figure known, pattern off and on', () => {
  const bytes = einsumOpsModel();
  const loaded = decodeModelBytes(bytes, { fileName: 'einsum.onnx' });
  const r = buildReport({ filePath: '/virtual/einsum.onnx', model: loaded.model, fileBytes: bytes.length });
  const steps = r.graphs[0]!.steps;
  const einsums = steps.filter((s) => s.opType === 'Einsum');
  assert.equal(einsums.length, 7);
  assert.deepEqual(einsums.find((s) => s.displayName === 'three')!.splitAttributes, { equation: 'bhik,kl,lm->bhmi' });
  assert.ok(einsums.every((s) => s.workspaceState === 'formula' && (s.workspaceBytes ?? 0) > 0));
  assert.equal(steps.find((s) => s.opType === 'Relu')!.splitAttributes, undefined, 'only ops whose split names attributes');
  for (const memPattern of [false, true]) {
    const replay = arenaFiguresOf(r.graphs[0]!, { arena: true, memPattern, runs: 2 }, r.graphs.slice(1));
    for (const run of replay.runs) assert.ok(run.steps.every((s) => s.inUseBytes !== null && s.heldBytes !== null), run.steps.find((s) => s.reason)?.reason ?? '');
  }
});
