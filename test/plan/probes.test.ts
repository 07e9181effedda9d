import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadModel } from '../../src/onnx';
import { buildExecGraph } from '../../src/plan/buildExecGraph';
import { planGraph } from '../../src/plan/planGraph';
import { nodeDisplayName } from '../../src/plan/executionOrder';
import { declaredBytes, declaredTypes } from './fixtures';
import { CORPUS_DIR } from '../support/corpus';

const PROBES = join(CORPUS_DIR, 'ort-probes');
const HAVE = existsSync(PROBES);

interface Derived {
  order: string[];
  plans: Map<string, { kind: string; root: string | null; releasedAfter: string | null }>;
}

function parseDerived(text: string): Map<string, Derived> {
  const out = new Map<string, Derived>();
  let cur: Derived | null = null;
  for (const line of text.split('\n')) {
    const h = /^== (\S+) order: (.*)$/.exec(line);
    if (h) {
      cur = { order: h[2]!.trim().split(/\s+/), plans: new Map() };
      out.set(h[1]!, cur);
      continue;
    }
    const m = /^\s+(\S+)\s+(\S+)(?:\s+->\s+(\S+))?(?:\s+released after (\S+))?/.exec(line);
    if (m && cur) cur.plans.set(m[1]!, { kind: m[2]!, root: m[3] ?? null, releasedAfter: m[4] ?? null });
  }
  return out;
}

function planProbe(file: string) {
  const { model } = loadModel(file);
  const exec = buildExecGraph(model.graph);
  const typeOf = declaredTypes(model.graph);
  const plan = planGraph({ exec, typeOf, bytesOf: declaredBytes(typeOf, { N: 1 }), opsets: { '': 17 }, view: 'sequential', parentOpType: null });
  return { exec, plan };
}

test('planGraph() reproduces the derived plans of the ORT probes (order, kinds, roots, release steps)', { skip: HAVE ? false : `corpus not found at ${PROBES}` }, () => {
  const derived = parseDerived(readFileSync(join(PROBES, 'derived_plans.txt'), 'utf8'));
  assert.ok(derived.size >= 2);
  for (const [probe, d] of derived) {
    const { exec, plan } = planProbe(join(PROBES, `${probe}.onnx`));
    const names = plan.order.map((i) => nodeDisplayName(exec.nodes[i]!));
    assert.deepEqual(names, d.order, `${probe} order`);
    for (const [value, want] of d.plans) {
      const v = plan.allocation.byName.get(value);
      assert.ok(v, `${probe}: value ${value} planned`);
      assert.equal(v.allocKind, want.kind, `${probe}: ${value} kind`);
      assert.equal(v.root, want.root ?? value, `${probe}: ${value} root`);
      const rel = plan.release.get(v.root);
      const wantRel = want.releasedAfter === null ? null : d.order.indexOf(want.releasedAfter);
      if (want.kind === 'Allocate') assert.equal(rel ?? null, wantRel, `${probe}: ${value} release`);
    }
  }
});

test('computeExecutionOrder() is a topological order of every probe model, including shuffled random DAGs', { skip: HAVE ? false : `corpus not found at ${PROBES}` }, () => {
  const files = [...readdirSync(PROBES).filter((f) => f.endsWith('.onnx')).map((f) => join(PROBES, f)), ...readdirSync(join(PROBES, 'random')).map((f) => join(PROBES, 'random', f))];
  assert.ok(files.length >= 40);
  for (const f of files) {
    const { exec, plan } = planProbe(f);
    const pos = new Map<string, number>();
    plan.order.forEach((idx, step) => exec.nodes[idx]!.outputs.forEach((o) => pos.set(o, step)));
    plan.order.forEach((idx, step) => {
      for (const i of exec.nodes[idx]!.inputs) if (pos.has(i)) assert.ok(pos.get(i)! < step, `${f}: ${i} before step ${step}`);
    });
  }
});

