/**
 * The CLI's readable summary of a Report: model, opsets, the modeled session, steps, the peak with its top
 * contributors, best-fit arena, unavailable reasons and uncovered terms, per graph.
 */
import { describeSession } from './describeSession';
import { formatBytesExact } from './formatBytes';
import { peakBuffers } from './liveBuffers';
import type { Report, ReportGraph } from './report';

/** How many peak contributors the summary lists per graph. */
export const TOP_CONTRIBUTORS = 5;

/** A size for the summary: exact (formatBytesExact), or `unavailable`. */
function bytesText(bytes: number | null): string {
  return bytes === null ? 'unavailable' : formatBytesExact(bytes);
}

function renderGraph(g: ReportGraph, lines: string[]): void {
  const title = g.parent ? `graph ${g.id} (body '${g.parent.attribute}' of node '${g.parent.node}')` : `graph ${g.id}`;
  lines.push('', title);
  const reuse = g.values.filter((v) => v.allocKind === 'Reuse').length;
  const fresh = g.values.filter((v) => v.allocKind === 'Allocate' || v.allocKind === 'AllocateOutput').length;
  lines.push(`  steps: ${g.steps.length}   values: ${g.values.length}   fresh buffers: ${fresh}   reused: ${reuse}`);
  if (g.peak.bytes !== null && g.peak.step !== null) {
    const s = g.steps[g.peak.step]!;
    lines.push(`  peak: ${bytesText(g.peak.bytes)} after step ${g.peak.step} (${s.displayName}, ${s.opType}) — ${g.peak.label}`);
    const byName = new Map(g.values.map((v) => [v.name, v]));
    if (g.peak.values !== undefined) lines.push(`    ${g.peak.values.length} buffers alive together at the worst moment (steps ${(g.peak.running ?? []).join(', ')} running at once); the largest:`);
    for (const b of peakBuffers(g, g.peak).slice(0, TOP_CONTRIBUTORS)) {
      const v = byName.get(b.root)!;
      lines.push(`    ${bytesText(b.bytes).padEnd(26)} ${v.name} ${v.dtype ?? '?'}[${(v.shape ?? []).map((d) => (d === null ? '?' : String(d))).join(',')}] ${v.allocKind}`);
    }
  } else if (g.peak.bytes === 0) {
    lines.push('  peak: 0 B (no step allocates)');
  } else {
    lines.push(`  peak: unavailable (${g.peak.reason ?? 'unknown'})`);
  }
  if (g.bestFitArenaBytes !== null) lines.push(`  best-fit arena (memory pattern): ${bytesText(g.bestFitArenaBytes)}`);
  if (g.arena) {
    const a = g.arena;
    const at = (p: { bytes: number | null; step: number | null }): string => (p.bytes === null ? `unavailable (${a.reason ?? 'unknown'})` : `${bytesText(p.bytes)}${p.step === null ? '' : ` after step ${p.step}`}`);
    lines.push(`  modeled physical (arena, run ${a.run}${a.usedPattern ? `, pattern block ${bytesText(a.patternBlockBytes)}` : ''}): in use ${at(a.peakInUse)}, held ${at(a.peakHeld)}`);
    const b = a.breakdown;
    if (b) {
      lines.push(`    held at its peak = live tensors outside the pattern block ${bytesText(b.liveRequestedBytes)} + initialization ${bytesText(b.initializationBytes)} + pattern block ${bytesText(b.patternBlockBytes)}${b.outputCopyBytes ? ` + initializer outputs copied for the caller ${bytesText(b.outputCopyBytes)}` : ''} + rounding and dead bytes ${bytesText(b.roundingAndDeadBytes)} + free in held regions ${bytesText(b.freeInRegionsBytes)}`);
    }
  }
  const init = g.initialization?.initializerBytesStored;
  if (init !== undefined) lines.push(`  initializers: ${bytesText(init ?? null)}`);
  if (g.unavailable.length > 0) {
    lines.push('  unavailable:');
    for (const u of g.unavailable) {
      const what = [u.values.length > 0 ? `${u.values.length} value(s)` : '', u.steps.length > 0 ? `${u.steps.length} workspace(s)` : ''].filter((x) => x).join(', ');
      lines.push(`    ${what}: ${u.reason}`);
    }
  }
  const subs = g.steps.flatMap((s) => s.subgraphs);
  if (subs.length > 0) lines.push(`  subgraphs: ${subs.join(', ')}`);
}

/** Renders the summary; uncovered terms are listed once (they are the same for every graph but the extras). */
export function renderText(report: Report): string {
  const lines: string[] = [];
  const m = report.model;
  lines.push(`model: ${m.path} (${bytesText(m.fileBytes)}, IR ${m.irVersion}${m.producer ? `, ${m.producer}` : ''})`);
  lines.push(`opsets: ${Object.entries(m.opsets).map(([d, v]) => `${d === '' ? 'ai.onnx' : d}:${v}`).join(' ')}`);
  lines.push(`modeled session: ${describeSession(report)}`);
  const fixed = Object.entries(report.inputValues ?? {}).map(([k, v]) => `${k}=${v.join(',')}`).join(' ');
  lines.push(`view: ${report.view}   bindings: ${Object.entries(report.bindings).map(([k, v]) => `${k}=${v}`).join(' ') || '(none)'}${fixed ? `   values: ${fixed}` : ''}`);
  const unbound = report.symbols.filter((s) => !(s in report.bindings));
  if (unbound.length > 0) lines.push(`unbound symbols: ${unbound.join(' ')} (bind with --bind NAME=VALUE)`);
  const se = report.session;
  lines.push(`session: ${se.intraOpThreads} intra-op thread(s), L2 ${bytesText(se.l2CacheBytes)}, max total sequence length ${se.maxTotalSequenceLength ?? 'not declared (--max-total-seq N)'}`);
  for (const g of report.graphs) renderGraph(g, lines);
  const main = report.graphs[0];
  if (main) {
    lines.push('', 'not covered (never estimated):');
    for (const u of main.uncovered) lines.push(`  - ${u.term}: ${u.reason}`);
  }
  const pp = report.physicalPeak;
  lines.push('', pp.bytes === null ? `physical peak: unavailable (${pp.reason ?? 'unknown'})` : `physical peak (modeled physical, arena held): ${bytesText(pp.bytes)}${pp.step === null || pp.step === undefined ? '' : ` after step ${pp.step}`}`);
  return lines.join('\n') + '\n';
}
