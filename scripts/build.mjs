// Builds the three bundles: dist/extension.js (VS Code host), dist/cli.js (headless report),
// dist/webview.js (browser). `--no-check` skips the TypeScript check (used by watch loops).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, existsSync, copyFileSync, cpSync, rmSync } from 'node:fs';
import { safeHtmlSinks } from '../webview/build/safeHtmlSinks.mjs';

const check = !process.argv.includes('--no-check');
if (check) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.'], { stdio: 'inherit' });
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'webview'], { stdio: 'inherit' });
}
mkdirSync('dist', { recursive: true });
// onnxruntime-node stays out of the bundles: it is required at run time (src/optimize/ortRuntime.ts)
// from the copy below or from node_modules.
const common = { bundle: true, sourcemap: false, minify: false, logLevel: 'warning', legalComments: 'none', external: ['onnxruntime-node'] };
const entries = [
  { entryPoints: ['src/vscode/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20', external: ['vscode', 'onnxruntime-node'] },
  { entryPoints: ['src/cli/cli.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', target: 'node20', banner: { js: '#!/usr/bin/env node' } },
  // The core pipeline as a library, for the benchmarks (same code as the CLI, without tsx in the loop).
  { entryPoints: ['src/analyze/index.ts'], outfile: 'dist/core.js', platform: 'node', format: 'cjs', target: 'node20' },
  { entryPoints: ['src/vscode/planWorker.ts'], outfile: 'dist/planWorker.js', platform: 'node', format: 'cjs', target: 'node20' },
  { entryPoints: ['src/optimize/ortChild.ts'], outfile: 'dist/ortChild.js', platform: 'node', format: 'cjs', target: 'node20' },
  { entryPoints: ['webview/main.ts'], outfile: 'dist/webview.js', platform: 'browser', format: 'iife', target: 'es2022', plugins: [safeHtmlSinks()] },
];
await Promise.all(entries.filter((e) => existsSync(e.entryPoints[0])).map((e) => build({ ...common, ...e })));
if (existsSync('media/timeline.css')) copyFileSync('media/timeline.css', 'dist/timeline.css');
// The ORT the packaged extension runs: onnxruntime-node's JS and its linux-x64 N-API binary (the
// .vsix is built with --no-dependencies, so node_modules is not in it). Other platforms fall back to
// 'disabled' with the reason, unless onnxruntime-node resolves from node_modules.
const ORT_SRC = 'node_modules/onnxruntime-node';
const ORT_OUT = 'dist/ort/node_modules';
if (existsSync(`${ORT_SRC}/bin/napi-v6/linux/x64/onnxruntime_binding.node`) && existsSync('node_modules/onnxruntime-common/package.json')) {
  rmSync('dist/ort', { recursive: true, force: true });
  for (const f of ['package.json', 'LICENSE', 'dist']) if (existsSync(`${ORT_SRC}/${f}`)) cpSync(`${ORT_SRC}/${f}`, `${ORT_OUT}/onnxruntime-node/${f}`, { recursive: true });
  cpSync(`${ORT_SRC}/bin/napi-v6/linux/x64`, `${ORT_OUT}/onnxruntime-node/bin/napi-v6/linux/x64`, { recursive: true });
  for (const f of ['package.json', 'LICENSE', 'dist']) if (existsSync(`node_modules/onnxruntime-common/${f}`)) cpSync(`node_modules/onnxruntime-common/${f}`, `${ORT_OUT}/onnxruntime-common/${f}`, { recursive: true });
}
console.log('build: ok');
