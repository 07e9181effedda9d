/**
 * What an If, Loop or Scan step does at run time, as far as the arena replay needs it
 * (src/analyze/controlFlowReplay.ts): which body runs, how many times, and the body's outputs. The
 * facts come from the runtime channel of shape inference (constant or fixed input values) and the
 * bindings; whatever is not known stays null with the reason, and the replay stops there.
 */
import type { Graph } from '../onnx/model';
import type { ExecNode } from '../plan/execGraph';
import type { InferredValue } from '../shape/types';
import type { ControlFlowFacts } from '../report/report';
import { conditionPassesThrough } from '../shape/rules/controlFlow';

const intAttr = (n: ExecNode, name: string): number | null => {
  const a = n.attributes.find((x) => x.name === name);
  return a?.i ?? null;
};
const intsAttr = (n: ExecNode, name: string): number[] | null => n.attributes.find((x) => x.name === name)?.ints ?? null;

/**
 * The facts of control-flow node `n` (display name `display`), or undefined for other ops.
 * `typeOf` reads the runtime channel; `bindings` may fix a Loop's `<node>.iterations`.
 */
export function controlFlowFactsOf(n: ExecNode, display: string, typeOf: (name: string) => InferredValue | undefined, bindings: Readonly<Record<string, number>>, opset: number): ControlFlowFacts | undefined {
  if ((n.domain !== '' && n.domain !== 'ai.onnx') || (n.opType !== 'If' && n.opType !== 'Loop' && n.opType !== 'Scan')) return undefined;
  const bodyOf = (attribute: string): Graph | null => n.subgraphs.find((s) => s.attribute === attribute)?.graph ?? null;
  const scalar = (name: string | undefined): number | null => {
    if (name === undefined || name === '') return null;
    const v = typeOf(name)?.value;
    return v && v.length === 1 ? v[0]! : null;
  };
  if (n.opType === 'If') {
    const cond = scalar(n.inputs[0]);
    if (cond === null) return { body: null, iterations: 1, bodyOutputs: null, stateCount: 0, reason: `the condition '${n.inputs[0] ?? ''}' is not known before the run (fix it with --value), so the branch that runs is not known` };
    const attribute = cond !== 0 ? 'then_branch' : 'else_branch';
    const g = bodyOf(attribute);
    return { body: attribute, iterations: 1, bodyOutputs: g ? g.outputs.map((o) => o.name) : null, stateCount: 0, reason: g ? null : `the ${attribute} is missing` };
  }
  if (n.opType === 'Loop') {
    const g = bodyOf('body');
    const stateCount = Math.max(0, n.inputs.length - 2);
    const outs = g ? g.outputs.map((o) => o.name) : null;
    let iterations: number | null = null;
    let reason: string | null = null;
    const bound = bindings[`${display}.iterations`];
    const m = n.inputs[0] ? scalar(n.inputs[0]) : null;
    const cond = n.inputs[1] ? scalar(n.inputs[1]) : 1;
    if (cond === 0) iterations = 0;
    else if (m !== null && cond !== null && g && conditionPassesThrough(g)) iterations = Math.max(0, m);
    else if (bound !== undefined) iterations = bound;
    else reason = `its iteration count is decided at run time (bind '${display}.iterations')`;
    return { body: g ? 'body' : null, iterations, bodyOutputs: outs, stateCount, reason: reason ?? (g ? null : 'the body is missing') };
  }
  if (n.opType === 'Scan') {
    const g = bodyOf('body');
    const nScan = intAttr(n, 'num_scan_inputs') ?? 0;
    const legacy = opset < 9;
    const ins = legacy ? n.inputs.slice(1) : n.inputs;
    const stateCount = Math.max(0, ins.length - nScan);
    const first = ins[stateCount];
    const shape = first ? typeOf(first)?.shape ?? null : null;
    const axes = intsAttr(n, legacy ? 'axes' : 'scan_input_axes') ?? [];
    const outAxes = legacy ? [] : intsAttr(n, 'scan_output_axes') ?? [];
    let reason: string | null = null;
    let iterations: number | null = null;
    if (axes.some((a) => a !== 0) || outAxes.some((a) => a !== 0)) reason = 'scan axes other than 0 make the kernel transpose into temporary buffers, which the replay does not model';
    else if (legacy && n.inputs[0]) reason = 'Scan-8 sequence_lens are not modeled';
    else if (!shape || typeof shape[legacy ? 1 : 0] !== 'number') reason = 'the scan length is not known';
    else if (legacy && shape[0] !== 1) reason = 'Scan-8 with a batch of more than one is not modeled';
    else iterations = shape[legacy ? 1 : 0] as number;
    return { body: g ? 'body' : null, iterations, bodyOutputs: g ? g.outputs.map((o) => o.name) : null, stateCount, reason: reason ?? (g ? null : 'the body is missing') };
  }
  return undefined;
}
