import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planFixture, type GraphFixture } from './fixtures';

const CHAIN: GraphFixture = {
  inputs: ['X'],
  initializers: ['s'],
  outputs: ['y'],
  shapes: { s: [2] },
  dtypes: { s: 7 },
  nodes: [
    ['Neg', ['X'], ['a'], 'n0'],
    ['Reshape', ['a', 's'], ['b'], 'n1'],
    ['Exp', ['b'], ['c'], 'n2'],
    ['Abs', ['c'], ['y'], 'n3'],
    ['Exp', ['X'], ['dangling'], 'n4'],
  ],
};

test('computeReleasePlan() releases a root after the last consumer of any value sharing it', () => {
  const { plan } = planFixture(CHAIN);
  const step = (n: string) => plan.order.findIndex((i) => CHAIN.nodes[i]![3] === n);
  assert.equal(plan.allocation.byName.get('b')!.root, 'dangling');
  assert.equal(plan.release.get('dangling'), step('n2'), "the root is read by no node itself; its sharers a and b are read until n2");
  assert.equal(plan.lifetimes.get('a')!.releasedAfter, step('n2'));
});

test('computeAllocationPlan() frees a dangling output right after its producer, so the next consumed output takes it (checked against ORT)', () => {
  const { plan } = planFixture(CHAIN);
  const a = plan.allocation.byName.get('a')!;
  assert.equal(a.allocKind, 'Reuse');
  assert.equal(a.reuseVia, 'freelist');
  assert.deepEqual(a.reusedFrom, { value: 'dangling', freedAfter: 0 });
});

const TAIL_DANGLING: GraphFixture = {
  inputs: ['X'],
  initializers: ['W'],
  outputs: ['y'],
  nodes: [
    ['Exp', ['X'], ['dangling'], 'n0'],
    ['Add', ['X', 'W'], ['a'], 'n1'],
    ['Abs', ['a'], ['y'], 'n2'],
  ],
};

test('computeReleasePlan() never releases graph inputs, initializers, graph outputs or a dangling output nobody reuses', () => {
  const { plan } = planFixture(TAIL_DANGLING);
  assert.deepEqual(plan.order.map((i) => TAIL_DANGLING.nodes[i]![3]), ['n1', 'n2', 'n0']);
  for (const v of ['X', 'W', 'y', 'dangling']) assert.equal(plan.lifetimes.get(v)!.releasedAfter, null, v);
  assert.equal(plan.lifetimes.get('a')!.releasedAfter, 1);
});

test('computeLiveBytes() counts Allocate and AllocateOutput roots from their producer to their release step', () => {
  const { plan } = planFixture(CHAIN);
  // 128 B per [4,8] float; n4 runs first (highest-index leaf) and its buffer is then shared by a and b.
  assert.deepEqual(plan.order.map((i) => CHAIN.nodes[i]![3]), ['n4', 'n0', 'n1', 'n2', 'n3']);
  assert.deepEqual(plan.curve.liveBytes, [128, 128, 128, 256, 256]);
  assert.deepEqual(plan.curve.peak, { bytes: 256, step: 3, reason: null });
});

test('computeLiveBytes() is null with a reason while a buffer of unknown size is live, and the peak is null', () => {
  const f: GraphFixture = {
    inputs: ['X'],
    outputs: ['y'],
    shapes: { a: [4, 'K'] },
    nodes: [['Neg', ['X'], ['a'], 'n0'], ['Exp', ['a'], ['b'], 'n1'], ['Abs', ['b'], ['y'], 'n2']],
  };
  const { plan } = planFixture(f);
  assert.deepEqual(plan.curve.liveBytes, [null, null, 256]);
  assert.match(plan.curve.liveReason[0]!, /^size of 'a' unknown: /);
  assert.equal(plan.curve.peak.bytes, null);
  assert.match(plan.curve.peak.reason!, /^step 0: /);
});

test('the parallel view shares no buffer: its curve is ORT order without sharing, its peak the worst moment of any schedule', () => {
  const seq = planFixture(CHAIN).plan;
  const par = planFixture(CHAIN, 'parallel').plan;
  assert.equal(par.allocation.byName.get('b')!.allocKind, 'Allocate');
  // Order: n4 (dangling, held to the end), n0, n1, n2, n3; 128 B each.
  assert.deepEqual(seq.curve.liveBytes, [128, 128, 128, 256, 256]);
  assert.deepEqual(par.curve.liveBytes, [128, 256, 384, 384, 384]);
  assert.deepEqual(par.curve.peak, { bytes: 384, step: 2, reason: null, values: ['a', 'b', 'dangling'], running: [0, 2], exact: true, upperBoundBytes: 384 });
  for (const b of par.curve.liveBytes) assert.ok(b! <= par.curve.peak.bytes!);
});
