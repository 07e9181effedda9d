import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AttributeType } from '../../src/onnx/onnxSchema';
import { makeRuleContext, type PassSettings } from '../../src/shape/nodeContext';
import { shapeRuleOf } from '../../src/ops/registry';

const pass = (isStatic: boolean, bindings: Record<string, number> = {}): PassSettings => ({
  rules: shapeRuleOf,
  isStatic,
  bindings,
  opsets: { 'ai.onnx': 13, 'com.microsoft': 1 },
  functions: new Map(),
  canOverrideInitializers: true,
  generated: new Set(),
});

const node = {
  name: '',
  opType: 'TopK',
  domain: '',
  inputs: ['x'],
  outputs: ['v', ''],
  attributes: [
    { name: 'axis', type: AttributeType.INT },
    { name: 'alpha', type: AttributeType.FLOAT },
    { name: 'mode', type: AttributeType.STRING },
    { name: 'axes', type: AttributeType.INTS, ints: [1, 2] },
  ],
};

test('makeRuleContext() reads a present scalar attribute without its field as the protobuf default, an absent one as the op default', () => {
  const ctx = makeRuleContext(pass(true), node, 'TopK_0', [], () => []);
  assert.equal(ctx.int('axis', -1), 0);
  assert.equal(ctx.int('largest', 1), 1);
  assert.equal(ctx.intOrNull('sorted'), null);
  assert.equal(ctx.float('alpha', 1), 0);
  assert.equal(ctx.string('mode', 'constant'), '');
  assert.deepEqual(ctx.ints('axes'), [1, 2]);
  assert.equal(ctx.ints('pads'), null);
});

test('makeRuleContext() exposes the opset of the node domain and which outputs exist', () => {
  const ctx = makeRuleContext(pass(false), node, 'TopK_0', [], () => []);
  assert.equal(ctx.opset, 13);
  assert.ok(ctx.hasOutput(0));
  assert.ok(!ctx.hasOutput(1));
});

test('dataDependent() is unknown statically, a registered bindable symbol at runtime, or its binding', () => {
  assert.equal(makeRuleContext(pass(true), node, 'TopK_0', [], () => []).dataDependent('k'), null);
  const p = pass(false);
  assert.deepEqual(makeRuleContext(p, node, 'TopK_0', [], () => []).dataDependent('k'), { expr: 'TopK_0.k' });
  assert.ok(p.generated.has('TopK_0.k'));
  assert.equal(makeRuleContext(pass(false, { 'TopK_0.k': 4 }), node, 'TopK_0', [], () => []).dataDependent('k'), 4);
});

test('the static dim arithmetic keeps a symbol only through identity steps, the runtime one keeps expressions', () => {
  const st = makeRuleContext(pass(true), node, 'n', [], () => []).dim;
  const rt = makeRuleContext(pass(false), node, 'n', [], () => []).dim;
  const n = { expr: 'n' };
  assert.deepEqual([st.mul(n, 1), st.add(n, 0), st.div(n, 1), st.sub(n, 0)], [n, n, n, n]);
  assert.deepEqual([st.mul(n, 2), st.add(n, 1), st.div(6, 4)], [null, null, 1]);
  assert.deepEqual([rt.mul(n, 2), rt.add(n, 1)], [{ expr: '2*n' }, { expr: 'n+1' }]);
});
