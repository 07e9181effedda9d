/** Every corpus model ORT can run, with the feed values and documented mismatches they need. */
import { relative } from 'node:path';
import { CORPUS_DIR, hasCorpus, listOnnxFiles } from '../support/corpus';
import type { ExpectedMismatch, OracleCase } from './oracleRun';

export { CORPUS_DIR };

/** Feed values that make the corpus models run meaningfully (zero masks and trip counts do not). */
export const FILL = { attention_mask: 1, trip_count: 5, cond: 1, max_iter: 3, cond_init: 1 };

/**
 * Per-model symbolic dims where the defaults do not run: this Llama export's mask subgraph only
 * accepts a prompt without past or one new token with past (sequence 8 with past 4 fails in Expand).
 */
export const DIMS: Record<string, Record<string, number>> = {
  'ort-genai/tiny-random-LlamaForCausalLM-fp16/model.onnx': { sequence_length: 1, past_sequence_length: 4, total_sequence_length: 5 },
};

/** Run-time symbols the feeds above determine (FILL.trip_count iterations). */
export const BINDINGS = { 'Loop_0.iterations': FILL.trip_count };

/**
 * Input contents the report is told (`--value`), equal to the FILL the oracle feeds: the If's
 * condition and the Loop's trip count and condition are graph inputs there, and the arena replay
 * needs the branch that runs and the iteration count.
 */
export const VALUES: Record<string, Record<string, number[]>> = {
  'onnx-onnx/node/test_if.onnx': { cond: [FILL.cond] },
  'burn/outer_scope_loop.onnx': { max_iter: [FILL.max_iter], cond_init: [FILL.cond_init] },
};

/** Corpus mismatches we cannot fix, with the cause (none since stop 31: the last two, a sequence model and a Loop slicing by its iteration number, now match). */
export const CORPUS_EXPECTED: Record<string, ExpectedMismatch> = {};

/** Every corpus model except the probes, or [] when the corpus is absent. */
export function corpusCases(): OracleCase[] {
  if (!hasCorpus) return [];
  return listOnnxFiles(CORPUS_DIR, { skipDirs: ['ort-probes'] }).map((path) => {
    const key = relative(CORPUS_DIR, path);
    return { path, options: { fill: FILL, dims: DIMS[key] }, bindings: BINDINGS, ...(VALUES[key] ? { values: VALUES[key] } : {}) };
  });
}
