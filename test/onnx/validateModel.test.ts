import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { DataType, attr, buildModel, graph, node, tensor, tensorValue } from '../support/onnxBuilder';

const ifWith = (body: Record<string, unknown>): Uint8Array =>
  buildModel({
    nodes: [node('If', ['c'], ['y'], { name: 'if', attrs: [attr.graph('then_branch', body), attr.graph('else_branch', body)] })],
    inputs: [tensorValue('c', DataType.BOOL, [])],
    outputs: [tensorValue('y', DataType.FLOAT, [2])],
  });

test('validateModel() refuses duplicate definitions inside a subgraph', () => {
  const body = graph({ name: 'then', nodes: [node('Relu', ['x'], ['t'], { name: 'a' }), node('Abs', ['x'], ['t'], { name: 'b' })], inputs: [], outputs: [tensorValue('t', DataType.FLOAT, [2])] });
  assert.throws(() => decodeModelBytes(ifWith(body)), { code: 'duplicate-name', message: "Value 't' in graph 'then' is defined twice (by node 'a' and by node 'b')" });
});

test('a negative dim declared inside a subgraph is read as unknown, as ORT reads it', () => {
  const body = graph({ name: 'then', nodes: [node('Relu', ['x'], ['t'])], inputs: [], outputs: [tensorValue('t', DataType.FLOAT, [-4])] });
  const then = decodeModelBytes(ifWith(body)).model.graph.nodes[0]!.attributes.find((a) => a.name === 'then_branch')!.g!;
  assert.deepEqual(then.outputs[0]!.type, { kind: 'tensor', elemType: DataType.FLOAT, shape: [null] });
});

test('validateModel() refuses a negative dim in a Constant tensor attribute', () => {
  const bytes = buildModel({
    nodes: [node('Constant', [], ['k'], { name: 'const', attrs: [attr.tensor('value', { name: 'k', dataType: DataType.FLOAT, dims: [-2] })] })],
    inputs: [],
    outputs: [tensorValue('k', DataType.FLOAT, null)],
  });
  assert.throws(() => decodeModelBytes(bytes), { code: 'bad-model', message: "Negative dimension -2 in tensor 'k' of attribute 'value' of node 'const'" });
});

test('validateModel() refuses two graph inputs with one name but ignores omitted optional outputs', () => {
  const twice = buildModel({ name: 'g', nodes: [node('Relu', ['x'], ['y'])], inputs: [tensorValue('x', DataType.FLOAT, [2]), tensorValue('x', DataType.FLOAT, [2])], outputs: [] });
  assert.throws(() => decodeModelBytes(twice), { code: 'duplicate-name', message: "Value 'x' in graph 'g' is defined twice (by graph input and by graph input)" });
  const omitted = buildModel({ nodes: [node('Dropout', ['x'], ['y', '']), node('Split', ['y'], ['a', '', 'b'])], inputs: [tensorValue('x', DataType.FLOAT, [2])], outputs: [] });
  assert.equal(decodeModelBytes(omitted).model.graph.nodes.length, 2);
});

test('validateModel() checks subgraphs inside function bodies', () => {
  const body = graph({ name: 'fbody', nodes: [node('Relu', ['x'], ['t'], { name: 'a' }), node('Abs', ['x'], ['t'], { name: 'b' })], inputs: [], outputs: [tensorValue('t', DataType.FLOAT, [2])] });
  const fn = { name: 'F', domain: 'local', input: ['c'], output: ['y'], node: [node('If', ['c'], ['y'], { attrs: [attr.graph('then_branch', body)] })] };
  const bytes = buildModel({ nodes: [node('F', ['c'], ['y'], { domain: 'local' })], inputs: [], outputs: [], functions: [fn], opsets: { local: 1 } });
  assert.throws(() => decodeModelBytes(bytes), { code: 'duplicate-name', message: "Value 't' in graph 'fbody' is defined twice (by node 'a' and by node 'b')" });
});

test('validateModel() refuses a negative dim in a sparse initializer', () => {
  const bytes = buildModel({
    nodes: [node('Relu', ['s'], ['y'])],
    inputs: [],
    outputs: [],
    sparseInitializers: [{ values: tensor('s', DataType.FLOAT, [1], { values: [1] }), indices: { name: 'i', dataType: DataType.INT64, dims: [1], int64Data: [0] }, dims: [-5] }],
  });
  assert.throws(() => decodeModelBytes(bytes), { code: 'bad-model', message: "Negative dimension -5 in sparse initializer 's'" });
});

test('validateModel() lets one initializer give a graph input its default, and names the definers of a repeat after it', () => {
  const x = tensorValue('x', DataType.FLOAT, [2]);
  const w = (): ReturnType<typeof tensor> => tensor('x', DataType.FLOAT, [2]);
  const defaulted = buildModel({ name: 'g', nodes: [node('Relu', ['x'], ['y'])], inputs: [x], outputs: [], initializers: [w()] });
  assert.equal(decodeModelBytes(defaulted).model.graph.initializers.length, 1);
  const twoDefaults = buildModel({ name: 'g', nodes: [node('Relu', ['x'], ['y'])], inputs: [x], outputs: [], initializers: [w(), w()] });
  assert.throws(() => decodeModelBytes(twoDefaults), { code: 'duplicate-name', message: "Value 'x' in graph 'g' is defined twice (by an initializer and by an initializer)" });
  const thenNode = buildModel({ name: 'g', nodes: [node('Relu', ['y'], ['x'], { name: 'r' })], inputs: [x, tensorValue('y', DataType.FLOAT, [2])], outputs: [], initializers: [w()] });
  assert.throws(() => decodeModelBytes(thenNode), { code: 'duplicate-name', message: "Value 'x' in graph 'g' is defined twice (by an initializer and by node 'r')" });
  const noInput = buildModel({ name: 'g', nodes: [node('Relu', ['x'], ['y'])], inputs: [], outputs: [], initializers: [w(), w()] });
  assert.throws(() => decodeModelBytes(noInput), { code: 'duplicate-name', message: "Value 'x' in graph 'g' is defined twice (by an initializer and by an initializer)" });
});
