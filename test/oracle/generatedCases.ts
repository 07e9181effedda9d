/** Generated models written to a temp folder: seeded random DAGs, alias chains, dead-buffer reuse, If/Loop. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aliasChainModel, bodyFramesModel, controlFlowModel, danglingReuseModel, deadBufferModel, narrowPoolModel, orEqualCastModel, randomDagModel, sampleRateBranchModel, scanModel, strideAlignModel, symbolicDimsModel } from './generatedModels';
import type { ExpectedMismatch, OracleCase } from './oracleRun';

/** Generated-model mismatches we cannot fix, with the cause (none today). */
export const GENERATED_EXPECTED: Record<string, ExpectedMismatch> = {};

/** How many seeded random DAGs to generate. */
export const RANDOM_DAGS = 30;

/** Writes the generated models into a new temp folder; the caller removes `dir`. */
export function generatedCases(): { dir: string; cases: OracleCase[] } {
  const dir = mkdtempSync(join(tmpdir(), 'oml-generated-'));
  const files: string[] = [];
  const write = (name: string, bytes: Uint8Array): void => {
    const p = join(dir, name);
    writeFileSync(p, bytes);
    files.push(p);
  };
  for (let seed = 1; seed <= RANDOM_DAGS; seed++) write(`dag_${seed}.onnx`, randomDagModel(seed, 6 + ((seed * 7) % 35), seed % 3 === 0));
  for (let seed = 1; seed <= RANDOM_DAGS; seed++) write(`multi_${seed}.onnx`, randomDagModel(1000 + seed, 6 + ((seed * 5) % 30), seed % 2 === 0, 'multi'));
  write('alias_chain.onnx', aliasChainModel());
  write('dead_buffer.onnx', deadBufferModel());
  write('control_flow.onnx', controlFlowModel());
  write('dangling_reuse.onnx', danglingReuseModel());
  write('scan.onnx', scanModel());
  write('symbolic_dims.onnx', symbolicDimsModel());
  write('narrow_pool.onnx', narrowPoolModel());
  write('stride_align.onnx', strideAlignModel());
  for (const opset of [13, 16]) write(`or_equal_cast_${opset}.onnx`, orEqualCastModel(opset));
  // The If's condition is a graph input: control_flow fixes it (flag = 0), so the report knows the branch that runs.
  const cases: OracleCase[] = files.map((path) => ({ path, options: { dims: { N: 2, M: 2, batch: 3 }, fill: { flag: 0 } }, ...(path.endsWith('/control_flow.onnx') ? { values: { flag: [0] } } : {}) }));
  // The same If/Loop model with the then branch taken.
  write('control_flow_then.onnx', controlFlowModel());
  cases.push({ path: files[files.length - 1]!, options: { fill: { flag: 1 } }, values: { flag: [1] } });
  // The sample-rate If, both rates: the report plans the branch the fixed `sr` selects.
  for (const sr of [16000, 8000]) {
    write(`sample_rate_${sr}.onnx`, sampleRateBranchModel());
    cases.push({ path: files[files.length - 1]!, options: { fill: { sr } }, values: { sr: [sr] } });
  }
  // If, Loop and Scan bodies that grow the arena, the branch fixed (`go` = 1).
  write('body_frames.onnx', bodyFramesModel());
  cases.push({ path: files[files.length - 1]!, options: { fill: { go: 1 } }, values: { go: [1] } });
  return { dir, cases };
}
