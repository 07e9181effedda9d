/**
 * The columnar Report in one ArrayBuffer, for the host -> webview message.
 *
 * Why one buffer: VS Code's webview messaging passes every ArrayBuffer of a message as its own
 * argument and loses those past about 250. A columnar Report has about 40 typed arrays per graph,
 * so a model with seven or more graphs (three If nodes) reached the webview with its last columns
 * missing ("String index 8 is outside the table of 0"). Packed, a report of any number of graphs
 * is one JSON-safe layout plus one buffer.
 *
 * Layout rules:
 * - Every typed array of the tree is copied into `buffer` at an 8-byte aligned offset (Float64Array
 *   views need it) and replaced in `layout` by `{ [COLUMN_KEY]: slot }`.
 * - `slots[i]` names the array's element kind, byte offset and element count.
 * - Everything else (meta objects, the string table's text) stays as it was.
 * unpackReportColumns(packReportColumns(c)) deep-equals c. Pure: no DOM, no vscode.
 */
import { LensError } from '../onnx/lensError';
import type { ReportColumns } from './columnarReport';

/** Element kinds a slot can hold (the typed arrays the columnar Report uses). */
export type ColumnKind = 'u8' | 'i32' | 'u32' | 'f64';

/** Where one typed array lives in the packed buffer. */
export interface ColumnSlot {
  kind: ColumnKind;
  /** Byte offset into `buffer`; a multiple of 8. */
  byteOffset: number;
  /** Element count. */
  length: number;
}

/** A ReportColumns with its typed arrays moved into one buffer (see the file comment). */
export interface PackedReportColumns {
  /** The ReportColumns tree with each typed array replaced by `{ [COLUMN_KEY]: slot index }`. */
  layout: unknown;
  slots: ColumnSlot[];
  buffer: ArrayBuffer;
}

/** The key that marks a typed array's place in the layout. No field of the Report is named so. */
export const COLUMN_KEY = '$column';

const ALIGN_BYTES = 8;

type Column = Uint8Array | Int32Array | Uint32Array | Float64Array;

const KIND_OF = (a: unknown): ColumnKind | null =>
  a instanceof Float64Array ? 'f64' : a instanceof Int32Array ? 'i32' : a instanceof Uint32Array ? 'u32' : a instanceof Uint8Array ? 'u8' : null;

const ELEMENT_BYTES: Record<ColumnKind, number> = { u8: 1, i32: 4, u32: 4, f64: 8 };

const alignUp = (n: number): number => Math.ceil(n / ALIGN_BYTES) * ALIGN_BYTES;

function isPlainRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Packs every typed array of `columns` into one buffer (one copy of the column bytes). */
export function packReportColumns(columns: ReportColumns): PackedReportColumns {
  const found: Column[] = [];
  const slots: ColumnSlot[] = [];
  let byteLength = 0;
  const walk = (x: unknown): unknown => {
    const kind = KIND_OF(x);
    if (kind !== null) {
      const a = x as Column;
      slots.push({ kind, byteOffset: byteLength, length: a.length });
      found.push(a);
      byteLength = alignUp(byteLength + a.byteLength);
      return { [COLUMN_KEY]: slots.length - 1 };
    }
    if (ArrayBuffer.isView(x) || x instanceof ArrayBuffer) throw new LensError('internal', 'Report columns hold a binary field of an unsupported kind');
    if (Array.isArray(x)) return x.map(walk);
    if (isPlainRecord(x)) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(x)) out[key] = walk(x[key]);
      return out;
    }
    return x;
  };
  const layout = walk(columns);
  const buffer = new ArrayBuffer(byteLength);
  const bytes = new Uint8Array(buffer);
  for (let i = 0; i < found.length; i++) {
    const a = found[i]!;
    bytes.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), slots[i]!.byteOffset);
  }
  return { layout, slots, buffer };
}

function viewOf(slot: ColumnSlot, index: number, buffer: ArrayBuffer, base: number): Column {
  const elementBytes = ELEMENT_BYTES[slot.kind] as number | undefined;
  if (elementBytes === undefined) throw new LensError('internal', `Packed column ${index} has unknown kind ${JSON.stringify(slot.kind)}`);
  const { byteOffset, length } = slot;
  if (!Number.isInteger(byteOffset) || !Number.isInteger(length) || byteOffset < 0 || length < 0 || byteOffset % ALIGN_BYTES !== 0
    || base + byteOffset + length * elementBytes > buffer.byteLength) {
    throw new LensError('internal', `Packed column ${index} (${length} × ${slot.kind} at byte ${byteOffset}) is outside the buffer of ${buffer.byteLength - base} bytes`);
  }
  const at = base + byteOffset;
  switch (slot.kind) {
    case 'u8': return new Uint8Array(buffer, at, length);
    case 'i32': return new Int32Array(buffer, at, length);
    case 'u32': return new Uint32Array(buffer, at, length);
    case 'f64': return new Float64Array(buffer, at, length);
  }
}

/**
 * Rebuilds the ReportColumns as views on the packed buffer (no copy). Accepts the buffer as an
 * ArrayBuffer or as a view on one (what a message channel hands over), and throws
 * LensError('internal') when a slot or reference is out of range.
 */
export function unpackReportColumns(packed: PackedReportColumns): ReportColumns {
  const raw: unknown = packed.buffer;
  let buffer: ArrayBuffer;
  let base = 0;
  if (raw instanceof ArrayBuffer) {
    buffer = raw;
  } else if (ArrayBuffer.isView(raw) && raw.buffer instanceof ArrayBuffer) {
    // A view at an unaligned offset cannot carry Float64Array views: copy its bytes out once.
    const aligned = raw.byteOffset % ALIGN_BYTES === 0;
    buffer = aligned ? raw.buffer : raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength);
    base = aligned ? raw.byteOffset : 0;
  } else {
    throw new LensError('internal', 'Packed report columns carry no buffer');
  }
  if (!Array.isArray(packed.slots)) throw new LensError('internal', 'Packed report columns carry no slot list');
  const views = packed.slots.map((slot, i) => viewOf(slot, i, buffer, base));
  const used = new Uint8Array(views.length);
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (isPlainRecord(x)) {
      if (COLUMN_KEY in x) {
        const i = x[COLUMN_KEY];
        const view = typeof i === 'number' ? views[i] : undefined;
        if (view === undefined) throw new LensError('internal', `Packed column reference ${JSON.stringify(i)} is outside the ${views.length} slots`);
        if (used[i as number] === 1) throw new LensError('internal', `Packed column ${String(i)} is referenced twice`);
        used[i as number] = 1;
        return view;
      }
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(x)) out[key] = walk(x[key]);
      return out;
    }
    return x;
  };
  return walk(packed.layout) as ReportColumns;
}
