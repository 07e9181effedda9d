/** A tEXt chunk added to a PNG data URL, so an exported image carries its caption as metadata too. */

let crcTable: Uint32Array | null = null;

/** CRC-32 (ISO 3309, as PNG chunks use) of `bytes`. */
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** ASCII for the few non-Latin-1 characters the labels use, so tEXt keeps their meaning. */
const LATIN1_SPELLING: Record<string, string> = { '≥': '>=', '≤': '<=', '–': '-', '—': '-', '…': '...', '→': '->', '−': '-' };

/** Latin-1 bytes (PNG tEXt's encoding); the characters above are spelled out, any other becomes '?'. */
function latin1(text: string): number[] {
  const spelled = Array.from(text, (ch) => LATIN1_SPELLING[ch] ?? ch).join('');
  return Array.from(spelled, (ch) => (ch.charCodeAt(0) <= 0xff && ch.length === 1 ? ch.charCodeAt(0) : 0x3f));
}

/** The PNG data URL with a `keyword` tEXt chunk right after IHDR (PNG 1.2, section 4.2.3.1). */
export function withPngText(dataUrl: string, keyword: string, text: string): string {
  const prefix = 'data:image/png;base64,';
  if (!dataUrl.startsWith(prefix)) return dataUrl;
  const png = Uint8Array.from(atob(dataUrl.slice(prefix.length)), (c) => c.charCodeAt(0));
  // 8-byte signature, then IHDR: 4 length + 4 type + 13 data + 4 CRC.
  const afterIhdr = 8 + 4 + 4 + 13 + 4;
  const body = Uint8Array.from([...latin1('tEXt'), ...latin1(keyword), 0, ...latin1(text)]);
  const chunk = new Uint8Array(4 + body.length + 4);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, body.length - 4);
  chunk.set(body, 4);
  view.setUint32(4 + body.length, crc32(body));
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, afterIhdr), 0);
  out.set(chunk, afterIhdr);
  out.set(png.subarray(afterIhdr), afterIhdr + chunk.length);
  let binary = '';
  for (let i = 0; i < out.length; i += 0x8000) binary += String.fromCharCode(...out.subarray(i, i + 0x8000));
  return prefix + btoa(binary);
}
