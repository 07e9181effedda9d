/** Models built in code for the arena replay's kernel rules (test/analyze/controlFlowArena.test.ts). */
import { attr, buildModel, DataType, node, tensor, tensorValue } from '../support/onnxBuilder';

/** Relu → LSTM (S5 B2 I8 H16, forward, bias, Y only) → Tanh: the LSTM's 12 scratch buffers come after Y. */
export function lstmModel(): Uint8Array {
  const f = (n: string, dims: number[]) => tensor(n, DataType.FLOAT, dims, { values: Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, i) => ((i % 7) - 3) / 10) });
  return buildModel({
    nodes: [
      node('Relu', ['X'], ['xr'], { name: 'relu' }),
      node('LSTM', ['xr', 'W', 'R', 'B'], ['Y'], { name: 'lstm', attrs: [attr.int('hidden_size', 16)] }),
      node('Tanh', ['Y'], ['out'], { name: 'tanh' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, [5, 2, 8])],
    outputs: [tensorValue('out', DataType.FLOAT, [5, 1, 2, 16])],
    initializers: [f('W', [1, 64, 8]), f('R', [1, 64, 16]), f('B', [1, 128])],
  });
}

/** An LSTM (S64 B4 I128 H256) whose 1,067,024 bytes of scratch cannot fit beside its output in the first 1 MiB region. */
export function bigLstmModel(): Uint8Array {
  return buildModel({
    nodes: [node('LSTM', ['X', 'W', 'R'], ['Y'], { name: 'lstm', attrs: [attr.int('hidden_size', 256)] })],
    inputs: [tensorValue('X', DataType.FLOAT, [64, 4, 128])],
    outputs: [tensorValue('Y', DataType.FLOAT, [64, 1, 4, 256])],
    initializers: [tensor('W', DataType.FLOAT, [1, 1024, 128]), tensor('R', DataType.FLOAT, [1, 1024, 256])],
  });
}
