/**
 * What every export says about itself: the model file, graph, view, modeled session, bindings, the
 * peak with its step and the steps shown (`ExportContext`, the same fields in PNG, SVG, CSV and
 * JSON), plus, for images, the legend and the step axis. Pure: no DOM.
 */
import { bindingsFileTag, describeBindings, describeSession } from '../../src/report/describeSession';
import type { ObservedProfile } from '../../src/report/protocol';
import type { PlanView } from '../../src/report/report';
import type { GraphTable, ReportTables } from '../graphTable';
import { KIND_LABELS, type Palette } from '../theme';
import { SEGMENT_KINDS } from '../timeline/rowLayout';
import { stepToPx, type TimeScale } from '../timeline/timeScale';
import { OBSERVED_FIELDS } from './legend';
import { peakSummary } from './peakSummary';

/** The context fields of an export. */
export interface ExportContext {
  /** The model's file name as the panel shows it, and its path. */
  model: string;
  modelPath: string;
  graph: string;
  view: PlanView;
  /** The modeled-session label (describeSession). */
  session: string;
  /** The bindings label (describeBindings) and the values. */
  bindingsLabel: string;
  bindings: Record<string, number>;
  peak: { bytes: number | null; step: number | null; isLowerBound: boolean; text: string };
  /** The steps shown, [start, end), of `stepCount`. */
  steps: { start: number; endExclusive: number; stepCount: number };
}

/** The context of an export of `graph` in `report`, showing steps [start, end). */
export function exportContext(report: ReportTables, graph: GraphTable, fileName: string, domain: [number, number]): ExportContext {
  const peak = peakSummary(graph);
  const start = Math.max(0, Math.floor(domain[0]));
  const endExclusive = Math.min(graph.stepCount, Math.ceil(domain[1]));
  return {
    model: fileName || report.model.path,
    modelPath: report.model.path,
    graph: graph.id,
    view: report.view,
    session: describeSession(report),
    bindingsLabel: describeBindings(report),
    bindings: { ...report.bindings },
    peak: { bytes: peak.bytes, step: peak.step, isLowerBound: peak.isLowerBound, text: peak.text },
    steps: { start, endExclusive, stepCount: graph.stepCount },
  };
}

/** The header's lines, in order: what, the session, the bindings, the peak. */
export function headerLines(c: ExportContext): string[] {
  const shown = c.steps.stepCount === 0 ? 'no steps' : c.steps.start === 0 && c.steps.endExclusive === c.steps.stepCount
    ? `all ${c.steps.stepCount} steps` : `steps ${c.steps.start}–${c.steps.endExclusive - 1} of ${c.steps.stepCount}`;
  return [`${c.model} · graph ${c.graph} · ${c.view} view · ${shown}`, c.session, c.bindingsLabel, `peak (modeled live requested bytes): ${c.peak.text}`];
}

/** The suggested file name (without extension): model, graph, view and the bindings. */
export function exportBaseName(c: ExportContext): string {
  const tag = bindingsFileTag(c.bindings);
  return [c.model.replace(/\.onnx$/i, ''), c.graph.replace(/[^A-Za-z0-9._-]+/g, '_'), c.view, ...(tag ? [tag] : [])].join('-');
}

/** One legend entry of an exported image. */
export interface LegendSwatch {
  label: string;
  color: string;
  /** A filled box, a line, a dashed line, a dot, or a hatched (unavailable) box. */
  shape: 'box' | 'line' | 'dashed' | 'dot' | 'hatch';
}

/** The legend of `graph` as the panel shows it (legend.ts), with the palette's colours. */
export function legendSwatches(graph: Pick<GraphTable, 'id' | 'bestFitArenaBytes'>, observed: ObservedProfile | null, palette: Palette): LegendSwatch[] {
  const out: LegendSwatch[] = SEGMENT_KINDS.map((k) => ({ label: KIND_LABELS[k], color: palette.kinds[k], shape: 'box' }));
  out.push({ label: 'Size unavailable', color: palette.unavailable, shape: 'hatch' });
  out.push({ label: 'Modeled live bytes', color: palette.curve, shape: 'line' });
  out.push({ label: 'Peak', color: palette.peak, shape: 'dot' });
  out.push({ label: 'Max-live lower bound', color: palette.lowerBound, shape: 'dashed' });
  if (graph.bestFitArenaBytes !== null) out.push({ label: 'Best-fit arena', color: palette.arena, shape: 'dashed' });
  if (observed && observed.graphId === graph.id) {
    OBSERVED_FIELDS.forEach((f, i) => out.push({ label: `Observed ${f} (${observed.source})`, color: palette.observed[i] ?? palette.foreground, shape: 'dashed' }));
  }
  return out;
}

/** Integer step ticks for an axis of `scale`, about one per `minGapPx`, as [step, x]. */
export function stepTicks(scale: TimeScale, minGapPx: number): Array<[number, number]> {
  const span = scale.domainEnd - scale.domainStart;
  const widthPx = scale.rangeEndPx - scale.rangeStartPx;
  if (!(span > 0) || !(widthPx > 0)) return [];
  const raw = span / Math.max(1, Math.floor(widthPx / minGapPx));
  let step = 1;
  // The smallest of 1, 2, 5, 10, 20, 50, … steps that is at least `raw`.
  for (let d = 1; step < raw; d *= 10) {
    const m = [1, 2, 5].find((k) => k * d >= raw);
    step = m !== undefined ? m * d : 10 * d;
  }
  const out: Array<[number, number]> = [];
  for (let t = Math.ceil(scale.domainStart / step) * step; t <= scale.domainEnd; t += step) out.push([t, stepToPx(scale, t)]);
  return out;
}
