/**
 * Hand-made Reports for the webview tests: plain objects typed as Report, so the webview can be
 * tested before (and independently of) the planner. Numbers are chosen to be easy to check.
 */
import { maxKnownLiveBytes } from '../../src/report/liveBuffers';
import type { Report, ReportGraph, ReportStep, ReportValue } from '../../src/report/report';
import { modeledSession } from '../../src/report/describeSession';

/** A step with defaults for the fields a test does not care about. */
export function makeStep(index: number, node: string, opType: string, inputs: string[], outputs: string[], extra: Partial<ReportStep> = {}): ReportStep {
  return {
    index, node, nodeIndex: index, displayName: node || `${opType}_${index}`, opType, domain: '', inputs, outputs,
    inserted: false, liveBytes: 0, liveReason: null, arenaInUseBytes: null, arenaHeldBytes: null, arenaReason: 'not replayed', workspaceBytes: 0, workspaceState: 'zero', workspaceReason: null, subgraphs: [],
    ...extra,
  };
}

/** A value with defaults: owns its buffer, fresh Allocate, float. */
export function makeValue(name: string, extra: Partial<ReportValue> = {}): ReportValue {
  return {
    name, dtype: 'float32', shape: [1, 4], symbolicShape: ['batch', 4], bytes: 16, unavailableReason: null, allocKind: 'Allocate',
    root: name, reuseVia: null, reusedFrom: null, producedAt: 0, releasedAfter: null, lastUsedAt: -1, producer: null, consumers: [],
    isGraphInput: false, isGraphOutput: false, isInitializer: false, isOuterScope: false,
    ...extra,
  };
}

function peakOf(graph: ReportGraph, label: string): ReportGraph['peak'] {
  let best = -1;
  let step: number | null = null;
  for (const s of graph.steps) if (s.liveBytes !== null && s.liveBytes > best) { best = s.liveBytes; step = s.index; }
  return { bytes: step === null ? null : best, step, reason: step === null ? 'No step has a known live size' : null, label };
}

/** Options for makeSmallReport. */
export interface SmallReportOptions {
  view?: 'sequential' | 'parallel';
  /** Replaces every model name (node and value) with this prefix + a counter, to test untrusted text. */
  namePrefix?: string;
  batch?: number;
}

/**
 * A 6-step model: x(input) -> Conv(W) -> a; Relu in-place -> b; Reshape alias -> c; MatMul(M) -> d
 * (size unknown); Sigmoid -> e reusing a's dead buffer; Identity -> y (graph output).
 * Sequential: a, b, c, e share root a. Parallel: every value owns its buffer and a is freed after step 1.
 */
export function makeSmallReport(options: SmallReportOptions = {}): Report {
  const view = options.view ?? 'sequential';
  const batch = options.batch ?? 1;
  const p = options.namePrefix;
  let counter = 0;
  const nm = (s: string): string => (p === undefined ? s : `${p}${counter++}`);
  const N = { x: nm('x'), W: nm('W'), M: nm('M'), a: nm('a'), b: nm('b'), c: nm('c'), d: nm('d'), e: nm('e'), y: nm('y') };
  const S = { conv: nm('conv1'), relu: nm('relu1'), reshape: nm('reshape1'), matmul: nm('matmul1'), sig: nm('sigmoid1'), id: nm('out') };
  const big = 1024 * batch;
  const isSeq = view === 'sequential';
  // Live bytes as real reports count them: Allocate/AllocateOutput roots made by the steps (never
  // graph inputs or initializers). Sequential: root a (shared by b, c and e) for the whole run, y at
  // the end; parallel: every value owns its buffer. d's size is unknown while it lives (steps 3-4).
  const seqLive = [1, 1, 1, null, null, 2].map((k) => (k === null ? null : k * big));
  const parLive = [1, 2, 2, null, null, 2].map((k) => (k === null ? null : k * big));
  const live = isSeq ? seqLive : parLive;
  const steps: ReportStep[] = [
    makeStep(0, S.conv, 'Conv', [N.x, N.W], [N.a], { workspaceBytes: 4096, workspaceState: 'formula' }),
    makeStep(1, S.relu, 'Relu', [N.a], [N.b]),
    makeStep(2, S.reshape, 'Reshape', [N.b], [N.c]),
    makeStep(3, S.matmul, 'MatMul', [N.c, N.M], [N.d], { workspaceBytes: null, workspaceState: 'unavailable', workspaceReason: 'No workspace formula for MatMul with unbound K' }),
    makeStep(4, S.sig, 'Sigmoid', [N.d], [N.e]),
    makeStep(5, S.id, 'Identity', [N.e], [N.y]),
  ];
  steps.forEach((s, i) => {
    s.liveBytes = live[i]!;
    s.liveReason = live[i] === null ? `Size of ${N.d} is unavailable` : null;
  });
  const own = (name: string, from: number, release: number | null, extra: Partial<ReportValue> = {}): ReportValue =>
    makeValue(name, { producedAt: from, releasedAfter: release, shape: [batch, 256], symbolicShape: ['batch', 256], bytes: big, ...extra });
  const values: ReportValue[] = [
    makeValue(N.x, { producedAt: -1, isGraphInput: true, allocKind: 'PreExisting', shape: [batch, 3, 8, 8], symbolicShape: ['batch', 3, 8, 8], bytes: 768 * batch, consumers: [0], lastUsedAt: 0 }),
    makeValue(N.W, { producedAt: -1, isInitializer: true, allocKind: 'AllocateStatically', shape: [8, 3, 3, 3], symbolicShape: [8, 3, 3, 3], bytes: 864, consumers: [0], lastUsedAt: 0 }),
    makeValue(N.M, { producedAt: -1, isInitializer: true, allocKind: 'AllocateStatically', shape: [256, 256], symbolicShape: [256, 256], bytes: 262144, consumers: [3], lastUsedAt: 3 }),
    own(N.a, 0, isSeq ? 3 : 1, { producer: S.conv, consumers: [1], lastUsedAt: 1 }),
    own(N.b, 1, isSeq ? 3 : 2, { producer: S.relu, consumers: [2], lastUsedAt: 2, ...(isSeq ? { allocKind: 'Reuse', reuseVia: 'inplace', root: N.a } : {}) }),
    own(N.c, 2, 3, { producer: S.reshape, consumers: [3], lastUsedAt: 3, ...(isSeq ? { allocKind: 'Reuse', reuseVia: 'alias', root: N.a } : {}) }),
    own(N.d, 3, 4, { producer: S.matmul, consumers: [4], lastUsedAt: 4, shape: [batch, 'n'], symbolicShape: ['batch', 'n'], bytes: null, unavailableReason: "Unbound symbolic dim 'n'" }),
    own(N.e, 4, 5, { producer: S.sig, consumers: [5], lastUsedAt: 5, ...(isSeq ? { allocKind: 'Reuse', reuseVia: 'freelist', root: N.a, reusedFrom: { value: N.a, freedAfter: 3 } } : {}) }),
    own(N.y, 5, null, { producer: S.id, isGraphOutput: true, allocKind: 'AllocateOutput' }),
  ];
  const graph: ReportGraph = {
    id: 'main', parent: null, steps, values,
    peak: { bytes: null, step: null, reason: null, label: '' },
    initialization: { initializerBytesStored: 263008, initializerBytesAfterPrepack: null, arenaBytesAfterPrepack: null, prepack: [{ step: 3, initializer: N.M, packedBytes: null, reason: 'MatMul prepack size depends on the CPU' }], reason: `pack of '${N.M}' at step 3: MatMul prepack size depends on the CPU` },
    uncovered: [{ term: 'Arena rounding', reason: 'ORT rounds requests up to 256 B; not modeled' }],
    unavailable: [{ reason: "Unbound symbolic dim 'n'", values: [N.d], steps: [3] }],
    bestFitArenaBytes: isSeq ? 2 * big : null,
  };
  graph.peak = peakOf(graph, isSeq ? 'Modeled peak (sequential)' : 'Exact worst case of live requested bytes over every parallel schedule');
  graph.maxLiveBytes = maxKnownLiveBytes(steps.map((s) => s.liveBytes));
  const body: ReportGraph = {
    id: `main/${S.matmul}/body`, parent: { graph: 'main', node: S.matmul, attribute: 'body' },
    steps: [makeStep(0, nm('inner_add'), 'Add', ['i'], ['o'], { liveBytes: 32 })],
    values: [makeValue('i', { producedAt: -1, isGraphInput: true, allocKind: 'PreExisting', consumers: [0], lastUsedAt: 0 }),
      makeValue('o', { producedAt: 0, isGraphOutput: true, allocKind: 'AllocateOutput', producer: 'inner_add' })],
    peak: { bytes: null, step: null, reason: null, label: 'Local peak (body)' },
    initialization: null, uncovered: [], unavailable: [], bestFitArenaBytes: null,
  };
  body.peak = peakOf(body, 'Local peak (body)');
  body.maxLiveBytes = maxKnownLiveBytes(body.steps.map((s) => s.liveBytes));
  steps[3]!.subgraphs = [body.id];
  return {
    schemaVersion: 1, tool: { name: 'onnx-memory-lens', version: '0.1.0' },
    model: { path: '/models/small.onnx', irVersion: 8, opsets: { '': 17 }, producer: 'test', fileBytes: 300000 },
    bindings: { batch }, symbols: ['batch', 'n'], view, session: modeledSession({ intraOpThreads: 2, l2CacheBytes: 1048576, maxTotalSequenceLength: null }, view), graphs: [graph, body],
    physicalPeak: { bytes: null, reason: 'The physical peak depends on the arena and is never modeled' },
  };
}
