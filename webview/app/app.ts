/**
 * The webview application: receives host messages, keeps the view state, and wires the toolbar,
 * chart, hover card and side panel together.
 */
import { unpackReportColumns } from '../../src/report/packedColumns';
import type { ObservedProfile, ToWebview } from '../../src/report/protocol';
import type { PlanView, Report } from '../../src/report/report';
import { findValue, reportTablesOf, reportTablesOfReport, stepAt, valueName, type GraphTable, type ReportTables } from '../graphTable';
import { el } from '../dom';
import { formatMaybeBytes, niceBytesCeil } from '../format';
import type { HostBridge } from '../hostBridge';
import { readPalette, type Palette } from '../theme';
import type { CurveLine, StepSeries } from '../timeline/drawCurve';
import { seriesMax } from '../timeline/drawCurve';
import { emphasisMask } from '../timeline/emphasisMask';
import { buildRowLayout, type RowLayout } from '../timeline/rowLayout';
import { restoreViewState, type ViewState } from '../viewState';
import { ChartView, GUTTER_PX, ROW_HEIGHT_PX, type ChartData } from './chartView';
import { toCsvWithContext, toPngDataUrl, toSvg, type ImageHeader } from './exporters';
import { exportBaseName, exportContext, headerLines, legendSwatches, stepTicks } from './exportHeader';
import { intervalRecords } from '../timeline/intervalRecords';
import { fillHoverCard } from './hoverCard';
import { placeCard } from './cardPlacement';
import { peakSummary } from './peakSummary';
import { SidePanel } from './sidePanel';
import { Toolbar, type ExportFormat } from './toolbar';
import { SweepPanel } from './sweepPanel';
import { renderComparePage } from './comparePage';
import { renderBreadcrumb } from './breadcrumb';
import { OBSERVED_FIELDS, renderLegend } from './legend';

/** The webview app. */
export class App {
  private readonly state: ViewState;
  private readonly toolbar: Toolbar;
  private readonly chart: ChartView;
  private readonly panel: SidePanel;
  private readonly sweep: SweepPanel;
  private readonly breadcrumb = el('nav', 'breadcrumb');
  private readonly status = el('div', 'status');
  private readonly announcer = el('div', 'sr-announce');
  private readonly legend = el('div', 'legend');
  private readonly card = el('div', 'hover-card');
  private readonly main = el('main', 'content');
  private report: ReportTables | null = null;
  private fileName = '';
  private graph: GraphTable | null = null;
  private layout: RowLayout | null = null;
  private observed: ObservedProfile | null = null;
  private palette: Palette;
  private isRestorePending = true;
  private isPinned = false;
  private cardSeg = -1;
  /** Segments matching the search (1), its matches in run order once stepped through, and the current one. */
  private searchMask: Uint8Array | null = null;
  private searchOrder: number[] | null = null;
  private searchAt = -1;
  private saveRequest = 0;

  constructor(private readonly bridge: HostBridge, private readonly root: HTMLElement) {
    this.state = restoreViewState(bridge.loadState());
    this.toolbar = new Toolbar({
      onView: (view) => this.requestView(view),
      onOptimization: (level) => this.bridge.post({ type: 'setOptimization', level }),
      onBind: (bindings) => { this.state.bindings = bindings; this.saveSoon(); this.bridge.post({ type: 'bind', bindings }); },
      onInputValues: (values) => { this.state.inputValues = values; this.saveSoon(); this.bridge.post({ type: 'setInputValues', values }); },
      onSearch: (q) => { this.state.search = q; this.refreshEmphasis(); this.saveSoon(); },
      onSearchStep: (direction) => this.stepSearch(direction),
      // A new order starts at its top row: the largest buffers when sorted by size.
      onSort: () => { this.state.sort = this.state.sort === 'start' ? 'size' : 'start'; this.relayout(); this.chart.scrollTo(0); this.state.scrollTopPx = 0; },
      onToggleBand: () => { this.state.isBandCollapsed = !this.state.isBandCollapsed; this.relayout(); },
      onExport: (format) => this.exportView(format),
      onTogglePanel: () => { this.state.isSidePanelOpen = !this.state.isSidePanelOpen; this.applyPanel(); this.saveSoon(); },
      onToggleSweep: () => { this.sweep.toggle(); },
    });
    this.sweep = new SweepPanel({
      onSweep: (r) => this.bridge.post({ type: 'sweep', ...r }),
      onFit: (r) => this.bridge.post({ type: 'fit', ...r }),
      onCancel: () => this.bridge.post({ type: 'cancelAnswer' }),
      onRebind: (dim, value) => this.rebindTo(dim, value),
    });
    this.chart = new ChartView({
      onHover: (seg, x, y) => this.onHover(seg, x, y),
      onClick: (seg, row) => this.onClick(seg, row),
      onStepDetails: (step) => this.showStep(step),
      onViewChanged: () => this.saveSoon(),
    });
    this.panel = new SidePanel({
      onSelectValue: (name) => this.selectValue(name),
      onOpenGraph: (id) => this.openGraph(id),
      onStep: (step) => this.moveCursor(step),
    });
    this.announcer.setAttribute('aria-live', 'polite');
    this.card.setAttribute('role', 'tooltip');
    this.card.hidden = true;
    const chartColumn = el('div', 'chart-column');
    chartColumn.append(this.legend, this.chart.element);
    this.main.append(chartColumn, this.panel.element);
    root.append(this.toolbar.element, this.sweep.element, this.breadcrumb, this.status, this.main, this.card, this.announcer);
    this.palette = readPalette();
    this.chart.setPalette(this.palette);
    this.chart.focusTarget.addEventListener('keydown', (e) => this.onKey(e));
    new ResizeObserver(() => this.chart.resize()).observe(this.chart.element);
    new MutationObserver(() => { this.palette = readPalette(); this.chart.setPalette(this.palette); }).observe(document.body, { attributes: true, attributeFilter: ['class'] });
    this.applyPanel();
    this.showStatus('loading', 'Waiting for the report…');
    this.toolbar.update(null, this.state);
    this.toolbar.setActionable(false);
  }

  /** Handles one host message. */
  handle(message: ToWebview): void {
    switch (message.type) {
      case 'report':
        this.fileName = message.fileName;
        this.setDecodedReport(() => reportTablesOfReport(message.report));
        break;
      case 'reportJson':
        this.fileName = message.fileName;
        this.setDecodedReport(() => reportTablesOfReport(JSON.parse(message.json) as Report));
        break;
      case 'reportColumns':
        this.fileName = message.fileName;
        this.setDecodedReport(() => reportTablesOf(unpackReportColumns(message.packed)));
        break;
      case 'loading':
        this.fileName = message.fileName;
        this.showStatus('loading', `${message.fileName}: ${message.message}`);
        break;
      case 'error':
        this.fileName = message.fileName;
        this.report = null;
        this.main.hidden = true;
        this.showStatus('error', `${message.fileName}: ${message.message} (${message.code})`);
        break;
      case 'observed':
        this.observed = message.observed;
        if (this.report) this.showGraph(this.state.domain);
        break;
      case 'revealStep':
        this.revealMainStep(message.step);
        break;
      case 'answerProgress':
        this.sweep.progress(message.kind, message.percent, message.message);
        break;
      case 'sweepResult':
        this.sweep.showSweep(message.result);
        break;
      case 'fitResult':
        this.sweep.showFit(message.result);
        break;
      case 'answerError':
        this.sweep.showError(message.kind, message.code, message.message);
        break;
      case 'compare':
        this.showCompare(message);
        return;
    }
    if (message.type === 'answerProgress' || message.type === 'sweepResult' || message.type === 'fitResult' || message.type === 'answerError') return;
    // Search, sort, band, bindings and export act on a shown report; an error or first load has none.
    this.toolbar.setActionable(this.report !== null);
  }

  /** The chart component (the benchmark drives it directly). */
  get chartView(): ChartView {
    return this.chart;
  }

  /** Shows the report `decode` returns, or says why it could not be read. */
  private setDecodedReport(decode: () => ReportTables): void {
    let report: ReportTables;
    try {
      report = decode();
    } catch (err) {
      this.report = null;
      this.main.hidden = true;
      this.showStatus('error', `${this.fileName}: the report could not be read (${err instanceof Error ? err.message : String(err)})`);
      return;
    }
    this.setReport(report);
  }

  private setReport(report: ReportTables): void {
    const isSameModel = this.report !== null && this.report.model.path === report.model.path;
    this.report = report;
    if (this.isRestorePending) {
      this.isRestorePending = false;
      // After a reload, ask the host for what the user was looking at before.
      if (this.state.view !== report.view) this.bridge.post({ type: 'setView', view: this.state.view });
      const wanted = this.state.bindings;
      if (Object.keys(wanted).length > 0 && JSON.stringify(wanted) !== JSON.stringify(report.bindings)) this.bridge.post({ type: 'bind', bindings: wanted });
      const values = this.state.inputValues;
      if (Object.keys(values).length > 0 && JSON.stringify(values) !== JSON.stringify(report.inputValues ?? {})) this.bridge.post({ type: 'setInputValues', values });
    } else {
      this.state.view = report.view;
    }
    if (!report.graphs.some((g) => g.id === this.state.graphId)) this.state.graphId = report.graphs[0]?.id ?? 'main';
    this.sweep.setReport(report);
    this.showGraph(isSameModel ? this.chart.visibleDomain() : this.state.domain);
  }

  /** A compare panel: the page replaces the toolbar and the timeline. */
  private showCompare(message: Extract<ToWebview, { type: 'compare' }>): void {
    this.fileName = `${message.aName} vs ${message.bName}`;
    this.report = null;
    this.toolbar.element.hidden = true;
    this.sweep.element.hidden = true;
    this.main.hidden = true;
    this.breadcrumb.hidden = true;
    this.showStatus('ok', '');
    this.root.querySelector('#compare-page')?.remove();
    this.root.append(renderComparePage(message.diff, message.aName, message.bName, message.sessionLabel, message.bindings));
  }

  /** A sweep point or fit answer clicked: the report rebinds with `dim` = `value`, the other dims as shown. */
  private rebindTo(dim: string, value: number): void {
    const bindings = { ...(this.report?.bindings ?? this.state.bindings), [dim]: value };
    this.state.bindings = bindings;
    this.saveSoon();
    this.bridge.post({ type: 'bind', bindings });
  }

  private showGraph(domain: [number, number] | null): void {
    const report = this.report;
    if (!report) return;
    const graph = report.graphs.find((g) => g.id === this.state.graphId) ?? report.graphs[0];
    if (!graph) {
      this.showStatus('empty', 'The report has no graphs');
      return;
    }
    this.graph = graph;
    this.main.hidden = false;
    if (graph.stepCount === 0) this.showStatus('empty', `${this.fileName}: graph '${graph.id}' has no steps, so there is nothing to draw`);
    else this.showStatus('ok', '');
    this.layout = buildRowLayout(graph, { sort: this.state.sort, isBandCollapsed: this.state.isBandCollapsed });
    this.chart.scrollTopPx = this.state.scrollTopPx;
    this.chart.setData(graph.stepCount > 0 ? this.chartData(graph, this.layout) : null, domain);
    this.state.cursorStep = Math.min(this.state.cursorStep, graph.stepCount - 1);
    this.chart.cursorStep = this.state.cursorStep;
    this.syncSelection();
    this.refreshEmphasis();
    this.panel.showGraph(report, graph, this.observed);
    if (this.chart.selectedSeg >= 0) {
      // A selection restored or kept across reports stays pinned, with its card beside the bar.
      this.isPinned = true;
      this.cardSeg = -1;
      const at = this.chart.segmentClientPoint(this.chart.selectedSeg);
      if (at) this.showCard(this.chart.selectedSeg, at.x, at.y);
    }
    this.toolbar.update(report, this.state);
    renderBreadcrumb(this.breadcrumb, report, graph, this.fileName, (id) => this.openGraph(id));
    renderLegend(this.legend, graph, this.observed, graph.steps.arenaHeldBytes.some((b) => !Number.isNaN(b)));
    this.saveSoon();
  }

  private chartData(graph: GraphTable, layout: RowLayout): ChartData {
    const n = graph.stepCount;
    const live: StepSeries = { values: new Float64Array(n), isKnown: new Uint8Array(n) };
    const liveBytes = graph.steps.liveBytes;
    for (let i = 0; i < n; i++) {
      // NaN is the columns' null: unknown live bytes.
      if (!Number.isNaN(liveBytes[i]!)) { live.values[i] = liveBytes[i]!; live.isKnown[i] = 1; }
    }
    const observed: ChartData['observed'] = [];
    if (this.observed && this.observed.graphId === graph.id) {
      OBSERVED_FIELDS.forEach((field, k) => {
        const series: StepSeries = { values: new Float64Array(n), isKnown: new Uint8Array(n) };
        let isAny = false;
        this.observed!.steps.forEach((o, i) => {
          const b = o?.[field];
          if (i < n && typeof b === 'number') { series.values[i] = b; series.isKnown[i] = 1; isAny = true; }
        });
        if (isAny) observed.push({ series, color: this.palette.observed[k] ?? this.palette.foreground });
      });
    }
    // Modeled physical (the simulated arena): its own series, never mixed with the observed ones.
    const physical: ChartData['physical'] = [];
    [graph.steps.arenaInUseBytes, graph.steps.arenaHeldBytes].forEach((col, k) => {
      const series: StepSeries = { values: new Float64Array(n), isKnown: new Uint8Array(n) };
      let isAny = false;
      for (let i = 0; i < n; i++) if (!Number.isNaN(col[i]!)) { series.values[i] = col[i]!; series.isKnown[i] = 1; isAny = true; }
      if (isAny) physical.push({ series, color: this.palette.physical[k]! });
    });
    const lines: CurveLine[] = [];
    const maxLive = graph.maxLiveBytes ?? null;
    if (maxLive !== null) lines.push({ bytes: maxLive, label: 'max-live lower bound', color: this.palette.lowerBound, isDashed: true });
    if (graph.bestFitArenaBytes !== null) lines.push({ bytes: graph.bestFitArenaBytes, label: 'best-fit arena', color: this.palette.arena, isDashed: false });
    let yMax = Math.max(maxLive ?? 0, graph.bestFitArenaBytes ?? 0, graph.peak.bytes ?? 0);
    for (const o of [...observed, ...physical]) yMax = Math.max(yMax, seriesMax(o.series));
    const peak = peakSummary(graph);
    return {
      graph, layout, live, observed, physical, lines, yMaxBytes: niceBytesCeil(yMax * 1.04, 4), valueName: (v) => graph.strings.at(graph.values.name[v] ?? -1),
      valueIndexOf: (name) => {
        const k = graph.strings.indexOf(name);
        return k < 0 ? -1 : graph.values.name.indexOf(k);
      },
      peak: { step: peak.step, bytes: peak.bytes, isLowerBound: peak.isLowerBound },
    };
  }

  private relayout(): void {
    if (!this.graph || !this.report) { this.toolbar.update(this.report, this.state); return; }
    this.layout = buildRowLayout(this.graph, { sort: this.state.sort, isBandCollapsed: this.state.isBandCollapsed });
    if (this.graph.stepCount > 0) this.chart.replaceData(this.chartData(this.graph, this.layout));
    this.syncSelection();
    this.refreshEmphasis();
    this.toolbar.update(this.report, this.state);
    this.saveSoon();
  }

  private requestView(view: PlanView): void {
    this.state.view = view;
    this.saveSoon();
    if (this.report?.view !== view) this.bridge.post({ type: 'setView', view });
  }

  private syncSelection(): void {
    const layout = this.layout;
    const graph = this.graph;
    let seg = -1;
    if (layout && graph && this.state.selected !== null) {
      const i = findValue(graph, this.state.selected);
      seg = i >= 0 ? layout.valueSeg[i]! : -1;
    }
    this.chart.selectedSeg = seg;
    if (seg < 0) { this.isPinned = false; this.hideCard(); }
  }

  private refreshEmphasis(): void {
    this.chart.emphasis = this.layout && this.graph ? emphasisMask(this.graph, this.layout, this.state.search, this.state.cursorStep) : null;
    // The search's own matches (the step cursor aside); ordered on the first Enter, not per keystroke.
    const matches = this.layout && this.graph && this.state.search.trim() !== '' ? emphasisMask(this.graph, this.layout, this.state.search, -1) : null;
    this.searchMask = matches;
    this.searchOrder = null;
    this.searchAt = -1;
    let count = 0;
    if (matches) for (let i = 0; i < matches.length; i++) count += matches[i]!;
    this.toolbar.setSearchCount(0, count, matches !== null);
    this.chart.requestDraw();
  }

  /** Moves to the next (1) or previous (-1) search match, in run order, and shows it. */
  private stepSearch(direction: 1 | -1): void {
    const layout = this.layout;
    const mask = this.searchMask;
    if (!layout || !mask) return;
    if (!this.searchOrder) {
      const order: number[] = [];
      for (let i = 0; i < mask.length; i++) if (mask[i] === 1) order.push(i);
      order.sort((a, b) => layout.segStart[a]! - layout.segStart[b]! || layout.segRow[a]! - layout.segRow[b]!);
      this.searchOrder = order;
    }
    const order = this.searchOrder;
    if (order.length === 0) return;
    this.searchAt = this.searchAt < 0 ? (direction === 1 ? 0 : order.length - 1) : (this.searchAt + direction + order.length) % order.length;
    const seg = order[this.searchAt]!;
    this.chart.revealRow(layout.segRow[seg]!);
    this.chart.revealStep(layout.segStart[seg]!);
    this.chart.selectedSeg = seg;
    this.chart.requestDraw();
    this.toolbar.setSearchCount(this.searchAt + 1, order.length, true);
  }

  private onHover(seg: number, x: number, y: number): void {
    if (this.isPinned) return;
    if (seg < 0) { this.hideCard(); return; }
    this.showCard(seg, x, y);
  }

  private onClick(seg: number, row: number): void {
    const layout = this.layout;
    if (!layout || !this.graph) return;
    if (seg < 0 && row >= 0 && layout.rows[row]?.role === 'bandSummary') {
      this.state.isBandCollapsed = !this.state.isBandCollapsed;
      this.relayout();
      return;
    }
    if (seg >= 0 && layout.rows[layout.segRow[seg]!]?.role === 'bandSummary') {
      this.state.isBandCollapsed = false;
      this.relayout();
      return;
    }
    const v = seg >= 0 ? layout.segValue[seg]! : -1;
    this.state.selected = v >= 0 ? valueName(this.graph, v) : null;
    this.chart.selectedSeg = seg;
    this.isPinned = seg >= 0;
    if (seg >= 0) {
      const rect = this.card.hidden ? null : this.card.getBoundingClientRect();
      this.showCard(seg, rect ? rect.left - 14 : 200, rect ? rect.top - 14 : 200);
    } else this.hideCard();
    this.chart.requestDraw();
    this.saveSoon();
  }

  private selectValue(name: string): void {
    const graph = this.graph;
    const layout = this.layout;
    if (!graph || !layout) return;
    const i = findValue(graph, name);
    if (i < 0) return;
    if (layout.valueSeg[i]! < 0 && this.state.isBandCollapsed) {
      this.state.isBandCollapsed = false;
      this.relayout();
    }
    const l = this.layout!;
    const seg = l.valueSeg[i]!;
    if (seg < 0) return;
    this.state.selected = name;
    this.chart.selectedSeg = seg;
    this.isPinned = true;
    this.chart.revealRow(l.segRow[seg]!);
    this.chart.revealStep(l.segStart[seg]!);
    const box = this.chart.focusTarget.getBoundingClientRect();
    this.showCard(seg, box.left + GUTTER_PX + 20, box.top + 10);
    this.saveSoon();
  }

  private showCard(seg: number, x: number, y: number): void {
    if (!this.graph || !this.layout) return;
    if (seg !== this.cardSeg || this.card.hidden) {
      if (!fillHoverCard(this.card, this.graph, this.layout, seg, this.isPinned)) { this.hideCard(); return; }
      this.cardSeg = seg;
    }
    this.card.hidden = false;
    this.card.classList.toggle('pinned', this.isPinned);
    // Beside the pointer, never over the bar it describes.
    const { left, top } = placeCard(this.card.offsetWidth, this.card.offsetHeight, x, y, this.chart.segmentClientRect(seg), window.innerWidth, window.innerHeight);
    this.card.style.left = `${left}px`;
    this.card.style.top = `${top}px`;
  }

  private hideCard(): void {
    this.card.hidden = true;
    this.cardSeg = -1;
  }

  private moveCursor(step: number): void {
    const graph = this.graph;
    if (!graph || graph.stepCount === 0) return;
    const s = Math.max(0, Math.min(graph.stepCount - 1, step));
    this.state.cursorStep = s;
    this.chart.cursorStep = s;
    this.chart.revealStep(s);
    this.refreshEmphasis();
    const st = stepAt(graph, s);
    this.announcer.textContent = `Step ${s}: ${st.displayName} (${st.opType}), live ${formatMaybeBytes(st.liveBytes, st.liveReason)}`;
    this.saveSoon();
  }

  /** Opens the main graph at `step` with the step's details (the host asks for the peak step of a budget warning). */
  private revealMainStep(step: number): void {
    const main = this.report?.graphs[0];
    if (!main || !Number.isInteger(step) || step < 0 || step >= main.stepCount) return;
    if (this.graph !== main) this.openGraph(main.id);
    this.showStep(step);
  }

  private showStep(step: number): void {
    if (!this.graph) return;
    this.moveCursor(step);
    this.panel.showStep(this.graph, step);
    if (!this.state.isSidePanelOpen) { this.state.isSidePanelOpen = true; this.applyPanel(); }
  }

  private onKey(e: KeyboardEvent): void {
    const graph = this.graph;
    if (!graph) return;
    const c = this.state.cursorStep;
    let isHandled = true;
    switch (e.key) {
      case 'ArrowRight': this.moveCursor(c < 0 ? 0 : c + 1); break;
      case 'ArrowLeft': this.moveCursor(c < 0 ? graph.stepCount - 1 : c - 1); break;
      case 'Home': this.moveCursor(0); break;
      case 'End': this.moveCursor(graph.stepCount - 1); break;
      case 'Enter': if (c >= 0) this.showStep(c); break;
      case 'Escape':
        this.state.cursorStep = -1;
        this.chart.cursorStep = -1;
        this.state.selected = null;
        this.chart.selectedSeg = -1;
        this.isPinned = false;
        this.hideCard();
        this.refreshEmphasis();
        this.saveSoon();
        break;
      case '+': case '=': this.chart.zoomBy(1.5); break;
      case '-': this.chart.zoomBy(1 / 1.5); break;
      case 'ArrowDown': this.chart.scrollBy(ROW_HEIGHT_PX); break;
      case 'ArrowUp': this.chart.scrollBy(-ROW_HEIGHT_PX); break;
      case 'PageDown': this.chart.scrollBy(ROW_HEIGHT_PX * 20); break;
      case 'PageUp': this.chart.scrollBy(-ROW_HEIGHT_PX * 20); break;
      default: isHandled = false;
    }
    if (isHandled) e.preventDefault();
  }

  private openGraph(id: string): void {
    if (!this.report?.graphs.some((g) => g.id === id)) return;
    this.state.graphId = id;
    this.state.cursorStep = -1;
    this.state.selected = null;
    this.state.scrollTopPx = 0;
    this.showGraph(null);
    this.panel.scrollToTop();
  }

  private applyPanel(): void {
    this.panel.element.hidden = !this.state.isSidePanelOpen;
    this.chart.resize();
  }

  private showStatus(kind: 'loading' | 'error' | 'empty' | 'ok', text: string): void {
    this.status.className = `status status-${kind}`;
    this.status.textContent = text;
    this.status.hidden = kind === 'ok';
    if (kind === 'loading' && !this.report) this.main.hidden = true;
  }

  private exportView(format: ExportFormat): void {
    const graph = this.graph;
    const layout = this.layout;
    const report = this.report;
    if (!graph || !layout || !report) return;
    const context = exportContext(report, graph, this.fileName, graph.stepCount > 0 ? this.chart.visibleDomain() : [0, 0]);
    const header = (): ImageHeader => ({
      lines: headerLines(context), legend: legendSwatches(graph, this.observed, this.palette), color: this.palette.foreground,
      background: this.palette.background, ticks: stepTicks(this.chart.scale(), 80), gutterPx: GUTTER_PX,
    });
    let data: string;
    if (format === 'png') {
      const { curve, gantt } = this.chart.canvases;
      const pixelRatio = gantt.clientWidth > 0 ? gantt.width / gantt.clientWidth : 1;
      data = toPngDataUrl(curve, gantt, header(), pixelRatio);
    } else if (format === 'svg') {
      const { gantt } = this.chart.canvases;
      data = toSvg({
        graph, layout, scale: this.chart.scale(), widthPx: gantt.clientWidth, heightPx: gantt.clientHeight, gutterPx: GUTTER_PX,
        rowHeightPx: ROW_HEIGHT_PX, scrollTopPx: this.chart.scrollTopPx, palette: this.palette, header: header(),
      });
    } else if (format === 'csv') {
      data = toCsvWithContext(intervalRecords(graph, layout), context);
    } else {
      data = JSON.stringify({
        model: context.model, modelPath: context.modelPath, graph: graph.id, view: report.view, session: report.session, sessionLabel: context.session,
        bindings: report.bindings, bindingsLabel: context.bindingsLabel, peak: context.peak, steps: context.steps, intervals: intervalRecords(graph, layout),
      }, null, 2);
    }
    this.bridge.post({ type: 'export', format, fileName: `${exportBaseName(context)}.${format}`, data });
  }

  private saveSoon(): void {
    if (this.saveRequest !== 0) return;
    this.saveRequest = requestAnimationFrame(() => {
      this.saveRequest = 0;
      if (this.graph && this.graph.stepCount > 0) {
        const [s0, s1] = this.chart.visibleDomain();
        const isAll = s0 <= 0 && s1 >= this.graph.stepCount;
        this.state.domain = isAll ? null : [s0, s1];
        this.state.scrollTopPx = this.chart.scrollTopPx;
      }
      this.bridge.saveState(this.state);
    });
  }
}
