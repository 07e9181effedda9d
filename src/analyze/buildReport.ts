/**
 * The Report of a model file (src/report/report.ts): decode once (`analyzeFile`), then plan for
 * any bindings and view (`buildReport`). Linear in nodes + values of every graph.
 */
import { foldedContentKeys } from './contentKeys';
import { shapeRuleOf } from '../ops/registry';
import { loadModel } from '../onnx/loadModel';
import type { Graph, Model } from '../onnx/model';
import { inferShapes, type InferShapesOptions } from '../shape/inferShapes';
import type { InferredValue } from '../shape/types';
import { buildGraphReport, type GraphReportContext, type TransformedGraph } from './graphReport';
import { DEFAULT_WORKSPACE_ENV, type WorkspaceEnv } from '../plan/workspace';
import { REPORT_SCHEMA_VERSION, type GraphOptimizationLevel, type PlanView, type Report, type ReportGraph, type ReportSession, type SessionFacts } from '../report/report';
import { modeledSession, type ModeledOptimization } from '../report/describeSession';
import { keepFileDataLocations, optimizeModelFile } from '../optimize/optimizeModel';
import { bodiesInSavedOrder } from '../optimize/dumpOrder';
import type { OrtRuntime } from '../optimize/ortRuntime';
import { countNodes, ProgressCounter, REPORT_PHASES, type ReportProgress } from './reportProgress';
import { ALWAYS_UNCOVERED } from '../report/uncoveredTerms';
import { normalizeDomain } from '../onnx/domain';
import { checkInputValues } from './inputValues';
import { applyArenaReplay, DEFAULT_ARENA_OPTIONS, resolveArenaOptions } from './arenaReplay';
import type { ArenaSessionOptions } from '../report/report';

export { DEFAULT_ARENA_OPTIONS };
import { dimFacts, reportDims, type DimFacts } from './dimFacts';

/** The tool name and version written into every report. */
export const TOOL = { name: 'onnx-memory-lens', version: '0.1.0' } as const;

/** A decoded model kept for re-planning with other bindings or views. */
export interface Analysis {
  /** Path of the model file as opened. */
  filePath: string;
  model: Model;
  /** Size of the .onnx file in bytes. */
  fileBytes: number;
  /**
   * Each graph as ORT executes it, filled by the first buildReport and reused by the next ones
   * (rebinds, view and session changes), which then only infer and plan. Absent: nothing is kept.
   */
  transformed?: WeakMap<Graph, TransformedGraph>;
  /** Which dims are free or derived and the relations found (binding-independent), once the first report found them. */
  dimFacts?: DimFacts;
  /**
   * The optimization level `model` is the graph of (ORT's saved graph for levels above 'disabled',
   * its main graph's nodes in ORT's execution order), the level asked for, and any fallback reason.
   * Absent: the file as decoded, at 'disabled'.
   */
  optimization?: ModeledOptimization;
  /** The user's file as decoded, when `model` is ORT's optimized graph of it (report.model describes the file). */
  fileModel?: Model;
}

/** How analyzeFileAtLevel gets ORT's graph. */
export interface LevelOptions {
  level: GraphOptimizationLevel;
  /** Session facts ORT's optimizer sees (the thread count); the rest do not change the graph. */
  session?: Partial<SessionFacts>;
  /** Folder for the optimized-graph cache; null or absent: no cache. */
  cacheDir?: string | null;
  /** Injected ORT runtime (tests). */
  runtime?: OrtRuntime;
  /** What ORT reads for the weights (OptimizeOptions.weights; default 'auto'). */
  weights?: 'auto' | 'real' | 'standin';
}

/** How to plan: symbolic-dim bindings, the execution view and the session facts. */
export interface ReportOptions {
  bindings?: Record<string, number>;
  /**
   * Contents of small main-graph inputs, row-major (`--value sr=16000`): propagated through the
   * run-time channel, so an If whose condition they decide plans the branch that runs.
   */
  values?: Record<string, number[]>;
  view?: PlanView;
  /** Session facts; each one left out takes its default (DEFAULT_SESSION). */
  session?: Partial<SessionFacts>;
  /** ORT's arena and memory-pattern options (enable_cpu_mem_arena, …, and which Run to show); each one left out takes ORT's default. */
  arena?: Partial<ArenaSessionOptions>;
  /** Called as the report advances (see reportProgress.ts); synchronous, so keep it cheap. */
  onProgress?: (progress: ReportProgress) => void;
}

/** 2 intra-op threads (the physical cores of the machine the formulas were verified on), 1 MiB L2, no declared KV length. */
export const DEFAULT_SESSION: Readonly<SessionFacts> = {
  intraOpThreads: DEFAULT_WORKSPACE_ENV.threads,
  l2CacheBytes: DEFAULT_WORKSPACE_ENV.l2CacheBytes,
  maxTotalSequenceLength: null,
};

/** The defaults overlaid with the facts the caller set (undefined and null fields keep the default, except the KV length). */
export function resolveSession(session: Partial<SessionFacts> | undefined): SessionFacts {
  return {
    intraOpThreads: session?.intraOpThreads ?? DEFAULT_SESSION.intraOpThreads,
    l2CacheBytes: session?.l2CacheBytes ?? DEFAULT_SESSION.l2CacheBytes,
    maxTotalSequenceLength: session?.maxTotalSequenceLength ?? null,
  };
}

/** The session's facts as the workspace and prepack formulas read them. */
export function workspaceEnvOf(session: SessionFacts): WorkspaceEnv {
  return {
    threads: session.intraOpThreads,
    l2CacheBytes: session.l2CacheBytes,
    ...(session.maxTotalSequenceLength !== null ? { maxTotalSequenceLength: session.maxTotalSequenceLength } : {}),
  };
}

/** Decodes a model file (weights are never read). Throws LensError subclasses on bad input. */
export function analyzeFile(filePath: string): Analysis {
  const loaded = loadModel(filePath);
  return { filePath: loaded.filePath, model: loaded.model, fileBytes: loaded.fileBytes, transformed: new WeakMap() };
}

/**
 * Decodes a model file as ORT executes it at `options.level`: at 'disabled' the file itself
 * (analyzeFile); above it, the graph ORT saves at that level, in ORT's execution order
 * (src/optimize). When ORT is unavailable or cannot create the session, the file is analyzed at
 * 'disabled' and the Analysis says why (the report's session and label then show both levels).
 * A bad file is still a LensError, thrown before ORT is asked.
 */
export async function analyzeFileAtLevel(filePath: string, options: LevelOptions): Promise<Analysis> {
  const plain = analyzeFile(filePath);
  if (options.level === 'disabled') return plain;
  const session = resolveSession(options.session);
  let weightBytes = 0;
  for (const t of plain.model.graph.initializers) weightBytes += t.storedBytes ?? t.byteSize ?? 0;
  const optimized = await optimizeModelFile(filePath, { level: options.level, session: { intraOpThreads: session.intraOpThreads }, cacheDir: options.cacheDir ?? null, runtime: options.runtime, weights: options.weights, weightBytes });
  if (!optimized.ok) return { ...plain, optimization: { level: 'disabled', requested: options.level, fallbackReason: optimized.reason, nchwcBlockSize: null } };
  return {
    filePath: plain.filePath,
    model: keepFileDataLocations(optimized.model, plain.model),
    fileBytes: plain.fileBytes,
    transformed: new WeakMap(),
    optimization: { level: options.level, requested: options.level, fallbackReason: null, nchwcBlockSize: optimized.nchwcBlockSize },
    fileModel: plain.model,
  };
}

const CONTENT_KEYS = new WeakMap<Model, Map<string, string>>();
const BODIES_IN_ORDER = new WeakMap<Model, Set<Graph>>();

/** The bodies of ORT's saved graph that are in ORT's order (bodiesInSavedOrder); none for the file's own graph. */
function bodiesInOrderOf(analysis: Analysis): ReadonlySet<Graph> {
  const file = analysis.fileModel;
  if (!file || file === analysis.model) return new Set();
  let bodies = BODIES_IN_ORDER.get(analysis.model);
  if (!bodies) BODIES_IN_ORDER.set(analysis.model, (bodies = bodiesInSavedOrder(analysis.model.graph, file.graph)));
  return bodies;
}

/** The folded initializers' contents keys of an analysis of ORT's graph (none for the file's own), once per model. */
function contentKeysOf(analysis: Analysis): ReadonlyMap<string, string> {
  const file = analysis.fileModel;
  if (!file || file === analysis.model) return new Map();
  let keys = CONTENT_KEYS.get(analysis.model);
  if (!keys) CONTENT_KEYS.set(analysis.model, (keys = foldedContentKeys(file, analysis.model)));
  return keys;
}

/**
 * The inference options every graph of `analysis` is inferred with, under `bindings`: the rules,
 * the model's functions and IR version, and, for ORT's graph above 'disabled', its declared shapes
 * taken as ORT's and the NCHWc block size. A sweep point infers with the same ones.
 */
export function graphInferOptions(analysis: Analysis, opsets: Record<string, number>, bindings: Record<string, number>): InferShapesOptions {
  const optimization = analysis.optimization;
  return {
    opsets,
    rules: shapeRuleOf,
    bindings,
    functions: analysis.model.functions,
    irVersion: analysis.model.irVersion,
    nchwcBlockSize: optimization?.nchwcBlockSize ?? null,
    declaredShapesAreOrts: optimization !== undefined && optimization.level !== 'disabled',
  };
}

/** Opsets as a record; the default domain is ''. */
export function opsetRecord(model: Pick<Model, 'opsets'>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of model.opsets) out[normalizeDomain(o.domain)] = o.version;
  return out;
}

/** Plans `analysis` and returns the Report (graph 0 is the main graph, bodies follow depth-first). */
export function buildReport(analysis: Analysis, options: ReportOptions = {}): Report {
  const bindings = { ...(options.bindings ?? {}) };
  const view = options.view ?? 'sequential';
  const opsets = opsetRecord(analysis.model);
  const session = resolveSession(options.session);
  const values = checkInputValues(analysis.model.graph, options.values ?? {}, bindings);
  const optimization = analysis.optimization ?? { level: 'disabled', requested: 'disabled', fallbackReason: null, nchwcBlockSize: null };
  const inferOptions = graphInferOptions(analysis, opsets, bindings);
  const ctx: GraphReportContext = {
    opsets,
    irVersion: analysis.model.irVersion,
    env: workspaceEnvOf(session),
    functions: analysis.model.functions,
    bindings,
    view,
    inputValues: values,
    infer: (graph, outerScope, staticPass, inputValues, iterationInput) =>
      inferShapes(graph, {
        ...inferOptions,
        ...(inputValues ? { inputValues } : {}),
        ...(iterationInput ? { iterationInput } : {}),
        ...(outerScope.size > 0 ? { outerScope: new Map<string, InferredValue>(outerScope) } : { staticPass }),
      }),
    graphs: [],
    symbols: new Set(),
    usedIds: new Set(),
    outerMemo: new WeakMap(),
    transformed: analysis.transformed ?? new WeakMap(),
    progress: new ProgressCounter(REPORT_PHASES.length * countNodes(analysis.model.graph), options.onProgress),
    mainInFileOrder: optimization.level !== 'disabled',
    bodiesInOrder: bodiesInOrderOf(analysis),
    contentKeys: contentKeysOf(analysis),
    packOwners: new Map(),
    outerUses: [],
  };
  buildGraphReport(ctx, analysis.model.graph, new Map(), null, 'main');
  const facts = analysis.dimFacts ?? findDimFacts(ctx, analysis.model);
  if (analysis.transformed) analysis.dimFacts = facts;
  ctx.progress.finish();
  const arena = resolveArenaOptions(options.arena);
  const physicalPeak = view === 'sequential' ? applyArenaReplay(ctx.graphs[0]!, arena, ctx.graphs.slice(1)) : {
    bytes: null,
    reason: `Not modeled: ${ALWAYS_UNCOVERED.map((t) => t.term).join(', ')} are not covered (the parallel view does not replay the arena)`,
  };
  const file = analysis.fileModel ?? analysis.model;
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { ...TOOL },
    model: {
      path: analysis.filePath,
      irVersion: file.irVersion,
      opsets: file === analysis.model ? opsets : opsetRecord(file),
      producer: [file.producerName, file.producerVersion].filter((s) => s !== '').join(' '),
      fileBytes: analysis.fileBytes,
    },
    bindings,
    ...(Object.keys(values).length > 0 ? { inputValues: values } : {}),
    symbols: [...ctx.symbols].sort(),
    view,
    session: withMachineKernels(modeledSession(session, view, arena, optimization), ctx.graphs),
    graphs: ctx.graphs,
    physicalPeak,
    dims: reportDims(facts, bindings),
  };
}

/** The session with the machine-dependent kernels the graphs' packs assume (none: unchanged). */
function withMachineKernels(session: ReportSession, graphs: readonly ReportGraph[]): ReportSession {
  const kernels = new Set<string>();
  for (const g of graphs) for (const p of g.initialization?.prepack ?? []) if (p.kernel) kernels.add(p.kernel);
  return kernels.size === 0 ? session : { ...session, machineKernels: [...kernels].sort() };
}

/**
 * The dim facts from an inference of the main graph without bindings: the report's own when it
 * has none, else one more inference of the main graph (once per Analysis; rebinds reuse the facts).
 */
function findDimFacts(ctx: GraphReportContext, model: Model): DimFacts {
  const main = ctx.main!;
  const unbound = Object.keys(ctx.bindings).length === 0
    ? main.inference
    : inferShapes(main.typed, { opsets: ctx.opsets, rules: shapeRuleOf, bindings: {}, functions: model.functions, irVersion: model.irVersion });
  return dimFacts(main.typed, unbound, ctx.symbols);
}

/** Convenience: analyzeFile then buildReport. */
export function reportFromFile(filePath: string, options: ReportOptions = {}): Report {
  return buildReport(analyzeFile(filePath), options);
}
