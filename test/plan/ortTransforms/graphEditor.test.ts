import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GraphEditor, type NewNode } from '../../../src/plan/ortTransforms/graphEditor';
import type { ExecGraph } from '../../../src/plan/execGraph';

function graphWith(names: string[]): ExecGraph {
  return {
    nodes: names.map((name, index) => ({ index, name, opType: 'Relu', domain: '', inputs: [`v${index}`], outputs: [`v${index + 1}`], attributes: [], implicitInputs: [], subgraphs: [], inserted: false, origin: null })),
    initializers: new Map(),
    inputs: [{ name: 'v0', type: null }],
    initializerInputs: [],
    outputs: [{ name: `v${names.length}`, type: null }],
    valueInfo: [],
    outerScope: new Set(),
    nameCounter: { next: 0 },
    version: 0,
    uncovered: [],
  };
}

const relu = (name: string, input: string, output: string): NewNode => ({ name, opType: 'Relu', domain: '', inputs: [input], outputs: [output], attributes: [], implicitInputs: [], subgraphs: [], inserted: true, origin: null });

test('generateNodeName() returns the base name when no live node has it and it was never generated', () => {
  const g = new GraphEditor(graphWith(['a']));
  assert.equal(g.generateNodeName('b'), 'b');
  assert.equal(g.graph.nameCounter.next, 0);
});

test('generateNodeName() appends _token_N for a live name and for a name generated before', () => {
  const g = new GraphEditor(graphWith(['a']));
  assert.equal(g.generateNodeName('a'), 'a_token_0');
  assert.equal(g.generateNodeName('b'), 'b');
  assert.equal(g.generateNodeName('b'), 'b_token_1', 'a generated name stays taken even with no node using it');
});

test('generateNodeArgName() shares the token counter with generateNodeName()', () => {
  const g = new GraphEditor(graphWith(['a']));
  assert.equal(g.generateNodeName('a'), 'a_token_0');
  assert.equal(g.generateNodeArgName('v1'), 'v1_token_1');
  assert.equal(g.generateNodeArgName('fresh'), 'fresh');
  assert.equal(g.graph.nameCounter.next, 2);
});

test('addNode() takes the next index and removeNode() leaves a gap that is never reused', () => {
  const g = new GraphEditor(graphWith(['a', 'b']));
  g.removeNode(1);
  const n = g.addNode(relu('c', 'v1', 'w'));
  assert.equal(n.index, 2);
  assert.equal(g.graph.nodes[1], undefined);
  assert.deepEqual(g.liveNodes().map((x) => x.name), ['a', 'c']);
  assert.equal(g.producer('w'), 2);
  assert.deepEqual(g.consumers('v1'), [2]);
});

test('a removed node name can be generated again only after the token check for generated names', () => {
  const g = new GraphEditor(graphWith(['a']));
  g.removeNode(0);
  assert.equal(g.generateNodeName('a'), 'a', 'the name is free once its node is gone');
});

test('every edit bumps the graph version (what the inference memo keys on), including rewiring and attribute-only edits', () => {
  const g = new GraphEditor(graphWith(['a', 'b']));
  const seen = [g.graph.version];
  const step = (edit: () => void): void => {
    edit();
    assert.ok(g.graph.version > seen[seen.length - 1]!, 'the version grew');
    seen.push(g.graph.version);
  };
  step(() => g.addNode(relu('c', 'v2', 'v3')));
  step(() => g.replaceInput(1, 'v1', 'v0'));
  step(() => g.setInput(1, 0, 'v1'));
  step(() => g.replaceDefs(0, new Map([['v1', 'w1']])));
  step(() => g.setAttributes(0, [{ name: 'alpha', type: 1, f: 0.5 }]));
  step(() => g.setInitializer({ name: 'k', dataType: 1, dims: [], byteSize: 4, storedBytes: 4, external: null, values: [1] }));
  step(() => g.removeNode(2));
  // Reads change nothing.
  const before = g.graph.version;
  g.consumers('v1');
  g.producer('v2');
  g.generateNodeName('x');
  assert.equal(g.graph.version, before);
});
