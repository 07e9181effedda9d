/**
 * Validates messages posted by the webview before the host uses them. The webview renders
 * untrusted model text, so every field is checked for shape, type and size, and the host only
 * sees a freshly built copy holding the known fields.
 */
import { GRAPH_OPTIMIZATION_LEVELS, type GraphOptimizationLevel } from '../report/report';
import type { FromWebview } from '../report/protocol';
import { FROM_WEBVIEW_TYPES, MAX_SWEEP_POINTS } from '../report/protocol';
import { MAX_DIM_VALUE } from '../report/fit';
import { MAX_FIXED_ELEMENTS } from '../analyze/inputValues';
import { assertUnreachable } from '../onnx/lensError';

/** Most symbolic dims a bind message may carry (real models have a handful). */
export const MAX_BINDINGS = 256;
/** Longest dim name accepted in a bind message, in UTF-16 units. */
export const MAX_BINDING_NAME_LENGTH = 256;
/** Largest dim value accepted: int64 dims beyond 2^53 cannot be planned exactly in JS anyway. */
export const MAX_BINDING_VALUE = Number.MAX_SAFE_INTEGER;
/** Longest export file name, in UTF-16 units (a common file-system limit). */
export const MAX_EXPORT_NAME_LENGTH = 255;
/** Largest export payload, in UTF-16 units (a PNG data URL of a big canvas fits easily). */
export const MAX_EXPORT_DATA_LENGTH = 256 * 1024 * 1024;

const EXPORT_FORMATS: ReadonlyArray<string> = ['png', 'svg', 'csv', 'json'];

/** The outcome of validation: the checked message, or why it was refused (for the log). */
export type Validated = { ok: true; message: FromWebview } | { ok: false; type: string | null; reason: string };

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function refuse(type: string | null, reason: string): Validated {
  return { ok: false, type, reason };
}

function validateBindings(raw: unknown): Record<string, number> | string {
  if (!isRecord(raw)) return 'bindings is not an object';
  const keys = Object.keys(raw);
  if (keys.length > MAX_BINDINGS) return `bindings has ${keys.length} entries, more than ${MAX_BINDINGS}`;
  // A null-prototype object so a dim named '__proto__' stays an ordinary key.
  const out: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const key of keys) {
    const value = raw[key];
    if (key.length === 0 || key.length > MAX_BINDING_NAME_LENGTH) return `binding name of length ${key.length} is out of range`;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_BINDING_VALUE) {
      return `binding '${key}' is not a non-negative integer: ${String(value)}`;
    }
    out[key] = value;
  }
  return out;
}

/** Most inputs a setInputValues message may fix. */
export const MAX_FIXED_INPUTS = 64;

function validateInputValues(raw: unknown): Record<string, number[]> | string {
  if (!isRecord(raw)) return 'values is not an object';
  const keys = Object.keys(raw);
  if (keys.length > MAX_FIXED_INPUTS) return `values has ${keys.length} entries, more than ${MAX_FIXED_INPUTS}`;
  const out: Record<string, number[]> = Object.create(null) as Record<string, number[]>;
  for (const key of keys) {
    const list = raw[key];
    if (key.length === 0 || key.length > MAX_BINDING_NAME_LENGTH) return `input name of length ${key.length} is out of range`;
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_FIXED_ELEMENTS) return `values of '${key}' is not a list of 1 to ${MAX_FIXED_ELEMENTS} numbers`;
    if (!list.every((x) => typeof x === 'number' && Number.isFinite(x))) return `values of '${key}' holds something that is not a finite number`;
    out[key] = [...(list as number[])];
  }
  return out;
}

/** A value a dim may take in a sweep or fit (0 to 2^31 − 1, as the bindings fields). */
function isDimValue(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= MAX_DIM_VALUE;
}

/** Checks one inbound message; never throws. */
export function validateFromWebview(raw: unknown): Validated {
  if (!isRecord(raw)) return refuse(null, 'message is not an object');
  const type = raw.type;
  if (typeof type !== 'string') return refuse(null, 'message has no string type');
  if (!(FROM_WEBVIEW_TYPES as ReadonlyArray<string>).includes(type)) return refuse(type, 'unknown message type');
  const t = type as FromWebview['type'];
  switch (t) {
    case 'ready':
      return { ok: true, message: { type: 'ready' } };
    case 'importProfile':
      return { ok: true, message: { type: 'importProfile' } };
    case 'setView':
      if (raw.view !== 'sequential' && raw.view !== 'parallel') return refuse(type, `view is not sequential or parallel: ${String(raw.view)}`);
      return { ok: true, message: { type: 'setView', view: raw.view } };
    case 'setOptimization':
      if (!(GRAPH_OPTIMIZATION_LEVELS as readonly unknown[]).includes(raw.level)) return refuse(type, `level is not one of ${GRAPH_OPTIMIZATION_LEVELS.join(', ')}: ${String(raw.level)}`);
      return { ok: true, message: { type: 'setOptimization', level: raw.level as GraphOptimizationLevel } };
    case 'bind': {
      const bindings = validateBindings(raw.bindings);
      if (typeof bindings === 'string') return refuse(type, bindings);
      return { ok: true, message: { type: 'bind', bindings } };
    }
    case 'setInputValues': {
      const values = validateInputValues(raw.values);
      if (typeof values === 'string') return refuse(type, values);
      return { ok: true, message: { type: 'setInputValues', values } };
    }
    case 'export': {
      const { format, fileName, data } = raw;
      if (typeof format !== 'string' || !EXPORT_FORMATS.includes(format)) return refuse(type, `format is not one of ${EXPORT_FORMATS.join(', ')}`);
      if (typeof fileName !== 'string' || fileName.length === 0 || fileName.length > MAX_EXPORT_NAME_LENGTH) return refuse(type, 'fileName is not a string of 1 to 255 characters');
      if (typeof data !== 'string' || data.length > MAX_EXPORT_DATA_LENGTH) return refuse(type, 'data is not a string within the export size limit');
      return { ok: true, message: { type: 'export', format: format as 'png' | 'svg' | 'csv' | 'json', fileName, data } };
    }
    case 'cancelAnswer':
      return { ok: true, message: { type: 'cancelAnswer' } };
    case 'sweep': {
      const { dim, from, to, points, log } = raw;
      if (typeof dim !== 'string' || dim.length === 0 || dim.length > MAX_BINDING_NAME_LENGTH) return refuse(type, 'dim is not a name of 1 to 256 characters');
      if (!isDimValue(from) || !isDimValue(to) || to < from) return refuse(type, 'from and to are not dim values with from <= to');
      if (typeof points !== 'number' || !Number.isInteger(points) || points < 1 || points > MAX_SWEEP_POINTS) return refuse(type, `points is not an integer from 1 to ${MAX_SWEEP_POINTS}`);
      if (typeof log !== 'boolean' || (log && from < 1)) return refuse(type, 'log is not a boolean (or from is 0 with log)');
      return { ok: true, message: { type: 'sweep', dim, from, to, points, log } };
    }
    case 'fit': {
      const { dim, budgetBytes } = raw;
      if (typeof dim !== 'string' || dim.length === 0 || dim.length > MAX_BINDING_NAME_LENGTH) return refuse(type, 'dim is not a name of 1 to 256 characters');
      if (budgetBytes !== null && !(typeof budgetBytes === 'number' && Number.isSafeInteger(budgetBytes) && budgetBytes >= 0)) return refuse(type, 'budgetBytes is not null or a byte count');
      return { ok: true, message: { type: 'fit', dim, budgetBytes } };
    }
    default:
      return assertUnreachable(t);
  }
}
