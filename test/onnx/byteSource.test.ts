import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FileSource, MAX_READ_BYTES, MemorySource, WINDOW_BYTES } from '../../src/onnx/byteSource';

function withFile(bytes: Uint8Array, fn: (file: string, dir: string) => void): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-src-'));
  try {
    const file = path.join(dir, 'data.bin');
    fs.writeFileSync(file, bytes);
    fn(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const pattern = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);

test('MemorySource.read() copies while view() shares the bytes', () => {
  const bytes = pattern(16);
  const source = new MemorySource(bytes);
  const copy = source.read(2, 4);
  const view = source.view(2, 4);
  bytes[2] = 0;
  assert.equal(copy[0], 17);
  assert.equal(view[0], 0);
  assert.equal(source.bytesRead, 16);
});

test('a source refuses a single read above MAX_READ_BYTES with code bad-model', () => {
  assert.throws(() => new MemorySource(new Uint8Array(8)).read(0, MAX_READ_BYTES + 1), { code: 'bad-model', message: `Field of ${MAX_READ_BYTES + 1} bytes at byte 0 exceeds the ${MAX_READ_BYTES}-byte read limit` });
});

test('FileSource returns the same bytes as the file for small, window-crossing and large reads', () => {
  const bytes = pattern(3 * WINDOW_BYTES + 123);
  withFile(bytes, (file) => {
    const source = FileSource.open(file);
    try {
      assert.equal(source.size, bytes.length);
      for (const [offset, length] of [[0, 10], [WINDOW_BYTES - 5, 10], [100, 2 * WINDOW_BYTES], [bytes.length - 7, 7]] as const) {
        assert.deepEqual(source.read(offset, length), bytes.slice(offset, offset + length), `read(${offset}, ${length})`);
        assert.deepEqual(Array.from(source.view(offset, length)), Array.from(bytes.slice(offset, offset + length)), `view(${offset}, ${length})`);
      }
      assert.equal(source.byteAt(bytes.length - 1), bytes[bytes.length - 1]);
    } finally {
      source.close();
    }
  });
});

test('FileSource reads a few KiB after a jump, not a whole window', () => {
  withFile(pattern(8 * WINDOW_BYTES), (file) => {
    const source = FileSource.open(file);
    try {
      source.byteAt(5 * WINDOW_BYTES);
      assert.ok(source.bytesRead < WINDOW_BYTES / 4, `read ${source.bytesRead} bytes`);
    } finally {
      source.close();
    }
  });
});

test('FileSource.open() refuses a folder with code io', () => {
  withFile(new Uint8Array(1), (_file, dir) => {
    assert.throws(() => FileSource.open(dir), { code: 'io', message: 'The model path is not a regular file' });
  });
});
