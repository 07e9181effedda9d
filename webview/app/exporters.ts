/**
 * Export of the current view (PNG, SVG) and of the intervals (CSV, JSON). The webview builds the
 * payload; the host writes the file, so nothing here touches the file system. Every export carries
 * the caption naming the modeled session (describeSession), so a file never outlives its meaning.
 */
import { valueName, type GraphTable } from '../graphTable';
import { svgEl } from '../dom';
import type { Palette } from '../theme';
import type { TimelineFrame } from '../timeline/drawTimeline';
import { toCsv, type IntervalRecord } from '../timeline/intervalRecords';
import { withPngText } from './pngText';
import { SEGMENT_KINDS } from '../timeline/rowLayout';
import { stepToPx } from '../timeline/timeScale';
import { visibleRange, visibleRows } from '../timeline/visibleRange';

/** Height in CSS px of the caption band above an exported image. */
export const CAPTION_PX = 20;

/** What an exported image says about itself: the modeled-session label and its colour. */
export interface Caption {
  text: string;
  color: string;
}

/**
 * PNG data URL of the caption band over the curve over the Gantt, as currently shown; the caption
 * is also stored as the PNG's `Description` text. `pixelRatio` is the canvases' device pixels per CSS px.
 */
export function toPngDataUrl(curve: HTMLCanvasElement, gantt: HTMLCanvasElement, background: string, caption: Caption, pixelRatio = 1): string {
  const band = Math.round(CAPTION_PX * pixelRatio);
  const out = document.createElement('canvas');
  out.width = Math.max(curve.width, gantt.width);
  out.height = band + curve.height + gantt.height;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D context unavailable for PNG export');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = caption.color;
  ctx.font = `${Math.round(12 * pixelRatio)}px sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.fillText(caption.text, Math.round(6 * pixelRatio), band / 2, out.width - Math.round(12 * pixelRatio));
  ctx.drawImage(curve, 0, band);
  ctx.drawImage(gantt, 0, band + curve.height);
  return withPngText(out.toDataURL('image/png'), 'Description', caption.text);
}

/** CSV of the intervals, then one last line `# modeled session: …` (after the rows, so the header stays line 1). */
export function toCsvWithCaption(records: IntervalRecord[], caption: string): string {
  const line = `# modeled session: ${caption}`;
  return `${toCsv(records)}${/[",\n\r]/.test(line) ? `"${line.replace(/"/g, '""')}"` : line}\n`;
}

/** Options for the SVG export of the visible Gantt window. */
export interface SvgExportView extends Pick<TimelineFrame, 'layout' | 'scale' | 'widthPx' | 'heightPx' | 'gutterPx' | 'rowHeightPx' | 'scrollTopPx'> {
  graph: GraphTable;
  palette: Palette;
  /** The modeled-session label, drawn in a band above the rows and kept in the SVG's title and desc. */
  caption: string;
}

/** Standalone SVG of the caption band and the visible rows and bars (one rect per visible bar, bounded by the viewport). */
export function toSvg(view: SvgExportView): string {
  const { layout, scale, widthPx, heightPx, gutterPx, rowHeightPx, scrollTopPx, palette } = view;
  const totalPx = heightPx + CAPTION_PX;
  const svg = svgEl('svg', { xmlns: 'http://www.w3.org/2000/svg', width: widthPx, height: totalPx, viewBox: `0 0 ${widthPx} ${totalPx}` });
  svg.append(svgEl('rect', { x: 0, y: 0, width: widthPx, height: totalPx, fill: palette.background }));
  const title = svgEl('title');
  title.textContent = `${view.graph.id}: memory timeline (${view.caption})`;
  const desc = svgEl('desc');
  desc.textContent = `Modeled session: ${view.caption}`;
  svg.append(title, desc);
  const [row0, row1] = visibleRows(layout.rows.length, rowHeightPx, scrollTopPx, heightPx);
  const s0 = scale.domainStart;
  const s1 = scale.domainEnd;
  for (let row = row0; row < row1; row++) {
    const y = CAPTION_PX + row * rowHeightPx - scrollTopPx;
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
  // Drawn last, so a row scrolled half out of view stays under the band.
  svg.append(svgEl('rect', { x: 0, y: 0, width: widthPx, height: CAPTION_PX, fill: palette.background }));
  const label = svgEl('text', { class: 'session-caption', x: 6, y: CAPTION_PX * 0.7, 'font-size': 12, 'font-family': 'sans-serif', fill: palette.foreground });
  label.textContent = view.caption;
  svg.append(label);
  return new XMLSerializer().serializeToString(svg);
}
