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

/**
 * Self-attention scores over `X: [batch, sequence, 16]` floats: q = X·W (W 16×16, 1,024 B), t =
 * Transpose(q), S = q·t (`[batch, sequence, sequence]`), Y = Relu(S) (graph output). ORT's
 * sequential plan holds after each step: 64·b·s, 128·b·s, 128·b·s + 4·b·s², then 8·b·s² (q and t
 * are released after S), so the modeled peak is b·max(128·s + 4·s², 8·s²) bytes: at step 2 up to
 * s = 32 (a tie there, and the first step wins), at step 3 from s = 33 on.
 */
export function attentionScoresModel(): Uint8Array {
  return buildModel({
    nodes: [
      node('MatMul', ['X', 'W'], ['q'], { name: 'proj' }),
      node('Transpose', ['q'], ['t'], { name: 'transpose', attrs: [attr.ints('perm', [0, 2, 1])] }),
      node('MatMul', ['q', 't'], ['S'], { name: 'scores' }),
      node('Relu', ['S'], ['Y'], { name: 'relu' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, ['batch', 'sequence', 16])],
    outputs: [tensorValue('Y', DataType.FLOAT, ['batch', 'sequence', 'sequence'])],
    initializers: [tensor('W', DataType.FLOAT, [16, 16])],
  });
}

/** The closed form of attentionScoresModel's modeled peak (see there). */
export function attentionScoresPeak(batch: number, sequence: number): { bytes: number; step: number } {
  const before = batch * (128 * sequence + 4 * sequence * sequence);
  const after = batch * 8 * sequence * sequence;
  return after > before ? { bytes: after, step: 3 } : { bytes: before, step: 2 };
}

/**
 * A figure that falls, then rises, with `n`: Relu of `X: [n, n]` floats (4·n² B) beside a
 * ConstantOfShape of `[100 − n, 64]` floats (256·(100 − n) B) whose shape comes from Shape → Gather
 * → Sub, and the 16 B of the `[2]` int64 shape it reads: the modeled peak is 25,616 − 256·n + 4·n² B
 * (lowest at n = 32) for n up to 64; at n = 100 the fill is empty.
 */
export function fallingThenRisingModel(): Uint8Array {
  return buildModel({
    nodes: [
      node('Shape', ['X'], ['shape'], { name: 'shape' }),
      node('Gather', ['shape', 'zero'], ['n'], { name: 'gather', attrs: [attr.int('axis', 0)] }),
      node('Sub', ['hundred', 'n'], ['rest'], { name: 'sub' }),
      node('Concat', ['rest', 'sixtyfour'], ['dims'], { name: 'concat', attrs: [attr.int('axis', 0)] }),
      node('ConstantOfShape', ['dims'], ['C'], { name: 'fill', attrs: [attr.tensor('value', tensor('v', DataType.FLOAT, [1], { values: [0] }))] }),
      node('Relu', ['X'], ['R'], { name: 'relu' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, ['n', 'n'])],
    outputs: [tensorValue('C', DataType.FLOAT, [null, 64]), tensorValue('R', DataType.FLOAT, ['n', 'n'])],
    initializers: [int64Tensor('zero', [0]), int64Tensor('hundred', [100]), int64Tensor('sixtyfour', [64])],
  });
}
