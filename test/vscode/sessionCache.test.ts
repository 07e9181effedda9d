import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LensError } from '../../src/onnx/lensError';
import { MAX_RUNNING_SESSIONS, SessionCache } from '../../src/vscode/sessionCache';

const FAKE_WORKER = join(__dirname, 'fixtures', 'fakePlanWorker.js');

function withTempDir(fn: (dir: string) => Promise<void> | void): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lens-cache-'));
    try {
      await fn(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

test('SessionCache.acquire() returns the same session for the same file version', withTempDir((dir) => {
  const file = join(dir, 'm.onnx');
  writeFileSync(file, 'x');
  const cache = new SessionCache(FAKE_WORKER);
  assert.equal(cache.acquire(file), cache.acquire(join(dir, '.', 'm.onnx')));
  assert.equal(cache.size, 1);
  cache.dispose();
}));

test('SessionCache.acquire() starts a new session when the file mtime or size changes and drops the old one', withTempDir(async (dir) => {
  const file = join(dir, 'm.onnx');
  writeFileSync(file, 'x');
  const cache = new SessionCache(FAKE_WORKER);
  const first = cache.acquire(file);
  await first.plan({}, 'sequential');
  assert.equal(first.isRunning, true);
  utimesSync(file, new Date(1_000_000), new Date(1_000_000));
  const second = cache.acquire(file);
  assert.notEqual(second, first);
  assert.equal(first.isRunning, false);
  assert.equal(cache.size, 1);
  writeFileSync(file, 'xy');
  assert.notEqual(cache.acquire(file), second);
  cache.dispose();
}));

test('SessionCache.acquire() keeps at most MAX_RUNNING_SESSIONS, evicting the least recently used', withTempDir(async (dir) => {
  const cache = new SessionCache(FAKE_WORKER);
  const files = Array.from({ length: MAX_RUNNING_SESSIONS + 1 }, (_, i) => join(dir, `m${i}.onnx`));
  for (const f of files) writeFileSync(f, 'x');
  const oldest = cache.acquire(files[0]!);
  await oldest.plan({}, 'sequential');
  for (const f of files.slice(1)) cache.acquire(f);
  assert.equal(cache.size, MAX_RUNNING_SESSIONS);
  assert.equal(oldest.isRunning, false);
  assert.notEqual(cache.acquire(files[0]!), oldest);
  cache.dispose();
}));

test('SessionCache.acquire() throws an io LensError naming a missing file', withTempDir((dir) => {
  const cache = new SessionCache(FAKE_WORKER);
  const file = join(dir, 'missing.onnx');
  assert.throws(() => cache.acquire(file), (err: unknown) => err instanceof LensError && err.code === 'io' && err.message === `Cannot read model file ${file}: ENOENT`);
}));
