import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alignBytes, bestFitPeakBytes, type PatternEvent } from '../../src/plan/memPattern';

const alloc = (id: string, sizeBytes: number): PatternEvent => ({ kind: 'alloc', id, sizeBytes });
const free = (id: string): PatternEvent => ({ kind: 'free', id });

test('alignBytes() rounds up to 256 B and keeps 0', () => {
  assert.deepEqual([0, 1, 256, 257, 1000].map(alignBytes), [0, 256, 256, 512, 1024]);
});

test('bestFitPeakBytes() places a block in the gap with the least waste, not the first that fits', () => {
  // Gaps after frees: [0,512) of 512 B and [768,1024) of 256 B. A 256 B block fits both; best-fit takes
  // the exact 256 B gap, so the later 512 B block still fits at 0 and the peak stays 1280.
  const events = [alloc('a', 512), alloc('b', 256), alloc('c', 256), alloc('d', 256), free('a'), free('c'), alloc('e', 256), alloc('f', 512)];
  assert.equal(bestFitPeakBytes(events), 1280);
});

test('bestFitPeakBytes() grows from the end of the highest block when nothing fits', () => {
  assert.equal(bestFitPeakBytes([alloc('a', 100), alloc('b', 300), free('a'), alloc('c', 600)]), 256 + 512 + 768);
});

test('bestFitPeakBytes() reuses the tail gap left by a freed top block', () => {
  assert.equal(bestFitPeakBytes([alloc('a', 256), alloc('b', 1024), free('b'), alloc('c', 512)]), 1280);
});
