/** How VS Code's extension host serializes a webview message, re-implemented for timing in the benchmarks. */

/**
 * What VS Code's extension host does to a webview message (own re-implementation for timing):
 * JSON text with each typed array replaced by a reference to its buffer, plus a copy of each buffer.
 * Returns the JSON length plus the buffer bytes.
 */
export function serializeLikeVsCode(message: unknown): number {
  const buffers: ArrayBuffer[] = [];
  const json = JSON.stringify(message, (_key, value: unknown) => {
    if (value instanceof ArrayBuffer) {
      buffers.push(value);
      return { ref: buffers.length - 1 };
    }
    if (ArrayBuffer.isView(value)) {
      buffers.push(value.buffer as ArrayBuffer);
      return { ref: buffers.length - 1, byteOffset: value.byteOffset, byteLength: value.byteLength };
    }
    return value;
  });
  let bytes = 0;
  for (const b of buffers) bytes += new Uint8Array(b).slice().byteLength;
  return json.length + bytes;
}
