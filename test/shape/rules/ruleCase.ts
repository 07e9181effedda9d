/**
 * Table-driven single-node cases for the shape rules: one node fed by graph inputs (declared
 * shapes, dim_params allowed) and initializers (constant contents), checked in both channels.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DimSpec } from '../../support/onnxBuilder';
import { attr, buildModel, DataType, node, tensor, tensorValue } from '../../support/onnxBuilder';
import { loadOrt } from '../../support/ortOracle';
import { evaluateDim } from '../../../src/shape/symbolicDim';
import { inferModel, runtimeShape, valueOf } from '../inferHelper';

type Obj = Record<string, unknown>;

/** Expected output: dtype, static shape, runtime shape (expressions as text), optional contents. */
export interface Want {
  dtype?: number | null;
  static?: (number | string | null)[] | null;
  runtime?: (number | string | null)[] | null;
  value?: number[] | null;
  kind?: string;
}

export interface RuleCase {
  name: string;
  op: string;
  domain?: string;
  opset?: number;
  opsets?: Record<string, number>;
  /** Graph inputs: name → [dtype, shape]; '' entries become omitted node inputs. */
  inputs: ([string, number, DimSpec[] | null] | '')[];
  /** Initializers (constant contents) appended as node inputs after `inputs`, or placed by `order`. */
  inits?: Obj[];
  /** Explicit node input order (names); default inputs then inits. */
  order?: string[];
  attrs?: Obj[];
  outputs?: number;
  bindings?: Record<string, number>;
  /** Only for the onnxruntime-node check: symbol values and constant feed values per input. */
  ort?: { bindings?: Record<string, number>; fill?: Record<string, number> };
  want: Want[];
}

/** Runs one case and asserts every expectation given. */
export function checkCase(c: RuleCase): void {
  const graphInputs = c.inputs.filter((i): i is [string, number, DimSpec[] | null] => i !== '');
  const inits = c.inits ?? [];
  const nodeInputs = c.order ?? [...c.inputs.map((i) => (i === '' ? '' : i[0])), ...inits.map((t) => t.name as string)];
  const outs = Array.from({ length: c.outputs ?? c.want.length }, (_, i) => `out${i}`);
  const { result } = inferModel(
    {
      opset: c.opset ?? 17,
      opsets: c.opsets,
      inputs: graphInputs.map(([n, dt, s]) => tensorValue(n, dt, s)),
      outputs: [],
      initializers: inits,
      nodes: [node(c.op, nodeInputs, outs, { domain: c.domain, attrs: c.attrs ?? [] })],
    },
    c.bindings ?? {},
  );
  c.want.forEach((w, i) => {
    const v = valueOf(result, `out${i}`);
    const where = `${c.name}: output ${i}`;
    if (w.dtype !== undefined) assert.equal(v.dtype, w.dtype, `${where} dtype`);
    if (w.static !== undefined) assert.deepEqual(v.staticShape, w.static, `${where} static shape`);
    if (w.runtime !== undefined) assert.deepEqual(runtimeShape(v), w.runtime, `${where} runtime shape`);
    if (w.value !== undefined) assert.deepEqual(v.value, w.value, `${where} value`);
    if (w.kind !== undefined) assert.equal(v.kind, w.kind, `${where} kind`);
  });
}

export { attr, DataType, tensor };

/** An int64 initializer with contents. */
export function ints(name: string, values: number[], dims: number[] = [values.length]): Obj {
  return tensor(name, DataType.INT64, dims, { values });
}

/** A float initializer with contents. */
export function floats(name: string, values: number[], dims: number[] = [values.length]): Obj {
  return tensor(name, DataType.FLOAT, dims, { values });
}

const ORT_TYPES: Record<number, string> = { 1: 'float32', 2: 'uint8', 3: 'int8', 6: 'int32', 7: 'int64', 9: 'bool', 10: 'float16', 11: 'float64' };
/** Symbol values used when a case does not bind its dims (the same for ORT feeds and inference). */
const DEFAULT_SYMBOL_VALUE = 3;

/** Outcome of running a case through onnxruntime-node. */
export type OrtCheck = { checked: number } | { skipped: string };

/**
 * Runs the case's single-node model in onnxruntime-node (zero-filled feeds, symbols bound to the
 * case bindings or 3) and asserts that every output shape ORT produces equals the runtime
 * channel under the same bindings. Skips (returns why) when ORT is absent or rejects the model.
 */
export async function checkCaseWithOrt(c: RuleCase): Promise<OrtCheck> {
  const ort = loadOrt() as unknown as OrtApi | null;
  if (!ort) return { skipped: 'onnxruntime-node is not installed' };
  const graphInputs = c.inputs.filter((i): i is [string, number, DimSpec[] | null] => i !== '');
  const bindings: Record<string, number> = { ...(c.bindings ?? {}), ...(c.ort?.bindings ?? {}) };
  for (const [, , shape] of graphInputs) for (const d of shape ?? []) if (typeof d === 'string') bindings[d] ??= DEFAULT_SYMBOL_VALUE;
  const inits = c.inits ?? [];
  const nodeInputs = c.order ?? [...c.inputs.map((i) => (i === '' ? '' : i[0])), ...inits.map((t) => t.name as string)];
  const outs = Array.from({ length: c.outputs ?? c.want.length }, (_, i) => `out${i}`);
  const spec = {
    opset: c.opset ?? 17,
    opsets: c.opsets,
    inputs: graphInputs.map(([n, dt, s]) => tensorValue(n, dt, s)),
    outputs: outs.map((o) => ({ name: o })),
    initializers: inits,
    nodes: [node(c.op, nodeInputs, outs, { domain: c.domain, attrs: c.attrs ?? [] })],
  };
  const feeds: Record<string, unknown> = {};
  for (const [name, dt, shape] of graphInputs) {
    const type = ORT_TYPES[dt];
    if (!type || !shape || shape.some((d) => d === null)) return { skipped: `input '${name}' cannot be fed` };
    const dims = shape.map((d) => (typeof d === 'string' ? bindings[d] : (d as number)));
    const count = dims.reduce((a, b) => a * b, 1);
    const fill = c.ort?.fill?.[name] ?? 0;
    const data =
      type === 'int64' ? new BigInt64Array(count).fill(BigInt(fill))
      : type === 'bool' ? new Uint8Array(count).fill(fill)
      : type === 'float16' ? new Uint16Array(count)
      : type === 'float64' ? new Float64Array(count).fill(fill)
      : type === 'int32' ? new Int32Array(count).fill(fill)
      : type === 'uint8' ? new Uint8Array(count).fill(fill)
      : type === 'int8' ? new Int8Array(count).fill(fill)
      : new Float32Array(count).fill(fill);
    feeds[name] = new ort.Tensor(type, data, dims);
  }
  let results: Record<string, { dims: number[] }>;
  try {
    const session = await ort.InferenceSession.create(buildModel(spec as never), { graphOptimizationLevel: 'disabled', logSeverityLevel: 4 });
    results = (await session.run(feeds)) as Record<string, { dims: number[] }>;
    await session.release();
  } catch (err) {
    return { skipped: `ORT rejected the model: ${String((err as Error).message).split('\n')[0].slice(0, 120)}` };
  }
  const { result } = inferModel({ ...spec, outputs: [] }, bindings);
  let checked = 0;
  for (const o of outs) {
    const actual = results[o]?.dims;
    const mine = valueOf(result, o).shape?.map((d) => evaluateDim(d, bindings)) ?? null;
    if (!actual || !mine || mine.some((d) => typeof d !== 'number')) continue;
    assert.deepEqual(mine, [...actual], `${c.name}: ${o} runtime shape vs onnxruntime-node`);
    checked++;
  }
  return { checked };
}

interface OrtApi {
  InferenceSession: { create(bytes: Uint8Array, opts: unknown): Promise<{ run(f: Record<string, unknown>): Promise<unknown>; release(): Promise<void> }> };
  Tensor: new (type: string, data: unknown, dims: number[]) => unknown;
}

/**
 * Registers one test that runs every case of a table through onnxruntime-node; it requires at
 * least `minChecked` cases to be comparable so a silently skipping table fails.
 */
export function ortAgreementTest(family: string, cases: RuleCase[], minChecked: number): void {
  const skip = loadOrt() === null ? 'onnxruntime-node is not installed' : false;
  test(`${family} rules give the output shapes onnxruntime-node produces`, { skip }, async () => {
    let checked = 0;
    const skipped: string[] = [];
    for (const c of cases) {
      const r = await checkCaseWithOrt(c);
      if ('checked' in r && r.checked > 0) checked++;
      else skipped.push(`${c.name}: ${'skipped' in r ? r.skipped : 'no comparable output'}`);
    }
    assert.ok(checked >= minChecked, `only ${checked} cases compared; skipped: ${skipped.join('; ')}`);
  });
}
