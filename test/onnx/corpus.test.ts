import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadModel } from '../../src/onnx/loadModel';
import { LensError } from '../../src/onnx/lensError';
import type { Graph, TensorInfo } from '../../src/onnx/model';
import { CORPUS_DIR as CORPUS, hasCorpus, listOnnxFiles } from '../support/corpus';

const skip = hasCorpus ? false : `corpus folder ${CORPUS} is absent`;


/** Per model in SUMMARY.txt: top-level node count and initializer byte totals (all graphs). */
function readSummary(): Map<string, { topNodes: number; logicalBytes: number; storedBytes: number }> {
  const out = new Map<string, { topNodes: number; logicalBytes: number; storedBytes: number }>();
  let current = '';
  for (const line of fs.readFileSync(path.join(CORPUS, 'SUMMARY.txt'), 'utf8').split('\n')) {
    const head = /^== (\S+)/.exec(line);
    if (head) current = head[1]!;
    const nodes = /^\s+nodes: top=(\d+)/.exec(line);
    if (nodes) out.set(current, { topNodes: Number(nodes[1]), logicalBytes: 0, storedBytes: 0 });
    const inits = /^\s+initializers: .*logical_bytes=(\d+) stored_bytes=(\d+)/.exec(line);
    if (inits && out.has(current)) Object.assign(out.get(current)!, { logicalBytes: Number(inits[1]), storedBytes: Number(inits[2]) });
  }
  return out;
}

function allInitializers(g: Graph, out: TensorInfo[] = []): TensorInfo[] {
  out.push(...g.initializers);
  for (const n of g.nodes) {
    for (const a of n.attributes) {
      if (a.g) allInitializers(a.g, out);
      for (const sub of a.graphs ?? []) allInitializers(sub, out);
    }
  }
  return out;
}

test('loadModel() decodes every corpus model or refuses it with a LensError', { skip }, () => {
  const models = listOnnxFiles(CORPUS);
  assert.ok(models.length > 50, `found ${models.length} models`);
  const summary = readSummary();
  let compared = 0;
  for (const file of models) {
    const rel = path.relative(CORPUS, file).split(path.sep).join('/');
    try {
      const loaded = loadModel(file);
      assert.ok(loaded.bytesRead <= 2 * loaded.fileBytes + 65536, `${rel}: read ${loaded.bytesRead} of ${loaded.fileBytes}`);
      const expected = summary.get(rel);
      if (!expected) continue;
      const inits = allInitializers(loaded.model.graph);
      assert.equal(loaded.model.graph.nodes.length, expected.topNodes, `${rel}: top-level nodes`);
      assert.equal(inits.reduce((a, t) => a + (t.byteSize ?? 0), 0), expected.logicalBytes, `${rel}: logical bytes`);
      assert.ok(inits.every((t) => t.storedBytes !== null), `${rel}: every stored size is known`);
      assert.equal(inits.reduce((a, t) => a + (t.storedBytes as number), 0), expected.storedBytes, `${rel}: stored bytes`);
      compared++;
    } catch (err) {
      // Every corpus model decodes (the two with no nodes too: ORT runs them).
      assert.fail(`${rel}: ${err instanceof LensError ? `${err.code}: ${err.message}` : String(err)}`);
    }
  }
  assert.ok(compared > 40, `compared ${compared} models with SUMMARY.txt`);
});

test('loadModel() reads burn/empty_graph.onnx, a graph without nodes that ORT runs, as 0 nodes', { skip }, () => {
  const loaded = loadModel(path.join(CORPUS, 'burn/empty_graph.onnx'));
  assert.equal(loaded.model.graph.nodes.length, 0);
  assert.deepEqual(loaded.model.graph.outputs.map((o) => o.name), ['data']);
});
