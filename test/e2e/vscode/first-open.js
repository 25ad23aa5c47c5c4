#!/usr/bin/env node
// How fast the extension is there for a new user, in VS Code 1.100 (code-server) and Chromium:
// starts code-server with the packaged .vsix on a workspace of records, opens the workbench,
// then (1) reads the extension's activation time as VS Code itself reports it ("Developer: Show
// Running Extensions"), and (2) opens score-error.gcg from the Explorer and times the first
// diagnostic (its squiggle in the editor) from the double click. Repeats RUNS times (default 3),
// each on a fresh code-server, and prints every figure and the medians. Figures only: nothing
// here asserts a time; a run that cannot read a figure fails.
// Usage: node test/e2e/vscode/first-open.js [VSIX]   (prints "first-open: N passed, N failed")
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startCodeServer, launchBrowser } = require('./harness');

const repoRoot = path.resolve(__dirname, '../../..');
const T = Number(process.env.PLANILLA_STEP_TIMEOUT_MS || 60000);
const RUNS = Number(process.env.RUNS || 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The activation time VS Code shows for Planilla in its Running Extensions view, in ms. */
async function activationTime(page) {
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { timeout: T });
  await page.keyboard.type('Developer: Show Running Extensions');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.quick-input-list .monaco-list-row')].some((r) => /Show Running Extensions/.test(r.textContent || '')),
    null,
    { timeout: T, polling: 100 },
  );
  await page.keyboard.press('Enter');
  const text = await page.waitForFunction(
    () => {
      const rows = [...document.querySelectorAll('.runtime-extensions-editor .monaco-list-row')];
      const row = rows.find((r) => /Planilla/.test(r.textContent || ''));
      const time = row?.querySelector('.activation-time')?.textContent || '';
      return /\d/.test(time) ? time : null;
    },
    null,
    { timeout: T, polling: 100 },
  );
  const shown = await text.jsonValue();
  const m = /(\d+)\s*ms/.exec(shown);
  if (!m) throw new Error(`activation time not understood: ${shown}`);
  return { ms: Number(m[1]), shown: shown.trim() };
}

(async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'planilla-first-open-'));
  let vsix = process.argv[2];
  if (!vsix) {
    vsix = path.join(scratch, 'planilla.vsix');
    execFileSync('bash', [path.join(repoRoot, 'test/e2e/tools/package.sh'), vsix], {
      env: { ...process.env, PLANILLA_SKIP_BUILD: '1' },
      stdio: 'pipe',
    });
  }
  const activation = [];
  const firstDiagnostics = [];
  let failed = 0;
  for (let run = 1; run <= RUNS; run++) {
    const root = fs.mkdtempSync(path.join(scratch, `run-${run}-`));
    const ws = path.join(root, 'ws');
    fs.cpSync(path.join(__dirname, '../workspace'), ws, { recursive: true });
    let cs;
    let browser;
    try {
      cs = await startCodeServer({ root, vsix });
      browser = await launchBrowser(root);
      const { page } = browser;
      await page.goto(`${cs.url}/?folder=${encodeURIComponent(ws)}`);
      await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: T });
      const opened = Date.now();
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'score-error.gcg' }).dblclick();
      await page.waitForSelector('.monaco-editor .squiggly-error', { timeout: T });
      const diag = Date.now() - opened;
      const act = await activationTime(page);
      activation.push(act.ms);
      firstDiagnostics.push(diag);
      console.log(JSON.stringify({ run, activationMs: act.ms, activationShown: act.shown, firstDiagnosticsMs: diag }));
    } catch (e) {
      failed++;
      console.log(JSON.stringify({ run, error: String((e && e.message) || e).split('\n')[0] }));
    } finally {
      if (browser) await browser.close();
      if (cs) await cs.stop();
    }
  }
  fs.rmSync(scratch, { recursive: true, force: true });
  if (activation.length > 0) {
    console.log(
      `first-open: activation median ${median(activation)} ms (runs: ${activation.join(', ')}); first diagnostics after opening the record median ${median(firstDiagnostics)} ms (runs: ${firstDiagnostics.join(', ')}); load average ${os.loadavg()[0].toFixed(2)}`,
    );
  }
  console.log(`first-open: ${RUNS - failed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
})();
