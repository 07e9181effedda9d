/**
 * The arena comparison of the arena oracle (arenaOracle.test.ts) and of scripts/oracleModel.ts:
 * onnxruntime-node 1.30 (CPU EP, default arena settings) runs each model twice in one session with
 * profiling, the memory pattern off and on; after every main-graph node, `mem_bytes_in_use` and
 * `mem_arena_held` must equal the replay of our plan through the simulated BFC arena (src/arena).
 * Steps whose figure we mark unavailable (with a reason) are counted apart, never as matches.
 */
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { runOrtOracle, runOrtOracleInFreshProcess, type OracleNodeEvent } from '../support/ortOracle';
import { analyzeFile, buildReport } from '../../src/analyze/buildReport';
import { arenaFiguresOf } from '../../src/analyze/arenaReplay';
import { LensError } from '../../src/onnx/lensError';
import { bindingsFromFeeds, sameNode } from './compareWithOrt';
import { analysisFromSaved, type OracleCase } from './oracleRun';
import type { GraphOptimizationLevel, Report } from '../../src/report/report';

/**
 * Known mismatches, by `model (pattern on|off, run N)`, with their cause. A listed run that matches
 * fails the test, so the list stays honest.
 */
export const ARENA_EXPECTED: Record<string, string> = {};

/**
 * Models whose ORT sessions run in a fresh process each: where two free chunks of one size sit in
 * different regions, ORT takes the one at the lower address, and the regions' addresses are the
 * system allocator's. In this long-lived process, earlier sessions (and the JavaScript heap) leave
 * holes that a later session's regions fill in another order than a fresh process's top-down
 * `mmap`, which the model follows; this DenseNet (34 MB of regions) hits such a tie at step 813.
 */
const FRESH_PROCESS = new Set(['onnx-onnx/light/light_densenet121.onnx']);

export interface ArenaTally {
  models: number;
  samples: number;
  inUse: number;
  held: number;
  unavailable: number;
  /** Models (one per setting and run) whose every known sample matched. */
  modelRunsExact: number;
  modelRuns: number;
  /** Models whose held bytes are known and equal ORT's after every node, in both settings and both runs. */
  modelsHeldEverywhere: number;
  mismatches: string[];
}
export const emptyArenaTally = (): ArenaTally => ({ models: 0, samples: 0, inUse: 0, held: 0, unavailable: 0, modelRunsExact: 0, modelRuns: 0, modelsHeldEverywhere: 0, mismatches: [] });

/** The main graph's events of run `run` (0-based): events come run after run, each in execution order. */
function runEvents(events: OracleNodeEvent[], names: Set<string>, steps: number, run: number): OracleNodeEvent[] | null {
  const main = events.filter((e) => names.has(e.name));
  if (main.length !== 2 * steps) return null;
  return main.slice(run * steps, (run + 1) * steps);
}

/**
 * Above 'disabled', ORT's own session (the saving options: one intra-op thread) saves the graph and
 * dumps the order it runs, and the report plans that saved graph with the same thread count. Then
 * our steps are the saved graph's nodes in ORT's order, and a
 * step is known by its name (an unnamed one by its op type, compareWithOrt's 'name' identity): the
 * events are walked in order, those of no main-graph step (a body's kernels) skipped.
 */
function runEventsByName(events: OracleNodeEvent[], steps: Report['graphs'][number]['steps'], run: number): OracleNodeEvent[] | null {
  let at = 0;
  const runs: OracleNodeEvent[][] = [];
  for (let r = 0; r <= run; r++) {
    const picked: OracleNodeEvent[] = [];
    for (const s of steps) {
      while (at < events.length && !sameNode(s, events[at]!, 'name')) at++;
      if (at >= events.length) return null;
      picked.push(events[at++]!);
    }
    runs.push(picked);
  }
  return runs[run]!;
}

/**
 * Compares every case at `level` (pattern off and on, runs 1 and 2), printing one
 * `arena-oracle[label]:` line and each mismatch; `base` shortens the printed paths. With
 * `freshProcess`, every ORT session runs in a process of its own (as FRESH_PROCESS's models do):
 * slower, and free of the region addresses earlier sessions leave.
 */
export async function checkArenaCases(label: string, cases: OracleCase[], base: string, level: GraphOptimizationLevel = 'disabled', freshProcess = false): Promise<ArenaTally> {
  const t = emptyArenaTally();
  for (const c of cases) {
    const key = relative(base, c.path);
    let counted = false;
    let heldEverywhere = true;
    let firstReason: string | null = null;
    for (const memPattern of [false, true]) {
      const options = { ...c.options, runs: 2, enableMemPattern: memPattern, ...(level === 'disabled' ? {} : { level, intraOpThreads: 1 }) };
      const oracle = freshProcess || FRESH_PROCESS.has(key) ? runOrtOracleInFreshProcess(c.path, options) : await runOrtOracle(c.path, options);
      if (!oracle.ok) {
        heldEverywhere = false;
        if (level !== 'disabled' || !memPattern) console.log(`arena-oracle[${label}]: not run by ORT: ${key}: ${oracle.stage}: ${oracle.error.slice(0, 200)}`);
        break;
      }
      let report;
      try {
        const analysis = level === 'disabled' ? analyzeFile(c.path) : analysisFromSaved(c.path, oracle, level);
        const values = c.values ?? {};
        const session = level === 'disabled' ? undefined : { intraOpThreads: 1 };
        report = buildReport(analysis, { values, session, bindings: { ...bindingsFromFeeds(buildReport(analysis, { session }), oracle), ...(c.bindings ?? {}) } });
      } catch (e) {
        if (e instanceof LensError) {
          heldEverywhere = false;
          console.log(`arena-oracle[${label}]: rejected by our report: ${key}: ${e.message.slice(0, 200)}`);
          break;
        }
        throw e;
      }
      const main = report.graphs[0]!;
      const names = new Set(main.steps.map((s) => s.displayName));
      if (!counted) {
        t.models++;
        counted = true;
      }
      for (const run of [1, 2]) {
        const ev = level === 'disabled' ? runEvents(oracle.events, names, main.steps.length, run - 1) : runEventsByName(oracle.events, main.steps, run - 1);
        const ours = arenaFiguresOf(main, { arena: true, memPattern, runs: 2 }, report.graphs.slice(1)).runs[run - 1]!;
        t.modelRuns++;
        if (!ev) {
          heldEverywhere = false;
          t.mismatches.push(`${key} (pattern ${memPattern ? 'on' : 'off'}, run ${run}): ORT's profile has ${oracle.events.length} node events for ${main.steps.length} main-graph steps`);
          continue;
        }
        const runKey = `${key} (pattern ${memPattern ? 'on' : 'off'}, run ${run})`;
        const expected = ARENA_EXPECTED[runKey];
        let exact = true;
        for (let k = 0; k < main.steps.length; k++) {
          const m = ours.steps[k]!;
          t.samples++;
          if (m.inUseBytes === null || m.heldBytes === null) {
            heldEverywhere = false;
            firstReason ??= m.reason;
            t.unavailable++;
            assert.ok(m.reason, 'an unavailable figure carries its reason');
            continue;
          }
          const okUse = m.inUseBytes === ev[k]!.memBytesInUse;
          const okHeld = m.heldBytes === ev[k]!.memArenaHeld;
          if (okUse) t.inUse++;
          if (okHeld) t.held++;
          else heldEverywhere = false;
          if ((!okUse || !okHeld) && exact) {
            exact = false;
            const detail = `${runKey} step ${k} ${main.steps[k]!.opType}: ORT in use ${ev[k]!.memBytesInUse} held ${ev[k]!.memArenaHeld}, ours ${m.inUseBytes} / ${m.heldBytes}`;
            if (expected) console.log(`arena-oracle[${label}]: expected mismatch ${detail}: ${expected}`);
            else t.mismatches.push(detail);
          }
        }
        if (exact) t.modelRunsExact++;
        if (exact && expected) t.mismatches.push(`${runKey} is listed as an expected mismatch but matches ORT; drop it from ARENA_EXPECTED`);
      }
    }
    if (counted && heldEverywhere) t.modelsHeldEverywhere++;
    else if (counted && firstReason) console.log(`arena-oracle[${label}]: not covered ${key}: ${firstReason}`);
  }
  const known = t.samples - t.unavailable;
  console.log(`arena-oracle[${label}]: models=${t.models} inUse=${t.inUse}/${known} held=${t.held}/${known} unavailable=${t.unavailable}/${t.samples} exactRuns=${t.modelRunsExact}/${t.modelRuns} heldEveryNode=${t.modelsHeldEverywhere}/${t.models}`);
  for (const m of t.mismatches) console.log(`arena-oracle[${label}]: mismatch ${m}`);
  return t;
}
