import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Graph } from '../../src/onnx/model';
import { inferenceOrder, subgraphReads } from '../../src/shape/graphOrder';
import type { ShapeNode } from '../../src/shape/ruleContext';

const n = (name: string, inputs: string[], outputs: string[], body?: Graph): ShapeNode => ({
  name,
  opType: body ? 'If' : 'Relu',
  domain: '',
  inputs,
  outputs,
  attributes: body ? [{ name: 'then_branch', type: 5, g: body }] : [],
});

function body(reads: string[]): Graph {
  return { name: 'b', nodes: [{ name: 'inner', opType: 'Add', domain: '', inputs: reads, outputs: ['o'], attributes: [] }], initializers: [], sparseInitializers: [], inputs: [], outputs: [], valueInfo: [] };
}

test('inferenceOrder() puts producers before consumers whatever the file order', () => {
  const order = inferenceOrder([n('c', ['b'], ['c']), n('b', ['a'], ['b']), n('a', ['x'], ['a'])]);
  assert.deepEqual(order.map((x) => x.name), ['a', 'b', 'c']);
});

test('inferenceOrder() skips index gaps and keeps file order among independent nodes', () => {
  const order = inferenceOrder([undefined, n('p', ['x'], ['p']), undefined, n('q', ['x'], ['q'])]);
  assert.deepEqual(order.map((x) => x.name), ['p', 'q']);
});

test('inferenceOrder() orders a subgraph holder after the producers of the outer names its body reads', () => {
  const order = inferenceOrder([n('if', ['c'], ['y'], body(['late', 'x'])), n('late', ['x'], ['late'])]);
  assert.deepEqual(order.map((x) => x.name), ['late', 'if']);
});

test('inferenceOrder() still visits every node of a cycle, in file order', () => {
  const order = inferenceOrder([n('u', ['v'], ['u']), n('v', ['u'], ['v']), n('w', ['x'], ['w'])]);
  assert.deepEqual(order.map((x) => x.name), ['w', 'u', 'v']);
});

test('subgraphReads() lists the names read inside nested bodies', () => {
  const nested = body(['a']);
  nested.nodes.push({ name: 'if2', opType: 'If', domain: '', inputs: ['c'], outputs: ['z'], attributes: [{ name: 'else_branch', type: 5, g: body(['deep']) }] });
  assert.deepEqual(subgraphReads(n('if', ['c0'], ['y'], nested)).sort(), ['a', 'c', 'deep']);
});
