import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WireReader } from '../../src/onnx/wireReader';
import { FileSource, MemorySource, WINDOW_BYTES } from '../../src/onnx/byteSource';
import { OnnxFormatError } from '../../src/onnx/lensError';

const reader = (bytes: number[]): WireReader => new WireReader(new MemorySource(Uint8Array.from(bytes)));

const VARINTS: { bytes: number[]; value: number }[] = [
  { bytes: [0x00], value: 0 },
  { bytes: [0x01], value: 1 },
  { bytes: [0x7f], value: 127 },
  { bytes: [0x80, 0x01], value: 128 },
  { bytes: [0xac, 0x02], value: 300 },
  { bytes: [0xff, 0xff, 0xff, 0xff, 0x0f], value: 2 ** 32 - 1 },
  { bytes: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f], value: 2 ** 53 - 1 },
  { bytes: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01], value: 2 ** 64 - 1 },
];

for (const { bytes, value } of VARINTS) {
  test(`readVarint() decodes [${bytes.map((b) => b.toString(16)).join(' ')}] as ${value}`, () => {
    const r = reader(bytes);
    assert.equal(r.readVarint(), value);
    assert.equal(r.pos, bytes.length);
  });
}

const FAILURES: { name: string; bytes: number[]; run: (r: WireReader) => unknown; code: string; message: string }[] = [
  { name: 'a varint longer than 10 bytes', bytes: Array(11).fill(0x80), run: (r) => r.readVarint(), code: 'not-onnx', message: 'Varint longer than 10 bytes at byte 0' },
  { name: 'a varint cut by the end of data', bytes: [0x80, 0x80], run: (r) => r.readVarint(), code: 'truncated', message: 'Truncated varint at byte 0' },
  { name: 'field number 0', bytes: [0x02], run: (r) => r.readTag(), code: 'not-onnx', message: 'Invalid field number 0 at byte 0' },
  { name: 'wire type 3 (start group)', bytes: [0x0b], run: (r) => r.readTag(), code: 'not-onnx', message: 'Unsupported wire type 3 for field 1 at byte 0' },
  { name: 'wire type 4 (end group)', bytes: [0x0c], run: (r) => r.readTag(), code: 'not-onnx', message: 'Unsupported wire type 4 for field 1 at byte 0' },
  { name: 'wire type 6', bytes: [0x0e], run: (r) => r.readTag(), code: 'not-onnx', message: 'Unsupported wire type 6 for field 1 at byte 0' },
  { name: 'wire type 7', bytes: [0x0f], run: (r) => r.readTag(), code: 'not-onnx', message: 'Unsupported wire type 7 for field 1 at byte 0' },
  { name: 'a length past the end of data', bytes: [0x05, 1, 2], run: (r) => r.readLength(), code: 'truncated', message: 'Truncated data at byte 0: field needs 5 bytes but only 2 remain' },
  { name: 'a fixed64 past the end of data', bytes: [1, 2, 3], run: (r) => r.skipValue(1), code: 'truncated', message: 'Truncated data at byte 0: field needs 8 bytes but only 3 remain' },
  { name: 'a fixed32 past the end of data', bytes: [1], run: (r) => r.skipValue(5), code: 'truncated', message: 'Truncated data at byte 0: field needs 4 bytes but only 1 remain' },
];

for (const f of FAILURES) {
  test(`WireReader refuses ${f.name}`, () => {
    assert.throws(() => f.run(reader(f.bytes)), (err: unknown) => {
      assert.ok(err instanceof OnnxFormatError);
      assert.equal(err.code, f.code);
      assert.equal(err.message, f.message);
      return true;
    });
  });
}

test('readLength() inside a sub-message refuses a length past the message end as not-onnx', () => {
  const r = new WireReader(new MemorySource(Uint8Array.from([0x04, 1, 2, 3, 4, 5])), 0, 3);
  assert.throws(() => r.readLength(), { code: 'not-onnx', message: 'Field at byte 0 needs 4 bytes but its enclosing message ends at byte 3' });
});

test('readTag() splits a key into field number and wire type', () => {
  const r = reader([0x3a, 0xa2, 0x06, 0x01]);
  assert.deepEqual(r.readTag(), { fieldNumber: 7, wireType: 2, startOffset: 0 });
  assert.deepEqual(r.readTag(), { fieldNumber: 100, wireType: 2, startOffset: 1 });
});

test('skipValue() skips each wire type by its size', () => {
  const r = reader([0x96, 0x01, 1, 2, 3, 4, 5, 6, 7, 8, 0x02, 9, 9, 1, 2, 3, 4]);
  r.skipValue(0);
  assert.equal(r.pos, 2);
  r.skipValue(1);
  assert.equal(r.pos, 10);
  r.skipValue(2);
  assert.equal(r.pos, 13);
  r.skipValue(5);
  assert.equal(r.pos, 17);
  assert.ok(r.isAtEnd);
});

test('FileSource reads bytes at positions and skipping a field reads nothing from disk', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-wire-'));
  try {
    const file = path.join(dir, 'data.bin');
    const payload = 4 * WINDOW_BYTES;
    const head = Uint8Array.from([0x0a, 0x80, 0x80, 0x10]); // field 1, length 4 * 64 KiB
    const bytes = new Uint8Array(head.length + payload + 1);
    bytes.set(head);
    bytes[bytes.length - 1] = 0x2a;
    fs.writeFileSync(file, bytes);
    const source = FileSource.open(file);
    try {
      const r = new WireReader(source);
      assert.deepEqual(r.readTag(), { fieldNumber: 1, wireType: 2, startOffset: 0 });
      r.skipValue(2);
      assert.equal(source.byteAt(r.pos), 0x2a);
      assert.ok(source.bytesRead <= 2 * WINDOW_BYTES, `read ${source.bytesRead} bytes`);
      assert.deepEqual(Array.from(source.read(0, 4)), Array.from(head));
    } finally {
      source.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('FileSource.open() refuses a missing file with code io', () => {
  assert.throws(() => FileSource.open(path.join(os.tmpdir(), 'lens-no-such-file.onnx')), { code: 'io', message: 'Cannot open the model file (ENOENT)' });
});
