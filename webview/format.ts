/** Text formatting for sizes, shapes and steps. Pure: no DOM. */
import type { ReportDim } from '../src/report/report';

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** Human size, e.g. `1.5 MiB`; known zero is `0 B`. */
export function formatBytes(bytes: number): string {
  let v = bytes;
  let u = 0;
  while (Math.abs(v) >= 1024 && u < UNITS.length - 1) { v /= 1024; u++; }
  return u === 0 ? `${v} B` : `${v.toFixed(v >= 100 ? 0 : v >= 10 ? 1 : 2)} ${UNITS[u]}`;
}

/** Human size with the exact byte count, e.g. `1.50 MiB (1,572,864 B)`. */
export function formatBytesExact(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} B`;
  return bytes < 1024 ? exact : `${formatBytes(bytes)} (${exact})`;
}

/** A size that may be unavailable: the number, or `unavailable (reason)`. */
export function formatMaybeBytes(bytes: number | null, reason: string | null): string {
  return bytes === null ? `unavailable (${reason ?? 'no reason given'})` : formatBytesExact(bytes);
}

/** Shape text, e.g. `[batch, 3, 224, 224]`; `?` for an unknown dim, `unknown rank` for null. */
export function formatShape(shape: ReportDim[] | null): string {
  if (shape === null) return 'unknown rank';
  return `[${shape.map((d) => (d === null ? '?' : String(d))).join(', ')}]`;
}

const NICE_STEPS = [1, 1.25, 1.5, 2, 2.5, 5, 7.5];

/** A round axis maximum >= bytes that splits into `intervals` round steps in binary units (e.g. 300 KiB for 281 KiB). */
export function niceBytesCeil(bytes: number, intervals: number): number {
  if (!(bytes > 0)) return intervals;
  const unit = 1024 ** Math.max(0, Math.floor(Math.log(bytes) / Math.log(1024)));
  const perStep = bytes / unit / intervals;
  let decade = 10 ** Math.floor(Math.log10(perStep));
  for (;;) {
    for (const m of NICE_STEPS) if (m * decade >= perStep - 1e-9) return m * decade * intervals * unit;
    decade *= 10;
  }
}
