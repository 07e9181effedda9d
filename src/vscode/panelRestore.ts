/**
 * Finds the model of a report panel VS Code restores after a window reload. The webview state may
 * carry the path (read without trusting its shape); otherwise the panel's title ("Memory: m.onnx")
 * is looked up in a small map of recently opened panels that the host keeps in workspace state.
 */

/** Most panel titles remembered for restoring. */
export const MAX_REMEMBERED_PANELS = 50;

/** Title -> model path, most recent last. */
export type PanelMemory = Array<[title: string, modelPath: string]>;

/** Returns `memory` with `title` now pointing at `modelPath`, trimmed to MAX_REMEMBERED_PANELS. */
export function rememberPanel(memory: unknown, title: string, modelPath: string): PanelMemory {
  const kept = readPanelMemory(memory).filter(([t]) => t !== title);
  kept.push([title, modelPath]);
  return kept.slice(-MAX_REMEMBERED_PANELS);
}

/** The remembered model path for a panel title, or null. */
export function recallPanel(memory: unknown, title: string): string | null {
  const hit = readPanelMemory(memory).find(([t]) => t === title);
  return hit ? hit[1] : null;
}

function readPanelMemory(memory: unknown): PanelMemory {
  if (!Array.isArray(memory)) return [];
  return memory.filter(
    (e): e is [string, string] => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && typeof e[1] === 'string',
  );
}

/** The model path held in a report panel's webview state, or null when the state holds none. */
export function modelPathFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as { modelPath?: unknown; report?: { model?: { path?: unknown } } };
  if (typeof s.modelPath === 'string' && s.modelPath.length > 0) return s.modelPath;
  const fromReport = s.report?.model?.path;
  return typeof fromReport === 'string' && fromReport.length > 0 ? fromReport : null;
}
