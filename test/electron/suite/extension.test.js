// Runs inside a real VS Code (see ../runTest.js): the command is registered and the report opens
// both as a panel and in the "Open With…" custom editor.
'use strict';
const assert = require('node:assert/strict');
const path = require('node:path');
const vscode = require('vscode');

const EXTENSION_ID = 'onnx-memory-lens.onnx-memory-lens';
const modelUri = () => vscode.Uri.file(path.join(process.env.LENS_TEST_WORKSPACE, 'model.onnx'));

async function waitFor(what, predicate, timeoutMs = 30000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (predicate()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`Timed out waiting for ${what}`);
}

const allTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);

suite('ONNX Memory Lens in VS Code', () => {
  suiteSetup(async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} is installed`);
    await ext.activate();
  });

  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('registers the show-report and import-profile commands', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('onnxMemoryLens.showReport'));
    assert.ok(commands.includes('onnxMemoryLens.importProfile'));
  });

  test('showReport on a model opens a webview panel titled after the file', async () => {
    await vscode.commands.executeCommand('onnxMemoryLens.showReport', modelUri());
    await waitFor('the report panel tab', () =>
      allTabs().some((t) => t.label === 'Memory: model.onnx' && t.input instanceof vscode.TabInputWebview),
    );
  });

  test('"Open With" the report editor opens the custom editor on the model', async () => {
    await vscode.commands.executeCommand('vscode.openWith', modelUri(), 'onnxMemoryLens.report');
    await waitFor('the custom editor tab', () =>
      allTabs().some((t) => t.input instanceof vscode.TabInputCustom && t.input.viewType === 'onnxMemoryLens.report'),
    );
  });
});
