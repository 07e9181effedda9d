/**
 * Test support: decodes ModelProto bytes into the ExecGraph ORT starts from (Constants turned into
 * initializers, indices = NodeProto position among non-Constant nodes) plus a small dtype
 * inference of its own, so the transform tests stay independent of the project's decoder and shape
 * inference (both exist; this loader is a second, minimal reading of the same bytes).
 */
import { readFileSync } from 'node:fs';
import { onnxType } from '../../../../src/onnx/onnxSchema';
import type { Attribute, FunctionInfo, Graph, Node, TensorInfo, TypeInfo, ValueInfo } from '../../../../src/onnx/model';
import type { ExecGraph } from '../../../../src/plan/execGraph';
import type { InferredValue } from '../../../../src/shape/types';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const text = (v: unknown): string => (typeof v === 'string' ? v : v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : '');

function tensorInfo(t: Obj, name?: string): TensorInfo {
  const values: number[] | null = t.floatData?.length ? t.floatData : t.int64Data?.length ? t.int64Data : t.int32Data?.length ? t.int32Data : t.doubleData?.length ? t.doubleData : null;
  return { name: name ?? t.name ?? '', dataType: t.dataType ?? 0, dims: (t.dims ?? []).map(Number), byteSize: null, storedBytes: 0, external: null, values };
}

function typeInfo(tp: Obj | undefined): TypeInfo | null {
  if (!tp?.tensorType) return null;
  const shape = tp.tensorType.shape ? (tp.tensorType.shape.dim ?? []).map((d: Obj) => (d.dimValue !== undefined && d.dimValue !== null ? Number(d.dimValue) : d.dimParam ? d.dimParam : null)) : null;
  return { kind: 'tensor', elemType: tp.tensorType.elemType ?? 0, shape };
}

const valueInfo = (v: Obj): ValueInfo => ({ name: v.name, type: typeInfo(v.type) });

function attribute(a: Obj): Attribute {
  const out: Attribute = { name: a.name, type: a.type ?? 0 };
  if (a.refAttrName) out.refAttrName = a.refAttrName;
  if (a.f !== undefined) out.f = a.f;
  if (a.i !== undefined) out.i = Number(a.i);
  if (a.s !== undefined) out.s = text(a.s);
  if (a.t) out.t = tensorInfo(a.t);
  if (a.g) out.g = graphOf(a.g);
  if (a.floats?.length) out.floats = a.floats;
  if (a.ints?.length) out.ints = a.ints.map(Number);
  if (a.strings?.length) out.strings = a.strings.map(text);
  if (a.graphs?.length) out.graphs = a.graphs.map(graphOf);
  return out;
}

function nodeOf(n: Obj): Node {
  return { name: n.name ?? '', opType: n.opType, domain: n.domain === 'ai.onnx' ? '' : (n.domain ?? ''), inputs: n.input ?? [], outputs: n.output ?? [], attributes: (n.attribute ?? []).map(attribute) };
}

function graphOf(g: Obj): Graph {
  return {
    name: g.name ?? '',
    nodes: (g.node ?? []).map(nodeOf),
    initializers: (g.initializer ?? []).map((t: Obj) => tensorInfo(t)),
    sparseInitializers: [],
    inputs: (g.input ?? []).map(valueInfo),
    outputs: (g.output ?? []).map(valueInfo),
    valueInfo: (g.valueInfo ?? []).map(valueInfo),
  };
}

/** A decoded model, reduced to what the transform tests need. */
export interface LoadedModel {
  graph: Graph;
  opsets: Record<string, number>;
  functions: FunctionInfo[];
}

/** Decodes ModelProto bytes (or a file path). */
export function decodeModel(bytesOrPath: Uint8Array | string): LoadedModel {
  const bytes = typeof bytesOrPath === 'string' ? readFileSync(bytesOrPath) : bytesOrPath;
  const m = onnxType('ModelProto').toObject(onnxType('ModelProto').decode(bytes), { longs: Number, defaults: false }) as Obj;
  const opsets: Record<string, number> = {};
  for (const o of m.opsetImport ?? []) opsets[o.domain === 'ai.onnx' ? '' : (o.domain ?? '')] = Number(o.version);
  const functions: FunctionInfo[] = (m.functions ?? []).map((f: Obj) => ({
    name: f.name,
    domain: f.domain ?? '',
    inputs: f.input ?? [],
    outputs: f.output ?? [],
    attributes: f.attribute ?? [],
    attributeDefaults: (f.attributeProto ?? []).map(attribute),
    nodes: (f.node ?? []).map(nodeOf),
    opsets: (f.opsetImport ?? []).map((o: Obj) => ({ domain: o.domain ?? '', version: Number(o.version) })),
    valueInfo: [],
  }));
  return { graph: graphOf(m.graph), opsets, functions };
}

/** The ExecGraph ORT builds at load: Constants become initializers and are not indexed. */
export function toExecGraph(g: Graph): ExecGraph {
  const initializers = new Map<string, TensorInfo>(g.initializers.map((t) => [t.name, t]));
  const nodes: ExecGraph['nodes'] = [];
  for (const n of g.nodes) {
    if (n.opType === 'Constant' && n.domain === '') {
      const t = n.attributes.find((a) => a.name === 'value')?.t;
      initializers.set(n.outputs[0], { ...(t ?? tensorInfo({ dataType: 1 })), name: n.outputs[0] });
      continue;
    }
    const subgraphs = n.attributes.filter((a) => a.g).map((a) => ({ attribute: a.name, graph: a.g! }));
    nodes.push({ index: nodes.length, name: n.name, opType: n.opType, domain: n.domain, inputs: [...n.inputs], outputs: [...n.outputs], attributes: n.attributes, implicitInputs: [], subgraphs, inserted: false, origin: null });
  }
  return {
    nodes,
    initializers,
    inputs: g.inputs.filter((v) => !initializers.has(v.name)),
    initializerInputs: g.inputs.filter((v) => initializers.has(v.name)),
    outputs: g.outputs,
    valueInfo: g.valueInfo,
    outerScope: new Set(),
    nameCounter: { next: 0 },
    version: 0,
    uncovered: [],
  };
}

const BOOL_OUT = new Set(['Equal', 'Less', 'Greater', 'LessOrEqual', 'GreaterOrEqual', 'Not', 'And', 'Or', 'Xor', 'IsNaN', 'IsInf']);
const INT64_OUT = new Set(['Shape', 'Size', 'ArgMax', 'ArgMin', 'NonZero']);

/** A small dtype inference over the current graph (enough for the transform tests). */
export function inferDtypes(exec: ExecGraph): { values: Map<string, InferredValue> } {
  const dt = new Map<string, number | null>();
  for (const v of exec.inputs) dt.set(v.name, v.type?.kind === 'tensor' ? v.type.elemType : null);
  for (const [name, t] of exec.initializers) dt.set(name, t.dataType);
  const pending = exec.nodes.filter((n) => n !== undefined);
  for (let progress = true; progress && pending.length > 0; ) {
    progress = false;
    for (let i = 0; i < pending.length; ) {
      const n = pending[i]!;
      const ready = n.inputs.every((v) => v === '' || dt.has(v));
      if (!ready) {
        i++;
        continue;
      }
      const first = n.inputs.map((v) => dt.get(v)).find((t) => t !== undefined && t !== null) ?? null;
      const attrI = (name: string) => n.attributes.find((a) => a.name === name)?.i;
      n.outputs.forEach((o, k) => {
        if (!o) return;
        let t: number | null = first;
        if (n.opType === 'Cast') t = attrI('to') ?? null;
        else if (n.opType === 'CastLike') t = dt.get(n.inputs[1]) ?? null;
        else if (BOOL_OUT.has(n.opType)) t = 9;
        else if (INT64_OUT.has(n.opType)) t = 7;
        else if (n.opType === 'ConstantOfShape') t = n.attributes.find((a) => a.name === 'value')?.t?.dataType ?? 1;
        else if (n.opType === 'Where') t = dt.get(n.inputs[1]) ?? null;
        else if (n.opType === 'DequantizeLinear') t = dt.get(n.inputs[1]) ?? null;
        else if (n.opType === 'QuantizeLinear') t = n.inputs[2] ? (dt.get(n.inputs[2]) ?? null) : 2;
        else if (n.opType === 'TopK' && k === 1) t = 7;
        else if (n.opType === 'Dropout' && k === 1) t = 9;
        else if (/LayerNormalization$/.test(n.opType) && (k === 1 || k === 2)) t = 1;
        dt.set(o, t);
      });
      pending.splice(i, 1);
      progress = true;
    }
  }
  const values = new Map<string, InferredValue>();
  for (const [name, dtype] of dt) values.set(name, { kind: 'tensor', dtype, shape: null, staticShape: null, value: null, reason: null });
  return { values };
}
