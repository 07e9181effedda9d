/**
 * The one message protocol between the extension host and the webview.
 * Discriminants are string literals so logged messages read clearly. Types only.
 */
import type { PackedReportColumns } from './packedColumns';
import type { GraphOptimizationLevel, PlanView, Report } from './report';
import type { SweepResult } from './sweep';
import type { FitResult } from './fit';
import type { ReportDiff } from './diff';

/** Which answer a message is about. */
export type AnswerKind = 'sweep' | 'fit';

/** Observed per-node numbers read from an ORT profile; never mixed into the modeled Report. */
export interface ObservedProfile {
  /** Profile file name (for the legend). */
  source: string;
  graphId: string;
  /** One entry per modeled step (same index); null where the profile had no matching node. */
  steps: Array<{
    memBytesInUse: number | null;
    memBytesRequestedInUse: number | null;
    memInUsePeak: number | null;
    memArenaHeld: number | null;
  } | null>;
  /** Node names that did not match (either side). */
  mismatches: string[];
}

/** Messages from the host to the webview. */
export type ToWebview =
  | { type: 'report'; report: Report; fileName: string }
  /** Same as 'report' with the Report as JSON text: one string crosses postMessage far cheaper than a
   *  structured clone of 100k objects (measured by scripts/bench/webview.ts). */
  | { type: 'reportJson'; json: string; fileName: string }
  /** Same Report as columns (columnarReport.ts) packed into one ArrayBuffer (packedColumns.ts): VS Code
   *  posts it as one raw buffer whatever the number of graphs; the fastest way to a first paint. */
  | { type: 'reportColumns'; packed: PackedReportColumns; fileName: string }
  | { type: 'loading'; fileName: string; message: string }
  | { type: 'error'; code: string; message: string; fileName: string }
  | { type: 'observed'; observed: ObservedProfile | null }
  /** Show the main graph at this step, with its details (a budget warning opened the panel at its peak step). */
  | { type: 'revealStep'; step: number }
  /** A sweep or fit running in the worker: how far (a sweep's share of its points; a fit's count is not known ahead) and what it plans now. */
  | { type: 'answerProgress'; kind: AnswerKind; message: string; percent: number }
  | { type: 'sweepResult'; result: SweepResult }
  | { type: 'fitResult'; result: FitResult }
  /** A comparison of two models' reports (the panel shows it instead of a timeline). */
  | { type: 'compare'; diff: ReportDiff; aName: string; bName: string; sessionLabel: string; bindings: Record<string, number> }
  /** A sweep or fit that failed or was cancelled (`code` 'cancelled'); the report on screen stays. */
  | { type: 'answerError'; kind: AnswerKind; code: string; message: string };

/** Messages from the webview to the host. */
export type FromWebview =
  | { type: 'ready' }
  | { type: 'bind'; bindings: Record<string, number> }
  /** Plan with the contents of these small main-graph inputs fixed (the CLI's --value); an input left out is unknown. */
  | { type: 'setInputValues'; values: Record<string, number[]> }
  | { type: 'setView'; view: PlanView }
  /** The toolbar's optimization level: plan ORT's graph at this level (the panel keeps it until closed). */
  | { type: 'setOptimization'; level: GraphOptimizationLevel }
  | { type: 'export'; format: 'png' | 'svg' | 'csv' | 'json'; fileName: string; data: string }
  | { type: 'importProfile' }
  /** Sweep `dim` over `points` values from `from` to `to` (geometric with `log`), the other dims as bound now. */
  | { type: 'sweep'; dim: string; from: number; to: number; points: number; log: boolean }
  /** Fit `dim` within `budgetBytes`, or within the budget setting when null. */
  | { type: 'fit'; dim: string; budgetBytes: number | null }
  /** Stops the running sweep or fit (the worker keeps the model). */
  | { type: 'cancelAnswer' };

/** Every FromWebview discriminant, for validation on the host side. */
export const FROM_WEBVIEW_TYPES: ReadonlyArray<FromWebview['type']> = ['ready', 'bind', 'setInputValues', 'setView', 'export', 'importProfile', 'setOptimization', 'sweep', 'fit', 'cancelAnswer'];

/** Most points a sweep message may ask for. */
export const MAX_SWEEP_POINTS = 1024;
