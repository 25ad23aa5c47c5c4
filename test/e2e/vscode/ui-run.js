#!/usr/bin/env node
// One run through the real UI, as a person would: the packaged .vsix is installed into
// code-server (VS Code 1.100), Debian's Chromium opens a workspace holding the e2e records, the
// project's samples and the shared real corpus, and the run checks what is on screen: the
// grammar's colours, the Problems panel, the code lens, the hover, the "Check all records in
// workspace" command, the board view (opened from the title bar, following the cursor, stepping
// with its keys and buttons) and the audit report. Screenshots go to test-output/e2e/.
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

/** The frame of the board view's webview (VS Code nests it in two iframes), polled until `ms`. */
async function boardFrame(page, ms = T) {
  const end = Date.now() + ms;
  for (;;) {
    for (const frame of page.frames()) {
      const found = await frame.evaluate(() => Boolean(document.querySelector('#board-root .planilla-board[data-turn]'))).catch(() => false);
      if (found) return frame;
    }
    if (Date.now() > end) throw new Error('timed out waiting for the board view');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What the board shows: its turn label and the squares of the last move. */
async function boardState(page) {
  const frame = await boardFrame(page);
  return frame.evaluate(() => ({
    label: document.querySelector('#board-root .turn-label')?.textContent || '',
    lastMove: document.querySelector('#board-root .planilla-board')?.getAttribute('data-last-move') || '',
  }));
}

/** Polls until the board's label matches `pattern`; returns the state. */
async function boardShows(page, pattern, ms = T) {
  const end = Date.now() + ms;
  for (;;) {
    const state = await boardState(page).catch(() => ({ label: '', lastMove: '' }));
    if (pattern.test(state.label)) return state;
    if (Date.now() > end) throw new Error(`timed out waiting for the board to show ${pattern} (shows "${state.label}")`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The editor's cursor line as the gutter shows it (the active line number). */
async function cursorLine(page) {
  return page.evaluate(() => document.querySelector('.monaco-editor .line-numbers.active-line-number')?.textContent?.trim() || '');
}

async function waitCursorLine(page, line, ms = T) {
  await page.waitForFunction((want) => document.querySelector('.monaco-editor .line-numbers.active-line-number')?.textContent?.trim() === want, String(line), { timeout: ms, polling: 100 });
}

/**
 * The board view as a person uses it: open a sample, press the title-bar button, move the cursor
 * down the record (the board redraws at each event: screenshots board-N.png), step with the keys
 * and a button inside the board (the editor's cursor follows), then the audit report of the
 * record with an error.
 */
async function boardRun(page) {
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: /^samples$/ }).click();
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'apertura-comentada.gcg' }).dblclick({ timeout: T });
  await waitText(page, '.monaco-editor .view-lines', /CAMINO \+26 26/);
  // Room for the record and the board side by side: hide the panel and the side bar.
  await page.keyboard.press('Control+J');
  await page.waitForFunction(() => !document.querySelector('.part.panel:not(.hidden) .markers-panel'), null, { timeout: T, polling: 100 }).catch(() => undefined);
  await page.keyboard.press('Control+B');
  await page.locator('.editor-actions [aria-label*="Show board"]').first().click({ timeout: T });
  await boardFrame(page);
  check('board_opens_from_title_bar', true, null);

  await page.locator('.monaco-editor .view-line', { hasText: 'CAMINO +26 26' }).first().click();
  await page.keyboard.press('Home');
  const shown = [];
  const first = await boardShows(page, /^Event 1 of 5 · line 9$/);
  shown.push(first);
  await page.screenshot({ path: path.join(shots, 'board-1.png') });
  const steps = [
    [2, /^Event 2 of 5 · line 11$/, 'board-2.png'],
    [1, /^Event 3 of 5 · line 12$/, null],
    [2, /^Event 4 of 5 · line 14$/, 'board-4.png'],
    [1, /^Event 5 of 5 · line 15$/, 'board-5.png'],
  ];
  for (const [downs, pattern, shot] of steps) {
    for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown');
    shown.push(await boardShows(page, pattern));
    if (shot) await page.screenshot({ path: path.join(shots, shot) });
  }
  const moves = shown.map((s) => s.lastMove);
  check('board_follows_cursor', shown.length === 5, shown.map((s) => s.label));
  check('board_last_move_changes', moves[0] === 'D8 E8 F8 G8 H8 I8' && moves[2] === '' && new Set(moves).size === 5, moves);

  const frame = await boardFrame(page);
  await frame.locator('svg.board').click();
  await page.keyboard.press('ArrowLeft');
  await boardShows(page, /^Event 4 of 5 · line 14$/);
  await waitCursorLine(page, 14);
  await page.keyboard.press('Home');
  await boardShows(page, /^Event 1 of 5 · line 9$/);
  await waitCursorLine(page, 9);
  await page.keyboard.press('End');
  await boardShows(page, /^Event 5 of 5 · line 15$/);
  await waitCursorLine(page, 15);
  await (await boardFrame(page)).locator('button[data-step="previous"]').click();
  const back = await boardShows(page, /^Event 4 of 5 · line 14$/);
  await waitCursorLine(page, 14);
  check('board_keys_and_buttons_move_editor_cursor', back.lastMove === 'G11 H11 J11 K11', { cursor: await cursorLine(page), lastMove: back.lastMove });
  await page.screenshot({ path: path.join(shots, 'board-keys.png') });

  await page.locator('.tabs-container .tab', { hasText: 'score-error.gcg' }).first().click();
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { timeout: T });
  await page.keyboard.type('Planilla: Audit report');
  await waitText(page, '.quick-input-list .monaco-list-row', /Audit report/);
  await page.keyboard.press('Enter');
  const end = Date.now() + T;
  let report = '';
  while (!/score-mismatch[\s\S]*art\. 12–19/.test(report) && Date.now() < end) {
    for (const f of page.frames()) {
      const text = await f.evaluate(() => (document.querySelector('h1')?.textContent === 'Audit report' ? document.body.innerText : '')).catch(() => '');
      if (text) report = text;
    }
    if (!report) await new Promise((r) => setTimeout(r, 100));
  }
  check('audit_report_lists_finding_with_article', /score-mismatch[\s\S]*art\. 12–19/.test(report), report.slice(0, 300));
  for (const f of page.frames()) await f.evaluate(() => document.querySelector('table.turns')?.scrollIntoView()).catch(() => undefined);
  await page.screenshot({ path: path.join(shots, 'audit-report.png') });
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

    await boardRun(page);
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
