/**
 * Planning benchmarks (issue "Hardened and fast"):
 * - scaling: report time of a synthetic 200k-node graph vs a 10k-node one (target ≤ 25×, i.e. linear),
 *   the median over nine fresh processes, and beside it the same ratio of the name tables alone
 *   (`name-tables-200k-vs-10k`, a reference for what the memory system does at that size);
 * - vs-ort-create: report time vs onnxruntime-node InferenceSession.create (optimizations disabled),
 *   both in this process after a warm-up, on the largest corpus models and on generated ones.
 * Generated models go to a temp folder that is removed at the end. Every timing is a median after
 * a warm-up in this process; vs-ort-create also prints our first call on each model (ours_first_ms,
 * first_ratio), which is what a user who opens one model once sees.
 * `BENCH_PLAN=scaling` (or `vs-ort-create`) runs only that part:
 * `npm run build && BENCH_PLAN=scaling node --import tsx scripts/bench.ts plan`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildModel, node, tensorValue, tensor, DataType } from '../../test/support/onnxBuilder';
import { CORPUS_DIR as CORPUS, hasCorpus, listOnnxFiles } from '../../test/support/corpus';


// Time the bundled pipeline (dist/core.js, built by `npm run bench`), as the CLI and the host run it.
const { reportFromFile } = require('../../dist/core.js') as typeof import('../../src/analyze');

/** A chain of `count` nodes over [1, 64] floats with side branches, so reuse and aliases happen. */
function syntheticModel(count: number): Uint8Array {
  const nodes = [];
  let prev = 'x';
  const ops = ['Relu', 'Sigmoid', 'Tanh', 'Neg', 'Abs'];
  for (let i = 0; i < count; i++) {
    const out = `v${i}`;
    if (i % 7 === 3 && i > 1) nodes.push(node('Add', [prev, `v${i - 2}`], [out], { name: `n${i}` }));
    else nodes.push(node(ops[i % ops.length]!, [prev], [out], { name: `n${i}` }));
    prev = out;
  }
  return buildModel({ nodes, inputs: [tensorValue('x', DataType.FLOAT, [1, 64])], outputs: [tensorValue(prev, DataType.FLOAT, [1, 64])] });
}

/** A model with ~`layers`×4 MatMul/Add/Relu nodes and large constant weights (about `weightBytes` in total). */
function weightedModel(layers: number, weightBytes: number): Uint8Array {
  const width = Math.max(8, Math.floor(Math.sqrt(weightBytes / 4 / layers)));
  const nodes = [];
  const inits = [];
  let prev = 'x';
  for (let i = 0; i < layers; i++) {
    inits.push(tensor(`w${i}`, DataType.FLOAT, [width, width]), tensor(`b${i}`, DataType.FLOAT, [width]));
    nodes.push(node('MatMul', [prev, `w${i}`], [`m${i}`], { name: `mm${i}` }));
    nodes.push(node('Add', [`m${i}`, `b${i}`], [`a${i}`], { name: `add${i}` }));
    nodes.push(node('Relu', [`a${i}`], [`r${i}`], { name: `relu${i}` }));
    nodes.push(node('Identity', [`r${i}`], [`i${i}`], { name: `id${i}` }));
    prev = `i${i}`;
  }
  return buildModel({ nodes, inputs: [tensorValue('x', DataType.FLOAT, [1, width])], outputs: [tensorValue(prev, DataType.FLOAT, [1, width])], initializers: inits });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timeMs(fn: () => unknown, runs: number, warmups = 1): number {
  for (let i = 0; i < warmups; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * Warms `fn` up the way a long-lived host would be: V8 optimizes our pipeline only after tens of
 * calls (Ultraface: 26 ms after 5 calls, 4.5 ms after 50), while ORT's native code needs no
 * warming. Calls `fn` until `maxCalls` calls or `budgetMs` have passed.
 */
function warmUp(fn: () => unknown, maxCalls = 60, budgetMs = 3000): number {
  const t0 = performance.now();
  let calls = 0;
  while (calls < maxCalls && performance.now() - t0 < budgetMs) {
    fn();
    calls++;
  }
  return calls;
}

async function timeAsyncMs(fn: () => Promise<unknown>, runs: number, warmups = 1): Promise<number> {
  for (let i = 0; i < warmups; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** Runs the planning benchmarks and prints one `bench:` line each. */
export async function run(): Promise<void> {
  const only = process.env.BENCH_PLAN;
  const dir = mkdtempSync(join(tmpdir(), 'oml-bench-plan-'));
  try {
    if (only === undefined || only === 'scaling') runScaling(dir);
    if (only === undefined || only === 'vs-ort-create') await runVsOrtCreate(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many processes `scaling-200k-vs-10k` times the two sizes in (BENCH_SCALING_PROCESSES). */
const SCALING_PROCESSES = Math.max(1, Number(process.env.BENCH_SCALING_PROCESSES ?? 9));

/** A support/ child's `{"small", "large"}` medians, in SCALING_PROCESSES fresh processes one after the other. */
function childRounds(script: string, args: string[]): { small: number; large: number }[] {
  const rounds: { small: number; large: number }[] = [];
  for (let p = 0; p < SCALING_PROCESSES; p++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'support', script), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    rounds.push(JSON.parse(out.trim().split('\n').pop()!) as { small: number; large: number });
  }
  return rounds;
}

/** Prints `bench: <name>`: the median of the per-process 200k/10k ratios, each process's ratio, and the median times with `digits` decimals. */
function printRatioLine(name: string, rounds: { small: number; large: number }[], digits: { small: number; large: number }, note = ''): void {
  const ratios = rounds.map((r) => r.large / r.small);
  console.log(`bench: ${name} ratio=${median(ratios).toFixed(1)} processes=${rounds.length} ratios=[${ratios.map((x) => x.toFixed(1)).join(',')}] t10k_ms=${median(rounds.map((r) => r.small)).toFixed(digits.small)} t200k_ms=${median(rounds.map((r) => r.large)).toFixed(digits.large)}${note}`);
}

/**
 * Prints `bench: scaling-200k-vs-10k`: in each of SCALING_PROCESSES fresh processes both sizes are
 * timed after the same warm-up (medians of 9 and 3 runs, support/scalingChild.ts); the line gives
 * the median of the per-process ratios, each process's ratio, and the median times. Then
 * `bench: name-tables-200k-vs-10k`, its reference: the same ratio, in as many fresh processes, of
 * only the name tables a report fills once per value (a Set and a Map of every value name,
 * support/nameTableChild.ts). Far above 20 on a machine whose caches hold the 10k tables and not
 * the 200k ones: what the report's ratio has to beat with every value looked up by name.
 */
function runScaling(dir: string): void {
  const small = join(dir, 'chain10k.onnx');
  const large = join(dir, 'chain200k.onnx');
  writeFileSync(small, syntheticModel(10_000));
  writeFileSync(large, syntheticModel(200_000));
  printRatioLine('scaling-200k-vs-10k', childRounds('scalingChild.ts', [small, large]), { small: 0, large: 0 });
  printRatioLine('name-tables-200k-vs-10k', childRounds('nameTableChild.ts', []), { small: 2, large: 1 }, ' (reference: only the Set and Map of value names)');
  printRatioLine('object-rows-200k-vs-10k', childRounds('objectRowsChild.ts', ['objects']), { small: 2, large: 1 }, ' (reference: one object per node per pass, kept, nothing of the report)');
  printRatioLine('typed-columns-200k-vs-10k', childRounds('objectRowsChild.ts', ['typed']), { small: 2, large: 1 }, ' (reference: the same field writes into typed arrays)');
}

/** Prints `bench: vs-ort-create` lines: our report vs ORT's session creation, each after a warm-up. */
async function runVsOrtCreate(dir: string): Promise<void> {
  const ort = require('onnxruntime-node') as typeof import('onnxruntime-node');
  const candidates: { name: string; path: string }[] = [];
  const generated = join(dir, 'weighted_88mb_1000nodes.onnx');
  writeFileSync(generated, weightedModel(250, 88 * 1024 * 1024));
  candidates.push({ name: 'generated-88MB-1000-nodes', path: generated });
  if (hasCorpus) {
    const all = listOnnxFiles(CORPUS).map((path) => ({ path, size: statSync(path).size }));
    all.sort((a, b) => b.size - a.size);
    for (const m of all.slice(0, 8)) candidates.push({ name: m.path.slice(CORPUS.length + 1), path: m.path });
  } else {
    console.log('bench: corpus not found at ../shared/corpus; vs-ort-create runs on generated models only');
  }
  let shown = 0;
  for (const c of candidates) {
    if (shown >= 5) break;
    let ortMs: number;
    try {
      ortMs = await timeAsyncMs(async () => {
        const s = await ort.InferenceSession.create(c.path, { graphOptimizationLevel: 'disabled', executionProviders: ['cpu'] });
        await s.release();
      }, 15, 10);
    } catch {
      continue; // ORT cannot load this model (custom ops); no ratio to report
    }
    let oursMs: number;
    let firstMs: number;
    let warmCalls: number;
    const ours = (): unknown => reportFromFile(c.path, { bindings: {}, view: 'sequential' });
    try {
      firstMs = timeMs(ours, 1, 0);
      warmCalls = warmUp(ours);
      oursMs = timeMs(ours, 15, 0);
    } catch (err) {
      console.log(`bench: vs-ort-create model=${c.name} skipped: ${(err as Error).message}`);
      continue;
    }
    console.log(`bench: vs-ort-create model=${c.name} ratio=${(oursMs / ortMs).toFixed(3)} ours_ms=${oursMs.toFixed(1)} ort_ms=${ortMs.toFixed(1)} ours_first_ms=${firstMs.toFixed(1)} first_ratio=${(firstMs / ortMs).toFixed(2)} warmup_calls=${warmCalls}`);
    shown++;
  }
}
