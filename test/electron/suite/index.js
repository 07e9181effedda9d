// Mocha entry point that VS Code loads in the extension host (extensionTestsPath). Mocha 12 is
// ESM-only, so it is imported dynamically from this CommonJS module.
'use strict';
const path = require('node:path');

/** Runs extension.test.js; rejects when any test fails. */
async function run() {
  const { default: Mocha } = await import('mocha');
  const mocha = new Mocha({ ui: 'tdd', color: true, timeout: 60000 });
  mocha.addFile(path.join(__dirname, 'extension.test.js'));
  await mocha.loadFilesAsync();
  await new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} VS Code test(s) failed`)) : resolve()));
  });
}

module.exports = { run };
