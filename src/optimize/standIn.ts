/**
 * A stand-in for a model with large weights, for the ORT session that optimizes it: the same
 * ModelProto with every tensor payload of more than SMALL_VALUE_LIMIT elements (those compactModel
 * drops) replaced by external
 * data in one sparse, zero-filled file (ftruncate: no blocks written). Small tensors (shapes,
 * scalars, epsilons: what ORT's fusions look at) keep their real bytes; small external payloads are
 * read from the user's files. ORT then needs neither the user's weight bytes nor the memory to read
 * them, and the session runs with prepacking off (`session.disable_prepacking`), so no packed copies
 * are made. Whether the optimized graph is the same as with the real weights is checked on the
 * corpus (test/optimize/standIn.test.ts).
 */
import { closeSync, ftruncateSync, openSync, readSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { FileSource } from '../onnx/byteSource';
import { compactModel } from '../onnx/compactModel';
import { dataTypeBits } from '../onnx/dataType';
import { onnxType } from '../onnx/onnxSchema';

/** External payloads up to this size are copied from the user's file (they may be shapes). */
const SMALL_EXTERNAL_BYTES = 64 * 1024;
/** Offsets of the zero-filled payloads, aligned for ORT's memory mapping. */
const ALIGN = 4096;

/** The stand-in's files (in `dir`) and what they stand for. */
export interface StandIn {
  modelPath: string;
  weightsPath: string;
  /** Payload bytes the sparse file stands for. */
  zeroFilledBytes: number;
  /** Tensors whose payload is zero-filled. */
  zeroFilledTensors: number;
}

/** Why no stand-in could be made (the caller then lets ORT read the real weights). */
export interface StandInRefusal {
  refused: string;
}

interface TensorMsg {
  name?: string;
  dims?: (number | { toNumber(): number })[];
  dataType?: number;
  rawData?: Uint8Array;
  floatData?: number[];
  int32Data?: number[];
  stringData?: Uint8Array[];
  int64Data?: unknown[];
  doubleData?: number[];
  uint64Data?: unknown[];
  externalData?: { key?: string; value?: string }[];
  dataLocation?: number;
  lensStoredBytes?: unknown;
}

interface AttrMsg {
  t?: TensorMsg;
  g?: GraphMsg;
  tensors?: TensorMsg[];
  graphs?: GraphMsg[];
  sparseTensor?: { values?: TensorMsg; indices?: TensorMsg };
  sparseTensors?: { values?: TensorMsg; indices?: TensorMsg }[];
}

interface GraphMsg {
  initializer?: TensorMsg[];
  sparseInitializer?: { values?: TensorMsg; indices?: TensorMsg }[];
  node?: { attribute?: AttrMsg[] }[];
}

const num = (d: number | { toNumber(): number }): number => (typeof d === 'number' ? d : d.toNumber());

function hasPayload(t: TensorMsg): boolean {
  return (
    (t.rawData?.length ?? 0) > 0 ||
    [t.floatData, t.int32Data, t.stringData, t.int64Data, t.doubleData, t.uint64Data].some((a) => (a?.length ?? 0) > 0)
  );
}

/** Writes the stand-in of `filePath` into `dir` (an empty temp folder). */
export function writeStandIn(filePath: string, dir: string): StandIn | StandInRefusal {
  const path = resolve(filePath);
  const base = dirname(path);
  const source = FileSource.open(path);
  let compact: Uint8Array;
  try {
    compact = compactModel(source).bytes;
  } finally {
    source.close();
  }
  const T = onnxType('ModelProto');
  const model = T.decode(compact) as unknown as { graph?: GraphMsg; functions?: { node?: { attribute?: AttrMsg[] }[] }[] };
  const weightsName = 'standin.weights';
  let offset = 0;
  let tensors = 0;
  let refused: string | null = null;

  const readSmallExternal = (t: TensorMsg, location: string, at: number, length: number): void => {
    const fd = openSync(resolve(base, location), 'r');
    try {
      const buf = Buffer.alloc(length);
      readSync(fd, buf, 0, length, at);
      t.rawData = buf;
    } finally {
      closeSync(fd);
    }
    t.externalData = [];
    t.dataLocation = 0;
  };

  const tensor = (t: TensorMsg | undefined, isSparsePart: boolean): void => {
    if (!t) return;
    delete t.lensStoredBytes;
    const count = (t.dims ?? []).reduce<number>((a, d) => a * num(d), 1);
    const bits = dataTypeBits(t.dataType ?? 0);
    if (t.dataLocation === 1) {
      const kv = new Map((t.externalData ?? []).map((e) => [e.key ?? '', e.value ?? '']));
      const location = kv.get('location') ?? '';
      const at = Number(kv.get('offset') ?? 0);
      const length = kv.has('length') ? Number(kv.get('length')) : bits === null ? null : Math.ceil((count * bits) / 8);
      if (length !== null && length <= SMALL_EXTERNAL_BYTES) {
        readSmallExternal(t, location, at, length);
        return;
      }
    } else if (hasPayload(t) || count === 0) {
      return;
    }
    if (isSparsePart) {
      refused = `sparse initializer part '${t.name ?? ''}' has a payload too large to keep`;
      return;
    }
    if (bits === null || t.dataType === 8) {
      refused = `tensor '${t.name ?? ''}' of data type ${t.dataType ?? 0} cannot be zero-filled`;
      return;
    }
    const bytes = Math.ceil((count * bits) / 8);
    for (const f of ['rawData', 'floatData', 'int32Data', 'stringData', 'int64Data', 'doubleData', 'uint64Data'] as const) delete t[f];
    t.dataLocation = 1;
    t.externalData = [
      { key: 'location', value: weightsName },
      { key: 'offset', value: String(offset) },
      { key: 'length', value: String(bytes) },
    ];
    offset += Math.ceil(bytes / ALIGN) * ALIGN;
    tensors++;
  };

  const attrs = (list: AttrMsg[] | undefined): void => {
    for (const a of list ?? []) {
      tensor(a.t, false);
      for (const t of a.tensors ?? []) tensor(t, false);
      if (a.g) graph(a.g);
      for (const g of a.graphs ?? []) graph(g);
      for (const s of [a.sparseTensor, ...(a.sparseTensors ?? [])]) if (s) (tensor(s.values, true), tensor(s.indices, true));
    }
  };
  const graph = (g: GraphMsg): void => {
    for (const t of g.initializer ?? []) tensor(t, false);
    for (const s of g.sparseInitializer ?? []) (tensor(s.values, true), tensor(s.indices, true));
    for (const n of g.node ?? []) attrs(n.attribute);
  };
  if (model.graph) graph(model.graph);
  for (const f of model.functions ?? []) for (const n of f.node ?? []) attrs(n.attribute);
  if (refused !== null) return { refused };

  const modelPath = join(dir, 'standin.onnx');
  const weightsPath = join(dir, weightsName);
  writeFileSync(modelPath, T.encode(model as never).finish());
  const fd = openSync(weightsPath, 'w');
  try {
    // A hole of `offset` bytes: reads as zeros, takes no disk blocks.
    ftruncateSync(fd, offset);
  } finally {
    closeSync(fd);
  }
  return { modelPath, weightsPath, zeroFilledBytes: offset, zeroFilledTensors: tensors };
}
