import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sameSize, sameStaticShape, type SizedValue } from '../../src/plan/sameSize';

const t = (dtype: number, staticShape: (number | string | null)[] | null, kind: SizedValue['kind'] = 'tensor'): SizedValue => ({ kind, dtype, staticShape });

const CASES: [string, SizedValue, SizedValue, boolean][] = [
  ['equal dim_values', t(1, [2, 4, 8]), t(1, [2, 4, 8]), true],
  ['same dim_param', t(1, ['N', 8]), t(1, ['N', 8]), true],
  ['different dim_params', t(1, ['N', 8]), t(1, ['M', 8]), false],
  ['an unknown dim on either side', t(1, [null, 8]), t(1, [null, 8]), false],
  ['an empty dim_param', t(1, ['', 8]), t(1, ['', 8]), false],
  ['value against param', t(1, [2, 8]), t(1, ['N', 8]), false],
  ['same bytes, different rank', t(1, [2, 4, 8]), t(1, [2, 32]), false],
  ['float vs int32 (equal element size)', t(1, [4, 8]), t(6, [4, 8]), true],
  ['float vs double', t(1, [4, 8]), t(11, [4, 8]), false],
  ['strings never', t(8, [4]), t(8, [4]), false],
  ['unknown rank', t(1, null), t(1, [4]), false],
  ['two scalars', t(1, []), t(1, []), true],
  ['a sequence', t(1, [4], 'sequence'), t(1, [4]), false],
];

for (const [name, a, b, want] of CASES) {
  test(`sameSize() ${want ? 'accepts' : 'rejects'} ${name}`, () => {
    assert.equal(sameSize(a, b), want);
    assert.equal(sameSize(b, a), want);
  });
}

test('sameStaticShape() compares rank first', () => {
  assert.equal(sameStaticShape([1], [1, 1]), false);
});
