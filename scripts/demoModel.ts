/**
 * The demo model: one pre-norm transformer block (d_model 256, 4 heads, MLP 1024) with symbolic
 * `batch` and `sequence`, written by this project. It exercises what the report is for: Reshape
 * aliases, in-place activations, dead-buffer reuse, graph outputs and constant weights.
 */
import { buildModel, node, tensorValue, tensor, int64Tensor, attr, DataType } from '../test/support/onnxBuilder';

const D = 256;
const HEADS = 4;
const HEAD_DIM = D / HEADS;
const MLP = 1024;

/** Encodes the demo transformer block as ModelProto bytes. */
export function buildDemoModel(): Uint8Array {
  const F = DataType.FLOAT;
  const w = (name: string, dims: number[]) => tensor(name, F, dims);
  const initializers = [
    w('ln1.scale', [D]), w('ln1.bias', [D]),
    w('attn.q.weight', [D, D]), w('attn.k.weight', [D, D]), w('attn.v.weight', [D, D]), w('attn.o.weight', [D, D]),
    tensor('attn.scale', F, [], { values: [Math.sqrt(HEAD_DIM)] }),
    int64Tensor('heads_shape', [0, 0, HEADS, HEAD_DIM]),
    int64Tensor('merge_shape', [0, 0, D]),
    w('ln2.scale', [D]), w('ln2.bias', [D]),
    w('mlp.up.weight', [D, MLP]), w('mlp.up.bias', [MLP]),
    w('mlp.down.weight', [MLP, D]), w('mlp.down.bias', [D]),
  ];
  const perm = (name: string, p: number[]) => attr.ints(name, p);
  const nodes = [
    node('LayerNormalization', ['x', 'ln1.scale', 'ln1.bias'], ['ln1_out'], { name: 'ln1', attrs: [attr.int('axis', -1), attr.float('epsilon', 1e-5)] }),
    node('MatMul', ['ln1_out', 'attn.q.weight'], ['q'], { name: 'q_proj' }),
    node('MatMul', ['ln1_out', 'attn.k.weight'], ['k'], { name: 'k_proj' }),
    node('MatMul', ['ln1_out', 'attn.v.weight'], ['v'], { name: 'v_proj' }),
    node('Reshape', ['q', 'heads_shape'], ['q_heads'], { name: 'q_split_heads' }),
    node('Reshape', ['k', 'heads_shape'], ['k_heads'], { name: 'k_split_heads' }),
    node('Reshape', ['v', 'heads_shape'], ['v_heads'], { name: 'v_split_heads' }),
    node('Transpose', ['q_heads'], ['q_t'], { name: 'q_transpose', attrs: [perm('perm', [0, 2, 1, 3])] }),
    node('Transpose', ['k_heads'], ['k_t'], { name: 'k_transpose', attrs: [perm('perm', [0, 2, 3, 1])] }),
    node('Transpose', ['v_heads'], ['v_t'], { name: 'v_transpose', attrs: [perm('perm', [0, 2, 1, 3])] }),
    node('MatMul', ['q_t', 'k_t'], ['scores'], { name: 'qk_matmul' }),
    node('Div', ['scores', 'attn.scale'], ['scores_scaled'], { name: 'scale' }),
    node('Softmax', ['scores_scaled'], ['probs'], { name: 'softmax', attrs: [attr.int('axis', -1)] }),
    node('MatMul', ['probs', 'v_t'], ['context'], { name: 'pv_matmul' }),
    node('Transpose', ['context'], ['context_t'], { name: 'context_transpose', attrs: [perm('perm', [0, 2, 1, 3])] }),
    node('Reshape', ['context_t', 'merge_shape'], ['context_merged'], { name: 'merge_heads' }),
    node('MatMul', ['context_merged', 'attn.o.weight'], ['attn_out'], { name: 'o_proj' }),
    node('Add', ['x', 'attn_out'], ['resid1'], { name: 'residual1' }),
    node('LayerNormalization', ['resid1', 'ln2.scale', 'ln2.bias'], ['ln2_out'], { name: 'ln2', attrs: [attr.int('axis', -1), attr.float('epsilon', 1e-5)] }),
    node('MatMul', ['ln2_out', 'mlp.up.weight'], ['up'], { name: 'mlp_up' }),
    node('Add', ['up', 'mlp.up.bias'], ['up_b'], { name: 'mlp_up_bias' }),
    node('Relu', ['up_b'], ['act'], { name: 'mlp_act' }),
    node('MatMul', ['act', 'mlp.down.weight'], ['down'], { name: 'mlp_down' }),
    node('Add', ['down', 'mlp.down.bias'], ['down_b'], { name: 'mlp_down_bias' }),
    node('Add', ['resid1', 'down_b'], ['y'], { name: 'residual2' }),
  ];
  return buildModel({
    name: 'demo_transformer_block',
    opset: 17,
    nodes,
    inputs: [tensorValue('x', F, ['batch', 'sequence', D])],
    outputs: [tensorValue('y', F, ['batch', 'sequence', D])],
    initializers,
  });
}
