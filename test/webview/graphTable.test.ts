import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeReportColumns, encodeReportColumns } from '../../src/report/columnarReport';
import type { Report } from '../../src/report/report';
import { findValue, reportTablesOf, reportTablesOfReport, stepAt, valueAt, valueName } from '../../webview/graphTable';
import { makeSyntheticReport } from '../support/webviewHarness';
import { makeColumnsReport } from './columnsFixture';
import { makeSmallReport } from './reportFixtures';

const reports: Array<[string, () => Report]> = [
  ['the small fixture', () => makeSmallReport()],
  ['the small fixture with a batch binding', () => makeSmallReport({ batch: 4 })],
  ['a synthetic report of 3,000 intervals', () => makeSyntheticReport(3000, 4)],
  ['a report built as columns', () => decodeReportColumns(makeColumnsReport(2000, 6))],
];
for (const [name, make] of reports) {
  test(`valueAt() and stepAt() give exactly the decoded objects for ${name}`, () => {
    const report = make();
    for (const tables of [reportTablesOf(encodeReportColumns(report)), reportTablesOfReport(report)]) {
      tables.graphs.forEach((t, g) => {
        const graph = report.graphs[g]!;
        assert.equal(t.valueCount, graph.values.length);
        assert.equal(t.stepCount, graph.steps.length);
        graph.values.forEach((v, i) => assert.deepStrictEqual(valueAt(t, i), v, `value ${i}`));
        graph.steps.forEach((s, i) => assert.deepStrictEqual(stepAt(t, i), s, `step ${i}`));
        const { steps: _s, values: _v, ...meta } = graph;
        for (const [k, x] of Object.entries(meta)) assert.deepStrictEqual((t as unknown as Record<string, unknown>)[k], x, k);
      });
      const { graphs: _g, ...meta } = report;
      const { graphs: _t, ...tableMeta } = tables;
      assert.deepStrictEqual(tableMeta, meta);
    }
  });
}

test('findValue() finds the first value of a name, -1 for none, as findIndex did', () => {
  const report = makeSmallReport();
  const t = reportTablesOfReport(report).graphs[0]!;
  for (const v of report.graphs[0]!.values) assert.equal(findValue(t, v.name), report.graphs[0]!.values.findIndex((x) => x.name === v.name));
  assert.equal(valueName(t, findValue(t, 'e')), 'e');
  assert.equal(findValue(t, 'no such value'), -1);
});

const breakages: Array<[string, (c: ReturnType<typeof encodeReportColumns>) => void]> = [
  ['a value name outside the string table', (c) => { c.graphs[0]!.values.name[0] = 9999; }],
  ['a negative root', (c) => { c.graphs[0]!.values.root[1] = -1; }],
  ['a step op type outside the table', (c) => { c.graphs[0]!.steps.opType[0] = 123456; }],
  ['a shape dim code outside the table', (c) => { c.graphs[0]!.values.shape.codes[0] = 88888; }],
  ['consumers running past their items', (c) => { c.graphs[0]!.values.consumers.lengths[0] = 1000; }],
  ['an unknown alloc kind code', (c) => { c.graphs[0]!.values.allocKind[0] = 77; }],
  ['an unknown workspace state code', (c) => { c.graphs[0]!.steps.workspaceState[0] = 9; }],
  ['an unsupported version', (c) => { (c as { version: number }).version = 99; }],
];
for (const [name, breakIt] of breakages) {
  test(`reportTablesOf() rejects ${name} with decodeReportColumns' error, before anything is drawn`, () => {
    const columns = encodeReportColumns(makeSmallReport());
    breakIt(columns);
    let expected = '';
    try { decodeReportColumns(columns); } catch (err) { expected = (err as Error).message; }
    assert.notEqual(expected, '');
    assert.throws(() => reportTablesOf(columns), (err: Error) => err.message === expected);
  });
}
