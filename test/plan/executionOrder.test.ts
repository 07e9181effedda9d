import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildExecGraph } from '../../src/plan/buildExecGraph';
import { computeExecutionOrder, nodeDisplayName } from '../../src/plan/executionOrder';
import { PlanError } from '../../src/onnx/lensError';
import { fixtureGraph, type GraphFixture } from './fixtures';

function order(f: GraphFixture): string[] {
  const exec = buildExecGraph(fixtureGraph(f));
  return computeExecutionOrder(exec).map((i) => nodeDisplayName(exec.nodes[i]!));
}

const CASES: { name: string; f: GraphFixture; want: string[] }[] = [
  {
    name: 'runs the highest-index leaf first',
    f: { inputs: ['X'], outputs: ['a', 'b'], nodes: [['Relu', ['X'], ['a'], 'first'], ['Neg', ['X'], ['b'], 'second']] },
    want: ['second', 'first'],
  },
  {
    name: 'explores the highest-index input producer first',
    f: {
      inputs: ['X'],
      outputs: ['y'],
      nodes: [['Relu', ['X'], ['p'], 'p0'], ['Neg', ['X'], ['q'], 'q1'], ['Add', ['p', 'q'], ['y'], 'add']],
    },
    want: ['q1', 'p0', 'add'],
  },
  {
    name: 'ignores file order beyond indices (consumer stored before producer)',
    f: { inputs: ['X'], outputs: ['y'], nodes: [['Neg', ['a'], ['y'], 'neg'], ['Relu', ['X'], ['a'], 'relu']] },
    want: ['relu', 'neg'],
  },
  {
    name: 'names unnamed nodes OpType_index, as the ORT profile does',
    f: {
      inputs: ['X'],
      outputs: ['y', 'z'],
      nodes: [['Relu', ['X'], ['y'], ''], ['Neg', ['X'], ['z'], '']],
    },
    want: ['Neg_1', 'Relu_0'],
  },
  {
    name: 'treats a node whose output is never used as a leaf even when it is not a graph output',
    f: { inputs: ['X'], outputs: ['y'], nodes: [['Relu', ['X'], ['y'], 'out'], ['Neg', ['X'], ['dead'], 'dead']] },
    want: ['dead', 'out'],
  },
  {
    name: 'keeps one entry per input edge when a producer feeds a node twice',
    f: { inputs: ['X'], outputs: ['y'], nodes: [['Relu', ['X'], ['a'], 'r'], ['Mul', ['a', 'a'], ['y'], 'm']] },
    want: ['r', 'm'],
  },
];

for (const c of CASES) {
  test(`computeExecutionOrder() ${c.name}`, () => assert.deepEqual(order(c.f), c.want));
}

test('computeExecutionOrder() gives a Constant-free graph the same indices as ORT (Constant removed from index 0)', () => {
  const g = fixtureGraph({ inputs: ['X'], outputs: ['y'], nodes: [['Add', ['X', 'c'], ['y'], '']] });
  g.nodes.unshift({ name: 'k', opType: 'Constant', domain: '', inputs: [], outputs: ['c'], attributes: [{ name: 'value_float', type: 1, f: 2 }] });
  const exec = buildExecGraph(g);
  assert.equal(exec.nodes.length, 1);
  assert.equal(exec.nodes[0]!.index, 0);
  assert.ok(exec.initializers.has('c'));
  assert.deepEqual(computeExecutionOrder(exec).map((i) => nodeDisplayName(exec.nodes[i]!)), ['Add_0']);
});

test('computeExecutionOrder() reports a cycle with the name of a node on it', () => {
  const f: GraphFixture = {
    inputs: ['X'],
    outputs: ['y'],
    nodes: [['Add', ['X', 'c'], ['a'], 'a_node'], ['Relu', ['a'], ['b'], 'b_node'], ['Neg', ['b'], ['c'], 'c_node'], ['Abs', ['b'], ['y'], 'out']],
  };
  assert.throws(() => order(f), (e: unknown) => e instanceof PlanError && e.code === 'cycle' && /^Cycle through node '(a_node|b_node|c_node)'$/.test(e.message));
});

test('computeExecutionOrder() rejects an input nobody defines with a bad-model error naming node and value', () => {
  const f: GraphFixture = { inputs: ['X'], outputs: ['y'], nodes: [['Add', ['X', 'ghost'], ['y'], 'add']] };
  assert.throws(
    () => order(f),
    (e: unknown) =>
      e instanceof PlanError &&
      e.code === 'bad-model' &&
      e.message === "Input 'ghost' of node 'add' is not produced by any node, graph input, initializer or outer-scope value",
  );
});

test('computeExecutionOrder() accepts outer-scope names in a subgraph and orders by implicit-input edges', () => {
  const exec = buildExecGraph(fixtureGraph({ outputs: ['y'], nodes: [['Add', ['outer', 'outer'], ['y'], 'add']] }), new Set(['outer']));
  assert.deepEqual(computeExecutionOrder(exec), [0]);
});
