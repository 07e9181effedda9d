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
 * 4. A control-flow kernel (If, Loop, Scan: `ReplayStep.kernel`) runs each body in an execution frame
 *    of its own (`utils::ExecuteSubgraph`), with its own memory pattern keyed by the body, traced on
 *    the body's first run and used from its next one, as for the main graph per Run.
 */
import { BfcArena, MIN_ALLOCATION_BYTES, type ArenaConfig } from './bfcArena';
import { bestFitPeakOfTrace, PatternTrace } from '../plan/memPattern';

/**
 * What names an allocation within its frame: a value's index among its graph's values (numbers:
 * a Map of 200k string names was the replay's largest cost), or a kernel's own buffer ('If#iter').
 */
export type ReplayId = number | string;

/** One fresh allocation a step makes for an output, in output order. */
export interface ReplayAlloc {
  id: ReplayId;
  bytes: number;
  /** True for self-owned buffers the memory pattern traces (Allocate roots); false for graph outputs. */
  traced: boolean;
}

/** One step of the run, as the plan knows it. */
export interface ReplayStep {
  allocs: ReplayAlloc[];
  /**
   * Scratch buffers the kernel requests during Compute: before its outputs (freed after them) and
   * after them; `afterOutputsUnordered`: more after the outputs, of a known total in at most a known
   * count of buffers, whose order is not modeled (nil effect when they fit, else unavailable).
   */
  scratch: {
    before: number[];
    after: number[];
    afterOutputsUnordered?: { totalBytes: number; maxBuffers: number; where: string };
    /** A buffer requested after the first `allocsBefore` of `allocs`, held to the end of Compute. */
    heldFromAlloc?: { allocsBefore: number; bytes: number };
    /**
     * `count` buffers of `bytes` requested before the outputs one after the other, each freed once
     * the next is taken; the last is freed after the outputs (a variadic op's chain of intermediates).
     */
    chainBefore?: { bytes: number; count: number };
    /**
     * Buffers taken and freed in an order of their own around the outputs, used alone (Einsum's
     * operand copies, reductions and products, each freed as the one replacing it is taken): in
     * Compute's order, an `alloc` of `bytes`, a `free` of the `buffer`-th alloc, and `output` where
     * `allocs` are made; a buffer no event frees is freed before Compute returns.
     */
    sequence?: readonly ({ kind: 'alloc'; bytes: number } | { kind: 'free'; buffer: number } | { kind: 'output' })[];
  };
  /** Roots released after the step. */
  frees: readonly ReplayId[];
  /**
   * Set when the step's arena traffic is not known (unknown size, several scratch buffers of
   * unknown order, a subgraph's own allocations): every figure from this step on is unavailable.
   */
  unknown: string | null;
  /**
   * A control-flow kernel's Compute (If, Loop, Scan), in order, replacing `allocs` and `scratch`:
   * its own allocations and frees, and each run of its body in a frame of its own.
   */
  kernel?: readonly KernelEvent[];
}

/**
 * One event of a control-flow kernel's Compute. `alloc` and `free` act on the frame of the step
 * (`traced`: the memory pattern of that frame traces it, as for outputs the frame allocates).
 * `body` runs a body once in a new execution frame: its own memory pattern (keyed by `key`, traced
 * on its first run, a block of the pattern's size from the next one on), its steps' allocations,
 * releases and scratch, and at the end of the body the release of what it still holds. An
 * allocation of a body step whose value is in `escapes` is made in the step's frame under the
 * given id instead (an output the kernel keeps: a delayed If output, a Loop's carried value).
 */
export type KernelEvent =
  | { kind: 'alloc'; id: ReplayId; bytes: number; traced: boolean }
  | { kind: 'free'; id: ReplayId }
  | { kind: 'body'; key: string; steps: readonly ReplayStep[]; escapes: ReadonlyMap<ReplayId, { id: ReplayId; traced: boolean }> };

/** What the session allocates at initialization. */
export interface ReplayInit {
  /** Bytes that `Reserve` takes (initializers copied into ORT memory); null when unknown. */
  reservedBytes: number | null;
  /** Packed copies in the order ORT allocates them; null bytes = unknown. `chunk`: an arena chunk, else a Reserve. */
  packs: { bytes: number | null; chunk: boolean }[];
  /** Why the initialization is not known (reservedBytes or a pack null). */
  reason: string | null;
  /**
   * Bytes of each main-graph output that is an initializer: every Run's frame allocates a copy of
   * it before the memory-pattern block and the first step, and the caller holds it after the Run
   * (released before the next one). Absent: none.
   */
  outputCopies?: number[];
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
  /**
   * Which runs keep their per-step samples: 'every' (default), or 'last' (the runs before it keep
   * only their peaks: the report shows one run, and a sample object per step of every earlier run
   * was 600k objects at 200k steps and 4 runs).
   */
  stepsOfRun?: 'every' | 'last';
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
  /** One sample per step; empty for the runs before the last when ReplayOptions.stepsOfRun is 'last'. */
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

/** What a step without early scratch shares as its handles (never written). */
const NO_HANDLES: readonly number[] = [];

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
    const s = arena.peekStats();
    return { inUseBytes: s.bytesInUse, heldBytes: s.totalAllocatedBytes, requestedBytes: s.bytesRequestedInUse, reason: null };
  };
  const afterInit = sample();
  /** Memory patterns by frame key ('main', or a body's graph id), made at the end of a frame's first traced execution. */
  const patterns = new Map<string, number>();
  interface Frame {
    key: string;
    live: Map<ReplayId, number>;
    /** The traced events and the ids they allocate; null when this execution cannot make the frame's pattern (patterns off, or already made): nothing to trace. */
    trace: { events: PatternTrace; ids: Set<ReplayId> } | null;
    usePattern: boolean;
    traceOk: boolean;
    block: number;
    blockBytes: number;
    mayPattern: boolean;
  }
  const openFrame = (key: string, mayPattern: boolean): Frame => {
    const usePattern = options.memPattern && mayPattern && patterns.has(key) && broken === null;
    const blockBytes = usePattern ? patterns.get(key)! : 0;
    // Only the frame's first execution becomes its pattern (closeFrame); later ones (the second Run, a
    // body's next iterations) traced 2 events and a set entry per value for nothing.
    const makesPattern = options.memPattern && mayPattern && !patterns.has(key);
    const f: Frame = { key, live: new Map(), trace: makesPattern ? { events: new PatternTrace(), ids: new Set() } : null, usePattern, traceOk: true, block: -1, blockBytes, mayPattern };
    if (usePattern && blockBytes > 0) f.block = arena.alloc(blockBytes);
    return f;
  };
  type Route = (id: ReplayId) => { frame: Frame; id: ReplayId; traced: boolean } | null;
  const allocIn = (f: Frame, id: ReplayId, bytes: number, traced: boolean): void => {
    if (traced && f.trace) {
      f.trace.events.alloc(id, bytes);
      f.trace.ids.add(id);
    }
    if (f.usePattern && traced) return;
    f.live.set(id, arena.alloc(bytes));
  };
  const freeIn = (f: Frame, id: ReplayId): void => {
    if (f.trace?.ids.has(id)) f.trace.events.free(id);
    const h = f.live.get(id);
    if (h !== undefined) {
      arena.free(h);
      f.live.delete(id);
    }
  };
  // End of a frame: it frees its block and what is left; its first complete traced execution becomes its pattern.
  const closeFrame = (f: Frame): void => {
    if (broken !== null) return;
    if (f.block >= 0) arena.free(f.block);
    for (const h of f.live.values()) arena.free(h);
    f.live.clear();
    if (f.trace && !f.usePattern && f.traceOk && !patterns.has(f.key)) patterns.set(f.key, bestFitPeakOfTrace(f.trace.events));
  };
  // One step's Compute in frame `f`; `route` sends an allocation the step makes for a value a
  // kernel keeps (a body's escapes) to that kernel's frame, null at the top.
  const runStep = (step: ReplayStep, f: Frame, route: Route | null): void => {
    if (broken === null && step.unknown !== null) broken = step.unknown;
    if (broken !== null) return;
    if (step.kernel) {
      for (const ev of step.kernel) {
        if (broken !== null) return;
        if (ev.kind === 'alloc') {
          // A nested kernel's output that is itself a kept output of the enclosing body (an If
          // branch ending in an If) is made where the enclosing kernel keeps it.
          const up = route?.(ev.id);
          if (up) allocIn(up.frame, up.id, ev.bytes, up.traced);
          else allocIn(f, ev.id, ev.bytes, ev.traced);
        } else if (ev.kind === 'free') freeIn(f, ev.id);
        else runBody(ev, f, route);
      }
      return;
    }
    // No arrays for a step without scratch (most): two per step per Run were 1.6M at 200k steps and 4 Runs.
    const early = step.scratch.before.length === 0 ? NO_HANDLES : step.scratch.before.map((b) => arena.alloc(b));
    const chain = step.scratch.chainBefore;
    let chainLast = -1;
    if (chain) {
      for (let c = 0; c < chain.count; c++) {
        const h = arena.alloc(chain.bytes);
        if (chainLast >= 0) arena.free(chainLast);
        chainLast = h;
      }
    }
    const held = step.scratch.heldFromAlloc;
    let heldHandle = -1;
    // A sequence runs up to its `output` event here, the rest after the outputs (below).
    const sequence = step.scratch.sequence;
    const seqHandles: number[] = [];
    let seqAt = 0;
    const runSequence = (untilOutput: boolean): void => {
      for (; seqAt < sequence!.length; seqAt++) {
        const ev = sequence![seqAt]!;
        if (ev.kind === 'output') {
          if (untilOutput) {
            seqAt++;
            return;
          }
        } else if (ev.kind === 'alloc') seqHandles.push(arena.alloc(ev.bytes));
        else if (seqHandles[ev.buffer]! >= 0) {
          arena.free(seqHandles[ev.buffer]!);
          seqHandles[ev.buffer] = -1;
        }
      }
    };
    if (sequence) runSequence(true);
    for (let k = 0; k < step.allocs.length; k++) {
      const a = step.allocs[k]!;
      if (held && k === held.allocsBefore) heldHandle = arena.alloc(held.bytes);
      const to = route?.(a.id);
      if (to) allocIn(to.frame, to.id, a.bytes, to.traced);
      else allocIn(f, a.id, a.bytes, a.traced);
    }
    if (held && held.allocsBefore >= step.allocs.length) heldHandle = arena.alloc(held.bytes);
    if (sequence) {
      runSequence(false);
      for (const h of seqHandles) if (h >= 0) arena.free(h);
    }
    for (const h of early) arena.free(h);
    if (chainLast >= 0) arena.free(chainLast);
    if (step.scratch.after.length > 0) {
      const late = step.scratch.after.map((b) => arena.alloc(b));
      for (const h of late) arena.free(h);
    }
    const unordered = step.scratch.afterOutputsUnordered;
    if (unordered) {
      const need = 2 * (unordered.totalBytes + (MIN_ALLOCATION_BYTES - 1) * unordered.maxBuffers);
      const room = arena.largestFreeChunkBytes();
      if (room < need) broken = `${unordered.where}: its ${unordered.totalBytes} bytes of scratch in up to ${unordered.maxBuffers} buffers of unmodeled sizes and order need a free chunk of ${need} bytes to be sure the arena does not grow, and the largest is ${room}`;
    }
    if (heldHandle >= 0) arena.free(heldHandle);
  };
  // A body run by a kernel in `kernelFrame`, itself running under `outer`: an escape goes to the
  // kernel's frame, or further up where the kernel's own output is kept by an enclosing kernel.
  const runBody = (ev: Extract<KernelEvent, { kind: 'body' }>, kernelFrame: Frame, outer: Route | null): void => {
    const bf = openFrame(ev.key, true);
    const route: Route | null =
      ev.escapes.size === 0
        ? null
        : (id) => {
            const to = ev.escapes.get(id);
            if (!to) return null;
            return outer?.(to.id) ?? { frame: kernelFrame, id: to.id, traced: to.traced };
          };
    for (const s of ev.steps) {
      runStep(s, bf, route);
      if (broken !== null) return;
      for (const id of s.frees) freeIn(bf, id);
    }
    closeFrame(bf);
  };
  const runs: RunReplay[] = [];
  for (let run = 1; run <= runsWanted; run++) {
    // ExecutionFrame::Init copies initializer outputs for the caller before the constructor allocates the pattern block.
    const copies = broken === null ? (init.outputCopies ?? []).map((bytes) => arena.alloc(bytes)) : [];
    const frame = openFrame('main', !options.patternUnavailable);
    const usePattern = frame.usePattern;
    const blockBytes = frame.blockBytes;
    const keep = options.stepsOfRun !== 'last' || run === runsWanted;
    // Made at its length when kept (grown by push, a 200k-step run's samples were seven arrays in large-object space).
    const samples = new Array<ArenaSample>(keep ? steps.length : 0);
    const inUse = new PeakTracker();
    const held = new PeakTracker();
    for (let k = 0; k < steps.length; k++) {
      const step = steps[k]!;
      runStep(step, frame, null);
      if (broken !== null) {
        frame.traceOk = false;
        inUse.unknown();
        held.unknown();
        if (keep) samples[k] = unknownSample(broken);
        continue;
      }
      const s = arena.peekStats();
      inUse.add(s.bytesInUse, k);
      held.add(s.totalAllocatedBytes, k);
      if (keep) samples[k] = sample();
      for (let f = 0; f < step.frees.length; f++) freeIn(frame, step.frees[f]!);
    }
    // End of Run: the frame frees the block and what is left; the caller's outputs are released before the next Run.
    closeFrame(frame);
    for (const c of copies) arena.free(c);
    runs.push({ run, usedPattern: usePattern, patternBlockBytes: blockBytes, steps: samples, peakInUse: inUse.result(), peakHeld: held.result() });
  }
  return { afterInit, runs };
}

/** The largest figure of a run's samples and its step (the first of equals); null once a sample is unknown. */
class PeakTracker {
  private best: number | null = null;
  private step: number | null = null;
  private known = true;

  add(bytes: number, step: number): void {
    if (this.best === null || bytes > this.best) {
      this.best = bytes;
      this.step = step;
    }
  }

  unknown(): void {
    this.known = false;
  }

  result(): { bytes: number | null; step: number | null } {
    return this.known ? { bytes: this.best ?? 0, step: this.step } : { bytes: null, step: null };
  }
}
