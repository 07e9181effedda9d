/**
 * Export of the current view (PNG, SVG) and of the intervals (CSV, JSON). The webview builds the
 * payload; the host writes the file, so nothing here touches the file system. Every export carries
 * its context (exportHeader.ts: model, graph, view, modeled session, bindings, peak), and images
 * also the legend and the step axis, so a file never outlives its meaning.
 */
import { valueName, type GraphTable } from '../graphTable';
import { svgEl } from '../dom';
import type { Palette } from '../theme';
import type { TimelineFrame } from '../timeline/drawTimeline';
import { toCsv, type IntervalRecord } from '../timeline/intervalRecords';
import { withPngText } from './pngText';
import type { ExportContext, LegendSwatch } from './exportHeader';
import { SEGMENT_KINDS } from '../timeline/rowLayout';
import { stepToPx } from '../timeline/timeScale';
import { visibleRange, visibleRows } from '../timeline/visibleRange';

/** Height in CSS px of one header line of an exported image. */
export const HEADER_LINE_PX = 16;
/** Height in CSS px of one legend row and of the step-axis band. */
const LEGEND_ROW_PX = 16;
const AXIS_PX = 18;
const PAD_PX = 6;
const SWATCH_PX = 12;

/** What an exported image says about itself (exportHeader.ts): header lines, legend, step ticks. */
export interface ImageHeader {
  /** Header lines; the second is the modeled-session label. */
  lines: string[];
  legend: LegendSwatch[];
  color: string;
  background: string;
  /** Step ticks as [step, x in CSS px of the Gantt], and the gutter width (ticks left of it are dropped). */
  ticks: Array<[number, number]>;
  gutterPx: number;
}

/** Legend entries laid out in rows of at most `widthPx`, as [entry, x, row]; `textPx` measures a label. */
function legendLayout(legend: LegendSwatch[], widthPx: number, textPx: (t: string) => number): { items: Array<[LegendSwatch, number, number]>; rows: number } {
  const items: Array<[LegendSwatch, number, number]> = [];
  let x = PAD_PX;
  let row = 0;
  for (const e of legend) {
    const w = SWATCH_PX + 4 + textPx(e.label) + 14;
    if (x + w > widthPx && x > PAD_PX) { row++; x = PAD_PX; }
    items.push([e, x, row]);
    x += w;
  }
  return { items, rows: legend.length === 0 ? 0 : row + 1 };
}

/** Height in CSS px of an image header (lines and legend) for an export `widthPx` wide; `textPx` measures 11px text. */
export function headerHeightPx(header: Pick<ImageHeader, 'lines' | 'legend'>, widthPx: number, textPx: (t: string) => number): number {
  return PAD_PX + header.lines.length * HEADER_LINE_PX + legendLayout(header.legend, widthPx, textPx).rows * LEGEND_ROW_PX + PAD_PX;
}

/** Draws a legend swatch at (x, y top) on a canvas. */
function drawSwatch(ctx: CanvasRenderingContext2D, e: LegendSwatch, x: number, y: number): void {
  ctx.fillStyle = e.color;
  ctx.strokeStyle = e.color;
  const mid = y + LEGEND_ROW_PX / 2;
  if (e.shape === 'box') ctx.fillRect(x, mid - 5, SWATCH_PX, 10);
  else if (e.shape === 'hatch') {
    ctx.strokeRect(x + 0.5, mid - 4.5, SWATCH_PX - 1, 9);
    ctx.beginPath();
    for (let k = -10; k < SWATCH_PX; k += 4) { ctx.moveTo(x + k, mid + 5); ctx.lineTo(x + k + 10, mid - 5); }
    ctx.save(); ctx.rect(x, mid - 5, SWATCH_PX, 10); ctx.clip(); ctx.stroke(); ctx.restore();
  } else if (e.shape === 'dot') { ctx.beginPath(); ctx.arc(x + SWATCH_PX / 2, mid, 4, 0, Math.PI * 2); ctx.fill(); }
  else {
    ctx.lineWidth = 2;
    ctx.setLineDash(e.shape === 'dashed' ? [3, 2] : []);
    ctx.beginPath(); ctx.moveTo(x, mid); ctx.lineTo(x + SWATCH_PX, mid); ctx.stroke();
    ctx.setLineDash([]);
    ctx.lineWidth = 1;
  }
}

/**
 * PNG data URL of the header (model, graph, view, session, bindings, peak; the legend), the curve,
 * the step axis and the Gantt as currently shown; the header lines are also stored as the PNG's
 * `Description` text. `pixelRatio` is the canvases' device pixels per CSS px.
 */
export function toPngDataUrl(curve: HTMLCanvasElement, gantt: HTMLCanvasElement, header: ImageHeader, pixelRatio = 1): string {
  const widthCss = Math.max(curve.width, gantt.width) / pixelRatio;
  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) throw new Error('Canvas 2D context unavailable for PNG export');
  measure.font = '11px sans-serif';
  const textPx = (t: string): number => measure.measureText(t).width;
  const headPx = headerHeightPx(header, widthCss, textPx);
  const out = document.createElement('canvas');
  out.width = Math.max(curve.width, gantt.width);
  out.height = Math.round(headPx * pixelRatio) + curve.height + Math.round(AXIS_PX * pixelRatio) + gantt.height;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D context unavailable for PNG export');
  ctx.fillStyle = header.background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.save();
  ctx.scale(pixelRatio, pixelRatio);
  ctx.textBaseline = 'middle';
  header.lines.forEach((line, i) => {
    ctx.font = i === 0 ? 'bold 12px sans-serif' : '12px sans-serif';
    ctx.fillStyle = header.color;
    ctx.fillText(line, PAD_PX, PAD_PX + i * HEADER_LINE_PX + HEADER_LINE_PX / 2, widthCss - 2 * PAD_PX);
  });
  ctx.font = '11px sans-serif';
  const legendTop = PAD_PX + header.lines.length * HEADER_LINE_PX;
  for (const [e, x, row] of legendLayout(header.legend, widthCss, textPx).items) {
    const y = legendTop + row * LEGEND_ROW_PX;
    drawSwatch(ctx, e, x, y);
    ctx.fillStyle = header.color;
    ctx.fillText(e.label, x + SWATCH_PX + 4, y + LEGEND_ROW_PX / 2);
  }
  ctx.restore();
  const curveTop = Math.round(headPx * pixelRatio);
  ctx.drawImage(curve, 0, curveTop);
  const axisTop = curveTop + curve.height;
  ctx.save();
  ctx.translate(0, axisTop);
  ctx.scale(pixelRatio, pixelRatio);
  ctx.strokeStyle = header.color;
  ctx.fillStyle = header.color;
  ctx.font = '10px sans-serif';
  ctx.textBaseline = 'top';
  ctx.beginPath(); ctx.moveTo(header.gutterPx, 0.5); ctx.lineTo(widthCss, 0.5); ctx.stroke();
  ctx.fillText('step', PAD_PX, 4);
  for (const [step, x] of header.ticks) {
    if (x < header.gutterPx || x > widthCss) continue;
    ctx.beginPath(); ctx.moveTo(x + 0.5, 0); ctx.lineTo(x + 0.5, 4); ctx.stroke();
    const text = String(step);
    ctx.fillText(text, Math.min(widthCss - textPx(text) - 2, x - textPx(text) / 2), 5);
  }
  ctx.restore();
  ctx.drawImage(gantt, 0, axisTop + Math.round(AXIS_PX * pixelRatio));
  return withPngText(out.toDataURL('image/png'), 'Description', header.lines.join('\n'));
}

/** A CSV cell: quoted when it holds a comma, quote or line break. */
function csvCell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * CSV of the intervals, then the context as `# key: value` lines and last `# modeled session: …`
 * (after the rows, so the header stays line 1 for CSV readers).
 */
export function toCsvWithContext(records: IntervalRecord[], context: ExportContext): string {
  const lines = [
    `# model: ${context.model}`,
    `# model path: ${context.modelPath}`,
    `# graph: ${context.graph}`,
    `# view: ${context.view}`,
    `# ${context.bindingsLabel}`,
    `# peak: ${context.peak.text}`,
    `# steps: ${context.steps.start}-${context.steps.endExclusive} of ${context.steps.stepCount} (half-open)`,
    `# modeled session: ${context.session}`,
  ];
  return `${toCsv(records)}${lines.map(csvCell).join('\n')}\n`;
}

/** Options for the SVG export of the visible Gantt window. */
export interface SvgExportView extends Pick<TimelineFrame, 'layout' | 'scale' | 'widthPx' | 'heightPx' | 'gutterPx' | 'rowHeightPx' | 'scrollTopPx'> {
  graph: GraphTable;
  palette: Palette;
  /** The header: lines (the second is the modeled session), legend and step ticks. */
  header: ImageHeader;
}

/** Width of 11px sans-serif text, estimated (an SVG export has no canvas to measure with). */
const svgTextPx = (t: string): number => t.length * 6.2;

/** Standalone SVG of the header, the legend, the step axis and the visible rows and bars (one rect per visible bar, bounded by the viewport). */
export function toSvg(view: SvgExportView): string {
  const { layout, scale, widthPx, heightPx, gutterPx, rowHeightPx, scrollTopPx, palette, header } = view;
  const headPx = headerHeightPx(header, widthPx, svgTextPx);
  const top = headPx + AXIS_PX;
  const totalPx = heightPx + top;
  const svg = svgEl('svg', { xmlns: 'http://www.w3.org/2000/svg', width: widthPx, height: totalPx, viewBox: `0 0 ${widthPx} ${totalPx}`, 'data-header-px': top });
  svg.append(svgEl('rect', { x: 0, y: 0, width: widthPx, height: totalPx, fill: palette.background }));
  const title = svgEl('title');
  title.textContent = `${view.graph.id}: memory timeline (${header.lines[1] ?? ''})`;
  const desc = svgEl('desc');
  desc.textContent = header.lines.join('\n');
  svg.append(title, desc);
  const [row0, row1] = visibleRows(layout.rows.length, rowHeightPx, scrollTopPx, heightPx);
  const s0 = scale.domainStart;
  const s1 = scale.domainEnd;
  for (let row = row0; row < row1; row++) {
    const y = top + row * rowHeightPx - scrollTopPx;
    const label = svgEl('text', { x: 4, y: y + rowHeightPx * 0.7, 'font-size': 11, 'font-family': 'sans-serif', fill: palette.foreground });
    label.textContent = layout.rows[row]!.label;
    svg.append(label);
    const [first, last] = visibleRange(layout.segStart, layout.prefixMaxEnd, layout.rowFirst[row]!, layout.rowFirst[row + 1]!, s0, s1);
    let lastX = -Infinity;
    for (let i = first; i < last; i++) {
      if (layout.segEnd[i]! <= s0) continue;
      const x0 = Math.max(gutterPx, stepToPx(scale, layout.segStart[i]!));
      const x1 = Math.max(x0 + 1, Math.min(widthPx, stepToPx(scale, layout.segEnd[i]!)));
      // Same level of detail as the canvas: at most one sub-pixel bar per pixel column.
      if (x1 - x0 < 1.5 && x0 < lastX + 1) continue;
      lastX = x1;
      const kind = SEGMENT_KINDS[layout.segKind[i]!]!;
      const isUnknown = layout.isUnknown[i] === 1;
      const rect = svgEl('rect', {
        x: x0.toFixed(1), y: y + 2, width: (x1 - x0).toFixed(1), height: rowHeightPx - 4,
        fill: isUnknown ? 'none' : palette.kinds[kind], stroke: isUnknown ? palette.kinds[kind] : 'none', 'stroke-dasharray': isUnknown ? '3 2' : '',
      });
      const tip = svgEl('title');
      const v = layout.segValue[i]!;
      tip.textContent = v >= 0 ? valueName(view.graph, v) : kind;
      rect.append(tip);
      svg.append(rect);
    }
  }
  // Drawn last, so a row scrolled half out of view stays under the header.
  svg.append(svgEl('rect', { x: 0, y: 0, width: widthPx, height: top, fill: palette.background }));
  header.lines.forEach((line, i) => {
    const text = svgEl('text', {
      class: i === 1 ? 'session-caption' : 'export-header-line', x: PAD_PX, y: PAD_PX + i * HEADER_LINE_PX + HEADER_LINE_PX * 0.7,
      'font-size': 12, 'font-family': 'sans-serif', fill: header.color, ...(i === 0 ? { 'font-weight': 'bold' } : {}),
    });
    text.textContent = line;
    svg.append(text);
  });
  const legendTop = PAD_PX + header.lines.length * HEADER_LINE_PX;
  for (const [e, x, row] of legendLayout(header.legend, widthPx, svgTextPx).items) {
    const mid = legendTop + row * LEGEND_ROW_PX + LEGEND_ROW_PX / 2;
    const g = svgEl('g', { class: 'legend-item' });
    if (e.shape === 'box' || e.shape === 'hatch') g.append(svgEl('rect', { x, y: mid - 5, width: SWATCH_PX, height: 10, fill: e.shape === 'box' ? e.color : 'none', stroke: e.color, 'stroke-dasharray': e.shape === 'hatch' ? '3 2' : '' }));
    else if (e.shape === 'dot') g.append(svgEl('circle', { cx: x + SWATCH_PX / 2, cy: mid, r: 4, fill: e.color }));
    else g.append(svgEl('line', { x1: x, y1: mid, x2: x + SWATCH_PX, y2: mid, stroke: e.color, 'stroke-width': 2, 'stroke-dasharray': e.shape === 'dashed' ? '3 2' : '' }));
    const text = svgEl('text', { x: x + SWATCH_PX + 4, y: mid + 4, 'font-size': 11, 'font-family': 'sans-serif', fill: header.color });
    text.textContent = e.label;
    g.append(text);
    svg.append(g);
  }
  const axis = svgEl('g', { class: 'step-axis' });
  axis.append(svgEl('line', { x1: gutterPx, y1: top - 0.5, x2: widthPx, y2: top - 0.5, stroke: header.color }));
  const stepLabel = svgEl('text', { x: PAD_PX, y: headPx + 13, 'font-size': 10, 'font-family': 'sans-serif', fill: header.color });
  stepLabel.textContent = 'step';
  axis.append(stepLabel);
  for (const [step, x] of header.ticks) {
    if (x < gutterPx || x > widthPx) continue;
    const t = svgEl('text', { class: 'tick', x: x.toFixed(1), y: headPx + 12, 'font-size': 10, 'font-family': 'sans-serif', 'text-anchor': 'middle', fill: header.color });
    t.textContent = String(step);
    axis.append(t, svgEl('line', { x1: x.toFixed(1), y1: top - 4, x2: x.toFixed(1), y2: top, stroke: header.color }));
  }
  svg.append(axis);
  return new XMLSerializer().serializeToString(svg);
}
