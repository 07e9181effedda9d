/**
 * The hover card: everything known about the bar under the pointer. All model text goes in with
 * textContent (via el()), never as markup.
 */
import type { ReportGraph, ReportValue } from '../../src/report/report';
import { clear, el } from '../dom';
import { formatBytesExact, formatMaybeBytes, formatShape } from '../format';
import { KIND_LABELS } from '../theme';
import { SEGMENT_KINDS, type RowLayout } from '../timeline/rowLayout';

const MAX_CONSUMERS_SHOWN = 8;

/** Fills `card` with the details of segment `seg`; returns false if there is nothing to show. */
export function fillHoverCard(card: HTMLElement, graph: ReportGraph, layout: RowLayout, seg: number, isPinned: boolean): boolean {
  clear(card);
  if (seg < 0 || seg >= layout.segStart.length) return false;
  const kind = SEGMENT_KINDS[layout.segKind[seg]!]!;
  const rows: Array<[string, string]> = [];
  let title: string;
  const v = layout.segValue[seg]!;
  const step = layout.segStep[seg]!;
  if (v >= 0) {
    const value = graph.values[v]!;
    title = value.name;
    rows.push(...valueRows(graph, value));
  } else if (step >= 0) {
    const s = graph.steps[step]!;
    title = `Workspace of ${s.displayName}`;
    rows.push(['step', `${s.index} · ${s.opType}`]);
    rows.push(['bytes', formatMaybeBytes(s.workspaceBytes, s.workspaceReason)]);
    rows.push(['source', s.workspaceState === 'formula' ? 'per-op formula' : s.workspaceState]);
    rows.push(['interval', `step ${s.index} only`]);
  } else {
    const band = graph.values.filter((x) => x.isInitializer || x.producedAt < 0);
    const unknown = band.filter((x) => x.bytes === null).length;
    const known = band.reduce((sum, x) => sum + (x.bytes ?? 0), 0);
    title = 'Initializers & graph inputs';
    rows.push(['values', `${band.length} (${band.filter((x) => x.isInitializer).length} initializers)`]);
    rows.push(['bytes', unknown > 0 ? `${formatBytesExact(known)} known + ${unknown} unavailable` : formatBytesExact(known)]);
    rows.push(['live', 'whole run (held until the end of Run())']);
    rows.push(['', 'Click the row to expand the band']);
  }
  card.append(el('div', 'card-title', title));
  card.append(el('div', `card-kind kind-${kind}`, KIND_LABELS[kind]));
  const table = el('dl', 'card-table');
  for (const [k, val] of rows) {
    table.append(el('dt', undefined, k), el('dd', undefined, val));
  }
  card.append(table);
  card.append(el('div', 'card-hint', isPinned ? 'Pinned · click empty space or press Escape to unpin' : 'Click to pin'));
  return true;
}

function stepName(graph: ReportGraph, index: number): string {
  const s = graph.steps[index];
  return s ? `${index} ${s.displayName} (${s.opType})` : String(index);
}

function valueRows(graph: ReportGraph, value: ReportValue): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  const sharing = graph.values.filter((x) => x.root === value.root && x.name !== value.name).map((x) => x.name);
  if (sharing.length > 0) rows.push(['shares with', sharing.slice(0, 6).join(', ') + (sharing.length > 6 ? ` +${sharing.length - 6}` : '')]);
  rows.push(['dtype', value.dtype ?? 'unknown']);
  const sym = formatShape(value.symbolicShape);
  const bound = formatShape(value.shape);
  rows.push(['shape', sym === bound ? bound : `${sym} → ${bound}`]);
  rows.push(['bytes', formatMaybeBytes(value.bytes, value.unavailableReason)]);
  rows.push(['alloc kind', value.allocKind + (value.reuseVia ? ` (${value.reuseVia})` : '')]);
  rows.push(['producer', value.producedAt < 0 ? 'exists before step 0' : `${value.producer ?? '?'} (step ${value.producedAt})`]);
  const consumers = value.consumers.slice(0, MAX_CONSUMERS_SHOWN).map((c) => stepName(graph, c));
  const more = value.consumers.length - consumers.length;
  rows.push(['consumers', consumers.length === 0 ? 'none' : consumers.join('; ') + (more > 0 ? `; +${more} more` : '')]);
  rows.push(['alias root', value.root]);
  if (value.reusedFrom) rows.push(['reuse', `reuses the buffer of ${value.reusedFrom.value} (freed after step ${value.reusedFrom.freedAfter})`]);
  rows.push(['released', value.releasedAfter === null ? 'held until the end of Run()' : `after step ${stepName(graph, value.releasedAfter)}`]);
  const flags = [value.isGraphInput && 'graph input', value.isGraphOutput && 'graph output', value.isInitializer && 'initializer', value.isOuterScope && 'outer scope'].filter(Boolean);
  if (flags.length > 0) rows.push(['role', flags.join(', ')]);
  return rows;
}
