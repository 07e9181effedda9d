/**
 * The one way sizes are written for people, in the CLI summary, the budget warning, the panel and
 * every export: binary units with two significant decimals below 10, e.g. `1.50 KiB`, and with the
 * exact count where a reader may need it, `1.50 KiB (1,536 B)`. Pure: the webview runs it too.
 */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** Human size, e.g. `1.5 MiB` as `1.50 MiB`; known zero is `0 B`. */
export function formatBytes(bytes: number): string {
  let v = bytes;
  let u = 0;
  while (Math.abs(v) >= 1024 && u < UNITS.length - 1) { v /= 1024; u++; }
  return u === 0 ? `${v} B` : `${v.toFixed(v >= 100 ? 0 : v >= 10 ? 1 : 2)} ${UNITS[u]}`;
}

/** Human size with the exact byte count, e.g. `1.50 MiB (1,572,864 B)`; below 1 KiB just `512 B`. */
export function formatBytesExact(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} B`;
  return Math.abs(bytes) < 1024 ? exact : `${formatBytes(bytes)} (${exact})`;
}

/** A size that may be unavailable: the exact size, or `unavailable (reason)`. */
export function formatMaybeBytes(bytes: number | null, reason: string | null): string {
  return bytes === null ? `unavailable (${reason ?? 'no reason given'})` : formatBytesExact(bytes);
}

const PARSE_UNITS: Record<string, number> = {
  b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, tib: 1024 ** 4,
  kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12,
};

/**
 * A byte count as people write it: `2147483648`, `2GiB`, `512 MiB`, `1.5GB` (binary units are
 * powers of 1024, decimal ones of 1000, case-insensitive). Null when it is not one, or not a whole
 * number of bytes, or past 2^53.
 */
export function parseByteSize(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return null;
  const unit = PARSE_UNITS[(m[2] || 'b').toLowerCase()];
  if (unit === undefined) return null;
  const [whole, frac = ''] = m[1]!.split('.');
  // Exact for whole numbers; a fraction is scaled by its power of ten first, so 1.5GiB is exact.
  const scale = 10 ** frac.length;
  const bytes = (Number(whole) * scale + Number(frac || '0')) * unit / scale;
  return Number.isSafeInteger(bytes) ? bytes : null;
}
