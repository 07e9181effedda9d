/**
 * The answer commands as a user runs them (dist/cli.js in a process): sweep, fit and diff, their
 * JSON (the fields the issue names), CSV, exit codes and one-line errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attentionScoresModel, attentionScoresPeak } from '../support/sampleModels';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
if (!existsSync(CLI)) execFileSync(process.execPath, ['scripts/build.mjs', '--no-check'], { cwd: ROOT, stdio: 'inherit' });

const dir = mkdtempSync(join(tmpdir(), 'oml-answers-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const MODEL = join(dir, 'attention.onnx');
writeFileSync(MODEL, attentionScoresModel());

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('sweep --json: dim and points with value, peakBytes and peakStep; knees and polynomial segments', () => {
  const r = run('sweep', MODEL, '--dim', 'sequence', '--from', '16', '--to', '48', '--step', '8', '--bind', 'batch=2', '--json', '--optimization', 'disabled');
  assert.equal(r.code, 0, r.err);
  const j = JSON.parse(r.out);
  assert.equal(j.dim, 'sequence');
  assert.deepEqual(j.bindings, { batch: 2 });
  assert.deepEqual(j.points.map((p: { value: number }) => p.value), [16, 24, 32, 40, 48]);
  for (const p of j.points) {
    assert.equal(p.peakBytes, attentionScoresPeak(2, p.value).bytes);
    assert.equal(p.peakStep, attentionScoresPeak(2, p.value).step);
    assert.equal(p.initializerBytes, 1024);
  }
  assert.equal(j.session.executor, 'sequential');
  assert.deepEqual(j.knees.filter((k: { peakStepChanged: boolean }) => k.peakStepChanged).map((k: { fromValue: number; toValue: number }) => [k.fromValue, k.toValue]), [[32, 40]]);
  assert.deepEqual(j.segments.map((s: { polynomial: string }) => s.polynomial), ['8*sequence^2 + 256*sequence', '16*sequence^2']);
});

test('sweep: the table names the session, the knees and the polynomials (marked as interpolation between the points)', () => {
  const r = run('sweep', MODEL, '--dim', 'sequence', '--from', '1', '--to', '64', '--points', '7', '--log', '--bind', 'batch=1', '--optimization', 'disabled');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^sweep of sequence from 1 to 64 \(7 points\) with batch=1$/m);
  assert.match(r.out, /^session: ONNX Runtime 1\.30 · CPU EP · graph optimizations disabled · sequential executor/m);
  assert.match(r.out, /^64 +32\.0 KiB +3 relu /m);
  // Planned at 32 and 64; bisection finds where the change happens.
  assert.match(r.out, /^  between sequence=32 and 33: peak step 2 -> 3$/m);
  assert.match(r.out, /^  between sequence=16 and 17: top contributor q -> S$/m);
  assert.match(r.out, /^  sequence 1\.\.32, step 2: peak = 4\*sequence\^2 \+ 128\*sequence bytes \(derived from the symbolic shapes, equal to the plan at every point here; between the points it is interpolated, assuming the peak stays at step 2\)$/m);
  assert.match(r.out, /^  sequence=64, step 3: peak = 8\*sequence\^2 bytes \(derived from the symbolic shapes, equal to the plan at this point\)$/m);
});

test('sweep --csv: one row per point; an unavailable size is an empty cell with its reason', () => {
  const r = run('sweep', MODEL, '--dim', 'sequence', '--from', '2', '--to', '4', '--csv');
  assert.equal(r.code, 0, r.err);
  const [header, ...rows] = r.out.trim().split('\n');
  assert.equal(header, 'sequence,peak_bytes,peak_step,peak_node,live_bytes_at_peak,workspace_bytes_at_peak,workspace_state,initializer_bytes,total_bytes,top_contributor,top_contributor_bytes,unavailable_reason');
  assert.equal(rows.length, 3);
  // batch is unbound: nothing is known, and each row says why.
  for (const row of rows) assert.match(row!, /^\d,,,,,,,1024,,,,"?step 0: size of 'q' unknown: depends on unbound dim 'batch'"?$/);
});

test('sweep: usage errors and a dim the model lacks are one line each, exit 2', () => {
  const both = run('sweep', MODEL, '--dim', 'sequence', '--from', '1', '--to', '4', '--points', '3', '--step', '1');
  assert.equal(both.code, 2);
  assert.equal(both.err, 'error: Give --points or --step, not both (see --help)\n');
  const missing = run('sweep', MODEL, '--dim', 'sequence', '--to', '4');
  assert.equal(missing.err, 'error: sweep needs --from A (see --help)\n');
  const wrong = run('sweep', MODEL, '--dim', 'seq', '--from', '1', '--to', '4');
  assert.equal(wrong.code, 2);
  assert.equal(wrong.err, `error: ${MODEL}: 'seq' is not a symbolic dim of this model (its symbolic dims: batch, sequence)\n`);
  assert.equal(run('sweep', MODEL, '--dim', 'sequence', '--from', '1', '--to', '4', '--budget', '1').err, "error: Option '--budget' does not apply to sweep (see --help)\n");
});

test('fit: the largest value within the budget, exit 0; 3 when not even the smallest fits; --json has the issue\'s fields', () => {
  const r = run('fit', MODEL, '--dim', 'batch', '--budget', '1MiB', '--bind', 'sequence=128');
  assert.equal(r.code, 0, r.err);
  const total = (b: number): number => attentionScoresPeak(b, 128).bytes + 1024;
  let want = 1;
  while (total(want + 1) <= 1024 * 1024) want++;
  assert.match(r.out, new RegExp(`^batch = ${want}: `, 'm'));
  assert.match(r.out, new RegExp(`^batch = ${want + 1}: .*over the budget$`, 'm'));
  assert.match(r.out, /non-decreasing at all \d+ values planned/);
  const j = JSON.parse(run('fit', MODEL, '--dim', 'batch', '--budget', '1MiB', '--bind', 'sequence=128', '--json').out);
  assert.equal(j.dim, 'batch');
  assert.equal(j.budgetBytes, 1024 * 1024);
  assert.equal(j.value, want);
  assert.equal(j.peakBytes, total(want));
  assert.deepEqual(j.next, { value: want + 1, peakBytes: total(want + 1), modeledPeakBytes: total(want + 1) - 1024 });
  assert.equal(j.monotone, true);
  const none = run('fit', MODEL, '--dim', 'batch', '--budget', '2KiB', '--bind', 'sequence=128');
  assert.equal(none.code, 3);
  assert.match(none.err, /^budget: Even batch=1 does not fit: its modeled peak plus initializers is /);
  const bad = run('fit', MODEL, '--dim', 'batch', '--budget', '2 lots');
  assert.equal(bad.code, 2);
  assert.equal(bad.err, "error: Invalid budget '2 lots': expected a byte count such as 2147483648, 2GiB or 512MiB (see --help)\n");
});

test('diff: two models, Δ peak and initializers in the text; --json lists the buffers with aBytes and bBytes', () => {
  const other = join(dir, 'other.onnx');
  writeFileSync(other, attentionScoresModel());
  const r = run('diff', MODEL, other, '--bind', 'batch=1', '--bind', 'sequence=8', '--optimization', 'disabled');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^peak: +A .* at step 2 +B .* at step 2 +delta ±0 B$/m);
  assert.match(r.out, /the same ops in the same order: curves align by step/);
  const a = JSON.parse(run('diff', MODEL, other, '--json', '--bind', 'batch=1', '--bind', 'sequence=8', '--optimization', 'disabled').out);
  assert.equal(a.peakDeltaBytes, 0);
  assert.equal(a.a.peakBytes, attentionScoresPeak(1, 8).bytes);
  assert.deepEqual(a.buffers, []);
  assert.equal(run('diff', MODEL).err, 'error: diff needs two models: A.onnx B.onnx (see --help)\n');
  const missing = run('diff', MODEL, join(dir, 'nope.onnx'));
  assert.equal(missing.code, 2);
  assert.match(missing.err, /^error: .*nope\.onnx: /);
  assert.deepEqual(readdirSync(dir).sort(), ['attention.onnx', 'other.onnx'], 'nothing written next to the models');
});

test('diff: one model under two bindings (--bind-b) or two views (--view-b)', () => {
  const r = run('diff', MODEL, MODEL, '--bind', 'batch=1', '--bind', 'sequence=40', '--bind-b', 'batch=3', '--json');
  assert.equal(r.code, 0, r.err);
  const j = JSON.parse(r.out);
  assert.deepEqual([j.a.bindings, j.b.bindings], [{ batch: 1, sequence: 40 }, { batch: 3, sequence: 40 }]);
  assert.equal(j.peakDeltaBytes, attentionScoresPeak(3, 40).bytes - attentionScoresPeak(1, 40).bytes);
  assert.equal(j.alignment, 'step');
  assert.deepEqual(j.buffers.find((b: { name: string }) => b.name === 'S'), { name: 'S', kind: 'run', aBytes: 4 * 40 * 40, bBytes: 3 * 4 * 40 * 40, deltaBytes: 2 * 4 * 40 * 40, change: 'grew' });
  const views = run('diff', MODEL, MODEL, '--bind', 'batch=1', '--bind', 'sequence=40', '--view-b', 'parallel');
  assert.equal(views.code, 0, views.err);
  assert.match(views.out, /^session A: .*sequential executor/m);
  assert.match(views.out, /^session B: .*parallel executor/m);
  assert.equal(run('diff', MODEL, MODEL, '--view-b', 'both').err, "error: Invalid view 'both': expected sequential or parallel (see --help)\n");
});

test('sweep at the default level plans ORT\'s graph at all, as report does: the same peak at each point and the level in the session', () => {
  const r = run('sweep', MODEL, '--dim', 'sequence', '--from', '16', '--to', '32', '--step', '16', '--bind', 'batch=2', '--json');
  assert.equal(r.code, 0, r.err);
  const j = JSON.parse(r.out);
  for (const p of j.points) {
    const rep = run('report', MODEL, '--json', '--bind', 'batch=2', '--bind', `sequence=${p.value}`);
    assert.equal(rep.code, 0, rep.err);
    const report = JSON.parse(rep.out);
    assert.equal(j.session.graphOptimizationLevel, report.session.graphOptimizationLevel);
    assert.equal(p.peakBytes, report.graphs[0].peak.bytes, `sequence=${p.value}`);
  }
  // Without ORT both fall back to disabled and say so; with it (as in CI) both are at all.
  if (r.err === '') assert.equal(j.session.graphOptimizationLevel, 'all');
  else assert.match(r.err, /^note: .*modeled at graph optimization level disabled instead of all/m);
});
