/**
 * Progress of one report, in work units a user can read as counts: every node of every graph
 * passes four phases (ORT transforms, shape inference, planning, report rows), one unit each, so
 * `total` is four times the model's node count and `done` only grows.
 */
import type { Graph } from '../onnx/model';
import { forEachGraph } from '../onnx/graphWalk';

/** What a report is doing now and how far it is: `done` of `total` units. */
export interface ReportProgress {
  /** One line for a progress notification, e.g. "Inferring shapes of main (96,000 nodes)". */
  message: string;
  done: number;
  total: number;
}

/** The phases every graph goes through, in order, with the words a progress line uses. */
export const REPORT_PHASES = ['Applying ORT graph transforms to', 'Inferring shapes of', 'Planning', 'Building the report of'] as const;

/** countNodes per decoded graph: a rebind of a 96k-node model walked every node again (~70 ms) for the same count. */
const nodeCounts = new WeakMap<Graph, number>();

/** Nodes of `graph` and of every body below it (If/Loop/Scan attributes), counted once each. Decoded graphs are never edited, so the count is kept per graph. */
export function countNodes(graph: Graph): number {
  let n = nodeCounts.get(graph);
  if (n === undefined) {
    let count = 0;
    forEachGraph(graph, (g) => (count += g.nodes.length));
    nodeCounts.set(graph, (n = count));
  }
  return n;
}

/**
 * Counts finished phases and reports them. The transforms may add nodes (inlined functions), so
 * `done` is capped at `total` until finish().
 */
export class ProgressCounter {
  private done = 0;

  constructor(
    private readonly total: number,
    private readonly onProgress: ((p: ReportProgress) => void) | undefined,
  ) {}

  /** A graph of `nodes` nodes starts its first phase. */
  begin(graphId: string, nodes: number): void {
    this.onProgress?.({ message: `${REPORT_PHASES[0]} ${graphId} (${nodes.toLocaleString('en-US')} nodes)`, done: this.done, total: this.total });
  }

  /** Phase `phase` (an index into REPORT_PHASES) of a graph of `nodes` nodes is done. */
  phaseDone(phase: number, graphId: string, nodes: number): void {
    this.done = Math.min(this.total, this.done + nodes);
    const next = REPORT_PHASES[phase + 1];
    const message = next ? `${next} ${graphId} (${nodes.toLocaleString('en-US')} nodes)` : `${graphId} done`;
    this.onProgress?.({ message, done: this.done, total: this.total });
  }

  /** The whole report is done. */
  finish(): void {
    this.done = this.total;
    this.onProgress?.({ message: 'Report built', done: this.total, total: this.total });
  }
}
