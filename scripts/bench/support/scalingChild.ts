/**
 * One process of `bench: scaling-200k-vs-10k` (scripts/bench/plan.ts): warms the bundled pipeline
 * up on the small model, then times the small model 9 times and the large one 3 times, and prints
 * `{"small": median ms, "large": median ms}`. A process of its own per round: the small model's
 * time varied by a third between processes (JIT and GC state), more than within one.
 * Usage: node --import tsx scripts/bench/support/scalingChild.ts SMALL.onnx LARGE.onnx
 */
const { reportFromFile } = require('../../../dist/core.js') as typeof import('../../../src/analyze');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timeMs(file: string, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    reportFromFile(file, { bindings: {}, view: 'sequential' });
    times.push(performance.now() - t0);
  }
  return median(times);
}

const [small, large] = process.argv.slice(2);
if (!small || !large) throw new Error('usage: scalingChild.ts SMALL.onnx LARGE.onnx');
// Both sizes in the same warm state: V8 has optimized the pipeline on the small model first
// (30 calls or 10 s, whichever comes first).
const t0 = performance.now();
for (let calls = 0; calls < 30 && performance.now() - t0 < 10_000; calls++) reportFromFile(small, { bindings: {}, view: 'sequential' });
console.log(JSON.stringify({ small: timeMs(small, 9), large: timeMs(large, 3) }));
