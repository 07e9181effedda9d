/** The breadcrumb above the chart: file, graph path (parent graphs are links), which session the numbers model and with which bindings. */
import { describeBindings, describeSession } from '../../src/report/describeSession';
import type { GraphTable, ReportTables } from '../graphTable';
import { clear, el } from '../dom';

/** Renders the path from the main graph to `graph`; clicking an ancestor calls onOpen with its id. */
export function renderBreadcrumb(nav: HTMLElement, report: ReportTables, graph: GraphTable, fileName: string, onOpen: (graphId: string) => void): void {
  clear(nav);
  const chain: GraphTable[] = [];
  let g: GraphTable | undefined = graph;
  // Bounded walk: a malformed report with a parent cycle must not hang the webview.
  while (g && chain.length < 64) {
    chain.unshift(g);
    const parentId: string | undefined = g.parent?.graph;
    g = parentId === undefined ? undefined : report.graphs.find((x) => x.id === parentId);
  }
  nav.append(el('span', 'file-name', fileName || report.model.path));
  chain.forEach((item, i) => {
    nav.append(el('span', 'crumb-sep', '›'));
    const label = item.parent ? `${item.parent.node}.${item.parent.attribute}` : item.id;
    if (i === chain.length - 1) nav.append(el('span', 'crumb current', label));
    else {
      const b = el('button', 'crumb link', label);
      b.addEventListener('click', () => onOpen(item.id));
      nav.append(b);
    }
  });
  nav.append(el('span', 'view-label session-label', describeSession(report)));
  // The bindings the numbers were planned with, as every export names them too.
  nav.append(el('span', 'view-label bindings-label', describeBindings(report)));
  if (graph.parent) nav.append(el('span', 'view-label', 'Local report: never added to the parent peak'));
}
