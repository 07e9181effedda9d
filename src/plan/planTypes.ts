/**
 * The planner's own vocabulary, which the Report contract repeats (src/report/report.ts re-exports
 * these): the plan does not depend on the report.
 */

/** ORT's AllocKind names (alloc_kind.h). */
export type AllocKind =
  | 'Allocate'
  | 'Reuse'
  | 'Share'
  | 'AllocateStatically'
  | 'PreExisting'
  | 'AllocateOutput'
  | 'AllocatedExternally';

/** How a `Reuse` value got its buffer: Alias() pair, MayInplace() pair, or a dead buffer from the freelist. */
export type ReuseVia = 'alias' | 'inplace' | 'freelist';

/** Which executor the plan models: ORT's sequential executor, or its parallel one (no reuse). */
export type PlanView = 'sequential' | 'parallel';

/**
 * What the Parallel view's peak adds (src/plan/parallelPeak.ts): the worst moment of a parallel
 * run. Absent in the sequential view and in reports saved before it was added.
 */
export interface ParallelPeakFields {
  /** Roots of the buffers alive together at the worst moment, largest first; their bytes sum to `bytes`. */
  values: string[];
  /** Steps running at the worst moment (started, none of their consumers started), ascending. */
  running: number[];
  /** True when `bytes` is the maximum over all schedules; false when the search budget ran out (then `bytes` is the worst moment found). */
  exact: boolean;
  /** An upper bound of the maximum over all schedules: `bytes` when exact; null when the peak is unavailable. */
  upperBoundBytes: number | null;
}

/** One packed weight copy made at session initialization (L1). */
export interface PrepackEntry {
  step: number;
  initializer: string;
  /** Bytes of the packed copy; null if unknown. */
  packedBytes: number | null;
  reason: string | null;
  /** The machine-dependent kernel whose layout the size follows (qgemmKernel.ts); absent when none. */
  kernel?: string;
  /** Set when this pack is a plain arena chunk although the op's other layouts are reserved (PrepackPiece.arenaChunk). */
  arenaChunk?: true;
}

/** What initialization holds: initializer payloads as stored and after prepack, and the prepack entries. */
export interface InitializationFigures {
  /** Initializer payload bytes as stored (before kernel construction). */
  initializerBytesStored: number | null;
  /** Initializer bytes after prepack (packed copies plus originals that stay); null if unknown. */
  initializerBytesAfterPrepack: number | null;
  /**
   * The part of `initializerBytesAfterPrepack` ORT 1.30 holds in its CPU arena: packed copies plus
   * the originals that stay and are at most 127 bytes and stored inside the model. Larger ones and
   * external data are used in place (from the model's memory or file), outside the arena.
   */
  arenaBytesAfterPrepack: number | null;
  prepack: PrepackEntry[];
  reason: string | null;
}
