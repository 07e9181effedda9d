import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dqToOutput, sharedDq } from './support/dqModels';
import { transformModel } from './support/transformCase';
import { decodeModel, inferDtypes, toExecGraph } from './support/loadExecGraph';
import { applyOrtTransforms } from '../../../src/plan/ortTransforms/index';

for (const c of [sharedDq, dqToOutput]) {
  test(`ensureUniqueDq() gives ORT's executed order for: ${c.name}`, () => {
    assert.deepEqual(transformModel(c.bytes).order, c.expected);
  });
}

test('ensureUniqueDq() names copies and their outputs with /duplicated and the shared token counter', () => {
  const { exec } = transformModel(sharedDq.bytes);
  assert.deepEqual(
    [5, 6].map((i) => [exec.nodes[i]!.name, exec.nodes[i]!.outputs[0]]),
    [
      ['dq/duplicated', 'w/duplicated'],
      ['dq/duplicated_token_1', 'w/duplicated_token_0'],
    ],
  );
  assert.deepEqual([1, 2, 3].map((i) => exec.nodes[i]!.inputs[1]), ['w', 'w/duplicated', 'w/duplicated_token_0']);
});

test('ensureUniqueDq() is skipped with disable_quant_qdq', () => {
  const m = decodeModel(sharedDq.bytes);
  const exec = applyOrtTransforms(toExecGraph(m.graph), { opsets: m.opsets, functions: [], types: inferDtypes, disableQuantQdq: true });
  assert.equal(exec.nodes.length, 5);
});
