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

/** ORT's TraceAllocation as a direct linear scan, to check the indexed version against. */
function referenceBestFit(events: readonly PatternEvent[]): number {
  const blocks: { offset: number; size: number; id: number | string }[] = [];
  let bufferSize = 0;
  for (const e of events) {
    if (e.kind === 'free') {
      const i = blocks.findIndex((b) => b.id === e.id);
      if (i >= 0) blocks.splice(i, 1);
      continue;
    }
    const size = alignBytes(e.sizeBytes);
    if (size === 0) continue;
    let current = 0;
    let waste = Number.POSITIVE_INFINITY;
    let best = blocks.length > 0 ? blocks[blocks.length - 1]!.offset + blocks[blocks.length - 1]!.size : 0;
    for (const b of blocks) {
      if (b.offset >= current) {
        const gap = b.offset - current;
        if (gap >= size && gap - size < waste) {
          waste = gap - size;
          best = current;
        }
      }
      current = Math.max(current, b.offset + b.size);
    }
    if (current < bufferSize && bufferSize - current >= size && bufferSize - current - size < waste) best = current;
    bufferSize = Math.max(bufferSize, best + size);
    let at = 0;
    while (at < blocks.length && blocks[at]!.offset < best) at++;
    blocks.splice(at, 0, { offset: best, size, id: e.id });
  }
  return bufferSize;
}

test('bestFitPeakBytes() places every block where ORT\'s linear scan does (500 seeded random traces)', () => {
  let s = 12345;
  const rand = (n: number): number => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) % n);
  for (let trace = 0; trace < 500; trace++) {
    const events: PatternEvent[] = [];
    const live: string[] = [];
    for (let k = 0; k < 60; k++) {
      if (live.length > 0 && rand(3) === 0) events.push(free(live.splice(rand(live.length), 1)[0]!));
      else {
        const id = `t${trace}_${k}`;
        live.push(id);
        events.push(alloc(id, rand(5) * 256 + rand(2) * 100));
      }
    }
    assert.equal(bestFitPeakBytes(events), referenceBestFit(events), `trace ${trace}`);
  }
});
