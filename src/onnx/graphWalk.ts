/** Walks a graph and every subgraph nested in its nodes' attributes (If, Loop, Scan bodies). */
import type { Graph } from './model';

/** Calls `visit` on `graph`, then depth-first on each GRAPH and GRAPHS attribute of its nodes, in order. */
export function forEachGraph(graph: Graph, visit: (g: Graph) => void): void {
  visit(graph);
  for (const n of graph.nodes) {
    for (const a of n.attributes) {
      if (a.g) forEachGraph(a.g, visit);
      for (const g of a.graphs ?? []) forEachGraph(g, visit);
    }
  }
}
