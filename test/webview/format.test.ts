import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatBytes, formatBytesExact, formatMaybeBytes, formatShape, niceBytesCeil } from '../../webview/format';

const sizes: Array<[number, string]> = [[0, '0 B'], [1023, '1023 B'], [1024, '1.00 KiB'], [1536, '1.50 KiB'], [10 * 1024 * 1024, '10.0 MiB'], [300 * 1024 ** 3, '300 GiB']];
for (const [bytes, text] of sizes) test(`formatBytes(${bytes}) is '${text}'`, () => assert.equal(formatBytes(bytes), text));

test('formatBytesExact() adds the exact count above 1 KiB', () => {
  assert.equal(formatBytesExact(512), '512 B');
  assert.equal(formatBytesExact(2048), '2.00 KiB (2,048 B)');
});

test('formatMaybeBytes() shows unavailable sizes with their reason, never as zero', () => {
  assert.equal(formatMaybeBytes(null, 'Unbound dim n'), 'unavailable (Unbound dim n)');
  assert.equal(formatMaybeBytes(0, null), '0 B');
});

test('formatShape() prints symbolic, unknown and unknown-rank shapes', () => {
  assert.equal(formatShape(['batch', 3, null]), '[batch, 3, ?]');
  assert.equal(formatShape(null), 'unknown rank');
});

const niceCases: Array<[number, number]> = [[35, 40], [281 * 1024, 300 * 1024], [50176, 50 * 1024], [1000, 1000], [0, 4]];
for (const [bytes, expected] of niceCases) {
  test(`niceBytesCeil(${bytes}, 4) is ${expected}`, () => assert.equal(niceBytesCeil(bytes, 4), expected));
}
