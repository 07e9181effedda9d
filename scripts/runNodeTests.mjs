// Runs node:test files (TypeScript through tsx) found under the given folders, in one process per file.
// Usage: node scripts/runNodeTests.mjs test/onnx test/plan ...
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function collect(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}
const files = process.argv.slice(2).flatMap((d) => (d.endsWith('.test.ts') ? [d] : collect(d, [])));
if (files.length === 0) {
  console.error('runNodeTests: no test files found in', process.argv.slice(2).join(' '));
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
