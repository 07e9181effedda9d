/**
 * Runs onnxruntime-node 1.30 (CPU EP, graph optimizations disabled) on a model and collects ORT's
 * own view of the plan (ort-planner.md §5): the execution order from the partition dump, the
 * per-node profile (output bytes, arena statistics after each kernel) and the node-stats CSV
 * (fresh allocations and scratch per node).
 *
 * ORT writes the CSV next to the model, so the model (and the non-.onnx files beside it, e.g.
 * external data) is copied to a fresh temp folder first. Nothing is written near the original.
 */
import { isUnnamedDim, unnamedInputDim } from '../../src/shape/passValues';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { readSavedSession, savingSessionOptions, type SavedSession } from '../../src/optimize/optimizeModel';
import type { GraphOptimizationLevel } from '../../src/report/report';

/**
 * The concrete dims the oracle feeds input `name` of declared `shape` with, `dims` holding the
 * symbolic values (DEFAULT_DIM_VALUES under the caller's): a named dim takes its value, an unnamed
 * one the value given for its `input:axis` symbol (unnamedInputDim), anything else 1.
 */
export function feedDims(name: string, shape: readonly (number | string | null)[], dims: Record<string, number>): number[] {
  return shape.map((d, axis) => (typeof d === 'number' && d >= 0 ? d : typeof d === 'string' && !isUnnamedDim(d) ? (dims[d] ?? 1) : (dims[unnamedInputDim(name, axis)] ?? 1)));
}

/** Values used for symbolic input dims when the caller does not bind them; anything else gets 1. */
export const DEFAULT_DIM_VALUES: Record<string, number> = {
  batch: 1,
  batch_size: 1,
  N: 1,
  sequence: 8,
  seq: 8,
  seq_len: 8,
  sequence_len: 8,
  sequence_length: 8,
  past: 4,
  past_seq_len: 4,
  past_sequence_length: 4,
  total: 12,
  total_seq_len: 12,
  total_sequence_length: 12,
};

/** One row of ORT's node-stats CSV. `name` is ORT's `<node name or OpType>_<hash>` key. */
export interface OracleCsvRow {
  name: string;
  /** The CSV key without its trailing `_<hash>`: the node name, or the op type for unnamed nodes. */
  baseName: string;
  inputSizes: number;
  initializersSizes: number;
  totalDynamicSizes: number;
  totalTempAllocations: number;
}

/**
 * One `cat:'Node'` profile event, in execution order (the first run's, then the next run's with
 * `runs` > 1). Arena numbers are after Compute, before releases.
 */
export interface OracleNodeEvent {
  /** Event name without `_kernel_time`: node name, or `OpType_index` when unnamed. */
  name: string;
  opType: string;
  nodeIndex: number;
  provider: string;
  outputSize: number;
  activationSize: number;
  parameterSize: number;
  memBytesInUse: number | null;
  memBytesRequestedInUse: number | null;
  memInUsePeak: number | null;
  /** `mem_arena_held`: the arena's regions plus reserved blocks. */
  memArenaHeld: number | null;
  memRequestedInUseDelta: number | null;
  outputTypeShape: unknown;
}

/** What ORT reported for one run of the model. */
export type OracleResult =
  | {
      ok: true;
      /** Main-graph node names in execution order from the partition dump (unnamed: OpType + per-op counter). */
      order: string[];
      events: OracleNodeEvent[];
      csv: OracleCsvRow[];
      /** The feeds used: name, ORT type and concrete dims. */
      feeds: { name: string; type: string; dims: number[] }[];
      /** The symbolic dim values that were applied (defaults plus the caller's). */
      dims: Record<string, number>;
      /** Above 'disabled': the graph and order the same session saved (src/optimize reads them so). */
      saved: SavedSession | null;
    }
  | { ok: false; stage: 'session' | 'feeds' | 'run'; error: string };

export interface OracleOptions {
  /** Symbolic dim values, merged over DEFAULT_DIM_VALUES. */
  dims?: Record<string, number>;
  /** A constant fill value per input name (default 0). */
  fill?: Record<string, number>;
  executionMode?: 'sequential' | 'parallel';
  /** How many times to run the model in the one session (default 1); events of every run are kept. */
  runs?: number;
  /** SessionOptions enableMemPattern (default false here: the plan checks want every allocation visible). */
  enableMemPattern?: boolean;
  /** Keep the temp folder (for debugging); default false. */
  keepTemp?: boolean;
  /**
   * Graph optimization level (default 'disabled'). Above it, the session also saves its graph and
   * dumps its order (savingSessionOptions), so saved graph, dump and profile come from one session.
   */
  level?: GraphOptimizationLevel;
  /** Intra-op threads of the session (default ORT's); the saving options use 1. */
  intraOpThreads?: number;
}

interface OrtModule {
  InferenceSession: { create(path: string, opts: unknown): Promise<OrtSession> };
  Tensor: new (type: string, data: unknown, dims: number[]) => unknown;
}
interface OrtSession {
  inputMetadata: { name: string; isTensor: boolean; type?: string; shape?: (number | string)[] }[];
  run(feeds: Record<string, unknown>): Promise<unknown>;
  endProfiling(): void;
  release(): Promise<void>;
}

/**
 * Loads onnxruntime-node lazily, so a test file can report clearly when it is missing. `T` is the
 * slice of its API the caller uses (this runner's by default).
 */
export function loadOrt<T = OrtModule>(): T | null {
  try {
    return require('onnxruntime-node') as T;
  } catch {
    return null;
  }
}

function makeData(type: string, count: number, fill: number): unknown {
  switch (type) {
    case 'float32':
      return new Float32Array(count).fill(fill);
    case 'float64':
      return new Float64Array(count).fill(fill);
    case 'float16':
      // fp16 bit patterns: 0 stays 0, 1.0 is 0x3c00; other fills are rounded to those two.
      return new Uint16Array(count).fill(fill === 0 ? 0 : 0x3c00);
    case 'int64':
      return new BigInt64Array(count).fill(BigInt(Math.trunc(fill)));
    case 'uint64':
      return new BigUint64Array(count).fill(BigInt(Math.trunc(fill)));
    case 'int32':
      return new Int32Array(count).fill(fill);
    case 'uint32':
      return new Uint32Array(count).fill(fill);
    case 'int16':
      return new Int16Array(count).fill(fill);
    case 'uint16':
      return new Uint16Array(count).fill(fill);
    case 'int8':
      return new Int8Array(count).fill(fill);
    case 'uint8':
      return new Uint8Array(count).fill(fill);
    case 'bool':
      return new Uint8Array(count).fill(fill ? 1 : 0);
    case 'string':
      return new Array<string>(count).fill('');
    default:
      throw new Error(`unsupported input type ${type}`);
  }
}

function num(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Parses ORT's node-stats CSV text. */
export function parseNodeStatsCsv(text: string): OracleCsvRow[] {
  const rows: OracleCsvRow[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line || line.startsWith('#')) continue;
    const parts = line.split(',');
    if (parts.length < 5) continue;
    const name = parts.slice(0, parts.length - 4).join(',');
    const [a, b, c, d] = parts.slice(parts.length - 4).map(Number);
    rows.push({ name, baseName: name.replace(/_\d+$/, ''), inputSizes: a, initializersSizes: b, totalDynamicSizes: c, totalTempAllocations: d });
  }
  return rows;
}

/** Runs the model once in ORT and returns order, profile events and node stats (or where ORT failed). */
export async function runOrtOracle(modelPath: string, opts: OracleOptions = {}): Promise<OracleResult> {
  const ort = loadOrt();
  if (!ort) return { ok: false, stage: 'session', error: 'onnxruntime-node is not installed' };
  const dir = mkdtempSync(join(tmpdir(), 'oml-oracle-'));
  try {
    const srcDir = dirname(modelPath);
    const modelCopy = join(dir, basename(modelPath));
    copyFileSync(modelPath, modelCopy);
    for (const f of readdirSync(srcDir)) {
      const p = join(srcDir, f);
      if (f.endsWith('.onnx') || f.endsWith('.txt') || f.endsWith('.tsv') || !statSync(p).isFile()) continue;
      copyFileSync(p, join(dir, f));
    }
    const partFile = join(dir, 'partition.json');
    let session: OrtSession;
    const level = opts.level ?? 'disabled';
    const saving = level === 'disabled' ? null : savingSessionOptions(dir, level, { intraOpThreads: opts.intraOpThreads ?? 1 });
    try {
      session = await ort.InferenceSession.create(modelCopy, {
        ...(saving ?? {}),
        graphOptimizationLevel: level,
        executionMode: opts.executionMode ?? 'sequential',
        enableMemPattern: opts.enableMemPattern ?? false,
        executionProviders: ['cpu'],
        enableProfiling: true,
        profileFilePrefix: join(dir, 'profile'),
        extra: { session: { ...((saving?.extra as { session?: object } | undefined)?.session ?? {}), node_partition_config_file: partFile, collect_node_memory_stats_to_file: 'node_stats.csv' } },
      });
    } catch (e) {
      return { ok: false, stage: 'session', error: oneLine(e) };
    }
    const dims = { ...DEFAULT_DIM_VALUES, ...(opts.dims ?? {}) };
    const feeds: Record<string, unknown> = {};
    const feedInfo: { name: string; type: string; dims: number[] }[] = [];
    try {
      for (const m of session.inputMetadata) {
        if (!m.isTensor || !m.type) throw new Error(`input '${m.name}' is not a tensor`);
        const shape = feedDims(m.name, m.shape ?? [], dims);
        const count = shape.reduce((a, b) => a * b, 1);
        feeds[m.name] = new ort.Tensor(m.type, makeData(m.type, count, opts.fill?.[m.name] ?? 0), shape);
        feedInfo.push({ name: m.name, type: m.type, dims: shape });
      }
    } catch (e) {
      return { ok: false, stage: 'feeds', error: oneLine(e) };
    }
    try {
      for (let r = 0; r < (opts.runs ?? 1); r++) await session.run(feeds);
    } catch (e) {
      session.endProfiling();
      await session.release();
      return { ok: false, stage: 'run', error: oneLine(e) };
    }
    session.endProfiling();
    await session.release();
    const order = existsSync(partFile) ? ((JSON.parse(readFileSync(partFile, "utf8")) as { streams?: string[][] }).streams ?? []).flat() : [];
    const profFile = readdirSync(dir).find((f) => f.startsWith('profile') && f.endsWith('.json'));
    const events: OracleNodeEvent[] = [];
    if (profFile) {
      const raw = JSON.parse(readFileSync(join(dir, profFile), 'utf8')) as { cat?: string; name: string; args?: Record<string, unknown> }[];
      for (const e of raw) {
        if (e.cat !== 'Node' || !e.name.endsWith('_kernel_time')) continue;
        const a = e.args ?? {};
        events.push({
          name: e.name.slice(0, -'_kernel_time'.length),
          opType: String(a.op_name ?? ''),
          nodeIndex: Number(a.node_index),
          provider: String(a.provider ?? ''),
          outputSize: Number(a.output_size ?? 0),
          activationSize: Number(a.activation_size ?? 0),
          parameterSize: Number(a.parameter_size ?? 0),
          memBytesInUse: num(a.mem_bytes_in_use),
          memBytesRequestedInUse: num(a.mem_bytes_requested_in_use),
          memInUsePeak: num(a.mem_in_use_peak),
          memArenaHeld: num(a.mem_arena_held),
          memRequestedInUseDelta: num(a.mem_requested_in_use_delta),
          outputTypeShape: a.output_type_shape,
        });
      }
    }
    const csvPath = join(dir, 'node_stats.csv');
    const csv = existsSync(csvPath) ? parseNodeStatsCsv(readFileSync(csvPath, 'utf8')) : [];
    let saved: SavedSession | null = null;
    if (level !== 'disabled') {
      const read = readSavedSession(dir);
      if ('ok' in read) return { ok: false, stage: 'session', error: read.reason };
      saved = read;
    }
    return { ok: true, order, events, csv, feeds: feedInfo, dims, saved };
  } finally {
    if (!opts.keepTemp) rmSync(dir, { recursive: true, force: true });
  }
}

function oneLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split('\n')[0].slice(0, 300);
}

/**
 * `runOrtOracle` in a child process of its own: ORT's arena regions then get the addresses a fresh
 * process gives, not holes that earlier sessions of this process left (which decide ties between
 * free chunks of one size in different regions).
 */
export function runOrtOracleInFreshProcess(modelPath: string, opts: OracleOptions = {}): OracleResult {
  const child = join(__dirname, 'ortOracleChild.ts');
  const r = spawnSync(process.execPath, ['--import', 'tsx', child, JSON.stringify({ path: modelPath, options: opts })], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) return { ok: false, stage: 'run', error: `child process failed: ${oneLine(r.stderr || String(r.status))}` };
  const out = JSON.parse(r.stdout) as OracleResult;
  // ortOracleChild.ts sends the saved graph's bytes as base64.
  if (out.ok && out.saved) out.saved = { ...out.saved, compact: new Uint8Array(Buffer.from(out.saved.compact as unknown as string, 'base64')) };
  return out;
}
