/**
 * A simulation of ONNX Runtime 1.30's BFC arena (best-fit with coalescing), the allocator behind
 * the CPU EP when `enable_cpu_mem_arena` is on (ORT's default). Every rule names the ORT source it
 * reproduces, read from microsoft/onnxruntime: `onnxruntime/core/framework/bfc_arena.{h,cc}` and
 * `allocator_utils.cc` (the defaults), with the `max_power_of_two_extend_bytes` rule as the
 * plugin-EP copy of the arena (`onnxruntime/test/autoep/library/example_plugin_ep/ep_arena.cc`)
 * states it for the same config keys.
 *
 * Only sizes and places are simulated (no memory). Chunks have addresses so that ORT's tie-break
 * between free chunks of equal size (the bin's set is ordered by size, then address) can be
 * reproduced: offsets inside a region are exact; the order of the regions' base addresses is the
 * system allocator's and is modeled as falling with each new region (`regionBase`), as Linux's
 * `mmap` places large blocks top-down. That order only matters when two free chunks of one size sit
 * in different regions.
 */

/** `kMinAllocationSize` (bfc_arena.h): every chunk is a multiple of 256 bytes. */
export const MIN_ALLOCATION_BYTES = 256;
/** `kNumBins` (bfc_arena.h): bin b holds free chunks of [256·2^b, 256·2^(b+1)); the last one everything above. */
export const NUM_BINS = 21;

/** `ArenaExtendStrategy` (arena_extend_strategy.h). */
export type ArenaExtendStrategy = 'next-power-of-two' | 'same-as-requested';

/** The arena's configuration (OrtArenaCfg's keys); `defaultArenaConfig()` gives ORT's defaults. */
export interface ArenaConfig {
  extendStrategy: ArenaExtendStrategy;
  /** First region size under kNextPowerOfTwo (`initial_chunk_size_bytes`, default 1 MiB). */
  initialChunkSizeBytes: number;
  /** A chunk is split when the remainder is at least this (`max_dead_bytes_per_chunk`, default 128 MiB). */
  maxDeadBytesPerChunk: number;
  /** Region size after a Shrink (`initial_growth_chunk_size_bytes`, default 2 MiB). */
  initialGrowthChunkSizeBytes: number;
  /** Cap of the power-of-two growth (`max_power_of_two_extend_bytes`, default 1 GiB). */
  maxPowerOfTwoExtendBytes: number;
  /** `max_mem` (0 in OrtArenaCfg = ORT's default, SIZE_MAX); here a byte count, Infinity by default. */
  memoryLimitBytes: number;
}

/**
 * ORT 1.30's defaults (`allocator_utils.cc` CreateAllocator, `bfc_arena.h` DEFAULT_*): -1 in
 * OrtArenaCfg means these.
 */
export function defaultArenaConfig(): ArenaConfig {
  return {
    extendStrategy: 'next-power-of-two',
    initialChunkSizeBytes: 1 << 20,
    maxDeadBytesPerChunk: 128 << 20,
    initialGrowthChunkSizeBytes: 2 << 20,
    maxPowerOfTwoExtendBytes: 1 << 30,
    memoryLimitBytes: Number.POSITIVE_INFINITY,
  };
}

/** `RoundedBytes` (bfc_arena.cc): up to a multiple of 256. */
export function roundedBytes(bytes: number): number {
  return Math.ceil(bytes / MIN_ALLOCATION_BYTES) * MIN_ALLOCATION_BYTES;
}

/** `BinNumForSize` (bfc_arena.h): floor(log2(max(bytes, 256) / 256)), at most NUM_BINS - 1. */
export function binNumForSize(bytes: number): number {
  const v = Math.floor(Math.max(bytes, MIN_ALLOCATION_BYTES) / MIN_ALLOCATION_BYTES);
  return Math.min(NUM_BINS - 1, Math.floor(Math.log2(v)));
}

/** The arena's statistics as `GetStats` reports them (allocator_stats.h) and ORT's profile prints them. */
export interface ArenaStats {
  /** `bytes_in_use`: sizes of in-use chunks (rounded) plus reserved bytes (`mem_bytes_in_use`). */
  bytesInUse: number;
  /** Requested bytes of in-use chunks plus reserved bytes (`mem_bytes_requested_in_use`). */
  bytesRequestedInUse: number;
  /** `total_allocated_bytes`: all regions plus reserved bytes (`mem_arena_held`). */
  totalAllocatedBytes: number;
  /** `max_bytes_in_use` (`mem_in_use_peak`). */
  maxBytesInUse: number;
  numAllocs: number;
  numReserves: number;
  numArenaExtensions: number;
  numArenaShrinkages: number;
  maxAllocSize: number;
}

/** Thrown when an allocation cannot be satisfied under `memoryLimitBytes` (ORT throws too). */
export class ArenaOutOfMemory extends Error {}

interface Region {
  id: number;
  base: number;
  size: number;
  /** Handle of the chunk at the region's start. */
  first: number;
}

interface Chunk {
  handle: number;
  region: Region;
  /** Absolute address: region base + offset. */
  ptr: number;
  size: number;
  requested: number;
  inUse: boolean;
  prev: number;
  next: number;
  /** Bin the chunk sits in while free; -1 otherwise. */
  bin: number;
}

const NONE = -1;
/** Where the first region's base is placed; later ones go below it (see the file comment). */
const TOP_ADDRESS = 2 ** 52;

/** The simulated arena. `alloc` and `reserve` return an id for `free`. */
export class BfcArena {
  readonly config: ArenaConfig;
  private readonly chunks = new Map<number, Chunk>();
  private nextHandle = 0;
  /** Free chunks per bin, each ordered by (size, ptr): the `FreeChunkSet` comparator of bfc_arena.h. */
  private readonly bins: Chunk[][] = Array.from({ length: NUM_BINS }, () => []);
  private readonly regions: Region[] = [];
  private nextRegionId = 0;
  private nextRegionTop = TOP_ADDRESS;
  /** `curr_region_allocation_bytes_`. */
  private currRegionBytes: number;
  private readonly reserved = new Map<number, number>();
  private readonly stats: ArenaStats = {
    bytesInUse: 0,
    bytesRequestedInUse: 0,
    totalAllocatedBytes: 0,
    maxBytesInUse: 0,
    numAllocs: 0,
    numReserves: 0,
    numArenaExtensions: 0,
    numArenaShrinkages: 0,
    maxAllocSize: 0,
  };

  constructor(config: Partial<ArenaConfig> = {}) {
    this.config = { ...defaultArenaConfig(), ...config };
    // Constructor: curr_region_allocation_bytes_ = RoundedBytes(min(total_memory, initial_chunk_size_bytes)).
    this.currRegionBytes = roundedBytes(Math.min(this.config.memoryLimitBytes, this.config.initialChunkSizeBytes));
  }

  /** A copy of the statistics. */
  getStats(): ArenaStats {
    return { ...this.stats };
  }

  /** The statistics as they are now, without a copy: read them before the next alloc or free (the replay samples every step). */
  peekStats(): Readonly<ArenaStats> {
    return this.stats;
  }

  /** Size of the largest free chunk in the regions (0 when none). */
  largestFreeChunkBytes(): number {
    for (let b = NUM_BINS - 1; b >= 0; b--) {
      const bin = this.bins[b]!;
      if (bin.length > 0) return bin[bin.length - 1]!.size;
    }
    return 0;
  }

  /** Region sizes in creation order (for tests and the report's breakdown). */
  regionSizes(): number[] {
    return this.regions.map((r) => r.size);
  }

  /**
   * `AllocateRawInternal` (bfc_arena.cc): round up to 256, take the best-fitting free chunk
   * (FindChunkPtr), else Extend by a new region and search again. 0 bytes allocate nothing (ORT
   * returns nullptr); the id is then -1 and `free(-1)` does nothing.
   */
  alloc(bytes: number): number {
    if (bytes === 0) return NONE;
    const rounded = roundedBytes(bytes);
    let c = this.findChunk(rounded, bytes);
    if (c) return c.handle;
    this.extend(rounded);
    c = this.findChunk(rounded, bytes);
    if (!c) throw new ArenaOutOfMemory(`no free chunk of ${rounded} bytes after Extend`);
    return c.handle;
  }

  /**
   * `Reserve` (bfc_arena.cc): a block straight from the device allocator, outside the regions and
   * bins, of exactly `bytes` (not rounded); it counts in bytes_in_use and total_allocated_bytes.
   */
  reserve(bytes: number): number {
    if (bytes === 0) return NONE;
    const id = this.nextHandle++;
    this.reserved.set(id, bytes);
    this.stats.bytesInUse += bytes;
    this.stats.bytesRequestedInUse += bytes;
    this.stats.numReserves++;
    this.stats.numAllocs++;
    this.stats.maxAllocSize = Math.max(this.stats.maxAllocSize, bytes);
    this.stats.maxBytesInUse = Math.max(this.stats.maxBytesInUse, this.stats.bytesInUse);
    this.stats.totalAllocatedBytes += bytes;
    return id;
  }

  /** `Free` (bfc_arena.cc): a reserved block goes back to the device; a chunk is freed and coalesced. */
  free(id: number): void {
    if (id === NONE) return;
    const r = this.reserved.get(id);
    if (r !== undefined) {
      this.reserved.delete(id);
      this.stats.bytesInUse -= r;
      this.stats.bytesRequestedInUse -= r;
      this.stats.totalAllocatedBytes -= r;
      return;
    }
    const c = this.chunks.get(id);
    if (!c || !c.inUse) throw new Error(`arena: free of unknown or free chunk ${id}`);
    // FreeAndMaybeCoalesce: mark free, update stats, coalesce, insert into its bin.
    c.inUse = false;
    this.stats.bytesInUse -= c.size;
    this.stats.bytesRequestedInUse -= c.requested;
    c.requested = 0;
    this.insertFree(this.coalesce(c));
  }

  /** Rounded size of an allocated chunk (`AllocatedSize`), or the reserved size. */
  allocatedSize(id: number): number {
    const r = this.reserved.get(id);
    if (r !== undefined) return r;
    const c = this.chunks.get(id);
    if (!c) throw new Error(`arena: unknown chunk ${id}`);
    return c.size;
  }

  /**
   * `Shrink` (bfc_arena.cc): every region without an in-use chunk is returned to the device,
   * except the first region under kNextPowerOfTwo (`consider_first_allocation_region_for_shrinkage_`
   * is set only for kSameAsRequested); then the next region size restarts at
   * `initial_growth_chunk_size_bytes`.
   */
  shrink(): void {
    const considerFirst = this.config.extendStrategy === 'same-as-requested';
    for (const region of [...this.regions]) {
      if (!considerFirst && region.id === 0) continue;
      let allFree = true;
      for (let h = region.first; h !== NONE; h = this.chunks.get(h)!.next) if (this.chunks.get(h)!.inUse) allFree = false;
      if (!allFree) continue;
      this.stats.numArenaShrinkages++;
      this.stats.totalAllocatedBytes -= region.size;
      for (let h = region.first; h !== NONE; ) {
        const c = this.chunks.get(h)!;
        const next = c.next;
        this.removeFree(c);
        this.chunks.delete(h);
        h = next;
      }
      this.regions.splice(this.regions.indexOf(region), 1);
      this.stats.numArenaExtensions--;
    }
    this.currRegionBytes = this.config.initialGrowthChunkSizeBytes;
  }

  /**
   * `FindChunkPtr` (bfc_arena.cc): from the bin of `rounded` upwards, the first free chunk (by size,
   * then address) of at least `rounded` bytes; then `SplitFreeChunkFromBin`: split when the chunk is
   * at least twice the request or the remainder is at least max_dead_bytes_per_chunk.
   */
  private findChunk(rounded: number, requested: number): Chunk | null {
    for (let b = binNumForSize(rounded); b < NUM_BINS; b++) {
      const bin = this.bins[b]!;
      // The set is ordered by size: the first chunk that fits is the smallest that fits.
      const i = lowerBoundSize(bin, rounded);
      if (i >= bin.length) continue;
      const c = bin[i]!;
      this.removeFree(c);
      if (c.size >= rounded * 2 || c.size - rounded >= this.config.maxDeadBytesPerChunk) this.split(c, rounded);
      c.inUse = true;
      c.requested = requested;
      this.stats.numAllocs++;
      this.stats.bytesInUse += c.size;
      this.stats.bytesRequestedInUse += requested;
      this.stats.maxBytesInUse = Math.max(this.stats.maxBytesInUse, this.stats.bytesInUse);
      this.stats.maxAllocSize = Math.max(this.stats.maxAllocSize, c.size);
      return c;
    }
    return null;
  }

  /** `SplitChunk` (bfc_arena.cc): c keeps `bytes`, the rest becomes a free chunk right after it. */
  private split(c: Chunk, bytes: number): void {
    const rest: Chunk = { handle: this.nextHandle++, region: c.region, ptr: c.ptr + bytes, size: c.size - bytes, requested: 0, inUse: false, prev: c.handle, next: c.next, bin: NONE };
    this.chunks.set(rest.handle, rest);
    if (c.next !== NONE) this.chunks.get(c.next)!.prev = rest.handle;
    c.next = rest.handle;
    c.size = bytes;
    this.insertFree(rest);
  }

  /** `Coalesce` (bfc_arena.cc): merge with the next chunk if free, then into the previous one if free. */
  private coalesce(c: Chunk): Chunk {
    let out = c;
    if (c.next !== NONE) {
      const n = this.chunks.get(c.next)!;
      if (!n.inUse) {
        this.removeFree(n);
        this.merge(c, n);
      }
    }
    if (c.prev !== NONE) {
      const p = this.chunks.get(c.prev)!;
      if (!p.inUse) {
        this.removeFree(p);
        this.merge(p, c);
        out = p;
      }
    }
    return out;
  }

  /** `Merge` (bfc_arena.cc): c2 (right after c1) is folded into c1. */
  private merge(c1: Chunk, c2: Chunk): void {
    c1.next = c2.next;
    if (c2.next !== NONE) this.chunks.get(c2.next)!.prev = c1.handle;
    c1.size += c2.size;
    this.chunks.delete(c2.handle);
  }

  /**
   * `Extend` (bfc_arena.cc): a new region of at least `rounded` bytes. kNextPowerOfTwo doubles
   * curr_region_allocation_bytes_ until it covers the request and allocates that much; when no
   * doubling was needed, the next region doubles (while twice the current size stays below
   * max_power_of_two_extend_bytes, else it becomes that cap). kSameAsRequested allocates exactly
   * the request. Fails when the request exceeds what `max_mem` leaves (rounded down to 256).
   */
  private extend(rounded: number): void {
    const available = this.config.memoryLimitBytes === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : Math.floor((this.config.memoryLimitBytes - this.stats.totalAllocatedBytes) / MIN_ALLOCATION_BYTES) * MIN_ALLOCATION_BYTES;
    if (rounded > available) throw new ArenaOutOfMemory(`available memory of ${available} bytes is smaller than the requested ${rounded} bytes`);
    let bytes: number;
    if (this.config.extendStrategy === 'next-power-of-two') {
      let increased = false;
      while (rounded > this.currRegionBytes) {
        this.currRegionBytes *= 2;
        increased = true;
      }
      bytes = Math.min(this.currRegionBytes, available);
      if (!increased) {
        if (this.currRegionBytes * 2 < this.config.maxPowerOfTwoExtendBytes) this.currRegionBytes *= 2;
        else this.currRegionBytes = this.config.maxPowerOfTwoExtendBytes;
      }
    } else {
      bytes = rounded;
    }
    this.stats.totalAllocatedBytes += bytes;
    this.stats.numArenaExtensions++;
    this.nextRegionTop -= bytes + MIN_ALLOCATION_BYTES;
    const region: Region = { id: this.nextRegionId++, base: this.nextRegionTop, size: bytes, first: this.nextHandle };
    const c: Chunk = { handle: this.nextHandle++, region, ptr: region.base, size: bytes, requested: 0, inUse: false, prev: NONE, next: NONE, bin: NONE };
    this.chunks.set(c.handle, c);
    this.regions.push(region);
    this.insertFree(c);
  }

  /** `InsertFreeChunkIntoBin`. */
  private insertFree(c: Chunk): void {
    const b = binNumForSize(c.size);
    const bin = this.bins[b]!;
    c.bin = b;
    bin.splice(lowerBoundChunk(bin, c), 0, c);
  }

  /** `RemoveFreeChunkFromBin`. */
  private removeFree(c: Chunk): void {
    if (c.bin === NONE) return;
    const bin = this.bins[c.bin]!;
    const i = lowerBoundChunk(bin, c);
    if (bin[i] !== c) throw new Error('arena: free chunk missing from its bin');
    bin.splice(i, 1);
    c.bin = NONE;
  }
}

function lowerBoundSize(bin: Chunk[], size: number): number {
  let lo = 0;
  let hi = bin.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bin[mid]!.size < size) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lowerBoundChunk(bin: Chunk[], c: Chunk): number {
  let lo = 0;
  let hi = bin.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = bin[mid]!;
    if (m.size < c.size || (m.size === c.size && m.ptr < c.ptr)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
