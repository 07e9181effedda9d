/**
 * ORT 1.30's arena and memory-pattern session options with their defaults: one place for the
 * CLI, the pipeline and the extension's settings (pure, so the extension host bundle stays free
 * of the planner).
 */
import type { ArenaSessionOptions } from './report';

/** ORT 1.30's defaults (allocator_utils.cc, bfc_arena.h, SessionOptions), and the second Run: the steady state. */
export const DEFAULT_ARENA_OPTIONS: Readonly<ArenaSessionOptions> = {
  enableCpuMemArena: true,
  enableMemPattern: true,
  arenaExtendStrategy: 'next-power-of-two',
  initialChunkSizeBytes: 1 << 20,
  maxDeadBytesPerChunk: 128 << 20,
  initialGrowthChunkSizeBytes: 2 << 20,
  maxPowerOfTwoExtendBytes: 1 << 30,
  run: 2,
};

/** The defaults overlaid with what the caller set. */
export function resolveArenaOptions(set: Partial<ArenaSessionOptions> | undefined): ArenaSessionOptions {
  const out = { ...DEFAULT_ARENA_OPTIONS };
  for (const [k, v] of Object.entries(set ?? {})) if (v !== undefined && v !== null) (out as Record<string, unknown>)[k] = v;
  return out;
}

