/** Models built in code for the bindings tests: a KV-cache step and a model with many anonymous dims. */
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport, type Analysis, type ReportOptions } from '../../src/analyze/buildReport';
import type { Report } from '../../src/report/report';
import { buildModel, DataType, node, tensorValue } from './onnxBuilder';

/**
 * A KV-cache step: Concat(past, x) along axis 1 gives `present`, which the model declares as
 * [batch, total, 4]; `h` is declared with exporter names that inference derives (p2o.Dyn.0/1);
 * NonZero makes a data-dependent size.
 */
export const KV_MODEL = buildModel({
  nodes: [
    node('Concat', ['past', 'x'], ['present'], { name: 'concat_kv', attrs: [{ name: 'axis', type: 2, i: 1 }] }),
    node('Relu', ['x'], ['h'], { name: 'relu' }),
    node('NonZero', ['mask'], ['nz'], { name: 'nonzero' }),
  ],
  inputs: [
    tensorValue('past', DataType.FLOAT, ['batch', 'past', 4]),
    tensorValue('x', DataType.FLOAT, ['batch', 'seq', 4]),
    tensorValue('mask', DataType.INT64, ['batch', 'total']),
  ],
  outputs: [tensorValue('present', DataType.FLOAT, ['batch', 'total', 4]), tensorValue('h', DataType.FLOAT, ['p2o.Dyn.0', 'p2o.Dyn.1', 4]), tensorValue('nz', DataType.INT64, [2, null])],
});

/** `count` inputs `in_k` of shape [unk__(2k), unk__(2k+1)], each through a Relu to an output of the same declared shape. */
export function manyDimsModel(count: number): Uint8Array {
  const nodes = [];
  const inputs = [];
  const outputs = [];
  for (let k = 0; k < count; k++) {
    const shape = [`unk__${2 * k}`, `unk__${2 * k + 1}`];
    nodes.push(node('Relu', [`in_${k}`], [`out_${k}`], { name: `relu_${k}` }));
    inputs.push(tensorValue(`in_${k}`, DataType.FLOAT16, shape));
    outputs.push(tensorValue(`out_${k}`, DataType.FLOAT16, shape));
  }
  return buildModel({ nodes, inputs, outputs });
}

/** An Analysis of model bytes (decoded in memory, nothing written), with the transform cache. */
export function analysisOf(bytes: Uint8Array, fileName: string): Analysis {
  const loaded = decodeModelBytes(bytes, { fileName });
  return { filePath: `/virtual/${fileName}`, model: loaded.model, fileBytes: bytes.length, transformed: new WeakMap() };
}

/** The report of model bytes, as the host builds it. */
export function reportOfBytes(bytes: Uint8Array, fileName: string, options: ReportOptions = {}): Report {
  return buildReport(analysisOf(bytes, fileName), options);
}

/** Names an exporter gives: one long prefix, the layer number in the middle, one long suffix. */
export function layerOutputName(k: number): string {
  return `/model/layers.${k}/self_attn/q_proj/MatMul_output_0`;
}

/** `count` Relu nodes reading x, each writing a graph output named by layerOutputName (one row each). */
export function longNamesModel(count: number): Uint8Array {
  const nodes = [];
  const outputs = [];
  for (let k = 0; k < count; k++) {
    nodes.push(node('Relu', ['x'], [layerOutputName(k)], { name: `/model/layers.${k}/self_attn/q_proj/Relu` }));
    outputs.push(tensorValue(layerOutputName(k), DataType.FLOAT, [64, 64]));
  }
  return buildModel({ nodes, inputs: [tensorValue('x', DataType.FLOAT, [64, 64])], outputs });
}

/** x → Relu → a → NonZero → nz: step 0's live bytes are known, step 1's are not (nz's count is data-dependent). */
export const PARTLY_KNOWN_MODEL = buildModel({
  nodes: [node('Relu', ['x'], ['a'], { name: 'relu' }), node('NonZero', ['a'], ['nz'], { name: 'nonzero' }), node('Cast', ['nz'], ['y'], { name: 'cast', attrs: [{ name: 'to', type: 2, i: DataType.FLOAT }] })],
  inputs: [tensorValue('x', DataType.FLOAT, [256])],
  outputs: [tensorValue('y', DataType.FLOAT, [1, null])],
});

/** x → Relu → a → Sigmoid → y (graph output): at the peak both are live, but the memory pattern places only a. */
export const OUTPUT_AT_PEAK_MODEL = buildModel({
  nodes: [node('Relu', ['x'], ['a'], { name: 'relu' }), node('Sigmoid', ['a'], ['y'], { name: 'sigmoid' })],
  inputs: [tensorValue('x', DataType.FLOAT, [1024])],
  outputs: [tensorValue('y', DataType.FLOAT, [1024])],
});
