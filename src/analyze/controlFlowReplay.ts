/**
 * The arena traffic of ORT 1.30's CPU If, Loop and Scan kernels (src/arena/sessionReplay.ts's
 * `KernelEvent`s), from their sources (`core/providers/cpu/controlflow/{if,loop,scan_9,scan_utils}.cc`)
 * and checked against the per-node arena statistics of ORT's profile, body nodes included:
 *
 * - **If**: outputs whose shape ORT knows statically from the branch's graph output are allocated
 *   before the branch runs (`IfImpl::AllocateOutputTensors`), the branch's nodes write into them;
 *   the others are allocated when the branch's node produces them (the fetch allocator forwards to
 *   the If's context). The branch runs once, in its own frame.
 * - **Loop**: an int64 iteration counter and a bool condition first (`LoopImpl::Initialize`), then
 *   each iteration in its own frame; the body's outputs are allocated by that frame and become the
 *   next iteration's feeds: when iteration k + 1 starts, the values of iteration k − 1 are released,
 *   and the last two iterations' values live until the kernel returns. Scan outputs
 *   (body outputs after the carried values) are kept from every iteration. At the end the Loop's
 *   outputs are allocated in order, the last carried values copied in and each scan output's
 *   iterations concatenated into one, then everything is released.
 * - **Scan** (opset 9+, and 8 with one batch): the outputs first, then per state variable two
 *   buffers of its size that the iterations alternate on (`LoopStateVariable`: one when the scan
 *   length is 2, none when 1); every iteration runs the body in its own frame, which writes into
 *   those buffers and into the slices of the scan outputs; the buffers are released at the end.
 *
 * Each body frame has its own memory pattern: traced on its first run (the first iteration), used
 * from the next run on (sessionReplay.ts).
 */
import type { KernelEvent, ReplayAlloc, ReplayId, ReplayStep } from '../arena/sessionReplay';
import type { ReportGraph, ReportStep, ReportValue } from '../report/report';

type StepsOf = (body: ReportGraph, provided: ReadonlySet<string>) => ReplayStep[];

const staticallyKnown = (v: ReportValue | undefined): boolean => v?.symbolicShape != null && v.symbolicShape.every((d) => typeof d === 'number');
const freshOutput = (v: ReportValue | undefined): boolean => v !== undefined && v.allocKind === 'AllocateOutput' && v.root === v.name && v.producedAt >= 0;

/**
 * The kernel events of control-flow step `s` of a graph whose values are `values` (`indexOf`: a
 * value's index by name, the replay id of its allocation); `allocs` are the step's fresh outputs
 * in output order.
 */
export function controlFlowKernel(
  s: ReportStep,
  allocs: readonly ReplayAlloc[],
  values: readonly ReportValue[],
  indexOf: ReadonlyMap<string, number>,
  byId: ReadonlyMap<string, ReportGraph>,
  stepsOf: StepsOf,
): { events: KernelEvent[]; unknown: string | null } {
  const where = `step ${s.index} (${s.opType} '${s.displayName}')`;
  const cf = s.controlFlow!;
  const none = (reason: string) => ({ events: [], unknown: `${where}: ${reason}` });
  if (cf.reason !== null) return none(cf.reason);
  const body = s.subgraphs.map((id) => byId.get(id)).find((g) => g?.parent?.attribute === cf.body);
  if (!body || !cf.bodyOutputs || cf.iterations === null) return none('its body is not in the report');
  // Element tensors a body puts into a sequence outlive the iteration: a Loop's loop-carried
  // sequence takes them to the next iteration and to its output (loopElementEscapes).
  const kept = s.opType === 'Loop' ? loopElementEscapes(s, cf.iterations, values, body) : null;
  // Elements a body frees before it ends are replayed as any body value.
  if (kept === null && (body.values.some((v) => v.sequenceElement && v.releasedAfter === null) || values.some((v) => v.sequenceElement && v.producedAt === s.index))) {
    return none('its body puts tensors into a sequence that outlive the iteration, which this replay does not follow');
  }
  const byName = (name: string): ReportValue | undefined => values[indexOf.get(name) ?? -1];
  const bodyIndex = new Map(body.values.map((v, i) => [v.name, i]));
  const bodyValue = (name: string): ReportValue | undefined => body.values[bodyIndex.get(name) ?? -1];
  const outs = cf.bodyOutputs;
  if (s.opType === 'If') {
    const events: KernelEvent[] = [];
    const provided = new Set<string>();
    const escapes = new Map<ReplayId, { id: ReplayId; traced: boolean }>();
    for (const [j, bo] of outs.entries()) {
      const out = s.outputs[j];
      const id = out !== undefined && out !== '' ? indexOf.get(out) : undefined;
      const a = id !== undefined ? allocs.find((x) => x.id === id) : undefined;
      if (!a) {
        if (out && byName(out)?.producedAt !== s.index) return none(`output '${out}' is not a fresh buffer of this step`);
        provided.add(bo);
        continue;
      }
      const bv = bodyValue(bo);
      if (staticallyKnown(bv)) {
        events.push({ kind: 'alloc', ...a });
        provided.add(bo);
      } else if (freshOutput(bv)) escapes.set(bodyIndex.get(bo)!, { id: a.id, traced: a.traced });
      else return none(`the ${cf.body} output '${bo}' has no static shape and is not produced by a node of the branch, so where ORT copies it is not modeled`);
    }
    events.push({ kind: 'body', key: body.id, steps: stepsOf(body, provided), escapes });
    return { events, unknown: null };
  }
  if (s.opType === 'Loop') {
    if (freshOutput(bodyValue(outs[0]!))) return none('its body computes the condition in a buffer of its own, whose lifetime across iterations is not modeled');
    for (const bo of outs.slice(1)) if (!freshOutput(bodyValue(bo))) return none(`the loop-carried output '${bo}' shares a buffer (an input or another value), which the replay does not follow across iterations`);
    const tag = `${body.id}#`;
    const events: KernelEvent[] = [
      { kind: 'alloc', id: `${tag}iter`, bytes: 8, traced: false },
      { kind: 'alloc', id: `${tag}cond`, bytes: 1, traced: false },
    ];
    const steps = stepsOf(body, new Set());
    // Body outputs 0..stateCount are the condition and the loop-carried values, the rest the
    // iteration's scan outputs: ORT keeps every iteration's scan outputs until Compute returns
    // (LoopImpl::SaveOutputsAndUpdateFeeds pushes them into loop_output_tensors_), while a carried
    // value is dropped once the next iteration's outputs replace it as feeds.
    const carriedCount = 1 + cf.stateCount;
    const id = (k: number, j: number) => `${tag}${k}:${j}`;
    const carried = (k: number) => outs.slice(0, carriedCount).map((_, j) => id(k, j));
    for (let k = 1; k <= cf.iterations; k++) {
      // Iteration k's feeds replace those of k - 1, dropping the values of iteration k - 2.
      if (k >= 3) for (const c of carried(k - 2)) events.push({ kind: 'free', id: c });
      const escapes = new Map<ReplayId, { id: ReplayId; traced: boolean }>(outs.map((bo, j) => [bodyIndex.get(bo)!, { id: id(k, j), traced: false }]));
      // The tensors this iteration appends become the Loop output's elements (kept by the step's frame).
      if (kept) kept.body.forEach((b, j) => escapes.set(b, { id: kept.main[(k - 1) * kept.body.length + j]!, traced: false }));
      events.push({ kind: 'body', key: body.id, steps, escapes });
    }
    // The Loop's outputs in output order: each carried value copied into its output, then each scan
    // output concatenated into one of [iterations, ...] (LoopImpl::Execute, ConcatenateLoopOutput).
    // A carried sequence is handed over, not copied: its elements were allocated by the body runs.
    for (const a of allocs) if (values[a.id as number]?.sequenceElement !== true) events.push({ kind: 'alloc', ...a });
    // The last two iterations' carried values are the feeds and fetches Execute holds to its end.
    for (let k = Math.max(1, cf.iterations - 1); k <= cf.iterations; k++) for (const c of carried(k)) events.push({ kind: 'free', id: c });
    for (let k = 1; k <= cf.iterations; k++) for (let j = carriedCount; j < outs.length; j++) events.push({ kind: 'free', id: id(k, j) });
    events.push({ kind: 'free', id: `${tag}iter` }, { kind: 'free', id: `${tag}cond` });
    return { events, unknown: null };
  }
  if (s.opType === 'Scan') {
    for (const bo of outs) if (!staticallyKnown(bodyValue(bo))) return none(`the body output '${bo}' has no static shape, so the kernel goes through temporary buffers the replay does not model`);
    if (allocs.length !== s.outputs.filter((o) => o !== '').length) return none('an output is not a fresh buffer of this step');
    const events: KernelEvent[] = allocs.map((a) => ({ kind: 'alloc' as const, ...a }));
    const temps: string[] = [];
    for (let j = 0; j < cf.stateCount; j++) {
      const bytes = byName(s.outputs[j] ?? '')?.bytes ?? null;
      if (bytes === null) return none(`the size of state variable ${j} is unknown`);
      for (const [t, from] of [['a', 2], ['b', 3]] as const) {
        if (cf.iterations < from) continue;
        const id = `${body.id}#${t}${j}`;
        events.push({ kind: 'alloc', id, bytes, traced: false });
        temps.push(id);
      }
    }
    const steps = stepsOf(body, new Set(outs));
    for (let k = 0; k < cf.iterations; k++) events.push({ kind: 'body', key: body.id, steps, escapes: NO_ESCAPES });
    for (const id of temps) events.push({ kind: 'free', id });
    return { events, unknown: null };
  }
  return none('not a control-flow kernel the replay models');
}

/** What a body run with no outputs kept by the kernel shares (never written). */
const NO_ESCAPES: ReadonlyMap<ReplayId, { id: ReplayId; traced: boolean }> = new Map();

/**
 * A Loop whose body appends to a loop-carried sequence (src/ops/sequenceRule.ts `carriesAppended`):
 * the body's element rows held to its end (the tensors one iteration appends, in order) and the
 * step's element rows in the main graph (the Loop output's new elements, iteration by iteration),
 * as replay ids; null when they do not pair up (then the replay does not follow the step).
 */
function loopElementEscapes(s: ReportStep, iterations: number, values: readonly ReportValue[], body: ReportGraph): { body: number[]; main: number[] } | null {
  const bodyRows: number[] = [];
  body.values.forEach((v, i) => {
    if (v.sequenceElement && v.releasedAfter === null) bodyRows.push(i);
  });
  const mainRows: number[] = [];
  values.forEach((v, i) => {
    if (v.sequenceElement && v.producedAt === s.index) mainRows.push(i);
  });
  if (bodyRows.length === 0 || mainRows.length !== iterations * bodyRows.length) return null;
  return { body: bodyRows, main: mainRows };
}
