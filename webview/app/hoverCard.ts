/**
 * The hover card: everything known about the bar under the pointer. All model text goes in with
 * textContent (via el()), never as markup.
 */
import { FLAG } from '../../src/report/columnarTables';
import type { ReportValue } from '../../src/report/report';
import { clear, el } from '../dom';
import { isBandAt, stepAt, valueAt, type GraphTable } from '../graphTable';
import { formatBytesExact, formatMaybeBytes, formatShape } from '../format';
import { KIND_LABELS } from '../theme';
import { SEGMENT_KINDS, type RowLayout } from '../timeline/rowLayout';

const MAX_CONSUMERS_SHOWN = 8;

/** Fills `card` with the details of segment `seg`; returns false if there is nothing to show. */
export function fillHoverCard(card: HTMLElement, graph: GraphTable, layout: RowLayout, seg: number, isPinned: boolean): boolean {
  clear(card);
  if (seg < 0 || seg >= layout.segStart.length) return false;
  const kind = SEGMENT_KINDS[layout.segKind[seg]!]!;
  const rows: Array<[string, string]> = [];
  let title: string;
  const v = layout.segValue[seg]!;
  const step = layout.segStep[seg]!;
  if (v >= 0) {
    const value = valueAt(graph, v);
    title = value.name;
    rows.push(...valueRows(graph, v, value));
  } else if (step >= 0) {
    const s = stepAt(graph, step);
    title = `Workspace of ${s.displayName}`;
    rows.push(['step', `${s.index} · ${s.opType}`]);
    rows.push(['bytes', formatMaybeBytes(s.workspaceBytes, s.workspaceReason)]);
    rows.push(['source', s.workspaceState === 'formula' ? 'per-op formula' : s.workspaceState]);
    rows.push(['interval', `step ${s.index} only`]);
  } else {
    let count = 0;
    let unknown = 0;
    let known = 0;
    let initializers = 0;
    for (let i = 0; i < graph.valueCount; i++) {
      if (!isBandAt(graph, i)) continue;
      count++;
      const b = graph.values.bytes[i]!;
      if (Number.isNaN(b)) unknown++;
      else known += b;
      if ((graph.values.flags[i]! & FLAG.isInitializer) !== 0) initializers++;
    }
    title = 'Initializers & graph inputs';
    rows.push(['values', `${count} (${initializers} initializers)`]);
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

function stepName(graph: GraphTable, index: number): string {
  if (!(Number.isInteger(index) && index >= 0 && index < graph.stepCount)) return String(index);
  return `${index} ${graph.strings.at(graph.steps.displayName[index]!)} (${graph.strings.at(graph.steps.opType[index]!)})`;
}

/**
 * The other values on value v's buffer, in value order: a scan of the root column (string indices;
 * the table holds each string once), no value objects.
 */
function sharingNames(graph: GraphTable, v: number): string[] {
  const { root, name } = graph.values;
  const rootIndex = root[v]!;
  const ownName = graph.strings.at(name[v]!);
  const out: string[] = [];
  for (let i = 0; i < graph.valueCount; i++) {
    if (root[i] !== rootIndex) continue;
    const n = graph.strings.at(name[i]!)!;
    if (n !== ownName) out.push(n);
  }
  return out;
}

function valueRows(graph: GraphTable, v: number, value: ReportValue): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  const sharing = sharingNames(graph, v);
  if (sharing.length > 0) rows.push(['shares with', sharing.slice(0, 6).join(', ') + (sharing.length > 6 ? ` +${sharing.length - 6}` : '')]);
  rows.push(['dtype', value.dtype ?? 'unknown']);
  const sym = formatShape(value.symbolicShape);
  const bound = formatShape(value.shape);
  rows.push(['shape', sym === bound ? bound : `${sym} → ${bound}`]);
  rows.push(['bytes', formatMaybeBytes(value.bytes, value.unavailableReason)]);
  rows.push(['alloc kind', value.sequenceElement
    ? 'element tensor of a sequence: the kernel allocates it, and it is freed with the last sequence holding it'
    : value.allocKind + (value.reuseVia ? ` (${value.reuseVia})` : '')]);
  rows.push(['producer', value.producedAt < 0 ? 'exists before step 0' : `${value.producer ?? '?'} (step ${value.producedAt})`]);
  const consumers = value.consumers.slice(0, MAX_CONSUMERS_SHOWN).map((c) => stepName(graph, c));
  const more = value.consumers.length - consumers.length;
  rows.push(['consumers', consumers.length === 0 ? 'none' : consumers.join('; ') + (more > 0 ? `; +${more} more` : '')]);
  rows.push(['alias root', value.root]);
  if (value.reusedFrom) rows.push(['reuse', `reuses the buffer of ${value.reusedFrom.value} (freed after step ${value.reusedFrom.freedAfter})`]);
  rows.push([value.sequenceElement ? 'freed' : 'released', value.releasedAfter === null ? 'held until the end of Run()' : `after step ${stepName(graph, value.releasedAfter)}`]);
  const flags = [value.isGraphInput && 'graph input', value.isGraphOutput && 'graph output', value.isInitializer && 'initializer', value.isOuterScope && 'outer scope'].filter(Boolean);
  if (flags.length > 0) rows.push(['role', flags.join(', ')]);
  return rows;
}
