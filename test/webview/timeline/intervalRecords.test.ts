import { test } from 'node:test';
import assert from 'node:assert/strict';
import { intervalRecords, toCsv } from '../../../webview/timeline/intervalRecords';
import { buildRowLayout } from '../../../webview/timeline/rowLayout';
import { makeSmallReport } from '../reportFixtures';

test('intervalRecords() lists every value with its half-open interval and kind', () => {
  const graph = makeSmallReport().graphs[0]!;
  const records = intervalRecords(graph, buildRowLayout(graph, { sort: 'start', isBandCollapsed: true }));
  assert.equal(records.length, graph.values.length);
  const e = records.find((r) => r.value === 'e')!;
  assert.deepEqual([e.root, e.kind, e.startStep, e.endStepExclusive, e.bytes], ['a', 'freelist', 4, 6, 1024]);
  const d = records.find((r) => r.value === 'd')!;
  assert.equal(d.bytes, null);
  assert.equal(d.unavailableReason, "Unbound symbolic dim 'n'");
});

test('toCsv() quotes separators and neutralizes spreadsheet formulas', () => {
  const csv = toCsv([{ graph: 'main', value: '=HYPERLINK("x")', root: 'a,b', kind: 'allocate', allocKind: 'Allocate', reuseVia: '', startStep: 0, endStepExclusive: 1, bytes: null, unavailableReason: '' }]);
  const line = csv.trim().split('\n')[1]!;
  assert.equal(line, `main,"'=HYPERLINK(""x"")","a,b",allocate,Allocate,,0,1,,`);
});
