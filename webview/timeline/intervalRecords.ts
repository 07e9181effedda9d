/** Interval rows for the CSV and JSON exports. Pure: no DOM. */
import { ALLOC_KIND_CODES, NULL_CODE, REUSE_VIA_CODES } from '../../src/report/columnarTables';
import type { ReportGraph } from '../../src/report/report';
import { graphTableOf, type GraphTable } from '../graphTable';
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

/** All value intervals of a graph, in value order, with their layout (row) kind and interval. */
export function intervalRecords(graph: GraphTable | ReportGraph, layout: RowLayout): IntervalRecord[] {
  const t = 'stepCount' in graph ? graph : graphTableOf(graph);
  const c = t.values;
  const str = (i: number): string => (i < 0 ? '' : t.strings.at(i)!);
  const out = new Array<IntervalRecord>(t.valueCount);
  for (let i = 0; i < t.valueCount; i++) {
    const seg = layout.valueSeg[i]!;
    const bytes = c.bytes[i]!;
    out[i] = {
      graph: t.id, value: str(c.name[i]!), root: str(c.root[i]!), kind: seg >= 0 ? SEGMENT_KINDS[layout.segKind[seg]!]! : 'preexisting',
      allocKind: ALLOC_KIND_CODES[c.allocKind[i]!]!, reuseVia: c.reuseVia[i] === NULL_CODE ? '' : REUSE_VIA_CODES[c.reuseVia[i]!]!,
      startStep: seg >= 0 ? layout.segStart[seg]! : Math.max(0, c.producedAt[i]!), endStepExclusive: seg >= 0 ? layout.segEnd[seg]! : t.stepCount,
      bytes: Number.isNaN(bytes) ? null : bytes, unavailableReason: str(c.unavailableReason[i]!),
    };
  }
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
