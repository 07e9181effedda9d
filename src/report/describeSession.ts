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

/** Longest bindings label before the rest is counted ("… and 180 more"). */
const MAX_LABELLED_BINDINGS = 12;

/**
 * The bindings a report was planned with, in one line for the panel header and every export, e.g.
 * "bindings batch=1 · sequence=128 (past unbound)", "no bindings (batch, sequence unbound)" or
 * "no symbolic dims". Only the free dims count (a report's `dims`; `symbols` for older reports).
 */
export function describeBindings(report: Pick<Report, 'bindings' | 'symbols' | 'dims'>): string {
  const names = report.dims ? report.dims.free.map((f) => f.name) : report.symbols;
  if (names.length === 0) return 'no symbolic dims';
  const bound = names.filter((n) => typeof report.bindings[n] === 'number');
  const unbound = names.filter((n) => typeof report.bindings[n] !== 'number');
  const list = (xs: string[], f: (x: string) => string): string =>
    xs.length <= MAX_LABELLED_BINDINGS ? xs.map(f).join(', ') : `${xs.slice(0, MAX_LABELLED_BINDINGS).map(f).join(', ')} and ${xs.length - MAX_LABELLED_BINDINGS} more`;
  const rest = unbound.length === 0 ? '' : ` (${list(unbound, (n) => n)} unbound)`;
  if (bound.length === 0) return `no bindings${rest}`;
  return `bindings ${list(bound, (n) => `${n}=${report.bindings[n]}`)}${rest}`;
}

/** The bindings as a file-name part, e.g. "batch1-sequence128", or '' when none are bound. */
export function bindingsFileTag(bindings: Readonly<Record<string, number>>): string {
  const parts = Object.keys(bindings).sort().map((n) => `${n.replace(/[^A-Za-z0-9]+/g, '_')}${bindings[n]}`);
  const tag = parts.join('-');
  // File systems take 255 bytes per name; a model with hundreds of dims keeps a short, stable tag.
  return tag.length <= 80 ? tag : `${parts.length}dims-${hash32(tag).toString(16)}`;
}

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
