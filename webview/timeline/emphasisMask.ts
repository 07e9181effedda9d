/**
 * Which segments stay bright: those matching the search (value name, or the producing node's name
 * or op) and, when the step cursor is set, live at that step. In the parallel view, with the cursor
 * at the peak step, "live" means alive at the worst moment (the buffers `peak.values` names, which
 * several steps running at once hold, so their bars need not cover the step). Pure: no DOM.
 */
import type { ReportGraph } from '../../src/report/report';
import { graphTableOf, type GraphTable } from '../graphTable';
import type { RowLayout } from './rowLayout';

/** Per-segment mask (1 = emphasised), or null when neither a search nor a cursor is active. */
export function emphasisMask(graph: GraphTable | ReportGraph, layout: RowLayout, search: string, cursorStep: number): Uint8Array | null {
  const q = search.trim().toLowerCase();
  if (q === '' && cursorStep < 0) return null;
  const t = 'stepCount' in graph ? graph : graphTableOf(graph);
  const n = layout.segStart.length;
  const mask = new Uint8Array(n);
  const stepMatches = new Uint8Array(t.stepCount);
  if (q !== '') {
    const { displayName, opType } = t.steps;
    for (let s = 0; s < t.stepCount; s++) {
      if (t.strings.at(displayName[s]!)!.toLowerCase().includes(q) || t.strings.at(opType[s]!)!.toLowerCase().includes(q)) stepMatches[s] = 1;
    }
  }
  const { name, producedAt, root } = t.values;
  // The worst moment's buffers, by root string index, when the cursor is at the parallel peak's step.
  const moment = cursorStep >= 0 && cursorStep === t.peak.step && t.peak.values !== undefined ? new Set(t.peak.values) : null;
  // Per string index: 0 not asked yet, 1 in the moment, 2 not (only the roots asked are cut from the table).
  const inMoment = moment === null ? null : new Uint8Array(t.strings.length);
  const isInMoment = (k: number): boolean => {
    if (inMoment![k] === 0) inMoment![k] = moment!.has(t.strings.at(k)!) ? 1 : 2;
    return inMoment![k] === 1;
  };
  for (let i = 0; i < n; i++) {
    let isMatch = true;
    if (q !== '') {
      const v = layout.segValue[i]!;
      const st = layout.segStep[i]!;
      if (v >= 0) {
        const p = producedAt[v]!;
        isMatch = t.strings.at(name[v]!)!.toLowerCase().includes(q) || (p >= 0 && stepMatches[p] === 1);
      } else isMatch = st >= 0 ? stepMatches[st] === 1 : false;
    }
    if (isMatch && inMoment !== null) {
      const v = layout.segValue[i]!;
      isMatch = v >= 0 && isInMoment(root[v]!);
    } else if (isMatch && cursorStep >= 0) isMatch = layout.segStart[i]! <= cursorStep && cursorStep < layout.segEnd[i]!;
    mask[i] = isMatch ? 1 : 0;
  }
  return mask;
}
