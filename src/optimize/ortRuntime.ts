/**
 * onnxruntime-node, loaded lazily: the core works without it (every report is then at 'disabled',
 * with the reason). Looked for, in order: the copy a packaged build ships beside the bundle
 * (`dist/ort/node_modules/onnxruntime-node`, see scripts/build.mjs), then the ordinary package
 * resolution (a checkout's node_modules). `ONNX_MEMORY_LENS_ORT=off` hides it (for the fallback
 * tests and for users who want the disabled-level numbers without ORT).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

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

/** The package folder of onnxruntime-node as `require` would find it from here, or null. */
function resolvedPackage(): string | null {
  try {
    return dirname(require.resolve('onnxruntime-node/package.json'));
  } catch {
    return null;
  }
}

/**
 * Finds onnxruntime-node once per process. Its version is read from its package.json; the native
 * module itself is loaded on first use of `ort` (a cache hit needs only the version).
 */
export function loadOrtRuntime(): OrtRuntime {
  if (process.env.ONNX_MEMORY_LENS_ORT === 'off') return { ok: false, reason: 'onnxruntime-node is turned off (ONNX_MEMORY_LENS_ORT=off)' };
  if (cached) return cached;
  const dirs = [...bundledCandidates(), resolvedPackage()].filter((d): d is string => d !== null);
  const dir = dirs[0];
  if (dir === undefined) {
    cached = { ok: false, reason: `onnxruntime-node is not installed for ${process.platform}-${process.arch}` };
    return cached;
  }
  let version = '';
  try {
    version = String((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown }).version ?? '');
  } catch (e) {
    cached = { ok: false, reason: `onnxruntime-node's package.json cannot be read (${firstLine(e)})` };
    return cached;
  }
  let api: OrtApi | null = null;
  cached = {
    ok: true,
    version,
    from: dir,
    get ort(): OrtApi {
      // A plain require keeps the native module out of the bundle (esbuild leaves it external).
      return (api ??= require(dir) as OrtApi);
    },
  };
  return cached;
}

/** The first line of an error, at most 300 characters. */
export function firstLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return (msg.split('\n')[0] ?? '').slice(0, 300);
}
