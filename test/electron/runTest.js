// Standard @vscode/test-electron runner (npm run test:electron): starts a real VS Code with this
// extension under development and runs the mocha suite in ./suite. It needs a VS Code: either
// VSCODE_EXECUTABLE_PATH pointing at a local one, or network access to download one. Without
// either it fails fast with a clear message; on such machines use `npm run test:vscode` (code-server).
'use strict';
const { mkdtempSync, copyFileSync, existsSync, writeFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const dns = require('node:dns');

const DOWNLOAD_HOST = 'update.code.visualstudio.com';
const LOOKUP_TIMEOUT_MS = 5000;

function lookupHost(host) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`DNS lookup of ${host} timed out`)), LOOKUP_TIMEOUT_MS);
    dns.lookup(host, (err) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve();
    });
  });
}

function fail(message) {
  console.error(`test:electron: ${message}`);
  process.exit(1);
}

/** A workspace holding model.onnx: the corpus MNIST when present, else a tiny model built in code. */
function makeWorkspace(root) {
  const ws = mkdtempSync(path.join(tmpdir(), 'lens-electron-'));
  const corpusModel = path.join(root, '..', 'shared', 'corpus', 'ort-inference-examples', 'mnist.onnx');
  if (existsSync(corpusModel)) {
    copyFileSync(corpusModel, path.join(ws, 'model.onnx'));
  } else {
    require('tsx/cjs/api').register();
    const b = require(path.join(root, 'test', 'support', 'onnxBuilder.ts'));
    const bytes = b.buildModel({
      nodes: [b.node('Relu', ['x'], ['y'], { name: 'relu' })],
      inputs: [b.tensorValue('x', b.DataType.FLOAT, ['batch', 16])],
      outputs: [b.tensorValue('y', b.DataType.FLOAT, ['batch', 16])],
    });
    writeFileSync(path.join(ws, 'model.onnx'), bytes);
  }
  writeFileSync(path.join(ws, 'notes.txt'), 'not a model\n');
  return ws;
}

async function main() {
  const root = path.resolve(__dirname, '..', '..');
  if (!existsSync(path.join(root, 'dist', 'extension.js'))) fail('dist/extension.js is missing: run `npm run build` first');
  const vscodeExecutablePath = process.env.VSCODE_EXECUTABLE_PATH || undefined;
  if (vscodeExecutablePath && !existsSync(vscodeExecutablePath)) fail(`VSCODE_EXECUTABLE_PATH does not exist: ${vscodeExecutablePath}`);
  if (!vscodeExecutablePath) {
    try {
      await lookupHost(DOWNLOAD_HOST);
    } catch (err) {
      fail(
        `cannot download VS Code (${DOWNLOAD_HOST}: ${err.code || err.message}). ` +
          'Set VSCODE_EXECUTABLE_PATH to a local VS Code executable, or run the real-VS-Code test with code-server: npm run test:vscode',
      );
    }
  }
  const { runTests } = require('@vscode/test-electron');
  const ws = makeWorkspace(root);
  try {
    await runTests({
      vscodeExecutablePath,
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(__dirname, 'suite', 'index.js'),
      launchArgs: [ws, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
      extensionTestsEnv: { LENS_TEST_WORKSPACE: ws },
    });
  } catch (err) {
    fail(`VS Code tests failed or VS Code could not start: ${err && err.message ? err.message : err}`);
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}

main();
