import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { decodeModelBytes, loadModel } from '../../src/onnx/loadModel';
import { LensError } from '../../src/onnx/lensError';
import { DataType, attr, buildModel, encodeModel, graph, model, node, tensor, tensorValue } from '../support/onnxBuilder';

/** Runs `fn` with a fresh temp folder, removed afterwards. */
function withTempDir(fn: (dir: string) => void): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-onnx-'));
  try {
    fn(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function assertLensError(run: () => unknown, code: string, message: string): void {
  assert.throws(run, (err: unknown) => {
    assert.ok(err instanceof LensError, `expected a LensError, got ${String(err)}`);
    assert.equal(err.code, code);
    assert.equal(err.message, message);
    return true;
  });
}

const relu = (extra: Partial<Parameters<typeof buildModel>[0]> = {}): Uint8Array =>
  buildModel({ nodes: [node('Relu', ['x'], ['y'], { name: 'r' })], inputs: [tensorValue('x', DataType.FLOAT, [2])], outputs: [tensorValue('y', DataType.FLOAT, [2])], ...extra });

/** A model whose single initializer W lives in external data at `location`. */
function externalModel(location: string, offset?: number, length?: number): Uint8Array {
  return buildModel({
    nodes: [node('Add', ['x', 'W'], ['y'])],
    inputs: [tensorValue('x', DataType.FLOAT, [100])],
    outputs: [tensorValue('y', DataType.FLOAT, [100])],
    initializers: [tensor('W', DataType.FLOAT, [100], { external: { location, offset, length } })],
  });
}

/** A model with If nodes nested `depth` graphs deep below the main graph; node at level k is 'if_k'. */
function nestedIfModel(depth: number): Uint8Array {
  let inner = graph({ name: `g${depth}`, nodes: [node('Identity', ['x'], [`o${depth}`])], inputs: [], outputs: [tensorValue(`o${depth}`, DataType.FLOAT, [2])] });
  for (let level = depth - 1; level >= 0; level--) {
    const n = node('If', ['c'], [`o${level}`], { name: `if_${level}`, attrs: [attr.graph('then_branch', inner), attr.graph('else_branch', inner)] });
    inner = graph({ name: `g${level}`, nodes: [n], inputs: [], outputs: [tensorValue(`o${level}`, DataType.FLOAT, [2])] });
  }
  return encodeModel({ ...model({ nodes: [], inputs: [], outputs: [] }), graph: { ...inner, input: [tensorValue('c', DataType.BOOL, []), tensorValue('x', DataType.FLOAT, [2])] } });
}

test('loadModel() reads a model file and reports its sizes', () => {
  withTempDir((dir) => {
    const bytes = relu();
    const file = path.join(dir, 'm.onnx');
    fs.writeFileSync(file, bytes);
    const loaded = loadModel(file);
    assert.equal(loaded.filePath, file);
    assert.equal(loaded.fileBytes, bytes.length);
    assert.equal(loaded.bytesRead, bytes.length);
    assert.ok(loaded.metadataBytes > 0);
    assert.deepEqual(loaded.model.graph.nodes.map((n) => n.name), ['r']);
  });
});

test('loadModel() of a 64 MiB initializer reads far less than the file and keeps metadata small', () => {
  withTempDir((dir) => {
    const file = path.join(dir, 'big.onnx');
    const elements = 16 * 1024 * 1024;
    fs.writeFileSync(file, buildModel({
      nodes: [node('Add', ['x', 'W'], ['y'])],
      inputs: [tensorValue('x', DataType.FLOAT, [elements])],
      outputs: [tensorValue('y', DataType.FLOAT, [elements])],
      initializers: [tensor('W', DataType.FLOAT, [elements])],
    }));
    const loaded = loadModel(file);
    const [w] = loaded.model.graph.initializers;
    assert.ok(loaded.fileBytes > 64 * 1024 * 1024);
    assert.ok(loaded.bytesRead < 1024 * 1024, `bytesRead ${loaded.bytesRead}`);
    assert.ok(loaded.metadataBytes < 1024, `metadataBytes ${loaded.metadataBytes}`);
    assert.equal(w!.byteSize, 64 * 1024 * 1024);
    assert.equal(w!.storedBytes, 64 * 1024 * 1024);
    assert.equal(w!.values, null);
  });
});

test('decodeModelBytes() refuses text as not-onnx', () => {
  assertLensError(() => decodeModelBytes(new TextEncoder().encode('hello world, this is not a model\n')), 'not-onnx', 'Not an ONNX model: invalid protobuf at byte 2');
});

test('decodeModelBytes() refuses a zip archive as not-onnx', () => {
  assertLensError(() => decodeModelBytes(Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0)), 'not-onnx', 'Not an ONNX model: invalid protobuf at byte 2');
});

test('decodeModelBytes() refuses an empty file as not-onnx', () => {
  assertLensError(() => decodeModelBytes(new Uint8Array(0)), 'not-onnx', 'Not an ONNX model: ir_version is missing');
});

test('decodeModelBytes() refuses a protobuf that is not a ModelProto (a bare GraphProto)', () => {
  const { onnxType } = require('../../src/onnx/onnxSchema') as typeof import('../../src/onnx/onnxSchema');
  const g = graph({ nodes: [node('Relu', ['x'], ['y'])], inputs: [], outputs: [] });
  const T = onnxType('GraphProto');
  assertLensError(() => decodeModelBytes(T.encode(T.fromObject(g)).finish()), 'not-onnx', 'Not an ONNX model: invalid protobuf at byte 0');
});

test('decodeModelBytes() refuses a ModelProto without a graph', () => {
  const m = model({ nodes: [], inputs: [], outputs: [] });
  delete m.graph;
  assertLensError(() => decodeModelBytes(encodeModel(m)), 'not-onnx', 'Not an ONNX model: graph is missing');
});

test('decodeModelBytes() refuses a ModelProto without ir_version', () => {
  const m = model({ nodes: [node('Relu', ['x'], ['y'])], inputs: [], outputs: [] });
  delete m.irVersion;
  assertLensError(() => decodeModelBytes(encodeModel(m)), 'not-onnx', 'Not an ONNX model: ir_version is missing');
});

test('decodeModelBytes() refuses a known field with the wrong wire type', () => {
  // ir_version (field 1, varint) then graph (field 7) sent as a varint.
  assertLensError(() => decodeModelBytes(Uint8Array.of(0x08, 0x08, 0x38, 0x01)), 'not-onnx', 'Field 7 of ModelProto at byte 2 has wire type 0, expected 2');
});

test('decodeModelBytes() reports a truncated model with the byte offset', () => {
  // ir_version 8, then graph (field 7) declaring 100 bytes of which 5 are present.
  assertLensError(() => decodeModelBytes(Uint8Array.of(0x08, 0x08, 0x3a, 100, 1, 2, 3, 4, 5)), 'truncated', 'Truncated data at byte 3: field needs 100 bytes but only 5 remain');
});

test('decodeModelBytes() of every prefix of a model either decodes (cut between top-level fields) or throws truncated/not-onnx', () => {
  const bytes = relu({ initializers: [tensor('w', DataType.FLOAT, [64], { values: Array.from({ length: 64 }, (_, i) => i) })] });
  let errors = 0;
  for (let cut = 1; cut < bytes.length; cut++) {
    try {
      decodeModelBytes(bytes.slice(0, cut));
    } catch (err) {
      assert.ok(err instanceof LensError && ['truncated', 'not-onnx'].includes(err.code), `cut at ${cut}: ${String(err)}`);
      errors++;
    }
  }
  assert.ok(errors > bytes.length - 10, `${errors} of ${bytes.length - 1} prefixes refused`);
});

test('loadModel() reports a missing external data file', () => {
  withTempDir((dir) => {
    fs.writeFileSync(path.join(dir, 'm.onnx'), externalModel('w.bin'));
    assertLensError(() => loadModel(path.join(dir, 'm.onnx')), 'external-data', "External data file 'w.bin' for tensor 'W' not found");
  });
});

test('loadModel() refuses an absolute external data location', () => {
  withTempDir((dir) => {
    fs.writeFileSync(path.join(dir, 'm.onnx'), externalModel('/etc/passwd'));
    assertLensError(() => loadModel(path.join(dir, 'm.onnx')), 'external-data', "External data location '/etc/passwd' for tensor 'W' is an absolute path");
  });
});

test('loadModel() refuses an external data location that escapes the model folder', () => {
  withTempDir((dir) => {
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.writeFileSync(path.join(dir, 'x.bin'), new Uint8Array(400));
    fs.writeFileSync(path.join(dir, 'sub', 'm.onnx'), externalModel('../x.bin'));
    assertLensError(() => loadModel(path.join(dir, 'sub', 'm.onnx')), 'external-data', "External data location '../x.bin' for tensor 'W' escapes the model folder");
    fs.writeFileSync(path.join(dir, 'sub', 'm.onnx'), externalModel('a/../../x.bin'));
    assertLensError(() => loadModel(path.join(dir, 'sub', 'm.onnx')), 'external-data', "External data location 'a/../../x.bin' for tensor 'W' escapes the model folder");
  });
});

test('loadModel() refuses a symlink that resolves outside the model folder', () => {
  withTempDir((dir) => {
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.writeFileSync(path.join(dir, 'x.bin'), new Uint8Array(400));
    fs.symlinkSync(path.join(dir, 'x.bin'), path.join(dir, 'sub', 'w.bin'));
    fs.writeFileSync(path.join(dir, 'sub', 'm.onnx'), externalModel('w.bin'));
    assertLensError(() => loadModel(path.join(dir, 'sub', 'm.onnx')), 'external-data', "External data location 'w.bin' for tensor 'W' resolves outside the model folder");
  });
});

test('loadModel() refuses external data whose offset + length runs past the file', () => {
  withTempDir((dir) => {
    fs.writeFileSync(path.join(dir, 'w.bin'), new Uint8Array(400));
    fs.writeFileSync(path.join(dir, 'm.onnx'), externalModel('w.bin', 500, 400));
    assertLensError(() => loadModel(path.join(dir, 'm.onnx')), 'external-data', "External data for tensor 'W' ends at byte 900 beyond 'w.bin' (400 bytes)");
  });
});

test('loadModel() accepts external data inside the folder and takes the rest of the file when length is absent', () => {
  withTempDir((dir) => {
    fs.mkdirSync(path.join(dir, 'data'));
    fs.writeFileSync(path.join(dir, 'data', 'w.bin'), new Uint8Array(464));
    fs.writeFileSync(path.join(dir, 'm.onnx'), externalModel('./data/w.bin', 64));
    const [w] = loadModel(path.join(dir, 'm.onnx')).model.graph.initializers;
    assert.equal(w!.storedBytes, 400);
    assert.equal(w!.byteSize, 400);
    assert.deepEqual(w!.external, { location: './data/w.bin', offset: 64, length: null });
  });
});

test('loadModel() checks external data of Constant attributes inside subgraphs', () => {
  withTempDir((dir) => {
    const constant = node('Constant', [], ['k'], { attrs: [attr.tensor('value', tensor('K', DataType.FLOAT, [4], { external: { location: 'k.bin' } }))] });
    const body = graph({ name: 'then', nodes: [constant], inputs: [], outputs: [tensorValue('k', DataType.FLOAT, [4])] });
    fs.writeFileSync(path.join(dir, 'm.onnx'), buildModel({
      nodes: [node('If', ['c'], ['y'], { attrs: [attr.graph('then_branch', body), attr.graph('else_branch', body)] })],
      inputs: [tensorValue('c', DataType.BOOL, [])],
      outputs: [tensorValue('y', DataType.FLOAT, [4])],
    }));
    assertLensError(() => loadModel(path.join(dir, 'm.onnx')), 'external-data', "External data file 'k.bin' for tensor 'K' not found");
  });
});

test('decodeModelBytes() refuses a negative dim in an initializer', () => {
  const bytes = relu({ initializers: [{ name: 'W', dataType: DataType.FLOAT, dims: [2, -3] }] });
  assertLensError(() => decodeModelBytes(bytes), 'bad-model', "Negative dimension -3 in initializer 'W'");
});

test('decodeModelBytes() reads a negative dim in a declared shape as unknown (paddle2onnx writes -1 for dynamic dims; ORT runs them)', () => {
  const bytes = buildModel({ nodes: [node('Relu', ['x'], ['y'])], inputs: [tensorValue('x', DataType.FLOAT, [-1, 2])], outputs: [tensorValue('y', DataType.FLOAT, [-1, 2])] });
  const { model } = decodeModelBytes(bytes);
  assert.deepEqual(model.graph.inputs[0]!.type, { kind: 'tensor', elemType: DataType.FLOAT, shape: [null, 2] });
  assert.deepEqual(model.graph.outputs[0]!.type, { kind: 'tensor', elemType: DataType.FLOAT, shape: [null, 2] });
});

test('decodeModelBytes() accepts 8 levels of subgraphs and refuses 10 with too-deep naming the node', () => {
  assert.equal(decodeModelBytes(nestedIfModel(8)).model.graph.nodes[0]!.name, 'if_0');
  assertLensError(() => decodeModelBytes(nestedIfModel(10)), 'too-deep', "Subgraph nesting deeper than 8 at node 'if_8'");
});

test('decodeModelBytes() refuses two nodes defining one value', () => {
  const bytes = buildModel({
    name: 'g',
    nodes: [node('Relu', ['x'], ['y'], { name: 'a' }), node('Abs', ['x'], ['y'], { name: 'b' })],
    inputs: [tensorValue('x', DataType.FLOAT, [2])],
    outputs: [tensorValue('y', DataType.FLOAT, [2])],
  });
  assertLensError(() => decodeModelBytes(bytes), 'duplicate-name', "Value 'y' in graph 'g' is defined twice (by node 'a' and by node 'b')");
});

test('decodeModelBytes() refuses a node output that redefines an initializer', () => {
  const bytes = relu({ name: 'g', initializers: [tensor('y', DataType.FLOAT, [2])] });
  assertLensError(() => decodeModelBytes(bytes), 'duplicate-name', "Value 'y' in graph 'g' is defined twice (by an initializer and by node 'r')");
});

test('decodeModelBytes() accepts a graph input that shares its name with an initializer', () => {
  const bytes = buildModel({
    nodes: [node('Add', ['x', 'w'], ['y'])],
    inputs: [tensorValue('x', DataType.FLOAT, [2]), tensorValue('w', DataType.FLOAT, [2])],
    outputs: [tensorValue('y', DataType.FLOAT, [2])],
    initializers: [tensor('w', DataType.FLOAT, [2], { values: [1, 2] })],
  });
  assert.deepEqual(decodeModelBytes(bytes).model.graph.initializers.map((t) => t.name), ['w']);
});

test('decodeModelBytes() accepts a main graph without nodes (ORT 1.30 runs it: its output is its input)', () => {
  const bytes = buildModel({ name: 'g', nodes: [], inputs: [tensorValue('x', DataType.FLOAT, [2])], outputs: [tensorValue('x', DataType.FLOAT, [2])] });
  assert.equal(decodeModelBytes(bytes).model.graph.nodes.length, 0);
});
