/**
 * Builds ONNX ModelProto bytes in code, with protobufjs and the project's own schema, so tests
 * need no binary fixtures. Objects use the protobufjs camelCase field names of onnxSchema.ts.
 */
import { onnxType, AttributeType } from '../../src/onnx/onnxSchema';
import { DataType } from '../../src/onnx/dataType';

export { DataType };

export type Obj = Record<string, unknown>;
export type DimSpec = number | string | null;

/** A ValueInfoProto of a tensor. `shape: null` leaves the shape out (unknown rank). */
export function tensorValue(name: string, elemType: number, shape: DimSpec[] | null): Obj {
  const tensorType: Obj = { elemType };
  if (shape) tensorType.shape = { dim: shape.map((d) => (typeof d === 'number' ? { dimValue: d } : typeof d === 'string' ? { dimParam: d } : {})) };
  return { name, type: { tensorType } };
}

/** A ValueInfoProto with an arbitrary TypeProto object. */
export function typedValue(name: string, type: Obj): Obj {
  return { name, type };
}

export interface TensorOptions {
  /** Numeric values stored in the typed field that fits the data type (float_data, int64_data, ...). */
  values?: number[];
  /** Raw little-endian payload bytes (raw_data). */
  raw?: Uint8Array;
  /** External data: location, offset and length keys. */
  external?: { location: string; offset?: number; length?: number };
}

/** A TensorProto. Without `values`, `raw` or `external`, writes zero-filled raw_data of the logical size. */
export function tensor(name: string, dataType: number, dims: number[], opts: TensorOptions = {}): Obj {
  const t: Obj = { name, dataType, dims };
  if (opts.external) {
    const e = opts.external;
    t.dataLocation = 1;
    t.externalData = [{ key: 'location', value: e.location }];
    if (e.offset !== undefined) (t.externalData as Obj[]).push({ key: 'offset', value: String(e.offset) });
    if (e.length !== undefined) (t.externalData as Obj[]).push({ key: 'length', value: String(e.length) });
  } else if (opts.raw) {
    t.rawData = opts.raw;
  } else if (opts.values) {
    const v = opts.values;
    switch (dataType) {
      case DataType.FLOAT:
        t.floatData = v;
        break;
      case DataType.DOUBLE:
        t.doubleData = v;
        break;
      case DataType.INT64:
        t.int64Data = v;
        break;
      case DataType.UINT64:
      case DataType.UINT32:
        t.uint64Data = v;
        break;
      default:
        t.int32Data = v;
    }
  } else {
    const count = dims.reduce((a, b) => a * b, 1);
    const bits: Record<number, number> = { 1: 32, 2: 8, 3: 8, 4: 16, 5: 16, 6: 32, 7: 64, 9: 8, 10: 16, 11: 64, 12: 32, 13: 64, 16: 16 };
    t.rawData = new Uint8Array(Math.ceil((count * (bits[dataType] ?? 8)) / 8));
  }
  return t;
}

/** An int64 tensor holding `values` (shape [values.length] unless dims given). */
export function int64Tensor(name: string, values: number[], dims: number[] = [values.length]): Obj {
  return tensor(name, DataType.INT64, dims, { values });
}

export const attr = {
  int: (name: string, i: number): Obj => ({ name, type: AttributeType.INT, i }),
  float: (name: string, f: number): Obj => ({ name, type: AttributeType.FLOAT, f }),
  string: (name: string, s: string): Obj => ({ name, type: AttributeType.STRING, s: new TextEncoder().encode(s) }),
  ints: (name: string, ints: number[]): Obj => ({ name, type: AttributeType.INTS, ints }),
  floats: (name: string, floats: number[]): Obj => ({ name, type: AttributeType.FLOATS, floats }),
  strings: (name: string, strings: string[]): Obj => ({ name, type: AttributeType.STRINGS, strings: strings.map((s) => new TextEncoder().encode(s)) }),
  tensor: (name: string, t: Obj): Obj => ({ name, type: AttributeType.TENSOR, t }),
  graph: (name: string, g: Obj): Obj => ({ name, type: AttributeType.GRAPH, g }),
  graphs: (name: string, graphs: Obj[]): Obj => ({ name, type: AttributeType.GRAPHS, graphs }),
};

export interface NodeOptions {
  name?: string;
  domain?: string;
  attrs?: Obj[];
}

/** A NodeProto. */
export function node(opType: string, inputs: string[], outputs: string[], opts: NodeOptions = {}): Obj {
  const n: Obj = { opType, input: inputs, output: outputs, attribute: opts.attrs ?? [] };
  if (opts.name !== undefined) n.name = opts.name;
  if (opts.domain !== undefined) n.domain = opts.domain;
  return n;
}

/** A Constant node producing `t` under the name `output`. */
export function constantNode(output: string, t: Obj, name?: string): Obj {
  return node('Constant', [], [output], { name, attrs: [attr.tensor('value', { ...t, name: output })] });
}

export interface GraphSpec {
  name?: string;
  nodes: Obj[];
  inputs: Obj[];
  outputs: Obj[];
  initializers?: Obj[];
  sparseInitializers?: Obj[];
  valueInfo?: Obj[];
}

/** A GraphProto object. */
export function graph(spec: GraphSpec): Obj {
  return {
    name: spec.name ?? 'g',
    node: spec.nodes,
    input: spec.inputs,
    output: spec.outputs,
    initializer: spec.initializers ?? [],
    sparseInitializer: spec.sparseInitializers ?? [],
    valueInfo: spec.valueInfo ?? [],
  };
}

export interface ModelSpec extends GraphSpec {
  /** Default-domain opset (default 17). */
  opset?: number;
  /** Extra opset imports, e.g. { 'com.microsoft': 1 }. */
  opsets?: Record<string, number>;
  irVersion?: number;
  functions?: Obj[];
  producerName?: string;
}

/** A ModelProto object. */
export function model(spec: ModelSpec): Obj {
  const opsetImport = [{ domain: '', version: spec.opset ?? 17 }];
  for (const [domain, version] of Object.entries(spec.opsets ?? {})) opsetImport.push({ domain, version });
  return {
    irVersion: spec.irVersion ?? 8,
    producerName: spec.producerName ?? 'onnx-memory-lens-test',
    opsetImport,
    graph: graph(spec),
    functions: spec.functions ?? [],
  };
}

/** Encodes a ModelProto object to bytes. */
export function encodeModel(m: Obj): Uint8Array {
  const T = onnxType('ModelProto');
  const err = T.verify(m);
  if (err) throw new Error(`onnxBuilder: invalid ModelProto: ${err}`);
  return T.encode(T.fromObject(m)).finish();
}

/** Shorthand: encode a model built from a spec. */
export function buildModel(spec: ModelSpec): Uint8Array {
  return encodeModel(model(spec));
}
