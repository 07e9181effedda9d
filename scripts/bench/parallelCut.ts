/**
 * `bench: parallel-cut-96k`: the Parallel view's report (the exact worst moment of a parallel run,
 * src/plan/parallelCut.ts) against the sequential view's report of the same 96k-node synthetic
 * decoder (scripts/bench/support/decoderModel.ts, 4,000 layers, batch 1, sequence 128), both from
 * the file (read, analysis and plan), after a warm-up in this process, medians of 3. Target ≤ 3×.
 * Also printed: the same two for a rebind (sequence 256 on the analysis already made, where each
 * view's static plan, and the parallel view's flow network, are reused), and the parallel peak's
 * figures (bytes, exact, buffers named, sequential peak).
 * `npm run bench -- parallelCut` runs it alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DECODER_NODES_PER_LAYER, writeDecoderModel } from './support/decoderModel';

// Time the bundled pipeline (dist/core.js, built by `npm run bench`), as the CLI runs it.
const core = require('../../dist/core.js') as typeof import('../../src/analyze');

const LAYERS = 4000;
const OPEN = { batch: 1, sequence: 128 };
const REBIND = { batch: 1, sequence: 256 };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timed<T>(fn: () => T): { ms: number; value: T } {
  const t = performance.now();
  const value = fn();
  return { ms: performance.now() - t, value };
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'oml-bench-pcut-'));
  try {
    const model = writeDecoderModel(dir, 'decoder96k', LAYERS);
    const open = (view: 'sequential' | 'parallel') => core.buildReport(core.analyzeFile(model), { bindings: OPEN, view });
    // Warm-up: V8 optimizes the pipeline over the first calls.
    open('sequential');
    open('parallel');
    const seqMs: number[] = [];
    const parMs: number[] = [];
    const seqRebindMs: number[] = [];
    const parRebindMs: number[] = [];
    let report = open('parallel');
    let sequentialPeak: number | null = null;
    for (let r = 0; r < 3; r++) {
      const s = timed(() => open('sequential'));
      seqMs.push(s.ms);
      sequentialPeak = s.value.graphs[0]!.peak.bytes;
      const p = timed(() => open('parallel'));
      parMs.push(p.ms);
      report = p.value;
      const analysis = core.analyzeFile(model);
      core.buildReport(analysis, { bindings: OPEN, view: 'sequential' });
      core.buildReport(analysis, { bindings: OPEN, view: 'parallel' });
      seqRebindMs.push(timed(() => core.buildReport(analysis, { bindings: REBIND, view: 'sequential' })).ms);
      parRebindMs.push(timed(() => core.buildReport(analysis, { bindings: REBIND, view: 'parallel' })).ms);
    }
    const peak = report.graphs[0]!.peak;
    const s = median(seqMs);
    const p = median(parMs);
    console.log(
      `bench: parallel-cut-96k ratio=${(p / s).toFixed(2)} parallel_ms=${p.toFixed(0)} sequential_ms=${s.toFixed(0)} ` +
        `rebind_ratio=${(median(parRebindMs) / median(seqRebindMs)).toFixed(2)} rebind_parallel_ms=${median(parRebindMs).toFixed(0)} rebind_sequential_ms=${median(seqRebindMs).toFixed(0)} ` +
        `nodes=${LAYERS * DECODER_NODES_PER_LAYER} peak_bytes=${peak.bytes} exact=${peak.exact} buffers=${peak.values?.length} sequential_peak_bytes=${sequentialPeak} target<=3`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
