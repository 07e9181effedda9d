import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModelBytes } from '../../src/onnx/loadModel';
import { buildReport, type Analysis } from '../../src/analyze/buildReport';
import { bindingsFileTag, describeBindings, describeSession } from '../../src/report/describeSession';
import { escapeHtml, renderStandaloneHtml } from '../../src/report/renderHtml';
import { renderText } from '../../src/report/renderText';
import type { Report } from '../../src/report/report';
import { buildModel, DataType, node, tensor, tensorValue } from '../support/onnxBuilder';
import { machineHasAmxInt8 } from '../../src/ops/workspace/qgemmKernel';

function analysis(): Analysis {
  const bytes = buildModel({
    nodes: [node('Relu', ['x'], ['h'], { name: 'relu' }), node('Sigmoid', ['h'], ['y'], { name: 'sig' })],
    inputs: [tensorValue('x', DataType.FLOAT, ['batch', 16])],
    outputs: [tensorValue('y', DataType.FLOAT, ['batch', 16])],
  });
  return { filePath: '/virtual/session.onnx', model: decodeModelBytes(bytes, { fileName: 'session.onnx' }).model, fileBytes: bytes.length };
}

const SEQUENTIAL_LABEL =
  'ONNX Runtime 1.30 · CPU EP · graph optimizations disabled · sequential executor · 2 intra-op threads · BFC arena modeled (kNextPowerOfTwo, memory pattern on, run 2)';
/** A report saved before the arena replay: its session has no arena record. */
const OLD_SEQUENTIAL_LABEL =
  "ONNX Runtime 1.30 · CPU EP · graph optimizations disabled · sequential executor · 2 intra-op threads · memory pattern and arena not modeled (best-fit arena estimates the pattern's block)";
const ARENA = { enableCpuMemArena: true, enableMemPattern: true, arenaExtendStrategy: 'next-power-of-two', initialChunkSizeBytes: 1048576, maxDeadBytesPerChunk: 134217728, initialGrowthChunkSizeBytes: 2097152, maxPowerOfTwoExtendBytes: 1073741824, run: 2 };
const PARALLEL_LABEL =
  'ONNX Runtime 1.30 · CPU EP · graph optimizations disabled · parallel executor (no reuse; peak: the worst case over every schedule, bars: ORT\'s order) · 1 intra-op thread · memory pattern and arena not modeled';

test('the JSON session names the modeled ORT session: 1.30, CPU EP, optimizations disabled, the executor, the arena and pattern options (sequential) or neither (parallel)', () => {
  const a = analysis();
  const json = (r: Report): unknown => JSON.parse(JSON.stringify(r)).session;
  assert.deepEqual(json(buildReport(a)), {
    intraOpThreads: 2, l2CacheBytes: 1048576, maxTotalSequenceLength: null,
    ortVersion: '1.30', executionProvider: 'CPUExecutionProvider', graphOptimizationLevel: 'disabled', requestedGraphOptimizationLevel: 'disabled', optimizationFallbackReason: null, nchwcBlockSize: null, executor: 'sequential', memoryPatternModeled: true, arenaModeled: true, arena: ARENA,
  });
  assert.deepEqual(json(buildReport(a, { view: 'parallel', session: { intraOpThreads: 1 } })), {
    intraOpThreads: 1, l2CacheBytes: 1048576, maxTotalSequenceLength: null,
    ortVersion: '1.30', executionProvider: 'CPUExecutionProvider', graphOptimizationLevel: 'disabled', requestedGraphOptimizationLevel: 'disabled', optimizationFallbackReason: null, nchwcBlockSize: null, executor: 'parallel', memoryPatternModeled: false, arenaModeled: false,
  });
  assert.equal(buildReport(a).schemaVersion, 1, 'the new fields are additive: schema version 1 stands');
});

test('describeSession() says level, executor, threads and what is not modeled, never "ORT default"', () => {
  const a = analysis();
  assert.equal(
    describeSession(buildReport(a, { arena: { enableMemPattern: false, arenaExtendStrategy: 'same-as-requested', run: 1 } })),
    'ONNX Runtime 1.30 · CPU EP · graph optimizations disabled · sequential executor · 2 intra-op threads · BFC arena modeled (kSameAsRequested, memory pattern off, run 1)',
  );
  assert.match(describeSession(buildReport(a, { arena: { enableCpuMemArena: false } })), / · CPU arena off \(enable_cpu_mem_arena = 0\): no arena figures$/);
  assert.equal(describeSession(buildReport(a)), SEQUENTIAL_LABEL);
  assert.equal(describeSession(buildReport(a, { view: 'parallel', session: { intraOpThreads: 1 } })), PARALLEL_LABEL);
  assert.doesNotMatch(SEQUENTIAL_LABEL + PARALLEL_LABEL, /ORT default/);
});

test('describeSession() reads reports saved before the session record had these fields, or without a session', () => {
  assert.equal(describeSession({ view: 'sequential', session: { intraOpThreads: 2, l2CacheBytes: 1048576, maxTotalSequenceLength: null } }), OLD_SEQUENTIAL_LABEL);
  assert.equal(
    describeSession({ view: 'parallel' }),
    'ONNX Runtime 1.30 · CPU EP · graph optimizations disabled · parallel executor (no reuse; peak: the worst case over every schedule, bars: ORT\'s order) · memory pattern and arena not modeled',
  );
});

test('the text summary names the modeled session on its own line', () => {
  const a = analysis();
  assert.match(renderText(buildReport(a)), new RegExp(`^modeled session: ${SEQUENTIAL_LABEL.replace(/[()]/g, '\\$&')}$`, 'm'));
  assert.match(renderText(buildReport(a, { view: 'parallel', session: { intraOpThreads: 1 } })), /^modeled session: .*parallel executor .* 1 intra-op thread ·/m);
});

test('the standalone HTML page names the modeled session in its description', () => {
  const html = renderStandaloneHtml(buildReport(analysis()), '/* bundle */', '', { nonce: 'n' });
  assert.ok(html.includes(`<meta name="description" content="${escapeHtml(`ONNX Memory Lens report of session.onnx. Modeled session: ${SEQUENTIAL_LABEL}`)}">`), html.slice(0, 800));
});

test('describeBindings() names the free dims bound and unbound; bindingsFileTag() makes a short, stable file-name part', () => {
  const free = (names: string[]) => ({ free: names.map((name) => ({ name, source: 'input' as const, uses: [] })), derived: [], relations: [] });
  assert.equal(describeBindings({ bindings: {}, symbols: [], dims: free([]) }), 'no symbolic dims');
  assert.equal(describeBindings({ bindings: {}, symbols: ['b', 's'], dims: free(['b', 's']) }), 'no bindings (b, s unbound)');
  assert.equal(describeBindings({ bindings: { b: 1, s: 8 }, symbols: ['b', 's'], dims: free(['b', 's']) }), 'bindings b=1, s=8');
  assert.equal(describeBindings({ bindings: { b: 1, s: 8 }, symbols: ['b', 's'], dims: free(['b', 's']), inputValues: { sr: [16000], hw: [480, 640] } }), 'bindings b=1, s=8 · input values sr=16000, hw=480,640');
  assert.equal(describeBindings({ bindings: {}, symbols: [], dims: free([]), inputValues: { sr: [8000] } }), 'no symbolic dims · input values sr=8000');
  // Only free dims count: a binding of a derived name (an older panel's state) is not listed.
  assert.equal(describeBindings({ bindings: { b: 1, unk: 3 }, symbols: ['b', 's', 'unk'], dims: free(['b', 's']) }), 'bindings b=1 (s unbound)');
  // Reports without dims fall back to their symbols.
  assert.equal(describeBindings({ bindings: { b: 2 }, symbols: ['b'] }), 'bindings b=2');
  const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`unk__${i}`, 1]));
  assert.match(describeBindings({ bindings: many, symbols: Object.keys(many), dims: free(Object.keys(many)) }), /unk__11=1 and 8 more$/);
  assert.equal(bindingsFileTag({ seq: 128, batch: 2 }), 'batch2-seq128');
  assert.equal(bindingsFileTag({}), '');
  const tag = bindingsFileTag(many);
  assert.match(tag, /^20dims-[0-9a-f]+$/);
  assert.equal(bindingsFileTag(many), tag);
});

test('describeSession() names the optimization level modeled, the NCHWc block at all, and a fallback with the level asked for and why', () => {
  const a = analysis();
  const at = (optimization: NonNullable<Analysis['optimization']>): string => describeSession(buildReport({ ...a, optimization }));
  assert.match(at({ level: 'extended', requested: 'extended', fallbackReason: null, nchwcBlockSize: null }), / · graph optimizations extended · sequential executor · /);
  assert.match(at({ level: 'all', requested: 'all', fallbackReason: null, nchwcBlockSize: 16 }), / · graph optimizations all \(NCHWc block 16\) · /);
  const fallback = at({ level: 'disabled', requested: 'all', fallbackReason: 'onnxruntime-node could not be loaded on linux-arm64 (x)', nchwcBlockSize: null });
  assert.match(fallback, / · graph optimizations disabled \(all was asked for; onnxruntime-node could not be loaded on linux-arm64 \(x\)\) · /);
  const session = buildReport({ ...a, optimization: { level: 'disabled', requested: 'all', fallbackReason: 'why', nchwcBlockSize: null } }).session;
  assert.equal(session.graphOptimizationLevel, 'disabled');
  assert.equal(session.requestedGraphOptimizationLevel, 'all');
  assert.equal(session.optimizationFallbackReason, 'why');
});

test("describeSession() names the CPU-dependent int8 GEMM kernel that u8·s8 packs follow, once, and no kernel for u8·u8 packs", () => {
  const build = (bType: number): Report => {
    const bytes = buildModel({
      nodes: [node('MatMulInteger', ['a', 'b1'], ['y1'], { name: 'mm1' }), node('MatMulInteger', ['a', 'b2'], ['y2'], { name: 'mm2' })],
      inputs: [tensorValue('a', DataType.UINT8, [4, 70])],
      outputs: [tensorValue('y1', DataType.INT32, [4, 32]), tensorValue('y2', DataType.INT32, [4, 32])],
      // Distinct contents: ORT keeps one copy of equal packs.
      initializers: [tensor('b1', bType, [70, 32]), tensor('b2', bType, [70, 32], { raw: new Uint8Array(70 * 32).fill(3) })],
    });
    return buildReport({ filePath: '/virtual/q.onnx', model: decodeModelBytes(bytes, { fileName: 'q.onnx' }).model, fileBytes: bytes.length });
  };
  const s8 = build(DataType.INT8);
  const amx = machineHasAmxInt8();
  const kernel = amx ? 'u8·s8 GEMM packs of the AMX kernel (K padded to 64)' : /u8·s8 GEMM packs of the AVX2\/AVX-512 kernels \(K padded to 4/;
  assert.equal(s8.session.machineKernels?.length, 1);
  if (typeof kernel === 'string') assert.equal(s8.session.machineKernels[0], kernel);
  else assert.match(s8.session.machineKernels[0]!, kernel);
  assert.match(describeSession(s8), new RegExp(` · 2 intra-op threads · this CPU's u8·s8 GEMM packs of the ${amx ? 'AMX kernel' : 'AVX2/AVX-512 kernels'} .* · BFC arena modeled`));
  // The packs' sizes are the ones the named kernel makes: K 70 padded to 128 (AMX) or 72, and N's column sums.
  const packed = 32 * (amx ? 128 : 72) + 32 * 4;
  const packs = s8.graphs[0]!.initialization!.prepack;
  assert.deepEqual(packs.map((p) => [p.initializer, p.packedBytes, p.kernel]).sort(), [['b1', packed, s8.session.machineKernels[0]], ['b2', packed, s8.session.machineKernels[0]]]);
  const u8 = build(DataType.UINT8);
  assert.equal(u8.session.machineKernels, undefined);
  assert.doesNotMatch(describeSession(u8), /GEMM packs/);
});
