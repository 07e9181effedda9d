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
import { modelHeader, writeEmbeddedModel } from './support/weightsModel';

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oml-bench-optimize-'));
  try {
    const model = path.join(dir, 'big.onnx');
    writeEmbeddedModel(model, modelHeader('bench-optimize'));
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
