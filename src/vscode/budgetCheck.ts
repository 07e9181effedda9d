/**
 * Compares a report against the user's memory budget (`onnxMemoryLens.budgetBytes`). Pure, so the
 * rule is tested without VS Code; the host turns a finding into a Diagnostic on the model file.
 */
import type { Report, ReportGraph, ReportValue } from '../report/report';

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

/** Formats a byte count for people: binary units with one decimal plus the exact count, e.g. `1.5 KiB (1,536 B)`. */
export function formatBytes(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let scaled = bytes;
  let unit = -1;
  while (scaled >= 1024 && unit < units.length - 1) {
    scaled /= 1024;
    unit++;
  }
  return unit < 0 ? exact : `${scaled.toFixed(1)} ${units[unit]} (${exact})`;
}

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

function isLiveAfterStep(v: ReportValue, step: number): boolean {
  return v.producedAt <= step && (v.releasedAfter === null || v.releasedAfter >= step);
}

/** Buffers (alias roots, initializers excluded) live after `step`'s compute, largest first, at most `count`. */
export function topContributors(graph: ReportGraph, step: number, count = TOP_CONTRIBUTOR_COUNT): BudgetContributor[] {
  const live: BudgetContributor[] = [];
  for (const v of graph.values) {
    if (v.isInitializer || v.root !== v.name || v.bytes === null || v.bytes === 0) continue;
    if (isLiveAfterStep(v, step)) live.push({ name: v.name, bytes: v.bytes });
  }
  live.sort((a, b) => b.bytes - a.bytes || (a.name < b.name ? -1 : 1));
  return live.slice(0, count);
}

/** Checks the main graph's modeled peak plus initializer bytes against `budgetBytes`; null when within budget or no budget is set. */
export function checkBudget(report: Report, budgetBytes: number | null): BudgetFinding | null {
  if (budgetBytes === null) return null;
  const main = report.graphs[0];
  if (!main) return null;
  const { peak } = main;
  const init = initializerBytes(main);
  if (peak.bytes === null || peak.step === null || init === null) {
    const why = peak.bytes === null ? `the modeled peak is unavailable (${peak.reason ?? 'no reason given'})` : 'an initializer size is unavailable';
    return { kind: 'unknown', budgetBytes, message: `Cannot check the memory budget of ${formatBytes(budgetBytes)}: ${why}` };
  }
  const totalBytes = peak.bytes + init;
  if (totalBytes <= budgetBytes) return null;
  const step = main.steps[peak.step];
  const where = step ? `step ${peak.step} (${step.displayName || step.opType})` : `step ${peak.step}`;
  const contributors = topContributors(main, peak.step);
  const top = contributors.length > 0 ? `; top contributors: ${contributors.map((c) => `${c.name} ${formatBytes(c.bytes)}`).join(', ')}` : '';
  const message =
    `Modeled peak ${formatBytes(peak.bytes)} at ${where} plus ${formatBytes(init)} of initializers ` +
    `exceeds the budget of ${formatBytes(budgetBytes)}${top}`;
  return { kind: 'over', totalBytes, budgetBytes, peakStep: peak.step, contributors, message };
}
