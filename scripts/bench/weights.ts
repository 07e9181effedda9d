/**
 * Benchmark: loading a model must cost the same whether its ≥ 1 GB of weights are embedded as
 * raw_data or kept in an external file, because the decoder skips payloads without reading them.
 *
 * Prints `bench: weights-vs-external ratio=<embedded median / external median>` (≈ 1 is the goal)
 * `bench: heap-1gb-weights retained_bytes=...` and `bench: heap-vs-metadata ratio=<heap retained by a load of a
 * 20k-node model / its metadataBytes>`.
 * The models are stream-written in the protobuf wire format here (building 1 GB through protobufjs
 * would need the whole model in memory), in os.tmpdir(), and deleted at the end.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { loadModel } from '../../src/onnx/loadModel';
import { encode, graphWithoutInitializers, modelHeader, TENSOR_BYTES, TENSOR_COUNT, TENSOR_ELEMENTS, writeEmbeddedModel, type Obj } from './support/weightsModel';

/** Loads take milliseconds, so many interleaved runs keep a busy machine from skewing one side. */
const TIMED_RUNS = 21;

/** A chain of `count` Relu nodes with declared intermediate shapes: metadata only. */
function chainGraph(count: number): Obj {
  const vi = (name: string): Obj => ({ name, type: { tensorType: { elemType: 1, shape: { dim: [{ dimParam: 'batch' }, { dimValue: 768 }] } } } });
  const valueName = (i: number): string => (i === 0 ? 'x' : i === count ? 'y' : `v${i}`);
  return {
    name: 'graph-heavy',
    node: Array.from({ length: count }, (_, i) => ({ opType: 'Relu', name: `relu_${i}`, input: [valueName(i)], output: [valueName(i + 1)] })),
    input: [vi('x')],
    output: [vi('y')],
    valueInfo: Array.from({ length: count - 1 }, (_, i) => vi(valueName(i + 1))),
  };
}

const MODEL_HEADER: Obj = modelHeader('bench-weights');

/** Writes the same graph with every initializer in `weights.bin` (created at full size, never read). */
function writeExternalModel(file: string): void {
  const initializer = Array.from({ length: TENSOR_COUNT }, (_, i) => ({
    name: `w${i}`,
    dataType: 1,
    dims: [TENSOR_ELEMENTS],
    dataLocation: 1,
    externalData: [
      { key: 'location', value: 'weights.bin' },
      { key: 'offset', value: String(i * TENSOR_BYTES) },
      { key: 'length', value: String(TENSOR_BYTES) },
    ],
  }));
  fs.writeFileSync(file, encode('ModelProto', { ...MODEL_HEADER, graph: { ...graphWithoutInitializers(), initializer } }));
  const fd = fs.openSync(path.join(path.dirname(file), 'weights.bin'), 'w');
  fs.ftruncateSync(fd, TENSOR_COUNT * TENSOR_BYTES);
  fs.closeSync(fd);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Wall and CPU milliseconds of one load; CPU time is the steadier figure on a busy machine. */
function timeOneLoad(file: string): { wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  loadModel(file);
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

interface LoadTimes {
  wallMs: number;
  cpuMs: number;
}

/** Median load times of two models, measured alternately after one warm-up load each. */
function timeLoads(first: string, second: string): [LoadTimes, LoadTimes] {
  loadModel(first);
  loadModel(second);
  const runs: [ReturnType<typeof timeOneLoad>[], ReturnType<typeof timeOneLoad>[]] = [[], []];
  for (let i = 0; i < TIMED_RUNS; i++) {
    runs[0].push(timeOneLoad(first));
    runs[1].push(timeOneLoad(second));
  }
  const summarize = (r: ReturnType<typeof timeOneLoad>[]): LoadTimes => ({ wallMs: median(r.map((x) => x.wallMs)), cpuMs: median(r.map((x) => x.cpuMs)) });
  return [summarize(runs[0]), summarize(runs[1])];
}

/** A callable gc(), enabled at run time so `npm run bench` needs no --expose-gc flag. */
function getGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Runs the benchmark and prints its `bench:` lines. */
export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-bench-weights-'));
  try {
    const embedded = path.join(dir, 'embedded', 'model.onnx');
    const external = path.join(dir, 'external', 'model.onnx');
    fs.mkdirSync(path.dirname(embedded));
    fs.mkdirSync(path.dirname(external));
    const embeddedBytes = writeEmbeddedModel(embedded, MODEL_HEADER);
    writeExternalModel(external);

    const [embeddedTimes, externalTimes] = timeLoads(embedded, external);

    // Heap: collect garbage, load once, collect again while the loaded model is still referenced,
    // and compare heap + ArrayBuffer usage: the memory the load retains. (Reading without the second
    // collection gave negative growth whenever a collection happened to run inside the load.)
    // ArrayBuffers are included because the read window and the compact copy live there.
    const gc = getGc();
    gc();
    const before = process.memoryUsage();
    const loaded = loadModel(embedded);
    gc();
    const after = process.memoryUsage();
    const growth = after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers);

    console.log(`bench: weights model file=${embeddedBytes} bytes tensors=${TENSOR_COUNT} bytesRead=${loaded.bytesRead} metadataBytes=${loaded.metadataBytes}`);
    console.log(
      `bench: weights load median wall embedded=${embeddedTimes.wallMs.toFixed(2)}ms external=${externalTimes.wallMs.toFixed(2)}ms` +
        ` cpu embedded=${embeddedTimes.cpuMs.toFixed(2)}ms external=${externalTimes.cpuMs.toFixed(2)}ms runs=${TIMED_RUNS}`,
    );
    console.log(`bench: weights-vs-external ratio=${(embeddedTimes.wallMs / externalTimes.wallMs).toFixed(2)}`);
    console.log(`bench: weights-vs-external cpu ratio=${(embeddedTimes.cpuMs / externalTimes.cpuMs).toFixed(2)}`);
    // With under 1 KB of metadata the retained growth is within GC noise (a few KB either way), so
    // it is printed as bytes; the ratio line below uses a model whose metadata is large enough to measure.
    console.log(`bench: heap-1gb-weights retained_bytes=${growth} metadataBytes=${loaded.metadataBytes} file_bytes=${embeddedBytes}`);

    // The 1 GB model has under 1 KB of metadata, so that ratio is mostly fixed cost. The same
    // measurement on a graph-heavy model (20k nodes, no weights) shows how heap scales with metadata.
    const graphHeavy = path.join(dir, 'graph-heavy.onnx');
    fs.writeFileSync(graphHeavy, encode('ModelProto', { ...MODEL_HEADER, graph: chainGraph(20000) }));
    loadModel(graphHeavy);
    gc();
    const beforeHeavy = process.memoryUsage();
    const heavy = loadModel(graphHeavy);
    gc();
    const afterHeavy = process.memoryUsage();
    const heavyGrowth = afterHeavy.heapUsed - beforeHeavy.heapUsed + (afterHeavy.arrayBuffers - beforeHeavy.arrayBuffers);
    console.log(`bench: heap-vs-metadata ratio=${(heavyGrowth / heavy.metadataBytes).toFixed(1)} (graph-heavy model: nodes=20000 metadataBytes=${heavy.metadataBytes} retained heap growth ${heavyGrowth} bytes)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
