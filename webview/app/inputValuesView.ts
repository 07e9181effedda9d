/**
 * The input-values control: one field per small main-graph input (a declared shape of known dims
 * holding at most MAX_OFFERED_ELEMENTS elements, numeric type), where the user fixes its contents
 * as the CLI's `--value NAME=V[,V...]` does. A voice model's If picks its branch from a scalar
 * sample rate, a detector its padding from an image-size input: with the value fixed, inference
 * plans the branch that runs. An empty field leaves the contents unknown. Model names are
 * untrusted: text only.
 */
import type { ReportValue } from '../../src/report/report';
import { FLAG } from '../../src/report/columnarTables';
import { valueAt, type ReportTables } from '../graphTable';
import { clear, custom, el, fieldError } from '../dom';

/** Inputs with more elements than this get no field (the CLI takes up to 1024). */
export const MAX_OFFERED_ELEMENTS = 16;

/** An input the control offers: its name, element type and element count. */
export interface ValueInput {
  name: string;
  dtype: string;
  count: number;
  shape: number[];
}

interface FieldLike extends HTMLElement {
  value: string;
}

/** How an element type reads: integers (bool: 0 or 1), any finite number, or not offered. */
function kindOf(dtype: string): 'bool' | 'int' | 'float' | null {
  if (dtype === 'bool') return 'bool';
  if (/^u?int\d+$/.test(dtype)) return 'int';
  if (/^(b?float\d+|float8\w*|float4\w*)$/.test(dtype)) return 'float';
  return null;
}

/** valueInputsOf per main-graph table: the toolbar updates on every search key and view change, and a 1M-value graph is walked once. */
const offered = new WeakMap<ReportTables['graphs'][number], ValueInput[]>();

/** The small numeric inputs of the main graph whose declared shape is fully known. */
export function valueInputsOf(report: Pick<ReportTables, 'graphs'>): ValueInput[] {
  const main = report.graphs[0];
  if (!main) return [];
  const known = offered.get(main);
  if (known) return known;
  const out: ValueInput[] = [];
  for (let i = 0; i < main.valueCount; i++) {
    const f = main.values.flags[i]!;
    if ((f & FLAG.isGraphInput) === 0 || (f & FLAG.isInitializer) !== 0) continue;
    const v: ReportValue = valueAt(main, i);
    if (v.dtype === null || kindOf(v.dtype) === null || v.symbolicShape === null) continue;
    if (!v.symbolicShape.every((d): d is number => typeof d === 'number')) continue;
    const count = v.symbolicShape.reduce((a, b) => a * b, 1);
    if (count > MAX_OFFERED_ELEMENTS) continue;
    out.push({ name: v.name, dtype: v.dtype, count, shape: v.symbolicShape });
  }
  offered.set(main, out);
  return out;
}

/** The numbers in `text` for `input`, or why they are not its contents; empty text is `null` (unknown). */
export function parseInputValue(text: string, input: Pick<ValueInput, 'dtype' | 'count'>): { values: number[] | null } | { problem: string } {
  const t = text.trim();
  if (t === '') return { values: null };
  const parts = t.split(/[\s,]+/).filter((p) => p !== '');
  const values: number[] = [];
  const kind = kindOf(input.dtype);
  for (const p of parts) {
    const n = Number(p);
    if (!Number.isFinite(n)) return { problem: `'${p}' is not a number` };
    if (kind !== 'float' && !Number.isInteger(n)) return { problem: `${input.dtype} holds integers, not ${p}` };
    if (kind === 'bool' && n !== 0 && n !== 1) return { problem: `a bool is 0 or 1, not ${p}` };
    values.push(n);
  }
  if (values.length !== input.count) return { problem: `${input.count} value${input.count === 1 ? '' : 's'} needed, ${values.length} given` };
  return { values };
}

interface Field {
  input: ValueInput;
  field: FieldLike;
}

/** The input-values control; `element` goes in the toolbar beside the bindings. */
export class InputValuesView {
  readonly element = el('div', 'input-values');
  private fields: Field[] = [];
  private structure = '';

  constructor(private readonly onValues: (values: Record<string, number[]>) => void) {
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', 'Contents of small graph inputs');
    this.element.hidden = true;
  }

  /** The field elements (the toolbar disables them while there is no report). */
  get controls(): HTMLElement[] {
    return this.fields.map((f) => f.field);
  }

  /** Shows a field per offered input, with the values the report was planned with. */
  update(report: Pick<ReportTables, 'graphs' | 'inputValues'>): void {
    const inputs = valueInputsOf(report);
    const structure = JSON.stringify(inputs);
    if (structure !== this.structure) {
      this.structure = structure;
      clear(this.element);
      this.fields = [];
      if (inputs.length > 0) {
        const title = el('span', 'bind-group-title', 'input values');
        title.title = 'Fix the contents of a small input (as --value in the CLI); inference then plans what those contents select';
        this.element.append(title);
      }
      inputs.forEach((input, i) => this.element.append(this.makeField(input, i)));
    }
    const fixed = report.inputValues ?? {};
    for (const f of this.fields) {
      if (f.field.matches(':focus-within') || f.field.hasAttribute('invalid')) continue;
      f.field.value = fixed[f.input.name]?.join(', ') ?? '';
    }
    this.element.hidden = inputs.length === 0;
  }

  private makeField(input: ValueInput, i: number): HTMLElement {
    const id = `input-value-${i}`;
    const row = el('span', 'bind-row');
    const label = el('label', 'bind-label');
    label.htmlFor = id;
    label.append(el('span', 'bind-name', input.name));
    label.title = `${input.name}: ${input.dtype}[${input.shape.join(', ')}]`;
    const placeholder = input.count === 1 ? 'unknown' : `unknown (${input.count} values)`;
    const field = custom('vscode-textfield', { id, type: 'text', class: 'bind-field input-value-field', placeholder, 'aria-label': `Contents of input ${input.name} (${input.dtype}, ${input.count} value${input.count === 1 ? '' : 's'}); empty for unknown` }) as FieldLike;
    field.dataset.input = input.name;
    const error = fieldError(field, `${id}-error`);
    field.addEventListener('change', () => {
      const parsed = parseInputValue(field.value, input);
      if (error.show('problem' in parsed ? parsed.problem : null)) this.commit();
    });
    this.fields.push({ input, field });
    row.append(label, field, error.element);
    return row;
  }

  private commit(): void {
    const out: Record<string, number[]> = {};
    for (const { input, field } of this.fields) {
      const parsed = parseInputValue(field.value, input);
      if ('problem' in parsed) return;
      if (parsed.values !== null) out[input.name] = parsed.values;
    }
    this.onValues(out);
  }
}
