/**
 * The arena oracle: onnxruntime-node 1.30 (CPU EP, graph optimizations disabled, default arena
 * settings) runs each model twice in one session with profiling, the memory pattern off and on;
 * after every main-graph node, `mem_bytes_in_use` and `mem_arena_held` must equal the replay of
 * our plan through the simulated BFC arena (src/arena; the comparison is arenaCheck.ts). Steps whose figure we mark unavailable
 * (with a reason) are counted apart, never as matches. Prints
 * `arena-oracle: models=N inUse=a/b held=c/b unavailable=u` over all compared node samples.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { loadOrt } from '../support/ortOracle';
import { ARENA_EXPECTED, checkArenaCases, emptyArenaTally, type ArenaTally } from './arenaCheck';
import { CORPUS_DIR, corpusCases } from './corpusCases';
import { generatedCases } from './generatedCases';
import type { OracleCase } from './oracleRun';
import type { GraphOptimizationLevel } from '../../src/report/report';
import { PROBES_DIR, probeCases } from './probesCases';

const noOrt = loadOrt() === null ? 'onnxruntime-node is not installed' : false;
const noCorpus = noOrt || (!existsSync(CORPUS_DIR) ? `corpus not found at ${CORPUS_DIR} (tests expect it beside the checkout)` : false);

/** Per level: the summary lines `arena-oracle:` (disabled), `arena-oracle@extended:` and `arena-oracle@all:`. */
const totalsByLevel: Record<GraphOptimizationLevel, ArenaTally> = { disabled: emptyArenaTally(), basic: emptyArenaTally(), extended: emptyArenaTally(), all: emptyArenaTally() };

/** One batch, added to its level's totals. */
async function checkCases(label: string, cases: OracleCase[], base: string, level: GraphOptimizationLevel = 'disabled'): Promise<ArenaTally> {
  const t = await checkArenaCases(label, cases, base, level);
  const totals = totalsByLevel[level];
  for (const k of ['models', 'samples', 'inUse', 'held', 'unavailable', 'modelRunsExact', 'modelRuns', 'modelsHeldEverywhere'] as const) totals[k] += t[k];
  totals.mismatches.push(...t.mismatches);
  return t;
}

/**
 * Each batch at `disabled`, and in the session ORT users run by default: at `extended` and `all` on
 * the graph ORT's own session saved (and in the order it ran), with that session's one intra-op thread.
 */
for (const level of ['disabled', 'extended', 'all'] as const) {
  const at = level === 'disabled' ? '' : `@${level}`;
  const title = (what: string): string => (level === 'disabled' ? `arena oracle: ${what}` : `arena oracle at graph optimization level ${level}: ${what}`);

  test(title(level === 'disabled' ? 'in use and held after every node equal ORT 1.30 on the ort-probes models (pattern off and on, runs 1 and 2)' : 'the ort-probes models'), { skip: noCorpus }, async () => {
    const t = await checkCases(`probes${at}`, probeCases(), PROBES_DIR, level);
    assert.ok(t.models >= 40);
    assert.deepEqual(t.mismatches, []);
    assert.equal(t.unavailable, 0, 'every probe step is covered');
  });

  test(title(level === 'disabled' ? 'generated models (random DAGs, alias chains, dead-buffer reuse, If/Loop, symbolic dims)' : 'generated models'), { skip: noOrt }, async () => {
    const { dir, cases } = generatedCases();
    try {
      const t = await checkCases(`generated${at}`, cases, dir, level);
      assert.ok(t.models >= 60);
      assert.deepEqual(t.mismatches, []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test(title('every corpus model ORT can run'), { skip: noCorpus }, async () => {
    const t = await checkCases(`corpus${at}`, corpusCases(), CORPUS_DIR, level);
    assert.ok(t.models > 0);
    assert.deepEqual(t.mismatches, []);
  });
}

test('arena oracle summary line', () => {
  for (const level of ['disabled', 'extended', 'all'] as const) {
    const totals = totalsByLevel[level];
    const known = totals.samples - totals.unavailable;
    console.log(`arena-oracle${level === 'disabled' ? '' : `@${level}`}: models=${totals.models} inUse=${totals.inUse}/${known} held=${totals.held}/${known} unavailable=${totals.unavailable}/${totals.samples} exactRuns=${totals.modelRunsExact}/${totals.modelRuns} heldEveryNode=${totals.modelsHeldEverywhere}/${totals.models}`);
    // Only the listed runs may differ (see ARENA_EXPECTED); the per-batch tests fail on any other.
    assert.ok(totals.held <= known && totals.inUse <= known);
    assert.ok(totals.modelRunsExact >= totals.modelRuns - Object.keys(ARENA_EXPECTED).length);
  }
});
