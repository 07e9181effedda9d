import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildExecGraph, outerNamesOf } from '../../src/plan/buildExecGraph';
import type { Graph, Node } from '../../src/onnx/model';
import { AttributeType } from '../../src/onnx/onnxSchema';
import { fixtureGraph } from './fixtures';

const body = (nodes: Node[], inputs: string[] = []): Graph => ({
  name: 'body',
  nodes,
  initializers: [],
  sparseInitializers: [],
  inputs: inputs.map((name) => ({ name, type: null })),
  outputs: [{ name: nodes[nodes.length - 1]!.outputs[0]!, type: null }],
  valueInfo: [],
});
const n = (opType: string, inputs: string[], outputs: string[], attributes: Node['attributes'] = []): Node => ({ name: '', opType, domain: '', inputs, outputs, attributes });

test('outerNamesOf() lists names a body reads but does not define, through nested bodies, in first-use order', () => {
  const inner = body([n('Add', ['local', 'deep'], ['o2'])]);
  const outer = body([n('Neg', ['x'], ['local']), n('If', ['c'], ['o1'], [{ name: 'then_branch', type: AttributeType.GRAPH, g: inner }]), n('Mul', ['o1', 'x'], ['o3'])], ['x']);
  assert.deepEqual(outerNamesOf(outer), ['c', 'deep']);
});

test('buildExecGraph() gives subgraph nodes implicit inputs, turns Constants and sparse initializers into initializers, and drops empty nodes and unused initializers', () => {
  const g = fixtureGraph({ inputs: ['X'], initializers: ['unused'], outputs: ['y'], nodes: [] });
  g.sparseInitializers.push({ name: 'sp', dataType: 1, dims: [4, 8], denseByteSize: 128, nnz: 3 });
  g.nodes.push(
    { name: 'k', opType: 'Constant', domain: '', inputs: [], outputs: ['c'], attributes: [{ name: 'value_ints', type: AttributeType.INTS, ints: [1, 2] }] },
    { name: 'empty', opType: 'NoOp', domain: 'x', inputs: [], outputs: [], attributes: [] },
    { name: 'loop', opType: 'Loop', domain: '', inputs: ['', ''], outputs: ['y'], attributes: [{ name: 'body', type: AttributeType.GRAPH, g: body([n('Add', ['X', 'sp'], ['b1']), n('Mul', ['b1', 'c'], ['b2'])]) }] },
  );
  const exec = buildExecGraph(g);
  assert.equal(exec.nodes.length, 1);
  assert.equal(exec.nodes[0]!.name, 'loop');
  assert.equal(exec.nodes[0]!.index, 0);
  assert.deepEqual(exec.nodes[0]!.implicitInputs, ['X', 'sp', 'c']);
  assert.deepEqual([...exec.initializers.keys()].sort(), ['c', 'sp']);
  assert.equal(exec.initializers.get('c')!.byteSize, 16);
  assert.equal(exec.initializers.get('sp')!.byteSize, 128);
});

test('buildExecGraph() drops an unused initializer that the graph also lists as an input, and that input with it (as ORT 1.30 does)', () => {
  const t = (name: string) => ({ name, dataType: 1, dims: [1, 1], byteSize: 4, storedBytes: 4, external: null, values: null });
  const graph: Graph = {
    name: 'g',
    nodes: [n('Add', ['X', 'used'], ['Y'])],
    initializers: [t('used'), t('unused')],
    sparseInitializers: [],
    inputs: [{ name: 'X', type: null }, { name: 'used', type: null }, { name: 'unused', type: null }],
    outputs: [{ name: 'Y', type: null }],
    valueInfo: [],
  };
  const e = buildExecGraph(graph, new Set(), new WeakMap());
  assert.deepEqual([...e.initializers.keys()], ['used']);
  assert.deepEqual(e.inputs.map((v) => v.name), ['X']);
});
