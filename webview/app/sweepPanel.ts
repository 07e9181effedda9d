/**
 * The "Sweep…" panel: one symbolic dim over a range, run in the model's worker with progress and
 * cancel, drawn as modeled peak vs the dim (log axes offered), knees marked, the peak step's
 * polynomial drawn dashed between planned points (interpolated, and labelled so), and each planned
 * point a button that rebinds the report there. Beside it, Fit: the largest value of the dim whose
 * peak plus initializers stays within a budget (this field, or the budget setting when empty).
 * Every name reaches the page through textContent or an attribute, never markup.
 */
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog } from 'd3-scale';
import { select } from 'd3-selection';
import type { AnswerKind } from '../../src/report/protocol';
import type { FitResult } from '../../src/report/fit';
import type { Report } from '../../src/report/report';
import type { SweepResult } from '../../src/report/sweep';
import { evaluatePolynomial } from '../../src/report/sweep';
import { formatBytes, formatBytesExact, parseByteSize } from '../../src/report/formatBytes';
import { clear, custom, el, svgEl } from '../dom';

/** What the panel asks the app to do. */
export interface SweepCallbacks {
  onSweep(request: { dim: string; from: number; to: number; points: number; log: boolean }): void;
  onFit(request: { dim: string; budgetBytes: number | null }): void;
  onCancel(): void;
  /** Rebind the report with `dim` = `value` (the other dims as they are). */
  onRebind(dim: string, value: number): void;
}

interface FieldLike extends HTMLElement {
  value: string;
}

const CHART_HEIGHT = 220;
const MARGIN = { top: 10, right: 16, bottom: 30, left: 72 };
/** Samples of a polynomial drawn between two planned points. */
const CURVE_SAMPLES = 48;

function field(id: string, label: string, value: string, size: 'narrow' | 'wide' = 'narrow'): { label: HTMLLabelElement; field: FieldLike } {
  const l = el('label', 'sweep-label', label);
  l.htmlFor = id;
  // Width by class: the CSP allows no inline style.
  const f = custom('vscode-textfield', { id, type: 'text', inputmode: 'numeric', 'aria-label': label, class: `sweep-field sweep-field-${size}` }) as FieldLike;
  f.value = value;
  return { label: l, field: f };
}

function checkbox(id: string, label: string): { wrap: HTMLLabelElement; box: HTMLInputElement } {
  const wrap = el('label', 'sweep-check');
  const box = el('input');
  box.type = 'checkbox';
  box.id = id;
  wrap.append(box, document.createTextNode(` ${label}`));
  return { wrap, box };
}

/** The sweep and fit panel (hidden until the toolbar's Sweep… opens it). */
export class SweepPanel {
  readonly element = el('section', 'sweep-panel');
  private readonly dimSelect = el('select', 'sweep-dim');
  private readonly from = field('sweep-from', 'from', '1');
  private readonly to = field('sweep-to', 'to', '64');
  private readonly points = field('sweep-points', 'points', '16');
  private readonly logX = checkbox('sweep-logx', 'log x (geometric spacing)');
  private readonly logY = checkbox('sweep-logy', 'log y');
  private readonly runButton = custom('vscode-button', { id: 'sweep-run' }, 'Sweep');
  private readonly cancelButton = custom('vscode-button', { id: 'sweep-cancel', secondary: '', disabled: '' }, 'Cancel');
  private readonly budget = field('fit-budget', 'budget', '', 'wide');
  private readonly fitButton = custom('vscode-button', { id: 'fit-run', secondary: '' }, 'Fit');
  private readonly status = el('div', 'sweep-status');
  private readonly chart = el('div', 'sweep-chart');
  private readonly notes = el('ul', 'sweep-notes');
  private readonly fitResult = el('div', 'fit-result');
  private result: SweepResult | null = null;
  private symbolsKey = '';
  private running: AnswerKind | null = null;

  constructor(private readonly callbacks: SweepCallbacks) {
    this.element.hidden = true;
    this.element.setAttribute('aria-label', 'Sweep and fit');
    this.dimSelect.id = 'sweep-dim';
    this.dimSelect.setAttribute('aria-label', 'Dim to sweep');
    this.status.id = 'sweep-status';
    this.status.setAttribute('aria-live', 'polite');
    this.chart.id = 'sweep-chart';
    this.notes.id = 'sweep-notes';
    this.fitResult.id = 'fit-result';
    this.fitResult.setAttribute('aria-live', 'polite');
    this.budget.field.setAttribute('placeholder', 'setting, or 2GiB');
    const dimLabel = el('label', 'sweep-label', 'Sweep');
    dimLabel.htmlFor = 'sweep-dim';
    const form = el('div', 'sweep-form');
    form.append(dimLabel, this.dimSelect, this.from.label, this.from.field, this.to.label, this.to.field, this.points.label, this.points.field,
      this.logX.wrap, this.logY.wrap, this.runButton, this.cancelButton, el('span', 'sweep-sep'), this.budget.label, this.budget.field, this.fitButton);
    this.element.append(form, this.status, this.fitResult, this.chart, this.notes);
    this.runButton.addEventListener('click', () => this.run());
    this.cancelButton.addEventListener('click', () => callbacks.onCancel());
    this.fitButton.addEventListener('click', () => this.fit());
    this.logY.box.addEventListener('change', () => this.draw());
    this.logX.box.addEventListener('change', () => this.draw());
  }

  /** Offers the report's symbols; keeps the choice when they stay the same. */
  setReport(report: Pick<Report, 'symbols' | 'bindings'> | null): void {
    const symbols = report?.symbols ?? [];
    const key = JSON.stringify(symbols);
    if (key === this.symbolsKey) return;
    this.symbolsKey = key;
    clear(this.dimSelect);
    for (const s of symbols) {
      const o = el('option', undefined, s);
      o.value = s;
      this.dimSelect.append(o);
    }
    const bound = symbols.length > 0 ? report?.bindings[symbols[0]!] : undefined;
    if (bound !== undefined && bound > 0) this.to.field.value = String(Math.max(64, bound * 4));
    const none = symbols.length === 0;
    for (const c of [this.runButton, this.fitButton]) {
      if (none) c.setAttribute('disabled', '');
      else if (this.running === null) c.removeAttribute('disabled');
    }
    if (none) this.say('This model has no symbolic dims to sweep.');
  }

  /** Shows or hides the panel; returns whether it is open. */
  toggle(): boolean {
    this.element.hidden = !this.element.hidden;
    if (!this.element.hidden) this.draw();
    return !this.element.hidden;
  }

  /** The worker's progress of the running sweep or fit. */
  progress(kind: AnswerKind, percent: number, message: string): void {
    this.say(kind === 'sweep' ? `Sweeping: ${percent}% · ${message}` : `Fitting: ${message}`);
  }

  /** A finished sweep. */
  showSweep(result: SweepResult): void {
    this.setRunning(null);
    this.result = result;
    const unknown = result.points.filter((p) => p.peakBytes === null).length;
    this.say(`Swept ${result.dim} at ${result.points.length} values${unknown > 0 ? ` (${unknown} unavailable)` : ''}. Click a point to rebind the report there.`);
    this.draw();
  }

  /** A finished fit. */
  showFit(f: FitResult): void {
    this.setRunning(null);
    clear(this.fitResult);
    const lines: string[] = [];
    if (f.value !== null && f.peakBytes !== null) lines.push(`${f.dim} = ${f.value} fits: ${formatBytesExact(f.peakBytes)} (modeled peak + initializers) within ${formatBytesExact(f.budgetBytes)}`);
    if (f.next) lines.push(`${f.dim} = ${f.next.value}: ${formatBytesExact(f.next.peakBytes)}, over the budget`);
    lines.push(f.note);
    for (const line of lines) this.fitResult.append(el('div', undefined, line));
    if (f.value !== null) {
      const go = custom('vscode-button', { id: 'fit-apply', secondary: '' }, `Show ${f.dim} = ${f.value}`);
      const value = f.value;
      go.addEventListener('click', () => this.callbacks.onRebind(f.dim, value));
      this.fitResult.append(go);
    }
    this.say(f.status === 'none-fits' ? 'Fit: not even the smallest value fits.' : f.status === 'unknown' ? 'Fit: cannot be told.' : 'Fit done.');
  }

  /** A failed or cancelled sweep or fit: said here; the report on screen stays. */
  showError(kind: AnswerKind, code: string, message: string): void {
    this.setRunning(null);
    this.say(code === 'cancelled' ? `${kind === 'sweep' ? 'Sweep' : 'Fit'} cancelled.` : `${kind === 'sweep' ? 'Sweep' : 'Fit'} failed: ${message}`);
  }

  private say(text: string): void {
    this.status.textContent = text;
  }

  private setRunning(kind: AnswerKind | null): void {
    this.running = kind;
    const busy = kind !== null;
    for (const c of [this.runButton, this.fitButton]) {
      if (busy) c.setAttribute('disabled', '');
      else c.removeAttribute('disabled');
    }
    if (busy) this.cancelButton.removeAttribute('disabled');
    else this.cancelButton.setAttribute('disabled', '');
  }

  private readInt(f: FieldLike, what: string, min: number): number | null {
    const t = f.value.trim();
    if (!/^\d+$/.test(t) || Number(t) < min || Number(t) > 2 ** 31 - 1) {
      this.say(`${what} must be a whole number from ${min} to ${(2 ** 31 - 1).toLocaleString('en-US')}`);
      return null;
    }
    return Number(t);
  }

  private run(): void {
    const dim = this.dimSelect.value;
    if (dim === '') return;
    const log = this.logX.box.checked;
    const from = this.readInt(this.from.field, 'from', log ? 1 : 0);
    const to = from === null ? null : this.readInt(this.to.field, 'to', from);
    const points = to === null ? null : this.readInt(this.points.field, 'points', 1);
    if (from === null || to === null || points === null) return;
    if (points > 1024) { this.say('points must be at most 1024'); return; }
    this.setRunning('sweep');
    this.say(`Sweeping ${dim} from ${from} to ${to}…`);
    this.callbacks.onSweep({ dim, from, to, points, log });
  }

  private fit(): void {
    const dim = this.dimSelect.value;
    if (dim === '') return;
    const text = this.budget.field.value.trim();
    const budgetBytes = text === '' ? null : parseByteSize(text);
    if (text !== '' && budgetBytes === null) { this.say(`'${text}' is not a budget: write bytes or e.g. 2GiB, 512MiB`); return; }
    this.setRunning('fit');
    clear(this.fitResult);
    this.say(`Fitting ${dim}…`);
    this.callbacks.onFit({ dim, budgetBytes });
  }

  /** Draws the last sweep: planned points, the interpolated polynomials, the knees, the unavailable values. */
  private draw(): void {
    clear(this.chart);
    clear(this.notes);
    const r = this.result;
    if (!r || this.element.hidden) return;
    const logX = this.logX.box.checked && r.points[0]!.value >= 1;
    const logY = this.logY.box.checked;
    const known = r.points.filter((p) => p.peakBytes !== null && (!logY || p.peakBytes > 0));
    const width = Math.max(320, this.element.clientWidth - 16);
    const svg = svgEl('svg', { width, height: CHART_HEIGHT, role: 'img', 'aria-label': `Modeled peak vs ${r.dim}` });
    svg.id = 'sweep-svg';
    this.chart.append(svg);
    const first = r.points[0]!.value;
    const last = r.points[r.points.length - 1]!.value;
    const x = (logX ? scaleLog() : scaleLinear()).domain([first, Math.max(last, first + 1)]).range([MARGIN.left, width - MARGIN.right]);
    const maxBytes = Math.max(1, ...known.map((p) => p.peakBytes!));
    const minBytes = Math.max(1, Math.min(...known.map((p) => p.peakBytes!)));
    const y = (logY ? scaleLog().domain([minBytes, maxBytes]) : scaleLinear().domain([0, maxBytes])).nice().range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top]);
    const gx = svgEl('g', { class: 'sweep-axis', transform: `translate(0,${CHART_HEIGHT - MARGIN.bottom})` });
    const gy = svgEl('g', { class: 'sweep-axis', transform: `translate(${MARGIN.left},0)` });
    svg.append(gx, gy);
    select(gx).call(axisBottom(x).ticks(6, logX ? '~s' : undefined));
    // A log axis labels only the ticks d3 would label (its tickFormat gives '' for the rest), so labels never overlap.
    const shown = logY ? y.tickFormat(5) : null;
    select(gy).call(axisLeft(y).ticks(5).tickFormat((d) => (shown !== null && shown(d) === '' ? '' : formatBytes(Number(d)))));
    const xLabel = svgEl('text', { class: 'sweep-axis-label', x: width - MARGIN.right, y: CHART_HEIGHT - 2, 'text-anchor': 'end' });
    xLabel.textContent = r.dim;
    svg.append(xLabel);
    // Interpolated: each segment's polynomial between its planned points, dashed.
    for (const s of r.segments) {
      if (s.coefficients === null || s.toValue <= s.fromValue) continue;
      let d = '';
      for (let i = 0; i <= CURVE_SAMPLES; i++) {
        const v = logX ? s.fromValue * Math.pow(s.toValue / s.fromValue, i / CURVE_SAMPLES) : s.fromValue + ((s.toValue - s.fromValue) * i) / CURVE_SAMPLES;
        const b = evaluatePolynomial(s.coefficients, Math.round(v));
        if (b === null || (logY && b <= 0)) continue;
        d += `${d === '' ? 'M' : 'L'}${x(Math.round(v)).toFixed(1)},${y(b).toFixed(1)}`;
      }
      if (d !== '') {
        const path = svgEl('path', { class: 'sweep-interpolated', d });
        const t = svgEl('title');
        t.textContent = `interpolated: peak = ${s.polynomial ?? ''} bytes for ${r.dim} ${s.fromValue}..${s.toValue}, assuming the peak stays at step ${s.peakStep}`;
        path.append(t);
        svg.append(path);
      }
    }
    // Knees: where the peak step or the top contributor changes.
    for (const k of r.knees) {
      const at = k.exact ? k.exact[1] : (k.fromValue + k.toValue) / 2;
      const line = svgEl('line', { class: k.peakStepChanged ? 'sweep-knee' : 'sweep-knee sweep-knee-top', x1: x(at), x2: x(at), y1: MARGIN.top, y2: CHART_HEIGHT - MARGIN.bottom });
      const t = svgEl('title');
      t.textContent = kneeText(r.dim, k);
      line.append(t);
      svg.append(line);
    }
    // Planned points, each a button that rebinds; nothing is drawn between them but the polynomials.
    for (const p of known) {
      const c = svgEl('circle', { class: 'sweep-point', cx: x(p.value), cy: y(p.peakBytes!), r: 4, tabindex: 0, role: 'button' });
      c.dataset.value = String(p.value);
      const label = `${r.dim}=${p.value}: peak ${formatBytesExact(p.peakBytes!)} at step ${p.peakStep ?? '-'}${p.peakNode ? ` (${p.peakNode})` : ''}${p.topContributor ? `; top ${p.topContributor.name} ${formatBytes(p.topContributor.bytes)}` : ''}`;
      c.setAttribute('aria-label', `${label}. Rebind here`);
      const t = svgEl('title');
      t.textContent = label;
      c.append(t);
      const rebind = (): void => this.callbacks.onRebind(r.dim, p.value);
      c.addEventListener('click', rebind);
      c.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); rebind(); } });
      svg.append(c);
    }
    const legend = el('div', 'sweep-legend', `● planned (click to rebind) · – – interpolated from the peak step's polynomial (nothing drawn where there is none) · ┆ knee · ${r.view === 'parallel' ? 'parallel worst case' : 'modeled peak'} of the main graph`);
    this.chart.append(legend);
    this.addNotes(r, logY);
  }

  private addNotes(r: SweepResult, logY: boolean): void {
    const note = (text: string, cls = ''): void => { this.notes.append(el('li', cls, text)); };
    for (const k of r.knees) note(kneeText(r.dim, k), 'sweep-note-knee');
    for (const s of r.segments) {
      const range = s.fromValue === s.toValue ? `${r.dim}=${s.fromValue}` : `${r.dim} ${s.fromValue}..${s.toValue}`;
      const checked = s.fromValue === s.toValue ? 'equal to the plan at this point' : 'equal to the plan at the points; dashed between them: interpolated';
      note(s.polynomial !== null ? `${range}, step ${s.peakStep}: peak = ${s.polynomial} bytes (${checked})` : `${range}, step ${s.peakStep}: no polynomial (${s.reason ?? 'no reason given'})`, 'sweep-note-segment');
    }
    for (const p of r.points) {
      if (p.peakBytes === null) note(`${r.dim}=${p.value}: unavailable (${p.peakReason ?? 'no reason given'})`, 'sweep-note-unavailable');
      else if (logY && p.peakBytes === 0) note(`${r.dim}=${p.value}: 0 B, not drawn on a log axis`);
    }
    const init = r.points[0]?.initializerBytes;
    note(`initializers: ${init === null || init === undefined ? 'unavailable' : formatBytesExact(init)} (not in the peak; the same at every value)`);
  }
}

function kneeText(dim: string, k: SweepResult['knees'][number]): string {
  const where = k.exact ? `${dim}=${k.exact[0]} → ${k.exact[1]}` : `between ${dim}=${k.fromValue} and ${k.toValue}`;
  const what: string[] = [];
  if (k.peakStepChanged) what.push(`peak step ${k.fromPeakStep ?? '-'} → ${k.toPeakStep ?? '-'}`);
  if (k.topContributorChanged) what.push(`top contributor ${k.fromTopContributor ?? '-'} → ${k.toTopContributor ?? '-'}`);
  return `knee at ${where}: ${what.join('; ')}`;
}
