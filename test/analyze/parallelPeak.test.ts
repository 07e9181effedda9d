import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeFile, buildReport, type Analysis } from '../../src/analyze/buildReport';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { liveBuffersAt, peakBuffers } from '../../src/report/liveBuffers';
import { renderText } from '../../src/report/renderText';
import { decodeReportColumns, encodeReportColumns } from '../../src/report/columnarReport';
import { packReportColumns, unpackReportColumns } from '../../src/report/packedColumns';
import { writeDecoderModel } from '../../scripts/bench/support/decoderModel';
import { buildModel, DataType, node, tensorValue } from '../support/onnxBuilder';

function analysis(bytes: Uint8Array): Analysis {
  return { filePath: '/virtual/test.onnx', model: decodeModelBytes(bytes, { fileName: 'test.onnx' }).model, fileBytes: bytes.length };
}

test('on the synthetic decoder the parallel worst case is below the sequential peak, which holds reused buffers between their uses', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lens-pcut-'));
  try {
    const a = analyzeFile(writeDecoderModel(dir, 'decoder3', 3));
    const bindings = { batch: 1, sequence: 128 };
    const seq = buildReport(a, { bindings }).graphs[0]!;
    const par = buildReport(a, { bindings, view: 'parallel' }).graphs[0]!;
    // Sequential: the freelist hands layer 0's score buffers to the next layers, so ORT holds them
    // for the whole run, beside the live ones: 2 × 256 KiB scores + 2 × 128 KiB MLP + 7 × 32 KiB.
    assert.equal(seq.peak.bytes, 1015808);
    const held = liveBuffersAt(seq, seq.peak.step!).find((b) => b.root === 'l0.scores')!;
    assert.ok(seq.values.find((v) => v.name === 'l0.scores')!.releasedAfter! > 2 * 24, 'l0.scores is held into layer 2');
    assert.equal(held.bytes, 262144);
    // Parallel: no reuse, each buffer freed when its last reader ends. The worst moment is layer 1's
    // Mul running beside its V projection: scores, scaled, the layer input, ln1 and v.
    assert.equal(par.peak.exact, true);
    assert.equal(par.peak.bytes, 2 * 262144 + 3 * 32768);
    assert.deepEqual(par.peak.values, ['l1.scores', 'l1.scaled', 'l0.out', 'l1.ln1', 'l1.v']);
    assert.deepEqual(peakBuffers(par, par.peak).map((b) => b.bytes), [262144, 262144, 32768, 32768, 32768]);
    assert.ok(par.peak.bytes! < seq.peak.bytes!);
    // What the text report says of it.
    assert.match(renderText(buildReport(a, { bindings, view: 'parallel' })), /5 buffers alive together at the worst moment \(steps \d+, \d+ running at once\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the parallel peak is unavailable, with the reason, while a buffer of unknown size exists', () => {
  const bytes = buildModel({
    nodes: [node('Relu', ['x'], ['a'], { name: 'r' }), node('Sigmoid', ['a'], ['y'], { name: 's' })],
    inputs: [tensorValue('x', DataType.FLOAT, ['n', 8])],
    outputs: [tensorValue('y', DataType.FLOAT, ['n', 8])],
  });
  const unbound = buildReport(analysis(bytes), { bindings: {}, view: 'parallel' }).graphs[0]!.peak;
  assert.deepEqual([unbound.bytes, unbound.step, unbound.values, unbound.exact, unbound.upperBoundBytes], [null, null, [], false, null]);
  assert.match(unbound.reason!, /^size of 'a' unknown: /);
  const bound = buildReport(analysis(bytes), { bindings: { n: 4 }, view: 'parallel' }).graphs[0]!.peak;
  assert.deepEqual([bound.bytes, bound.values], [256, ['a', 'y']]);
});

test('the parallel peak travels to the webview: the packed columns keep values, running, exact and upperBoundBytes', () => {
  const bytes = buildModel({
    nodes: [node('Relu', ['x'], ['a'], { name: 'r' }), node('Relu', ['a'], ['a2'], { name: 'r2' }), node('Sigmoid', ['x'], ['b'], { name: 's' }), node('Sigmoid', ['b'], ['b2'], { name: 's2' }), node('Add', ['a2', 'b2'], ['y'], { name: 'add' })],
    inputs: [tensorValue('x', DataType.FLOAT, [2, 8])],
    outputs: [tensorValue('y', DataType.FLOAT, [2, 8])],
  });
  const report = buildReport(analysis(bytes), { bindings: {}, view: 'parallel' });
  const back = decodeReportColumns(unpackReportColumns(packReportColumns(encodeReportColumns(report))));
  assert.deepEqual(back.graphs[0]!.peak, report.graphs[0]!.peak);
  assert.deepEqual(back.graphs[0]!.peak.values, ['a', 'a2', 'b', 'b2']);
});
