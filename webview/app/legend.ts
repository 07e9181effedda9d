/** The legend: segment kinds, curve lines and observed series, with CSS-coloured swatches. */
import type { ObservedProfile } from '../../src/report/protocol';
import type { ReportGraph } from '../../src/report/report';
import { clear, el } from '../dom';
import { KIND_LABELS } from '../theme';
import { SEGMENT_KINDS } from '../timeline/rowLayout';

/** Observed profile fields drawn as curves, in legend / colour order. */
export const OBSERVED_FIELDS = ['memBytesInUse', 'memBytesRequestedInUse', 'memInUsePeak', 'memArenaHeld'] as const;

/** Renders the legend for a graph (observed entries only when the profile is for this graph). */
export function renderLegend(legend: HTMLElement, graph: Pick<ReportGraph, 'id' | 'bestFitArenaBytes' | 'arena'>, observed: ObservedProfile | null, hasPhysical = false): void {
  clear(legend);
  const item = (swatchClass: string, text: string): void => {
    const span = el('span', 'legend-item');
    span.append(el('span', `swatch ${swatchClass}`), el('span', undefined, text));
    legend.append(span);
  };
  for (const k of SEGMENT_KINDS) item(`kind-${k}`, KIND_LABELS[k]);
  item('swatch-unavailable', 'Size unavailable');
  item('swatch-curve', 'Modeled live bytes');
  item('swatch-peak', 'Peak');
  item('swatch-lower-bound', 'Max-live lower bound');
  if (graph.bestFitArenaBytes !== null) item('swatch-arena', 'Best-fit arena');
  if (hasPhysical && graph.arena) {
    item('swatch-physical-in-use', `Modeled physical: arena in use (run ${graph.arena.run})`);
    item('swatch-physical-held', `Modeled physical: arena held (run ${graph.arena.run})`);
  }
  if (observed && observed.graphId === graph.id) {
    OBSERVED_FIELDS.forEach((f, i) => item(`swatch-observed-${i + 1}`, `Observed ${f} (${observed.source})`));
  }
}
