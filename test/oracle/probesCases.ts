/** The ort-probes models (ort-planner.md §7): hand-built probes plus 40 random DAGs. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExpectedMismatch, OracleCase } from './oracleRun';
import { CORPUS_DIR } from '../support/corpus';

/** Where the probes are when the corpus sits beside the checkout. */
export const PROBES_DIR = join(CORPUS_DIR, 'ort-probes');

/** Probe mismatches we cannot fix, with the cause (none today). */
export const PROBES_EXPECTED: Record<string, ExpectedMismatch> = {};

/** Every probe model, or [] when the corpus is absent. */
export function probeCases(): OracleCase[] {
  if (!existsSync(PROBES_DIR)) return [];
  return [
    ...readdirSync(PROBES_DIR).filter((f) => f.endsWith('.onnx')).map((f) => join(PROBES_DIR, f)),
    ...readdirSync(join(PROBES_DIR, 'random')).filter((f) => f.endsWith('.onnx')).map((f) => join(PROBES_DIR, 'random', f)),
  ].map((path) => ({ path }));
}
