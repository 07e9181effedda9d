import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendAt } from '../../src/plan/appendAt';

test('appendAt() makes a list on its first item and appends in order after it, leaving other slots empty', () => {
  const lists: (number[] | undefined)[] = new Array(4);
  appendAt(lists, 2, 7);
  assert.deepEqual(lists[2], [7]);
  appendAt(lists, 2, 9);
  appendAt(lists, 0, 1);
  assert.deepEqual(lists[2], [7, 9]);
  assert.deepEqual(lists[0], [1]);
  assert.equal(lists[1], undefined);
  assert.equal(lists[3], undefined);
  assert.notEqual(lists[0], lists[2]);
});
