/** Sequence models built in code, shared by the plan tests and the webview tests. */
import { buildModel, DataType, int64Tensor, node, tensorValue } from './onnxBuilder';

const F = DataType.FLOAT;
const x = (n: string) => tensorValue(n, F, [2, 3, 4]);

/** Construct(X, Y, Z) → Erase(pos) → Insert(X, pos) → At(pos): ONNX's test_sequence_model3, with the positions given as `positions`. */
export function constructEraseInsertAt(positions: 'initializers' | 'inputs'): Uint8Array {
  const pos = [int64Tensor('pos_erase', [1], []), int64Tensor('pos_insert', [-2], []), int64Tensor('pos_at', [2], [])];
  return buildModel({
    opset: 12,
    nodes: [
      node('SequenceConstruct', ['X', 'Y', 'Z'], ['seq_1']),
      node('SequenceErase', ['seq_1', 'pos_erase'], ['seq_2']),
      node('SequenceInsert', ['seq_2', 'X', 'pos_insert'], ['seq_3']),
      node('SequenceAt', ['seq_3', 'pos_at'], ['out']),
    ],
    inputs: [x('X'), x('Y'), x('Z'), ...(positions === 'inputs' ? ['pos_erase', 'pos_insert', 'pos_at'].map((n) => tensorValue(n, DataType.INT64, [])) : [])],
    outputs: [x('out')],
    initializers: positions === 'initializers' ? pos : [],
  });
}

