/**
 * The exact worst case of a parallel run (docs/answers.md, "The exact worst case of a parallel
 * run"): the largest bytes alive at once over every moment of every schedule the dependencies
 * allow, with no buffer sharing (ORT's parallel executor).
 *
 * A moment is a downset S of started nodes; the nodes strictly below a node of S are finished
 * (F), the others of S are running. A buffer is alive when its producer is in S and it is held to
 * the end of the run, or some of its users (the producer and the readers of the values sharing it)
 * is not finished. Only the maximal users (in the DAG order) matter: "all users finished" is
 * "all maximal users finished".
 *
 * Variables x_u (u started) and y_u (u finished) with x_c ⇒ y_u for an arc u → c and y_u ⇒ x_u;
 * a buffer with one maximal user L is alive exactly when x_p − y_L = 1, a modular weight, so the
 * worst moment is a maximum-weight closure (maxClosure.ts). A buffer with k ≥ 2 maximal users is
 * alive when x_p − AND(y_u) = 1, which no closure can state (the problem is NP-hard: see
 * docs/answers.md); it is bounded above by a family of modular weights between Σ_u (x_p − y_u)
 * (exact while at most one reader is unfinished) and x_p (exact while one is), tuned at the root,
 * and refined by branch and bound: a buffer counted above its bytes splits into "reader u
 * unfinished" (then it is exactly x_p) and "u finished" (one reader less). The
 * search stops when no open branch can beat the best moment found: the result is then exact. A
 * budget of solves bounds the search on huge graphs; the answer then says it is not exact and
 * gives the upper bound left.
 */
import { ClosureSolver, type ClosureSolution } from './maxClosure';

/** One buffer of the cut problem. Nodes are numbered in a topological order (arcs go forward). */
export interface CutBuffer {
  producer: number;
  /** Nodes reading any value of the buffer (duplicates and the producer allowed). */
  users: readonly number[];
  /** True when the buffer is never freed during the run (graph output, never read). */
  heldToEnd: boolean;
}

export interface CutProblem {
  nodeCount: number;
  /** Data arcs from[i] → to[i], from[i] < to[i]. */
  from: ArrayLike<number>;
  to: ArrayLike<number>;
  buffers: readonly CutBuffer[];
}

export interface CutOptions {
  /** Most closure solves of the branch and bound (default: no count limit, `maxWork` decides). */
  maxSolves?: number;
  /**
   * Most arcs the solves may scan in all (maxClosure.ts SolveWork), checked before each solve;
   * default max(4·10⁷, 16 × the first solve's). A machine-independent budget: the same graph
   * stops at the same point everywhere.
   */
  maxWork?: number;
  /** Most nodes one reachability search visits when looking for users below a user (default 4096). */
  reachBudget?: number;
}

/** The worst moment found. */
export interface ParallelCut {
  /** Bytes alive at `started`'s moment (the best found: the maximum when `exact`). */
  bytes: number;
  /** An upper bound of the maximum over all moments; equals `bytes` when `exact`. */
  upperBoundBytes: number;
  exact: boolean;
  /** Started nodes of the moment (1 = started), a downset. */
  started: Uint8Array;
  /** Running nodes: started, with no started successor, ascending. */
  running: number[];
  /** Buffers alive at the moment (indices into `buffers`), ascending. */
  alive: number[];
  /** Closure solves made. */
  solves: number;
  /** Arcs the solves scanned in all (the budget's measure). */
  arcsScanned: number;
}

/** A prepared problem: reused for every set of sizes (a sweep) of the same graph. */
export class ParallelCutModel {
  readonly problem: CutProblem;
  private readonly succFirst: Int32Array;
  private readonly succ: Int32Array;
  /** Per buffer: its maximal users (node indices), or null when held to the end. */
  private readonly maxUsers: (Int32Array | null)[];
  /** Variable of y_u, or -1 when no buffer needs it. */
  private readonly yVar: Int32Array;
  private readonly solver: ClosureSolver;
  private readonly varCount: number;

  constructor(problem: CutProblem, options: CutOptions = {}) {
    this.problem = problem;
    const n = problem.nodeCount;
    const m = problem.from.length;
    // Successors in CSR, deduplicated.
    const deg = new Int32Array(n + 1);
    for (let i = 0; i < m; i++) {
      const a = problem.from[i]!;
      const b = problem.to[i]!;
      if (!(a >= 0 && a < b && b < n)) throw new RangeError(`ParallelCutModel: arc ${a} → ${b} is not forward in 0..${n - 1}`);
      deg[a]!++;
    }
    const first = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) first[v + 1] = first[v]! + deg[v]!;
    const raw = new Int32Array(m);
    const fill = first.slice(0, n);
    for (let i = 0; i < m; i++) raw[fill[problem.from[i]!]!++] = problem.to[i]!;
    const stamp = new Int32Array(n).fill(-1);
    const succFirst = new Int32Array(n + 1);
    const succList: number[] = [];
    for (let v = 0; v < n; v++) {
      for (let a = first[v]!; a < first[v + 1]!; a++) {
        const c = raw[a]!;
        if (stamp[c] !== v) {
          stamp[c] = v;
          succList.push(c);
        }
      }
      succFirst[v + 1] = succList.length;
    }
    this.succFirst = succFirst;
    this.succ = Int32Array.from(succList);
    this.maxUsers = this.reduceUsers(options.reachBudget ?? 4096);
    // Variables: x_u = u; y_u = n + k for the nodes some buffer's maximal users name.
    const yVar = new Int32Array(n).fill(-1);
    let vars = n;
    for (const users of this.maxUsers) if (users) for (const u of users) if (yVar[u]! < 0) yVar[u] = vars++;
    this.yVar = yVar;
    this.varCount = vars;
    const from: number[] = [];
    const to: number[] = [];
    for (let u = 0; u < n; u++) {
      const y = yVar[u]!;
      if (y >= 0) {
        from.push(y);
        to.push(u);
      }
      for (let a = succFirst[u]!; a < succFirst[u + 1]!; a++) {
        from.push(this.succ[a]!);
        to.push(y >= 0 ? y : u);
      }
    }
    this.solver = new ClosureSolver(vars, from, to);
  }

  /** Maximal elements of each releasable buffer's users (the producer alone when none reads it). */
  private reduceUsers(budget: number): (Int32Array | null)[] {
    const n = this.problem.nodeCount;
    const isUser = new Int32Array(n).fill(-1);
    const seen = new Int32Array(n).fill(-1);
    const queue = new Int32Array(n);
    let search = 0;
    return this.problem.buffers.map((b, bi) => {
      if (b.heldToEnd) return null;
      const users = [...new Set(b.users)].filter((u) => u !== b.producer);
      if (users.length === 0) return Int32Array.of(b.producer);
      if (users.length === 1) return Int32Array.from(users);
      let last = 0;
      for (const u of users) {
        isUser[u] = bi;
        if (u > last) last = u;
      }
      const maximal: number[] = [];
      for (const u of users) {
        // Is another user below u? Breadth first from u, within nodes ≤ last, at most `budget` nodes.
        search++;
        let qh = 0;
        let qt = 0;
        let below = false;
        queue[qt++] = u;
        seen[u] = search;
        while (qh < qt && !below && qt < budget) {
          const v = queue[qh++]!;
          for (let a = this.succFirst[v]!; a < this.succFirst[v + 1]!; a++) {
            const c = this.succ[a]!;
            if (c > last || seen[c] === search) continue;
            if (isUser[c] === bi) {
              below = true;
              break;
            }
            seen[c] = search;
            queue[qt++] = c;
          }
        }
        if (!below) maximal.push(u);
      }
      return Int32Array.from(maximal.sort((a, b) => a - b));
    });
  }

  /** Buffers with two or more maximal users (the ones the search branches on). */
  get multiUserBuffers(): number {
    return this.maxUsers.filter((u) => u !== null && u.length > 1).length;
  }

  /** Bytes alive at the moment `started` (a downset), and which buffers. */
  aliveAt(started: Uint8Array, bytes: ArrayLike<number>): { bytes: number; alive: number[] } {
    const n = this.problem.nodeCount;
    const finished = new Uint8Array(n);
    for (let u = 0; u < n; u++) {
      for (let a = this.succFirst[u]!; a < this.succFirst[u + 1]!; a++) {
        if (started[this.succ[a]!]) {
          finished[u] = 1;
          break;
        }
      }
    }
    let total = 0;
    const alive: number[] = [];
    this.problem.buffers.forEach((b, i) => {
      if (!started[b.producer]) return;
      const users = this.maxUsers[i];
      let live = users === null;
      if (users) for (const u of users) if (!finished[u]) live = true;
      if (live) {
        alive.push(i);
        total += bytes[i]!;
      }
    });
    return { bytes: total, alive };
  }

  /**
   * The worst moment for buffer sizes `bytes` (whole numbers ≥ 0, one per buffer).
   *
   * A buffer with k ≥ 2 free last readers (not pinned) is bounded by the family
   * (1 + t)·x_p − t/(k−1)·Σ y_u, t = q(k−1)/4, q ∈ {0…4}: q = 4 is Σ_u (x_p − y_u), q = 0 is "held
   * while started". Each is ≥ x_p − AND(y_u) on every moment (t ≤ k−1). Weights are kept ×4, so
   * every flow is a whole number and the cut is exact. q starts at 4 and is tuned at the root by
   * a few sign-subgradient steps on the bound (each one closure solve), then kept for the search.
   */
  solve(bytes: ArrayLike<number>, options: CutOptions = {}): ParallelCut {
    const n = this.problem.nodeCount;
    const buffers = this.problem.buffers;
    const base = new Float64Array(this.varCount);
    const multi: number[] = [];
    buffers.forEach((b, i) => {
      const w = SCALE * bytes[i]!;
      if (w === 0) return;
      const users = this.maxUsers[i];
      if (users === null) base[b.producer]! += w;
      else if (users.length === 1) {
        base[b.producer]! += w;
        base[this.yVar[users[0]!]!]! -= w;
      } else multi.push(i);
    });
    const q = new Int8Array(multi.length).fill(SCALE);
    const maxSolves = options.maxSolves ?? Infinity;
    const work = { arcsScanned: 0 };
    let maxWork = options.maxWork ?? Infinity;
    const forced = new Int8Array(this.varCount);
    const weight = new Float64Array(this.varCount);
    // A box: the closure below updates it (a plain `let` would stay narrowed to null for the checker).
    const box: { best: { bytes: number; started: Uint8Array; alive: number[] } | null } = { best: null };
    let solves = 0;
    const relaxed = (): ClosureSolution | null => {
      weight.set(base);
      multi.forEach((i, j) => this.addRelaxed(i, bytes[i]!, q[j]!, forced, weight));
      solves++;
      const sol = this.solver.solve(weight, forced, work);
      if (solves === 1 && options.maxWork === undefined) maxWork = Math.max(4e7, 16 * work.arcsScanned);
      if (sol !== null) {
        const found = this.aliveAt(sol.inClosure.subarray(0, n), bytes);
        if (box.best === null || found.bytes > box.best.bytes) box.best = { bytes: found.bytes, started: sol.inClosure.slice(0, n), alive: found.alive };
      }
      return sol;
    };
    const overBudget = (): boolean => solves > 0 && (solves >= maxSolves || work.arcsScanned >= maxWork);
    // Root: tune q while the bound falls (at most ROOT_STEPS solves), keeping the best q.
    let rootBound = Infinity;
    if (multi.length > 0) {
      let bestQ = q.slice();
      for (let step = 0; step < ROOT_STEPS && !overBudget(); step++) {
        const sol = relaxed()!;
        if (sol.weight < rootBound) {
          rootBound = sol.weight;
          bestQ = q.slice();
        }
        if (rootBound <= SCALE * box.best!.bytes) break;
        let moved = false;
        multi.forEach((i, j) => {
          if (!sol.inClosure[buffers[i]!.producer]) return;
          let unfinished = 0;
          for (const u of this.maxUsers[i]!) if (!sol.inClosure[this.yVar[u]!]) unfinished++;
          // d(bound)/dq ∝ unfinished − 1: counted for several unfinished readers → lower q; for none → raise it.
          if (unfinished >= 2 && q[j]! > 0) { q[j]!--; moved = true; }
          else if (unfinished === 0 && q[j]! < SCALE) { q[j]!++; moved = true; }
        });
        if (!moved) break;
      }
      q.set(bestQ);
    }
    // Best-first: open branches keyed by their parent's bound (an upper bound of theirs), ×SCALE.
    const open = new MaxHeap<Branch | null>();
    open.push(rootBound, null);
    let boundLeft = -Infinity;
    while (open.size > 0) {
      const top = open.peekKey();
      if (box.best !== null && top <= SCALE * box.best.bytes) break;
      if (overBudget()) {
        // Bytes are whole numbers, so the maximum is at most the bound rounded down.
        boundLeft = Math.floor(top / SCALE);
        break;
      }
      const branch = open.pop();
      // Forcings of this branch (a chain back to the root).
      forced.fill(0);
      for (let c = branch; c !== null; c = c.parent) forced[c.variable] = c.value;
      const sol = relaxed();
      if (sol === null) continue;
      const bound = sol.weight;
      if (bound <= SCALE * box.best!.bytes) continue;
      // Branch on the buffer counted most above its bytes, on one of its free readers (an unfinished one if any).
      let pick = -1;
      let pickUser = -1;
      let pickExcess = 0;
      multi.forEach((i, j) => {
        const b = buffers[i]!;
        if (!sol.inClosure[b.producer]) return;
        let left = 0;
        let unfinished = 0;
        let firstFree = -1;
        let firstOpen = -1;
        for (const u of this.maxUsers[i]!) {
          const y = this.yVar[u]!;
          if (forced[y] === -1) return;
          if (forced[y] !== 0) continue;
          left++;
          if (firstFree < 0) firstFree = u;
          if (!sol.inClosure[y]) {
            unfinished++;
            if (firstOpen < 0) firstOpen = u;
          }
        }
        if (left < 2) return;
        // Relaxed weight of this buffer here minus its true weight (×SCALE).
        const w = bytes[i]!;
        const counted = (SCALE + q[j]! * (left - 1)) * w - q[j]! * (left - unfinished) * w;
        const excess = counted - (unfinished > 0 ? SCALE * w : 0);
        if (excess > pickExcess) {
          pick = i;
          pickUser = firstOpen >= 0 ? firstOpen : firstFree;
          pickExcess = excess;
        }
      });
      if (pick < 0) throw new Error('ParallelCutModel: bound above the moment found with nothing to branch on');
      const y = this.yVar[pickUser]!;
      open.push(bound, { parent: branch, variable: y, value: -1 });
      open.push(bound, { parent: branch, variable: y, value: 1 });
    }
    const found = box.best;
    if (found === null) throw new Error('ParallelCutModel: no moment found');
    const exact = boundLeft <= found.bytes;
    const running: number[] = [];
    for (let u = 0; u < n; u++) {
      if (!found.started[u]) continue;
      let anyChild = false;
      for (let a = this.succFirst[u]!; a < this.succFirst[u + 1]!; a++) if (found.started[this.succ[a]!]) anyChild = true;
      if (!anyChild) running.push(u);
    }
    return { bytes: found.bytes, upperBoundBytes: exact ? found.bytes : boundLeft, exact, started: found.started, running, alive: found.alive, solves, arcsScanned: work.arcsScanned };
  }

  /** Adds buffer i's relaxed weight (×SCALE) with tuning q: exact once a reader is pinned unfinished or one free reader is left. */
  private addRelaxed(i: number, w: number, q: number, forced: Int8Array, weight: Float64Array): void {
    const p = this.problem.buffers[i]!.producer;
    const users = this.maxUsers[i]!;
    let left = 0;
    for (const u of users) {
      const f = forced[this.yVar[u]!]!;
      if (f === -1) {
        weight[p]! += SCALE * w;
        return;
      }
      if (f === 0) left++;
    }
    if (left === 0) return;
    const beta = left === 1 ? SCALE : q;
    weight[p]! += (SCALE + beta * (left - 1)) * w;
    for (const u of users) {
      const y = this.yVar[u]!;
      if (forced[y] === 0) weight[y]! -= beta * w;
    }
  }
}

/** Weights are bytes × SCALE, so that the tuned bounds (q/SCALE) stay whole numbers. */
const SCALE = 4;
/** Most closure solves spent tuning the bound at the root. */
const ROOT_STEPS = 16;

/** One forcing of the branch and bound, chained to its parent's. */
interface Branch {
  parent: Branch | null;
  variable: number;
  value: 1 | -1;
}

/** A binary max-heap of (key, item). */
class MaxHeap<T> {
  private readonly keys: number[] = [];
  private readonly items: T[] = [];

  get size(): number {
    return this.keys.length;
  }

  peekKey(): number {
    return this.keys[0]!;
  }

  push(key: number, item: T): void {
    const { keys, items } = this;
    let i = keys.length;
    keys.push(key);
    items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! >= key) break;
      keys[i] = keys[parent]!;
      items[i] = items[parent]!;
      i = parent;
    }
    keys[i] = key;
    items[i] = item;
  }

  pop(): T {
    const { keys, items } = this;
    const top = items[0]!;
    const lastKey = keys.pop()!;
    const lastItem = items.pop()!;
    const n = keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && keys[r]! > keys[l]! ? r : l;
        if (keys[c]! <= lastKey) break;
        keys[i] = keys[c]!;
        items[i] = items[c]!;
        i = c;
      }
      keys[i] = lastKey;
      items[i] = lastItem;
    }
    return top;
  }
}
