/**
 * Which ONNX Runtime session a report's numbers are for, as data (`modeledSession`) and as the one
 * label every surface shows (`describeSession`: panel, text summary, HTML page, exports), so no
 * surface can claim more than the model does. Pure: the webview imports it too.
 */
import type { PlanView, Report, ReportSession, SessionFacts } from './report';

/** The session record of a report: the facts used plus the fixed choices of the model. */
export function modeledSession(facts: SessionFacts, view: PlanView): ReportSession {
  return {
    ...facts,
    ortVersion: '1.30',
    executionProvider: 'CPUExecutionProvider',
    graphOptimizationLevel: 'disabled',
    executor: view,
    memoryPatternModeled: false,
    arenaModeled: false,
  };
}

/**
 * One line naming the modeled session, e.g. "ONNX Runtime 1.30 · CPU EP · graph optimizations
 * disabled · sequential executor · 2 intra-op threads · memory pattern and arena not modeled
 * (best-fit arena estimates the pattern's block)". Reports saved before the session record had
 * these fields (or any session) get the same fixed choices; the view then names the executor.
 */
export function describeSession(report: Pick<Report, 'view'> & { session?: Partial<ReportSession> | undefined }): string {
  const s = report.session ?? {};
  const executor = s.executor ?? report.view;
  const parts = [
    `ONNX Runtime ${s.ortVersion ?? '1.30'}`,
    (s.executionProvider ?? 'CPUExecutionProvider') === 'CPUExecutionProvider' ? 'CPU EP' : String(s.executionProvider),
    `graph optimizations ${s.graphOptimizationLevel ?? 'disabled'}`,
    executor === 'parallel' ? 'parallel executor (no reuse; intervals and peak are conservative bounds)' : 'sequential executor',
  ];
  if (typeof s.intraOpThreads === 'number') parts.push(`${s.intraOpThreads} intra-op thread${s.intraOpThreads === 1 ? '' : 's'}`);
  parts.push(executor === 'parallel' ? 'memory pattern and arena not modeled' : "memory pattern and arena not modeled (best-fit arena estimates the pattern's block)");
  return parts.join(' · ');
}
