import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildReport } from '../../src/analyze/buildReport';
import { analysisOf as analysisNamed, KV_MODEL as KV } from '../support/dimModels';

const analysisOf = (bytes: Uint8Array) => analysisNamed(bytes, 'kv.onnx');

test('free dims are the inputs\' dim_params (with their input[axis]) and the data-dependent sizes; exporter names inference derives are not', () => {
  const dims = buildReport(analysisOf(KV)).dims!;
  assert.deepEqual(dims.free.map((f) => [f.name, f.source, f.uses.map((u) => `${u.input}[${u.axis}]`).join(' ')]), [
    ['batch', 'input', 'past[0] x[0] mask[0]'],
    ['past', 'input', 'past[1]'],
    ['seq', 'input', 'x[1]'],
    ['total', 'input', 'mask[1]'],
    ['nonzero.count', 'dataDependent', ''],
  ]);
  assert.deepEqual(dims.derived.map((d) => [d.name, d.expressions, d.values]), [['p2o.Dyn.0', ['batch'], ['batch']], ['p2o.Dyn.1', ['seq'], ['seq']]]);
});

test('the Concat of past and new implies total = past + seq; a binding that breaks it is flagged with the consistent value', () => {
  const a = analysisOf(KV);
  const unbound = buildReport(a).dims!;
  assert.deepEqual(unbound.relations.map((r) => [r.name, r.expression, `${r.at.value}[${r.at.axis}]`, r.at.producerOp, r.consistentValue, r.isViolated]), [
    ['total', 'past+seq', 'present[1]', 'Concat', null, false],
  ]);
  const wrong = buildReport(a, { bindings: { batch: 1, past: 5, seq: 3, total: 10 } }).dims!;
  assert.deepEqual(wrong.relations.map((r) => [r.consistentValue, r.isViolated]), [[8, true]]);
  assert.deepEqual(wrong.derived.map((d) => d.values), [[1], [3]]);
  const right = buildReport(a, { bindings: { batch: 1, past: 5, seq: 3, total: 8 } }).dims!;
  assert.deepEqual(right.relations.map((r) => [r.consistentValue, r.isViolated]), [[8, false]]);
});

test('a first report with bindings finds the same facts as one without (it infers the main graph once more, unbound)', () => {
  const bound = buildReport(analysisOf(KV), { bindings: { batch: 2, past: 4, seq: 1, total: 5 } }).dims!;
  const unbound = buildReport(analysisOf(KV)).dims!;
  assert.deepEqual(bound.free, unbound.free);
  assert.deepEqual(bound.relations.map((r) => [r.name, r.expression, r.consistentValue, r.isViolated]), [['total', 'past+seq', 5, false]]);
  assert.deepEqual(bound.derived.map((d) => [d.name, d.expressions]), unbound.derived.map((d) => [d.name, d.expressions]));
});
