/**
 * Which ONNX Runtime session a report's numbers are for, as data (`modeledSession`) and as the one
 * label every surface shows (`describeSession`: panel, text summary, HTML page, exports), so no
 * surface can claim more than the model does. Pure: the webview imports it too.
 */
import type { ArenaSessionOptions, PlanView, Report, ReportSession, SessionFacts } from './report';

/**
 * The session record of a report: the facts used plus the fixed choices of the model. With
 * `arena` (the sequential view), the CPU arena and the memory pattern are replayed under those
 * options; the parallel view models neither.
 */
export function modeledSession(facts: SessionFacts, view: PlanView, arena?: ArenaSessionOptions): ReportSession {
  const replayed = view === 'sequential' && arena !== undefined;
  return {
    ...facts,
    ortVersion: '1.30',
    executionProvider: 'CPUExecutionProvider',
    graphOptimizationLevel: 'disabled',
    executor: view,
    memoryPatternModeled: replayed && arena.enableCpuMemArena && arena.enableMemPattern,
    arenaModeled: replayed && arena.enableCpuMemArena,
    ...(replayed ? { arena: { ...arena } } : {}),
  };
}

/** The arena part of the label, e.g. "BFC arena modeled (kNextPowerOfTwo, memory pattern on, run 2)". */
function arenaLabel(s: Partial<ReportSession>, executor: PlanView): string {
  const a = s.arena;
  if (executor === 'parallel') return 'memory pattern and arena not modeled';
  if (!s.arenaModeled || !a) {
    if (a && !a.enableCpuMemArena) return 'CPU arena off (enable_cpu_mem_arena = 0): no arena figures';
    return "memory pattern and arena not modeled (best-fit arena estimates the pattern's block)";
  }
  const strategy = a.arenaExtendStrategy === 'same-as-requested' ? 'kSameAsRequested' : 'kNextPowerOfTwo';
  return `BFC arena modeled (${strategy}, memory pattern ${a.enableMemPattern ? 'on' : 'off'}, run ${a.run})`;
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
  parts.push(arenaLabel(s, executor));
  return parts.join(' · ');
}
