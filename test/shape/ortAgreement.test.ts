import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { loadModel } from '../../src/onnx/loadModel';
import { LensError } from '../../src/onnx/lensError';
import { inferShapes } from '../../src/shape';
import { evaluateDim } from '../../src/shape/symbolicDim';
import { loadOrt, runOrtOracle } from '../support/ortOracle';
import { opsetsOf } from './inferHelper';
import { CORPUS_DIR as CORPUS, hasCorpus, listOnnxFiles } from '../support/corpus';
import { shapeRuleOf } from '../../src/ops/registry';

const skip = !hasCorpus ? `corpus folder ${CORPUS} is absent` : loadOrt() === null ? 'onnxruntime-node is not installed' : false;


/**
 * Runs each corpus model in onnxruntime-node (feeds of zeros, symbolic dims bound as the oracle
 * binds them) and compares every node output shape in ORT's profile with the runtime channel
 * under the same bindings, and with the known dims of the static channel.
 */
test('inferShapes() runtime shapes agree with the shapes onnxruntime-node produces on the corpus', { skip }, async () => {
  let compared = 0;
  let unknown = 0;
  const mismatches: string[] = [];
  for (const file of listOnnxFiles(CORPUS).filter((f) => !f.includes(`${path.sep}random${path.sep}`))) {
    let model;
    try {
      model = loadModel(file).model;
    } catch (err) {
      if (err instanceof LensError) continue;
      throw err;
    }
    const ort = await runOrtOracle(file);
    if (!ort.ok) continue;
    const res = inferShapes(model.graph, { rules: shapeRuleOf, opsets: opsetsOf(model), functions: model.functions, irVersion: model.irVersion, bindings: ort.dims });
    const outputsByLabel = new Map<string, string[]>();
    let index = 0;
    for (const n of model.graph.nodes) {
      if (n.opType === 'Constant') continue;
      outputsByLabel.set(n.name || `${n.opType}_${index}`, n.outputs.filter((o) => o));
      index++;
    }
    for (const e of ort.events) {
      const outs = outputsByLabel.get(e.name);
      const shapes = e.outputTypeShape as Record<string, number[]>[] | undefined;
      if (!outs || !Array.isArray(shapes) || shapes.length !== outs.length) continue;
      outs.forEach((name, i) => {
        const actual = Object.values(shapes[i])[0];
        const v = res.values.get(name);
        if (!actual || !v) return;
        const mine = v.shape?.map((d) => evaluateDim(d, ort.dims)) ?? null;
        if (!mine || mine.some((d) => typeof d !== 'number')) {
          unknown++;
          return;
        }
        compared++;
        const where = `${path.relative(CORPUS, file)} ${e.name}:${name}`;
        if (JSON.stringify(mine) !== JSON.stringify(actual)) mismatches.push(`${where} runtime ${JSON.stringify(mine)} vs ORT ${JSON.stringify(actual)}`);
        const st = v.staticShape;
        if (st && (st.length !== actual.length || st.some((d, k) => typeof d === 'number' && d !== actual[k]))) {
          mismatches.push(`${where} static ${JSON.stringify(st)} vs ORT ${JSON.stringify(actual)}`);
        }
      });
    }
  }
  assert.ok(compared >= 3000, `compared ${compared} node outputs (${unknown} left symbolic)`);
  assert.deepEqual(mismatches, []);
});
