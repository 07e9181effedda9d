import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readObservedProfile } from '../../src/report/observedProfile';
import { LensError } from '../../src/onnx/lensError';
import { buildModel, node, tensorValue, DataType } from '../support/onnxBuilder';

/** Runs onnxruntime-node with profiling on `bytes` and returns the profile text. */
async function profileOf(bytes: Uint8Array, feeds: Record<string, number[]>): Promise<string> {
  const ort = require('onnxruntime-node') as typeof import('onnxruntime-node');
  const dir = mkdtempSync(join(tmpdir(), 'oml-profile-'));
  try {
    const modelPath = join(dir, 'm.onnx');
    writeFileSync(modelPath, bytes);
    const s = await ort.InferenceSession.create(modelPath, { graphOptimizationLevel: 'disabled', enableProfiling: true, profileFilePrefix: join(dir, 'prof') });
    const f: Record<string, import('onnxruntime-node').Tensor> = {};
    for (const [name, dims] of Object.entries(feeds)) f[name] = new ort.Tensor('float32', new Float32Array(dims.reduce((a, b) => a * b, 1)), dims);
    await s.run(f);
    s.endProfiling();
    await s.release();
    const file = readdirSync(dir).find((n) => n.startsWith('prof') && n.endsWith('.json'));
    assert.ok(file, 'ORT wrote a profile');
    return readFileSync(join(dir, file), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const chain = buildModel({
  nodes: [node('Relu', ['x'], ['a'], { name: 'relu' }), node('Sigmoid', ['a'], ['b'], { name: 'sig' }), node('Neg', ['b'], ['y'])],
  inputs: [tensorValue('x', DataType.FLOAT, [2, 64])],
  outputs: [tensorValue('y', DataType.FLOAT, [2, 64])],
});
const chainSteps = [
  { displayName: 'relu', opType: 'Relu' },
  { displayName: 'sig', opType: 'Sigmoid' },
  { displayName: 'Neg_2', opType: 'Neg' },
];

test('readObservedProfile() lines up a real ORT 1.30 profile with the modeled steps by node name', async () => {
  const text = await profileOf(chain, { x: [2, 64] });
  const observed = readObservedProfile(text, 'prof.json', 'main', chainSteps);
  assert.equal(observed.steps.length, 3);
  assert.deepEqual(observed.mismatches, []);
  for (const s of observed.steps) {
    assert.ok(s, 'every step matched');
    assert.equal(typeof s.memBytesInUse, 'number');
    assert.equal(typeof s.memBytesRequestedInUse, 'number');
    assert.ok(s.memInUsePeak! >= s.memBytesInUse!, 'the peak is at least what is in use');
  }
  // The final Neg writes the 512-byte graph output, which stays in use after its step.
  assert.ok(observed.steps[2]!.memBytesRequestedInUse! >= 512);
});

test('readObservedProfile() refuses a profile from another model', async () => {
  const text = await profileOf(chain, { x: [2, 64] });
  const other = [{ displayName: 'conv1', opType: 'Conv' }, { displayName: 'pool', opType: 'MaxPool' }];
  assert.throws(() => readObservedProfile(text, 'prof.json', 'main', other), (e: unknown) => {
    assert.ok(e instanceof LensError);
    assert.equal(e.code, 'profile');
    assert.equal(e.message, "Profile 'prof.json' does not belong to this model: 0 of 2 steps match by node name");
    return true;
  });
});

test('readObservedProfile() rejects text that is not a profile, naming the file', () => {
  assert.throws(() => readObservedProfile('hello', 'x.json', 'main', chainSteps), { code: 'profile', message: "Profile 'x.json' is not JSON" });
  assert.throws(() => readObservedProfile('{"a":1}', 'x.json', 'main', chainSteps), { code: 'profile', message: "Profile 'x.json' is not an ONNX Runtime profile (no event list)" });
  assert.throws(() => readObservedProfile('[]', 'x.json', 'main', chainSteps), { code: 'profile', message: "Profile 'x.json' has no node events (was a Run() profiled?)" });
});

test('readObservedProfile() reports a modeled step the profile lacks instead of inventing numbers', () => {
  const present = Array.from({ length: 5 }, (_, i) => ({ displayName: `n${i}`, opType: 'Relu' }));
  const events = present.map((s) => ({ cat: 'Node', name: `${s.displayName}_kernel_time`, args: { op_name: s.opType, mem_bytes_in_use: '100', mem_bytes_requested_in_use: '90', mem_in_use_peak: '100', mem_arena_held: '1000' } }));
  const steps = [...present, { displayName: 'extra', opType: 'Abs' }];
  const observed = readObservedProfile(JSON.stringify(events), 'p.json', 'main', steps);
  assert.equal(observed.steps[5], null);
  assert.deepEqual(observed.mismatches, ["model step 'extra' (Abs) not in profile"]);
  assert.equal(observed.steps[0]!.memBytesRequestedInUse, 90);
});
