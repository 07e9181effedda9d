/**
 * A synthetic transformer decoder for the editor benchmarks: `layers` pre-norm blocks of 24 nodes
 * (LayerNormalization, Q/K/V MatMuls, head Reshape/Transpose, scores, Softmax, context, output
 * projection, residual, a Relu MLP, residual) over `x: [batch, sequence, 64]`, so 4,000 layers make
 * 96,000 nodes. Weights are external data in one sparse file (nothing is read: the planner needs
 * sizes only), as in real large exports.
 */
import { closeSync, ftruncateSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { attr, buildModel, DataType, int64Tensor, node, tensor, tensorValue, type Obj } from '../../../test/support/onnxBuilder';

const HIDDEN = 64;
const HEADS = 4;
const HEAD_DIM = HIDDEN / HEADS;
const MLP = 4 * HIDDEN;
/** Nodes per decoder layer. */
export const DECODER_NODES_PER_LAYER = 24;

/** Writes `<dir>/<name>.onnx` and its sparse `<name>.weights`; returns the model path. */
export function writeDecoderModel(dir: string, name: string, layers: number): string {
  const weights = `${name}.weights`;
  let offset = 0;
  const inits: Obj[] = [
    int64Tensor('heads_shape', [0, 0, HEADS, HEAD_DIM]), int64Tensor('hidden_shape', [0, 0, HIDDEN]),
    tensor('scale', DataType.FLOAT, [], { values: [1 / Math.sqrt(HEAD_DIM)] }),
  ];
  const weight = (id: string, dims: number[]): string => {
    const length = 4 * dims.reduce((a, b) => a * b, 1);
    inits.push(tensor(id, DataType.FLOAT, dims, { external: { location: weights, offset, length } }));
    offset += length;
    return id;
  };
  const nodes: Obj[] = [];
  let x = 'x';
  for (let l = 0; l < layers; l++) {
    const p = (s: string): string => `l${l}.${s}`;
    const n = (op: string, inputs: string[], out: string, attrs: Obj[] = []): string => {
      nodes.push(node(op, inputs, [p(out)], { name: p(op.toLowerCase() + '_' + out), attrs }));
      return p(out);
    };
    const ln1 = n('LayerNormalization', [x, weight(p('ln1.g'), [HIDDEN]), weight(p('ln1.b'), [HIDDEN])], 'ln1', [attr.int('axis', -1)]);
    const heads = (proj: string, perm: number[]): string =>
      n('Transpose', [n('Reshape', [n('MatMul', [ln1, weight(p(`w${proj}`), [HIDDEN, HIDDEN])], proj), 'heads_shape'], `${proj}_heads`)], `${proj}_t`, [attr.ints('perm', perm)]);
    const q = heads('q', [0, 2, 1, 3]);
    const k = heads('k', [0, 2, 3, 1]);
    const v = heads('v', [0, 2, 1, 3]);
    const probs = n('Softmax', [n('Mul', [n('MatMul', [q, k], 'scores'), 'scale'], 'scaled')], 'probs', [attr.int('axis', -1)]);
    const ctx = n('Reshape', [n('Transpose', [n('MatMul', [probs, v], 'ctx'), ], 'ctx_t', [attr.ints('perm', [0, 2, 1, 3])]), 'hidden_shape'], 'ctx_h');
    const h = n('Add', [x, n('MatMul', [ctx, weight(p('wo'), [HIDDEN, HIDDEN])], 'attn')], 'h');
    const ln2 = n('LayerNormalization', [h, weight(p('ln2.g'), [HIDDEN]), weight(p('ln2.b'), [HIDDEN])], 'ln2', [attr.int('axis', -1)]);
    const up = n('Relu', [n('Add', [n('MatMul', [ln2, weight(p('w1'), [HIDDEN, MLP])], 'up'), weight(p('b1'), [MLP])], 'up_b')], 'up_r');
    x = n('Add', [h, n('MatMul', [up, weight(p('w2'), [MLP, HIDDEN])], 'down')], 'out');
  }
  const bytes = buildModel({
    nodes,
    inputs: [tensorValue('x', DataType.FLOAT, ['batch', 'sequence', HIDDEN])],
    outputs: [tensorValue(x, DataType.FLOAT, ['batch', 'sequence', HIDDEN])],
    initializers: inits,
    opset: 17,
  });
  const path = join(dir, `${name}.onnx`);
  writeFileSync(path, bytes);
  const fd = openSync(join(dir, weights), 'w');
  try {
    ftruncateSync(fd, offset);
  } finally {
    closeSync(fd);
  }
  return path;
}
