/**
 * The zero-filled stand-in (src/optimize/standIn.ts) must give ORT's optimizer the same graph as the
 * real weights: on every corpus model ORT can open, at 'extended' and 'all', the saved graph's nodes
 * (in ORT's order: op, domain, name, inputs, outputs, attributes) and initializers (name, type,
 * dims) are compared between a session on the model and one on its stand-in.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Model } from '../../src/onnx/model';
import { optimizeModelFile } from '../../src/optimize/optimizeModel';
import { loadOrtRuntime } from '../../src/optimize/ortRuntime';
import { writeStandIn } from '../../src/optimize/standIn';
import { CORPUS_DIR, hasCorpus, listOnnxFiles } from '../support/corpus';
import { buildModel, DataType, node, tensor, tensorValue } from '../support/onnxBuilder';

const NO_ORT = loadOrtRuntime().ok ? false : 'onnxruntime-node is not installed';

/**
 * The saved graph as comparable text: one line per node and per initializer, sorted. At `all` the
 * NCHWc pass hands out its `reorder_token_<n>` names and `ReorderOutput[_token_<n>]` node names, and
 * even the order of independent nodes, differently from one session to the next
 * (docs/ort-optimized-sessions.md), with the real weights as with the stand-in; so a made-up value
 * name is replaced by where it comes from (the producing node and slot, or for a reordered weight the
 * first node reading it), and nodes are compared as a set.
 */
function shape(model: Model): string[] {
  const g = model.graph;
  const token = (name: string): boolean => /^reorder_token_\d+$/.test(name);
  const canon = new Map<string, string>();
  const nodeKey = (n: Model['graph']['nodes'][number], inputs: string[]): string =>
    n.domain === 'com.microsoft.nchwc' && n.opType === 'ReorderOutput' ? `ReorderOutput(${inputs.join(',')})` : n.name;
  const initNames = new Set(g.initializers.map((t) => t.name));
  // Reordered weights first: named by their first reader, found before any output is named.
  for (const n of g.nodes) n.inputs.forEach((x, slot) => {
    if (token(x) && initNames.has(x) && !canon.has(x)) canon.set(x, `weight of ${n.name || n.opType}#${slot}`);
  });
  const nodes: string[] = [];
  // Nodes in ORT's order are topological, so an input's canonical name exists before it is read.
  for (const n of g.nodes) {
    const inputs = n.inputs.map((x) => canon.get(x) ?? x);
    const key = nodeKey(n, inputs);
    n.outputs.forEach((o, slot) => {
      if (token(o)) canon.set(o, `${key}>${slot}`);
    });
    nodes.push(JSON.stringify([n.domain, n.opType, key, inputs, n.outputs.map((x) => canon.get(x) ?? x), n.attributes.map((a) => [a.name, a.type, a.i, a.f, a.ints, a.floats, a.s, a.t?.dims])]));
  }
  const inits = g.initializers.map((t) => `${canon.get(t.name) ?? t.name}:${t.dataType}:${t.dims.join('x')}`);
  return [...nodes.sort(), ...inits.sort()];
}

test('the stand-in zero-fills large payloads in a sparse file and keeps small ones (shapes, scalars)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-standin-'));
  try {
    const file = join(dir, 'm.onnx');
    writeFileSync(
      file,
      buildModel({
        nodes: [node('MatMul', ['X', 'W'], ['a'], { name: 'mm' }), node('Reshape', ['a', 'shape'], ['Y'], { name: 'r' })],
        inputs: [tensorValue('X', DataType.FLOAT, [4, 512])],
        outputs: [tensorValue('Y', DataType.FLOAT, [2048])],
        initializers: [tensor('W', DataType.FLOAT, [512, 512]), tensor('shape', DataType.INT64, [1], { values: [2048] })],
      }),
    );
    const s = writeStandIn(file, mkdtempSync(join(dir, 'out-')));
    assert.ok('modelPath' in s, 'refused' in s ? s.refused : '');
    assert.equal(s.zeroFilledTensors, 1);
    assert.equal(s.zeroFilledBytes, 512 * 512 * 4);
    assert.equal(statSync(s.weightsPath).size, 512 * 512 * 4);
    assert.ok(statSync(s.weightsPath).blocks * 512 < 64 * 1024, 'the weights file is a hole (no blocks written)');
    assert.ok(statSync(s.modelPath).size < 4096, 'the stand-in model holds no weights');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('on every corpus model ORT opens, the stand-in gives the same optimized graph as the real weights (extended, all; nodes as a set)', { skip: NO_ORT || (!hasCorpus ? `corpus folder ${CORPUS_DIR} is absent` : false) }, async () => {
  let compared = 0;
  const differ: string[] = [];
  const notOpened: string[] = [];
  for (const path of listOnnxFiles(CORPUS_DIR, { skipDirs: ['ort-probes'] })) {
    for (const level of ['extended', 'all'] as const) {
      const real = await optimizeModelFile(path, { level, session: { intraOpThreads: 1 }, weights: 'real' });
      if (!real.ok) {
        notOpened.push(`${relative(CORPUS_DIR, path)}@${level}`);
        continue;
      }
      const standIn = await optimizeModelFile(path, { level, session: { intraOpThreads: 1 }, weights: 'standin' });
      compared++;
      if (!standIn.ok) {
        differ.push(`${relative(CORPUS_DIR, path)}@${level}: the stand-in failed: ${standIn.reason}`);
        continue;
      }
      const a = shape(real.model);
      const b = shape(standIn.model);
      const at = a.findIndex((x, i) => x !== b[i]);
      if (at >= 0 || a.length !== b.length) differ.push(`${relative(CORPUS_DIR, path)}@${level}: first difference at ${at}: real ${a[at] ?? '(end)'} vs stand-in ${b[at] ?? '(end)'}`);
    }
  }
  console.log(`standIn: same optimized graph on ${compared - differ.length}/${compared} corpus model-levels; ${notOpened.length} not opened by ORT`);
  assert.ok(compared > 40);
  assert.deepEqual(differ, []);
});
