import { test } from 'node:test';
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { LensError } from '../../src/onnx/lensError';
import { analyzeFile, analyzeFileAtLevel, buildReport } from '../../src/analyze/buildReport';
import { loadOrtRuntime } from '../../src/optimize/ortRuntime';
import { CORPUS_DIR as CORPUS, hasCorpus, listOnnxFiles } from '../support/corpus';

const skip = hasCorpus ? false : `corpus not found at ${CORPUS} (tests expect it beside the checkout)`;

test('every corpus model gives a Report (both views) or a LensError with a one-line message, never another exception nor an internal one', { skip }, () => {
  const files = listOnnxFiles(CORPUS);
  assert.ok(files.length > 50, `found ${files.length} models`);
  let reports = 0;
  const rejected: string[] = [];
  for (const f of files) {
    const key = relative(CORPUS, f);
    try {
      const analysis = analyzeFile(f);
      for (const view of ['sequential', 'parallel'] as const) {
        const r = buildReport(analysis, { view });
        assert.equal(r.schemaVersion, 1, key);
        assert.equal(r.graphs[0]!.id, 'main', key);
        assert.equal(r.graphs[0]!.parent, null, key);
        assert.equal(new Set(r.graphs.map((g) => g.id)).size, r.graphs.length, `${key}: graph ids are unique`);
        for (const g of r.graphs) {
          for (const v of g.values) {
            assert.ok(v.bytes === null ? typeof v.unavailableReason === 'string' : Number.isFinite(v.bytes) && v.bytes >= 0, `${key}: ${v.name}`);
          }
          for (const s of g.steps) assert.ok(s.liveBytes === null ? typeof s.liveReason === 'string' : s.liveBytes >= 0, `${key}: step ${s.index}`);
        }
      }
      reports++;
    } catch (e) {
      if (!(e instanceof LensError)) throw new Error(`${key}: not a LensError: ${e instanceof Error ? e.stack : String(e)}`);
      // An internal error is a bug of ours (a rule that threw), not a model ORT or we refuse.
      assert.notEqual(e.code, 'internal', `${key}: internal error: ${e.message}`);
      assert.ok(!e.message.includes('\n') && /^[A-Z]/.test(e.message) && !e.message.endsWith('.'), `${key}: message '${e.message}'`);
      rejected.push(`${key}: ${e.code}: ${e.message}`);
    }
  }
  console.log(`corpus: models=${files.length} reports=${reports} rejected=${rejected.length}`);
  for (const r of rejected) console.log(`corpus: rejected ${r}`);
  assert.ok(reports > 0);
});

test('at graph optimization level all, every corpus model gives a Report at all, or one at disabled that names why, or the same LensError as at disabled', { skip: skip || (loadOrtRuntime().ok ? false : 'onnxruntime-node is not installed') }, async () => {
  const files = listOnnxFiles(CORPUS);
  let atAll = 0;
  const fellBack: string[] = [];
  for (const f of files) {
    const key = relative(CORPUS, f);
    let analysis;
    try {
      analysis = await analyzeFileAtLevel(f, { level: 'all' });
    } catch (e) {
      // A bad file is refused before ORT is asked, with the disabled path's error.
      assert.throws(() => analyzeFile(f), (d: unknown) => d instanceof LensError && e instanceof LensError && d.message === e.message, key);
      continue;
    }
    const r = buildReport(analysis);
    if (r.session.graphOptimizationLevel === 'all') atAll++;
    else {
      assert.equal(r.session.requestedGraphOptimizationLevel, 'all', key);
      assert.ok(typeof r.session.optimizationFallbackReason === 'string' && r.session.optimizationFallbackReason.length > 0, key);
      fellBack.push(`${key}: ${r.session.optimizationFallbackReason}`);
    }
    for (const g of r.graphs) for (const v of g.values) assert.ok(v.bytes === null ? typeof v.unavailableReason === 'string' : v.bytes >= 0, `${key}: ${v.name}`);
  }
  console.log(`corpus@all: models=${files.length} at_all=${atAll} fell_back=${fellBack.length}`);
  for (const x of fellBack) console.log(`corpus@all: fell back ${x}`);
  assert.ok(atAll > 0);
});
