import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { loadOrt, runOrtOracle } from '../support/ortOracle';
import { analyzeFile, buildReport } from '../../src/analyze/buildReport';
import { bindingsFromFeeds, CHECKS, type CheckName } from './compareWithOrt';
import { CORPUS_DIR, CORPUS_EXPECTED, corpusCases } from './corpusCases';
import { GENERATED_EXPECTED, generatedCases } from './generatedCases';
import { runOracleBatch, type OracleBatch } from './oracleRun';
import { PROBES_DIR, PROBES_EXPECTED, probeCases } from './probesCases';

const noOrt = loadOrt() === null ? 'onnxruntime-node is not installed' : false;
const noCorpus = noOrt || (!existsSync(CORPUS_DIR) ? `corpus not found at ${CORPUS_DIR} (tests expect it beside the checkout)` : false);
const batches: OracleBatch[] = [];

test('the Report matches ORT 1.30 on every ort-probes model (order, output bytes, fresh allocations, live bytes, peak)', { skip: noCorpus }, async () => {
  const batch = await runOracleBatch('probes', probeCases(), PROBES_EXPECTED, PROBES_DIR);
  batches.push(batch);
  assert.ok(batch.compared >= 40, batch.summary);
  assert.deepEqual(batch.unexpected, []);
  assert.deepEqual(batch.baselineMisses, [], 'the arena baseline equals our arena figure on every probe');
});

test('the Report matches ORT 1.30 on generated models (seeded random DAGs, alias chains, dead-buffer reuse, If/Loop)', { skip: noOrt }, async () => {
  const { dir, cases } = generatedCases();
  try {
    const batch = await runOracleBatch('generated', cases, GENERATED_EXPECTED, dir);
    batches.push(batch);
    assert.equal(batch.ortFailures.length, 0, batch.ortFailures.join('\n'));
    assert.equal(batch.compared, cases.length);
    assert.deepEqual(batch.unexpected, []);
    assert.deepEqual(batch.baselineMisses, [], 'the arena baseline equals our arena figure on every generated model');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the Report matches ORT 1.30 on every corpus model ORT can run; the others are listed with ORT\'s error', { skip: noCorpus }, async () => {
  const batch = await runOracleBatch('corpus', corpusCases(), CORPUS_EXPECTED, CORPUS_DIR);
  batches.push(batch);
  assert.ok(batch.compared > 0, batch.summary);
  assert.deepEqual(batch.unexpected, []);
  // Body initializers count too (test_if and test_loop11 hold Constants inside their If/Loop bodies).
  assert.deepEqual(batch.baselineMisses, [], 'the arena baseline equals the initializer bytes in the arena of every graph');
});

test('the parallel view allocates every output fresh, as ORT\'s parallel executor does (probes; fresh allocations only)', { skip: noCorpus }, async () => {
  const batch = await runOracleBatch('probes-parallel', probeCases(), {}, PROBES_DIR, 'parallel');
  // The parallel executor's order and arena timeline are not the sequential ones; only per-node fresh bytes compare.
  assert.equal(batch.counts.fresh, batch.compared, batch.unexpected.filter((u) => u.includes(': fresh:')).join('\n'));
  assert.ok(batch.compared >= 40);
});

test('the parallel view peak bounds what ORT\'s parallel executor requests (probes; arena baseline = initializer bytes in the arena after prepack)', { skip: noCorpus }, async () => {
  let checked = 0;
  for (const c of probeCases()) {
    const oracle = await runOrtOracle(c.path, { executionMode: 'parallel' });
    if (!oracle.ok) continue;
    const analysis = analyzeFile(c.path);
    const report = buildReport(analysis, { view: 'parallel', bindings: bindingsFromFeeds(buildReport(analysis), oracle) });
    const main = report.graphs[0]!;
    const baseline = main.initialization?.arenaBytesAfterPrepack ?? null;
    if (baseline === null || main.peak.bytes === null) continue;
    const maxRequested = oracle.events.reduce((m, e) => Math.max(m, e.memBytesRequestedInUse ?? 0), 0);
    assert.ok(maxRequested - baseline <= main.peak.bytes, `${c.path}: ORT ${maxRequested} - ${baseline} > our bound ${main.peak.bytes}`);
    checked++;
  }
  console.log(`oracle[probes-parallel]: parallel upper bound holds on ${checked} models`);
  assert.ok(checked >= 40);
});

/**
 * The optimized levels: one ORT session per model and level saves the graph, dumps the order and
 * writes the profile (at 'all' the NCHWc pass names its nodes differently per session), and our
 * report plans that saved graph in that order (src/optimize), compared by node name.
 */
const LEVELS = ['extended', 'all'] as const;
const levelBatches: Record<(typeof LEVELS)[number], OracleBatch[]> = { extended: [], all: [] };

for (const level of LEVELS) {
  test(`at graph optimization level ${level}, the Report matches ORT 1.30 on every ort-probes model`, { skip: noCorpus }, async () => {
    const batch = await runOracleBatch('probes', probeCases(), PROBES_EXPECTED, PROBES_DIR, 'sequential', level);
    levelBatches[level].push(batch);
    assert.ok(batch.compared >= 40, batch.summary);
    assert.deepEqual(batch.unexpected, []);
  });

  test(`at graph optimization level ${level}, the Report matches ORT 1.30 on generated models`, { skip: noOrt }, async () => {
    const { dir, cases } = generatedCases();
    try {
      const batch = await runOracleBatch('generated', cases, GENERATED_EXPECTED, dir, 'sequential', level);
      levelBatches[level].push(batch);
      assert.equal(batch.ortFailures.length, 0, batch.ortFailures.join('\n'));
      assert.equal(batch.compared, cases.length);
      assert.deepEqual(batch.unexpected, []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test(`at graph optimization level ${level}, the Report matches ORT 1.30 on every corpus model ORT can run`, { skip: noCorpus }, async () => {
    const batch = await runOracleBatch('corpus', corpusCases(), CORPUS_EXPECTED, CORPUS_DIR, 'sequential', level);
    levelBatches[level].push(batch);
    assert.ok(batch.compared > 0, batch.summary);
    assert.deepEqual(batch.unexpected, []);
  });
}

function summaryLine(prefix: string, list: OracleBatch[]): string {
  const n = list.reduce((a, b) => a + b.compared, 0);
  const total = (c: CheckName) => list.reduce((a, b) => a + b.counts[c], 0);
  return `${prefix}: models=${n} ${CHECKS.map((c) => `${c}=${total(c)}/${n}`).join(' ')}`;
}

test('oracle summary line', () => {
  console.log(summaryLine('oracle', batches));
  for (const level of LEVELS) if (levelBatches[level].length > 0) console.log(summaryLine(`oracle@${level}`, levelBatches[level]));
  assert.ok(batches.length === 0 || batches.some((b) => b.compared > 0));
});
