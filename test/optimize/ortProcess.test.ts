import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ortInChildProcess } from '../../src/optimize/ortProcess';
import type { OrtRuntime } from '../../src/optimize/ortRuntime';

/** The built child script (dist/ortChild.js), built when missing. */
function childScript(): string {
  const root = join(__dirname, '../..');
  const script = join(root, 'dist', 'ortChild.js');
  if (!existsSync(script)) execFileSync(process.execPath, ['scripts/build.mjs', '--no-check'], { cwd: root, stdio: 'inherit' });
  return script;
}

/** A folder standing in for onnxruntime-node: `create` runs `body` (JS, with `path` and `options` in scope). */
function fakeOrt(dir: string, body: string): OrtRuntime {
  const from = join(dir, 'fake-ort');
  mkdirSync(from, { recursive: true });
  writeFileSync(join(from, 'index.js'), `exports.InferenceSession = { create: async (path, options) => { ${body} } }; exports.env = {};`);
  return { ok: true, version: '1.30.0', from, ort: null as never };
}

test('ortInChildProcess() creates the session in a child process that writes where the options say, and ends', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-ortproc-'));
  try {
    const base = fakeOrt(dir, `require('node:fs').writeFileSync(options.optimizedModelFilePath, 'saved ' + path + ' ' + process.pid); return { release: async () => {} };`);
    const children: ChildProcess[] = [];
    const rt = ortInChildProcess(base, (c) => children.push(c), childScript());
    assert.ok(rt.ok);
    assert.equal(rt.version, '1.30.0');
    const out = join(dir, 'optimized.onnx');
    const handle = await rt.ort.InferenceSession.create('/models/m.onnx', { optimizedModelFilePath: out });
    await handle.release();
    assert.equal(children.length, 1);
    const [, model, pid] = readFileSync(out, 'utf8').split(' ');
    assert.equal(model, '/models/m.onnx');
    assert.equal(Number(pid), children[0]!.pid, 'written by the child, not by this process');
    assert.notEqual(Number(pid), process.pid);
    assert.notEqual(children[0]!.exitCode, null, 'the child has ended');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('ortInChildProcess() rejects with ORT\'s own message when the session cannot be created', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-ortproc-'));
  try {
    const rt = ortInChildProcess(fakeOrt(dir, `throw new Error('Load model from ' + path + ' failed: bad graph');`), () => {}, childScript());
    assert.ok(rt.ok);
    await assert.rejects(rt.ort.InferenceSession.create('/models/bad.onnx', {}), { message: 'Load model from /models/bad.onnx failed: bad graph' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('ortInChildProcess() rejects, saying how, when its child is killed before it answers', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-ortproc-'));
  try {
    const rt = ortInChildProcess(fakeOrt(dir, `await new Promise(() => setInterval(() => {}, 1000));`), (c) => c.kill('SIGKILL'), childScript());
    assert.ok(rt.ok);
    await assert.rejects(rt.ort.InferenceSession.create('/models/m.onnx', {}), { message: "ONNX Runtime's process ended without an answer (signal SIGKILL)" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('ortInChildProcess() passes a runtime that is not there through unchanged', () => {
  const missing: OrtRuntime = { ok: false, reason: 'onnxruntime-node is not installed for test' };
  assert.equal(ortInChildProcess(missing, () => {}), missing);
});
