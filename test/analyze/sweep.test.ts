/**
 * Sweeps and fits plan one Analysis many times: every point must be what buildReport gives for the
 * same bindings, the closed-form model's peak must come out as its formula (with its knee and its
 * two polynomials), and a fit must find the largest value within the budget and say when the
 * figure is not monotone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeFile, buildReport } from '../../src/analyze/buildReport';
import { fitAnalysis } from '../../src/analyze/fit';
import { sweepAnalysis, type SweepOptions } from '../../src/analyze/sweep';
import { initializerBytes, topContributors } from '../../src/report/budget';
import { evaluatePolynomial, interpolatePeak, sweepValues } from '../../src/report/sweep';
import { CORPUS_DIR, hasCorpus, listOnnxFiles } from '../support/corpus';
import { attentionScoresModel, attentionScoresPeak, fallingThenRisingModel } from '../support/sampleModels';
import { writeDecoderModel } from '../../scripts/bench/support/decoderModel';

const dir = mkdtempSync(join(tmpdir(), 'oml-sweep-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const ATTENTION = join(dir, 'attention.onnx');
writeFileSync(ATTENTION, attentionScoresModel());
const FALLING = join(dir, 'falling.onnx');
writeFileSync(FALLING, fallingThenRisingModel());

/** Asserts each point of a sweep equals the main graph of a fresh report at its bindings. */
function assertPointsMatchReports(file: string, options: SweepOptions): number {
  const result = sweepAnalysis(analyzeFile(file), options);
  for (const p of result.points) {
    const bindings = { ...(options.bindings ?? {}), [options.dim]: p.value };
    const r = buildReport(analyzeFile(file), { bindings, ...(options.view ? { view: options.view } : {}), ...(options.session ? { session: options.session } : {}) });
    const main = r.graphs[0]!;
    const where = `${file} at ${JSON.stringify(bindings)}`;
    assert.equal(p.peakBytes, main.peak.bytes, where);
    assert.equal(p.peakStep, main.peak.step, where);
    assert.equal(p.peakReason, main.peak.reason, where);
    assert.equal(p.initializerBytes, initializerBytes(main), where);
    if (main.peak.step !== null) {
      const s = main.steps[main.peak.step]!;
      assert.equal(p.liveBytesAtPeak, s.liveBytes, where);
      assert.equal(p.workspaceBytesAtPeak, s.workspaceBytes, where);
      assert.equal(p.workspaceState, s.workspaceState, where);
      assert.equal(p.peakNode, s.displayName || s.opType, where);
      assert.deepEqual(p.topContributor, topContributors(main, main.peak.step, 1)[0] ?? null, where);
    }
  }
  return result.points.length;
}

test('sweep: the closed-form model gives b·max(128s + 4s², 8s²) at every point, with the knee at 32 → 33 and one polynomial per peak step', () => {
  const values = [1, 2, 8, 16, 31, 32, 33, 34, 64, 128];
  const r = sweepAnalysis(analyzeFile(ATTENTION), { dim: 'sequence', bindings: { batch: 3 }, values });
  assert.deepEqual(r.points.map((p) => p.value), values);
  for (const p of r.points) {
    const want = attentionScoresPeak(3, p.value);
    assert.equal(p.peakBytes, want.bytes, `sequence=${p.value}`);
    assert.equal(p.peakStep, want.step, `sequence=${p.value}`);
    assert.equal(p.initializerBytes, 1024);
    assert.equal(p.totalBytes, want.bytes + 1024);
  }
  const stepKnees = r.knees.filter((k) => k.peakStepChanged);
  assert.deepEqual(stepKnees.map((k) => [k.fromValue, k.toValue, k.fromPeakStep, k.toPeakStep, k.exact]), [[32, 33, 2, 3, [32, 33]]]);
  // Below s = 16 the largest live buffer is q (192·s B at b = 3), from then on S (12·s² B): a knee of the top contributor.
  // At s = 16 both are 3,072 B and q, planned first, stays first: the change is exactly between 16 and 17 (bisection between the planned 16 and 31).
  assert.deepEqual(r.knees.filter((k) => k.topContributorChanged).map((k) => [k.fromTopContributor, k.toTopContributor, k.fromValue, k.toValue, k.exact]), [['q', 'S', 16, 31, [16, 17]]]);
  assert.deepEqual(r.segments.map((s) => [s.fromValue, s.toValue, s.peakStep, s.coefficients]), [[1, 32, 2, [0, 384, 12]], [33, 128, 3, [0, 0, 24]]]);
  assert.equal(r.segments[0]!.polynomial, '12*sequence^2 + 384*sequence');
  // Between planned points the polynomial interpolates, marked as such; it equals the closed form there.
  const between = interpolatePeak(r, 100);
  assert.ok(between && 'interpolated' in between, 'an interpolated value is marked');
  assert.equal(between.peakBytes, attentionScoresPeak(3, 100).bytes);
  assert.equal(interpolatePeak(r, 200), null, 'no value beyond the last point');
});

test('sweep: the same model swept over batch is linear in batch', () => {
  const r = sweepAnalysis(analyzeFile(ATTENTION), { dim: 'batch', bindings: { sequence: 40 }, values: sweepValues(1, 64, { points: 7, log: true }) });
  assert.deepEqual(r.points.map((p) => p.value), [1, 2, 4, 8, 16, 32, 64]);
  for (const p of r.points) assert.equal(p.peakBytes, attentionScoresPeak(p.value, 40).bytes);
  assert.deepEqual(r.knees, []);
  assert.deepEqual(r.segments.map((s) => s.coefficients), [[0, 8 * 40 * 40]]);
});

test('sweep: every point equals its own report (closed-form model in both views, a small decoder)', () => {
  assertPointsMatchReports(ATTENTION, { dim: 'sequence', bindings: { batch: 2 }, values: [1, 7, 32, 33, 90] });
  assertPointsMatchReports(ATTENTION, { dim: 'sequence', bindings: { batch: 2 }, values: [1, 7, 33], view: 'parallel' });
  assertPointsMatchReports(FALLING, { dim: 'n', values: [0, 1, 31, 64, 100, 101] });
  const decoder = writeDecoderModel(dir, 'decoder', 3);
  assertPointsMatchReports(decoder, { dim: 'sequence', bindings: { batch: 2 }, values: [1, 5, 64, 200], session: { intraOpThreads: 4 } });
});

test('sweep: a value past a data-dependent limit is unavailable with its reason, never 0', () => {
  const r = sweepAnalysis(analyzeFile(FALLING), { dim: 'n', values: [64, 101] });
  const past = r.points[1]!;
  assert.equal(past.peakBytes, null);
  assert.equal(past.totalBytes, null);
  assert.match(past.peakReason ?? '', /is not a size/);
  assert.deepEqual(r.segments.map((s) => s.fromValue), [64], 'no segment for an unknown peak');
});

test('sweep: a dim the model does not have is one clear error naming its dims', () => {
  assert.throws(() => sweepAnalysis(analyzeFile(ATTENTION), { dim: 'seq', values: [1] }), /'seq' is not a symbolic dim of this model \(its symbolic dims: batch, sequence\)/);
});

test('sweep: every corpus model with a symbolic dim gives the points its own reports give', { skip: hasCorpus ? false : `corpus folder ${CORPUS_DIR} is absent` }, () => {
  let compared = 0;
  for (const file of listOnnxFiles(CORPUS_DIR, { maxBytes: 64 * 1024 * 1024 })) {
    let first;
    try {
      first = buildReport(analyzeFile(file));
    } catch {
      continue; // refused with its one-line error (the corpus suite checks those)
    }
    const dim = first.symbols[0];
    if (dim === undefined || first.graphs[0]!.steps.length > 3000) continue;
    const bindings = Object.fromEntries(first.symbols.filter((s) => s !== dim).map((s) => [s, 2]));
    compared += assertPointsMatchReports(file, { dim, bindings, values: [1, 3, 8] });
  }
  assert.ok(compared > 0, 'some corpus model has a symbolic dim');
});

test('polynomials: evaluated exactly, null past 2^53', () => {
  assert.equal(evaluatePolynomial([256, 8192, 4096], 3), 256 + 8192 * 3 + 4096 * 9);
  assert.equal(evaluatePolynomial([0, 0, 2 ** 40], 2 ** 10), null);
});

test('fit: the largest batch within the budget, its figure and the next one, monotone', () => {
  const budget = 10 * 1024 * 1024;
  const f = fitAnalysis(analyzeFile(ATTENTION), { dim: 'batch', bindings: { sequence: 128 }, budgetBytes: budget });
  const total = (b: number): number => attentionScoresPeak(b, 128).bytes + 1024;
  let want = 1;
  while (total(want + 1) <= budget) want++;
  assert.equal(f.status, 'fits');
  assert.equal(f.value, want);
  assert.equal(f.peakBytes, total(want));
  assert.equal(f.modeledPeakBytes, attentionScoresPeak(want, 128).bytes);
  assert.deepEqual(f.next, { value: want + 1, peakBytes: total(want + 1), modeledPeakBytes: attentionScoresPeak(want + 1, 128).bytes });
  assert.equal(f.monotone, true);
  assert.match(f.note, /non-decreasing at all \d+ values planned/);
});

test('fit: none fits, all fit, and a figure that is not monotone is said to be so', () => {
  const none = fitAnalysis(analyzeFile(ATTENTION), { dim: 'batch', bindings: { sequence: 128 }, budgetBytes: 1000 });
  assert.equal(none.status, 'none-fits');
  assert.equal(none.value, null);
  assert.equal(none.next?.value, 1);
  const all = fitAnalysis(analyzeFile(ATTENTION), { dim: 'batch', bindings: { sequence: 4 }, budgetBytes: 2 ** 40, max: 1000 });
  assert.equal(all.status, 'all-fit');
  assert.equal(all.value, 1000);
  assert.equal(all.next, null);
  // 25,616 − 256·n + 4·n² + 24 B of initializers: within 25,500 B for n = 1 and again up to 63; above from 64.
  const u = fitAnalysis(analyzeFile(FALLING), { dim: 'n', budgetBytes: 25500, max: 100 });
  assert.equal(u.status, 'fits');
  assert.equal(u.value, 63);
  assert.equal(u.peakBytes, 25616 - 256 * 63 + 4 * 63 * 63 + 24);
  assert.equal(u.monotone, false);
  assert.match(u.note, /not monotone: it falls from .* at n=1 to .* at n=2/);
  // A size that cannot be known makes the fit unknown, not a guess.
  const unknown = fitAnalysis(analyzeFile(FALLING), { dim: 'n', budgetBytes: 2 ** 40, min: 90, max: 200 });
  assert.equal(unknown.status, 'unknown');
  assert.equal(unknown.value, null);
  assert.match(unknown.note, /Cannot fit: at n=\d+ the modeled peak is unavailable \(.*is not a size/);
});
