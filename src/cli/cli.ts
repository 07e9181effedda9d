/**
 * `onnx-memory-lens report MODEL [--json] [--bind NAME=VALUE]... [--view sequential|parallel]
 *  [--html OUT.html] [--budget BYTES] [--threads N] [--l2-cache BYTES] [--max-total-seq N]
 *  [--optimization disabled|basic|extended|all] [--cache-dir DIR] [--weights auto|real|standin]`,
 * and the answer commands `sweep`, `fit` and `diff` (answerArgs.ts, answers.ts).
 *
 * `--optimization` (default 'all', ORT's default) plans the graph ORT saves at that level, which
 * needs onnxruntime-node; without it the report is at 'disabled' and says why (stderr too).
 *
 * Exit codes: 0 ok, 2 bad input or usage (one line `error: <file>: <message>` on stderr, no
 * stack), 3 when the modeled peak plus initializer bytes exceed `--budget`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { LensError } from '../onnx/lensError';
import { analyzeFileAtLevel, buildReport, type Analysis } from '../analyze/buildReport';
import { renderText, type Report } from '../report';
import { checkBudget } from '../report/budget';
import { renderStandaloneHtml } from '../report/renderHtml';
import { parseArgs, USAGE, type CliArgs } from './parseArgs';
import { ANSWER_USAGE, isAnswerCommand, parseAnswerArgs, type AnswerArgs } from './answerArgs';
import { fallbackNote, runAnswer } from './answers';

/** Process exit codes of the CLI. */
export const EXIT = { ok: 0, badInput: 2, overBudget: 3, internal: 70 } as const;

/** The exit code for an error out of the pipeline: 2 for bad input, 70 (sysexits EX_SOFTWARE) for a bug of ours. */
export function exitCodeFor(err: unknown): number {
  return err instanceof LensError && err.code !== 'internal' ? EXIT.badInput : EXIT.internal;
}

/** Where the CLI writes; injectable for tests. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Runs the CLI with `argv` (without node and script); returns the exit code. */
export async function runCli(argv: string[], io: CliIo = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) }): Promise<number> {
  if (isAnswerCommand(argv[0])) return runAnswerCli(argv, io);
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    io.err(`error: ${oneLine(e instanceof Error ? e.message : String(e))} (see --help)\n`);
    return EXIT.badInput;
  }
  if (args.help) {
    io.out(`${USAGE}\n${ANSWER_USAGE}\n`);
    return EXIT.ok;
  }
  const file = args.model;
  let report: Report;
  let analysis: Analysis;
  try {
    analysis = await analyzeFileAtLevel(resolve(file), { level: args.optimization, session: args.session, cacheDir: args.cacheDir, weights: args.weights });
    report = buildReport(analysis, { bindings: args.bindings, values: args.values, view: args.view, session: args.session, arena: args.arena });
  } catch (e) {
    const code = exitCodeFor(e);
    const text = e instanceof Error ? e.message : String(e);
    const msg = code === EXIT.internal ? `internal error (a bug in onnx-memory-lens; please report it): ${text}` : text;
    io.err(`error: ${file}: ${oneLine(msg)}\n`);
    return code;
  }
  const note = fallbackNote(file, analysis, args.optimization);
  if (note !== null) io.err(note);
  if (args.html !== null) {
    const js = join(__dirname, 'webview.js');
    const css = join(__dirname, 'timeline.css');
    if (!existsSync(js)) {
      io.err(`error: ${file}: --html needs dist/webview.js next to the CLI (run npm run build)\n`);
      return EXIT.badInput;
    }
    const other = buildReport(analysis, { bindings: args.bindings, values: args.values, view: args.view === 'sequential' ? 'parallel' : 'sequential', session: args.session, arena: args.arena });
    const html = renderStandaloneHtml(report, readFileSync(js, 'utf8'), existsSync(css) ? readFileSync(css, 'utf8') : '', {
      fileName: basename(file),
      alternateReports: [other],
    });
    writeFileSync(args.html, html);
  }
  io.out(args.json ? `${JSON.stringify(report, null, 2)}\n` : renderText(report));
  if (args.budget !== null) {
    // The same verdict and words as the extension's budget warning.
    const finding = checkBudget(report, args.budget);
    if (finding?.kind === 'unknown') {
      io.err(`error: ${file}: ${finding.message}\n`);
      return EXIT.badInput;
    }
    if (finding?.kind === 'over') {
      io.err(`budget: ${finding.message}\n`);
      return EXIT.overBudget;
    }
  }
  return EXIT.ok;
}

/** sweep, fit and diff: parse, run, and print errors in the one-line form of `report`. */
async function runAnswerCli(argv: string[], io: CliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(`${ANSWER_USAGE}\n`);
    return EXIT.ok;
  }
  let args: AnswerArgs;
  try {
    args = parseAnswerArgs(argv);
  } catch (e) {
    io.err(`error: ${oneLine(e instanceof Error ? e.message : String(e))} (see --help)\n`);
    return EXIT.badInput;
  }
  const current = { file: '' };
  try {
    const r = await runAnswer(args, current);
    io.out(r.out);
    if (r.err !== '') io.err(r.err);
    return r.code;
  } catch (e) {
    const code = exitCodeFor(e);
    const text = e instanceof Error ? e.message : String(e);
    const msg = code === EXIT.internal ? `internal error (a bug in onnx-memory-lens; please report it): ${text}` : text;
    io.err(`error: ${current.file}: ${oneLine(msg)}\n`);
    return code;
  }
}

if (require.main === module) {
  // A reader that stops early (`| head`) closes the pipe: that ends the output, it is not a crash.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(process.exitCode ?? 0);
  });
  void runCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
