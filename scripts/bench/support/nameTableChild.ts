/**
 * One process of `bench: name-tables-200k-vs-10k` (scripts/bench/plan.ts): the reference line printed
 * beside `scaling-200k-vs-10k`. It times only the name-table work every report does once per value
 * at load and in shape inference: a Set of every defined name (the duplicate-definition check of
 * src/onnx/validateModel.ts) and a Map from name to id filled from the outputs and read for the
 * inputs (nodeSlots in src/shape/graphOrder.ts). The names are those of the synthetic chain
 * (`v0`, `v1`, …), and as in a decoded model every occurrence is a string of its own, made before
 * the clock starts and never hashed before. Same warm-up and medians as support/scalingChild.ts.
 * Prints `{"small": median ms, "large": median ms}`.
 * Usage: node --import tsx scripts/bench/support/nameTableChild.ts
 */
const SMALL = 10_000;
const LARGE = 200_000;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** `count` names from `v${first}`, each a fresh flat string (two per name: its definition and its use). */
function freshNames(count: number, first: number): { outputs: string[]; inputs: string[] } {
  const outputs: string[] = [];
  const inputs: string[] = [];
  for (let i = 0; i < count; i++) {
    outputs.push(`v${first + i}`);
    // A second string with the same text (slice of a longer one, flattened by a read).
    const use = ` v${first + i}`.slice(1);
    use.charCodeAt(0);
    inputs.push(use);
  }
  return { outputs, inputs };
}

let next = 0;
function timeOnce(count: number): number {
  const { outputs, inputs } = freshNames(count, next);
  next += count;
  const t0 = performance.now();
  const defined = new Set<string>();
  for (const name of outputs) defined.add(name);
  const ids = new Map<string, number>();
  for (let i = 0; i < outputs.length; i++) ids.set(outputs[i]!, i);
  let sum = 0;
  for (const name of inputs) sum += ids.get(name)!;
  const ms = performance.now() - t0;
  if (sum !== (count * (count - 1)) / 2 || defined.size !== count) throw new Error('name tables lost a name');
  return ms;
}

function timeMs(count: number, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(timeOnce(count));
  return median(times);
}

const t0 = performance.now();
for (let calls = 0; calls < 30 && performance.now() - t0 < 10_000; calls++) timeOnce(SMALL);
console.log(JSON.stringify({ small: timeMs(SMALL, 9), large: timeMs(LARGE, 3) }));

export {};
