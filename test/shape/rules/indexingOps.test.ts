import { test } from 'node:test';
import { attr, checkCase, ortAgreementTest, DataType, ints, type RuleCase } from './ruleCase';

const F = DataType.FLOAT;
const I = DataType.INT64;

const cases: RuleCase[] = [
  { name: 'Split equal parts', op: 'Split', opset: 13, inputs: [['x', F, [6, 'n']]], want: [{ static: [3, 'n'] }, { static: [3, 'n'] }] },
  { name: 'Split sizes attribute (opset 11)', op: 'Split', opset: 11, inputs: [['x', F, [6, 'n']]], attrs: [attr.ints('split', [2, 4])], want: [{ static: [2, 'n'] }, { static: [4, 'n'] }] },
  { name: 'Split sizes input (opset 13)', op: 'Split', opset: 13, inputs: [['x', F, ['n', 6]]], inits: [ints('s', [1, 5])], attrs: [attr.int('axis', 1)], want: [{ static: ['n', 1] }, { static: ['n', 5] }] },
  {
    name: 'Split num_outputs: ONNX gives the last static part the (here negative, so unknown) rest; the run clamps (opset 18)',
    op: 'Split',
    opset: 18,
    inputs: [['x', F, [5]]],
    attrs: [attr.int('num_outputs', 4)],
    want: [{ static: [2], runtime: [2] }, { static: [2], runtime: [2] }, { static: [2], runtime: [1] }, { static: [null], runtime: [0] }],
  },
  { name: 'Split num_outputs rounds up (opset 18)', op: 'Split', opset: 18, inputs: [['x', F, [7]]], attrs: [attr.int('num_outputs', 3)], want: [{ static: [3] }, { static: [3] }, { static: [1] }] },
  { name: 'Slice attributes (opset 9)', op: 'Slice', opset: 9, inputs: [['x', F, [1, 4420, 4]]], attrs: [attr.ints('axes', [2]), attr.ints('starts', [0]), attr.ints('ends', [2])], want: [{ static: [1, 4420, 2] }] },
  { name: 'Slice inputs with negative step', op: 'Slice', inputs: [['x', F, [10, 'n']]], inits: [ints('s', [-1]), ints('e', [-11]), ints('a', [0]), ints('st', [-2])], want: [{ static: [5, 'n'] }] },
  { name: 'Slice to the end of a symbolic dim', op: 'Slice', inputs: [['x', F, ['n', 4]]], inits: [ints('s', [1]), ints('e', [2 ** 31 - 1]), ints('a', [0])], want: [{ static: [null, 4], runtime: ['n-1', 4] }] },
  { name: 'Slice contents of a 1-D tensor', op: 'Slice', inputs: [], inits: [ints('x', [5, 6, 7, 8]), ints('s', [1]), ints('e', [3])], want: [{ value: [6, 7] }] },
  { name: 'Gather', op: 'Gather', inputs: [['x', F, ['v', 16]], ['i', I, ['b', 's']]], want: [{ static: ['b', 's', 16] }] },
  { name: 'Gather axis 1 with a scalar index', op: 'Gather', inputs: [['x', F, [2, 3, 4]]], inits: [ints('i', [1], [])], attrs: [attr.int('axis', 1)], want: [{ static: [2, 4] }] },
  { name: 'GatherElements takes the indices shape', op: 'GatherElements', inputs: [['x', F, [3, 3]], ['i', I, [2, 3]]], want: [{ static: [2, 3] }] },
  { name: 'GatherND', op: 'GatherND', inputs: [['x', F, [2, 3, 4]], ['i', I, [5, 2]]], want: [{ static: [5, 4] }] },
];

for (const c of cases) test(`indexing rule: ${c.name}`, () => checkCase(c));

ortAgreementTest('indexing', cases, 12);

test('indexing rule: a full-range Slice of a symbolic dim is unknown statically (ONNX clears it) but kept at runtime', () =>
  checkCase({ name: 'Slice full range', op: 'Slice', inputs: [['x', F, ['n', 4]]], inits: [ints('s', [0]), ints('e', [2 ** 31 - 1]), ints('a', [0])], want: [{ static: [null, 4], runtime: ['n', 4] }] }));
