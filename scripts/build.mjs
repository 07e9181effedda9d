// Builds the three bundles: dist/extension.js (VS Code host), dist/cli.js (headless report),
// dist/webview.js (browser). `--no-check` skips the TypeScript check (used by watch loops).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, existsSync, copyFileSync } from 'node:fs';
import { safeHtmlSinks } from '../webview/build/safeHtmlSinks.mjs';

const check = !process.argv.includes('--no-check');
if (check) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'webview'], { stdio: 'inherit' });
}
mkdirSync('dist', { recursive: true });
const common = { bundle: true, sourcemap: false, minify: false, logLevel: 'warning', legalComments: 'none' };
const entries = [
  { entryPoints: ['src/vscode/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode'] },
  { entryPoints: ['src/cli/cli.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', target: 'node20', banner: { js: '#!/usr/bin/env node' } },
  // The core pipeline as a library, for the benchmarks (same code as the CLI, without tsx in the loop).
  { entryPoints: ['src/analyze/index.ts'], outfile: 'dist/core.js', platform: 'node', format: 'cjs', target: 'node20' },
  { entryPoints: ['src/vscode/planWorker.ts'], outfile: 'dist/planWorker.js', platform: 'node', format: 'cjs', target: 'node20' },
  { entryPoints: ['webview/main.ts'], outfile: 'dist/webview.js', platform: 'browser', format: 'iife', target: 'es2022', plugins: [safeHtmlSinks()] },
];
await Promise.all(entries.filter((e) => existsSync(e.entryPoints[0])).map((e) => build({ ...common, ...e })));
if (existsSync('media/timeline.css')) copyFileSync('media/timeline.css', 'dist/timeline.css');
console.log('build: ok');
