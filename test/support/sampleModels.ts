/** Small models several test suites share, encoded with the test ONNX builder. */
import { attr, buildModel, DataType, node, tensor, tensorValue } from './onnxBuilder';

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
