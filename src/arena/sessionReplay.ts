/**
 * Replays one ORT 1.30 session's CPU-arena traffic, in ORT's order, through the BFC arena
 * simulation (bfcArena.ts), and samples the arena's statistics where ORT's profiler does: after
 * each kernel's Compute, before the step's releases (`SequentialExecutor` and
 * `session_scope` profiling in `core/framework/sequential_executor.cc`).
 *
 * Order of a session (`core/framework/session_state.cc`, `session_state_utils.cc`,
 * `execution_frame.cc`, `tensor_allocator_with_mem_pattern.h`, `mem_pattern_planner.h`):
 * 1. Initialization: initializers the session copies into ORT memory take `Reserve` (exact bytes,
 *    outside the regions and bins); then the kernels' packed weights, in node-index order, by
 *    Reserve or as arena chunks depending on the kernel (the `arenaChunk` of the op's prepack facet in src/ops).
 * 2. Each Run: with the memory pattern on and a pattern cached for the feed shapes, the frame first
 *    allocates one block of the pattern's size for the CPU location; values the pattern placed live
 *    in it (never in the arena). Without a pattern, every self-owned allocation goes to the arena
 *    and is traced (`TraceAllocation` / `TraceFree`); at the end of that run the trace becomes the
 *    pattern (best fit, memPattern.ts). Graph outputs (AllocateOutput) are never traced and always
 *    come from the arena. A step allocates its fresh outputs during Compute, then its scratch (freed
 *    before Compute returns); after the sample, the values whose last use it was are freed.
 * 3. At the end of a Run the frame frees the pattern block and everything left; the caller's copy
 *    of the outputs is released before the next Run (onnxruntime-node copies them out).
 */
import { BfcArena, type ArenaConfig } from './bfcArena';
import { bestFitPeakBytes, type PatternEvent } from '../plan/memPattern';

/** One fresh allocation a step makes for an output, in output order. */
export interface ReplayAlloc {
  id: string;
  bytes: number;
  /** True for self-owned buffers the memory pattern traces (Allocate roots); false for graph outputs. */
  traced: boolean;
}

/** One step of the run, as the plan knows it. */
export interface ReplayStep {
  allocs: ReplayAlloc[];
  /** Scratch buffers the kernel requests during Compute: before its outputs (freed after them) and after them. */
  scratch: { before: number[]; after: number[] };
  /** Roots released after the step. */
  frees: string[];
  /**
   * Set when the step's arena traffic is not known (unknown size, several scratch buffers of
   * unknown order, a subgraph's own allocations): every figure from this step on is unavailable.
   */
  unknown: string | null;
}

/** What the session allocates at initialization. */
export interface ReplayInit {
  /** Bytes that `Reserve` takes (initializers copied into ORT memory); null when unknown. */
  reservedBytes: number | null;
  /** Packed copies in the order ORT allocates them; null bytes = unknown. `chunk`: an arena chunk, else a Reserve. */
  packs: { bytes: number | null; chunk: boolean }[];
  /** Why the initialization is not known (reservedBytes or a pack null). */
  reason: string | null;
}

/** The session options the replay follows (ORT's names; defaults are ORT's). */
export interface ReplayOptions {
  /** `enable_cpu_mem_arena` (default true). Off: no arena, no figures (plain malloc/free). */
  arena: boolean;
  /** `enable_mem_pattern` (default true). */
  memPattern: boolean;
  /** The arena's configuration (OrtArenaCfg). */
  arenaConfig?: Partial<ArenaConfig>;
  /** How many Runs to replay (at least 1). */
  runs: number;
  /** Why the pattern cannot be used even when enabled (e.g. a non-tensor input), or null. */
  patternUnavailable?: string | null;
}

/** The arena's figures after one step of one run, or null with the reason. */
export interface ArenaSample {
  inUseBytes: number | null;
  heldBytes: number | null;
  /** The arena's requested bytes in use (`mem_bytes_requested_in_use`): requests as asked, plus reserved blocks. */
  requestedBytes: number | null;
  reason: string | null;
}

/** The figures of one Run. */
export interface RunReplay {
  /** 1-based run number. */
  run: number;
  /** True when this run used a memory-pattern block. */
  usedPattern: boolean;
  /** Size of the pattern block allocated at the start of this run (0 when none). */
  patternBlockBytes: number;
  steps: ArenaSample[];
  /** Largest in-use and held figure of the run's samples (null if any sample is unknown). */
  peakInUse: { bytes: number | null; step: number | null };
  peakHeld: { bytes: number | null; step: number | null };
}

/** The replay of a session: its initialization and each Run. */
export interface SessionReplay {
  /** In use and held after initialization, before the first Run. */
  afterInit: ArenaSample;
  runs: RunReplay[];
}

const unknownSample = (reason: string): ArenaSample => ({ inUseBytes: null, heldBytes: null, requestedBytes: null, reason });

/** Replays the session (see the file comment). */
export function replaySession(init: ReplayInit, steps: readonly ReplayStep[], options: ReplayOptions): SessionReplay {
  const runsWanted = Math.max(1, Math.floor(options.runs));
  if (!options.arena) {
    const reason = 'enable_cpu_mem_arena is off: ORT allocates each tensor with the system allocator, which has no arena statistics';
    return {
      afterInit: unknownSample(reason),
      runs: Array.from({ length: runsWanted }, (_, k) => ({ run: k + 1, usedPattern: false, patternBlockBytes: 0, steps: steps.map(() => unknownSample(reason)), peakInUse: { bytes: null, step: null }, peakHeld: { bytes: null, step: null } })),
    };
  }
  const arena = new BfcArena(options.arenaConfig);
  let broken: string | null = null;
  if (init.reason !== null || init.reservedBytes === null || init.packs.some((p) => p.bytes === null)) {
    broken = `session initialization: ${init.reason ?? 'a packed weight or initializer size is unknown'}`;
  } else {
    arena.reserve(init.reservedBytes);
    for (const p of init.packs) {
      if (p.chunk) arena.alloc(p.bytes!);
      else arena.reserve(p.bytes!);
    }
  }
  const sample = (): ArenaSample => {
    if (broken !== null) return unknownSample(broken);
    const s = arena.getStats();
    return { inUseBytes: s.bytesInUse, heldBytes: s.totalAllocatedBytes, requestedBytes: s.bytesRequestedInUse, reason: null };
  };
  const afterInit = sample();
  let pattern: number | null = null;
  const runs: RunReplay[] = [];
  for (let run = 1; run <= runsWanted; run++) {
    const usePattern = options.memPattern && !options.patternUnavailable && pattern !== null && broken === null;
    const blockBytes = usePattern ? pattern! : 0;
    const trace: PatternEvent[] = [];
    const tracedIds = new Set<string>();
    let traceOk = true;
    const live = new Map<string, number>();
    let block = -1;
    if (usePattern && blockBytes > 0) block = arena.alloc(blockBytes);
    const samples: ArenaSample[] = [];
    for (const step of steps) {
      if (broken === null && step.unknown !== null) broken = step.unknown;
      if (broken !== null) {
        traceOk = false;
        samples.push(unknownSample(broken));
        continue;
      }
      const early = step.scratch.before.map((b) => arena.alloc(b));
      for (const a of step.allocs) {
        if (a.traced) {
          trace.push({ kind: 'alloc', id: a.id, sizeBytes: a.bytes });
          tracedIds.add(a.id);
        }
        if (usePattern && a.traced) continue;
        live.set(a.id, arena.alloc(a.bytes));
      }
      for (const h of early) arena.free(h);
      const late = step.scratch.after.map((b) => arena.alloc(b));
      for (const h of late) arena.free(h);
      samples.push(sample());
      for (const id of step.frees) {
        if (tracedIds.has(id)) trace.push({ kind: 'free', id });
        const h = live.get(id);
        if (h !== undefined) {
          arena.free(h);
          live.delete(id);
        }
      }
    }
    // End of Run: the frame frees the block and what is left; the caller's outputs are released before the next Run.
    if (broken === null) {
      if (block >= 0) arena.free(block);
      for (const h of live.values()) arena.free(h);
    }
    if (options.memPattern && !usePattern && traceOk && broken === null) pattern = bestFitPeakBytes(trace);
    runs.push({ run, usedPattern: usePattern, patternBlockBytes: blockBytes, steps: samples, peakInUse: peakOf(samples, 'inUseBytes'), peakHeld: peakOf(samples, 'heldBytes') });
  }
  return { afterInit, runs };
}

function peakOf(samples: ArenaSample[], key: 'inUseBytes' | 'heldBytes'): { bytes: number | null; step: number | null } {
  let best: number | null = null;
  let step: number | null = null;
  for (let k = 0; k < samples.length; k++) {
    const b = samples[k]![key];
    if (b === null) return { bytes: null, step: null };
    if (best === null || b > best) {
      best = b;
      step = k;
    }
  }
  return { bytes: best ?? 0, step };
}
