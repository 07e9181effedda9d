/**
 * One graph's part of the Report: plans the graph ORT executes, then turns steps and values into
 * report rows. Each If/Loop/Scan body becomes its own ReportGraph (recursively), planned as a
 * local graph whose outer-scope values are PreExisting, and never added into the parent's peak.
 */
import { maxKnownLiveBytes } from '../report/liveBuffers';
import { dataTypeName, DataType } from '../onnx/dataType';
import { findAttribute, type FunctionInfo, type Graph, type Node, type TensorInfo } from '../onnx/model';
import { findOp } from '../ops/registry';
import { buildExecGraph, outerNamesOf } from '../plan/buildExecGraph';
import type { ExecGraph } from '../plan/execGraph';
import { execGraphToGraph } from '../plan/execGraphToGraph';
import { nodeDisplayName } from '../plan/executionOrder';
import { applyOrtTransforms } from '../plan/ortTransforms';
import { outputsProvidedByParent, planGraph, planStatic, type GraphPlan, type StaticPlan } from '../plan/planGraph';
import { elementRowName } from '../plan/sequenceElements';
import { IS_GRAPH_INPUT, IS_GRAPH_OUTPUT, IS_INITIALIZER, IS_OUTER_SCOPE } from '../plan/valuePlan';
import { formatBytesExact } from '../report/formatBytes';
import type { SizeWithReason } from '../plan/peakMemory';
import { shapeBytes } from '../shape/shapeBytes';
import { dimSymbols, formatDim } from '../shape/symbolicDim';
import type { InferenceResult, InferredValue, SymDim } from '../shape/types';
import { inferenceIdsOf, StaticPassMemo } from '../shape/inferShapes';
import type { OutputCopy, PlanView, ReportDim, ReportGraph, ReportStep, ReportValue, UnavailableGroup } from '../report/report';
import type { ProgressCounter } from './reportProgress';
import { graphUncovered } from '../report/uncoveredTerms';
import { overridableInitializers, stepWorkspace, workspaceIo } from './stepWorkspace';
import { controlFlowFactsOf } from './controlFlowFacts';
import { estimateInitialization, InitializerUseMemo, type InitializationStep, type WorkspaceEnv } from '../plan/workspace';

/** Type inference as the report uses it: one graph, with the outer scope's types. */
/** Infers a graph; `staticPass` keeps its binding-independent pass, `inputValues` are the contents the user fixed for the main graph's inputs. */
export type InferGraph = (
  graph: Graph,
  outerScope: ReadonlyMap<string, InferredValue>,
  staticPass?: StaticPassMemo,
  inputValues?: Readonly<Record<string, readonly number[]>>,
  iterationInput?: { name: string; symbol: string },
) => InferenceResult;

/**
 * A graph as ORT executes it after the level-0 transforms, kept across reports of one model. The
 * transforms read dtypes and static shapes only (never a bound dim), so the result holds for every
 * binding, view and session; `typed` is the same graph in the form inference reads.
 */
export interface TransformedGraph {
  exec: ExecGraph;
  typed: Graph;
  /** The binding-independent plan of `exec` per view, once planned. */
  plans: Partial<Record<PlanView, StaticPlan>>;
  /** The static inference pass of `typed`, kept for rebinds (it reads no binding; used without an outer scope only). */
  staticPass: StaticPassMemo;
  /** The initializers' use counts per view, kept for rebinds (they read no binding). */
  initializerUses: Partial<Record<PlanView, InitializerUseMemo>>;
}

/** What every graph of one report shares. */
export interface GraphReportContext {
  opsets: Record<string, number>;
  /** Session facts for the workspace and prepack formulas. */
  env: WorkspaceEnv;
  /** The model's IR version (initializers listed as graph inputs are overridable from IR 4). */
  irVersion: number;
  functions: FunctionInfo[];
  bindings: Record<string, number>;
  view: PlanView;
  infer: InferGraph;
  /** Contents the user fixed for small main-graph inputs (`--value`); empty when none. */
  inputValues: Readonly<Record<string, readonly number[]>>;
  /** Output list: graphs are appended in depth-first order, main first. */
  graphs: ReportGraph[];
  /** Every symbol seen in any shape. */
  symbols: Set<string>;
  usedIds: Set<string>;
  /** Outer-scope names per body Graph, computed once per report. */
  outerMemo: WeakMap<Graph, string[]>;
  /** Transformed graphs from earlier reports of the same model (see TransformedGraph). */
  transformed: WeakMap<Graph, TransformedGraph>;
  /** The main graph as inference read it and its inference, set by the main graph's report. */
  main?: { typed: Graph; inference: InferenceResult };
  progress: ProgressCounter;
  /** The main graph's nodes are in ORT's execution order already (an optimized graph, src/optimize). */
  mainInFileOrder: boolean;
  /** Bodies of ORT's saved graph whose node list is ORT's execution order (bodiesInSavedOrder). */
  bodiesInOrder: ReadonlySet<Graph>;
  /** Contents keys of initializers ORT's folding made (contentKeys.ts); empty for the file's own graph. */
  contentKeys: ReadonlyMap<string, string>;
  /** Packs built so far in this session, by op type and contents key (SessionPacks.owners). */
  packOwners: Map<string, string>;
  /**
   * One entry per graph being built, innermost last: the reads (input slots, graph outputs) and
   * releasing packs that its bodies made of names they do not define, by name, for the graph that
   * owns the initializer (passOuterUses).
   */
  outerUses: Map<string, OuterUse>[];
}

/** A body's uses of a name from an enclosing graph: input slots and graph outputs reading it, packs releasing it. */
interface OuterUse {
  slots: number;
  releases: number;
}

/** Where a subgraph hangs in its parent. */
export interface GraphParent {
  graph: string;
  node: string;
  attribute: string;
  opType: string;
}

function uniqueId(ctx: GraphReportContext, id: string): string {
  let out = id;
  for (let i = 2; ctx.usedIds.has(out); i++) out = `${id}#${i}`;
  ctx.usedIds.add(out);
  return out;
}

/** A report shape: the inferred array itself when every dim is a number or unknown (the usual case; never mutated), else the formatted dims. */
function shapeOut(shape: SymDim[], symbols: Set<string>): ReportDim[] {
  for (let i = 0; i < shape.length; i++) if (shape[i] !== null && typeof shape[i] !== 'number') return shape.map((x) => dimOut(x, symbols));
  return shape as ReportDim[];
}

function dimOut(d: SymDim, symbols: Set<string>): ReportDim {
  // Most dims are numbers: no symbols to collect, and no empty array per dim.
  if (d === null || d === undefined || typeof d === 'number') return d ?? null;
  for (const name of dimSymbols(d)) symbols.add(name);
  return formatDim(d);
}

/**
 * Own bytes of each value of `exec` as the run sees it (bindings applied), memoised per name: an
 * initializer's stored size, else its inferred type's; unavailable with the reason otherwise.
 */
export function valueSizes(exec: ExecGraph, typeOf: (name: string) => InferredValue | undefined, bindings: Record<string, number>): (name: string) => SizeWithReason {
  const sizeCache = new Map<string, SizeWithReason>();
  return (name: string): SizeWithReason => {
    let s = sizeCache.get(name);
    if (s) return s;
    s = valueSize(exec, name, typeOf(name), bindings);
    sizeCache.set(name, s);
    return s;
  };
}

/** The own bytes of value `name` of type `t` (valueSizes without its memo). */
export function valueSize(exec: ExecGraph, name: string, t: InferredValue | undefined, bindings: Record<string, number>): SizeWithReason {
  const init = exec.initializers.size > 0 ? exec.initializers.get(name) : undefined;
  if (init) return init.byteSize === null ? { bytes: null, reason: `initializer '${name}': ${init.byteSizeReason ?? 'its size is unknown'}` } : { bytes: init.byteSize, reason: null };
  if (!t) return { bytes: null, reason: 'no type inferred' };
  if (t.kind === 'sequence') return { bytes: null, reason: 'sequence value: its element tensors are not known here (it is given to the graph, or made by an op whose sequence handling is not modeled)' };
  if (t.kind !== 'tensor' && t.kind !== 'unknown') return { bytes: null, reason: `${t.kind} value: its contents are allocated by the kernel` };
  if (t.dtype === DataType.STRING) return { bytes: null, reason: 'string tensor: size depends on the strings' };
  const s = shapeBytes(t.dtype, t.shape, bindings, name);
  return s.bytes === null && t.reason ? { bytes: null, reason: t.reason } : s;
}

/** A Loop body's iteration-number input and the symbol its contents are (as the Loop's shape rule names it), else undefined. */
function iterationInputOf(graph: Graph, parent: GraphParent | null): { name: string; symbol: string } | undefined {
  const name = graph.inputs[0]?.name;
  return parent?.opType === 'Loop' && name ? { name, symbol: `${parent.node}.iteration` } : undefined;
}

/** What every step without bodies shares as its `subgraphs` (never written): an empty array per step was 200k at 200k steps. */
const NO_BODIES: string[] = [];

/** Builds the report graph for `graph` and its bodies; returns its id. */
export function buildGraphReport(
  ctx: GraphReportContext,
  graph: Graph,
  outerTypes: ReadonlyMap<string, InferredValue>,
  parent: GraphParent | null,
  id: string,
  outerInitializers: ReadonlyMap<string, string> = new Map(),
): string {
  const graphId = uniqueId(ctx, id);
  const index = ctx.graphs.length;
  ctx.graphs.push(null as unknown as ReportGraph);
  ctx.outerUses.push(new Map());
  const nodeCount = graph.nodes.length;
  ctx.progress.begin(graphId, nodeCount);
  let exec: ExecGraph;
  let inference: InferenceResult;
  let known = ctx.transformed.get(graph);
  if (known) {
    // A rebind or view switch: the transforms' result is binding-independent; only inference reruns.
    exec = known.exec;
    ctx.progress.phaseDone(0, graphId, nodeCount);
    inference = ctx.infer(known.typed, outerTypes, known.staticPass, parent === null ? ctx.inputValues : undefined, iterationInputOf(graph, parent));
  } else {
    exec = buildExecGraph(graph, new Set(outerTypes.keys()), ctx.outerMemo);
    // Inference is the costly step: when the transforms left the graph as they last typed it (the usual
    // fp32 case), the final pass reuses that result instead of inferring the same graph again.
    // The memo is keyed by the graph and its version, which GraphEditor bumps on every change.
    let memo: { exec: ExecGraph; version: number; typed: Graph; result: InferenceResult } | null = null;
    const inferExec = (e: ExecGraph): InferenceResult => {
      if (memo === null || memo.exec !== e || memo.version !== e.version) {
        const typed = execGraphToGraph(e, graph.name);
        memo = { exec: e, version: e.version, typed, result: ctx.infer(typed, outerTypes, undefined, parent === null ? ctx.inputValues : undefined, iterationInputOf(graph, parent)) };
      }
      return memo.result;
    };
    exec = applyOrtTransforms(exec, { opsets: ctx.opsets, functions: ctx.functions, types: inferExec, outerTypes });
    ctx.progress.phaseDone(0, graphId, nodeCount);
    inference = inferExec(exec);
    known = { exec, typed: memo!.typed, plans: {}, staticPass: new StaticPassMemo(), initializerUses: {} };
    ctx.transformed.set(graph, known);
  }
  ctx.progress.phaseDone(1, graphId, nodeCount);
  if (parent === null) ctx.main = { typed: known.typed, inference };
  const typeOf = (name: string): InferredValue | undefined => inference.values.get(name) ?? outerTypes.get(name);
  const bytesOf = valueSizes(exec, typeOf, ctx.bindings);
  const sizeOf = (name: string, t: InferredValue | undefined): SizeWithReason => valueSize(exec, name, t, ctx.bindings);
  // known.typed is exec's live nodes, the graph `inference` is of: the plan reads types at their ids.
  // Only the main graph of ORT's saved graph is in execution order (rewritten from the partition
  // dump); a saved body lists its nodes by index, so its order is ORT's DEFAULT order computed here
  // (the oracle checks both against ORT's profile).
  const planInput = { exec, typeOf, bytesOf, sizeOf, ids: inferenceIdsOf(inference), opsets: ctx.opsets, bindings: ctx.bindings, view: ctx.view, parentOpType: parent?.opType ?? null, fileOrder: parent === null ? ctx.mainInFileOrder : ctx.bodiesInOrder.has(graph) };
  const plan = planGraph(planInput, (known.plans[ctx.view] ??= planStatic(planInput)));
  ctx.progress.phaseDone(2, graphId, nodeCount);

  // A body sees only the outer names it reads (recursively); passing just those keeps nested
  // planning linear instead of copying the whole enclosing scope per body.
  const bodyScope = (body: Graph): Map<string, InferredValue> => {
    const scope = new Map<string, InferredValue>();
    for (const name of outerNamesOf(body, ctx.outerMemo)) {
      const t = typeOf(name);
      if (t) scope.set(name, t);
    }
    return scope;
  };

  const overridable = overridableInitializers(graph.inputs, exec.initializers, ctx.irVersion);
  const graphOutputs = new Set(exec.outputs.map((o) => o.name));
  // Constant initializers of enclosing graphs that this body reads: ORT's kernels in a body prepack
  // them as their own (measured: the Gemms in a voice model's If branches pack the main graph's
  // 256 KiB RNN weights, 1 MiB in the arena), so they count as constants here, not as unknown inputs.
  const outerConstants = new Set<string>();
  for (const name of exec.outerScope) if (outerInitializers.has(name) && !exec.initializers.has(name)) outerConstants.add(name);
  // Equal keys: equal bytes (ORT packs those once per session). An own initializer is keyed by what
  // folding made it from, else by this graph and its name; an outer one keeps its graph's key.
  const contentKeyOf = (name: string): string => (outerConstants.has(name) ? outerInitializers.get(name)! : ctx.contentKeys.get(name) ?? `${graphId}|${name}`);
  // What a nested body sees as constant: this graph's constant initializers, and the enclosing ones
  // this graph does not shadow with an input, an output of its nodes or an initializer of its own.
  // Made on the first step with a body (a graph without bodies, most of them, never walks its names).
  let visibleInitializers: Map<string, string> | null = null;
  const visibleToBodies = (): Map<string, string> => {
    if (visibleInitializers) return visibleInitializers;
    const defined = new Set<string>([...graph.inputs.map((i) => i.name), ...exec.initializers.keys()]);
    for (const n of graph.nodes) for (const o of n.outputs) if (o !== '') defined.add(o);
    visibleInitializers = new Map();
    for (const name of exec.initializers.keys()) if (!overridable.has(name)) visibleInitializers.set(name, contentKeyOf(name));
    for (const [name, key] of outerInitializers) if (!defined.has(name)) visibleInitializers.set(name, key);
    return visibleInitializers;
  };
  const initSteps: InitializationStep[] = [];
  const rows = staticRowsOf(exec, known.plans[ctx.view]!);
  const steps: ReportStep[] = plan.order.map((nodeIndex, step) => {
    const n = exec.nodes[nodeIndex]!;
    const display = rows.displayNames[step]!;
    const subgraphs = n.subgraphs.length === 0 ? NO_BODIES : n.subgraphs.map((sg) =>
      buildGraphReport(ctx, sg.graph, bodyScope(sg.graph), { graph: graphId, node: display, attribute: sg.attribute, opType: n.opType }, `${graphId}/${display}/${sg.attribute}`, visibleToBodies()),
    );
    const io = workspaceIo(exec, n, typeOf, ctx.bindings, overridable, graphOutputs, outerConstants);
    // Only a step reading an initializer adds uses or packs to the initialization figures; the
    // others (most steps) would be kept alive until then for nothing.
    if (rows.readsInitializer[step] === 1 || (outerConstants.size > 0 && n.inputs.some((name) => outerConstants.has(name)))) initSteps.push({ step, node: n, io });
    const ws = stepWorkspace(n, io, ctx.opsets, ctx.env);
    const reportStep: ReportStep = {
      index: step,
      node: n.name,
      nodeIndex,
      displayName: display,
      opType: n.opType,
      domain: n.domain,
      inputs: n.inputs,
      outputs: n.outputs,
      inserted: n.inserted,
      liveBytes: plan.curve.liveBytes[step]!,
      liveReason: plan.curve.liveReason[step]!,
      // Filled for the main graph by the arena replay (buildReport); a body runs inside its parent step.
      arenaInUseBytes: null,
      arenaHeldBytes: null,
      arenaReason: parent
        ? "a body's steps get no arena figures of their own: the replay runs the body inside its parent step, whose figures (in the main graph) include it"
        : ctx.view === 'parallel'
          ? "the parallel view does not replay the arena: the parallel executor's allocation order is not modeled"
          : 'not replayed',
      workspaceBytes: ws.bytes,
      workspaceState: ws.state,
      workspaceReason: ws.reason,
      subgraphs,
    };
    // Set only on If, Loop and Scan steps: a spread in the literal built every step on a slow path.
    const cf = controlFlowFactsOf(n, display, typeOf, ctx.bindings, ctx.opsets[''] ?? 0);
    if (cf) reportStep.controlFlow = cf;
    const sa = splitAttributesOf(n);
    if (sa) reportStep.splitAttributes = sa;
    return reportStep;
  });

  const a = plan.allocation;
  const providedByParent = outputsProvidedByParent(parent?.opType ?? null);
  const values: ReportValue[] = new Array(a.count);
  for (let i = 0; i < a.count; i++) {
    const t = plan.columns.types[i];
    const size = plan.columns.sizes[i]!;
    const released = plan.release.at[a.rootOf[i]!]!;
    const init = rows.initializers[i];
    const staticShape = t?.staticShape ?? (init ? init.dims : null);
    // `?` is an exporter's "unknown", not a dim to bind (a graph input's is bound as input:axis).
    if (staticShape) {
      for (let k = 0; k < staticShape.length; k++) {
        const d = staticShape[k];
        if (typeof d === 'string' && d !== '' && d !== '?') ctx.symbols.add(d);
      }
    }
    values[i] = {
      name: a.table.names[i]!,
      dtype: t?.dtype != null ? dataTypeName(t.dtype) : init ? dataTypeName(init.dataType) : null,
      shape: t?.shape ? shapeOut(t.shape, ctx.symbols) : init ? init.dims : null,
      symbolicShape: staticShape,
      bytes: size.bytes,
      unavailableReason: size.bytes === null ? size.reason ?? 'unknown' : null,
      allocKind: a.allocKindOf(i),
      root: a.rootNameOf(i),
      reuseVia: a.reuseViaOf(i),
      reusedFrom: a.reusedFromOf(i),
      producedAt: a.producedAt[i]!,
      releasedAfter: released >= 0 ? released : null,
      lastUsedAt: a.lastConsumer(i),
      producer: rows.producers[i]!,
      consumers: a.consumersOf(i),
      isGraphInput: a.has(i, IS_GRAPH_INPUT),
      isGraphOutput: a.has(i, IS_GRAPH_OUTPUT),
      isInitializer: a.has(i, IS_INITIALIZER),
      isOuterScope: a.has(i, IS_OUTER_SCOPE),
      providedByParent: a.has(i, IS_GRAPH_OUTPUT) && providedByParent,
    };
  }

  if (plan.sequences) values.push(...elementRows(plan, values, steps));

  const hasBodies = steps.some((s) => s.subgraphs.length > 0);
  const pending = ctx.outerUses.pop()!;
  // ORT counts an initializer's uses over every graph's input slots by name (ComputeConstantInitializerUseCount):
  // the bodies' slots reading one of ours, less their packs that released it.
  const subgraphUses = new Map<string, number>();
  for (const [name, u] of pending) if (exec.initializers.has(name)) subgraphUses.set(name, u.slots - u.releases);
  const outerReleases = exec.outerScope.size > 0 ? new Map<string, number>() : undefined;
  const initialization = estimateInitialization(exec.initializers, initSteps, { graphOutputs: exec.outputs.map((o) => o.name), subgraphUses }, ctx.env, { contentKeyOf, graph: graphId, owners: ctx.packOwners, ...(outerReleases ? { outerReleases } : {}) }, (known.initializerUses[ctx.view] ??= new InitializerUseMemo()));
  if (outerReleases) passOuterUses(ctx, exec, plan.order, pending, outerReleases);
  ctx.graphs[index] = {
    id: graphId,
    parent: parent ? { graph: parent.graph, node: parent.node, attribute: parent.attribute } : null,
    steps,
    values,
    peak: {
      ...plan.curve.peak,
      label: ctx.view === 'parallel' ? parallelPeakLabel(plan.curve.peak) : 'modeled peak of live requested bytes (ORT sequential plan)',
    },
    maxLiveBytes: maxKnownLiveBytes(plan.curve.liveBytes),
    initialization,
    uncovered: graphUncovered(exec, hasBodies),
    unavailable: groupUnavailable(values, steps),
    bestFitArenaBytes: ctx.view === 'parallel' ? null : plan.bestFitArenaBytes,
    arena: null,
    ...(parent === null ? outputCopiesEntry(exec) : {}),
  };
  ctx.progress.phaseDone(3, graphId, nodeCount);
  return graphId;
}

/**
 * One row per element tensor a step allocates into a sequence (plan.sequences), after the plan's
 * values: named `<sequence>[<position>]` (made unique if the graph has that name), its own root,
 * allocated at its step and freed after the last release of a sequence holding it. It reads no
 * step and is no step's output; `sequenceElement` marks it.
 */
function elementRows(plan: GraphPlan, values: readonly ReportValue[], steps: readonly ReportStep[]): ReportValue[] {
  const taken = new Set(values.map((v) => v.name));
  return plan.sequences!.chunks.map((c) => {
    const seq = values[c.sequence]!;
    let name = elementRowName(seq.name, c.position);
    while (taken.has(name)) name += "'";
    taken.add(name);
    const copied = c.copyOf >= 0 ? values[c.copyOf] : undefined;
    return {
      name,
      dtype: copied?.dtype ?? seq.dtype,
      shape: c.shape ? [...c.shape] : copied?.shape ?? null,
      symbolicShape: c.shape ? [...c.shape] : copied?.symbolicShape ?? null,
      bytes: c.bytes,
      unavailableReason: null,
      allocKind: 'Allocate',
      root: name,
      reuseVia: null,
      reusedFrom: null,
      producedAt: c.at,
      releasedAfter: c.freedAfter >= 0 ? c.freedAfter : null,
      lastUsedAt: -1,
      producer: steps[c.at]!.displayName,
      consumers: [],
      isGraphInput: false,
      isGraphOutput: false,
      isInitializer: false,
      isOuterScope: false,
      sequenceElement: true,
    };
  });
}

/**
 * The main graph's outputs that are initializers: ORT's ExecutionFrame::Init allocates a tensor of
 * each one's shape from the arena and copies the weight into it for the caller (execution_frame.cc,
 * "if the initializer is an output we need to allocate ... and copy the data").
 */
function outputCopiesEntry(exec: ExecGraph): Pick<ReportGraph, 'outputCopies'> {
  const copies: OutputCopy[] = [];
  const seen = new Set<string>();
  for (const o of exec.outputs) {
    const init = exec.initializers.get(o.name);
    if (!init || seen.has(o.name)) continue;
    seen.add(o.name);
    copies.push(init.byteSize === null
      ? { name: o.name, bytes: null, reason: `initializer '${o.name}': ${init.byteSizeReason ?? 'its size is unknown'}` }
      : { name: o.name, bytes: init.byteSize, reason: null });
  }
  return copies.length > 0 ? { outputCopies: copies } : {};
}

/** The parallel peak's label: exact, or the worst moment found with the bound left when the search budget ran out. */
function parallelPeakLabel(peak: GraphPlan['curve']['peak']): string {
  if (peak.exact === false && peak.bytes !== null) {
    return `worst moment found of live requested bytes over parallel schedules (search budget exhausted: the maximum is at most ${formatBytesExact(peak.upperBoundBytes ?? peak.bytes)}; no buffer sharing)`;
  }
  return 'exact worst case of live requested bytes over every parallel schedule (parallel executor, no buffer sharing)';
}

/**
 * What the step and value rows take from the graph and its static plan: per step (by step) its
 * display name and whether it reads an initializer; per value (by position in `allocation.values`)
 * its initializer and producer's display name (lifetimes come from the plan's Lifetimes).
 */
interface StaticRows {
  displayNames: string[];
  readsInitializer: Uint8Array;
  initializers: (TensorInfo | undefined)[];
  producers: (string | null)[];
}

/**
 * The binding-independent lookups of the rows, kept per static plan: a rebind or a view switch back
 * reads them by position instead of looking names up again (96k steps and 140k values at 96k nodes).
 */
const staticRows = new WeakMap<StaticPlan, StaticRows>();

function staticRowsOf(exec: ExecGraph, known: StaticPlan): StaticRows {
  let rows = staticRows.get(known);
  if (rows) return rows;
  const a = known.allocation;
  const order = known.order;
  rows = {
    displayNames: new Array(order.length), readsInitializer: new Uint8Array(order.length),
    initializers: new Array(a.count), producers: new Array(a.count),
  };
  const { slots, slotStart, producerNode } = a;
  for (let step = 0; step < order.length; step++) {
    const n = exec.nodes[order[step]!]!;
    rows.displayNames[step] = nodeDisplayName(n);
    // Only a step reading an initializer adds uses or packs to the initialization figures.
    for (let s = slotStart[n.index]!; s < slotStart[n.index]! + n.inputs.length; s++) {
      const v = slots[s]!;
      if (v >= 0 && a.has(v, IS_INITIALIZER)) {
        rows.readsInitializer[step] = 1;
        break;
      }
    }
  }
  for (let i = 0; i < a.count; i++) {
    rows.initializers[i] = a.has(i, IS_INITIALIZER) ? exec.initializers.get(a.table.names[i]!) : undefined;
    const p = producerNode[i]!;
    rows.producers[i] = p < 0 ? null : nodeDisplayName(exec.nodes[p]!);
  }
  staticRows.set(known, rows);
  return rows;
}

function groupUnavailable(values: ReportValue[], steps: ReportStep[]): UnavailableGroup[] {
  const groups = new Map<string, UnavailableGroup>();
  const group = (reason: string): UnavailableGroup => {
    let g = groups.get(reason);
    if (!g) groups.set(reason, (g = { reason, values: [], steps: [] }));
    return g;
  };
  // Indexed loops: a for-of made an iterator result per value and step in this once-per-report call.
  for (let i = 0; i < values.length; i++) if (values[i]!.bytes === null) group(values[i]!.unavailableReason ?? 'unknown').values.push(values[i]!.name);
  for (let i = 0; i < steps.length; i++) if (steps[i]!.workspaceState === 'unavailable') group(steps[i]!.workspaceReason ?? 'workspace unknown').steps.push(steps[i]!.index);
  return [...groups.values()];
}

/** The attributes the node's arena scratch split names (ScratchSplit.attributes), strings as they are and ints in decimal; null when it names none. */
function splitAttributesOf(n: Pick<Node, 'domain' | 'opType' | 'attributes'>): Record<string, string> | null {
  const split = findOp(n.domain, n.opType)?.arenaScratch;
  const names = split?.present ? split.value.attributes : undefined;
  if (!names) return null;
  const out: Record<string, string> = {};
  for (const name of names) {
    const a = findAttribute(n, name);
    if (a?.s !== undefined) out[name] = a.s;
    else if (a?.i !== undefined) out[name] = String(a.i);
  }
  return out;
}

/**
 * A body's reads of names it does not define (visible from enclosing graphs: its input slots and
 * graph outputs) and its packs that released them, with what its own bodies left unresolved, handed
 * to the graph that encloses it. A name in the body's outer scope is taken as read from outside
 * (a body that also defines it, shadowing, is not told apart).
 */
function passOuterUses(ctx: GraphReportContext, exec: ExecGraph, order: readonly number[], pending: Map<string, OuterUse>, releases: ReadonlyMap<string, number>): void {
  const up = ctx.outerUses[ctx.outerUses.length - 1];
  if (!up) return;
  const outer = (name: string): boolean => name !== '' && exec.outerScope.has(name) && !exec.initializers.has(name);
  const add = (name: string, slots: number, released: number): void => {
    const u = up.get(name);
    if (u) {
      u.slots += slots;
      u.releases += released;
    } else up.set(name, { slots, releases: released });
  };
  for (const idx of order) for (const name of exec.nodes[idx]!.inputs) if (outer(name)) add(name, 1, 0);
  for (const o of exec.outputs) if (outer(o.name)) add(o.name, 1, 0);
  for (const [name, n] of releases) if (outer(name)) add(name, 0, n);
  for (const [name, u] of pending) if (outer(name)) add(name, u.slots, u.releases);
}
