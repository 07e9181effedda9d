/**
 * Builds plain-data estimator calls for tests: inputs are named in0, in1, ... and outputs out0,
 * out1, ...; `null` in `inputs` marks an omitted optional input ('' name).
 */
import type { Attribute } from '../../../src/onnx/model';
import { AttributeType } from '../../../src/onnx/onnxSchema';
import type { TensorDesc, WorkspaceEnv, WorkspaceIo, WorkspaceNode } from '../../../src/plan/workspace';

export type AttrValue = number | number[] | string | { f: number } | { floats: number[] };

/** A compact node spec. */
export interface NodeCase {
  op: string;
  domain?: string;
  attrs?: Record<string, AttrValue>;
  /** [dtype, dims] per input; null = omitted. */
  inputs: ([number, (number | null)[]] | null)[];
  /** [dtype, dims] per output; null = omitted output; undefined = one unknown output. */
  outputs?: ([number, (number | null)[]] | null)[];
  /** Input positions that are constant initializers. */
  constant?: number[];
  /** Known values of constant inputs, by position. */
  values?: Record<number, number[]>;
  /** Output positions that are graph outputs. */
  graphOutputs?: number[];
  /** Contents of non-constant inputs known before the run (as `--value` fixes them), by position. */
  known?: Record<number, number[]>;
}

function toAttribute(name: string, v: AttrValue): Attribute {
  if (typeof v === 'number') return { name, type: AttributeType.INT, i: v };
  if (typeof v === 'string') return { name, type: AttributeType.STRING, s: v };
  if (Array.isArray(v)) return { name, type: AttributeType.INTS, ints: v };
  if ('floats' in v) return { name, type: AttributeType.FLOATS, floats: v.floats };
  return { name, type: AttributeType.FLOAT, f: v.f };
}

/** The node and io for a spec. */
export function buildCase(c: NodeCase): { node: WorkspaceNode; io: WorkspaceIo } {
  const inputs = c.inputs.map((d, i) => (d ? `in${i}` : ''));
  const outSpecs = c.outputs ?? [null];
  const outputs = outSpecs.map((d, i) => (d || c.outputs === undefined ? `out${i}` : ''));
  const desc = (d: [number, (number | null)[]] | null): TensorDesc | null => (d ? { dtype: d[0], dims: d[1] } : null);
  const constants = new Set((c.constant ?? []).map((i) => `in${i}`));
  const graphOutputs = new Set((c.graphOutputs ?? []).map((i) => `out${i}`));
  const node: WorkspaceNode = {
    opType: c.op,
    domain: c.domain ?? '',
    attributes: Object.entries(c.attrs ?? {}).map(([k, v]) => toAttribute(k, v)),
    inputs,
    outputs,
  };
  const io: WorkspaceIo = {
    inputs: c.inputs.map((d, i) => {
      const t = desc(d);
      return t && c.known?.[i] ? { ...t, value: c.known[i] } : t;
    }),
    outputs: outSpecs.map(desc),
    isConstant: (name) => constants.has(name),
    isGraphOutput: (name) => graphOutputs.has(name),
    constantValues: (name) => c.values?.[Number(name.slice(2))] ?? null,
  };
  return { node, io };
}

/** An env with `threads` intra-op threads and a 1 MiB L2 unless overridden. */
export function envOf(threads: number, extra: Partial<WorkspaceEnv> = {}): WorkspaceEnv {
  return { threads, l2CacheBytes: 1024 * 1024, ...extra };
}

/** com.microsoft GroupQueryAttention with separate Q/K/V, a past of `past` and fp32 everywhere. */
export function gqaCase(B: number, S: number, N: number, Nkv: number, H: number, past: number): NodeCase {
  const F = 1;
  const I32 = 6;
  return {
    op: 'GroupQueryAttention',
    domain: 'com.microsoft',
    attrs: { num_heads: N, kv_num_heads: Nkv },
    inputs: [[F, [B, S, N * H]], [F, [B, S, Nkv * H]], [F, [B, S, Nkv * H]], [F, [B, Nkv, past, H]], [F, [B, Nkv, past, H]], [I32, [B]], [I32, []]],
    outputs: [[F, [B, S, N * H]], [F, [B, Nkv, past + S, H]], [F, [B, Nkv, past + S, H]]],
  };
}

/** com.microsoft MatMulNBits with block size 32, constant B and scales; A, scales and Y in `aType`. */
export function matMulNBitsCase(M: number, K: number, N: number, bits: number, level: number, aType = 1): NodeCase {
  const U8 = 2;
  const block = 32;
  const blocks = Math.ceil(K / block);
  return {
    op: 'MatMulNBits',
    domain: 'com.microsoft',
    attrs: { K, N, bits, block_size: block, accuracy_level: level },
    inputs: [[aType, [M, K]], [U8, [N, blocks, (block * bits) / 8]], [aType, [N * blocks]]],
    outputs: [[aType, [M, N]]],
    constant: [1, 2],
  };
}

/** QLinearConv of u8 X[1,8,16,16] with W[16,8,3,3] of `wType`, all quantization inputs constant with `values`. */
export function qLinearConvCase(wType: number, values: Record<number, number[]>): NodeCase {
  const F = 1;
  const U8 = 2;
  return {
    op: 'QLinearConv',
    attrs: { pads: [1, 1, 1, 1] },
    inputs: [[U8, [1, 8, 16, 16]], [F, []], [U8, []], [wType, [16, 8, 3, 3]], [F, []], [wType, []], [F, []], [U8, []]],
    outputs: [[U8, [1, 16, 16, 16]]],
    constant: [1, 2, 3, 4, 5, 6, 7],
    values,
  };
}
