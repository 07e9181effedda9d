/**
 * ORT's RemoveDuplicateCastTransformer (ort-graph-at-disabled.md §4c). It runs at level 0 on every
 * session, so it also rewrites the user's own Cast chains, not only the Casts ORT inserted.
 */
import { DataType } from '../../onnx/dataType';
import type { ExecNode } from '../execGraph';
import type { GraphEditor } from './graphEditor';

/** Value name → ONNX dtype number (null: unknown). Updated in place as the transforms retype values. */
export interface DtypeMap {
  get(name: string): number | null | undefined;
  set(name: string, dtype: number | null): unknown;
  /**
   * False only when no value can have `dtype`, so a pass may skip looking each node's inputs up
   * (at 200k values those lookups were cache misses). Absent: assume it may.
   */
  mayHold?(dtype: number): boolean;
}

type TypeGroup = 'bool' | 'int' | 'uint' | 'float';

/** ORT groups only these types; any other (or unknown) type makes a Cast count as lossy. */
const TYPE_GROUP: Record<number, TypeGroup> = {
  [DataType.BOOL]: 'bool',
  [DataType.INT8]: 'int',
  [DataType.INT16]: 'int',
  [DataType.INT32]: 'int',
  [DataType.INT64]: 'int',
  [DataType.UINT8]: 'uint',
  [DataType.UINT16]: 'uint',
  [DataType.UINT32]: 'uint',
  [DataType.UINT64]: 'uint',
  [DataType.FLOAT16]: 'float',
  [DataType.BFLOAT16]: 'float',
  [DataType.FLOAT]: 'float',
  [DataType.DOUBLE]: 'float',
};

/** Bit lengths as ORT's BitLength counts them (bool is 1 bit there). */
const BIT_LENGTH: Record<number, number> = {
  [DataType.BOOL]: 1,
  [DataType.INT8]: 8,
  [DataType.UINT8]: 8,
  [DataType.INT16]: 16,
  [DataType.UINT16]: 16,
  [DataType.FLOAT16]: 16,
  [DataType.BFLOAT16]: 16,
  [DataType.INT32]: 32,
  [DataType.UINT32]: 32,
  [DataType.FLOAT]: 32,
  [DataType.INT64]: 64,
  [DataType.UINT64]: 64,
  [DataType.DOUBLE]: 64,
};

const INSERTED_PREFIX = 'InsertedPrecisionFreeCast_';

/** ORT's UnsafeCast: true when casting src→dst may lose information (a Cast ORT will not drop). */
export function isUnsafeCast(src: number | null, dst: number | null, castName: string): boolean {
  const sg = src === null ? undefined : TYPE_GROUP[src];
  const dg = dst === null ? undefined : TYPE_GROUP[dst];
  if (sg === undefined || dg === undefined || src === null || dst === null) return true;
  if (sg !== 'bool' && sg !== 'uint' && dg === 'uint') return true;
  if (sg === 'float' && dg !== 'float') return true;
  const sb = BIT_LENGTH[src];
  const db = BIT_LENGTH[dst];
  if (sg === 'uint' && dg === 'int') return db <= sb;
  if ((sg === 'int' || sg === 'uint') && dg === 'float') return db <= sb;
  const f16 = DataType.FLOAT16;
  const bf16 = DataType.BFLOAT16;
  if ((src === f16 && dst === bf16) || (src === bf16 && dst === f16)) return true;
  return sb > db && !castName.startsWith(INSERTED_PREFIX);
}

function castTypes(n: ExecNode, types: DtypeMap): { src: number | null; dst: number | null } {
  return { src: types.get(n.inputs[0] ?? '') ?? null, dst: types.get(n.outputs[0] ?? '') ?? null };
}

/**
 * Removes cancelling Cast pairs and Casts whose children are all Casts, visiting Casts in index
 * order exactly as ORT does. Returns the number of nodes removed. Subgraphs are not visited here.
 */
export function removeDuplicateCasts(g: GraphEditor, types: DtypeMap): number {
  let removedCount = 0;
  const last = g.graph.nodes.length;
  for (let idx = 0; idx < last; idx++) {
    const a = g.node(idx);
    if (!a || a.opType !== 'Cast' || a.domain !== '') continue;
    const { src, dst } = castTypes(a, types);
    const out = a.outputs[0] ?? '';
    const lossy = isUnsafeCast(src, dst, a.name);
    const childEdges = g.outputEdgeCount(a);
    const toRemove: ExecNode[] = [];
    const toKeep: ExecNode[] = [];
    let inconsistent = false;
    for (const ci of g.consumers(out)) {
      const c = g.node(ci)!;
      if (c.opType !== 'Cast' || c.domain !== '') continue;
      const ct = castTypes(c, types);
      if (lossy && isUnsafeCast(ct.dst, ct.src, c.name)) {
        inconsistent = true;
        break;
      }
      const cOut = c.outputs[0] ?? '';
      if (!g.graphOutputs.has(cOut) && src === ct.dst && ct.src === dst) toRemove.push(c);
      else toKeep.push(c);
    }
    if (inconsistent) continue;
    const input = a.inputs[0] ?? '';
    for (const c of toRemove) {
      const cOut = c.outputs[0] ?? '';
      for (const k of g.consumers(cOut)) g.replaceInput(k, cOut, input);
      g.removeNode(c.index);
      removedCount++;
    }
    if (childEdges > 0 && toRemove.length + toKeep.length === childEdges && !g.graphOutputs.has(out)) {
      // ORT retypes the kept children's input NodeArg to A's source type, then bypasses A.
      types.set(out, src);
      for (const k of g.consumers(out)) g.replaceInput(k, out, input);
      g.removeNode(a.index);
      removedCount++;
    }
  }
  return removedCount;
}
