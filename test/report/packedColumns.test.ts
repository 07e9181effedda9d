import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeReportColumns, encodeReportColumns } from '../../src/report/columnarReport';
import { COLUMN_KEY, packReportColumns, unpackReportColumns, type PackedReportColumns } from '../../src/report/packedColumns';
import type { Report } from '../../src/report/report';
import { makeSyntheticReport } from '../support/webviewHarness';
import { makeSmallReport } from '../webview/reportFixtures';

/** A report of `graphCount` graphs: the small fixture's main graph plus bodies copied from it. */
function manyGraphReport(graphCount: number): Report {
  const r = makeSmallReport();
  const main = r.graphs[0]!;
  for (let i = 1; i < graphCount; i++) {
    const body = structuredClone(main);
    body.id = `main/If_${i}/then_branch`;
    body.parent = { graph: 'main', node: `If_${i}`, attribute: 'then_branch' };
    for (const v of body.values) v.name = `${v.name}@${i}`;
    r.graphs.push(body);
  }
  return r;
}

/**
 * The distinct ArrayBuffers of a message, as VS Code's serializeWebviewMessage collects them: one per
 * ArrayBuffer, and one per distinct underlying buffer of a typed-array view. Each becomes its own
 * argument of the message to the webview, and VS Code loses those past about 250.
 */
function bufferArguments(message: unknown): number {
  const buffers = new Set<ArrayBufferLike>();
  JSON.stringify(message, (_key, value: unknown) => {
    if (value instanceof ArrayBuffer) { buffers.add(value); return null; }
    if (ArrayBuffer.isView(value)) { buffers.add(value.buffer); return null; }
    return value;
  });
  return buffers.size;
}

for (const graphs of [1, 7, 31, 61]) {
  test(`packReportColumns() sends a report of ${graphs} graph(s) as one buffer that decodes to the same Report`, () => {
    const report = manyGraphReport(graphs);
    const packed = packReportColumns(encodeReportColumns(report));
    assert.equal(bufferArguments({ type: 'reportColumns', packed, fileName: 'm.onnx' }), 1);
    assert.deepEqual(decodeReportColumns(unpackReportColumns(packed)), report);
  });
}

test('the unpacked columns of a 7-graph report would have needed more than 250 buffers (the failure the packing fixes)', () => {
  assert.ok(bufferArguments(encodeReportColumns(manyGraphReport(7))) > 250);
});

test('a packed report survives a structured clone (the worker and webview message paths) and a transfer of its buffer', () => {
  const report = makeSyntheticReport(4000, 11);
  const packed = packReportColumns(encodeReportColumns(report));
  const cloned = structuredClone(packed, { transfer: [packed.buffer] });
  assert.equal(packed.buffer.byteLength, 0, 'the buffer was transferred, not copied');
  assert.deepEqual(decodeReportColumns(unpackReportColumns(cloned)), report);
});

test('every column starts at an 8-byte aligned offset, and the buffer holds each column once', () => {
  const packed = packReportColumns(encodeReportColumns(makeSyntheticReport(999, 3)));
  const bytesPer = { u8: 1, i32: 4, u32: 4, f64: 8 } as const;
  let sum = 0;
  for (const s of packed.slots) {
    assert.equal(s.byteOffset % 8, 0);
    sum += s.length * bytesPer[s.kind];
  }
  assert.ok(packed.buffer.byteLength >= sum && packed.buffer.byteLength < sum + 8 * packed.slots.length);
});

test('unpackReportColumns() accepts the buffer as a view on a larger buffer (what a message channel may hand over)', () => {
  const report = makeSmallReport();
  const packed = packReportColumns(encodeReportColumns(report));
  for (const shift of [8, 3]) {
    const bigger = new Uint8Array(packed.buffer.byteLength + 16);
    bigger.set(new Uint8Array(packed.buffer), shift);
    const view = bigger.subarray(shift, shift + packed.buffer.byteLength);
    const asView = { ...packed, buffer: view as unknown as ArrayBuffer };
    assert.deepEqual(decodeReportColumns(unpackReportColumns(asView)), report, `offset ${shift}`);
  }
});

const BROKEN: Array<[string, (p: PackedReportColumns) => PackedReportColumns, RegExp]> = [
  ['a slot past the end of the buffer', (p) => ({ ...p, slots: p.slots.map((s, i) => (i === 2 ? { ...s, length: s.length + 1e6 } : s)) }), /Packed column 2 .* is outside the buffer of/],
  ['a misaligned slot', (p) => ({ ...p, slots: p.slots.map((s, i) => (i === 0 ? { ...s, byteOffset: s.byteOffset + 4 } : s)) }), /Packed column 0 .* is outside the buffer/],
  ['an unknown kind', (p) => ({ ...p, slots: p.slots.map((s, i) => (i === 1 ? { ...s, kind: 'i64' as never } : s)) }), /Packed column 1 has unknown kind "i64"/],
  ['a reference past the slots', (p) => ({ ...p, slots: p.slots.slice(0, 3) }), /Packed column reference \d+ is outside the 3 slots/],
  ['no buffer', (p) => ({ ...p, buffer: null as never }), /Packed report columns carry no buffer/],
];

for (const [name, breakIt, message] of BROKEN) {
  test(`unpackReportColumns() with ${name} throws a clear internal error`, () => {
    const packed = breakIt(packReportColumns(encodeReportColumns(makeSmallReport())));
    assert.throws(() => unpackReportColumns(packed), (err: Error & { code?: string }) => err.code === 'internal' && message.test(err.message));
  });
}

test(`the layout marks columns with ${COLUMN_KEY} and keeps the string table text as a string`, () => {
  const packed = packReportColumns(encodeReportColumns(makeSmallReport()));
  const text = JSON.stringify(packed.layout);
  assert.match(text, new RegExp(`"\\${COLUMN_KEY}":0`));
  const layout = packed.layout as { strings: { text: unknown } };
  assert.equal(typeof layout.strings.text, 'string');
});
