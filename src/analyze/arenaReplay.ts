/**
 * The arena traffic of a planned graph (src/arena/sessionReplay.ts's input) from its report rows:
 * which roots each step allocates fresh (in output order), its scratch, what it frees, and what
 * the session allocates at initialization. Only the main graph is replayed: a body's allocations
 * come from the same arena while its parent step runs, and bodies are not replayed, so a step
 * with a body makes every later figure unavailable.
 */
import { replaySession, type ReplayInit, type ReplayOptions, type ReplayStep, type SessionReplay } from '../arena/sessionReplay';
import type { ReportGraph } from '../report/report';

/** The replay input of `graph` (a main graph's report rows). */
export function arenaReplayInput(graph: ReportGraph): { init: ReplayInit; steps: ReplayStep[] } {
  const byName = new Map(graph.values.map((v) => [v.name, v]));
  const freesAfter: string[][] = graph.steps.map(() => []);
  for (const v of graph.values) {
    if (v.root !== v.name || (v.allocKind !== 'Allocate' && v.allocKind !== 'AllocateOutput') || v.producedAt < 0) continue;
    if (v.releasedAfter !== null && v.releasedAfter >= 0 && v.releasedAfter < freesAfter.length) freesAfter[v.releasedAfter]!.push(v.name);
  }
  const steps: ReplayStep[] = graph.steps.map((s) => {
    const where = `step ${s.index} (${s.opType} '${s.displayName}')`;
    let unknown: string | null = null;
    const allocs: ReplayStep['allocs'] = [];
    for (const out of s.outputs) {
      if (out === '') continue;
      const v = byName.get(out);
      if (!v || v.root !== v.name || v.producedAt !== s.index) continue;
      if (v.allocKind !== 'Allocate' && v.allocKind !== 'AllocateOutput') continue;
      if (v.bytes === null) {
        unknown ??= `${where}: the size of '${v.name}' is unknown (${v.unavailableReason ?? 'no reason given'})`;
        continue;
      }
      allocs.push({ id: v.name, bytes: v.bytes, traced: v.allocKind === 'Allocate' });
    }
    let scratchBytes = 0;
    if (s.subgraphs.length > 0) unknown ??= `${where}: its subgraph allocates from the same arena while it runs, and bodies are not replayed`;
    if (s.workspaceState === 'unavailable') unknown ??= `${where}: its scratch is unavailable (${s.workspaceReason ?? 'no reason given'})`;
    else if (s.workspaceState === 'formula' && (s.workspaceBytes ?? 0) > 0) {
      unknown ??= `${where}: its ${s.workspaceBytes} bytes of scratch are requested from the arena in buffers whose count and order relative to its outputs are not modeled`;
    }
    return { allocs, scratchBytes, frees: freesAfter[s.index]!, unknown };
  });
  return { init: initOf(graph), steps };
}

function initOf(graph: ReportGraph): ReplayInit {
  const fig = graph.initialization;
  if (!fig) return { reservedBytes: null, packs: [], reason: 'the initialization figures are unavailable' };
  if (fig.arenaBytesAfterPrepack === null) return { reservedBytes: null, packs: [], reason: fig.reason ?? 'an initializer or packed size is unknown' };
  // Packs are built in node-index order (SessionState::PrepackConstantInitializedTensors walks the graph's nodes).
  const nodeIndexOf = (step: number): number => graph.steps[step]?.nodeIndex ?? step;
  const owners = fig.prepack.filter((p) => !(p.reason ?? '').startsWith('shares the pack')).sort((a, b) => nodeIndexOf(a.step) - nodeIndexOf(b.step));
  const packs = owners.map((p) => p.packedBytes);
  const packed = packs.reduce<number>((a, b) => a + (b ?? 0), 0);
  const reserved = fig.arenaBytesAfterPrepack - packed;
  if (reserved < 0 || packs.some((p) => p === null)) return { reservedBytes: null, packs, reason: 'a packed size is unknown' };
  return { reservedBytes: reserved, packs, reason: null };
}

/** Replays the main graph `graph` under `options` (see sessionReplay.ts). */
export function arenaFiguresOf(graph: ReportGraph, options: ReplayOptions): SessionReplay {
  const { init, steps } = arenaReplayInput(graph);
  return replaySession(init, steps, options);
}
