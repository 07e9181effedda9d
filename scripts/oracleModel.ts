/**
 * Checks the report of any model against ONNX Runtime 1.30, as `npm run test:oracle` does for the
 * corpus: order, per-node output bytes, fresh allocations, live bytes after every step and the
 * peak, at each level asked for (one ORT session per level); then the arena oracle's check (two
 * Runs per session, the memory pattern off and on: ORT's in-use and held arena bytes after every
 * main-graph node against the replay, each session in a fresh process), which prints an
 * `arena-oracle[model]:` line.
 *
 *   node --import tsx scripts/oracleModel.ts MODEL.onnx [--dim NAME=N]... [--fill INPUT=V]... [--feed INPUT=V]... [--levels disabled,extended,all]
 *
 * `--dim` sets a symbolic dim for ORT's feeds and the report's bindings (an unnamed input dim by its
 * `input:axis` name); `--fill` fills an input with V for ORT and fixes it for the report (`--value`),
 * for inputs that choose a branch (a sample rate); `--feed` fills an input for ORT only (an
 * attention mask of ones, which the report need not know). Exit code 1 when a check fails.
 */
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runOracleBatch } from '../test/oracle/oracleRun';
import { checkArenaCases } from '../test/oracle/arenaCheck';
import { DEFAULT_DIM_VALUES, feedDims } from '../test/support/ortOracle';
import { loadModel } from '../src/onnx/loadModel';
import { GRAPH_OPTIMIZATION_LEVELS, type GraphOptimizationLevel } from '../src/report/report';

function pairs(list: string[] | undefined, flag: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const spec of list ?? []) {
    const m = /^([^=]+)=(-?\d+(?:\.\d+)?)$/.exec(spec);
    if (!m) throw new Error(`${flag} '${spec}': expected NAME=NUMBER`);
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { dim: { type: 'string', multiple: true }, fill: { type: 'string', multiple: true }, feed: { type: 'string', multiple: true }, levels: { type: 'string' } },
  });
  if (positionals.length !== 1) {
    process.stderr.write('usage: node --import tsx scripts/oracleModel.ts MODEL.onnx [--dim NAME=N]... [--fill INPUT=V]... [--feed INPUT=V]... [--levels disabled,extended,all]\n');
    return 2;
  }
  const path = resolve(positionals[0]!);
  const dims = pairs(values.dim, '--dim');
  const fill = pairs(values.fill, '--fill');
  const feed = pairs(values.feed, '--feed');
  const levels = (values.levels ?? 'disabled,extended,all').split(',') as GraphOptimizationLevel[];
  for (const l of levels) if (!(GRAPH_OPTIMIZATION_LEVELS as readonly string[]).includes(l)) throw new Error(`unknown level '${l}'`);
  // The report is told the whole contents: V repeated over the input's elements (its dims bound by
  // --dim and the oracle's defaults, as ORT's feed is), one V where the shape is not known.
  const graphInputs = loadModel(path).model.graph.inputs;
  const feedValues = { ...DEFAULT_DIM_VALUES, ...dims };
  const elementCount = (name: string): number => {
    const type = graphInputs.find((i) => i.name === name)?.type;
    if (!type || type.kind !== 'tensor' || !type.shape) return 1;
    return feedDims(name, type.shape, feedValues).reduce((a, b) => a * b, 1);
  };
  const valuesFixed = Object.fromEntries(Object.entries(fill).map(([k, v]) => [k, new Array<number>(elementCount(k)).fill(v)]));
  let failed = false;
  for (const level of levels) {
    const oracleCase = { path, options: { dims, fill: { ...feed, ...fill } }, values: valuesFixed };
    const batch = await runOracleBatch(level, [oracleCase], {}, dirname(path), 'sequential', level);
    for (const line of [...batch.unexpected, ...batch.ortFailures, ...batch.lensFailures]) process.stdout.write(`  ${line}\n`);
    failed ||= batch.unexpected.length > 0 || batch.ortFailures.length > 0 || batch.lensFailures.length > 0;
    if (batch.ortFailures.length > 0 || batch.lensFailures.length > 0) continue;
    // A fresh process per ORT session: the arena's choice between equal free chunks follows the
    // addresses of its regions, which a process's earlier sessions change (arenaCheck.ts).
    const arena = await checkArenaCases(level === 'disabled' ? 'model' : `model@${level}`, [oracleCase], dirname(path), level, true);
    failed ||= arena.mismatches.length > 0;
  }
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (err: unknown) => {
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
});
