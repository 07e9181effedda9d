/**
 * The side panel: peak card, step details, initialization figures, observed-profile notes and the
 * "Uncovered & unavailable" lists. Model text goes in with textContent only.
 */
import type { ObservedProfile } from '../../src/report/protocol';
import type { ReportSession } from '../../src/report/report';
import { clear, custom, el } from '../dom';
import { formatBytesExact, formatMaybeBytes, formatShape } from '../format';
import { stepAt, valueAt, valueName, type GraphTable, type ReportTables } from '../graphTable';
import { liveContributors, peakMomentBuffers } from '../timeline/liveBuffers';
import { peakSummary } from './peakSummary';

const TOP_CONTRIBUTORS = 8;

/** What the panel can ask the app to do. */
export interface SidePanelCallbacks {
  onSelectValue(name: string): void;
  onOpenGraph(graphId: string): void;
  onStep(step: number): void;
}

/** The side panel component. */
export class SidePanel {
  readonly element = el('aside', 'side-panel');
  private readonly peakSection = section('Peak', 'peak-card');
  private readonly stepSection = section('Step', 'step-details');
  private readonly initSection = section('Initialization', 'init-figures');
  private readonly observedSection = section('Observed profile', 'observed-notes');
  private readonly gapsSection = section('Uncovered & unavailable', 'gaps');

  constructor(private readonly callbacks: SidePanelCallbacks) {
    this.element.setAttribute('aria-label', 'Details');
    this.element.append(this.peakSection.root, this.stepSection.root, this.gapsSection.root, this.initSection.root, this.observedSection.root);
    this.stepSection.root.hidden = true;
  }

  /** Renders the graph-level sections. */
  showGraph(report: ReportTables, graph: GraphTable, observed: ObservedProfile | null): void {
    this.renderPeak(report, graph);
    this.renderGaps(report, graph);
    this.renderInit(graph);
    this.renderObserved(graph, observed);
    this.stepSection.root.hidden = true;
  }

  /** Scrolls the panel back to its top (a new graph, a step's details). */
  scrollToTop(): void {
    this.element.scrollTop = 0;
  }

  /** Shows a step's inputs, outputs and subgraphs (double-click or Enter). */
  showStep(graph: GraphTable, index: number): void {
    const s = isStep(graph, index) ? stepAt(graph, index) : undefined;
    const body = this.stepSection.body;
    clear(body);
    this.stepSection.root.hidden = !s;
    if (!s) return;
    // The details go first and the panel scrolls to them: below the peak card they were out of sight.
    this.element.prepend(this.stepSection.root);
    this.scrollToTop();
    this.stepSection.title.textContent = `Step ${s.index}`;
    body.append(el('div', 'step-name', `${s.displayName} (${s.domain ? `${s.domain}.` : ''}${s.opType})${s.inserted ? ' · inserted by ORT' : ''}`));
    // The values the step names (the last value of a name wins, as a Map of all names did).
    const wanted = new Set([...s.inputs, ...s.outputs]);
    const found = new Map<string, number>();
    for (let i = 0; i < graph.valueCount; i++) {
      const name = valueName(graph, i);
      if (wanted.has(name)) found.set(name, i);
    }
    const byName = new Map([...found].map(([name, i]) => [name, valueAt(graph, i)] as const));
    const list = (label: string, names: string[]): void => {
      body.append(el('div', 'sub-title', label));
      const ul = el('ul', 'value-list');
      for (const name of names) {
        if (!name) continue;
        const v = byName.get(name);
        const li = el('li');
        const link = el('button', 'link', name);
        link.addEventListener('click', () => this.callbacks.onSelectValue(name));
        li.append(link, el('span', 'muted', v ? ` ${formatShape(v.shape)} · ${formatMaybeBytes(v.bytes, v.unavailableReason)}` : ' (not in this graph)'));
        ul.append(li);
      }
      if (ul.childElementCount === 0) ul.append(el('li', 'muted', 'none'));
      body.append(ul);
    };
    list('Inputs', s.inputs);
    list('Outputs', s.outputs);
    body.append(el('div', 'sub-title', 'Memory'));
    body.append(el('div', undefined, `Live after compute: ${formatMaybeBytes(s.liveBytes, s.liveReason)}`));
    body.append(el('div', undefined, `Workspace: ${formatMaybeBytes(s.workspaceBytes, s.workspaceReason)}`));
    if (s.subgraphs.length > 0) {
      body.append(el('div', 'sub-title', 'Subgraphs (local reports, not added to this peak)'));
      for (const id of s.subgraphs) {
        const b = custom('vscode-button', { secondary: '', class: 'subgraph-link' }, `Open ${id}`);
        b.addEventListener('click', () => this.callbacks.onOpenGraph(id));
        body.append(b);
      }
    }
  }

  private renderPeak(report: ReportTables, graph: GraphTable): void {
    const body = this.peakSection.body;
    clear(body);
    const peak = graph.peak;
    this.peakSection.title.textContent = peak.label || 'Peak';
    const shown = peakSummary(graph);
    if (shown.isLowerBound && shown.step !== null && shown.bytes !== null) {
      // Some steps are unavailable: the known ones only bound the peak from below.
      const k = shown.unavailableSteps;
      body.append(el('div', 'big peak-lower-bound', `≥ ${formatBytesExact(shown.bytes)}`));
      body.append(el('div', 'muted', `${k} step${k === 1 ? '' : 's'} unavailable (hatched on the curve), so the peak is at least the largest known step${peak.reason ? `; ${peak.reason}` : ''}`));
      const s = shown.step;
      const at = el('button', 'link', `largest known at step ${s} · ${graph.strings.at(graph.steps.displayName[s]!)} (${graph.strings.at(graph.steps.opType[s]!)})`);
      at.addEventListener('click', () => this.callbacks.onStep(s));
      body.append(at);
    } else if (peak.bytes === null || peak.step === null) {
      body.append(el('div', 'big', 'unavailable'), el('div', 'muted', peak.reason ?? 'no reason given'));
    } else {
      // Read from the columns: the first paint should not wait for the list offsets stepAt() builds.
      const s = isStep(graph, peak.step) ? peak.step : -1;
      body.append(el('div', 'big', formatBytesExact(peak.bytes)));
      const at = el('button', 'link', `at step ${peak.step}${s >= 0 ? ` · ${graph.strings.at(graph.steps.displayName[s]!)} (${graph.strings.at(graph.steps.opType[s]!)})` : ''}`);
      at.addEventListener('click', () => this.callbacks.onStep(peak.step ?? 0));
      body.append(at);
    }
    // The core's figure (maxKnownLiveBytes); reports saved before it existed do not carry it.
    const maxLive = graph.maxLiveBytes;
    const facts = el('dl', 'card-table');
    const fact = (k: string, v: string): void => { facts.append(el('dt', undefined, k), el('dd', undefined, v)); };
    fact('max-live lower bound', maxLive === undefined ? 'unavailable (not in this saved report)' : maxLive === null ? 'unavailable (no step has a known live size)' : formatBytesExact(maxLive));
    fact('best-fit arena', graph.bestFitArenaBytes === null ? 'unavailable (sizes unknown or not computed)' : formatBytesExact(graph.bestFitArenaBytes));
    const arenaNote = arenaBelowPeakNote(graph);
    // The reason says why in full ("Not modeled: … are not covered"); the label is not repeated in it.
    fact('physical peak', formatMaybeBytes(report.physicalPeak.bytes, report.physicalPeak.reason));
    const arena = graph.arena;
    if (arena) {
      // Modeled physical: the simulated arena, never mixed with the observed profile's numbers.
      const atStep = (p: { bytes: number | null; step: number | null }): string =>
        p.bytes === null ? `unavailable (${arena.reason ?? 'not covered'})` : `${formatBytesExact(p.bytes)}${p.step === null ? '' : ` after step ${p.step}`}`;
      fact(`modeled physical in use (run ${arena.run})`, atStep(arena.peakInUse));
      fact(`modeled physical held (run ${arena.run})`, atStep(arena.peakHeld));
      if (arena.usedPattern) fact('memory-pattern block', formatBytesExact(arena.patternBlockBytes));
      const b = arena.breakdown;
      if (b) {
        fact('held = other live tensors', formatBytesExact(b.liveRequestedBytes));
        fact('+ initialization (reserved)', formatBytesExact(b.initializationBytes));
        fact('+ pattern block', formatBytesExact(b.patternBlockBytes));
        if (b.outputCopyBytes) fact('+ initializer outputs copied for the caller', formatBytesExact(b.outputCopyBytes));
        fact('+ rounding and dead bytes', formatBytesExact(b.roundingAndDeadBytes));
        fact('+ free in held regions', formatBytesExact(b.freeInRegionsBytes));
      }
    }
    // Reports saved by older versions have no session facts.
    if (report.session) fact('session (workspace formulas)', sessionText(report.session));
    body.append(facts);
    if (arenaNote) body.append(el('div', 'muted arena-note', arenaNote));
    const moment = peakMomentBuffers(graph);
    if (moment !== null && peak.bytes !== null) {
      // Parallel view: the worst moment is a set of buffers alive at once while several steps run;
      // listed in full, so the sum is the peak (bright on the Gantt while the cursor is at the peak step).
      const running = peak.running ?? [];
      if (peak.exact === false) body.append(el('div', 'muted peak-inexact', `Not proven the maximum: the search stopped at its budget; the worst case is at most ${formatBytesExact(peak.upperBoundBytes ?? peak.bytes)}.`));
      body.append(el('div', 'sub-title', `${moment.length} buffer${moment.length === 1 ? '' : 's'} alive together at the worst moment (sum ${formatBytesExact(peak.bytes)})`));
      if (running.length > 0) body.append(el('div', 'muted peak-running', `running at once: step${running.length === 1 ? '' : 's'} ${running.join(', ')}`));
      const ul = el('ol', 'value-list contributors peak-moment');
      for (const b of moment) {
        const li = el('li');
        const link = el('button', 'link', b.root);
        link.addEventListener('click', () => this.callbacks.onSelectValue(b.root));
        const shared = b.values.length > 1 ? ` (shared by ${b.values.length} values)` : '';
        li.append(link, el('span', 'muted', `${shared} ${formatMaybeBytes(b.bytes, b.reason)}`));
        ul.append(li);
      }
      body.append(ul);
    } else if (peak.step !== null) {
      body.append(el('div', 'sub-title', 'Top contributors live at the peak'));
      const ul = el('ol', 'value-list contributors');
      for (const b of liveContributors(graph, peak.step).slice(0, TOP_CONTRIBUTORS)) {
        const li = el('li');
        const shown = b.values[b.values.length - 1] ?? b.root;
        const link = el('button', 'link', shown);
        link.addEventListener('click', () => this.callbacks.onSelectValue(shown));
        const via = shown === b.root ? '' : ` (buffer of ${b.root})`;
        li.append(link, el('span', 'muted', `${via} ${formatMaybeBytes(b.bytes, b.reason)}`));
        ul.append(li);
      }
      body.append(ul);
      if (isStep(graph, peak.step)) {
        const bytes = graph.steps.workspaceBytes[peak.step]!;
        const reason = graph.steps.workspaceReason[peak.step]!;
        body.append(el('div', 'muted', `Workspace of the peak step (not in live bytes): ${formatMaybeBytes(Number.isNaN(bytes) ? null : bytes, reason < 0 ? null : graph.strings.at(reason)!)}`));
      }
    }
  }

  private renderGaps(report: ReportTables, graph: GraphTable): void {
    const body = this.gapsSection.body;
    clear(body);
    body.append(el('div', 'sub-title', `Uncovered terms (${graph.uncovered.length})`));
    const ul = el('ul', 'gap-list');
    for (const u of graph.uncovered) {
      const li = el('li');
      li.append(el('strong', undefined, u.term), el('span', undefined, ` — ${u.reason}`));
      ul.append(li);
    }
    if (graph.uncovered.length === 0) ul.append(el('li', 'muted', 'none listed'));
    body.append(ul);
    body.append(el('div', 'sub-title', `Unavailable sizes (${graph.unavailable.length} ${graph.unavailable.length === 1 ? 'reason' : 'reasons'})`));
    const ul2 = el('ul', 'gap-list');
    for (const g of graph.unavailable) {
      const li = el('li');
      li.append(el('strong', undefined, g.reason));
      const names = g.values.slice(0, 10).join(', ') + (g.values.length > 10 ? ` +${g.values.length - 10} more` : '');
      if (g.values.length > 0) li.append(el('div', 'muted', `values: ${names}`));
      if (g.steps.length > 0) li.append(el('div', 'muted', `steps: ${g.steps.slice(0, 20).join(', ')}${g.steps.length > 20 ? ' …' : ''}`));
      ul2.append(li);
    }
    if (graph.unavailable.length === 0) ul2.append(el('li', 'muted', 'none'));
    body.append(ul2);
    const unbound = report.symbols.filter((s) => !(s in report.bindings));
    if (unbound.length > 0) body.append(el('div', 'muted', `Unbound symbols: ${unbound.join(', ')}`));
  }

  private renderInit(graph: GraphTable): void {
    const body = this.initSection.body;
    clear(body);
    const init = graph.initialization;
    this.initSection.root.hidden = init === null;
    if (!init) return;
    const facts = el('dl', 'card-table');
    const fact = (k: string, v: string): void => { facts.append(el('dt', undefined, k), el('dd', undefined, v)); };
    fact('initializers stored', formatMaybeBytes(init.initializerBytesStored, init.reason));
    fact('after prepack', formatMaybeBytes(init.initializerBytesAfterPrepack, init.reason));
    // Reports saved by older versions lack the arena split.
    if (init.arenaBytesAfterPrepack !== undefined) fact("of which in ORT's arena", formatMaybeBytes(init.arenaBytesAfterPrepack, init.reason));
    body.append(facts);
    if (init.prepack.length > 0) {
      body.append(el('div', 'sub-title', `Prepacked weights (${init.prepack.length}; shown apart from Run)`));
      const ul = el('ul', 'value-list');
      for (const p of init.prepack.slice(0, 20)) ul.append(el('li', undefined, `step ${p.step} · ${p.initializer}: ${formatMaybeBytes(p.packedBytes, p.reason)}`));
      body.append(ul);
    }
  }

  private renderObserved(graph: GraphTable, observed: ObservedProfile | null): void {
    const body = this.observedSection.body;
    clear(body);
    const isShown = observed !== null && observed.graphId === graph.id;
    this.observedSection.root.hidden = !isShown;
    if (!observed || !isShown) return;
    body.append(el('div', undefined, `From ${observed.source}. Observed numbers are drawn as dashed lines and never added to the modeled curve.`));
    if (observed.mismatches.length > 0) body.append(el('div', 'muted', `Unmatched nodes: ${observed.mismatches.slice(0, 10).join(', ')}${observed.mismatches.length > 10 ? ' …' : ''}`));
  }
}

/** True when `index` is a step of the graph (as graph.steps[index] being defined was). */
function isStep(graph: GraphTable, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < graph.stepCount;
}

function section(title: string, className: string): { root: HTMLElement; title: HTMLElement; body: HTMLElement } {
  const root = el('section', `panel-section ${className}`);
  const h = el('h2', undefined, title);
  const body = el('div', 'section-body');
  root.append(h, body);
  return { root, title: h, body };
}

/** The session facts in one line, e.g. "2 intra-op threads · L2 1 MiB · max total sequence length not declared". */
export function sessionText(s: ReportSession): string {
  const kv = s.maxTotalSequenceLength === null ? 'max total sequence length not declared' : `max total sequence length ${s.maxTotalSequenceLength}`;
  return `${s.intraOpThreads} intra-op thread${s.intraOpThreads === 1 ? '' : 's'} · L2 ${formatBytesExact(s.l2CacheBytes)} · ${kv}`;
}

/**
 * Why the best-fit arena is below the peak, when it is: the two count different buffers. The arena
 * places what ORT's memory pattern traces (Allocate roots, 256 B aligned); the peak also counts the
 * graph outputs live then, which ORT allocates outside the pattern.
 */
export function arenaBelowPeakNote(graph: GraphTable): string | null {
  const { bytes, step } = graph.peak;
  const arena = graph.bestFitArenaBytes;
  if (bytes === null || step === null || arena === null || arena >= bytes) return null;
  const outputs = liveContributors(graph, step).filter((b) => b.isGraphOutput);
  const outBytes = outputs.reduce((sum, b) => sum + (b.bytes ?? 0), 0);
  const n = outputs.length;
  return `The best-fit arena is ${formatBytesExact(bytes - arena)} below the peak: it places only the buffers ORT's memory pattern traces (Allocate roots, 256 B aligned), while the peak also counts the graph outputs live at step ${step} (${formatBytesExact(outBytes)} in ${n} buffer${n === 1 ? '' : 's'}), which ORT allocates outside the pattern.`;
}
