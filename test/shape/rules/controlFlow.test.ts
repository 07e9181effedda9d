import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Graph } from '../../../src/onnx/model';
import { attr, DataType, graph, int64Tensor, node, tensor, tensorValue, typedValue } from '../../support/onnxBuilder';
import { inferModel, runtimeShape, valueOf } from '../inferHelper';

const F = DataType.FLOAT;
const I = DataType.INT64;
const B = DataType.BOOL;

function bodyOf(g: { graph: Graph }, nodeIndex: number, attrName: string): Graph {
  const a = g.graph.nodes[nodeIndex].attributes.find((x) => x.name === attrName);
  assert.ok(a?.g, `node ${nodeIndex} has graph attribute ${attrName}`);
  return a.g;
}

const thenBranch = graph({ name: 'then', inputs: [], outputs: [tensorValue('t', F, null)], nodes: [node('Relu', ['x'], ['t'])] });
const elseBranch = graph({ name: 'else', inputs: [], outputs: [tensorValue('e', F, null)], nodes: [node('Concat', ['x', 'x'], ['e'], { attrs: [attr.int('axis', 0)] })] });

test('If output is the union of its branches and each body is inferred with the outer scope', () => {
  const { model, result } = inferModel({
    inputs: [tensorValue('c', B, []), tensorValue('x', F, [2, 'n'])],
    outputs: [tensorValue('y', F, null)],
    nodes: [node('If', ['c'], ['y'], { attrs: [attr.graph('then_branch', thenBranch), attr.graph('else_branch', elseBranch)] })],
  });
  const y = valueOf(result, 'y');
  assert.deepEqual(y.staticShape, [null, 'n']);
  assert.deepEqual(runtimeShape(y), [null, 'n']);
  assert.equal(y.reason, 'If branches give different dims');
  const thenRes = result.subgraphs.get(bodyOf(model, 0, 'then_branch'));
  assert.deepEqual(thenRes?.values.get('t')?.staticShape, [2, 'n']);
  const elseRes = result.subgraphs.get(bodyOf(model, 0, 'else_branch'));
  assert.deepEqual(elseRes?.values.get('e')?.staticShape, [4, 'n']);
});

test('If with a known condition takes that branch in the runtime channel only', () => {
  const { result } = inferModel({
    inputs: [tensorValue('x', F, [2, 'n'])],
    initializers: [tensor('c', B, [], { values: [0] })],
    outputs: [tensorValue('y', F, null)],
    nodes: [node('If', ['c'], ['y'], { attrs: [attr.graph('then_branch', thenBranch), attr.graph('else_branch', elseBranch)] })],
  });
  const y = valueOf(result, 'y');
  assert.deepEqual(runtimeShape(y), [4, 'n']);
  assert.deepEqual(y.staticShape, [null, 'n']);
});

const loopBody = graph({
  name: 'body',
  inputs: [tensorValue('i', I, []), tensorValue('cin', B, []), tensorValue('acc', F, null)],
  outputs: [tensorValue('cout', B, []), tensorValue('acc_out', F, null), tensorValue('scan', F, null)],
  nodes: [node('Identity', ['cin'], ['cout']), node('Add', ['acc', 'x'], ['acc_out']), node('Relu', ['x'], ['scan'])],
});

test('Loop with a known trip count prefixes scan outputs with it; carried shapes stay out of the static channel', () => {
  const { model, result } = inferModel({
    inputs: [tensorValue('x', F, [3]), tensorValue('a0', F, [3])],
    initializers: [int64Tensor('m', [5], [])],
    outputs: [tensorValue('acc_final', F, null), tensorValue('scans', F, null)],
    nodes: [node('Loop', ['m', '', 'a0'], ['acc_final', 'scans'], { attrs: [attr.graph('body', loopBody)] })],
  });
  assert.deepEqual(runtimeShape(valueOf(result, 'scans')), [5, 3]);
  assert.deepEqual(valueOf(result, 'scans').staticShape, [null, 3]);
  assert.deepEqual(runtimeShape(valueOf(result, 'acc_final')), [3]);
  assert.equal(valueOf(result, 'acc_final').staticShape, null);
  const body = result.subgraphs.get(bodyOf(model, 0, 'body'));
  assert.equal(body?.values.get('acc')?.staticShape, null, 'ONNX passes loop-carried types to the body without shape');
  assert.deepEqual(body?.values.get('acc')?.shape, [3]);
});

test('Loop with a runtime trip count gets a bindable iterations symbol', () => {
  const spec = {
    inputs: [tensorValue('m', I, []), tensorValue('c', B, []), tensorValue('x', F, [3]), tensorValue('a0', F, [3])],
    outputs: [tensorValue('acc_final', F, null), tensorValue('scans', F, null)],
    nodes: [node('Loop', ['m', 'c', 'a0'], ['acc_final', 'scans'], { attrs: [attr.graph('body', loopBody)] })],
  };
  assert.deepEqual(runtimeShape(valueOf(inferModel(spec).result, 'scans')), ['Loop_0.iterations', 3]);
  assert.deepEqual(valueOf(inferModel(spec, { 'Loop_0.iterations': 4 }).result, 'scans').shape, [4, 3]);
});

test('Scan (opset 9+) strips the scan axis for the body and inserts the sequence length in scan outputs', () => {
  const body = graph({
    name: 'sbody',
    inputs: [tensorValue('s', F, null), tensorValue('e', F, null)],
    outputs: [tensorValue('s2', F, null), tensorValue('o', F, null)],
    nodes: [node('Add', ['s', 'e'], ['s2']), node('Identity', ['s2'], ['o'])],
  });
  const { model, result } = inferModel({
    opset: 11,
    inputs: [tensorValue('init', F, [2]), tensorValue('seq', F, ['T', 2])],
    outputs: [tensorValue('last', F, null), tensorValue('all', F, null)],
    nodes: [node('Scan', ['init', 'seq'], ['last', 'all'], { attrs: [attr.int('num_scan_inputs', 1), attr.graph('body', body)] })],
  });
  assert.deepEqual(valueOf(result, 'last').staticShape, [2]);
  assert.deepEqual(valueOf(result, 'all').staticShape, ['T', 2]);
  assert.deepEqual(result.subgraphs.get(bodyOf(model, 0, 'body'))?.values.get('e')?.staticShape, [2]);
});

test('Scan (opset 8) keeps the batch dim in front', () => {
  const body = graph({
    name: 'sbody8',
    inputs: [tensorValue('s', F, null), tensorValue('e', F, null)],
    outputs: [tensorValue('s2', F, null), tensorValue('o', F, null)],
    nodes: [node('Add', ['s', 'e'], ['s2']), node('Identity', ['s2'], ['o'])],
  });
  const { result } = inferModel({
    opset: 8,
    inputs: [tensorValue('init', F, [1, 2]), tensorValue('seq', F, [1, 3, 2])],
    outputs: [tensorValue('last', F, null), tensorValue('all', F, null)],
    nodes: [node('Scan', ['', 'init', 'seq'], ['last', 'all'], { attrs: [attr.int('num_scan_inputs', 1), attr.graph('body', body)] })],
  });
  assert.deepEqual(valueOf(result, 'last').staticShape, [1, 2]);
  assert.deepEqual(valueOf(result, 'all').staticShape, [1, 3, 2]);
});

test('SequenceMap maps each element through its body into a sequence', () => {
  const seqOf = (name: string) => typedValue(name, { sequenceType: { elemType: { tensorType: { elemType: F, shape: { dim: [{ dimParam: 'N' }] } } } } });
  const body = graph({ name: 'mbody', inputs: [tensorValue('in', F, null)], outputs: [tensorValue('out', F, null)], nodes: [node('Relu', ['in'], ['out'])] });
  const { result } = inferModel({
    inputs: [seqOf('xs')],
    outputs: [seqOf('ys')],
    nodes: [node('SequenceMap', ['xs'], ['ys'], { attrs: [attr.graph('body', body)] })],
  });
  const ys = valueOf(result, 'ys');
  assert.equal(ys.kind, 'sequence');
  assert.deepEqual(ys.staticShape, ['N']);
});

test('sequence and optional ops carry element types', () => {
  const { result } = inferModel({
    opset: 16,
    inputs: [tensorValue('a', F, [2, 3]), tensorValue('b', F, [2, 3])],
    outputs: [tensorValue('at', F, null)],
    initializers: [int64Tensor('k', [0], [])],
    nodes: [
      node('SequenceConstruct', ['a', 'b'], ['s']),
      node('SequenceLength', ['s'], ['len']),
      node('SequenceAt', ['s', 'k'], ['at']),
      node('Optional', ['s'], ['opt']),
      node('OptionalGetElement', ['opt'], ['back']),
      node('OptionalHasElement', ['opt'], ['has']),
    ],
  });
  assert.deepEqual([valueOf(result, 's').kind, valueOf(result, 's').staticShape], ['sequence', [2, 3]]);
  assert.deepEqual([valueOf(result, 'len').dtype, valueOf(result, 'len').staticShape], [I, []]);
  assert.deepEqual([valueOf(result, 'at').kind, valueOf(result, 'at').staticShape], ['tensor', [2, 3]]);
  assert.equal(valueOf(result, 'opt').kind, 'optional');
  assert.equal(valueOf(result, 'back').kind, 'sequence');
  assert.equal(valueOf(result, 'has').dtype, B);
});

test('bodies of an op without a shape rule are still inferred from their declared inputs', () => {
  const body = graph({ name: 'mod', inputs: [tensorValue('q', F, ['b', 4])], outputs: [tensorValue('r', F, null)], nodes: [node('Relu', ['q'], ['r'])] });
  const { model, result } = inferModel({
    opsets: { 'x.custom': 1 },
    inputs: [tensorValue('x', F, [2])],
    outputs: [tensorValue('y', F, null)],
    nodes: [node('Flex', ['x'], ['y'], { domain: 'x.custom', attrs: [attr.graph('score_mod', body)] })],
  });
  assert.equal(valueOf(result, 'y').reason, 'no shape rule for x.custom::Flex');
  assert.deepEqual(result.subgraphs.get(bodyOf(model, 0, 'score_mod'))?.values.get('r')?.staticShape, ['b', 4]);
});
