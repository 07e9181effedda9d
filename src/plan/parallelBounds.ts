/**
 * Scheduling windows for the Parallel view (README, "The parallel bound").
 *
 * In ORT's parallel executor two nodes with no dependency path may run at once, so a node at
 * sequential position i may actually run anywhere in a window of positions. Over all valid
 * schedules (topological orders of n nodes) a node v can run no earlier than position
 * |ancestors(v)| and no later than n-1-|descendants(v)|. Counting ancestors exactly is quadratic,
 * so we use linear-time lower bounds of those counts, which only widens the window (conservative):
 *
 *   ancLB(v)  = max(#distinct predecessors, max over predecessors p of ancLB(p)+1)   ≤ |ancestors(v)|
 *   descLB(v) = max(#distinct successors,   max over successors s of descLB(s)+1)    ≤ |descendants(v)|
 *   earliest(v) = ancLB(v),  latest(v) = n-1-descLB(v)
 *
 *   position:   0    1    2    3    4
 *   chain a→b→c:  a    b    c             windows [0,0] [1,1] [2,2]  (no freedom)
 *   diamond a→{b,c}→d: a   b|c  b|c  d    b and c both get [1,2]
 */

/** A node as the bounds need it: its position in execution order and the positions it feeds. */
export interface ScheduleNode {
  /** Positions (in execution order) of the nodes that consume this node's outputs. */
  successors: readonly number[];
}

/** Per node position: the earliest and latest position it may run at in any valid schedule (inclusive). */
export interface ScheduleWindows {
  earliest: Int32Array;
  latest: Int32Array;
}

/**
 * Computes conservative scheduling windows. `nodes` must be in a topological order (execution order);
 * successors point forward. Runs in O(nodes + edges).
 */
export function computeScheduleWindows(nodes: readonly ScheduleNode[]): ScheduleWindows {
  const n = nodes.length;
  const succ = nodes.map((node, i) => {
    const distinct = [...new Set(node.successors)];
    for (const s of distinct) {
      if (s <= i || s >= n) throw new RangeError(`computeScheduleWindows: successor ${s} of node ${i} is not later in the order`);
    }
    return distinct;
  });
  const ancLB = new Int32Array(n);
  const predCount = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (ancLB[i]! < predCount[i]!) ancLB[i] = predCount[i]!;
    for (const s of succ[i]!) {
      predCount[s]!++;
      if (ancLB[s]! < ancLB[i]! + 1) ancLB[s] = ancLB[i]! + 1;
    }
  }
  const latest = new Int32Array(n);
  const descLB = new Int32Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let d = succ[i]!.length;
    for (const s of succ[i]!) if (d < descLB[s]! + 1) d = descLB[s]! + 1;
    descLB[i] = d;
    latest[i] = n - 1 - d;
  }
  return { earliest: ancLB, latest };
}
