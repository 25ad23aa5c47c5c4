#!/usr/bin/env node
// How fast the extension is there for a new user, in VS Code 1.100 (code-server) and Chromium:
// starts code-server with the packaged .vsix on a workspace of records, opens the workbench,
// double-clicks score-error.gcg in the Explorer and times its first diagnostic (the squiggle in
// the editor) from the double click; then reads the extension's activation time as VS Code itself
// reports it ("Developer: Show Running Extensions"). Two ways of opening, each on a fresh
// code-server and a fresh window, RUNS times each (default 3):
//   - cold: the double click as soon as the Explorer lists the files, while the workbench is
//     still starting its extension host (Planilla then activates on onLanguage:gcg);
//   - settled: the double click once the window has finished starting (the extension host has
//     activated its startup extensions: Planilla by workspaceContains, so its server is up).
// Where the time goes, per run (ms after the double click): from the page (editor tab, editor
// text, squiggle), the extension host's log (its start, Planilla's activation event), and the
// milestones the client and the server append to PLANILLA_TIMINGS (client module loaded, server
// forked, activate called and resolved, server process start, server listening, initialize,
// initialized, client started, didOpen, first publishDiagnostics). Prints every run as a JSON
// line, then the medians. VS Code's activation time (the Running Extensions view) counts the
// loading of the module and activate() up to its first await; "activate() resolved" is the end of
// the whole activation, the language client's loading included.
// Figures only: nothing here asserts a time; a run that cannot read its figures fails.
// Usage: node test/e2e/vscode/first-open.js [VSIX]   (prints "first-open: N passed, N failed";
// RUNS=n, MODES=cold,settled)
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startCodeServer, launchBrowser } = require('./harness');
const { waitFor } = require('./wait');

const repoRoot = path.resolve(__dirname, '../../..');
const T = Number(process.env.PLANILLA_STEP_TIMEOUT_MS || 60000);
const RUNS = Number(process.env.RUNS || 3);
const MODES = (process.env.MODES || 'cold,settled').split(',').filter((m) => m === 'cold' || m === 'settled');
const RECORD = 'score-error.gcg';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

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

/** The extension host's log of this code-server (the newest session folder that has one). */
function extHostLog(root) {
  const logs = path.join(root, 'data', 'logs');
  if (!fs.existsSync(logs)) return '';
  const files = fs
    .readdirSync(logs)
    .sort()
    .map((d) => path.join(logs, d, 'exthost1', 'remoteexthost.log'))
    .filter((f) => fs.existsSync(f));
  return files.length > 0 ? fs.readFileSync(files[files.length - 1], 'utf8') : '';
}

/** The wall-clock time (ms) of the first log line matching `re` (the log writes local time), or undefined. */
function logTime(log, re) {
  for (const line of log.split('\n')) {
    const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d+) (.*)$/.exec(line);
    if (m && re.test(m[3])) return { at: new Date(`${m[1]}T${m[2]}`).getTime(), text: m[3] };
  }
  return undefined;
}

/** The first time each milestone was written to the PLANILLA_TIMINGS file. */
function milestones(file) {
  const first = {};
  if (!fs.existsSync(file)) return first;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const { event, at } = JSON.parse(line);
    if (!(event in first)) first[event] = at;
  }
  return first;
}

/** Marks the page's own moments (editor tab, editor text, squiggle) as they happen, on the page's clock (= this machine's). */
function watchPage(record) {
  const marks = {};
  window.__planillaMarks = marks;
  const mark = (k) => {
    if (!(k in marks)) marks[k] = Date.now();
  };
  const check = () => {
    if ([...document.querySelectorAll('.tabs-container .tab')].some((t) => (t.textContent || '').includes(record))) mark('editorTab');
    if (document.querySelector('.editor-instance .monaco-editor .view-line')) mark('editorText');
    if (document.querySelector('.monaco-editor .squiggly-error')) mark('squiggle');
  };
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
}

async function oneRun(scratch, vsix, mode, run) {
  const root = fs.mkdtempSync(path.join(scratch, `${mode}-${run}-`));
  const ws = path.join(root, 'ws');
  fs.cpSync(path.join(__dirname, '../workspace'), ws, { recursive: true });
  const timings = path.join(root, 'timings.jsonl');
  let cs;
  let browser;
  try {
    // The extension host inherits the environment, and the server the extension host's.
    cs = await startCodeServer({ root, vsix, env: { PLANILLA_TIMINGS: timings } });
    browser = await launchBrowser(root);
    const { page } = browser;
    await page.goto(`${cs.url}/?folder=${encodeURIComponent(ws)}`);
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: T });
    if (mode === 'settled') {
      await waitFor(() => /Eager extensions activated/.test(extHostLog(root)), 'the extension host to finish starting', T);
    }
    await page.evaluate(watchPage, RECORD);
    const opened = Date.now();
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: RECORD }).dblclick();
    await page.waitForSelector('.monaco-editor .squiggly-error', { timeout: T });
    const seen = Date.now() - opened;
    const act = await activationTime(page);
    const marks = await page.evaluate(() => window.__planillaMarks);
    const log = extHostLog(root);
    const extHost = logTime(log, /^\[info\] Extension host with pid \d+ started/);
    const activation = logTime(log, /_doActivateExtension planilla\.planilla/);
    const ms = milestones(timings);
    const rel = (at) => (at === undefined ? undefined : at - opened);
    const required = { squiggle: marks.squiggle, activationEvent: activation?.at, didOpen: ms.didOpen, publish: ms.publishDiagnostics };
    const missing = Object.keys(required).filter((k) => required[k] === undefined);
    if (missing.length > 0) throw new Error(`figures not found: ${missing.join(', ')}`);
    const result = {
      mode,
      run,
      firstDiagnosticMs: rel(marks.squiggle),
      squiggleSeenByPlaywrightMs: seen,
      activationMs: act.ms,
      wholeActivationMs: ms.activated === undefined ? undefined : ms.activated - activation.at,
      activatedBy: /activationEvent: '([^']+)'/.exec(activation.text)?.[1],
      // ms after the double click (negative: before it)
      editorTab: rel(marks.editorTab),
      editorText: rel(marks.editorText),
      extHostStarted: rel(extHost?.at),
      activationEvent: rel(activation.at),
      clientLoaded: rel(ms.clientLoaded),
      serverForked: rel(ms.serverForked),
      activate: rel(ms.activate),
      activated: rel(ms.activated),
      serverProcessStart: rel(ms.start),
      serverListening: rel(ms.listening),
      initialize: rel(ms.initialize),
      initialized: rel(ms.initialized),
      clientStarted: rel(ms.clientStarted),
      didOpen: rel(ms.didOpen),
      publish: rel(ms.publishDiagnostics),
      load: load(),
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    if (browser) await browser.close();
    if (cs) await cs.stop();
  }
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
  const results = { cold: [], settled: [] };
  let failed = 0;
  const startLoad = load();
  for (let run = 1; run <= RUNS; run++) {
    for (const mode of MODES) {
      try {
        results[mode].push(await oneRun(scratch, vsix, mode, run));
      } catch (e) {
        failed++;
        console.log(JSON.stringify({ mode, run, error: String((e && e.message) || e).split('\n')[0] }));
      }
    }
  }
  fs.rmSync(scratch, { recursive: true, force: true });
  const list = (rs, k) => rs.map((r) => r[k]);
  const med = (rs, k) => median(list(rs, k).filter((x) => x !== undefined));
  for (const mode of MODES) {
    const rs = results[mode];
    if (rs.length === 0) continue;
    console.log(
      `first-open (${mode}): first diagnostic median ${med(rs, 'firstDiagnosticMs')} ms after the double click (runs: ${list(rs, 'firstDiagnosticMs').join(', ')}); activation median ${med(rs, 'activationMs')} ms as VS Code shows it (runs: ${list(rs, 'activationMs').join(', ')}; by ${rs[0].activatedBy}), ${med(rs, 'wholeActivationMs')} ms from the activation event to activate() resolved (runs: ${list(rs, 'wholeActivationMs').join(', ')})`,
    );
    console.log(
      `first-open (${mode}) medians, ms after the double click: editor text ${med(rs, 'editorText')}, extension host started ${med(rs, 'extHostStarted')}, Planilla's activation event ${med(rs, 'activationEvent')}, activate() called ${med(rs, 'activate')} and resolved ${med(rs, 'activated')}, server process start ${med(rs, 'serverProcessStart')}, server listening ${med(rs, 'serverListening')}, initialize ${med(rs, 'initialize')}, didOpen ${med(rs, 'didOpen')}, first publishDiagnostics ${med(rs, 'publish')}, squiggle ${med(rs, 'firstDiagnosticMs')}`,
    );
  }
  console.log(`first-open: load average at the start ${startLoad}, at the end ${load()}`);
  const total = RUNS * MODES.length;
  console.log(`first-open: ${total - failed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
})();
