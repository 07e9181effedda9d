/**
 * A small private runner for the ORT scratch check: runs a model in onnxruntime-node with node
 * memory stats on, and returns each node's `total_temp_allocations` from the CSV ORT writes beside
 * the model file. The model is written to a fresh temp folder, never next to a user file.
 *
 * Why the scratch runs are repeated: ORT 1.30 counts a node's temp allocations with a plain
 * `size_t +=` in the AccountingAllocator of OpKernelContextInternal
 * (onnxruntime/core/framework/op_kernel_context_internal.h), and a kernel that allocates inside
 * its TryParallelFor (GroupQueryAttention's fp16 staging, one buffer per batch and head) calls it
 * from several pool threads at once, so one run's count can lose an allocation (seen once in CI:
 * 178,176 B for 180,224 B, one 2,048 B buffer short). NodeStatsRecorder::ReportNodeStats keeps
 * each node's largest count over the runs of a session (UpdateIfGreater), so a few runs give
 * the count of a run that lost none (measured at 2 threads: one run per session 3 short of 400
 * sessions, three runs per session 0 of 400).
 */
import { mkdtempSync, writeFileSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadOrt as loadOrtAs } from '../../support/ortOracle';

/** A graph feed: ONNX dtype number, dims, and optional values (zeros otherwise). */
export interface FeedSpec {
  name: string;
  dtype: number;
  dims: number[];
  values?: number[];
}

/** Loads onnxruntime-node, or returns null when it cannot load here. */
export function loadOrt(): typeof import('onnxruntime-node') | null {
  return loadOrtAs<typeof import('onnxruntime-node')>();
}

function makeTensor(ort: typeof import('onnxruntime-node'), f: FeedSpec): import('onnxruntime-node').Tensor {
  const count = f.dims.reduce((a, b) => a * b, 1);
  const v = f.values ?? new Array<number>(count).fill(0);
  switch (f.dtype) {
    case 1:
      return new ort.Tensor('float32', Float32Array.from(v), f.dims);
    case 2:
      return new ort.Tensor('uint8', Uint8Array.from(v), f.dims);
    case 3:
      return new ort.Tensor('int8', Int8Array.from(v), f.dims);
    case 6:
      return new ort.Tensor('int32', Int32Array.from(v), f.dims);
    case 7:
      return new ort.Tensor('int64', BigInt64Array.from(v.map((x) => BigInt(x))), f.dims);
    case 9:
      return new ort.Tensor('bool', Uint8Array.from(v), f.dims);
    case 10:
      return new ort.Tensor('float16', Uint16Array.from(v), f.dims);
    default:
      throw new Error(`ortScratchRunner: unsupported feed dtype ${f.dtype}`);
  }
}

/** How many runs the scratch measurement makes in one session (see the file comment). */
export const SCRATCH_RUNS = 3;

/**
 * Runs the model SCRATCH_RUNS times in one session; returns node name → summed scratch bytes
 * requested (the CSV column: ORT keeps the largest run's). `boundOutputs` (output name → feed name)
 * pre-allocates those outputs as the feeds' own buffers, as a caller binding past and present KV
 * buffers to one does (SparseAttention requires it).
 */
export async function measureScratch(modelBytes: Uint8Array, feeds: FeedSpec[], threads: number, boundOutputs?: Readonly<Record<string, string>>): Promise<Map<string, number>> {
  return (await runProbe(modelBytes, feeds, threads, false, boundOutputs)).scratch;
}

/**
 * Runs a single-node model once with profiling on; returns the arena bytes requested and in use
 * at the node's event minus its output bytes. With only large initializers, that is the prepack.
 */
export async function measureRequestedBesideOutputs(modelBytes: Uint8Array, feeds: FeedSpec[], threads: number): Promise<number> {
  const r = await runProbe(modelBytes, feeds, threads, true);
  if (r.requestedBesideOutputs === null) throw new Error('ortScratchRunner: the profile has no node event with memory stats');
  return r.requestedBesideOutputs;
}

async function runProbe(
  modelBytes: Uint8Array,
  feeds: FeedSpec[],
  threads: number,
  profile: boolean,
  boundOutputs?: Readonly<Record<string, string>>,
): Promise<{ scratch: Map<string, number>; requestedBesideOutputs: number | null }> {
  const ort = loadOrt();
  if (!ort) throw new Error('ortScratchRunner: onnxruntime-node is not available');
  const dir = mkdtempSync(join(tmpdir(), 'lens-scratch-'));
  try {
    const modelPath = join(dir, 'model.onnx');
    writeFileSync(modelPath, modelBytes);
    const options = {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'disabled',
      enableMemPattern: false,
      extra: { session: { collect_node_memory_stats_to_file: 'stats.csv' } },
      enableProfiling: profile,
      profileFilePrefix: join(dir, 'profile'),
    } as import('onnxruntime-node').InferenceSession.SessionOptions;
    const session = await ort.InferenceSession.create(modelPath, options);
    const feedMap: Record<string, import('onnxruntime-node').Tensor> = {};
    for (const f of feeds) feedMap[f.name] = makeTensor(ort, f);
    // Profiled: one run, whose first node event is read. Scratch: SCRATCH_RUNS (see the file comment).
    const fetches: Record<string, import('onnxruntime-node').Tensor | null> = {};
    for (const name of session.outputNames) fetches[name] = boundOutputs?.[name] ? feedMap[boundOutputs[name]]! : null;
    for (let run = 0; run < (profile ? 1 : SCRATCH_RUNS); run++) await (boundOutputs ? session.run(feedMap, fetches) : session.run(feedMap));
    if (profile) session.endProfiling();
    await session.release();
    const csv = readdirSync(dir).find((n) => n.startsWith('stats'));
    if (!csv) throw new Error(`ortScratchRunner: ORT wrote no stats CSV in ${dir}`);
    const prof = readdirSync(dir).find((n) => n.startsWith('profile'));
    return {
      scratch: parseStats(readFileSync(join(dir, csv), 'utf8')),
      requestedBesideOutputs: prof ? firstNodeRequested(readFileSync(join(dir, prof), 'utf8')) : null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** From a profile JSON: the first node event's mem_bytes_requested_in_use minus output_size. */
function firstNodeRequested(text: string): number | null {
  const events = JSON.parse(text) as { cat?: string; args?: Record<string, unknown> }[];
  const e = events.find((x) => x.cat === 'Node' && x.args?.mem_bytes_requested_in_use !== undefined);
  if (!e?.args) return null;
  return Number(e.args.mem_bytes_requested_in_use) - Number(e.args.output_size);
}

/** Parses the node-stats CSV; node names carry a `_<hash>` suffix, which is dropped. */
export function parseStats(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cells = line.split(',');
    const name = cells[0].replace(/_\d+$/, '');
    out.set(name, (out.get(name) ?? 0) + Number(cells[4]));
  }
  return out;
}
