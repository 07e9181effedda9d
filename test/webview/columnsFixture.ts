/**
 * A synthetic report built straight as columns (the 'reportColumns' transport), so tests can lay
 * out a million intervals in about a second instead of generating and encoding a million value
 * objects. Same shape as makeSyntheticReport: a chain of steps with one output each, short and long
 * lifetimes, freelist reuse (rows with many segments), aliases and in-place outputs (overlap layers),
 * unknown sizes, and a workspace on every fifth step.
 */
import { REPORT_COLUMNS_VERSION, type ReportColumns } from '../../src/report/columnarReport';
import { ALLOC_KIND_CODES, FLAG, NULL_CODE, REUSE_VIA_CODES, WORKSPACE_STATE_CODES } from '../../src/report/columnarTables';
import { mulberry32 as rng } from '../support/seededRandom';
import { modeledSession } from '../../src/report/describeSession';

const list = (n: number, each: number): { lengths: Int32Array; items: Int32Array } => ({ lengths: new Int32Array(n).fill(each), items: new Int32Array(n * each) });

/** Columns of a synthetic sequential report with `n` values over `n` steps. */
export function makeColumnsReport(n: number, seed = 1): ReportColumns {
  const rand = rng(seed);
  const strings: string[] = [];
  const ref = (s: string): number => strings.push(s) - 1;
  const ops = ['MatMul', 'Add', 'Relu', 'Reshape', 'Softmax'].map(ref);
  const empty = ref('');
  const float32 = ref('float32');
  const unknownReason = ref('Synthetic unknown size');
  const names = new Int32Array(n);
  const nodes = new Int32Array(n);
  for (let i = 0; i < n; i++) { names[i] = ref(`t${i}`); nodes[i] = ref(`node${i}`); }
  const code = <T>(codes: readonly T[], v: T): number => codes.indexOf(v);

  const v = {
    count: n, name: names, dtype: new Int32Array(n).fill(float32),
    shape: { lengths: new Int32Array(n).fill(1), numbers: new Float64Array(n), codes: new Int32Array(n).fill(-1) },
    symbolicShape: { lengths: new Int32Array(n).fill(1), numbers: new Float64Array(n), codes: new Int32Array(n).fill(-1) },
    bytes: new Float64Array(n), unavailableReason: new Int32Array(n).fill(-1), allocKind: new Uint8Array(n), root: new Int32Array(n),
    reuseVia: new Uint8Array(n).fill(NULL_CODE), reusedFromValue: new Int32Array(n).fill(-1), reusedFromFreedAfter: new Float64Array(n),
    producedAt: new Float64Array(n), releasedAfter: new Float64Array(n), lastUsedAt: new Float64Array(n), producer: nodes,
    consumers: { lengths: new Int32Array(n).fill(1), items: new Float64Array(n) }, flags: new Uint8Array(n),
  };
  const liveDelta = new Float64Array(n + 1);
  // Buffers whose last value is released, newest first: candidates for freelist reuse.
  const free: Array<{ root: number; freedAfter: number; bytes: number }> = [];
  for (let i = 0; i < n; i++) {
    const life = rand() < 0.9 ? 1 + Math.floor(rand() * 6) : 1 + Math.floor(rand() * n * 0.05);
    const release = Math.min(n - 1, i + life);
    const bytes = 256 * (1 + Math.floor(rand() * 4096));
    const isUnknown = rand() < 0.01;
    let root = names[i]!;
    let alloc = 'Allocate' as (typeof ALLOC_KIND_CODES)[number];
    const r = rand();
    const candidate = free[free.length - 1];
    if (r < 0.5 && candidate && candidate.freedAfter < i && candidate.bytes >= bytes) {
      free.pop();
      root = candidate.root;
      alloc = 'Reuse';
      v.reuseVia[i] = code(REUSE_VIA_CODES, 'freelist');
      v.reusedFromValue[i] = candidate.root;
      v.reusedFromFreedAfter[i] = candidate.freedAfter;
    } else if (r < 0.55 && i > 0) {
      root = v.root[i - 1]!;
      alloc = 'Reuse';
      v.reuseVia[i] = code(REUSE_VIA_CODES, rand() < 0.5 ? 'alias' : 'inplace');
    }
    if (root === names[i]) {
      free.push({ root, freedAfter: release, bytes });
      free.sort((a, b) => b.freedAfter - a.freedAfter);
      if (free.length > 64) free.length = 64;
      liveDelta[i]! += bytes;
      liveDelta[release + 1]! -= bytes;
    }
    const isLast = i === n - 1;
    v.allocKind[i] = code(ALLOC_KIND_CODES, isLast ? 'AllocateOutput' : alloc);
    v.root[i] = root;
    v.bytes[i] = isUnknown ? NaN : bytes;
    v.unavailableReason[i] = isUnknown ? unknownReason : -1;
    v.shape.numbers[i] = bytes / 4;
    v.symbolicShape.numbers[i] = bytes / 4;
    v.producedAt[i] = i;
    v.releasedAfter[i] = isLast ? NaN : release;
    v.lastUsedAt[i] = release;
    v.consumers.items[i] = release;
    v.flags[i] = isLast ? FLAG.isGraphOutput : 0;
  }
  const liveBytes = new Float64Array(n);
  let live = 0;
  let peak = 0;
  let peakStep = 0;
  for (let s = 0; s < n; s++) {
    live += liveDelta[s]!;
    liveBytes[s] = live;
    if (live > peak) { peak = live; peakStep = s; }
  }
  const index = Int32Array.from({ length: n }, (_, i) => i);
  const outputs = list(n, 1);
  outputs.items.set(names);
  const steps = {
    count: n, index, node: nodes, nodeIndex: index, displayName: nodes, opType: Int32Array.from({ length: n }, (_, i) => ops[i % 5]!),
    domain: new Int32Array(n).fill(empty), inputs: list(n, 0), outputs, inserted: new Uint8Array(n), liveBytes,
    liveReason: new Int32Array(n).fill(-1), arenaInUseBytes: new Float64Array(n).fill(NaN), arenaHeldBytes: new Float64Array(n).fill(NaN), arenaReason: new Int32Array(n).fill(-1), workspaceBytes: Float64Array.from({ length: n }, (_, i) => (i % 5 === 0 ? 4096 : 0)),
    workspaceState: Uint8Array.from({ length: n }, (_, i) => code(WORKSPACE_STATE_CODES, i % 5 === 0 ? 'formula' : 'zero')),
    workspaceReason: new Int32Array(n).fill(-1), subgraphs: list(n, 0),
  };
  const ends = new Uint32Array(strings.length);
  let end = 0;
  strings.forEach((s, i) => { end += s.length; ends[i] = end; });
  return {
    version: REPORT_COLUMNS_VERSION,
    meta: {
      schemaVersion: 1, tool: { name: 'onnx-memory-lens', version: '0.1.0' },
      model: { path: `/synthetic/columns-${n}.onnx`, irVersion: 8, opsets: { '': 17 }, producer: 'synthetic', fileBytes: 0 },
      bindings: {}, symbols: [], view: 'sequential', session: modeledSession({ intraOpThreads: 2, l2CacheBytes: 1048576, maxTotalSequenceLength: null }, 'sequential'),
      physicalPeak: { bytes: null, reason: 'Synthetic report' },
    },
    graphs: [{
      meta: { id: 'main', parent: null, peak: { bytes: peak, step: peakStep, reason: null, label: 'Modeled peak (sequential)' }, maxLiveBytes: peak, initialization: null, uncovered: [], unavailable: [], bestFitArenaBytes: null },
      steps, values: v,
    }],
    strings: { text: strings.join(''), ends },
  };
}
