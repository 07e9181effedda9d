/** Walks a graph and every subgraph nested in its nodes' attributes (If, Loop, Scan bodies). */
import type { Graph } from './model';

/** Calls `visit` on `graph`, then depth-first on each GRAPH and GRAPHS attribute of its nodes, in order. */
export function forEachGraph(graph: Graph, visit: (g: Graph) => void): void {
  visit(graph);
  // Indexed: a for-of made an iterator result per node when this runs unoptimized (once per report).
  for (let i = 0; i < graph.nodes.length; i++) {
    const n = graph.nodes[i]!;
    if (n.attributes.length === 0) continue;
    for (const a of n.attributes) {
      if (a.g) forEachGraph(a.g, visit);
      for (const g of a.graphs ?? []) forEachGraph(g, visit);
    }
  }
}
