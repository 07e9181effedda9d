import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportFromFile } from '../../src/analyze/buildReport';
import { diffReports } from '../../src/report/diff';
import { buildModel, DataType, node, tensor, tensorValue } from '../support/onnxBuilder';

const dir = mkdtempSync(join(tmpdir(), 'oml-diff-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/** X [batch, width] → MatMul W [width, width] → a → Relu → Y; with `extra`, Relu → b, then Tanh(b) → Y and Sigmoid(b) → Z, a second output. */
function chain(file: string, width: number, extra: boolean): string {
  const nodes = [node('MatMul', ['X', 'W'], ['a'], { name: 'mm' }), node('Relu', ['a'], [extra ? 'b' : 'Y'], { name: 'relu' })];
  if (extra) nodes.push(node('Tanh', ['b'], ['Y'], { name: 'tanh' }), node('Sigmoid', ['b'], ['Z'], { name: 'sig' }));
  const path = join(dir, file);
  writeFileSync(path, buildModel({
    nodes,
    inputs: [tensorValue('X', DataType.FLOAT, ['batch', width])],
    outputs: [tensorValue('Y', DataType.FLOAT, ['batch', width]), ...(extra ? [tensorValue('Z', DataType.FLOAT, ['batch', width])] : [])],
    initializers: [tensor('W', DataType.FLOAT, [width, width])],
  }));
  return path;
}

test('diff: peaks, initializers and every buffer matched by value name (new, gone, grew, shrank)', () => {
  const a = reportFromFile(chain('a.onnx', 8, true), { bindings: { batch: 2 } });
  const b = reportFromFile(chain('b.onnx', 16, false), { bindings: { batch: 2 } });
  const d = diffReports(a, b);
  assert.equal(d.peakDeltaBytes, b.graphs[0]!.peak.bytes! - a.graphs[0]!.peak.bytes!);
  assert.equal(d.initializerDeltaBytes, 16 * 16 * 4 - 8 * 8 * 4);
  assert.equal(d.alignment, 'fraction', 'different op sequences align by fraction of the run');
  const byName = Object.fromEntries(d.buffers.map((x) => [x.name, x]));
  assert.deepEqual(byName['W'], { name: 'W', kind: 'initializer', aBytes: 256, bBytes: 1024, deltaBytes: 768, change: 'grew' });
  assert.deepEqual(byName['a'], { name: 'a', kind: 'run', aBytes: 64, bBytes: 128, deltaBytes: 64, change: 'grew' });
  assert.deepEqual(byName['Z'], { name: 'Z', kind: 'run', aBytes: 64, bBytes: null, deltaBytes: -64, change: 'gone' });
  assert.equal(byName['b'], undefined, 'b shares the buffer of a (in place), so it is no buffer of its own');
  assert.equal(byName['Y']?.change, 'grew');
  const back = diffReports(b, a);
  assert.equal(back.buffers.find((x) => x.name === 'W')?.change, 'shrank');
  assert.equal(back.buffers.find((x) => x.name === 'Z')?.change, 'new');
  // Largest change first.
  const deltas = d.buffers.map((x) => Math.abs(x.deltaBytes ?? 0));
  assert.deepEqual(deltas, [...deltas].sort((p, q) => q - p));
});

test('diff: one model under two bindings aligns by step; an unbound size is unknown, not 0', () => {
  const file = chain('c.onnx', 8, true);
  const d = diffReports(reportFromFile(file, { bindings: { batch: 1 } }), reportFromFile(file, { bindings: { batch: 4 } }));
  assert.equal(d.alignment, 'step');
  assert.equal(d.peakDeltaBytes, 3 * d.a.peakBytes!);
  assert.equal(d.sameBuffers, 1, 'W is the same size');
  const u = diffReports(reportFromFile(file, { bindings: { batch: 1 } }), reportFromFile(file));
  assert.equal(u.peakDeltaBytes, null);
  assert.equal(u.b.peakBytes, null);
  assert.ok(u.buffers.every((x) => x.kind === 'initializer' || x.change === 'unknown'));
});
