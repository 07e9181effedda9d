/**
 * Command-line parsing for the `report` command. Errors are LensError('bad-argument') with a
 * one-line message naming the offending argument.
 */
import { LensError } from '../onnx/lensError';
import { MAX_INTRA_OP_THREADS, type PlanView, type ReportSession } from '../report/report';

/** The usage text printed on --help and after a usage error. */
export const USAGE =
  'usage: onnx-memory-lens report MODEL.onnx [--json] [--bind NAME=VALUE]... [--view sequential|parallel] [--html OUT.html] [--budget BYTES]\n' +
  '                                [--threads N] [--l2-cache BYTES] [--max-total-seq N]';

/** Parsed arguments of `report`. */
export interface CliArgs {
  help: boolean;
  model: string;
  json: boolean;
  bindings: Record<string, number>;
  view: PlanView;
  html: string | null;
  budget: number | null;
  /** Session facts the user set (--threads, --l2-cache, --max-total-seq); the rest keep their defaults. */
  session: Partial<ReportSession>;
}

function nonNegativeInt(text: string, what: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) throw new LensError('bad-argument', `Invalid ${what} '${text}': expected a non-negative integer`);
  return Number(text);
}

function positiveInt(text: string, what: string, max = Number.MAX_SAFE_INTEGER): number {
  const n = nonNegativeInt(text, what);
  if (n < 1 || n > max) throw new LensError('bad-argument', `Invalid ${what} '${text}': expected an integer from 1 to ${max}`);
  return n;
}

/** Parses `argv` (without node and script path). */
export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { help: false, model: '', json: false, bindings: {}, view: 'sequential', html: null, budget: null, session: {} };
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) return { ...args, help: true };
  const [command, ...rest] = argv;
  if (command !== 'report') throw new LensError('bad-argument', `Unknown command '${command}'`);
  const value = (i: number, flag: string): string => {
    const v = rest[i + 1];
    if (v === undefined) throw new LensError('bad-argument', `Missing value after ${flag}`);
    return v;
  };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--json') args.json = true;
    else if (a === '--bind') {
      const spec = value(i++, a);
      const m = /^([^=]+)=(.*)$/.exec(spec);
      if (!m) throw new LensError('bad-argument', `Invalid binding '${spec}': expected NAME=VALUE`);
      args.bindings[m[1]!] = nonNegativeInt(m[2]!, `value for '${m[1]}'`);
    } else if (a === '--view') {
      const v = value(i++, a);
      if (v !== 'sequential' && v !== 'parallel') throw new LensError('bad-argument', `Invalid view '${v}': expected sequential or parallel`);
      args.view = v;
    } else if (a === '--html') args.html = value(i++, a);
    else if (a === '--budget') args.budget = nonNegativeInt(value(i++, a), 'budget');
    else if (a === '--threads') args.session.intraOpThreads = positiveInt(value(i++, a), 'thread count', MAX_INTRA_OP_THREADS);
    else if (a === '--l2-cache') args.session.l2CacheBytes = positiveInt(value(i++, a), 'L2 cache size');
    else if (a === '--max-total-seq') args.session.maxTotalSequenceLength = positiveInt(value(i++, a), 'maximum total sequence length');
    else if (a.startsWith('--')) throw new LensError('bad-argument', `Unknown option '${a}'`);
    else if (args.model === '') args.model = a;
    else throw new LensError('bad-argument', `Unexpected argument '${a}'`);
  }
  if (args.model === '') throw new LensError('bad-argument', 'Missing MODEL argument');
  return args;
}
