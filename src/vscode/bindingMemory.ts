/**
 * The last bindings used per model, kept in workspace state so a model reopened later (a new panel,
 * the custom editor, another window of the workspace) starts from the values it was last shown with.
 * The state is read without trusting its shape.
 */

/** workspaceState key of the model path -> bindings memory. */
export const BINDINGS_MEMORY_KEY = 'onnxMemoryLens.lastBindings';
/** Most models whose bindings are remembered (the least recent are forgotten first). */
export const MAX_REMEMBERED_MODELS = 64;
/** Most dims remembered per model (as many as a bind message may carry). */
const MAX_DIMS = 256;

/** Model path -> bindings, most recent last. */
export type BindingMemory = Array<[modelPath: string, bindings: Record<string, number>]>;

/** Returns `memory` with `bindings` as the latest for `modelPath` (an empty record is remembered too: the user cleared them). */
export function rememberBindings(memory: unknown, modelPath: string, bindings: Readonly<Record<string, number>>): BindingMemory {
  const kept = readMemory(memory).filter(([p]) => p !== modelPath);
  kept.push([modelPath, cleanBindings(bindings) ?? {}]);
  return kept.slice(-MAX_REMEMBERED_MODELS);
}

/** The remembered bindings of `modelPath`, or null when none are remembered. */
export function recallBindings(memory: unknown, modelPath: string): Record<string, number> | null {
  const hit = readMemory(memory).find(([p]) => p === modelPath);
  return hit ? { ...hit[1] } : null;
}

function cleanBindings(raw: unknown): Record<string, number> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const out: Record<string, number> = {};
  let n = 0;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || k.length === 0 || ++n > MAX_DIMS) continue;
    out[k] = v;
  }
  return out;
}

function readMemory(memory: unknown): BindingMemory {
  if (!Array.isArray(memory)) return [];
  const out: BindingMemory = [];
  for (const e of memory) {
    if (!Array.isArray(e) || e.length !== 2 || typeof e[0] !== 'string') continue;
    const b = cleanBindings(e[1]);
    if (b) out.push([e[0], b]);
  }
  return out;
}
