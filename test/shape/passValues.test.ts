import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TypeInfo } from '../../src/onnx/model';
import type { PassSettings } from '../../src/shape/nodeContext';
import { fromType, mergeDeclared } from '../../src/shape/passValues';
import type { Val } from '../../src/shape/ruleContext';
import type { SymDim } from '../../src/shape/types';
import { shapeRuleOf } from '../../src/ops/registry';

const pass = (isStatic: boolean, bindings: Record<string, number> = {}): PassSettings => ({
  rules: shapeRuleOf,
  isStatic,
  bindings,
  opsets: {},
  functions: new Map(),
  canOverrideInitializers: true,
  generated: new Set(['NonZero_1.count']),
});
const e = (expr: string) => ({ expr });
const tensorOf = (shape: SymDim[] | null): Val => ({ kind: 'tensor', dtype: 1, shape, value: null, reason: null });
const declared = (shape: (number | string | null)[]): TypeInfo => ({ kind: 'tensor', elemType: 1, shape });

test('mergeDeclared() in the static channel: inferred value, then declared value, then declared param, then inferred', () => {
  const cases: [SymDim, number | string | null, SymDim][] = [
    [4, 'n', 4],
    [e('m'), 7, 7],
    [e('m'), 'n', e('n')],
    [null, 'n', e('n')],
    [e('m'), null, e('m')],
    [null, null, null],
  ];
  for (const [inf, decl, want] of cases) {
    assert.deepEqual(mergeDeclared(tensorOf([inf]), declared([decl]), pass(true), 'v').shape, [want], JSON.stringify([inf, decl]));
  }
});

test('mergeDeclared() in the runtime channel keeps inferred expressions and data-dependent symbols', () => {
  assert.deepEqual(mergeDeclared(tensorOf([e('past+seq')]), declared(['total']), pass(false), 'v').shape, [e('past+seq')]);
  assert.deepEqual(mergeDeclared(tensorOf([e('NonZero_1.count')]), declared([5]), pass(false), 'v').shape, [e('NonZero_1.count')]);
  assert.deepEqual(mergeDeclared(tensorOf([null]), declared(['total']), pass(false, { total: 9 }), 'v').shape, [9]);
});

test('mergeDeclared() keeps the inferred shape when ranks differ, and fills an unknown rank', () => {
  assert.deepEqual(mergeDeclared(tensorOf([1, 2]), declared([]), pass(true), 'v').shape, [1, 2]);
  assert.deepEqual(mergeDeclared(tensorOf(null), declared([3, 'n']), pass(true), 'v').shape, [3, e('n')]);
});

test('fromType() reads every TypeProto kind', () => {
  assert.equal(fromType(null, pass(true), 'x').reason, "no type declared for 'x'");
  assert.deepEqual(fromType({ kind: 'sequence', elem: declared([2]) }, pass(true), 's'), { kind: 'sequence', dtype: 1, shape: [2], value: null, reason: null });
  const opt = fromType({ kind: 'optional', elem: { kind: 'sequence', elem: declared(['n']) } }, pass(false, { n: 4 }), 'o');
  assert.deepEqual([opt.kind, opt.elemKind, opt.shape], ['optional', 'sequence', [4]]);
  assert.equal(fromType({ kind: 'map', keyType: 8, value: null }, pass(true), 'm').kind, 'map');
});
