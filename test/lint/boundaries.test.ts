/**
 * The boundaries eslint.config.mjs enforces: each rule is checked on a snippet that breaks it (and
 * one that keeps it), linted as if it were a file at that place in the tree.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids ESLint reports for `code` placed at `file` (relative to the repository). */
async function ruleHits(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  assert.ok(result, 'eslint linted the text');
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const CASES: Array<[string, string, string, boolean]> = [
  ['src/plan/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;\n", 'the core importing vscode', true],
  ['src/shape/probe.ts', "import 'vscode';\n", 'shape importing vscode', true],
  ['src/report/probe.ts', "import type { Uri } from 'vscode';\nexport type U = Uri;\n", 'report importing a vscode type', true],
  ['src/plan/probe.ts', "import type { Report } from '../report/report';\nexport type R = Report;\n", 'plan importing a report type', true],
  ['src/plan/probe.ts', "import { renderText } from '../report/renderText';\nexport const r = renderText;\n", 'plan importing report code', true],
  ['src/report/probe.ts', "import { buildReport } from '../analyze/buildReport';\nexport const b = buildReport;\n", 'report importing the pipeline', true],
  ['src/analyze/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;\n", 'the pipeline importing vscode', true],
  ['src/optimize/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;\n", 'the ORT optimizer glue importing vscode', true],
  ['src/plan/probe.ts', "import type { PlanView } from './planTypes';\nexport type V = PlanView;\n", 'plan importing its own types', false],
  ['src/ops/probe.ts', "import 'vscode';\n", 'the op registry importing vscode', true],
  ['src/ops/probe.ts', "import { lookupKernel } from '../plan/kernelTable';\nexport const l = lookupKernel;\n", 'the op registry importing the planner', true],
  ['src/shape/probe.ts', "import { findOp } from '../ops/registry';\nexport const f = findOp;\n", 'shape inference importing the op registry', true],
  ['src/onnx/probe.ts', "import type { SymDim } from '../shape/types';\nexport type S = SymDim;\n", 'the decoder importing shape types', true],
  ['src/plan/probe.ts', "import { findOp } from '../ops/registry';\nexport const f = findOp;\n", 'the planner importing the op registry', false],
  ['src/ops/probe.ts', "import type { ShapeRule } from '../shape/ruleContext';\nexport type R = ShapeRule;\n", 'the op registry importing shape rule types', false],
  ['webview/probe.ts', "import { buildReport } from '../src/analyze/buildReport';\nexport const b = buildReport;\n", 'the webview importing the pipeline', true],
  ['webview/probe.ts', "import { loadModel } from '../src/onnx/loadModel';\nexport const l = loadModel;\n", 'the webview importing the decoder', true],
  ['webview/probe.ts', "import type { Report } from '../src/report/report';\nexport type R = Report;\n", 'the webview importing a report type', false],
  ['webview/probe.ts', "import { decodeReportColumns } from '../src/report/columnarReport';\nexport const d = decodeReportColumns;\n", 'the webview importing the shared codec', false],
  ['webview/probe.ts', "import { select } from 'd3-selection';\nexport const s = select;\n", 'the webview importing a d3 module', false],
  ['webview/probe.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n", 'the webview importing node:fs', true],
  ['webview/probe.ts', "import protobuf from 'protobufjs';\nexport const p = protobuf;\n", 'the webview importing protobufjs', true],
  ['src/report/protocol.ts', "export type ToWebview = { type: 'x'; data: any };\n", 'any in the protocol', true],
  ['src/vscode/extension.ts', "async function f(): Promise<void> {}\nexport function g(): void { f(); }\n", 'a floating promise in the host', true],
  ['src/vscode/extension.ts', "async function f(): Promise<void> {}\nexport function g(): void { void f(); }\n", 'a voided promise in the host', false],
];

for (const [file, code, what, isRefused] of CASES) {
  test(`eslint ${isRefused ? 'refuses' : 'allows'} ${what} (${file})`, async () => {
    const hits = await ruleHits(file, code);
    assert.ok(!hits.some((h) => h.startsWith('fatal')), `linted without a parse error: ${hits.join(', ')}`);
    if (isRefused) assert.ok(hits.length > 0, 'an error is reported');
    else assert.deepEqual(hits, []);
  });
}

test('the tree itself lints clean (what npm run lint checks)', async () => {
  const results = await eslint.lintFiles(['src', 'webview']);
  const errors = results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.ruleId}: ${m.message}`));
  assert.ok(results.length > 100, `${results.length} files linted`);
  assert.deepEqual(errors, []);
});
