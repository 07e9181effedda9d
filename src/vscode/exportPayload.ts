/**
 * Turns an `export` message into a safe file name and the bytes to write. Pure (no `vscode`), so
 * the rules are unit-tested; the host writes only where the user picked in a save dialog.
 */
import { basename } from 'node:path';
import { LensError } from '../onnx/lensError';

/** Formats the webview can export. */
export type ExportFormat = 'png' | 'svg' | 'csv' | 'json';

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** A file name for the save dialog: the base name only, without control or reserved characters, ending in `.format`. */
export function safeExportName(fileName: string, format: ExportFormat): string {
  const base = basename(fileName.replace(/\\/g, '/'))
    // Control characters and characters Windows refuses in names.
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  const stem = base.length > 0 ? base : 'memory-report';
  return stem.toLowerCase().endsWith(`.${format}`) ? stem : `${stem}.${format}`;
}

/** The bytes to write: PNG from a base64 data URL (or bare base64), the other formats as UTF-8 text. */
export function exportBytes(format: ExportFormat, data: string): Uint8Array {
  if (format !== 'png') return new TextEncoder().encode(data);
  const b64 = data.startsWith(PNG_DATA_URL_PREFIX) ? data.slice(PNG_DATA_URL_PREFIX.length) : data;
  if (!BASE64_RE.test(b64)) throw new LensError('bad-argument', 'PNG export data is not base64 or a PNG data URL');
  return new Uint8Array(Buffer.from(b64, 'base64'));
}
