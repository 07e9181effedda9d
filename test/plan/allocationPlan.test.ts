import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planFixture, planLines, type GraphFixture } from './fixtures';

function kinds(f: GraphFixture, view: 'sequential' | 'parallel' = 'sequential'): Map<string, string> {
  const { plan } = planFixture(f, view);
  return new Map(planLines(plan).map((l) => [l.split(' ')[0]!, l.split(' ').slice(1).join(' ')]));
}

test('computeAllocationPlan() makes graph inputs PreExisting and consumed initializers AllocateStatically', () => {
  const k = kinds({ inputs: ['X'], initializers: ['W'], outputs: ['y'], nodes: [['Add', ['X', 'W'], ['y']]] });
  assert.equal(k.get('X'), 'PreExisting');
  assert.equal(k.get('W'), 'AllocateStatically');
});

test('computeAllocationPlan() drops unused initializers as Resolve does', () => {
  const { plan } = planFixture({ inputs: ['X'], initializers: ['W', 'unused'], outputs: ['y'], nodes: [['Add', ['X', 'W'], ['y']]] });
  assert.equal(plan.allocation.byName.has('unused'), false);
});

test('computeAllocationPlan() gives a graph output AllocateOutput even when its op aliases (Reshape copies)', () => {
  const k = kinds({ inputs: ['X'], initializers: ['s'], outputs: ['y'], shapes: { s: [2] }, dtypes: { s: 7 }, nodes: [['Relu', ['X'], ['a']], ['Reshape', ['a', 's'], ['y']]] });
  assert.equal(k.get('y'), 'AllocateOutput');
});

test('computeAllocationPlan() aliases Reshape/Identity outputs to the root buffer without size or use-count checks', () => {
  const f: GraphFixture = {
    inputs: ['X'],
    initializers: ['s'],
    outputs: ['y'],
    shapes: { s: [2], b: [32] },
    dtypes: { s: 7 },
    nodes: [['Relu', ['X'], ['a']], ['Reshape', ['a', 's'], ['b']], ['Identity', ['b'], ['c']], ['Add', ['a', 'c'], ['y']]],
  };
  const { plan } = planFixture(f);
  assert.equal(plan.allocation.byName.get('b')!.root, 'a');
  assert.equal(plan.allocation.byName.get('c')!.root, 'a');
  assert.equal(plan.allocation.byName.get('c')!.reuseVia, 'alias');
});

test('computeAllocationPlan() lets a MayInplace op take its input only when it is the last user of the root', () => {
  const last = kinds({ inputs: ['X'], outputs: ['y'], nodes: [['Neg', ['X'], ['a']], ['Relu', ['a'], ['b']], ['Abs', ['b'], ['y']]] });
  assert.equal(last.get('b'), 'Reuse -> a');
  const shared = kinds({ inputs: ['X'], outputs: ['y'], nodes: [['Neg', ['X'], ['a']], ['Relu', ['a'], ['b']], ['Add', ['a', 'b'], ['y']]] });
  assert.equal(shared.get('b'), 'Allocate');
});

test('computeAllocationPlan() never runs in place on a graph input (its use count never reaches 1)', () => {
  const k = kinds({ inputs: ['X'], outputs: ['y'], nodes: [['Relu', ['X'], ['a']], ['Abs', ['a'], ['y']]] });
  assert.equal(k.get('a'), 'Allocate');
});

test('computeAllocationPlan() requires SameSize for in-place: a Cast to a wider type allocates', () => {
  const k = kinds({ inputs: ['X'], outputs: ['y'], dtypes: { b: 11, y: 11 }, nodes: [['Neg', ['X'], ['a']], ['Cast', ['a'], ['b']], ['Abs', ['b'], ['y']]] });
  assert.equal(k.get('b'), 'Allocate');
});

test('computeAllocationPlan() takes the most recently freed dead buffer of the same static shape', () => {
  const f: GraphFixture = {
    inputs: ['X'],
    outputs: ['y'],
    nodes: [
      ['Neg', ['X'], ['a'], 'n0'],
      ['Neg', ['X'], ['b'], 'n1'],
      ['Add', ['a', 'b'], ['c'], 'n2'],
      ['Exp', ['c'], ['d'], 'n3'],
      ['Abs', ['d'], ['y'], 'n4'],
    ],
  };
  const { plan } = planFixture(f);
  assert.deepEqual(plan.order.map((i) => f.nodes[i]![3]), ['n1', 'n0', 'n2', 'n3', 'n4']);
  assert.equal(plan.allocation.byName.get('c')!.allocKind, 'Allocate', 'a and b die after c is planned');
  const d = plan.allocation.byName.get('d')!;
  assert.equal(d.reuseVia, 'freelist');
  assert.equal(d.root, 'b', 'b was released after a, so it is at the front of the freelist');
  assert.deepEqual(d.reusedFrom, { value: 'b', freedAfter: 2 });
});

test('computeAllocationPlan() does not give a dead buffer to an output nobody consumes', () => {
  const k = kinds({
    inputs: ['X'],
    outputs: ['y'],
    nodes: [['Neg', ['X'], ['a'], 'n0'], ['Abs', ['a'], ['y'], 'n1'], ['Exp', ['X'], ['dangling'], 'n2']],
  });
  assert.equal(k.get('dangling'), 'Allocate');
});

test('computeAllocationPlan() never gives a dead buffer to a scalar, an unknown shape or an unknown dim', () => {
  for (const shape of [[], null, [4, null]] as const) {
    const k = kinds({
      inputs: ['X'],
      outputs: ['y'],
      shapes: { a: shape as never, b: shape as never, c: shape as never, y: shape as never },
      nodes: [['Neg', ['X'], ['a'], 'n0'], ['Exp', ['a'], ['b'], 'n1'], ['Exp', ['b'], ['c'], 'n2'], ['Abs', ['c'], ['y'], 'n3']],
    });
    assert.equal(k.get('c'), 'Allocate', JSON.stringify(shape));
  }
});

test('computeAllocationPlan() shares a dead float buffer with an int32 value of the same shape, not with a double one', () => {
  const base: GraphFixture = {
    inputs: ['X'],
    outputs: ['y'],
    nodes: [
      ['Exp', ['X'], ['a'], 'n0'],
      ['Exp', ['a'], ['b'], 'n1'],
      ['Cast', ['b'], ['c'], 'n2'],
      ['Cast', ['c'], ['cf'], 'n3'],
      ['Add', ['cf', 'b'], ['y'], 'n4'],
    ],
  };
  const asInt = kinds({ ...base, dtypes: { c: 6 } });
  assert.equal(asInt.get('c'), 'Reuse -> a');
  assert.equal(asInt.get('cf'), 'Reuse -> a', 'then in place on the shared root');
  assert.equal(kinds({ ...base, dtypes: { c: 11 } }).get('c'), 'Allocate');
});

test('computeAllocationPlan() matches symbolic dims by name only', () => {
  const f = (other: string): GraphFixture => ({
    inputs: ['X'],
    outputs: ['y'],
    shapes: { X: ['N', 8], a: ['N', 8], b: ['N', 8], c: [other, 8], y: [other, 8] },
    nodes: [['Exp', ['X'], ['a'], 'n0'], ['Exp', ['a'], ['b'], 'n1'], ['Exp', ['b'], ['c'], 'n2'], ['Abs', ['c'], ['y'], 'n3']],
  });
  assert.equal(kinds(f('N')).get('c'), 'Reuse -> a');
  assert.equal(kinds(f('M')).get('c'), 'Allocate');
});

test('computeAllocationPlan() in the parallel view turns off alias, in-place and freelist reuse', () => {
  const f: GraphFixture = {
    inputs: ['X'],
    initializers: ['s'],
    outputs: ['y'],
    shapes: { s: [2] },
    dtypes: { s: 7 },
    nodes: [['Neg', ['X'], ['a']], ['Relu', ['a'], ['b']], ['Reshape', ['b', 's'], ['c']], ['Exp', ['c'], ['d']], ['Abs', ['d'], ['y']]],
  };
  const seq = kinds(f);
  assert.equal(seq.get('b'), 'Reuse -> a');
  const par = kinds(f, 'parallel');
  for (const v of ['a', 'b', 'c', 'd']) assert.equal(par.get(v), 'Allocate', v);
});

test('computeAllocationPlan() gives a Loop-body Identity of a PreExisting body input kShare, but not of the iteration number', () => {
  const f: GraphFixture = {
    inputs: ['iter', 'cond', 'v'],
    outputs: ['cond_out', 'v_out', 'iter_out'],
    shapes: { iter: [], cond: [], cond_out: [], iter_out: [] },
    dtypes: { iter: 7, iter_out: 7, cond: 9, cond_out: 9 },
    nodes: [['Identity', ['cond'], ['cond_out']], ['Identity', ['v'], ['v_out']], ['Identity', ['iter'], ['iter_out']]],
  };
  const { plan } = planFixture(f, 'sequential', [], 'Loop');
  assert.equal(plan.allocation.byName.get('v_out')!.allocKind, 'Share');
  assert.equal(plan.allocation.byName.get('v_out')!.root, 'v');
  assert.equal(plan.allocation.byName.get('cond_out')!.allocKind, 'Share');
  assert.equal(plan.allocation.byName.get('iter_out')!.allocKind, 'AllocateOutput');
  const { plan: inIf } = planFixture(f, 'sequential', [], 'If');
  assert.equal(inIf.allocation.byName.get('v_out')!.allocKind, 'AllocateOutput');
});

test('computeAllocationPlan() makes outer-scope values PreExisting and never frees them', () => {
  const { plan } = planFixture({ outputs: ['y'], nodes: [['Neg', ['outer'], ['a']], ['Relu', ['a'], ['y']]] }, 'sequential', ['outer']);
  const outer = plan.allocation.byName.get('outer')!;
  assert.equal(outer.allocKind, 'PreExisting');
  assert.equal(outer.isOuterScope, true);
  assert.equal(plan.release.has('outer'), false);
});

test('OUTPUT_RULES are ORT\'s per-output rules in its order, each naming the source it reproduces, ending in the catch-all Allocate', async () => {
  const { OUTPUT_RULES } = await import('../../src/plan/allocationRules');
  assert.deepEqual(OUTPUT_RULES.map((r) => r.name), ['graph output', 'alias or in place', 'non-tensor', 'dead buffer', 'allocate']);
  for (const r of OUTPUT_RULES) assert.match(r.ort, /^(ComputeSingleStreamReusePlan|FindReusableInput|FindReusableTensor)\b/, r.name);
});

test('computeAllocationPlan() lists each reading step once, ascending, at the list length', () => {
  // 'a' is read twice by step 1 (Add a a) and once by step 2; 'y' by nobody.
  const { plan } = planFixture({
    inputs: ['X'],
    outputs: ['y', 'z'],
    nodes: [['Relu', ['X'], ['a']], ['Add', ['a', 'a'], ['b']], ['Mul', ['b', 'a'], ['y']], ['Neg', ['X'], ['z']]],
  });
  const consumers = (name: string): number[] => plan.allocation.byName.get(name)!.consumers;
  const at = (name: string): number => plan.order.findIndex((i) => plan.allocation.values.some((v) => v.name === name && v.producerNode === i));
  assert.deepEqual(consumers('a'), [at('b'), at('y')].sort((p, q) => p - q));
  assert.equal(consumers('a').length, 2);
  assert.deepEqual(consumers('X'), [at('a'), at('z')].sort((p, q) => p - q));
  assert.deepEqual(consumers('y'), []);
  for (const v of plan.allocation.values) assert.ok(v.consumers.every((s, k) => k === 0 || s > v.consumers[k - 1]!), `${v.name}: ascending and unique`);
});
