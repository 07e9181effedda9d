import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ShapeError } from '../../src/onnx/lensError';
import { AttributeType } from '../../src/onnx/onnxSchema';
import type { Attribute } from '../../src/onnx/model';
import { makeRuleContext, type PassSettings } from '../../src/shape/nodeContext';
import type { Val } from '../../src/shape/ruleContext';
import type { SymDim } from '../../src/shape/types';
import { mulberry32 as prng } from '../support/seededRandom';
import { OP_REGISTRY } from '../../src/ops/registry';
import { shapeRuleOf } from '../../src/ops/registry';


const DIMS: SymDim[] = [0, 1, 2, 3, 7, null, { expr: 'n' }, { expr: '2*n' }];

function randomVal(rnd: () => number): Val | null {
  if (rnd() < 0.15) return null;
  const rank = rnd() < 0.15 ? null : Math.floor(rnd() * 5);
  const shape = rank === null ? null : Array.from({ length: rank }, () => DIMS[Math.floor(rnd() * DIMS.length)]);
  const n = shape && shape.every((d): d is number => typeof d === 'number') ? shape.reduce((a, b) => a * b, 1) : -1;
  const value = n >= 0 && n <= 8 && rnd() < 0.5 ? Array.from({ length: n }, () => Math.floor(rnd() * 7) - 2) : null;
  const dtype = rnd() < 0.1 ? null : [1, 7, 9, 10, 6][Math.floor(rnd() * 5)];
  return { kind: rnd() < 0.9 ? 'tensor' : 'sequence', dtype, shape, value, reason: null };
}

function randomAttrs(rnd: () => number): Attribute[] {
  const attrs: Attribute[] = [];
  if (rnd() < 0.5) attrs.push({ name: 'axis', type: AttributeType.INT, i: Math.floor(rnd() * 7) - 3 });
  if (rnd() < 0.3) attrs.push({ name: 'axes', type: AttributeType.INTS, ints: [Math.floor(rnd() * 5) - 2] });
  if (rnd() < 0.3) attrs.push({ name: 'perm', type: AttributeType.INTS, ints: [1, 0] });
  if (rnd() < 0.3) attrs.push({ name: 'kernel_shape', type: AttributeType.INTS, ints: [2, 2] });
  if (rnd() < 0.2) attrs.push({ name: 'keepdims', type: AttributeType.INT, i: 0 });
  return attrs;
}

/**
 * Calls every shape rule of the registry 40 times per pass on random inputs (seeded by `salt`),
 * after `prepare` has seen the inputs; `onResult` gets the outputs or what the rule threw.
 */
function callEveryRule(salt: number, prepare: (inputs: (Val | null)[]) => void, onResult: (where: string, outcome: { outs: unknown } | { err: unknown }) => void): void {
  for (const [key, rule] of [...OP_REGISTRY.values()].flatMap((e) => (e.shape.present ? [[e.key, e.shape.value] as const] : []))) {
    const [domain, opType] = key.split('::');
    for (let seed = 1; seed <= 40; seed++) {
      const rnd = prng(seed * salt + key.length);
      for (const isStatic of [true, false]) {
        const pass: PassSettings = { isStatic, bindings: {}, opsets: { [domain]: [7, 11, 13, 18, 23][seed % 5] }, functions: new Map(), canOverrideInitializers: true, generated: new Set(), rules: shapeRuleOf };
        const inputs = Array.from({ length: Math.floor(rnd() * 8) }, () => randomVal(rnd));
        prepare(inputs);
        const node = { name: 'n', opType, domain: domain === 'ai.onnx' ? '' : domain, inputs: inputs.map((_, i) => `i${i}`), outputs: ['o0', 'o1', 'o2'], attributes: randomAttrs(rnd) };
        const where = `${key} seed ${seed} ${isStatic ? 'static' : 'runtime'}`;
        let outs: unknown;
        try {
          outs = rule(makeRuleContext(pass, node, 'n', inputs, () => []));
        } catch (err) {
          onResult(where, { err });
          continue;
        }
        onResult(where, { outs });
      }
    }
  }
}

test('every shape rule either infers or throws a ShapeError on arbitrary (even inconsistent) inputs', () => {
  const failures: string[] = [];
  callEveryRule(7919, () => {}, (where, r) => {
    if ('outs' in r) assert.ok(Array.isArray(r.outs), where);
    else if (!(r.err instanceof ShapeError)) failures.push(`${where}: ${(r.err as Error).message}`);
  });
  const byOp = [...new Set(failures.map((f) => f.replace(/ seed \d+ (static|runtime)/, '')))];
  assert.deepEqual(byOp, []);
});

test('no shape rule writes into its inputs: their shapes and contents are shared with the outputs and the other pass', () => {
  // Inference hands a rule's output arrays on without copying (sameAs gives the input's shape
  // itself) and the runtime pass keeps the static pass's value objects where they agree, so a rule
  // that edited an input in place would corrupt other values. Frozen inputs make any such write throw.
  const writes: string[] = [];
  const freeze = (inputs: (Val | null)[]): void => {
    for (const v of inputs) {
      if (!v) continue;
      if (v.shape) Object.freeze(v.shape);
      if (v.value) Object.freeze(v.value);
      Object.freeze(v);
    }
  };
  callEveryRule(104729, freeze, (where, r) => {
    if ('err' in r && r.err instanceof TypeError) writes.push(`${where.replace(/ seed \d+ (static|runtime)/, '')}: ${r.err.message}`);
  });
  assert.deepEqual([...new Set(writes)], []);
});
