/**
 * What a sequence op's CPU kernel does with element tensors (the `sequence` facet of its registry
 * entry), read from ORT 1.30's `core/providers/cpu/sequence/sequence_ops.cc` and checked by the
 * oracle against requested-in-use after each step and the node stats' temp allocations:
 * - SequenceConstruct copies every input into a tensor of its own (`CloneTensor`, from the temp
 *   space allocator, so the arena), and the sequence holds those copies;
 * - SequenceInsert shares every element of its input sequence (`Y->Add(S->GetAt(i))` adds the same
 *   OrtValue) and copies only the inserted tensor;
 * - SequenceErase shares every element but the erased one, and copies nothing;
 * - SplitToSequence allocates each part as a tensor of its own and copies the slice into it;
 * - SequenceEmpty holds nothing; SequenceAt, SequenceLength and ConcatFromSequence only read: their
 *   outputs are tensors the planner allocates as any other;
 * - Loop hands a loop-carried sequence to its body and the body's output to the next iteration and,
 *   at the end, to its own output, without copying (measured: requested-in-use after the Loop is the
 *   elements its body appended, its node stats 0 temp and 0 dynamic bytes); the tensors its body
 *   appends are allocated while the Loop step runs (`core/providers/cpu/controlflow/loop.cc`).
 * A sequence given to a graph (a graph input, a body's input, an outer-scope value) holds elements
 * owned outside it: they are not this graph's bytes, and their count is not known here.
 * The sequence value itself (TensorSeq) is a heap object, not an arena allocation: ORT's profile
 * gives a sequence output 0 bytes and its node stats 0 dynamic bytes. An element tensor lives until
 * the last sequence holding it is released.
 */

/** One element of a sequence output, in order. */
export type ElementSource =
  /** Element `position` of sequence input `input`, shared (the same tensor, nothing allocated). */
  | { kind: 'shared'; input: number; position: number }
  /** Every element of sequence input `input`, in order, shared (also where their count is not known). */
  | { kind: 'sharedAll'; input: number }
  /** Every element of sequence input `input` but its last, shared. */
  | { kind: 'sharedAllButLast'; input: number }
  /** A copy of tensor input `input`, allocated by the kernel. */
  | { kind: 'copy'; input: number }
  /** A tensor of `bytes` the kernel allocates (a part SplitToSequence cuts off), of `shape`. */
  | { kind: 'new'; bytes: number; shape: readonly number[] };

/** What a sequence rule may read of its node. */
export interface SequenceRuleContext {
  readonly inputCount: number;
  /** Whether input `i` is given (not '' or missing). */
  present(i: number): boolean;
  /** The element count of sequence input `i`, or null when its elements are not known. */
  length(i: number): number | null;
  /** The integer contents of tensor input `i` known before the run (a constant, an initializer), or null. */
  ints(i: number): readonly number[] | null;
  /** The shape of tensor input `i` with the bindings applied, when every dim is a number; else null. */
  shape(i: number): readonly number[] | null;
  /** Bytes per element of tensor input `i`'s dtype, or null (unknown dtype, strings, sub-byte types). */
  elementBytes(i: number): number | null;
  /** An int attribute, or `fallback` when absent. */
  int(name: string, fallback: number): number;
  /** The element shapes of sequence output `o` as inference gives them, bindings applied, when every dim is a number; else null. */
  outputElements(o: number): readonly (readonly number[])[] | null;
  /** Bytes per element of output `o`'s dtype (a sequence's: its elements'), or null. */
  outputElementBytes(o: number): number | null;
}

/** A sequence op's facet value. */
export interface SequenceRule {
  /**
   * The elements of the node's sequence output `output`, or the reason they are not known before
   * the run. Absent for an op that only reads sequences (its outputs are tensors).
   */
  readonly elements?: (ctx: SequenceRuleContext, output: number) => readonly ElementSource[] | string;
}

/** A position input's value normalised to 0..limit-1 (negative counts from the end), or the reason it is not known. */
function position(ctx: SequenceRuleContext, i: number, n: number, fallback: number, allowEnd: boolean, what: string): number | string {
  if (!ctx.present(i)) return fallback;
  const v = ctx.ints(i);
  if (v === null || v.length !== 1) return `the ${what} position is not known before the run`;
  const p = v[0]! < 0 ? v[0]! + n : v[0]!;
  if (p < 0 || p > n || (p === n && !allowEnd)) return `the ${what} position ${v[0]} is outside a sequence of ${n} (ORT fails the run)`;
  return p;
}

const shared = (n: number, skip = -1): ElementSource[] => {
  const out: ElementSource[] = [];
  for (let p = 0; p < n; p++) if (p !== skip) out.push({ kind: 'shared', input: 0, position: p });
  return out;
};

/** SequenceConstruct: a copy of each input. */
export const copiesEveryInput: SequenceRule = {
  elements: (ctx) => {
    const out: ElementSource[] = [];
    for (let i = 0; i < ctx.inputCount; i++) if (ctx.present(i)) out.push({ kind: 'copy', input: i });
    return out;
  },
};

/** SequenceEmpty: no elements. */
export const holdsNothing: SequenceRule = { elements: () => [] };

/** SequenceInsert: the input's elements, shared, with a copy of the tensor at the position (default: appended). */
export const sharesAndCopiesInserted: SequenceRule = {
  elements: (ctx) => {
    if (!ctx.present(2)) return [{ kind: 'sharedAll', input: 0 }, { kind: 'copy', input: 1 }];
    const n = ctx.length(0);
    if (n === null) return 'the elements of the input sequence are not known';
    const p = position(ctx, 2, n, n, true, 'insert');
    if (typeof p === 'string') return p;
    const out = shared(n);
    out.splice(p, 0, { kind: 'copy', input: 1 });
    return out;
  },
};

/** SequenceErase: the input's elements but the one at the position (default: the last), shared. */
export const sharesAllButErased: SequenceRule = {
  elements: (ctx) => {
    if (!ctx.present(1)) return [{ kind: 'sharedAllButLast', input: 0 }];
    const n = ctx.length(0);
    if (n === null) return 'the elements of the input sequence are not known';
    if (n === 0) return 'erasing from an empty sequence (ORT fails the run)';
    const p = position(ctx, 1, n, n - 1, false, 'erase');
    if (typeof p === 'string') return p;
    return shared(n, p);
  },
};

/** SplitToSequence: one new tensor per part (the `split` input's sizes, a scalar's even parts and remainder, or parts of 1). */
export const newTensorPerPart: SequenceRule = {
  elements: (ctx) => {
    const dims = ctx.shape(0);
    const size = ctx.elementBytes(0);
    if (dims === null) return 'the input shape is not known';
    if (size === null) return 'the input dtype has no fixed element size';
    const raw = ctx.int('axis', 0);
    const axis = raw < 0 ? raw + dims.length : raw;
    if (axis < 0 || axis >= dims.length) return `axis ${raw} is outside the input's rank ${dims.length}`;
    const len = dims[axis]!;
    let parts: number[];
    let keepAxis = true;
    if (!ctx.present(1)) {
      parts = new Array<number>(len).fill(1);
      keepAxis = ctx.int('keepdims', 1) !== 0;
    } else {
      const split = ctx.ints(1);
      const splitShape = ctx.shape(1);
      if (split === null || splitShape === null) return 'the split sizes are not known before the run';
      if (splitShape.length === 0) {
        const s = split[0]!;
        if (!(s > 0)) return `split ${s} is not positive (ORT fails the run)`;
        parts = new Array<number>(Math.floor(len / s)).fill(s);
        if (len % s !== 0) parts.push(len % s);
      } else {
        parts = [...split];
        if (parts.some((s) => s < 0) || parts.reduce((a, b) => a + b, 0) !== len) return `the split sizes ${JSON.stringify(parts)} do not sum to ${len} (ORT fails the run)`;
      }
    }
    let other = 1;
    for (let d = 0; d < dims.length; d++) if (d !== axis) other *= dims[d]!;
    return parts.map((s) => {
      const shape = [...dims];
      if (keepAxis) shape[axis] = s;
      else shape.splice(axis, 1);
      return { kind: 'new', bytes: other * s * size, shape };
    });
  },
};

/**
 * Loop: a loop-carried sequence output holds the initial sequence's elements, shared, then one new
 * tensor per element its body appended over the iterations (the inference follows a body that only
 * appends: src/shape/rules/controlFlow.ts). Outputs past the carried values are scan outputs,
 * tensors the Loop concatenates.
 */
export const carriesAppended: SequenceRule = {
  elements: (ctx, o) => {
    const input = o + 2;
    if (!ctx.present(input)) return 'its initial value is absent';
    const n = ctx.length(input);
    if (n === null) return 'the elements of the initial sequence are not known';
    const fin = ctx.outputElements(o);
    if (fin === null || fin.length < n) return 'what its body appends is not known before the run (a trip count known only at run time, a body that does more than append, or shapes that change across iterations)';
    const size = ctx.outputElementBytes(o);
    if (size === null) return 'the element dtype has no fixed element size';
    const out: ElementSource[] = [];
    for (let p = 0; p < n; p++) out.push({ kind: 'shared', input, position: p });
    for (const shape of fin.slice(n)) out.push({ kind: 'new', bytes: shape.reduce((a, d) => a * d, size), shape });
    return out;
  },
};

/** SequenceAt, SequenceLength, ConcatFromSequence: read the sequence, keep no element. */
export const readsOnly: SequenceRule = {};
