/**
 * The answer commands (sweep, fit, diff): each reads its model file(s) once and plans as often as
 * the answer needs. Exit codes as `report`: 0 ok, 2 bad input (also: a fit that cannot be told
 * because a size is unavailable), 3 when not even the smallest value fits, 70 a bug of ours.
 */
import { resolve } from 'node:path';
import { analyzeFileAtLevel, buildReport, type Analysis } from '../analyze/buildReport';
import { fitAnalysis } from '../analyze/fit';
import { sweepAnalysis } from '../analyze/sweep';
import { diffReports } from '../report/diff';
import { renderDiffText, renderFitText, renderSweepCsv, renderSweepText } from '../report/renderAnswers';
import { sweepJson, sweepValues } from '../report/sweep';
import type { AnswerArgs } from './answerArgs';

/** What a command printed and its exit code; errors are thrown (the caller names the file). */
export interface AnswerOutput {
  out: string;
  err: string;
  code: number;
}

/** The stderr line saying `analysis` fell back to 'disabled' from `requested`, or null when it did not. */
export function fallbackNote(file: string, analysis: Analysis, requested: string): string | null {
  const fallback = analysis.optimization?.fallbackReason ?? null;
  return fallback === null ? null : `note: ${file}: modeled at graph optimization level disabled instead of ${requested}: ${fallback.replace(/\s*\n\s*/g, ' ').trim()}\n`;
}

/** Runs one parsed answer command. `current.file` is set to the file being read, so an error can name it. */
export async function runAnswer(args: AnswerArgs, current: { file: string }): Promise<AnswerOutput> {
  const plan = { bindings: args.bindings, view: args.view, session: args.session };
  const notes: string[] = [];
  // ORT's graph at the asked level, as `report` plans it; without ORT the answer is at 'disabled' and says so.
  const analyze = async (file: string): Promise<Analysis> => {
    const analysis = await analyzeFileAtLevel(resolve(file), { level: args.optimization, session: args.session, cacheDir: args.cacheDir, weights: args.weights });
    const note = fallbackNote(file, analysis, args.optimization);
    if (note !== null) notes.push(note);
    return analysis;
  };
  if (args.command === 'sweep') {
    current.file = args.model;
    const values = sweepValues(args.from, args.to, args.step !== null ? { step: args.step } : { points: args.points ?? 16, log: args.log });
    const result = sweepAnalysis(await analyze(args.model), { ...plan, dim: args.dim, values, inputValues: args.values });
    const out = args.format === 'json' ? `${JSON.stringify(sweepJson(result), null, 2)}\n` : args.format === 'csv' ? renderSweepCsv(result) : renderSweepText(result);
    return { out, err: notes.join(''), code: 0 };
  }
  if (args.command === 'fit') {
    current.file = args.model;
    const f = fitAnalysis(await analyze(args.model), { ...plan, inputValues: args.values, dim: args.dim, budgetBytes: args.budgetBytes, min: args.from, max: args.to });
    const out = args.json ? `${JSON.stringify(f, null, 2)}\n` : renderFitText(f);
    const note = notes.join('');
    if (f.status === 'unknown') return { out: args.json ? out : '', err: `${note}error: ${args.model}: ${f.note}\n`, code: 2 };
    if (f.status === 'none-fits') return { out, err: `${note}budget: ${f.note}\n`, code: 3 };
    return { out, err: note, code: 0 };
  }
  current.file = args.a;
  const a = buildReport(await analyze(args.a), plan);
  current.file = args.b;
  const b = buildReport(await analyze(args.b), { ...plan, bindings: args.bindingsB, view: args.viewB });
  const d = diffReports(a, b);
  return { out: args.json ? `${JSON.stringify({ ...d, a: { ...d.a, bindings: a.bindings, view: a.view }, b: { ...d.b, bindings: b.bindings, view: b.view } }, null, 2)}\n` : renderDiffText(d, a, b), err: notes.join(''), code: 0 };
}
