/**
 * Which ONNX Runtime session a report's numbers are for, as data (`modeledSession`) and as the one
 * label every surface shows (`describeSession`: panel, text summary, HTML page, exports), so no
 * surface can claim more than the model does. Pure: the webview imports it too.
 */
import type { GraphOptimizationLevel, PlanView, Report, ReportSession, SessionFacts } from './report';

/** Which optimization level a report models, and why, when it is not the one asked for. */
export interface ModeledOptimization {
  /** The level whose graph was planned. */
  level: GraphOptimizationLevel;
  /** The level the user asked for. */
  requested: GraphOptimizationLevel;
  /** Why `level` is 'disabled' although another was asked for; null when they agree. */
  fallbackReason: string | null;
  /** NCHWc block size of the machine that optimized the graph (level 'all'), else null. */
  nchwcBlockSize: number | null;
}

/** The session record of a report: the facts used plus the fixed choices of the model. */
export function modeledSession(facts: SessionFacts, view: PlanView, optimization: ModeledOptimization = { level: 'disabled', requested: 'disabled', fallbackReason: null, nchwcBlockSize: null }): ReportSession {
  return {
    ...facts,
    ortVersion: '1.30',
    executionProvider: 'CPUExecutionProvider',
    graphOptimizationLevel: optimization.level,
    requestedGraphOptimizationLevel: optimization.requested,
    optimizationFallbackReason: optimization.fallbackReason,
    nchwcBlockSize: optimization.nchwcBlockSize,
    executor: view,
    memoryPatternModeled: false,
    arenaModeled: false,
  };
}

/**
 * One line naming the modeled session, e.g. "ONNX Runtime 1.30 · CPU EP · graph optimizations
 * disabled · sequential executor · 2 intra-op threads · memory pattern and arena not modeled
 * (best-fit arena estimates the pattern's block)". A report that fell back from the level asked for
 * says so: "graph optimizations disabled (all was asked for; <reason>)". Reports saved before the session record had
 * these fields (or any session) get the same fixed choices; the view then names the executor.
 */
export function describeSession(report: Pick<Report, 'view'> & { session?: Partial<ReportSession> | undefined }): string {
  const s = report.session ?? {};
  const executor = s.executor ?? report.view;
  const parts = [
    `ONNX Runtime ${s.ortVersion ?? '1.30'}`,
    (s.executionProvider ?? 'CPUExecutionProvider') === 'CPUExecutionProvider' ? 'CPU EP' : String(s.executionProvider),
    optimizationLabel(s),
    executor === 'parallel' ? 'parallel executor (no reuse; intervals and peak are conservative bounds)' : 'sequential executor',
  ];
  if (typeof s.intraOpThreads === 'number') parts.push(`${s.intraOpThreads} intra-op thread${s.intraOpThreads === 1 ? '' : 's'}`);
  parts.push(executor === 'parallel' ? 'memory pattern and arena not modeled' : "memory pattern and arena not modeled (best-fit arena estimates the pattern's block)");
  return parts.join(' · ');
}

/** "graph optimizations all (NCHWc block 16)", or the fallback with the level asked for and why. */
export function optimizationLabel(s: Partial<ReportSession>): string {
  const level = s.graphOptimizationLevel ?? 'disabled';
  const requested = s.requestedGraphOptimizationLevel ?? level;
  if (requested !== level) return `graph optimizations ${level} (${requested} was asked for; ${s.optimizationFallbackReason ?? 'no reason recorded'})`;
  return typeof s.nchwcBlockSize === 'number' && level === 'all' ? `graph optimizations ${level} (NCHWc block ${s.nchwcBlockSize})` : `graph optimizations ${level}`;
}
