/**
 * Type and shape inference over a graph (decoded Graph or the planner's ExecGraph).
 *
 * The graph is inferred twice, once per channel (see types.ts and ruleContext.ts): a static pass
 * that mimics ORT's graph resolution (ONNX rules, constant initializers readable, declared
 * value_info merged in, no bindings, only ORT's own data propagation: staticDataPropagation.ts)
 * and a runtime pass (bindings applied,
 * small int contents propagated, symbolic arithmetic). The two are zipped per value at the end.
 * Each pass visits every node once in a topological order, so the work is linear in nodes + values.
 */
import { ShapeError } from '../onnx/lensError';
import { internalRuleError } from '../onnx/internalError';
import type { FunctionInfo, Graph, SparseTensorInfo, TensorInfo, TypeInfo, ValueInfo } from '../onnx/model';
import { inferenceOrderIndices, nodeSlots, type NodeSlots } from './graphOrder';
import { makeRuleContext, type PassSettings, type ShapeRuleLookup } from './nodeContext';
import type { OutSpec, ShapeNode, Val } from './ruleContext';
import { domainName } from '../onnx/domain';
import { presentEntries } from '../onnx/presentEntries';
import { constantVal, fromType, isIncomplete, mergeDeclared, nameUnnamedDims, tensorVal, unknownVal } from './passValues';
import { propagatedContents, propagateStaticData, type PropagatedData } from './staticDataPropagation';
import { dimSymbols, singleSymbol, symbolDim } from './symbolicDim';
import type { InferenceResult, InferredValue, SymDim } from './types';

/** The graph fields inference reads; both `Graph` and `ExecGraph` fit. */
export interface ShapeGraph {
  nodes: readonly (ShapeNode | undefined)[];
  initializers: readonly TensorInfo[] | ReadonlyMap<string, TensorInfo>;
  sparseInitializers?: readonly SparseTensorInfo[];
  inputs: readonly ValueInfo[];
  outputs: readonly ValueInfo[];
  valueInfo: readonly ValueInfo[];
}

/** Options of `inferShapes`. */
export interface InferShapesOptions {
  /** Opset version per domain ('' or 'ai.onnx' for the default domain). */
  opsets: Record<string, number>;
  /** The shape rules: the op registry's `shapeRuleOf` (src/ops/registry.ts), given by the caller since src/ops sits above src/shape. */
  rules: ShapeRuleLookup;
  /** Values for symbolic dims (dim_params and generated data-dependent symbols). */
  bindings?: Record<string, number>;
  /**
   * Contents of small graph inputs the caller fixed (`--value sr=16000`), row-major. Runtime channel
   * only: ORT's own inference never sees input contents. Checked by the caller (see analyze).
   */
  inputValues?: Readonly<Record<string, readonly number[]>>;
  /** Values visible from an enclosing graph, when inferring a subgraph on its own. */
  outerScope?: Map<string, InferredValue>;
  /**
   * Keeps the static pass of this graph for the next call with the same graph and options but
   * other bindings (a rebind or a sweep). Used only without `outerScope`: the static pass then
   * reads no binding (declared dims stay symbols, data-dependent dims unknown).
   */
  staticPass?: StaticPassMemo;
  /** Model-local functions, inferred by expanding their bodies at each call. */
  functions?: FunctionInfo[];
  /**
   * ModelProto.ir_version (default 4). Below 4, ORT treats initializers listed as graph inputs as
   * constants (`CanOverrideInitializer` is false), so their contents are readable statically.
   */
  irVersion?: number;
  /** NCHWc block size of the session (the com.microsoft.nchwc ops pad channels to it); null when unknown. */
  nchwcBlockSize?: number | null;
  /**
   * The graph was saved by ORT at an optimization level: its value_info holds ORT's static shapes,
   * unknown dims included, so the static pass takes them as declared (see mergeDeclared).
   */
  declaredShapesAreOrts?: boolean;
  /**
   * A Loop body inferred on its own: its input `name` is the iteration number, whose contents the
   * runtime pass gives as the symbol `symbol` (RuleContext.iterationNumber says what that allows).
   */
  iterationInput?: { name: string; symbol: string };
}

/** Nesting limit for subgraphs and function calls. */
const MAX_DEPTH = 64;

/** One pass's values of one graph, by the graph structure's value ids (a Map of every name per pass was the costly part at 200k values). */
class PassValues {
  constructor(
    readonly structure: GraphStructure,
    /** By value id; undefined until the pass defines it. */
    readonly vals: (Val | undefined)[],
  ) {}

  get(name: string): Val | undefined {
    const id = this.structure.slots.ids.get(name);
    return id === undefined ? undefined : this.vals[id];
  }
}

/** One pass's result for one graph. */
interface PassResult {
  values: PassValues;
  subgraphs: Map<Graph, PassResult>;
}

/** The static pass of one graph, kept across inferShapes calls (see InferShapesOptions.staticPass); never mutated once made. */
export class StaticPassMemo {
  /** @internal */
  result: PassResult | null = null;
}

interface Scope {
  values: { get(name: string): Val | undefined };
  parent: Scope | null;
}

/** A value as seen from a subgraph body: ORT keeps propagated data on the outer NodeArg only. */
function bodyView(v: Val): Val {
  if (!v.prop) return v;
  const { prop: _dropped, ...rest } = v;
  return { ...rest, value: null };
}

function lookup(scope: Scope | null, name: string): Val | undefined {
  for (let s = scope; s; s = s.parent) {
    const v = s.values.get(name);
    if (v) return s === scope ? v : bodyView(v);
  }
  return undefined;
}

/** `name` in the scopes enclosing a graph (`outer` the nearest), as a body sees it. */
function lookupOuter(outer: Scope, name: string): Val | undefined {
  for (let s: Scope | null = outer; s; s = s.parent) {
    const v = s.values.get(name);
    if (v) return bodyView(v);
  }
  return undefined;
}

/**
 * The live nodes in file order, with ORT's node label for each: the name, else `OpType_index`
 * with the explicit index, else the position among non-Constant nodes.
 */
function liveNodesOf(nodes: readonly (ShapeNode | undefined)[]): { live: ShapeNode[]; labels: string[] } {
  // Both lists made at their length (presentEntries says why).
  const live = presentEntries(nodes);
  const labels = new Array<string>(live.length);
  let k = 0;
  let at = 0;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (n === undefined) continue;
    const index = n.index ?? (n.opType === 'Constant' && n.domain === '' ? -1 : k);
    if (n.index === undefined && index >= 0) k++;
    labels[at++] = n.name || `${n.opType}_${index >= 0 ? index : i}`;
  }
  return { live, labels };
}

/** What inference reads of a graph besides types: the live nodes, their labels, their order and the value ids. */
interface GraphStructure {
  live: ShapeNode[];
  labels: string[];
  order: Int32Array;
  /** Value ids: the initializers, sparse initializers and inputs first, then the nodes' values (graphOrder.ts). */
  slots: NodeSlots;
  /** Value ids in the order a pass first defines them (initializers, sparse initializers, inputs, node outputs in `order`): the order results iterate in. */
  defined: Int32Array;
  /** The declared type of each value id (value_info, then graph outputs, the later winning), for the nodes' outputs. */
  declared: (TypeInfo | undefined)[];
}

/**
 * A report's rebinds infer the same (cached, never edited) graphs again with other bindings; their
 * live nodes, labels, topological order and value ids do not depend on bindings, so they are
 * computed once per graph (both passes share them).
 */
const structures = new WeakMap<ShapeGraph, GraphStructure>();

function structureOf(g: ShapeGraph): GraphStructure {
  let s = structures.get(g);
  if (s) return s;
  const { live, labels } = liveNodesOf(g.nodes);
  const preset: string[] = [];
  for (const t of initializerList(g)) preset.push(t.name);
  for (const t of g.sparseInitializers ?? []) preset.push(t.name);
  for (const vi of g.inputs) preset.push(vi.name);
  const slots = nodeSlots(live, preset);
  const order = inferenceOrderIndices(live, slots);
  const seen = new Uint8Array(slots.names.length);
  // At most one entry per id, so made at that length (no growing list in large-object space).
  const defined = new Int32Array(slots.names.length);
  let definedCount = 0;
  const define = (id: number): void => {
    if (id >= 0 && !seen[id]) {
      seen[id] = 1;
      defined[definedCount++] = id;
    }
  };
  for (const name of preset) define(slots.ids.get(name)!);
  for (const at of order) for (let k = slots.outStart[at]!; k < slots.outStart[at + 1]!; k++) define(slots.outIds[k]!);
  const declared: (TypeInfo | undefined)[] = new Array(slots.names.length);
  for (const list of [g.valueInfo, g.outputs]) {
    for (const vi of list) {
      const id = vi.type ? slots.ids.get(vi.name) : undefined;
      if (id !== undefined) declared[id] = vi.type!;
    }
  }
  structures.set(g, (s = { live, labels, order, slots, defined: defined.slice(0, definedCount), declared }));
  return s;
}

function initializerList(g: ShapeGraph): TensorInfo[] {
  return Array.isArray(g.initializers) ? (g.initializers as TensorInfo[]) : [...(g.initializers as ReadonlyMap<string, TensorInfo>).values()];
}

/**
 * Runs one pass over `g`. `formals` are a body's input values by position (null: use the
 * declaration). `twin`: the static pass's result of the same graph, when this is the runtime pass;
 * a node output equal to its static value is kept as that object (see sameVal).
 */
function runGraph(pass: PassSettings, g: ShapeGraph, parent: Scope | null, formals: (Val | null)[] | null, depth: number, inputValues?: Readonly<Record<string, readonly number[]>>, twin: PassResult | null = null): PassResult {
  if (depth > MAX_DEPTH) throw new ShapeError('too-deep', `Subgraph nesting deeper than ${MAX_DEPTH}`);
  const structure = structureOf(g);
  const { slots } = structure;
  const vals: (Val | undefined)[] = new Array(slots.names.length);
  const values = new PassValues(structure, vals);
  const twinVals = twin && twin.values.structure === structure ? twin.values.vals : null;
  const result: PassResult = { values, subgraphs: new Map() };
  const scope: Scope = { values, parent };
  const inputNames = new Set(g.inputs.map((i) => i.name));
  // The main graph's inputs: an unnamed dim gets a symbol of its own in the runtime pass (unnamedInputDim).
  const namesUnnamed = !pass.isStatic && parent === null && formals === null && depth === 0;
  const set = (name: string, v: Val): void => {
    vals[slots.ids.get(name)!] = v;
  };

  for (const t of initializerList(g)) {
    const overridable = pass.canOverrideInitializers && inputNames.has(t.name);
    set(t.name, tensorVal(t, pass.isStatic && overridable ? null : t.values));
  }
  for (const s of g.sparseInitializers ?? []) set(s.name, tensorVal(s, null));
  g.inputs.forEach((vi, i) => {
    const formal = formals?.[i] ?? null;
    if (formal) set(vi.name, mergeDeclared(formal, vi.type ?? undefined, pass, vi.name));
    else {
      const init = values.get(vi.name);
      if (!init) set(vi.name, fromType(namesUnnamed ? nameUnnamedDims(vi.type, vi.name) : vi.type, pass, vi.name));
      else set(vi.name, mergeDeclared(init, vi.type ?? undefined, pass, vi.name));
    }
    const fixed = inputValues?.[vi.name];
    if (fixed) values.get(vi.name)!.value = [...fixed];
    if (depth === 0 && pass.iterationInput?.name === vi.name) values.get(vi.name)!.value = [symbolDim(pass.iterationInput.symbol)];
  });

  // One body inferrer per graph (it depends only on this graph's scope), not a closure per node.
  const inferBody = (body: Graph, formals: (Val | null)[] | null): Val[] => {
    const sub = runGraph(pass, body, scope, formals && formals.map((f) => f && bodyView(f)), depth + 1, undefined, twin?.subgraphs.get(body) ?? null);
    result.subgraphs.set(body, sub);
    return body.outputs.map((o) => sub.values.get(o.name) ?? unknownVal(`subgraph output '${o.name}' has no producer`));
  };
  const { live, labels, order } = structure;
  for (let o = 0; o < order.length; o++) {
    const at = order[o]!;
    const node = live[at]!;
    const label = labels[at]!;
    // The node's inputs, looked up once by id (this graph's values, else the enclosing scopes by name).
    const found: (Val | undefined)[] = new Array(node.inputs.length);
    for (let k = 0; k < node.inputs.length; k++) {
      const id = slots.inIds[slots.inStart[at]! + k]!;
      found[k] = id < 0 ? undefined : (vals[id] ?? (parent ? lookupOuter(parent, node.inputs[k]!) : undefined));
    }
    const specs = inferNode(pass, node, label, found, inferBody, depth);
    const staticProp = pass.isStatic ? staticDataOf(pass, node, found) : null;
    for (let k = 0; k < node.outputs.length; k++) {
      const name = node.outputs[k]!;
      if (!name) continue;
      const id = slots.outIds[slots.outStart[at]! + k]!;
      const spec = specs[k];
      let v: Val = spec
        ? { kind: spec.kind ?? 'tensor', dtype: spec.dtype ?? null, shape: cleanDims(spec.shape), value: cleanDims(spec.value ?? null), reason: spec.reason ?? null, elemKind: spec.elemKind, prop: undefined, ...(spec.elements ? { elements: spec.elements } : {}) }
        : unknownVal(`no type for output ${k} of ${domainName(node.domain)}::${node.opType} '${label}'`);
      if (pass.isStatic && !(node.opType === 'Constant' && node.domain === '')) {
        // ORT's static view of contents is its data propagation, not the rules' runtime contents.
        const prop = k === 0 ? staticProp : null;
        v.value = propagatedContents(prop);
        if (prop) v.prop = prop;
      }
      if (pass.iterationSymbols && v.shape) v = withoutIterationDims(v, pass.iterationSymbols, name);
      v = mergeDeclared(v, structure.declared[id], pass, name);
      if (isIncomplete(v) && v.reason === null) v.reason = inheritedReason(node, scope) ?? `${node.opType} '${label}' leaves output '${name}' partly unknown`;
      const st = twinVals?.[id];
      vals[id] = st !== undefined && sameVal(st, v) ? st : v;
    }
  }
  return result;
}

/** `v` with every dim made of a Loop's iteration number unknown: it changes from one iteration to the next. */
function withoutIterationDims(v: Val, symbols: ReadonlySet<string>, name: string): Val {
  const shape = v.shape!;
  let hit: string | undefined;
  for (const d of shape) {
    if (d === null || typeof d === 'number') continue;
    hit = dimSymbols(d).find((sym) => symbols.has(sym));
    if (hit) break;
  }
  if (!hit) return v;
  const cleared = shape.map((d) => (d !== null && typeof d !== 'number' && dimSymbols(d).some((sym) => symbols.has(sym)) ? null : d));
  return { ...v, shape: cleared, reason: v.reason ?? `a dim of '${name}' changes with the iteration number ('${hit}')` };
}

/**
 * True when the runtime pass's `r` says what the static pass's `s` says (no propagated data, the
 * same numeric dims and contents), so the runtime pass can hold `s` itself: at 200k values the two
 * passes otherwise kept two objects and two shape arrays per value through the whole inference.
 * Safe because pass values are never mutated once stored.
 */
function sameVal(s: Val, r: Val): boolean {
  return s.prop === undefined && r.prop === undefined && s.elements === r.elements && s.kind === r.kind && s.dtype === r.dtype && s.reason === r.reason && s.elemKind === r.elemKind && sameNumbers(s.shape, r.shape) && sameNumbers(s.value, r.value);
}

/** The same array, or two arrays of the same numbers (a symbol or an unknown dim only matches itself in the same array). */
function sameNumbers(a: readonly SymDim[] | null, b: readonly SymDim[] | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    if (typeof x !== 'number' || x !== b[i]) return false;
  }
  return true;
}

/** The data ORT's resolution propagates to the node's first output (static pass). */
function staticDataOf(pass: PassSettings, node: ShapeNode, found: readonly (Val | undefined)[]): PropagatedData | null {
  if (node.opType === 'Constant' && node.domain === '') return null;
  const inputs = node.inputs.map((name, k) => (name ? (found[k] ?? null) : null));
  return propagateStaticData(node, pass.opsets[domainName(node.domain)] ?? 0, inputs);
}

/**
 * Out-of-range reads in a rule (malformed models) yield undefined; they mean unknown. A clean
 * array is kept as is (pass values are never mutated in place), a copy only when one is found.
 */
function cleanDims(dims: SymDim[] | null | undefined): SymDim[] | null {
  if (!dims) return null;
  for (let i = 0; i < dims.length; i++) if (dims[i] === undefined) return dims.map((d) => d ?? null);
  return dims;
}

function inheritedReason(node: ShapeNode, scope: Scope): string | null {
  for (const i of node.inputs) {
    const r = i ? lookup(scope, i)?.reason : null;
    if (r) return r;
  }
  return null;
}

type BodyInferrer = (g: Graph, formals: (Val | null)[] | null) => Val[];

/** `found`: the node's inputs as looked up in its scope (undefined: no producer, or ''). */
function inferNode(pass: PassSettings, node: ShapeNode, label: string, found: readonly (Val | undefined)[], inferBody: BodyInferrer, depth: number): (OutSpec | null)[] {
  if (node.opType === 'Constant' && node.domain === '') return [constantVal(node)];
  const inputs = node.inputs.map((name, k) => {
    if (!name) return null;
    return found[k] ?? unknownVal(`value '${name}' has no producer`);
  });
  const fn = pass.functions.size > 0 ? pass.functions.get(`${node.domain}::${node.opType}`) : undefined;
  if (fn) return inferFunctionCall(pass, fn, node, inputs, depth);
  const rule = pass.rules(node.domain, node.opType);
  if (!rule) {
    // Bodies of unknown ops are still inferred from their declared inputs, for their local reports.
    for (const a of node.attributes) for (const g of [a.g, ...(a.graphs ?? [])]) if (g) inferBody(g, null);
    const reason = `no shape rule for ${domainName(node.domain)}::${node.opType}`;
    return node.outputs.map(() => ({ kind: 'unknown', dtype: null, shape: null, reason }));
  }
  const ctx = makeRuleContext(pass, node, label, inputs, inferBody);
  try {
    return rule(ctx);
  } catch (err) {
    if (!(err instanceof ShapeError) || err.code !== 'bad-model') throw internalRuleError(err, 'shape rule', node.opType, node.name);
    return node.outputs.map(() => ({ kind: 'unknown', dtype: null, shape: null, reason: err.message }));
  }
}

/** Expands a model-local function call: its body runs on the actual inputs with attribute references resolved. */
function inferFunctionCall(pass: PassSettings, fn: FunctionInfo, call: ShapeNode, inputs: (Val | null)[], depth: number): (OutSpec | null)[] {
  const nodes: ShapeNode[] = fn.nodes.map((n) => ({
    ...n,
    attributes: n.attributes.flatMap((a) => {
      if (!a.refAttrName) return [a];
      const src = call.attributes.find((c) => c.name === a.refAttrName) ?? fn.attributeDefaults.find((c) => c.name === a.refAttrName);
      return src ? [{ ...src, name: a.name }] : [];
    }),
  }));
  const body: ShapeGraph = {
    nodes,
    initializers: [],
    inputs: fn.inputs.map((name) => ({ name, type: null })),
    outputs: fn.outputs.map((name) => ({ name, type: null })),
    valueInfo: fn.valueInfo,
  };
  const opsets = { ...pass.opsets };
  for (const o of fn.opsets) opsets[domainName(o.domain)] = o.version;
  const sub = runGraph({ ...pass, opsets }, body, null, inputs, depth + 1);
  return fn.outputs.map((name) => {
    const v = sub.values.get(name);
    return v ? { ...v } : null;
  });
}

function outerVal(v: InferredValue, isStatic: boolean): Val {
  if (isStatic) {
    const shape = v.staticShape ? v.staticShape.map((d) => (typeof d === 'string' ? symbolDim(d) : d)) : null;
    return { kind: v.kind, dtype: v.dtype, shape, value: null, reason: v.reason };
  }
  return { kind: v.kind, dtype: v.dtype, shape: v.shape, value: v.value, reason: v.reason };
}

function staticDims(shape: SymDim[] | null): (number | string | null)[] | null {
  if (!shape) return null;
  // All numbers or unknown (the usual case): the same entries, so the pass's array serves (never mutated).
  if (shape.every((d) => d === null || typeof d === 'number')) return shape as (number | null)[];
  return shape.map((d) => (d === null || typeof d === 'number' ? d : singleSymbol(d)));
}

/** `fixed` itself, or `shape` when it holds the same numbers (one array where the static and runtime shapes agree; neither is mutated). */
function sameDims(fixed: (number | string | null)[] | null, shape: SymDim[] | null): (number | string | null)[] | null {
  if (fixed === null || shape === null || fixed === shape || fixed.length !== shape.length) return fixed;
  for (let i = 0; i < fixed.length; i++) if (typeof fixed[i] !== 'number' || fixed[i] !== shape[i]) return fixed;
  return shape as number[];
}

/**
 * A graph's inferred values by name, held by value id (the graph structure's) in one array:
 * zipping the passes into a Map of every name was a Map insertion per value, a cache miss each at
 * 200k values. Iterates in the order the passes defined the values, as that Map did.
 */
class InferredValues implements ReadonlyMap<string, InferredValue> {
  constructor(
    readonly structure: GraphStructure,
    readonly byId: (InferredValue | undefined)[],
    readonly size: number,
  ) {}

  get(name: string): InferredValue | undefined {
    const id = this.structure.slots.ids.get(name);
    return id === undefined ? undefined : this.byId[id];
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /** No entry array or iterator result per value (dimFacts walks every value of a 200k-value graph). */
  forEach(fn: (value: InferredValue, key: string, map: ReadonlyMap<string, InferredValue>) => void, thisArg?: unknown): void {
    const { defined, slots } = this.structure;
    for (let i = 0; i < defined.length; i++) {
      const v = this.byId[defined[i]!];
      if (v) fn.call(thisArg, v, slots.names[defined[i]!]!, this);
    }
  }

  *entries(): MapIterator<[string, InferredValue]> {
    const { defined, slots } = this.structure;
    for (let i = 0; i < defined.length; i++) {
      const v = this.byId[defined[i]!];
      if (v) yield [slots.names[defined[i]!]!, v];
    }
  }

  *keys(): MapIterator<string> {
    for (const [k] of this.entries()) yield k;
  }

  *values(): MapIterator<InferredValue> {
    for (const [, v] of this.entries()) yield v;
  }

  [Symbol.iterator](): MapIterator<[string, InferredValue]> {
    return this.entries();
  }
}

/**
 * How a result holds its graph's values: the live nodes it inferred (in list order), their value
 * ids (NodeSlots) and each id's value. A planner of the same node list reads a node's values at
 * its slots instead of by name (src/plan/valueTable.ts). Undefined for a result made otherwise.
 */
export interface InferenceIds {
  readonly live: readonly ShapeNode[];
  readonly slots: NodeSlots;
  readonly byId: readonly (InferredValue | undefined)[];
}

export function inferenceIdsOf(result: InferenceResult): InferenceIds | undefined {
  const v = result.values;
  return v instanceof InferredValues ? { live: v.structure.live, slots: v.structure.slots, byId: v.byId } : undefined;
}

function zip(st: PassResult | undefined, rt: PassResult): InferenceResult {
  const { structure, vals } = rt.values;
  // Both passes ran over the same graph object, so they share its structure and value ids.
  const stVals = st && st.values.structure === structure ? st.values.vals : null;
  const byId: (InferredValue | undefined)[] = new Array(vals.length);
  let size = 0;
  for (let id = 0; id < vals.length; id++) {
    const r = vals[id];
    if (!r) continue;
    const s = stVals ? stVals[id] : st?.values.get(structure.slots.names[id]!);
    const concrete = r.value && r.value.every((x): x is number => typeof x === 'number') ? (r.value as number[]) : null;
    byId[id] = {
      kind: r.kind !== 'unknown' ? r.kind : (s?.kind ?? 'unknown'),
      dtype: r.dtype ?? s?.dtype ?? null,
      shape: r.shape,
      staticShape: sameDims(staticDims(s?.shape ?? null), r.shape),
      value: concrete,
      reason: r.reason,
    };
    if (r.elements) byId[id]!.elements = r.elements;
    size++;
  }
  const subgraphs = new Map<Graph, InferenceResult>();
  for (const [g, sub] of rt.subgraphs) subgraphs.set(g, zip(st?.subgraphs.get(g), sub));
  return { values: new InferredValues(structure, byId, size), subgraphs };
}

/** Infers dtype, runtime shape, ORT static shape and small contents of every value of `graph` (see file comment). */
export function inferShapes(graph: ShapeGraph, options: InferShapesOptions): InferenceResult {
  const opsets: Record<string, number> = {};
  for (const [d, v] of Object.entries(options.opsets)) opsets[domainName(d)] = v;
  const functions = new Map<string, FunctionInfo>();
  for (const f of options.functions ?? []) functions.set(`${f.domain}::${f.name}`, f);
  const generated = new Set<string>();
  /** One pass; `twin` is the static pass's result when this is the runtime pass (runGraph). */
  const run = (isStatic: boolean, twin: PassResult | null): PassResult => {
    const canOverrideInitializers = (options.irVersion ?? 4) >= 4;
    const pass: PassSettings = { isStatic, bindings: options.bindings ?? {}, opsets, functions, canOverrideInitializers, generated: isStatic ? new Set() : generated, rules: options.rules, nchwcBlockSize: options.nchwcBlockSize ?? null, declaredShapesAreOrts: options.declaredShapesAreOrts === true };
    let outer: Scope | null = null;
    if (options.outerScope) {
      const values = new Map<string, Val>();
      for (const [name, v] of options.outerScope) values.set(name, outerVal(v, isStatic));
      outer = { values, parent: null };
    }
    const inputValues = isStatic ? undefined : options.inputValues;
    if (!isStatic && options.iterationInput) {
      pass.iterationSymbols = new Set([options.iterationInput.symbol]);
      pass.iterationInput = options.iterationInput;
    }
    return runGraph(pass, graph, outer, null, 0, inputValues, twin);
  };
  const memo = options.outerScope ? undefined : options.staticPass;
  const st = memo ? (memo.result ??= run(true, null)) : run(true, null);
  const result = zip(st, run(false, st));
  return generated.size > 0 ? { ...result, generatedSymbols: [...generated] } : result;
}
