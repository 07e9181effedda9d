import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultViewState, restoreViewState } from '../../webview/viewState';

test('restoreViewState() round-trips a saved state', () => {
  const s = { ...defaultViewState(), view: 'parallel' as const, domain: [2, 9] as [number, number], sort: 'size' as const, bindings: { batch: 4 }, selected: 'x' };
  assert.deepEqual(restoreViewState(JSON.parse(JSON.stringify(s))), s);
});

test('restoreViewState() falls back to defaults for malformed fields', () => {
  const s = restoreViewState({ view: 'sideways', domain: [5, 1], sort: 3, bindings: { batch: 'x', seq: 8 }, scrollTopPx: -4 });
  assert.equal(s.view, 'sequential');
  assert.equal(s.domain, null);
  assert.equal(s.sort, 'start');
  assert.deepEqual(s.bindings, { seq: 8 });
  assert.equal(s.scrollTopPx, 0);
  assert.deepEqual(restoreViewState(undefined), defaultViewState());
});
