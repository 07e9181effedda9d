import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describeSkip, disallowedSkips, isCorpusSkip } from '../../scripts/skipPolicy.mjs';

const ROOT = resolve(__dirname, '../..');
const nothingExists = (): boolean => false;
const everythingExists = (): boolean => true;

test('isCorpusSkip() accepts the messages the corpus tests use when the corpus folder is absent', () => {
  for (const reason of [
    'corpus folder ../shared/corpus is absent',
    'corpus not found at /work/shared/corpus (tests expect it beside the checkout)',
    'corpus not found at /work/shared/corpus/ort-probes',
    'corpus folder not found at /work/shared/corpus',
    'corpus folder /x/shared/corpus is missing',
  ]) assert.equal(isCorpusSkip(reason, ROOT, nothingExists), true, reason);
});

test('isCorpusSkip() refuses skips that do not name a missing corpus folder', () => {
  for (const reason of [
    'onnxruntime-node is not installed',
    'code-server is not set up: run bash scripts/setupCodeServer.sh',
    'Chromium is not installed at /usr/bin/chromium (apt-get install chromium)',
    'ORT cannot run it (session)',
    'the corpus is absent', // names no folder
    'uses ../shared/corpus', // names the folder but does not say it is missing
    '',
  ]) assert.equal(isCorpusSkip(reason, ROOT, nothingExists), false, reason);
  assert.equal(isCorpusSkip(undefined, ROOT, nothingExists), false);
});

test('isCorpusSkip() refuses a corpus skip when the folder it names is there', () => {
  assert.equal(isCorpusSkip('corpus folder ../shared/corpus is absent', ROOT, everythingExists), false);
  const seen: string[] = [];
  isCorpusSkip('corpus folder ../shared/corpus. is absent', '/repo', (p) => (seen.push(String(p)), false));
  assert.deepEqual(seen, ['/shared/corpus']);
});

test('disallowedSkips() keeps every skip but the corpus ones, and describeSkip() names file, test and reason', () => {
  const skips = [
    { file: 'test/a.test.ts', name: 'a', reason: 'corpus folder ../shared/corpus is absent' },
    { file: 'test/b.test.ts', name: 'b', reason: 'onnxruntime-node is not installed' },
    { file: null, name: 'c', reason: '' },
  ];
  assert.deepEqual(disallowedSkips(skips, ROOT, nothingExists).map((s) => s.name), ['b', 'c']);
  assert.equal(describeSkip(skips[1]!), 'test/b.test.ts › b: onnxruntime-node is not installed');
  assert.equal(describeSkip(skips[2]!), 'c: (no reason given: every skip must say why)');
});

/** Runs scripts/runNodeTests.mjs on one test file with the given source, with or without CI=true. */
function runOne(source: string, ci: boolean): { status: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lens-skip-policy-'));
  try {
    const file = join(dir, 'fixture.test.ts');
    writeFileSync(file, source);
    const env = { ...process.env };
    // The child is a test run of its own, not a file of this one.
    delete env.NODE_TEST_CONTEXT;
    delete env.CI;
    if (ci) env.CI = 'true';
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/runNodeTests.mjs'), file], { cwd: ROOT, env, encoding: 'utf8' });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const OTHER_SKIP = "import { test } from 'node:test';\ntest('runs', () => {});\ntest('needs a tool', { skip: 'tool X is not installed' }, () => {});\n";
const CORPUS_SKIP = "import { test } from 'node:test';\ntest('runs', () => {});\ntest('reads the corpus', { skip: 'corpus folder /nonexistent-lens-test/shared/corpus is absent' }, () => {});\n";
const SUITE_SKIP = "import { describe, it } from 'node:test';\ndescribe('a suite', { skip: 'code-server is not set up' }, () => { it('x', () => {}); });\n";

test('runNodeTests.mjs lists skips, and under CI=true fails on any skip except a missing corpus folder', () => {
  const plain = runOne(OTHER_SKIP, false);
  assert.equal(plain.status, 0, plain.out);
  assert.match(plain.out, /runNodeTests: skipped .*fixture\.test\.ts › needs a tool: tool X is not installed/);

  const ci = runOne(OTHER_SKIP, true);
  assert.equal(ci.status, 1, ci.out);
  assert.match(ci.out, /CI=true and this skip does not name a missing corpus folder: .*needs a tool: tool X is not installed/);

  const suite = runOne(SUITE_SKIP, true);
  assert.equal(suite.status, 1, suite.out);
  assert.match(suite.out, /a suite: code-server is not set up/);

  const corpus = runOne(CORPUS_SKIP, true);
  assert.equal(corpus.status, 0, corpus.out);
  assert.match(corpus.out, /runNodeTests: skipped .*reads the corpus: corpus folder \/nonexistent-lens-test\/shared\/corpus is absent/);
});
