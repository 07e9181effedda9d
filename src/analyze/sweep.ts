/**
 * Sweeps and fits: one Analysis (the file is read once), many plans of its main graph. The first
 * value gets a full report (which keeps the graph ORT executes, its static plan per view and its
 * static inference pass on the Analysis); every further value only reruns the runtime inference
 * pass and the live-bytes curve, and the workspace formula of its peak step. The numbers are the
 * ones buildReport gives for the same bindings (test/analyze/sweep.test.ts checks every point).
 */
import { LensError } from '../onnx/lensError';
import { dataTypeBits } from '../onnx/dataType';
import { inferShapes } from '../shape/inferShapes';
import { addDims, evaluateDim, mulDims, univariateCoefficients } from '../shape/symbolicDim';
import type { InferenceResult, InferredValue, SymDim } from '../shape/types';
import { nodeDisplayName } from '../plan/executionOrder';
import { planLiveCurve, planSequences, type PlanGraphInput, type StaticPlan } from '../plan/planGraph';
import { elementRowName, type SequenceElements } from '../plan/sequenceElements';
import type { WorkspaceEnv } from '../plan/workspace';
import { initializerBytes } from '../report/budget';
import { peakBuffers, type LiveBufferValue } from '../report/liveBuffers';
import type { PlanView, Report, ReportSession, SessionFacts } from '../report/report';
import { findKnees, evaluatePolynomial, formatPolynomial, type SweepPoint, type SweepResult, type SweepSegment } from '../report/sweep';
import { buildReport, graphInferOptions, opsetRecord, workspaceEnvOf, type Analysis } from './buildReport';
import { valueSizes, type TransformedGraph } from './graphReport';
import type { ReportProgress } from './reportProgress';
import { overridableInitializers, stepWorkspace, workspaceIo } from './stepWorkspace';

/** What stays fixed while one dim varies. */
export interface PointPlannerOptions {
  dim: string;
  /** The other dims' values (a binding of `dim` here is ignored). */
  bindings?: Record<string, number>;
  view?: PlanView;
  session?: Partial<SessionFacts>;
  /** Contents fixed for small main-graph inputs (`--value`), as buildReport takes them as `values`. */
  inputValues?: Record<string, number[]>;
  /** Polled before each plan; true stops the work with LensError('cancelled') (the panel's Cancel, through shared memory). */
  isCancelled?: () => boolean;
}

/** Plans the main graph of one Analysis at any value of one dim (see file comment). */
export class PointPlanner {
  readonly dim: string;
  readonly bindings: Record<string, number>;
  readonly view: PlanView;
  /** The session as the reports name it. */
  readonly session: ReportSession;
  /** The full report of the first value planned. */
  readonly firstReport: Report;
  /** Main-graph initializer bytes as stored: they read no binding. */
  readonly initializerBytes: number | null;
  /** How many values were planned (the first report included). */
  planned = 0;
  private readonly known: TransformedGraph;
  private readonly staticPlan: StaticPlan;
  private readonly opsets: Record<string, number>;
  private readonly env: WorkspaceEnv;
  private readonly memo = new Map<number, SweepPoint>();
  private unbound: InferenceResult | null = null;
  private readonly values: Record<string, number[]>;
  private readonly isCancelled: (() => boolean) | undefined;

  constructor(
    private readonly analysis: Analysis,
    options: PointPlannerOptions,
    firstValue: number,
  ) {
    this.dim = options.dim;
    this.isCancelled = options.isCancelled;
    this.bindings = { ...(options.bindings ?? {}) };
    delete this.bindings[this.dim];
    this.view = options.view ?? 'sequential';
    this.values = { ...(options.inputValues ?? {}) };
    this.opsets = opsetRecord(analysis.model);
    analysis.transformed ??= new WeakMap();
    this.firstReport = buildReport(analysis, { bindings: { ...this.bindings, [this.dim]: firstValue }, view: this.view, values: this.values, ...(options.session ? { session: options.session } : {}) });
    this.planned = 1;
    if (!this.firstReport.symbols.includes(this.dim)) {
      // A data-dependent name (`Loop_0.iterations`) is listed only while unbound: ask once without it.
      const symbols = buildReport(analysis, { bindings: this.bindings, view: this.view, ...(options.session ? { session: options.session } : {}) }).symbols;
      if (!symbols.includes(this.dim)) {
        const dims = symbols.length > 0 ? `its symbolic dims: ${symbols.join(', ')}` : 'it has no symbolic dims';
        throw new LensError('bad-argument', `'${this.dim}' is not a symbolic dim of this model (${dims})`);
      }
    }
    this.session = this.firstReport.session;
    this.env = workspaceEnvOf(this.session);
    const main = this.firstReport.graphs[0]!;
    this.initializerBytes = initializerBytes(main);
    this.known = analysis.transformed.get(analysis.model.graph)!;
    this.staticPlan = this.known.plans[this.view]!;
    this.memo.set(firstValue, this.pointOfReport(firstValue));
  }

  /** The point at `value` (planned once per value). */
  at(value: number): SweepPoint {
    let p = this.memo.get(value);
    if (!p) {
      if (this.isCancelled?.() === true) throw new LensError('cancelled', `Planning ${this.dim}=${value} was cancelled`);
      p = this.plan(value);
      this.memo.set(value, p);
      this.planned++;
    }
    return p;
  }

  /** Every point planned so far, by value. */
  plannedPoints(): SweepPoint[] {
    return [...this.memo.values()].sort((a, b) => a.value - b.value);
  }

  private pointOfReport(value: number): SweepPoint {
    const main = this.firstReport.graphs[0]!;
    const { bytes, step, reason } = main.peak;
    const s = step === null ? null : main.steps[step]!;
    const top = step === null ? null : topOf(peakBuffers(main, main.peak));
    return this.point(value, bytes, step, reason, s ? s.displayName || s.opType : null, step === null ? null : main.steps[step]!.liveBytes, s, top);
  }

  private point(
    value: number, peakBytes: number | null, peakStep: number | null, peakReason: string | null, peakNode: string | null, live: number | null,
    ws: { workspaceBytes: number | null; workspaceState: SweepPoint['workspaceState']; workspaceReason: string | null } | null,
    top: SweepPoint['topContributor'],
  ): SweepPoint {
    const init = this.initializerBytes;
    return {
      value, peakBytes, peakStep, peakReason, peakNode, liveBytesAtPeak: live,
      workspaceBytesAtPeak: ws?.workspaceBytes ?? null, workspaceState: ws?.workspaceState ?? null, workspaceReason: ws?.workspaceReason ?? null,
      initializerBytes: init,
      totalBytes: peakBytes === null || init === null ? null : peakBytes + init,
      topContributor: top,
    };
  }

  private infer(bindings: Record<string, number>): InferenceResult {
    // The options buildReport infers the main graph with (ORT's declared shapes, the NCHWc block size).
    return inferShapes(this.known.typed, {
      ...graphInferOptions(this.analysis, this.opsets, bindings),
      staticPass: this.known.staticPass,
      ...(Object.keys(this.values).length > 0 ? { inputValues: this.values } : {}),
    });
  }

  private planInput(typeOf: (name: string) => InferredValue | undefined, bindings: Record<string, number>): PlanGraphInput {
    const exec = this.known.exec;
    return { exec, typeOf, bytesOf: valueSizes(exec, typeOf, bindings), opsets: this.opsets, bindings, view: this.view, parentOpType: null };
  }

  private plan(value: number): SweepPoint {
    const bindings = { ...this.bindings, [this.dim]: value };
    const inference = this.infer(bindings);
    const typeOf = (name: string): InferredValue | undefined => inference.values.get(name);
    const input = this.planInput(typeOf, bindings);
    const sequences = planSequences(input, this.staticPlan);
    const curve = planLiveCurve(input, this.staticPlan, undefined, sequences);
    const { bytes, step, reason } = curve.peak;
    if (step === null) return this.point(value, bytes, null, reason, null, null, null, null);
    const exec = this.known.exec;
    const node = exec.nodes[this.staticPlan.order[step]!]!;
    const overridable = overridableInitializers(this.analysis.model.graph.inputs, exec.initializers, this.analysis.model.irVersion);
    const io = workspaceIo(exec, node, typeOf, bindings, overridable, new Set(exec.outputs.map((o) => o.name)));
    const ws = stepWorkspace(node, io, this.opsets, this.env);
    const top = topOf(peakBuffers({ steps: this.staticPlan.order, values: this.liveValues(input, sequences) }, curve.peak));
    return this.point(value, bytes, step, reason, nodeDisplayName(node), curve.liveBytes[step]!, { workspaceBytes: ws.bytes, workspaceState: ws.state, workspaceReason: ws.reason }, top);
  }

  /** The plan's values with this binding's sizes, and the sequences' element tensors, as liveBuffersAt reads them. */
  private liveValues(input: PlanGraphInput, sequences: SequenceElements | null): LiveBufferValue[] {
    const { allocation, lifetimes } = this.staticPlan;
    const rows: LiveBufferValue[] = allocation.values.map((v, i) => {
      const size = sequences?.sizes.get(i) ?? input.bytesOf(v.name);
      return {
        name: v.name, root: v.root, allocKind: v.allocKind, producedAt: v.producedAt,
        releasedAfter: lifetimes.at(i).releasedAfter,
        bytes: size.bytes, unavailableReason: size.bytes === null ? size.reason ?? 'unknown' : null,
      };
    });
    for (const c of sequences?.chunks ?? []) {
      const name = elementRowName(allocation.table.names[c.sequence]!, c.position);
      rows.push({ name, root: name, allocKind: 'Allocate', producedAt: c.at, releasedAfter: c.freedAfter >= 0 ? c.freedAfter : null, bytes: c.bytes, unavailableReason: null });
    }
    return rows;
  }

  /**
   * Live bytes after `step` as a polynomial in the dim (coefficients lowest first), from one
   * inference with the dim left symbolic; null with the reason when a size there is not one.
   */
  livePolynomial(step: number): { coefficients: number[] | null; reason: string | null } {
    if (this.view === 'parallel') return { coefficients: null, reason: 'not derived for the parallel peak (its worst moment moves with the sizes and is not one step\'s buffers)' };
    this.unbound ??= this.infer(this.bindings);
    const inference = this.unbound;
    const { allocation, release } = this.staticPlan;
    const n = this.staticPlan.order.length;
    const exec = this.known.exec;
    let sum: SymDim = 0;
    for (const v of allocation.values) {
      if (!allocation.ownsProducedBuffer(v.ortIndex)) continue;
      const end = release.at[v.ortIndex]!;
      if (!(v.producedAt <= step && step <= (end >= 0 ? end : n - 1))) continue;
      const init = exec.initializers.get(v.name);
      let size: SymDim;
      if (init) size = init.byteSize;
      else {
        const t = inference.values.get(v.name);
        const bits = t?.dtype == null ? null : dataTypeBits(t.dtype);
        if (t?.kind === 'sequence') return { coefficients: null, reason: `the element tensors of sequence '${v.name}' are not derived as a polynomial` };
        if (!t || (t.kind !== 'tensor' && t.kind !== 'unknown') || t.shape === null || bits === null || bits % 8 !== 0) {
          return { coefficients: null, reason: `the size of '${v.name}' is not a product of dims` };
        }
        size = bits / 8;
        for (const d of t.shape) size = mulDims(size, evaluateDim(d, this.bindings));
      }
      sum = addDims(sum, size);
      if (sum === null) return { coefficients: null, reason: `the size of '${v.name}' is not a polynomial in ${this.dim}` };
    }
    const coefficients = univariateCoefficients(sum, this.dim);
    return coefficients === null ? { coefficients: null, reason: `the live bytes depend on other unbound dims or data-dependent sizes` } : { coefficients: trimZeros(coefficients), reason: null };
  }
}

function trimZeros(c: number[]): number[] {
  const out = [...c];
  while (out.length > 1 && out[out.length - 1] === 0) out.pop();
  return out;
}

function topOf(buffers: ReturnType<typeof peakBuffers>): SweepPoint['topContributor'] {
  const b = buffers[0];
  return b && b.bytes !== null && b.bytes > 0 ? { name: b.root, bytes: b.bytes } : null;
}

/** A sweep: one dim over `values` (ascending, unique), the others fixed. */
export interface SweepOptions extends PointPlannerOptions {
  values: number[];
  /** Find each knee's neighbouring values by bisection (default true; a few plans per knee). */
  refineKnees?: boolean;
  /** Called after each point (done = points planned). */
  onProgress?: (progress: ReportProgress) => void;
}

/** Runs of equal known peak steps, each with its checked polynomial (see SweepSegment). */
export function sweepSegments(planner: PointPlanner, points: readonly SweepPoint[]): SweepSegment[] {
  const out: SweepSegment[] = [];
  let i = 0;
  while (i < points.length) {
    const step = points[i]!.peakStep;
    let j = i;
    while (j + 1 < points.length && points[j + 1]!.peakStep === step && step !== null) j++;
    if (step !== null) {
      const run = points.slice(i, j + 1);
      let { coefficients, reason } = planner.livePolynomial(step);
      if (coefficients) {
        const bad = run.find((p) => p.peakBytes === null || evaluatePolynomial(coefficients!, p.value) !== p.peakBytes);
        if (bad) {
          reason = `the symbolic sizes give ${String(evaluatePolynomial(coefficients, bad.value))} B at ${planner.dim}=${bad.value} but the plan ${String(bad.peakBytes)} B (a size there comes from value propagation)`;
          coefficients = null;
        }
      }
      out.push({ fromValue: run[0]!.value, toValue: run[run.length - 1]!.value, peakStep: step, coefficients, polynomial: coefficients ? formatPolynomial(coefficients, planner.dim) : null, reason });
    }
    i = j + 1;
  }
  return out;
}

/** Plans every value of `options.values` (see file comment); reads the file no more (the Analysis holds it). */
export function sweepAnalysis(analysis: Analysis, options: SweepOptions): SweepResult {
  const values = options.values;
  if (values.length === 0) throw new LensError('bad-argument', 'A sweep needs at least one value');
  const planner = new PointPlanner(analysis, options, values[0]!);
  const points: SweepPoint[] = [];
  values.forEach((v, i) => {
    points.push(planner.at(v));
    options.onProgress?.({ message: `Planned ${options.dim}=${v} (${i + 1} of ${values.length})`, done: i + 1, total: values.length });
  });
  const knees = findKnees(points);
  if (options.refineKnees !== false) for (const k of knees) k.exact ??= refineKnee(planner, points[k.index - 1]!, points[k.index]!);
  return { dim: options.dim, bindings: planner.bindings, view: planner.view, session: planner.session, points, knees, segments: sweepSegments(planner, points) };
}

/** Bisection between two planned points that differ in peak step or top contributor: the neighbours where the change happens. */
function refineKnee(planner: PointPlanner, a: SweepPoint, b: SweepPoint): [number, number] {
  const same = (p: SweepPoint): boolean => p.peakStep === a.peakStep && (p.topContributor?.name ?? null) === (a.topContributor?.name ?? null);
  let lo = a.value;
  let hi = b.value;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (same(planner.at(mid))) lo = mid;
    else hi = mid;
  }
  return [lo, hi];
}
