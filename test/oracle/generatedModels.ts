/**
 * Seeded model generators for the oracle: random DAGs (shuffled NodeProtos, named and unnamed
 * nodes, in-place and alias ops, dtype changes, broadcasting, dangling values), alias chains,
 * dead-buffer reuse patterns, and If/Loop graphs reading outer-scope values.
 */
import { attr, buildModel, DataType, graph, int64Tensor, node, tensor, tensorValue, typedValue } from '../support/onnxBuilder';
import { mulberry32 as rng } from '../support/seededRandom';


type Obj = Record<string, unknown>;
type Kind = 'full' | 'row' | 'int' | 'wide' | 'half';
interface Val {
  name: string;
  kind: Kind;
}

const SHAPES: Record<Kind, (number | string)[]> = { full: ['N', 4, 8], row: ['N', 4, 1], int: ['N', 4, 8], wide: ['N', 32], half: ['N', 4, 4] };
const DTYPES: Record<Kind, number> = { full: DataType.FLOAT, row: DataType.FLOAT, int: DataType.INT32, wide: DataType.FLOAT, half: DataType.FLOAT };

/**
 * A random DAG of `size` nodes over [N,4,8] floats; NodeProtos shuffled when `shuffle`. The 'multi'
 * flavor adds multi-output Split, Concat, Clip, LeakyRelu, Dropout, Flatten, same-type Cast, Transpose.
 */
export function randomDagModel(seed: number, size: number, shuffle: boolean, flavor: 'basic' | 'multi' = 'basic'): Uint8Array {
  const r = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const vals: Val[] = [{ name: 'X', kind: 'full' }];
  const nodes: Obj[] = [];
  const valueInfo: Obj[] = [];
  const used = new Set<string>();
  const of = (k: Kind): Val[] => vals.filter((v) => v.kind === k);
  let id = 0;
  const emit = (op: string, inputs: string[], kind: Kind, attrs: Obj[] = []): void => {
    const out = `v${id}`;
    const named = r() < 0.6;
    nodes.push(node(op, inputs, [out], { name: named ? `n${id}_${op.toLowerCase()}` : undefined, attrs }));
    inputs.forEach((i) => used.add(i));
    vals.push({ name: out, kind });
    valueInfo.push(tensorValue(out, DTYPES[kind], SHAPES[kind]));
    id++;
  };
  const emitMulti = (op: string, inputs: string[], kinds: Kind[], attrs: Obj[] = []): void => {
    const outs = kinds.map((_, k) => `v${id}_${k}`);
    nodes.push(node(op, inputs, outs, { name: r() < 0.6 ? `n${id}_${op.toLowerCase()}` : undefined, attrs }));
    inputs.forEach((i) => used.add(i));
    outs.forEach((o, k) => {
      vals.push({ name: o, kind: kinds[k]! });
      valueInfo.push(tensorValue(o, DTYPES[kinds[k]!], SHAPES[kinds[k]!]));
    });
    id++;
  };
  for (let i = 0; i < size; i++) {
    const f = of('full');
    if (flavor === 'multi') {
      const x = pick(f).name;
      const c = r();
      if (c < 0.15) emitMulti('Split', [x, 'split44'], ['half', 'half'], [attr.int('axis', 2)]);
      else if (c < 0.3 && of('half').length > 0) emit('Concat', [pick(of('half')).name, pick(of('half')).name], 'full', [attr.int('axis', 2)]);
      else if (c < 0.4) emit('Clip', [x], 'full');
      else if (c < 0.5) emit('LeakyRelu', [x], 'full');
      else if (c < 0.6) emit('Dropout', [x], 'full');
      else if (c < 0.68) emit('Flatten', [x], 'wide', [attr.int('axis', 1)]);
      else if (c < 0.76) emit('Cast', [x], 'full', [attr.int('to', DataType.FLOAT)]);
      else if (c < 0.84) emit('Add', [x, pick(f).name], 'full');
      else if (c < 0.92) emit('Transpose', [x], 'full', [attr.ints('perm', [0, 1, 2])]);
      else emit('Softmax', [x], 'full', [attr.int('axis', -1)]);
      continue;
    }
    const x = pick(f).name;
    const c = r();
    if (c < 0.18) emit(pick(['Add', 'Mul', 'Sub']), [x, pick(f).name], 'full');
    else if (c < 0.36) emit(pick(['Relu', 'Sigmoid', 'Tanh']), [x], 'full');
    else if (c < 0.46) emit(pick(['Neg', 'Abs', 'Exp']), [x], 'full');
    else if (c < 0.54) emit('Identity', [x], 'full');
    else if (c < 0.6) emit('Reshape', [x, 'shape_wide'], 'wide');
    else if (c < 0.66 && of('wide').length > 0) emit('Reshape', [pick(of('wide')).name, 'shape_full'], 'full');
    else if (c < 0.72) emit('Cast', [x], 'int', [attr.int('to', DataType.INT32)]);
    else if (c < 0.78 && of('int').length > 0) emit('Cast', [pick(of('int')).name], 'full', [attr.int('to', DataType.FLOAT)]);
    else if (c < 0.84) emit('ReduceMean', [x], 'row', [attr.ints('axes', [2]), attr.int('keepdims', 1)]);
    else if (c < 0.9 && of('row').length > 0) emit('Add', [x, pick(of('row')).name], 'full');
    else if (c < 0.95) emit('MatMul', [x, 'W'], 'full');
    else emit('Softmax', [x], 'full', [attr.int('axis', -1)]);
  }
  const unusedVals = vals.filter((v) => !used.has(v.name) && v.name !== 'X');
  const outputs = unusedVals.filter(() => r() < 0.7);
  const extra = vals.filter((v) => v.name !== 'X' && r() < 0.08 && !outputs.includes(v));
  const outs = [...outputs, ...extra];
  if (outs.length === 0) outs.push(vals[vals.length - 1]!);
  if (shuffle) {
    for (let i = nodes.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [nodes[i], nodes[j]] = [nodes[j]!, nodes[i]!];
    }
  }
  return buildModel({
    nodes,
    inputs: [tensorValue('X', DataType.FLOAT, SHAPES.full)],
    outputs: outs.map((v) => tensorValue(v.name, DTYPES[v.kind], SHAPES[v.kind])),
    initializers: [int64Tensor('shape_wide', [0, 32]), int64Tensor('shape_full', [0, 4, 8]), tensor('W', DataType.FLOAT, [8, 8]), int64Tensor('split44', [4, 4])],
    valueInfo: valueInfo.filter((v) => !outs.some((o) => o.name === v.name)),
  });
}

/** Alias chains: Reshape/Identity/Unsqueeze/Squeeze/Flatten chains, one link a graph output, one dangling. */
export function aliasChainModel(): Uint8Array {
  return buildModel({
    nodes: [
      node('Relu', ['X'], ['a'], { name: 'relu' }),
      node('Reshape', ['a', 'shape_wide'], ['b'], { name: 'reshape' }),
      node('Identity', ['b'], ['c'], { name: 'identity' }),
      node('Unsqueeze', ['c', 'axes0'], ['d'], { name: 'unsqueeze' }),
      node('Squeeze', ['d', 'axes0'], ['e'], { name: 'squeeze' }),
      node('Flatten', ['e'], ['f'], { name: 'flatten' }),
      node('Reshape', ['c', 'shape_wide'], ['out_copy'], { name: 'reshape_to_output' }),
      node('Neg', ['f'], ['g'], { name: 'neg' }),
      node('Identity', ['g'], ['dangling_alias'], { name: 'dangling_identity' }),
      node('Sigmoid', ['g'], ['Y'], { name: 'sigmoid_out' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, [2, 4, 8])],
    outputs: [tensorValue('Y', DataType.FLOAT, [2, 32]), tensorValue('out_copy', DataType.FLOAT, [2, 32])],
    initializers: [int64Tensor('shape_wide', [2, 32]), int64Tensor('axes0', [0])],
  });
}

/** Dead-buffer reuse: buffers of equal shape and element size die and are taken, including across float/int32. */
export function deadBufferModel(): Uint8Array {
  return buildModel({
    nodes: [
      node('Exp', ['X'], ['a'], { name: 'exp_a' }),
      node('Exp', ['X'], ['b'], { name: 'exp_b' }),
      node('Add', ['a', 'b'], ['c'], { name: 'add_c' }),
      node('Mul', ['c', 'c'], ['d'], { name: 'mul_d' }),
      node('Cast', ['d'], ['di'], { name: 'cast_i', attrs: [attr.int('to', DataType.INT32)] }),
      node('Cast', ['d'], ['dd'], { name: 'cast_double', attrs: [attr.int('to', DataType.DOUBLE)] }),
      node('Cast', ['dd'], ['df'], { name: 'cast_back', attrs: [attr.int('to', DataType.FLOAT)] }),
      node('Cast', ['di'], ['dif'], { name: 'cast_i_back', attrs: [attr.int('to', DataType.FLOAT)] }),
      node('Sub', ['df', 'dif'], ['e'], { name: 'sub_e' }),
      node('ReduceSum', ['e', 'axes2'], ['r'], { name: 'reduce', attrs: [attr.int('keepdims', 1)] }),
      node('Add', ['e', 'r'], ['Y'], { name: 'add_out' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, ['batch', 4, 8])],
    outputs: [tensorValue('Y', DataType.FLOAT, ['batch', 4, 8])],
    initializers: [int64Tensor('axes2', [2])],
  });
}

/** If with both branches reading outer-scope values, then a Loop whose body reads one too. */
export function controlFlowModel(): Uint8Array {
  const thenG = graph({
    name: 'then_body',
    nodes: [node('Add', ['a', 'b'], ['t_out'], { name: 'then_add' })],
    inputs: [],
    outputs: [tensorValue('t_out', DataType.FLOAT, [4, 8])],
  });
  const elseG = graph({
    name: 'else_body',
    nodes: [node('Mul', ['a', 'a'], ['e1'], { name: 'else_mul' }), node('Neg', ['e1'], ['e_out'], { name: 'else_neg' })],
    inputs: [],
    outputs: [tensorValue('e_out', DataType.FLOAT, [4, 8])],
    valueInfo: [tensorValue('e1', DataType.FLOAT, [4, 8])],
  });
  const body = graph({
    name: 'loop_body',
    nodes: [
      node('Identity', ['cond_in'], ['cond_out'], { name: 'body_cond' }),
      node('Add', ['acc_in', 'b'], ['acc_out'], { name: 'body_add' }),
    ],
    inputs: [tensorValue('iter', DataType.INT64, []), tensorValue('cond_in', DataType.BOOL, []), tensorValue('acc_in', DataType.FLOAT, [4, 8])],
    outputs: [tensorValue('cond_out', DataType.BOOL, []), tensorValue('acc_out', DataType.FLOAT, [4, 8])],
  });
  return buildModel({
    nodes: [
      node('Relu', ['X'], ['a'], { name: 'relu' }),
      node('Sigmoid', ['X'], ['b'], { name: 'sigmoid' }),
      node('If', ['flag'], ['branch'], { name: 'if', attrs: [attr.graph('then_branch', thenG), attr.graph('else_branch', elseG)] }),
      node('Loop', ['trip', 'keep', 'branch'], ['acc'], { name: 'loop', attrs: [attr.graph('body', body)] }),
      node('Tanh', ['acc'], ['Y'], { name: 'tanh' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, [4, 8]), tensorValue('flag', DataType.BOOL, [])],
    outputs: [tensorValue('Y', DataType.FLOAT, [4, 8])],
    initializers: [int64Tensor('trip', [3], []), tensor('keep', DataType.BOOL, [], { values: [1] })],
    valueInfo: [tensorValue('a', DataType.FLOAT, [4, 8]), tensorValue('b', DataType.FLOAT, [4, 8]), tensorValue('branch', DataType.FLOAT, [4, 8])],
  });
}

/**
 * A dangling output (no consumer, not a graph output) planned first: ORT's planner frees it right
 * after its producer (use count 1 from its definition), so the next consumed output takes its buffer.
 */
export function danglingReuseModel(): Uint8Array {
  return buildModel({
    nodes: [
      node('Neg', ['X'], ['a'], { name: 'n0' }),
      node('Reshape', ['a', 'shape'], ['b'], { name: 'n1' }),
      node('Exp', ['b'], ['c'], { name: 'n2' }),
      node('Abs', ['c'], ['Y'], { name: 'n3' }),
      node('Exp', ['X'], ['dangling'], { name: 'n4' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, [4, 8])],
    outputs: [tensorValue('Y', DataType.FLOAT, [4, 8])],
    initializers: [int64Tensor('shape', [4, 8])],
  });
}

/** Scan over the rows of X with a running sum state and an outer-scope bias read in the body. */
export function scanModel(): Uint8Array {
  const body = graph({
    name: 'scan_body',
    nodes: [
      node('Add', ['state_in', 'row'], ['s1'], { name: 'body_add' }),
      node('Mul', ['s1', 'bias'], ['state_out'], { name: 'body_mul' }),
      node('Relu', ['state_out'], ['row_out'], { name: 'body_relu' }),
    ],
    inputs: [tensorValue('state_in', DataType.FLOAT, [8]), tensorValue('row', DataType.FLOAT, [8])],
    outputs: [tensorValue('state_out', DataType.FLOAT, [8]), tensorValue('row_out', DataType.FLOAT, [8])],
    valueInfo: [tensorValue('s1', DataType.FLOAT, [8])],
  });
  return buildModel({
    nodes: [
      node('Sigmoid', ['B'], ['bias'], { name: 'bias_sigmoid' }),
      node('Neg', ['X'], ['xn'], { name: 'neg' }),
      node('Scan', ['S0', 'xn'], ['S', 'rows'], { name: 'scan', attrs: [attr.graph('body', body), attr.int('num_scan_inputs', 1)] }),
      node('Tanh', ['rows'], ['Y'], { name: 'tanh' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, [4, 8]), tensorValue('S0', DataType.FLOAT, [8]), tensorValue('B', DataType.FLOAT, [8])],
    outputs: [tensorValue('Y', DataType.FLOAT, [4, 8]), tensorValue('S', DataType.FLOAT, [8])],
    opset: 16,
  });
}

/**
 * SameSize on symbolic dims: buffers of [M,8] never serve [N,8] values, even when N = M at run
 * time (neg_x allocates although zm1 and zm2 are dead), while [N,8] serves [N,8] (sub_x).
 */
export function symbolicDimsModel(): Uint8Array {
  return buildModel({
    nodes: [
      node('Exp', ['X'], ['xn1'], { name: 'exp_x' }),
      node('Neg', ['xn1'], ['xn2'], { name: 'neg_x' }),
      node('Exp', ['Z'], ['zm1'], { name: 'exp_z' }),
      node('Add', ['zm1', 'Z'], ['zm2'], { name: 'add_z' }),
      node('Sub', ['xn2', 'X'], ['xn3'], { name: 'sub_x' }),
      node('Abs', ['xn3'], ['YX'], { name: 'out_x' }),
      node('Abs', ['zm2'], ['YZ'], { name: 'out_z' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, ['N', 8]), tensorValue('Z', DataType.FLOAT, ['M', 8])],
    outputs: [tensorValue('YX', DataType.FLOAT, ['N', 8]), tensorValue('YZ', DataType.FLOAT, ['M', 8])],
  });
}

/**
 * Pools whose window is wider than the padded input: ORT divides with C++ integer division, which
 * truncates toward zero, so MaxPool k=2 s=2 on 1×1 gives 1×1 and AveragePool k=[3,2] s=[3,2] on 1×2
 * gives 1×1 (floor would give 0 and [0,1]); k=3 s=1 on 2×2 gives 0×0 either way.
 */
export function narrowPoolModel(): Uint8Array {
  return buildModel({
    nodes: [
      node('MaxPool', ['A'], ['ma'], { name: 'max_k2_s2', attrs: [attr.ints('kernel_shape', [2, 2]), attr.ints('strides', [2, 2])] }),
      node('AveragePool', ['B'], ['av'], { name: 'avg_k32_s32', attrs: [attr.ints('kernel_shape', [3, 2]), attr.ints('strides', [3, 2])] }),
      node('MaxPool', ['C'], ['mc'], { name: 'max_k3_s1', attrs: [attr.ints('kernel_shape', [3, 3]), attr.ints('strides', [1, 1])] }),
      node('Relu', ['ma'], ['YA'], { name: 'relu_a' }),
      node('Relu', ['av'], ['YB'], { name: 'relu_b' }),
      node('Relu', ['mc'], ['YC'], { name: 'relu_c' }),
    ],
    inputs: [tensorValue('A', DataType.FLOAT, [1, 4, 1, 1]), tensorValue('B', DataType.FLOAT, [1, 4, 1, 2]), tensorValue('C', DataType.FLOAT, [1, 4, 2, 2])],
    outputs: [tensorValue('YA', DataType.FLOAT, null), tensorValue('YB', DataType.FLOAT, null), tensorValue('YC', DataType.FLOAT, null)],
    opset: 19,
  });
}

/**
 * The padding and anchor arithmetic of torchvision's detection transforms, with a fixed image:
 * the image size is read with Shape, maxed over a stacked [1, 2] list (ReduceMax along axis 0),
 * rounded up to a multiple of the stride in float (Div, Ceil, Mul), and the difference becomes the
 * Pad amounts; an anchor grid follows from Range and Tile. With the input fixed, every size is known.
 */
export function strideAlignModel(): Uint8Array {
  const f32 = (name: string, v: number) => tensor(name, DataType.FLOAT, [], { values: [v] });
  return buildModel({
    opset: 17,
    nodes: [
      node('Shape', ['img'], ['s'], { name: 'shape' }),
      node('Slice', ['s', 'st', 'en', 'ax'], ['hw'], { name: 'hw' }),
      node('Unsqueeze', ['hw', 'ax'], ['u'], { name: 'stack' }),
      node('ReduceMax', ['u'], ['m'], { name: 'max_size', attrs: [attr.ints('axes', [0]), attr.int('keepdims', 0)] }),
      node('Cast', ['m'], ['f'], { name: 'to_float', attrs: [attr.int('to', DataType.FLOAT)] }),
      node('Div', ['f', 'stride'], ['d'], { name: 'div' }),
      node('Ceil', ['d'], ['c'], { name: 'ceil' }),
      node('Mul', ['c', 'stride'], ['mm'], { name: 'mul' }),
      node('Cast', ['mm'], ['i'], { name: 'to_int', attrs: [attr.int('to', DataType.INT64)] }),
      node('Sub', ['i', 'hw'], ['p'], { name: 'pad_amount' }),
      node('Concat', ['z4', 'z2', 'p'], ['pads'], { name: 'pads', attrs: [attr.int('axis', 0)] }),
      node('Pad', ['img', 'pads'], ['padded'], { name: 'pad' }),
      node('Gather', ['i', 'zero'], ['fh'], { name: 'height', attrs: [attr.int('axis', 0)] }),
      node('Div', ['fh', 'stridei'], ['gh'], { name: 'grid_h' }),
      node('Range', ['zero', 'gh', 'one'], ['r'], { name: 'range' }),
      node('Mul', ['r', 'stridei'], ['shifts'], { name: 'shifts' }),
      node('Unsqueeze', ['shifts', 'ax1'], ['sh2'], { name: 'column' }),
      node('Tile', ['sh2', 'reps'], ['tiled'], { name: 'tile' }),
      node('Relu', ['padded'], ['y'], { name: 'relu' }),
    ],
    initializers: [int64Tensor('st', [2]), int64Tensor('en', [4]), int64Tensor('ax', [0]), int64Tensor('ax1', [1]), f32('stride', 32), int64Tensor('z4', [0, 0, 0, 0]), int64Tensor('z2', [0, 0]), int64Tensor('zero', [0], []), int64Tensor('one', [1], []), int64Tensor('stridei', [32], []), int64Tensor('reps', [1, 3])],
    inputs: [tensorValue('img', DataType.FLOAT, [1, 3, 27, 40])],
    outputs: [tensorValue('y', DataType.FLOAT, null), tensorValue('tiled', DataType.INT64, null)],
  });
}

/**
 * A voice model's sample-rate switch: an If on `sr == 16000` whose branches give different ranks
 * ([2, 32] or [1, 4, 16]), so the sizes after it are known only once `sr` is fixed (`--value`).
 */
export function sampleRateBranchModel(options: { batchChain?: boolean } = {}): Uint8Array {
  const branch = (tag: string, dims: number[]) =>
    graph({
      name: `${tag}_branch`,
      nodes: [node('Reshape', ['X', `${tag}_shape`], [`${tag}_out`], { name: `${tag}_reshape` })],
      inputs: [],
      outputs: [tensorValue(`${tag}_out`, DataType.FLOAT, null)],
      initializers: [int64Tensor(`${tag}_shape`, dims)],
    });
  return buildModel({
    nodes: [
      node('Equal', ['sr', 'sr16k'], ['is16k'], { name: 'is_16k' }),
      node('If', ['is16k'], ['framed'], { name: 'by_rate', attrs: [attr.graph('then_branch', branch('then', [2, 32])), attr.graph('else_branch', branch('else', [1, 4, 16]))] }),
      node('Relu', ['framed'], ['r'], { name: 'relu' }),
      node('Sigmoid', ['r'], ['Y'], { name: 'out' }),
      // With `batchChain`, a second input of symbolic length 'n' and a chain of its own, so a sweep of n has the If beside it.
      ...(options.batchChain ? [node('Relu', ['Z'], ['z1'], { name: 'z_relu' }), node('Sigmoid', ['z1'], ['W'], { name: 'z_out' })] : []),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, [1, 64]), tensorValue('sr', DataType.INT64, []), ...(options.batchChain ? [tensorValue('Z', DataType.FLOAT, ['n', 128])] : [])],
    outputs: [tensorValue('Y', DataType.FLOAT, null), ...(options.batchChain ? [tensorValue('W', DataType.FLOAT, ['n', 128])] : [])],
    initializers: [int64Tensor('sr16k', [16000], [])],
  });
}

/**
 * GreaterOrEqual / LessOrEqual followed by a Cast to BOOL and a Not: at opsets 12-15 ORT's own
 * inference gives their outputs no shape, so the Cast is not in place and the freed output is not
 * reused; from opset 16 both happen.
 */
export function orEqualCastModel(opset: number): Uint8Array {
  return buildModel({
    opset,
    nodes: [
      node('GreaterOrEqual', ['x', 'zero'], ['ge'], { name: 'ge' }),
      node('Cast', ['ge'], ['gc'], { name: 'ge_cast', attrs: [attr.int('to', DataType.BOOL)] }),
      node('Not', ['gc'], ['gn'], { name: 'ge_not' }),
      node('LessOrEqual', ['x', 'zero'], ['le'], { name: 'le' }),
      node('Cast', ['le'], ['lc'], { name: 'le_cast', attrs: [attr.int('to', DataType.BOOL)] }),
      node('Xor', ['lc', 'gn'], ['y'], { name: 'xor' }),
    ],
    inputs: [tensorValue('x', DataType.FLOAT, [32, 64])],
    outputs: [tensorValue('y', DataType.BOOL, [32, 64])],
    initializers: [tensor('zero', DataType.FLOAT, [], { values: [0] })],
  });
}

/**
 * A float32 weight whose contents differ by `salt`: ORT packs equal prepacked weights once by
 * contents, so models that check packs give each weight its own bytes.
 */
export function distinctWeights(name: string, dims: number[], salt: number): ReturnType<typeof tensor> {
  return tensor(name, DataType.FLOAT, dims, { values: Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, j) => ((j * salt) % 13) / 13 - 0.5) });
}

/**
 * What ORT's transformer optimizer makes of a decoder's self-attention: com.microsoft Attention
 * (packed QKV weights, `past` of shape (2, batch, heads, past_seq, head_size)) or MultiHeadAttention
 * (past_key and past_value), with and without a past (a decoder's first step still writes present).
 * Weights are distinct (ORT packs equal prepacked weights once by content).
 */
export function decoderAttentionModel(kind: 'attention' | 'mha', withPast: boolean): Uint8Array {
  const F = DataType.FLOAT;
  if (kind === 'attention') {
    return buildModel({
      opset: 17, opsets: { 'com.microsoft': 1 },
      nodes: [
        node('Attention', ['x', 'w', 'b', '', ...(withPast ? ['past'] : [])], ['a', 'present'], { name: 'attn', domain: 'com.microsoft', attrs: [attr.int('num_heads', 4), attr.int('unidirectional', 1)] }),
        node('MatMul', ['a', 'wo'], ['y'], { name: 'out_proj' }),
      ],
      inputs: [tensorValue('x', F, ['batch', 'seq', 64]), ...(withPast ? [tensorValue('past', F, [2, 'batch', 4, 'past_seq', 16])] : [])],
      outputs: [tensorValue('y', F, ['batch', 'seq', 64]), tensorValue('present', F, null)],
      initializers: [distinctWeights('w', [64, 192], 3), distinctWeights('b', [192], 5), distinctWeights('wo', [64, 64], 7)],
    });
  }
  return buildModel({
    opset: 17, opsets: { 'com.microsoft': 1 },
    nodes: [
      node('MatMul', ['x', 'wq'], ['q'], { name: 'q_proj' }), node('MatMul', ['x', 'wk'], ['k'], { name: 'k_proj' }), node('MatMul', ['x', 'wv'], ['v'], { name: 'v_proj' }),
      node('MultiHeadAttention', ['q', 'k', 'v', '', '', '', ...(withPast ? ['past_k', 'past_v'] : [])], ['a', 'present_k', 'present_v'], { name: 'mha', domain: 'com.microsoft', attrs: [attr.int('num_heads', 4)] }),
      node('MatMul', ['a', 'wo'], ['y'], { name: 'out_proj' }),
    ],
    inputs: [tensorValue('x', F, ['batch', 'seq', 64]), ...(withPast ? [tensorValue('past_k', F, ['batch', 4, 'past_seq', 16]), tensorValue('past_v', F, ['batch', 4, 'past_seq', 16])] : [])],
    outputs: [tensorValue('y', F, ['batch', 'seq', 64]), tensorValue('present_k', F, null), tensorValue('present_v', F, null)],
    initializers: [distinctWeights('wq', [64, 64], 3), distinctWeights('wk', [64, 64], 5), distinctWeights('wv', [64, 64], 7), distinctWeights('wo', [64, 64], 11)],
  });
}

/**
 * Weights of the main graph read inside If branches, as a voice model's exported RNN cells do.
 * `gemm`: each branch's Gemm reads a main-graph weight directly (ORT packs outer-scope constants
 * for a body's kernels). `foldedLstm`: both branches Unsqueeze the same main-graph weights into an
 * LSTM; at extended and all ORT folds each branch's Unsqueeze into an initializer of its own, with
 * equal bytes, and packs them once (its packs are keyed by contents).
 */
export function branchWeightsModel(kind: 'gemm' | 'foldedLstm'): Uint8Array {
  const F = DataType.FLOAT;
  const H = 64;
  if (kind === 'gemm') {
    const branch = (tag: string, w: string) => graph({
      name: tag,
      nodes: [node('Gemm', ['x', w, 'bias'], [`y_${tag}`], { name: `gemm_${tag}`, attrs: [attr.int('transB', 1)] })],
      inputs: [], outputs: [tensorValue(`y_${tag}`, F, null)],
    });
    return buildModel({
      opset: 17,
      nodes: [node('If', ['c'], ['y'], { name: 'by_flag', attrs: [attr.graph('then_branch', branch('then', 'w_a')), attr.graph('else_branch', branch('else', 'w_b'))] })],
      inputs: [tensorValue('x', F, [4, H]), tensorValue('c', DataType.BOOL, [])],
      outputs: [tensorValue('y', F, null)],
      initializers: [distinctWeights('w_a', [4 * H, H], 3), distinctWeights('w_b', [4 * H, H], 5), distinctWeights('bias', [4 * H], 7)],
    });
  }
  const branch = (tag: string) => graph({
    name: tag,
    nodes: [
      node('Unsqueeze', ['w2', 'ax0'], [`W_${tag}`], { name: `uw_${tag}` }),
      node('Unsqueeze', ['r2', 'ax0'], [`R_${tag}`], { name: `ur_${tag}` }),
      node('LSTM', ['x', `W_${tag}`, `R_${tag}`], [`y_${tag}`], { name: `lstm_${tag}`, attrs: [attr.int('hidden_size', H)] }),
    ],
    inputs: [], outputs: [tensorValue(`y_${tag}`, F, null)],
  });
  return buildModel({
    opset: 17,
    nodes: [node('If', ['c'], ['y'], { name: 'by_flag', attrs: [attr.graph('then_branch', branch('then')), attr.graph('else_branch', branch('else'))] })],
    inputs: [tensorValue('x', F, [4, 1, H]), tensorValue('c', DataType.BOOL, [])],
    outputs: [tensorValue('y', F, null)],
    initializers: [distinctWeights('w2', [4 * H, H], 3), distinctWeights('r2', [4 * H, H], 5), tensor('ax0', DataType.INT64, [1], { values: [0] })],
  });
}

/** A graph input with dims the file leaves unnamed (neither dim_value nor dim_param), as spox writes them. */
export function unnamedDimsModel(): Uint8Array {
  const F = DataType.FLOAT;
  return buildModel({
    opset: 17,
    nodes: [node('Relu', ['x'], ['a'], { name: 'relu' }), node('Transpose', ['a'], ['t'], { name: 'transpose', attrs: [attr.ints('perm', [1, 0])] }), node('Sigmoid', ['t'], ['y'], { name: 'sigmoid' })],
    inputs: [tensorValue('x', F, [null, null])],
    outputs: [tensorValue('y', F, null)],
  });
}

/**
 * torch.nn.functional.pad as the PyTorch exporter writes it: the pads list is reshaped to
 * [k, 2], reversed along axis 0 by a step −1 Slice, transposed and flattened before Pad reads it.
 * With contents propagated through the 2-D Slice and Transpose, the Pad output's shape is known.
 */
export function torchPadModel(): Uint8Array {
  const F = DataType.FLOAT;
  return buildModel({
    opset: 17,
    nodes: [
      node('Reshape', ['pads_flat', 'shape_k2'], ['pads_k2'], { name: 'pads_reshape' }),
      node('Slice', ['pads_k2', 'st', 'en', 'ax', 'step'], ['pads_rev'], { name: 'pads_reverse' }),
      node('Transpose', ['pads_rev'], ['pads_t'], { name: 'pads_transpose', attrs: [attr.ints('perm', [1, 0])] }),
      node('Reshape', ['pads_t', 'shape_flat'], ['pads'], { name: 'pads_flatten' }),
      node('Pad', ['x', 'pads'], ['padded'], { name: 'pad', attrs: [attr.string('mode', 'reflect')] }),
      node('Relu', ['padded'], ['y'], { name: 'relu' }),
    ],
    inputs: [tensorValue('x', F, ['n', 64])],
    outputs: [tensorValue('y', F, null)],
    initializers: [
      int64Tensor('pads_flat', [3, 5, 0, 0]), int64Tensor('shape_k2', [-1, 2]), int64Tensor('st', [-1]), int64Tensor('en', [-(2 ** 62)]),
      int64Tensor('ax', [0]), int64Tensor('step', [-1]), int64Tensor('shape_flat', [-1]),
    ],
  });
}

/**
 * Dims as older paddle2onnx exports declare them (PaddleOCR's detector): `image: [-1, 3, ?, ?]`,
 * a dim_value of −1 for the batch and the dim_param `?` for both height and width. ORT loads it
 * with those dims unknown; the report binds them as image:0, image:2 and image:3.
 */
export function paddleDimsModel(): Uint8Array {
  const F = DataType.FLOAT;
  const w = distinctWeights('w', [8, 3, 3, 3], 5);
  return buildModel({
    opset: 11,
    nodes: [
      node('Conv', ['image', 'w'], ['c'], { name: 'conv', attrs: [attr.ints('pads', [1, 1, 1, 1])] }),
      node('Relu', ['c'], ['r'], { name: 'relu' }),
      node('MaxPool', ['r'], ['y'], { name: 'pool', attrs: [attr.ints('kernel_shape', [2, 2]), attr.ints('strides', [2, 2])] }),
    ],
    inputs: [tensorValue('image', F, [-1, 3, '?', '?'])],
    outputs: [tensorValue('y', F, [-1, 8, '?', '?'])],
    initializers: [w],
  });
}

/**
 * Bodies big enough to grow the arena while they run (1 MiB tensors): an If whose taken branch
 * (`go` fixed to 1 with `--value`) keeps two values alive at once, a Loop whose body has a value of
 * its own besides the carried one, and a Scan with a state variable over 4 slices. Each body frame
 * has its own memory pattern (traced on its first run: a Loop's or Scan's first iteration).
 */
export function bodyFramesModel(): Uint8Array {
  const big = (n: string) => tensorValue(n, DataType.FLOAT, [256, 1024]);
  const thenG = graph({
    name: 'then_body',
    nodes: [node('Neg', ['X'], ['ta'], { name: 't_neg' }), node('Exp', ['X'], ['tb'], { name: 't_exp' }), node('Add', ['ta', 'tb'], ['t_out'], { name: 't_add' })],
    inputs: [],
    outputs: [big('t_out')],
    valueInfo: [big('ta'), big('tb')],
  });
  const elseG = graph({ name: 'else_body', nodes: [node('Neg', ['X'], ['e_out'], { name: 'e_neg' })], inputs: [], outputs: [big('e_out')] });
  const loopBody = graph({
    name: 'loop_body',
    nodes: [
      node('Mul', ['acc_in', 'X'], ['lt'], { name: 'l_mul' }),
      node('Add', ['lt', 'X'], ['acc_out'], { name: 'l_add' }),
      node('Identity', ['cond_in'], ['cond_out'], { name: 'l_cond' }),
    ],
    inputs: [tensorValue('iter', DataType.INT64, []), tensorValue('cond_in', DataType.BOOL, []), big('acc_in')],
    outputs: [tensorValue('cond_out', DataType.BOOL, []), big('acc_out')],
    valueInfo: [big('lt')],
  });
  const row = (n: string) => tensorValue(n, DataType.FLOAT, [64, 1024]);
  const scanBody = graph({
    name: 'scan_body',
    nodes: [
      node('Add', ['state_in', 'slice'], ['s1'], { name: 's_add' }),
      node('Mul', ['s1', 's1'], ['state_out'], { name: 's_mul' }),
      node('Relu', ['state_out'], ['slice_out'], { name: 's_relu' }),
    ],
    inputs: [row('state_in'), row('slice')],
    outputs: [row('state_out'), row('slice_out')],
    valueInfo: [row('s1')],
  });
  return buildModel({
    nodes: [
      node('If', ['go'], ['branch'], { name: 'if', attrs: [attr.graph('then_branch', thenG), attr.graph('else_branch', elseG)] }),
      node('Loop', ['trip', 'keep', 'branch'], ['acc'], { name: 'loop', attrs: [attr.graph('body', loopBody)] }),
      node('Reshape', ['acc', 'rows_shape'], ['rows'], { name: 'rows' }),
      node('Slice', ['rows', 'zero1', 'one1'], ['s0_3d'], { name: 'first_row' }),
      node('Squeeze', ['s0_3d', 'zero1'], ['S0'], { name: 'state0' }),
      node('Scan', ['S0', 'rows'], ['S', 'scanned'], { name: 'scan', attrs: [attr.graph('body', scanBody), attr.int('num_scan_inputs', 1)] }),
      node('Tanh', ['scanned'], ['Y'], { name: 'tanh' }),
    ],
    inputs: [big('X'), tensorValue('go', DataType.BOOL, [])],
    outputs: [tensorValue('Y', DataType.FLOAT, [4, 64, 1024]), row('S')],
    initializers: [int64Tensor('trip', [3], []), tensor('keep', DataType.BOOL, [], { values: [1] }), int64Tensor('rows_shape', [4, 64, 1024]), int64Tensor('zero1', [0]), int64Tensor('one1', [1])],
    valueInfo: [big('branch'), big('acc')],
    opset: 16,
  });
}

/**
 * A MatMul of a transposed activation and a constant weight: at extended and all ORT fuses the
 * pair into com.microsoft FusedMatMul (transA = 1), whose kernel packs the weight as MatMul does.
 */
export function fusedMatMulModel(): Uint8Array {
  const F = DataType.FLOAT;
  return buildModel({
    opset: 17,
    nodes: [
      node('Transpose', ['x'], ['xt'], { name: 'transpose', attrs: [attr.ints('perm', [1, 0])] }),
      node('MatMul', ['xt', 'w'], ['y'], { name: 'matmul' }),
      node('Relu', ['y'], ['z'], { name: 'relu' }),
    ],
    inputs: [tensorValue('x', F, [64, 'n'])],
    outputs: [tensorValue('z', F, ['n', 96])],
    initializers: [distinctWeights('w', [64, 96], 7)],
  });
}

/**
 * Two graph outputs that are initializers (a Constant and a weight), beside a planned chain: ORT's
 * execution frame copies each into the arena for the caller before the first step, held for the Run.
 */
export function initializerOutputModel(): Uint8Array {
  return buildModel({
    opset: 17,
    nodes: [
      node('Constant', [], ['anchors'], { name: 'anchors_const', attrs: [attr.tensor('value', tensor('anchors_value', DataType.FLOAT, [16, 4], { values: Array.from({ length: 64 }, (_, i) => i) }))] }),
      node('Relu', ['x'], ['r'], { name: 'relu' }),
      node('Sigmoid', ['r'], ['y'], { name: 'sigmoid' }),
    ],
    initializers: [tensor('scale', DataType.FLOAT, [6], { values: [1, 2, 3, 4, 5, 6] })],
    inputs: [tensorValue('x', DataType.FLOAT, [2, 300])],
    outputs: [tensorValue('y', DataType.FLOAT, [2, 300]), tensorValue('anchors', DataType.FLOAT, [16, 4]), tensorValue('scale', DataType.FLOAT, [6])],
  });
}

/**
 * A QDQ-quantized CNN as ORT's quantize_static writes one (per-tensor scales; u8 activations and
 * weights, or s8 activations with symmetric s8 weights): QuantizeLinear / DequantizeLinear pairs around Conv, Relu, AveragePool, MaxPool, Concat,
 * Sigmoid, Add, GlobalAveragePool and a classifier Gemm. At `extended` ORT fuses the groups into
 * com.microsoft QLinearConv, QLinearAveragePool, QLinearConcat, QLinearSigmoid, QLinearAdd,
 * QLinearGlobalAveragePool and QGemm; at `all` its NHWC transformer makes the convolution channels-last.
 */
export function qdqCnnModel(format: 'u8' | 's8' = 'u8'): Uint8Array {
  const F = DataType.FLOAT;
  const U8 = DataType.UINT8;
  const S8 = DataType.INT8;
  // 's8': what quantize_static writes by default today (s8 activations, symmetric s8 weights).
  const act = format === 's8' ? S8 : U8;
  const zp = format === 's8' ? 0 : 128;
  const nodes: ReturnType<typeof node>[] = [];
  let k = 0;
  const q = (x: string): string => {
    const o = `q${k}`;
    nodes.push(node('QuantizeLinear', [x, 'sc', 'zp'], [o], { name: `quant_${k++}` }));
    return o;
  };
  const dq = (x: string): string => {
    const o = `dq${k}`;
    nodes.push(node('DequantizeLinear', [x, 'sc', 'zp'], [o], { name: `dequant_${k++}` }));
    return o;
  };
  const x = q('x');
  nodes.push(node('DequantizeLinear', ['w', 'wsc', 'wzp'], ['w_f'], { name: 'dequant_w' }));
  nodes.push(node('DequantizeLinear', ['b', 'bsc', 'bzp'], ['b_f'], { name: 'dequant_b' }));
  nodes.push(node('Conv', [dq(x), 'w_f', 'b_f'], ['conv'], { name: 'conv', attrs: [attr.ints('pads', [1, 1, 1, 1])] }));
  nodes.push(node('Relu', [dq(q('conv'))], ['relu'], { name: 'relu' }));
  const r = q('relu');
  nodes.push(node('AveragePool', [dq(r)], ['avg'], { name: 'avg_pool', attrs: [attr.ints('kernel_shape', [2, 2]), attr.ints('strides', [2, 2])] }));
  nodes.push(node('MaxPool', [dq(r)], ['max'], { name: 'max_pool', attrs: [attr.ints('kernel_shape', [2, 2]), attr.ints('strides', [2, 2])] }));
  nodes.push(node('Concat', [dq(q('avg')), dq(q('max'))], ['cat'], { name: 'concat', attrs: [attr.int('axis', 1)] }));
  const cat = q('cat');
  nodes.push(node('Sigmoid', [dq(cat)], ['sig'], { name: 'sigmoid' }));
  nodes.push(node('Add', [dq(q('sig')), dq(cat)], ['sum'], { name: 'add' }));
  nodes.push(node('GlobalAveragePool', [dq(q('sum'))], ['gap'], { name: 'global_pool' }));
  nodes.push(node('Flatten', [dq(q('gap'))], ['flat'], { name: 'flatten' }));
  // The classifier: a Gemm over the 32 pooled channels (QGemm from `extended` on).
  nodes.push(node('DequantizeLinear', ['w_fc', 'wsc', 'wzp'], ['w_fc_f'], { name: 'dequant_w_fc' }));
  nodes.push(node('DequantizeLinear', ['b_fc', 'bsc_fc', 'bzp'], ['b_fc_f'], { name: 'dequant_b_fc' }));
  nodes.push(node('Gemm', [dq(q('flat')), 'w_fc_f', 'b_fc_f'], ['logits'], { name: 'classifier', attrs: [attr.int('transB', 1)] }));
  nodes.push(node('DequantizeLinear', [q('logits'), 'sc', 'zp'], ['y'], { name: 'dequant_out' }));
  const weights = Uint8Array.from({ length: 16 * 3 * 3 * 3 }, (_, j) => (j * 37) % 256);
  return buildModel({
    opset: 17,
    nodes,
    inputs: [tensorValue('x', F, ['N', 3, 16, 16])],
    outputs: [tensorValue('y', F, null)],
    initializers: [
      tensor('sc', F, [], { values: [0.02] }), tensor('zp', act, [], { raw: new Uint8Array([zp]) }),
      tensor('wsc', F, [], { values: [0.01] }), tensor('wzp', act, [], { raw: new Uint8Array([zp]) }),
      tensor('w', act, [16, 3, 3, 3], { raw: weights }),
      tensor('bsc', F, [], { values: [0.0002] }), tensor('bzp', DataType.INT32, [], { raw: new Uint8Array(4) }),
      tensor('b', DataType.INT32, [16], { raw: new Uint8Array(64) }),
      tensor('w_fc', act, [10, 32], { raw: Uint8Array.from({ length: 320 }, (_, j) => (j * 53) % 256) }),
      tensor('bsc_fc', F, [], { values: [0.0002] }), tensor('b_fc', DataType.INT32, [10], { raw: new Uint8Array(40) }),
    ],
  });
}

/**
 * A 4-bit embedding table as ORT GenAI's model builder writes one: com.microsoft
 * GatherBlockQuantized over uint8 data packing two values per byte (block 32, uint8 zero points),
 * the token ids [batch, seq] gathering rows of 32 dequantized floats, then two elementwise ops.
 */
export function quantizedEmbeddingModel(scales: 'float' | 'float16' = 'float'): Uint8Array {
  const F = scales === 'float16' ? DataType.FLOAT16 : DataType.FLOAT;
  const U8 = DataType.UINT8;
  const vocab = 64;
  // fp16 values as raw little-endian halves (0.01 + j/1000 rounded to half precision is close enough here).
  const half = (x: number): number => {
    const f = new Float32Array([x]);
    const u = new Uint32Array(f.buffer)[0]!;
    const e = ((u >>> 23) & 0xff) - 127 + 15;
    return ((u >>> 16) & 0x8000) | (e << 10) | ((u >>> 13) & 0x3ff);
  };
  const scaleTensor = scales === 'float16'
    ? tensor('scales', F, [vocab, 1], { raw: new Uint8Array(new Uint16Array(Array.from({ length: vocab }, (_, j) => half(0.01 + j / 1000))).buffer) })
    : tensor('scales', F, [vocab, 1], { values: Array.from({ length: vocab }, (_, j) => 0.01 + j / 1000) });
  const two = scales === 'float16' ? tensor('two', F, [], { raw: new Uint8Array(new Uint16Array([half(2)]).buffer) }) : tensor('two', F, [], { values: [2] });
  return buildModel({
    opset: 17,
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('GatherBlockQuantized', ['table', 'ids', 'scales', 'zeros'], ['emb'], { name: 'embed', domain: 'com.microsoft', attrs: [attr.int('bits', 4), attr.int('block_size', 32), attr.int('gather_axis', 0), attr.int('quantize_axis', 1)] }),
      node('Mul', ['emb', 'two'], ['scaled'], { name: 'scale' }),
      node('Add', ['scaled', 'emb'], ['y'], { name: 'residual' }),
    ],
    inputs: [tensorValue('ids', DataType.INT64, ['batch', 'seq'])],
    outputs: [tensorValue('y', F, null)],
    initializers: [
      tensor('table', U8, [vocab, 16], { raw: Uint8Array.from({ length: vocab * 16 }, (_, j) => (j * 29) % 256) }),
      scaleTensor,
      tensor('zeros', U8, [vocab, 1], { raw: Uint8Array.from({ length: vocab }, () => 8) }),
      two,
    ],
  });
}

/**
 * Experimental ops ONNX removed that ORT still runs, as old exports (opset 8) have them: ImageScaler
 * (tiny YOLOv2's first node), Crop, Affine, Scale, ParametricSoftplus and ScaledTanh.
 */
export function legacyOpsModel(order: 'crop-first' | 'crop-last' = 'crop-first'): Uint8Array {
  const F = DataType.FLOAT;
  if (order === 'crop-last') {
    // Each op's static shape decides the next one's in-place and freed-buffer reuse (SameSize).
    return buildModel({
      opset: 8,
      nodes: [
        node('Affine', ['x'], ['affine'], { name: 'affine', attrs: [attr.float('alpha', 2), attr.float('beta', 1)] }),
        node('ParametricSoftplus', ['affine'], ['softplus'], { name: 'softplus', attrs: [attr.float('alpha', 2), attr.float('beta', 0.5)] }),
        node('Scale', ['softplus'], ['scale'], { name: 'scale', attrs: [attr.float('scale', 0.25)] }),
        node('ScaledTanh', ['scale'], ['tanh'], { name: 'scaled_tanh', attrs: [attr.float('alpha', 2), attr.float('beta', 0.5)] }),
        node('ImageScaler', ['tanh'], ['scaled'], { name: 'image_scaler', attrs: [attr.float('scale', 0.5), attr.floats('bias', [1, 2, 3])] }),
        node('Relu', ['scaled'], ['relu'], { name: 'relu' }),
        node('Crop', ['relu'], ['y'], { name: 'crop', attrs: [attr.ints('border', [1, 2, 3, 4])] }),
      ],
      inputs: [tensorValue('x', F, ['N', 3, 32, 32])],
      outputs: [tensorValue('y', F, null)],
    });
  }
  return buildModel({
    opset: 8,
    nodes: [
      node('ImageScaler', ['x'], ['scaled'], { name: 'image_scaler', attrs: [attr.float('scale', 0.5), attr.floats('bias', [1, 2, 3])] }),
      node('Crop', ['scaled'], ['cropped'], { name: 'crop', attrs: [attr.ints('border', [1, 2, 3, 4])] }),
      node('Affine', ['cropped'], ['affine'], { name: 'affine', attrs: [attr.float('alpha', 2), attr.float('beta', 1)] }),
      node('Scale', ['affine'], ['scale'], { name: 'scale', attrs: [attr.float('scale', 0.25)] }),
      node('ParametricSoftplus', ['scale'], ['softplus'], { name: 'softplus', attrs: [attr.float('alpha', 2), attr.float('beta', 0.5)] }),
      node('ScaledTanh', ['softplus'], ['y'], { name: 'scaled_tanh', attrs: [attr.float('alpha', 2), attr.float('beta', 0.5)] }),
    ],
    inputs: [tensorValue('x', F, ['N', 3, 32, 32])],
    outputs: [tensorValue('y', F, null)],
  });
}

/** The com.microsoft forms of Range (no delta), Pad (pads as an input) and GatherND that ORT keeps for older models. */
export function contribFormsModel(): Uint8Array {
  const F = DataType.FLOAT;
  return buildModel({
    opset: 10,
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('Pad', ['x', 'pads'], ['padded'], { name: 'pad', domain: 'com.microsoft', attrs: [attr.string('mode', 'reflect')] }),
      node('Relu', ['padded'], ['y1'], { name: 'relu' }),
      node('Range', ['start', 'limit'], ['r'], { name: 'range', domain: 'com.microsoft' }),
      node('Mul', ['r', 'r'], ['y2'], { name: 'square' }),
      node('GatherND', ['table', 'ids'], ['rows'], { name: 'gather_nd', domain: 'com.microsoft' }),
      node('Sigmoid', ['rows'], ['y3'], { name: 'sigmoid' }),
    ],
    inputs: [tensorValue('x', F, ['N', 3, 8, 8]), tensorValue('ids', DataType.INT64, ['K', 2])],
    outputs: [tensorValue('y1', F, null), tensorValue('y2', F, null), tensorValue('y3', F, null)],
    initializers: [
      int64Tensor('pads', [0, 0, 1, 2, 0, 0, 1, 2]),
      tensor('start', F, [], { values: [0] }), tensor('limit', F, [], { values: [40] }),
      distinctWeights('table', [4, 5, 6], 3),
    ],
  });
}

/**
 * A dynamically quantized BERT layer's attention as ORT's quantizer writes it (`quantize_dynamic` on a
 * model with com.microsoft Attention): com.microsoft QAttention over a uint8 input and int8 weights,
 * with a key mask, then the residual Add.
 */
export function qAttentionModel(): Uint8Array {
  const F = DataType.FLOAT;
  const weights = Uint8Array.from({ length: 32 * 96 }, (_, j) => (j * 71) % 256);
  return buildModel({
    opset: 17,
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('QuantizeLinear', ['x', 'sc', 'zp'], ['xq'], { name: 'quantize' }),
      node('QAttention', ['xq', 'w', 'bias', 'sc', 'wsc', 'mask', 'zp', 'wzp'], ['att'], { name: 'attention', domain: 'com.microsoft', attrs: [attr.int('num_heads', 4)] }),
      node('Add', ['att', 'x'], ['y'], { name: 'residual' }),
    ],
    inputs: [tensorValue('x', F, ['batch', 'seq', 32]), tensorValue('mask', DataType.INT32, ['batch'])],
    outputs: [tensorValue('y', F, null)],
    initializers: [
      tensor('sc', F, [], { values: [0.02] }), tensor('zp', DataType.UINT8, [], { raw: new Uint8Array([128]) }),
      tensor('w', DataType.INT8, [32, 96], { raw: weights }), tensor('wsc', F, [], { values: [0.01] }),
      tensor('wzp', DataType.INT8, [], { raw: new Uint8Array([0]) }),
      distinctWeights('bias', [96], 7),
    ],
  });
}

/** A dynamically quantized BERT's embedding layer (`quantize_dynamic`): com.microsoft QEmbedLayerNormalization with uint8 tables, then a residual-style Add. */
export function qEmbedLayerNormModel(): Uint8Array {
  const F = DataType.FLOAT;
  const U8 = DataType.UINT8;
  const table = (name: string, dims: number[], salt: number) => tensor(name, U8, dims, { raw: Uint8Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, j) => (j * salt) % 256) });
  const scalar = (name: string, v: number) => tensor(name, F, [], { values: [v] });
  const zp = (name: string) => tensor(name, U8, [], { raw: new Uint8Array([128]) });
  return buildModel({
    opset: 17,
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('QEmbedLayerNormalization', ['ids', 'seg', 'we', 'pe', 'se', 'g', 'b', '', 'we_s', 'pe_s', 'se_s', 'g_s', 'b_s', 'we_z', 'pe_z', 'se_z', 'g_z', 'b_z'], ['emb', 'mask_index'], { name: 'embed', domain: 'com.microsoft' }),
      node('Add', ['emb', 'emb'], ['y'], { name: 'double' }),
    ],
    inputs: [tensorValue('ids', DataType.INT32, ['batch', 'seq']), tensorValue('seg', DataType.INT32, ['batch', 'seq'])],
    outputs: [tensorValue('y', F, null), tensorValue('mask_index', DataType.INT32, null)],
    initializers: [
      table('we', [50, 32], 13), table('pe', [16, 32], 17), table('se', [2, 32], 19), table('g', [32], 23), table('b', [32], 29),
      scalar('we_s', 0.01), scalar('pe_s', 0.01), scalar('se_s', 0.01), scalar('g_s', 0.01), scalar('b_s', 0.01),
      zp('we_z'), zp('pe_z'), zp('se_z'), zp('g_z'), zp('b_z'),
    ],
  });
}

/**
 * A MatMul as `quantize_dynamic` rewrites it: DynamicQuantizeLinear of the activation, MatMulInteger
 * with int8 weights, Cast to float, the scale product and the bias Add. ORT fuses the group into
 * com.microsoft DynamicQuantizeMatMul or MatMulIntegerToFloat from `extended` on.
 */
export function dynamicQuantizedMatMulModel(): Uint8Array {
  const F = DataType.FLOAT;
  return buildModel({
    opset: 17,
    nodes: [
      node('DynamicQuantizeLinear', ['x'], ['xq', 'xs', 'xz'], { name: 'quantize' }),
      node('MatMulInteger', ['xq', 'w', 'xz', 'wz'], ['acc'], { name: 'matmul_integer' }),
      node('Cast', ['acc'], ['accf'], { name: 'cast', attrs: [attr.int('to', F)] }),
      node('Mul', ['xs', 'ws'], ['scale'], { name: 'scale_product' }),
      node('Mul', ['accf', 'scale'], ['mm'], { name: 'rescale' }),
      node('Add', ['mm', 'bias'], ['y'], { name: 'bias_add' }),
    ],
    inputs: [tensorValue('x', F, ['batch', 'seq', 64])],
    outputs: [tensorValue('y', F, null)],
    initializers: [
      tensor('w', DataType.INT8, [64, 48], { raw: Uint8Array.from({ length: 64 * 48 }, (_, j) => (j * 37) % 256) }),
      tensor('wz', DataType.INT8, [], { raw: new Uint8Array([0]) }),
      tensor('ws', F, [], { values: [0.01] }),
      distinctWeights('bias', [48], 5),
    ],
  });
}

/**
 * Where with X and Y broadcast differently against the condition: ORT's kernel takes the X
 * selection (cond ⊗ X) and then the Y selection (cond ⊗ Y) before the output, so here one is
 * 16 bytes and the other 1 MiB, then the reverse; QLinearWhere follows the same order (where_op.cc,
 * qlinear_where.cc). Sized so that the arena's regions depend on each buffer's own size.
 */
export function whereBroadcastModel(): Uint8Array {
  const F = DataType.FLOAT;
  const U8 = DataType.UINT8;
  const quant = ['scale', 'zp'];
  return buildModel({
    nodes: [
      node('Where', ['c', 's', 'Y'], ['w1'], { name: 'where_small_x' }),
      node('Relu', ['w1'], ['r1'], { name: 'relu_1' }),
      node('Where', ['c', 'r1', 's'], ['w2'], { name: 'where_small_y' }),
      node('Where', ['c', 's', 'Z'], ['w3'], { name: 'where_rows' }),
      node('Add', ['w2', 'w3'], ['out'], { name: 'add' }),
      node('QLinearWhere', ['c', 'qs', ...quant, 'QY', ...quant, ...quant], ['q1'], { name: 'qwhere_small_x', domain: 'com.microsoft' }),
      node('QLinearWhere', ['c', 'q1', ...quant, 'qs', ...quant, ...quant], ['qout'], { name: 'qwhere_small_y', domain: 'com.microsoft' }),
    ],
    inputs: [
      tensorValue('c', DataType.BOOL, [4, 1]), tensorValue('s', F, [1]), tensorValue('Y', F, [4, 65536]), tensorValue('Z', F, [1, 65536]),
      tensorValue('qs', U8, [1]), tensorValue('QY', U8, [4, 262144]),
    ],
    outputs: [tensorValue('out', F, [4, 65536]), tensorValue('qout', U8, [4, 262144])],
    initializers: [tensor('scale', F, [], { values: [0.05] }), tensor('zp', U8, [], { values: [128] })],
    opset: 17,
    opsets: { 'com.microsoft': 1 },
  });
}

/**
 * Ops ORT 1.30 runs as their ONNX function bodies (no CPU kernel of their own): Mish and
 * GroupNormalization (opset 18), CastLike, Bernoulli; then window functions, a random generator
 * and Det, which have kernels of their own that take no scratch.
 */
export function functionOpsModel(): Uint8Array {
  const F = DataType.FLOAT;
  return buildModel({
    opset: 18,
    nodes: [
      node('Mish', ['x'], ['m'], { name: 'mish' }),
      node('GroupNormalization', ['m', 'gs', 'gb'], ['g'], { name: 'group_norm', attrs: [attr.int('num_groups', 2)] }),
      node('CastLike', ['g', 'like'], ['c'], { name: 'cast_like' }),
      node('Bernoulli', ['p'], ['b'], { name: 'bernoulli' }),
      node('HannWindow', ['wlen'], ['w'], { name: 'hann' }),
      node('RandomNormalLike', ['p'], ['r'], { name: 'random_like' }),
      node('Det', ['sq'], ['d'], { name: 'det' }),
    ],
    inputs: [tensorValue('x', F, ['N', 4, 8, 8]), tensorValue('like', DataType.FLOAT16, [1]), tensorValue('p', F, [4, 16]), tensorValue('sq', F, ['N', 4, 4])],
    outputs: [tensorValue('c', DataType.FLOAT16, null), tensorValue('b', F, null), tensorValue('w', F, null), tensorValue('r', F, null), tensorValue('d', F, null)],
    initializers: [tensor('gs', F, [2], { values: [1, 1] }), tensor('gb', F, [2], { values: [0, 0] }), int64Tensor('wlen', [64], [])],
  });
}

/**
 * DeformConv (opset 19) large enough for its scratch to shape the arena: after Y, a 576 KiB column
 * buffer and a 288 KiB sampling plan; a second one with two offset groups and a mask follows.
 */
export function deformConvModel(): Uint8Array {
  const F = DataType.FLOAT;
  return buildModel({
    opset: 19,
    nodes: [
      node('DeformConv', ['x', 'w', 'off'], ['y'], { name: 'deform', attrs: [attr.ints('pads', [1, 1, 1, 1])] }),
      node('Relu', ['y'], ['r'], { name: 'relu' }),
      node('DeformConv', ['r', 'w2', 'off2', '', 'mask'], ['out'], { name: 'deform_masked', attrs: [attr.int('offset_group', 2), attr.ints('pads', [1, 1, 1, 1])] }),
    ],
    inputs: [tensorValue('x', F, [1, 16, 32, 32]), tensorValue('off', F, [1, 18, 32, 32]), tensorValue('off2', F, [1, 36, 32, 32]), tensorValue('mask', F, [1, 18, 32, 32])],
    outputs: [tensorValue('out', F, [1, 8, 32, 32])],
    initializers: [tensor('w', F, [16, 16, 3, 3]), tensor('w2', F, [8, 16, 3, 3])],
  });
}

/**
 * An audio front end and a sampler: STFT over two 1 s, 16 kHz signals framed at 400 samples (DFT's
 * Bluestein buffers per frame, 3.2 MB, after the output), then the magnitude, and Multinomial over a
 * wide class axis (one double per class, after its output).
 */
export function signalOpsModel(): Uint8Array {
  const F = DataType.FLOAT;
  return buildModel({
    opset: 17,
    nodes: [
      node('HannWindow', ['wlen'], ['win'], { name: 'hann' }),
      node('STFT', ['audio', 'step', 'win', 'wlen'], ['spec'], { name: 'stft' }),
      node('Mul', ['spec', 'spec'], ['power'], { name: 'power' }),
      node('ReduceSum', ['power', 'last'], ['mag'], { name: 'magnitude', attrs: [attr.int('keepdims', 0)] }),
      node('Multinomial', ['logits'], ['ids'], { name: 'sample', attrs: [attr.int('sample_size', 4)] }),
    ],
    inputs: [tensorValue('audio', F, [2, 16000, 1]), tensorValue('logits', F, [2, 50000])],
    outputs: [tensorValue('mag', F, [2, 98, 201]), tensorValue('ids', DataType.INT32, [2, 4])],
    initializers: [int64Tensor('step', [160], []), int64Tensor('wlen', [400], []), int64Tensor('last', [-1])],
  });
}

/**
 * Resize in linear modes (bilinear, trilinear, antialiased) and GRUs (bidirectional with Y and Y_h;
 * forward without Y_h, whose state ORT keeps in a buffer of its own): their scratch comes after
 * their outputs (antialiased Resize in at most 3 buffers; the GRUs as gruBuffers orders them).
 */
export function resizeGruModel(): Uint8Array {
  const F = DataType.FLOAT;
  const H = 64;
  return buildModel({
    opset: 18,
    nodes: [
      node('Resize', ['img', '', 'up2'], ['big'], { name: 'bilinear', attrs: [attr.string('mode', 'linear')] }),
      node('Resize', ['big', '', 'down2'], ['small'], { name: 'antialiased', attrs: [attr.string('mode', 'linear'), attr.int('antialias', 1)] }),
      node('Resize', ['vol', '', 'up3'], ['vol2'], { name: 'trilinear', attrs: [attr.string('mode', 'linear')] }),
      node('GRU', ['seq', 'W', 'R', 'B'], ['Y', 'Y_h'], { name: 'gru_bi', attrs: [attr.int('hidden_size', H), attr.string('direction', 'bidirectional')] }),
      node('GRU', ['seq', 'W1', 'R1', 'B1'], ['Y1'], { name: 'gru_fwd', attrs: [attr.int('hidden_size', H), attr.int('linear_before_reset', 1)] }),
    ],
    inputs: [tensorValue('img', F, [1, 8, 64, 64]), tensorValue('vol', F, [1, 2, 8, 16, 16]), tensorValue('seq', F, [50, 4, 32])],
    outputs: [tensorValue('small', F, [1, 8, 64, 64]), tensorValue('vol2', F, [1, 2, 16, 32, 32]), tensorValue('Y', F, [50, 2, 4, H]), tensorValue('Y_h', F, [2, 4, H]), tensorValue('Y1', F, [50, 1, 4, H])],
    initializers: [
      tensor('up2', F, [4], { values: [1, 1, 2, 2] }), tensor('down2', F, [4], { values: [1, 1, 0.5, 0.5] }), tensor('up3', F, [5], { values: [1, 1, 2, 2, 2] }),
      tensor('W', F, [2, 3 * H, 32]), tensor('R', F, [2, 3 * H, H]), tensor('B', F, [2, 6 * H]),
      tensor('W1', F, [1, 3 * H, 32]), tensor('R1', F, [1, 3 * H, H]), tensor('B1', F, [1, 6 * H]),
    ],
  });
}

/**
 * A quantized MatMul (QLinearMatMul: its int32 product after Y) and ORT's fused BiasGelu (one
 * intermediate of the output's size after Y), sized so that their scratch shapes the arena.
 */
export function quantMatMulBiasGeluModel(): Uint8Array {
  const F = DataType.FLOAT;
  const U8 = DataType.UINT8;
  return buildModel({
    opset: 17,
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('QLinearMatMul', ['a', 'as', 'az', 'b', 'bs', 'bz', 'ys', 'yz'], ['q'], { name: 'qmatmul' }),
      node('DequantizeLinear', ['q', 'ys', 'yz'], ['dq'], { name: 'dequant' }),
      node('BiasGelu', ['dq', 'bias'], ['g'], { name: 'bias_gelu', domain: 'com.microsoft' }),
    ],
    inputs: [tensorValue('a', U8, [256, 512])],
    outputs: [tensorValue('g', F, [256, 768])],
    initializers: [
      tensor('as', F, [], { values: [0.02] }), tensor('az', U8, [], { values: [128] }),
      tensor('b', U8, [512, 768]), tensor('bs', F, [], { values: [0.01] }), tensor('bz', U8, [], { values: [128] }),
      tensor('ys', F, [], { values: [0.05] }), tensor('yz', U8, [], { values: [128] }),
      tensor('bias', F, [768]),
    ],
  });
}

/** Variadic Sum/Max/Mean with 3 to 5 inputs: their broadcast intermediates in a chain before Y, each freed once the next is taken. */
export function variadicOpsModel(): Uint8Array {
  const F = DataType.FLOAT;
  const big = (n: string) => tensorValue(n, F, [64, 4096]);
  return buildModel({
    opset: 13,
    nodes: [
      node('Sum', ['a', 'b', 'c'], ['s3'], { name: 'sum3' }),
      node('Max', ['s3', 'a', 'b', 'row'], ['m4'], { name: 'max4' }),
      node('Mean', ['m4', 'a', 'b', 'c', 's3'], ['m5'], { name: 'mean5' }),
      node('Relu', ['m5'], ['h'], { name: 'relu' }),
    ],
    inputs: [big('a'), big('b'), big('c'), tensorValue('row', F, [1, 4096])],
    outputs: [tensorValue('h', F, [64, 4096])],
  });
}

/**
 * A Loop with two scan outputs beside its carried value, `trips` iterations: ORT keeps each
 * iteration's scan outputs until the Loop ends, then concatenates each into an output of
 * [trips, ...] after copying the carried value out (LoopImpl::Execute).
 */
export function loopScanOutputsModel(trips: number): Uint8Array {
  const F = DataType.FLOAT;
  const big = (n: string) => tensorValue(n, F, [256, 1024]);
  const body = graph({
    name: 'loop_body',
    nodes: [
      node('Mul', ['acc_in', 'X'], ['lt'], { name: 'l_mul' }),
      node('Add', ['lt', 'X'], ['acc_out'], { name: 'l_add' }),
      node('Relu', ['lt'], ['rows_out'], { name: 'l_relu' }),
      node('ReduceMean', ['acc_out'], ['means_out'], { name: 'l_mean', attrs: [attr.ints('axes', [1]), attr.int('keepdims', 0)] }),
      node('Identity', ['cond_in'], ['cond_out'], { name: 'l_cond' }),
    ],
    inputs: [tensorValue('iter', DataType.INT64, []), tensorValue('cond_in', DataType.BOOL, []), big('acc_in')],
    outputs: [tensorValue('cond_out', DataType.BOOL, []), big('acc_out'), big('rows_out'), tensorValue('means_out', F, [256])],
    valueInfo: [big('lt')],
  });
  return buildModel({
    opset: 16,
    nodes: [
      node('Sigmoid', ['X'], ['start'], { name: 'start' }),
      node('Loop', ['trip', 'keep', 'start'], ['acc', 'rows', 'means'], { name: 'loop', attrs: [attr.graph('body', body)] }),
      node('Tanh', ['rows'], ['Y'], { name: 'tanh' }),
      node('Add', ['acc', 'X'], ['Z'], { name: 'add' }),
      node('Neg', ['means'], ['M'], { name: 'neg' }),
    ],
    inputs: [big('X')],
    outputs: [tensorValue('Y', F, [trips, 256, 1024]), big('Z'), tensorValue('M', F, [trips, 256])],
    initializers: [int64Tensor('trip', [trips], []), tensor('keep', DataType.BOOL, [], { values: [1] })],
  });
}

/**
 * One decoding step of a self-attention layer with com.microsoft DecoderMaskedMultiHeadAttention
 * over a shared past/present buffer of 32 steps (4 heads of 16): Q, K and V from one token's
 * projections, then the output projection, and a cross-attention step over 300 encoder frames.
 * past_len is fed, and fixed for the report with --value.
 */
export function decoderMaskedAttentionModel(): Uint8Array {
  const F = DataType.FLOAT;
  const kv = (n: string) => tensorValue(n, F, ['batch', 4, 32, 16]);
  return buildModel({
    opset: 17,
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('MatMul', ['x', 'wq'], ['q'], { name: 'proj_q' }),
      node('MatMul', ['x', 'wk'], ['k'], { name: 'proj_k' }),
      node('MatMul', ['x', 'wv'], ['v'], { name: 'proj_v' }),
      node('DecoderMaskedMultiHeadAttention', ['q', 'k', 'v', '', '', 'past_key', 'past_value', 'past_len'], ['attn', 'present_key', 'present_value'], { name: 'dmmha', domain: 'com.microsoft', attrs: [attr.int('num_heads', 4), attr.int('past_present_share_buffer', 1)] }),
      node('MatMul', ['attn', 'wo'], ['y'], { name: 'proj_o' }),
      // Cross-attention over 300 encoder frames, key and value already [batch, heads, frames, head].
      node('MatMul', ['y', 'wq2'], ['q2'], { name: 'proj_q2' }),
      node('DecoderMaskedMultiHeadAttention', ['q2', 'enc_key', 'enc_value'], ['cross'], { name: 'dmmha_cross', domain: 'com.microsoft', attrs: [attr.int('num_heads', 4)] }),
      node('MatMul', ['cross', 'wo2'], ['y2'], { name: 'proj_o2' }),
    ],
    inputs: [tensorValue('x', F, ['batch', 1, 64]), kv('past_key'), kv('past_value'), tensorValue('past_len', DataType.INT32, [1]), tensorValue('enc_key', F, ['batch', 4, 300, 16]), tensorValue('enc_value', F, ['batch', 4, 300, 16])],
    outputs: [tensorValue('y2', F, ['batch', 1, 64]), kv('present_key'), kv('present_value')],
    initializers: [distinctWeights('wq', [64, 64], 1), distinctWeights('wk', [64, 64], 2), distinctWeights('wv', [64, 64], 3), distinctWeights('wo', [64, 64], 4), distinctWeights('wq2', [64, 64], 5), distinctWeights('wo2', [64, 64], 6)],
  });
}

/**
 * The com.microsoft ops ORT's `pytorch_export_contrib_ops` exports torch functions to: GridSample,
 * Trilu (which may write into its input, as ONNX Trilu) and CDist, between ONNX ops.
 */
export function torchContribExportsModel(): Uint8Array {
  const F = DataType.FLOAT;
  return buildModel({
    opset: 13,
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('Relu', ['x'], ['r'], { name: 'relu' }),
      node('GridSample', ['r', 'grid'], ['gs'], { name: 'grid_sample', domain: 'com.microsoft', attrs: [attr.int('align_corners', 1)] }),
      node('Trilu', ['gs'], ['tr'], { name: 'triu', domain: 'com.microsoft', attrs: [attr.int('upper', 1)] }),
      node('Neg', ['tr'], ['y'], { name: 'neg' }),
      node('CDist', ['a', 'b'], ['d'], { name: 'cdist', domain: 'com.microsoft', attrs: [attr.string('metric', 'euclidean')] }),
      node('Sigmoid', ['d'], ['z'], { name: 'sigmoid' }),
    ],
    inputs: [tensorValue('x', F, [2, 16, 32, 32]), tensorValue('grid', F, [2, 24, 24, 2]), tensorValue('a', F, [700, 16]), tensorValue('b', F, [900, 16])],
    outputs: [tensorValue('y', F, [2, 16, 24, 24]), tensorValue('z', F, [700, 900])],
  });
}

/**
 * Einsum in the forms ORT's CPU kernel handles, between other ops, with intermediates of hundreds
 * of KiB so that their order against the output moves it: one operand (a transpose copy after Y,
 * a reduction before it, a diagonal off the inner dims with its transposes), two (an attention
 * product with a transposed right side, an outer product, a broadcast batch, an ellipsis) and three
 * (pairwise, the first product held while the second is taken).
 */
export function einsumOpsModel(): Uint8Array {
  const F = DataType.FLOAT;
  const eq = (equation: string) => [attr.string('equation', equation)];
  return buildModel({
    opset: 13,
    nodes: [
      node('Einsum', ['q'], ['qt'], { name: 'transpose', attrs: eq('bhij->bhji') }),
      node('Relu', ['qt'], ['qr'], { name: 'relu1' }),
      node('Einsum', ['q', 'k'], ['s'], { name: 'attention', attrs: eq('bhqd,bhkd->bhqk') }),
      node('Einsum', ['s'], ['sr'], { name: 'reduce', attrs: eq('bhqk->bk') }),
      node('Einsum', ['pos', 'freq'], ['rot'], { name: 'outer', attrs: eq('i,j->ij') }),
      node('Relu', ['rot'], ['rotr'], { name: 'relu2' }),
      node('Einsum', ['sq'], ['diag'], { name: 'diagonal', attrs: eq('iib->bi') }),
      node('Einsum', ['q', 'w'], ['qw'], { name: 'broadcast', attrs: eq('...ij,jk->...ik') }),
      node('Einsum', ['qw', 'w2', 'w3'], ['chain'], { name: 'three', attrs: eq('bhik,kl,lm->bhmi') }),
      node('Add', ['chain', 'chain'], ['out'], { name: 'add' }),
    ],
    inputs: [
      tensorValue('q', F, [2, 8, 64, 128]),
      tensorValue('k', F, [2, 8, 96, 128]),
      tensorValue('pos', F, [512]),
      tensorValue('freq', F, [384]),
      tensorValue('sq', F, [96, 96, 16]),
      tensorValue('w', F, [128, 64]),
      tensorValue('w2', F, [64, 48]),
      tensorValue('w3', F, [48, 80]),
    ],
    outputs: [tensorValue('qr', F, null), tensorValue('sr', F, null), tensorValue('rotr', F, null), tensorValue('diag', F, null), tensorValue('out', F, null)],
  });
}


/**
 * quantize_dynamic's CNN form: DynamicQuantizeLinear, then ConvInteger (Y, then its u8 im2col
 * buffer), Cast and the rescale Mul, twice (3x3 padded, then 3x3 stride 2), and a pointwise
 * ConvInteger that takes no buffer; sized so that each im2col buffer shapes the arena.
 */
export function convIntegerModel(): Uint8Array {
  const F = DataType.FLOAT;
  const U8 = DataType.UINT8;
  const u8 = (name: string, dims: number[], salt: number) => tensor(name, U8, dims, { raw: Uint8Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, j) => (j * salt + 11) % 256) });
  const layer = (i: number, x: string, w: string, attrs: ReturnType<typeof attr.ints>[]) => [
    node('DynamicQuantizeLinear', [x], [`q${i}`, `s${i}`, `z${i}`], { name: `quantize_${i}` }),
    node('ConvInteger', [`q${i}`, w, `z${i}`, 'wz'], [`acc${i}`], { name: `conv_integer_${i}`, attrs }),
    node('Cast', [`acc${i}`], [`accf${i}`], { name: `cast_${i}`, attrs: [attr.int('to', F)] }),
    node('Mul', [`s${i}`, 'ws'], [`scale${i}`], { name: `scale_product_${i}` }),
    node('Mul', [`accf${i}`, `scale${i}`], [`y${i}`], { name: `rescale_${i}` }),
  ];
  return buildModel({
    opset: 17,
    nodes: [
      ...layer(1, 'x', 'w1', [attr.ints('pads', [1, 1, 1, 1])]),
      node('Relu', ['y1'], ['r1'], { name: 'relu_1' }),
      ...layer(2, 'r1', 'w2', [attr.ints('strides', [2, 2])]),
      ...layer(3, 'y2', 'w3', []),
      node('Relu', ['y3'], ['out'], { name: 'relu_3' }),
    ],
    inputs: [tensorValue('x', F, [1, 16, 64, 64])],
    outputs: [tensorValue('out', F, [1, 64, 31, 31])],
    initializers: [u8('w1', [32, 16, 3, 3], 37), u8('w2', [48, 32, 3, 3], 53), u8('w3', [64, 48, 1, 1], 71), tensor('wz', U8, [], { raw: new Uint8Array([128]) }), tensor('ws', F, [], { values: [0.01] })],
  });
}

/**
 * quantize_dynamic's LSTM form: com.microsoft DynamicQuantizeLSTM, bidirectional with Y and Y_h
 * (s8 weights), then forward with Y only (u8 weights: the kernel stands in for Y_h and Y_c), between
 * other ops; its scratch, the float LSTM's buffers and two quantization buffers per direction, comes
 * after its outputs. W and R are packed at init (QGEMM packs of 4H columns per direction).
 */
export function dynamicQuantizeLstmModel(): Uint8Array {
  const F = DataType.FLOAT;
  const weights = (name: string, type: number, dims: number[], salt: number) => tensor(name, type, dims, { raw: Uint8Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, j) => (type === DataType.INT8 ? (j * salt) % 64 : (j * salt + 7) % 256)) });
  const quant = (d: number, type: number, zp: number) => [tensor(`ws_${d}_${type}`, F, [d], { values: new Array<number>(d).fill(0.01) }), tensor(`wz_${d}_${type}`, type, [d], { raw: new Uint8Array(d).fill(zp) })];
  const S8 = DataType.INT8;
  const U8 = DataType.UINT8;
  const q1 = [`ws_2_${S8}`, `wz_2_${S8}`, `ws_2_${S8}`, `wz_2_${S8}`];
  const q2 = [`ws_1_${U8}`, `wz_1_${U8}`, `ws_1_${U8}`, `wz_1_${U8}`];
  const q3 = [`ws_1_${S8}`, `wz_1_${S8}`, `ws_1_${S8}`, `wz_1_${S8}`];
  return buildModel({
    opset: 17,
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('DynamicQuantizeLSTM', ['xl', 'W3', 'R3', 'B3', '', '', '', '', ...q3], ['Y3'], { name: 'dq_lstm_long', domain: 'com.microsoft', attrs: [attr.int('hidden_size', 40)] }),
      node('Relu', ['Y3'], ['out3'], { name: 'relu_long' }),
      node('Relu', ['x'], ['xr'], { name: 'relu_in' }),
      node('DynamicQuantizeLSTM', ['xr', 'W1', 'R1', 'B1', '', '', '', '', ...q1], ['Y1', 'Y1_h'], { name: 'dq_lstm_bi', domain: 'com.microsoft', attrs: [attr.int('hidden_size', 32), attr.string('direction', 'bidirectional')] }),
      node('Transpose', ['Y1'], ['Y1t'], { name: 'transpose', attrs: [attr.ints('perm', [0, 2, 1, 3])] }),
      node('Reshape', ['Y1t', 'seq_shape'], ['x2'], { name: 'reshape' }),
      node('DynamicQuantizeLSTM', ['x2', 'W2', 'R2', 'B2', '', '', '', '', ...q2], ['Y2'], { name: 'dq_lstm_fwd', domain: 'com.microsoft', attrs: [attr.int('hidden_size', 24)] }),
      node('Relu', ['Y2'], ['out'], { name: 'relu_out' }),
    ],
    inputs: [tensorValue('x', F, [40, 8, 48]), tensorValue('xl', F, [1024, 4, 300])],
    outputs: [tensorValue('out', F, [40, 1, 8, 24]), tensorValue('Y1_h', F, [2, 8, 32]), tensorValue('out3', F, [1024, 1, 4, 40])],
    initializers: [
      weights('W1', S8, [2, 48, 128], 37), weights('R1', S8, [2, 32, 128], 53), distinctWeights('B1', [2, 256], 3),
      weights('W2', U8, [1, 64, 96], 71), weights('R2', U8, [1, 24, 96], 29), distinctWeights('B2', [1, 192], 5),
      weights('W3', S8, [1, 300, 160], 41), weights('R3', S8, [1, 40, 160], 43), distinctWeights('B3', [1, 320], 7),
      int64Tensor('seq_shape', [40, 8, 64]),
      ...quant(2, S8, 0), ...quant(1, U8, 128), ...quant(1, S8, 0),
    ],
  });
}

/**
 * RNNs: bidirectional without Y (X·Wᵀ of S·B·H floats, then a stand-in for Y of S·2·B·H: 2.5 and
 * 5 MiB, so the arena grows by request size), then forward with Y (the product alone), between other ops.
 */
export function rnnOpsModel(): Uint8Array {
  const F = DataType.FLOAT;
  const H = 160;
  return buildModel({
    opset: 17,
    nodes: [
      node('Relu', ['x'], ['xr'], { name: 'relu_in' }),
      node('RNN', ['xr', 'W', 'R', 'B'], ['', 'Y_h'], { name: 'rnn_bi', attrs: [attr.int('hidden_size', H), attr.string('direction', 'bidirectional')] }),
      node('RNN', ['xr', 'W1', 'R1'], ['Y1'], { name: 'rnn_fwd', attrs: [attr.int('hidden_size', 32)] }),
      node('Relu', ['Y1'], ['out'], { name: 'relu_out' }),
    ],
    inputs: [tensorValue('x', F, [1024, 4, 16])],
    outputs: [tensorValue('Y_h', F, [2, 4, H]), tensorValue('out', F, [1024, 1, 4, 32])],
    initializers: [
      distinctWeights('W', [2, H, 16], 3), distinctWeights('R', [2, H, H], 5), distinctWeights('B', [2, 2 * H], 7),
      distinctWeights('W1', [1, 32, 16], 11), distinctWeights('R1', [1, 32, 32], 2),
    ],
  });
}

/**
 * Hardmax on axis 1 at opset 13 (Y, then the transposed input and result) and MeanVarianceNormalization
 * over N, H, W and over N, C, W (Y, then its transposed input and result), between other ops, on
 * tensors of 675 KiB so that the buffers' place shapes the arena. The MVN outputs are graph outputs:
 * no later value depends on their inferred shape (see docs/ort-arena.md on MVN's shape).
 */
export function mvnHardmaxModel(): Uint8Array {
  const F = DataType.FLOAT;
  const img = (n: string) => tensorValue(n, F, [1, 48, 60, 60]);
  return buildModel({
    opset: 13,
    nodes: [
      node('Relu', ['x'], ['xr'], { name: 'relu_in' }),
      node('Hardmax', ['xr'], ['hm'], { name: 'hardmax_channels', attrs: [attr.int('axis', 1)] }),
      node('Add', ['hm', 'xr'], ['sum'], { name: 'add' }),
      node('MeanVarianceNormalization', ['sum'], ['mvn'], { name: 'mvn' }),
      node('Hardmax', ['sum'], ['hm2'], { name: 'hardmax_rows', attrs: [attr.int('axis', 2)] }),
      node('MeanVarianceNormalization', ['hm2'], ['mvn2'], { name: 'mvn_hw', attrs: [attr.ints('axes', [0, 1, 3])] }),
    ],
    inputs: [img('x')],
    outputs: [img('mvn'), img('mvn2')],
  });
}

/**
 * MeanVarianceNormalization, then a chain of element-wise ops: ORT's own inference gives MVN's
 * output no shape, so none of the ops after it writes in place (their outputs have no shape either).
 */
export function mvnChainModel(opset: number): Uint8Array {
  const F = DataType.FLOAT;
  return buildModel({
    opset,
    nodes: [
      node('MeanVarianceNormalization', ['x'], ['a'], { name: 'mvn' }),
      node('Relu', ['a'], ['b'], { name: 'relu' }),
      node('Tanh', ['b'], ['c'], { name: 'tanh' }),
      node('Sigmoid', ['c'], ['d'], { name: 'sigmoid' }),
      node('Neg', ['d'], ['e'], { name: 'neg' }),
    ],
    inputs: [tensorValue('x', F, [1, 8, 32, 32])],
    outputs: [tensorValue('e', F, [1, 8, 32, 32])],
  });
}

/** An int32 tensor of `values` (sequence_lens). */
function int32Tensor(name: string, values: number[]) {
  return tensor(name, DataType.INT32, [values.length], { raw: new Uint8Array(Int32Array.from(values).buffer) });
}

/**
 * Float LSTMs between other ops: bidirectional with Y and Y_h and a bias (a stand-in for Y_c), reverse
 * with Y only (stand-ins for Y_h and Y_c), forward with all three outputs and constant sequence_lens
 * (no lengths buffer). ORT runs the last of these nodes first; `first` picks whether that is the
 * reverse LSTM (a 6 MiB gate buffer, then 1 and 1.5 MiB reversed copies) or the bidirectional one,
 * whose scratch then makes the arena grow in steps that depend on the buffers' order.
 */
export function lstmOpsModel(first: 'reverse' | 'bidirectional'): Uint8Array {
  const F = DataType.FLOAT;
  const H = 64;
  const bi = [
    node('LSTM', ['xr', 'W', 'R', 'B'], ['Y', 'Y_h'], { name: 'lstm_bi', attrs: [attr.int('hidden_size', H), attr.string('direction', 'bidirectional')] }),
    node('Relu', ['Y'], ['Yr'], { name: 'relu_bi' }),
  ];
  const rev = [
    node('LSTM', ['xr', 'W1', 'R1'], ['Y1'], { name: 'lstm_rev', attrs: [attr.int('hidden_size', 96), attr.string('direction', 'reverse')] }),
    node('Relu', ['Y1'], ['out1'], { name: 'relu_rev' }),
  ];
  const fwd = [
    node('LSTM', ['xr', 'W2', 'R2', 'B2', 'lens'], ['Y2', 'Y2_h', 'Y2_c'], { name: 'lstm_fwd', attrs: [attr.int('hidden_size', 40)] }),
    node('Relu', ['Y2'], ['out2'], { name: 'relu_fwd' }),
  ];
  return buildModel({
    opset: 14,
    nodes: [node('Relu', ['x'], ['xr'], { name: 'relu_in' }), ...(first === 'reverse' ? [...bi, ...fwd, ...rev] : [...rev, ...fwd, ...bi])],
    inputs: [tensorValue('x', F, [1024, 4, 64])],
    outputs: [tensorValue('Yr', F, [1024, 2, 4, H]), tensorValue('Y_h', F, [2, 4, H]), tensorValue('out1', F, [1024, 1, 4, 96]), tensorValue('out2', F, [1024, 1, 4, 40]), tensorValue('Y2_h', F, [1, 4, 40]), tensorValue('Y2_c', F, [1, 4, 40])],
    initializers: [
      distinctWeights('W', [2, 4 * H, 64], 3), distinctWeights('R', [2, 4 * H, H], 5), distinctWeights('B', [2, 8 * H], 7),
      distinctWeights('W1', [1, 384, 64], 11), distinctWeights('R1', [1, 384, 96], 13),
      distinctWeights('W2', [1, 160, 64], 17), distinctWeights('R2', [1, 160, 40], 19), distinctWeights('B2', [1, 320], 23),
      int32Tensor('lens', [1024, 1000, 600, 1024]),
    ],
  });
}

/**
 * Float GRUs between other ops: bidirectional with Y and Y_h and a bias, reverse with Y only and
 * linear_before_reset (a stand-in for Y_h; the Wh and Rh bias rows and the linear output), forward
 * with Y_h only, linear_before_reset, no bias and constant sequence_lens. The gate buffers
 * (1.5 MiB per direction in the first) make the arena grow.
 */
export function gruOpsModel(): Uint8Array {
  const F = DataType.FLOAT;
  const H = 64;
  return buildModel({
    opset: 14,
    nodes: [
      node('Relu', ['x'], ['xr'], { name: 'relu_in' }),
      node('GRU', ['xr', 'W', 'R', 'B'], ['Y', 'Y_h'], { name: 'gru_bi', attrs: [attr.int('hidden_size', H), attr.string('direction', 'bidirectional')] }),
      node('Relu', ['Y'], ['Yr'], { name: 'relu_bi' }),
      node('GRU', ['xr', 'W1', 'R1', 'B1'], ['Y1'], { name: 'gru_rev', attrs: [attr.int('hidden_size', 48), attr.string('direction', 'reverse'), attr.int('linear_before_reset', 1)] }),
      node('Relu', ['Y1'], ['out1'], { name: 'relu_rev' }),
      node('GRU', ['xr', 'W2', 'R2', '', 'lens'], ['', 'Y2_h'], { name: 'gru_fwd', attrs: [attr.int('hidden_size', 40), attr.int('linear_before_reset', 1)] }),
      node('Relu', ['Y2_h'], ['out2'], { name: 'relu_fwd' }),
    ],
    inputs: [tensorValue('x', F, [512, 4, 64])],
    outputs: [tensorValue('Yr', F, [512, 2, 4, H]), tensorValue('Y_h', F, [2, 4, H]), tensorValue('out1', F, [512, 1, 4, 48]), tensorValue('out2', F, [1, 4, 40])],
    initializers: [
      distinctWeights('W', [2, 3 * H, 64], 3), distinctWeights('R', [2, 3 * H, H], 5), distinctWeights('B', [2, 6 * H], 7),
      distinctWeights('W1', [1, 144, 64], 11), distinctWeights('R1', [1, 144, 48], 13), distinctWeights('B1', [1, 288], 29),
      distinctWeights('W2', [1, 120, 64], 17), distinctWeights('R2', [1, 120, 40], 19),
      int32Tensor('lens', [512, 500, 300, 512]),
    ],
  });
}

/**
 * Older com.microsoft CPU ops between ONNX ops, each followed by an element-wise op that writes in
 * place only where ORT's static inference knows the shape: CropAndResize, MaxpoolWithMask,
 * UnfoldTensor, NGramRepeatBlock, WordConvEmbedding (five scratch buffers after Y), DynamicTimeWarping
 * (a path whose length only the run gives) and MatMulInteger16.
 */
export function olderContribOpsModel(): Uint8Array {
  const F = DataType.FLOAT;
  const I32 = DataType.INT32;
  const ms = { domain: 'com.microsoft' };
  return buildModel({
    opset: 17,
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('Relu', ['x'], ['xr'], { name: 'relu_x' }),
      node('CropAndResize', ['xr', 'rois', 'batch_indices', 'crop_size'], ['crop'], { name: 'crop_and_resize', ...ms, attrs: [attr.string('mode', 'bilinear')] }),
      node('Relu', ['crop'], ['crop_r'], { name: 'relu_crop' }),
      node('MaxpoolWithMask', ['xr', 'mask'], ['pool'], { name: 'maxpool_with_mask', ...ms, attrs: [attr.ints('kernel_shape', [3, 3]), attr.ints('strides', [2, 2]), attr.ints('pads', [1, 1, 1, 1])] }),
      node('Neg', ['pool'], ['pool_n'], { name: 'neg_pool' }),
      node('UnfoldTensor', ['frames'], ['windows'], { name: 'unfold', ...ms, attrs: [attr.int('dim', 1), attr.int('size', 16), attr.int('step', 8)] }),
      node('Relu', ['windows'], ['windows_r'], { name: 'relu_windows' }),
      node('NGramRepeatBlock', ['ids', 'scores'], ['blocked'], { name: 'ngram_block', ...ms, attrs: [attr.int('ngram_size', 2)] }),
      node('Relu', ['blocked'], ['blocked_r'], { name: 'relu_blocked' }),
      node('WordConvEmbedding', ['chars', 'conv_w', 'conv_b', 'char_emb'], ['words'], { name: 'word_conv', ...ms, attrs: [attr.int('embedding_size', 128), attr.int('conv_window_size', 3), attr.int('char_embedding_size', 32)] }),
      node('Relu', ['words'], ['words_r'], { name: 'relu_words' }),
      node('DynamicTimeWarping', ['cost'], ['path'], { name: 'dtw', ...ms }),
      node('Neg', ['path'], ['path_n'], { name: 'neg_path' }),
      node('MatMulInteger16', ['a16', 'b16'], ['prod'], { name: 'matmul_int16', ...ms }),
      node('Neg', ['prod'], ['prod_n'], { name: 'neg_prod' }),
    ],
    inputs: [
      tensorValue('x', F, [2, 16, 64, 64]), tensorValue('rois', F, [5, 4]), tensorValue('batch_indices', I32, [5]), tensorValue('mask', I32, [2, 16, 64, 64]),
      tensorValue('frames', F, [8, 200, 64]), tensorValue('ids', DataType.INT64, [4, 6]), tensorValue('scores', F, [4, 5000]), tensorValue('chars', I32, [64, 20]), tensorValue('cost', F, [60, 80]),
    ],
    outputs: [
      tensorValue('crop_r', F, null), tensorValue('pool_n', F, null), tensorValue('windows_r', F, null), tensorValue('blocked_r', F, null), tensorValue('words_r', F, null),
      tensorValue('path_n', I32, null), tensorValue('prod_n', I32, null),
    ],
    initializers: [
      tensor('crop_size', I32, [2], { values: [24, 24] }), distinctWeights('conv_w', [128, 1, 3, 32], 7), distinctWeights('conv_b', [128], 8), distinctWeights('char_emb', [500, 32], 9),
      tensor('a16', DataType.INT16, [4, 64, 128]), tensor('b16', DataType.INT16, [128, 96]),
    ],
  });
}

/**
 * More com.microsoft CPU ops, each followed by an element-wise op that writes in place only where
 * ORT's static inference knows the shape: MurmurHash3, BifurcationDetector (a token list whose
 * length only the run gives), ConvTransposeWithDynamicPads (pads from an initializer; W prepacked as
 * ConvTranspose's) and MatMulBnb4 (B dequantized to fp32 before Y).
 */
export function moreContribOpsModel(): Uint8Array {
  const F = DataType.FLOAT;
  const I64 = DataType.INT64;
  const ms = { domain: 'com.microsoft' };
  const K = 256;
  const N = 96;
  return buildModel({
    opset: 17,
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('MurmurHash3', ['ids'], ['hashes'], { name: 'murmur', ...ms, attrs: [attr.int('seed', 7), attr.int('positive', 0)] }),
      node('Abs', ['hashes'], ['hashes_a'], { name: 'abs_hashes' }),
      node('BifurcationDetector', ['src', 'cur', 'prev_idx', 'pred'], ['tokens', 'suffix_idx'], { name: 'bifurcation', ...ms, attrs: [attr.int('min_ngram_size', 1), attr.int('max_ngram_size', 3)] }),
      node('Neg', ['tokens'], ['tokens_n'], { name: 'neg_tokens' }),
      node('Relu', ['x'], ['xr'], { name: 'relu_x' }),
      node('ConvTransposeWithDynamicPads', ['xr', 'deconv_w', 'deconv_pads'], ['up'], { name: 'deconv', ...ms, attrs: [attr.ints('strides', [2, 2])] }),
      node('Relu', ['up'], ['up_r'], { name: 'relu_up' }),
      node('MatMulBnb4', ['a', 'b_quant', 'absmax'], ['mm'], { name: 'matmul_bnb4', ...ms, attrs: [attr.int('K', K), attr.int('N', N), attr.int('block_size', 64), attr.int('quant_type', 1)] }),
      node('Relu', ['mm'], ['mm_r'], { name: 'relu_mm' }),
    ],
    inputs: [tensorValue('ids', DataType.INT32, [16, 300]), tensorValue('x', F, [2, 32, 24, 24]), tensorValue('a', F, [4, 10, K])],
    outputs: [tensorValue('hashes_a', DataType.INT32, null), tensorValue('tokens_n', I64, null), tensorValue('suffix_idx', I64, null), tensorValue('up_r', F, null), tensorValue('mm_r', F, null)],
    initializers: [
      tensor('src', I64, [10], { values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }),
      tensor('cur', I64, [4], { values: [1, 2, 3, 4] }),
      tensor('prev_idx', I64, [], { values: [0] }),
      tensor('pred', I64, [11], { values: [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12] }),
      distinctWeights('deconv_w', [32, 48, 3, 3], 5),
      tensor('deconv_pads', I64, [4], { values: [1, 1, 1, 1] }),
      tensor('b_quant', DataType.UINT8, [(K * N) / 2], { raw: Uint8Array.from({ length: (K * N) / 2 }, (_, i) => (i * 37) % 256) }),
      distinctWeights('absmax', [(K * N) / 64], 3),
    ],
  });
}

/**
 * int8 activations with int8 weights (s8·s8), as static quantization with QInt8 activations writes
 * them: QLinearMatMul and MatMulInteger, whose B MLAS packs only on CPUs with AVX-VNNI-INT8.
 */
export function signedQuantMatMulModel(): Uint8Array {
  const F = DataType.FLOAT;
  const S8 = DataType.INT8;
  const w = (name: string, dims: number[], salt: number) => tensor(name, S8, dims, { raw: Uint8Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, i) => ((i * salt) % 200) + 28) });
  return buildModel({
    opset: 17,
    nodes: [
      node('QuantizeLinear', ['x', 'sx', 'zx'], ['xq'], { name: 'quant_x' }),
      node('QLinearMatMul', ['xq', 'sx', 'zx', 'w1', 'sw', 'zw', 'sy', 'zx'], ['y1q'], { name: 'qlinear_matmul' }),
      node('DequantizeLinear', ['y1q', 'sy', 'zx'], ['y1'], { name: 'dequant_y1' }),
      node('MatMulInteger', ['xq', 'w2', 'zx', 'zw'], ['y2'], { name: 'matmul_integer' }),
      node('Neg', ['y2'], ['y2n'], { name: 'neg_y2' }),
    ],
    inputs: [tensorValue('x', F, [8, 160])],
    outputs: [tensorValue('y1', F, null), tensorValue('y2n', DataType.INT32, null)],
    initializers: [
      tensor('sx', F, [], { values: [0.05] }), tensor('zx', S8, [], { raw: Uint8Array.of(0) }),
      tensor('sw', F, [], { values: [0.02] }), tensor('zw', S8, [], { raw: Uint8Array.of(0) }), tensor('sy', F, [], { values: [0.1] }),
      w('w1', [160, 96], 37), w('w2', [160, 72], 53),
    ],
  });
}

/**
 * Sequence ops as ORT's CPU kernels run them (src/ops/sequenceRule.ts): SplitToSequence by a
 * scalar, by sizes and into single slices without the axis; SequenceInsert appending a copy;
 * SequenceErase of the last and of the first element (shared elements freed with the last
 * sequence holding them); SequenceAt, SequenceLength and ConcatFromSequence reading them;
 * SequenceEmpty, and SequenceConstruct copying its inputs.
 */
export function sequenceOpsModel(): Uint8Array {
  const F = DataType.FLOAT;
  const I = DataType.INT64;
  return buildModel({
    opset: 17,
    nodes: [
      node('Relu', ['X'], ['a'], { name: 'relu' }),
      node('SplitToSequence', ['a', 'four'], ['s1'], { name: 'split_scalar', attrs: [attr.int('axis', 1)] }),
      node('SequenceInsert', ['s1', 'X'], ['s2'], { name: 'append' }),
      node('SequenceErase', ['s2'], ['s3'], { name: 'erase_last' }),
      node('SequenceLength', ['s3'], ['len'], { name: 'length' }),
      node('ConcatFromSequence', ['s3'], ['c'], { name: 'concat', attrs: [attr.int('axis', 1)] }),
      node('SequenceAt', ['s3', 'last'], ['at'], { name: 'at_last' }),
      node('SplitToSequence', ['X', 'sizes'], ['s4'], { name: 'split_sizes', attrs: [attr.int('axis', 1)] }),
      node('SequenceErase', ['s4', 'zero'], ['s5'], { name: 'erase_first' }),
      node('ConcatFromSequence', ['s5'], ['c2'], { name: 'concat2', attrs: [attr.int('axis', 1)] }),
      node('SplitToSequence', ['c'], ['s6'], { name: 'split_ones', attrs: [attr.int('axis', 0), attr.int('keepdims', 0)] }),
      node('ConcatFromSequence', ['s6'], ['c3'], { name: 'stack', attrs: [attr.int('axis', 0), attr.int('new_axis', 1)] }),
      node('SequenceEmpty', [], ['e'], { name: 'empty' }),
      node('SequenceInsert', ['e', 'at'], ['e2'], { name: 'insert_first' }),
      node('SequenceConstruct', ['at', 'c2'], ['sc'], { name: 'construct' }),
      node('SequenceAt', ['sc', 'one'], ['at2'], { name: 'at_one' }),
      node('SequenceAt', ['e2', 'zero'], ['at3'], { name: 'at_zero' }),
      node('Add', ['at3', 'at'], ['Y'], { name: 'add' }),
      node('Neg', ['at2'], ['V'], { name: 'neg' }),
      node('Sigmoid', ['c3'], ['Z'], { name: 'sigmoid' }),
    ],
    inputs: [tensorValue('X', F, ['N', 6, 32])],
    outputs: [tensorValue('Y', F, ['N', 2, 32]), tensorValue('Z', F, ['N', 6, 32]), tensorValue('V', F, ['N', 5, 32]), tensorValue('len', I, [])],
    initializers: [int64Tensor('four', [4], []), int64Tensor('sizes', [1, 2, 3]), int64Tensor('last', [-1], []), int64Tensor('zero', [0], []), int64Tensor('one', [1], [])],
  });
}

/**
 * A list built in a Loop, as torch.jit exports `for ...: out.append(f(x))`: SequenceEmpty, a Loop
 * whose body appends one tensor to its loop-carried sequence, then ConcatFromSequence. ORT hands
 * the sequence from iteration to iteration and to the Loop's output without copying; each appended
 * tensor is a copy the body's SequenceInsert makes, held until the last sequence holding it goes.
 */
export function loopCarriedSequenceModel(trips: number): Uint8Array {
  const F = DataType.FLOAT;
  const seqT = (n: string) => typedValue(n, { sequenceType: { elemType: { tensorType: { elemType: F, shape: { dim: [{ dimValue: 4 }, { dimValue: 256 }] } } } } });
  const body = graph({
    name: 'append_body',
    nodes: [
      node('Relu', ['X'], ['r'], { name: 'b_relu' }),
      node('SequenceInsert', ['s_in', 'r'], ['s_out'], { name: 'b_insert' }),
      node('Identity', ['cond_in'], ['cond_out'], { name: 'b_cond' }),
    ],
    inputs: [tensorValue('iter', DataType.INT64, []), tensorValue('cond_in', DataType.BOOL, []), seqT('s_in')],
    outputs: [tensorValue('cond_out', DataType.BOOL, []), seqT('s_out')],
  });
  return buildModel({
    opset: 17,
    nodes: [
      node('SequenceEmpty', [], ['s0'], { name: 'empty' }),
      node('Loop', ['trip', 'keep', 's0'], ['s_final'], { name: 'loop', attrs: [attr.graph('body', body)] }),
      node('ConcatFromSequence', ['s_final'], ['Y'], { name: 'concat', attrs: [attr.int('axis', 0)] }),
      node('Neg', ['Y'], ['Z'], { name: 'neg' }),
    ],
    inputs: [tensorValue('X', F, [4, 256])],
    outputs: [tensorValue('Z', F, [4 * trips, 256])],
    initializers: [int64Tensor('trip', [trips], []), tensor('keep', DataType.BOOL, [], { values: [1] })],
  });
}

/** A Loop whose body builds and reads a sequence that dies within the iteration (SequenceConstruct, ConcatFromSequence), beside a carried tensor. */
export function loopTransientSequenceModel(): Uint8Array {
  const F = DataType.FLOAT;
  const t = (n: string) => tensorValue(n, F, [4, 256]);
  const body = graph({
    name: 'transient_body',
    nodes: [
      node('SequenceConstruct', ['acc_in', 'X'], ['pair'], { name: 't_construct' }),
      node('ConcatFromSequence', ['pair'], ['both'], { name: 't_concat', attrs: [attr.int('axis', 0)] }),
      node('Add', ['acc_in', 'X'], ['acc_out'], { name: 't_add' }),
      node('Identity', ['cond_in'], ['cond_out'], { name: 't_cond' }),
    ],
    inputs: [tensorValue('iter', DataType.INT64, []), tensorValue('cond_in', DataType.BOOL, []), t('acc_in')],
    outputs: [tensorValue('cond_out', DataType.BOOL, []), t('acc_out'), tensorValue('both', F, [8, 256])],
  });
  return buildModel({
    opset: 17,
    nodes: [
      node('Loop', ['trip', 'keep', 'X'], ['acc', 'stacked'], { name: 'loop', attrs: [attr.graph('body', body)] }),
      node('Neg', ['stacked'], ['Z'], { name: 'neg' }),
    ],
    inputs: [t('X')],
    outputs: [t('acc'), tensorValue('Z', F, [3, 8, 256])],
    initializers: [int64Tensor('trip', [3], []), tensor('keep', DataType.BOOL, [], { values: [1] })],
  });
}

/**
 * An If whose then-branch ORT rewrites from `basic` on: MatMul + Add of a bias become one Gemm,
 * which takes a new, highest node index, so ORT runs it before the Relu → Neg chain beside it.
 * ORT saves the changed body in that order; recomputing the order from the saved positions would
 * run the chain first (bodiesInSavedOrder, src/optimize/dumpOrder.ts). The else-branch is left as
 * written, saved in file order.
 */
export function fusedBodyModel(): Uint8Array {
  const F = DataType.FLOAT;
  const thenG = graph({
    name: 'then_body',
    nodes: [
      node('MatMul', ['a', 'W'], ['f_mm'], { name: 'f_matmul' }),
      node('Add', ['f_mm', 'B'], ['f_add'], { name: 'f_bias' }),
      node('Relu', ['a'], ['f_r'], { name: 'f_relu' }),
      node('Neg', ['f_r'], ['f_n'], { name: 'f_neg' }),
      node('Add', ['f_add', 'f_n'], ['t_out'], { name: 'f_sum' }),
    ],
    inputs: [],
    outputs: [tensorValue('t_out', F, [4, 8])],
  });
  const elseG = graph({
    name: 'else_body',
    nodes: [node('Sigmoid', ['a'], ['e1'], { name: 'e_sig' }), node('Abs', ['a'], ['e2'], { name: 'e_abs' }), node('Mul', ['e1', 'e2'], ['e_out'], { name: 'e_mul' })],
    inputs: [],
    outputs: [tensorValue('e_out', F, [4, 8])],
  });
  return buildModel({
    nodes: [
      node('Relu', ['X'], ['a'], { name: 'relu' }),
      node('If', ['flag'], ['branch'], { name: 'if', attrs: [attr.graph('then_branch', thenG), attr.graph('else_branch', elseG)] }),
      node('Tanh', ['branch'], ['Y'], { name: 'tanh' }),
    ],
    inputs: [tensorValue('X', F, [4, 8]), tensorValue('flag', DataType.BOOL, [])],
    outputs: [tensorValue('Y', F, [4, 8])],
    initializers: [tensor('W', F, [8, 8]), tensor('B', F, [8])],
    valueInfo: [tensorValue('a', F, [4, 8]), tensorValue('branch', F, [4, 8])],
  });
}

/**
 * An If whose then branch ends in an If (as torch exports of an LSTM's optional state give): the
 * outputs have the symbolic batch N, so neither If knows their shape before its branch runs, and
 * the inner branch's node allocates the buffer that becomes both Ifs' output; the inner else branch
 * copies outer-scope values (Identity), its then branch computes them.
 */
export function nestedIfModel(): Uint8Array {
  const F = DataType.FLOAT;
  const out = (n: string) => tensorValue(n, F, null);
  const innerThen = graph({ name: 'inner_then', nodes: [node('Abs', ['r'], ['it_a'], { name: 'it_abs' }), node('Sigmoid', ['n'], ['it_b'], { name: 'it_sig' })], inputs: [], outputs: [out('it_a'), out('it_b')] });
  const innerElse = graph({ name: 'inner_else', nodes: [node('Identity', ['r'], ['ie_a'], { name: 'ie_id_a' }), node('Identity', ['n'], ['ie_b'], { name: 'ie_id_b' })], inputs: [], outputs: [out('ie_a'), out('ie_b')] });
  const outerThen = graph({
    name: 'outer_then',
    nodes: [
      node('Relu', ['X'], ['r'], { name: 'ot_relu' }),
      node('Neg', ['X'], ['n'], { name: 'ot_neg' }),
      node('If', ['inner'], ['ot_a', 'ot_b'], { name: 'inner_if', attrs: [attr.graph('then_branch', innerThen), attr.graph('else_branch', innerElse)] }),
    ],
    inputs: [],
    outputs: [out('ot_a'), out('ot_b')],
  });
  const outerElse = graph({ name: 'outer_else', nodes: [node('Tanh', ['X'], ['oe_a'], { name: 'oe_tanh' }), node('Exp', ['X'], ['oe_b'], { name: 'oe_exp' })], inputs: [], outputs: [out('oe_a'), out('oe_b')] });
  return buildModel({
    nodes: [
      node('If', ['flag'], ['a', 'b'], { name: 'outer_if', attrs: [attr.graph('then_branch', outerThen), attr.graph('else_branch', outerElse)] }),
      node('Add', ['a', 'b'], ['s'], { name: 'add' }),
      node('Mul', ['s', 'X'], ['Y'], { name: 'mul' }),
    ],
    inputs: [tensorValue('X', F, ['N', 64]), tensorValue('flag', DataType.BOOL, []), tensorValue('inner', DataType.BOOL, [])],
    outputs: [tensorValue('Y', F, ['N', 64])],
  });
}

/**
 * Weights listed as graph inputs too, as old PyTorch exports write them (`keep_initializers_as_inputs`):
 * from IR version 4 a caller may override such an initializer, so ORT's shape inference does not
 * read the Reshape's shape from it, the Reshape and the Gemm after it get no static shape, and the
 * Relu after them cannot run in place. At IR 3 they are constants and it does.
 */
export function initializerInputsModel(irVersion: 3 | 4): Uint8Array {
  const F = DataType.FLOAT;
  return buildModel({
    nodes: [
      node('GlobalAveragePool', ['X'], ['pooled'], { name: 'pool' }),
      node('Reshape', ['pooled', 'flat'], ['rows'], { name: 'flatten' }),
      node('Gemm', ['rows', 'W', 'B'], ['fc'], { name: 'fc', attrs: [attr.int('transB', 1)] }),
      node('Relu', ['fc'], ['act'], { name: 'relu' }),
      node('Neg', ['act'], ['Y'], { name: 'neg' }),
    ],
    inputs: [tensorValue('X', F, [2, 64, 4, 4]), tensorValue('flat', DataType.INT64, [2]), tensorValue('W', F, [32, 64]), tensorValue('B', F, [32])],
    outputs: [tensorValue('Y', F, [2, 32])],
    initializers: [int64Tensor('flat', [2, 64]), tensor('W', F, [32, 64]), tensor('B', F, [32])],
    irVersion,
    opset: irVersion === 3 ? 8 : 11,
  });
}

/**
 * Small main-graph weights (24 B each, so in the arena) read by MatMuls inside an If's branches:
 * ORT's use count of an initializer is its input slots in every graph, and a body kernel's pack
 * takes one away from the outer weight, so `W1` (one slot, packed) and `W2` (a slot in each branch,
 * each packed) are released after prepacking, while `W3`, also read by a main-graph Shape, is kept.
 */
export function outerPackedWeightsModel(): Uint8Array {
  const F = DataType.FLOAT;
  const out = (n: string) => tensorValue(n, F, [1, 2]);
  const thenG = graph({
    name: 'then_body',
    nodes: [
      node('MatMul', ['X', 'W1'], ['t1'], { name: 't_mm1' }),
      node('MatMul', ['X', 'W2'], ['t2'], { name: 't_mm2' }),
      node('MatMul', ['X', 'W3'], ['t3'], { name: 't_mm3' }),
      node('Sum', ['t1', 't2', 't3'], ['t_out'], { name: 't_sum' }),
    ],
    inputs: [],
    outputs: [out('t_out')],
  });
  const elseG = graph({ name: 'else_body', nodes: [node('MatMul', ['X', 'W2'], ['e_out'], { name: 'e_mm' })], inputs: [], outputs: [out('e_out')] });
  return buildModel({
    nodes: [
      node('Shape', ['W3'], ['w3_shape'], { name: 'w3_shape' }),
      node('If', ['flag'], ['branch'], { name: 'if', attrs: [attr.graph('then_branch', thenG), attr.graph('else_branch', elseG)] }),
      node('Relu', ['branch'], ['Y'], { name: 'relu' }),
    ],
    inputs: [tensorValue('X', F, [1, 3]), tensorValue('flag', DataType.BOOL, [])],
    outputs: [tensorValue('Y', F, [1, 2]), tensorValue('w3_shape', DataType.INT64, [2])],
    initializers: [distinctWeights('W1', [3, 2], 1), distinctWeights('W2', [3, 2], 2), distinctWeights('W3', [3, 2], 3)],
  });
}

/**
 * One BERT encoder layer as PyTorch's exporter writes it at opset 13: embeddings (Gather + Add),
 * LayerNorm spelled out (ReduceMean, Sub, Pow, Sqrt, Div), self-attention with Reshape [0, 0, N, H]
 * and an additive mask from a 0/1 `attention_mask`, and a feed-forward block with the Erf Gelu. At
 * `extended` and `all` ORT's transformer fusions rewrite it (LayerNormalization, SkipLayerNormalization,
 * BiasGelu, FusedMatMul from com.microsoft), so the oracle checks those kernels as ORT places them. At
 * opset 12 (two Unsqueezes with axes attributes, `Add(MatMul, bias)`) ORT's AttentionFusion, which
 * matches Add-7 and Reshape-5 only, also makes the self-attention one com.microsoft Attention.
 */
export function torchBertLayerModel(opset: 12 | 13 = 13, dtype: 'float' | 'float16' = 'float'): Uint8Array {
  const F = dtype === 'float16' ? DataType.FLOAT16 : DataType.FLOAT;
  const H = 32;
  const heads = 4;
  // fp16 weights and constants as raw halves (every value here is a normal half: |x| >= 2^-14).
  const w = (name: string, dims: number[], salt: number) => {
    const t = distinctWeights(name, dims, salt);
    return dtype === 'float16' ? tensor(name, F, dims, { raw: halfBytes(t.floatData as number[]) }) : t;
  };
  const f32 = (name: string, v: number) => (dtype === 'float16' ? tensor(name, F, [], { raw: halfBytes([v]) }) : tensor(name, F, [], { values: [v] }));
  const layerNorm = (x: string, p: string, out: string) => [
    node('ReduceMean', [x], [`${p}_mean`], { name: `${p}_mean`, attrs: [attr.ints('axes', [-1])] }),
    node('Sub', [x, `${p}_mean`], [`${p}_d`], { name: `${p}_sub` }),
    node('Pow', [`${p}_d`, 'two'], [`${p}_sq`], { name: `${p}_pow` }),
    node('ReduceMean', [`${p}_sq`], [`${p}_var`], { name: `${p}_var`, attrs: [attr.ints('axes', [-1])] }),
    node('Add', [`${p}_var`, 'eps'], [`${p}_ve`], { name: `${p}_add_eps` }),
    node('Sqrt', [`${p}_ve`], [`${p}_std`], { name: `${p}_sqrt` }),
    node('Div', [`${p}_d`, `${p}_std`], [`${p}_n`], { name: `${p}_div` }),
    node('Mul', [`${p}_n`, `${p}_g`], [`${p}_s`], { name: `${p}_mul` }),
    node('Add', [`${p}_s`, `${p}_b`], [out], { name: `${p}_add` }),
  ];
  const linear = (x: string, p: string, out: string) => [
    node('MatMul', [x, `${p}_w`], [`${p}_mm`], { name: `${p}_matmul` }),
    node('Add', opset === 12 ? [`${p}_mm`, `${p}_bias`] : [`${p}_bias`, `${p}_mm`], [out], { name: `${p}_add` }),
  ];
  const unsqueezeMask =
    opset === 12
      ? [
          node('Unsqueeze', ['attention_mask'], ['m3'], { name: 'mask_unsqueeze1', attrs: [attr.ints('axes', [1])] }),
          node('Unsqueeze', ['m3'], ['m4'], { name: 'mask_unsqueeze2', attrs: [attr.ints('axes', [2])] }),
        ]
      : [node('Unsqueeze', ['attention_mask', 'axes12'], ['m4'], { name: 'mask_unsqueeze' })];
  const lnWeights = (p: string, salt: number) => [w(`${p}_g`, [H], salt), w(`${p}_b`, [H], salt + 1)];
  const linWeights = (p: string, k: number, n: number, salt: number) => [w(`${p}_w`, [k, n], salt), w(`${p}_bias`, [n], salt + 1)];
  return buildModel({
    nodes: [
      node('Gather', ['word_emb', 'input_ids'], ['we'], { name: 'word_embeddings' }),
      node('Gather', ['pos_emb', 'position_ids'], ['pe'], { name: 'position_embeddings' }),
      node('Add', ['we', 'pe'], ['emb'], { name: 'emb_add' }),
      ...layerNorm('emb', 'ln0', 'x'),
      // The additive mask: (1 - mask) * -10000, broadcast over heads and query positions.
      ...unsqueezeMask,
      node('Cast', ['m4'], ['mf'], { name: 'mask_cast', attrs: [attr.int('to', F)] }),
      node('Sub', ['one', 'mf'], ['minv'], { name: 'mask_sub' }),
      node('Mul', ['minv', 'neg'], ['mask_add'], { name: 'mask_mul' }),
      ...linear('x', 'q', 'q2'),
      ...linear('x', 'k', 'k2'),
      ...linear('x', 'v', 'v2'),
      node('Reshape', ['q2', 'heads_shape'], ['q3'], { name: 'q_reshape' }),
      node('Transpose', ['q3'], ['q4'], { name: 'q_transpose', attrs: [attr.ints('perm', [0, 2, 1, 3])] }),
      node('Reshape', ['k2', 'heads_shape'], ['k3'], { name: 'k_reshape' }),
      node('Transpose', ['k3'], ['k4'], { name: 'k_transpose', attrs: [attr.ints('perm', [0, 2, 3, 1])] }),
      node('Reshape', ['v2', 'heads_shape'], ['v3'], { name: 'v_reshape' }),
      node('Transpose', ['v3'], ['v4'], { name: 'v_transpose', attrs: [attr.ints('perm', [0, 2, 1, 3])] }),
      node('MatMul', ['q4', 'k4'], ['qk'], { name: 'qk_matmul' }),
      node('Div', ['qk', 'scale'], ['qks'], { name: 'qk_div' }),
      node('Add', ['qks', 'mask_add'], ['qkm'], { name: 'qk_mask' }),
      node('Softmax', ['qkm'], ['probs'], { name: 'softmax', attrs: [attr.int('axis', 3)] }),
      node('MatMul', ['probs', 'v4'], ['ctx4'], { name: 'ctx_matmul' }),
      node('Transpose', ['ctx4'], ['ctx3'], { name: 'ctx_transpose', attrs: [attr.ints('perm', [0, 2, 1, 3])] }),
      node('Reshape', ['ctx3', 'merge_shape'], ['ctx'], { name: 'ctx_reshape' }),
      ...linear('ctx', 'o', 'attn_out'),
      node('Add', ['attn_out', 'x'], ['res1'], { name: 'residual1' }),
      ...layerNorm('res1', 'ln1', 'h'),
      ...linear('h', 'ff1', 'ff1_out'),
      node('Div', ['ff1_out', 'sqrt2'], ['g_div'], { name: 'gelu_div' }),
      node('Erf', ['g_div'], ['g_erf'], { name: 'gelu_erf' }),
      node('Add', ['g_erf', 'one'], ['g_add'], { name: 'gelu_add' }),
      node('Mul', ['ff1_out', 'g_add'], ['g_mul'], { name: 'gelu_mul' }),
      node('Mul', ['g_mul', 'half'], ['gelu'], { name: 'gelu_half' }),
      ...linear('gelu', 'ff2', 'ff2_out'),
      node('Add', ['ff2_out', 'h'], ['res2'], { name: 'residual2' }),
      ...layerNorm('res2', 'ln2', 'Y'),
    ],
    inputs: [tensorValue('input_ids', DataType.INT64, ['batch', 8]), tensorValue('attention_mask', DataType.INT64, ['batch', 8])],
    outputs: [tensorValue('Y', F, ['batch', 8, H])],
    initializers: [
      w('word_emb', [50, H], 1),
      w('pos_emb', [16, H], 2),
      int64Tensor('position_ids', [0, 1, 2, 3, 4, 5, 6, 7], [1, 8]),
      ...lnWeights('ln0', 3),
      ...lnWeights('ln1', 5),
      ...lnWeights('ln2', 7),
      ...linWeights('q', H, H, 9),
      ...linWeights('k', H, H, 11),
      ...linWeights('v', H, H, 17),
      ...linWeights('o', H, H, 19),
      ...linWeights('ff1', H, 4 * H, 23),
      ...linWeights('ff2', 4 * H, H, 29),
      int64Tensor('axes12', [1, 2]),
      int64Tensor('heads_shape', [0, 0, heads, H / heads]),
      int64Tensor('merge_shape', [0, 0, H]),
      f32('two', 2),
      f32('eps', dtype === 'float16' ? 1e-3 : 1e-12),
      f32('one', 1),
      f32('neg', -10000),
      f32('scale', Math.sqrt(H / heads)),
      f32('sqrt2', Math.SQRT2),
      f32('half', 0.5),
    ],
    opset,
  });
}

/** `values` as raw little-endian fp16 (raw_data of a FLOAT16 tensor). */
function halfBytes(values: number[]): Uint8Array {
  return new Uint8Array(new Uint16Array(values.map(toHalf)).buffer);
}

/** The IEEE half bit pattern of a normal-range number (round to nearest on the dropped mantissa bits). */
function toHalf(x: number): number {
  const u = new Uint32Array(new Float32Array([x]).buffer)[0]!;
  const sign = (u >>> 16) & 0x8000;
  const e = ((u >>> 23) & 0xff) - 127 + 15;
  if (e <= 0) return sign;
  const mant = (u >>> 13) & 0x3ff;
  const round = (u >>> 12) & 1;
  return sign | ((e << 10) + mant + round);
}

/**
 * One BERT layer in the form ORT's own transformer optimizer (`onnxruntime.transformers.optimizer`)
 * writes: com.microsoft EmbedLayerNormalization (word, position and segment tables, a mask index),
 * Attention over packed QKV weights with that mask index, SkipLayerNormalization with a bias,
 * FastGelu with a bias, and a last SkipLayerNormalization; in float16 as the optimizer's
 * `float16=True` writes it, where ORT's CPU EP has kernels for some of these ops and Casts the rest.
 */
export function ortOptimizedBertModel(dtype: 'float' | 'float16' = 'float'): Uint8Array {
  const F = dtype === 'float16' ? DataType.FLOAT16 : DataType.FLOAT;
  const I32 = DataType.INT32;
  const H = 32;
  const w = (name: string, dims: number[], salt: number) => {
    const t = distinctWeights(name, dims, salt);
    return dtype === 'float16' ? tensor(name, F, dims, { raw: halfBytes(t.floatData as number[]) }) : t;
  };
  const ms = { domain: 'com.microsoft' };
  return buildModel({
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('EmbedLayerNormalization', ['input_ids', 'segment_ids', 'word_emb', 'pos_emb', 'seg_emb', 'emb_g', 'emb_b', 'attention_mask'], ['emb', 'mask_index'], { name: 'embed', ...ms, attrs: [attr.float('epsilon', 1e-12)] }),
      node('Attention', ['emb', 'qkv_w', 'qkv_b', 'mask_index'], ['attn'], { name: 'attention', ...ms, attrs: [attr.int('num_heads', 4)] }),
      node('MatMul', ['attn', 'o_w'], ['attn_o'], { name: 'attn_out' }),
      node('SkipLayerNormalization', ['attn_o', 'emb', 'ln1_g', 'ln1_b', 'o_b'], ['h'], { name: 'skip_ln1', ...ms, attrs: [attr.float('epsilon', 1e-12)] }),
      node('MatMul', ['h', 'ff1_w'], ['ff1'], { name: 'ff1' }),
      node('FastGelu', ['ff1', 'ff1_b'], ['gelu'], { name: 'fast_gelu', ...ms }),
      node('MatMul', ['gelu', 'ff2_w'], ['ff2'], { name: 'ff2' }),
      node('SkipLayerNormalization', ['ff2', 'h', 'ln2_g', 'ln2_b', 'ff2_b'], ['Y'], { name: 'skip_ln2', ...ms, attrs: [attr.float('epsilon', 1e-12)] }),
    ],
    inputs: [tensorValue('input_ids', I32, ['batch', 'seq']), tensorValue('segment_ids', I32, ['batch', 'seq']), tensorValue('attention_mask', I32, ['batch', 'seq'])],
    outputs: [tensorValue('Y', F, ['batch', 'seq', H])],
    initializers: [
      w('word_emb', [50, H], 1), w('pos_emb', [16, H], 2), w('seg_emb', [2, H], 3), w('emb_g', [H], 4), w('emb_b', [H], 5),
      w('qkv_w', [H, 3 * H], 6), w('qkv_b', [3 * H], 7), w('o_w', [H, H], 8), w('o_b', [H], 9), w('ln1_g', [H], 10), w('ln1_b', [H], 11),
      w('ff1_w', [H, 4 * H], 12), w('ff1_b', [4 * H], 13), w('ff2_w', [4 * H, H], 14), w('ff2_b', [H], 15), w('ln2_g', [H], 16), w('ln2_b', [H], 17),
    ],
    opset: 14,
  });
}

/**
 * fp16 norms whose 64-byte params (in the arena) the kernel copies to fp32 in PrePack: an fp16
 * SkipLayerNormalization with gamma only, with gamma, beta and bias, with a gamma a Mul also
 * reads, and an fp16 LayerNormalization. PrePack reports the copies as packs, so each original
 * goes once no other node reads it.
 */
export function halfNormPacksModel(kind: 'gamma' | 'all' | 'shared' | 'layernorm'): Uint8Array {
  const H16 = DataType.FLOAT16;
  const ones = (name: string) => tensor(name, H16, [32], { raw: halfBytes(new Array<number>(32).fill(1)) });
  const io = { outputs: [tensorValue('Y', H16, [2, 8, 32])], opset: 17 };
  if (kind === 'layernorm') {
    return buildModel({ ...io, nodes: [node('LayerNormalization', ['X', 'g', 'b'], ['Y'], { name: 'ln', attrs: [attr.int('axis', -1)] })], inputs: [tensorValue('X', H16, [2, 8, 32])], initializers: [ones('g'), ones('b')] });
  }
  const ins = kind === 'all' ? ['X', 'S', 'g', 'b', 'c'] : ['X', 'S', 'g'];
  return buildModel({
    ...io,
    opsets: { 'com.microsoft': 1 },
    nodes: [
      node('SkipLayerNormalization', ins, [kind === 'shared' ? 'y0' : 'Y'], { name: 'sln', domain: 'com.microsoft', attrs: [attr.float('epsilon', 1e-3)] }),
      ...(kind === 'shared' ? [node('Mul', ['y0', 'g'], ['Y'], { name: 'mul' })] : []),
    ],
    inputs: [tensorValue('X', H16, [2, 8, 32]), tensorValue('S', H16, [2, 8, 32])],
    initializers: kind === 'all' ? [ones('g'), ones('b'), ones('c')] : [ones('g')],
  });
}

/**
 * A QDQ Conv as static quantization writes it (u8 activations, s8 weights per output channel),
 * which ORT fuses into QLinearConv above `disabled`. With zero weight zero-points and aligned
 * channels the kernel packs W in the symmetric indirect layout, a plain arena chunk
 * (`TryConvSymPrepack`: alloc->Alloc); a depthwise one takes the depthwise symmetric layout, also
 * a chunk; non-zero zero-points give the QGEMM pack, which is reserved beside the regions.
 */
export function qdqConvModel(kind: 'symmetric' | 'depthwise' | 'asymmetric'): Uint8Array {
  const F = DataType.FLOAT;
  const U8 = DataType.UINT8;
  const S8 = DataType.INT8;
  const depthwise = kind === 'depthwise';
  const c = 16;
  const m = 16;
  const wDims = depthwise ? [m, 1, 3, 3] : [m, 8, 3, 3];
  const cin = depthwise ? c : 8;
  const count = wDims.reduce((a, b) => a * b, 1);
  const scalar = (name: string, v: number) => tensor(name, F, [], { values: [v] });
  return buildModel({
    nodes: [
      node('QuantizeLinear', ['X', 'xs', 'xz'], ['xq'], { name: 'qx' }),
      node('DequantizeLinear', ['xq', 'xs', 'xz'], ['xd'], { name: 'dqx' }),
      node('DequantizeLinear', ['W', 'wsc', 'wzc'], ['wd'], { name: 'dqw', attrs: [attr.int('axis', 0)] }),
      node('Conv', ['xd', 'wd'], ['conv'], { name: 'conv', attrs: [attr.ints('pads', [1, 1, 1, 1]), attr.ints('kernel_shape', [3, 3]), ...(depthwise ? [attr.int('group', c)] : [])] }),
      node('QuantizeLinear', ['conv', 'ys', 'yz'], ['yq'], { name: 'qy' }),
      node('DequantizeLinear', ['yq', 'ys', 'yz'], ['Y'], { name: 'dqy' }),
    ],
    inputs: [tensorValue('X', F, [1, cin, 16, 16])],
    outputs: [tensorValue('Y', F, [1, m, 16, 16])],
    initializers: [
      scalar('xs', 0.02),
      tensor('xz', U8, [], { raw: new Uint8Array([128]) }),
      tensor('W', S8, wDims, { raw: new Uint8Array(Array.from({ length: count }, (_, j) => (j * 37) % 251)) }),
      tensor('wsc', F, [m], { values: Array.from({ length: m }, (_, j) => 0.01 + j / 1000) }),
      tensor('wzc', S8, [m], { raw: new Uint8Array(Array.from({ length: m }, (_, j) => (kind === 'asymmetric' ? 1 + (j % 3) : 0))) }),
      scalar('ys', 0.05),
      tensor('yz', U8, [], { raw: new Uint8Array([128]) }),
    ],
    opset: 17,
  });
}
