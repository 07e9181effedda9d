import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrt } from '../support/ortOracle';
import { aliasChainModel, controlFlowModel, danglingReuseModel, deadBufferModel, randomDagModel } from './generatedModels';
import { runOracleBatch, type ExpectedMismatch } from './oracleRun';

const skip = loadOrt() === null ? 'onnxruntime-node is not installed' : false;

/** Generated-model mismatches we cannot fix, with the cause. */
const EXPECTED: Record<string, ExpectedMismatch> = {};

test('the Report matches ORT 1.30 on generated models (seeded random DAGs, alias chains, dead-buffer reuse, If/Loop)', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-generated-'));
  try {
    const files: string[] = [];
    const write = (name: string, bytes: Uint8Array): void => {
      const p = join(dir, name);
      writeFileSync(p, bytes);
      files.push(p);
    };
    for (let seed = 1; seed <= 30; seed++) write(`dag_${seed}.onnx`, randomDagModel(seed, 6 + ((seed * 7) % 35), seed % 3 === 0));
    write('alias_chain.onnx', aliasChainModel());
    write('dead_buffer.onnx', deadBufferModel());
    write('control_flow.onnx', controlFlowModel());
    write('dangling_reuse.onnx', danglingReuseModel());
    const cases = files.map((path) => ({ path, options: { dims: { N: 2, batch: 3 }, fill: { flag: 0 } } }));
    const batch = await runOracleBatch('generated', cases, EXPECTED, dir);
    assert.equal(batch.ortFailures.length, 0, batch.ortFailures.join('\n'));
    assert.equal(batch.compared, files.length);
    assert.deepEqual(batch.unexpected, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
