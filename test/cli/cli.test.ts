import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildModel, DataType, int64Tensor, node, tensor, tensorValue } from '../support/onnxBuilder';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
if (!existsSync(CLI)) execFileSync(process.execPath, ['scripts/build.mjs', '--no-check'], { cwd: ROOT, stdio: 'inherit' });

const dir = mkdtempSync(join(tmpdir(), 'oml-cli-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const MODEL = join(dir, 'small.onnx');
writeFileSync(
  MODEL,
  buildModel({
    nodes: [
      node('MatMul', ['X', 'W'], ['a'], { name: 'matmul' }),
      node('Relu', ['a'], ['b'], { name: 'relu' }),
      node('Reshape', ['b', 'shape'], ['c'], { name: 'reshape' }),
      node('Sigmoid', ['c'], ['Y'], { name: 'sigmoid' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, ['batch', 4, 8])],
    outputs: [tensorValue('Y', DataType.FLOAT, ['batch', 32])],
    initializers: [tensor('W', DataType.FLOAT, [8, 8]), int64Tensor('shape', [0, 32])],
  }),
);

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('cli report prints a readable summary with the peak and its top contributor', () => {
  const r = run('report', MODEL, '--bind', 'batch=2');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^model: .*small\.onnx/m);
  assert.match(r.out, /^opsets: ai\.onnx:17$/m);
  assert.match(r.out, /peak: 512 B after step 3 \(sigmoid, Sigmoid\)/);
  assert.match(r.out, /^\s+256 B\s+a float32\[2,4,8\] Allocate$/m);
  assert.match(r.out, /arena rounding and retained pools/);
});

test('cli report without bindings says which symbols are unbound and why the peak is unavailable', () => {
  const r = run('report', MODEL);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^unbound symbols: batch /m);
  assert.match(r.out, /peak: unavailable \(step 0: size of 'a' unknown: depends on unbound dim 'batch'\)/);
});

test('cli report --json prints the Report contract', () => {
  const r = run('report', MODEL, '--json', '--bind', 'batch=1', '--view', 'parallel');
  assert.equal(r.code, 0, r.err);
  const report = JSON.parse(r.out);
  assert.equal(report.schemaVersion, 1);
  assert.equal(report.view, 'parallel');
  assert.deepEqual(report.bindings, { batch: 1 });
  assert.deepEqual(report.symbols, ['batch']);
  assert.deepEqual(report.model.opsets, { '': 17 });
  const main = report.graphs[0];
  assert.equal(main.id, 'main');
  assert.deepEqual(main.steps.map((s: { node: string }) => s.node), ['matmul', 'relu', 'reshape', 'sigmoid']);
  const c = main.values.find((v: { name: string }) => v.name === 'c');
  assert.equal(c.allocKind, 'Allocate', 'no alias in the parallel view');
  assert.equal(report.physicalPeak.bytes, null);
});

const BAD: [string, string, (file: string) => void][] = [
  ['a missing file', join(dir, 'missing.onnx'), () => {}],
  ['bytes that are not ONNX', join(dir, 'garbage.onnx'), (f) => writeFileSync(f, Buffer.from('this is not a model at all, just text'))],
  ['a truncated model', join(dir, 'truncated.onnx'), (f) => writeFileSync(f, buildModel({ nodes: [node('Relu', ['X'], ['Y'])], inputs: [tensorValue('X', 1, [2])], outputs: [tensorValue('Y', 1, [2])] }).subarray(0, 20))],
  ['a graph with a cycle', join(dir, 'cycle.onnx'), (f) => writeFileSync(f, buildModel({ nodes: [node('Add', ['X', 'b'], ['a'], { name: 'n_a' }), node('Relu', ['a'], ['b'], { name: 'n_b' }), node('Neg', ['a'], ['Y'])], inputs: [tensorValue('X', 1, [2])], outputs: [tensorValue('Y', 1, [2])] }))],
];

for (const [what, file, make] of BAD) {
  test(`cli report on ${what} exits 2 with exactly one 'error: <file>: <message>' line and no stack`, () => {
    make(file);
    const r = run('report', file);
    assert.equal(r.code, 2);
    assert.equal(r.out, '');
    const lines = r.err.trimEnd().split('\n');
    assert.equal(lines.length, 1, r.err);
    assert.ok(lines[0]!.startsWith(`error: ${file}: `), lines[0]);
    assert.doesNotMatch(r.err, /\bat .*\.js:\d+/);
  });
}

test('cli report --budget exits 3 when peak plus initializer bytes exceed it, 0 otherwise', () => {
  // Peak 512 B + initializers 256 + 16 B = 784 B.
  assert.equal(run('report', MODEL, '--bind', 'batch=2', '--budget', '783').code, 3);
  assert.equal(run('report', MODEL, '--bind', 'batch=2', '--budget', '784').code, 0);
});

test('cli rejects an unknown option with exit 2', () => {
  const r = run('report', MODEL, '--frobnicate');
  assert.equal(r.code, 2);
  assert.equal(r.err, "error: Unknown option '--frobnicate' (see --help)\n");
});

test('cli report --html writes a standalone page next to the summary (needs dist/webview.js)', { skip: existsSync(join(ROOT, 'dist/webview.js')) ? false : 'dist/webview.js not built' }, () => {
  const out = join(dir, 'report.html');
  const r = run('report', MODEL, '--bind', 'batch=1', '--html', out);
  assert.equal(r.code, 0, r.err);
  assert.ok(existsSync(out));
  const html = readFileSync(out, 'utf8');
  assert.match(html, /^<!DOCTYPE html>/i);
  assert.match(html, /Content-Security-Policy/);
});
