/**
 * Which symbolic dims a user binds and which ones inference derives, and the relations between
 * them that the graph implies, found once per model from an inference without bindings:
 *
 * - free: a dim_param of a main-graph input (grouped by input and axis; an unnamed input dim is
 *   free under its `input:axis` symbol), a data-dependent size
 *   the run pass generated (`NonZero_3.count`), or a name the run's shapes use that nothing derives;
 * - derived: a dim_param that only declared shapes use (value_info, outputs); inference computes
 *   those axes from the free dims, so binding the name would change nothing;
 * - relations: a value declares a free dim on an axis where inference computes another dim, e.g.
 *   the KV cache `present` declares `total_sequence_length` where its Concat of past and new gives
 *   `past_sequence_length+sequence_length`.
 *
 * The facts do not depend on bindings (`dimFacts`); the report evaluates them under its bindings
 * (`reportDims`).
 */
import type { Graph } from '../onnx/model';
import { dimSymbols, evaluateDim, formatDim, singleSymbol } from '../shape/symbolicDim';
import { isUnnamedDim, unnamedInputDim } from '../shape/passValues';
import type { InferenceResult, SymDim } from '../shape/types';
import type { ReportDerivedDim, ReportDimRelation, ReportDims, ReportFreeDim } from '../report/report';

/** The binding-independent part: free dims, derived dims with their unbound dims, relations with their expressions. */
export interface DimFacts {
  free: ReportFreeDim[];
  derived: Array<{ name: string; expressions: SymDim[]; at: { value: string; axis: number } | null }>;
  relations: Array<{ name: string; expression: SymDim; at: { value: string; axis: number; producerOp: string | null } }>;
}

/** Most distinct dims listed for one derived name (an exporter's single `unk` can stand for dozens). */
const MAX_DERIVED_EXPRESSIONS = 8;

/** What dimFacts reads of the main graph: inputs in order, the initializers, and which node makes each value. */
export type DimFactsGraph = Pick<Graph, 'inputs' | 'initializers' | 'nodes'>;

/**
 * Dim facts of `graph` from `inference`, an inference of it without bindings (its bodies nested).
 * `symbols` is every symbol the report names; those neither free nor derived here are listed as
 * derived with no dims.
 */
export function dimFacts(graph: DimFactsGraph, inference: InferenceResult, symbols: Iterable<string>): DimFacts {
  const free = new Map<string, ReportFreeDim>();
  const initializers = new Set(graph.initializers.map((t) => t.name));
  for (const input of graph.inputs) {
    if (initializers.has(input.name)) continue;
    const value = inference.values.get(input.name);
    const shape = value?.staticShape;
    shape?.forEach((declared, axis) => {
      // An unnamed dim is bound by the symbol the runtime pass gave it (unnamedInputDim).
      const unnamed = isUnnamedDim(declared) ? unnamedInputDim(input.name, axis) : null;
      const d = unnamed !== null && value?.shape && singleSymbol(value.shape[axis] ?? null) === unnamed ? unnamed : declared;
      if (typeof d !== 'string' || d === '') return;
      let f = free.get(d);
      if (!f) free.set(d, (f = { name: d, source: 'input', uses: [] }));
      f.uses.push({ input: input.name, axis });
    });
  }
  for (const name of inference.generatedSymbols ?? []) if (!free.has(name)) free.set(name, { name, source: 'dataDependent', uses: [] });

  // Which op makes each main-graph value: needed only where a relation is found, so built then.
  let producerOp: Map<string, string> | null = null;
  const producerOf = (value: string): string | null => {
    if (producerOp === null) {
      producerOp = new Map();
      for (const n of graph.nodes) for (const o of n.outputs) if (o) producerOp.set(o, n.opType);
    }
    return producerOp.get(value) ?? null;
  };
  const derived = new Map<string, DimFacts['derived'][number]>();
  const relations = new Map<string, DimFacts['relations'][number]>();
  const runSymbols = new Set<string>();
  const visit = (result: InferenceResult, isMain: boolean): void => {
    // forEach, not for-of: no entry array per value (200k values in a large model).
    result.values.forEach((t, value) => {
      const run = t.shape;
      if (run) {
        for (let i = 0; i < run.length; i++) {
          const d = run[i]!;
          if (d !== null && typeof d !== 'number') for (const s of dimSymbols(d)) runSymbols.add(s);
        }
      }
      const declared = t.staticShape;
      if (!declared || !run || declared.length !== run.length) return;
      for (let axis = 0; axis < declared.length; axis++) {
        const name = declared[axis];
        if (typeof name !== 'string' || name === '') continue;
        const d = run[axis] ?? null;
        if (d === null || singleSymbol(d) === name) continue;
        if (free.has(name)) {
          const text = String(formatDim(d));
          const key = `${name}\u0000${text}`;
          if (!relations.has(key)) relations.set(key, { name, expression: d, at: { value, axis, producerOp: isMain ? producerOf(value) : null } });
          continue;
        }
        let e = derived.get(name);
        if (!e) derived.set(name, (e = { name, expressions: [], at: { value, axis } }));
        const text = formatDim(d);
        if (e.expressions.length < MAX_DERIVED_EXPRESSIONS && !e.expressions.some((x) => formatDim(x) === text)) e.expressions.push(d);
      }
    });
    for (const sub of result.subgraphs.values()) visit(sub, false);
  };
  visit(inference, true);
  // A name the run's shapes still carry is bound by the user, whatever declares it.
  for (const s of [...runSymbols].sort()) {
    if (free.has(s)) continue;
    free.set(s, { name: s, source: 'model', uses: [] });
    derived.delete(s);
  }
  for (const s of symbols) if (!free.has(s) && !derived.has(s)) derived.set(s, { name: s, expressions: [], at: null });
  // A relation can only hold between free dims; one naming a derived dim says nothing the user can act on.
  const usable = [...relations.values()].filter((r) => dimSymbols(r.expression).every((s) => free.has(s)));
  return { free: [...free.values()], derived: [...derived.values()].sort((a, b) => a.name.localeCompare(b.name)), relations: usable };
}

/** The facts under `bindings`: derived values, each relation's consistent value and whether the bindings break it. */
export function reportDims(facts: DimFacts, bindings: Readonly<Record<string, number>>): ReportDims {
  const derived: ReportDerivedDim[] = facts.derived.map((d) => ({
    name: d.name,
    expressions: d.expressions.map((x) => formatDim(x) ?? '?'),
    values: d.expressions.map((x) => formatDim(evaluateDim(x, bindings)) ?? '?'),
    at: d.at,
  }));
  const relations: ReportDimRelation[] = facts.relations.map((r) => {
    const v = evaluateDim(r.expression, bindings);
    const consistentValue = typeof v === 'number' ? v : null;
    const bound = bindings[r.name];
    return {
      name: r.name,
      expression: String(formatDim(r.expression)),
      at: r.at,
      consistentValue,
      isViolated: typeof bound === 'number' && consistentValue !== null && bound !== consistentValue,
    };
  });
  return { free: facts.free, derived, relations };
}
