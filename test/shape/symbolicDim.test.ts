import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addDims, dimSymbols, dimsEqual, divDims, evaluateDim, formatDim, isNonNegativeDim, mulDims, parseDim, singleSymbol, subDims, symbolDim } from '../../src/shape/symbolicDim';

const e = (expr: string) => ({ expr });

test('parseDim() gives canonical expressions: sorted terms, constant last, coefficient 1 omitted', () => {
  const cases: [string, unknown][] = [
    ['batch', e('batch')],
    ['seq+past', e('past+seq')],
    ['2 * batch', e('2*batch')],
    ['seq*batch*2', e('2*batch*seq')],
    ['1+seq', e('seq+1')],
    ['total-past', e('-past+total')],
    ['seq-seq', 0],
    ['42', 42],
    ['"s0 + 1"*2', e('2*"s0 + 1"')],
  ];
  for (const [text, want] of cases) assert.deepEqual(parseDim(text), want, text);
});

test('parseDim() returns null for malformed text', () => {
  for (const text of ['', '+', 'a**b', 'a+', '"open']) assert.equal(parseDim(text), null, text);
});

test('symbolDim() quotes names that are not plain identifiers so they round-trip', () => {
  assert.deepEqual(symbolDim('batch_size'), e('batch_size'));
  assert.deepEqual(symbolDim('NonZero_3.count'), e('NonZero_3.count'));
  const odd = symbolDim('s0 + 1');
  assert.deepEqual(odd, e('"s0 + 1"'));
  assert.equal(singleSymbol(odd), 's0 + 1');
});

test('addDims/subDims/mulDims combine numbers and symbols exactly', () => {
  assert.equal(addDims(2, 3), 5);
  assert.deepEqual(addDims(e('past'), e('sequence')), e('past+sequence'));
  assert.deepEqual(addDims(e('seq'), e('seq')), e('2*seq'));
  assert.equal(subDims(e('past+seq'), e('seq+past')), 0);
  assert.deepEqual(mulDims(2, e('batch')), e('2*batch'));
  assert.deepEqual(mulDims(e('a+1'), e('b')), e('a*b+b'));
  assert.equal(addDims(null, 1), null);
  assert.equal(mulDims(e('x'), null), null);
});

test('divDims() is exact or unknown', () => {
  assert.equal(divDims(7, 2), 3);
  assert.equal(divDims(7, 0), null);
  assert.deepEqual(divDims(e('4*batch'), 2), e('2*batch'));
  assert.equal(divDims(e('3*batch'), 2), null);
  assert.equal(divDims(e('768*batch*seq'), e('batch*seq')), 768);
  assert.equal(divDims(e('2*past+2*seq'), e('past+seq')), 2);
  assert.equal(divDims(e('batch'), e('seq')), null);
});

test('evaluateDim() substitutes bindings and keeps unbound symbols', () => {
  assert.equal(evaluateDim(e('2*batch*seq'), { batch: 2, seq: 8 }), 32);
  assert.deepEqual(evaluateDim(e('past+seq'), { seq: 1 }), e('past+1'));
  assert.equal(evaluateDim(7, { x: 1 }), 7);
  assert.equal(evaluateDim(null, {}), null);
});

test('formatDim(), dimsEqual() and dimSymbols() read expressions canonically', () => {
  assert.equal(formatDim(e('seq+past')), 'past+seq');
  assert.equal(formatDim(5), 5);
  assert.equal(formatDim(null), null);
  assert.ok(dimsEqual(e('a*b'), e('b*a')));
  assert.ok(!dimsEqual(null, null));
  assert.deepEqual(dimSymbols(e('2*batch*seq+past')), ['batch', 'past', 'seq']);
});

test('isNonNegativeDim() holds for sizes and sums of sizes only', () => {
  assert.ok(isNonNegativeDim(e('past+seq')));
  assert.ok(isNonNegativeDim(3));
  assert.ok(!isNonNegativeDim(e('n-1')));
  assert.ok(!isNonNegativeDim(-1));
  assert.ok(!isNonNegativeDim(null));
});
