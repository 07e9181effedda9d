/**
 * Maximum-weight closure (Picard 1976) by a minimum s-t cut, for the exact parallel peak
 * (parallelCut.ts). A closure of a set of implications "a ⇒ b" is a set C of variables with
 * a ∈ C ⇒ b ∈ C; the one of largest Σ_{v∈C} π(v) is the source side of a minimum cut of the
 * network s → v (capacity π(v) > 0), v → t (capacity −π(v) > 0), a → b (capacity ∞).
 * Variables can also be forced in (s → v, ∞) or out (v → t, ∞); an infinite flow then means no
 * closure meets the constraints.
 *
 * The network is built once (CSR arrays) and solved many times with other weights and forcings:
 * only the terminal capacities change. Dinic's algorithm, iterative, on typed arrays.
 */

/** Result of one solve: the closure (1 = in) and its weight, or null when the forcings contradict. */
export interface ClosureSolution {
  inClosure: Uint8Array;
  weight: number;
}

/** What a solve cost: arcs scanned (by the searches and the augmentations), a machine-independent measure. */
export interface SolveWork {
  arcsScanned: number;
}

export class ClosureSolver {
  readonly varCount: number;
  /** Arcs in CSR order: head node, paired reverse arc, base capacity. */
  private readonly first: Int32Array;
  private readonly head: Int32Array;
  private readonly pair: Int32Array;
  private readonly baseCap: Float64Array;
  private readonly cap: Float64Array;
  /** Arc index of s → v and v → t for each variable. */
  private readonly sourceArc: Int32Array;
  private readonly sinkArc: Int32Array;
  private readonly level: Int32Array;
  private readonly iter: Int32Array;
  private readonly queue: Int32Array;
  private readonly stackNode: Int32Array;
  private readonly stackArc: Int32Array;

  /** `from[i] ⇒ to[i]` for each i: variables in 0..varCount-1. */
  constructor(varCount: number, from: ArrayLike<number>, to: ArrayLike<number>) {
    this.varCount = varCount;
    const nodes = varCount + 2;
    const s = varCount;
    const t = varCount + 1;
    const m = from.length;
    const degree = new Int32Array(nodes + 1);
    for (let i = 0; i < m; i++) {
      degree[from[i]!]!++;
      degree[to[i]!]!++;
    }
    for (let v = 0; v < varCount; v++) {
      degree[v]! += 2;
      degree[s]!++;
      degree[t]!++;
    }
    const first = new Int32Array(nodes + 1);
    for (let v = 0; v < nodes; v++) first[v + 1] = first[v]! + degree[v]!;
    const arcCount = first[nodes]!;
    const fill = first.slice(0, nodes);
    const head = new Int32Array(arcCount);
    const pair = new Int32Array(arcCount);
    const baseCap = new Float64Array(arcCount);
    const add = (a: number, b: number, c: number): number => {
      const i = fill[a]!++;
      const j = fill[b]!++;
      head[i] = b;
      head[j] = a;
      pair[i] = j;
      pair[j] = i;
      baseCap[i] = c;
      return i;
    };
    for (let i = 0; i < m; i++) add(from[i]!, to[i]!, Infinity);
    this.sourceArc = new Int32Array(varCount);
    this.sinkArc = new Int32Array(varCount);
    for (let v = 0; v < varCount; v++) {
      this.sourceArc[v] = add(s, v, 0);
      this.sinkArc[v] = add(v, t, 0);
    }
    this.first = first;
    this.head = head;
    this.pair = pair;
    this.baseCap = baseCap;
    this.cap = new Float64Array(arcCount);
    this.level = new Int32Array(nodes);
    this.iter = new Int32Array(nodes);
    this.queue = new Int32Array(nodes);
    this.stackNode = new Int32Array(nodes + 1);
    this.stackArc = new Int32Array(nodes + 1);
  }

  /** Arcs of the network, reverse arcs included (a measure of one solve's work). */
  get arcCount(): number {
    return this.head.length;
  }

  /**
   * The maximum-weight closure under `weight` (finite numbers) with `forced[v]` = 1 (in),
   * -1 (out) or 0 (free); null when the forcings admit no closure.
   */
  solve(weight: ArrayLike<number>, forced: Int8Array, work?: SolveWork): ClosureSolution | null {
    const n = this.varCount;
    const s = n;
    const t = n + 1;
    const cap = this.cap;
    cap.set(this.baseCap);
    for (let v = 0; v < n; v++) {
      const f = forced[v]!;
      const w = weight[v]!;
      cap[this.sourceArc[v]!] = f === 1 ? Infinity : f === 0 && w > 0 ? w : 0;
      cap[this.sinkArc[v]!] = f === -1 ? Infinity : f === 0 && w < 0 ? -w : 0;
    }
    const { first, head, pair, level, iter, queue, stackNode, stackArc } = this;
    const nodes = n + 2;
    let scanned = 0;
    for (;;) {
      // BFS levels from s over arcs with residual capacity.
      level.fill(-1);
      level[s] = 0;
      let qh = 0;
      let qt = 0;
      queue[qt++] = s;
      while (qh < qt) {
        const u = queue[qh++]!;
        for (let a = first[u]!, e = first[u + 1]!; a < e; a++) {
          const v = head[a]!;
          if (level[v]! < 0 && cap[a]! > 0) {
            level[v] = level[u]! + 1;
            queue[qt++] = v;
          }
        }
      }
      scanned += first[nodes]!;
      if (level[t]! < 0) break;
      for (let v = 0; v < nodes; v++) iter[v] = first[v]!;
      // Blocking flow by iterative DFS along level-increasing arcs.
      let depth = 0;
      stackNode[0] = s;
      while (depth >= 0) {
        const u = stackNode[depth]!;
        if (u === t) {
          let push = Infinity;
          for (let d = 0; d < depth; d++) {
            const c = cap[stackArc[d]!]!;
            if (c < push) push = c;
          }
          scanned += depth;
          if (push === Infinity) {
            if (work) work.arcsScanned += scanned;
            return null;
          }
          let back = -1;
          for (let d = 0; d < depth; d++) {
            const a = stackArc[d]!;
            cap[a]! -= push;
            cap[pair[a]!]! += push;
            if (back < 0 && cap[a] === 0) back = d;
          }
          depth = back;
          continue;
        }
        let advanced = false;
        scanned++;
        for (let a = iter[u]!, e = first[u + 1]!; a < e; a++) {
          const v = head[a]!;
          if (cap[a]! > 0 && level[v] === level[u]! + 1) {
            iter[u] = a;
            stackArc[depth] = a;
            stackNode[++depth] = v;
            advanced = true;
            break;
          }
        }
        if (!advanced) {
          iter[u] = first[u + 1]!;
          level[u] = -1;
          depth--;
          if (depth >= 0) iter[stackNode[depth]!]!++;
        }
      }
    }
    if (work) work.arcsScanned += scanned;
    // The closure: what s still reaches (the last BFS's levels).
    const inClosure = new Uint8Array(n);
    let total = 0;
    for (let v = 0; v < n; v++) {
      if (level[v]! >= 0) {
        inClosure[v] = 1;
        total += weight[v]!;
      }
    }
    return { inClosure, weight: total };
  }
}
