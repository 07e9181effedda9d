/**
 * Failures are failures: an exception that is not the typed "size unknown" signal, raised inside a
 * workspace or prepack formula, is an internal error naming the op and node, never an
 * "unavailable" size; the CLI exits 70 for it and 2 only for bad input.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LensError, ShapeError } from '../../src/onnx/lensError';
import { internalRuleError } from '../../src/onnx/internalError';
import { estimateInitialization } from '../../src/plan/workspace';
import { stepWorkspace } from '../../src/analyze/stepWorkspace';
import { EXIT, exitCodeFor } from '../../src/cli/cli';
import type { ExecNode } from '../../src/plan/execGraph';
import { buildCase } from '../plan/workspace/workspaceCase';

const F = 1;

/** A Conv case whose io throws a TypeError when a formula reads input shapes: a stand-in for a bug in a formula. */
function brokenConv() {
  const { node, io } = buildCase({ op: 'Conv', inputs: [[F, [1, 8, 16, 16]], [F, [16, 8, 3, 3]]], outputs: [[F, [1, 16, 14, 14]]], constant: [1] });
  const broken = { ...io, get inputs(): never { throw new TypeError("Cannot read properties of undefined (reading 'dims')"); } };
  return { node: { ...node, name: 'conv_7' } as unknown as ExecNode, io: broken };
}

test('stepWorkspace() throws an internal LensError naming op and node for a bug in a formula, not an unavailable size', () => {
  const { node, io } = brokenConv();
  assert.throws(() => stepWorkspace(node, io, { '': 17 }), (err: unknown) => {
    assert.ok(err instanceof LensError);
    assert.equal(err.code, 'internal');
    assert.equal(err.message, "Internal error in the workspace formula of Conv node 'conv_7': Cannot read properties of undefined (reading 'dims')");
    assert.ok(err.cause instanceof TypeError);
    return true;
  });
});

test('stepWorkspace() still reports an unknown size as unavailable with its reason', () => {
  const { node, io } = buildCase({ op: 'Conv', inputs: [[F, [1, 8, null, 16]], [F, [16, 8, 3, 3]]], outputs: [[F, [1, 16, null, 14]]] });
  const ws = stepWorkspace({ ...node, name: 'conv' } as unknown as ExecNode, io, { '': 17 });
  assert.equal(ws.state, 'unavailable');
  assert.equal(ws.bytes, null);
  assert.ok(ws.reason !== null && ws.reason.length > 0);
});

test('estimateInitialization() throws an internal LensError naming op and node for a bug in a prepack formula', () => {
  const { node, io } = buildCase({ op: 'MatMul', inputs: [[F, [4, 8]], [F, [8, 16]]], outputs: [[F, [4, 16]]], constant: [1] });
  const broken = { ...io, get inputs(): never { throw new RangeError('Invalid array length'); } };
  assert.throws(
    () => estimateInitialization(new Map(), [{ step: 3, node: { ...node, name: 'mm' }, io: broken }], { graphOutputs: [], subgraphUses: new Map() }, { threads: 1, l2CacheBytes: 1 << 20 }),
    (err: unknown) => err instanceof LensError && err.code === 'internal' && err.message === "Internal error in the prepack formula of MatMul node 'mm': Invalid array length",
  );
});

test('internalRuleError() passes our own errors through and wraps anything else', () => {
  const bad = new ShapeError('bad-model', 'Reshape target has two -1 dims', 'r');
  assert.equal(internalRuleError(bad, 'shape rule', 'Reshape', 'r'), bad);
  const wrapped = internalRuleError('boom', 'shape rule', 'Reshape', 'r');
  assert.equal(wrapped.code, 'internal');
  assert.equal(wrapped.message, "Internal error in the shape rule of Reshape node 'r': boom");
});

test('exitCodeFor() gives 2 for bad input and 70 for an internal error or a foreign exception', () => {
  assert.equal(exitCodeFor(new LensError('not-onnx', 'Not an ONNX model')), EXIT.badInput);
  assert.equal(exitCodeFor(new LensError('internal', 'Unknown alloc kind')), EXIT.internal);
  assert.equal(exitCodeFor(new TypeError('x is undefined')), EXIT.internal);
  assert.equal(EXIT.internal, 70);
});
