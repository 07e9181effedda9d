/**
 * `bench: sweep-64-points`: a 64-point sweep of `sequence` (1…4096, batch 1) on the ~5k-node
 * synthetic decoder (scripts/bench/support/decoderModel.ts, 208 layers), file read included, as a
 * ratio to 64 single reports of the same model from the file at the same values (what rebinding by
 * hand with the CLI costs). Both after a warm-up in this process, medians of 3. Target ≤ 0.25.
 * `npm run bench -- sweep` runs it alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DECODER_NODES_PER_LAYER, writeDecoderModel } from './support/decoderModel';

// Time the bundled pipeline (dist/core.js, built by `npm run bench`), as the CLI runs it.
const core = require('../../dist/core.js') as typeof import('../../src/analyze');

const LAYERS = 208;
const POINTS = 64;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timeOnce(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'oml-bench-sweep-'));
  try {
    const model = writeDecoderModel(dir, 'decoder5k', LAYERS);
    const values = core.sweepValues(1, 4096, { points: POINTS });
    const sweep = (): unknown => core.sweepAnalysis(core.analyzeFile(model), { dim: 'sequence', bindings: { batch: 1 }, values });
    const singles = (): void => {
      for (const v of values) core.reportFromFile(model, { bindings: { batch: 1, sequence: v } });
    };
    // Warm-up: V8 optimizes the pipeline over the first calls.
    sweep();
    for (let i = 0; i < 8; i++) core.reportFromFile(model, { bindings: { batch: 1, sequence: values[i]! } });
    const sweepMs: number[] = [];
    const singleMs: number[] = [];
    for (let r = 0; r < 3; r++) {
      sweepMs.push(timeOnce(sweep));
      singleMs.push(timeOnce(singles));
    }
    const s = median(sweepMs);
    const t = median(singleMs);
    console.log(
      `bench: sweep-64-points ratio=${(s / t).toFixed(3)} sweep_ms=${s.toFixed(0)} singles_ms=${t.toFixed(0)} ` +
        `nodes=${LAYERS * DECODER_NODES_PER_LAYER} points=${values.length} target<=0.25`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
