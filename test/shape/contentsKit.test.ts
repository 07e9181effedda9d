import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stridedContents, transposedContents } from '../../src/shape/rules/ruleKit';

test('stridedContents selects row-major along every axis, with negative steps walking backwards', () => {
  // [[0,1,2],[3,4,5]]: rows reversed, every other column from 0.
  assert.deepEqual(stridedContents([0, 1, 2, 3, 4, 5], [2, 3], [{ begin: 1, len: 2, step: -1 }, { begin: 0, len: 2, step: 2 }]), [3, 5, 0, 2]);
  assert.deepEqual(stridedContents([0, 1, 2, 3], [4], [{ begin: 3, len: 4, step: -1 }]), [3, 2, 1, 0]);
  assert.deepEqual(stridedContents([0, 1, 2, 3], [2, 2], [{ begin: 0, len: 0, step: 1 }, { begin: 0, len: 2, step: 1 }]), []);
  assert.equal(stridedContents([0, 1, 2], [2, 2], [{ begin: 0, len: 2, step: 1 }, { begin: 0, len: 2, step: 1 }]), null, 'contents that do not fill the shape');
});

test('transposedContents permutes axes of row-major contents', () => {
  assert.deepEqual(transposedContents([0, 1, 2, 3, 4, 5], [2, 3], [1, 0]), [0, 3, 1, 4, 2, 5]);
  // [2,2,2] with perm [2,0,1]: out[i][j][k] = in[j][k][i].
  const x = [0, 1, 2, 3, 4, 5, 6, 7];
  assert.deepEqual(transposedContents(x, [2, 2, 2], [2, 0, 1]), [0, 2, 4, 6, 1, 3, 5, 7]);
  assert.deepEqual(transposedContents(x, [2, 2, 2], [0, 1, 2]), x);
});
