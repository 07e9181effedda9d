/**
 * The chart: live-bytes curve, step axis, Gantt canvas and brush overview, sharing one
 * d3-zoom transform on the step axis. Owns drawing (rAF-coalesced) and pointer geometry; the
 * app decides what hovering, clicking and double-clicking mean.
 *
 *   +--------+-------------------------------+
 *   | y axis | live bytes curve (canvas)     |
 *   +--------+-------------------------------+
 *   |        | step axis (svg, d3-axis)      |
 *   +--------+-------------------------------+
 *   | rows   | Gantt bars (canvas)           |
 *   +--------+-------------------------------+
 *   |        | overview + brush (svg)        |
 *   +--------+-------------------------------+
 */
import { axisBottom } from 'd3-axis';
import { brushX, type BrushBehavior } from 'd3-brush';
import { scaleLinear } from 'd3-scale';
import { select, type Selection } from 'd3-selection';
import { zoom, zoomIdentity, type D3ZoomEvent, type ZoomBehavior } from 'd3-zoom';
import { el, svgEl } from '../dom';
import type { GraphTable } from '../graphTable';
import type { Palette } from '../theme';
import { CanvasSurface } from '../timeline/canvasSurface';
import { drawCurve, type CurveLine, type StepSeries } from '../timeline/drawCurve';
import { drawTimeline, type DrawStats } from '../timeline/drawTimeline';
import { hitTestSegment, rowAtY } from '../timeline/hitTest';
import type { RowLayout } from '../timeline/rowLayout';
import { createTimeScale, pxPerStep, pxToStep, rescaleTimeScale, stepToPx, transformForDomain, type TimeScale } from '../timeline/timeScale';

/** Width of the row-label gutter (CSS px). */
export const GUTTER_PX = 190;
/** Height of one Gantt row (CSS px). */
export const ROW_HEIGHT_PX = 16;
const CURVE_HEIGHT_PX = 150;
const OVERVIEW_HEIGHT_PX = 36;
const RIGHT_PAD_PX = 8;
const HIT_TOLERANCE_PX = 2;
/** Steps at least this wide get a per-step axis label (node name and op). */
const STEP_LABEL_MIN_PX = 90;

/** What the chart tells the app. */
export interface ChartCallbacks {
  onHover(seg: number, clientX: number, clientY: number): void;
  onClick(seg: number, row: number): void;
  onStepDetails(step: number): void;
  onViewChanged(): void;
}

/** Everything the chart draws for one graph. */
export interface ChartData {
  graph: GraphTable;
  layout: RowLayout;
  live: StepSeries;
  observed: Array<{ series: StepSeries; color: string }>;
  /** Modeled physical series (arena in use, held); never mixed with `observed`. */
  physical: Array<{ series: StepSeries; color: string }>;
  lines: CurveLine[];
  yMaxBytes: number;
  /** Value `v`'s name (drawn as canvas text), read from the string table when drawn: a list of every name was 1M strings before the first paint. */
  valueName: (v: number) => string | undefined;
  /** The index of the first value named `name`, -1 when none. */
  valueIndexOf: (name: string) => number;
  /** The peak marked on the curve: the modeled one, or the largest known step as a lower bound when some are unavailable. */
  peak?: { step: number | null; bytes: number | null; isLowerBound: boolean };
}

/** The chart component. */
export class ChartView {
  readonly element: HTMLElement;
  private readonly curve = new CanvasSurface('curve-canvas');
  private readonly gantt = new CanvasSurface('gantt-canvas');
  private readonly overview = new CanvasSurface('overview-canvas');
  private readonly axisSvg = svgEl('svg', { class: 'axis' });
  private readonly axisG = svgEl('g');
  private readonly brushSvg = svgEl('svg', { class: 'brush' });
  private readonly brushG = svgEl('g');
  private readonly ganttBox = el('div', 'gantt-box');
  private readonly scrollThumb = el('div', 'vscroll-thumb');
  private readonly zoomBehavior: ZoomBehavior<HTMLElement, unknown>;
  private readonly brushBehavior: BrushBehavior<unknown>;
  private readonly zoomSel: Selection<HTMLElement, unknown, null, undefined>;
  private data: ChartData | null = null;
  private palette: Palette | null = null;
  private hatch: string | CanvasPattern = 'transparent';
  private base: TimeScale = createTimeScale(0, 1, GUTTER_PX, 100);
  private transform = zoomIdentity;
  private isSyncing = false;
  private frameRequest = 0;
  private isOverviewDirty = true;
  scrollTopPx = 0;
  emphasis: Uint8Array | null = null;
  cursorStep = -1;
  selectedSeg = -1;
  hoverSeg = -1;
  /** Stats of the last Gantt draw (read by the benchmark). */
  lastStats: DrawStats | null = null;

  constructor(private readonly callbacks: ChartCallbacks) {
    this.element = el('div', 'chart');
    const interactive = el('div', 'chart-interactive');
    this.axisSvg.append(this.axisG);
    this.brushSvg.append(this.brushG);
    const vscroll = el('div', 'vscroll');
    vscroll.append(this.scrollThumb);
    this.wireScrollbar(vscroll);
    this.ganttBox.append(this.gantt.canvas, vscroll);
    this.ganttBox.tabIndex = 0;
    this.ganttBox.setAttribute('role', 'application');
    this.ganttBox.setAttribute('aria-label', 'Memory timeline. Left and right arrows step through execution; Enter shows the step; Escape clears.');
    interactive.append(this.curve.canvas, this.axisSvg, this.ganttBox);
    const overviewBox = el('div', 'overview-box');
    overviewBox.append(this.overview.canvas, this.brushSvg);
    this.element.append(interactive, overviewBox);

    this.zoomSel = select<HTMLElement, unknown>(interactive);
    this.zoomBehavior = zoom<HTMLElement, unknown>()
      .filter((event: Event) => {
        const e = event as MouseEvent & WheelEvent;
        if (e.type === 'wheel') return !e.shiftKey;
        if (e.type === 'dblclick') return false;
        return !e.ctrlKey && !e.button;
      })
      .on('zoom', (event: D3ZoomEvent<HTMLElement, unknown>) => this.onZoom(event));
    this.zoomSel.call(this.zoomBehavior).on('dblclick.zoom', null);
    this.brushBehavior = brushX<unknown>().extent([[GUTTER_PX, 0], [GUTTER_PX + 1, OVERVIEW_HEIGHT_PX]]).on('brush end', (event: { selection: [number, number] | null; sourceEvent?: Event }) => this.onBrush(event));
    select(this.brushG).call(this.brushBehavior);

    this.ganttBox.addEventListener('wheel', (e) => {
      if (!e.shiftKey) return;
      e.preventDefault();
      this.scrollBy(e.deltaY || e.deltaX);
    }, { passive: false });
    this.gantt.canvas.addEventListener('mousemove', (e) => this.onPointerMove(e));
    this.gantt.canvas.addEventListener('mouseleave', () => { this.hoverSeg = -1; this.callbacks.onHover(-1, 0, 0); this.requestDraw(); });
    this.gantt.canvas.addEventListener('click', (e) => {
      const [seg, row] = this.hitAt(e);
      this.callbacks.onClick(seg, row);
    });
    for (const target of [this.gantt.canvas, this.curve.canvas, this.axisSvg]) {
      target.addEventListener('dblclick', (e) => {
        const step = Math.floor(pxToStep(this.scale(), this.localX(e as MouseEvent, target)));
        if (this.data && step >= 0 && step < this.data.graph.stepCount) this.callbacks.onStepDetails(step);
      });
    }
  }

  /** Sets the colours (after a theme change) and the unknown-size hatch pattern. */
  setPalette(palette: Palette): void {
    this.palette = palette;
    const tile = document.createElement('canvas');
    tile.width = 6;
    tile.height = 6;
    const t = tile.getContext('2d');
    if (t) {
      t.fillStyle = palette.background;
      t.fillRect(0, 0, 6, 6);
      t.strokeStyle = palette.unavailable;
      t.lineWidth = 1.5;
      t.beginPath(); t.moveTo(0, 6); t.lineTo(6, 0); t.moveTo(-1, 1); t.lineTo(1, -1); t.moveTo(5, 7); t.lineTo(7, 5); t.stroke();
      this.hatch = this.gantt.ctx.createPattern(tile, 'repeat') ?? palette.unavailable;
    }
    this.isOverviewDirty = true;
    this.requestDraw();
  }

  /** Shows a graph; `domain` restores a visible step range, null shows the whole run. */
  setData(data: ChartData | null, domain: [number, number] | null): void {
    this.data = data;
    this.isOverviewDirty = true;
    this.resize();
    this.setDomain(domain);
  }

  /** Updates layout-dependent data (sort, band toggle, bindings) keeping the view where it is. */
  replaceData(data: ChartData): void {
    this.data = data;
    this.isOverviewDirty = true;
    this.clampScroll();
    this.requestDraw();
  }

  /** Visible step range [start, end). */
  visibleDomain(): [number, number] {
    const s = this.scale();
    return [s.domainStart, s.domainEnd];
  }

  /** Zooms to show steps [start, end) (null = all). */
  setDomain(domain: [number, number] | null): void {
    const n = this.data?.graph.stepCount ?? 1;
    const [s0, s1] = domain ?? [0, n];
    const t = transformForDomain(this.base, Math.max(0, s0), Math.min(n, s1));
    this.zoomSel.call(this.zoomBehavior.transform, zoomIdentity.translate(t.x, 0).scale(t.k));
  }

  /** Zooms by a factor around the centre (keyboard + / -). */
  zoomBy(factor: number): void {
    this.zoomSel.call(this.zoomBehavior.scaleBy, factor);
  }

  /** Scrolls so that a step is visible, keeping the zoom level. */
  revealStep(step: number): void {
    const [s0, s1] = this.visibleDomain();
    if (step >= s0 && step + 1 <= s1) return;
    const span = s1 - s0;
    const start = Math.max(0, Math.min(step - span / 2, (this.data?.graph.stepCount ?? 0) - span));
    this.setDomain([start, start + span]);
  }

  /**
   * The vertical scrollbar: drag the thumb, or click the track to page. Its pointer events stop
   * here so the zoom behaviour on the chart does not pan at the same time.
   */
  private wireScrollbar(track: HTMLElement): void {
    let dragFrom: { y: number; scrollTopPx: number } | null = null;
    /** Rows' px per thumb px: the content scrolled for each px the thumb moves. */
    const ratio = (): number => {
      const rows = (this.data?.layout.rows.length ?? 0) * ROW_HEIGHT_PX;
      const h = this.gantt.heightPx;
      const thumbH = this.scrollThumb.offsetHeight;
      return h - thumbH > 0 ? (rows - h) / (h - thumbH) : 0;
    };
    track.addEventListener('mousedown', (e) => e.stopPropagation());
    track.addEventListener('pointerdown', (e) => {
      e.stopPropagation();
      e.preventDefault();
      if (e.target === this.scrollThumb) {
        dragFrom = { y: e.clientY, scrollTopPx: this.scrollTopPx };
        this.scrollThumb.setPointerCapture(e.pointerId);
        this.scrollThumb.classList.add('active');
        return;
      }
      // A click on the track pages towards it.
      const thumb = this.scrollThumb.getBoundingClientRect();
      this.scrollBy((e.clientY < thumb.top ? -1 : 1) * this.gantt.heightPx * 0.9);
    });
    this.scrollThumb.addEventListener('pointermove', (e) => {
      if (!dragFrom) return;
      this.scrollTo(dragFrom.scrollTopPx + (e.clientY - dragFrom.y) * ratio());
    });
    const end = (e: PointerEvent): void => {
      if (!dragFrom) return;
      dragFrom = null;
      this.scrollThumb.classList.remove('active');
      if (this.scrollThumb.hasPointerCapture(e.pointerId)) this.scrollThumb.releasePointerCapture(e.pointerId);
    };
    this.scrollThumb.addEventListener('pointerup', end);
    this.scrollThumb.addEventListener('pointercancel', end);
  }

  /** Scrolls the rows vertically by `dy` CSS px. */
  scrollBy(dy: number): void {
    this.scrollTo(this.scrollTopPx + dy);
  }

  /** Scrolls the rows so `topPx` (clamped to the rows) is at the top. */
  scrollTo(topPx: number): void {
    this.scrollTopPx = topPx;
    this.clampScroll();
    this.callbacks.onViewChanged();
    this.requestDraw();
  }

  /** Scrolls so a row is in view. */
  revealRow(row: number): void {
    const h = this.gantt.heightPx;
    const y = row * ROW_HEIGHT_PX;
    if (y < this.scrollTopPx) this.scrollTopPx = y;
    else if (y + ROW_HEIGHT_PX > this.scrollTopPx + h) this.scrollTopPx = y + ROW_HEIGHT_PX - h;
    this.clampScroll();
    this.requestDraw();
  }

  /** Viewport coordinates of a point just inside the start of a segment's bar (to place a card next to it). */
  segmentClientPoint(seg: number): { x: number; y: number } | null {
    const layout = this.data?.layout;
    if (!layout || seg < 0 || seg >= layout.segStart.length) return null;
    const rect = this.gantt.canvas.getBoundingClientRect();
    const x = Math.max(GUTTER_PX, Math.min(this.gantt.widthPx, stepToPx(this.scale(), layout.segStart[seg]!)));
    return { x: rect.left + x + 4, y: rect.top + layout.segRow[seg]! * ROW_HEIGHT_PX - this.scrollTopPx + ROW_HEIGHT_PX / 2 };
  }

  /** The client rectangle of a segment's bar as drawn (clipped to the Gantt's visible part), or null when it is out of view. */
  segmentClientRect(seg: number): { left: number; top: number; right: number; bottom: number } | null {
    const layout = this.data?.layout;
    if (!layout || seg < 0 || seg >= layout.segStart.length) return null;
    const rect = this.gantt.canvas.getBoundingClientRect();
    const scale = this.scale();
    const x0 = Math.max(GUTTER_PX, stepToPx(scale, layout.segStart[seg]!));
    const x1 = Math.min(this.gantt.widthPx, Math.max(x0 + 2, stepToPx(scale, layout.segEnd[seg]!)));
    const y0 = layout.segRow[seg]! * ROW_HEIGHT_PX - this.scrollTopPx;
    if (x1 <= GUTTER_PX || y0 + ROW_HEIGHT_PX <= 0 || y0 >= this.gantt.heightPx) return null;
    return { left: rect.left + x0, top: rect.top + y0, right: rect.left + x1, bottom: rect.top + y0 + ROW_HEIGHT_PX };
  }

  /** The focusable Gantt element (keyboard handling is attached by the app). */
  get focusTarget(): HTMLElement {
    return this.ganttBox;
  }

  /** The canvases of the current view, for PNG export. */
  get canvases(): { curve: HTMLCanvasElement; gantt: HTMLCanvasElement } {
    return { curve: this.curve.canvas, gantt: this.gantt.canvas };
  }

  /** The current step scale (after zoom). */
  scale(): TimeScale {
    return rescaleTimeScale(this.base, this.transform);
  }

  /** Re-measures the container; keeps the visible step range so a resize never jumps. */
  resize(): void {
    const keep = this.data ? this.visibleDomain() : null;
    const width = Math.max(GUTTER_PX + 50, this.element.clientWidth);
    const total = this.element.clientHeight;
    const ganttH = Math.max(60, total - CURVE_HEIGHT_PX - 28 - OVERVIEW_HEIGHT_PX - 4);
    this.curve.resize(width, CURVE_HEIGHT_PX);
    this.gantt.resize(width - 10, ganttH);
    this.overview.resize(width, OVERVIEW_HEIGHT_PX);
    this.axisSvg.setAttribute('width', String(width));
    this.axisSvg.setAttribute('height', '28');
    this.brushSvg.setAttribute('width', String(width));
    this.brushSvg.setAttribute('height', String(OVERVIEW_HEIGHT_PX));
    const n = Math.max(1, this.data?.graph.stepCount ?? 1);
    this.base = createTimeScale(0, n, GUTTER_PX, width - RIGHT_PAD_PX);
    const extent: [[number, number], [number, number]] = [[GUTTER_PX, 0], [width - RIGHT_PAD_PX, ganttH]];
    this.zoomBehavior.extent(extent).translateExtent(extent).scaleExtent([1, Math.max(1, n / 2)]);
    this.brushBehavior.extent([[GUTTER_PX, 0], [width - RIGHT_PAD_PX, OVERVIEW_HEIGHT_PX]]);
    select(this.brushG).call(this.brushBehavior);
    this.isOverviewDirty = true;
    this.clampScroll();
    if (keep && this.data) this.setDomain(keep);
    this.requestDraw();
  }

  /** Draws now if a redraw is pending (the benchmark times a frame's work with it). */
  drawNow(): void {
    if (this.frameRequest === 0) return;
    cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    this.draw();
  }

  /** Coalesces redraw requests into one animation frame. */
  requestDraw(): void {
    if (this.frameRequest !== 0) return;
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0;
      this.draw();
    });
  }

  private onZoom(event: D3ZoomEvent<HTMLElement, unknown>): void {
    this.transform = event.transform;
    const source = event.sourceEvent as MouseEvent | null;
    if (source && source.type === 'mousemove' && source.movementY) this.scrollBy(-source.movementY);
    if (!this.isSyncing) {
      this.isSyncing = true;
      const [s0, s1] = this.visibleDomain();
      const full = s0 <= this.base.domainStart && s1 >= this.base.domainEnd;
      select(this.brushG).call(this.brushBehavior.move, full ? null : [stepToPx(this.base, s0), stepToPx(this.base, s1)]);
      this.isSyncing = false;
    }
    this.callbacks.onViewChanged();
    this.requestDraw();
  }

  private onBrush(event: { selection: [number, number] | null; sourceEvent?: Event }): void {
    if (this.isSyncing || !event.sourceEvent) return;
    this.isSyncing = true;
    if (event.selection) this.setDomain([pxToStep(this.base, event.selection[0]), pxToStep(this.base, event.selection[1])]);
    else this.setDomain(null);
    this.isSyncing = false;
  }

  private localX(e: MouseEvent, target: Element): number {
    return e.clientX - target.getBoundingClientRect().left;
  }

  private hitAt(e: MouseEvent): [number, number] {
    if (!this.data) return [-1, -1];
    const rect = this.gantt.canvas.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const row = rowAtY(this.data.layout, e.clientY - rect.top + this.scrollTopPx, ROW_HEIGHT_PX);
    if (x < GUTTER_PX) return [-1, row];
    const scale = this.scale();
    const pps = pxPerStep(scale);
    const seg = hitTestSegment(this.data.layout, row, pxToStep(scale, x), pps > 0 ? HIT_TOLERANCE_PX / pps : 0);
    return [seg, row];
  }

  private onPointerMove(e: MouseEvent): void {
    if (e.buttons !== 0) return;
    const [seg, row] = this.hitAt(e);
    // The gutter shortens long names in the middle; its hover gives the full one.
    const rect = this.gantt.canvas.getBoundingClientRect();
    const gutterRow = e.clientX - rect.left < GUTTER_PX && row >= 0 ? this.data?.layout.rows[row] : undefined;
    const title = gutterRow ? gutterRow.label : '';
    if (this.gantt.canvas.title !== title) this.gantt.canvas.title = title;
    if (seg !== this.hoverSeg) {
      this.hoverSeg = seg;
      this.requestDraw();
    }
    this.callbacks.onHover(seg, e.clientX, e.clientY);
  }

  private clampScroll(): void {
    const rows = this.data?.layout.rows.length ?? 0;
    const max = Math.max(0, rows * ROW_HEIGHT_PX - this.gantt.heightPx);
    this.scrollTopPx = Math.max(0, Math.min(max, this.scrollTopPx));
  }

  private draw(): void {
    const p = this.palette;
    if (!p) return;
    const data = this.data;
    const scale = this.scale();
    const g = this.gantt.begin();
    if (!data) {
      g.fillStyle = p.background;
      g.fillRect(0, 0, this.gantt.widthPx, this.gantt.heightPx);
      return;
    }
    this.lastStats = drawTimeline(g, {
      layout: data.layout, scale, widthPx: this.gantt.widthPx, heightPx: this.gantt.heightPx, gutterPx: GUTTER_PX,
      rowHeightPx: ROW_HEIGHT_PX, scrollTopPx: this.scrollTopPx, valueName: data.valueName,
      emphasis: this.emphasis, cursorStep: this.cursorStep, selectedSeg: this.selectedSeg, hoverSeg: this.hoverSeg,
    }, {
      background: p.background, foreground: p.foreground, muted: p.muted, grid: p.grid, gutter: p.gutter, selection: p.selection,
      focus: p.focus, outline: p.outline, kinds: p.kinds, unavailableFill: this.hatch, unavailableStroke: p.unavailable,
    });
    drawCurve(this.curve.begin(), {
      scale, widthPx: this.curve.widthPx, heightPx: this.curve.heightPx, gutterPx: GUTTER_PX, live: data.live,
      observed: data.observed, physical: data.physical, lines: data.lines, peakStep: data.peak ? data.peak.step : data.graph.peak.step, peakBytes: data.peak ? data.peak.bytes : data.graph.peak.bytes, isPeakLowerBound: data.peak?.isLowerBound === true,
      cursorStep: this.cursorStep, yMaxBytes: data.yMaxBytes,
    }, { background: p.background, foreground: p.foreground, grid: p.grid, curve: p.curve, peak: p.peak, focus: p.focus, unavailableFill: this.hatch });
    if (this.isOverviewDirty) this.drawOverview(data, p);
    this.drawAxis(data, scale);
    const rows = data.layout.rows.length * ROW_HEIGHT_PX;
    const h = this.gantt.heightPx;
    const thumbH = rows <= h ? h : Math.max(16, (h * h) / rows);
    this.scrollThumb.hidden = rows <= h;
    this.scrollThumb.style.height = `${thumbH}px`;
    this.scrollThumb.style.top = `${rows <= h ? 0 : (this.scrollTopPx / (rows - h)) * (h - thumbH)}px`;
  }

  private drawOverview(data: ChartData, p: Palette): void {
    this.isOverviewDirty = false;
    drawCurve(this.overview.begin(), {
      scale: this.base, widthPx: this.overview.widthPx, heightPx: this.overview.heightPx, gutterPx: GUTTER_PX, live: data.live,
      observed: [], lines: [], peakStep: null, peakBytes: null, cursorStep: -1, yMaxBytes: data.yMaxBytes,
    }, { background: p.background, foreground: p.background, grid: p.background, curve: p.curve, peak: p.peak, focus: p.focus, unavailableFill: this.hatch });
  }

  private drawAxis(data: ChartData, scale: TimeScale): void {
    const d3scale = scaleLinear().domain([scale.domainStart, scale.domainEnd]).range([scale.rangeStartPx, scale.rangeEndPx]);
    const pps = pxPerStep(scale);
    const t = data.graph;
    const steps = t.steps;
    const axis = axisBottom<number>(d3scale).tickSizeOuter(0);
    if (pps >= STEP_LABEL_MIN_PX) {
      const first = Math.max(0, Math.floor(scale.domainStart));
      const last = Math.min(t.stepCount, Math.ceil(scale.domainEnd));
      const values: number[] = [];
      for (let s = first; s < last; s++) values.push(s + 0.5);
      const maxChars = Math.max(4, Math.floor((pps - 8) / 6));
      axis.tickValues(values).tickFormat((v) => {
        const s = Math.floor(v);
        if (!(s >= 0 && s < t.stepCount)) return '';
        const text = `${steps.index[s]} ${t.strings.at(steps.displayName[s]!)} (${t.strings.at(steps.opType[s]!)})${steps.subgraphs.lengths[s]! > 0 ? ' ▸' : ''}`;
        return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
      });
    } else {
      // A label centred on the right edge would be cut in half; drop ticks that close to it.
      const ticks = d3scale.ticks(Math.max(2, Math.floor((scale.rangeEndPx - scale.rangeStartPx) / 80)))
        .filter((t) => Number.isInteger(t) && d3scale(t) <= scale.rangeEndPx - 4 * String(t).length);
      axis.tickValues(ticks).tickFormat((v) => `${v}`);
    }
    select(this.axisG).call(axis);
  }
}
