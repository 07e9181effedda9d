/**
 * The bindings control: one field per free dim, grouped by the graph input it first appears in and
 * labelled `input[axis]` with the dim name; the dims inference derives, shown with their values and
 * never as fields; the relations the graph implies, with a flag and the consistent value where the
 * bindings break one. With many dims the row collapses into a "Bindings…" popover with a filter
 * and "set all unbound to N". Model names are untrusted: text only.
 */
import type { Report, ReportDerivedDim, ReportDimRelation, ReportFreeDim } from '../../src/report/report';
import { clear, custom, el, fieldError } from '../dom';

/** What the bindings control reads of a report. */
export type BindingFacts = Pick<Report, 'symbols' | 'bindings' | 'dims'>;

/** More free dims than this, or more derived ones than MAX_INLINE_DERIVED, and the row collapses into the popover. */
export const MAX_INLINE_FIELDS = 6;
const MAX_INLINE_DERIVED = 3;

/** The largest value a binding accepts: ONNX dims are int64, and ORT's shapes beyond 2^31 are not plannable here. */
const MAX_BINDING = 2 ** 31 - 1;

/** Why `text` is not a binding value, or null when it is one (or empty, which unbinds). */
export function bindingProblem(text: string): string | null {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return `'${t}' is not a whole number ≥ 0`;
  if (Number(t) > MAX_BINDING) return `'${t}' is above ${MAX_BINDING.toLocaleString('en-US')}`;
  return null;
}

interface FieldLike extends HTMLElement {
  value: string;
}

interface Field {
  dim: ReportFreeDim;
  field: FieldLike;
  /** The element the filter hides or shows (label, field and error). */
  row: HTMLElement;
  /** Lower-case text the filter matches: the dim's name and its input[axis] labels. */
  haystack: string;
}

/** `input[axis]` for each use of a free dim. */
export function useLabels(dim: ReportFreeDim): string[] {
  return dim.uses.map((u) => `${u.input}[${u.axis}]`);
}

/** The free dims of a report: its `dims` when present, else every symbol (reports written before `dims`). */
function freeDimsOf(facts: BindingFacts): ReportFreeDim[] {
  return facts.dims ? facts.dims.free : facts.symbols.map((name) => ({ name, source: 'model' as const, uses: [] }));
}

/** Group title of a free dim: the input it first appears in, or what else makes it. */
function groupOf(dim: ReportFreeDim): string {
  if (dim.uses.length > 0) return dim.uses[0]!.input;
  return dim.source === 'dataDependent' ? 'data-dependent sizes' : 'other dims';
}

/** A derived dim as text: `name = expr (= value)` per distinct dim inference gives it. */
export function derivedText(d: ReportDerivedDim): string {
  if (d.expressions.length === 0) return `${d.name}: derived (inference does not know its value)`;
  const parts = d.expressions.map((x, i) => {
    const v = d.values[i];
    return v !== undefined && String(v) !== String(x) ? `${x} (= ${v})` : String(x);
  });
  return d.expressions.length === 1 ? `${d.name} = ${parts[0]}` : `${d.name} = one of ${parts.join(', ')}`;
}

/** A relation as text, with the value the bindings give it. */
export function relationText(r: ReportDimRelation, bindings: Readonly<Record<string, number>>): string {
  const where = `${r.at.value}[${r.at.axis}]`;
  const expr = r.expression.replace(/([+-])/g, ' $1 ');
  if (r.isViolated) return `${r.name} = ${bindings[r.name]} breaks ${r.name} = ${expr} (from ${where}): the consistent value is ${r.consistentValue}`;
  return `${r.name} = ${expr} (from ${where})${r.consistentValue !== null ? ` = ${r.consistentValue}` : ''}`;
}

/** The bindings control; `element` goes in the toolbar. */
export class BindingsView {
  readonly element = el('div', 'bindings');
  private readonly inline = el('div', 'bindings-inline');
  private readonly openButton = custom('vscode-button', { id: 'bindings-open', secondary: '', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' }, 'Bindings…');
  private readonly popover = el('div', 'bindings-popover');
  private readonly list = el('div', 'bindings-list');
  private readonly filter = custom('vscode-textfield', { id: 'bindings-filter', placeholder: 'Filter dims or inputs', 'aria-label': 'Filter the dims by name or input' }) as FieldLike;
  private readonly setAllValue = custom('vscode-textfield', { id: 'bindings-set-all-value', type: 'text', inputmode: 'numeric', 'aria-label': 'Value for every unbound dim', class: 'bind-field' }) as FieldLike;
  private readonly setAllButton = custom('vscode-button', { id: 'bindings-set-all', secondary: '' }, 'Set all unbound');
  private readonly setAllError = el('span', 'bind-error');
  private readonly relations = el('div', 'bindings-relations');
  private readonly derived = el('div', 'bind-derived');
  private fields: Field[] = [];
  private key = '';
  private structure = '';

  constructor(private readonly onBind: (bindings: Record<string, number>) => void) {
    this.popover.id = 'bindings-popover';
    this.popover.setAttribute('role', 'dialog');
    this.popover.setAttribute('aria-label', 'Bindings of the symbolic dims');
    this.popover.hidden = true;
    this.openButton.hidden = true;
    this.openButton.addEventListener('click', () => this.setOpen(this.popover.hidden));
    this.filter.addEventListener('input', () => this.applyFilter());
    this.setAllError.id = 'bindings-set-all-error';
    this.setAllError.setAttribute('role', 'alert');
    this.setAllError.hidden = true;
    this.setAllButton.addEventListener('click', () => this.setAllUnbound());
    this.setAllValue.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); this.setAllUnbound(); } });
    const setAll = el('div', 'bindings-set-all');
    setAll.append(el('span', 'bind-label', 'Set all unbound to'), this.setAllValue, this.setAllButton, this.setAllError);
    const close = custom('vscode-button', { id: 'bindings-close', secondary: '' }, 'Close');
    close.addEventListener('click', () => this.setOpen(false));
    const head = el('div', 'bindings-popover-head');
    head.append(this.filter, close);
    this.popover.append(head, setAll, this.list);
    this.popover.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); this.setOpen(false); }
    });
    this.relations.setAttribute('aria-live', 'polite');
    this.element.append(this.inline, this.openButton, this.popover, this.relations);
  }

  /** The field elements (the toolbar disables them while there is no report). */
  get controls(): HTMLElement[] {
    return [...this.fields.map((f) => f.field), this.openButton, this.setAllValue, this.setAllButton];
  }

  /**
   * Shows the report's dims. A report with the same free dims (a rebind) keeps the fields, so focus
   * and the popover's filter stay where the user is; only values, derived dims and relations change.
   */
  update(facts: BindingFacts): void {
    const key = JSON.stringify([facts.symbols, facts.bindings, facts.dims ?? null]);
    if (key === this.key) return;
    this.key = key;
    const free = freeDimsOf(facts);
    const derived = facts.dims?.derived ?? [];
    const isCollapsed = free.length > MAX_INLINE_FIELDS || derived.length > MAX_INLINE_DERIVED;
    const structure = JSON.stringify([free, derived.map((d) => d.name), isCollapsed]);
    if (structure !== this.structure) {
      this.structure = structure;
      this.rebuild(free, facts.bindings, isCollapsed);
    } else {
      for (const f of this.fields) {
        if (f.field.matches(':focus-within')) continue;
        const bound = facts.bindings[f.dim.name];
        f.field.value = bound === undefined ? '' : String(bound);
      }
    }
    clear(this.derived);
    if (derived.length > 0) {
      this.derived.append(el('span', 'bind-group-title', isCollapsed ? `derived by inference (${derived.length}, not bindable)` : 'derived'));
      for (const d of derived) {
        const chip = el('span', 'derived-dim', derivedText(d));
        chip.title = d.at ? `Inference computes this dim; the model declares it at ${d.at.value}[${d.at.axis}]` : 'Only declared shapes name this dim';
        this.derived.append(chip);
      }
    }
    this.derived.hidden = derived.length === 0;
    this.openButton.hidden = !isCollapsed;
    if (!isCollapsed) this.setOpen(false);
    const boundCount = free.filter((d) => typeof facts.bindings[d.name] === 'number').length;
    this.openButton.textContent = `Bindings… (${boundCount} of ${free.length} bound)`;
    this.renderRelations(facts);
    this.applyFilter();
  }

  private rebuild(free: ReportFreeDim[], bindings: Readonly<Record<string, number>>, isCollapsed: boolean): void {
    clear(this.inline);
    clear(this.list);
    this.fields = [];
    const host = isCollapsed ? this.list : this.inline;
    const groups = new Map<string, HTMLElement>();
    free.forEach((dim, i) => {
      const title = groupOf(dim);
      let group = groups.get(title);
      if (!group) {
        group = el('div', 'bind-group');
        group.setAttribute('role', 'group');
        group.setAttribute('aria-label', title);
        group.append(el('span', 'bind-group-title', title));
        groups.set(title, group);
        host.append(group);
      }
      const field = this.makeField(dim, i, bindings[dim.name]);
      group.append(field.row);
      this.fields.push(field);
    });
    host.append(this.derived);
  }

  private makeField(dim: ReportFreeDim, i: number, bound: number | undefined): Field {
    const id = `bind-${i}`;
    const row = el('span', 'bind-row');
    const labels = useLabels(dim);
    const where = labels[0] ?? (dim.source === 'dataDependent' ? 'data-dependent' : '');
    const label = el('label', 'bind-label');
    label.htmlFor = id;
    if (where !== '') label.append(el('span', 'bind-where', where), ' ');
    label.append(el('span', 'bind-name', dim.name));
    if (labels.length > 1) {
      label.append(el('span', 'bind-also', ` +${labels.length - 1}`));
      label.title = `${dim.name} in ${labels.join(', ')}`;
    }
    // Text, not type=number: a number input reports '' for what it cannot parse, which would unbind silently.
    const field = custom('vscode-textfield', { id, type: 'text', inputmode: 'numeric', class: 'bind-field', 'aria-label': `Value of ${dim.name}${labels.length > 0 ? ` (${labels.join(', ')})` : ''}` }) as FieldLike;
    field.dataset.symbol = dim.name;
    field.value = bound === undefined ? '' : String(bound);
    const error = fieldError(field, `${id}-error`);
    field.addEventListener('change', () => {
      // An invalid value is refused where it was typed; the binding keeps its last valid value.
      if (error.show(bindingProblem(field.value))) this.commit();
    });
    row.append(label, field, error.element);
    return { dim, field, row, haystack: [dim.name, ...labels].join(' ').toLowerCase() };
  }

  private renderRelations(facts: BindingFacts): void {
    clear(this.relations);
    for (const r of facts.dims?.relations ?? []) {
      const line = el('div', r.isViolated ? 'relation relation-violated' : 'relation', relationText(r, facts.bindings));
      if (r.isViolated) {
        line.setAttribute('role', 'alert');
        const fix = custom('vscode-button', { class: 'relation-fix', secondary: '' }, `Use ${r.consistentValue}`);
        fix.addEventListener('click', () => {
          const f = this.fields.find((x) => x.dim.name === r.name);
          if (!f || r.consistentValue === null) return;
          f.field.value = String(r.consistentValue);
          this.commit();
        });
        line.append(' ', fix);
      }
      this.relations.append(line);
    }
  }

  private commit(): void {
    if (this.fields.some((f) => bindingProblem(f.field.value) !== null)) return;
    const out: Record<string, number> = {};
    for (const { dim, field } of this.fields) {
      const text = field.value.trim();
      if (text !== '') out[dim.name] = Number(text);
    }
    this.onBind(out);
  }

  private setAllUnbound(): void {
    const problem = this.setAllValue.value.trim() === '' ? 'Enter a value' : bindingProblem(this.setAllValue.value);
    this.setAllError.textContent = problem ?? '';
    this.setAllError.hidden = problem === null;
    if (problem !== null) return;
    const value = String(Number(this.setAllValue.value.trim()));
    for (const f of this.fields) if (f.field.value.trim() === '') f.field.value = value;
    this.commit();
  }

  private applyFilter(): void {
    const q = this.filter.value.trim().toLowerCase();
    for (const f of this.fields) f.row.hidden = q !== '' && !f.haystack.includes(q);
    for (const group of this.list.querySelectorAll<HTMLElement>('.bind-group')) {
      group.hidden = ![...group.querySelectorAll<HTMLElement>('.bind-row')].some((r) => !r.hidden);
    }
  }

  private setOpen(isOpen: boolean): void {
    if (isOpen === !this.popover.hidden) return;
    this.popover.hidden = !isOpen;
    this.openButton.setAttribute('aria-expanded', String(isOpen));
    if (isOpen) this.filter.focus();
    else if (this.popover.contains(document.activeElement)) this.openButton.focus();
  }
}
