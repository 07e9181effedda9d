/**
 * Writes a compact copy of a ModelProto that keeps the structure but not the weights.
 *
 * The walk follows only the messages that can hold tensors or subgraphs:
 *
 *   ModelProto.graph/functions → GraphProto.node/initializer/sparse_initializer
 *     → NodeProto.attribute → AttributeProto.t/g/tensors/graphs/sparse_tensor(s) → TensorProto
 *   FunctionProto.node/attribute_proto;  SparseTensorProto.values/indices → TensorProto
 *
 * Everything else is copied byte for byte (unknown fields too), and each rewritten sub-message
 * gets a fresh length prefix. A TensorProto keeps its payload only when it is small (≤
 * SMALL_VALUE_LIMIT elements and ≤ SMALL_PAYLOAD_BYTES), so shape inference can read Reshape shapes
 * and Constant values; every TensorProto gains the private `lensStoredBytes` field recording how
 * many payload bytes the file stored (raw_data length, or typed entries × element size). The
 * result is still a valid ModelProto.
 */
import type { ByteSource } from './byteSource';
import { MAX_READ_BYTES } from './byteSource';
import { LensError, OnnxFormatError } from './lensError';
import { SMALL_VALUE_LIMIT } from './model';
import { dataTypeBits } from './dataType';
import { FIELD, LENS_STORED_BYTES_FIELD, onnxType } from './onnxSchema';
import { WireReader, WireType } from './wireReader';
import type { FieldTag } from './wireReader';
import { ByteWriter } from './byteWriter';

/** Largest payload kept for a small tensor, in bytes (64 KiB). */
export const SMALL_PAYLOAD_BYTES = 64 * 1024;

/** Deepest subgraph nesting accepted (the main graph is level 0); the corpus reaches 4. */
export const MAX_SUBGRAPH_DEPTH = 8;

type Kind = 'model' | 'graph' | 'node' | 'attribute' | 'function' | 'tensor' | 'sparse';

/** Per message kind: the fields holding messages we walk into, and the kind they hold. */
const WALK: Record<Kind, Record<number, Kind>> = {
  model: { [FIELD.model.graph]: 'graph', [FIELD.model.functions]: 'function' },
  graph: { [FIELD.graph.node]: 'node', [FIELD.graph.initializer]: 'tensor', [FIELD.graph.sparseInitializer]: 'sparse' },
  node: { [FIELD.node.attribute]: 'attribute' },
  attribute: {
    [FIELD.attribute.t]: 'tensor',
    [FIELD.attribute.g]: 'graph',
    [FIELD.attribute.tensors]: 'tensor',
    [FIELD.attribute.graphs]: 'graph',
    [FIELD.attribute.sparseTensor]: 'sparse',
    [FIELD.attribute.sparseTensors]: 'sparse',
  },
  function: { [FIELD.function.node]: 'node', [FIELD.function.attributeProto]: 'attribute' },
  tensor: {},
  sparse: { [FIELD.sparse.values]: 'tensor', [FIELD.sparse.indices]: 'tensor' },
};

const TYPE_NAME: Record<Kind, string> = {
  model: 'ModelProto',
  graph: 'GraphProto',
  node: 'NodeProto',
  attribute: 'AttributeProto',
  function: 'FunctionProto',
  tensor: 'TensorProto',
  sparse: 'SparseTensorProto',
};

/** TensorProto fields that hold the payload (raw_data and the typed *_data fields). */
const PAYLOAD_FIELDS: ReadonlySet<number> = new Set([
  FIELD.tensor.floatData,
  FIELD.tensor.int32Data,
  FIELD.tensor.stringData,
  FIELD.tensor.int64Data,
  FIELD.tensor.rawData,
  FIELD.tensor.doubleData,
  FIELD.tensor.uint64Data,
]);

/**
 * Known fields that may be dropped when larger than MAX_READ_BYTES: doc strings, and string
 * attributes (a tokenizer vocabulary can be that big). Nothing downstream sizes memory from them.
 */
const DROPPABLE_WHEN_HUGE: Record<Kind, ReadonlySet<number>> = {
  model: new Set([6]),
  graph: new Set([10]),
  node: new Set([6]),
  attribute: new Set([4, 9, 13]),
  function: new Set([8]),
  tensor: new Set([12]),
  sparse: new Set(),
};

/** Per message kind and known field number: the wire types the schema allows (packed repeated allows 2 too). */
const ALLOWED_WIRE_TYPES = buildAllowedWireTypes();

/** A compact ModelProto plus what the walk learned on the way. */
export interface CompactModel {
  bytes: Uint8Array;
  /** Tensors whose payload was dropped. */
  droppedTensorCount: number;
}

interface WalkState {
  droppedTensorCount: number;
  /** Byte range of the NodeProto being walked, so a depth error can name its node. */
  nodeSpan: { start: number; end: number } | null;
}

/**
 * Compacts the ModelProto in `source` (see the file comment). Throws OnnxFormatError: 'not-onnx'
 * when the bytes are not a ModelProto, 'truncated' when they end early, 'too-deep' when subgraphs
 * nest deeper than MAX_SUBGRAPH_DEPTH.
 */
export function compactModel(source: ByteSource): CompactModel {
  const reader = new WireReader(source);
  const state: WalkState = { droppedTensorCount: 0, nodeSpan: null };
  const out = new ByteWriter();
  let hasIrVersion = false;
  let hasGraph = false;
  try {
    while (!reader.isAtEnd) {
      const tag = readCheckedTag(reader, 'model');
      if (tag.fieldNumber === 1 && tag.wireType === WireType.VARINT) hasIrVersion = true;
      if (tag.fieldNumber === FIELD.model.graph) hasGraph = true;
      copyOrWalkField(reader, tag, 'model', 0, state, out);
    }
  } catch (err) {
    // Before ir_version has been read there is no evidence this is ONNX at all: a text file or a
    // zip fails here, and calling that "truncated" would mislead.
    if (!hasIrVersion && err instanceof OnnxFormatError && (err.code === 'not-onnx' || err.code === 'truncated')) {
      throw new OnnxFormatError('not-onnx', `Not an ONNX model: invalid protobuf at byte ${err.byteOffset ?? 0}`, err.byteOffset, { cause: err });
    }
    throw err;
  }
  if (!hasIrVersion) throw new OnnxFormatError('not-onnx', 'Not an ONNX model: ir_version is missing', 0);
  if (!hasGraph) throw new OnnxFormatError('not-onnx', 'Not an ONNX model: graph is missing', 0);
  return { bytes: out.toBytes(), droppedTensorCount: state.droppedTensorCount };
}

function readCheckedTag(reader: WireReader, kind: Kind): FieldTag {
  const tag = reader.readTag();
  const allowed = ALLOWED_WIRE_TYPES[kind].get(tag.fieldNumber);
  if (allowed && !allowed.includes(tag.wireType)) {
    throw new OnnxFormatError(
      'not-onnx',
      `Field ${tag.fieldNumber} of ${TYPE_NAME[kind]} at byte ${tag.startOffset} has wire type ${tag.wireType}, expected ${allowed.join(' or ')}`,
      tag.startOffset,
    );
  }
  return tag;
}

/** Handles one field whose tag was just read: walks into a sub-message, or copies the field. */
function copyOrWalkField(reader: WireReader, tag: FieldTag, kind: Kind, depth: number, state: WalkState, out: ByteWriter): void {
  const childKind = WALK[kind][tag.fieldNumber];
  if (childKind === undefined) {
    copyField(reader, tag, kind, out);
    return;
  }
  const length = reader.readLength();
  const child = new WireReader(reader.source, reader.pos, reader.pos + length);
  reader.pos += length;
  let childDepth = depth;
  if (childKind === 'graph' && kind === 'attribute') {
    childDepth = depth + 1;
    if (childDepth > MAX_SUBGRAPH_DEPTH) {
      const label = state.nodeSpan ? findNodeLabel(new WireReader(reader.source, state.nodeSpan.start, state.nodeSpan.end)) : '';
      throw new LensError('too-deep', `Subgraph nesting deeper than ${MAX_SUBGRAPH_DEPTH} at node '${label}'`);
    }
  }
  out.writeTag(tag.fieldNumber, WireType.LENGTH_DELIMITED);
  const bodyStart = out.byteLength;
  compactMessage(child, childKind, childDepth, state, out);
  out.insertVarintAt(bodyStart, out.byteLength - bodyStart);
}

/** Copies a field verbatim (key and value); unknown or droppable fields too large to hold are dropped. */
function copyField(reader: WireReader, tag: FieldTag, kind: Kind, out: ByteWriter): void {
  if (tag.wireType === WireType.LENGTH_DELIMITED) {
    const lengthStart = reader.pos;
    const length = reader.readLength();
    // protobufjs skips fields our schema does not know, so a huge unknown field can go unread.
    if (length > MAX_READ_BYTES) {
      if (!ALLOWED_WIRE_TYPES[kind].has(tag.fieldNumber) || DROPPABLE_WHEN_HUGE[kind].has(tag.fieldNumber)) {
        reader.pos += length;
        return;
      }
      throw new OnnxFormatError(
        'bad-model',
        `Field ${tag.fieldNumber} of ${TYPE_NAME[kind]} at byte ${tag.startOffset} is ${length} bytes, over the ${MAX_READ_BYTES}-byte limit`,
        tag.startOffset,
      );
    }
    reader.pos = lengthStart;
  }
  reader.skipValue(tag.wireType);
  const length = reader.pos - tag.startOffset;
  // Most copied fields are short (a value name, an op type): byte by byte costs less than a view object each.
  if (length <= SHORT_FIELD_BYTES) for (let i = tag.startOffset; i < reader.pos; i++) out.writeByte(reader.source.byteAt(i));
  else out.writeBytes(reader.source.view(tag.startOffset, length));
}

/** Fields up to this many bytes (key included) are copied without a view. */
const SHORT_FIELD_BYTES = 32;

/** Appends the compact body of one message (without key or length) to `out`. */
function compactMessage(reader: WireReader, kind: Kind, depth: number, state: WalkState, out: ByteWriter): void {
  if (kind === 'tensor') {
    compactTensor(reader, state, out);
    return;
  }
  const outerNode = state.nodeSpan;
  if (kind === 'node') state.nodeSpan = { start: reader.pos, end: reader.end };
  while (!reader.isAtEnd) copyOrWalkField(reader, readCheckedTag(reader, kind), kind, depth, state, out);
  state.nodeSpan = outerNode;
}

/** The node's name, or its op type when unnamed; fields may come in any order, so scan them all. */
function findNodeLabel(reader: WireReader): string {
  let name = '';
  let opType = '';
  while (!reader.isAtEnd) {
    const tag = reader.readTag();
    if (tag.wireType === WireType.LENGTH_DELIMITED && (tag.fieldNumber === 3 || tag.fieldNumber === 4)) {
      const length = reader.readLength();
      // A label for a message: a pathological multi-megabyte name is cut, not read whole.
      const text = new TextDecoder().decode(reader.source.read(reader.pos, Math.min(length, 4096)));
      reader.pos += length;
      if (tag.fieldNumber === 3) name = text;
      else opType = text;
    } else {
      reader.skipValue(tag.wireType);
    }
  }
  return name || opType;
}

interface TensorScan {
  elementCount: number;
  /** Payload bytes as they sit in the file (decides what counts as small). */
  payloadBytes: number;
  /** Payload bytes as the summary of a tensor reports them (see `storedBytesOf`). */
  storedBytes: number;
}

/** Typed fields whose entries are varints, so their wire length says nothing about element count. */
const VARINT_PAYLOAD_FIELDS: ReadonlySet<number> = new Set([FIELD.tensor.int32Data, FIELD.tensor.int64Data, FIELD.tensor.uint64Data]);

/**
 * First pass over a TensorProto: element count from dims, and payload sizes, reading no payload
 * except varint-typed entries (which must be counted; large weights are never stored that way).
 */
function scanTensor(reader: WireReader): TensorScan {
  let elementCount = 1;
  let payloadBytes = 0;
  let fixedBytes = 0;
  let varintEntries = 0;
  let dataType = 0;
  const multiply = (dim: number): void => {
    // Varints of negative int64 dims read as values ≥ 2^63: such a tensor is never small.
    elementCount = dim > Number.MAX_SAFE_INTEGER ? Infinity : elementCount * dim;
  };
  while (!reader.isAtEnd) {
    const tag = readCheckedTag(reader, 'tensor');
    if (tag.fieldNumber === FIELD.tensor.dims) {
      if (tag.wireType === WireType.VARINT) multiply(reader.readVarint());
      else {
        const dims = reader.subReader(reader.readLength());
        while (!dims.isAtEnd) multiply(dims.readVarint());
        reader.pos = dims.end;
      }
    } else if (tag.fieldNumber === FIELD.tensor.dataType && tag.wireType === WireType.VARINT) {
      dataType = reader.readVarint();
    } else if (PAYLOAD_FIELDS.has(tag.fieldNumber)) {
      const before = reader.pos;
      const isVarint = VARINT_PAYLOAD_FIELDS.has(tag.fieldNumber);
      if (tag.wireType === WireType.LENGTH_DELIMITED) {
        const length = reader.readLength();
        if (isVarint) varintEntries += countVarints(reader.subReader(length));
        else fixedBytes += length;
        reader.pos += length;
        payloadBytes += length;
      } else {
        reader.skipValue(tag.wireType);
        payloadBytes += reader.pos - before;
        if (isVarint) varintEntries++;
        else fixedBytes += reader.pos - before;
      }
    } else {
      reader.skipValue(tag.wireType);
    }
  }
  return { elementCount, payloadBytes, storedBytes: fixedBytes + varintEntries * varintEntryBytes(dataType) };
}

/** Stored bytes per varint-typed entry: the element size (one packed byte for sub-byte types). */
function varintEntryBytes(dataType: number): number {
  const bits = dataTypeBits(dataType);
  return bits === null ? 8 : Math.max(1, bits / 8);
}

function countVarints(reader: WireReader): number {
  let count = 0;
  while (!reader.isAtEnd) {
    if ((reader.source.byteAt(reader.pos++) & 0x80) === 0) count++;
  }
  return count;
}

/** Copies a TensorProto, dropping a large payload, and appends `lensStoredBytes`. */
function compactTensor(reader: WireReader, state: WalkState, out: ByteWriter): void {
  const start = reader.pos;
  const scan = scanTensor(new WireReader(reader.source, start, reader.end));
  const isSmall = scan.elementCount <= SMALL_VALUE_LIMIT && scan.payloadBytes <= SMALL_PAYLOAD_BYTES;
  // A kept tensor is copied whole: one fill from its start serves the copy, where the scan may
  // have left the window past it (a large tensor is only skipped, so it gets no prefetch).
  if (isSmall) reader.source.prefetch(start, reader.end - start);
  let hasDropped = false;
  while (!reader.isAtEnd) {
    const tag = readCheckedTag(reader, 'tensor');
    if (tag.fieldNumber === LENS_STORED_BYTES_FIELD) {
      // A file cannot smuggle in its own size claim: the field is ours, recomputed below.
      reader.skipValue(tag.wireType);
    } else if (!isSmall && PAYLOAD_FIELDS.has(tag.fieldNumber)) {
      reader.skipValue(tag.wireType);
      hasDropped = true;
    } else {
      copyField(reader, tag, 'tensor', out);
    }
  }
  if (hasDropped) state.droppedTensorCount++;
  out.writeTag(LENS_STORED_BYTES_FIELD, WireType.VARINT);
  out.writeVarint(scan.storedBytes);
}

function buildAllowedWireTypes(): Record<Kind, Map<number, number[]>> {
  const result = {} as Record<Kind, Map<number, number[]>>;
  for (const kind of Object.keys(TYPE_NAME) as Kind[]) {
    const map = new Map<number, number[]>();
    for (const field of onnxType(TYPE_NAME[kind]).fieldsArray) {
      const scalar = scalarWireType(field.type);
      if (scalar === null) map.set(field.id, [WireType.LENGTH_DELIMITED]);
      else if (field.repeated) map.set(field.id, [scalar, WireType.LENGTH_DELIMITED]);
      else map.set(field.id, [scalar]);
    }
    result[kind] = map;
  }
  return result;
}

/** Wire type of a scalar protobuf type, or null for strings, bytes and messages (length-delimited). */
function scalarWireType(type: string): number | null {
  switch (type) {
    case 'int32':
    case 'int64':
    case 'uint32':
    case 'uint64':
    case 'sint32':
    case 'sint64':
    case 'bool':
      return WireType.VARINT;
    case 'float':
    case 'fixed32':
    case 'sfixed32':
      return WireType.FIXED32;
    case 'double':
    case 'fixed64':
    case 'sfixed64':
      return WireType.FIXED64;
    default:
      return null;
  }
}
