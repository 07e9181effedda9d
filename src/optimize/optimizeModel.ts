/**
 * The graph ORT 1.30 executes at a graph optimization level, taken from ORT itself
 * (docs/ort-optimized-sessions.md): one session is created (never run) on the user's file with
 * `optimizedModelFilePath` and `session.node_partition_config_file`, both in a fresh folder under
 * the OS temp; the saved graph is decoded without its weights (they go to a side file in that
 * folder, which is removed with it), and its nodes are rewritten in the dumped execution order.
 * The planner then takes that order as it is (ReportOptions `executionOrder: 'file'`).
 *
 * The saved graph and the dump come from the same session: at 'all' the NCHWc pass names and
 * numbers its nodes differently per session. Results are cached per (file path, size, mtime,
 * level, session facts, ORT version, platform, NCHWc block) in a folder the caller supplies.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FileSource } from '../onnx/byteSource';
import { compactModel } from '../onnx/compactModel';
import type { Graph, Model, TensorInfo, TypeInfo, ValueInfo } from '../onnx/model';
import { forEachGraph } from '../onnx/graphWalk';
import { decodeCompactModel } from '../onnx/modelDecoder';
import { validateModel } from '../onnx/validateModel';
import type { GraphOptimizationLevel } from '../report/report';
import { orderFromDump, parsePartitionDump, reorderNodes } from './dumpOrder';
import { firstLine, loadOrtRuntime, type OrtRuntime } from './ortRuntime';
import { writeStandIn } from './standIn';
import { machineCpuFlags } from '../ops/machineCpu';

/** Above this many bytes of weights, `weights: 'auto'` gives ORT the zero-filled stand-in (standIn.ts). */
export const STAND_IN_THRESHOLD_BYTES = 256 * 1024 * 1024;

/** The session facts that change what ORT's optimizer produces. */
export interface OptimizeSessionFacts {
  intraOpThreads: number;
}

export interface OptimizeOptions {
  level: Exclude<GraphOptimizationLevel, 'disabled'>;
  session: OptimizeSessionFacts;
  /** Folder for the cache (the extension's global storage, a CLI --cache-dir); null: no cache. */
  cacheDir?: string | null;
  /** Injected runtime (tests); default loadOrtRuntime(). */
  runtime?: OrtRuntime;
  /**
   * What ORT reads for the weights: the model's own ('real'), or a stand-in whose large payloads
   * are sparse zero-filled external data, with prepacking off ('standin'). 'auto' (default) takes
   * the stand-in when `weightBytes` exceeds STAND_IN_THRESHOLD_BYTES.
   */
  weights?: 'auto' | 'real' | 'standin';
  /** The model's weight bytes (inline and external), for 'auto'. */
  weightBytes?: number;
}

/** ORT's graph at a level, in ORT's execution order (node i runs at step i). */
export interface OptimizedModel {
  ok: true;
  model: Model;
  level: GraphOptimizationLevel;
  ortVersion: string;
  /** NCHWc block size of this machine's MLAS (level 'all'), null when unknown or below 'all'. */
  nchwcBlockSize: number | null;
  fromCache: boolean;
}

/** Why ORT's graph could not be had; the caller falls back to 'disabled' and says so. */
export interface OptimizeFailure {
  ok: false;
  reason: string;
}

/** Bump when the cache entry's layout or meaning changes. */
const CACHE_FORMAT = 1;

/**
 * MLAS's NCHWc block size on this machine: 16 with AVX-512F, 8 with AVX2, 1 (no NCHWc kernels, so
 * ORT's NCHWc pass does nothing) on other x64 CPUs; null where it is not known (non-x64, or no
 * /proc/cpuinfo to read).
 */
export function machineNchwcBlockSize(): number | null {
  const flags = machineCpuFlags();
  if (flags === null) return null;
  return flags.has('avx512f') ? 16 : flags.has('avx2') ? 8 : 1;
}

function cacheKey(path: string, opts: OptimizeOptions, ortVersion: string, block: number | null): string | null {
  let st;
  try {
    st = statSync(path);
  } catch {
    return null;
  }
  const key = { f: CACHE_FORMAT, path, size: st.size, mtimeMs: st.mtimeMs, level: opts.level, threads: opts.session.intraOpThreads, ortVersion, block, platform: process.platform, arch: process.arch, weights: weightsMode(opts) };
  return createHash('sha256').update(JSON.stringify(key)).digest('hex');
}

/** A declared type with ORT's -1 for an unknown dim (seen in saved value_info) read as unknown. */
function unknownNegativeDims(t: TypeInfo | null): TypeInfo | null {
  if (!t) return t;
  if (t.kind === 'tensor' || t.kind === 'sparse_tensor') return t.shape && t.shape.some((d) => typeof d === 'number' && d < 0) ? { ...t, shape: t.shape.map((d) => (typeof d === 'number' && d < 0 ? null : d)) } : t;
  if (t.kind === 'sequence' || t.kind === 'optional') return { ...t, elem: unknownNegativeDims(t.elem) };
  if (t.kind === 'map') return { ...t, value: unknownNegativeDims(t.value) };
  return t;
}

function cleanValueInfos(list: ValueInfo[]): ValueInfo[] {
  return list.map((v) => ({ ...v, type: unknownNegativeDims(v.type) }));
}

/**
 * ORT 1.30 writes each initializer of a subgraph twice when the saved graph's weights go to a side
 * file (seen on If bodies whose Constant became an initializer), and may write one beside the
 * Constant node it came from; the copies are the same tensor, so the first (or the node) is kept.
 */
function dedupeInitializers(graph: Graph): Graph {
  // A body may also keep the Constant node an initializer was made from (test_loop16_seq_none): the node stays.
  const seen = new Set<string>(graph.nodes.filter((n) => n.opType === 'Constant' && n.domain === '').flatMap((n) => n.outputs));
  const initializers = graph.initializers.filter((t) => !seen.has(t.name) && (seen.add(t.name), true));
  const nodes = graph.nodes.map((n) =>
    n.attributes.some((a) => a.g || a.graphs)
      ? { ...n, attributes: n.attributes.map((a) => ({ ...a, ...(a.g ? { g: dedupeInitializers(a.g) } : {}), ...(a.graphs ? { graphs: a.graphs.map(dedupeInitializers) } : {}) })) }
      : n,
  );
  return { ...graph, initializers, nodes, inputs: cleanValueInfos(graph.inputs), outputs: cleanValueInfos(graph.outputs), valueInfo: cleanValueInfos(graph.valueInfo) };
}

function decodeSaved(bytes: Uint8Array): Model {
  const decoded = decodeCompactModel(bytes);
  const model = { ...decoded, graph: dedupeInitializers(decoded.graph) };
  validateModel(model);
  return model;
}

function readCache(dir: string, key: string): { compact: Uint8Array; order: number[] } | null {
  try {
    const meta = JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')) as { order?: unknown };
    if (!Array.isArray(meta.order)) return null;
    return { compact: readFileSync(join(dir, `${key}.onnx`)), order: meta.order as number[] };
  } catch {
    return null;
  }
}

function writeCache(dir: string, key: string, compact: Uint8Array, order: number[]): void {
  try {
    mkdirSync(dir, { recursive: true });
    // Write then rename, so a reader never sees half an entry.
    const tmp = `${key}.${process.pid}.tmp`;
    writeFileSync(join(dir, `${tmp}.onnx`), compact);
    renameSync(join(dir, `${tmp}.onnx`), join(dir, `${key}.onnx`));
    writeFileSync(join(dir, `${tmp}.json`), JSON.stringify({ order }));
    renameSync(join(dir, `${tmp}.json`), join(dir, `${key}.json`));
  } catch {
    // A cache that cannot be written only costs the next open a session.
  }
}

/** 'real' or 'standin' for `opts`. */
function weightsMode(opts: OptimizeOptions): 'real' | 'standin' {
  const w = opts.weights ?? 'auto';
  if (w !== 'auto') return w;
  return (opts.weightBytes ?? 0) > STAND_IN_THRESHOLD_BYTES ? 'standin' : 'real';
}

/** What one ORT session saved: the weight-free graph bytes and the dumped order. */
export interface SavedSession {
  /** The saved graph as a compact (weight-free) ModelProto. */
  compact: Uint8Array;
  /** Node names in execution order, from the partition file; null when ORT wrote none (it writes none for a graph without nodes). */
  order: string[] | null;
}

/**
 * Session options that make ORT save its graph and dump its order into `dir` (the oracle adds
 * profiling to the same options, so that saved graph, dump and profile come from one session).
 */
export function savingSessionOptions(dir: string, level: GraphOptimizationLevel, session: OptimizeSessionFacts): Record<string, unknown> {
  return {
    graphOptimizationLevel: level,
    executionMode: 'sequential',
    intraOpNumThreads: session.intraOpThreads,
    enableMemPattern: false,
    executionProviders: ['cpu'],
    // ORT warns that a saved NCHWc graph is hardware-specific; that is the point here.
    logSeverityLevel: 3,
    optimizedModelFilePath: join(dir, 'optimized.onnx'),
    extra: {
      session: {
        node_partition_config_file: join(dir, 'partition.json'),
        // Weights above 127 bytes go to a side file in `dir`, so the saved .onnx stays small.
        optimized_model_external_initializers_file_name: 'optimized.weights',
        optimized_model_external_initializers_min_size_in_bytes: '128',
      },
    },
  };
}

/** Reads what a session created with savingSessionOptions(dir, ...) left in `dir`. */
export function readSavedSession(dir: string): SavedSession | OptimizeFailure {
  const saved = join(dir, 'optimized.onnx');
  const part = join(dir, 'partition.json');
  if (!existsSync(saved)) return { ok: false, reason: 'ORT did not save the optimized graph' };
  const order = existsSync(part) ? parsePartitionDump(readFileSync(part, 'utf8')) : null;
  if (existsSync(part) && !order) return { ok: false, reason: 'ORT wrote an execution order this tool cannot read' };
  const source = FileSource.open(saved);
  try {
    return { compact: compactModel(source).bytes, order };
  } finally {
    source.close();
  }
}

/** Decodes a saved session and rewrites its nodes in ORT's order; the order is returned for the cache. */
export function modelFromSaved(saved: SavedSession): { model: Model; order: number[] } | OptimizeFailure {
  let model: Model;
  try {
    model = decodeSaved(saved.compact);
  } catch (e) {
    return { ok: false, reason: `the graph ORT saved cannot be read: ${firstLine(e)}` };
  }
  if (saved.order === null && model.graph.nodes.length > 0) return { ok: false, reason: 'ORT did not write its execution order' };
  const mapped = orderFromDump(model.graph, saved.order ?? []);
  if (!mapped.ok) return { ok: false, reason: mapped.reason };
  return { model: { ...model, graph: reorderNodes(model.graph, mapped.order) }, order: mapped.order };
}

/** Every initializer of `graph` and of the subgraphs in its nodes' attributes. */
function forEachInitializer(graph: Graph, visit: (t: TensorInfo) => void): void {
  forEachGraph(graph, (g) => g.initializers.forEach(visit));
}

/**
 * Gives the saved graph's initializers the data location they have in the user's file. ORT's save
 * writes every initializer of at most 127 bytes inline (optimized_model_external_initializers_min_size_in_bytes),
 * so one the file keeps in external data would look like a small inline tensor, which ORT copies into
 * its arena; the session that runs the file uses the external one in place, outside the arena (burn's
 * external_data models: 16 and 24 bytes too many at extended and all before this). Initializers the
 * optimizer made (folded constants: new names) keep the saved location. Mutates and returns `saved`.
 */
export function keepFileDataLocations(saved: Model, file: Model): Model {
  const external = new Map<string, NonNullable<TensorInfo['external']>>();
  forEachInitializer(file.graph, (t) => {
    if (t.external) external.set(t.name, t.external);
  });
  if (external.size === 0) return saved;
  forEachInitializer(saved.graph, (t) => {
    const ref = external.get(t.name);
    if (ref && !t.external) t.external = ref;
  });
  return saved;
}

/**
 * ORT's graph of `filePath` at `opts.level`, or why not (ORT missing, a version other than 1.30,
 * session creation failed). Never writes next to the model; the temp folder is always removed.
 */
export async function optimizeModelFile(filePath: string, opts: OptimizeOptions): Promise<OptimizedModel | OptimizeFailure> {
  const runtime = opts.runtime ?? loadOrtRuntime();
  if (!runtime.ok) return { ok: false, reason: runtime.reason };
  if (!runtime.version.startsWith('1.30.')) return { ok: false, reason: `onnxruntime-node ${runtime.version} is not 1.30, the release this tool models` };
  const path = resolve(filePath);
  const block = opts.level === 'all' ? machineNchwcBlockSize() : null;
  const key = opts.cacheDir ? cacheKey(path, opts, runtime.version, block) : null;
  const cacheDir = opts.cacheDir ? join(opts.cacheDir, 'optimized') : null;
  if (key && cacheDir) {
    const hit = readCache(cacheDir, key);
    if (hit) {
      try {
        const model = decodeSaved(hit.compact);
        if (hit.order.length === model.graph.nodes.length) {
          return { ok: true, model: { ...model, graph: reorderNodes(model.graph, hit.order) }, level: opts.level, ortVersion: runtime.version, nchwcBlockSize: block, fromCache: true };
        }
      } catch {
        // A damaged entry is replaced below.
      }
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'oml-optimize-'));
  try {
    let ort;
    try {
      ort = runtime.ort;
    } catch (e) {
      return { ok: false, reason: `onnxruntime-node could not be loaded on ${process.platform}-${process.arch} (${firstLine(e)})` };
    }
    let sessionPath = path;
    const options = savingSessionOptions(dir, opts.level, opts.session);
    // The saved graph's weights are never read back (the decoder keeps no payload): where the OS has
    // one, the side file is a link to the null device, so ORT writes no weight bytes to disk.
    if (process.platform !== 'win32' && existsSync('/dev/null')) symlinkSync('/dev/null', join(dir, 'optimized.weights'));
    if (weightsMode(opts) === 'standin') {
      const standIn = writeStandIn(path, mkdtempSync(join(dir, 'standin-')));
      if ('modelPath' in standIn) {
        sessionPath = standIn.modelPath;
        const extra = options.extra as { session: Record<string, string> };
        extra.session['session.disable_prepacking'] = '1';
      }
    }
    let handle;
    try {
      handle = await ort.InferenceSession.create(sessionPath, options);
    } catch (e) {
      return { ok: false, reason: `ONNX Runtime could not create a session at level ${opts.level}: ${firstLine(e)}` };
    }
    await handle.release();
    const saved = readSavedSession(dir);
    if ('ok' in saved) return saved;
    const result = modelFromSaved(saved);
    if ('ok' in result) return result;
    if (key && cacheDir) writeCache(cacheDir, key, saved.compact, result.order);
    return { ok: true, model: result.model, level: opts.level, ortVersion: runtime.version, nchwcBlockSize: block, fromCache: false };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
