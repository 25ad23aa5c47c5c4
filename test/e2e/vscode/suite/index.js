// Entry point of the extension's integration tests inside VS Code's extension host (the
// `extensionTestsPath` contract: export run(); a rejection means failure). Runs the mocha suite
// files beside this one and writes each test's outcome to $PLANILLA_E2E_RESULTS (JSON), which the
// harness outside prints.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../../../..');

exports.run = function run() {
  const Mocha = require(path.join(repoRoot, 'node_modules/mocha'));
  const mocha = new Mocha({ ui: 'bdd', timeout: 60000, color: false, reporter: 'spec' });
  for (const name of fs
    .readdirSync(__dirname)
    .filter((n) => n.endsWith('.test.js'))
    .sort())
    mocha.addFile(path.join(__dirname, name));
  const results = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const file = process.env.PLANILLA_E2E_RESULTS;
      if (file) fs.writeFileSync(file, JSON.stringify(results, null, 2));
      if (failures > 0) reject(new Error(`${failures} extension test(s) failed`));
      else resolve();
    });
    runner.on('pass', (test) => results.push({ title: test.fullTitle(), ok: true }));
    runner.on('fail', (test, err) => results.push({ title: test.fullTitle(), ok: false, error: String((err && err.stack) || err) }));
  });
};
