import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LensError } from '../../src/onnx/lensError';
import { exportBytes, safeExportName } from '../../src/vscode/exportPayload';

test('safeExportName() keeps only a base name without control or reserved characters', () => {
  const cases: Array<[string, 'png' | 'svg' | 'csv' | 'json', string]> = [
    ['model-memory.csv', 'csv', 'model-memory.csv'],
    ['model-memory', 'json', 'model-memory.json'],
    ['../../etc/passwd', 'csv', 'passwd.csv'],
    ['..\\..\\Windows\\win.ini', 'svg', 'win.ini.svg'],
    ['/abs/path/chart.PNG', 'png', 'chart.PNG'],
    ['a<b>:c|d?e*.svg', 'svg', 'a_b__c_d_e_.svg'],
    ['bell\u0007.json', 'json', 'bell_.json'],
    ['.hidden', 'csv', 'hidden.csv'],
    ['..', 'png', 'memory-report.png'],
    ['   ', 'csv', 'memory-report.csv'],
  ];
  for (const [input, format, expected] of cases) assert.equal(safeExportName(input, format), expected, input);
});

test('exportBytes() decodes a PNG data URL and writes text formats as UTF-8', () => {
  assert.deepEqual([...exportBytes('png', 'data:image/png;base64,iVBORw==')], [0x89, 0x50, 0x4e, 0x47]);
  assert.deepEqual([...exportBytes('png', 'iVBORw==')], [0x89, 0x50, 0x4e, 0x47]);
  assert.deepEqual([...exportBytes('csv', 'a,é')], [0x61, 0x2c, 0xc3, 0xa9]);
});

test('exportBytes() refuses PNG data that is not base64', () => {
  assert.throws(
    () => exportBytes('png', 'data:text/html,<script>alert(1)</script>'),
    (err: unknown) => err instanceof LensError && err.code === 'bad-argument' && err.message === 'PNG export data is not base64 or a PNG data URL',
  );
});
