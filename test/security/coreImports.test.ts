import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const CORE_FOLDERS = ['src/onnx', 'src/shape', 'src/plan', 'src/report', 'src/analyze', 'src/optimize'];
/** Any static import, re-export, dynamic import or require of the 'vscode' module. */
const VSCODE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)['"]vscode['"]/;

function tsFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) tsFiles(p, out);
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out;
}

test('the vscode-import pattern catches every import form and ignores look-alikes', () => {
  const hits = ["import * as vscode from 'vscode';", 'import { Uri } from "vscode";', "export { Uri } from 'vscode';", "const v = require('vscode');", "await import('vscode')", "import 'vscode';"];
  const misses = ["import { x } from './vscode';", "import { y } from 'vscode-uri';", "const s = 'vscode';", '// the vscode host'];
  for (const h of hits) assert.match(h, VSCODE_IMPORT, h);
  for (const m of misses) assert.doesNotMatch(m, VSCODE_IMPORT, m);
});

test("core folders src/onnx, src/shape, src/plan and src/report never import 'vscode'", () => {
  const files = CORE_FOLDERS.flatMap((f) => tsFiles(join(ROOT, f)));
  assert.ok(files.length > 0, 'found core source files');
  const offenders = files.filter((f) => VSCODE_IMPORT.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));
  assert.deepEqual(offenders, []);
});
