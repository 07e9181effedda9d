/** Interval rows for the CSV and JSON exports. Pure: no DOM. */
import type { ReportGraph } from '../../src/report/report';
import { SEGMENT_KINDS, type RowLayout } from './rowLayout';

/** One exported interval row. */
export interface IntervalRecord {
  graph: string;
  value: string;
  root: string;
  kind: string;
  allocKind: string;
  reuseVia: string;
  startStep: number;
  endStepExclusive: number;
  bytes: number | null;
  unavailableReason: string;
}

/** All value intervals of a graph, in layout order (rows top to bottom). */
export function intervalRecords(graph: ReportGraph, layout: RowLayout): IntervalRecord[] {
  const out: IntervalRecord[] = [];
  graph.values.forEach((v, i) => {
    const seg = layout.valueSeg[i]!;
    const n = graph.steps.length;
    const start = seg >= 0 ? layout.segStart[seg]! : Math.max(0, v.producedAt);
    const end = seg >= 0 ? layout.segEnd[seg]! : n;
    out.push({
      graph: graph.id, value: v.name, root: v.root, kind: seg >= 0 ? SEGMENT_KINDS[layout.segKind[seg]!]! : 'preexisting',
      allocKind: v.allocKind, reuseVia: v.reuseVia ?? '', startStep: start, endStepExclusive: end, bytes: v.bytes,
      unavailableReason: v.unavailableReason ?? '',
    });
  });
  return out;
}

/** CSV text of interval records; cells that a spreadsheet would run as formulas are prefixed with a quote. */
export function toCsv(records: IntervalRecord[]): string {
  const header = ['graph', 'value', 'root', 'kind', 'alloc_kind', 'reuse_via', 'start_step', 'end_step_exclusive', 'bytes', 'unavailable_reason'];
  const cell = (x: string | number | null): string => {
    let s = x === null ? '' : String(x);
    if (typeof x === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [header.join(',')];
  for (const r of records) {
    lines.push([r.graph, r.value, r.root, r.kind, r.allocKind, r.reuseVia, r.startStep, r.endStepExclusive, r.bytes, r.unavailableReason].map(cell).join(','));
  }
  return `${lines.join('\n')}\n`;
}
