import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { DEFAULT_CORPUS_DIR, runFuzz } from '../../scripts/fuzz';
import type { Stage } from '../../scripts/fuzz';

const skip = fs.existsSync(DEFAULT_CORPUS_DIR) ? false : `corpus folder ${DEFAULT_CORPUS_DIR} is absent`;

const STAGES: { stage: Stage; what: string }[] = [
  { stage: 'load', what: 'loadModel()' },
  { stage: 'pipeline', what: 'the report pipeline' },
];

for (const { stage, what } of STAGES) {
  test(`${what} ends each of 200 seeded mutations of corpus models in a result or a LensError`, { skip }, async () => {
    const r = await runFuzz({ iterations: 200, seed: 20261130, timeoutMs: 20000, corpusDir: DEFAULT_CORPUS_DIR, crashDir: null, stage });
    assert.equal(r.cases, 200);
    assert.equal(r.reports + r.errors + r.crashes + r.hangs, 200);
    assert.deepEqual(r.failures.map((f) => `${f.caseId} ${f.source} ${f.mutation}: ${f.detail.split('\n')[0]}`), []);
    assert.ok(r.errors > 0, 'the mutations produce bad inputs');
    assert.ok(r.reports > 0, 'some mutations leave a loadable model');
  });
}
