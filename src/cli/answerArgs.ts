/**
 * Command-line parsing of the answer commands, with node:util parseArgs as `report`:
 *   sweep MODEL --dim NAME --from A --to B [--points N | --step S] [--log] [--json | --csv]
 *   fit MODEL --dim NAME --budget SIZE [--from MIN] [--to MAX] [--json]
 *   diff A.onnx B.onnx [--json]
 * each with the shared plan options (--bind, --view, --optimization, --cache-dir, --weights, --threads,
 * --l2-cache, --max-total-seq; sweep and fit also --value).
 */
import { parseArgs as parseNodeArgs } from 'node:util';
import { LensError } from '../onnx/lensError';
import { MAX_DIM_VALUE } from '../report/fit';
import { budgetBytes, joinDashValues, nonNegativeInt, PLAN_OPTIONS, planOptions, positiveInt, usageError, type PlanArgs } from './parseArgs';

export const ANSWER_USAGE =
  'usage: onnx-memory-lens sweep MODEL.onnx --dim NAME --from A --to B [--points N | --step S] [--log] [--json | --csv] [--bind NAME=VALUE]...\n' +
  '       onnx-memory-lens fit MODEL.onnx --dim NAME --budget SIZE [--from MIN] [--to MAX] [--json] [--bind NAME=VALUE]...\n' +
  '       onnx-memory-lens diff A.onnx B.onnx [--json] [--bind NAME=VALUE]... [--bind-b NAME=VALUE]... [--view-b sequential|parallel]\n' +
  '       (each also takes --view sequential|parallel, --optimization disabled|basic|extended|all (default all), --cache-dir DIR,\n' +
  '        --weights auto|real|standin, --threads N, --l2-cache BYTES, --max-total-seq N; sweep and fit take --value INPUT=V[,V...];\n' +
  '        SIZE is bytes or 2GiB, 512MiB, 1.5GB)';


export type AnswerArgs =
  | ({ command: 'sweep'; model: string; dim: string; from: number; to: number; points: number | null; step: number | null; log: boolean; format: 'text' | 'json' | 'csv' } & PlanArgs)
  | ({ command: 'fit'; model: string; dim: string; budgetBytes: number; from: number; to: number; json: boolean } & PlanArgs)
  | ({ command: 'diff'; a: string; b: string; json: boolean; bindingsB: Record<string, number>; viewB: PlanArgs['view'] } & PlanArgs);

const OPTIONS = {
  json: { type: 'boolean' },
  csv: { type: 'boolean' },
  log: { type: 'boolean' },
  dim: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  points: { type: 'string' },
  step: { type: 'string' },
  budget: { type: 'string' },
  'bind-b': { type: 'string', multiple: true },
  'view-b': { type: 'string' },
  ...PLAN_OPTIONS,
} as const;

/** Which options each command accepts (the rest are refused by name). */
const ALLOWED: Record<AnswerArgs['command'], ReadonlySet<string>> = {
  sweep: new Set(['json', 'csv', 'log', 'dim', 'from', 'to', 'points', 'step', ...Object.keys(PLAN_OPTIONS)]),
  fit: new Set(['json', 'dim', 'from', 'to', 'budget', ...Object.keys(PLAN_OPTIONS)]),
  diff: new Set(['json', 'bind-b', 'view-b', ...Object.keys(PLAN_OPTIONS)]),
};

/** True when `command` is one of sweep, fit, diff. */
export function isAnswerCommand(command: string | undefined): command is AnswerArgs['command'] {
  return command === 'sweep' || command === 'fit' || command === 'diff';
}

function dimValue(text: string, what: string): number {
  const n = nonNegativeInt(text, what);
  if (n > MAX_DIM_VALUE) throw new LensError('bad-argument', `Invalid ${what} '${text}': expected an integer from 0 to ${MAX_DIM_VALUE}`);
  return n;
}

function required<T>(v: T | undefined, flag: string, command: string): T {
  if (v === undefined) throw new LensError('bad-argument', `${command} needs ${flag}`);
  return v;
}

/** Parses `argv` (command first) of sweep, fit or diff. */
export function parseAnswerArgs(argv: string[]): AnswerArgs {
  const [command, ...rest] = argv;
  if (!isAnswerCommand(command)) throw new LensError('bad-argument', `Unknown command '${command}'`);
  let parsed;
  try {
    parsed = parseNodeArgs({ args: joinDashValues(rest, OPTIONS), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw usageError(err);
  }
  const { values: o, positionals } = parsed;
  for (const key of Object.keys(o)) if (!ALLOWED[command].has(key)) throw new LensError('bad-argument', `Option '--${key}' does not apply to ${command}`);
  const plan = planOptions(o);
  const wanted = command === 'diff' ? 2 : 1;
  if (positionals.length > wanted) throw new LensError('bad-argument', `Unexpected argument '${positionals[wanted]}'`);
  if (positionals.length < wanted) throw new LensError('bad-argument', command === 'diff' ? 'diff needs two models: A.onnx B.onnx' : 'Missing MODEL argument');
  if (command === 'diff') {
    // B is planned as A, with --bind-b over A's bindings and --view-b instead of A's view: one model under two bindings or views.
    const b = planOptions({ bind: o['bind-b'], view: o['view-b'] });
    if (o.value !== undefined) throw new LensError('bad-argument', '--value fixes inputs of one model; diff does not take it');
    return { command, a: positionals[0]!, b: positionals[1]!, json: o.json === true, ...plan, bindingsB: { ...plan.bindings, ...b.bindings }, viewB: o['view-b'] === undefined ? plan.view : b.view };
  }
  const dim = required(o.dim, '--dim NAME', command);
  if (dim in plan.bindings) throw new LensError('bad-argument', `--dim ${dim} is also bound with --bind; leave it out of the bindings`);
  if (command === 'fit') {
    const from = o.from === undefined ? 1 : dimValue(o.from, '--from');
    const to = o.to === undefined ? MAX_DIM_VALUE : dimValue(o.to, '--to');
    if (to < from) throw new LensError('bad-argument', `--to ${to} is below --from ${from}`);
    return { command, model: positionals[0]!, dim, budgetBytes: budgetBytes(required(o.budget, '--budget SIZE', command)), from, to, json: o.json === true, ...plan };
  }
  const from = dimValue(required(o.from, '--from A', command), '--from');
  const to = dimValue(required(o.to, '--to B', command), '--to');
  if (to < from) throw new LensError('bad-argument', `--to ${to} is below --from ${from}`);
  if (o.points !== undefined && o.step !== undefined) throw new LensError('bad-argument', 'Give --points or --step, not both');
  if (o.json === true && o.csv === true) throw new LensError('bad-argument', 'Give --json or --csv, not both');
  if (o.log === true && o.step !== undefined) throw new LensError('bad-argument', '--log spaces --points geometrically; it does not apply to --step');
  if (o.log === true && from < 1) throw new LensError('bad-argument', '--log needs --from 1 or more');
  const points = o.points === undefined ? null : positiveInt(o.points, '--points', 10000);
  const step = o.step === undefined ? null : positiveInt(o.step, '--step');
  return { command, model: positionals[0]!, dim, from, to, points, step, log: o.log === true, format: o.json === true ? 'json' : o.csv === true ? 'csv' : 'text', ...plan };
}
