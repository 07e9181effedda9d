/**
 * Reports built from one Analysis reuse its transformed graphs (Analysis.transformed): a rebind,
 * view or session change must give exactly the report a fresh analysis gives, on every model.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeFile, buildReport, type ReportOptions } from '../../src/analyze/buildReport';
import { CORPUS_DIR, hasCorpus, listOnnxFiles } from '../support/corpus';
import { ifChainModel, loopScanModel } from '../support/sampleModels';
import { buildModel, DataType, node, tensorValue } from '../support/onnxBuilder';

/** Option sets a panel goes through: open, rebind every symbol, switch view, change the session, back. */
function optionSequence(symbols: readonly string[]): ReportOptions[] {
  const bind = (n: number): Record<string, number> => Object.fromEntries(symbols.map((s) => [s, n]));
  return [
    {},
    { bindings: bind(3) },
    { bindings: bind(3), view: 'parallel' },
    { bindings: bind(7), session: { intraOpThreads: 1, maxTotalSequenceLength: 64 } },
    { bindings: bind(2), view: 'parallel' },
    {},
  ];
}

/** Builds each option set from one Analysis and from a fresh one; returns how many reports were compared. */
function compareCachedWithFresh(file: string): number {
  let analysis;
  try {
    analysis = analyzeFile(file);
  } catch {
    return 0; // refused at decode: nothing is cached
  }
  let first;
  try {
    first = buildReport(analysis);
  } catch {
    return 0; // refused while planning, with its one-line error (the corpus test checks those)
  }
  let compared = 0;
  for (const options of optionSequence(first.symbols)) {
    const cached = buildReport(analysis, options);
    const fresh = buildReport(analyzeFile(file), options);
    assert.equal(JSON.stringify(cached), JSON.stringify(fresh), `${file} with ${JSON.stringify(options)}`);
    compared++;
  }
  return compared;
}

test('rebinding, view and session changes on one Analysis give the fresh report (models built here)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-cache-'));
  try {
    const models: Array<[string, Uint8Array]> = [
      ['ifs.onnx', ifChainModel(3)],
      ['loop-scan.onnx', loopScanModel()],
      ['symbolic.onnx', buildModel({
        nodes: [node('Exp', ['X'], ['a'], { name: 'e' }), node('Neg', ['a'], ['b'], { name: 'n' }), node('Add', ['b', 'X'], ['Y'], { name: 'add' })],
        inputs: [tensorValue('X', DataType.FLOAT, ['batch', 'sequence', 16])],
        outputs: [tensorValue('Y', DataType.FLOAT, ['batch', 'sequence', 16])],
      })],
    ];
    let compared = 0;
    for (const [name, bytes] of models) {
      writeFileSync(join(dir, name), bytes);
      compared += compareCachedWithFresh(join(dir, name));
    }
    assert.equal(compared, 3 * 6);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('rebinding, view and session changes on one Analysis give the fresh report (every corpus model)', (t) => {
  if (!hasCorpus) { t.skip(`corpus not found at ${CORPUS_DIR}`); return; }
  const files = listOnnxFiles(CORPUS_DIR, { maxBytes: 64 * 1024 * 1024 });
  let compared = 0;
  let models = 0;
  for (const file of files) {
    const n = compareCachedWithFresh(file);
    compared += n;
    if (n > 0) models++;
  }
  console.log(`transformCache: compared ${compared} reports of ${models} of ${files.length} corpus models`);
  assert.ok(models >= 0.8 * files.length, `only ${models} of ${files.length} corpus models could be planned`);
});
