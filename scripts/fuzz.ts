/**
 * `npm run fuzz -- --iterations N [--seed S] [--timeout-ms T] [--corpus DIR] [--load-only]`: mutates corpus
 * models (truncation, bit flips, length-prefix corruption, field-level edits of dims, types and
 * names) and runs each through `loadModel` (`--load-only`) or the whole report pipeline
 * (`reportFromFile`). Every case runs in a child process with a time
 * limit and a 1 GiB heap cap, so a hang or a runaway allocation is caught rather than stalling the run.
 *
 * Outcomes: report (clean result), error (a LensError for a bad input), crash (anything else,
 * including an internal LensError), hang (timeout).
 * Crashing and hanging inputs are saved under test/fuzz/crashes/. Prints
 * `fuzz: cases=N reports=a errors=b crashes=c hangs=d` and exits 1 on any crash or hang.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { onnxType } from '../src/onnx/onnxSchema';
import { LensError } from '../src/onnx/lensError';
import { WireReader } from '../src/onnx/wireReader';
import { MemorySource } from '../src/onnx/byteSource';
import { CORPUS_DIR, listOnnxFiles } from '../test/support/corpus';

/** Options of one fuzz run. */
export interface FuzzOptions {
  iterations: number;
  seed: number;
  timeoutMs: number;
  corpusDir: string;
  /** Where crashing inputs are saved; null keeps them only in the returned failures. */
  crashDir: string | null;
  /** Models larger than this are not mutated (field-level edits decode the whole model). */
  maxModelBytes?: number;
  /** 'load' runs only loadModel; 'pipeline' (default) the whole report when it exists. */
  stage?: Stage;
}

/** How far each case runs. */
export type Stage = 'load' | 'pipeline';

/** Counts of one fuzz run plus a description of every crash and hang. */
export interface FuzzResult {
  cases: number;
  reports: number;
  errors: number;
  crashes: number;
  hangs: number;
  /** Clean errors per LensError code. */
  errorCodes: Record<string, number>;
  failures: { caseId: string; source: string; mutation: string; detail: string }[];
}

type Outcome = { kind: 'report' | 'error' | 'crash'; detail: string };
type Mutation = { name: string; apply: (bytes: Uint8Array, rng: Rng) => Uint8Array };

/** The default corpus location: `../shared/corpus` beside the repository. */
export const DEFAULT_CORPUS_DIR = CORPUS_DIR;

/** Deterministic PRNG (mulberry32) so a seed reproduces a run. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

/** Offsets of length prefixes found by walking the bytes as nested messages, best effort. */
function lengthPrefixOffsets(bytes: Uint8Array): number[] {
  const out: number[] = [];
  const walk = (start: number, end: number, depth: number): void => {
    const r = new WireReader(new MemorySource(bytes), start, end);
    try {
      while (!r.isAtEnd) {
        const tag = r.readTag();
        if (tag.wireType !== 2) {
          r.skipValue(tag.wireType);
          continue;
        }
        const at = r.pos;
        const length = r.readLength();
        out.push(at);
        if (depth < 12 && length > 1) walk(r.pos, r.pos + length, depth + 1);
        r.pos += length;
      }
    } catch {
      // Not every length-delimited field is a message (strings, packed data); stop this branch.
    }
  };
  walk(0, bytes.length, 0);
  return out;
}

function encodeVarintFixedWidth(value: number, width: number): number[] {
  const out: number[] = [];
  let v = value;
  for (let i = 0; i < width; i++) {
    const low = v % 128;
    v = Math.floor(v / 128);
    out.push(i < width - 1 ? low | 0x80 : low);
  }
  return out;
}

type Obj = Record<string, any>;

/** Applies `edit` to every TensorProto / ValueInfo / node of a decoded model object, one chosen at random. */
function editModelObject(bytes: Uint8Array, rng: Rng, edit: (m: Obj, rng: Rng) => void): Uint8Array {
  const T = onnxType('ModelProto');
  const m = T.toObject(T.decode(bytes), { longs: Number, bytes: Array }) as Obj;
  edit(m, rng);
  const err = T.verify(m);
  return err ? bytes : T.encode(T.fromObject(m)).finish();
}

function graphsOf(m: Obj): Obj[] {
  const out: Obj[] = [];
  const visit = (g: Obj | undefined): void => {
    if (!g) return;
    out.push(g);
    for (const n of g.node ?? []) for (const a of n.attribute ?? []) {
      visit(a.g);
      for (const sub of a.graphs ?? []) visit(sub);
    }
  };
  visit(m.graph);
  return out;
}

const DIM_VALUES = [-1, -7, 0, 1, 2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER, 3];
const MUTATIONS: Mutation[] = [
  { name: 'truncate', apply: (b, rng) => b.slice(0, rng.int(b.length)) },
  {
    name: 'bit-flips',
    apply: (b, rng) => {
      const out = b.slice();
      const flips = 1 + rng.int(8);
      for (let i = 0; i < flips && out.length > 0; i++) out[rng.int(out.length)]! ^= 1 << rng.int(8);
      return out;
    },
  },
  {
    name: 'length-prefix',
    apply: (b, rng) => {
      const offsets = lengthPrefixOffsets(b);
      if (offsets.length === 0) return b;
      const at = rng.pick(offsets);
      let width = 1;
      while (width < 10 && (b[at + width - 1]! & 0x80) !== 0) width++;
      const choices = [0, 1, rng.int(128 ** Math.min(width, 4)), 128 ** Math.min(width, 7) - 1];
      const out = b.slice();
      out.set(encodeVarintFixedWidth(rng.pick(choices), width), at);
      return out;
    },
  },
  {
    name: 'dims',
    apply: (b, rng) =>
      editModelObject(b, rng, (m, r) => {
        const graphs = graphsOf(m);
        const g = r.pick(graphs);
        const tensors = g.initializer ?? [];
        const values = [...(g.input ?? []), ...(g.output ?? []), ...(g.valueInfo ?? [])].filter((v: Obj) => v.type?.tensorType?.shape?.dim?.length);
        if (tensors.length > 0 && (values.length === 0 || r.next() < 0.5)) {
          const t = r.pick(tensors) as Obj;
          if (t.dims?.length) t.dims[r.int(t.dims.length)] = r.pick(DIM_VALUES);
          else t.dims = [r.pick(DIM_VALUES)];
        } else if (values.length > 0) {
          const dims = (r.pick(values) as Obj).type.tensorType.shape.dim as Obj[];
          dims[r.int(dims.length)] = r.next() < 0.5 ? { dimValue: r.pick(DIM_VALUES) } : { dimParam: r.pick(['N', '', 'batch']) };
        }
      }),
  },
  {
    name: 'types',
    apply: (b, rng) =>
      editModelObject(b, rng, (m, r) => {
        const g = r.pick(graphsOf(m));
        const tensors = g.initializer ?? [];
        const values = [...(g.input ?? []), ...(g.output ?? [])].filter((v: Obj) => v.type?.tensorType);
        const type = r.int(30);
        if (tensors.length > 0 && r.next() < 0.5) (r.pick(tensors) as Obj).dataType = type;
        else if (values.length > 0) (r.pick(values) as Obj).type.tensorType.elemType = type;
      }),
  },
  {
    name: 'names',
    apply: (b, rng) =>
      editModelObject(b, rng, (m, r) => {
        const g = r.pick(graphsOf(m));
        const nodes = (g.node ?? []) as Obj[];
        if (nodes.length === 0) return;
        const n = r.pick(nodes);
        const names = nodes.flatMap((x) => [...(x.input ?? []), ...(x.output ?? [])]);
        const choice = r.int(4);
        if (choice === 0 && n.output?.length) n.output[r.int(n.output.length)] = r.pick(names);
        else if (choice === 1 && n.input?.length) n.input[r.int(n.input.length)] = r.pick(['', 'no_such_value', ...names]);
        else if (choice === 2) n.opType = r.pick(['', 'NoSuchOp', 'Loop', 'If', 'Reshape', 'Concat', 'MatMul']);
        else n.domain = r.pick(['', 'ai.onnx', 'com.microsoft', 'x.y']);
      }),
  },
];

/** Environment flag that turns this script into a case-running child process. */
const CHILD_FLAG = 'LENS_FUZZ_CHILD';

/**
 * Runs cases one at a time in a child process; replaced after a hang or a fatal failure. A child
 * process rather than a worker thread: V8 aborts the whole process on some out-of-memory paths
 * even with worker resource limits, and a runaway allocation must end the case, not the run.
 */
class CaseRunner {
  private child: ChildProcess | null = null;

  run(file: string, stage: Stage, timeoutMs: number): Promise<Outcome | 'hang'> {
    const child =
      this.child ??
      (this.child = fork(__filename, [], {
        execArgv: ['--import', 'tsx', '--max-old-space-size=1024'],
        env: { ...process.env, [CHILD_FLAG]: '1' },
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      }));
    let stderr = '';
    const onStderr = (chunk: Buffer): void => {
      if (stderr.length < 4000) stderr += chunk.toString();
    };
    child.stderr?.on('data', onStderr);
    return new Promise((resolve) => {
      const finish = (value: Outcome | 'hang', isDead: boolean): void => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        child.stderr?.off('data', onStderr);
        if (isDead) {
          this.child = null;
          child.kill('SIGKILL');
        }
        resolve(value);
      };
      const onMessage = (o: Outcome): void => finish(o, false);
      const onExit = (code: number | null, signal: string | null): void =>
        finish({ kind: 'crash', detail: `case process ended (code ${code}, signal ${signal}): ${stderr.trim().split('\n').slice(0, 3).join(' | ')}` }, true);
      const timer = setTimeout(() => finish('hang', true), timeoutMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ file, stage });
    });
  }

  close(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
  }
}

/**
 * Copies the small non-model files beside a corpus model (external data) into the work folder,
 * replacing the previous ones, so mutated models with external data get past the file checks.
 */
function stageSiblingFiles(sourceDir: string, work: string): string {
  for (const name of fs.readdirSync(work)) fs.rmSync(path.join(work, name), { recursive: true, force: true });
  for (const name of fs.readdirSync(sourceDir)) {
    const from = path.join(sourceDir, name);
    const st = fs.lstatSync(from);
    if (st.isFile() && !name.endsWith('.onnx') && st.size <= 4 * 1024 * 1024) fs.copyFileSync(from, path.join(work, name));
  }
  return sourceDir;
}

/** Runs one fuzz campaign (see the file comment) and returns its counts. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const models = listOnnxFiles(options.corpusDir, { maxBytes: options.maxModelBytes ?? 4 * 1024 * 1024 });
  if (models.length === 0) throw new Error(`fuzz: no .onnx models under ${options.corpusDir}`);
  const rng = new Rng(options.seed);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-fuzz-'));
  const runner = new CaseRunner();
  const result: FuzzResult = { cases: 0, reports: 0, errors: 0, crashes: 0, hangs: 0, errorCodes: {}, failures: [] };
  let stagedDir = '';
  try {
    for (let i = 0; i < options.iterations; i++) {
      const source = rng.pick(models);
      const mutation = rng.pick(MUTATIONS);
      let bytes: Uint8Array;
      try {
        bytes = mutation.apply(new Uint8Array(fs.readFileSync(source)), rng);
      } catch {
        // A mutation that cannot apply (e.g. the source itself does not decode) leaves the bytes as they are.
        bytes = new Uint8Array(fs.readFileSync(source));
      }
      if (path.dirname(source) !== stagedDir) stagedDir = stageSiblingFiles(path.dirname(source), work);
      const file = path.join(work, `case.onnx`);
      fs.writeFileSync(file, bytes);
      const outcome = await runner.run(file, options.stage ?? 'pipeline', options.timeoutMs);
      result.cases++;
      const caseId = `seed${options.seed}-case${i}`;
      if (outcome === 'hang' || outcome.kind === 'crash') {
        const detail = outcome === 'hang' ? `no result within ${options.timeoutMs} ms` : outcome.detail;
        if (outcome === 'hang') result.hangs++;
        else result.crashes++;
        const rel = path.relative(options.corpusDir, source);
        result.failures.push({ caseId, source: rel, mutation: mutation.name, detail });
        if (options.crashDir) {
          fs.mkdirSync(options.crashDir, { recursive: true });
          fs.writeFileSync(path.join(options.crashDir, `${caseId}.onnx`), bytes);
          fs.writeFileSync(path.join(options.crashDir, `${caseId}.txt`), `source: ${rel}\nmutation: ${mutation.name}\n${detail}\n`);
        }
      } else if (outcome.kind === 'report') result.reports++;
      else {
        result.errors++;
        const code = outcome.detail.split(':')[0] ?? '';
        result.errorCodes[code] = (result.errorCodes[code] ?? 0) + 1;
      }
    }
  } finally {
    runner.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return result;
}

/** Child side: load (and report, when the pipeline exists and is asked for) each file it is sent. */
function childMain(): void {
  type Pipeline = (file: string) => unknown;
  const load = (require('../src/onnx/loadModel') as { loadModel: Pipeline }).loadModel;
  const report = (require('../src/analyze/buildReport') as { reportFromFile: Pipeline }).reportFromFile;
  process.on('message', ({ file, stage }: { file: string; stage: Stage }) => {
    let outcome: Outcome;
    try {
      (stage === 'load' ? load : report)(file);
      outcome = { kind: 'report', detail: '' };
    } catch (err) {
      // An internal LensError is a bug of ours (a rule that threw), as much a crash as a TypeError.
      outcome = err instanceof LensError && err.code !== 'internal'
        ? { kind: 'error', detail: `${err.code}: ${err.message}` }
        : { kind: 'crash', detail: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    }
    process.send!(outcome);
  });
}

function parseCli(argv: string[]): FuzzOptions {
  const options: FuzzOptions = { iterations: 1000, seed: Date.now() % 2 ** 31, timeoutMs: 10000, corpusDir: DEFAULT_CORPUS_DIR, crashDir: path.resolve(__dirname, '../test/fuzz/crashes') };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    const number = (): number => {
      const n = Number(value);
      if (!Number.isSafeInteger(n) || n < 0) throw new Error(`fuzz: ${argv[i]} needs a non-negative integer, got '${value}'`);
      i++;
      return n;
    };
    switch (argv[i]) {
      case '--iterations':
        options.iterations = number();
        break;
      case '--seed':
        options.seed = number();
        break;
      case '--timeout-ms':
        options.timeoutMs = number();
        break;
      case '--load-only':
        options.stage = 'load';
        break;
      case '--corpus':
        options.corpusDir = path.resolve(value ?? '');
        i++;
        break;
      default:
        throw new Error(`fuzz: unknown argument '${argv[i]}'`);
    }
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseCli(process.argv.slice(2));
  const r = await runFuzz(options);
  for (const f of r.failures) console.log(`fuzz: ${f.caseId} ${f.source} ${f.mutation}: ${f.detail.split('\n')[0]}`);
  const codes = Object.entries(r.errorCodes).sort(([a], [b]) => a.localeCompare(b));
  console.log(`fuzz: seed=${options.seed} stage=${options.stage ?? 'pipeline'} error-codes ${codes.map(([c, n]) => `${c}=${n}`).join(' ')}`);
  console.log(`fuzz: cases=${r.cases} reports=${r.reports} errors=${r.errors} crashes=${r.crashes} hangs=${r.hangs}`);
  process.exitCode = r.crashes + r.hangs > 0 ? 1 : 0;
}

if (process.env[CHILD_FLAG] === '1' && process.send) childMain();
else if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  });
}
