import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { AttributeType, onnxNodeBytesType, onnxType } from '../../src/onnx/onnxSchema';
import { DataType, attr, buildModel, encodeModel, graph, int64Tensor, model, node, tensor, tensorValue, typedValue } from '../support/onnxBuilder';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A one-node model whose node carries `attrs`, plus extra model fields. */
function decodeWith(extra: Record<string, unknown>, attrs: Record<string, unknown>[] = []) {
  const m = model({
    nodes: [node('Relu', ['x'], ['y'], { name: 'n0', attrs })],
    inputs: [tensorValue('x', DataType.FLOAT, [1])],
    outputs: [tensorValue('y', DataType.FLOAT, [1])],
  });
  return decodeModelBytes(encodeModel({ ...m, ...extra })).model;
}

test('decodeModelBytes() reads the ModelProto header fields, opsets and metadata', () => {
  const m = decodeWith({
    irVersion: 10,
    producerName: 'p',
    producerVersion: '1.2',
    domain: 'org.example',
    modelVersion: 7,
    docString: 'doc',
    opsetImport: [{ domain: 'ai.onnx', version: 21 }, { domain: 'com.microsoft', version: 1 }],
    metadataProps: [{ key: 'k', value: 'v' }],
  });
  assert.equal(m.irVersion, 10);
  assert.equal(m.producerName, 'p');
  assert.equal(m.producerVersion, '1.2');
  assert.equal(m.domain, 'org.example');
  assert.equal(m.modelVersion, 7);
  assert.equal(m.docString, 'doc');
  assert.deepEqual(m.opsets, [{ domain: '', version: 21 }, { domain: 'com.microsoft', version: 1 }]);
  assert.deepEqual(m.metadata, [{ key: 'k', value: 'v' }]);
});

test('decodeModelBytes() reads GraphProto nodes, inputs, outputs, value_info and initializers in order', () => {
  const bytes = buildModel({
    name: 'main',
    nodes: [
      node('Add', ['x', 'w'], ['s'], { name: 'add' }),
      node('Custom', ['s', ''], ['y', ''], { name: 'c', domain: 'ai.onnx' }),
      node('Gelu', ['y'], ['z'], { domain: 'com.microsoft' }),
    ],
    inputs: [tensorValue('x', DataType.FLOAT, ['batch', 3, null])],
    outputs: [tensorValue('z', DataType.FLOAT, null)],
    initializers: [tensor('w', DataType.FLOAT, [3], { values: [1, 2, 3] })],
    valueInfo: [tensorValue('s', DataType.FLOAT, [])],
  });
  const g = decodeModelBytes(bytes).model.graph;
  assert.equal(g.name, 'main');
  assert.deepEqual(g.nodes.map((n) => [n.name, n.opType, n.domain, n.inputs, n.outputs]), [
    ['add', 'Add', '', ['x', 'w'], ['s']],
    ['c', 'Custom', '', ['s', ''], ['y', '']],
    ['', 'Gelu', 'com.microsoft', ['y'], ['z']],
  ]);
  assert.deepEqual(g.inputs, [{ name: 'x', type: { kind: 'tensor', elemType: 1, shape: ['batch', 3, null] } }]);
  assert.deepEqual(g.outputs, [{ name: 'z', type: { kind: 'tensor', elemType: 1, shape: null } }]);
  assert.deepEqual(g.valueInfo, [{ name: 's', type: { kind: 'tensor', elemType: 1, shape: [] } }]);
  assert.deepEqual(g.initializers[0], { name: 'w', dataType: 1, dims: [3], byteSize: 12, storedBytes: 12, external: null, values: [1, 2, 3] });
});

test('decodeModelBytes() decodes every scalar and list attribute kind', () => {
  const m = decodeWith({}, [
    attr.int('i', -5),
    attr.float('f', 0.5),
    attr.string('s', 'héllo'),
    attr.ints('ints', [1, -2, 3]),
    attr.floats('floats', [0.25, 2]),
    attr.strings('strings', ['a', 'b']),
    { name: 'ref', type: AttributeType.INT, refAttrName: 'outer' },
    { name: 'tp', type: AttributeType.TYPE_PROTO, tp: { tensorType: { elemType: DataType.INT64 } } },
  ]);
  const a = m.graph.nodes[0]!.attributes;
  assert.deepEqual(a, [
    { name: 'i', type: AttributeType.INT, i: -5 },
    { name: 'f', type: AttributeType.FLOAT, f: 0.5 },
    { name: 's', type: AttributeType.STRING, s: 'héllo' },
    { name: 'ints', type: AttributeType.INTS, ints: [1, -2, 3] },
    { name: 'floats', type: AttributeType.FLOATS, floats: [0.25, 2] },
    { name: 'strings', type: AttributeType.STRINGS, strings: ['a', 'b'] },
    { name: 'ref', type: AttributeType.INT, refAttrName: 'outer' },
    { name: 'tp', type: AttributeType.TYPE_PROTO, tp: { kind: 'tensor', elemType: DataType.INT64, shape: null } },
  ]);
});

test('decodeModelBytes() decodes tensor, tensors, graph, graphs and sparse_tensor attributes', () => {
  const body = graph({ name: 'body', nodes: [node('Identity', ['a'], ['b'])], inputs: [], outputs: [tensorValue('b', DataType.FLOAT, [1])] });
  const sparse = { values: tensor('sv', DataType.FLOAT, [2], { values: [1, 2] }), indices: int64Tensor('si', [0, 3]), dims: [2, 2] };
  const m = decodeWith({}, [
    attr.tensor('value', int64Tensor('c', [4, 5])),
    { name: 'ts', type: AttributeType.TENSORS, tensors: [int64Tensor('t0', [1]), int64Tensor('t1', [2])] },
    attr.graph('then_branch', body),
    attr.graphs('bodies', [body, body]),
    { name: 'sp', type: AttributeType.SPARSE_TENSOR, sparseTensor: sparse },
  ]);
  const [t, ts, g, gs, sp] = m.graph.nodes[0]!.attributes;
  assert.deepEqual(t!.t!.values, [4, 5]);
  assert.deepEqual(ts!.tensors!.map((x) => x.values), [[1], [2]]);
  assert.equal(g!.g!.name, 'body');
  assert.deepEqual(g!.g!.nodes.map((n) => n.opType), ['Identity']);
  assert.equal(gs!.graphs!.length, 2);
  assert.deepEqual(sp!.sparseTensor, { name: 'sv', dataType: DataType.FLOAT, dims: [2, 2], denseByteSize: 16, nnz: 2 });
});

test('decodeModelBytes() decodes sparse initializers with nnz from the values dims', () => {
  const bytes = encodeModel({
    ...model({ nodes: [node('Relu', ['s'], ['y'])], inputs: [], outputs: [tensorValue('y', DataType.FLOAT, [4, 5])] }),
    graph: {
      ...graph({ nodes: [node('Relu', ['s'], ['y'])], inputs: [], outputs: [tensorValue('y', DataType.FLOAT, [4, 5])] }),
      sparseInitializer: [{ values: tensor('s', DataType.FLOAT, [3], { values: [1, 2, 3] }), indices: int64Tensor('i', [0, 7, 19]), dims: [4, 5] }],
    },
  });
  assert.deepEqual(decodeModelBytes(bytes).model.graph.sparseInitializers, [{ name: 's', dataType: 1, dims: [4, 5], denseByteSize: 80, nnz: 3 }]);
});

test('decodeModelBytes() decodes TypeProto tensor, sparse_tensor, sequence, map, optional and opaque', () => {
  const bytes = buildModel({
    nodes: [node('Relu', ['x'], ['y'])],
    inputs: [
      tensorValue('x', DataType.FLOAT, [2]),
      typedValue('sp', { sparseTensorType: { elemType: DataType.FLOAT, shape: { dim: [{ dimValue: 4 }] } } }),
      typedValue('seq', { sequenceType: { elemType: { tensorType: { elemType: DataType.INT64, shape: { dim: [] } } } } }),
      typedValue('map', { mapType: { keyType: DataType.STRING, valueType: { tensorType: { elemType: DataType.FLOAT } } } }),
      typedValue('opt', { optionalType: { elemType: { sequenceType: {} } } }),
      typedValue('opq', { opaqueType: { domain: 'd', name: 'n' } }),
      { name: 'untyped' },
    ],
    outputs: [tensorValue('y', DataType.FLOAT, [2])],
  });
  const types = decodeModelBytes(bytes).model.graph.inputs.map((v) => v.type);
  assert.deepEqual(types, [
    { kind: 'tensor', elemType: 1, shape: [2] },
    { kind: 'sparse_tensor', elemType: 1, shape: [4] },
    { kind: 'sequence', elem: { kind: 'tensor', elemType: 7, shape: [] } },
    { kind: 'map', keyType: 8, value: { kind: 'tensor', elemType: 1, shape: null } },
    { kind: 'optional', elem: { kind: 'sequence', elem: null } },
    { kind: 'opaque', domain: 'd', name: 'n' },
    null,
  ]);
});

test('decodeModelBytes() decodes FunctionProto with attribute defaults and its own opsets', () => {
  const fn = {
    name: 'MyFn',
    domain: 'local',
    input: ['a'],
    output: ['b'],
    attribute: ['alpha'],
    attributeProto: [{ name: 'beta', type: AttributeType.FLOAT, f: 2 }],
    node: [node('Relu', ['a'], ['b'])],
    opsetImport: [{ domain: '', version: 18 }],
    valueInfo: [tensorValue('a', DataType.FLOAT, [1])],
  };
  const bytes = buildModel({
    nodes: [node('MyFn', ['x'], ['y'], { domain: 'local' })],
    inputs: [tensorValue('x', DataType.FLOAT, [1])],
    outputs: [tensorValue('y', DataType.FLOAT, [1])],
    opsets: { local: 1 },
    functions: [fn],
  });
  const [f] = decodeModelBytes(bytes).model.functions;
  assert.deepEqual(f, {
    name: 'MyFn',
    domain: 'local',
    inputs: ['a'],
    outputs: ['b'],
    attributes: ['alpha'],
    attributeDefaults: [{ name: 'beta', type: AttributeType.FLOAT, f: 2 }],
    nodes: [{ name: '', opType: 'Relu', domain: '', inputs: ['a'], outputs: ['b'], attributes: [] }],
    opsets: [{ domain: '', version: 18 }],
    valueInfo: [{ name: 'a', type: { kind: 'tensor', elemType: 1, shape: [1] } }],
  });
});

test('decodeModelBytes() reads external data keys and data_location without touching weights', () => {
  const bytes = buildModel({
    nodes: [node('Add', ['x', 'w'], ['y'])],
    inputs: [tensorValue('x', DataType.FLOAT, [4])],
    outputs: [tensorValue('y', DataType.FLOAT, [4])],
    initializers: [tensor('w', DataType.FLOAT, [4], { external: { location: 'w.bin', offset: 16, length: 16 } })],
  });
  const [w] = decodeModelBytes(bytes).model.graph.initializers;
  assert.deepEqual(w!.external, { location: 'w.bin', offset: 16, length: 16 });
  assert.equal(w!.byteSize, 16);
  assert.equal(w!.storedBytes, 16);
  assert.equal(w!.values, null);
});

const VALUE_CASES: { name: string; dataType: number; dims: number[]; opts: Parameters<typeof tensor>[3]; values: number[] }[] = [
  { name: 'float32 raw_data', dataType: DataType.FLOAT, dims: [2], opts: { raw: new Uint8Array(new Float32Array([1.5, -2]).buffer) }, values: [1.5, -2] },
  { name: 'int64 raw_data', dataType: DataType.INT64, dims: [3], opts: { raw: new Uint8Array(new BigInt64Array([1n, -1n, 1n << 40n]).buffer) }, values: [1, -1, 2 ** 40] },
  { name: 'int32 raw_data', dataType: DataType.INT32, dims: [1], opts: { raw: new Uint8Array(new Int32Array([-7]).buffer) }, values: [-7] },
  { name: 'fp16 raw_data', dataType: DataType.FLOAT16, dims: [3], opts: { raw: Uint8Array.of(0x00, 0x3c, 0x00, 0xc0, 0x00, 0x7c) }, values: [1, -2, Infinity] },
  { name: 'bf16 raw_data', dataType: DataType.BFLOAT16, dims: [1], opts: { raw: Uint8Array.of(0xc0, 0x3f) }, values: [1.5] },
  { name: 'uint8 raw_data', dataType: DataType.UINT8, dims: [2], opts: { raw: Uint8Array.of(0, 255) }, values: [0, 255] },
  { name: 'bool raw_data', dataType: DataType.BOOL, dims: [2], opts: { raw: Uint8Array.of(0, 1) }, values: [0, 1] },
  { name: 'int4 raw_data (low nibble first)', dataType: DataType.INT4, dims: [3], opts: { raw: Uint8Array.of(0xf1, 0x07) }, values: [1, -1, 7] },
  { name: 'float8e4m3fn raw_data', dataType: DataType.FLOAT8E4M3FN, dims: [2], opts: { raw: Uint8Array.of(0x38, 0xb8) }, values: [1, -1] },
  { name: 'double double_data', dataType: DataType.DOUBLE, dims: [2], opts: { values: [0.1, 2] }, values: [0.1, 2] },
  { name: 'int64 int64_data', dataType: DataType.INT64, dims: [2], opts: { values: [-1, 5] }, values: [-1, 5] },
  { name: 'uint64 uint64_data', dataType: DataType.UINT64, dims: [1], opts: { values: [9] }, values: [9] },
  { name: 'int8 int32_data', dataType: DataType.INT8, dims: [2], opts: { values: [-3, 4] }, values: [-3, 4] },
  { name: 'fp16 int32_data bit patterns', dataType: DataType.FLOAT16, dims: [1], opts: { values: [0x3c00] }, values: [1] },
];

for (const c of VALUE_CASES) {
  test(`decodeModelBytes() decodes the values of a small ${c.name} tensor`, () => {
    const bytes = buildModel({
      nodes: [node('Identity', ['c'], ['y'])],
      inputs: [],
      outputs: [tensorValue('y', c.dataType, c.dims)],
      initializers: [tensor('c', c.dataType, c.dims, c.opts)],
    });
    assert.deepEqual(decodeModelBytes(bytes).model.graph.initializers[0]!.values, c.values);
  });
}

test('decodeModelBytes() decodes small string tensors as UTF-8 strings with byteSize null and a reason', () => {
  const bytes = buildModel({
    nodes: [node('Identity', ['c'], ['y'])],
    inputs: [],
    outputs: [tensorValue('y', DataType.STRING, [2])],
    initializers: [{ name: 'c', dataType: DataType.STRING, dims: [2], stringData: [utf8('ab'), utf8('ç')] }],
  });
  const [c] = decodeModelBytes(bytes).model.graph.initializers;
  assert.deepEqual(c!.strings, ['ab', 'ç']);
  assert.equal(c!.byteSize, null);
  assert.equal(c!.byteSizeReason, 'string tensor: size depends on its contents');
  assert.equal(c!.storedBytes, 4);
});

test('decodeModelBytes() keeps a dim beyond 2^53 detectable: byteSize null with a reason, not an error', () => {
  const bytes = buildModel({
    nodes: [node('Identity', ['c'], ['y'])],
    inputs: [],
    outputs: [tensorValue('y', DataType.FLOAT, null)],
    initializers: [{ name: 'c', dataType: DataType.FLOAT, dims: [{ low: 0, high: 0x400000, unsigned: false }, 3] }],
  });
  const [c] = decodeModelBytes(bytes).model.graph.initializers;
  assert.equal(c!.dims[0], 2 ** 54);
  assert.equal(Number.isSafeInteger(c!.dims[0]), false);
  assert.equal(c!.byteSize, null);
  assert.equal(c!.byteSizeReason, 'dimension 18014398509481984 is not a safe non-negative integer');
});

test('decodeModelBytes() gives byteSize null when the product of dims exceeds 2^53', () => {
  const bytes = buildModel({
    nodes: [node('Identity', ['c'], ['y'])],
    inputs: [],
    outputs: [tensorValue('y', DataType.FLOAT, null)],
    initializers: [{ name: 'c', dataType: DataType.FLOAT, dims: [2 ** 30, 2 ** 30, 2 ** 10] }],
  });
  const [c] = decodeModelBytes(bytes).model.graph.initializers;
  assert.equal(c!.byteSize, null);
  assert.equal(c!.byteSizeReason, 'element count exceeds 2^53');
});

test('decodeModelBytes() keeps NodeProto and FunctionProto overloads and drops empty ones', () => {
  const fn = { name: 'F', domain: 'local', overload: 'v2', input: ['a'], output: ['b'], node: [node('Relu', ['a'], ['b'])] };
  const m = model({ nodes: [node('F', ['x'], ['y'], { domain: 'local' }), node('Relu', ['y'], ['z'])], inputs: [], outputs: [], functions: [fn], opsets: { local: 1 } });
  (m.graph as { node: Record<string, unknown>[] }).node[0]!.overload = 'v2';
  const decoded = decodeModelBytes(encodeModel(m)).model;
  assert.equal(decoded.graph.nodes[0]!.overload, 'v2');
  assert.equal('overload' in decoded.graph.nodes[1]!, false);
  assert.equal(decoded.functions[0]!.overload, 'v2');
});

test('decodeModelBytes() refuses a TypeProto nested beyond protobufjs recursion limit as not-onnx, without overflowing the stack', () => {
  const varint = (v: number): number[] => (v < 128 ? [v] : [(v % 128) | 128, ...varint(Math.floor(v / 128))]);
  const field = (key: number, body: number[]): number[] => [key, ...varint(body.length), ...body];
  let type = field(0x0a, [0x08, 0x01]); // TypeProto { tensor_type { elem_type: FLOAT } }
  for (let i = 0; i < 300; i++) type = field(0x22, field(0x0a, type)); // sequence_type { elem_type: ... }
  const input = [...field(0x0a, [0x78]), ...field(0x12, type)]; // ValueInfoProto { name: 'x', type }
  const relu = Array.from(onnxType('NodeProto').encode(onnxType('NodeProto').fromObject(node('Relu', ['x'], ['y']))).finish());
  const graphBody = [...field(0x0a, relu), ...field(0x5a, input)];
  const bytes = Uint8Array.from([0x08, 0x08, ...field(0x3a, graphBody)]);
  assert.throws(() => decodeModelBytes(bytes), { code: 'not-onnx', message: 'Not an ONNX model: the ModelProto does not decode' });
});

test('decodeModelBytes() gives INT, FLOAT and STRING attributes stored at their default value that value', () => {
  const bytes = buildModel({
    nodes: [node('LeakyRelu', ['x'], ['y'], { attrs: [attr.float('alpha', 0), attr.int('axis', 0), attr.string('mode', '')] })],
    inputs: [tensorValue('x', DataType.FLOAT, [2])],
    outputs: [tensorValue('y', DataType.FLOAT, [2])],
  });
  const attrs = decodeModelBytes(bytes).model.graph.nodes[0]!.attributes;
  assert.deepEqual(attrs.map((x) => [x.name, x.f ?? x.i ?? x.s]), [['alpha', 0], ['axis', 0], ['mode', '']]);
});

test('the decoder looks each message type up once: every node asks for the same NodeProto type', () => {
  // A protobufjs lookup per node split and joined the path each time (~70 ms at 200k nodes).
  const first = onnxNodeBytesType('NodeProto');
  assert.equal(onnxNodeBytesType('NodeProto'), first);
  assert.equal(first.fullName, '.onnx.NodeProto');
  // The decoder root's GraphProto holds nodes as bytes; the plain root's holds NodeProtos.
  assert.equal(onnxNodeBytesType('GraphProto').fields.node!.type, 'bytes');
  assert.equal(onnxType('GraphProto').fields.node!.type, 'NodeProto');
});

test('an empty GraphProto is still a graph, and a graph given twice is the two read one after the other (protobuf merge)', () => {
  const T = onnxType('ModelProto');
  const empty = T.encode(T.fromObject({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], graph: {} })).finish();
  assert.deepEqual(decodeModelBytes(empty).model.graph.nodes, []);
  // Two occurrences of ModelProto.graph (field 7): names are singular (the last wins), nodes repeat.
  const part = (g: object): Uint8Array => onnxType('GraphProto').encode(onnxType('GraphProto').fromObject(g)).finish();
  const first = part({ name: 'first', node: [{ opType: 'Relu', input: ['x'], output: ['y'] }], input: [{ name: 'x' }] });
  const second = part({ name: 'second', node: [{ opType: 'Neg', input: ['y'], output: ['z'] }], output: [{ name: 'z' }] });
  const head = T.encode(T.fromObject({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }] })).finish();
  const field = (b: Uint8Array): number[] => [0x3a, b.length, ...b];
  assert.ok(first.length < 128 && second.length < 128);
  const twice = new Uint8Array([...head, ...field(first), ...field(second)]);
  const g = decodeModelBytes(twice).model.graph;
  assert.equal(g.name, 'second');
  assert.deepEqual(g.nodes.map((n) => n.opType), ['Relu', 'Neg']);
  assert.deepEqual([g.inputs.map((v) => v.name), g.outputs.map((v) => v.name)], [['x'], ['z']]);
});

test('node strings decode as UTF-8 at every length, keep a byte-order mark, and invalid UTF-8 is not ONNX', () => {
  const names = ['', 'a', 'v123456', 'twelve_chars', 'thirteen_char', '/model/layers.0/self_attn/q_proj/MatMul_output_0', 'x'.repeat(64), 'x'.repeat(200), 'é', 'ノード_名前_とても長い名前です', '\uFEFFbom', 'Δ'.repeat(40)];
  const spec = {
    nodes: names.map((n, i) => node('Identity', [i === 0 ? 'x' : `t${i - 1}`], [`t${i}`], { name: n })),
    inputs: [tensorValue('x', DataType.FLOAT, [1])],
    outputs: [tensorValue(`t${names.length - 1}`, DataType.FLOAT, [1])],
  };
  const g = decodeModelBytes(buildModel(spec)).model.graph;
  assert.deepEqual(g.nodes.map((n) => n.name), names);
  assert.deepEqual(g.nodes.map((n) => n.outputs[0]), names.map((_, i) => `t${i}`));
  // One invalid byte in a node's name (0xFF is never UTF-8): the file is not a model.
  const bytes = buildModel({ ...spec, nodes: [node('Identity', ['x'], ['t0'], { name: 'bad_name_here' }), ...spec.nodes.slice(1)] });
  const at = Buffer.from(bytes).indexOf('bad_name_here');
  assert.ok(at > 0);
  bytes[at + 3] = 0xff;
  assert.throws(() => decodeModelBytes(bytes), /does not decode/);
});
