/** Appends protobuf wire-format pieces into a growing buffer. */
export class ByteWriter {
  private buffer = new Uint8Array(4096);
  private length = 0;

  /** Bytes written so far. */
  get byteLength(): number {
    return this.length;
  }

  /** Appends raw bytes. */
  writeBytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Appends one byte (0..255). */
  writeByte(byte: number): void {
    this.reserve(1);
    this.buffer[this.length++] = byte;
  }

  /** Appends an unsigned varint; `value` must be a non-negative safe integer. */
  writeVarint(value: number): void {
    this.reserve(10);
    let v = value;
    while (v >= 0x80) {
      this.buffer[this.length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buffer[this.length++] = v;
  }

  /**
   * Inserts `value` as a varint at `offset`, shifting the bytes after it. Lets a caller write a
   * sub-message in place and prefix its length afterwards, without a buffer per message.
   */
  insertVarintAt(offset: number, value: number): void {
    let width = 1;
    for (let v = value; v >= 0x80; v = Math.floor(v / 0x80)) width++;
    this.reserve(width);
    this.buffer.copyWithin(offset + width, offset, this.length);
    let v = value;
    for (let i = 0; i < width; i++) {
      this.buffer[offset + i] = i < width - 1 ? (v % 0x80) | 0x80 : v;
      v = Math.floor(v / 0x80);
    }
    this.length += width;
  }

  /** Appends a field key. */
  writeTag(fieldNumber: number, wireType: number): void {
    this.writeVarint(fieldNumber * 8 + wireType);
  }

  /** The written bytes (a copy trimmed to length). */
  toBytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    let capacity = this.buffer.length * 2;
    while (capacity < this.length + extra) capacity *= 2;
    const next = new Uint8Array(capacity);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
  }
}
