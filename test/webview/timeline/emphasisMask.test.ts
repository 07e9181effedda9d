import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emphasisMask } from '../../../webview/timeline/emphasisMask';
import { buildRowLayout } from '../../../webview/timeline/rowLayout';
import { makeSmallReport } from '../reportFixtures';
import { buildReport } from '../../../src/analyze/buildReport';
import { decodeModelBytes } from '../../../src/onnx/loadModel';
import { buildModel, DataType, node, tensorValue } from '../../support/onnxBuilder';

const graph = makeSmallReport().graphs[0]!;
const layout = buildRowLayout(graph, { sort: 'start', isBandCollapsed: true });
const bright = (mask: Uint8Array | null): string[] => {
  const out: string[] = [];
  mask?.forEach((m, i) => {
    if (m !== 1) return;
    const v = layout.segValue[i]!;
    out.push(v >= 0 ? graph.values[v]!.name : layout.segStep[i]! >= 0 ? `ws${layout.segStep[i]}` : 'band');
  });
  return out.sort();
};

test('emphasisMask() is null when there is no search and no cursor', () => {
  assert.equal(emphasisMask(graph, layout, '  ', -1), null);
});

test('emphasisMask() matches value names and the producing node name or op, case-insensitively', () => {
  assert.deepEqual(bright(emphasisMask(graph, layout, 'MATMUL', -1)), ['d', 'ws3']);
  assert.deepEqual(bright(emphasisMask(graph, layout, 'relu', -1)), ['b']);
});

test('emphasisMask() with a cursor keeps only what is live at that step', () => {
  assert.deepEqual(bright(emphasisMask(graph, layout, '', 4)), ['band', 'd', 'e']);
  assert.deepEqual(bright(emphasisMask(graph, layout, 'sigmoid', 4)), ['e']);
});

test('emphasisMask() in the parallel view, with the cursor at the peak step, keeps the buffers of the worst moment', () => {
  // Two unary chains from x that join at the end: the worst moment runs the second Relu and the
  // second Sigmoid at once, holding a, a2, b and b2, although no step of ORT's order holds all four.
  const bytes = buildModel({
    nodes: [node('Relu', ['x'], ['a'], { name: 'r' }), node('Relu', ['a'], ['a2'], { name: 'r2' }), node('Sigmoid', ['x'], ['b'], { name: 's' }), node('Sigmoid', ['b'], ['b2'], { name: 's2' }), node('Add', ['a2', 'b2'], ['y'], { name: 'add' })],
    inputs: [tensorValue('x', DataType.FLOAT, [2, 8])],
    outputs: [tensorValue('y', DataType.FLOAT, [2, 8])],
  });
  const report = buildReport({ filePath: '/virtual/chains.onnx', model: decodeModelBytes(bytes, { fileName: 'chains.onnx' }).model, fileBytes: bytes.length }, { bindings: {}, view: 'parallel' });
  const g = report.graphs[0]!;
  const l = buildRowLayout(g, { sort: 'start', isBandCollapsed: true });
  const names = (mask: Uint8Array | null): string[] => {
    const out = new Set<string>();
    mask?.forEach((m, i) => { if (m === 1 && l.segValue[i]! >= 0) out.add(g.values[l.segValue[i]!]!.name); });
    return [...out].sort();
  };
  assert.equal(g.peak.step, 3);
  assert.deepEqual(names(emphasisMask(g, l, '', 3)), ['a', 'a2', 'b', 'b2']);
  // At another step the cursor keeps what ORT's order holds there.
  assert.deepEqual(names(emphasisMask(g, l, '', 4)), ['a2', 'b2', 'y']);
});
