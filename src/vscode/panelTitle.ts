/**
 * Report panel titles: "Memory: model.onnx", and when several open panels show files of the same
 * name, each also names as many of its parent folders as tell them apart ("Memory: model.onnx —
 * fp32", "Memory: model.onnx — int8"). Free of `vscode`, so it is tested in plain Node.
 */
import { basename, dirname, sep } from 'node:path';

/** The title prefix of every report panel. */
export const PANEL_TITLE_PREFIX = 'Memory: ';

function folders(path: string): string[] {
  return dirname(path).split(sep).filter((p) => p !== '');
}

/** The title of the panel for `path` among the panels open for `openPaths` (which may include `path`). */
export function panelTitle(path: string, openPaths: readonly string[]): string {
  const name = basename(path);
  const twins = [...new Set(openPaths.filter((p) => p !== path && basename(p) === name))];
  if (twins.length === 0) return `${PANEL_TITLE_PREFIX}${name}`;
  const own = folders(path);
  const others = twins.map(folders);
  // The fewest trailing folders that no other same-named file shares.
  for (let depth = 1; depth <= own.length; depth++) {
    const tail = own.slice(-depth).join('/');
    if (others.every((o) => o.slice(-depth).join('/') !== tail)) return `${PANEL_TITLE_PREFIX}${name} — ${tail}`;
  }
  return `${PANEL_TITLE_PREFIX}${name} — ${own.join('/') || '/'}`;
}
