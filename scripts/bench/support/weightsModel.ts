/**
 * The 1 GiB weights model of the benchmarks (16 float32 initializers of 64 MiB, a chain of Adds
 * consuming them), stream-written in the protobuf wire format: building 1 GiB through protobufjs
 * would need the whole model in memory. Used by weights.ts (load cost) and optimizeWeights.ts
 * (ORT's optimizing session).
 */
import * as fs from 'node:fs';
import { onnxType } from '../../../src/onnx/onnxSchema';

export const TENSOR_COUNT = 16;
export const TENSOR_ELEMENTS = 16 * 1024 * 1024; // float32: 64 MiB each, 1 GiB in total
export const TENSOR_BYTES = TENSOR_ELEMENTS * 4;
const WRITE_CHUNK_BYTES = 16 * 1024 * 1024;
export type Obj = Record<string, unknown>;

export function encode(type: string, obj: Obj): Uint8Array {
  const T = onnxType(type);
  return T.encode(T.fromObject(obj)).finish();
}

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

/** Key + length prefix of a length-delimited field. */
export function lengthPrefix(fieldNumber: number, length: number): Uint8Array {
  return Uint8Array.from([...varint(fieldNumber * 8 + 2), ...varint(length)]);
}

/** A chain of Add nodes consuming every weight, so the graph is real and uses all initializers. */
export function graphWithoutInitializers(): Obj {
  const names = Array.from({ length: TENSOR_COUNT }, (_, i) => `w${i}`);
  const vi = (name: string): Obj => ({ name, type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: TENSOR_ELEMENTS }] } } } });
  return {
    name: 'bench',
    node: names.map((w, i) => ({ opType: 'Add', name: `add${i}`, input: [i === 0 ? 'x' : `s${i - 1}`, w], output: [i === TENSOR_COUNT - 1 ? 'y' : `s${i}`] })),
    input: [vi('x')],
    output: [vi('y')],
  };
}

/** The ModelProto fields before the graph, with `producerName`. */
export const modelHeader = (producerName: string): Obj => ({ irVersion: 8, producerName, opsetImport: [{ domain: '', version: 17 }] });

/** Writes a model whose initializers embed TENSOR_BYTES of raw_data each; returns its size in bytes. */
export function writeEmbeddedModel(file: string, header: Obj): number {
  const graphBody = encode('GraphProto', graphWithoutInitializers());
  const tensorHeads = Array.from({ length: TENSOR_COUNT }, (_, i) => encode('TensorProto', { name: `w${i}`, dataType: 1, dims: [TENSOR_ELEMENTS] }));
  const rawPrefix = lengthPrefix(9, TENSOR_BYTES);
  const tensorLength = (head: Uint8Array): number => head.length + rawPrefix.length + TENSOR_BYTES;
  const graphLength = graphBody.length + tensorHeads.reduce((a, h) => a + lengthPrefix(5, tensorLength(h)).length + tensorLength(h), 0);
  const chunk = new Uint8Array(WRITE_CHUNK_BYTES);
  // A non-zero pattern, so no filesystem can store the payload as holes.
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + 7) & 0xff;
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, encode('ModelProto', header));
    fs.writeSync(fd, lengthPrefix(7, graphLength));
    fs.writeSync(fd, graphBody);
    for (const head of tensorHeads) {
      fs.writeSync(fd, lengthPrefix(5, tensorLength(head)));
      fs.writeSync(fd, head);
      fs.writeSync(fd, rawPrefix);
      for (let done = 0; done < TENSOR_BYTES; done += chunk.length) fs.writeSync(fd, chunk, 0, Math.min(chunk.length, TENSOR_BYTES - done));
    }
  } finally {
    fs.closeSync(fd);
  }
  return fs.statSync(file).size;
}
