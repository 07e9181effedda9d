/**
 * The string table of the columnar Report transport: every distinct string once, concatenated
 * into one string with end offsets, so tens of thousands of names cross postMessage as one string
 * and one Uint32Array instead of as many small strings.
 */
import { LensError } from '../onnx/lensError';

/** All strings concatenated; `ends[i]` is the end (in UTF-16 units) of string i. */
export interface StringColumns {
  text: string;
  ends: Uint32Array;
}

/** Interns strings while encoding; a string's index is its position of first appearance. */
export class StringTableWriter {
  private readonly index = new Map<string, number>();
  private readonly parts: string[] = [];
  private readonly ends: number[] = [];
  private length = 0;

  /** The index of `s`, or -1 for null. */
  ref(s: string | null): number {
    if (s === null) return -1;
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.parts.length;
      this.index.set(s, i);
      this.parts.push(s);
      this.length += s.length;
      this.ends.push(this.length);
    }
    return i;
  }

  /** The finished table. */
  finish(): StringColumns {
    return { text: this.parts.join(''), ends: Uint32Array.from(this.ends) };
  }
}

/** Throws LensError('internal') unless every entry of `strings` ends in order within the text. */
function checkStringTable(strings: StringColumns): void {
  let start = 0;
  for (let i = 0; i < strings.ends.length; i++) {
    const end = strings.ends[i]!;
    if (end < start || end > strings.text.length) {
      throw new LensError('internal', `String table entry ${i} ends at ${end}, outside ${start}..${strings.text.length}`);
    }
    start = end;
  }
}

/** Splits a string table back into its strings; throws LensError('internal') on offsets out of order. */
export function readStringTable(strings: StringColumns): string[] {
  checkStringTable(strings);
  const out = new Array<string>(strings.ends.length);
  let start = 0;
  for (let i = 0; i < strings.ends.length; i++) {
    out[i] = strings.text.slice(start, strings.ends[i]!);
    start = strings.ends[i]!;
  }
  return out;
}

/**
 * A string table read in place: string i is cut from the text when first asked for (and kept),
 * so a webview that shows a few hundred names of a 1M-value report never makes the 2M strings
 * (splitting them all took 160-350 ms, and their garbage more, before the first paint). The
 * offsets are checked up front with readStringTable's error, so a malformed table fails at once.
 */
export class StringTableReader {
  private cache: (string | undefined)[] | null = null;

  constructor(private readonly strings: StringColumns) {
    checkStringTable(strings);
  }

  /** How many strings the table holds. */
  get length(): number {
    return this.strings.ends.length;
  }

  /** String `i`, or undefined outside 0 .. length - 1 (as an array's index reads). */
  at(i: number): string | undefined {
    if (!(i >= 0 && i < this.strings.ends.length)) return undefined;
    const cache = (this.cache ??= new Array<string | undefined>(this.strings.ends.length));
    let s = cache[i];
    if (s === undefined) {
      s = this.strings.text.slice(i === 0 ? 0 : this.strings.ends[i - 1]!, this.strings.ends[i]!);
      cache[i] = s;
    }
    return s;
  }

  /** The index of the first string equal to `s`, -1 when none (compared in the text, without cutting strings). */
  indexOf(s: string): number {
    const { text, ends } = this.strings;
    let start = 0;
    for (let i = 0; i < ends.length; i++) {
      const end = ends[i]!;
      if (end - start === s.length && text.startsWith(s, start)) return i;
      start = end;
    }
    return -1;
  }
}

