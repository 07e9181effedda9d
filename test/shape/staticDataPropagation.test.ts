import { test } from 'node:test';
import assert from 'node:assert/strict';
import { propagateStaticData } from '../../src/shape/staticDataPropagation';
import type { Val } from '../../src/shape/ruleContext';
import { attr, DataType, graph, int64Tensor, node, tensor, tensorValue, typedValue, type ModelSpec } from '../support/onnxBuilder';
import { buildModel } from '../support/onnxBuilder';
import { inferModel, runtimeShape, valueOf } from './inferHelper';
import { loadOrt } from '../support/ortOracle';

const F = DataType.FLOAT;
const I64 = DataType.INT64;

/** One model whose output 'y' (declared without a shape) shows what ORT's resolution knew statically. */
interface Case {
  name: string;
  opset: number;
  nodes: ReturnType<typeof node>[];
  initializers?: ReturnType<typeof tensor>[];
  /** Expected static shape of 'y'. */
  expect: (number | string | null)[];
}

const scalar = (name: string, v: number): ReturnType<typeof tensor> => int64Tensor(name, [v], []);
const cos = (input: string): ReturnType<typeof node> => node('ConstantOfShape', [input], ['y']);
const unsq = (input: string, out: string): ReturnType<typeof node> => node('Unsqueeze', [input, 'ax0'], [out]);
const AX0 = int64Tensor('ax0', [0]);

/** An If branch: ConstantOfShape of the outer value `from` (default 's'). */
function branch(tag: string, from = 's'): ReturnType<typeof graph> {
  return graph({ name: tag, inputs: [], outputs: [typedValue(`${tag}_out`, { tensorType: { elemType: F } })], nodes: [node('ConstantOfShape', [from], [`${tag}_out`])] });
}

/** x is float [2, 3, 4]; xs is float ['batch', 3]. */
const CASES: Case[] = [
  { name: 'Shape of a known shape feeds ConstantOfShape', opset: 17, nodes: [node('Shape', ['x'], ['s']), cos('s')], expect: [2, 3, 4] },
  { name: 'Shape of a shape with a dim_param is not kept (ORT keeps only all-number lists)', opset: 17, nodes: [node('Shape', ['xs'], ['s']), cos('s')], expect: [null, null] },
  {
    name: 'a Gather from a Shape with a dim_param is not kept either',
    opset: 17,
    initializers: [scalar('i1', 1), AX0],
    nodes: [node('Shape', ['xs'], ['s']), node('Gather', ['s', 'i1'], ['g']), unsq('g', 'u'), cos('u')],
    expect: [null],
  },
  { name: 'Shape start/end attributes slice the list', opset: 17, nodes: [node('Shape', ['x'], ['s'], { attrs: [attr.int('start', 1)] }), cos('s')], expect: [3, 4] },
  {
    name: 'Gather with a scalar constant index gives a scalar that Unsqueeze turns into a list',
    opset: 17,
    initializers: [scalar('i1', 1), AX0],
    nodes: [node('Shape', ['x'], ['s']), node('Gather', ['s', 'i1'], ['g']), unsq('g', 'u'), cos('u')],
    expect: [3],
  },
  {
    name: 'Gather with a one-element 1-D constant index gives a one-element list',
    opset: 17,
    initializers: [int64Tensor('i2', [-1])],
    nodes: [node('Shape', ['x'], ['s']), node('Gather', ['s', 'i2'], ['g']), cos('g')],
    expect: [4],
  },
  {
    name: 'Concat on axis 0 of propagated lists propagates',
    opset: 17,
    nodes: [node('Shape', ['x'], ['s']), node('Concat', ['s', 's'], ['c'], { attrs: [attr.int('axis', 0)] }), cos('c')],
    expect: [2, 3, 4, 2, 3, 4],
  },
  {
    name: 'Concat with a constant initializer does not propagate (ONNX propagators never read initializers)',
    opset: 17,
    initializers: [int64Tensor('five', [5])],
    nodes: [node('Shape', ['x'], ['s']), node('Concat', ['s', 'five'], ['c'], { attrs: [attr.int('axis', 0)] }), cos('c')],
    expect: [null, null, null, null],
  },
  { name: 'Cast propagates from opset 13', opset: 13, nodes: [node('Shape', ['x'], ['s']), node('Cast', ['s'], ['c'], { attrs: [attr.int('to', I64)] }), cos('c')], expect: [2, 3, 4] },
  { name: 'Cast does not propagate before opset 13', opset: 12, nodes: [node('Shape', ['x'], ['s']), node('Cast', ['s'], ['c'], { attrs: [attr.int('to', I64)] }), cos('c')], expect: [null, null, null] },
  { name: 'Mul of two lists propagates from opset 14', opset: 14, nodes: [node('Shape', ['x'], ['s']), node('Mul', ['s', 's'], ['m']), cos('m')], expect: [4, 9, 16] },
  { name: 'Mul of two lists does not propagate before opset 14', opset: 13, nodes: [node('Shape', ['x'], ['s']), node('Mul', ['s', 's'], ['m']), cos('m')], expect: [null, null, null] },
  { name: 'Sub of two lists propagates', opset: 17, nodes: [node('Shape', ['x'], ['s']), node('Sub', ['s', 's'], ['m']), cos('m')], expect: [0, 0, 0] },
  {
    name: 'Add of two propagated scalars propagates (ORT custom propagator)',
    opset: 17,
    initializers: [scalar('i0', 0), scalar('i1', 1), AX0],
    nodes: [node('Shape', ['x'], ['s']), node('Gather', ['s', 'i0'], ['a']), node('Gather', ['s', 'i1'], ['b']), node('Add', ['a', 'b'], ['c']), unsq('c', 'u'), cos('u')],
    expect: [5],
  },
  {
    name: 'Add of a propagated scalar and a constant does not propagate',
    opset: 17,
    initializers: [scalar('i0', 0), scalar('one', 1), AX0],
    nodes: [node('Shape', ['x'], ['s']), node('Gather', ['s', 'i0'], ['a']), node('Add', ['a', 'one'], ['c']), unsq('c', 'u'), cos('u')],
    expect: [null],
  },
  {
    name: 'Div of two propagated scalars propagates',
    opset: 17,
    initializers: [scalar('i0', 0), scalar('i2', 2), AX0],
    nodes: [node('Shape', ['x'], ['s']), node('Gather', ['s', 'i2'], ['a']), node('Gather', ['s', 'i0'], ['b']), node('Div', ['a', 'b'], ['c']), unsq('c', 'u'), cos('u')],
    expect: [2],
  },
  {
    name: 'Size of a propagated list is the product of its elements (ORT custom propagator)',
    opset: 17,
    initializers: [AX0],
    nodes: [node('Shape', ['x'], ['s']), node('Size', ['s'], ['n']), unsq('n', 'u'), cos('u')],
    expect: [24],
  },
  { name: 'Size of a tensor without propagated data is not known statically', opset: 17, initializers: [AX0], nodes: [node('Size', ['x'], ['n']), unsq('n', 'u'), cos('u')], expect: [null] },
  {
    name: 'Squeeze of a one-element list gives a scalar',
    opset: 17,
    initializers: [int64Tensor('i1', [1]), AX0],
    nodes: [node('Shape', ['x'], ['s']), node('Gather', ['s', 'i1'], ['g']), node('Squeeze', ['g', 'ax0'], ['q']), unsq('q', 'u'), cos('u')],
    expect: [3],
  },
  {
    name: 'Slice with constant starts and ends does not propagate',
    opset: 17,
    initializers: [int64Tensor('st', [0]), int64Tensor('en', [2])],
    nodes: [node('Shape', ['x'], ['s']), node('Slice', ['s', 'st', 'en'], ['p']), cos('p')],
    expect: [null, null],
  },
  {
    name: 'Slice with propagated starts and ends propagates',
    opset: 17,
    initializers: [int64Tensor('i0', [0])],
    nodes: [
      node('Shape', ['x'], ['s']),
      node('Gather', ['s', 'i0'], ['two']),
      node('Sub', ['two', 'two'], ['zero']),
      node('Slice', ['s', 'zero', 'two'], ['p']),
      cos('p'),
    ],
    expect: [2, 3],
  },
  {
    name: 'Concat with a negative axis equal to axis 0 propagates',
    opset: 17,
    nodes: [node('Shape', ['x'], ['s']), node('Concat', ['s', 's'], ['c'], { attrs: [attr.int('axis', -1)] }), cos('c')],
    expect: [2, 3, 4, 2, 3, 4],
  },
  {
    name: 'Mul broadcasts a one-element list over a list',
    opset: 17,
    initializers: [int64Tensor('i0', [0])],
    nodes: [node('Shape', ['x'], ['s']), node('Gather', ['s', 'i0'], ['two']), node('Mul', ['s', 'two'], ['m']), cos('m')],
    expect: [4, 6, 8],
  },
  {
    name: 'Unsqueeze with an axes attribute (opset 11) lifts a propagated scalar',
    opset: 11,
    initializers: [scalar('i0', 0)],
    nodes: [node('Shape', ['x'], ['s']), node('Gather', ['s', 'i0'], ['g']), node('Unsqueeze', ['g'], ['u'], { attrs: [attr.ints('axes', [0])] }), cos('u')],
    expect: [2],
  },
  {
    name: 'Reshape reads a propagated target shape',
    opset: 17,
    initializers: [tensor('z', F, [24])],
    nodes: [node('Shape', ['x'], ['s']), node('Reshape', ['z', 's'], ['y'])],
    expect: [2, 3, 4],
  },
  {
    name: 'Expand reads a propagated target shape',
    opset: 17,
    initializers: [tensor('z', F, [1])],
    nodes: [node('Shape', ['x'], ['s']), node('Expand', ['z', 's'], ['y'])],
    expect: [2, 3, 4],
  },
  {
    name: "propagated data stays outside subgraphs: an If branch's ConstantOfShape of an outer Shape knows only the rank",
    opset: 17,
    initializers: [tensor('cond', DataType.BOOL, [], { values: [1] })],
    nodes: [node('Shape', ['x'], ['s']), node('If', ['cond'], ['y'], { attrs: [attr.graph('then_branch', branch('t')), attr.graph('else_branch', branch('e'))] })],
    expect: [null, null, null],
  },
  {
    name: "an If branch still reads an outer constant initializer's contents",
    opset: 17,
    initializers: [tensor('cond', DataType.BOOL, [], { values: [1] }), int64Tensor('dims', [5, 6])],
    nodes: [node('If', ['cond'], ['y'], { attrs: [attr.graph('then_branch', branch('t', 'dims')), attr.graph('else_branch', branch('e', 'dims'))] })],
    expect: [5, 6],
  },
];

function spec(c: Case): ModelSpec {
  return {
    opset: c.opset,
    inputs: [tensorValue('x', F, [2, 3, 4]), tensorValue('xs', F, ['batch', 3])],
    outputs: [typedValue('y', { tensorType: { elemType: F } })],
    initializers: c.initializers ?? [],
    nodes: c.nodes,
  };
}

for (const c of CASES) {
  test(`static data propagation: ${c.name}`, () => {
    const { result } = inferModel(spec(c));
    assert.deepEqual(valueOf(result, 'y').staticShape, c.expect);
  });
}

test('static data propagation leaves the runtime channel as it was', () => {
  const { result } = inferModel(spec(CASES[2]), { batch: 7 });
  // ORT's static view loses 'batch'; the runtime channel still resolves the Gather to 3.
  assert.deepEqual(valueOf(result, 'y').staticShape, [null]);
  assert.deepEqual(runtimeShape(valueOf(result, 'y')), [3]);
});

test('propagateStaticData() ignores ops outside the default domain and outputs of unknown ops', () => {
  const list: Val = { kind: 'tensor', dtype: I64, shape: [3], value: [2, 3, 4], reason: null, prop: { values: [2, 3, 4], scalar: false } };
  const n = { name: 'n', opType: 'Cast', domain: 'com.microsoft', inputs: ['s'], outputs: ['c'], attributes: [] };
  assert.equal(propagateStaticData(n, 17, [list]), null);
  assert.equal(propagateStaticData({ ...n, domain: '', opType: 'Relu' }, 17, [list]), null);
  assert.deepEqual(propagateStaticData({ ...n, domain: '' }, 17, [list]), { values: [2, 3, 4], scalar: false });
});

interface OrtLike {
  InferenceSession: { create(bytes: Uint8Array, opts: unknown): Promise<{ outputMetadata: { name: string; shape?: unknown[] }[]; release(): Promise<void> }> };
}

const ort = loadOrt<OrtLike>();

test('static data propagation: every case gives the output shape onnxruntime-node reports after resolution', { skip: ort ? false : 'onnxruntime-node is not installed' }, async () => {
  const mismatches: string[] = [];
  for (const c of CASES) {
    const session = await ort!.InferenceSession.create(buildModel(spec(c)), { graphOptimizationLevel: 'disabled' });
    const meta = session.outputMetadata.find((m) => m.name === 'y');
    await session.release();
    // ORT writes an unknown dim as an empty or generated name; only numbers are compared as numbers.
    const theirs = (meta?.shape ?? []).map((d) => (typeof d === 'number' && d >= 0 ? d : null));
    if (JSON.stringify(theirs) !== JSON.stringify(c.expect)) mismatches.push(`${c.name}: ORT ${JSON.stringify(meta?.shape)} vs ours ${JSON.stringify(c.expect)}`);
  }
  assert.deepEqual(mismatches, []);
});
