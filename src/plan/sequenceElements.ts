/**
 * The element tensors of a graph's sequence values (src/ops/sequenceRule.ts says what each
 * sequence kernel copies and what it shares). A sequence value itself takes no arena bytes (ORT's
 * TensorSeq is a heap object); each element tensor is allocated by the step that copies or cuts it,
 * and freed after the release of the last sequence that holds it, so it is its own interval of the
 * live curve. A sequence given to the graph (an input, a body's input, an outer-scope value)
 * holds elements owned outside it, of a count not known here: they are not this graph's bytes, and
 * appending to such a sequence or erasing its last element is still followed. Where an element of
 * this graph's is not known before the run (a sequence made by an op without a `sequence` rule,
 * read by one that may keep its elements, a position known only at run time), that sequence's size
 * is unavailable with the reason, and so is every sequence sharing an element with it. Linear in
 * the steps and elements.
 */
import { DataType, dataTypeBits } from '../onnx/dataType';
import { findOp } from '../ops/registry';
import type { ElementSource, SequenceRuleContext } from '../ops/sequenceRule';
import { evaluateDim } from '../shape/symbolicDim';
import type { InferredValue, SymDim } from '../shape/types';
import type { AllocationPlan } from './allocationPlan';
import type { ExecGraph, ExecNode } from './execGraph';
import type { SizeWithReason } from './peakMemory';
import type { ReleasePlan } from './releasePlan';

/** One element tensor a step allocates into a sequence. */
export interface ElementChunk {
  /** The ortIndex of the sequence whose kernel allocated it. */
  sequence: number;
  /** Its position in that sequence when allocated. */
  position: number;
  bytes: number;
  /** Its shape, when known (the copied tensor's, or the part's). */
  shape: readonly number[] | null;
  /** The tensor it copies (ortIndex), -1 for a part SplitToSequence cuts off. */
  copyOf: number;
  /** The step that allocates it. */
  at: number;
  /** The step after which it is freed, -1 when held to the end of the run (a graph output holds it). */
  freedAfter: number;
  /** The sequences (ortIndex of their roots) holding it: it is freed with the last of them. */
  holders: number[];
}

/** A sequence's elements: this graph's chunks by id, in order, after elements owned outside the graph when `ext`. */
interface ElementList {
  ext: boolean;
  ids: number[];
}

/** The element chunks of a graph and the size of each of its sequence values. */
export interface SequenceElements {
  chunks: ElementChunk[];
  /** Every sequence value a step produces (ortIndex): bytes 0 when its elements are modeled, else null with the reason. */
  sizes: Map<number, SizeWithReason>;
}

/** How the report and the sweep name element `position` of sequence `sequence`: `seq_1[0]`. */
export function elementRowName(sequence: string, position: number): string {
  return `${sequence}[${position}]`;
}

/** What sequenceElements reads besides the plan. */
export interface SequenceInput {
  exec: ExecGraph;
  order: readonly number[];
  allocation: AllocationPlan;
  release: ReleasePlan;
  typeAt: (ortIndex: number) => InferredValue | undefined;
  sizeAt: (ortIndex: number) => SizeWithReason;
  bindings: Readonly<Record<string, number>>;
}

/** Whether a node of `exec` makes a sequence by a `sequence` rule: a graph without one has no chunks to model. */
export function makesSequences(exec: ExecGraph): boolean {
  for (const n of exec.nodes) {
    // Every op with a rule is named Sequence*, SplitToSequence or Loop: one character test spares a lookup per node.
    const c = n ? n.opType.charCodeAt(0) : 0;
    if (!n || (c !== 83 && c !== 76)) continue;
    const facet = findOp(n.domain, n.opType)?.sequence;
    if (facet?.present && facet.value.elements) return true;
  }
  return false;
}

/** The chunks and sequence sizes of `input`'s graph, or null when no node makes a sequence. */
export function sequenceElements(input: SequenceInput): SequenceElements | null {
  const { exec, order, allocation: a, release, typeAt, sizeAt, bindings } = input;
  if (!makesSequences(exec)) return null;
  const chunks: ElementChunk[] = [];
  // Each sequence's elements, or the reason they are unknown.
  const elements = new Map<number, ElementList | string>();
  const isSequence = (v: number): boolean => v >= 0 && typeAt(v)?.kind === 'sequence';
  const given: ElementList = { ext: true, ids: [] };
  const elementsOf = (v: number): ElementList | string => {
    const known = elements.get(a.rootOf[v]!);
    if (known !== undefined) return known;
    if (a.producedAt[v]! < 0) return given;
    return `the elements of '${a.table.names[v]}' are not known`;
  };
  // Sequences read by an op that may keep their elements (no `sequence` rule): their chunks' lifetimes are not known.
  const keptBy = new Map<number, string>();
  const { slots, slotStart } = a;
  for (let step = 0; step < order.length; step++) {
    const n = exec.nodes[order[step]!]!;
    const facet = findOp(n.domain, n.opType)?.sequence;
    const first = slotStart[n.index]!;
    const inputEnd = first + n.inputs.length + n.implicitInputs.length;
    for (let s = first; s < inputEnd; s++) {
      const v = slots[s]!;
      // A body reading an outer sequence (an implicit input) may put its elements anywhere.
      if ((!facet?.present || s >= first + n.inputs.length) && isSequence(v)) keptBy.set(a.rootOf[v]!, `${n.opType} '${n.name || n.opType}' reads '${a.table.names[v]}' and may keep its elements (its sequence handling is not modeled)`);
    }
    for (let s = inputEnd; s < slotStart[n.index + 1]!; s++) {
      const v = slots[s]!;
      if (!isSequence(v) || a.rootOf[v] !== v) continue;
      const rule = facet?.present ? facet.value.elements : undefined;
      if (!rule) {
        elements.set(v, `${n.opType} '${n.name || n.opType}' makes '${a.table.names[v]}', and what it puts in a sequence is not modeled`);
        continue;
      }
      const ctx = ruleContext(n, first, inputEnd, a, typeAt, bindings, elementsOf);
      const made = rule(ctx, s - inputEnd);
      const ids = typeof made === 'string' ? `${n.opType} '${n.name || n.opType}': ${made}` : chunksOf(made, n, first, v, step, a, sizeAt, elementsOf, chunks);
      elements.set(v, ids);
      // An output whose elements are unknown may share any element of the node's sequence inputs: their lifetimes are unknown too.
      if (typeof ids === 'string') {
        for (let s2 = first; s2 < inputEnd; s2++) {
          const u = slots[s2]!;
          if (isSequence(u)) keptBy.set(a.rootOf[u]!, `'${a.table.names[v]}' may share the elements of '${a.table.names[u]}', and ${ids}`);
        }
      }
    }
  }
  // A chunk is freed after the last release of a sequence holding it; a sequence sharing a chunk with one whose elements may be kept is unknown too.
  const tainted = new Map<number, string>();
  for (const [seq, list] of elements) {
    if (typeof list === 'string') continue;
    const kept = keptBy.get(seq);
    const r = release.at[seq]!;
    for (const id of list.ids) {
      const c = chunks[id]!;
      if (kept !== undefined) tainted.set(id, kept);
      c.holders.push(seq);
      if (c.freedAfter !== -1) c.freedAfter = r < 0 ? -1 : Math.max(c.freedAfter, r);
    }
  }
  const sizes = new Map<number, SizeWithReason>();
  for (const [seq, list] of elements) {
    let reason = typeof list === 'string' ? list : null;
    if (reason === null) for (const id of (list as ElementList).ids) if (tainted.has(id)) { reason = tainted.get(id)!; break; }
    sizes.set(seq, reason === null ? { bytes: 0, reason: null } : { bytes: null, reason });
  }
  // Chunks held only by sequences with unknown sizes are not modeled: those sizes carry the unknown.
  const modeled = new Uint8Array(chunks.length);
  for (const [seq, list] of elements) if (typeof list !== 'string' && sizes.get(seq)!.bytes !== null) for (const id of list.ids) modeled[id] = 1;
  return { chunks: chunks.filter((_, id) => modeled[id] === 1), sizes };
}

/** Turns a rule's element sources into chunk ids, allocating the new chunks; or the reason a size is unknown. */
function chunksOf(made: readonly ElementSource[], n: ExecNode, first: number, seq: number, step: number, a: AllocationPlan, sizeAt: (v: number) => SizeWithReason, elementsOf: (v: number) => ElementList | string, chunks: ElementChunk[]): ElementList | string {
  const out: ElementList = { ext: false, ids: [] };
  const ids = out.ids;
  for (const e of made) {
    // Its position in the sequence: after the elements owned outside the graph, when there are such.
    const position = ids.length;
    if (e.kind === 'shared' || e.kind === 'sharedAll' || e.kind === 'sharedAllButLast') {
      const from = elementsOf(a.slots[first + e.input]!);
      if (typeof from === 'string') return from;
      if (e.kind === 'shared') {
        // Rules ask for positions only of lists whose count they know (no elements owned outside).
        ids.push(from.ids[e.position]!);
        continue;
      }
      out.ext ||= from.ext;
      if (e.kind === 'sharedAll') ids.push(...from.ids);
      else if (from.ids.length > 0) ids.push(...from.ids.slice(0, -1));
      else if (!from.ext) return 'erasing from an empty sequence (ORT fails the run)';
      continue;
    }
    let bytes: number;
    let shape: readonly number[] | null = null;
    let copyOf = -1;
    if (e.kind === 'copy') {
      copyOf = a.slots[first + e.input]!;
      const size = sizeAt(copyOf);
      if (size.bytes === null) return `the size of '${n.inputs[e.input]}' is unknown (${size.reason ?? 'no reason given'})`;
      bytes = size.bytes;
    } else {
      bytes = e.bytes;
      shape = e.shape;
    }
    ids.push(chunks.length);
    chunks.push({ sequence: seq, position, bytes, shape, copyOf, at: step, freedAfter: a.producedAt[seq]!, holders: [] });
  }
  return out;
}

function ruleContext(n: ExecNode, first: number, outFirst: number, a: AllocationPlan, typeAt: (v: number) => InferredValue | undefined, bindings: Readonly<Record<string, number>>, elementsOf: (v: number) => ElementList | string): SequenceRuleContext {
  const slot = (i: number): number => (i < n.inputs.length && n.inputs[i] !== '' ? a.slots[first + i]! : -1);
  const bytesOf = (t: InferredValue | undefined): number | null => {
    const bits = t?.dtype != null ? dataTypeBits(t.dtype) : null;
    return bits === null || bits % 8 !== 0 || t?.dtype === DataType.STRING ? null : bits / 8;
  };
  const bound = (shape: readonly SymDim[]): number[] | null => {
    const dims: number[] = [];
    for (const d of shape) {
      const v = evaluateDim(d, bindings);
      if (typeof v !== 'number') return null;
      dims.push(v);
    }
    return dims;
  };
  return {
    inputCount: n.inputs.length,
    present: (i) => slot(i) >= 0,
    length: (i) => {
      const e = slot(i) >= 0 ? elementsOf(slot(i)) : 'absent';
      return typeof e === 'string' || e.ext ? null : e.ids.length;
    },
    outputElements: (o) => {
      const v = outFirst + o < a.slots.length ? a.slots[outFirst + o]! : -1;
      const els = v >= 0 ? typeAt(v)?.elements : undefined;
      if (!els) return null;
      const out: number[][] = [];
      for (const e of els) {
        const dims = bound(e);
        if (dims === null) return null;
        out.push(dims);
      }
      return out;
    },
    outputElementBytes: (o) => {
      const v = a.slots[outFirst + o] ?? -1;
      return v >= 0 ? bytesOf(typeAt(v)) : null;
    },
    ints: (i) => (slot(i) >= 0 ? typeAt(slot(i))?.value ?? null : null),
    shape: (i) => {
      const t = slot(i) >= 0 ? typeAt(slot(i)) : undefined;
      return t?.shape ? bound(t.shape) : null;
    },
    elementBytes: (i) => (slot(i) >= 0 ? bytesOf(typeAt(slot(i))) : null),
    int: (name, fallback) => n.attributes.find((x) => x.name === name)?.i ?? fallback,
  };
}
