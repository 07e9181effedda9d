/**
 * ORT's InsertCastTransformer for the CPU EP (ort-graph-at-disabled.md §4a-4b): fp16 nodes with no
 * fp16 kernel run in fp32 between inserted Casts. Only the main graph is processed here; nodes with
 * subgraphs are never cast (ORT does the same) and their bodies are left unchanged.
 */
import { DataType } from '../../onnx/dataType';
import type { ExecGraph, ExecNode } from '../execGraph';
import { computeExecutionOrder } from '../executionOrder';
import { fp16Coverage, hasNoCpuKernel, variadicFormals } from './fp16Kernels';
import { type GraphEditor, intAttribute } from './graphEditor';
import type { DtypeMap } from './removeDuplicateCasts';

const CAST_PREFIX = 'InsertedPrecisionFreeCast_';
const ORIGIN = 'InsertCastTransformer';

/** Which nodes the CPU EP claims: node index → true when assigned (a kernel matches its op and types). */
export interface Assignment {
  get(index: number): boolean | undefined;
  set(index: number, ok: boolean): void;
}

/**
 * An Assignment in one byte per node index (0 unset, 1 false, 2 true) instead of a Map with an
 * entry per node: at 200k nodes the Map's growing tables were ~10 MB of old-space garbage.
 */
class NodeAssignment implements Assignment {
  private flags = new Uint8Array(64);

  get(index: number): boolean | undefined {
    const f = index < this.flags.length ? this.flags[index]! : 0;
    return f === 0 ? undefined : f === 2;
  }

  set(index: number, ok: boolean): void {
    if (index >= this.flags.length) {
      const grown = new Uint8Array(Math.max(index + 1, this.flags.length * 2));
      grown.set(this.flags);
      this.flags = grown;
    }
    this.flags[index] = ok ? 2 : 1;
  }
}

function isFp16(types: DtypeMap, v: string): boolean {
  return v !== '' && types.get(v) === DataType.FLOAT16;
}

function hasFp16Input(n: ExecNode, types: DtypeMap): boolean {
  return types.mayHold?.(DataType.FLOAT16) !== false && n.inputs.some((v) => isFp16(types, v));
}

/**
 * Decides, per live node, whether the CPU EP has a kernel for it (§1 step 5, §3 table), and records
 * uncovered terms for fp16 ops the table does not know and for bf16 nodes.
 */
export function assignCpuKernels(exec: ExecGraph, types: DtypeMap, onnxOpset: number): Assignment {
  const assigned: Assignment = new NodeAssignment();
  const unknownOps = new Set<string>();
  const bf16Ops = new Map<string, number>();
  const mayHoldBf16 = types.mayHold?.(DataType.BFLOAT16) !== false;
  for (const n of exec.nodes) {
    if (!n) continue;
    let ok = true;
    if (n.subgraphs.length === 0) {
      if (hasNoCpuKernel(n.opType, n.domain, onnxOpset)) ok = false;
      else if (hasFp16Input(n, types)) {
        const cov = fp16Coverage(n.opType, n.domain, onnxOpset);
        if (cov === null) unknownOps.add(opLabel(n));
        ok = cov === 'native';
      }
      if (mayHoldBf16 && n.inputs.some((v) => v !== '' && types.get(v) === DataType.BFLOAT16) && !BF16_SAFE.has(n.opType)) {
        bf16Ops.set(opLabel(n), (bf16Ops.get(opLabel(n)) ?? 0) + 1);
      }
    }
    assigned.set(n.index, ok);
  }
  for (const op of unknownOps) {
    exec.uncovered.push({ term: `fp16-kernel:${op}`, reason: `No fp16 coverage row for ${op}; assumed to run in fp32 between Casts` });
  }
  for (const [op, count] of bf16Ops) {
    exec.uncovered.push({
      term: `bf16:${op}`,
      reason: `${count} bfloat16 ${op} node(s) are never cast; ORT fails session creation if the CPU EP has no bf16 kernel for ${op}`,
    });
  }
  return assigned;
}

function opLabel(n: ExecNode): string {
  return n.domain ? `${n.domain}::${n.opType}` : n.opType;
}

/** Ops whose CPU kernels accept every tensor type, so a bf16 node still gets a kernel. */
const BF16_SAFE = new Set(['Cast', 'Identity', 'Shape', 'Size', 'Reshape', 'Squeeze', 'Unsqueeze', 'Flatten']);

function needsInputCast(n: ExecNode, assigned: Assignment, types: DtypeMap): boolean {
  return assigned.get(n.index) === false && hasFp16Input(n, types);
}

/** §4a: an fp16-capable node whose fp16 neighbours all get cast is forced to fp32 too. */
function isIsolatedFp16Node(g: GraphEditor, n: ExecNode, assigned: Assignment, types: DtypeMap): boolean {
  // Cheapest tests first (every test is pure): in an fp32 graph no node has an fp16 input.
  if (n.subgraphs.length > 0 || assigned.get(n.index) !== true || !hasFp16Input(n, types)) return false;
  if (g.inputEdgeCount(n) === 0 || g.producesGraphOutput(n)) return false;
  const variadic = variadicFormals(n.opType, n.domain);
  const typedInputs = variadic.inputs ? n.inputs.slice(0, 1) : n.inputs;
  const fp16In = typedInputs.filter((v) => isFp16(types, v));
  if (fp16In.length === 0) return false;
  for (const v of fp16In) {
    const p = g.producer(v);
    if (p !== undefined && !needsInputCast(g.node(p)!, assigned, types)) return false;
  }
  const typedOutputs = variadic.outputs ? n.outputs.slice(0, 1) : n.outputs;
  const fp16Out = typedOutputs.filter((v) => isFp16(types, v));
  if (fp16Out.length === 0) return false;
  for (const v of fp16Out) {
    for (const c of g.consumers(v)) if (!needsInputCast(g.node(c)!, assigned, types)) return false;
  }
  // Every op the §3 table marks native also has an fp32 CPU kernel.
  return true;
}

function addCast(g: GraphEditor, types: DtypeMap, value: string, onInput: boolean, to: number): string {
  const name = g.generateNodeName(CAST_PREFIX + value);
  g.addNode({
    name,
    opType: 'Cast',
    domain: '',
    inputs: [onInput ? name : value],
    outputs: [onInput ? value : name],
    attributes: [intAttribute('to', to)],
    implicitInputs: [],
    subgraphs: [],
    inserted: true,
    origin: ORIGIN,
  });
  types.set(name, DataType.FLOAT);
  return name;
}

/**
 * Applies §4a and §4b to the main graph: forces isolated fp16 nodes to fp32, then, in DEFAULT
 * order, casts the fp16 inputs and outputs of every unassigned node. Returns the number of Casts added.
 */
export function insertCasts(g: GraphEditor, types: DtypeMap, assigned: Assignment): number {
  // Only unassigned nodes get Casts: without any, skip the order (a cycle still fails in the planner's own order).
  let hasUnassigned = false;
  // The loop changes `assigned` only, not the graph: it walks the node list in place (no list of the live nodes).
  for (const n of g.graph.nodes) {
    if (n === undefined) continue;
    if (isIsolatedFp16Node(g, n, assigned, types)) assigned.set(n.index, false);
    if (assigned.get(n.index) === false) hasUnassigned = true;
  }
  if (!hasUnassigned) return 0;
  const inputCastOf = new Map<string, string>();
  const arm64Ops = new Set<string>();
  let added = 0;
  for (const idx of computeExecutionOrder(g.graph)) {
    const n = g.node(idx)!;
    if (assigned.get(idx) !== false || n.subgraphs.length > 0) continue;
    const replace = new Map<string, string>();
    for (const v of n.inputs) {
      if (!isFp16(types, v) || replace.has(v)) continue;
      let fp32 = inputCastOf.get(v);
      if (fp32 === undefined) {
        fp32 = addCast(g, types, v, false, DataType.FLOAT);
        inputCastOf.set(v, fp32);
        added++;
      }
      replace.set(v, fp32);
    }
    if (replace.size === 0) continue;
    if (n.domain === '' && ARM64_FP16_OPS.has(n.opType)) arm64Ops.add(n.opType);
    assigned.set(idx, true);
    // Generator ops (EyeLike, RandomNormalLike, ...) declare their output type in `dtype`.
    g.setAttributes(idx, n.attributes.map((a) => (a.name === 'dtype' && a.i === DataType.FLOAT16 ? { ...a, i: DataType.FLOAT } : a)));
    for (const o of n.outputs) {
      if (!isFp16(types, o)) continue;
      replace.set(o, addCast(g, types, o, true, DataType.FLOAT16));
      added++;
    }
    g.replaceDefs(idx, replace);
  }
  if (arm64Ops.size > 0) {
    g.graph.uncovered.push({
      term: 'fp16-kernels-platform',
      reason: `The fp16 kernel table is ORT 1.30 on x64 and Apple; ARM64 builds with fp16 acceleration run ${[...arm64Ops].sort().join(', ')} natively in fp16, without these Casts`,
    });
  }
  return added;
}

/** Ops that ARM64 builds with MLAS fp16 acceleration (not Apple) also run in fp16 (ort-graph-at-disabled.md §3). */
const ARM64_FP16_OPS = new Set(['Add', 'Sub', 'Mul', 'Div', 'Relu', 'LeakyRelu', 'Erf', 'Conv', 'MaxPool', 'AveragePool', 'GlobalAveragePool']);
