/**
 * Command-line parsing for the `report` command, with node:util parseArgs. Errors are
 * LensError('bad-argument') with a one-line message naming the offending argument.
 */
import { parseArgs as parseNodeArgs } from 'node:util';
import { LensError } from '../onnx/lensError';
import { DEFAULT_GRAPH_OPTIMIZATION_LEVEL, GRAPH_OPTIMIZATION_LEVELS, MAX_INTRA_OP_THREADS, type ArenaSessionOptions, type GraphOptimizationLevel, type PlanView, type ReportSession } from '../report/report';
import { parseByteSize } from '../report/formatBytes';

/** The usage text printed on --help and after a usage error. */
export const USAGE =
  'usage: onnx-memory-lens report MODEL.onnx [--json] [--bind NAME=VALUE]... [--value INPUT=V[,V...]]... [--view sequential|parallel]\n' +
  '                                [--html OUT.html] [--budget BYTES] [--threads N] [--l2-cache BYTES] [--max-total-seq N]\n' +
  '                                [--optimization disabled|basic|extended|all] [--cache-dir DIR] [--weights auto|real|standin]\n' +
  '                                [--arena on|off] [--mem-pattern on|off] [--arena-extend next-power-of-two|same-as-requested] [--run 1|2]\n' +
  '                                [--arena-initial-chunk BYTES] [--arena-max-dead BYTES] [--arena-initial-growth BYTES] [--arena-max-pow2-extend BYTES]';

/** Parsed arguments of `report`. */
export interface CliArgs {
  help: boolean;
  model: string;
  json: boolean;
  bindings: Record<string, number>;
  /** Contents fixed for small graph inputs (--value NAME=V[,V...]), row-major. */
  values: Record<string, number[]>;
  view: PlanView;
  html: string | null;
  budget: number | null;
  /** Session facts the user set (--threads, --l2-cache, --max-total-seq); the rest keep their defaults. */
  session: Partial<ReportSession>;
  /** Arena and memory-pattern options the user set; the rest keep ORT's defaults. */
  arena: Partial<ArenaSessionOptions>;
  /** The graph optimization level of the modeled session (ORT's default 'all'). */
  optimization: GraphOptimizationLevel;
  /** Where ORT's optimized graphs are cached between runs; null: no cache. */
  cacheDir: string | null;
  /** What ORT reads for the weights when it optimizes (auto: a zero-filled stand-in above 256 MiB). */
  weights: 'auto' | 'real' | 'standin';
}

export function nonNegativeInt(text: string, what: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) throw new LensError('bad-argument', `Invalid ${what} '${text}': expected a non-negative integer`);
  return Number(text);
}

export function positiveInt(text: string, what: string, max = Number.MAX_SAFE_INTEGER): number {
  const n = nonNegativeInt(text, what);
  if (n < 1 || n > max) throw new LensError('bad-argument', `Invalid ${what} '${text}': expected an integer from 1 to ${max}`);
  return n;
}



function onOff(text: string, flag: string): boolean {
  if (text !== 'on' && text !== 'off') throw new LensError('bad-argument', `Invalid ${flag} '${text}': expected on or off`);
  return text === 'on';
}

/** The plan options every command shares: bindings, view, session facts. */
export const PLAN_OPTIONS = {
  bind: { type: 'string', multiple: true },
  value: { type: 'string', multiple: true },
  view: { type: 'string' },
  threads: { type: 'string' },
  'l2-cache': { type: 'string' },
  'max-total-seq': { type: 'string' },
  optimization: { type: 'string' },
  'cache-dir': { type: 'string' },
  weights: { type: 'string' },
} as const;

/** What the shared plan options set. */
export type PlanArgs = Pick<CliArgs, 'bindings' | 'values' | 'view' | 'session' | 'optimization' | 'cacheDir' | 'weights'>;

/** The shared plan options out of node:util's values. */
export function planOptions(o: { bind?: string[]; value?: string[]; view?: string; threads?: string; 'l2-cache'?: string; 'max-total-seq'?: string; optimization?: string; 'cache-dir'?: string; weights?: string }): PlanArgs {
  const out: PlanArgs = { bindings: {}, values: {}, view: 'sequential', session: {}, optimization: DEFAULT_GRAPH_OPTIMIZATION_LEVEL, cacheDir: null, weights: 'auto' };
  for (const spec of o.bind ?? []) {
    const m = /^([^=]+)=(.*)$/.exec(spec);
    if (!m) throw new LensError('bad-argument', `Invalid binding '${spec}': expected NAME=VALUE`);
    out.bindings[m[1]!] = nonNegativeInt(m[2]!, `value for '${m[1]}'`);
  }
  if (o.view !== undefined) {
    if (o.view !== 'sequential' && o.view !== 'parallel') throw new LensError('bad-argument', `Invalid view '${o.view}': expected sequential or parallel`);
    out.view = o.view;
  }
  if (o.threads !== undefined) out.session.intraOpThreads = positiveInt(o.threads, 'thread count', MAX_INTRA_OP_THREADS);
  if (o['l2-cache'] !== undefined) out.session.l2CacheBytes = positiveInt(o['l2-cache'], 'L2 cache size');
  if (o['max-total-seq'] !== undefined) out.session.maxTotalSequenceLength = positiveInt(o['max-total-seq'], 'maximum total sequence length');
  for (const spec of o.value ?? []) {
    const m = /^([^=]+)=(.+)$/.exec(spec);
    if (!m) throw new LensError('bad-argument', `Invalid value '${spec}': expected INPUT=V or INPUT=V,V,...`);
    out.values[m[1]!] = m[2]!.split(',').map((t) => {
      const n = Number(t.trim());
      if (t.trim() === '' || !Number.isFinite(n)) throw new LensError('bad-argument', `Invalid value for '${m[1]}': '${t}' is not a number`);
      return n;
    });
  }
  if (o.optimization !== undefined) {
    if (!(GRAPH_OPTIMIZATION_LEVELS as readonly string[]).includes(o.optimization)) throw new LensError('bad-argument', `Invalid optimization level '${o.optimization}': expected ${GRAPH_OPTIMIZATION_LEVELS.join(', ')}`);
    out.optimization = o.optimization as GraphOptimizationLevel;
  }
  if (o['cache-dir'] !== undefined) out.cacheDir = o['cache-dir'];
  if (o.weights !== undefined) {
    if (o.weights !== 'auto' && o.weights !== 'real' && o.weights !== 'standin') throw new LensError('bad-argument', `Invalid weights '${o.weights}': expected auto, real or standin`);
    out.weights = o.weights;
  }
  return out;
}

/** The options of `report`, for node:util parseArgs: the shared plan options and its own. */
const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
  html: { type: 'string' },
  budget: { type: 'string' },
  arena: { type: 'string' },
  'mem-pattern': { type: 'string' },
  'arena-extend': { type: 'string' },
  run: { type: 'string' },
  'arena-initial-chunk': { type: 'string' },
  'arena-max-dead': { type: 'string' },
  'arena-initial-growth': { type: 'string' },
  'arena-max-pow2-extend': { type: 'string' },
  ...PLAN_OPTIONS,
} as const;

/** A budget as bytes or with a unit (`2GiB`, `512MiB`, `1.5GB`). */
export function budgetBytes(text: string): number {
  const n = parseByteSize(text);
  if (n === null) throw new LensError('bad-argument', `Invalid budget '${text}': expected a byte count such as 2147483648, 2GiB or 512MiB`);
  return n;
}

/** node:util's parse errors in our one-line form (its own messages are multi-sentence). */
export function usageError(err: unknown): LensError {
  const code = (err as { code?: string }).code;
  const message = err instanceof Error ? err.message : String(err);
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new LensError('bad-argument', `Unknown option '${quoted}'`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return new LensError('bad-argument', `Missing value after ${quoted.split(' ')[0] ?? quoted}`);
  return new LensError('bad-argument', message.split('. ')[0] ?? message, { cause: err });
}

/** Parses `argv` (without node and script path) with node:util parseArgs. */
export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { help: false, model: '', json: false, bindings: {}, values: {}, view: 'sequential', html: null, budget: null, session: {}, arena: {}, optimization: DEFAULT_GRAPH_OPTIMIZATION_LEVEL, cacheDir: null, weights: 'auto' };
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) return { ...args, help: true };
  const [command, ...rest] = argv;
  if (command !== 'report') throw new LensError('bad-argument', `Unknown command '${command}' (commands: report, sweep, fit, diff)`);
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(rest);
  } catch (err) {
    throw usageError(err);
  }
  const { values: o, positionals } = parsed;
  args.json = o.json === true;
  Object.assign(args, planOptions(o));
  if (o.html !== undefined) args.html = o.html;
  if (o.budget !== undefined) args.budget = budgetBytes(o.budget);
  if (o.arena !== undefined) args.arena.enableCpuMemArena = onOff(o.arena, '--arena');
  if (o['mem-pattern'] !== undefined) args.arena.enableMemPattern = onOff(o['mem-pattern'], '--mem-pattern');
  if (o['arena-extend'] !== undefined) {
    const e = o['arena-extend'];
    if (e !== 'next-power-of-two' && e !== 'same-as-requested') throw new LensError('bad-argument', `Invalid --arena-extend '${e}': expected next-power-of-two or same-as-requested`);
    args.arena.arenaExtendStrategy = e;
  }
  if (o.run !== undefined) args.arena.run = positiveInt(o.run, 'run', 2);
  if (o['arena-initial-chunk'] !== undefined) args.arena.initialChunkSizeBytes = positiveInt(o['arena-initial-chunk'], 'initial chunk size');
  if (o['arena-max-dead'] !== undefined) args.arena.maxDeadBytesPerChunk = nonNegativeInt(o['arena-max-dead'], 'max dead bytes per chunk');
  if (o['arena-initial-growth'] !== undefined) args.arena.initialGrowthChunkSizeBytes = positiveInt(o['arena-initial-growth'], 'initial growth chunk size');
  if (o['arena-max-pow2-extend'] !== undefined) args.arena.maxPowerOfTwoExtendBytes = positiveInt(o['arena-max-pow2-extend'], 'max power-of-two extend bytes');
  if (positionals.length > 1) throw new LensError('bad-argument', `Unexpected argument '${positionals[1]}'`);
  if (positionals.length === 0) throw new LensError('bad-argument', 'Missing MODEL argument');
  args.model = positionals[0]!;
  return args;
}

/**
 * node:util reads `--l2-cache -1` as a missing value followed by an option; a value that starts with
 * '-' but is not one of our options is joined to its flag (`--l2-cache=-1`), so the value check
 * names it ("Invalid L2 cache size '-1'").
 */
export function joinDashValues(rest: string[], options: Record<string, { type: 'string' | 'boolean'; short?: string }> = OPTIONS): string[] {
  const flags = new Set(Object.entries(options).flatMap(([name, o]) => ['--' + name, ...(o.short !== undefined ? ['-' + o.short] : [])]));
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    const next = rest[i + 1];
    const name = a.startsWith('--') ? a.slice(2) : '';
    const takesValue = name in options && options[name]!.type === 'string';
    if (takesValue && next !== undefined && next.startsWith('-') && !flags.has(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else {
      out.push(a);
    }
  }
  return out;
}

function parseOptions(rest: string[]) {
  return parseNodeArgs({ args: joinDashValues(rest), options: OPTIONS, allowPositionals: true, strict: true });
}
