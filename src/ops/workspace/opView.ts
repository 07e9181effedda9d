/**
 * A read-only view of one node for the per-op formulas: attributes with ONNX defaults, input and
 * output dims, element sizes. A size the formula needs but the view cannot know throws
 * `SizeUnknown`, which the estimators turn into an 'unavailable' result with its reason.
 */
import { dataTypeBits } from '../../onnx/dataType';
import { PlanError } from '../../onnx/lensError';
import { findAttribute } from '../../onnx/model';
import type { TensorDesc, WorkspaceEnv, WorkspaceEstimate, WorkspaceIo, WorkspaceNode } from './types';
import { normalizeDomain } from '../../onnx/domain';

/** Raised inside a formula when a needed size is unknown; never escapes the estimators. */
export class SizeUnknown extends PlanError {
  constructor(message: string) {
    super('bad-argument', message);
  }
}

/** `domain::op` for contrib domains, plain `op` for the ONNX domain. */
export function opLabel(node: Pick<WorkspaceNode, 'opType' | 'domain'>): string {
  const d = normalizeDomain(node.domain);
  return d === '' ? node.opType : `${d}::${node.opType}`;
}

/** The product of dims (1 for a scalar). */
export function numel(dims: number[]): number {
  return dims.reduce((a, b) => a * b, 1);
}

/** Element count of the numpy broadcast of two shapes. */
export function broadcastCount(a: number[], b: number[]): number {
  const rank = Math.max(a.length, b.length);
  let count = 1;
  for (let i = 1; i <= rank; i++) count *= Math.max(a[a.length - i] ?? 1, b[b.length - i] ?? 1);
  return count;
}

/** Rounds `n` up to a multiple of `m`. */
export function roundUp(n: number, m: number): number {
  return Math.ceil(n / m) * m;
}

/** Per-node accessors used by the workspace and prepack tables. */
export class OpView {
  readonly label: string;

  constructor(
    readonly node: WorkspaceNode,
    readonly io: WorkspaceIo,
    readonly env: WorkspaceEnv,
  ) {
    this.label = opLabel(node);
  }

  /** True when optional input `i` is given (name present and not ''). */
  has(i: number): boolean {
    return i < this.node.inputs.length && this.node.inputs[i] !== '';
  }

  /** True when output `i` is produced (name present and not ''). */
  hasOutput(i: number): boolean {
    return i < this.node.outputs.length && this.node.outputs[i] !== '';
  }

  /** Name of input `i` ('' when omitted). */
  inputName(i: number): string {
    return this.node.inputs[i] ?? '';
  }

  /** Descriptor of input `i`; throws SizeUnknown when it is absent or unknown. */
  input(i: number): TensorDesc {
    const d = this.io.inputs[i];
    if (!this.has(i) || !d) throw new SizeUnknown(`${this.label} input ${i} ('${this.inputName(i)}') has an unknown type or shape`);
    return d;
  }

  /** Known dims of input `i`; throws SizeUnknown if any dim is unknown. */
  dims(i: number): number[] {
    return this.known(this.input(i), `input '${this.inputName(i)}'`);
  }

  /** Known dims of input `i` whose rank must be one of `ranks`; throws SizeUnknown otherwise. */
  dimsOfRank(i: number, ranks: number[]): number[] {
    const d = this.dims(i);
    if (!ranks.includes(d.length)) {
      throw new SizeUnknown(`${this.label} input '${this.inputName(i)}' has rank ${d.length}, outside the modelled ranks ${ranks.join('/')}`);
    }
    return d;
  }

  /** Known dims of output `i`; throws SizeUnknown if unknown. */
  outDims(i: number): number[] {
    const d = this.io.outputs[i];
    const name = this.node.outputs[i] ?? '';
    if (!this.hasOutput(i) || !d) throw new SizeUnknown(`${this.label} output ${i} ('${name}') has an unknown type or shape`);
    return this.known(d, `output '${name}'`);
  }

  /** Element bytes of input `i`'s dtype; throws SizeUnknown for sub-byte or unsized types. */
  elemBytes(i: number): number {
    return this.bytesOf(this.input(i).dtype);
  }

  /** Element bytes of a dtype number; throws SizeUnknown for sub-byte or unsized types. */
  bytesOf(dtype: number): number {
    const bits = dataTypeBits(dtype);
    if (bits === null || bits < 8) throw new SizeUnknown(`${this.label} has an element type without a byte size (dtype ${dtype})`);
    return bits / 8;
  }

  /** True when input `i` is present and a constant initializer. */
  isConstant(i: number): boolean {
    return this.has(i) && this.io.isConstant(this.inputName(i));
  }

  /** Values of constant input `i` when the caller can give them, else null. */
  constantValues(i: number): number[] | null {
    if (!this.isConstant(i) || !this.io.constantValues) return null;
    return this.io.constantValues(this.inputName(i));
  }

  /** Contents of input `i` known before the run (a constant, or a value the user fixed), else null. */
  knownValues(i: number): readonly number[] | null {
    return this.constantValues(i) ?? (this.has(i) ? this.io.inputs[i]?.value ?? null : null);
  }

  /** INT attribute or its default. */
  int(name: string, fallback: number): number {
    const a = findAttribute(this.node, name);
    return a?.i !== undefined ? Number(a.i) : fallback;
  }

  /** INTS attribute, or null when absent. */
  ints(name: string): number[] | null {
    const a = findAttribute(this.node, name);
    return a?.ints ? a.ints.map(Number) : null;
  }

  /** STRING attribute or its default. */
  str(name: string, fallback: string): string {
    return findAttribute(this.node, name)?.s ?? fallback;
  }

  /** FLOAT attribute or its default. */
  float(name: string, fallback: number): number {
    return findAttribute(this.node, name)?.f ?? fallback;
  }

  private known(d: TensorDesc, what: string): number[] {
    const unknown = d.dims.findIndex((x) => x === null || !Number.isFinite(x));
    if (unknown >= 0) throw new SizeUnknown(`${this.label} ${what} has an unknown dim ${unknown}`);
    return d.dims as number[];
  }
}

/** A known-zero result. */
export function zero(source: string): WorkspaceEstimate {
  return { state: 'zero', bytes: 0, reason: null, source };
}

/** A formula result; a 0 from a formula is still reported as the formula's value. */
export function formula(bytes: number, source: string, note: string | null = null): WorkspaceEstimate {
  return { state: 'formula', bytes, reason: note, source };
}

/** An unavailable result with its reason. */
export function unavailable(reason: string, source: string): WorkspaceEstimate {
  return { state: 'unavailable', bytes: null, reason, source };
}
