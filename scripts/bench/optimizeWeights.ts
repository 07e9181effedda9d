/**
 * Measures what ORT's optimizing session costs for the generated 1 GiB model (16 float32
 * initializers of 64 MiB embedded as raw_data, a chain of Adds; written here, in os.tmpdir(), and
 * deleted at the end): `node dist/cli.js report MODEL --optimization all --weights real|standin`,
 * each run under /usr/bin/time for wall time, peak RSS and file-system output blocks.
 *
 * Prints `bench: optimize-1gib weights=<mode> wall_s=... max_rss_mb=... written_mb=...` per run.
 * Run with `node --import tsx scripts/bench/optimizeWeights.ts` after `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { onnxType } from '../../src/onnx/onnxSchema';

const TENSOR_COUNT = 16;
const TENSOR_ELEMENTS = 16 * 1024 * 1024;
const TENSOR_BYTES = TENSOR_ELEMENTS * 4;
const CHUNK = 16 * 1024 * 1024;

function encode(type: string, obj: Record<string, unknown>): Uint8Array {
  const T = onnxType(type);
  return T.encode(T.fromObject(obj)).finish();
}

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

const prefix = (field: number, length: number): Uint8Array => Uint8Array.from([...varint(field * 8 + 2), ...varint(length)]);

/** The 1 GiB model, stream-written (protobufjs would need it all in memory). */
function writeModel(file: string): void {
  const names = Array.from({ length: TENSOR_COUNT }, (_, i) => `w${i}`);
  const vi = (name: string) => ({ name, type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: TENSOR_ELEMENTS }] } } } });
  const graph = encode('GraphProto', {
    name: 'bench',
    node: names.map((w, i) => ({ opType: 'Add', name: `add${i}`, input: [i === 0 ? 'x' : `s${i - 1}`, w], output: [i === TENSOR_COUNT - 1 ? 'y' : `s${i}`] })),
    input: [vi('x')],
    output: [vi('y')],
  });
  const heads = names.map((n) => encode('TensorProto', { name: n, dataType: 1, dims: [TENSOR_ELEMENTS] }));
  const raw = prefix(9, TENSOR_BYTES);
  const tensorLength = (h: Uint8Array) => h.length + raw.length + TENSOR_BYTES;
  const graphLength = graph.length + heads.reduce((a, h) => a + prefix(5, tensorLength(h)).length + tensorLength(h), 0);
  const chunk = new Uint8Array(CHUNK);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + 7) & 0xff;
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, encode('ModelProto', { irVersion: 8, producerName: 'bench-optimize', opsetImport: [{ domain: '', version: 17 }] }));
    fs.writeSync(fd, prefix(7, graphLength));
    fs.writeSync(fd, graph);
    for (const h of heads) {
      fs.writeSync(fd, prefix(5, tensorLength(h)));
      fs.writeSync(fd, h);
      fs.writeSync(fd, raw);
      for (let done = 0; done < TENSOR_BYTES; done += CHUNK) fs.writeSync(fd, chunk, 0, Math.min(CHUNK, TENSOR_BYTES - done));
    }
  } finally {
    fs.closeSync(fd);
  }
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oml-bench-optimize-'));
  try {
    const model = path.join(dir, 'big.onnx');
    writeModel(model);
    const cli = path.join(__dirname, '..', '..', 'dist', 'cli.js');
    for (const weights of ['standin', 'real', 'standin', 'real']) {
      const r = spawnSync('/usr/bin/time', ['-f', '%e %M %O', process.execPath, cli, 'report', model, '--optimization', 'all', '--weights', weights, '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
      const [wall, rssKb, blocks] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
      const report = JSON.parse(r.stdout) as { session: { graphOptimizationLevel: string; optimizationFallbackReason: string | null }; graphs: { steps: unknown[]; peak: { bytes: number | null } }[] };
      console.log(
        `bench: optimize-1gib weights=${weights} wall_s=${wall} max_rss_mb=${((rssKb ?? 0) / 1024).toFixed(0)} written_mb=${(((blocks ?? 0) * 512) / 2 ** 20).toFixed(0)} ` +
          `level=${report.session.graphOptimizationLevel} steps=${report.graphs[0]!.steps.length} peak=${report.graphs[0]!.peak.bytes} fallback=${report.session.optimizationFallbackReason ?? 'none'}`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) void run();
