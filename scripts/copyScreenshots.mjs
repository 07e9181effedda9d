// Copies the README's screenshots from the tests' output (test-output/screenshots/, written by the
// webview and code-server tests) into media/screenshots/, which the README links to.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const SHOTS = ['vscode-hover.png', 'vscode-menu.png', 'vscode-parallel.png', 'vscode-panel.png', 'webview-light.png', 'webview-dark.png', 'webview-subgraph.png', 'webview-peak-card.png', 'vscode-many-graphs.png', 'vscode-progress.png',
  'webview-bindings-relation.png', 'webview-bindings-popover.png', 'webview-search.png', 'webview-export.png', 'webview-hover-placement.png', 'vscode-budget-peak.png', 'webview-arena.png',
  'webview-sweep.png', 'webview-compare.png', 'vscode-sweep.png', 'vscode-compare.png', 'vscode-input-values.png', 'webview-parallel-peak.png'];
const from = join('test-output', 'screenshots');
const to = join('media', 'screenshots');
mkdirSync(to, { recursive: true });
const missing = SHOTS.filter((f) => !existsSync(join(from, f)));
if (missing.length > 0) {
  console.error(`screenshots: missing ${missing.join(', ')} in ${from}; run npm test first`);
  process.exit(1);
}
for (const f of SHOTS) copyFileSync(join(from, f), join(to, f));
console.log(`screenshots: copied ${SHOTS.length} files to ${to}`);
