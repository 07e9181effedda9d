import { test } from 'node:test';
import assert from 'node:assert/strict';
import { distinctShortLabels, shortenMiddle } from '../../../webview/timeline/shortLabels';

test('shortenMiddle keeps the start and the (larger) end, within the limit', () => {
  assert.equal(shortenMiddle('short', 10), 'short');
  const s = shortenMiddle('InsertedPrecisionFreeCast_in_0', 24);
  assert.equal(s.length, 24);
  assert.match(s, /^InsertedP….*_in_0$/);
});

test('distinctShortLabels keeps where colliding names differ, and every label within the limit', () => {
  const names = Array.from({ length: 12 }, (_, k) => `/model/layers.${k}/self_attn/q_proj/MatMul_output_0`);
  const out = distinctShortLabels([...names, 'x'], 28);
  assert.equal(new Set(out).size, 13);
  for (const s of out) assert.ok(s.length <= 28, s);
  assert.equal(out[12], 'x');
  assert.deepEqual(out.slice(0, 12).map((s) => s.split('…')[1]), names.map((_, k) => String(k)));
});
