// Runs node:test files (TypeScript through tsx) found under the given folders, in one process per
// file, then lists every skipped test with its reason. Under CI=true a skip fails the run unless it
// names a missing corpus folder (scripts/skipPolicy.mjs): a suite that could not run must not pass.
// Usage: node scripts/runNodeTests.mjs test/onnx test/plan ... [--test-name-pattern PATTERN]
import { readdirSync, statSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describeSkip, disallowedSkips } from './skipPolicy.mjs';

function collect(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}
// Node's own test options pass through (`--test-name-pattern P` or `--test-name-pattern=P`); the rest are files or folders.
const args = process.argv.slice(2);
const passThrough = [];
const targets = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--test-name-pattern' && i + 1 < args.length) passThrough.push(args[i], args[++i]);
  else if (args[i].startsWith('--')) passThrough.push(args[i]);
  else targets.push(args[i]);
}
const files = targets.flatMap((d) => (d.endsWith('.test.ts') ? [d] : collect(d, [])));
if (files.length === 0) {
  console.error('runNodeTests: no test files found in', targets.join(' '));
  process.exit(1);
}
const tmp = mkdtempSync(join(tmpdir(), 'lens-skips-'));
const skipsFile = join(tmp, 'skips.jsonl');
const reporter = pathToFileURL(join(import.meta.dirname, 'skipReporter.mjs')).href;
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', `--test-reporter=${reporter}`, `--test-reporter-destination=${skipsFile}`, ...passThrough, ...files],
  { stdio: 'inherit' },
);
const skips = existsSync(skipsFile)
  ? readFileSync(skipsFile, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l)).map((s) => ({ ...s, file: s.file ? relative(process.cwd(), s.file) : null }))
  : [];
rmSync(tmp, { recursive: true, force: true });
const bad = disallowedSkips(skips);
for (const s of skips) console.log(`runNodeTests: skipped ${describeSkip(s)}`);
let status = r.status ?? 1;
if (process.env.CI === 'true' && bad.length > 0) {
  for (const s of bad) console.error(`runNodeTests: CI=true and this skip does not name a missing corpus folder: ${describeSkip(s)}`);
  console.error(`runNodeTests: ${bad.length} skip(s) fail the run under CI=true`);
  if (status === 0) status = 1;
}
process.exit(status);
