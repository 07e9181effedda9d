import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateFromWebview, MAX_BINDINGS } from '../../src/vscode/validateMessage';

test('validateFromWebview() accepts every well-formed message and returns a copy with only known fields', () => {
  const cases: Array<[unknown, unknown]> = [
    [{ type: 'ready', extra: 1 }, { type: 'ready' }],
    [{ type: 'importProfile' }, { type: 'importProfile' }],
    [{ type: 'setView', view: 'parallel' }, { type: 'setView', view: 'parallel' }],
    [{ type: 'setView', view: 'sequential' }, { type: 'setView', view: 'sequential' }],
    [{ type: 'setOptimization', level: 'extended', extra: 1 }, { type: 'setOptimization', level: 'extended' }],
    [{ type: 'setOptimization', level: 'disabled' }, { type: 'setOptimization', level: 'disabled' }],
    [{ type: 'export', format: 'csv', fileName: 'a.csv', data: 'x,y', path: '/etc/passwd' }, { type: 'export', format: 'csv', fileName: 'a.csv', data: 'x,y' }],
    [{ type: 'sweep', dim: 'sequence', from: 1, to: 64, points: 7, log: true, file: '/x' }, { type: 'sweep', dim: 'sequence', from: 1, to: 64, points: 7, log: true }],
    [{ type: 'fit', dim: 'batch', budgetBytes: 2147483648 }, { type: 'fit', dim: 'batch', budgetBytes: 2147483648 }],
    [{ type: 'fit', dim: 'batch', budgetBytes: null }, { type: 'fit', dim: 'batch', budgetBytes: null }],
    [{ type: 'cancelAnswer', id: 3 }, { type: 'cancelAnswer' }],
    [{ type: 'setInputValues', values: { sr: [16000], hw: [480, 640.5] }, x: 1 }, { type: 'setInputValues', values: { sr: [16000], hw: [480, 640.5] } }],
    [{ type: 'setInputValues', values: {} }, { type: 'setInputValues', values: {} }],
  ];
  for (const [input, expected] of cases) {
    const r = validateFromWebview(input);
    assert.equal(r.ok, true, JSON.stringify(input));
    if (r.ok) assert.deepEqual(JSON.parse(JSON.stringify(r.message)), expected);
  }
});

test('validateFromWebview() copies bindings into a prototype-free object', () => {
  const input = JSON.parse('{"type":"bind","bindings":{"batch":1,"__proto__":4}}') as unknown;
  const r = validateFromWebview(input);
  assert.equal(r.ok, true);
  if (!r.ok || r.message.type !== 'bind') return assert.fail('expected a bind message');
  assert.equal(Object.getPrototypeOf(r.message.bindings), null);
  assert.deepEqual(Object.entries(r.message.bindings), [
    ['batch', 1],
    ['__proto__', 4],
  ]);
});

test('validateFromWebview() refuses malformed messages with a reason', () => {
  const cases: Array<[string, unknown, string | null]> = [
    ['a string', 'ready', null],
    ['null', null, null],
    ['an array', [{ type: 'ready' }], null],
    ['no type', { view: 'parallel' }, null],
    ['numeric type', { type: 3 }, null],
    ['unknown type', { type: 'runScript', code: 'x' }, 'runScript'],
    ['bad view', { type: 'setView', view: 'both' }, 'setView'],
    ['bad level', { type: 'setOptimization', level: 'max' }, 'setOptimization'],
    ['level not a string', { type: 'setOptimization', level: 3 }, 'setOptimization'],
    ['bindings not an object', { type: 'bind', bindings: [1] }, 'bind'],
    ['negative dim', { type: 'bind', bindings: { batch: -1 } }, 'bind'],
    ['fractional dim', { type: 'bind', bindings: { batch: 1.5 } }, 'bind'],
    ['string dim', { type: 'bind', bindings: { batch: '1' } }, 'bind'],
    ['empty dim name', { type: 'bind', bindings: { '': 1 } }, 'bind'],
    ['unknown export format', { type: 'export', format: 'exe', fileName: 'a', data: '' }, 'export'],
    ['export without name', { type: 'export', format: 'csv', fileName: '', data: '' }, 'export'],
    ['export data not text', { type: 'export', format: 'csv', fileName: 'a.csv', data: 5 }, 'export'],
    ['sweep without a dim', { type: 'sweep', dim: '', from: 1, to: 2, points: 2, log: false }, 'sweep'],
    ['sweep range reversed', { type: 'sweep', dim: 'n', from: 9, to: 2, points: 2, log: false }, 'sweep'],
    ['sweep past 2^31 − 1', { type: 'sweep', dim: 'n', from: 1, to: 2 ** 31, points: 2, log: false }, 'sweep'],
    ['sweep of too many points', { type: 'sweep', dim: 'n', from: 1, to: 2, points: 100000, log: false }, 'sweep'],
    ['log sweep from 0', { type: 'sweep', dim: 'n', from: 0, to: 2, points: 2, log: true }, 'sweep'],
    ['fit budget as text', { type: 'fit', dim: 'n', budgetBytes: '2GiB' }, 'fit'],
    ['fit budget negative', { type: 'fit', dim: 'n', budgetBytes: -1 }, 'fit'],
    ['input values not an object', { type: 'setInputValues', values: [1] }, 'setInputValues'],
    ['input value not a list', { type: 'setInputValues', values: { sr: 16000 } }, 'setInputValues'],
    ['input value list empty', { type: 'setInputValues', values: { sr: [] } }, 'setInputValues'],
    ['input value not finite', { type: 'setInputValues', values: { sr: [Infinity] } }, 'setInputValues'],
    ['input value as text', { type: 'setInputValues', values: { sr: ['16000'] } }, 'setInputValues'],
    ['input value list too long', { type: 'setInputValues', values: { x: new Array(1025).fill(0) } }, 'setInputValues'],
    ['input name empty', { type: 'setInputValues', values: { '': [1] } }, 'setInputValues'],
  ];
  for (const [label, input, type] of cases) {
    const r = validateFromWebview(input);
    assert.equal(r.ok, false, label);
    if (!r.ok) {
      assert.equal(r.type, type, label);
      assert.ok(r.reason.length > 0, label);
    }
  }
});

test('validateFromWebview() refuses more bindings than MAX_BINDINGS', () => {
  const bindings: Record<string, number> = {};
  for (let i = 0; i <= MAX_BINDINGS; i++) bindings[`d${i}`] = 1;
  const r = validateFromWebview({ type: 'bind', bindings });
  assert.equal(r.ok, false);
  if (!r.ok) assert.match(r.reason, /more than 256/);
});
