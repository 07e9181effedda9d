/**
 * Control flow: If, Loop, Scan (opset 8 and 9+), SequenceMap. Bodies are inferred recursively with
 * the enclosing scope visible. Output types follow the ONNX inference functions: If unions its
 * branches; Loop drops loop-carried shapes in the static channel and prefixes scan outputs with
 * the trip count; Scan inserts the sequence length at `scan_output_axes`.
 */
import { DataType } from '../../onnx/dataType';
import type { Graph } from '../../onnx/model';
import type { SymDim } from '../types';
import type { OutSpec, RuleContext, ShapeRule, Val } from '../ruleContext';
import { input, normAxis, out } from './ruleKit';
import { dimsEqual } from '../symbolicDim';

function graphAttr(ctx: RuleContext, name: string): Graph | null {
  return ctx.attr(name)?.g ?? null;
}

/** Union of two shapes: equal dims stay, others become unknown; differing ranks give unknown rank. */
export function unionShapes(a: SymDim[] | null, b: SymDim[] | null): SymDim[] | null {
  if (!a || !b || a.length !== b.length) return null;
  return a.map((d, i) => (dimsEqual(d, b[i]) ? d : null));
}

function toSpec(v: Val | undefined): OutSpec | null {
  if (!v) return null;
  return { kind: v.kind, elemKind: v.elemKind, dtype: v.dtype, shape: v.shape, value: v.value, reason: v.reason };
}

const ifRule: ShapeRule = (ctx) => {
  const thenG = graphAttr(ctx, 'then_branch');
  const elseG = graphAttr(ctx, 'else_branch');
  const thenOut = thenG ? ctx.inferBody(thenG, []) : [];
  const elseOut = elseG ? ctx.inferBody(elseG, []) : [];
  const cond = input(ctx, 0)?.value?.[0];
  if (!ctx.isStatic && typeof cond === 'number') return (cond ? thenOut : elseOut).map(toSpec);
  return ctx.node.outputs.map((_, i) => {
    const t = thenOut[i];
    const e = elseOut[i];
    if (!t || !e) return toSpec(t ?? e);
    const shape = unionShapes(t.shape, e.shape);
    const differs = !ctx.isStatic && (shape === null) !== (t.shape === null || e.shape === null) ? 'If branches give different ranks' : null;
    const partly = !ctx.isStatic && shape?.some((d, k) => d === null && t.shape?.[k] !== null) ? 'If branches give different dims' : null;
    return { kind: t.kind, elemKind: t.elemKind, dtype: t.dtype ?? e.dtype, shape, value: null, reason: t.reason ?? e.reason ?? differs ?? partly };
  });
};

/** Body output 0 repeats body input 1 (the condition), by name or through one Identity: the Loop stops only at its trip count. */
export function conditionPassesThrough(body: Graph): boolean {
  const condIn = body.inputs[1]?.name;
  const condOut = body.outputs[0]?.name;
  if (!condIn || !condOut) return false;
  if (condIn === condOut) return true;
  const producer = body.nodes.find((x) => x.outputs.includes(condOut));
  return producer !== undefined && producer.opType === 'Identity' && (producer.domain === '' || producer.domain === 'ai.onnx') && producer.inputs[0] === condIn;
}

const loopRule: ShapeRule = (ctx) => {
  const body = graphAttr(ctx, 'body');
  const carried = ctx.inputs.slice(2);
  const iter = ctx.iterationNumber();
  const iterVal: Val = { kind: 'tensor', dtype: DataType.INT64, shape: [], value: iter === null ? null : [iter], reason: null };
  const condIn = input(ctx, 1);
  const condVal: Val = condIn ?? { kind: 'tensor', dtype: DataType.BOOL, shape: [], value: null, reason: null };
  const bodyCarried = carried.map((v) => (v && ctx.isStatic ? { ...v, shape: null, value: null } : v && { ...v, value: null }));
  const outs = body ? ctx.inferBody(body, [iterVal, { ...condVal, value: null }, ...bodyCarried]) : [];
  const nCarried = carried.length;
  const m = input(ctx, 0)?.value?.[0] ?? null;
  const condPassThrough = body !== null && conditionPassesThrough(body);
  // ONNX leaves the iteration count unknown even for a constant M; only the runtime channel knows it.
  let trips: SymDim = m !== null && (!condIn || condPassThrough) ? m : ctx.dataDependent('iterations');
  if (ctx.isStatic) trips = null;
  const finalElements = body && typeof trips === 'number' ? appendedElements(ctx, body, trips, [iterVal, { ...condVal, value: null }], bodyCarried, outs) : [];
  return ctx.node.outputs.map((_, i) => {
    const b = outs[i + 1];
    if (i < nCarried) {
      const init = carried[i];
      const dtype = b?.dtype ?? init?.dtype ?? null;
      if (ctx.isStatic) return { kind: b?.kind ?? init?.kind ?? 'tensor', elemKind: b?.elemKind, dtype, shape: null };
      const shape = unionShapes(init?.shape ?? null, b?.shape ?? null);
      const reason = shape && shape.some((d) => d === null) ? 'loop-carried dim changes across iterations' : null;
      const kind = b?.kind ?? init?.kind ?? 'tensor';
      const elements = finalElements[i];
      return elements ? { kind, dtype, shape, elements } : { kind, elemKind: b?.elemKind, dtype, shape, reason: b?.reason ?? reason };
    }
    if (!b) return null;
    return { ...out(b.dtype, b.shape ? [trips, ...b.shape] : null), reason: b.reason };
  });
};

/** The most elements a loop-carried sequence is followed to (past it, its elements are unknown). */
const MAX_LOOP_ELEMENTS = 65536;

/**
 * The element shapes of each loop-carried sequence after `trips` iterations, where the body only
 * appends to it: its output holds the input's elements (the same entries) followed by new ones, and
 * a second iteration appends the same shapes again. Then every iteration appends them (a body whose
 * appended shapes change with the sequence's length shows that in the second iteration); otherwise
 * the entry is undefined. `outs` is the body inferred once with the initial sequences; when a
 * sequence qualifies the body is inferred twice more (the second iteration, then the first again,
 * so the body's stored result stays the first iteration's).
 */
function appendedElements(ctx: RuleContext, body: Graph, trips: number, head: Val[], carried: (Val | null)[], outs: Val[]): (SymDim[][] | undefined)[] {
  const appended = (before: SymDim[][], after: SymDim[][] | undefined): SymDim[][] | null =>
    after && after.length >= before.length && before.every((e, k) => after[k] === e) ? after.slice(before.length) : null;
  const first = carried.map((v, i) => (v?.kind === 'sequence' && v.elements ? appended(v.elements, outs[i + 1]?.elements) : null));
  if (first.every((a) => a === null)) return [];
  const second = carried.map((v, i) => (first[i] && v ? { ...v, elements: [...v.elements!, ...first[i]!] } : v));
  const outs2 = ctx.inferBody(body, [...head, ...second]);
  ctx.inferBody(body, [...head, ...carried]);
  return carried.map((v, i) => {
    const a = first[i];
    if (!a || !v?.elements) return undefined;
    const again = appended(second[i]!.elements!, outs2[i + 1]?.elements);
    if (!again || again.length !== a.length || again.some((e, k) => e.length !== a[k]!.length || e.some((d, j) => !dimsEqual(d, a[k]![j]!)))) return undefined;
    if (v.elements.length + trips * a.length > MAX_LOOP_ELEMENTS) return undefined;
    const out = [...v.elements];
    for (let t = 0; t < trips; t++) out.push(...a);
    return out;
  });
}

const scanRule: ShapeRule = (ctx) => {
  const body = graphAttr(ctx, 'body');
  const nScan = ctx.int('num_scan_inputs', 0);
  const legacy = ctx.opset < 9;
  const ins = legacy ? ctx.inputs.slice(1) : [...ctx.inputs];
  const nState = ins.length - nScan;
  const inAxes = legacy ? null : ctx.ints('scan_input_axes');
  const outAxes = legacy ? null : ctx.ints('scan_output_axes');
  let seqLen: SymDim = null;
  let batch: SymDim = null;
  const bodyIns = ins.map((v, i) => {
    if (!v) return null;
    if (!v.shape) return { ...v, value: null };
    if (legacy) {
      batch = v.shape[0];
      if (i >= nState) seqLen = v.shape[1] ?? null;
      return { ...v, shape: v.shape.slice(i < nState ? 1 : 2), value: null };
    }
    if (i < nState) return { ...v, value: null };
    const axis = normAxis(ctx, inAxes?.[i - nState] ?? 0, v.shape.length);
    if (seqLen === null) seqLen = v.shape[axis];
    return { ...v, shape: v.shape.filter((_, k) => k !== axis), value: null };
  });
  const outs = body ? ctx.inferBody(body, bodyIns) : [];
  return ctx.node.outputs.map((_, i) => {
    const b = outs[i];
    if (!b) return null;
    if (i < nState) {
      const init = ins[i];
      const shape = legacy ? (b.shape ? [batch, ...b.shape] : null) : (b.shape ?? init?.shape ?? null);
      return { ...out(b.dtype ?? init?.dtype ?? null, shape), reason: b.reason };
    }
    if (!b.shape) return { ...out(b.dtype, null), reason: b.reason };
    if (legacy) return { ...out(b.dtype, [batch, seqLen, ...b.shape]), reason: b.reason };
    const r = b.shape.length + 1;
    const axis = normAxis(ctx, outAxes?.[i - nState] ?? 0, r);
    const dims = [...b.shape];
    dims.splice(axis, 0, seqLen);
    return { ...out(b.dtype, dims), reason: b.reason };
  });
};

const sequenceMap: ShapeRule = (ctx) => {
  const body = graphAttr(ctx, 'body');
  const bodyIns = ctx.inputs.map((v) => (v ? { ...v, kind: v.kind === 'sequence' ? ('tensor' as const) : v.kind, value: null } : null));
  const outs = body ? ctx.inferBody(body, bodyIns) : [];
  return ctx.node.outputs.map((_, i) => {
    const b = outs[i];
    return b ? { kind: 'sequence', dtype: b.dtype, shape: b.shape, reason: b.reason } : null;
  });
};

/** The control-flow rule table entries, keyed by op type (default domain). */
export const CONTROL_FLOW_RULES: Record<string, ShapeRule> = {
  If: ifRule,
  Loop: loopRule,
  Scan: scanRule,
  SequenceMap: sequenceMap,
};
