/**
 * Test support: ORT 1.30's executed order for a model (profile `node_index:name`), via the shared
 * oracle runner. The model bytes go to a fresh temp folder; nothing is written near the corpus.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_DIR as CORPUS, hasCorpus } from '../../../support/corpus';
import { loadOrt, runOrtOracle, type OracleOptions } from '../../../support/ortOracle';

/** The corpus folder beside the checkout, or null when absent (tests then skip). */
export const CORPUS_DIR: string | null = hasCorpus ? CORPUS : null;

/** Why oracle tests skip, or false when onnxruntime-node loads. */
export const ORT_SKIP: string | false = loadOrt() ? false : 'onnxruntime-node is not installed';

/** ORT's order as `index:name`, or throws with ORT's error. */
export async function ortOrder(bytesOrPath: Uint8Array | string, opts: OracleOptions = {}): Promise<string[]> {
  let dir: string | null = null;
  let path: string;
  if (typeof bytesOrPath === 'string') path = bytesOrPath;
  else {
    dir = mkdtempSync(join(tmpdir(), 'oml-ort-order-'));
    path = join(dir, 'model.onnx');
    writeFileSync(path, bytesOrPath);
  }
  try {
    const r = await runOrtOracle(path, opts);
    if (!r.ok) throw new Error(`ORT failed at ${r.stage}: ${r.error}`);
    return r.events.map((e) => `${e.nodeIndex}:${e.name}`);
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
