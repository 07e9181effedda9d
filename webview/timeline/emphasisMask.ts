/**
 * Which segments stay bright: those matching the search (value name, or the producing node's name
 * or op) and, when the step cursor is set, live at that step. Pure: no DOM.
 */
import type { ReportGraph } from '../../src/report/report';
import type { RowLayout } from './rowLayout';

/** Per-segment mask (1 = emphasised), or null when neither a search nor a cursor is active. */
export function emphasisMask(graph: ReportGraph, layout: RowLayout, search: string, cursorStep: number): Uint8Array | null {
  const q = search.trim().toLowerCase();
  if (q === '' && cursorStep < 0) return null;
  const n = layout.segStart.length;
  const mask = new Uint8Array(n);
  const stepMatches = graph.steps.map((s) => q !== '' && (s.displayName.toLowerCase().includes(q) || s.opType.toLowerCase().includes(q)));
  for (let i = 0; i < n; i++) {
    let isMatch = true;
    if (q !== '') {
      const v = layout.segValue[i]!;
      const st = layout.segStep[i]!;
      if (v >= 0) {
        const value = graph.values[v]!;
        isMatch = value.name.toLowerCase().includes(q) || (value.producedAt >= 0 && stepMatches[value.producedAt] === true);
      } else isMatch = st >= 0 ? stepMatches[st] === true : false;
    }
    if (isMatch && cursorStep >= 0) isMatch = layout.segStart[i]! <= cursorStep && cursorStep < layout.segEnd[i]!;
    mask[i] = isMatch ? 1 : 0;
  }
  return mask;
}
