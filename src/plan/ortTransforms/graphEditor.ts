/**
 * Edits an ExecGraph the way ORT's Graph API does, so that inserted nodes get ORT's names and indices.
 *
 * Invariants kept (see execGraph.ts): a new node takes the next index (`nodes.length`), a removed
 * node leaves an `undefined` gap, and every generated name draws from the graph's one `nameCounter`.
 * `producer` / `consumers` mirror ORT's edges: an edge exists for every explicit and implicit input
 * that some live node produces.
 */
import type { Attribute, TensorInfo } from '../../onnx/model';
import type { ExecGraph, ExecNode } from '../execGraph';
import { presentEntries } from '../../onnx/presentEntries';

/** A node to add: everything but the index, which the graph assigns. */
export type NewNode = Omit<ExecNode, 'index'>;

/** Mutable view of an ExecGraph with ORT's name generation and edge bookkeeping. */
export class GraphEditor {
  private readonly producerOf = new Map<string, number>();
  /**
   * Readers of each value: an array while small (most values have one or two readers; a Set per
   * value was a large share of a 200k-node report's allocations), a Set past SMALL_READERS.
   */
  private readonly consumersOf = new Map<string, number[] | Set<number>>();
  /**
   * Whether producerOf and consumersOf are built. They are built from the live nodes on the first
   * edge query and kept up to date from then on: an fp32 graph without Casts or
   * DequantizeLinear asks none, and at 200k nodes the two tables were ~40 MB to promote.
   */
  private edgesBuilt = false;
  /** Live node count per name, built on the first generateNodeName (most graphs never need it). */
  private liveNames: Map<string, number> | null = null;
  /** ORT's generated_node_names_: names GenerateNodeName returned before (live or not). */
  private readonly generatedNodeNames = new Set<string>();
  /** ORT's generated_node_arg_names_. */
  private readonly generatedArgNames = new Set<string>();
  /** ORT's node_args_: every value name the graph has held (ORT keeps them until Resolve). */
  private argNames: Set<string> | null = null;
  /**
   * Until `argNames` is first needed (generateNodeArgName; most graphs never call it): the names
   * it would hold that the live nodes no longer show, i.e. the initial inputs, initializers and
   * outputs, noted names, and the names of nodes as they were when unindexed. A Set of every value
   * name was a 200k-entry table built for nothing on a 200k-node graph.
   */
  private pendingArgNames: string[] = [];
  readonly graphOutputs: Set<string>;

  constructor(readonly graph: ExecGraph) {
    this.graphOutputs = new Set(graph.outputs.map((o) => o.name));
    for (const v of graph.inputs) this.pendingArgNames.push(v.name);
    for (const name of graph.initializers.keys()) this.pendingArgNames.push(name);
    for (const v of graph.outputs) this.pendingArgNames.push(v.name);
  }

  /** Live nodes in ascending index order (ORT's `graph.Nodes()`). */
  liveNodes(): ExecNode[] {
    return presentEntries(this.graph.nodes);
  }

  /** True when some live node satisfies `test` (no list of the live nodes is made: most passes find none and stop here). */
  someLiveNode(test: (n: ExecNode) => boolean): boolean {
    for (const n of this.graph.nodes) if (n !== undefined && test(n)) return true;
    return false;
  }

  /** The live node at `index`, if any. */
  node(index: number): ExecNode | undefined {
    return this.graph.nodes[index];
  }

  /** Index of the live node producing `value`, or undefined for inputs, initializers and outer-scope names. */
  producer(value: string): number | undefined {
    this.ensureEdges();
    return this.producerOf.get(value);
  }

  /** Indices of live nodes reading `value` explicitly or implicitly, ascending. */
  consumers(value: string): number[] {
    this.ensureEdges();
    const readers = this.consumersOf.get(value);
    if (readers === undefined) return [];
    return (Array.isArray(readers) ? readers.slice() : [...readers]).sort((a, b) => a - b);
  }

  /** Number of output edges of a node (one per consuming input slot, as ORT counts them). */
  outputEdgeCount(n: ExecNode): number {
    let count = 0;
    for (const out of n.outputs) {
      if (!out) continue;
      for (const c of this.consumers(out)) {
        const cn = this.graph.nodes[c];
        if (!cn) continue;
        count += cn.inputs.filter((i) => i === out).length + cn.implicitInputs.filter((i) => i === out).length;
      }
    }
    return count;
  }

  /** Number of input edges (explicit and implicit inputs produced by a live node). */
  inputEdgeCount(n: ExecNode): number {
    this.ensureEdges();
    let count = 0;
    for (const i of n.inputs) if (i !== '' && this.producerOf.has(i)) count++;
    for (const i of n.implicitInputs) if (i !== '' && this.producerOf.has(i)) count++;
    return count;
  }

  /** True when some output of `n` is a graph output (ORT's NodeProducesGraphOutput). */
  producesGraphOutput(n: ExecNode): boolean {
    return n.outputs.some((o) => o !== '' && this.graphOutputs.has(o));
  }

  /** ORT's Graph::GenerateNodeName: `base`, or `base_token_N` while the name is taken or was generated before. */
  generateNodeName(base: string): string {
    let name = base;
    const liveNames = this.liveNodeNames();
    while ((liveNames.get(name) ?? 0) > 0 || this.generatedNodeNames.has(name)) {
      name = `${base}_token_${this.graph.nameCounter.next++}`;
    }
    this.generatedNodeNames.add(name);
    return name;
  }

  /** ORT's Graph::GenerateNodeArgName: `base`, or `base_token_N` while a value has the name or it was generated before. */
  generateNodeArgName(base: string): string {
    let name = base;
    const argNames = this.knownArgNames();
    while (argNames.has(name) || this.generatedArgNames.has(name)) {
      name = `${base}_token_${this.graph.nameCounter.next++}`;
    }
    this.generatedArgNames.add(name);
    return name;
  }

  /** Adds a node at the next index and returns it. */
  addNode(spec: NewNode): ExecNode {
    const n: ExecNode = { ...spec, index: this.graph.nodes.length };
    this.graph.version++;
    this.graph.nodes.push(n);
    this.index(n);
    return n;
  }

  /** Removes a live node, leaving a gap at its index. */
  removeNode(index: number): void {
    const n = this.graph.nodes[index];
    if (!n) return;
    this.unindex(n);
    this.graph.version++;
    this.graph.nodes[index] = undefined;
  }

  /** Replaces every explicit input `from` of node `index` with `to`. */
  replaceInput(index: number, from: string, to: string): void {
    const n = this.graph.nodes[index];
    if (!n) return;
    this.unindex(n);
    this.graph.version++;
    n.inputs = n.inputs.map((i) => (i === from ? to : i));
    this.index(n);
  }

  /** Sets explicit input `slot` of node `index` to `value`. */
  setInput(index: number, slot: number, value: string): void {
    const n = this.graph.nodes[index];
    if (!n) return;
    this.unindex(n);
    this.graph.version++;
    n.inputs = n.inputs.map((v, k) => (k === slot ? value : v));
    this.index(n);
  }

  /** Rewrites inputs and outputs of node `index` through `map` (ORT's Node::ReplaceDefs). */
  replaceDefs(index: number, map: Map<string, string>): void {
    const n = this.graph.nodes[index];
    if (!n) return;
    this.unindex(n);
    this.graph.version++;
    n.inputs = n.inputs.map((i) => map.get(i) ?? i);
    n.outputs = n.outputs.map((o) => map.get(o) ?? o);
    this.index(n);
  }

  /** Sets the attributes of node `index`. */
  setAttributes(index: number, attributes: ExecNode['attributes']): void {
    const n = this.graph.nodes[index];
    if (!n) return;
    this.graph.version++;
    n.attributes = attributes;
  }

  /** Adds (or replaces) an initializer. */
  setInitializer(t: TensorInfo): void {
    this.graph.version++;
    this.graph.initializers.set(t.name, t);
  }

  /** Records a value name as known to the graph (ORT creates a NodeArg for it). */
  noteArg(name: string): void {
    if (!name) return;
    if (this.argNames !== null) this.argNames.add(name);
    else this.pendingArgNames.push(name);
  }

  private liveNodeNames(): Map<string, number> {
    if (this.liveNames === null) {
      this.liveNames = new Map();
      for (const n of this.graph.nodes) if (n) this.liveNames.set(n.name, (this.liveNames.get(n.name) ?? 0) + 1);
    }
    return this.liveNames;
  }

  private index(n: ExecNode): void {
    if (this.liveNames !== null) this.liveNames.set(n.name, (this.liveNames.get(n.name) ?? 0) + 1);
    if (this.argNames !== null) {
      for (const o of n.outputs) if (o) this.argNames.add(o);
      for (const i of n.inputs) if (i) this.argNames.add(i);
      for (const i of n.implicitInputs) if (i) this.argNames.add(i);
    }
    if (this.edgesBuilt) this.indexEdges(n);
  }

  private ensureEdges(): void {
    if (this.edgesBuilt) return;
    this.edgesBuilt = true;
    for (const n of this.graph.nodes) if (n) this.indexEdges(n);
  }

  private indexEdges(n: ExecNode): void {
    for (const o of n.outputs) if (o) this.producerOf.set(o, n.index);
    for (const i of n.inputs) this.addReader(i, n.index);
    for (const i of n.implicitInputs) this.addReader(i, n.index);
  }

  private addReader(value: string, index: number): void {
    if (!value) return;
    const readers = this.consumersOf.get(value);
    if (readers === undefined) this.consumersOf.set(value, [index]);
    else if (!Array.isArray(readers)) readers.add(index);
    else if (!readers.includes(index)) {
      if (readers.length < SMALL_READERS) readers.push(index);
      else this.consumersOf.set(value, new Set([...readers, index]));
    }
  }

  /** ORT's node_args_: every value name the graph has held, built on first use (see pendingArgNames). */
  private knownArgNames(): Set<string> {
    if (this.argNames === null) {
      const names = new Set<string>(this.pendingArgNames);
      for (const n of this.graph.nodes) {
        if (!n) continue;
        for (const o of n.outputs) if (o) names.add(o);
        for (const i of n.inputs) if (i) names.add(i);
        for (const i of n.implicitInputs) if (i) names.add(i);
      }
      this.argNames = names;
      this.pendingArgNames = [];
    }
    return this.argNames;
  }

  private unindex(n: ExecNode): void {
    if (this.argNames === null) {
      for (const o of n.outputs) if (o) this.pendingArgNames.push(o);
      for (const i of n.inputs) if (i) this.pendingArgNames.push(i);
      for (const i of n.implicitInputs) if (i) this.pendingArgNames.push(i);
    }
    if (this.liveNames !== null) this.liveNames.set(n.name, (this.liveNames.get(n.name) ?? 1) - 1);
    if (!this.edgesBuilt) return;
    for (const o of n.outputs) if (o && this.producerOf.get(o) === n.index) this.producerOf.delete(o);
    for (const i of n.inputs) this.removeReader(i, n.index);
    for (const i of n.implicitInputs) this.removeReader(i, n.index);
  }

  private removeReader(value: string, index: number): void {
    const readers = this.consumersOf.get(value);
    if (readers === undefined) return;
    if (!Array.isArray(readers)) readers.delete(index);
    else {
      const at = readers.indexOf(index);
      if (at >= 0) readers.splice(at, 1);
    }
  }
}

/** Readers kept in an array before switching to a Set (includes/indexOf stay cheap below this). */
const SMALL_READERS = 16;

/** An INT attribute, as ORT's Node::AddAttribute(name, int64) stores it. */
export function intAttribute(name: string, value: number): Attribute {
  return { name, type: 2, i: value };
}
