/**
 * The toolbar, built from vscode-elements controls: Sequential | Parallel, the graph optimization
 * level of the modeled session (disabled | basic | extended | all), the bindings (bindingsView.ts),
 * the contents of small inputs (inputValuesView.ts),
 * search, sort and band toggles, export, Sweep… and the details-panel toggle.
 */
import type { FromWebview } from '../../src/report/protocol';
import type { GraphOptimizationLevel, PlanView, Report } from '../../src/report/report';
import { custom, el } from '../dom';
import { BindingsView } from './bindingsView';
import { InputValuesView } from './inputValuesView';
import type { ViewState } from '../viewState';
import type { ReportTables } from '../graphTable';

/** What the toolbar reads of a report (the graphs for the inputs whose contents it offers to fix). */
type ReportFacts = Pick<Report, 'symbols' | 'bindings' | 'view' | 'dims' | 'inputValues'> & { session?: Partial<Report['session']>; graphs?: ReportTables['graphs'] };

/** The levels in ORT's order (report.ts GRAPH_OPTIMIZATION_LEVELS; the webview imports types only). */
const LEVELS: readonly GraphOptimizationLevel[] = ['disabled', 'basic', 'extended', 'all'];

/** Export formats offered by the toolbar. */
export type ExportFormat = Extract<FromWebview, { type: 'export' }>['format'];

/** What the toolbar asks the app to do. */
export interface ToolbarCallbacks {
  onView(view: PlanView): void;
  /** A level button: plan ORT's graph at that level. */
  onOptimization(level: GraphOptimizationLevel): void;
  onBind(bindings: Record<string, number>): void;
  /** The input-values fields: plan with these contents fixed (an input left out is unknown). */
  onInputValues(values: Record<string, number[]>): void;
  onSearch(query: string): void;
  /** Enter (1) or Shift+Enter (-1) in the search field: move to the next or previous match. */
  onSearchStep(direction: 1 | -1): void;
  onSort(): void;
  onToggleBand(): void;
  onExport(format: ExportFormat): void;
  onTogglePanel(): void;
  /** Opens or closes the Sweep… panel (sweep and fit). */
  onToggleSweep(): void;
}

interface FieldLike extends HTMLElement {
  value: string;
}

/** The toolbar component. */
export class Toolbar {
  readonly element = el('header', 'toolbar');
  private readonly seqButton = custom('vscode-button', { id: 'view-sequential', 'aria-pressed': 'true' }, 'Sequential');
  private readonly parButton = custom('vscode-button', { id: 'view-parallel', secondary: '', 'aria-pressed': 'false' }, 'Parallel');
  private readonly bindings: BindingsView;
  private readonly inputValues: InputValuesView;
  private readonly levelButtons = LEVELS.map((level) => custom('vscode-button', { id: `level-${level}`, secondary: '', 'aria-pressed': 'false', title: `Model ONNX Runtime's graph at optimization level ${level}` }, level));
  private readonly search = custom('vscode-textfield', { id: 'search', placeholder: 'Search name or op', 'aria-label': 'Search values by name or op' }) as FieldLike;
  private readonly searchCount = el('span', 'search-count');
  private readonly sortButton = custom('vscode-button', { id: 'sort-toggle', secondary: '' }, 'Sort: start');
  private readonly bandButton = custom('vscode-button', { id: 'band-toggle', secondary: '' }, 'Expand inputs');
  private readonly panelButton = custom('vscode-button', { id: 'panel-toggle', secondary: '' }, 'Details');
  private readonly sweepButton = custom('vscode-button', { id: 'sweep-toggle', secondary: '', title: 'Sweep a dim, or fit it to a budget' }, 'Sweep…');

  constructor(callbacks: ToolbarCallbacks) {
    this.bindings = new BindingsView((b) => callbacks.onBind(b));
    this.inputValues = new InputValuesView((v) => callbacks.onInputValues(v));
    const viewGroup = el('div', 'view-switch');
    viewGroup.setAttribute('role', 'group');
    viewGroup.setAttribute('aria-label', 'Plan view');
    viewGroup.append(this.seqButton, this.parButton);
    this.seqButton.addEventListener('click', () => callbacks.onView('sequential'));
    this.parButton.addEventListener('click', () => callbacks.onView('parallel'));
    const levelGroup = el('div', 'view-switch level-switch');
    levelGroup.setAttribute('role', 'group');
    levelGroup.setAttribute('aria-label', 'Graph optimization level');
    levelGroup.append(el('span', 'toolbar-label', 'Optimizations'), ...this.levelButtons);
    this.levelButtons.forEach((b, i) => b.addEventListener('click', () => callbacks.onOptimization(LEVELS[i]!)));
    this.search.addEventListener('input', () => callbacks.onSearch(this.search.value));
    this.search.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        callbacks.onSearchStep(e.shiftKey ? -1 : 1);
      } else if (e.key === 'Escape' && this.search.value !== '') {
        e.preventDefault();
        this.search.value = '';
        callbacks.onSearch('');
      }
    });
    this.searchCount.setAttribute('aria-live', 'polite');
    this.searchCount.id = 'search-count';
    this.sortButton.addEventListener('click', () => callbacks.onSort());
    this.bandButton.addEventListener('click', () => callbacks.onToggleBand());
    this.panelButton.addEventListener('click', () => callbacks.onTogglePanel());
    this.sweepButton.addEventListener('click', () => callbacks.onToggleSweep());
    const exportGroup = el('div', 'export-group');
    exportGroup.append(el('span', 'toolbar-label', 'Export'));
    for (const format of ['png', 'svg', 'csv', 'json'] as const) {
      const b = custom('vscode-button', { id: `export-${format}`, secondary: '', title: `Export ${format.toUpperCase()}` }, format.toUpperCase());
      b.addEventListener('click', () => callbacks.onExport(format));
      exportGroup.append(b);
    }
    this.element.append(viewGroup, levelGroup, this.bindings.element, this.inputValues.element, this.search, this.searchCount, this.sortButton, this.bandButton, exportGroup, this.sweepButton, this.panelButton);
  }

  /** Reflects the report (the view switch always shows the report's actual view) and the state. */
  update(report: ReportFacts | null, state: ViewState): void {
    const view = report?.view ?? state.view;
    this.setPressed(this.seqButton, view === 'sequential');
    this.setPressed(this.parButton, view === 'parallel');
    // The level asked for is pressed; after a fallback the header says which level was modeled and why.
    const level = report?.session?.requestedGraphOptimizationLevel ?? report?.session?.graphOptimizationLevel ?? null;
    this.levelButtons.forEach((b, i) => this.setPressed(b, LEVELS[i] === level));
    this.sortButton.textContent = state.sort === 'start' ? 'Sort: start' : 'Sort: size';
    this.bandButton.textContent = state.isBandCollapsed ? 'Expand inputs' : 'Collapse inputs';
    if (this.search.value !== state.search) this.search.value = state.search;
    if (report) this.bindings.update(report);
    if (report?.graphs) this.inputValues.update({ graphs: report.graphs, ...(report.inputValues ? { inputValues: report.inputValues } : {}) });
  }

  /** Shows where the search is: `k of n` once a match is chosen, `n matches` before, `no match`, or nothing without a query. */
  setSearchCount(at: number, count: number, hasQuery: boolean): void {
    this.searchCount.textContent = !hasQuery ? '' : count === 0 ? 'no match' : at > 0 ? `${at} of ${count}` : `${count} ${count === 1 ? 'match' : 'matches'}`;
  }

  /**
   * Enables or disables the controls that need a shown report (bindings, search, sort, band,
   * export). The view switch stays: it asks the host to plan again.
   */
  setActionable(isActionable: boolean): void {
    const controls = [this.search, this.sortButton, this.bandButton, this.sweepButton, ...this.element.querySelectorAll<HTMLElement>('.export-group vscode-button'), ...this.bindings.controls, ...this.inputValues.controls];
    for (const c of controls) {
      if (isActionable) c.removeAttribute('disabled');
      else c.setAttribute('disabled', '');
    }
  }

  private setPressed(button: HTMLElement, isPressed: boolean): void {
    button.setAttribute('aria-pressed', String(isPressed));
    if (isPressed) button.removeAttribute('secondary');
    else button.setAttribute('secondary', '');
  }
}
