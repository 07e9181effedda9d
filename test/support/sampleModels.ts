/** Small models several test suites share, encoded with the test ONNX builder. */
import { attr, buildModel, DataType, graph, int64Tensor, node, tensor, tensorValue, type Obj } from './onnxBuilder';

/**
 * One 3×3 Conv (16 → 16 channels, padded) over a 32×32 float image: its im2col scratch depends on
 * the intra-op thread count, so it shows whether session facts reached the workspace formulas.
 */
export function conv3x3Model(): Uint8Array {
  return buildModel({
    nodes: [node('Conv', ['X', 'W'], ['Y'], { name: 'conv', attrs: [attr.ints('pads', [1, 1, 1, 1])] })],
    inputs: [tensorValue('X', DataType.FLOAT, [1, 16, 32, 32])],
    outputs: [tensorValue('Y', DataType.FLOAT, [1, 16, 32, 32])],
    initializers: [tensor('W', DataType.FLOAT, [16, 16, 3, 3])],
  });
}

/** An If branch body that reads the outer value `x` and computes `out` = op2(op1(x)) over [64, 64] floats. */
function branchBody(name: string, x: string, out: string, ops: [string, string]): Obj {
  return graph({
    name,
    nodes: [node(ops[0], [x], [`${out}_mid`], { name: `${name}_${ops[0].toLowerCase()}` }), node(ops[1], [`${out}_mid`], [out], { name: `${name}_${ops[1].toLowerCase()}` })],
    inputs: [],
    outputs: [tensorValue(out, DataType.FLOAT, [64, 64])],
    valueInfo: [tensorValue(`${out}_mid`, DataType.FLOAT, [64, 64])],
  });
}

/**
 * A chain of `ifCount` If nodes over a [64, 64] float, each choosing on the scalar `flag` between two
 * two-node bodies: 1 + 2·ifCount graphs in the report (3 If nodes already make 7 graphs).
 */
export function ifChainModel(ifCount: number): Uint8Array {
  const nodes: Obj[] = [node('Neg', ['X'], ['h0'], { name: 'neg_in' })];
  for (let i = 0; i < ifCount; i++) {
    nodes.push(node('If', ['flag'], [`h${i + 1}`], {
      name: `if_${i}`,
      attrs: [attr.graph('then_branch', branchBody(`then_${i}`, `h${i}`, `t${i}`, ['Relu', 'Sigmoid'])), attr.graph('else_branch', branchBody(`else_${i}`, `h${i}`, `e${i}`, ['Tanh', 'Abs']))],
    }));
  }
  nodes.push(node('Exp', [`h${ifCount}`], ['Y'], { name: 'exp_out' }));
  return buildModel({
    nodes,
    inputs: [tensorValue('X', DataType.FLOAT, [64, 64]), tensorValue('flag', DataType.BOOL, [])],
    outputs: [tensorValue('Y', DataType.FLOAT, [64, 64])],
    valueInfo: Array.from({ length: ifCount }, (_, i) => tensorValue(`h${i + 1}`, DataType.FLOAT, [64, 64])),
  });
}

/** A Loop (3 iterations of a two-node body carrying a [32, 32] state) followed by a Scan over the rows of its result. */
export function loopScanModel(): Uint8Array {
  const loopBody = graph({
    name: 'loop_body',
    nodes: [
      node('Identity', ['cond_in'], ['cond_out'], { name: 'loop_cond' }),
      node('Relu', ['v_in'], ['v_mid'], { name: 'loop_relu' }),
      node('Sigmoid', ['v_mid'], ['v_out'], { name: 'loop_sigmoid' }),
    ],
    inputs: [tensorValue('iter', DataType.INT64, []), tensorValue('cond_in', DataType.BOOL, []), tensorValue('v_in', DataType.FLOAT, [32, 32])],
    outputs: [tensorValue('cond_out', DataType.BOOL, []), tensorValue('v_out', DataType.FLOAT, [32, 32])],
    valueInfo: [tensorValue('v_mid', DataType.FLOAT, [32, 32])],
  });
  const scanBody = graph({
    name: 'scan_body',
    nodes: [
      node('Add', ['state_in', 'row'], ['s1'], { name: 'scan_add' }),
      node('Tanh', ['s1'], ['state_out'], { name: 'scan_tanh' }),
      node('Relu', ['state_out'], ['row_out'], { name: 'scan_relu' }),
    ],
    inputs: [tensorValue('state_in', DataType.FLOAT, [32]), tensorValue('row', DataType.FLOAT, [32])],
    outputs: [tensorValue('state_out', DataType.FLOAT, [32]), tensorValue('row_out', DataType.FLOAT, [32])],
    valueInfo: [tensorValue('s1', DataType.FLOAT, [32])],
  });
  return buildModel({
    nodes: [
      node('Neg', ['X'], ['x0'], { name: 'neg_in' }),
      node('Loop', ['trip', 'keep', 'x0'], ['looped'], { name: 'loop', attrs: [attr.graph('body', loopBody)] }),
      node('Scan', ['S0', 'looped'], ['S', 'rows'], { name: 'scan', attrs: [attr.graph('body', scanBody), attr.int('num_scan_inputs', 1)] }),
      node('Exp', ['rows'], ['Y'], { name: 'exp_out' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, [32, 32]), tensorValue('S0', DataType.FLOAT, [32])],
    outputs: [tensorValue('Y', DataType.FLOAT, [32, 32]), tensorValue('S', DataType.FLOAT, [32])],
    initializers: [int64Tensor('trip', [3], []), tensor('keep', DataType.BOOL, [], { values: [1] })],
    valueInfo: [tensorValue('looped', DataType.FLOAT, [32, 32]), tensorValue('x0', DataType.FLOAT, [32, 32])],
    opset: 16,
  });
}

/**
 * A small CNN over a 1×3×64×64 float image: three 3×3 Conv + Relu stages (16, 32, 64 channels) with
 * 2×2 MaxPools, global average pooling, a Gemm to 10 classes and a Softmax. Its Convs request MLAS
 * scratch and its Gemm packs B at initialization, so the arena replay has regions, scratch and a
 * reserved pack to show.
 */
export function smallCnnModel(): Uint8Array {
  const nodes: Obj[] = [];
  const inits: Obj[] = [];
  let x = 'X';
  let c = 3;
  [16, 32, 64].forEach((m, i) => {
    inits.push(tensor(`W${i}`, DataType.FLOAT, [m, c, 3, 3]), tensor(`B${i}`, DataType.FLOAT, [m]));
    nodes.push(node('Conv', [x, `W${i}`, `B${i}`], [`c${i}`], { name: `conv${i}`, attrs: [attr.ints('pads', [1, 1, 1, 1])] }));
    nodes.push(node('Relu', [`c${i}`], [`r${i}`], { name: `relu${i}` }));
    if (i < 2) nodes.push(node('MaxPool', [`r${i}`], [`p${i}`], { name: `pool${i}`, attrs: [attr.ints('kernel_shape', [2, 2]), attr.ints('strides', [2, 2])] }));
    x = i < 2 ? `p${i}` : `r${i}`;
    c = m;
  });
  inits.push(tensor('Wfc', DataType.FLOAT, [64, 10]), tensor('Bfc', DataType.FLOAT, [10]));
  nodes.push(node('GlobalAveragePool', [x], ['gap'], { name: 'gap' }));
  nodes.push(node('Flatten', ['gap'], ['flat'], { name: 'flatten' }));
  nodes.push(node('Gemm', ['flat', 'Wfc', 'Bfc'], ['logits'], { name: 'fc' }));
  nodes.push(node('Softmax', ['logits'], ['Y'], { name: 'softmax', attrs: [attr.int('axis', 1)] }));
  return buildModel({
    nodes,
    inputs: [tensorValue('X', DataType.FLOAT, [1, 3, 64, 64])],
    outputs: [tensorValue('Y', DataType.FLOAT, [1, 10])],
    initializers: inits,
  });
}
