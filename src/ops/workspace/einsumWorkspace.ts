/**
 * Einsum's scratch (ai.onnx Einsum on the CPU EP): the temporary tensors ORT's kernel takes from the
 * arena through the temp-space allocator, in the order it takes and frees them, from the equation
 * and the input shapes. ORT's CPU Einsum follows one fixed path, operands left to right
 * (`core/providers/cpu/math/einsum.cc`, `einsum_utils/einsum_compute_preprocessor.cc`,
 * `einsum_utils/einsum_typed_compute_processor.cc`, `einsum_utils/einsum_auxiliary_ops.cc`):
 *
 * 1. Labels are numbered in order of first appearance over the inputs, ellipsis dims first. Each
 *    input is "homogenized": a repeated label takes its diagonal (a buffer of the input over that
 *    dim; off the two innermost dims through a transpose before and after it), then, when its
 *    labels are not in that order, a transposed copy. These preprocessed inputs are held to the end.
 * 2. The labels whose last input is the first one and which the output lacks are summed out of
 *    it (a reduced buffer; kept dims 1).
 * 3. One input: the output is allocated, then a transposed copy of the result when the output's
 *    label order differs, copied into it.
 * 4. Two or more: each next input is paired with the running result. Labels last seen there and
 *    absent from the output are summed out of a side that alone has them (one buffer per label),
 *    then each side is transposed into [batch, left-only, summed, right-only] order (left) and
 *    [batch, summed, right-only, left-only] (right) unless the order is already so (an owned
 *    intermediate whose non-1 dims keep their order is only reshaped), then a batched MatMul buffer.
 *    Before the last pair the product is transposed back to label order; on the last, the output
 *    is allocated and the product (transposed to the output's order if needed) copied into it. The
 *    pair's own side buffers are freed when it returns, the previous result after that.
 *
 * Each replacement of an intermediate allocates the new buffer before freeing the old one (a
 * unique_ptr assignment). ORT's node statistics (total_temp_allocations) sum every buffer's bytes;
 * the arena replay follows the events. MatMul (MLAS, Eigen), Transpose and the reductions take
 * nothing else from the arena: checked by the probes in test/plan/workspace/ortScratch.test.ts.
 */

import type { ScratchEvent } from '../scratchFacts';

/** The arena events of one Einsum Compute (a buffer taken, a buffer freed, the output allocated) and their summed bytes, or why they are not known. */
export type EinsumPlan = { events: ScratchEvent[]; totalBytes: number } | { reason: string };

const LETTERS = 52;

function letterIndex(c: string): number {
  const code = c.charCodeAt(0);
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 65 && code <= 90) return code - 65 + 26;
  return -1;
}

const product = (dims: readonly number[]): number => dims.reduce((a, b) => a * b, 1);
const isIdentity = (perm: readonly number[]): boolean => perm.every((p, i) => p === i);

/** A transpose that keeps the non-1 dims in order is a reshape (ORT's IsTransposeReshapeForEinsum). */
function isReshape(perm: readonly number[], dims: readonly number[]): boolean {
  let last = 0;
  for (const p of perm) {
    if (dims[p] === 1) continue;
    if (p < last) return false;
    last = p;
  }
  return true;
}

/** Parsed labels: per input its subscript indices (ellipsis dims 0..E-1, letters after), and the output's. */
interface Parsed {
  count: number;
  inputs: number[][];
  output: number[];
  /** Per subscript index, the last input it appears in, or -1 when the output keeps it. */
  lastInput: number[];
}

function parse(equation: string, ranks: readonly number[]): Parsed | string {
  const eq = equation.replace(/ /g, '');
  const arrow = eq.indexOf('->');
  const left = arrow >= 0 ? eq.slice(0, arrow) : eq;
  const terms = left.split(',');
  if (terms.length !== ranks.length) return `the equation has ${terms.length} operand terms for ${ranks.length} inputs`;
  const letterToIndex = new Array<number>(LETTERS).fill(-1);
  const letterCount = new Array<number>(LETTERS).fill(0);
  const lastOfLetter: number[] = [];
  let ellipsisDims = 0;
  let ellipsisLast = -1;
  const raw: number[][] = [];
  let letters = 0;
  for (let k = 0; k < terms.length; k++) {
    const term = terms[k]!;
    const idx: number[] = [];
    const dots = term.indexOf('...');
    if ((dots < 0 && term.includes('.')) || (dots >= 0 && term.slice(dots + 3).includes('.'))) return `operand ${k}'s term '${term}' has a '.' outside one ellipsis`;
    const letterCountHere = term.length - (dots >= 0 ? 3 : 0);
    for (let p = 0; p < term.length; p++) {
      if (p === dots) {
        const e = ranks[k]! - letterCountHere;
        if (e < 0) return `operand ${k} has fewer dims than its term '${term}' labels`;
        if (e > 0) {
          if (ellipsisDims !== 0 && ellipsisDims !== e) return 'the ellipses stand for different numbers of dims (ORT rejects this)';
          ellipsisDims = e;
          ellipsisLast = k;
          for (let d = 0; d < e; d++) idx.push(-1 - d);
        }
        p += 2;
        continue;
      }
      const li = letterIndex(term[p]!);
      if (li < 0) return `label '${term[p]}' is not a letter`;
      if (letterCount[li] === 0) {
        letterToIndex[li] = letters++;
        lastOfLetter.push(k);
      } else lastOfLetter[letterToIndex[li]!] = k;
      letterCount[li]!++;
      idx.push(letterToIndex[li]!);
    }
    if (idx.length !== ranks[k]) return `operand ${k} has rank ${ranks[k]} and its term '${term}' labels ${idx.length} dims`;
    raw.push(idx);
  }
  // Ellipsis dims take the first subscript indices (einsum_compute_preprocessor.cc, PostProcessBroadcastedDims).
  const inputs = raw.map((idx) => idx.map((s) => (s < 0 ? -1 - s : s + ellipsisDims)));
  const count = letters + ellipsisDims;
  const lastInput = [...new Array<number>(ellipsisDims).fill(ellipsisLast), ...lastOfLetter];
  const output: number[] = [];
  if (arrow >= 0) {
    const right = eq.slice(arrow + 2);
    const dots = right.indexOf('...');
    if (ellipsisDims > 0 && dots < 0) return 'the inputs have an ellipsis and the output does not (ORT rejects this)';
    for (let p = 0; p < right.length; p++) {
      if (p === dots) {
        for (let d = 0; d < ellipsisDims; d++) output.push(d);
        p += 2;
        continue;
      }
      const li = letterIndex(right[p]!);
      if (li < 0 || letterToIndex[li] === -1) return `output label '${right[p]}' is not an input label`;
      output.push(letterToIndex[li]! + ellipsisDims);
    }
  } else {
    // Implicit output: the ellipsis, then the letters seen once, a-z. ORT 1.30 writes an upper-case
    // label seen once as a non-letter and fails the node ("The only subscript labels allowed...", probed).
    if (letterCount.slice(26).some((c) => c === 1)) return 'an implicit output with an upper-case label seen once (ORT 1.30 fails the node)';
    for (let d = 0; d < ellipsisDims; d++) output.push(d);
    for (let li = 0; li < 26; li++) if (letterCount[li] === 1) output.push(letterToIndex[li]! + ellipsisDims);
  }
  if (new Set(output).size !== output.length) return 'the output repeats a label';
  for (const s of output) lastInput[s] = -1;
  return { count, inputs, output, lastInput };
}

/** A tensor the kernel works on: its buffer (null: an input of the node, not owned) and dims. */
interface Operand {
  buffer: number | null;
  dims: number[];
}

/**
 * The arena events of ORT 1.30's CPU Einsum for `equation` over inputs of `shapes`, elements of
 * `elemBytes` (see the file comment); `reason` when ORT would reject the node or a form is not modeled.
 */
export function einsumPlan(equation: string, shapes: readonly (readonly number[])[], elemBytes: number): EinsumPlan {
  const parsed = parse(equation, shapes.map((s) => s.length));
  if (typeof parsed === 'string') return { reason: parsed };
  const { count, inputs, output, lastInput } = parsed;
  const events: ScratchEvent[] = [];
  const live: boolean[] = [];
  let totalBytes = 0;
  const alloc = (elements: number): number => {
    events.push({ kind: 'alloc', bytes: elements * elemBytes });
    totalBytes += elements * elemBytes;
    live.push(true);
    return live.length - 1;
  };
  const free = (b: number | null): void => {
    if (b === null || !live[b]) return;
    live[b] = false;
    events.push({ kind: 'free', buffer: b });
  };
  // Output index of each subscript (-1: summed away).
  const toOutput = new Array<number>(count).fill(-1);
  output.forEach((s, i) => (toOutput[s] = i));
  const outputElements = product(output.map((s) => dimOf(s)));
  function dimOf(s: number): number {
    let d = 1;
    inputs.forEach((idx, k) => idx.forEach((t, p) => (t === s ? (d = Math.max(d, shapes[k]![p]!)) : undefined)));
    return d;
  }
  // Empty tensors: whether ORT's arena sees their 0-byte buffers was not probed.
  if (shapes.some((dims) => dims.includes(0))) return { reason: 'an input has a zero-size dim (not probed)' };
  // Each label's dims must agree or be 1 (ORT fails the node otherwise).
  for (let s = 0; s < count; s++) {
    const d = dimOf(s);
    for (let k = 0; k < inputs.length; k++) {
      for (let p = 0; p < inputs[k]!.length; p++) if (inputs[k]![p] === s && shapes[k]![p] !== d && shapes[k]![p] !== 1) return { reason: `a label's dims ${shapes[k]![p]} and ${d} do not broadcast (ORT rejects this)` };
    }
  }

  // 1. Preprocess (homogenize) each input: diagonals of repeated labels, then a transpose into label order.
  const pre: (Operand | null)[] = [];
  const homogenized: number[][] = [];
  for (let k = 0; k < inputs.length; k++) {
    const idx = inputs[k]!;
    let cur: Operand | null = null;
    let dims = [...shapes[k]!];
    const position = new Array<number>(count).fill(-1);
    const homog = new Array<number>(count).fill(1);
    let next = 0;
    for (let p = 0; p < idx.length; p++) {
      const s = idx[p]!;
      if (position[s] === -1) {
        position[s] = next++;
        homog[s] = shapes[k]![p]!;
        continue;
      }
      // Diagonal of dims position[s] and `next` (einsum_auxiliary_ops.cc, Diagonal).
      const d1 = position[s]!;
      const d2 = next;
      const rank = dims.length;
      if (dims[d1] !== dims[d2]) return { reason: `operand ${k} repeats a label over dims ${dims[d1]} and ${dims[d2]}` };
      const diagElements = product(dims) / dims[d1]!;
      const innermost = rank === 2 || (Math.min(d1, d2) === rank - 2 && Math.max(d1, d2) === rank - 1);
      let made: number;
      if (innermost) made = alloc(diagElements);
      else {
        const transposed = alloc(product(dims));
        const diag = alloc(diagElements);
        made = alloc(diagElements);
        free(diag);
        free(transposed);
      }
      free(cur?.buffer ?? null);
      dims = dims.filter((_, i) => i !== Math.max(d1, d2));
      cur = { buffer: made, dims };
    }
    const perm: number[] = [];
    for (const p of position) if (p !== -1) perm.push(p);
    if (!isIdentity(perm)) {
      const t = alloc(product(dims));
      free(cur?.buffer ?? null);
      cur = { buffer: t, dims };
    }
    pre.push(cur ? { buffer: cur.buffer, dims: homog } : null);
    homogenized.push(homog);
  }

  // FinalizeOutput: the output, then a copy of the candidate in the output's label order when it differs.
  const finalize = (order: readonly number[]): void => {
    events.push({ kind: 'output' });
    const perm = new Array<number>(output.length).fill(0);
    let k = 0;
    for (const s of order) if (toOutput[s]! !== -1) perm[toOutput[s]!] = k++;
    if (output.length > 0 && !isIdentity(perm)) free(alloc(outputElements));
  };

  // 2. Sum out of the first input the labels it alone has.
  let result: Operand | null = null;
  const reduced0: number[] = [];
  const preserved0: number[] = [];
  for (let s = 0; s < count; s++) (lastInput[s] === 0 ? reduced0 : preserved0).push(s);
  if (reduced0.length > 0) {
    const dims = homogenized[0]!.map((d, s) => (reduced0.includes(s) ? 1 : d));
    result = { buffer: alloc(product(dims)), dims };
  } else if (pre[0]) {
    result = pre[0];
    pre[0] = null;
  }
  if (inputs.length === 1) {
    finalize(preserved0);
  } else {
    for (let k = 1; k < inputs.length; k++) {
      const reduce: number[] = [];
      for (let s = 0; s < count; s++) if (lastInput[s] === k) reduce.push(s);
      const leftIn: Operand = result ?? { buffer: null, dims: homogenized[0]! };
      const rightIn: Operand = pre[k] ?? { buffer: null, dims: homogenized[k]! };
      const made = pairwise(leftIn, rightIn, reduce, k === inputs.length - 1);
      free(result?.buffer ?? null);
      result = made;
    }
  }
  // End of Compute: the result and the preprocessed inputs (their order does not matter: nothing is taken in between).
  free(result?.buffer ?? null);
  for (const p of pre) free(p?.buffer ?? null);
  return { events, totalBytes };

  function pairwise(left: Operand, right: Operand, reduce: readonly number[], last: boolean): Operand {
    const L = left.dims;
    const R = right.dims;
    let curL: Operand | null = null;
    let curR: Operand | null = null;
    const lro: number[] = [];
    const lo: number[] = [];
    const ro: number[] = [];
    let lroSize = 1;
    let loSize = 1;
    let roSize = 1;
    for (let i = 0; i < count; i++) {
      const l = L[i]!;
      const r = R[i]!;
      if (reduce.includes(i)) {
        // Both sides have it: the MatMul sums it. One side alone: summed out of that side first.
        if (l > 1 && r > 1) continue;
        if (l > 1) {
          const dims: number[] = (curL ?? left).dims.map((d, j) => (j === i ? 1 : d));
          const b = alloc(product(dims));
          free(curL?.buffer ?? null);
          curL = { buffer: b, dims };
        } else if (r > 1) {
          const dims: number[] = (curR ?? right).dims.map((d, j) => (j === i ? 1 : d));
          const b = alloc(product(dims));
          free(curR?.buffer ?? null);
          curR = { buffer: b, dims };
        }
      } else if (l > 1 && r > 1) {
        lro.push(i);
        lroSize *= l;
      } else if (l > 1) {
        lo.push(i);
        loSize *= l;
      } else {
        ro.push(i);
        roSize *= r;
      }
    }
    const permute = (side: Operand, cur: Operand | null, perm: number[]): Operand | null => {
      if (isIdentity(perm)) return cur;
      const dims = (cur ?? side).dims;
      const permuted = perm.map((p) => dims[p]!);
      if (cur && isReshape(perm, dims)) return { buffer: cur.buffer, dims: permuted };
      const b = alloc(product(dims));
      free(cur?.buffer ?? null);
      return { buffer: b, dims: permuted };
    };
    curL = permute(left, curL, [...lro, ...lo, ...reduce, ...ro]);
    curR = permute(right, curR, [...lro, ...reduce, ...ro, ...lo]);
    const outDims = [...lro.map((i) => L[i]!), ...lo.map((i) => L[i]!), ...reduce.map(() => 1), ...ro.map((i) => R[i]!)];
    let out: Operand = { buffer: alloc(lroSize * loSize * roSize), dims: outDims };
    const order = [...lro, ...lo, ...reduce, ...ro];
    if (!last) {
      const back = new Array<number>(order.length).fill(0);
      order.forEach((s, j) => (back[s] = j));
      const dims = back.map((p) => outDims[p]!);
      if (!isIdentity(back) && !isReshape(back, outDims)) {
        const b = alloc(product(outDims));
        free(out.buffer);
        out = { buffer: b, dims };
      } else out = { buffer: out.buffer, dims };
    } else finalize(order);
    free(curR?.buffer ?? null);
    free(curL?.buffer ?? null);
    return out;
  }
}
