import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateInitialization, initializationFigures, InitializerUseMemo, type PrepackedStep } from '../../../src/plan/workspace';

const W_BYTES = 64 * 100 * 4;
const PACK = 28672;

function matMulStep(step: number, w = 'W', opType = 'MatMul'): PrepackedStep {
  return { step, node: { opType, domain: '', inputs: [`x${step}`, w] }, packs: [{ input: w, packedBytes: PACK, reason: null, releasesOriginal: true }] };
}

test('initializationFigures() frees a sole-consumer original and counts its pack', () => {
  const r = initializationFigures(new Map([['W', { byteSize: W_BYTES }]]), [matMulStep(0)], { graphOutputs: [] });
  assert.equal(r.initializerBytesStored, W_BYTES);
  assert.equal(r.initializerBytesAfterPrepack, PACK);
  assert.deepEqual(r.prepack, [{ step: 0, initializer: 'W', packedBytes: PACK, reason: null }]);
  assert.equal(r.reason, null);
});

test('initializationFigures() keeps an original that a non-packing node also reads', () => {
  const gather: PrepackedStep = { step: 1, node: { opType: 'Gather', domain: '', inputs: ['W', 'idx'] }, packs: [] };
  const r = initializationFigures(new Map([['W', { byteSize: W_BYTES }]]), [matMulStep(0), gather], { graphOutputs: [] });
  assert.equal(r.initializerBytesAfterPrepack, W_BYTES + PACK);
});

test('initializationFigures() keeps an original that is also a graph output', () => {
  const r = initializationFigures(new Map([['W', { byteSize: W_BYTES }]]), [matMulStep(0)], { graphOutputs: ['W'] });
  assert.equal(r.initializerBytesAfterPrepack, W_BYTES + PACK);
});

test('initializationFigures() keeps an original that a subgraph reads', () => {
  const r = initializationFigures(new Map([['W', { byteSize: W_BYTES }]]), [matMulStep(0)], { graphOutputs: [], subgraphUses: new Map([['W', 1]]) });
  assert.equal(r.initializerBytesAfterPrepack, W_BYTES + PACK);
});

test('initializationFigures() shares one pack between two same-op nodes on one initializer', () => {
  const r = initializationFigures(new Map([['W', { byteSize: W_BYTES }]]), [matMulStep(0), matMulStep(3)], { graphOutputs: [] });
  assert.equal(r.initializerBytesAfterPrepack, PACK);
  assert.equal(r.prepack[1].reason, 'shares the pack built at step 0');
});

test('initializationFigures() does not share packs across op types', () => {
  const r = initializationFigures(new Map([['W', { byteSize: W_BYTES }]]), [matMulStep(0), matMulStep(1, 'W', 'Gemm')], { graphOutputs: [] });
  assert.equal(r.initializerBytesAfterPrepack, 2 * PACK);
});

test('initializationFigures() keeps the original when the pack does not release it (fp16 norm copies)', () => {
  const ln: PrepackedStep = { step: 0, node: { opType: 'LayerNormalization', domain: '', inputs: ['x', 'g'] }, packs: [{ input: 'g', packedBytes: 256, reason: null, releasesOriginal: false }] };
  const r = initializationFigures(new Map([['g', { byteSize: 128 }]]), [ln], { graphOutputs: [] });
  assert.equal(r.initializerBytesAfterPrepack, 128 + 256);
});

test('initializationFigures() counts unused and unpacked initializers as stored and kept', () => {
  const add: PrepackedStep = { step: 0, node: { opType: 'Add', domain: '', inputs: ['x', 'b'] }, packs: [] };
  const r = initializationFigures(new Map([['b', { byteSize: 16 }], ['spare', { byteSize: 8 }]]), [add], { graphOutputs: [] });
  assert.deepEqual([r.initializerBytesStored, r.initializerBytesAfterPrepack], [24, 24]);
});

test('initializationFigures() reports null totals with a reason when a pack size is unknown', () => {
  const step: PrepackedStep = { step: 2, node: { opType: 'MatMul', domain: '', inputs: ['x', 'W'] }, packs: [{ input: 'W', packedBytes: null, reason: "MatMul input 'W' has an unknown dim 1", releasesOriginal: true }] };
  const r = initializationFigures(new Map([['W', { byteSize: W_BYTES }]]), [step], { graphOutputs: [] });
  assert.equal(r.initializerBytesStored, W_BYTES);
  assert.equal(r.initializerBytesAfterPrepack, null);
  assert.equal(r.reason, "pack of 'W' at step 2: MatMul input 'W' has an unknown dim 1");
});

test('initializationFigures() reports a null stored total when an initializer size is unknown', () => {
  const r = initializationFigures(new Map([['W', { byteSize: null }]]), [], { graphOutputs: [] });
  assert.deepEqual([r.initializerBytesStored, r.initializerBytesAfterPrepack, r.reason], [null, null, "initializer 'W' has an unknown size"]);
});

test('estimateInitialization() packs each step and frees a sole-consumer MatMul weight', () => {
  const node = { opType: 'MatMul', domain: '', attributes: [], inputs: ['x', 'W'], outputs: ['y'] };
  const io = {
    inputs: [{ dtype: 1, dims: [8, 64] }, { dtype: 1, dims: [64, 100] }],
    outputs: [{ dtype: 1, dims: [8, 100] }],
    isConstant: (n: string) => n === 'W',
    isGraphOutput: () => false,
  };
  const r = estimateInitialization(new Map([['W', { byteSize: W_BYTES }]]), [{ step: 0, node, io }], { graphOutputs: [] }, { threads: 2, l2CacheBytes: 1 << 20 });
  assert.deepEqual([r.initializerBytesStored, r.initializerBytesAfterPrepack], [W_BYTES, PACK]);
});

test('initializationFigures() puts in the arena only packed copies and kept initializers of at most 127 B stored in the model', () => {
  const inits = new Map<string, { byteSize: number | null; external?: unknown }>([
    ['W', { byteSize: W_BYTES }], // packed by MatMul, original dropped: its pack is in the arena
    ['big', { byteSize: 128 }], // one byte over the threshold: used in place from the model's memory
    ['small', { byteSize: 127 }], // copied into an arena tensor
    ['smallExternal', { byteSize: 16, external: { location: 'w.bin' } }], // external data: not in the arena
  ]);
  const relu: PrepackedStep = { step: 1, node: { opType: 'Add', domain: '', inputs: ['big', 'small'] }, packs: [] };
  const add: PrepackedStep = { step: 2, node: { opType: 'Add', domain: '', inputs: ['smallExternal', 'y'] }, packs: [] };
  const r = initializationFigures(inits, [matMulStep(0), relu, add], { graphOutputs: [] });
  assert.equal(r.initializerBytesAfterPrepack, PACK + 128 + 127 + 16);
  assert.equal(r.arenaBytesAfterPrepack, PACK + 127);
});

test('initializationFigures() leaves the arena figure unavailable when a pack size is unknown', () => {
  const unknownPack: PrepackedStep = { step: 0, node: { opType: 'MatMul', domain: '', inputs: ['x', 'W'] }, packs: [{ input: 'W', packedBytes: null, reason: 'depends on the CPU', releasesOriginal: true }] };
  const r = initializationFigures(new Map([['W', { byteSize: W_BYTES }]]), [unknownPack], { graphOutputs: [] });
  assert.equal(r.arenaBytesAfterPrepack, null);
  assert.match(r.reason ?? '', /depends on the CPU/);
});

test('InitializerUseMemo: the figures of later reports equal a fresh count, and change when what reads the initializers changes', () => {
  const inits = new Map([['W', { byteSize: W_BYTES }], ['V', { byteSize: 64 }], ['U', { byteSize: 32 }]]);
  const gather = (inputs: string[]): PrepackedStep => ({ step: 1, node: { opType: 'Gather', domain: '', inputs }, packs: [] });
  const memo = new InitializerUseMemo();
  const figures = (steps: PrepackedStep[], graphOutputs: string[], subgraphUses?: Map<string, number>) => {
    const fresh = initializationFigures(inits, steps, { graphOutputs, subgraphUses });
    const memoized = initializationFigures(inits, steps, { graphOutputs, subgraphUses }, undefined, memo);
    assert.deepEqual(memoized, fresh);
    return memoized.initializerBytesAfterPrepack;
  };
  // W packed by its only reader (dropped); V read by the Gather (kept); U read by nothing (kept).
  const steps = [matMulStep(0), gather(['V', 'idx'])];
  assert.equal(figures(steps, []), PACK + 64 + 32);
  // The same inputs again: the memo's counts, whose copies the first report's packs changed, still give the same figures.
  assert.equal(figures(steps, []), PACK + 64 + 32);
  assert.equal(figures([matMulStep(0), gather(['V', 'idx'])], []), PACK + 64 + 32);
  // A list edited in place is not taken for the one counted before.
  const edited = [matMulStep(0), gather(['V', 'idx'])];
  assert.equal(figures(edited, []), PACK + 64 + 32);
  edited[1]!.node.inputs[0] = 'W';
  assert.equal(figures(edited, []), W_BYTES + PACK + 64 + 32);
  // A graph output or a subgraph use of W keeps it too; each change is counted anew.
  assert.equal(figures(steps, ['W']), W_BYTES + PACK + 64 + 32);
  assert.equal(figures(steps, [], new Map([['W', 1]])), W_BYTES + PACK + 64 + 32);
  assert.equal(figures(steps, []), PACK + 64 + 32);
  // Two packs of W by two MatMuls (one shared pack) leave no use either.
  assert.equal(figures([matMulStep(0), matMulStep(2)], []), PACK + 64 + 32);
});

test('initializationFigures(): a pack of an initializer no step input counts still drops it, and two such packs keep it dropped', () => {
  const inits = new Map([['W', { byteSize: W_BYTES }]]);
  const packOnly = (step: number): PrepackedStep => ({ step, node: { opType: 'MatMul', domain: '', inputs: [`x${step}`] }, packs: [{ input: 'W', packedBytes: PACK, reason: null, releasesOriginal: true }] });
  assert.equal(initializationFigures(inits, [packOnly(0)], { graphOutputs: [] }).initializerBytesAfterPrepack, PACK);
  assert.equal(initializationFigures(inits, [packOnly(0), packOnly(1)], { graphOutputs: [] }).initializerBytesAfterPrepack, PACK);
  // Nothing reads or packs it: kept.
  assert.equal(initializationFigures(inits, [], { graphOutputs: [] }).initializerBytesAfterPrepack, W_BYTES);
});
