#!/usr/bin/env node
// One run through the real UI, as a person would: the packaged .vsix is installed into
// code-server (VS Code 1.100), Debian's Chromium opens a workspace holding the e2e records, the
// project's samples and the shared real corpus, and the run checks what is on screen: the
// grammar's colours, the Problems panel, the code lens, the hover, and the "Check all records in
// workspace" command. Screenshots go to test-output/e2e/.
//
// Usage: node test/e2e/vscode/ui-run.js [path.vsix]   (default: package one into a scratch folder)
// Prints one JSON line per check and "vscode-ui: N passed, N failed"; exits non-zero on failure.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startCodeServer, launchBrowser } = require('./harness');

const repoRoot = path.resolve(__dirname, '../../..');
const shots = path.join(repoRoot, 'test-output/e2e');
const T = Number(process.env.PLANILLA_STEP_TIMEOUT_MS || 60000);

const results = [];
const check = (name, ok, detail) => {
  results.push({ name, ok: Boolean(ok) });
  console.log(JSON.stringify({ check: name, ok: Boolean(ok), detail }));
};

function workspace(root) {
  const ws = path.join(root, 'ws');
  fs.cpSync(path.join(__dirname, '../workspace'), ws, { recursive: true });
  const corpus = path.resolve(repoRoot, '../shared/corpus/real');
  if (fs.existsSync(corpus)) fs.cpSync(corpus, path.join(ws, 'corpus'), { recursive: true });
  const samples = path.join(repoRoot, 'samples');
  if (fs.existsSync(samples)) fs.cpSync(samples, path.join(ws, 'samples'), { recursive: true });
  return ws;
}

/** Text of the first element matching `selector` whose text passes `test`, polled until `ms`. */
async function waitText(page, selector, pattern, ms = T) {
  await page.waitForFunction(
    ([sel, src]) => [...document.querySelectorAll(sel)].some((e) => new RegExp(src).test((e.textContent || '').replace(/\u00a0/g, ' '))),
    [selector, pattern.source],
    { timeout: ms, polling: 100 },
  );
  return page.evaluate(
    ([sel, src]) => [...document.querySelectorAll(sel)].map((e) => (e.textContent || '').replace(/\u00a0/g, ' ')).find((t) => new RegExp(src).test(t)),
    [selector, pattern.source],
  );
}

(async () => {
  fs.mkdirSync(shots, { recursive: true });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'planilla-ui-'));
  let vsix = process.argv[2];
  if (!vsix) {
    vsix = path.join(root, 'planilla.vsix');
    execFileSync('bash', [path.join(repoRoot, 'test/e2e/tools/package.sh'), vsix], { env: { ...process.env, PLANILLA_SKIP_BUILD: '1' }, stdio: 'pipe' });
  }
  const ws = workspace(root);
  let cs;
  let browser;
  try {
    cs = await startCodeServer({ root, vsix });
    check('vsix_installed', fs.readdirSync(path.join(root, 'extensions')).some((d) => d.startsWith('planilla.planilla-')), fs.readdirSync(path.join(root, 'extensions')));
    browser = await launchBrowser(root);
    const { page } = browser;
    await page.goto(`${cs.url}/?folder=${encodeURIComponent(ws)}`);
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: T });
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'score-error.gcg' }).dblclick();
    await waitText(page, '.monaco-editor .view-lines', /LIBRO \+18 18/);

    // The grammar: the nick, the coordinate, the play and the score get different token colours.
    const classes = await page.waitForFunction(
      () => {
        const spans = [...document.querySelectorAll('.monaco-editor .view-line span span')];
        const color = (text) => {
          const span = spans.find((s) => (s.textContent || '').replace(/\u00a0/g, ' ').trim() === text);
          return span ? getComputedStyle(span).color : undefined;
        };
        const got = { nick: color('Ana'), coord: color('8D'), play: color('LIBRO'), score: color('+18') };
        return Object.values(got).every(Boolean) && new Set(Object.values(got)).size === 4 ? got : null;
      },
      null,
      { timeout: T, polling: 100 },
    );
    check('grammar_colours', true, await classes.jsonValue());

    await page.keyboard.press('Control+Shift+M');
    const problem = await waitText(page, '.markers-panel .monaco-list-row', /declared score 18, computed 16/);
    check('problems_panel', /score-mismatch/.test(problem), problem);
    await page.screenshot({ path: path.join(shots, 'problems.png') });

    const lens = await waitText(page, '.monaco-editor .codelens-decoration', /Ana 16 · Beto 0/);
    check('code_lens', /the sheet says 18/.test(lens), lens);

    const score = page.locator('.monaco-editor .view-line span span', { hasText: /^\+18$/ }).first();
    const box = await score.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const hover = await waitText(page, '.monaco-hover', /LIBRO = 8 × 2 = 16/);
    check('hover', /art\. 12–19/.test(hover) && /True totals/.test(hover), hover.slice(0, 300));
    await page.waitForFunction(() => {
      const h = document.querySelector('.monaco-hover');
      return h && getComputedStyle(h).opacity === '1';
    }, null, { timeout: T, polling: 100 });
    await page.screenshot({ path: path.join(shots, 'hover.png') });
    await page.mouse.move(5, 5);

    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget input', { timeout: T });
    await page.keyboard.type('Planilla: Check all records in workspace');
    await waitText(page, '.quick-input-list .monaco-list-row', /Check all records in workspace/);
    await page.keyboard.press('Enter');
    const panel = await waitText(page, '.markers-panel', /gcg-ending\.gcg[\s\S]*end-rack-gcg-convention|end-rack-gcg-convention[\s\S]*gcg-ending\.gcg/);
    const corpus = await waitText(page, '.markers-panel', /corpus/);
    check('check_workspace', /gcg-ending\.gcg/.test(panel) && /corpus/.test(corpus), null);
    await page.screenshot({ path: path.join(shots, 'problems-workspace.png') });

    // A real Spanish record from the shared corpus: lenses with the running totals.
    const real = 'es_juego1_alejandro_vs_daniel.gcg';
    if (fs.existsSync(path.join(ws, 'corpus', real))) {
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: /^corpus$/ }).click();
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: real }).dblclick({ timeout: T });
      const first = await waitText(page, '.monaco-editor .codelens-decoration', /Alejandro 12 · Daniel 0/);
      check('corpus_lenses', first.includes('Alejandro 12 · Daniel 0'), first);
      await page.screenshot({ path: path.join(shots, 'corpus-es.png') });
    }
  } catch (e) {
    check('harness', false, String((e && e.stack) || e).slice(0, 2000));
    if (browser) await browser.page.screenshot({ path: path.join(shots, 'failure.png') }).catch(() => undefined);
  } finally {
    if (browser) check('no_request_left_loopback', browser.external.length === 0, browser.external.slice(0, 5));
    if (browser) await browser.close();
    if (cs) await cs.stop();
    if (!process.env.KEEP) fs.rmSync(root, { recursive: true, force: true });
    const failed = results.filter((r) => !r.ok).length;
    console.log(`vscode-ui: ${results.length - failed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  }
})();
