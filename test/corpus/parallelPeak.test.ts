import { test } from 'node:test';
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { LensError } from '../../src/onnx/lensError';
import { analyzeFile, buildReport } from '../../src/analyze/buildReport';
import type { Report } from '../../src/report/report';
import { CORPUS_DIR as CORPUS, hasCorpus, listOnnxFiles } from '../support/corpus';

const skip = hasCorpus ? false : `corpus not found at ${CORPUS} (tests expect it beside the checkout)`;

/** Every free dim of `r` bound to 2, so that most sizes are known. */
function bindAll(r: Report): Record<string, number> {
  return Object.fromEntries((r.dims?.free ?? []).map((d) => [d.name, 2]));
}

test('on every corpus model the parallel peak is the sum of the buffers it names, and never below the sequential peak', { skip }, () => {
  let graphs = 0;
  let known = 0;
  let exact = 0;
  let above = 0;
  let slowest = { key: '', ms: 0 };
  for (const f of listOnnxFiles(CORPUS)) {
    const key = relative(CORPUS, f);
    let analysis;
    try {
      analysis = analyzeFile(f);
    } catch (e) {
      if (e instanceof LensError) continue; // refused models: corpus.test.ts checks the message
      throw e;
    }
    const bindings = bindAll(buildReport(analysis));
    const sequential = buildReport(analysis, { bindings });
    const t = performance.now();
    const parallel = buildReport(analysis, { bindings, view: 'parallel' });
    const ms = performance.now() - t;
    if (ms > slowest.ms) slowest = { key, ms };
    parallel.graphs.forEach((g, gi) => {
      graphs++;
      const p = g.peak;
      if (p.bytes === null) {
        assert.ok(typeof p.reason === 'string' && p.reason.length > 0, `${key} ${g.id}: an unavailable peak says why`);
        assert.deepEqual(p.values, [], `${key} ${g.id}: no buffers named for an unavailable peak`);
        return;
      }
      known++;
      const bytesOf = new Map(g.values.map((v) => [v.name, v.bytes]));
      const sum = (p.values ?? []).reduce((s, name) => s + bytesOf.get(name)!, 0);
      assert.equal(sum, p.bytes, `${key} ${g.id}: the named buffers sum to the peak`);
      for (const name of p.values ?? []) assert.equal(g.values.find((v) => v.name === name)?.root, name, `${key} ${g.id}: ${name} is a buffer (a root)`);
      assert.ok(p.upperBoundBytes !== null && p.upperBoundBytes! >= p.bytes, `${key} ${g.id}: upper bound`);
      if (p.exact) exact++;
      else assert.match(p.label, /search budget exhausted/, `${key} ${g.id}: an inexact peak is labelled`);
      // The curve is one parallel schedule (ORT's order, no sharing): it never exceeds the worst case.
      for (const s of g.steps) if (s.liveBytes !== null) assert.ok(s.liveBytes <= p.bytes, `${key} ${g.id}: step ${s.index} above the peak`);
      const seq = sequential.graphs[gi]!.peak.bytes;
      if (seq !== null) {
        assert.ok(p.bytes >= seq, `${key} ${g.id}: parallel ${p.bytes} below sequential ${seq}`);
        if (p.bytes > seq) above++;
      }
    });
  }
  console.log(`corpus[parallel-peak]: graphs=${graphs} known=${known} exact=${exact} above-sequential=${above} slowest=${slowest.key} ${slowest.ms.toFixed(0)} ms`);
  assert.ok(known > 50, `${known} graphs with a known parallel peak`);
});
