import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadOrt } from '../support/ortOracle';
import { runOracleBatch, type ExpectedMismatch } from './oracleRun';

const PROBES = join(__dirname, '../../../shared/corpus/ort-probes');
const skip = !existsSync(PROBES) ? `corpus not found at ${PROBES}` : loadOrt() === null ? 'onnxruntime-node is not installed' : false;

/** Probe mismatches we cannot fix, with the cause. */
const EXPECTED: Record<string, ExpectedMismatch> = {};

test('the Report matches ORT 1.30 on every ort-probes model (order, output bytes, fresh allocations, live bytes, peak)', { skip }, async () => {
  const files = [
    ...readdirSync(PROBES).filter((f) => f.endsWith('.onnx')).map((f) => join(PROBES, f)),
    ...readdirSync(join(PROBES, 'random')).filter((f) => f.endsWith('.onnx')).map((f) => join(PROBES, 'random', f)),
  ];
  const batch = await runOracleBatch('probes', files.map((path) => ({ path })), EXPECTED, PROBES);
  assert.ok(batch.compared >= 40, batch.summary);
  assert.deepEqual(batch.unexpected, []);
});
