/**
 * Export of the current view (PNG, SVG) and of the intervals (CSV, JSON). The webview builds the
 * payload; the host writes the file, so nothing here touches the file system.
 */
import { valueName, type GraphTable } from '../graphTable';
import { svgEl } from '../dom';
import type { Palette } from '../theme';
import type { TimelineFrame } from '../timeline/drawTimeline';
import { SEGMENT_KINDS } from '../timeline/rowLayout';
import { stepToPx } from '../timeline/timeScale';
import { visibleRange, visibleRows } from '../timeline/visibleRange';

/** PNG data URL of the curve stacked over the Gantt, as currently shown. */
export function toPngDataUrl(curve: HTMLCanvasElement, gantt: HTMLCanvasElement, background: string): string {
  const out = document.createElement('canvas');
  out.width = Math.max(curve.width, gantt.width);
  out.height = curve.height + gantt.height;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D context unavailable for PNG export');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(curve, 0, 0);
  ctx.drawImage(gantt, 0, curve.height);
  return out.toDataURL('image/png');
}

/** Options for the SVG export of the visible Gantt window. */
export interface SvgExportView extends Pick<TimelineFrame, 'layout' | 'scale' | 'widthPx' | 'heightPx' | 'gutterPx' | 'rowHeightPx' | 'scrollTopPx'> {
  graph: GraphTable;
  palette: Palette;
}

/** Standalone SVG of the visible rows and bars (one rect per visible bar, bounded by the viewport). */
export function toSvg(view: SvgExportView): string {
  const { layout, scale, widthPx, heightPx, gutterPx, rowHeightPx, scrollTopPx, palette } = view;
  const svg = svgEl('svg', { xmlns: 'http://www.w3.org/2000/svg', width: widthPx, height: heightPx, viewBox: `0 0 ${widthPx} ${heightPx}` });
  svg.append(svgEl('rect', { x: 0, y: 0, width: widthPx, height: heightPx, fill: palette.background }));
  const title = svgEl('title');
  title.textContent = `${view.graph.id}: memory timeline`;
  svg.append(title);
  const [row0, row1] = visibleRows(layout.rows.length, rowHeightPx, scrollTopPx, heightPx);
  const s0 = scale.domainStart;
  const s1 = scale.domainEnd;
  for (let row = row0; row < row1; row++) {
    const y = row * rowHeightPx - scrollTopPx;
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
  return new XMLSerializer().serializeToString(svg);
}
