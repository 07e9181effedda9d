/**
 * The Report: the single data contract that the CLI prints (`--json`) and the webview draws.
 *
 * Invariants:
 * - A byte count is `number | null`. `null` means unavailable and always travels with a reason
 *   (`unavailableReason`, `liveReason`, `workspaceReason`, `peak.reason`). 0 means known zero.
 * - Steps are indexed 0..n-1 in ORT's execution order. A value that exists before step 0
 *   (graph input, initializer, outer-scope value) has `producedAt: -1`.
 * - `releasedAfter: k` means the buffer is released after step k's compute. `null` means it is
 *   held until the end of Run() (graph outputs, PreExisting, initializers, dangling outputs).
 * - Modeled numbers only. Observed numbers (ORT profiles) live in `ObservedProfile` and are never
 *   summed with these.
 * - This file holds types and four constants (REPORT_SCHEMA_VERSION, MAX_INTRA_OP_THREADS,
 *   GRAPH_OPTIMIZATION_LEVELS, DEFAULT_GRAPH_OPTIMIZATION_LEVEL); the
 *   webview imports it with `import type` only (eslint.config.mjs).
 */

/** The JSON schema version of `Report`. */
export const REPORT_SCHEMA_VERSION = 1;

import type { AllocKind, InitializationFigures, ParallelPeakFields, PlanView, ReuseVia } from '../plan/planTypes';

export type { AllocKind, InitializationFigures, ParallelPeakFields, PlanView, PrepackEntry, ReuseVia } from '../plan/planTypes';

/** A dimension in a report: a number, a symbolic expression (e.g. 'batch', '2*sequence'), or unknown. */
export type ReportDim = number | string | null;

/** Workspace (L2 scratch) state of a step: known zero, a formula, or unavailable. */
export type WorkspaceState = 'zero' | 'formula' | 'unavailable';

export interface ReportModelInfo {
  /** Absolute path of the model file as opened. */
  path: string;
  irVersion: number;
  /** Imported opsets; the default domain is ''. */
  opsets: Record<string, number>;
  producer: string;
  /** Size of the .onnx file in bytes. */
  fileBytes: number;
}

export interface ReportStep {
  /** Position in execution order, 0-based. */
  index: number;
  /** NodeProto.name, '' if none (or the name ORT generates for a node it inserted). */
  node: string;
  /** ORT's node index: position in GraphProto.node after Constant removal; inserted nodes get higher indices. */
  nodeIndex: number;
  /** The name ORT's profile uses: node name, or `OpType_index` when unnamed. */
  displayName: string;
  opType: string;
  domain: string;
  inputs: string[];
  outputs: string[];
  /** True when ORT inserted this node (e.g. InsertedPrecisionFreeCast_*, inlined function bodies). */
  inserted: boolean;
  /** Live requested bytes after this step's compute, before its releases; null if any live size is unknown. */
  liveBytes: number | null;
  liveReason: string | null;
  /**
   * Modeled physical: the simulated CPU arena's `bytes_in_use` (rounded chunks plus reserved
   * blocks) after this step's compute, before its releases, in the run `session.arena.run` names;
   * null with `arenaReason` when not modeled.
   */
  arenaInUseBytes: number | null;
  /** Modeled physical: the arena's held bytes (regions plus reserved blocks) at the same point. */
  arenaHeldBytes: number | null;
  arenaReason: string | null;
  /** Summed L2 scratch this node requests during compute. */
  workspaceBytes: number | null;
  workspaceState: WorkspaceState;
  workspaceReason: string | null;
  /** Ids of subgraph reports owned by this node (If/Loop/Scan bodies). */
  subgraphs: string[];
  /** If, Loop and Scan: how the kernel runs its body in this run, for the arena replay; absent for other ops. */
  controlFlow?: ControlFlowFacts;
  /**
   * The node's string attributes its op's arena scratch split reads (`ScratchSplit.attributes`:
   * Einsum's equation), for the arena replay; absent for other ops.
   */
  splitAttributes?: Record<string, string>;
}

/** What an If, Loop or Scan step does at run time (src/analyze/controlFlowFacts.ts). */
export interface ControlFlowFacts {
  /** The attribute of the body that runs (If: the branch the condition selects); null when not known before the run. */
  body: string | null;
  /** Loop and Scan: how many times the body runs; If: 1; null when unknown. */
  iterations: number | null;
  /** The running body's output names, in order (null when no body is known). */
  bodyOutputs: string[] | null;
  /** Loop: loop-carried values; Scan: state variables (the first outputs of the node); If: 0. */
  stateCount: number;
  /** Why the arena replay cannot follow this step (a fact above is unknown or a case is not modeled), else null. */
  reason: string | null;
}

export interface ReportValue {
  name: string;
  dtype: string | null;
  /** Shape with the bindings applied (what the run will see). null = unknown rank. */
  shape: ReportDim[] | null;
  /** Shape as ORT's static inference sees it at session creation (drives SameSize). */
  symbolicShape: ReportDim[] | null;
  bytes: number | null;
  unavailableReason: string | null;
  allocKind: AllocKind;
  /** Value whose buffer this one uses; itself if it owns one. */
  root: string;
  /** For Reuse: how the buffer was obtained. */
  reuseVia: ReuseVia | null;
  /** For freelist reuse: the value whose dead buffer was taken and the step after which it was freed. */
  reusedFrom: { value: string; freedAfter: number } | null;
  /** Producer step, or -1 for values that exist before step 0. */
  producedAt: number;
  /** Step after which the buffer is released, or null when held to the end of Run(). */
  releasedAfter: number | null;
  /** Last step that reads this value (or -1 if none). */
  lastUsedAt: number;
  /** Producer node display name, null for inputs and initializers. */
  producer: string | null;
  /** Steps that read this value, ascending. */
  consumers: number[];
  isGraphInput: boolean;
  isGraphOutput: boolean;
  isInitializer: boolean;
  /** True for an outer-scope value used inside a subgraph (implicit input). */
  isOuterScope: boolean;
  /** True when the parent node supplies this body output's buffer (Scan, If), so it takes no allocation here. */
  providedByParent?: boolean;
  /**
   * True for an element tensor of a sequence (named `<sequence>[<position>]`): the step that made the
   * sequence allocated it, and it is freed after the last release of a sequence holding it. The
   * sequence value itself takes 0 bytes (ORT's TensorSeq is not an arena allocation).
   */
  sequenceElement?: boolean;
}

export interface UncoveredTerm {
  term: string;
  reason: string;
}

/** A group of unavailable sizes sharing one reason. */
export interface UnavailableGroup {
  reason: string;
  values: string[];
  steps: number[];
}


export interface ReportGraph {
  /** 'main', or a path like 'main/Loop_3/body'. */
  id: string;
  parent: { graph: string; node: string; attribute: string } | null;
  steps: ReportStep[];
  values: ReportValue[];
  /**
   * The graph's peak. In the parallel view it is the exact worst case over every schedule and also
   * names that moment (ParallelPeakFields: `values`, `running`, `exact`, `upperBoundBytes`).
   */
  peak: { bytes: number | null; step: number | null; reason: string | null; label: string } & Partial<ParallelPeakFields>;
  /**
   * The largest known live bytes over the steps (`maxKnownLiveBytes`): the peak itself when every
   * step's size is known, a lower bound on it when some are unavailable; null when none is known.
   * Absent in reports saved before it was added.
   */
  maxLiveBytes?: number | null;
  initialization: InitializationFigures | null;
  uncovered: UncoveredTerm[];
  unavailable: UnavailableGroup[];
  /** Best-fit arena size computed the way ORT's memory pattern does; null if sizes are unknown. */
  bestFitArenaBytes: number | null;
  /** The modeled physical figures of the arena replay (main graph, sequential view); null when not replayed. */
  arena?: ReportArena | null;
  /**
   * Main graph only: graph outputs that are initializers (a Constant, or a value ORT's folding made
   * one). ORT's execution frame copies each into a fresh arena allocation before the first step,
   * outside the memory pattern, and hands the copy to the caller, so it is in use for the whole Run
   * (measured: 6, 64 and 1,024 floats add 24, 256 and 4,096 B to the arena's requested bytes).
   * Absent or empty: none. Not part of `liveBytes` (planned buffers only); the arena replay and
   * the budget count it.
   */
  outputCopies?: OutputCopy[];
}

/** A graph output that is an initializer, copied for the caller at the start of every Run (ReportGraph.outputCopies). */
export interface OutputCopy {
  name: string;
  bytes: number | null;
  /** Why `bytes` is unknown, or null. */
  reason: string | null;
}

/** The arena replay's summary for one graph (src/arena), in the run `session.arena.run` names. */
export interface ReportArena {
  /** 1-based run shown. */
  run: number;
  /** True when that run used a memory-pattern block. */
  usedPattern: boolean;
  /** Bytes of the pattern block allocated at the start of that run (0 when none). */
  patternBlockBytes: number;
  /** In use and held after session initialization (Reserve of initializers and packed weights). */
  afterInit: { inUseBytes: number | null; heldBytes: number | null; reason: string | null };
  peakInUse: { bytes: number | null; step: number | null };
  peakHeld: { bytes: number | null; step: number | null };
  /**
   * Held bytes at the held peak in named parts that sum to it: live tensors as requested, the
   * initialization's reserved blocks (initializers and packed weights), the memory-pattern block,
   * rounding and dead bytes of the chunks in use, and free bytes inside the held regions (bin slack,
   * fragmentation, regions kept from earlier steps and runs). Null when the peak is unavailable.
   */
  breakdown: {
    liveRequestedBytes: number;
    initializationBytes: number;
    patternBlockBytes: number;
    roundingAndDeadBytes: number;
    freeInRegionsBytes: number;
    /** The copies of initializer outputs made for the caller at the start of the Run (ReportGraph.outputCopies); absent when none. */
    outputCopyBytes?: number;
  } | null;
  /** Why the peaks are unavailable (the first unavailable step's reason), or null. */
  reason: string | null;
}

/** ORT's arena and memory-pattern session options the replay follows; the defaults are ORT 1.30's. */
export interface ArenaSessionOptions {
  /** `enable_cpu_mem_arena` (default true). */
  enableCpuMemArena: boolean;
  /** `enable_mem_pattern` (default true). */
  enableMemPattern: boolean;
  /** `arena_extend_strategy` (default kNextPowerOfTwo). */
  arenaExtendStrategy: 'next-power-of-two' | 'same-as-requested';
  initialChunkSizeBytes: number;
  maxDeadBytesPerChunk: number;
  initialGrowthChunkSizeBytes: number;
  maxPowerOfTwoExtendBytes: number;
  /** Which Run the per-step figures show: 1 (first), 2 (second, the steady state: later runs repeat it). */
  run: number;
}

/** Largest intra-op thread count accepted from the CLI or the settings; ORT's thread pools are far smaller. */
export const MAX_INTRA_OP_THREADS = 1024;

/** The session facts a user sets (CLI flags, settings); the workspace and prepack formulas depend on them. */
export interface SessionFacts {
  /** Intra-op threads (ORT's default is the physical core count). */
  intraOpThreads: number;
  /** Per-core L2 cache bytes (flash-attention block sizes). */
  l2CacheBytes: number;
  /** Declared maximum total sequence length for GroupQueryAttention scratch; null when not declared. */
  maxTotalSequenceLength: number | null;
}

/**
 * The ONNX Runtime session whose memory the numbers model: the facts plus the fixed choices of the
 * model. The fields after the facts were added within schema version 1 (additive, so version 1
 * readers keep working); reports written before them lack them, and they then mean the same values.
 */
/** ORT's graph optimization levels (SessionOptions graphOptimizationLevel); ORT's default is 'all'. */
export type GraphOptimizationLevel = 'disabled' | 'basic' | 'extended' | 'all';

/** The levels in ORT's order, lowest first. */
export const GRAPH_OPTIMIZATION_LEVELS: readonly GraphOptimizationLevel[] = ['disabled', 'basic', 'extended', 'all'];

/** ORT's own default level, and the default of every surface. */
export const DEFAULT_GRAPH_OPTIMIZATION_LEVEL: GraphOptimizationLevel = 'all';

export interface ReportSession extends SessionFacts {
  /** The ONNX Runtime release whose planner and kernels are modeled. */
  ortVersion: '1.30';
  executionProvider: 'CPUExecutionProvider';
  /**
   * SessionOptions graphOptimizationLevel of the modeled session: the graph planned is the one ORT
   * saved at this level (any level but 'disabled' needs onnxruntime-node at analysis time). Reports
   * written before levels were modeled say 'disabled'.
   */
  graphOptimizationLevel: GraphOptimizationLevel;
  /** The level the user asked for; differs from graphOptimizationLevel only after a fallback. Absent in older reports (= graphOptimizationLevel). */
  requestedGraphOptimizationLevel?: GraphOptimizationLevel;
  /** Why the report fell back to 'disabled' (ORT could not be loaded, or could not create the session), else null. */
  optimizationFallbackReason?: string | null;
  /**
   * MLAS's NCHWc block size on the machine whose ORT optimized the graph (16 with AVX-512, 8 with
   * AVX2, 1 when MLAS has no NCHWc kernels); null when the level is below 'all' (no NCHWc pass) or unknown.
   */
  nchwcBlockSize?: number | null;
  /**
   * The machine-dependent kernels whose layouts the report's packed weights follow (e.g. the u8·s8
   * GEMM packs of MLAS's AMX kernel), each once; absent or empty when no size depends on the CPU.
   */
  machineKernels?: string[];
  /** ORT's executor (SessionOptions executionMode); the same as the report's view. 'sequential' is ORT's default. */
  executor: PlanView;
  /**
   * True when the memory pattern (enableMemPattern) is replayed with the arena (sequential view);
   * false in the parallel view, where bestFitArenaBytes is not computed either.
   */
  memoryPatternModeled: boolean;
  /** True when the CPU arena (BFC: rounding, bins, splitting, growth) is simulated (sequential view). */
  arenaModeled: boolean;
  /** The arena and pattern options the replay followed (present when arenaModeled). */
  arena?: ArenaSessionOptions;
}

/** Where a free dim appears: a main-graph input and its axis, shown as `input[axis]`. */
export interface ReportDimUse {
  input: string;
  axis: number;
}

/**
 * A dim the user binds: a dim_param of a main-graph input ('input'), a data-dependent size named
 * after the node that makes it ('dataDependent', e.g. `NonZero_3.count`), or a name that only the
 * run's shapes use and nothing derives ('model').
 */
export interface ReportFreeDim {
  name: string;
  source: 'input' | 'dataDependent' | 'model';
  /** Its axes in the main graph's inputs, in input order; [] for the other sources. */
  uses: ReportDimUse[];
}

/** A dim_param that inference derives from the free dims: never a field, shown with its value. */
export interface ReportDerivedDim {
  name: string;
  /** The distinct dims inference gives where the model declares this name, unbound ('sequence', 'past+sequence', 1), in order found; [] when no run shape tells. */
  expressions: Array<number | string>;
  /** `expressions` under the report's bindings: a number once every symbol is bound. */
  values: Array<number | string>;
  /** The first value that declares it, and the axis. */
  at: { value: string; axis: number } | null;
}

/**
 * A relation between free dims that the graph implies: a value declares free dim `name` on an axis
 * where inference computes `expression` of other dims (e.g. a KV cache's Concat of past and new:
 * total_sequence_length = past_sequence_length + sequence_length).
 */
export interface ReportDimRelation {
  name: string;
  /** The dim inference computes, unbound (canonical text, e.g. 'past_sequence_length+sequence_length'). */
  expression: string;
  at: { value: string; axis: number; producerOp: string | null };
  /** `expression` under the bindings once all its symbols are bound, else null. */
  consistentValue: number | null;
  /** True when `name` is bound to a value other than `consistentValue`. */
  isViolated: boolean;
}

/** How the report's symbols split into what the user binds, what inference derives, and the relations found. */
export interface ReportDims {
  free: ReportFreeDim[];
  derived: ReportDerivedDim[];
  relations: ReportDimRelation[];
}

export interface Report {
  schemaVersion: 1;
  tool: { name: string; version: string };
  model: ReportModelInfo;
  /** Bindings that were applied. */
  bindings: Record<string, number>;
  /** Contents the user fixed for small graph inputs (`--value`), row-major; absent when none. */
  inputValues?: Record<string, number[]>;
  /** Symbolic dims the model has (names), bound or not, for the UI's binding inputs. */
  symbols: string[];
  /**
   * Which of `symbols` the user binds and which inference derives, with the relations the graph
   * implies (added within schema version 1; absent in reports written before it).
   */
  dims?: ReportDims;
  view: PlanView;
  /** Session facts the workspace and prepack formulas used (defaults unless the user set them). */
  session: ReportSession;
  /** Graph 0 is always the main graph. */
  graphs: ReportGraph[];
  /**
   * The main graph's modeled physical peak: the largest arena held bytes over the steps of the run
   * shown, where every step is covered; otherwise null with the reasons.
   */
  physicalPeak: { bytes: number | null; step?: number | null; reason: string | null };
}
