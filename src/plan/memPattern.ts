/**
 * ORT's memory-pattern planner (MemPatternPlanner::TraceAllocation, ort-planner.md §4): a best-fit
 * placement over the traced allocations and frees of one run. Blocks are kept sorted by offset:
 *
 *   offset 0 ─[ A ]──gap──[ B ]──gap──[ C ]── current ─── tail gap ─── bufferSize
 *
 * A new block takes the gap with strictly the least waste (the earliest of equals), or the tail gap,
 * or goes at the end of the highest block. Sizes are rounded up to 256 B (kAllocAlignment).
 */

/** ORT's kAllocAlignment in bytes. */
export const ALLOC_ALIGNMENT_BYTES = 256;

/** One traced event: a self-owned allocation of `sizeBytes` (before alignment), or the free of an earlier one. */
export type PatternEvent = { kind: 'alloc'; id: string; sizeBytes: number } | { kind: 'free'; id: string };

/** Rounds a byte count up to ORT's 256-byte allocation alignment. */
export function alignBytes(sizeBytes: number): number {
  return Math.ceil(sizeBytes / ALLOC_ALIGNMENT_BYTES) * ALLOC_ALIGNMENT_BYTES;
}

/** The pattern block size ORT's best-fit planner would reserve for these events, in bytes. */
export function bestFitPeakBytes(events: readonly PatternEvent[]): number {
  // Live blocks sorted by offset; each is [offset, size, id].
  const blocks: { offset: number; size: number; id: string }[] = [];
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
    let bestOffset = blocks.length > 0 ? blocks[blocks.length - 1]!.offset + blocks[blocks.length - 1]!.size : 0;
    for (const b of blocks) {
      if (b.offset >= current) {
        const gap = b.offset - current;
        if (gap >= size && gap - size < waste) {
          waste = gap - size;
          bestOffset = current;
        }
      }
      current = Math.max(current, b.offset + b.size);
    }
    if (current < bufferSize) {
      const gap = bufferSize - current;
      if (gap >= size && gap - size < waste) bestOffset = current;
    }
    bufferSize = Math.max(bufferSize, bestOffset + size);
    let at = 0;
    while (at < blocks.length && blocks[at]!.offset < bestOffset) at++;
    blocks.splice(at, 0, { offset: bestOffset, size, id: e.id });
  }
  return bufferSize;
}
