/**
 * The one budget verdict: the main graph's modeled peak plus the model's initializer bytes (every
 * graph's: ORT loads the initializers of If/Loop/Scan bodies at session creation too) against a budget
 * (`--budget` in the CLI, `onnxMemoryLens.budgetBytes` in the extension, which turns a finding into
 * a Diagnostic on the model file). Pure.
 */
import { formatBytesExact } from './formatBytes';
import { peakBuffers } from './liveBuffers';
import type { Report, ReportGraph } from './report';
import { describeBindings, describeSession } from './describeSession';

/** How many buffers the over-budget message names. */
export const TOP_CONTRIBUTOR_COUNT = 3;

/** One buffer that is live at the peak step. */
export interface BudgetContributor {
  name: string;
  bytes: number;
}

/** The result of a budget check: over budget, or not decidable because a size is unavailable. */
export type BudgetFinding =
  | { kind: 'over'; totalBytes: number; budgetBytes: number; peakStep: number; contributors: BudgetContributor[]; message: string }
  | { kind: 'unknown'; budgetBytes: number; message: string };

/** Initializer payload bytes of a graph: the stored figure when known, else the sum over initializer values; null if any is unknown. */
export function initializerBytes(graph: ReportGraph): number | null {
  const stored = graph.initialization?.initializerBytesStored;
  if (stored !== undefined && stored !== null) return stored;
  let sum = 0;
  for (const v of graph.values) {
    if (!v.isInitializer) continue;
    if (v.bytes === null) return null;
    sum += v.bytes;
  }
  return sum;
}

/** Initializer payload bytes of the whole model: every graph's (initializerBytes), null if any is unknown. */
export function modelInitializerBytes(report: Pick<Report, 'graphs'>): number | null {
  let sum = 0;
  for (const g of report.graphs) {
    const b = initializerBytes(g);
    if (b === null) return null;
    sum += b;
  }
  return sum;
}

/**
 * The initializer bytes ORT holds in its CPU arena when the first kernel runs: every graph's
 * `arenaBytesAfterPrepack` (body initializers are allocated at session creation like the main
 * graph's); null if any graph's figure is unknown.
 */
export function sessionArenaBytes(report: Pick<Report, 'graphs'>): number | null {
  let sum = 0;
  for (const g of report.graphs) {
    const b = g.initialization ? g.initialization.arenaBytesAfterPrepack : 0;
    if (b === null || b === undefined) return null;
    sum += b;
  }
  return sum;
}

/**
 * Buffers that make up the peak (peakBuffers: live after `step`'s compute, or in the parallel view
 * the ones alive at the worst moment), known and non-zero, largest first, at most `count`.
 */
export function topContributors(graph: ReportGraph, step: number, count = TOP_CONTRIBUTOR_COUNT): BudgetContributor[] {
  const out: BudgetContributor[] = [];
  const peak = graph.peak.step === step ? graph.peak : { step };
  for (const b of peakBuffers(graph, peak)) if (b.bytes !== null && b.bytes > 0) out.push({ name: b.root, bytes: b.bytes });
  return out.slice(0, count);
}

/**
 * Bytes of the main graph's initializer outputs that ORT copies for the caller at the start of each
 * Run (ReportGraph.outputCopies): 0 when none, null when one's size is unknown.
 */
export function outputCopyBytes(report: Pick<Report, 'graphs'>): number | null {
  let sum = 0;
  for (const c of report.graphs[0]?.outputCopies ?? []) {
    if (c.bytes === null) return null;
    sum += c.bytes;
  }
  return sum;
}

/**
 * What ORT's arena holds in requested bytes through a Run besides the planned live buffers (the
 * constant baseline of the arena's requested-in-use figure): the initialization's arena bytes
 * (sessionArenaBytes) and the initializer outputs' copies; null if either is unknown.
 */
export function runBaselineBytes(report: Pick<Report, 'graphs'>): number | null {
  const init = sessionArenaBytes(report);
  const copies = outputCopyBytes(report);
  return init === null || copies === null ? null : init + copies;
}

/** Checks the main graph's modeled peak plus the model's initializer bytes (and the Run's copies of initializer outputs) against `budgetBytes`; null when within budget or no budget is set. */
export function checkBudget(report: Report, budgetBytes: number | null): BudgetFinding | null {
  if (budgetBytes === null) return null;
  const main = report.graphs[0];
  if (!main) return null;
  const { peak } = main;
  const init = modelInitializerBytes(report);
  const copies = outputCopyBytes(report);
  if (peak.bytes === null || peak.step === null || init === null || copies === null) {
    const why = peak.bytes === null ? `the modeled peak is unavailable (${peak.reason ?? 'no reason given'})` : init === null ? 'an initializer size is unavailable' : 'the size of an initializer output ORT copies for the caller is unavailable';
    return { kind: 'unknown', budgetBytes, message: `Cannot check the memory budget of ${formatBytesExact(budgetBytes)}: ${why}${computedFor(report)}` };
  }
  const totalBytes = peak.bytes + init + copies;
  if (totalBytes <= budgetBytes) return null;
  const step = main.steps[peak.step];
  const where = step ? `step ${peak.step} (${step.displayName || step.opType})` : `step ${peak.step}`;
  const contributors = topContributors(main, peak.step);
  const top = contributors.length > 0 ? `; top contributors: ${contributors.map((c) => `${c.name} ${formatBytesExact(c.bytes)}`).join(', ')}` : '';
  const message =
    `Modeled peak ${formatBytesExact(peak.bytes)} at ${where} plus ${formatBytesExact(init)} of initializers` +
    `${copies > 0 ? ` and ${formatBytesExact(copies)} of initializer outputs copied for the caller` : ''} ` +
    `exceeds the budget of ${formatBytesExact(budgetBytes)}${top}${computedFor(report)}`;
  return { kind: 'over', totalBytes, budgetBytes, peakStep: peak.step, contributors, message };
}

/** What a verdict was computed for: the bindings and the modeled session, as the panel's header names them. */
function computedFor(report: Report): string {
  return `. Computed for ${describeBindings(report)} with ${describeSession(report)}`;
}
