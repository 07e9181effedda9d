/**
 * Symbolic dimension expressions: integer polynomials over named symbols.
 *
 * Canonical text form (what `{ expr }` holds):
 * - A sum of terms `c*s1*s2`, symbols sorted within a term (repeats allowed, e.g. `seq*seq`).
 * - Terms sorted by their symbol list; the constant term comes last; zero terms are dropped.
 * - Coefficient 1 is omitted (`batch`), -1 is written as a leading minus (`-past`).
 * - Terms are joined with `+` or `-` and no spaces: `2*batch`, `past+sequence`, `sequence-1`.
 * - A symbol that is not a plain identifier (`[A-Za-z_][A-Za-z0-9_.]*`) is written as a JSON
 *   string, e.g. `"s0 + 1"`, so any dim_param name survives a round trip.
 * A polynomial with no symbols is always a plain number, never `{ expr }`.
 */
import type { SymDim } from './types';

/** One term: coefficient × product of symbols (sorted). */
interface Term {
  coef: number;
  syms: string[];
}

/** A sum of terms in canonical order (see file comment). */
type Poly = Term[];

const BARE_SYMBOL = /^[A-Za-z_][A-Za-z0-9_.]*$/;
const PARSE_CACHE_LIMIT = 4096;
const parseCache = new Map<string, Poly | null>();

function quoteSymbol(name: string): string {
  return BARE_SYMBOL.test(name) ? name : JSON.stringify(name);
}

function termKey(t: Term): string {
  return t.syms.map(quoteSymbol).join('*');
}

function normalize(terms: Term[]): Poly | null {
  const byKey = new Map<string, Term>();
  for (const t of terms) {
    const syms = [...t.syms].sort();
    const key = syms.map(quoteSymbol).join('*');
    const prev = byKey.get(key);
    const coef = (prev?.coef ?? 0) + t.coef;
    if (!Number.isSafeInteger(coef)) return null;
    byKey.set(key, { coef, syms });
  }
  const out = [...byKey.values()].filter((t) => t.coef !== 0);
  out.sort((a, b) => {
    if (a.syms.length === 0) return 1;
    if (b.syms.length === 0) return -1;
    const ka = termKey(a);
    const kb = termKey(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  return out;
}

function formatPoly(p: Poly): string {
  let s = '';
  p.forEach((t, i) => {
    const mag = Math.abs(t.coef);
    const body = t.syms.length === 0 ? String(mag) : (mag === 1 ? '' : `${mag}*`) + termKey(t);
    if (t.coef < 0) s += `-${body}`;
    else s += i === 0 ? body : `+${body}`;
  });
  return s;
}

function toDim(p: Poly | null): SymDim {
  if (p === null) return null;
  if (p.length === 0) return 0;
  if (p.length === 1 && p[0].syms.length === 0) return p[0].coef;
  return { expr: formatPoly(p) };
}

function tokenize(text: string): string[] | null {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === ' ') {
      i++;
    } else if (ch === '+' || ch === '-' || ch === '*') {
      tokens.push(ch);
      i++;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) return null;
      tokens.push(text.slice(i, j + 1));
      i = j + 1;
    } else {
      const m = /^[A-Za-z0-9_.]+/.exec(text.slice(i));
      if (!m) return null;
      tokens.push(m[0]);
      i += m[0].length;
    }
  }
  return tokens;
}

function parsePoly(text: string): Poly | null {
  const cached = parseCache.get(text);
  if (cached !== undefined) return cached;
  const tokens = tokenize(text);
  let result: Poly | null = null;
  if (tokens && tokens.length > 0) {
    const terms: Term[] = [];
    let sign = 1;
    let cur: Term | null = null;
    let expectFactor = true;
    let ok = true;
    for (const tok of tokens) {
      if (expectFactor) {
        if (tok === '-' && cur === null) {
          sign = -sign;
          continue;
        }
        if (tok === '+' || tok === '-' || tok === '*') {
          ok = false;
          break;
        }
        cur ??= { coef: sign, syms: [] };
        if (/^[0-9]+$/.test(tok)) cur.coef *= Number(tok);
        else if (tok.startsWith('"')) cur.syms.push(JSON.parse(tok) as string);
        else if (BARE_SYMBOL.test(tok)) cur.syms.push(tok);
        else {
          ok = false;
          break;
        }
        expectFactor = false;
      } else if (tok === '*') {
        expectFactor = true;
      } else if (tok === '+' || tok === '-') {
        if (cur) terms.push(cur);
        cur = null;
        sign = tok === '-' ? -1 : 1;
        expectFactor = true;
      } else {
        ok = false;
        break;
      }
    }
    if (ok && !expectFactor && cur) {
      terms.push(cur);
      result = normalize(terms);
    }
  }
  if (parseCache.size >= PARSE_CACHE_LIMIT) parseCache.clear();
  parseCache.set(text, result);
  return result;
}

function polyOf(d: SymDim | undefined): Poly | null {
  // undefined reaches here from out-of-range dims of malformed models; it means unknown.
  if (d === null || d === undefined) return null;
  if (typeof d === 'number') return Number.isSafeInteger(d) ? (d === 0 ? [] : [{ coef: d, syms: [] }]) : null;
  return parsePoly(d.expr);
}

/** The dim for a bare symbol name (a dim_param or a generated data-dependent name). */
export function symbolDim(name: string): SymDim {
  return { expr: quoteSymbol(name) };
}

/** Parses canonical (or loosely spaced) expression text; a pure integer gives a number; null if malformed. */
export function parseDim(text: string): SymDim {
  if (/^-?[0-9]+$/.test(text.trim())) return Number(text.trim());
  return toDim(parsePoly(text));
}

/** The canonical text of an expression dim, or the number itself, or null for unknown. */
export function formatDim(d: SymDim): number | string | null {
  if (d === null || d === undefined || typeof d === 'number') return d ?? null;
  const p = parsePoly(d.expr);
  return p === null ? d.expr : formatPoly(p);
}

/** a + b; unknown if either is unknown. */
export function addDims(a: SymDim, b: SymDim): SymDim {
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  const pa = polyOf(a);
  const pb = polyOf(b);
  if (!pa || !pb) return null;
  return toDim(normalize([...pa, ...pb]));
}

/** a - b; unknown if either is unknown. */
export function subDims(a: SymDim, b: SymDim): SymDim {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const pb = polyOf(b);
  if (!pb) return null;
  return addDims(a, toDim(pb.map((t) => ({ coef: -t.coef, syms: t.syms }))));
}

/** a × b; unknown if either is unknown. */
export function mulDims(a: SymDim, b: SymDim): SymDim {
  if (typeof a === 'number' && typeof b === 'number') return a * b;
  const pa = polyOf(a);
  const pb = polyOf(b);
  if (!pa || !pb) return null;
  const terms: Term[] = [];
  for (const x of pa) for (const y of pb) terms.push({ coef: x.coef * y.coef, syms: [...x.syms, ...y.syms] });
  return toDim(normalize(terms));
}

/** Removes one occurrence of each of `sub` from `syms`, or null if `sub` is not contained. */
function removeSyms(syms: string[], sub: string[]): string[] | null {
  const rest = [...syms];
  for (const s of sub) {
    const k = rest.indexOf(s);
    if (k < 0) return null;
    rest.splice(k, 1);
  }
  return rest;
}

/**
 * Exact division a / b: numbers use floor division (ONNX integer semantics); expressions divide
 * only when every term is an exact multiple of a single-term divisor, or a = k·b. Otherwise unknown.
 */
export function divDims(a: SymDim, b: SymDim): SymDim {
  if (typeof a === 'number' && typeof b === 'number') return b === 0 ? null : Math.floor(a / b);
  const pa = polyOf(a);
  const pb = polyOf(b);
  if (!pa || !pb || pb.length === 0) return null;
  if (pb.length === 1) {
    const dv = pb[0];
    const terms: Term[] = [];
    for (const t of pa) {
      const rest = removeSyms(t.syms, dv.syms);
      if (rest === null || t.coef % dv.coef !== 0) return null;
      terms.push({ coef: t.coef / dv.coef, syms: rest });
    }
    return toDim(normalize(terms));
  }
  if (pa.length === pb.length && pa.length > 0) {
    const k = pa[0].coef / pb[0].coef;
    const ok = pa.every((t, i) => termKey(t) === termKey(pb[i]) && t.coef === k * pb[i].coef);
    if (ok && Number.isInteger(k)) return k;
  }
  return null;
}

/** True when both dims are known and structurally equal (same number or same canonical expression). */
export function dimsEqual(a: SymDim, b: SymDim): boolean {
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  return formatDim(a) === formatDim(b);
}

/** The symbols an expression mentions, sorted and unique; [] for numbers and unknown. */
export function dimSymbols(d: SymDim): string[] {
  // Numbers and unknown dims have no symbols; most dims are numbers, so skip the polynomial.
  if (d === null || d === undefined || typeof d === 'number') return [];
  const p = polyOf(d);
  if (!p) return [];
  return [...new Set(p.flatMap((t) => t.syms))].sort();
}

/** Substitutes bound symbols; returns a number when everything is bound, else the reduced expression. */
export function evaluateDim(d: SymDim, bindings: Readonly<Record<string, number>>): SymDim {
  if (d === null || d === undefined || typeof d === 'number') return d ?? null;
  const p = polyOf(d);
  if (!p) return null;
  const terms: Term[] = [];
  for (const t of p) {
    let coef = t.coef;
    const syms: string[] = [];
    for (const s of t.syms) {
      const v = bindings[s];
      if (typeof v === 'number' && Number.isFinite(v)) coef *= v;
      else syms.push(s);
    }
    terms.push({ coef, syms });
  }
  return toDim(normalize(terms));
}

/** True when the dim is provably ≥ 0: a non-negative number, or an expression whose terms all have positive coefficients (symbols are sizes). */
export function isNonNegativeDim(d: SymDim): boolean {
  if (typeof d === 'number') return d >= 0;
  const p = polyOf(d);
  return p !== null && p.every((t) => t.coef > 0);
}

/** The single symbol an expression consists of (coefficient 1), or null; used to write dim_params. */
export function singleSymbol(d: SymDim): string | null {
  const p = polyOf(d);
  if (!p || p.length !== 1 || p[0].coef !== 1 || p[0].syms.length !== 1) return null;
  return p[0].syms[0];
}

/**
 * Coefficients (lowest degree first) of `d` as a polynomial in the one symbol `symbol`; a number
 * gives [n]. Null when `d` is unknown or mentions another symbol.
 */
export function univariateCoefficients(d: SymDim, symbol: string): number[] | null {
  const p = polyOf(d);
  if (p === null) return null;
  const out: number[] = [0];
  for (const t of p) {
    if (t.syms.some((s) => s !== symbol)) return null;
    const k = t.syms.length;
    while (out.length <= k) out.push(0);
    out[k]! += t.coef;
  }
  return out;
}
