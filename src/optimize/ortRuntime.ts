/**
 * onnxruntime-node, loaded lazily: the core works without it (every report is then at 'disabled',
 * with the reason). Looked for, in order: the copy a packaged build ships beside the bundle
 * (`dist/ort/node_modules/onnxruntime-node`, see scripts/build.mjs), then the ordinary package
 * resolution (a checkout's node_modules). `ONNX_MEMORY_LENS_ORT=off` hides it (for the fallback
 * tests and for users who want the disabled-level numbers without ORT).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The slice of onnxruntime-node's API the project uses. */
export interface OrtApi {
  InferenceSession: { create(path: string, options: Record<string, unknown>): Promise<OrtSessionHandle> };
  env: { versions?: { common?: string } };
}

/** A created session; the project never runs it. */
export interface OrtSessionHandle {
  release(): Promise<void>;
}

/** ORT and its version, or why it is not there. */
export type OrtRuntime = { ok: true; ort: OrtApi; version: string; from: string } | { ok: false; reason: string };

let cached: OrtRuntime | null = null;

/** The bundled copy's folder, when this code runs from a build that ships one. */
function bundledCandidates(): string[] {
  const out: string[] = [];
  for (const base of [__dirname, join(__dirname, '..')]) {
    const p = join(base, 'ort', 'node_modules', 'onnxruntime-node');
    if (existsSync(join(p, 'package.json'))) out.push(p);
  }
  return out;
}

/** Loads onnxruntime-node once per process (its native module cannot be unloaded anyway). */
export function loadOrtRuntime(): OrtRuntime {
  if (process.env.ONNX_MEMORY_LENS_ORT === 'off') return { ok: false, reason: 'onnxruntime-node is turned off (ONNX_MEMORY_LENS_ORT=off)' };
  if (cached) return cached;
  const errors: string[] = [];
  for (const id of [...bundledCandidates(), 'onnxruntime-node']) {
    try {
      // A plain require keeps the native module out of the bundle (esbuild leaves it external).
      const ort = require(id) as OrtApi;
      const version = String((require(join(id === 'onnxruntime-node' ? require.resolve('onnxruntime-node/package.json').replace(/package\.json$/, '') : id, 'package.json')) as { version?: string }).version ?? '');
      cached = { ok: true, ort, version, from: id };
      return cached;
    } catch (e) {
      errors.push(firstLine(e));
    }
  }
  cached = { ok: false, reason: `onnxruntime-node could not be loaded on ${process.platform}-${process.arch} (${errors[errors.length - 1] ?? 'not found'})` };
  return cached;
}

/** The first line of an error, at most 300 characters. */
export function firstLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return (msg.split('\n')[0] ?? '').slice(0, 300);
}
