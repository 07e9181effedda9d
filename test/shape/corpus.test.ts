import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { loadModel } from '../../src/onnx/loadModel';
import { LensError } from '../../src/onnx/lensError';
import type { Graph, Model } from '../../src/onnx/model';
import { inferShapes } from '../../src/shape';
import { domainName } from '../../src/onnx/domain';
import type { InferenceResult } from '../../src/shape/types';
import { opsetsOf } from './inferHelper';
import { CORPUS_DIR as CORPUS, hasCorpus, listOnnxFiles } from '../support/corpus';
import { shapeRuleOf } from '../../src/ops/registry';

const skip = hasCorpus ? false : `corpus folder ${CORPUS} is absent`;

/** Custom-domain ops no shape rule can know (their kernels live outside ONNX Runtime's CPU EP). */
const EXPECTED_WITHOUT_RULE = new Set([
  'ai.onnx.contrib::GPT2Tokenizer',
  'ai.onnx.preview::FlexAttention',
  'com.microsoft.extensions::DecodeImage',
  'com.microsoft.extensions::EncodeImage',
]);


interface Finding {
  noRule: Set<string>;
  nullDtype: string[];
  values: number;
}

/** Walks a graph and its inferred result together, recording ops without rules and known ops with null dtypes. */
function audit(model: Model, g: Graph, res: InferenceResult, found: Finding): void {
  const local = new Set(model.functions.map((f) => `${f.domain}::${f.name}`));
  found.values += res.values.size;
  for (const n of g.nodes) {
    const known = n.opType === 'Constant' || local.has(`${n.domain}::${n.opType}`) || shapeRuleOf(n.domain, n.opType) !== undefined;
    if (!known) found.noRule.add(`${domainName(n.domain)}::${n.opType}`);
    for (const o of n.outputs) {
      if (!o || !known) continue;
      const v = res.values.get(o);
      const inherited = v?.reason?.startsWith('no shape rule for ') ?? false;
      if (!v || (v.dtype === null && v.kind !== 'map' && !inherited)) found.nullDtype.push(`${n.opType} -> '${o}': ${v?.reason}`);
    }
    for (const a of n.attributes) {
      for (const sg of [a.g, ...(a.graphs ?? [])]) {
        if (!sg) continue;
        const sub = res.subgraphs.get(sg);
        assert.ok(sub, `subgraph '${sg.name}' of ${n.opType} has a result`);
        audit(model, sg, sub, found);
      }
    }
  }
}

test('inferShapes() types every output of every known op in the corpus', { skip }, () => {
  const found: Finding = { noRule: new Set(), nullDtype: [], values: 0 };
  let inferred = 0;
  const unloadable: string[] = [];
  for (const file of listOnnxFiles(CORPUS).filter((f) => !f.includes(`${path.sep}random${path.sep}`))) {
    let model: Model;
    try {
      model = loadModel(file).model;
    } catch (err) {
      // Loading is the decoder's concern (e.g. graphs with no nodes); count them so the skip is visible.
      if (err instanceof LensError) {
        unloadable.push(`${path.relative(CORPUS, file)}: ${err.code}`);
        continue;
      }
      throw err;
    }
    const result = inferShapes(model.graph, { rules: shapeRuleOf, opsets: opsetsOf(model), functions: model.functions, irVersion: model.irVersion });
    audit(model, model.graph, result, found);
    inferred++;
  }
  assert.ok(inferred >= 40, `inferred ${inferred} corpus models`);
  assert.deepEqual(found.nullDtype, [], 'known ops with a null dtype');
  const unexpected = [...found.noRule].filter((op) => !EXPECTED_WITHOUT_RULE.has(op));
  assert.deepEqual(unexpected, [], `ops without a shape rule: ${[...found.noRule].sort().join(', ')}`);
  assert.ok(unloadable.length <= 2, `models the decoder refused: ${unloadable.join('; ')}`);
});

test('inferShapes() gives the corpus LLM caches symbolic runtime lengths and declared static names', { skip }, () => {
  const file = path.join(CORPUS, 'ort-genai/tiny-random-gpt2-fp32/past.onnx');
  const { model } = loadModel(file);
  const result = inferShapes(model.graph, { rules: shapeRuleOf, opsets: opsetsOf(model), irVersion: model.irVersion });
  const present = result.values.get('present_0');
  assert.deepEqual(present?.shape, [2, { expr: 'batch_size' }, 4, { expr: 'past_seq_len+seq_len' }, 8]);
  assert.deepEqual(present?.staticShape, [2, 'batch_size', 4, 'total_seq_len', 8]);
  const bound = inferShapes(model.graph, { rules: shapeRuleOf, opsets: opsetsOf(model), irVersion: model.irVersion, bindings: { batch_size: 1, past_seq_len: 3, seq_len: 2 } });
  assert.deepEqual(bound.values.get('present_0')?.shape, [2, 1, 4, 5, 8]);
  assert.deepEqual(bound.values.get('logits')?.shape, [1, 2, 1000]);
});
