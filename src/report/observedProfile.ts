/**
 * Reads an ONNX Runtime profile (enable_profiling; onnxruntime ≥ 1.30 adds arena statistics to each
 * Node event) and lines its first run up with the modeled steps by node name.
 *
 * Observed numbers stay in their own structure: they are never summed with, or written into, the
 * modeled Report. A profile whose node names do not match the model is refused.
 */
import { LensError } from '../onnx/lensError';
import type { ObservedProfile } from './protocol';

/** What matching needs of a modeled step: the name ORT's profile uses and the op type. */
export interface StepIdentity {
  displayName: string;
  opType: string;
}

/** At least this share of modeled steps must match by name and op type, or the profile is refused. */
const MIN_MATCH_SHARE = 0.8;
const KERNEL_SUFFIX = '_kernel_time';
const MAX_LISTED_MISMATCHES = 50;

interface NodeEvent {
  name: string;
  opName: string;
  args: Record<string, unknown>;
}

function numberArg(args: Record<string, unknown>, key: string): number | null {
  const v = args[key];
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Node kernel events of the first Run() in the profile, in order. */
function firstRunNodeEvents(events: unknown[]): NodeEvent[] {
  const out: NodeEvent[] = [];
  const seen = new Set<string>();
  for (const e of events) {
    if (typeof e !== 'object' || e === null) continue;
    const ev = e as { cat?: unknown; name?: unknown; args?: unknown };
    if (ev.cat !== 'Node' || typeof ev.name !== 'string' || !ev.name.endsWith(KERNEL_SUFFIX)) continue;
    const name = ev.name.slice(0, -KERNEL_SUFFIX.length);
    // A name seen again means a later Run() (or a subgraph executed again): keep the first run only.
    if (seen.has(name)) break;
    seen.add(name);
    const args = (typeof ev.args === 'object' && ev.args !== null ? ev.args : {}) as Record<string, unknown>;
    out.push({ name, opName: typeof args.op_name === 'string' ? args.op_name : '', args });
  }
  return out;
}

/**
 * Matches a profile's first run to the modeled steps of one graph. Throws LensError('profile') when
 * the text is not an ORT profile, has no arena statistics, or belongs to another model.
 */
export function readObservedProfile(profileText: string, source: string, graphId: string, steps: readonly StepIdentity[]): ObservedProfile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(profileText);
  } catch (err) {
    throw new LensError('profile', `Profile '${source}' is not JSON`, { cause: err });
  }
  const events = Array.isArray(parsed) ? parsed : (parsed as { traceEvents?: unknown })?.traceEvents;
  if (!Array.isArray(events)) throw new LensError('profile', `Profile '${source}' is not an ONNX Runtime profile (no event list)`);
  const nodes = firstRunNodeEvents(events);
  if (nodes.length === 0) throw new LensError('profile', `Profile '${source}' has no node events (was a Run() profiled?)`);
  if (!nodes.some((n) => numberArg(n.args, 'mem_bytes_in_use') !== null)) {
    throw new LensError('profile', `Profile '${source}' has no arena statistics (onnxruntime 1.30 or newer with the CPU arena writes them)`);
  }
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const matched = new Set<string>();
  const mismatches: string[] = [];
  const out: ObservedProfile['steps'] = steps.map((s) => {
    const n = byName.get(s.displayName);
    if (!n || (n.opName !== '' && n.opName !== s.opType)) {
      if (mismatches.length < MAX_LISTED_MISMATCHES) mismatches.push(`model step '${s.displayName}' (${s.opType}) not in profile`);
      return null;
    }
    matched.add(n.name);
    return {
      memBytesInUse: numberArg(n.args, 'mem_bytes_in_use'),
      memBytesRequestedInUse: numberArg(n.args, 'mem_bytes_requested_in_use'),
      memInUsePeak: numberArg(n.args, 'mem_in_use_peak'),
      memArenaHeld: numberArg(n.args, 'mem_arena_held'),
    };
  });
  for (const n of nodes) {
    if (!matched.has(n.name) && mismatches.length < MAX_LISTED_MISMATCHES) mismatches.push(`profile node '${n.name}' (${n.opName}) not in model`);
  }
  const share = steps.length === 0 ? 0 : matched.size / steps.length;
  if (share < MIN_MATCH_SHARE) {
    throw new LensError('profile', `Profile '${source}' does not belong to this model: ${matched.size} of ${steps.length} steps match by node name`);
  }
  return { source, graphId, steps: out, mismatches };
}
