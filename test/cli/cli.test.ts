import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attr, buildModel, DataType, int64Tensor, node, tensor, tensorValue } from '../support/onnxBuilder';
import { conv3x3Model } from '../support/sampleModels';
import type { Report } from '../../src/report/report';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
if (!existsSync(CLI)) execFileSync(process.execPath, ['scripts/build.mjs', '--no-check'], { cwd: ROOT, stdio: 'inherit' });

const dir = mkdtempSync(join(tmpdir(), 'oml-cli-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const MODEL = join(dir, 'small.onnx');
writeFileSync(
  MODEL,
  buildModel({
    nodes: [
      node('MatMul', ['X', 'W'], ['a'], { name: 'matmul' }),
      node('Relu', ['a'], ['b'], { name: 'relu' }),
      node('Reshape', ['b', 'shape'], ['c'], { name: 'reshape' }),
      node('Sigmoid', ['c'], ['Y'], { name: 'sigmoid' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, ['batch', 4, 8])],
    outputs: [tensorValue('Y', DataType.FLOAT, ['batch', 32])],
    initializers: [tensor('W', DataType.FLOAT, [8, 8]), int64Tensor('shape', [0, 32])],
  }),
);

function run(...args: string[]) {
  return runWith({}, ...args);
}

function runWith(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('cli report prints a readable summary with the peak and its top contributor', () => {
  const r = run('report', MODEL, '--bind', 'batch=2', '--optimization', 'disabled');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^model: .*small\.onnx/m);
  assert.match(r.out, /^opsets: ai\.onnx:17$/m);
  assert.match(r.out, /peak: 512 B after step 3 \(sigmoid, Sigmoid\)/);
  assert.match(r.out, /^\s+256 B\s+a float32\[2,4,8\] Allocate$/m);
  assert.match(r.out, /arena rounding and retained pools/);
});

test('cli report without bindings says which symbols are unbound and why the peak is unavailable', () => {
  const r = run('report', MODEL);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^unbound symbols: batch /m);
  assert.match(r.out, /peak: unavailable \(step 0: size of 'a' unknown: depends on unbound dim 'batch'\)/);
});

test('cli report --json prints the Report contract', () => {
  const r = run('report', MODEL, '--json', '--bind', 'batch=1', '--view', 'parallel', '--optimization', 'disabled');
  assert.equal(r.code, 0, r.err);
  const report = JSON.parse(r.out);
  assert.equal(report.schemaVersion, 1);
  assert.equal(report.view, 'parallel');
  assert.deepEqual(report.bindings, { batch: 1 });
  assert.deepEqual(report.symbols, ['batch']);
  assert.deepEqual(report.model.opsets, { '': 17 });
  const main = report.graphs[0];
  assert.equal(main.id, 'main');
  assert.deepEqual(main.steps.map((s: { node: string }) => s.node), ['matmul', 'relu', 'reshape', 'sigmoid']);
  const c = main.values.find((v: { name: string }) => v.name === 'c');
  assert.equal(c.allocKind, 'Allocate', 'no alias in the parallel view');
  assert.equal(report.physicalPeak.bytes, null);
});

const BAD: [string, string, (file: string) => void][] = [
  ['a missing file', join(dir, 'missing.onnx'), () => {}],
  ['bytes that are not ONNX', join(dir, 'garbage.onnx'), (f) => writeFileSync(f, Buffer.from('this is not a model at all, just text'))],
  ['a truncated model', join(dir, 'truncated.onnx'), (f) => writeFileSync(f, buildModel({ nodes: [node('Relu', ['X'], ['Y'])], inputs: [tensorValue('X', 1, [2])], outputs: [tensorValue('Y', 1, [2])] }).subarray(0, 20))],
  ['a graph with a cycle', join(dir, 'cycle.onnx'), (f) => writeFileSync(f, buildModel({ nodes: [node('Add', ['X', 'b'], ['a'], { name: 'n_a' }), node('Relu', ['a'], ['b'], { name: 'n_b' }), node('Neg', ['a'], ['Y'])], inputs: [tensorValue('X', 1, [2])], outputs: [tensorValue('Y', 1, [2])] }))],
];

for (const [what, file, make] of BAD) {
  test(`cli report on ${what} exits 2 with exactly one 'error: <file>: <message>' line and no stack`, () => {
    make(file);
    const r = run('report', file);
    assert.equal(r.code, 2);
    assert.equal(r.out, '');
    const lines = r.err.trimEnd().split('\n');
    assert.equal(lines.length, 1, r.err);
    assert.ok(lines[0]!.startsWith(`error: ${file}: `), lines[0]);
    assert.doesNotMatch(r.err, /\bat .*\.js:\d+/);
  });
}

test('cli report --budget exits 3 when peak plus initializer bytes exceed it, 0 otherwise', () => {
  // Peak 512 B + initializers 256 + 16 B = 784 B.
  assert.equal(run('report', MODEL, '--bind', 'batch=2', '--budget', '783', '--optimization', 'disabled').code, 3);
  assert.equal(run('report', MODEL, '--bind', 'batch=2', '--budget', '784', '--optimization', 'disabled').code, 0);
});

test('cli rejects an unknown option with exit 2', () => {
  const r = run('report', MODEL, '--frobnicate');
  assert.equal(r.code, 2);
  assert.equal(r.err, "error: Unknown option '--frobnicate' (see --help)\n");
});

test('cli report --html writes a standalone page next to the summary (needs dist/webview.js)', { skip: existsSync(join(ROOT, 'dist/webview.js')) ? false : 'dist/webview.js not built' }, () => {
  const out = join(dir, 'report.html');
  const r = run('report', MODEL, '--bind', 'batch=1', '--html', out);
  assert.equal(r.code, 0, r.err);
  assert.ok(existsSync(out));
  const html = readFileSync(out, 'utf8');
  assert.match(html, /^<!DOCTYPE html>/i);
  assert.match(html, /Content-Security-Policy/);
});

/** A decoder step: GroupQueryAttention over a past of symbolic length, as exported LLMs have it. */
const GQA_MODEL = join(dir, 'gqa.onnx');
writeFileSync(
  GQA_MODEL,
  buildModel({
    nodes: [
      node('GroupQueryAttention', ['q', 'k', 'v', 'past_k', 'past_v', 'seqlens_k', 'total_len'], ['out', 'present_k', 'present_v'], {
        name: 'gqa', domain: 'com.microsoft', attrs: [attr.int('num_heads', 4), attr.int('kv_num_heads', 2)],
      }),
    ],
    inputs: [
      tensorValue('q', DataType.FLOAT, [1, 1, 64]), tensorValue('k', DataType.FLOAT, [1, 1, 32]), tensorValue('v', DataType.FLOAT, [1, 1, 32]),
      tensorValue('past_k', DataType.FLOAT, [1, 2, 'past', 16]), tensorValue('past_v', DataType.FLOAT, [1, 2, 'past', 16]),
      tensorValue('seqlens_k', DataType.INT32, [1]), tensorValue('total_len', DataType.INT32, []),
    ],
    outputs: [tensorValue('out', DataType.FLOAT, [1, 1, 64]), tensorValue('present_k', DataType.FLOAT, null), tensorValue('present_v', DataType.FLOAT, null)],
    opsets: { 'com.microsoft': 1 },
  }),
);

function gqaStep(...args: string[]) {
  const r = run('report', GQA_MODEL, '--json', ...args);
  assert.equal(r.code, 0, r.err);
  const report = JSON.parse(r.out);
  const step = report.graphs[0].steps.find((s: { opType: string }) => s.opType === 'GroupQueryAttention');
  return { report, step };
}

test('cli report --max-total-seq declares the KV-length envelope: GroupQueryAttention scratch becomes a formula that grows with it', () => {
  const undeclared = gqaStep();
  assert.equal(undeclared.report.session.maxTotalSequenceLength, null);
  assert.equal(undeclared.step.workspaceState, 'unavailable');
  assert.equal(undeclared.step.workspaceBytes, null);
  assert.match(undeclared.step.workspaceReason, /declare its maximum/);
  const sizes = [16, 64, 512, 4096].map((n) => {
    const { report, step } = gqaStep('--max-total-seq', String(n));
    assert.equal(report.session.maxTotalSequenceLength, n);
    assert.equal(step.workspaceState, 'formula');
    assert.match(step.workspaceReason ?? '', new RegExp(`declared maximum total sequence length ${n}`));
    return step.workspaceBytes as number;
  });
  for (let i = 1; i < sizes.length; i++) assert.ok(sizes[i]! > sizes[i - 1]!, `scratch grows with the envelope: ${sizes.join(' < ')}`);
});

test('cli report --threads and --l2-cache set the session facts the workspace formulas use', () => {
  const conv = join(dir, 'conv.onnx');
  writeFileSync(conv, conv3x3Model());
  const ws = (...args: string[]) => {
    const r = run('report', conv, '--json', '--optimization', 'disabled', ...args);
    assert.equal(r.code, 0, r.err);
    const report = JSON.parse(r.out);
    return { session: report.session, bytes: report.graphs[0].steps[0].workspaceBytes as number };
  };
  const byDefault = ws();
  assert.deepEqual(byDefault.session, { intraOpThreads: 2, l2CacheBytes: 1048576, maxTotalSequenceLength: null, ortVersion: '1.30', executionProvider: 'CPUExecutionProvider', graphOptimizationLevel: 'disabled', requestedGraphOptimizationLevel: 'disabled', optimizationFallbackReason: null, nchwcBlockSize: null, executor: 'sequential', memoryPatternModeled: true, arenaModeled: true, arena: { enableCpuMemArena: true, enableMemPattern: true, arenaExtendStrategy: 'next-power-of-two', initialChunkSizeBytes: 1048576, maxDeadBytesPerChunk: 134217728, initialGrowthChunkSizeBytes: 2097152, maxPowerOfTwoExtendBytes: 1073741824, run: 2 } });
  const one = ws('--threads', '1', '--l2-cache', '2097152');
  assert.deepEqual(one.session, { intraOpThreads: 1, l2CacheBytes: 2097152, maxTotalSequenceLength: null, ortVersion: '1.30', executionProvider: 'CPUExecutionProvider', graphOptimizationLevel: 'disabled', requestedGraphOptimizationLevel: 'disabled', optimizationFallbackReason: null, nchwcBlockSize: null, executor: 'sequential', memoryPatternModeled: true, arenaModeled: true, arena: { enableCpuMemArena: true, enableMemPattern: true, arenaExtendStrategy: 'next-power-of-two', initialChunkSizeBytes: 1048576, maxDeadBytesPerChunk: 134217728, initialGrowthChunkSizeBytes: 2097152, maxPowerOfTwoExtendBytes: 1073741824, run: 2 } });
  assert.equal(ws('--threads', '2').bytes, byDefault.bytes);
  assert.ok(one.bytes > 0 && one.bytes < byDefault.bytes, `one thread needs less im2col scratch than two (${one.bytes} vs ${byDefault.bytes})`);
  assert.match(run('report', conv).out, /^session: 2 intra-op thread\(s\), L2 1\.00 MiB/m);
});

test('cli report rejects a session fact that is not a positive integer with one line and exit 2', () => {
  for (const [flag, value, what] of [['--threads', '0', 'thread count'], ['--threads', '5000', 'thread count'], ['--l2-cache', '-1', 'L2 cache size'], ['--max-total-seq', 'abc', 'maximum total sequence length']] as const) {
    const r = run('report', MODEL, flag, value);
    assert.equal(r.code, 2, `${flag} ${value}`);
    assert.equal(r.out, '');
    assert.equal(r.err.trim().split('\n').length, 1, r.err);
    assert.match(r.err, new RegExp(`^error: Invalid ${what} '${value}'`));
  }
});

test('cli report ends quietly, exit 0, when the reader closes the pipe early', () => {
  // JSON far larger than a pipe buffer (64 KiB), so the CLI is still writing when `head` exits.
  const chain = join(dir, 'chain.onnx');
  const nodes = Array.from({ length: 3000 }, (_, i) => node('Relu', [i === 0 ? 'X' : `v${i - 1}`], [i === 2999 ? 'Y' : `v${i}`], { name: `relu${i}` }));
  writeFileSync(chain, buildModel({ nodes, inputs: [tensorValue('X', DataType.FLOAT, [1, 8])], outputs: [tensorValue('Y', DataType.FLOAT, [1, 8])] }));
  const r = spawnSync('/bin/bash', ['-c', `"${process.execPath}" "${CLI}" report "${chain}" --json | head -c 10 >/dev/null; echo "cli=\${PIPESTATUS[0]}"`], { encoding: 'utf8' });
  assert.equal(r.status, 0);
  assert.equal(r.stdout.trim(), 'cli=0', r.stderr);
  assert.doesNotMatch(r.stderr, /EPIPE|Unhandled/);
});

test('cli report: arena flags set the replayed session; the JSON carries per-step modeled physical figures and the physical peak', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oml-cli-arena-'));
  try {
    const model = join(dir, 'chain.onnx');
    writeFileSync(model, buildModel({
      nodes: [node('Neg', ['x'], ['a'], { name: 'a' }), node('Neg', ['a'], ['b'], { name: 'b' }), node('Neg', ['b'], ['y'], { name: 'y' })],
      inputs: [tensorValue('x', DataType.FLOAT, [1, 100])],
      outputs: [tensorValue('y', DataType.FLOAT, [1, 100])],
    }));
    const run = (...extra: string[]): Report => JSON.parse(execFileSync(process.execPath, [CLI, 'report', model, '--json', ...extra], { encoding: 'utf8' })) as Report;
    const byDefault = run();
    const steps = byDefault.graphs[0]!.steps;
    // Run 2 with the pattern: a and b (400 B each, 512 aligned, both live at step 1) sit in one 1024-byte pattern block;
    // only the graph output y (400 B → a 512-byte chunk) comes from the arena, whose first 1 MiB region run 1 made.
    assert.deepEqual(steps.map((s) => [s.arenaInUseBytes, s.arenaHeldBytes]), [[1024, 1048576], [1024, 1048576], [1536, 1048576]]);
    assert.deepEqual(byDefault.physicalPeak, { bytes: 1048576, step: 0, reason: null });
    const first = run('--run', '1', '--mem-pattern', 'off', '--arena-extend', 'same-as-requested');
    // Run 1 without pattern, kSameAsRequested: a gets a 512-byte region, b another; a is freed after step 1, so y takes a's chunk.
    assert.deepEqual(first.graphs[0]!.steps.map((s) => [s.arenaInUseBytes, s.arenaHeldBytes]), [[512, 512], [1024, 1024], [1024, 1024]]);
    assert.equal(first.session.arena?.run, 1);
    const off = run('--arena', 'off');
    assert.equal(off.graphs[0]!.steps[0]!.arenaInUseBytes, null);
    assert.match(off.graphs[0]!.steps[0]!.arenaReason ?? '', /enable_cpu_mem_arena is off/);
    assert.equal(off.physicalPeak.bytes, null);
    const bad = spawnSync(process.execPath, [CLI, 'report', model, '--mem-pattern', 'maybe'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /Invalid --mem-pattern 'maybe': expected on or off/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const ORT_SKIP = (() => {
  try {
    require.resolve('onnxruntime-node');
    return false;
  } catch {
    return 'onnxruntime-node is not installed';
  }
})();

/** A Conv → Relu → Add graph: at 'extended' ORT fuses Conv+Relu into FusedConv, at 'all' it goes NCHWc. */
function fusableModel(): Uint8Array {
  return buildModel({
    nodes: [
      node('Conv', ['X', 'W', 'B'], ['c'], { name: 'conv', attrs: [attr.ints('kernel_shape', [3, 3]), attr.ints('pads', [1, 1, 1, 1])] }),
      node('Relu', ['c'], ['r'], { name: 'relu' }),
      node('Add', ['r', 'X'], ['Y'], { name: 'add' }),
    ],
    inputs: [tensorValue('X', DataType.FLOAT, [1, 16, 8, 8])],
    outputs: [tensorValue('Y', DataType.FLOAT, [1, 16, 8, 8])],
    initializers: [tensor('W', DataType.FLOAT, [16, 16, 3, 3]), tensor('B', DataType.FLOAT, [16])],
  });
}

test('cli report models ORT\'s default level (all) unless --optimization says otherwise; the JSON session and the summary name it', { skip: ORT_SKIP }, () => {
  const file = join(dir, 'fusable.onnx');
  writeFileSync(file, fusableModel());
  const json = (...args: string[]) => {
    const r = run('report', file, '--json', ...args);
    assert.equal(r.code, 0, r.err);
    return JSON.parse(r.out);
  };
  const all = json();
  assert.equal(all.session.graphOptimizationLevel, 'all');
  assert.equal(all.session.requestedGraphOptimizationLevel, 'all');
  assert.equal(all.session.optimizationFallbackReason, null);
  assert.ok(all.graphs[0].steps.some((s: { domain: string }) => s.domain === 'com.microsoft.nchwc'), 'the NCHWc pass ran');
  assert.deepEqual(all.model.opsets, { '': 17 }, 'report.model describes the file, not the graph ORT saved');
  const extended = json('--optimization', 'extended');
  assert.deepEqual(extended.graphs[0].steps.map((s: { opType: string }) => s.opType), ['FusedConv', 'Add']);
  const disabled = json('--optimization', 'disabled');
  assert.deepEqual(disabled.graphs[0].steps.map((s: { opType: string }) => s.opType), ['Conv', 'Relu', 'Add']);
  assert.match(run('report', file, '--optimization', 'extended').out, /^modeled session: .* · graph optimizations extended · /m);
});

test('cli report without ORT falls back to disabled and says so in the summary, the JSON and on stderr', () => {
  const r = runWith({ ONNX_MEMORY_LENS_ORT: 'off' }, 'report', MODEL, '--bind', 'batch=2');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^modeled session: .* · graph optimizations disabled \(all was asked for; onnxruntime-node is turned off \(ONNX_MEMORY_LENS_ORT=off\)\) · /m);
  assert.match(r.out, /peak: 512 B after step 3 \(sigmoid, Sigmoid\)/, 'the disabled-level numbers');
  assert.match(r.err, /^note: .*small\.onnx: modeled at graph optimization level disabled instead of all: /m);
  const j = JSON.parse(runWith({ ONNX_MEMORY_LENS_ORT: 'off' }, 'report', MODEL, '--json', '--optimization', 'extended').out);
  assert.equal(j.session.graphOptimizationLevel, 'disabled');
  assert.equal(j.session.requestedGraphOptimizationLevel, 'extended');
  assert.match(j.session.optimizationFallbackReason, /ONNX_MEMORY_LENS_ORT=off/);
});

test('cli report --optimization refuses a level ORT does not have, with one line and exit 2', () => {
  const r = run('report', MODEL, '--optimization', 'max');
  assert.equal(r.code, 2);
  assert.equal(r.err, "error: Invalid optimization level 'max': expected disabled, basic, extended, all (see --help)\n");
});

test('cli report --cache-dir keeps ORT\'s graph between runs and a second run reads it (same report); nothing is written beside the model', { skip: ORT_SKIP }, () => {
  const modelDir = mkdtempSync(join(tmpdir(), 'oml-cli-cache-model-'));
  const cache = mkdtempSync(join(tmpdir(), 'oml-cli-cache-'));
  try {
    const file = join(modelDir, 'fusable.onnx');
    writeFileSync(file, fusableModel());
    const first = run('report', file, '--json', '--cache-dir', cache);
    assert.equal(first.code, 0, first.err);
    const entries = readdirSync(join(cache, 'optimized'));
    assert.equal(entries.filter((f) => f.endsWith('.onnx')).length, 1, entries.join(', '));
    assert.equal(entries.filter((f) => f.endsWith('.json')).length, 1, entries.join(', '));
    const second = run('report', file, '--json', '--cache-dir', cache);
    assert.equal(second.out, first.out);
    assert.deepEqual(readdirSync(modelDir), ['fusable.onnx']);
  } finally {
    rmSync(modelDir, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
});
