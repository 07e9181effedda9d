/**
 * `npm run demo`: writes the project's own demo model, prints the CLI summary for it, writes a
 * standalone HTML timeline, and says where. With a display and a `code` command on PATH it also
 * opens the model in VS Code with this extension loaded for development.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildDemoModel } from './demoModel';

const root = resolve(__dirname, '..');
const outDir = join(root, 'demo-output');
mkdirSync(outDir, { recursive: true });
const modelPath = join(outDir, 'demo_transformer_block.onnx');
writeFileSync(modelPath, buildDemoModel());

const cli = join(root, 'dist', 'cli.js');
const binds = ['--bind', 'batch=1', '--bind', 'sequence=128'];
const htmlPath = join(outDir, 'demo_transformer_block.report.html');
const r = spawnSync(process.execPath, [cli, 'report', modelPath, ...binds, '--html', htmlPath], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);

console.log(`\ndemo: model written to ${modelPath}`);
console.log(`demo: standalone HTML timeline written to ${htmlPath} (open it in a browser)`);
const hasCode = spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' }).status === 0;
if (process.env.DISPLAY && hasCode) {
  spawnSync('code', ['--extensionDevelopmentPath', root, modelPath], { stdio: 'inherit' });
  console.log('demo: opened in VS Code; right-click the model and choose "Show memory backing report"');
} else {
  console.log('demo: headless (no DISPLAY or no `code` on PATH), so VS Code was not opened');
}
