import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readStringTable, StringTableReader, StringTableWriter } from '../../src/report/stringTable';
import { LensError } from '../../src/onnx/lensError';

test('StringTableReader reads each string as readStringTable does, cuts it only when asked, and finds strings in the text', () => {
  const w = new StringTableWriter();
  const words = ['', 'a', 'ab', 'ç', 'b', 'ab\u{1F600}', 'a'];
  const refs = words.map((s) => w.ref(s));
  const table = w.finish();
  const all = readStringTable(table);
  const r = new StringTableReader(table);
  assert.equal(r.length, all.length);
  for (let i = 0; i < all.length; i++) assert.equal(r.at(i), all[i]);
  assert.deepEqual(refs.map((k) => r.at(k)), words);
  assert.equal(r.at(-1), undefined);
  assert.equal(r.at(all.length), undefined);
  for (const s of ['', 'a', 'ab', 'ç', 'b', 'ab\u{1F600}']) assert.equal(r.indexOf(s), all.indexOf(s), s);
  assert.equal(r.indexOf('abc'), -1);
  assert.equal(r.indexOf('\u{1F600}'), -1, 'a string inside another is not an entry');
});

test('StringTableReader refuses offsets out of order up front, with readStringTable\'s error', () => {
  const bad = { text: 'abc', ends: Uint32Array.from([2, 1]) };
  assert.throws(() => readStringTable(bad), (e: unknown) => e instanceof LensError && e.message === 'String table entry 1 ends at 1, outside 2..3');
  assert.throws(() => new StringTableReader(bad), (e: unknown) => e instanceof LensError && e.message === 'String table entry 1 ends at 1, outside 2..3');
  assert.throws(() => new StringTableReader({ text: 'ab', ends: Uint32Array.from([3]) }), /outside 0..2/);
});
