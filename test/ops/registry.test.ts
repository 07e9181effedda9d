/**
 * The operator registry (src/ops) is complete and consistent: every entry states every facet, as a
 * fact with its evidence or as an absence with its reason; keys are one format; every op of the
 * corpus has an entry; and the per-op lookups of the pipeline read the registry.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModel } from '../../src/onnx/loadModel';
import type { Graph } from '../../src/onnx/model';
import { FACETS, OP_FAMILIES, OP_REGISTRY, findOp, opKey, shapeRuleOf, type Evidence } from '../../src/ops/registry';
import { lookupKernel } from '../../src/plan/kernelTable';
import { fp16Coverage } from '../../src/plan/ortTransforms/fp16Kernels';
import { CORPUS_DIR, hasCorpus, listOnnxFiles } from '../support/corpus';

function evidenceProblem(e: Evidence): string | null {
  switch (e.kind) {
    case 'measured':
      return e.how.trim() ? null : 'measured evidence without saying how';
    case 'source':
      return /\S/.test(e.file) ? null : 'source evidence without a file';
    case 'schema':
      return e.where.trim() ? null : 'schema evidence without saying where';
    default:
      return `unknown evidence kind ${JSON.stringify(e)}`;
  }
}

test('every registry entry states every facet: present with evidence, or absent with a reason', () => {
  const problems: string[] = [];
  for (const e of OP_REGISTRY.values()) {
    for (const name of FACETS) {
      const f = e[name];
      if (!f) problems.push(`${e.key}: no ${name} facet`);
      else if (f.present) {
        if (f.value === undefined || f.value === null) problems.push(`${e.key}: ${name} is present without a value`);
        const p = evidenceProblem(f.evidence);
        if (p) problems.push(`${e.key}: ${name}: ${p}`);
      } else if (!f.reason.trim()) problems.push(`${e.key}: ${name} is absent without a reason`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(OP_REGISTRY.size > 250, `the registry has ${OP_REGISTRY.size} entries`);
});

test('the sequence facet: stated with evidence by the ops that make or read sequences; those that make one are named S* or L* (makesSequences tests only those)', () => {
  const stated = [...OP_REGISTRY.values()].filter((e) => e.sequence !== undefined);
  assert.deepEqual(stated.map((e) => e.opType).sort(), ['ConcatFromSequence', 'Loop', 'SequenceAt', 'SequenceConstruct', 'SequenceEmpty', 'SequenceErase', 'SequenceInsert', 'SequenceLength', 'SplitToSequence']);
  for (const e of stated) {
    assert.ok(e.sequence!.present && evidenceProblem(e.sequence!.evidence) === null, e.key);
    if (e.sequence!.present && e.sequence!.value.elements) assert.ok(/^[SL]/.test(e.opType), `${e.key} makes sequences but is not named S* or L*`);
  }
});

test('registry keys are opKey(domain, opType), domains are normalised, and no family repeats an op', () => {
  let total = 0;
  for (const [family, entries] of Object.entries(OP_FAMILIES)) {
    for (const e of entries) {
      total++;
      assert.equal(e.key, opKey(e.domain, e.opType), `${family}: ${e.key}`);
      assert.notEqual(e.domain, 'ai.onnx', `${e.key}: the default domain is stored as ''`);
      assert.match(e.key, /^[a-z][a-z.]*::[A-Za-z][A-Za-z0-9]*$/);
    }
  }
  assert.equal(OP_REGISTRY.size, total, 'one entry per key across all families');
  assert.equal(opKey('', 'Conv'), 'ai.onnx::Conv');
  assert.equal(opKey('ai.onnx', 'Conv'), 'ai.onnx::Conv');
  assert.equal(findOp('ai.onnx', 'Relu'), findOp('', 'Relu'));
});

test('a zero workspace is known only with evidence: every zero rule names its ORT file', () => {
  for (const e of OP_REGISTRY.values()) {
    const w = e.workspace;
    if (!w.present) continue;
    assert.ok(w.value.source.startsWith('core/') || w.value.source.startsWith('contrib_ops/'), `${e.key}: workspace source ${w.value.source}`);
    if (w.evidence.kind === 'source') assert.equal(w.evidence.file, w.value.source, e.key);
  }
});

test('the pipeline reads the registry: shape rules, kernel declarations and fp16 rows come from the entries', () => {
  const relu = findOp('', 'Relu');
  assert.ok(relu?.shape.present && relu.kernel.present && relu.fp16.present);
  assert.equal(shapeRuleOf('', 'Relu'), relu.shape.value);
  assert.deepEqual(lookupKernel('Relu', '', 14), relu.kernel.value[0]);
  assert.equal(fp16Coverage('Relu', '', 17), relu.fp16.value.fp16(17));
  const matMul = findOp('', 'MatMul');
  assert.ok(matMul && !matMul.kernel.present, 'MatMul declares no alias');
  assert.deepEqual(lookupKernel('MatMul', '', 13), {});
  assert.equal(shapeRuleOf('com.example', 'NoSuchOp'), undefined);
});

test('every op of the corpus has a registry entry', { skip: hasCorpus ? false : `corpus folder ${CORPUS_DIR} is absent` }, async () => {
  const missing = new Set<string>();
  let nodes = 0;
  const walk = (g: Pick<Graph, 'nodes'>, local: ReadonlySet<string>) => {
    for (const n of g.nodes) {
      nodes++;
      if (!local.has(`${n.domain}::${n.opType}`) && !findOp(n.domain, n.opType)) missing.add(opKey(n.domain, n.opType));
      for (const a of n.attributes) for (const sg of [a.g, ...(a.graphs ?? [])]) if (sg) walk(sg, local);
    }
  };
  let models = 0;
  for (const file of listOnnxFiles(CORPUS_DIR)) {
    let model;
    try {
      ({ model } = await loadModel(file));
    } catch {
      continue; // models the decoder refuses are covered by the corpus suite's error tests
    }
    models++;
    const local = new Set(model.functions.map((f) => `${f.domain}::${f.name}`));
    walk(model.graph, local);
    for (const fn of model.functions) walk(fn, local);
  }
  assert.ok(models > 40, `read ${models} corpus models`);
  assert.deepEqual([...missing].sort(), [], `ops of ${nodes} corpus nodes without an entry`);
});
