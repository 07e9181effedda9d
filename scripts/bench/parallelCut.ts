/**
 * `bench: parallel-cut-96k`: the Parallel view's report (the exact worst moment of a parallel run,
 * src/plan/parallelCut.ts) against the sequential view's report of the same 96k-node synthetic
 * decoder (scripts/bench/support/decoderModel.ts, 4,000 layers, batch 1, sequence 128), both from
 * the file (read, analysis and plan), after a warm-up in this process, medians of 3. Target ≤ 3×.
 * Also printed: the same two for a rebind (sequence 256 on the analysis already made, where each
 * view's static plan, and the parallel view's flow network, are reused), and the parallel peak's
 * figures (bytes, exact, buffers named, sequential peak).
 * `bench: parallel-cut-random-2000`: the cut alone (src/plan/parallelCut.ts) on three seeded wide
 * random DAGs of 2,000 nodes, each node a buffer read by 0-3 of the next 12 (many unordered
 * readers: where the branch and bound works hardest): solves, time, and the bracket it ends with.
 * `npm run bench -- parallelCut` runs both alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DECODER_NODES_PER_LAYER, writeDecoderModel } from './support/decoderModel';
import { ParallelCutModel, type CutBuffer } from '../../src/plan/parallelCut';

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

/** A seeded wide random DAG of `n` nodes (see the file comment). */
function randomCut(n: number, seed: number): { model: ParallelCutModel; bytes: number[] } {
  let state = seed;
  const rnd = (): number => ((state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
  const from: number[] = [];
  const to: number[] = [];
  const buffers: CutBuffer[] = [];
  const bytes: number[] = [];
  for (let p = 0; p < n; p++) {
    const users: number[] = [];
    const k = Math.floor(rnd() * 4);
    for (let r = 0; r < k && p + 1 < n; r++) users.push(Math.min(n - 1, p + 1 + Math.floor(rnd() * 12)));
    for (const u of users) {
      from.push(p);
      to.push(u);
    }
    buffers.push({ producer: p, users, heldToEnd: users.length === 0 });
    bytes.push(1 + Math.floor(rnd() * 1000));
  }
  return { model: new ParallelCutModel({ nodeCount: n, from, to, buffers }), bytes };
}

function runRandom(): void {
  const parts: string[] = [];
  for (const seed of [1, 2, 3]) {
    const t = performance.now();
    const { model, bytes } = randomCut(2000, seed);
    const cut = model.solve(bytes);
    const ms = performance.now() - t;
    const gap = cut.bytes > 0 ? (cut.upperBoundBytes - cut.bytes) / cut.bytes : 0;
    parts.push(`seed${seed}: multi=${model.multiUserBuffers} solves=${cut.solves} ms=${ms.toFixed(0)} exact=${cut.exact} ${cut.bytes}<=max<=${cut.upperBoundBytes} gap=${(100 * gap).toFixed(2)}%`);
  }
  console.log(`bench: parallel-cut-random-2000 ${parts.join(' ')}`);
}

export async function run(): Promise<void> {
  runRandom();
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
