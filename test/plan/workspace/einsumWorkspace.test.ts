import { test } from 'node:test';
import assert from 'node:assert/strict';
import { einsumPlan } from '../../../src/ops/workspace/einsumWorkspace';

const plan = (equation: string, shapes: number[][], elemBytes = 4) => einsumPlan(equation, shapes, elemBytes);
const total = (equation: string, shapes: number[][], elemBytes = 4) => {
  const p = plan(equation, shapes, elemBytes);
  return 'reason' in p ? p.reason : p.totalBytes;
};

test('einsumPlan(): one operand (ORT 1.30 node statistics in ortScratch.test.ts)', () => {
  assert.equal(total('ij->ij', [[8, 16]]), 0, 'same order: a plain copy into Y');
  assert.equal(total('ij->ji', [[8, 16]]), 512, 'a transposed copy of Y');
  assert.equal(total('ij->i', [[8, 16]]), 32, 'the reduced tensor');
  assert.equal(total('ij->', [[8, 16]]), 4);
  assert.equal(total('ii->i', [[8, 8]]), 32, 'a diagonal of the inner dims');
  assert.equal(total('iib->bi', [[8, 8, 3]]), 1056, 'a diagonal off the inner dims: transpose (768), diagonal (96), transpose back (96), then Y in b,i order (96)');
  assert.equal(total('ij->i', [[8, 16]], 8), 64, 'scales with the element size');
});

test('einsumPlan(): two operands, broadcasting and ellipsis', () => {
  assert.equal(total('bij,bjk->bik', [[2, 8, 16], [2, 16, 4]]), 768);
  assert.equal(total('bhid,bhjd->bhij', [[2, 4, 8, 16], [2, 4, 8, 16]]), 10240, 'the right side into label order (4 KiB) and into MatMul order (4 KiB), then the product');
  assert.equal(total('i,j->ij', [[8], [16]]), 576);
  assert.equal(total('bij,bjk->bik', [[1, 8, 16], [2, 16, 4]]), 1536, 'a broadcast batch dim (1 on the left) is a right-only dim');
  assert.equal(total('...ij,jk->...ik', [[3, 8, 16], [16, 4]]), 640);
  assert.equal(total('ij,jk', [[8, 16], [16, 4]]), 384, 'implicit output');
});

test('einsumPlan(): three and more operands, pairwise left to right', () => {
  assert.equal(total('ij,jk,kl->il', [[8, 16], [16, 4], [4, 5]]), 752);
  assert.equal(total('ij,kl,jl->ik', [[3, 4], [5, 6], [4, 6]]), 3156);
  // Pair 1: jk transposed to [j, k, l, i] (256 B), the product [i, k] (128 B), the copy freed as the pair returns.
  // Pair 2: the held product and kl both transposed (128 B, 80 B), the product [i, l] (160 B), Y (already in
  // order: no copy); the pair's sides freed, then the first product, then the result at the end.
  const p = plan('ij,jk,kl->il', [[8, 16], [16, 4], [4, 5]]);
  assert.ok(!('reason' in p));
  assert.deepEqual(
    p.events.map((e) => (e.kind === 'alloc' ? e.bytes : e.kind === 'free' ? `free ${e.buffer}` : 'Y')),
    [256, 128, 'free 0', 128, 80, 160, 'Y', 'free 3', 'free 2', 'free 1', 'free 4'],
  );
});

test('einsumPlan(): forms ORT rejects or whose order is not confirmed have a reason', () => {
  assert.match(total('...ij,...jk->...ik', [[2, 3, 8, 16], [3, 16, 4]]) as string, /different numbers of dims/);
  assert.match(total('Ij,jk', [[8, 16], [16, 4]]) as string, /upper-case label seen once/);
  assert.equal(total('iJ,Jk', [[8, 16], [16, 4]]), 384, 'an upper-case label summed away is fine');
  assert.match(total('ij,jk->ik', [[8, 16]]) as string, /2 operand terms for 1 inputs/);
  assert.match(total('ij,jk->ik', [[8, 16], [15, 4]]) as string, /do not broadcast/);
});
