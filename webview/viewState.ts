/**
 * Small view state kept with setState/getState so a reload restores what the user saw.
 * Anything read back is validated field by field: old or foreign state falls back to defaults.
 */
import type { PlanView } from '../src/report/report';
import type { RowSort } from './timeline/rowLayout';

/** Persisted view state. `domain` is the visible step range [start, end), null = whole run. */
export interface ViewState {
  view: PlanView;
  graphId: string;
  domain: [number, number] | null;
  scrollTopPx: number;
  selected: string | null;
  sort: RowSort;
  bindings: Record<string, number>;
  /** Contents fixed for small inputs (the input-values fields), as the CLI's --value. */
  inputValues: Record<string, number[]>;
  isBandCollapsed: boolean;
  search: string;
  cursorStep: number;
  isSidePanelOpen: boolean;
}

/** State for a first load. */
export function defaultViewState(): ViewState {
  return {
    view: 'sequential', graphId: 'main', domain: null, scrollTopPx: 0, selected: null, sort: 'start', bindings: {}, inputValues: {},
    isBandCollapsed: true, search: '', cursorStep: -1, isSidePanelOpen: true,
  };
}

/** Reads untrusted saved state back into a ViewState (missing or malformed fields take defaults). */
export function restoreViewState(saved: unknown): ViewState {
  const s = defaultViewState();
  if (typeof saved !== 'object' || saved === null) return s;
  const o = saved as Record<string, unknown>;
  if (o.view === 'sequential' || o.view === 'parallel') s.view = o.view;
  if (typeof o.graphId === 'string') s.graphId = o.graphId;
  if (Array.isArray(o.domain) && o.domain.length === 2 && o.domain.every((x) => typeof x === 'number' && Number.isFinite(x)) && o.domain[1] > o.domain[0]) {
    s.domain = [o.domain[0], o.domain[1]];
  }
  if (typeof o.scrollTopPx === 'number' && Number.isFinite(o.scrollTopPx) && o.scrollTopPx >= 0) s.scrollTopPx = o.scrollTopPx;
  if (typeof o.selected === 'string') s.selected = o.selected;
  if (o.sort === 'start' || o.sort === 'size') s.sort = o.sort;
  if (typeof o.bindings === 'object' && o.bindings !== null) {
    for (const [k, v] of Object.entries(o.bindings as Record<string, unknown>)) if (typeof v === 'number' && Number.isFinite(v)) s.bindings[k] = v;
  }
  if (typeof o.inputValues === 'object' && o.inputValues !== null) {
    for (const [k, v] of Object.entries(o.inputValues as Record<string, unknown>)) {
      if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number' && Number.isFinite(x))) s.inputValues[k] = [...(v as number[])];
    }
  }
  if (typeof o.isBandCollapsed === 'boolean') s.isBandCollapsed = o.isBandCollapsed;
  if (typeof o.search === 'string') s.search = o.search;
  if (typeof o.cursorStep === 'number' && Number.isInteger(o.cursorStep)) s.cursorStep = o.cursorStep;
  if (typeof o.isSidePanelOpen === 'boolean') s.isSidePanelOpen = o.isSidePanelOpen;
  return s;
}
