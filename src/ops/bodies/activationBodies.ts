/**
 * Function bodies of the element-wise ops ORT 1.30 expands (CastLike, the activation functions,
 * Gelu, Swish, LessOrEqual / GreaterOrEqual), written from the ONNX operator definitions and
 * checked against ORT's profile (node count, op types, order).
 */
import { attrF, attrS, type Builder, castLikeConst, fAttr, iAttr, n, scalarF } from './bodyBuilder';

/** Bodies by ai.onnx op type. */
export const ACTIVATION_BODIES: Record<string, Builder> = {
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
  // ORT 1.30 accepts the opset-24 body only at opset 24 (fp16Kernels marks other opsets as failing).
  Swish: ({ node }) => ({
    inputs: ['X'],
    outputs: ['Y'],
    items: [...castLikeConst('Alpha', attrF(node, 'alpha', 1), 'X'), n('AlphaMulX', 'Mul', ['AlphaCast', 'X']), n('SigmoidAlphaMulX', 'Sigmoid', ['AlphaMulX']), n('Y', 'Mul', ['X', 'SigmoidAlphaMulX'])],
  }),
};







