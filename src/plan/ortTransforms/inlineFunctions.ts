/**
 * ORT's function inlining (ort-graph-at-disabled.md §2, steps 1 and 5): model-local function calls
 * and schema ops the CPU EP has no kernel for are replaced by their bodies, in rounds of ascending
 * node index, until nothing changes. Nested calls are expanded in a later round with their own prefix.
 */
import { DataType, tensorByteSize } from '../../onnx/dataType';
import type { Attribute, FunctionInfo, TensorInfo } from '../../onnx/model';
import type { ExecNode } from '../execGraph';
import { fp16Coverage, hasNoCpuKernel, hasNoCpuKernelForTypes, kernelDependsOnTypes } from './fp16Kernels';
import { type BodyConstant, type BodyNode, type FunctionBody, schemaFunctionBody } from './functionBodies';
import type { GraphEditor } from './graphEditor';
import type { DtypeMap } from './removeDuplicateCasts';
import { isOnnxDomain, normalizeDomain } from '../../onnx/domain';

/** Rounds are capped so that a recursive local function cannot loop forever. */
const MAX_ROUNDS = 64;

/** ExecNode keeps no `overload`, so calls match functions by domain and name only. */
function functionKey(domain: string, name: string): string {
  return `${normalizeDomain(domain)}\u0000${name}`;
}

/** The body of a model-local function, as a FunctionBody with the call's attributes substituted. */
function localBody(f: FunctionInfo, call: ExecNode): FunctionBody {
  const items: (BodyConstant | BodyNode)[] = [];
  for (const bn of f.nodes) {
    const attributes = bn.attributes.flatMap((a): Attribute[] => {
      if (!a.refAttrName) return [a];
      const src = call.attributes.find((c) => c.name === a.refAttrName) ?? f.attributeDefaults.find((d) => d.name === a.refAttrName);
      return src ? [{ ...src, name: a.name }] : [];
    });
    if (bn.opType === 'Constant' && isOnnxDomain(bn.domain)) {
      items.push(constantOf(bn.outputs[0] ?? '', attributes));
      continue;
    }
    items.push({ kind: 'node', name: bn.name, opType: bn.opType, domain: normalizeDomain(bn.domain), inputs: bn.inputs, outputs: bn.outputs, attributes });
  }
  return { inputs: f.inputs, outputs: f.outputs, items };
}

/** A Constant node's payload as dtype and dims (values kept only when small and numeric). */
function constantOf(name: string, attributes: Attribute[]): BodyConstant {
  const a = attributes[0];
  if (a?.t) return { kind: 'constant', name, dataType: a.t.dataType, dims: a.t.dims, values: a.t.values ?? [] };
  if (a?.name === 'value_float') return { kind: 'constant', name, dataType: DataType.FLOAT, dims: [], values: [a.f ?? 0] };
  if (a?.name === 'value_floats') return { kind: 'constant', name, dataType: DataType.FLOAT, dims: [a.floats?.length ?? 0], values: a.floats ?? [] };
  if (a?.name === 'value_int') return { kind: 'constant', name, dataType: DataType.INT64, dims: [], values: [a.i ?? 0] };
  if (a?.name === 'value_ints') return { kind: 'constant', name, dataType: DataType.INT64, dims: [a.ints?.length ?? 0], values: a.ints ?? [] };
  return { kind: 'constant', name, dataType: DataType.UNDEFINED, dims: [], values: [] };
}

function initializerOf(name: string, c: BodyConstant): TensorInfo {
  const count = c.dims.reduce((p, d) => p * d, 1);
  const byteSize = tensorByteSize(c.dataType, count);
  return { name, dataType: c.dataType, dims: c.dims, byteSize, storedBytes: byteSize, external: null, values: c.values.length ? c.values : null };
}

/** Replaces `call` by `body` exactly as Graph::InlineFunction names and indexes it. */
function inlineBody(g: GraphEditor, call: ExecNode, body: FunctionBody, origin: string): void {
  const prefix = g.generateNodeName(`_inlfunc_${call.opType}`);
  const rename = new Map<string, string>();
  body.inputs.forEach((formal, k) => rename.set(formal, call.inputs[k] ?? ''));
  body.outputs.forEach((formal, k) => rename.set(formal, call.outputs[k] || `${prefix}_${formal}`));
  for (const item of body.items) {
    const defined = item.kind === 'constant' ? [item.name] : item.outputs;
    for (const v of defined) if (v && !rename.has(v)) rename.set(v, `${prefix}_${v}`);
  }
  const mapName = (v: string) => (v === '' ? '' : (rename.get(v) ?? v));
  g.removeNode(call.index);
  for (const item of body.items) {
    if (item.kind === 'constant') {
      const name = mapName(item.name);
      g.setInitializer(initializerOf(name, item));
      g.noteArg(name);
      continue;
    }
    const { attributes } = item;
    g.addNode({
      name: item.name ? `${prefix}_${item.name}` : '',
      opType: item.opType,
      domain: item.domain,
      inputs: item.inputs.map(mapName),
      outputs: item.outputs.map(mapName),
      attributes,
      implicitInputs: [],
      subgraphs: attributes.filter((a) => a.g).map((a) => ({ attribute: a.name, graph: a.g! })),
      inserted: true,
      origin,
    });
  }
}

/**
 * Whether ORT expands a schema op (§1 step 5): it has no CPU kernel for any type or for its input
 * types, or it has fp16 inputs and the §3 table says 'inline'. 'fail' when ORT can neither run nor expand it.
 */
function inliningNeed(n: ExecNode, types: DtypeMap, onnxOpset: number): 'inline' | 'fail' | null {
  if (n.subgraphs.length > 0) return null;
  const noKernel = hasNoCpuKernel(n.opType, n.domain, onnxOpset) || (kernelDependsOnTypes(n.opType, n.domain) && hasNoCpuKernelForTypes(n.opType, n.domain, n.inputs.map((v) => (v === '' ? null : types.get(v) ?? null)), onnxOpset));
  const fp16 = n.inputs.some((v) => v !== '' && types.get(v) === DataType.FLOAT16);
  if (!noKernel && !fp16) return null;
  const coverage = fp16Coverage(n.opType, n.domain, onnxOpset);
  if (coverage === 'fail') return 'fail';
  return noKernel || coverage === 'inline' ? 'inline' : null;
}

/** True when a node could need expanding whatever its types, so rounds without one skip type inference. */
function mayInline(n: ExecNode, local: Map<string, FunctionInfo>, onnxOpset: number): boolean {
  if (local.has(functionKey(n.domain, n.opType))) return true;
  const coverage = fp16Coverage(n.opType, n.domain, onnxOpset);
  return hasNoCpuKernel(n.opType, n.domain, onnxOpset) || kernelDependsOnTypes(n.opType, n.domain) || coverage === 'inline' || coverage === 'fail';
}

/** Dtypes of the graph as it is now; `invalidate` after the graph changed. */
export interface DtypeSource {
  get(): DtypeMap;
  invalidate(): void;
}

/**
 * Expands function calls in rounds until none is left. `types` re-infers dtypes for the graph as
 * it is (bodies introduce new values). Nodes whose body cannot be reproduced stay and are reported.
 * Returns the number of calls expanded.
 */
export function inlineFunctions(g: GraphEditor, functions: FunctionInfo[], onnxOpset: number, typeSource: DtypeSource): number {
  const local = new Map(functions.map((f) => [functionKey(f.domain, f.name), f]));
  const reported = new Set<number>();
  let expanded = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (!g.someLiveNode((n) => mayInline(n, local, onnxOpset))) return expanded;
    const types = typeSource.get();
    let changed = false;
    for (const n of g.liveNodes()) {
      const f = local.get(functionKey(n.domain, n.opType));
      let body: FunctionBody | null = null;
      const origin = `inline:${n.opType}`;
      if (f) body = localBody(f, n);
      else {
        const need = inliningNeed(n, types, onnxOpset);
        if (need === null) continue;
        body = need === 'inline' ? schemaFunctionBody({ node: n, onnxOpset, dtypeOf: (v) => types.get(v) ?? null }) : null;
        if (!body) {
          if (!reported.has(n.index)) {
            reported.add(n.index);
            g.graph.uncovered.push({
              term: `inline:${n.opType}`,
              reason:
                need === 'fail'
                  ? `ORT 1.30 has neither a CPU kernel nor a usable function body for ${n.opType} node '${n.name}' at opset ${onnxOpset}; session creation fails`
                  : `ORT expands ${n.opType} node '${n.name}' at opset ${onnxOpset} into a function body this model does not reproduce; the node is kept as is`,
            });
          }
          continue;
        }
      }
      inlineBody(g, n, body, origin);
      expanded++;
      changed = true;
    }
    if (!changed) return expanded;
    typeSource.invalidate();
  }
  if (!g.graph.uncovered.some((u) => u.term === 'inline:rounds')) {
    g.graph.uncovered.push({
      term: 'inline:rounds',
      reason: `Function inlining still changed the graph after ${MAX_ROUNDS} rounds (recursive local functions?); stopped there`,
    });
  }
  return expanded;
}
