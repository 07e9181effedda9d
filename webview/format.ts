/** Text formatting for sizes, shapes and steps. Pure: no DOM. */
import type { ReportDim } from '../src/report/report';

// Sizes are written by the core's one formatter (also used by the CLI and the budget warning).
export { formatBytes, formatBytesExact, formatMaybeBytes } from '../src/report/formatBytes';

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
