/**
 * A bounds-checked protobuf wire-format reader over a ByteSource.
 *
 * Every read is checked against the reader's `end` (the enclosing message) and the source size:
 * running past the source is 'truncated'; anything else malformed is 'not-onnx'. Groups (wire
 * types 3/4) are deprecated and unused by ONNX, and 6/7 do not exist, so all four are refused.
 */
import type { ByteSource } from './byteSource';
import { OnnxFormatError } from './lensError';

/** Protobuf wire types that may appear in ONNX files. */
export const WireType = { VARINT: 0, FIXED64: 1, LENGTH_DELIMITED: 2, FIXED32: 5 } as const;

/** A decoded field key: field number and wire type, plus the byte offset where the key starts. */
export interface FieldTag {
  fieldNumber: number;
  wireType: number;
  startOffset: number;
}

/** Longest legal varint, in bytes (a 64-bit value in 7-bit groups). */
const MAX_VARINT_BYTES = 10;
/** Largest protobuf field number (2^29 - 1). */
const MAX_FIELD_NUMBER = 0x1fffffff;

/** Reads fields from [pos, end) of a source; positions are absolute byte offsets in the source. */
export class WireReader {
  pos: number;
  readonly end: number;

  constructor(
    readonly source: ByteSource,
    start = 0,
    end = source.size,
  ) {
    this.pos = start;
    this.end = end;
  }

  /** True when every byte of [start, end) has been consumed. */
  get isAtEnd(): boolean {
    return this.pos >= this.end;
  }

  /**
   * Reads an unsigned varint as a number. Values above 2^53 lose precision but stay large, which
   * is enough for lengths (they then fail the bounds check) and for skipping.
   */
  readVarint(): number {
    const start = this.pos;
    let value = 0;
    let scale = 1;
    for (let i = 0; i < MAX_VARINT_BYTES; i++) {
      if (this.pos >= this.end) this.failPastEnd(start, 'varint');
      const b = this.source.byteAt(this.pos++);
      value += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return value;
      scale *= 128;
    }
    throw new OnnxFormatError('not-onnx', `Varint longer than ${MAX_VARINT_BYTES} bytes at byte ${start}`, start);
  }

  /** Reads a field key; field number 0 or beyond 2^29-1 and wire types 3, 4, 6, 7 are refused. */
  readTag(): FieldTag {
    const startOffset = this.pos;
    const key = this.readVarint();
    const wireType = key % 8;
    const fieldNumber = Math.floor(key / 8);
    if (fieldNumber === 0 || fieldNumber > MAX_FIELD_NUMBER) {
      throw new OnnxFormatError('not-onnx', `Invalid field number ${fieldNumber} at byte ${startOffset}`, startOffset);
    }
    if (wireType !== 0 && wireType !== 1 && wireType !== 2 && wireType !== 5) {
      throw new OnnxFormatError('not-onnx', `Unsupported wire type ${wireType} for field ${fieldNumber} at byte ${startOffset}`, startOffset);
    }
    return { fieldNumber, wireType, startOffset };
  }

  /** Reads a length prefix and checks that the payload fits in [pos, end); returns the payload length. */
  readLength(): number {
    const start = this.pos;
    const length = this.readVarint();
    this.checkRoom(start, length);
    return length;
  }

  /** Skips a fixed number of bytes, checking bounds first. */
  skipBytes(length: number): void {
    this.checkRoom(this.pos, length);
    this.pos += length;
  }

  /** Skips the value of a field of `wireType` without reading length-delimited payloads. */
  skipValue(wireType: number): void {
    switch (wireType) {
      case WireType.VARINT:
        this.readVarint();
        return;
      case WireType.FIXED64:
        this.skipBytes(8);
        return;
      case WireType.LENGTH_DELIMITED: {
        // Read the length first: `this.pos += this.readLength()` would add to the stale position.
        const length = this.readLength();
        this.pos += length;
        return;
      }
      case WireType.FIXED32:
        this.skipBytes(4);
        return;
      default:
        throw new OnnxFormatError('not-onnx', `Unsupported wire type ${wireType} at byte ${this.pos}`, this.pos);
    }
  }

  /** Reads `length` bytes (bounds-checked) as a copy. */
  readBytes(length: number): Uint8Array {
    this.checkRoom(this.pos, length);
    const out = this.source.read(this.pos, length);
    this.pos += length;
    return out;
  }

  /** A reader over the next `length` bytes (the payload of a length-delimited field). */
  subReader(length: number): WireReader {
    this.checkRoom(this.pos, length);
    return new WireReader(this.source, this.pos, this.pos + length);
  }

  private checkRoom(at: number, length: number): void {
    if (this.pos + length <= this.end) return;
    if (this.pos + length > this.source.size && this.end === this.source.size) {
      throw new OnnxFormatError(
        'truncated',
        `Truncated data at byte ${at}: field needs ${length} bytes but only ${this.source.size - this.pos} remain`,
        at,
      );
    }
    throw new OnnxFormatError(
      'not-onnx',
      `Field at byte ${at} needs ${length} bytes but its enclosing message ends at byte ${this.end}`,
      at,
    );
  }

  private failPastEnd(start: number, what: string): never {
    if (this.end === this.source.size) {
      throw new OnnxFormatError('truncated', `Truncated ${what} at byte ${start}`, start);
    }
    throw new OnnxFormatError('not-onnx', `Unterminated ${what} at byte ${start} runs past its enclosing message`, start);
  }
}
