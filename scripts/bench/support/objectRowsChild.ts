/**
 * One process of the reference lines `bench: object-rows-200k-vs-10k` and
 * `typed-columns-200k-vs-10k` (scripts/bench/plan.ts), printed beside `scaling-200k-vs-10k`: what
 * this machine gives for the ratio when work per node is the same at both sizes, with nothing of
 * the report in it. `objects` builds what a report's passes build per node: a node record with its
 * name strings and input/output lists, then four passes that each make one row object per node (a
 * few numbers, references to the node's strings and lists, a one-item list), all kept until the
 * end as a report keeps its rows. `typed` does the same count of field writes and reads into
 * Int32Array columns. Same warm-up and medians as support/scalingChild.ts.
 * Prints `{"small": median ms, "large": median ms}`.
 * Usage: node --import tsx scripts/bench/support/objectRowsChild.ts objects|typed
 */
const SMALL = 10_000;
const LARGE = 200_000;
const PASSES = 4;
const FIELDS = 8;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

interface NodeRecord { name: string; opType: string; inputs: string[]; outputs: string[]; index: number }
interface Row { index: number; name: string; opType: string; inputs: string[]; outputs: string[]; live: number; reason: string | null; consumers: number[] }

function objects(count: number): number {
  const nodes: NodeRecord[] = new Array(count);
  for (let i = 0; i < count; i++) nodes[i] = { name: `n${i}`, opType: 'Relu', inputs: [`v${i - 1}`], outputs: [`v${i}`], index: i };
  const kept: Row[][] = [];
  let check = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const rows: Row[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const n = nodes[i]!;
      rows[i] = { index: n.index, name: n.name, opType: n.opType, inputs: n.inputs, outputs: n.outputs, live: i * 3 + pass, reason: null, consumers: [i + 1] };
      check += n.outputs[0]!.length;
    }
    kept.push(rows);
  }
  return check + kept.length;
}

function typed(count: number): number {
  const kept: Int32Array[] = [];
  let check = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const columns = new Int32Array(count * FIELDS);
    for (let i = 0; i < count; i++) for (let f = 0; f < FIELDS; f++) columns[i * FIELDS + f] = i * 3 + f + pass;
    for (let i = 0; i < count; i++) check += columns[i * FIELDS]! & 1;
    kept.push(columns);
  }
  return check + kept.length;
}

const kind = process.argv[2];
if (kind !== 'objects' && kind !== 'typed') throw new Error('usage: objectRowsChild.ts objects|typed');
const work = kind === 'objects' ? objects : typed;
function timeMs(count: number, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    work(count);
    times.push(performance.now() - t0);
  }
  return median(times);
}
const t0 = performance.now();
for (let calls = 0; calls < 30 && performance.now() - t0 < 10_000; calls++) work(SMALL);
console.log(JSON.stringify({ small: timeMs(SMALL, 9), large: timeMs(LARGE, 3) }));

export {};
