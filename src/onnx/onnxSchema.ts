/**
 * The ONNX protobuf schema, written for this project as a protobufjs JSON descriptor.
 *
 * Field numbers and wire types are facts of the ONNX specification (onnx.proto, IR version 11+);
 * message and field names follow protobufjs' camelCase convention. Fields we never read
 * (training info, device configurations) are omitted: protobufjs skips unknown fields.
 */
import * as protobuf from 'protobufjs';

type FieldDesc = { type: string; id: number; rule?: 'repeated'; options?: Record<string, unknown> };
type MessageDesc = { fields: Record<string, FieldDesc>; oneofs?: Record<string, { oneof: string[] }> };

const rep = (type: string, id: number, packed?: boolean): FieldDesc =>
  packed === undefined ? { type, id, rule: 'repeated' } : { type, id, rule: 'repeated', options: { packed } };

const MESSAGES: Record<string, MessageDesc> = {
  StringStringEntryProto: { fields: { key: { type: 'string', id: 1 }, value: { type: 'string', id: 2 } } },
  OperatorSetIdProto: { fields: { domain: { type: 'string', id: 1 }, version: { type: 'int64', id: 2 } } },
  ModelProto: {
    fields: {
      irVersion: { type: 'int64', id: 1 },
      producerName: { type: 'string', id: 2 },
      producerVersion: { type: 'string', id: 3 },
      domain: { type: 'string', id: 4 },
      modelVersion: { type: 'int64', id: 5 },
      docString: { type: 'string', id: 6 },
      graph: { type: 'GraphProto', id: 7 },
      opsetImport: rep('OperatorSetIdProto', 8),
      metadataProps: rep('StringStringEntryProto', 14),
      functions: rep('FunctionProto', 25),
    },
  },
  GraphProto: {
    fields: {
      node: rep('NodeProto', 1),
      name: { type: 'string', id: 2 },
      initializer: rep('TensorProto', 5),
      docString: { type: 'string', id: 10 },
      input: rep('ValueInfoProto', 11),
      output: rep('ValueInfoProto', 12),
      valueInfo: rep('ValueInfoProto', 13),
      quantizationAnnotation: rep('TensorAnnotation', 14),
      sparseInitializer: rep('SparseTensorProto', 15),
      metadataProps: rep('StringStringEntryProto', 16),
    },
  },
  TensorAnnotation: {
    fields: {
      tensorName: { type: 'string', id: 1 },
      quantParameterTensorNames: rep('StringStringEntryProto', 2),
    },
  },
  NodeProto: {
    fields: {
      input: rep('string', 1),
      output: rep('string', 2),
      name: { type: 'string', id: 3 },
      opType: { type: 'string', id: 4 },
      attribute: rep('AttributeProto', 5),
      docString: { type: 'string', id: 6 },
      domain: { type: 'string', id: 7 },
      overload: { type: 'string', id: 8 },
      metadataProps: rep('StringStringEntryProto', 9),
    },
  },
  AttributeProto: {
    fields: {
      name: { type: 'string', id: 1 },
      f: { type: 'float', id: 2 },
      i: { type: 'int64', id: 3 },
      s: { type: 'bytes', id: 4 },
      t: { type: 'TensorProto', id: 5 },
      g: { type: 'GraphProto', id: 6 },
      floats: rep('float', 7, true),
      ints: rep('int64', 8, true),
      strings: rep('bytes', 9),
      tensors: rep('TensorProto', 10),
      graphs: rep('GraphProto', 11),
      docString: { type: 'string', id: 13 },
      tp: { type: 'TypeProto', id: 14 },
      typeProtos: rep('TypeProto', 15),
      type: { type: 'int32', id: 20 },
      refAttrName: { type: 'string', id: 21 },
      sparseTensor: { type: 'SparseTensorProto', id: 22 },
      sparseTensors: rep('SparseTensorProto', 23),
    },
  },
  ValueInfoProto: {
    fields: {
      name: { type: 'string', id: 1 },
      type: { type: 'TypeProto', id: 2 },
      docString: { type: 'string', id: 3 },
      metadataProps: rep('StringStringEntryProto', 4),
    },
  },
  TensorProto: {
    fields: {
      dims: rep('int64', 1, true),
      dataType: { type: 'int32', id: 2 },
      segment: { type: 'TensorSegment', id: 3 },
      floatData: rep('float', 4, true),
      int32Data: rep('int32', 5, true),
      stringData: rep('bytes', 6),
      int64Data: rep('int64', 7, true),
      name: { type: 'string', id: 8 },
      rawData: { type: 'bytes', id: 9 },
      doubleData: rep('double', 10, true),
      uint64Data: rep('uint64', 11, true),
      docString: { type: 'string', id: 12 },
      externalData: rep('StringStringEntryProto', 13),
      dataLocation: { type: 'int32', id: 14 },
      metadataProps: rep('StringStringEntryProto', 16),
      // Private to this project (not in onnx.proto): written by compactModel, see LENS_STORED_BYTES_FIELD.
      lensStoredBytes: { type: 'int64', id: 500000000 },
    },
  },
  TensorSegment: { fields: { begin: { type: 'int64', id: 1 }, end: { type: 'int64', id: 2 } } },
  SparseTensorProto: {
    fields: {
      values: { type: 'TensorProto', id: 1 },
      indices: { type: 'TensorProto', id: 2 },
      dims: rep('int64', 3, true),
    },
  },
  TensorShapeProto: { fields: { dim: rep('TensorShapeDimension', 1) } },
  TensorShapeDimension: {
    fields: {
      dimValue: { type: 'int64', id: 1 },
      dimParam: { type: 'string', id: 2 },
      denotation: { type: 'string', id: 3 },
    },
    oneofs: { value: { oneof: ['dimValue', 'dimParam'] } },
  },
  TypeProto: {
    fields: {
      tensorType: { type: 'TypeTensor', id: 1 },
      sequenceType: { type: 'TypeSequence', id: 4 },
      mapType: { type: 'TypeMap', id: 5 },
      denotation: { type: 'string', id: 6 },
      opaqueType: { type: 'TypeOpaque', id: 7 },
      sparseTensorType: { type: 'TypeSparseTensor', id: 8 },
      optionalType: { type: 'TypeOptional', id: 9 },
    },
    oneofs: { value: { oneof: ['tensorType', 'sequenceType', 'mapType', 'opaqueType', 'sparseTensorType', 'optionalType'] } },
  },
  TypeTensor: { fields: { elemType: { type: 'int32', id: 1 }, shape: { type: 'TensorShapeProto', id: 2 } } },
  TypeSparseTensor: { fields: { elemType: { type: 'int32', id: 1 }, shape: { type: 'TensorShapeProto', id: 2 } } },
  TypeSequence: { fields: { elemType: { type: 'TypeProto', id: 1 } } },
  TypeOptional: { fields: { elemType: { type: 'TypeProto', id: 1 } } },
  TypeMap: { fields: { keyType: { type: 'int32', id: 1 }, valueType: { type: 'TypeProto', id: 2 } } },
  TypeOpaque: { fields: { domain: { type: 'string', id: 1 }, name: { type: 'string', id: 2 } } },
  FunctionProto: {
    fields: {
      name: { type: 'string', id: 1 },
      input: rep('string', 4),
      output: rep('string', 5),
      attribute: rep('string', 6),
      node: rep('NodeProto', 7),
      docString: { type: 'string', id: 8 },
      opsetImport: rep('OperatorSetIdProto', 9),
      domain: { type: 'string', id: 10 },
      attributeProto: rep('AttributeProto', 11),
      valueInfo: rep('ValueInfoProto', 12),
      overload: { type: 'string', id: 13 },
      metadataProps: rep('StringStringEntryProto', 14),
    },
  },
};

/** AttributeProto.AttributeType numbers from the ONNX spec. */
export const AttributeType = {
  UNDEFINED: 0,
  FLOAT: 1,
  INT: 2,
  STRING: 3,
  TENSOR: 4,
  GRAPH: 5,
  FLOATS: 6,
  INTS: 7,
  STRINGS: 8,
  TENSORS: 9,
  GRAPHS: 10,
  SPARSE_TENSOR: 11,
  SPARSE_TENSORS: 12,
  TYPE_PROTO: 13,
  TYPE_PROTOS: 14,
} as const;

/** TensorProto.DataLocation numbers from the ONNX spec. */
export const DataLocation = { DEFAULT: 0, EXTERNAL: 1 } as const;

/** ModelProto, GraphProto and TensorProto field numbers the wire-level compactor walks by. */
export const FIELD = {
  model: { graph: 7, functions: 25 },
  graph: { node: 1, initializer: 5, sparseInitializer: 15 },
  node: { attribute: 5 },
  attribute: { t: 5, g: 6, tensors: 10, graphs: 11, sparseTensor: 22, sparseTensors: 23 },
  function: { node: 7, attributeProto: 11 },
  sparse: { values: 1, indices: 2 },
  tensor: { dims: 1, dataType: 2, floatData: 4, int32Data: 5, stringData: 6, int64Data: 7, rawData: 9, doubleData: 10, uint64Data: 11 },
} as const;

/**
 * Field number of TensorProto.lensStoredBytes, a private field the compactor adds to every tensor:
 * the payload bytes the original file stored (raw_data or typed fields), whether or not the
 * payload was kept. ONNX does not use it (its numbers stay far below), and it is below 2^29.
 */
export const LENS_STORED_BYTES_FIELD = 500000000;

let root: protobuf.Root | undefined;

/** The protobufjs root holding every ONNX message type under the `onnx` namespace (built once). */
export function onnxRoot(): protobuf.Root {
  if (!root) {
    root = protobuf.Root.fromJSON({ nested: { onnx: { nested: MESSAGES } } });
    root.resolveAll();
  }
  return root;
}

let nodeBytesRoot: protobuf.Root | undefined;

/**
 * The decoder's root: the same schema, except that every GraphProto field (ModelProto.graph,
 * AttributeProto.g and .graphs) is `bytes` (the same wire format as a message), so protobufjs hands
 * the decoder each graph's bytes and the decoder walks them (src/onnx/modelDecoder.ts
 * `readGraph`), decoding each NodeProto as it reaches it. Decoding every NodeProto of a 200k-node
 * graph up front kept the whole protobufjs tree alive through the conversion (~110 MB the
 * scavenger had to promote); a byte view per node, the step after that, was 200k views (~20 MB).
 * GraphProto.node is `repeated bytes` here too, for any other reader of this root.
 */
export function onnxNodeBytesType(name: keyof typeof MESSAGES | string): protobuf.Type {
  // The decoder asks for NodeProto once per node: protobufjs's lookup splits and joins the path each
  // time (two arrays and a string per call, ~70 ms and ~40 MB of garbage at 200k nodes).
  const known = nodeBytesTypes.get(name);
  if (known) return known;
  if (!nodeBytesRoot) {
    const graph = MESSAGES.GraphProto!;
    const model = MESSAGES.ModelProto!;
    const attribute = MESSAGES.AttributeProto!;
    const messages = {
      ...MESSAGES,
      // Singular graph fields as `repeated bytes`: protobufjs drops an empty singular `bytes` (an empty
      // GraphProto is still a graph), and a message field given twice is merged, which for the
      // wire format is reading the occurrences one after the other (modelDecoder.ts graphBytes).
      ModelProto: { ...model, fields: { ...model.fields, graph: rep('bytes', model.fields.graph!.id) } },
      GraphProto: { ...graph, fields: { ...graph.fields, node: rep('bytes', graph.fields.node!.id) } },
      AttributeProto: { ...attribute, fields: { ...attribute.fields, g: rep('bytes', attribute.fields.g!.id), graphs: rep('bytes', attribute.fields.graphs!.id) } },
    };
    nodeBytesRoot = protobuf.Root.fromJSON({ nested: { onnx: { nested: messages } } });
    nodeBytesRoot.resolveAll();
  }
  const type = nodeBytesRoot.lookupType(`onnx.${name}`);
  nodeBytesTypes.set(name, type);
  return type;
}

/** The decoder root's types by name, as looked up (see onnxNodeBytesType). */
const nodeBytesTypes = new Map<string, protobuf.Type>();

/** Looks up one ONNX message type, e.g. `onnxType('ModelProto')`. */
export function onnxType(name: keyof typeof MESSAGES | string): protobuf.Type {
  return onnxRoot().lookupType(`onnx.${name}`);
}
