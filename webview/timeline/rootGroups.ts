/**
 * The values of a graph grouped by alias root (one Gantt row per group), straight from the value
 * columns: string indices instead of a Map of names, and members in one index array. Pure: no DOM.
 *
 * Groups are numbered in order of first appearance (as a Map keyed by root would iterate), members
 * in value order. A value whose root is empty groups under its own name.
 */
import { FLAG } from '../../src/report/columnarTables';
import type { GraphTable } from '../graphTable';
import type { RowSort } from './rowLayout';

/** Groups as columns; group g's members are member[memberFirst[g] .. memberFirst[g + 1]). */
export interface RootGroups {
  count: number;
  /** String index of the group's root. */
  root: Int32Array;
  memberFirst: Int32Array;
  member: Int32Array;
  /** Group of each value. */
  groupOf: Int32Array;
  /** Earliest interval start among the members. */
  start: Float64Array;
  /** Largest known size among the members; NaN when none is known. */
  sizeBytes: Float64Array;
  /** 1 when the group belongs in the initializer / graph-input band. */
  isBand: Uint8Array;
}

/** Interval start of value i: values that exist before step 0 start at 0. */
export function startAt(t: GraphTable, i: number): number {
  return Math.max(0, t.values.producedAt[i]!);
}

/** Half-open step interval end of value i (see valueInterval). */
export function endAt(t: GraphTable, i: number): number {
  const start = startAt(t, i);
  const released = t.values.releasedAfter[i]!;
  const last = Number.isNaN(released) ? t.stepCount - 1 : released;
  return Math.max(start + 1, Math.min(t.stepCount, last + 1));
}


/** Groups the values of `t` by root. */
export function rootGroups(t: GraphTable): RootGroups {
  const n = t.valueCount;
  const { name, root, bytes, producedAt, flags } = t.values;
  const stringCount = t.strings.length;
  const emptyString = t.strings.indexOf('');
  // Value index by name string (the last value of a name wins, as Map.set did).
  const byName = new Int32Array(stringCount).fill(-1);
  for (let i = 0; i < n; i++) byName[name[i]!] = i;
  const groupOfKey = new Int32Array(stringCount).fill(-1);
  const groupOfValue = new Int32Array(n);
  const keys = new Int32Array(n);
  const sizes = new Int32Array(n + 1);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const key = root[i] === emptyString ? name[i]! : root[i]!;
    let g = groupOfKey[key]!;
    if (g < 0) { g = groupOfKey[key] = count++; keys[g] = key; }
    groupOfValue[i] = g;
    sizes[g + 1]!++;
  }
  const memberFirst = sizes.subarray(0, count + 1);
  for (let g = 0; g < count; g++) memberFirst[g + 1]! += memberFirst[g]!;
  const fill = memberFirst.slice(0, count);
  const member = new Int32Array(n);
  for (let i = 0; i < n; i++) member[fill[groupOfValue[i]!]!++] = i;
  const start = new Float64Array(count).fill(Infinity);
  const sizeBytes = new Float64Array(count).fill(NaN);
  const isBand = new Uint8Array(count);
  const isBandValue = (i: number): boolean => (flags[i]! & FLAG.isInitializer) !== 0 || producedAt[i]! < 0;
  for (let g = 0; g < count; g++) {
    let isAllBand = true;
    let first = Infinity;
    let size = NaN;
    for (let k = memberFirst[g]!, end = memberFirst[g + 1]!; k < end; k++) {
      const i = member[k]!;
      first = Math.min(first, Math.max(0, producedAt[i]!));
      const b = bytes[i]!;
      if (!Number.isNaN(b)) size = Math.max(Number.isNaN(size) ? 0 : size, b);
      if (!isBandValue(i)) isAllBand = false;
    }
    start[g] = first;
    sizeBytes[g] = size;
    const rootIndex = byName[keys[g]!]!;
    isBand[g] = (rootIndex >= 0 ? isBandValue(rootIndex) : isAllBand) ? 1 : 0;
  }
  return { count, root: keys.slice(0, count), memberFirst, member, groupOf: groupOfValue, start, sizeBytes, isBand };
}

/**
 * Band or buffer groups (per `isBand`) in row order: by start (ties in first-appearance order), or
 * by size, largest first, unknown sizes last (an unknown is not "small"), ties by start.
 */
export function sortedGroups(groups: RootGroups, isBand: boolean, sort: RowSort): Int32Array {
  const picked: number[] = [];
  for (let g = 0; g < groups.count; g++) if ((groups.isBand[g] === 1) === isBand) picked.push(g);
  const byStart = sortByStart(picked, groups.start);
  return sort === 'start' ? byStart : sortBySize(byStart, groups.sizeBytes);
}

/**
 * Reorders groups sorted by start into size order, largest first, unknown sizes last, keeping the
 * start order within a size: each size gets its rank among the distinct sizes (a native numeric
 * sort of a Float64Array), then a counting sort by rank. A comparison sort of 450k groups took
 * about a second.
 */
function sortBySize(byStart: Int32Array, sizeBytes: Float64Array): Int32Array {
  const n = byStart.length;
  // Ascending keys: -size puts the largest first; unknown (NaN) sizes sort last as +Infinity.
  const keys = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const size = sizeBytes[byStart[j]!]!;
    keys[j] = Number.isNaN(size) ? Infinity : -size;
  }
  const distinct = keys.slice().sort();
  let u = 0;
  for (let j = 0; j < n; j++) if (j === 0 || distinct[j] !== distinct[u - 1]) distinct[u++] = distinct[j]!;
  const rankFirst = new Int32Array(u + 1);
  const rank = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    let lo = 0;
    let hi = u;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (distinct[mid]! < keys[j]!) lo = mid + 1;
      else hi = mid;
    }
    rank[j] = lo;
    rankFirst[lo + 1]!++;
  }
  for (let r = 0; r < u; r++) rankFirst[r + 1]! += rankFirst[r]!;
  const out = new Int32Array(n);
  for (let j = 0; j < n; j++) out[rankFirst[rank[j]!]!++] = byStart[j]!;
  return out;
}

/**
 * Groups by start, ties in group order. Starts are whole steps, so a counting sort does it in
 * O(groups + steps); a comparison sort is the fallback for anything else.
 */
function sortByStart(picked: number[], start: Float64Array): Int32Array {
  let maxStart = 0;
  let isWhole = true;
  for (const g of picked) {
    const s = start[g]!;
    if (!Number.isInteger(s) || s < 0) { isWhole = false; break; }
    if (s > maxStart) maxStart = s;
  }
  if (!isWhole || maxStart > 4 * picked.length + 1024) {
    return Int32Array.from(picked.sort((a, b) => start[a]! - start[b]! || a - b));
  }
  const bucketFirst = new Int32Array(maxStart + 2);
  for (const g of picked) bucketFirst[start[g]! + 1]!++;
  for (let s = 0; s <= maxStart; s++) bucketFirst[s + 1]! += bucketFirst[s]!;
  const out = new Int32Array(picked.length);
  for (const g of picked) out[bucketFirst[start[g]!]!++] = g;
  return out;
}
