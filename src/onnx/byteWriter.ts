/** Appends protobuf wire-format pieces into a growing buffer. */
export class ByteWriter {
  private buffer = new Uint8Array(256);
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
