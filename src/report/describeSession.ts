/**
 * Which ONNX Runtime session a report's numbers are for, as data (`modeledSession`) and as the one
 * label every surface shows (`describeSession`: panel, text summary, HTML page, exports), so no
 * surface can claim more than the model does. Pure: the webview imports it too.
 */
import type { ArenaSessionOptions, GraphOptimizationLevel, PlanView, Report, ReportSession, SessionFacts } from './report';

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

/**
 * The session record of a report: the facts used plus the fixed choices of the model. With
 * `arena` (the sequential view), the CPU arena and the memory pattern are replayed under those
 * options; the parallel view models neither. `optimization` names the level whose graph was planned.
 */
export function modeledSession(
  facts: SessionFacts,
  view: PlanView,
  arena?: ArenaSessionOptions,
  optimization: ModeledOptimization = { level: 'disabled', requested: 'disabled', fallbackReason: null, nchwcBlockSize: null },
): ReportSession {
  const replayed = view === 'sequential' && arena !== undefined;
  return {
    ...facts,
    ortVersion: '1.30',
    executionProvider: 'CPUExecutionProvider',
    graphOptimizationLevel: optimization.level,
    requestedGraphOptimizationLevel: optimization.requested,
    optimizationFallbackReason: optimization.fallbackReason,
    nchwcBlockSize: optimization.nchwcBlockSize,
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
    executor === 'parallel' ? 'parallel executor (no reuse; peak: the worst case over every schedule, bars: ORT\'s order)' : 'sequential executor',
  ];
  if (typeof s.intraOpThreads === 'number') parts.push(`${s.intraOpThreads} intra-op thread${s.intraOpThreads === 1 ? '' : 's'}`);
  if (s.machineKernels && s.machineKernels.length > 0) parts.push(`this CPU's ${s.machineKernels.join(', ')}`);
  parts.push(arenaLabel(s, executor));
  return parts.join(' · ');
}

/** Longest bindings label before the rest is counted ("… and 180 more"). */
const MAX_LABELLED_BINDINGS = 12;

/**
 * The bindings a report was planned with, in one line for the panel header and every export, e.g.
 * "bindings batch=1 · sequence=128 (past unbound)", "no bindings (batch, sequence unbound)" or
 * "no symbolic dims". Only the free dims count (a report's `dims`; `symbols` for older reports).
 * Contents fixed for inputs follow: "bindings n=2 · input values sr=16000".
 */
export function describeBindings(report: Pick<Report, 'bindings' | 'symbols' | 'dims' | 'inputValues'>): string {
  return `${describeDims(report)}${describeInputValues(report)}`;
}

function describeDims(report: Pick<Report, 'bindings' | 'symbols' | 'dims'>): string {
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

/** The contents fixed for inputs (`--value`), e.g. " · input values sr=16000", or '' when none. */
function describeInputValues(report: Pick<Report, 'inputValues'>): string {
  const fixed = Object.entries(report.inputValues ?? {});
  if (fixed.length === 0) return '';
  return ` · input values ${fixed.map(([k, v]) => `${k}=${v.join(',')}`).join(', ')}`;
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

/** "graph optimizations all (NCHWc block 16)", or the fallback with the level asked for and why. */
export function optimizationLabel(s: Partial<ReportSession>): string {
  const level = s.graphOptimizationLevel ?? 'disabled';
  const requested = s.requestedGraphOptimizationLevel ?? level;
  if (requested !== level) return `graph optimizations ${level} (${requested} was asked for; ${s.optimizationFallbackReason ?? 'no reason recorded'})`;
  return typeof s.nchwcBlockSize === 'number' && level === 'all' ? `graph optimizations ${level} (NCHWc block ${s.nchwcBlockSize})` : `graph optimizations ${level}`;
}
