/**
 * The arena traffic of a planned graph (src/arena/sessionReplay.ts's input) from its report rows:
 * which roots each step allocates fresh (in output order), its scratch, what it frees, and what
 * the session allocates at initialization. If, Loop and Scan steps replay their kernel's own
 * allocations and each run of their body (controlFlowReplay.ts), from the same arena while the
 * parent step runs; where a fact they need is unknown, every later figure is unavailable.
 */
import { replaySession, type ReplayAlloc, type ReplayId, type ReplayInit, type ReplayOptions, type ReplayStep, type SessionReplay } from '../arena/sessionReplay';
import type { ArenaSessionOptions, Report, ReportGraph, ReportStep } from '../report/report';
import { findOp } from '../ops/registry';
import { outputCopyBytes } from '../report/budget';
import { controlFlowKernel } from './controlFlowReplay';
import { appendAt } from '../plan/appendAt';

/**
 * The replay input of the main graph `graph`. `bodies` are the report's other graphs (If/Loop/Scan
 * bodies): ORT creates their session states, and allocates their initializers and packs, when it
 * creates the session, so they are part of the initialization the first kernel sees.
 */
export function arenaReplayInput(graph: ReportGraph, bodies: readonly ReportGraph[] = []): { init: ReplayInit; steps: ReplayStep[] } {
  const byId = new Map(bodies.map((g) => [g.id, g]));
  const init = initOf([graph, ...bodies]);
  const copies = graph.outputCopies ?? [];
  const unknownCopy = copies.find((c) => c.bytes === null);
  if (unknownCopy) return { init: { ...init, reservedBytes: null, reason: init.reason ?? `the copy ORT makes of initializer output '${unknownCopy.name}' for each Run: ${unknownCopy.reason ?? 'its size is unknown'}` }, steps: replayStepsOf(graph, byId, null) };
  return { init: copies.length > 0 ? { ...init, outputCopies: copies.map((c) => c.bytes!) } : init, steps: replayStepsOf(graph, byId, null) };
}

/**
 * The replay steps of `graph`; `provided` names the body outputs whose buffers the parent kernel
 * supplies (they take no allocation here). Control-flow steps get their kernel's events
 * (controlFlowReplay.ts) with their bodies' steps inside.
 */
export function replayStepsOf(graph: ReportGraph, byId: ReadonlyMap<string, ReportGraph>, provided: ReadonlySet<string> | null): ReplayStep[] {
  // Allocations are named by the value's index in graph.values (ReplayId), and a step's outputs
  // are found among the values it produces (by step, in flat arrays), not by a name lookup per
  // output: at 200k values those lookups were cache misses. The lookup by name is made only for
  // the steps that need one (control flow, scratch split by tensor sizes).
  let indexMap: Map<string, number> | null = null;
  const indexOf = (): Map<string, number> => {
    if (indexMap === null) {
      indexMap = new Map();
      for (let i = 0; i < graph.values.length; i++) indexMap.set(graph.values[i]!.name, i);
    }
    return indexMap;
  };
  const stepCount = graph.steps.length;
  const producedStart = new Int32Array(stepCount + 1);
  for (const v of graph.values) if (v.producedAt >= 0 && v.producedAt < stepCount) producedStart[v.producedAt + 1]!++;
  for (let k = 0; k < stepCount; k++) producedStart[k + 1]! += producedStart[k]!;
  const produced = new Int32Array(producedStart[stepCount]!);
  const fill = producedStart.slice(0, stepCount);
  graph.values.forEach((v, i) => {
    if (v.producedAt >= 0 && v.producedAt < stepCount) produced[fill[v.producedAt]!++] = i;
  });
  const producedBy = (step: number, name: string): number => {
    for (let k = producedStart[step]!; k < producedStart[step + 1]!; k++) if (graph.values[produced[k]!]!.name === name) return produced[k]!;
    return -1;
  };
  // Per-step lists only where a step frees something, the rest share one empty list (never
  // written): an array per step was 200k arrays at 200k steps.
  const freesAfter: (number[] | undefined)[] = new Array(graph.steps.length);
  graph.values.forEach((v, i) => {
    if (v.root !== v.name || (v.allocKind !== 'Allocate' && v.allocKind !== 'AllocateOutput') || v.producedAt < 0) return;
    if (v.releasedAfter !== null && v.releasedAfter >= 0 && v.releasedAfter < freesAfter.length) appendAt(freesAfter, v.releasedAfter, i);
  });
  return graph.steps.map((s) => {
    let unknown: string | null = null;
    // Most steps allocate one output: the list starts at one slot ([] then push holds 17).
    let allocs: ReplayAlloc[] = NO_ALLOCS;
    for (const out of s.outputs) {
      if (out === '' || provided?.has(out)) continue;
      const i = producedBy(s.index, out);
      const v = graph.values[i];
      if (!v || v.root !== v.name) continue;
      if (v.allocKind !== 'Allocate' && v.allocKind !== 'AllocateOutput') continue;
      if (v.bytes === null) {
        unknown ??= `${stepWhere(graph, s)}: the size of '${v.name}' is unknown (${v.unavailableReason ?? 'no reason given'})`;
        continue;
      }
      const a: ReplayAlloc = { id: i, bytes: v.bytes, traced: v.allocKind === 'Allocate' };
      if (allocs === NO_ALLOCS) allocs = [a];
      else allocs.push(a);
    }
    // The element tensors the step puts into its sequence (a sequence itself takes 0 bytes): taken
    // after the output, in order, from the temp-space allocator, which the memory pattern does not trace.
    for (let k = producedStart[s.index]!; k < producedStart[s.index + 1]!; k++) {
      const e = graph.values[produced[k]!]!;
      if (e.sequenceElement !== true || e.bytes === null) continue;
      const a: ReplayAlloc = { id: produced[k]!, bytes: e.bytes, traced: false };
      if (allocs === NO_ALLOCS) allocs = [a];
      else allocs.push(a);
    }
    const frees = freesAfter[s.index] ?? NO_FREES;
    if (s.controlFlow) {
      const k = controlFlowKernel(s, allocs, graph.values, indexOf(), byId, (body, given) => replayStepsOf(body, byId, given));
      return { allocs: [], scratch: NO_SCRATCH, frees, unknown: unknown ?? k.unknown, kernel: k.events };
    }
    let scratch: ReplayStep['scratch'] = NO_SCRATCH;
    if (s.subgraphs.length > 0) unknown ??= `${stepWhere(graph, s)}: its subgraph allocates from the same arena while it runs, and this kernel's body runs are not modeled`;
    if (s.workspaceState === 'unavailable') unknown ??= `${stepWhere(graph, s)}: its scratch is unavailable (${s.workspaceReason ?? 'no reason given'})`;
    else if (s.workspaceState === 'formula' && (s.workspaceBytes ?? 0) > 0) {
      const split = findOp(s.domain, s.opType)?.arenaScratch;
      // An absent input or output ('') is 0 bytes with no shape; a name the graph lacks, unknown.
      const valueOf = (o: string) => graph.values[indexOf().get(o) ?? -1];
      const sizeOf = (o: string) => (o === '' ? 0 : valueOf(o)?.bytes ?? null);
      const shapeOf = (o: string) => (o === '' ? null : valueOf(o)?.shape ?? null);
      const pieces = split?.present ? split.value(s.workspaceBytes!, s.outputs.map(sizeOf), s.inputs.map(sizeOf), s.inputs.map(shapeOf), s.outputs.map(shapeOf), s.splitAttributes) : null;
      if (pieces) {
        // The held buffer's place among the fresh allocations: after those of the node's first outputs.
        const firstOutputs = new Set<ReplayId>(s.outputs.slice(0, pieces.heldFromOutput?.outputsBefore ?? 0).map((o) => indexOf().get(o) ?? -1));
        scratch = {
          before: pieces.before,
          after: pieces.after,
          ...(pieces.afterOutputsUnordered ? { afterOutputsUnordered: { ...pieces.afterOutputsUnordered, where: stepWhere(graph, s) } } : {}),
          ...(pieces.heldFromOutput ? { heldFromAlloc: { allocsBefore: allocs.filter((a) => firstOutputs.has(a.id)).length, bytes: pieces.heldFromOutput.bytes } } : {}),
          ...(pieces.chainBefore ? { chainBefore: pieces.chainBefore } : {}),
          ...(pieces.sequence ? { sequence: pieces.sequence } : {}),
        };
      }
      else unknown ??= `${stepWhere(graph, s)}: its ${s.workspaceBytes} bytes of scratch are requested from the arena in buffers whose count and order relative to its outputs are not modeled`;
    }
    return { allocs, scratch, frees, unknown };
  });
}

/** How a replay reason names step `s` of `graph` (built only when a reason is). */
function stepWhere(graph: ReportGraph, s: ReportStep): string {
  return `step ${s.index} (${s.opType} '${s.displayName}'${graph.parent ? ` in ${graph.id}` : ''})`;
}

/** What a step without frees, allocations or scratch shares (the replay only reads them). */
const NO_FREES: readonly ReplayId[] = [];
const NO_ALLOCS: ReplayAlloc[] = [];
const NO_SCRATCH: ReplayStep['scratch'] = { before: [], after: [] };

/** Initialization of every graph, main first, bodies in report order. */
function initOf(graphs: readonly ReportGraph[]): ReplayInit {
  let reservedBytes = 0;
  const packs: ReplayInit['packs'] = [];
  for (const [i, g] of graphs.entries()) {
    const one = graphInitOf(g);
    // A body without initializers or packs adds nothing; the main graph always has its figures.
    if (i > 0 && !g.initialization) continue;
    packs.push(...one.packs);
    if (one.reservedBytes === null) return { reservedBytes: null, packs, reason: i === 0 ? one.reason : `body ${g.id}: ${one.reason ?? 'unknown'}` };
    reservedBytes += one.reservedBytes;
  }
  return { reservedBytes, packs, reason: null };
}

function graphInitOf(graph: ReportGraph): ReplayInit {
  const fig = graph.initialization;
  if (!fig) return { reservedBytes: null, packs: [], reason: 'the initialization figures are unavailable' };
  if (fig.arenaBytesAfterPrepack === null) return { reservedBytes: null, packs: [], reason: fig.reason ?? 'an initializer or packed size is unknown' };
  // Packs are built in node-index order (SessionState::PrepackConstantInitializedTensors walks the graph's nodes).
  const nodeIndexOf = (step: number): number => graph.steps[step]?.nodeIndex ?? step;
  const owners = fig.prepack.filter((p) => !(p.reason ?? '').startsWith('shares the pack')).sort((a, b) => nodeIndexOf(a.step) - nodeIndexOf(b.step));
  const packs = owners.map((p) => {
    const s = graph.steps[p.step];
    const facts = s ? findOp(s.domain, s.opType)?.prepack : undefined;
    return { bytes: p.packedBytes, chunk: p.arenaChunk === true || (facts?.present === true && facts.value.arenaChunk) };
  });
  const packed = packs.reduce<number>((a, b) => a + (b.bytes ?? 0), 0);
  const reserved = fig.arenaBytesAfterPrepack - packed;
  if (reserved < 0 || packs.some((p) => p.bytes === null)) return { reservedBytes: null, packs, reason: 'a packed size is unknown' };
  return { reservedBytes: reserved, packs, reason: null };
}

/** Replays the main graph `graph` under `options` (see sessionReplay.ts); `bodies` as in arenaReplayInput. */
export function arenaFiguresOf(graph: ReportGraph, options: ReplayOptions, bodies: readonly ReportGraph[] = []): SessionReplay {
  const { init, steps } = arenaReplayInput(graph, bodies);
  return replaySession(init, steps, options);
}

export { DEFAULT_ARENA_OPTIONS, resolveArenaOptions } from '../report/arenaOptions';

/**
 * Replays the main graph under `options`, writes the chosen run's figures into its steps and its
 * `arena` summary, and returns the report's physical peak: the largest held bytes of that run when
 * every step is covered, else null with the first unavailable step's reason.
 */
export function applyArenaReplay(graph: ReportGraph, options: ArenaSessionOptions, bodies: readonly ReportGraph[] = []): Report['physicalPeak'] {
  const run = Math.max(1, Math.floor(options.run));
  const replay = arenaFiguresOf(graph, {
    arena: options.enableCpuMemArena,
    memPattern: options.enableMemPattern,
    runs: run,
    stepsOfRun: 'last',
    arenaConfig: {
      extendStrategy: options.arenaExtendStrategy,
      initialChunkSizeBytes: options.initialChunkSizeBytes,
      maxDeadBytesPerChunk: options.maxDeadBytesPerChunk,
      initialGrowthChunkSizeBytes: options.initialGrowthChunkSizeBytes,
      maxPowerOfTwoExtendBytes: options.maxPowerOfTwoExtendBytes,
    },
  }, bodies);
  const shown = replay.runs[run - 1]!;
  graph.steps.forEach((s, k) => {
    const m = shown.steps[k]!;
    s.arenaInUseBytes = m.inUseBytes;
    s.arenaHeldBytes = m.heldBytes;
    s.arenaReason = m.reason;
  });
  const at = shown.peakHeld.step === null ? null : shown.steps[shown.peakHeld.step]!;
  // Unknown copy sizes make the replay unavailable (arenaReplayInput), so no breakdown uses this then.
  const copyBytes = outputCopyBytes({ graphs: [graph] }) ?? 0;
  const init = replay.afterInit.inUseBytes;
  const breakdown =
    at && at.inUseBytes !== null && at.heldBytes !== null && at.requestedBytes !== null && init !== null
      ? {
          liveRequestedBytes: at.requestedBytes - init - shown.patternBlockBytes - copyBytes,
          ...(copyBytes > 0 ? { outputCopyBytes: copyBytes } : {}),
          initializationBytes: init,
          patternBlockBytes: shown.patternBlockBytes,
          roundingAndDeadBytes: at.inUseBytes - at.requestedBytes,
          freeInRegionsBytes: at.heldBytes - at.inUseBytes,
        }
      : null;
  const firstUnknown = shown.steps.find((m) => m.heldBytes === null)?.reason ?? (replay.afterInit.heldBytes === null ? replay.afterInit.reason : null);
  graph.arena = {
    run,
    usedPattern: shown.usedPattern,
    patternBlockBytes: shown.patternBlockBytes,
    afterInit: replay.afterInit,
    peakInUse: shown.peakInUse,
    peakHeld: shown.peakHeld,
    breakdown,
    reason: firstUnknown,
  };
  if (shown.peakHeld.bytes === null || firstUnknown !== null) {
    return { bytes: null, step: null, reason: `Not modeled for this run: ${firstUnknown ?? 'a step is not covered'}` };
  }
  // A graph without steps holds what initialization left.
  if (graph.steps.length === 0) return { bytes: replay.afterInit.heldBytes, step: null, reason: replay.afterInit.reason };
  return { bytes: shown.peakHeld.bytes, step: shown.peakHeld.step, reason: null };
}
