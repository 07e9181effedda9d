/**
 * Runs ORT and our Report on a list of models, prints one summary line
 * `oracle[<label>]: models=N order=a/N outputs=b/N fresh=c/N live=d/N peak=e/N`, lists models
 * ORT cannot run (with ORT's error) and returns the mismatches that are not expected.
 */
import { runBaselineBytes } from '../../src/report/budget';
import { relative } from 'node:path';
import { LensError } from '../../src/onnx/lensError';
import { analyzeFile, buildReport, type Analysis } from '../../src/analyze/buildReport';
import { keepFileDataLocations, machineNchwcBlockSize, modelFromSaved } from '../../src/optimize/optimizeModel';
import type { GraphOptimizationLevel } from '../../src/report/report';
import { runOrtOracle, type OracleOptions } from '../support/ortOracle';
import { bindingsFromFeeds, CHECKS, compareWithOrt, type CheckName } from './compareWithOrt';

/** A model to check and the oracle options it needs (dims, fills). */
export interface OracleCase {
  path: string;
  options?: OracleOptions;
  /** Extra report bindings, e.g. data-dependent symbols such as a Loop's iteration count. */
  bindings?: Record<string, number>;
  /** Input contents the report fixes (`--value`); ORT is fed the same through `options.fill`. */
  values?: Record<string, number[]>;
}

/** A documented mismatch: which checks may fail on a model, and why. */
export interface ExpectedMismatch {
  checks: CheckName[];
  cause: string;
}

/** Outcome of a batch. */
export interface OracleBatch {
  /** Models ORT ran and we compared. */
  compared: number;
  counts: Record<CheckName, number>;
  /** Unexpected failures: `model: detail`. */
  unexpected: string[];
  /** Models ORT could not run: `model: error`. */
  ortFailures: string[];
  /** Models our report rejected with a LensError while ORT ran them. */
  lensFailures: string[];
  /** Models (relative paths) whose arena baseline B differs from our `arenaBytesAfterPrepack`. */
  baselineMisses: string[];
  summary: string;
}

/** Checks every case; `key` names a case in `expected` (relative path). */
export async function runOracleBatch(
  label: string,
  cases: OracleCase[],
  expected: Record<string, ExpectedMismatch>,
  base: string,
  view: 'sequential' | 'parallel' = 'sequential',
  level: GraphOptimizationLevel = 'disabled',
): Promise<OracleBatch> {
  const counts: Record<CheckName, number> = { order: 0, outputs: 0, fresh: 0, live: 0, peak: 0 };
  const unexpected: string[] = [];
  const ortFailures: string[] = [];
  const lensFailures: string[] = [];
  let compared = 0;
  let baselines = 0;
  let baselineMatches = 0;
  const baselineMisses: string[] = [];
  const baselineMissKeys: string[] = [];
  for (const c of cases) {
    const key = relative(base, c.path);
    const oracle = await runOrtOracle(c.path, { ...c.options, executionMode: view, level });
    if (!oracle.ok) {
      ortFailures.push(`${key}: ORT ${oracle.stage} failed: ${oracle.error}`);
      continue;
    }
    let report;
    try {
      const analysis = level === 'disabled' ? analyzeFile(c.path) : analysisFromSaved(c.path, oracle, level);
      const values = c.values ?? {};
      // The bindings come from the feeds' dims (graph inputs only): the first report needs no fixed
      // contents, which could not be checked before the dims they depend on are bound.
      const first = buildReport(analysis, { view });
      report = buildReport(analysis, { view, values, bindings: { ...bindingsFromFeeds(first, oracle), ...(c.bindings ?? {}) } });
    } catch (e) {
      if (!(e instanceof LensError)) throw e;
      lensFailures.push(`${key}: ${e.code}: ${e.message}`);
      if (!expected[key]) unexpected.push(`${key}: our report failed: ${e.message}`);
      compared++;
      continue;
    }
    compared++;
    const cmp = compareWithOrt(report, oracle, level === 'disabled' ? 'index' : 'name');
    const allowed = new Set(expected[key]?.checks ?? []);
    for (const check of CHECKS) {
      if (cmp.pass[check]) counts[check]++;
      else if (!allowed.has(check)) unexpected.push(`${key}: ${check}: ${cmp.details.join('; ') || 'failed'}`);
    }
    if (cmp.baselineBytes !== null) {
      baselines++;
      const ours = runBaselineBytes(report);
      if (cmp.baselineBytes === ours) baselineMatches++;
      else {
        baselineMissKeys.push(key);
        baselineMisses.push(`${key}: ORT ${cmp.baselineBytes} B, ours ${ours ?? 'unavailable'}${ours === null ? '' : ` (${ours - cmp.baselineBytes > 0 ? '+' : ''}${ours - cmp.baselineBytes} B)`}`);
      }
    }
    // A listed mismatch that now matches is a stale list entry: fail so the list stays honest.
    for (const check of allowed) if (cmp.pass[check]) unexpected.push(`${key}: ${check} is listed as an expected mismatch but now matches ORT; drop it from the list`);
  }
  const n = compared;
  const summary = `oracle[${label}${level === 'disabled' ? '' : `@${level}`}]: models=${n} order=${counts.order}/${n} outputs=${counts.outputs}/${n} fresh=${counts.fresh}/${n} live=${counts.live}/${n} peak=${counts.peak}/${n}`;
  console.log(summary);
  // The parallel batches compare fresh allocations only; their step-0 arena difference is not a baseline.
  if (view === 'sequential') {
    console.log(`oracle[${label}]: arena baseline B = our initializer bytes in the arena after prepack + initializer outputs copied for the Run on ${baselineMatches}/${baselines} models`);
    for (const m of baselineMisses) console.log(`oracle[${label}]: arena baseline differs: ${m}`);
  }
  for (const f of ortFailures) console.log(`oracle[${label}]: not run by ORT: ${f}`);
  for (const f of lensFailures) console.log(`oracle[${label}]: rejected by our report: ${f}`);
  for (const [key, m] of Object.entries(expected)) console.log(`oracle[${label}]: expected mismatch ${key} (${m.checks.join(',')}): ${m.cause}`);
  return { compared, counts, unexpected, ortFailures, lensFailures, summary, baselineMisses: baselineMissKeys };
}

/**
 * The Analysis src/optimize makes of what ORT saved, from the oracle's own session: the graph
 * and the dump of the session that also wrote the profile (at 'all' each session names its
 * NCHWc nodes differently). A dump that does not describe the graph is a LensError-free failure of
 * the pipeline and is thrown as such.
 */
export function analysisFromSaved(path: string, oracle: Extract<Awaited<ReturnType<typeof runOrtOracle>>, { ok: true }>, level: GraphOptimizationLevel): Analysis {
  const plain = analyzeFile(path);
  const made = modelFromSaved(oracle.saved!);
  if ('ok' in made) throw new LensError('bad-model', made.reason);
  return { ...plain, model: keepFileDataLocations(made.model, plain.model), transformed: new WeakMap(), optimization: { level, requested: level, fallbackReason: null, nchwcBlockSize: level === 'all' ? machineNchwcBlockSize() : null }, fileModel: plain.model };
}
