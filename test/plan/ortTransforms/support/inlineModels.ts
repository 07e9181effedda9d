/**
 * Test support: models whose functions ORT 1.30 expands (ort-graph-at-disabled.md §2, §6a, §6d),
 * with the order ORT executes them in, and a single-op model generator for the body table.
 */
import { attr, buildModel, DataType, node, tensor, tensorValue } from '../../../support/onnxBuilder';
import type { OrderCase } from './castModels';

const F16 = DataType.FLOAT16;
const F32 = DataType.FLOAT;

/** §2 probe: three calls of a local function that itself calls a local function. */
export const nestedLocalFunctions: OrderCase = {
  name: 'nested model-local functions',
  bytes: buildModel({
    nodes: [
      node('Relu', ['X'], ['r'], { name: 'relu' }),
      node('Blk', ['r'], ['b1'], { name: 'call1', domain: 'local' }),
      node('Blk', ['b1'], ['b2'], { name: 'call2', domain: 'local' }),
      node('Blk', ['b2'], ['b3'], { domain: 'local' }),
      node('Relu', ['b3'], ['Y'], { name: 'out' }),
    ],
    inputs: [tensorValue('X', F32, [4])],
    outputs: [tensorValue('Y', F32, [4])],
    opsets: { local: 1 },
    functions: [
      {
        name: 'Blk',
        domain: 'local',
        input: ['x'],
        output: ['y'],
        opsetImport: [{ domain: '', version: 17 }, { domain: 'local', version: 1 }],
        node: [node('Mul', ['x', 'x'], ['m'], { name: 'a' }), node('Inner', ['m'], ['i'], { name: 'callinner', domain: 'local' }), node('Add', ['i', 'x'], ['y'])],
      },
      {
        name: 'Inner',
        domain: 'local',
        input: ['p'],
        output: ['q'],
        opsetImport: [{ domain: '', version: 17 }],
        node: [node('Constant', [], ['c'], { attrs: [attr.tensor('value', tensor('c', F32, [], { values: [2] }))] }), node('Mul', ['p', 'c'], ['q'], { name: 'imul' })],
      },
    ],
  }),
  expected: [
    '0:relu',
    '5:_inlfunc_Blk_a',
    '14:_inlfunc_Inner_imul',
    '7:Add_7',
    '8:_inlfunc_Blk_token_0_a',
    '15:_inlfunc_Inner_token_2_imul',
    '10:Add_10',
    '11:_inlfunc_Blk_token_1_a',
    '16:_inlfunc_Inner_token_3_imul',
    '13:Add_13',
    '4:out',
  ],
};

/** §6(a): an fp16 Softmax at opset 17 is expanded, then its body runs in fp32. */
export const fp16Softmax: OrderCase = {
  name: 'fp16 Relu-MatMul-Add-Softmax at opset 17',
  bytes: buildModel({
    nodes: [
      node('Relu', ['X'], ['r'], { name: 'relu' }),
      node('MatMul', ['r', 'W'], ['mm'], { name: 'mm' }),
      node('Add', ['mm', 'B'], ['a'], { name: 'add' }),
      node('Softmax', ['a'], ['Y'], { name: 'sm' }),
    ],
    inputs: [tensorValue('X', F16, [2, 4])],
    outputs: [tensorValue('Y', F16, [2, 4])],
    initializers: [tensor('W', F16, [4, 4]), tensor('B', F16, [4])],
  }),
  expected: ['15:IPFC_B', '12:IPFC_W', '9:IPFC_X', '0:relu', '1:mm', '2:add', '4:ReduceMax_4', '5:Sub_5', '6:Exp_6', '7:ReduceSum_7', '8:Div_8', '26:IPFC_Y'],
};

/** §6(d): fp32 CastLike has no CPU kernel at all; each becomes one unnamed Cast. */
export const castLikes: OrderCase = {
  name: 'two fp32 CastLike nodes at opset 21',
  bytes: buildModel({
    opset: 21,
    nodes: [node('CastLike', ['X', 'T'], ['c'], { name: 'cl1' }), node('CastLike', ['c', 'X'], ['Y'], { name: 'cl2' })],
    inputs: [tensorValue('X', F32, [3])],
    outputs: [tensorValue('Y', F32, [3])],
    initializers: [tensor('T', DataType.INT32, [1])],
  }),
  expected: ['2:Cast_2', '3:Cast_3'],
};

/** One op (after a Relu that feeds it) as `op:f16|f32:opset[:attr=value,...]`, for body-table checks. */
export function singleOpModel(spec: string): Uint8Array {
  const [opText, dts, opsetText, attrText] = spec.split(':');
  // `ms.Op` is a com.microsoft op; `Op+B` adds a second input B (e.g. FastGelu's bias).
  const domain = opText.startsWith('ms.') ? 'com.microsoft' : undefined;
  const withBias = opText.endsWith('+B');
  const op = opText.replace(/^ms\./, '').replace(/\+B$/, '');
  const dt = dts === 'f16' ? F16 : F32;
  const second: Record<string, { inputs: string[]; inits: Record<string, unknown>[]; outType?: number }> = {
    PRelu: { inputs: ['S'], inits: [tensor('S', dt, [4])] },
    LessOrEqual: { inputs: ['S'], inits: [tensor('S', dt, [4])], outType: DataType.BOOL },
    GreaterOrEqual: { inputs: ['S'], inits: [tensor('S', dt, [4])], outType: DataType.BOOL },
    // GroupNormalization-18 scales per group (num_groups=2 in the specs), -21 per channel.
    GroupNormalization: { inputs: ['S', 'B'], inits: [tensor('S', dt, [Number(opsetText) < 21 ? 2 : 4]), tensor('B', dt, [Number(opsetText) < 21 ? 2 : 4])] },
    CastLike: { inputs: ['S'], inits: [tensor('S', F16, [1])], outType: F16 },
  };
  const extra = withBias ? { inputs: ['S'], inits: [tensor('S', dt, [4])] } : (second[op] ?? { inputs: [], inits: [] });
  const attrs = (attrText ? attrText.split(',') : []).map((kv) => {
    const [k, v] = kv.split('=');
    return /^-?\d+$/.test(v) ? attr.int(k, Number(v)) : /^-?[\d.]+(e-?\d+)?$/.test(v) ? attr.float(k, Number(v)) : attr.string(k, v);
  });
  const shape = op === 'GroupNormalization' ? [1, 4, 2, 2] : [2, 4];
  return buildModel({
    opset: Number(opsetText),
    opsets: domain ? { [domain]: 1 } : {},
    nodes: [node('Relu', ['X0'], ['X'], { name: 'pre' }), node(op, ['X', ...extra.inputs], ['Y'], { name: 'n', attrs, domain })],
    inputs: [tensorValue('X0', dt, shape)],
    outputs: [tensorValue('Y', extra.outType ?? dt, op.startsWith('Reduce') ? null : shape)],
    initializers: extra.inits,
  });
}

/** Single-op specs whose ORT 1.30 order the transforms reproduce exactly. */
export const SINGLE_OP_SPECS: string[] = [
  'Relu:f16:17', 'Relu:f16:18', 'Relu:f16:19', 'Softmax:f16:13', 'Softmax:f16:18', 'Softmax:f32:18', 'LogSoftmax:f16:17',
  'LogSoftmax:f16:18', 'CastLike:f32:15', 'CastLike:f32:21', 'HardSwish:f32:14', 'HardSwish:f16:18', 'HardSwish:f16:22',
  'Mish:f32:18', 'Mish:f16:18', 'HardSigmoid:f16:18', 'Elu:f16:18', 'Selu:f16:18', 'ThresholdedRelu:f16:18', 'Softplus:f16:18',
  'Softsign:f16:18', 'LeakyRelu:f16:16', 'LeakyRelu:f16:19', 'PRelu:f16:16', 'LessOrEqual:f16:16', 'GreaterOrEqual:f16:18',
  'Gelu:f16:20', 'Gelu:f16:20:approximate=tanh', 'Gelu:f32:20', 'GroupNormalization:f32:21:num_groups=2',
  'GroupNormalization:f16:21:num_groups=2', 'GroupNormalization:f32:18:num_groups=2', 'GroupNormalization:f16:20:num_groups=2', 'Swish:f32:24', 'Swish:f16:24', 'ReduceL1:f16:18', 'ReduceL1:f16:24:keepdims=0',
  'ms.Gelu:f16:17', 'ms.Gelu:f32:17', 'ms.FastGelu:f16:17', 'ms.FastGelu+B:f16:17', 'ms.QuickGelu:f16:17', 'ms.QuickGelu:f16:17:alpha=1.5',
  'ReduceL2:f16:18', 'ReduceL2:f16:21', 'ReduceSumSquare:f16:21', 'ReduceLogSum:f16:18', 'ReduceLogSumExp:f16:18', 'ReduceLogSumExp:f16:21',
];
