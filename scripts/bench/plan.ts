/**
 * Benchmark: planning must stay linear in nodes + values. Builds random DAGs of growing size
 * (each node reads 1-2 of the last 64 values, so the freelist and live sets stay realistic),
 * then times decode + inference + ORT plan + report per model.
 *
 * Prints `bench: plan nodes=<n> ms=<median> perNodeRatio=<(ms/n) / (ms/n of the smallest)>`;
 * a ratio near 1 at 16x the nodes means linear.
 */
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport } from '../../src/report/buildReport';
import { buildModel, DataType, node, tensorValue } from '../../test/support/onnxBuilder';

const SIZES = [2000, 8000, 32000];
const RUNS = 3;
const WINDOW = 64;
const OPS = ['Relu', 'Sigmoid', 'Neg', 'Exp', 'Add', 'Mul', 'Identity'];

function randomChain(size: number, seed: number): Uint8Array {
  let s = seed >>> 0;
  const rand = (): number => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  const names = ['X'];
  const nodes = [];
  for (let i = 0; i < size; i++) {
    const op = OPS[Math.floor(rand() * OPS.length)]!;
    const pick = (): string => names[Math.max(0, names.length - 1 - Math.floor(rand() * WINDOW))]!;
    const inputs = op === 'Add' || op === 'Mul' ? [pick(), pick()] : [pick()];
    nodes.push(node(op, inputs, [`v${i}`], { name: `n${i}` }));
    names.push(`v${i}`);
  }
  return buildModel({
    nodes,
    inputs: [tensorValue('X', DataType.FLOAT, ['batch', 64])],
    outputs: [tensorValue(`v${size - 1}`, DataType.FLOAT, ['batch', 64])],
  });
}

/** Runs the benchmark and prints one line per size. */
export async function run(): Promise<void> {
  let base: number | null = null;
  // One untimed run so JIT warm-up does not inflate the smallest size's time.
  const warm = randomChain(SIZES[0]!, 1);
  buildReport({ filePath: 'warm.onnx', model: decodeModelBytes(warm, { fileName: 'warm.onnx' }).model, fileBytes: warm.length }, { bindings: { batch: 1 } });
  for (const size of SIZES) {
    const bytes = randomChain(size, 7);
    const times: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      const loaded = decodeModelBytes(bytes, { fileName: 'bench.onnx' });
      buildReport({ filePath: 'bench.onnx', model: loaded.model, fileBytes: bytes.length }, { bindings: { batch: 1 } });
      times.push(performance.now() - t0);
    }
    const ms = times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
    base ??= ms / size;
    console.log(`bench: plan nodes=${size} ms=${ms.toFixed(1)} perNodeRatio=${(ms / size / base).toFixed(2)}`);
  }
}
