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

/**
 * One traced event: a self-owned allocation of `sizeBytes` (before alignment), or the free of an
 * earlier one. `id` is opaque (a value's index or a name), equal for an allocation and its free.
 */
export type PatternEvent = { kind: 'alloc'; id: number | string; sizeBytes: number } | { kind: 'free'; id: number | string };

/** Rounds a byte count up to ORT's 256-byte allocation alignment. */
export function alignBytes(sizeBytes: number): number {
  return Math.ceil(sizeBytes / ALLOC_ALIGNMENT_BYTES) * ALLOC_ALIGNMENT_BYTES;
}

interface Gap {
  offset: number;
  size: number;
}

/** Index of the first element of `xs` not less than `key` under `less`. */
function lowerBound<T>(xs: T[], key: T, less: (a: T, b: T) => boolean): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (less(xs[mid]!, key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const byOffset = (a: { offset: number }, b: { offset: number }): boolean => a.offset < b.offset;
// Best fit = least waste, then the lowest offset: ORT scans by offset and keeps strictly smaller waste.
const bySizeThenOffset = (a: Gap, b: Gap): boolean => a.size < b.size || (a.size === b.size && a.offset < b.offset);

/**
 * The pattern block size ORT's best-fit planner would reserve for these events, in bytes.
 * Same placements as ORT's linear scan, found with two sorted arrays (blocks by offset, inner gaps
 * by size) so that thousands of never-freed blocks do not make it quadratic.
 */
export function bestFitPeakBytes(events: readonly PatternEvent[]): number {
  const trace = new PatternTrace();
  for (const e of events) {
    if (e.kind === 'free') trace.free(e.id);
    else trace.alloc(e.id, e.sizeBytes);
  }
  return bestFitPeakOfTrace(trace);
}

/**
 * A run's allocation events as two flat lists (an id and a size per event, -1 for a free) instead
 * of one object per event: the traces of a 200k-step graph held 400k event objects through the
 * whole replay.
 */
export class PatternTrace {
  readonly ids: (number | string)[] = [];
  readonly sizes: number[] = [];

  alloc(id: number | string, sizeBytes: number): void {
    this.ids.push(id);
    this.sizes.push(sizeBytes);
  }

  free(id: number | string): void {
    this.ids.push(id);
    this.sizes.push(-1);
  }
}

/** bestFitPeakBytes of the events in `trace`. */
export function bestFitPeakOfTrace(trace: PatternTrace): number {
  const blocks: Gap[] = [];
  const gaps: Gap[] = [];
  const live = new Map<number | string, Gap>();
  let bufferSize = 0;
  const addGap = (offset: number, size: number): void => {
    if (size <= 0) return;
    const g = { offset, size };
    gaps.splice(lowerBound(gaps, g, bySizeThenOffset), 0, g);
  };
  const removeGap = (offset: number, size: number): void => {
    if (size <= 0) return;
    const i = lowerBound(gaps, { offset, size }, bySizeThenOffset);
    if (gaps[i]?.offset === offset && gaps[i]?.size === size) gaps.splice(i, 1);
  };
  const endOf = (i: number): number => (i < 0 ? 0 : blocks[i]!.offset + blocks[i]!.size);
  const { ids, sizes } = trace;
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k]!;
    if (sizes[k]! < 0) {
      const b = live.get(id);
      if (!b) continue;
      live.delete(id);
      const i = lowerBound(blocks, b, byOffset);
      const prevEnd = endOf(i - 1);
      const next = blocks[i + 1];
      removeGap(prevEnd, b.offset - prevEnd);
      if (next) {
        removeGap(b.offset + b.size, next.offset - (b.offset + b.size));
        addGap(prevEnd, next.offset - prevEnd);
      }
      blocks.splice(i, 1);
      continue;
    }
    const size = alignBytes(sizes[k]!);
    if (size === 0) continue;
    const lastEnd = endOf(blocks.length - 1);
    const gi = lowerBound(gaps, { offset: -1, size }, bySizeThenOffset);
    const gap = gaps[gi];
    let offset = lastEnd;
    const tail = bufferSize - lastEnd;
    if (gap && !(tail >= size && tail - size < gap.size - size)) {
      offset = gap.offset;
      gaps.splice(gi, 1);
      addGap(gap.offset + size, gap.size - size);
    }
    const block = { offset, size };
    blocks.splice(lowerBound(blocks, block, byOffset), 0, block);
    live.set(id, block);
    bufferSize = Math.max(bufferSize, offset + size);
  }
  return bufferSize;
}
