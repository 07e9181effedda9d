import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { LensError } from '../../src/onnx/lensError';
import { buildReport, type Analysis } from '../../src/analyze/buildReport';
import { sampleRateBranchModel } from '../oracle/generatedModels';
import { buildModel, DataType, node, tensorValue } from '../support/onnxBuilder';
import { parseArgs } from '../../src/cli/parseArgs';
import { sweepAnalysis } from '../../src/analyze/sweep';
import { fitAnalysis } from '../../src/analyze/fit';
import { parseAnswerArgs } from '../../src/cli/answerArgs';

function analysis(bytes: Uint8Array): Analysis {
  return { filePath: '/virtual/sr.onnx', model: decodeModelBytes(bytes, { fileName: 'sr.onnx' }).model, fileBytes: bytes.length };
}

test('a fixed input value decides an If: the sizes after it are those of the branch that runs', () => {
  const a = analysis(sampleRateBranchModel());
  const unknown = buildReport(a);
  assert.equal(unknown.graphs[0]!.peak.bytes, null, 'branches of different ranks leave the size unknown');
  const r16 = buildReport(a, { values: { sr: [16000] } });
  const r8 = buildReport(a, { values: { sr: [8000] } });
  const framed = (r: typeof r16) => r.graphs[0]!.values.find((v) => v.name === 'framed')!;
  assert.deepEqual(framed(r16).shape, [2, 32]);
  assert.deepEqual(framed(r8).shape, [1, 4, 16]);
  assert.equal(framed(r16).bytes, 256);
  assert.deepEqual(r16.inputValues, { sr: [16000] });
  assert.equal(unknown.inputValues, undefined);
});

test('fixed input values are checked against the input: name, element count, integer type, bool, unbound dims', () => {
  const a = analysis(sampleRateBranchModel());
  const refuse = (values: Record<string, number[]>, pattern: RegExp) =>
    assert.throws(() => buildReport(a, { values }), (e: unknown) => e instanceof LensError && e.code === 'bad-argument' && pattern.test(e.message));
  refuse({ rate: [1] }, /no graph input of that name \(inputs: X, sr\)/);
  refuse({ sr: [1, 2] }, /holds 1 element, 2 given/);
  refuse({ sr: [1.5] }, /int64 holds integers, not 1\.5/);
  refuse({ X: [1] }, /holds 64 elements, 1 given/);
  const sym = analysis(buildModel({ nodes: [node('Relu', ['x'], ['y'])], inputs: [tensorValue('x', DataType.BOOL, ['n'])], outputs: [tensorValue('y', DataType.BOOL, ['n'])] }));
  assert.throws(() => buildReport(sym, { values: { x: [1] } }), /the unbound dim 'n' \(bind it with --bind n=N\)/);
  assert.throws(() => buildReport(sym, { bindings: { n: 1 }, values: { x: [2] } }), /a bool is 0 or 1, not 2/);
  assert.doesNotThrow(() => buildReport(sym, { bindings: { n: 2 }, values: { x: [1, 0] } }));
});

test('cli --value parses INPUT=V and INPUT=V,V and refuses non-numbers', () => {
  assert.deepEqual(parseArgs(['report', 'm.onnx', '--value', 'sr=16000', '--value', 'hw=480,640']).values, { sr: [16000], hw: [480, 640] });
  assert.throws(() => parseArgs(['report', 'm.onnx', '--value', 'sr=abc']), /Invalid value for 'sr': 'abc' is not a number/);
  assert.throws(() => parseArgs(['report', 'm.onnx', '--value', 'sr']), /expected INPUT=V/);
});

test('a sweep and a fit keep the fixed input values at every point: each point equals the report with those values', () => {
  const a = analysis(sampleRateBranchModel({ batchChain: true }));
  const values = [1, 2, 8, 64];
  const unknown = sweepAnalysis(a, { dim: 'n', values });
  assert.ok(unknown.points.every((p) => p.peakBytes === null), 'without sr the If leaves the peak unknown at every n');
  const swept = sweepAnalysis(analysis(sampleRateBranchModel({ batchChain: true })), { dim: 'n', values, inputValues: { sr: [16000] } });
  for (const p of swept.points) {
    const r = buildReport(analysis(sampleRateBranchModel({ batchChain: true })), { bindings: { n: p.value }, values: { sr: [16000] } });
    assert.equal(r.graphs[0]!.peak.bytes, p.peakBytes, `n=${p.value}`);
    assert.equal(typeof p.peakBytes, 'number');
  }
  const f = fitAnalysis(analysis(sampleRateBranchModel({ batchChain: true })), { dim: 'n', budgetBytes: 64 * 1024, inputValues: { sr: [8000] } });
  assert.equal(f.status, 'fits', f.note);
  const peakAt = (n: number) => buildReport(analysis(sampleRateBranchModel({ batchChain: true })), { bindings: { n }, values: { sr: [8000] } }).graphs[0]!.peak.bytes!;
  assert.equal(f.modeledPeakBytes, peakAt(f.value!));
  assert.equal(f.next!.modeledPeakBytes, peakAt(f.next!.value));
  assert.ok(f.peakBytes! <= 64 * 1024 && f.next!.peakBytes > 64 * 1024);
});

test('sweep and fit take --value and the level flags as report does; diff refuses --value', () => {
  const sweep = parseAnswerArgs(['sweep', 'm.onnx', '--dim', 'n', '--from', '1', '--to', '4', '--value', 'sr=16000', '--optimization', 'extended']);
  assert.deepEqual(sweep.values, { sr: [16000] });
  assert.equal(sweep.optimization, 'extended');
  assert.equal(parseAnswerArgs(['fit', 'm.onnx', '--dim', 'n', '--budget', '1MiB']).optimization, 'all');
  assert.throws(() => parseAnswerArgs(['diff', 'a.onnx', 'b.onnx', '--value', 'sr=1']), /diff does not take it/);
  assert.throws(() => parseAnswerArgs(['sweep', 'm.onnx', '--dim', 'n', '--from', '1', '--to', '4', '--optimization', 'max']), /Invalid optimization level 'max'/);
});
