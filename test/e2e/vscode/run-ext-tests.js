#!/usr/bin/env node
// Runs the extension's mocha suite (suite/) INSIDE VS Code 1.100's extension host: code-server
// serves the workbench, Debian's Chromium opens it with `extensionDevelopmentPath` = the repo and
// `extensionTestsPath` = suite/index.js, and the workbench reports the exit code through
// window.codeAutomationExit. The workspace is a scratch copy of test/e2e/workspace.
//
// Usage: node test/e2e/vscode/run-ext-tests.js   (after the tools are installed and dist/ is built)
// Prints one line per test and "vscode-ext: N passed, N failed"; exits non-zero on any failure.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startCodeServer, launchBrowser } = require('./harness');

const repoRoot = path.resolve(__dirname, '../../..');
const TIMEOUT = Number(process.env.PLANILLA_E2E_TIMEOUT_MS || 240000);

(async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'planilla-ext-tests-'));
  const ws = path.join(root, 'ws');
  fs.cpSync(path.join(__dirname, '../workspace'), ws, { recursive: true });
  const resultsFile = path.join(root, 'results.json');
  let cs;
  let browser;
  let code = 'not run';
  let results = [];
  try {
    cs = await startCodeServer({ root, env: { PLANILLA_E2E_RESULTS: resultsFile } });
    browser = await launchBrowser(root);
    const { page } = browser;
    let finish;
    const done = new Promise((resolve) => {
      finish = resolve;
    });
    await page.exposeFunction('codeAutomationExit', (c) => finish(c));
    await page.exposeFunction('codeAutomationLog', () => undefined);
    const payload = [
      ['extensionDevelopmentPath', cs.remote(repoRoot)],
      ['extensionTestsPath', cs.remote(path.join(__dirname, 'suite/index.js'))],
    ];
    await page.goto(`${cs.url}/?folder=${encodeURIComponent(ws)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    let timer;
    const deadline = new Promise((resolve) => {
      timer = setTimeout(() => resolve('timeout'), TIMEOUT);
    });
    code = await Promise.race([done, deadline]);
    clearTimeout(timer);
    if (fs.existsSync(resultsFile)) results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
    if (browser.external.length)
      results.push({ title: 'no request left 127.0.0.1', ok: false, error: browser.external.slice(0, 5).join(' ') });
    else results.push({ title: 'no request left 127.0.0.1', ok: true });
  } catch (e) {
    results.push({ title: 'harness', ok: false, error: String((e && e.stack) || e) });
  } finally {
    if (browser) await browser.close();
    if (cs) await cs.stop();
  }
  for (const r of results) console.log(`${r.ok ? '  ✔' : '  ✘'} ${r.title}${r.ok ? '' : `\n      ${r.error}`}`);
  if (code !== 0) {
    console.log(`extension host exit code: ${code}`);
    if (cs) console.log(fs.readFileSync(cs.logFile, 'utf8').split('\n').slice(-40).join('\n'));
    if (!results.some((r) => !r.ok)) results.push({ title: 'extension host run', ok: false });
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`vscode-ext: ${results.length - failed} passed, ${failed} failed`);
  if (!process.env.KEEP) fs.rmSync(root, { recursive: true, force: true });
  process.exit(failed > 0 || results.length === 0 ? 1 : 0);
})();
