import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseByteSize } from '../../src/report/formatBytes';
import { findKnees, formatPolynomial, interpolatePeak, sweepValues, type SweepPoint } from '../../src/report/sweep';

test('parseByteSize() reads bytes, binary and decimal units, and refuses what is not a whole byte count', () => {
  assert.equal(parseByteSize('2147483648'), 2 ** 31);
  assert.equal(parseByteSize('2GiB'), 2 * 1024 ** 3);
  assert.equal(parseByteSize('512 MiB'), 512 * 1024 ** 2);
  assert.equal(parseByteSize('1.5KiB'), 1536);
  assert.equal(parseByteSize('1.5GB'), 1.5e9);
  assert.equal(parseByteSize('64kb'), 64000);
  for (const bad of ['', '1.3', '2 lots', '-1', '1e9', '0x10', '1.1B', '9999999999 TiB']) assert.equal(parseByteSize(bad), null, bad);
});

test('sweepValues(): evenly or geometrically spaced whole values, or every step, ascending without repeats', () => {
  assert.deepEqual(sweepValues(0, 100, { points: 5 }), [0, 25, 50, 75, 100]);
  assert.deepEqual(sweepValues(1, 64, { points: 7, log: true }), [1, 2, 4, 8, 16, 32, 64]);
  assert.deepEqual(sweepValues(1, 3, { points: 10 }), [1, 2, 3]);
  assert.deepEqual(sweepValues(128, 300, { step: 64 }), [128, 192, 256, 300]);
  assert.deepEqual(sweepValues(5, 5, { points: 4 }), [5]);
  assert.throws(() => sweepValues(9, 2, {}), RangeError);
});

function point(value: number, peakStep: number | null, top: string | null, peakBytes: number | null = 100): SweepPoint {
  return {
    value, peakBytes, peakStep, peakReason: peakBytes === null ? 'unknown' : null, peakNode: null, liveBytesAtPeak: peakBytes,
    workspaceBytesAtPeak: 0, workspaceState: 'zero', workspaceReason: null, initializerBytes: 0, totalBytes: peakBytes,
    topContributor: top === null ? null : { name: top, bytes: 1 },
  };
}

test('findKnees(): each neighbour pair whose peak step or top contributor differ; exact only for neighbouring integers', () => {
  const knees = findKnees([point(1, 2, 'a'), point(2, 2, 'a'), point(3, 3, 'a'), point(8, 3, 'b'), point(9, null, null, null)]);
  assert.deepEqual(knees.map((k) => [k.fromValue, k.toValue, k.peakStepChanged, k.topContributorChanged, k.exact]), [
    [2, 3, true, false, [2, 3]],
    [3, 8, false, true, null],
    [8, 9, true, true, [8, 9]],
  ]);
});

test('formatPolynomial() and interpolatePeak(): a planned value is the plan, a value between is marked interpolated, outside none', () => {
  assert.equal(formatPolynomial([256, 8192, 4096], 'sequence'), '4096*sequence^2 + 8192*sequence + 256');
  assert.equal(formatPolynomial([0, -1, 1], 'n'), 'n^2 - n');
  assert.equal(formatPolynomial([0], 'n'), '0');
  const points = [point(2, 1, 'a', 4), point(4, 1, 'a', 16)];
  const segments = [{ fromValue: 2, toValue: 4, peakStep: 1, coefficients: [0, 0, 1], polynomial: 'x^2', reason: null }];
  assert.equal(interpolatePeak({ points, segments }, 2), points[0]);
  assert.deepEqual(interpolatePeak({ points, segments }, 3), { value: 3, peakBytes: 9, peakStep: 1, interpolated: true });
  assert.equal(interpolatePeak({ points, segments }, 5), null);
});
