import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compactModel, SMALL_PAYLOAD_BYTES } from '../../src/onnx/compactModel';
import { MAX_READ_BYTES, MemorySource } from '../../src/onnx/byteSource';
import { onnxType } from '../../src/onnx/onnxSchema';
import { SMALL_VALUE_LIMIT } from '../../src/onnx/model';
import { DataType, attr, buildModel, constantNode, graph, int64Tensor, node, tensor, tensorValue } from '../support/onnxBuilder';

type Obj = Record<string, any>;
const decode = (bytes: Uint8Array): Obj => onnxType('ModelProto').toObject(onnxType('ModelProto').decode(bytes), { longs: Number, bytes: Array }) as Obj;
const compact = (bytes: Uint8Array) => compactModel(new MemorySource(bytes));

const bigCount = SMALL_VALUE_LIMIT + 1;

test('compactModel() drops large raw_data and records its stored bytes in lensStoredBytes', () => {
  const bytes = buildModel({
    nodes: [node('Add', ['x', 'W'], ['y'])],
    inputs: [tensorValue('x', DataType.FLOAT, [bigCount])],
    outputs: [tensorValue('y', DataType.FLOAT, [bigCount])],
    initializers: [tensor('W', DataType.FLOAT, [bigCount])],
  });
  const c = compact(bytes);
  const w = decode(c.bytes).graph.initializer[0];
  assert.equal(c.droppedTensorCount, 1);
  assert.equal(w.rawData, undefined);
  assert.equal(w.lensStoredBytes, bigCount * 4);
  assert.deepEqual(w.dims, [bigCount]);
  assert.ok(c.bytes.length < bytes.length - bigCount * 4 + 64);
});

test('compactModel() keeps the payload of small tensors (Reshape shapes, Constant values)', () => {
  const bytes = buildModel({
    nodes: [constantNode('k', int64Tensor('k', [1, 2, 3])), node('Reshape', ['x', 'shape'], ['y'])],
    inputs: [tensorValue('x', DataType.FLOAT, [6])],
    outputs: [tensorValue('y', DataType.FLOAT, [2, 3])],
    initializers: [int64Tensor('shape', [2, 3]), tensor('f', DataType.FLOAT, [SMALL_VALUE_LIMIT])],
  });
  const c = compact(bytes);
  const m = decode(c.bytes);
  assert.equal(c.droppedTensorCount, 0);
  assert.deepEqual(m.graph.initializer[0].int64Data, [2, 3]);
  assert.equal(m.graph.initializer[0].lensStoredBytes, 16);
  assert.equal(m.graph.initializer[1].rawData.length, SMALL_VALUE_LIMIT * 4);
  assert.deepEqual(m.graph.node[0].attribute[0].t.int64Data, [1, 2, 3]);
});

test('compactModel() drops a payload over 64 KiB even when the element count is small', () => {
  const strings = Array.from({ length: 2 }, () => new Uint8Array(SMALL_PAYLOAD_BYTES));
  const bytes = buildModel({
    nodes: [node('Identity', ['s'], ['y'])],
    inputs: [],
    outputs: [tensorValue('y', DataType.STRING, [2])],
    initializers: [{ name: 's', dataType: DataType.STRING, dims: [2], stringData: strings }],
  });
  const s = decode(compact(bytes).bytes).graph.initializer[0];
  assert.equal(s.stringData, undefined);
  assert.equal(s.lensStoredBytes, 2 * SMALL_PAYLOAD_BYTES);
});

test('compactModel() walks subgraphs, sparse initializers and function bodies', () => {
  const body = graph({ name: 'body', nodes: [constantNode('c', tensor('c', DataType.FLOAT, [bigCount]))], inputs: [], outputs: [tensorValue('c', DataType.FLOAT, [bigCount])] });
  const fnConst = constantNode('d', tensor('d', DataType.FLOAT, [bigCount]));
  const m = {
    irVersion: 9,
    opsetImport: [{ domain: '', version: 18 }],
    graph: {
      ...graph({
        nodes: [node('If', ['cond'], ['y'], { attrs: [attr.graph('then_branch', body), attr.graph('else_branch', body)] })],
        inputs: [tensorValue('cond', DataType.BOOL, [])],
        outputs: [tensorValue('y', DataType.FLOAT, [bigCount])],
      }),
      sparseInitializer: [{ values: tensor('sv', DataType.FLOAT, [bigCount]), indices: tensor('si', DataType.INT64, [bigCount]), dims: [bigCount * 2] }],
    },
    functions: [{ name: 'F', domain: 'local', node: [fnConst], input: [], output: ['d'] }],
  };
  const T = onnxType('ModelProto');
  const c = compact(T.encode(T.fromObject(m)).finish());
  assert.equal(c.droppedTensorCount, 5);
  const out = decode(c.bytes);
  assert.equal(out.graph.node[0].attribute[0].g.node[0].attribute[0].t.lensStoredBytes, bigCount * 4);
  assert.equal(out.graph.sparseInitializer[0].indices.lensStoredBytes, bigCount * 8);
  assert.equal(out.functions[0].node[0].attribute[0].t.rawData, undefined);
});

test('compactModel() copies fields it does not walk, unknown ones included, and rewrites lengths', () => {
  const base = buildModel({ nodes: [node('Relu', ['x'], ['y'], { name: 'n' })], inputs: [], outputs: [] });
  // Append an unknown top-level field 99 (length-delimited, 3 bytes) after the known ones.
  const bytes = new Uint8Array([...base, 0x9a, 0x06, 3, 7, 8, 9]);
  const c = compact(bytes);
  assert.deepEqual(Array.from(c.bytes.slice(-6)), [0x9a, 0x06, 3, 7, 8, 9]);
  assert.equal(decode(c.bytes).graph.node[0].name, 'n');
});

test('compactModel() ignores a lensStoredBytes field planted in the file and writes its own', () => {
  const T = onnxType('ModelProto');
  const m = T.fromObject({
    irVersion: 8,
    graph: graph({ nodes: [node('Relu', ['x'], ['y'])], inputs: [], outputs: [], initializers: [{ ...tensor('w', DataType.FLOAT, [2]), lensStoredBytes: 123456 }] }),
  });
  assert.equal(decode(compact(T.encode(m).finish()).bytes).graph.initializer[0].lensStoredBytes, 8);
});

test('compactModel() drops a doc string larger than the read limit and refuses other huge fields', () => {
  const hugeBytes = MAX_READ_BYTES + 1;
  const base = buildModel({ nodes: [node('Relu', ['x'], ['y'], { name: 'n' })], inputs: [], outputs: [] });
  const withField = (fieldKey: number): Uint8Array => {
    const prefix = [fieldKey, ...varint(hugeBytes)];
    const out = new Uint8Array(base.length + prefix.length + hugeBytes);
    out.set(base);
    out.set(prefix, base.length);
    return out;
  };
  const docString = compact(withField(0x32)); // ModelProto.doc_string (6)
  assert.equal(decode(docString.bytes).docString, undefined);
  assert.equal(decode(docString.bytes).graph.node[0].name, 'n');
  assert.throws(() => compact(withField(0x12)), { code: 'bad-model', message: `Field 2 of ModelProto at byte ${base.length} is ${hugeBytes} bytes, over the ${MAX_READ_BYTES}-byte limit` });
});

function varint(value: number): number[] {
  const out: number[] = [];
  for (let v = value; ; v = Math.floor(v / 128)) {
    if (v < 128) return [...out, v];
    out.push((v % 128) | 128);
  }
}

test('compactModel() output of a model with only small tensors still runs in onnxruntime-node', async () => {
  const ort = require('onnxruntime-node') as typeof import('onnxruntime-node');
  const bytes = buildModel({
    nodes: [node('Add', ['x', 'w'], ['s']), node('Reshape', ['s', 'shape'], ['y'])],
    inputs: [tensorValue('x', DataType.FLOAT, [4])],
    outputs: [tensorValue('y', DataType.FLOAT, [2, 2])],
    initializers: [tensor('w', DataType.FLOAT, [4], { values: [1, 2, 3, 4] }), int64Tensor('shape', [2, 2])],
  });
  const session = await ort.InferenceSession.create(compact(bytes).bytes);
  const out = await session.run({ x: new ort.Tensor('float32', Float32Array.from([10, 20, 30, 40]), [4]) });
  assert.deepEqual(Array.from(out.y!.data as Float32Array), [11, 22, 33, 44]);
  assert.deepEqual(out.y!.dims, [2, 2]);
});
