/**
 * The compare page ("Compare memory reports"): the two main graphs' modeled peaks and initializer
 * bytes with their differences, both live-bytes curves on one axis (by step when the two run the
 * same ops in the same order, else by fraction of the run), and every buffer that changed, matched
 * by value name. Names reach the page through textContent only.
 */
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import type { ReportDiff } from '../../src/report/diff';
import { formatBytes, formatBytesExact } from '../../src/report/formatBytes';
import { el, svgEl } from '../dom';

/** Rows the buffer table shows (the rest are counted). */
export const COMPARE_TABLE_ROWS = 500;

const HEIGHT = 240;
const MARGIN = { top: 10, right: 16, bottom: 30, left: 72 };

const maybe = (b: number | null): string => (b === null ? 'unavailable' : formatBytesExact(b));
const signed = (d: number | null): string => (d === null ? 'unavailable' : d === 0 ? '±0 B' : `${d > 0 ? '+' : '−'}${formatBytesExact(Math.abs(d))}`);

/** Builds the page for one comparison. */
export function renderComparePage(d: ReportDiff, aName: string, bName: string, sessionLabel: string, bindings: Record<string, number>): HTMLElement {
  const page = el('section', 'compare-page');
  page.id = 'compare-page';
  page.append(el('h2', 'compare-title', `A: ${aName}   vs   B: ${bName}`));
  const bound = Object.entries(bindings).map(([k, v]) => `${k}=${v}`).join(', ');
  page.append(el('div', 'compare-session', `${sessionLabel}${bound ? ` · ${bound}` : ''} (the settings of A, for both)`));
  const summary = el('table', 'compare-summary');
  summary.id = 'compare-summary';
  const head = el('tr');
  for (const h of ['', `A (${aName})`, `B (${bName})`, 'B − A']) head.append(el('th', undefined, h));
  summary.append(head);
  const peakText = (s: ReportDiff['a']): string => (s.peakBytes === null ? `unavailable (${s.peakReason ?? 'no reason given'})` : `${formatBytesExact(s.peakBytes)} at step ${s.peakStep}`);
  const rows: Array<[string, string, string, string]> = [
    ['modeled peak', peakText(d.a), peakText(d.b), signed(d.peakDeltaBytes)],
    ['initializers', maybe(d.a.initializerBytes), maybe(d.b.initializerBytes), signed(d.initializerDeltaBytes)],
    ['steps', String(d.a.steps), String(d.b.steps), d.alignment === 'step' ? 'same ops in the same order' : 'different runs'],
  ];
  for (const r of rows) {
    const tr = el('tr');
    tr.append(el('th', undefined, r[0]), el('td', undefined, r[1]), el('td', undefined, r[2]), el('td', 'compare-delta', r[3]));
    summary.append(tr);
  }
  page.append(summary, curves(d, aName, bName), buffers(d));
  return page;
}

function curves(d: ReportDiff, aName: string, bName: string): HTMLElement {
  const wrap = el('div', 'compare-curves');
  const byStep = d.alignment === 'step';
  wrap.append(el('div', 'compare-caption', byStep ? 'Live bytes after each step, A and B on one step axis' : 'Live bytes over the run, A and B on one axis by fraction of the run (the graphs differ)'));
  const width = 900;
  const svg = svgEl('svg', { width, height: HEIGHT, role: 'img', 'aria-label': 'Live bytes of A and B' });
  svg.id = 'compare-svg';
  const maxBytes = Math.max(1, ...d.a.liveBytes.map((b) => b ?? 0), ...d.b.liveBytes.map((b) => b ?? 0));
  const maxX = byStep ? Math.max(1, d.a.steps) : 1;
  const x = scaleLinear().domain([0, maxX]).range([MARGIN.left, width - MARGIN.right]);
  const y = scaleLinear().domain([0, maxBytes]).nice().range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const gx = svgEl('g', { class: 'sweep-axis', transform: `translate(0,${HEIGHT - MARGIN.bottom})` });
  const gy = svgEl('g', { class: 'sweep-axis', transform: `translate(${MARGIN.left},0)` });
  svg.append(gx, gy);
  // Steps are whole numbers: fractional ticks of a short run are left unlabelled.
  select(gx).call(byStep ? axisBottom(x).ticks(Math.min(8, maxX)).tickFormat((v) => (Number.isInteger(Number(v)) ? String(v) : '')) : axisBottom(x).ticks(8, '.0%'));
  const xLabel = svgEl('text', { class: 'sweep-axis-label', x: width - MARGIN.right, y: HEIGHT - 2, 'text-anchor': 'end' });
  xLabel.textContent = byStep ? 'step' : 'fraction of the run';
  svg.append(xLabel);
  select(gy).call(axisLeft(y).ticks(5).tickFormat((v) => formatBytes(Number(v))));
  const path = (live: (number | null)[], cls: string, name: string): void => {
    const n = live.length;
    let dd = '';
    let pen = false;
    // As the timeline draws it: each step's live bytes held across the step (a staircase).
    live.forEach((b, k) => {
      if (b === null) { pen = false; return; }
      const x0 = byStep ? x(k) : x(k / n);
      const x1 = byStep ? x(k + 1) : x((k + 1) / n);
      dd += `${pen ? 'L' : 'M'}${x0.toFixed(1)},${y(b).toFixed(1)}H${x1.toFixed(1)}`;
      pen = true;
    });
    const p = svgEl('path', { class: cls, d: dd });
    const t = svgEl('title');
    t.textContent = name;
    p.append(t);
    svg.append(p);
  };
  path(d.a.liveBytes, 'compare-a', `A: ${aName}`);
  path(d.b.liveBytes, 'compare-b', `B: ${bName}`);
  wrap.append(svg);
  const legend = el('div', 'sweep-legend');
  legend.append(el('span', 'compare-key-a', '— A '), document.createTextNode(aName), el('span', 'compare-key-b', '   — B '), document.createTextNode(bName),
    document.createTextNode('   (an unavailable step is a gap, never 0)'));
  wrap.append(legend);
  return wrap;
}

function buffers(d: ReportDiff): HTMLElement {
  const wrap = el('div', 'compare-buffers');
  wrap.append(el('div', 'compare-caption', `Buffers matched by value name: ${d.buffers.length} changed, ${d.sameBuffers} the same size`));
  const table = el('table', 'compare-table');
  table.id = 'compare-table';
  const head = el('tr');
  for (const h of ['change', 'B − A', 'value', 'kind', 'A', 'B']) head.append(el('th', undefined, h));
  table.append(head);
  for (const b of d.buffers.slice(0, COMPARE_TABLE_ROWS)) {
    const tr = el('tr', `compare-${b.change}`);
    tr.append(el('td', undefined, b.change), el('td', 'compare-delta', signed(b.deltaBytes)), el('td', 'compare-name', b.name), el('td', undefined, b.kind),
      el('td', undefined, b.aBytes === null ? (b.change === 'new' ? '—' : 'unavailable') : formatBytesExact(b.aBytes)),
      el('td', undefined, b.bBytes === null ? (b.change === 'gone' ? '—' : 'unavailable') : formatBytesExact(b.bBytes)));
    table.append(tr);
  }
  wrap.append(table);
  if (d.buffers.length > COMPARE_TABLE_ROWS) wrap.append(el('div', 'compare-caption', `… and ${d.buffers.length - COMPARE_TABLE_ROWS} more (the CLI's diff --json lists them all)`));
  return wrap;
}
