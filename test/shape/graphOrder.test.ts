import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Graph } from '../../src/onnx/model';
import { inferenceOrder, nodeSlots, subgraphReads } from '../../src/shape/graphOrder';
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

test('nodeSlots() gives each name one id: presets first, then outputs and inputs in file order; a repeated output keeps its first id', () => {
  const s = nodeSlots([n('a', ['x', ''], ['y']), n('b', ['y', 'z'], ['x', '']), n('c', ['y'], ['y'])], ['x']);
  assert.deepEqual(s.names, ['x', 'y', 'z']);
  assert.deepEqual([...s.outIds], [1, 0, -1, 1]);
  assert.deepEqual([...s.inIds], [0, -1, 1, 2, 1]);
  assert.equal(s.ids.get('z'), 2);
  // Many repeats: past the first few, outputs look their names up before inserting; same ids.
  const many = Array.from({ length: 40 }, (_, i) => n(`r${i}`, [], ['dup', `o${i}`]));
  const m = nodeSlots(many);
  assert.deepEqual([...m.outIds].filter((_, k) => k % 2 === 0), Array(40).fill(0));
  assert.deepEqual([...m.outIds].filter((_, k) => k % 2 === 1), Array.from({ length: 40 }, (_, i) => i + 1));
});

test('nodeSlots() gives an input read from a recent node, a distant node, a preset or a repeated output the id the name table holds', () => {
  // A chain of 30 nodes; node i reads node i-1 (found among the recent outputs), node i-20 (too far
  // back: the table), a preset, and 'dup' (output by nodes 0 and 5: its first id either way).
  // Each input name is a string of its own, as the decoder makes them.
  const own = (s: string): string => [...s].join('');
  const nodes = Array.from({ length: 30 }, (_, i) =>
    n(`c${i}`, i === 0 ? ['w'] : [own(`v${i - 1}`), own(`v${Math.max(0, i - 20)}`), own('w'), own('dup')], i === 0 || i === 5 ? [`v${i}`, 'dup'] : [`v${i}`]));
  const s = nodeSlots(nodes, ['w']);
  for (let i = 0; i < nodes.length; i++) {
    for (let k = 0; k < nodes[i]!.inputs.length; k++) {
      const name = nodes[i]!.inputs[k]!;
      assert.equal(s.inIds[s.inStart[i]! + k], s.ids.get(name), `node ${i} input ${name}`);
      assert.equal(s.names[s.inIds[s.inStart[i]! + k]!], name);
    }
  }
  assert.equal(s.ids.get('dup'), 2);
  assert.equal(s.outIds[s.outStart[5]! + 1], 2);
  assert.equal(s.names.length, 1 + 30 + 1);
});
