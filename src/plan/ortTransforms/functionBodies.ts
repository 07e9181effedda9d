/**
 * ONNX function bodies ORT 1.30 expands on the CPU EP (ort-graph-at-disabled.md §2-3), one entry
 * per op, written from the ONNX operator definitions and checked against ORT's profile (node
 * count, op types, order). Only bodies reproduced exactly are here; any other expandable op is
 * reported as uncovered by the inliner instead of guessed.
 *
 * A body is a list of items in body order: constants (which ORT turns into initializers, taking no
 * node index) and nodes (which take consecutive new indices).
 */
import { DataType } from '../../onnx/dataType';
import type { Attribute } from '../../onnx/model';
import type { ExecNode } from '../execGraph';

/** A Constant of the body: becomes initializer `<prefix>_<name>`. */
export interface BodyConstant {
  kind: 'constant';
  name: string;
  dataType: number;
  dims: number[];
  values: number[];
}

/** A node of the body; value names are body-local until the inliner renames them. */
export interface BodyNode {
  kind: 'node';
  name: string;
  opType: string;
  domain: string;
  inputs: string[];
  outputs: string[];
  attributes: Attribute[];
}

/** A function body with its formal parameter names. */
export interface FunctionBody {
  inputs: string[];
  outputs: string[];
  items: (BodyConstant | BodyNode)[];
}

/** What a body builder may look at: the call node, the model opset and value dtypes. */
export interface BodyContext {
  node: ExecNode;
  onnxOpset: number;
  dtypeOf: (value: string) => number | null;
}

const INT = 2;
const FLOAT = 1;
const INTS = 7;

const iAttr = (name: string, i: number): Attribute => ({ name, type: INT, i });
const fAttr = (name: string, f: number): Attribute => ({ name, type: FLOAT, f });
const isAttr = (name: string, ints: number[]): Attribute => ({ name, type: INTS, ints });

function n(outputs: string | string[], opType: string, inputs: string[], attributes: Attribute[] = []): BodyNode {
  return { kind: 'node', name: '', opType, domain: '', inputs, outputs: Array.isArray(outputs) ? outputs : [outputs], attributes };
}
function scalarF(name: string, value: number): BodyConstant {
  return { kind: 'constant', name, dataType: DataType.FLOAT, dims: [], values: [value] };
}
function i64(name: string, values: number[], dims: number[] = [values.length]): BodyConstant {
  return { kind: 'constant', name, dataType: DataType.INT64, dims, values };
}

function attrF(node: ExecNode, name: string, fallback: number): number {
  return node.attributes.find((a) => a.name === name)?.f ?? fallback;
}
function attrI(node: ExecNode, name: string, fallback: number): number {
  return node.attributes.find((a) => a.name === name)?.i ?? fallback;
}
function attrS(node: ExecNode, name: string, fallback: string): string {
  return node.attributes.find((a) => a.name === name)?.s ?? fallback;
}

/** `<name>Cast = CastLike(<name>, x)` after a float scalar constant, as the ONNX activation bodies write it. */
function castLikeConst(name: string, value: number, like: string): (BodyConstant | BodyNode)[] {
  return [scalarF(name, value), n(`${name}Cast`, 'CastLike', [name, like])];
}

type Builder = (ctx: BodyContext) => FunctionBody | null;

/** Softmax / LogSoftmax from opset 13: ReduceMax takes axes as an attribute before opset 18, as an input from 18. */
function softmaxFamily(isLog: boolean): Builder {
  return ({ node, onnxOpset }) => {
    const axis = attrI(node, 'axis', -1);
    const reduceMax =
      onnxOpset >= 18 ? n('X_ReduceMax', 'ReduceMax', ['input', 'axes'], [iAttr('keepdims', 1)]) : n('X_ReduceMax', 'ReduceMax', ['input'], [iAttr('keepdims', 1), isAttr('axes', [axis])]);
    const tail = isLog ? [n('X_Log', 'Log', ['X_ReduceSum']), n('output', 'Sub', ['X_Sub', 'X_Log'])] : [n('output', 'Div', ['X_Exp', 'X_ReduceSum'])];
    return {
      inputs: ['input'],
      outputs: ['output'],
      items: [i64('axes', [axis]), reduceMax, n('X_Sub', 'Sub', ['input', 'X_ReduceMax']), n('X_Exp', 'Exp', ['X_Sub']), n('X_ReduceSum', 'ReduceSum', ['X_Exp', 'axes'], [iAttr('keepdims', 1)]), ...tail],
    };
  };
}

/** The call's keepdims / noop_with_empty_axes, which the reduction bodies pass on to ReduceSum. */
function reduceAttrs(node: ExecNode): Attribute[] {
  return node.attributes.filter((a) => a.name === 'keepdims' || a.name === 'noop_with_empty_axes');
}

/** Reductions from opset 18 (axes is an input): a few element-wise ops around one ReduceSum. */
function reduction(kind: 'L1' | 'L2' | 'SumSquare' | 'LogSum' | 'LogSumExp'): Builder {
  return ({ node }) => {
    const sum = (input: string, output: string) => n(output, 'ReduceSum', [input, 'axes'], reduceAttrs(node));
    const bodies: Record<typeof kind, (BodyConstant | BodyNode)[]> = {
      L1: [n('data_abs', 'Abs', ['data']), sum('data_abs', 'reduced')],
      L2: [
        n('data_square', 'Mul', ['data', 'data']),
        sum('data_square', 'sum_square'),
        n('sum_square_dbl', 'Cast', ['sum_square'], [iAttr('to', DataType.FLOAT)]),
        n('sqrt', 'Sqrt', ['sum_square_dbl']),
        n('reduced', 'CastLike', ['sqrt', 'data']),
      ],
      SumSquare: [n('data_square', 'Mul', ['data', 'data']), sum('data_square', 'reduced')],
      LogSum: [sum('data', 'reduced_sum'), n('reduced', 'Log', ['reduced_sum'])],
      LogSumExp: [
        n('data_double', 'Cast', ['data'], [iAttr('to', DataType.DOUBLE)]),
        n('data_exp', 'Exp', ['data_double']),
        sum('data_exp', 'reduced_sum'),
        n('reduced_double', 'Log', ['reduced_sum']),
        n('reduced', 'CastLike', ['reduced_double', 'data']),
      ],
    };
    return { inputs: ['data', 'axes'], outputs: ['reduced'], items: bodies[kind] };
  };
}

/** GroupNormalization-18 (opsets 18-20): statistics in the input type, scale and bias per group (25 nodes). */
function groupNormalization18({ node, dtypeOf }: BodyContext): FunctionBody | null {
  const t = dtypeOf(node.inputs[0] ?? '');
  if (t === null) return null;
  return {
    inputs: ['X', 'scale', 'bias'],
    outputs: ['Y'],
    items: [
      { kind: 'constant', name: 'FloatEpsilon', dataType: DataType.FLOAT, dims: [1], values: [attrF(node, 'epsilon', 1e-5)] },
      n('Epsilon', 'Cast', ['FloatEpsilon'], [iAttr('to', t)]),
      n('XShape', 'Shape', ['X']),
      n('C', 'Shape', ['X'], [iAttr('start', 1), iAttr('end', 2)]),
      i64('NumGroups', [attrI(node, 'num_groups', 1)]),
      n('GroupSize', 'Div', ['C', 'NumGroups']),
      n('N', 'Shape', ['X'], [iAttr('start', 0), iAttr('end', 1)]),
      n('InstanceShape', 'Shape', ['X'], [iAttr('start', 2)]),
      n('NewShape', 'Concat', ['N', 'NumGroups', 'GroupSize', 'InstanceShape'], [iAttr('axis', 0)]),
      n('XReshaped', 'Reshape', ['X', 'NewShape']),
      i64('Shape3D', [0, 0, -1]),
      n('X3D', 'Reshape', ['XReshaped', 'Shape3D']),
      i64('Axes2', [2]),
      n('Mean', 'ReduceMean', ['X3D', 'Axes2']),
      n('Square', 'Mul', ['X3D', 'X3D']),
      n('MeanOfSquare', 'ReduceMean', ['Square', 'Axes2']),
      n('SquareOfMean', 'Mul', ['Mean', 'Mean']),
      n('Var', 'Sub', ['MeanOfSquare', 'SquareOfMean']),
      n('VarPlusEpsilon', 'Add', ['Var', 'Epsilon']),
      n('StdDev', 'Sqrt', ['VarPlusEpsilon']),
      n('Deviation', 'Sub', ['X3D', 'Mean']),
      n('Normalized', 'Div', ['Deviation', 'StdDev']),
      i64('ScaleShape', [1, -1, 1]),
      n('ScaleT', 'Cast', ['scale'], [iAttr('to', t)]),
      n('BiasT', 'Cast', ['bias'], [iAttr('to', t)]),
      n('ScaleReshaped', 'Reshape', ['ScaleT', 'ScaleShape']),
      n('BiasReshaped', 'Reshape', ['BiasT', 'ScaleShape']),
      n('Scaled', 'Mul', ['ScaleReshaped', 'Normalized']),
      n('Biased', 'Add', ['Scaled', 'BiasReshaped']),
      n('Y', 'Reshape', ['Biased', 'XShape']),
    ],
  };
}

/** GroupNormalization-21: statistics in stash_type, scale and bias per channel (29 nodes). */
function groupNormalization21({ node, dtypeOf }: BodyContext): FunctionBody | null {
  const inType = dtypeOf(node.inputs[0] ?? '');
  if (inType === null) return null;
  const stash = attrI(node, 'stash_type', DataType.FLOAT);
  return {
    inputs: ['X', 'scale', 'bias'],
    outputs: ['Y'],
    items: [
      { kind: 'constant', name: 'FloatEpsilon', dataType: DataType.FLOAT, dims: [1], values: [attrF(node, 'epsilon', 1e-5)] },
      n('Epsilon', 'Cast', ['FloatEpsilon'], [iAttr('to', stash)]),
      n('XU', 'Cast', ['X'], [iAttr('to', stash)]),
      n('XShape', 'Shape', ['XU']),
      n('C', 'Shape', ['X'], [iAttr('start', 1), iAttr('end', 2)]),
      i64('NumGroups', [attrI(node, 'num_groups', 1)]),
      n('GroupSize', 'Div', ['C', 'NumGroups']),
      n('N', 'Shape', ['X'], [iAttr('start', 0), iAttr('end', 1)]),
      n('InstanceShape', 'Shape', ['X'], [iAttr('start', 2)]),
      n('NewShape', 'Concat', ['N', 'NumGroups', 'GroupSize', 'InstanceShape'], [iAttr('axis', 0)]),
      n('XReshaped', 'Reshape', ['XU', 'NewShape']),
      i64('Shape3D', [0, 0, -1]),
      n('X3D', 'Reshape', ['XReshaped', 'Shape3D']),
      i64('Axes2', [2]),
      n('Mean', 'ReduceMean', ['X3D', 'Axes2']),
      n('Square', 'Mul', ['X3D', 'X3D']),
      n('MeanOfSquare', 'ReduceMean', ['Square', 'Axes2']),
      n('SquareOfMean', 'Mul', ['Mean', 'Mean']),
      n('Var', 'Sub', ['MeanOfSquare', 'SquareOfMean']),
      n('VarPlusEpsilon', 'Add', ['Var', 'Epsilon']),
      n('StdDev', 'Sqrt', ['VarPlusEpsilon']),
      n('Deviation', 'Sub', ['X3D', 'Mean']),
      n('NormalizedU', 'Div', ['Deviation', 'StdDev']),
      n('NormalizedOriginalShape', 'Reshape', ['NormalizedU', 'XShape']),
      n('NormalizedNC', 'Reshape', ['NormalizedOriginalShape', 'Shape3D']),
      n('NormalizedT', 'Cast', ['NormalizedNC'], [iAttr('to', inType)]),
      i64('ScaleShape', [1, -1, 1]),
      n('ScaleT', 'Cast', ['scale'], [iAttr('to', inType)]),
      n('BiasT', 'Cast', ['bias'], [iAttr('to', inType)]),
      n('ScaleReshaped', 'Reshape', ['ScaleT', 'ScaleShape']),
      n('BiasReshaped', 'Reshape', ['BiasT', 'ScaleShape']),
      n('Scaled', 'Mul', ['ScaleReshaped', 'NormalizedT']),
      n('Biased', 'Add', ['Scaled', 'BiasReshaped']),
      n('Y', 'Reshape', ['Biased', 'XShape']),
    ],
  };
}

/** Bodies by ai.onnx op type. */
const ONNX_BODIES: Record<string, Builder> = {
  ReduceL1: reduction('L1'),
  ReduceL2: reduction('L2'),
  ReduceSumSquare: reduction('SumSquare'),
  ReduceLogSum: reduction('LogSum'),
  ReduceLogSumExp: reduction('LogSumExp'),
  Softmax: softmaxFamily(false),
  LogSoftmax: softmaxFamily(true),
  CastLike: ({ node, dtypeOf }) => {
    const to = dtypeOf(node.inputs[1] ?? '');
    return to === null ? null : { inputs: ['input', 'target_type'], outputs: ['output'], items: [n('output', 'Cast', ['input'], [iAttr('to', to)])] };
  },
  HardSwish: () => ({
    inputs: ['X'],
    outputs: ['Y'],
    items: [n('HS_X', 'HardSigmoid', ['X'], [fAttr('alpha', 0.16666667163372), fAttr('beta', 0.5)]), n('Y', 'Mul', ['X', 'HS_X'])],
  }),
  Mish: () => ({
    inputs: ['X'],
    outputs: ['Y'],
    items: [n('Softplus_X', 'Softplus', ['X']), n('TanHSoftplusX', 'Tanh', ['Softplus_X']), n('Y', 'Mul', ['X', 'TanHSoftplusX'])],
  }),
  Relu: () => ({ inputs: ['X'], outputs: ['Y'], items: [...castLikeConst('Zero', 0, 'X'), n('Y', 'Max', ['X', 'ZeroCast'])] }),
  HardSigmoid: ({ node }) => ({
    inputs: ['X'],
    outputs: ['Y'],
    items: [
      ...castLikeConst('Alpha', attrF(node, 'alpha', 0.2), 'X'),
      ...castLikeConst('Beta', attrF(node, 'beta', 0.5), 'X'),
      ...castLikeConst('Zero', 0, 'X'),
      ...castLikeConst('One', 1, 'X'),
      n('AlphaMulX', 'Mul', ['X', 'AlphaCast']),
      n('AlphaMulXAddBeta', 'Add', ['AlphaMulX', 'BetaCast']),
      n('MinOneOrAlphaMulXAddBeta', 'Min', ['AlphaMulXAddBeta', 'OneCast']),
      n('Y', 'Max', ['MinOneOrAlphaMulXAddBeta', 'ZeroCast']),
    ],
  }),
  Elu: ({ node }) => ({
    inputs: ['X'],
    outputs: ['Y'],
    items: [
      ...castLikeConst('Alpha', attrF(node, 'alpha', 1), 'X'),
      ...castLikeConst('Zero', 0, 'X'),
      ...castLikeConst('One', 1, 'X'),
      n('XLessThanZero', 'Less', ['X', 'ZeroCast']),
      n('ExpX', 'Exp', ['X']),
      n('ExpXSubOne', 'Sub', ['ExpX', 'OneCast']),
      n('AlphaMulExpXSubOne', 'Mul', ['AlphaCast', 'ExpXSubOne']),
      n('Y', 'Where', ['XLessThanZero', 'AlphaMulExpXSubOne', 'X']),
    ],
  }),
  Selu: ({ node }) => ({
    inputs: ['X'],
    outputs: ['Y'],
    items: [
      ...castLikeConst('Alpha', attrF(node, 'alpha', 1.67326319217681884765625), 'X'),
      ...castLikeConst('Gamma', attrF(node, 'gamma', 1.05070102214813232421875), 'X'),
      ...castLikeConst('Zero', 0, 'X'),
      n('ExpX', 'Exp', ['X']),
      n('AlphaMulExpX', 'Mul', ['AlphaCast', 'ExpX']),
      n('AlphaMulExpXSubAlpha', 'Sub', ['AlphaMulExpX', 'AlphaCast']),
      n('Neg', 'Mul', ['GammaCast', 'AlphaMulExpXSubAlpha']),
      n('Pos', 'Mul', ['GammaCast', 'X']),
      n('XLessThanZero', 'Less', ['X', 'ZeroCast']),
      n('Y', 'Where', ['XLessThanZero', 'Neg', 'Pos']),
    ],
  }),
  ThresholdedRelu: ({ node }) => ({
    inputs: ['X'],
    outputs: ['Y'],
    items: [
      ...castLikeConst('Alpha', attrF(node, 'alpha', 1), 'X'),
      ...castLikeConst('Zero', 0, 'X'),
      n('AlphaLessThanX', 'Less', ['AlphaCast', 'X']),
      n('Y', 'Where', ['AlphaLessThanX', 'X', 'ZeroCast']),
    ],
  }),
  Softplus: () => ({
    inputs: ['X'],
    outputs: ['Y'],
    items: [n('exp_x', 'Exp', ['X']), scalarF('one', 1), n('one_cast', 'CastLike', ['one', 'X']), n('exp_x_add_one', 'Add', ['exp_x', 'one_cast']), n('Y', 'Log', ['exp_x_add_one'])],
  }),
  Softsign: () => ({
    inputs: ['input'],
    outputs: ['output'],
    items: [...castLikeConst('One', 1, 'input'), n('AbsInput', 'Abs', ['input']), n('OneAddAbsInput', 'Add', ['OneCast', 'AbsInput']), n('output', 'Div', ['input', 'OneAddAbsInput'])],
  }),
  LeakyRelu: ({ node }) => ({
    inputs: ['X'],
    outputs: ['Y'],
    items: [
      ...castLikeConst('Alpha', attrF(node, 'alpha', 0.01), 'X'),
      ...castLikeConst('Zero', 0, 'X'),
      n('XLessThanZero', 'Less', ['X', 'ZeroCast']),
      n('AlphaMulX', 'Mul', ['AlphaCast', 'X']),
      n('Y', 'Where', ['XLessThanZero', 'AlphaMulX', 'X']),
    ],
  }),
  PRelu: () => ({
    inputs: ['X', 'slope'],
    outputs: ['Y'],
    items: [...castLikeConst('Zero', 0, 'X'), n('XLessThanZero', 'Less', ['X', 'ZeroCast']), n('SlopeMulX', 'Mul', ['slope', 'X']), n('Y', 'Where', ['XLessThanZero', 'SlopeMulX', 'X'])],
  }),
  LessOrEqual: () => ({ inputs: ['A', 'B'], outputs: ['C'], items: [n('O1', 'Less', ['A', 'B']), n('O2', 'Equal', ['A', 'B']), n('C', 'Or', ['O1', 'O2'])] }),
  GreaterOrEqual: () => ({ inputs: ['A', 'B'], outputs: ['C'], items: [n('O1', 'Greater', ['A', 'B']), n('O2', 'Equal', ['A', 'B']), n('C', 'Or', ['O1', 'O2'])] }),
  Gelu: ({ node }) => {
    const approximate = attrS(node, 'approximate', 'none');
    if (approximate === 'tanh') {
      return {
        inputs: ['X'],
        outputs: ['Y'],
        items: [
          ...castLikeConst('Half', 0.5, 'X'),
          ...castLikeConst('One', 1, 'X'),
          ...castLikeConst('TwoOverPi', 2 / Math.PI, 'X'),
          ...castLikeConst('C0', 0.044715, 'X'),
          n('SqrtTwoOverPi', 'Sqrt', ['TwoOverPiCast']),
          ...castLikeConst('Three', 3, 'X'),
          n('XCubed', 'Pow', ['X', 'ThreeCast']),
          n('XCubedC0', 'Mul', ['C0Cast', 'XCubed']),
          n('XC0XCubed', 'Sum', ['X', 'XCubedC0']),
          n('TanhInput', 'Mul', ['SqrtTwoOverPi', 'XC0XCubed']),
          n('ErfApprox', 'Tanh', ['TanhInput']),
          n('PhiApprox', 'Sum', ['OneCast', 'ErfApprox']),
          n('MultX', 'Mul', ['HalfCast', 'X']),
          n('Y', 'Mul', ['MultX', 'PhiApprox']),
        ],
      };
    }
    return {
      inputs: ['X'],
      outputs: ['Y'],
      items: [
        ...castLikeConst('Half', 0.5, 'X'),
        ...castLikeConst('One', 1, 'X'),
        ...castLikeConst('Two', 2, 'X'),
        n('SqrtTwo', 'Sqrt', ['TwoCast']),
        n('XSqrt', 'Div', ['X', 'SqrtTwo']),
        n('ErfXSqrt', 'Erf', ['XSqrt']),
        n('Phi', 'Sum', ['OneCast', 'ErfXSqrt']),
        n('MultX', 'Mul', ['HalfCast', 'X']),
        n('Y', 'Mul', ['MultX', 'Phi']),
      ],
    };
  },
  GroupNormalization: (ctx) => (ctx.onnxOpset >= 21 ? groupNormalization21(ctx) : groupNormalization18(ctx)),
  // ORT 1.30 accepts the opset-24 body only at opset 24 (fp16Kernels marks other opsets as failing).
  Swish: ({ node }) => ({
    inputs: ['X'],
    outputs: ['Y'],
    items: [...castLikeConst('Alpha', attrF(node, 'alpha', 1), 'X'), n('AlphaMulX', 'Mul', ['AlphaCast', 'X']), n('SigmoidAlphaMulX', 'Sigmoid', ['AlphaMulX']), n('Y', 'Mul', ['X', 'SigmoidAlphaMulX'])],
  }),
};

/** A scalar constant of the call's input type, as ORT's contrib bodies build them. */
function typedScalar(name: string, dataType: number, value: number): BodyConstant {
  return { kind: 'constant', name, dataType, dims: [], values: [value] };
}

/** Bodies by com.microsoft op type (ORT's contrib schemas); constants take the type of input 0. */
const MS_BODIES: Record<string, Builder> = {
  Gelu: ({ node, dtypeOf }) => {
    const t = dtypeOf(node.inputs[0] ?? '');
    if (t === null) return null;
    return {
      inputs: ['X'],
      outputs: ['Y'],
      items: [
        typedScalar('Half', t, 0.5),
        typedScalar('One', t, 1),
        typedScalar('C', t, Math.SQRT1_2),
        n('CX', 'Mul', ['C', 'X']),
        n('ERFCX', 'Erf', ['CX']),
        n('ERFCXPlus1', 'Add', ['ERFCX', 'One']),
        n('PhiX', 'Mul', ['ERFCXPlus1', 'Half']),
        n('Y', 'Mul', ['X', 'PhiX']),
      ],
    };
  },
  FastGelu: ({ node, dtypeOf }) => {
    const t = dtypeOf(node.inputs[0] ?? '');
    if (t === null) return null;
    const hasBias = (node.inputs[1] ?? '') !== '';
    return {
      inputs: ['X', 'bias'],
      outputs: ['Y'],
      items: [
        typedScalar('a', t, 0.5),
        typedScalar('b', t, 0.7978845608028654),
        typedScalar('c', t, 0.035677408136300125),
        typedScalar('one', t, 1),
        hasBias ? n('X_bias', 'Add', ['X', 'bias']) : n('X_bias', 'Identity', ['X']),
        n('T1', 'Mul', ['X_bias', 'X_bias']),
        n('T2', 'Mul', ['c', 'T1']),
        n('T3', 'Add', ['b', 'T2']),
        n('T4', 'Mul', ['X_bias', 'T3']),
        n('T5', 'Tanh', ['T4']),
        n('T6', 'Add', ['one', 'T5']),
        n('T7', 'Mul', ['X_bias', 'T6']),
        n('Y', 'Mul', ['a', 'T7']),
      ],
    };
  },
  QuickGelu: ({ node, dtypeOf }) => {
    const t = dtypeOf(node.inputs[0] ?? '');
    if (t === null) return null;
    return {
      inputs: ['X'],
      outputs: ['Y'],
      items: [typedScalar('Alpha', t, attrF(node, 'alpha', 1.702)), n('CX', 'Mul', ['Alpha', 'X']), n('SIGMOIDCX', 'Sigmoid', ['CX']), n('Y', 'Mul', ['X', 'SIGMOIDCX'])],
    };
  },
};

/** The body ORT would expand `ctx.node` into, or null when this project cannot reproduce it exactly. */
export function schemaFunctionBody(ctx: BodyContext): FunctionBody | null {
  const table = ctx.node.domain === '' ? ONNX_BODIES : ctx.node.domain === 'com.microsoft' ? MS_BODIES : null;
  return table?.[ctx.node.opType]?.(ctx) ?? null;
}
