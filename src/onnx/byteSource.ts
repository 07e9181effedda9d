/**
 * Random access to the bytes of a model, either held in memory or read from a file on demand.
 *
 * The file source reads through one bounded window so that walking the protobuf structure of a
 * multi-gigabyte model touches only the bytes of its metadata: skipping a length-delimited field
 * moves the position without reading, and no single allocation exceeds `MAX_READ_BYTES`.
 */
import * as fs from 'node:fs';
import { LensError, OnnxFormatError } from './lensError';

/** Largest single read (and allocation) a source performs, in bytes (16 MiB). */
export const MAX_READ_BYTES = 16 * 1024 * 1024;

/** Largest read window of the file source, in bytes; small reads are served from it. */
export const WINDOW_BYTES = 64 * 1024;

/**
 * First fill after a jump, in bytes. Skipping a weight lands in the middle of nowhere: the next
 * tensor header is a few dozen bytes, so a small fill avoids reading the next weight's start.
 * Sequential fills double up to WINDOW_BYTES, so dense metadata still reads in large blocks.
 */
const MIN_FILL_BYTES = 4 * 1024;

/** Read-only random access to `size` bytes. Offsets are byte positions from the start. */
export interface ByteSource {
  /** Total bytes available. */
  readonly size: number;
  /** Bytes fetched from the underlying storage so far (for a file: read from disk). */
  readonly bytesRead: number;
  /** The byte at `offset`; the caller guarantees 0 ≤ offset < size. */
  byteAt(offset: number): number;
  /** A copy of bytes [offset, offset + length); the caller guarantees the range is in bounds. */
  read(offset: number, length: number): Uint8Array;
  /** Bytes [offset, offset + length), possibly a view valid only until the next call on this source. */
  view(offset: number, length: number): Uint8Array;
  /** Hints that [offset, offset + length) will be read (more than once); the range must be in bounds. */
  prefetch(offset: number, length: number): void;
  /** Releases any resource (file descriptor); the source is unusable afterwards. */
  close(): void;
}

/** A source over bytes already in memory; `bytesRead` is the whole buffer. */
export class MemorySource implements ByteSource {
  readonly size: number;
  constructor(private readonly bytes: Uint8Array) {
    this.size = bytes.length;
  }

  get bytesRead(): number {
    return this.size;
  }

  byteAt(offset: number): number {
    return this.bytes[offset] as number;
  }

  read(offset: number, length: number): Uint8Array {
    checkReadLength(length, offset);
    return this.bytes.slice(offset, offset + length);
  }

  view(offset: number, length: number): Uint8Array {
    checkReadLength(length, offset);
    return this.bytes.subarray(offset, offset + length);
  }

  prefetch(): void {}

  close(): void {}
}

/** A source reading a file by position through a bounded window; never reads bytes it is not asked for. */
export class FileSource implements ByteSource {
  readonly size: number;
  private fd: number | null;
  private window = Buffer.alloc(MIN_FILL_BYTES);
  private windowStart = 0;
  private windowLength = 0;
  private nextFillBytes = MIN_FILL_BYTES;
  private readCount = 0;

  private constructor(fd: number, size: number) {
    this.fd = fd;
    this.size = size;
  }

  /** Opens `filePath` for reading; throws LensError('io') when it cannot be opened or is not a file. */
  static open(filePath: string): FileSource {
    let fd: number;
    try {
      fd = fs.openSync(filePath, 'r');
    } catch (err) {
      throw new LensError('io', `Cannot open the model file (${errnoCode(err)})`, { cause: err });
    }
    try {
      const st = fs.fstatSync(fd);
      if (!st.isFile()) throw new LensError('io', 'The model path is not a regular file');
      return new FileSource(fd, st.size);
    } catch (err) {
      fs.closeSync(fd);
      throw err;
    }
  }

  get bytesRead(): number {
    return this.readCount;
  }

  byteAt(offset: number): number {
    if (offset < this.windowStart || offset >= this.windowStart + this.windowLength) this.fill(offset);
    return this.window[offset - this.windowStart] as number;
  }

  read(offset: number, length: number): Uint8Array {
    checkReadLength(length, offset);
    if (offset >= this.windowStart && offset + length <= this.windowStart + this.windowLength) {
      const at = offset - this.windowStart;
      return new Uint8Array(this.window.subarray(at, at + length));
    }
    if (length <= WINDOW_BYTES) {
      this.fill(offset, length);
      return new Uint8Array(this.window.subarray(0, length));
    }
    const out = new Uint8Array(length);
    this.readAt(out, offset, length);
    return out;
  }

  view(offset: number, length: number): Uint8Array {
    if (offset >= this.windowStart && offset + length <= this.windowStart + this.windowLength) {
      const at = offset - this.windowStart;
      return this.window.subarray(at, at + length);
    }
    return this.read(offset, length);
  }

  prefetch(offset: number, length: number): void {
    const isCovered = offset >= this.windowStart && offset + length <= this.windowStart + this.windowLength;
    if (!isCovered && length <= WINDOW_BYTES) this.fill(offset, length);
  }

  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }

  private fill(offset: number, minLength = 1): void {
    const isSequential = offset === this.windowStart + this.windowLength;
    this.nextFillBytes = isSequential ? Math.min(WINDOW_BYTES, this.nextFillBytes * 2) : MIN_FILL_BYTES;
    const length = Math.min(Math.max(this.nextFillBytes, minLength), this.size - offset);
    if (this.window.length < length) this.window = Buffer.alloc(Math.min(WINDOW_BYTES, Math.max(length, this.window.length * 2)));
    this.readAt(this.window, offset, length);
    this.windowStart = offset;
    this.windowLength = length;
  }

  private readAt(target: Uint8Array, offset: number, length: number): void {
    if (this.fd === null) throw new LensError('internal', 'Read from a closed file source');
    let done = 0;
    while (done < length) {
      const n = fs.readSync(this.fd, target, done, length - done, offset + done);
      // A file that shrinks while we read it ends early: report it as truncated, not as garbage.
      if (n === 0) throw new OnnxFormatError('truncated', `Unexpected end of file at byte ${offset + done}`, offset + done);
      done += n;
      this.readCount += n;
    }
  }
}

function checkReadLength(length: number, offset: number): void {
  if (length > MAX_READ_BYTES) {
    throw new OnnxFormatError('bad-model', `Field of ${length} bytes at byte ${offset} exceeds the ${MAX_READ_BYTES}-byte read limit`, offset);
  }
}

function errnoCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown error';
}
