/**
 * Decodes compact ModelProto bytes (see compactModel.ts) with protobufjs into the Model types.
 *
 * int64 fields arrive as Long; they become numbers, and values beyond 2^53 stay visibly unsafe
 * (Number.isSafeInteger fails) rather than wrapping, so a byte size built on them becomes null.
 */
import { dataTypeBits, DataType, isKnownDataType, tensorByteSize } from './dataType';
import { OnnxFormatError } from './lensError';
import type {
  Attribute,
  ExternalDataRef,
  FunctionInfo,
  Graph,
  Model,
  Node,
  OpsetImport,
  SparseTensorInfo,
  StoredDim,
  TensorInfo,
  TypeInfo,
  ValueInfo,
} from './model';
import { SMALL_VALUE_LIMIT } from './model';
import * as protobuf from 'protobufjs';
import { AttributeType, DataLocation, onnxNodeBytesType } from './onnxSchema';
import { decodeInt32FieldValues, decodeRawValues } from './tensorValues';
import { normalizeDomain } from './domain';

/** A decoded protobufjs message, read field by field. */
type Msg = Record<string, unknown>;

const utf8 = new TextDecoder('utf-8');

/** Decodes compact ModelProto bytes; throws OnnxFormatError('not-onnx') when protobufjs rejects them. */
export function decodeCompactModel(bytes: Uint8Array): Model {
  let m: Msg;
  try {
    m = onnxNodeBytesType('ModelProto').decode(bytes) as unknown as Msg;
  } catch (err) {
    throw doesNotDecode(err);
  }
  // Graphs decode during the conversion (see onnxNodeBytesType); a graph that does not decode must
  // still win over a missing field, as when the whole ModelProto was decoded first.
  if (!has(m, 'irVersion')) {
    assertGraphsDecode(m);
    throw new OnnxFormatError('not-onnx', 'Not an ONNX model: ir_version is missing', 0);
  }
  if (!nonEmpty(m.graph)) {
    assertGraphsDecode(m);
    throw new OnnxFormatError('not-onnx', 'Not an ONNX model: graph is missing', 0);
  }
  return {
    irVersion: toNumber(m.irVersion),
    producerName: str(m.producerName),
    producerVersion: str(m.producerVersion),
    domain: str(m.domain),
    modelVersion: toNumber(m.modelVersion),
    docString: str(m.docString),
    opsets: list(m.opsetImport).map(decodeOpset),
    metadata: list(m.metadataProps).map((e) => ({ key: str(e.key), value: str(e.value) })),
    graph: decodeGraph(graphBytes(m.graph)),
    functions: list(m.functions).map(decodeFunction),
  };
}

function doesNotDecode(cause: unknown): OnnxFormatError {
  return new OnnxFormatError('not-onnx', 'Not an ONNX model: the ModelProto does not decode', null, { cause });
}

/**
 * A singular GraphProto field's bytes (present when its list is non-empty: protobufjs gives every
 * message its own empty lists). The decoder root holds it as `repeated bytes`
 * (onnxNodeBytesType): protobuf merges a message field given twice, which on the wire is reading
 * the occurrences one after the other.
 */
function graphBytes(parts: unknown): Uint8Array {
  const list = parts as Uint8Array[];
  if (list.length === 1) return list[0]!;
  const out = new Uint8Array(list.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of list) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/** A GraphProto's fields other than its nodes, as protobufjs decodes them. */
interface GraphFields {
  name: string;
  initializer: Msg[];
  sparseInitializer: Msg[];
  input: Msg[];
  output: Msg[];
  valueInfo: Msg[];
}

/** GraphProto's string and node field numbers (the ONNX spec). */
const GRAPH_FIELD = { node: 1, name: 2, docString: 10 } as const;
/** GraphProto's message fields by number (the ONNX spec): their type, and the list `readGraph` puts them in (null: decoded and dropped). */
const GRAPH_MESSAGES: Record<number, { type: string; into: keyof Omit<GraphFields, 'name'> | null }> = {
  5: { type: 'TensorProto', into: 'initializer' },
  11: { type: 'ValueInfoProto', into: 'input' },
  12: { type: 'ValueInfoProto', into: 'output' },
  13: { type: 'ValueInfoProto', into: 'valueInfo' },
  14: { type: 'TensorAnnotation', into: null },
  15: { type: 'SparseTensorProto', into: 'sparseInitializer' },
  16: { type: 'StringStringEntryProto', into: null },
};

/**
 * Walks a GraphProto's bytes as protobufjs's decoder of the message does (the last `name` wins,
 * repeated fields keep their order, a field of another number or wire type is skipped) and hands
 * each NodeProto to `onNode` as soon as it is decoded: no node's protobufjs message outlives its
 * conversion, and no byte view per node is made (200k views, ~20 MB, at 200k nodes). Throws
 * doesNotDecode when protobufjs rejects a part; what `onNode` throws passes through.
 */
function readGraph(bytes: Uint8Array, onNode: (n: RawNode) => void): GraphFields {
  const g: GraphFields = { name: '', initializer: [], sparseInitializer: [], input: [], output: [], valueInfo: [] };
  const r = protobuf.Reader.create(bytes);
  while (r.pos < r.len) {
    let node: RawNode | null = null;
    try {
      const tag = r.tag();
      const field = tag >>> 3;
      const wire = tag & 7;
      if (wire !== 2) r.skipType(wire, 0, field);
      else if (field === GRAPH_FIELD.node) node = readNode(r, r.uint32());
      else if (field === GRAPH_FIELD.name) g.name = readString(r);
      else if (field === GRAPH_FIELD.docString) readString(r);
      else if (GRAPH_MESSAGES[field] !== undefined) {
        const { type, into } = GRAPH_MESSAGES[field]!;
        const m = onnxNodeBytesType(type).decode(r, r.uint32()) as unknown as Msg;
        if (into) g[into].push(m);
      } else r.skipType(wire, 0, field);
    } catch (err) {
      throw doesNotDecode(err);
    }
    if (node) onNode(node);
  }
  return g;
}

/** A NodeProto's fields as read (see readNode); its attributes still protobufjs messages. */
interface RawNode {
  name: string;
  opType: string;
  domain: string;
  overload: string;
  input: string[];
  output: string[];
  attribute: Msg[];
}

/** NodeProto field numbers (the ONNX spec). */
const NODE_FIELD = { input: 1, output: 2, name: 3, opType: 4, attribute: 5, docString: 6, domain: 7, overload: 8, metadataProps: 9 } as const;
/** Shared by every node without attributes (readNode never writes into it). */
const NO_ATTRIBUTE_MESSAGES: Msg[] = [];
/** readNode's lists of a node's input and output names while it reads them (it does not nest: attributes' graphs are read after it returns). */
const scratchInputs: string[] = [];
const scratchOutputs: string[] = [];

/**
 * Reads the NodeProto of `length` bytes at the reader's position as protobufjs's decoder of the
 * message would (reads stop at the message's end, the last of a singular field wins, a field of
 * another number or wire type is skipped, strings must be UTF-8) but without a protobufjs message
 * per node (an object and four lists, then copies of two of them: ~70 MB of garbage at 200k
 * nodes); attributes are still decoded by protobufjs. Throws what protobufjs would.
 */
function readNode(r: protobuf.Reader, length: number): RawNode {
  const end = r.pos + length;
  if (end > r.len) throw new RangeError(`index out of range: ${r.pos} + ${length} > ${r.len}`);
  const outerLen = r.len;
  r.len = end;
  // The names go to two lists kept across nodes and are copied at their length at the end: a
  // list grown by push from [] holds 17 slots (~150 bytes), and the node keeps it.
  // (Counted, not emptied: `length = 0` gives a list its empty store back, and the next push a new one.)
  let inputCount = 0;
  let outputCount = 0;
  let name = '';
  let opType = '';
  let domain = '';
  let overload = '';
  let attribute = NO_ATTRIBUTE_MESSAGES;
  while (r.pos < end) {
    const tag = r.tag();
    const field = tag >>> 3;
    const wire = tag & 7;
    if (wire !== 2) {
      r.skipType(wire, 0, field);
      continue;
    }
    switch (field) {
      case NODE_FIELD.input:
        scratchInputs[inputCount++] = readString(r);
        break;
      case NODE_FIELD.output:
        scratchOutputs[outputCount++] = readString(r);
        break;
      case NODE_FIELD.name:
        name = readString(r);
        break;
      case NODE_FIELD.opType:
        opType = readString(r);
        break;
      case NODE_FIELD.attribute:
        if (attribute === NO_ATTRIBUTE_MESSAGES) attribute = [];
        attribute.push(onnxNodeBytesType('AttributeProto').decode(r, r.uint32()) as unknown as Msg);
        break;
      case NODE_FIELD.docString:
        readString(r);
        break;
      case NODE_FIELD.domain:
        domain = readString(r);
        break;
      case NODE_FIELD.overload:
        overload = readString(r);
        break;
      case NODE_FIELD.metadataProps:
        onnxNodeBytesType('StringStringEntryProto').decode(r, r.uint32());
        break;
      default:
        r.skipType(wire, 0, field);
    }
  }
  if (r.pos !== end) throw new RangeError(`index out of range: ${r.pos} != ${end}`);
  r.len = outerLen;
  return { name, opType, domain, overload, input: scratchInputs.slice(0, inputCount), output: scratchOutputs.slice(0, outputCount), attribute };
}

/** protobufjs's strict decoder: a byte-order mark is kept, invalid UTF-8 throws. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A length-delimited string field, checked as UTF-8 (protobufjs's `stringVerify`). A short ASCII
 * string is built from its char codes (asciiString); any other goes through
 * TextDecoder, which gives one flat string where protobufjs's chunked concatenation gave names of
 * 13 to 63 bytes (most tensor names of exported models) as ropes V8 flattens again when it hashes them.
 */
function readString(r: protobuf.Reader): string {
  const length = r.uint32();
  const start = r.pos;
  const end = start + length;
  if (end > r.len) throw new RangeError(`index out of range: ${start} + ${length} > ${r.len}`);
  r.pos = end;
  const buf = r.buf;
  if (length < 13) {
    for (let i = start; i < end; i++) if (buf[i]! > 0x7f) return strictUtf8.decode(buf.subarray(start, end));
    return asciiString(buf, start, length);
  }
  return strictUtf8.decode(buf.subarray(start, end));
}

const fromCodes = String.fromCharCode;

/**
 * The ASCII bytes [at, at + n) as a string, up to 8 codes per call: no string per character as
 * protobufjs's loop makes (6 strings for a 6-byte name), and half its time.
 */
function asciiString(b: Uint8Array, at: number, n: number): string {
  switch (n) {
    case 0:
      return '';
    case 1:
      return fromCodes(b[at]!);
    case 2:
      return fromCodes(b[at]!, b[at + 1]!);
    case 3:
      return fromCodes(b[at]!, b[at + 1]!, b[at + 2]!);
    case 4:
      return fromCodes(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
    case 5:
      return fromCodes(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!, b[at + 4]!);
    case 6:
      return fromCodes(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!, b[at + 4]!, b[at + 5]!);
    case 7:
      return fromCodes(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!, b[at + 4]!, b[at + 5]!, b[at + 6]!);
    default:
      return fromCodes(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!, b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!) + asciiString(b, at + 8, n - 8);
  }
}

/** The graphs an AttributeProto message holds (`g`, then `graphs`), as bytes. */
function graphsOfAttribute(a: Msg): Uint8Array[] {
  return [...(nonEmpty(a.g) ? [graphBytes(a.g)] : []), ...list<Uint8Array>(a.graphs)];
}

/** Throws doesNotDecode when some graph of the model, at any depth, does not decode. */
function assertGraphsDecode(m: Msg): void {
  const visitNode = (n: { attribute?: unknown }): void => {
    for (const a of list(n.attribute)) for (const sub of graphsOfAttribute(a)) readGraph(sub, visitNode);
  };
  if (nonEmpty(m.graph)) readGraph(graphBytes(m.graph), visitNode);
  for (const f of list(m.functions)) {
    for (const n of list(f.node)) visitNode(n);
    for (const a of list(f.attributeProto)) for (const sub of graphsOfAttribute(a)) readGraph(sub, visitNode);
  }
}

function decodeOpset(o: Msg): OpsetImport {
  return { domain: normalizeDomain(str(o.domain)), version: toNumber(o.version) };
}

function decodeGraph(bytes: Uint8Array): Graph {
  const nodes: Node[] = [];
  const g = readGraph(bytes, (n) => nodes.push(nodeOf(n)));
  return {
    name: g.name,
    nodes,
    initializers: g.initializer.map(decodeTensor),
    sparseInitializers: g.sparseInitializer.map(decodeSparseTensor),
    inputs: g.input.map(decodeValueInfo),
    outputs: g.output.map(decodeValueInfo),
    valueInfo: g.valueInfo.map(decodeValueInfo),
  };
}

/** What every node without attributes shares (never written: edits replace a node's attributes): an empty array per node was 200k at 200k nodes. */
const NO_ATTRIBUTES: Attribute[] = [];

/** The Node of a NodeProto's fields (a graph's, as readNode read them, or a function body's). */
function nodeOf(raw: RawNode): Node {
  const node: Node = {
    name: raw.name,
    opType: raw.opType,
    domain: normalizeDomain(raw.domain),
    inputs: raw.input,
    outputs: raw.output,
    attributes: raw.attribute.length > 0 ? raw.attribute.map(decodeAttribute) : NO_ATTRIBUTES,
  };
  if (raw.overload !== '') node.overload = raw.overload;
  return node;
}

/** A function body's node, a protobufjs message (FunctionProto.node). */
function decodeNode(n: Msg): Node {
  return nodeOf({
    name: str(n.name),
    opType: str(n.opType),
    domain: str(n.domain),
    overload: str(n.overload),
    input: list<string>(n.input).map(String),
    output: list<string>(n.output).map(String),
    attribute: list(n.attribute),
  });
}

function decodeAttribute(a: Msg): Attribute {
  const out: Attribute = { name: str(a.name), type: toNumber(a.type ?? 0) };
  if (has(a, 'refAttrName') && str(a.refAttrName) !== '') out.refAttrName = str(a.refAttrName);
  if (has(a, 'f')) out.f = a.f as number;
  if (has(a, 'i')) out.i = toNumber(a.i);
  if (has(a, 's')) out.s = utf8.decode(a.s as Uint8Array);
  if (has(a, 't')) out.t = decodeTensor(a.t as Msg);
  if (nonEmpty(a.g)) out.g = decodeGraph(graphBytes(a.g));
  if (nonEmpty(a.floats)) out.floats = list<number>(a.floats).slice();
  if (nonEmpty(a.ints)) out.ints = list<unknown>(a.ints).map(toNumber);
  if (nonEmpty(a.strings)) out.strings = list<Uint8Array>(a.strings).map((b) => utf8.decode(b));
  if (nonEmpty(a.tensors)) out.tensors = list(a.tensors).map(decodeTensor);
  if (nonEmpty(a.graphs)) out.graphs = list<Uint8Array>(a.graphs).map(decodeGraph);
  if (has(a, 'sparseTensor')) out.sparseTensor = decodeSparseTensor(a.sparseTensor as Msg);
  if (has(a, 'tp')) out.tp = decodeType(a.tp as Msg);
  // protobuf leaves a scalar equal to its default (0, 0.0, '') off the wire, so the declared type
  // decides: a FLOAT/INT/STRING attribute without its field holds the default value.
  if (out.refAttrName === undefined) {
    if (out.type === AttributeType.FLOAT && out.f === undefined) out.f = 0;
    if (out.type === AttributeType.INT && out.i === undefined) out.i = 0;
    if (out.type === AttributeType.STRING && out.s === undefined) out.s = '';
  }
  return out;
}

function decodeFunction(f: Msg): FunctionInfo {
  const fn: FunctionInfo = {
    name: str(f.name),
    domain: normalizeDomain(str(f.domain)),
    inputs: list<string>(f.input).map(String),
    outputs: list<string>(f.output).map(String),
    attributes: list<string>(f.attribute).map(String),
    attributeDefaults: list(f.attributeProto).map(decodeAttribute),
    nodes: list(f.node).map(decodeNode),
    opsets: list(f.opsetImport).map(decodeOpset),
    valueInfo: list(f.valueInfo).map(decodeValueInfo),
  };
  if (has(f, 'overload') && str(f.overload) !== '') fn.overload = str(f.overload);
  return fn;
}

function decodeValueInfo(v: Msg): ValueInfo {
  return { name: str(v.name), type: has(v, 'type') ? decodeType(v.type as Msg) : null };
}

function decodeType(t: Msg): TypeInfo | null {
  if (has(t, 'tensorType')) {
    const tt = t.tensorType as Msg;
    return { kind: 'tensor', elemType: toNumber(tt.elemType ?? 0), shape: decodeShape(tt) };
  }
  if (has(t, 'sparseTensorType')) {
    const tt = t.sparseTensorType as Msg;
    return { kind: 'sparse_tensor', elemType: toNumber(tt.elemType ?? 0), shape: decodeShape(tt) };
  }
  if (has(t, 'sequenceType')) {
    const s = t.sequenceType as Msg;
    return { kind: 'sequence', elem: has(s, 'elemType') ? decodeType(s.elemType as Msg) : null };
  }
  if (has(t, 'mapType')) {
    const mt = t.mapType as Msg;
    return { kind: 'map', keyType: toNumber(mt.keyType ?? 0), value: has(mt, 'valueType') ? decodeType(mt.valueType as Msg) : null };
  }
  if (has(t, 'optionalType')) {
    const o = t.optionalType as Msg;
    return { kind: 'optional', elem: has(o, 'elemType') ? decodeType(o.elemType as Msg) : null };
  }
  if (has(t, 'opaqueType')) {
    const o = t.opaqueType as Msg;
    return { kind: 'opaque', domain: str(o.domain), name: str(o.name) };
  }
  return null;
}

/**
 * Null shape means unknown rank; a dim with neither value nor param is null. A negative dim_value
 * is null too: older paddle2onnx exports declare dynamic dims as -1 (`image: [-1, 3, -1, -1]` in
 * PaddleOCR's detector), and ONNX Runtime 1.30 loads and runs them with those dims unknown.
 */
function decodeShape(tt: Msg): StoredDim[] | null {
  if (!has(tt, 'shape')) return null;
  return list((tt.shape as Msg).dim).map((d): StoredDim => {
    if (has(d, 'dimValue')) {
      const v = toNumber(d.dimValue);
      return v < 0 ? null : v;
    }
    if (has(d, 'dimParam')) return str(d.dimParam);
    return null;
  });
}

/** Logical bytes of a tensor and, when they cannot be known, why. */
function logicalSize(dataType: number, dims: number[]): { byteSize: number | null; reason?: string } {
  if (!isKnownDataType(dataType)) return { byteSize: null, reason: `unknown data type ${dataType}` };
  if (dataTypeBits(dataType) === null) return { byteSize: null, reason: 'string tensor: size depends on its contents' };
  let count = 1;
  for (const d of dims) {
    if (!Number.isSafeInteger(d) || d < 0) return { byteSize: null, reason: `dimension ${d} is not a safe non-negative integer` };
    count *= d;
  }
  if (!Number.isSafeInteger(count)) return { byteSize: null, reason: 'element count exceeds 2^53' };
  const byteSize = tensorByteSize(dataType, count);
  return byteSize === null ? { byteSize: null, reason: 'byte size exceeds 2^53' } : { byteSize };
}

function decodeTensor(t: Msg): TensorInfo {
  const dataType = toNumber(t.dataType ?? 0);
  const dims = list<unknown>(t.dims).map(toNumber);
  const size = logicalSize(dataType, dims);
  const external = toNumber(t.dataLocation ?? 0) === DataLocation.EXTERNAL ? decodeExternal(list(t.externalData)) : null;
  const stored = has(t, 'lensStoredBytes') ? toNumber(t.lensStoredBytes) : payloadBytes(t, dataType);
  const info: TensorInfo = {
    name: str(t.name),
    dataType,
    dims,
    byteSize: size.byteSize,
    // External payloads live in another file; the compactor's count is of the (empty) inline payload.
    // Without a `length` key the rest of the file is meant: checkExternalData puts the real figure
    // in; until then the logical size is the best stand-in (the bytes ORT will require).
    storedBytes: external ? (external.length ?? size.byteSize) : stored,
    external,
    values: null,
  };
  if (size.reason !== undefined) info.byteSizeReason = size.reason;
  const count = dims.every((d) => Number.isSafeInteger(d) && d >= 0) ? dims.reduce((a, b) => a * b, 1) : Infinity;
  if (!external && count <= SMALL_VALUE_LIMIT) {
    if (dataType === DataType.STRING) info.strings = nonEmpty(t.stringData) || count === 0 ? list<Uint8Array>(t.stringData).map((b) => utf8.decode(b)) : null;
    else info.values = decodeValues(t, dataType, count);
  }
  return info;
}

/** Values of a small tensor from whichever payload field it kept; null when none matches its type. */
function decodeValues(t: Msg, dataType: number, count: number): number[] | null {
  if (has(t, 'rawData')) return decodeRawValues(dataType, t.rawData as Uint8Array, count);
  if (dataType === DataType.COMPLEX64 || dataType === DataType.COMPLEX128) return null;
  const pick = (data: unknown[]): number[] | null => (data.length === count ? data.map(toNumber) : null);
  if (nonEmpty(t.floatData)) return dataType === DataType.FLOAT ? pick(list(t.floatData)) : null;
  if (nonEmpty(t.doubleData)) return dataType === DataType.DOUBLE ? pick(list(t.doubleData)) : null;
  if (nonEmpty(t.int64Data)) return dataType === DataType.INT64 ? pick(list(t.int64Data)) : null;
  if (nonEmpty(t.uint64Data)) return dataType === DataType.UINT64 || dataType === DataType.UINT32 ? pick(list(t.uint64Data)) : null;
  if (nonEmpty(t.int32Data)) return decodeInt32FieldValues(dataType, list<unknown>(t.int32Data).map(toNumber), count);
  // A tensor with no elements needs no payload; anything else without one has no values to give.
  return count === 0 ? [] : null;
}

/** Inline payload bytes, for compact bytes that did not come through compactModel (tests, tools). */
function payloadBytes(t: Msg, dataType: number): number {
  if (has(t, 'rawData')) return (t.rawData as Uint8Array).length;
  const bits = dataTypeBits(dataType);
  const entryBytes = bits === null ? 8 : Math.max(1, bits / 8);
  const varintEntries = list(t.int64Data).length + list(t.uint64Data).length + list(t.int32Data).length;
  return list(t.floatData).length * 4 + list(t.doubleData).length * 8 + varintEntries * entryBytes +
    list<Uint8Array>(t.stringData).reduce((a, b) => a + b.length, 0);
}

function decodeExternal(entries: Msg[]): ExternalDataRef {
  const ref: ExternalDataRef = { location: '', offset: 0, length: null };
  for (const e of entries) {
    const key = str(e.key);
    const value = str(e.value);
    if (key === 'location') ref.location = value;
    else if (key === 'offset') ref.offset = parseExternalNumber(value);
    else if (key === 'length') ref.length = parseExternalNumber(value);
  }
  return ref;
}

/** External offsets/lengths are decimal strings; anything else becomes NaN for externalData.ts to refuse. */
function parseExternalNumber(value: string): number {
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
}

function decodeSparseTensor(s: Msg): SparseTensorInfo {
  const values = has(s, 'values') ? (s.values as Msg) : {};
  const dataType = toNumber(values.dataType ?? 0);
  const dims = list<unknown>(s.dims).map(toNumber);
  const size = logicalSize(dataType, dims);
  const valueDims = list<unknown>(values.dims).map(toNumber);
  const info: SparseTensorInfo = {
    name: str(values.name),
    dataType,
    dims,
    denseByteSize: size.byteSize,
    nnz: valueDims.length > 0 ? (valueDims[0] as number) : 0,
  };
  if (size.reason !== undefined) info.byteSizeReason = size.reason;
  return info;
}


/** Number of an int64 that protobufjs gave as Long or number; beyond 2^53 it is approximate, never wrapped. */
function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v !== null && typeof v === 'object' && 'toNumber' in v && typeof (v as { toNumber: unknown }).toNumber === 'function') {
    return (v as { toNumber(): number }).toNumber();
  }
  return Number(v ?? 0);
}

/** protobufjs keeps defaults on the prototype, so an own property means the field was present. */
function has(m: Msg, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(m, key) && m[key] !== null && m[key] !== undefined;
}

function nonEmpty(v: unknown): boolean {
  return Array.isArray(v) && v.length > 0;
}

function list<T = Msg>(v: unknown): T[] {
  return Array.isArray(v) ? (v as T[]) : [];
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
