import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkBudget, initializerBytes, modelInitializerBytes, sessionArenaBytes, topContributors } from '../../src/report/budget';
import { formatBytesExact as formatBytes } from '../../src/report/formatBytes';
import type { Report, ReportGraph, ReportValue } from '../../src/report/report';
import { describeSession, modeledSession } from '../../src/report/describeSession';

function value(name: string, bytes: number | null, producedAt: number, releasedAfter: number | null, extra: Partial<ReportValue> = {}): ReportValue {
  return {
    name, dtype: 'float32', shape: [1], symbolicShape: [1], bytes, unavailableReason: bytes === null ? 'unknown shape' : null,
    allocKind: 'Allocate', root: name, reuseVia: null, reusedFrom: null, producedAt, releasedAfter, lastUsedAt: releasedAfter ?? 1,
    producer: null, consumers: [], isGraphInput: false, isGraphOutput: false, isInitializer: false, isOuterScope: false, ...extra,
  };
}

function report(values: ReportValue[], peak: ReportGraph['peak']): Report {
  const step = (index: number, displayName: string) => ({
    index, node: displayName, nodeIndex: index, displayName, opType: 'Relu', domain: '', inputs: [], outputs: [], inserted: false,
    liveBytes: null, liveReason: 'test', arenaInUseBytes: null, arenaHeldBytes: null, arenaReason: 'test', workspaceBytes: 0, workspaceState: 'zero' as const, workspaceReason: null, subgraphs: [],
  });
  const main: ReportGraph = {
    id: 'main', parent: null, steps: [step(0, 'relu_a'), step(1, 'relu_b')], values, peak, initialization: null,
    uncovered: [], unavailable: [], bestFitArenaBytes: null,
  };
  return {
    schemaVersion: 1, tool: { name: 't', version: '0' }, model: { path: '/m.onnx', irVersion: 8, opsets: { '': 17 }, producer: '', fileBytes: 1 },
    bindings: {}, symbols: [], view: 'sequential', session: modeledSession({ intraOpThreads: 2, l2CacheBytes: 1048576, maxTotalSequenceLength: null }, 'sequential'), graphs: [main], physicalPeak: { bytes: null, reason: 'not modeled' },
  };
}

const values = [
  value('w', 4000, -1, null, { isInitializer: true, allocKind: 'AllocateStatically' }),
  value('x', 100, -1, 0, { isGraphInput: true, allocKind: 'PreExisting' }),
  value('a', 3000, 0, 1),
  value('b', 2000, 1, null, { isGraphOutput: true }),
  value('b_alias', 2000, 1, null, { root: 'b', allocKind: 'Reuse', reuseVia: 'alias' }),
];
const peak = { bytes: 5000, step: 1, reason: null, label: 'modeled peak' };

test('the budget message writes sizes as everywhere else: binary units with the exact count', () => {
  assert.equal(formatBytes(0), '0 B');
  assert.equal(formatBytes(1023), '1,023 B');
  assert.equal(formatBytes(1536), '1.50 KiB (1,536 B)');
  assert.equal(formatBytes(3 * 1024 * 1024), '3.00 MiB (3,145,728 B)');
});

test('checkBudget() returns null when no budget is set or the total fits', () => {
  assert.equal(checkBudget(report(values, peak), null), null);
  assert.equal(checkBudget(report(values, peak), 9000), null);
});

test('checkBudget() names the peak step and the largest live buffers when peak plus initializers exceed the budget', () => {
  const finding = checkBudget(report(values, peak), 8999);
  assert.ok(finding && finding.kind === 'over');
  assert.equal(finding.totalBytes, 9000);
  assert.equal(finding.peakStep, 1);
  assert.deepEqual(finding.contributors, [
    { name: 'a', bytes: 3000 },
    { name: 'b', bytes: 2000 },
  ]);
  assert.equal(
    finding.message,
    'Modeled peak 4.88 KiB (5,000 B) at step 1 (relu_b) plus 3.91 KiB (4,000 B) of initializers exceeds the budget of 8.79 KiB (8,999 B); ' +
      'top contributors: a 2.93 KiB (3,000 B), b 1.95 KiB (2,000 B). ' +
      `Computed for no symbolic dims with ${describeSession(report(values, peak))}`,
  );
});

test('checkBudget() says the budget cannot be checked when the peak is unavailable', () => {
  const finding = checkBudget(report(values, { bytes: null, step: null, reason: "unbound dim 'batch'", label: 'modeled peak' }), 10);
  assert.ok(finding && finding.kind === 'unknown');
  assert.equal(finding.message, "Cannot check the memory budget of 10 B: the modeled peak is unavailable (unbound dim 'batch'). " +
    `Computed for no symbolic dims with ${describeSession(report(values, peak))}`);
});

test('the budget message names the bindings and the session it was computed for', () => {
  const r = { ...report(values, peak), bindings: { batch: 2 }, symbols: ['batch', 'seq'] };
  const finding = checkBudget(r, 10)!;
  assert.match(finding.message, /\. Computed for bindings batch=2 \(seq unbound\) with ONNX Runtime 1\.30 · CPU EP · graph optimizations disabled · sequential executor · 2 intra-op threads · /);
});

test('initializerBytes() is null when any initializer size is unknown', () => {
  const g = report([value('w', null, -1, null, { isInitializer: true })], peak).graphs[0]!;
  assert.equal(initializerBytes(g), null);
});

test('topContributors() counts the Run buffers live after the step, as the peak card does: not aliases, initializers or graph inputs', () => {
  const g = report(values, peak).graphs[0]!;
  // The graph input x (PreExisting) is live at step 0 but is the caller's buffer, not part of live bytes.
  assert.deepEqual(topContributors(g, 0).map((c) => c.name), ['a']);
  assert.deepEqual(topContributors(g, 1).map((c) => c.name), ['a', 'b']);
});

test('the budget counts the initializers of every graph: ORT loads If/Loop bodies\' initializers at session creation too', () => {
  const r = report(values, peak);
  const body: ReportGraph = { ...r.graphs[0]!, id: 'main/if/then', parent: { graph: 'main', node: 'if', attribute: 'then_branch' }, values: [value('bw', 1000, -1, null, { isInitializer: true, allocKind: 'AllocateStatically' })] };
  const withBody: Report = { ...r, graphs: [r.graphs[0]!, body] };
  assert.equal(modelInitializerBytes(r), 4000);
  assert.equal(modelInitializerBytes(withBody), 5000);
  // 5,000 B peak + 5,000 B of initializers: a 9,000 B budget is exceeded only when the body's count.
  assert.equal(checkBudget(r, 9000), null);
  assert.equal(checkBudget(withBody, 9000)?.kind, 'over');
  const init = (arena: number | null): ReportGraph['initialization'] => ({ initializerBytesStored: 0, initializerBytesAfterPrepack: 0, arenaBytesAfterPrepack: arena, prepack: [], reason: null });
  assert.equal(sessionArenaBytes({ graphs: [{ ...r.graphs[0]!, initialization: init(8) }, { ...body, initialization: init(40) }] }), 48);
  assert.equal(sessionArenaBytes({ graphs: [{ ...r.graphs[0]!, initialization: init(8) }, { ...body, initialization: init(null) }] }), null);
});
