/**
 * The memory a report never models (README, "Uncovered terms"): listed for every graph, never
 * estimated silently. Terms the graph transforms could not reproduce are appended.
 */
import type { ExecGraph } from '../plan/execGraph';
import type { UncoveredTerm } from './report';

/** Terms listed for every graph. */
export const ALWAYS_UNCOVERED: readonly UncoveredTerm[] = [
  { term: 'arena rounding and retained pools', reason: 'the BFC arena rounds each request up (256 B alignment, bins) and keeps freed chunks; the live-bytes curve counts requested bytes only, and the modeled physical figures (the arena replay of the main graph) cover this only where they are not unavailable' },
  { term: 'fragmentation', reason: 'the live-bytes curve ignores where buffers sit inside arena regions; the modeled physical figures (the arena replay) place them, only where they are not unavailable' },
  { term: 'packed-weight ownership', reason: 'prepacked weight copies made at session creation are owned by kernels (or shared) and are not counted in live bytes' },
  { term: 'constructor scratch', reason: 'allocations made while kernels are constructed and initialized are not modeled' },
  { term: 'caller I/O and KV capacities', reason: 'graph inputs are allocated by the caller (PreExisting); caller-side buffers and KV-cache capacities beyond the bound shapes are not counted' },
  { term: 'private EP or library allocations', reason: 'memory that MLAS, thread pools or libraries allocate outside the ORT arena is not visible to the model' },
  { term: 'concurrency', reason: 'several Run() calls at once, or inter-op parallelism beyond the modeled view, multiply live buffers' },
];

/** The uncovered terms of one graph; `hasBodies` adds subgraph residency. */
export function graphUncovered(exec: ExecGraph, hasBodies: boolean): UncoveredTerm[] {
  const out = ALWAYS_UNCOVERED.map((t) => ({ ...t }));
  if (hasBodies) {
    out.push({ term: 'subgraph residency', reason: 'If/Loop/Scan bodies allocate during their parent node; their own reports are never added into this peak' });
  }
  for (const t of exec.uncovered) out.push({ ...t });
  return out;
}
