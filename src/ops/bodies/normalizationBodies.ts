/**
 * Function bodies of the normalizing and reducing ops ORT 1.30 expands (Softmax family from
 * opset 13, reductions from 18, GroupNormalization 18 and 21), written from the ONNX operator
 * definitions and checked against ORT's profile (node count, op types, order).
 */
import { DataType } from '../../onnx/dataType';
import type { Attribute, NodeCore } from '../../onnx/model';
import { attrF, attrI, type BodyConstant, type BodyContext, type BodyNode, type Builder, type FunctionBody, i64, iAttr, isAttr, n } from './bodyBuilder';

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
function reduceAttrs(node: NodeCore): Attribute[] {
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

/**
 * The part both GroupNormalization bodies share, in their order: reshape `x` to [N, groups, -1]
 * and compute `Deviation` = x - mean and `StdDev` over the last axis.
 */
function groupStatistics(node: BodyContext['node'], x: string): FunctionBody['items'] {
  return [
    n('C', 'Shape', ['X'], [iAttr('start', 1), iAttr('end', 2)]),
    i64('NumGroups', [attrI(node, 'num_groups', 1)]),
    n('GroupSize', 'Div', ['C', 'NumGroups']),
    n('N', 'Shape', ['X'], [iAttr('start', 0), iAttr('end', 1)]),
    n('InstanceShape', 'Shape', ['X'], [iAttr('start', 2)]),
    n('NewShape', 'Concat', ['N', 'NumGroups', 'GroupSize', 'InstanceShape'], [iAttr('axis', 0)]),
    n('XReshaped', 'Reshape', [x, 'NewShape']),
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
  ];
}

/** The shared tail: scale and bias cast to `t`, reshaped to [1, -1, 1], applied to `normalized`, then Y in X's shape. */
function scaleAndBias(normalized: string, t: number): FunctionBody['items'] {
  return [
    i64('ScaleShape', [1, -1, 1]),
    n('ScaleT', 'Cast', ['scale'], [iAttr('to', t)]),
    n('BiasT', 'Cast', ['bias'], [iAttr('to', t)]),
    n('ScaleReshaped', 'Reshape', ['ScaleT', 'ScaleShape']),
    n('BiasReshaped', 'Reshape', ['BiasT', 'ScaleShape']),
    n('Scaled', 'Mul', ['ScaleReshaped', normalized]),
    n('Biased', 'Add', ['Scaled', 'BiasReshaped']),
    n('Y', 'Reshape', ['Biased', 'XShape']),
  ];
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
      ...groupStatistics(node, 'X'),
      n('Normalized', 'Div', ['Deviation', 'StdDev']),
      ...scaleAndBias('Normalized', t),
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
      ...groupStatistics(node, 'XU'),
      n('NormalizedU', 'Div', ['Deviation', 'StdDev']),
      n('NormalizedOriginalShape', 'Reshape', ['NormalizedU', 'XShape']),
      n('NormalizedNC', 'Reshape', ['NormalizedOriginalShape', 'Shape3D']),
      n('NormalizedT', 'Cast', ['NormalizedNC'], [iAttr('to', inType)]),
      ...scaleAndBias('NormalizedT', inType),
    ],
  };
}

/** Bodies by ai.onnx op type. */
export const NORMALIZATION_BODIES: Record<string, Builder> = {
  Softmax: softmaxFamily(false),
  LogSoftmax: softmaxFamily(true),
  ReduceL1: reduction('L1'),
  ReduceL2: reduction('L2'),
  ReduceSumSquare: reduction('SumSquare'),
  ReduceLogSum: reduction('LogSum'),
  ReduceLogSumExp: reduction('LogSumExp'),
  GroupNormalization: (ctx) => (ctx.onnxOpset >= 21 ? groupNormalization21(ctx) : groupNormalization18(ctx)),
};
