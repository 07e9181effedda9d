/**
 * The CLI's readable (and CSV) forms of the answers: a sweep's table, knees and polynomials, a
 * fit's verdict, a comparison. Sizes are written as everywhere else (formatBytesExact), an unknown
 * one as `unavailable (reason)`; the modeled session is named in the first line.
 */
import { describeSession } from './describeSession';
import type { ReportDiff } from './diff';
import type { FitResult } from './fit';
import { formatBytes, formatBytesExact } from './formatBytes';
import type { Report } from './report';
import type { SweepResult } from './sweep';

function bindingsText(b: Record<string, number>): string {
  const s = Object.entries(b).map(([k, v]) => `${k}=${v}`).join(', ');
  return s === '' ? '' : ` with ${s}`;
}

const short = (b: number | null): string => (b === null ? 'unavailable' : formatBytes(b));

/** The sweep as a table, then its knees and its polynomial segments. */
export function renderSweepText(r: SweepResult): string {
  const first = r.points[0]!.value;
  const last = r.points[r.points.length - 1]!.value;
  const lines = [
    `sweep of ${r.dim} from ${first} to ${last} (${r.points.length} points)${bindingsText(r.bindings)}`,
    `session: ${describeSession(r)}`,
    'peak = modeled peak of the main graph; workspace = its peak step\'s L2 scratch (not in the peak); total = peak + initializers (the budget figure)',
    '',
  ];
  const header = [r.dim, 'peak', 'step', 'workspace', 'total', 'top contributor'];
  const rows = r.points.map((p) => [
    String(p.value), short(p.peakBytes), p.peakStep === null ? '-' : `${p.peakStep} ${p.peakNode ?? ''}`.trim(),
    short(p.workspaceBytesAtPeak), short(p.totalBytes), p.topContributor ? `${p.topContributor.name} ${formatBytes(p.topContributor.bytes)}` : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const fmt = (cells: string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  lines.push(fmt(header), ...rows.map(fmt));
  const unknown = r.points.filter((p) => p.peakBytes === null);
  if (unknown.length > 0) {
    lines.push('', 'unavailable:');
    for (const p of unknown) lines.push(`  ${r.dim}=${p.value}: ${p.peakReason ?? 'no reason given'}`);
  }
  const init = r.points[0]!.initializerBytes;
  lines.push('', `initializers: ${init === null ? 'unavailable' : formatBytesExact(init)} (the same at every point)`);
  lines.push('', r.knees.length === 0 ? 'knees: none (the peak step and the top contributor stay the same)' : 'knees:');
  for (const k of r.knees) {
    const what: string[] = [];
    if (k.peakStepChanged) what.push(`peak step ${k.fromPeakStep ?? '-'} -> ${k.toPeakStep ?? '-'}`);
    if (k.topContributorChanged) what.push(`top contributor ${k.fromTopContributor ?? '-'} -> ${k.toTopContributor ?? '-'}`);
    const where = k.exact ? `${k.exact[0]} and ${k.exact[1]}` : `${k.fromValue} and ${k.toValue}`;
    lines.push(`  between ${r.dim}=${where}: ${what.join('; ')}`);
  }
  lines.push('', 'peak as a function of ' + r.dim + ' (per run of points with one peak step):');
  for (const s of r.segments) {
    const range = s.fromValue === s.toValue ? `${r.dim}=${s.fromValue}` : `${r.dim} ${s.fromValue}..${s.toValue}`;
    lines.push(
      s.polynomial !== null
        ? `  ${range}, step ${s.peakStep}: peak = ${s.polynomial} bytes (derived from the symbolic shapes, ` +
          (s.fromValue === s.toValue ? 'equal to the plan at this point)' : `equal to the plan at every point here; between the points it is interpolated, assuming the peak stays at step ${s.peakStep})`)
        : `  ${range}, step ${s.peakStep}: no polynomial (${s.reason ?? 'no reason given'})`,
    );
  }
  return lines.join('\n') + '\n';
}

function csvCell(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One row per point; an unavailable size is an empty cell, with the reason in `unavailable_reason`. */
export function renderSweepCsv(r: SweepResult): string {
  const header = [r.dim, 'peak_bytes', 'peak_step', 'peak_node', 'live_bytes_at_peak', 'workspace_bytes_at_peak', 'workspace_state', 'initializer_bytes', 'total_bytes', 'top_contributor', 'top_contributor_bytes', 'unavailable_reason'];
  const rows = r.points.map((p) => [
    p.value, p.peakBytes, p.peakStep, p.peakNode, p.liveBytesAtPeak, p.workspaceBytesAtPeak, p.workspaceState, p.initializerBytes, p.totalBytes,
    p.topContributor?.name ?? null, p.topContributor?.bytes ?? null,
    p.peakReason ?? (p.workspaceBytesAtPeak === null && p.workspaceReason !== null ? `workspace: ${p.workspaceReason}` : p.initializerBytes === null ? 'an initializer size is unavailable' : null),
  ].map(csvCell).join(','));
  return [header.join(','), ...rows].join('\n') + '\n';
}

/** The fit's verdict in a few lines. */
export function renderFitText(f: FitResult): string {
  const lines = [`fit of ${f.dim} within ${formatBytesExact(f.budgetBytes)} (modeled peak + initializers)${bindingsText(f.bindings)}`, `session: ${describeSession(f)}`, ''];
  if (f.value !== null) {
    lines.push(`${f.dim} = ${f.value}: ${formatBytesExact(f.peakBytes!)} (peak ${formatBytesExact(f.modeledPeakBytes!)} + initializers ${formatBytesExact(f.initializerBytes!)})`);
  }
  if (f.next !== null) lines.push(`${f.dim} = ${f.next.value}: ${formatBytesExact(f.next.peakBytes)} (peak ${formatBytesExact(f.next.modeledPeakBytes)}): over the budget`);
  lines.push(f.note);
  return lines.join('\n') + '\n';
}

const signed = (d: number | null): string => (d === null ? 'unavailable' : `${d > 0 ? '+' : d < 0 ? '-' : '±'}${formatBytesExact(Math.abs(d))}`);

/** How many changed buffers the text lists. */
export const DIFF_TEXT_BUFFERS = 20;

/** The comparison: peaks, initializers, then the largest buffer changes. */
export function renderDiffText(d: ReportDiff, a: Report, b?: Report): string {
  const peak = (s: ReportDiff['a']): string => (s.peakBytes === null ? `unavailable (${s.peakReason ?? 'no reason given'})` : `${formatBytesExact(s.peakBytes)} at step ${s.peakStep}`);
  const lines = [
    `A: ${d.a.path}${bindingsText(a.bindings)}`, `B: ${d.b.path}${b ? bindingsText(b.bindings) : ''}`,
    ...(b && describeSession(b) !== describeSession(a) ? [`session A: ${describeSession(a)}`, `session B: ${describeSession(b)}`] : [`session: ${describeSession(a)}`]), '',
    `peak:         A ${peak(d.a)}   B ${peak(d.b)}   delta ${signed(d.peakDeltaBytes)}`,
    `initializers: A ${d.a.initializerBytes === null ? 'unavailable' : formatBytesExact(d.a.initializerBytes)}   B ${d.b.initializerBytes === null ? 'unavailable' : formatBytesExact(d.b.initializerBytes)}   delta ${signed(d.initializerDeltaBytes)}`,
    `steps:        A ${d.a.steps}   B ${d.b.steps} (${d.alignment === 'step' ? 'the same ops in the same order: curves align by step' : 'different runs: curves align by fraction of the run'})`,
    '',
    `buffers: ${d.buffers.length} changed, ${d.sameBuffers} the same size`,
  ];
  for (const b of d.buffers.slice(0, DIFF_TEXT_BUFFERS)) {
    const sizes = `${b.aBytes === null ? '-' : formatBytes(b.aBytes)} -> ${b.bBytes === null ? '-' : formatBytes(b.bBytes)}`;
    lines.push(`  ${b.change.padEnd(7)} ${signed(b.deltaBytes).padEnd(28)} ${b.name} (${b.kind}, ${sizes})`);
  }
  if (d.buffers.length > DIFF_TEXT_BUFFERS) lines.push(`  … ${d.buffers.length - DIFF_TEXT_BUFFERS} more (--json lists them all)`);
  return lines.join('\n') + '\n';
}
