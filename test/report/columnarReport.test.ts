import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { decodeReportColumns, encodeReportColumns, type ReportColumns } from '../../src/report/columnarReport';
import { reportFromFile } from '../../src/analyze/buildReport';
import type { Report, ReportValue } from '../../src/report/report';
import { makeSyntheticReport } from '../support/webviewHarness';
import { makeSmallReport, makeStep, makeValue } from '../webview/reportFixtures';
import { CORPUS_DIR as CORPUS } from '../support/corpus';


/** Every typed array reachable from `x`, with its path. */
function typedArrays(x: unknown, path = ''): Array<{ path: string; view: ArrayBufferView }> {
  if (ArrayBuffer.isView(x)) return [{ path, view: x }];
  if (typeof x !== 'object' || x === null) return [];
  return Object.entries(x).flatMap(([k, v]) => typedArrays(v, `${path}.${k}`));
}

/** A report with every optional and nullable shape the contract allows. */
function edgeCaseReport(): Report {
  const r = makeSmallReport();
  const g = r.graphs[0]!;
  const odd: ReportValue[] = [
    makeValue('unknownRank', { shape: null, symbolicShape: null, dtype: null, bytes: null, unavailableReason: 'Unknown rank' }),
    makeValue('scalar', { shape: [], symbolicShape: [], bytes: 0 }),
    makeValue('mixedDims', { shape: [null, 'n', 2 ** 40, 0], symbolicShape: ['2*n', null, 3, 'n'] }),
    makeValue('bodyOut', { providedByParent: true, isOuterScope: true }),
    makeValue('bodyOut2', { providedByParent: false, releasedAfter: 0, lastUsedAt: 7, consumers: [1, 3, 7] }),
    makeValue('ünïcödé 😀 \u0000 "quoted" <b>', { root: 'ünïcödé 😀 \u0000 "quoted" <b>', producer: '' }),
    makeValue('', { root: '', allocKind: 'AllocatedExternally', reuseVia: null }),
    makeValue('shared', { allocKind: 'Share', root: 'a', reuseVia: null }),
  ];
  g.values.push(...odd);
  g.steps.push(makeStep(6, '', 'Loop', [], [], {
    domain: 'com.microsoft', inserted: true, liveBytes: null, liveReason: 'Size unknown', workspaceBytes: 1.5, workspaceState: 'formula',
    subgraphs: ['main/Loop_6/body', 'main/Loop_6/other'],
  }));
  // The attributes a scratch split reads (Einsum's equation) ride on the step.
  const einsum = makeStep(7, 'e', 'Einsum', ['a'], ['b'], { workspaceBytes: 512, workspaceState: 'formula' });
  einsum.splitAttributes = { equation: 'ij->ji' };
  g.steps.push(einsum);
  r.graphs.push({
    id: 'empty', parent: { graph: 'main', node: '', attribute: 'else_branch' }, steps: [], values: [],
    peak: { bytes: 0, step: null, reason: null, label: 'Local peak (body)' }, initialization: null, uncovered: [], unavailable: [],
    bestFitArenaBytes: 0,
  });
  return r;
}

const CASES: Array<[string, () => Report]> = [
  ['the small fixture (sequential)', () => makeSmallReport()],
  ['the small fixture (parallel, batch 4)', () => makeSmallReport({ view: 'parallel', batch: 4 })],
  ['nullable, optional, empty and unicode fields', edgeCaseReport],
  ['a synthetic report of 5,000 intervals', () => makeSyntheticReport(5000, 7)],
];

for (const [name, make] of CASES) {
  test(`decoding the columns of ${name} gives back a deep-equal Report`, () => {
    const report = make();
    const expected = structuredClone(report);
    assert.deepEqual(decodeReportColumns(encodeReportColumns(report)), expected);
    assert.deepEqual(report, expected, 'encoding must not change its input');
  });
}

test('the columns survive a structured clone (the postMessage path) and still decode to the same Report', () => {
  const report = edgeCaseReport();
  assert.deepEqual(decodeReportColumns(structuredClone(encodeReportColumns(report))), report);
});

test('a decoded report serializes to the same JSON text as the original (key order kept)', () => {
  const report = edgeCaseReport();
  assert.equal(JSON.stringify(decodeReportColumns(encodeReportColumns(report))), JSON.stringify(report));
});

test('every typed array owns its whole buffer, so posting a view sends no foreign bytes', () => {
  const columns = encodeReportColumns(makeSyntheticReport(3000, 3));
  const arrays = typedArrays(columns);
  assert.ok(arrays.length > 20);
  for (const { path, view } of arrays) {
    assert.equal(view.byteOffset, 0, path);
    assert.equal(view.byteLength, view.buffer.byteLength, path);
  }
});

test('null numbers travel as NaN inside the columns only', () => {
  const columns = encodeReportColumns(makeSmallReport());
  const d = 6; // value 'd' has an unknown size
  assert.ok(Number.isNaN(columns.graphs[0]!.values.bytes[d]!));
  assert.equal(decodeReportColumns(columns).graphs[0]!.values[d]!.bytes, null);
});

test('names repeated across steps and values are stored once in the string table', () => {
  const columns = encodeReportColumns(makeSyntheticReport(1000, 5));
  const table = columns.strings;
  // 1000 value names + 1000 node names + 5 op types + a handful of constants, not one per reference.
  assert.ok(table.ends.length < 2100, `${table.ends.length} strings`);
});

const BROKEN: Array<[string, (c: ReportColumns) => void, RegExp]> = [
  ['an unknown version', (c) => { (c as { version: number }).version = 2; }, /Unsupported report columns version 2/],
  ['a string index past the table', (c) => { c.graphs[0]!.values.name[0] = 1e6; }, /String index 1000000 is outside the table/],
  ['string ends out of order', (c) => { c.strings.ends[1] = 0; c.strings.ends[0] = 5; }, /String table entry 1 ends at 0/],
  ['a list longer than its items', (c) => { c.graphs[0]!.steps.inputs.lengths[5] = 99; }, /List row 5 runs past its/],
  ['an unknown alloc kind code', (c) => { c.graphs[0]!.values.allocKind[0] = 77; }, /Unknown alloc kind code 77/],
];

for (const [name, breakIt, message] of BROKEN) {
  test(`decoding columns with ${name} throws a clear internal error`, () => {
    const columns = encodeReportColumns(makeSmallReport());
    breakIt(columns);
    assert.throws(() => decodeReportColumns(columns), (err: Error & { code?: string }) => err.code === 'internal' && message.test(err.message));
  });
}

test('an unknown enum value is refused at encoding, not silently coded', () => {
  const report = makeSmallReport();
  (report.graphs[0]!.values[0] as { allocKind: string }).allocKind = 'Borrowed';
  assert.throws(() => encodeReportColumns(report), /Unknown alloc kind "Borrowed"/);
});

test('real corpus reports (both views) round-trip through the columns', (t) => {
  const probes = join(CORPUS, 'ort-probes');
  if (!existsSync(probes)) { t.skip(`corpus not found at ${CORPUS}`); return; }
  const files = [
    ...readdirSync(probes).filter((f) => f.endsWith('.onnx')).map((f) => join(probes, f)),
    join(CORPUS, 'burn', 'nested_if_loop_if_scan.onnx'), join(CORPUS, 'burn', 'outer_scope_loop.onnx'),
  ].filter((f) => existsSync(f));
  assert.ok(files.length >= 3, `only ${files.length} corpus models found`);
  for (const file of files) {
    for (const view of ['sequential', 'parallel'] as const) {
      const report = reportFromFile(file, { view });
      assert.deepEqual(decodeReportColumns(encodeReportColumns(report)), report, `${file} (${view})`);
    }
  }
});
