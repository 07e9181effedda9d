/**
 * Function bodies of the com.microsoft ops ORT 1.30 expands when their inputs are fp16 (Gelu,
 * FastGelu, QuickGelu), as ORT's contrib schemas build them; checked against ORT's profile.
 */
import { attrF, type Builder, n, typedScalar } from './bodyBuilder';

/** Bodies by com.microsoft op type (ORT's contrib schemas); constants take the type of input 0. */
export const CONTRIB_BODIES: Record<string, Builder> = {
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
