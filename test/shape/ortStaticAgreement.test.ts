import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadModel } from '../../src/onnx/loadModel';
import { LensError } from '../../src/onnx/lensError';
import { onnxType } from '../../src/onnx/onnxSchema';
import { inferShapes } from '../../src/shape';
import { opsetsOf } from './inferHelper';
import { CORPUS_DIR as CORPUS, hasCorpus, listOnnxFiles } from '../support/corpus';
import { loadOrt } from '../support/ortOracle';
import { shapeRuleOf } from '../../src/ops/registry';


interface OrtLike {
  InferenceSession: {
    create(file: string, opts: unknown): Promise<{ outputMetadata: { name: string; isTensor: boolean; shape?: unknown[] }[]; release(): Promise<void> }>;
  };
}

const ort = loadOrt<OrtLike>();
const skip = !hasCorpus ? `corpus folder ${CORPUS} is absent` : ort === null ? 'onnxruntime-node is not installed' : false;

/** Models whose static shapes differ from ORT's on some values, with the cause (none at present). */
const EXPECTED: Record<string, string> = {};


/** ORT's metadata dim as a static dim: a number, a dim_param name, or null (unknown or generated). */
function ortDim(d: unknown): number | string | null {
  if (typeof d === 'number') return d >= 0 ? d : null;
  if (typeof d === 'string' && d !== '' && !/^unk__\d*$/.test(d)) return d;
  return null;
}

/**
 * Re-writes each corpus model with every node output listed as a graph output without a type, so
 * onnxruntime-node's output metadata reports the shape ORT's graph resolution (ONNX inference plus
 * data propagation) gave each value; then compares with our static channel.
 */
test('static shapes agree with the shapes ORT resolves for every node output of the corpus', { skip }, async () => {
  const modelType = onnxType('ModelProto');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'oml-static-'));
  const mismatchedModels = new Set<string>();
  const details: string[] = [];
  let compared = 0;
  try {
    for (const file of listOnnxFiles(CORPUS)) {
      const rel = path.relative(CORPUS, file);
      let model;
      try {
        model = loadModel(file).model;
      } catch (err) {
        if (err instanceof LensError) continue;
        throw err;
      }
      const result = inferShapes(model.graph, { rules: shapeRuleOf, opsets: opsetsOf(model), functions: model.functions, irVersion: model.irVersion });
      const proto = modelType.toObject(modelType.decode(fs.readFileSync(file))) as { graph: { node?: { output?: string[] }[]; output?: { name: string }[] } };
      const listed = new Set((proto.graph.output ?? []).map((o) => o.name));
      const extra = new Set<string>();
      for (const n of proto.graph.node ?? []) for (const o of n.output ?? []) if (o && !listed.has(o)) extra.add(o);
      proto.graph.output = [...(proto.graph.output ?? []), ...[...extra].map((name) => ({ name }))];
      // External data files sit beside the model; ORT only reads them from the model's own folder.
      const dir = fs.mkdtempSync(path.join(work, 'm-'));
      for (const sib of fs.readdirSync(path.dirname(file))) {
        const p = path.join(path.dirname(file), sib);
        if (!sib.endsWith('.onnx') && fs.statSync(p).isFile()) fs.copyFileSync(p, path.join(dir, sib));
      }
      const rewritten = path.join(dir, path.basename(file));
      fs.writeFileSync(rewritten, modelType.encode(modelType.fromObject(proto)).finish());
      let session;
      try {
        session = await ort!.InferenceSession.create(rewritten, { graphOptimizationLevel: 'disabled' });
      } catch {
        continue;
      }
      for (const meta of session.outputMetadata) {
        const v = result.values.get(meta.name);
        if (!meta.isTensor || !extra.has(meta.name) || v?.kind !== 'tensor') continue;
        const theirs = meta.shape === undefined ? null : meta.shape.map(ortDim);
        compared++;
        // ORT's metadata writes "no shape" as [], like a scalar's; our unknown rank matches it.
        const noShape = v.staticShape === null && theirs !== null && theirs.length === 0;
        if (noShape || JSON.stringify(theirs) === JSON.stringify(v.staticShape)) continue;
        mismatchedModels.add(rel);
        if (!EXPECTED[rel]) details.push(`${rel} ${meta.name}: ORT ${JSON.stringify(meta.shape)} vs ours ${JSON.stringify(v.staticShape)}`);
      }
      await session.release();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`static agreement: values=${compared} mismatched-models=${mismatchedModels.size}`);
  assert.ok(compared >= 3000, `compared ${compared} values`);
  assert.deepEqual(details, []);
  const stale = Object.keys(EXPECTED).filter((m) => !mismatchedModels.has(m));
  assert.deepEqual(stale, [], 'listed as expected mismatches but now agree with ORT: drop them from EXPECTED');
});
