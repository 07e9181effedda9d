/**
 * Compares a Report's main graph with what onnxruntime-node 1.30 reported for one run
 * (test/support/ortOracle.ts). Five checks per model:
 * - order:   profile events (name, node_index) in sequence = our steps (displayName, nodeIndex);
 * - outputs: profile `output_size` per node = the sum of our output bytes;
 * - fresh:   node-stats `total_dynamic_sizes` = the 256-aligned bytes of outputs we plan as their own
 *            buffer (Allocate / AllocateOutput roots). CSV rows are keyed `<name or OpType>_<hash>`,
 *            so rows are matched as multisets per key (unnamed nodes of one op type share a key);
 * - live:    profile `mem_bytes_requested_in_use` after step k = our liveBytes[k] + B, with one
 *            constant B for all steps. B is what the arena holds before step 0 that the Run plan
 *            does not own (initializers ORT places in the CPU arena, prepacked weights); it is
 *            derived from step 0 and must then hold at every step. B should equal the report's
 *            `arenaBytesAfterPrepack` (packed copies plus kept initializers of at most 127 B stored in
 *            the model; ORT uses larger ones and external data in place). Each batch prints how
 *            often it does, and names every model where it does not;
 * - peak:    max over steps of requested-in-use = our peak + B.
 */
import { isUnnamedDim, unnamedInputDim } from '../../src/shape/passValues';
import { alignBytes } from '../../src/plan/memPattern';
import type { Report, ReportGraph } from '../../src/report/report';
import type { OracleResult } from '../support/ortOracle';

export type CheckName = 'order' | 'outputs' | 'fresh' | 'live' | 'peak';
export const CHECKS: readonly CheckName[] = ['order', 'outputs', 'fresh', 'live', 'peak'];

export interface Comparison {
  pass: Record<CheckName, boolean>;
  /** One line per failed check, naming the first difference. */
  details: string[];
  /** The constant arena baseline B, when the live check could derive it. */
  baselineBytes: number | null;
}

/** Bindings for our report taken from the feeds ORT used (symbolic input dims → concrete dims). */
export function bindingsFromFeeds(report: Report, oracle: Extract<OracleResult, { ok: true }>): Record<string, number> {
  const out: Record<string, number> = {};
  const main = report.graphs[0]!;
  for (const f of oracle.feeds) {
    const v = main.values.find((x) => x.name === f.name);
    v?.symbolicShape?.forEach((d, i) => {
      if (f.dims[i] === undefined) return;
      // An unnamed input dim is bound under its runtime symbol, as a user binds it.
      if (isUnnamedDim(d)) out[unnamedInputDim(f.name, i)] = f.dims[i]!;
      else if (typeof d === 'string') out[d] = f.dims[i]!;
    });
  }
  return out;
}

function freshBytes(g: ReportGraph, step: number): number | null {
  let sum = 0;
  for (const name of g.steps[step]!.outputs) {
    if (name === '') continue;
    const v = g.values.find((x) => x.name === name)!;
    if (v.root !== v.name || (v.allocKind !== 'Allocate' && v.allocKind !== 'AllocateOutput') || v.providedByParent) continue;
    if (v.bytes === null) return null;
    sum += alignBytes(v.bytes);
  }
  return sum;
}

/**
 * How steps and profile events are identified. 'index' (the 'disabled' oracle): display name and
 * node index, which our nodeIndex reproduces. 'name' (optimized levels): our nodes are the saved
 * graph's in ORT's order, so our indices are positions, not ORT's; a node is its name, and an
 * unnamed node (ORT's profile says `OpType_<its index>`) its op type.
 */
export type NodeIdentity = 'index' | 'name';

type OracleEvent = Extract<OracleResult, { ok: true }>['events'][number];

/** Whether profile event `e` is step `s`. */
export function sameNode(s: ReportGraph['steps'][number], e: OracleEvent, identity: NodeIdentity): boolean {
  if (identity === 'index') return s.displayName === e.name && s.nodeIndex === e.nodeIndex;
  return s.node !== '' ? s.node === e.name : e.opType === s.opType && e.name === `${e.opType}_${e.nodeIndex}`;
}

/** Runs the five checks on the main graph. */
export function compareWithOrt(report: Report, oracle: Extract<OracleResult, { ok: true }>, identity: NodeIdentity = 'index'): Comparison {
  const g = report.graphs[0]!;
  const details: string[] = [];
  const pass: Record<CheckName, boolean> = { order: true, outputs: true, fresh: true, live: true, peak: true };
  // Scan (not Loop) profiles its body's kernels too; they come just before their parent's event.
  // Keep the events of main-graph nodes: skip unmatched events only in front of a step with bodies.
  const ev: typeof oracle.events = [];
  let at = 0;
  for (const s of g.steps) {
    let j = at;
    if (s.subgraphs.length > 0) while (j < oracle.events.length && !sameNode(s, oracle.events[j]!, identity)) j++;
    if (j >= oracle.events.length) break;
    ev.push(oracle.events[j]!);
    at = j + 1;
  }
  for (; at < oracle.events.length; at++) ev.push(oracle.events[at]!);

  const ours = g.steps.map((s) => `${s.displayName}#${s.nodeIndex}`);
  const theirs = ev.map((e) => `${e.name}#${e.nodeIndex}`);
  const differs = Math.max(g.steps.length, ev.length) === 0 ? -1 : [...Array(Math.max(g.steps.length, ev.length)).keys()].find((k) => !(g.steps[k] && ev[k] && sameNode(g.steps[k]!, ev[k]!, identity))) ?? -1;
  if (differs >= 0) {
    pass.order = false;
    details.push(`order differs at step ${differs}: ours ${ours[differs] ?? '(end)'} vs ORT ${theirs[differs] ?? '(end)'}`);
  }
  // Bodies: the first run of each body that ran (If/Loop/Scan bodies are profiled node by node)
  // must list its steps in our order. Checked where the body's node names occur in no other graph.
  const names = new Map<string, number>();
  for (const sg of report.graphs) for (const s of sg.steps) names.set(s.displayName, (names.get(s.displayName) ?? 0) + 1);
  for (const sg of report.graphs.slice(1)) {
    if (sg.steps.length === 0 || sg.steps.some((s) => names.get(s.displayName) !== 1)) continue;
    const run = oracle.events.filter((e) => sg.steps.some((s) => sameNode(s, e, identity))).slice(0, sg.steps.length);
    if (run.length === 0) continue;
    const k = sg.steps.findIndex((s, i) => !(run[i] && sameNode(s, run[i]!, identity)));
    if (k >= 0) {
      pass.order = false;
      details.push(`order of body ${sg.id} differs at step ${k}: ours ${sg.steps[k]!.displayName} vs ORT ${run[k]?.name ?? '(end)'}`);
    }
  }
  // The byte checks only need the same node sequence by op type (inserted nodes may be numbered differently).
  const sameSequence = g.steps.length === ev.length && g.steps.every((s, k) => s.opType === ev[k]!.opType);
  const byName = new Map(g.values.map((v) => [v.name, v]));
  if (sameSequence) {
    for (let k = 0; k < g.steps.length; k++) {
      let sum: number | null = 0;
      for (const o of g.steps[k]!.outputs) {
        if (o === '') continue;
        const b = byName.get(o)?.bytes ?? null;
        sum = sum === null || b === null ? null : sum + b;
      }
      if (sum !== ev[k]!.outputSize) {
        pass.outputs = false;
        details.push(`output bytes of ${g.steps[k]!.displayName}: ours ${sum} vs ORT ${ev[k]!.outputSize}`);
        break;
      }
    }
  } else {
    pass.outputs = false;
  }

  // Fresh allocations, as multisets per CSV key.
  const want = new Map<string, number[]>();
  for (const r of oracle.csv) {
    const l = want.get(r.baseName) ?? [];
    l.push(r.totalDynamicSizes);
    want.set(r.baseName, l);
  }
  const got = new Map<string, (number | null)[]>();
  // The CSV also has one row per subgraph node that ran (the max over iterations), so bodies count;
  // a body node without a row never ran (the untaken If branch, a Loop with zero iterations).
  for (const sg of report.graphs) {
    sg.steps.forEach((s, k) => {
      const key = s.node !== '' ? s.node : s.opType;
      if (sg !== g && !want.has(key)) return;
      const l = got.get(key) ?? [];
      l.push(freshBytes(sg, k));
      got.set(key, l);
    });
  }
  for (const key of new Set([...want.keys(), ...got.keys()])) {
    const a = (got.get(key) ?? []).map(String).sort().join(',');
    const b = (want.get(key) ?? []).map(String).sort().join(',');
    if (a !== b) {
      pass.fresh = false;
      details.push(`fresh bytes of '${key}': ours [${a}] vs ORT [${b}]`);
      break;
    }
  }

  // Live bytes against requested-in-use minus one constant baseline.
  let baseline: number | null = null;
  if (!sameSequence || g.steps.length === 0) {
    pass.live = sameSequence;
  } else if (ev.some((e) => e.memBytesRequestedInUse === null)) {
    pass.live = false;
    details.push('ORT profile has no arena statistics');
  } else {
    for (let k = 0; k < g.steps.length; k++) {
      const ours = g.steps[k]!.liveBytes;
      const req = ev[k]!.memBytesRequestedInUse!;
      if (ours === null) {
        pass.live = false;
        details.push(`live bytes after ${g.steps[k]!.displayName} unavailable: ${g.steps[k]!.liveReason}`);
        break;
      }
      if (baseline === null) baseline = req - ours;
      if (req - ours !== baseline) {
        pass.live = false;
        details.push(`live bytes after step ${k} ${g.steps[k]!.displayName}: ours ${ours} + baseline ${baseline} vs ORT ${req}`);
        break;
      }
    }
  }
  const maxReq = ev.reduce((m, e) => Math.max(m, e.memBytesRequestedInUse ?? 0), 0);
  if (baseline === null || g.peak.bytes === null || g.peak.bytes + baseline !== maxReq) {
    pass.peak = g.steps.length === 0 && ev.length === 0;
    if (!pass.peak) details.push(`peak: ours ${g.peak.bytes} + baseline ${baseline} vs ORT max requested ${maxReq}`);
  }
  return { pass, details, baselineBytes: baseline };
}
