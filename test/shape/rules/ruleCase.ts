/**
 * Table-driven single-node cases for the shape rules: one node fed by graph inputs (declared
 * shapes, dim_params allowed) and initializers (constant contents), checked in both channels.
 */
import assert from 'node:assert/strict';
import type { DimSpec } from '../../support/onnxBuilder';
import { attr, DataType, node, tensor, tensorValue } from '../../support/onnxBuilder';
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
