import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ArenaOutOfMemory, BfcArena, binNumForSize, defaultArenaConfig, NUM_BINS, roundedBytes } from '../../src/arena/bfcArena';

const MiB = 1 << 20;

test('RoundedBytes: requests round up to a multiple of 256', () => {
  assert.deepEqual([1, 255, 256, 257, 400, 1000].map(roundedBytes), [256, 256, 256, 512, 512, 1024]);
});

test('BinNumForSize: bin b covers [256·2^b, 256·2^(b+1)), the last bin everything above', () => {
  assert.equal(binNumForSize(1), 0);
  assert.equal(binNumForSize(511), 0);
  assert.equal(binNumForSize(512), 1);
  assert.equal(binNumForSize(1023), 1);
  assert.equal(binNumForSize(1024), 2);
  assert.equal(binNumForSize(256 * 2 ** 20), NUM_BINS - 1);
  assert.equal(binNumForSize(2 ** 40), NUM_BINS - 1);
});

test('the defaults are ORT 1.30\'s: kNextPowerOfTwo, 1 MiB first region, 128 MiB dead bytes, 2 MiB after shrink, 1 GiB power-of-two cap', () => {
  assert.deepEqual(defaultArenaConfig(), {
    extendStrategy: 'next-power-of-two',
    initialChunkSizeBytes: MiB,
    maxDeadBytesPerChunk: 128 * MiB,
    initialGrowthChunkSizeBytes: 2 * MiB,
    maxPowerOfTwoExtendBytes: 1024 * MiB,
    memoryLimitBytes: Number.POSITIVE_INFINITY,
  });
});

test('the first allocation extends by the initial chunk; in use is the rounded size, requested the asked size', () => {
  const a = new BfcArena();
  assert.equal(a.getStats().totalAllocatedBytes, 0, 'regions are made lazily');
  a.alloc(400);
  const s = a.getStats();
  assert.equal(s.totalAllocatedBytes, MiB);
  assert.equal(s.bytesInUse, 512);
  assert.equal(s.bytesRequestedInUse, 400);
  assert.equal(s.numArenaExtensions, 1);
});

test('kNextPowerOfTwo: a request that fits the current size takes it and doubles the next; a larger one doubles until it fits and does not double again', () => {
  const a = new BfcArena();
  a.alloc(MiB); // region 1 MiB, next 2 MiB
  a.alloc(MiB); // region 2 MiB (no doubling needed), next 4 MiB
  a.alloc(MiB); // fits the 1 MiB left in region 2
  a.alloc(9 * MiB); // 4 → 8 → 16 MiB, next stays 16 MiB
  a.alloc(16 * MiB); // 16 MiB region (fits), next 32 MiB
  assert.deepEqual(a.regionSizes().map((b) => b / MiB), [1, 2, 16, 16]);
  a.alloc(17 * MiB);
  assert.deepEqual(a.regionSizes().map((b) => b / MiB), [1, 2, 16, 16, 32]);
});

test('max_power_of_two_extend_bytes caps the doubling', () => {
  const a = new BfcArena({ maxPowerOfTwoExtendBytes: 4 * MiB });
  a.alloc(MiB); // 1 MiB, next 2
  a.alloc(2 * MiB); // 2 MiB, 2*2 = 4 is not below the cap: next = cap (4)
  a.alloc(4 * MiB); // 4 MiB, 8 >= 4: next = 4
  a.alloc(4 * MiB);
  assert.deepEqual(a.regionSizes().map((b) => b / MiB), [1, 2, 4, 4]);
});

test('kSameAsRequested: each region is exactly the rounded request', () => {
  const a = new BfcArena({ extendStrategy: 'same-as-requested' });
  a.alloc(400);
  a.alloc(3000);
  assert.deepEqual(a.regionSizes(), [512, 3072]);
  assert.equal(a.getStats().totalAllocatedBytes, 3584);
});

test('initial_chunk_size_bytes sets the first region under kNextPowerOfTwo', () => {
  const a = new BfcArena({ initialChunkSizeBytes: 4096 });
  a.alloc(100);
  a.alloc(4000);
  a.alloc(100);
  assert.deepEqual(a.regionSizes(), [4096, 8192]);
});

test('splitting: a chunk at least twice the request is split; a smaller one is handed out whole (dead bytes)', () => {
  const a = new BfcArena({ extendStrategy: 'same-as-requested' });
  const big = a.alloc(1000); // region of 1024
  a.free(big);
  a.alloc(600); // 1024 < 2*768 and 256 < 128 MiB: whole chunk, 1024 in use
  assert.equal(a.getStats().bytesInUse, 1024);
  assert.equal(a.getStats().bytesRequestedInUse, 600);
  const b = new BfcArena({ extendStrategy: 'same-as-requested' });
  b.free(b.alloc(1024));
  b.alloc(512); // 1024 >= 2*512: split
  assert.equal(b.getStats().bytesInUse, 512);
});

test('max_dead_bytes_per_chunk: a remainder of at least that many bytes is split off even below twice the request', () => {
  const a = new BfcArena({ extendStrategy: 'same-as-requested', maxDeadBytesPerChunk: 256 });
  a.free(a.alloc(1024));
  a.alloc(768); // remainder 256 >= 256: split
  assert.equal(a.getStats().bytesInUse, 768);
});

test('best fit: the smallest free chunk that fits wins, across bins; equal sizes go to the lower address', () => {
  const a = new BfcArena({ initialChunkSizeBytes: 8192 });
  const p = a.alloc(1024); // [0,1024)
  const g1 = a.alloc(512); // [1024,1536)
  const q = a.alloc(256); // [1536,1792)
  const g2 = a.alloc(768); // [1792,2560)
  a.alloc(256); // [2560,2816): keeps g2 from joining the tail
  a.free(g1);
  a.free(g2);
  void p;
  void q;
  // Free chunks: 512 @1024, 768 @1792, tail 5376 @2816. A 600-byte request (768) takes the 768 one.
  const before = a.getStats().bytesInUse;
  a.alloc(600);
  assert.equal(a.getStats().bytesInUse - before, 768);
  // A 300-byte request (512) takes the 512 chunk exactly: no new region.
  a.alloc(300);
  assert.equal(a.getStats().numArenaExtensions, 1);
});

test('coalescing: a freed chunk merges with free neighbours, so the whole region is one chunk again', () => {
  const a = new BfcArena({ initialChunkSizeBytes: 4096 });
  const x = a.alloc(1024);
  const y = a.alloc(1024);
  const z = a.alloc(1024);
  a.free(x);
  a.free(z); // merges with the 1024 tail
  a.free(y); // merges with both
  a.alloc(4096); // only possible if the region is one 4096 chunk
  assert.equal(a.getStats().numArenaExtensions, 1);
  assert.equal(a.getStats().bytesInUse, 4096);
});

test('without coalescing room, a request larger than every free chunk extends the arena', () => {
  const a = new BfcArena({ initialChunkSizeBytes: 4096 });
  const x = a.alloc(1024);
  a.alloc(1024);
  const z = a.alloc(1024);
  a.alloc(1024);
  a.free(x);
  a.free(z);
  a.alloc(2048); // two separate 1024 holes: no fit
  assert.deepEqual(a.regionSizes(), [4096, 8192]);
});

test('Reserve: exact bytes outside the bins, counted in use and held; Free returns them', () => {
  const a = new BfcArena();
  const r = a.reserve(16);
  assert.equal(a.getStats().bytesInUse, 16);
  assert.equal(a.getStats().totalAllocatedBytes, 16);
  a.alloc(512);
  assert.equal(a.getStats().bytesInUse, 528);
  assert.equal(a.getStats().totalAllocatedBytes, MiB + 16);
  a.free(r);
  assert.equal(a.getStats().totalAllocatedBytes, MiB);
});

test('Shrink: free regions go back, except the first under kNextPowerOfTwo; growth restarts at initial_growth_chunk_size_bytes', () => {
  const a = new BfcArena();
  const x = a.alloc(MiB); // region 0 (1 MiB)
  const y = a.alloc(MiB); // region 1 (2 MiB)
  a.free(x);
  a.free(y);
  a.shrink();
  assert.deepEqual(a.regionSizes(), [MiB]);
  a.alloc(MiB); // fits region 0
  a.alloc(MiB);
  assert.deepEqual(a.regionSizes(), [MiB, 2 * MiB]);
  const b = new BfcArena({ extendStrategy: 'same-as-requested' });
  b.free(b.alloc(1000));
  b.shrink();
  assert.deepEqual(b.regionSizes(), [], 'kSameAsRequested considers the first region too');
});

test('max_mem: a request beyond what is left fails as in ORT', () => {
  const a = new BfcArena({ memoryLimitBytes: 2 * MiB });
  a.alloc(MiB);
  assert.throws(() => a.alloc(2 * MiB), ArenaOutOfMemory);
});

test('a 0-byte request allocates nothing', () => {
  const a = new BfcArena();
  const id = a.alloc(0);
  a.free(id);
  assert.equal(a.getStats().totalAllocatedBytes, 0);
});
