#!/usr/bin/env node
// VS Code for the Web, as far as it runs offline here: code-server serves the packaged .vsix to
// Chromium, with the user setting `remote.extensionKind: { "planilla.planilla": ["web"] }`, so the
// workbench runs the extension's `browser` entry in its web-worker extension host and the language
// server (dist/browser-server.js) in a web worker, as vscode.dev would. Checks: the record's
// diagnostic in the Problems panel, a code lens and a hover, the board view with the best moves of
// a turn and the preview of one, the built-in word list at work (an unaccepted word), that no
// Node server process was started (`dist/server.js`), and that the client logged no error about
// its connection to the worker.
// Usage: node test/e2e/vscode/web-run.js [VSIX]   (prints "vscode-web: N passed, N failed")
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { STEP_TIMEOUT_MS: T, boardFrame, repoRoot, runWorkbench, shotsDir: shots, waitText } = require('./harness');

/** Node processes running the Node server bundle, below code-server's process group. */
function nodeServers(pgid) {
  const out = execFileSync('ps', ['-eo', 'pgid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.trim().startsWith(`${pgid} `) && /dist\/server\.js/.test(l));
}

function workspace(root) {
  const ws = path.join(root, 'ws');
  fs.cpSync(path.join(__dirname, '../workspace'), ws, { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'test/e2e/nvim/palabra-propia.gcg'), path.join(ws, 'palabra-propia.gcg'));
  return ws;
}

runWorkbench({
  suite: 'vscode-web',
  workspace,
  settings: { 'remote.extensionKind': { 'planilla.planilla': ['web'] } },
  failureShot: 'web-failure.png',
  run: async ({ page, cs, check }) => {
    // Errors of the client's connection to its worker (e.g. a message the worker cannot take).
    const workerErrors = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Planilla/.test(m.text())) workerErrors.push(m.text().slice(0, 300));
      if (process.env.DEBUG_WEB) console.log('[console]', m.type(), m.text().slice(0, 400));
    });
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'score-error.gcg' }).dblclick();
    await waitText(page, '.monaco-editor .view-lines', /LIBRO \+18 18/);
    await page.keyboard.press('Control+Shift+M');
    const problem = await waitText(page, '.markers-panel .monaco-list-row', /declared score 18, computed 16/).catch(
      (e) => String(e).split('\n')[0],
    );
    check('problems_panel', /score-mismatch/.test(problem), problem);
    await page.screenshot({ path: path.join(shots, 'web-problems.png') });
    const lens = await waitText(page, '.monaco-editor .codelens-decoration', /Ana 16 · Beto 0/).catch((e) => String(e).split('\n')[0]);
    check('code_lens', /the sheet says 18/.test(lens), lens);
    const score = page.locator('.monaco-editor .view-line span span', { hasText: /^\+18$/ }).first();
    const box = await score.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const hover = await waitText(page, '.monaco-hover', /LIBRO = 8 × 2 = 16/).catch((e) => String(e).split('\n')[0]);
    check('hover', /art\. 12–19/.test(hover), hover.slice(0, 200));
    await page.mouse.move(5, 5);
    // The board view with the best moves of the turn, from the server in the web worker.
    await page.locator('.editor-actions [aria-label*="Show board"]').first().click({ timeout: T });
    await page.locator('.monaco-editor .view-line', { hasText: 'IDEA +13 13' }).first().click();
    const frame = await boardFrame(page);
    const rows = await frame
      .waitForFunction(
        () => {
          const board = document.querySelector('#board-root .planilla-board');
          const rows = document.querySelectorAll('#board-root section.coach[data-state="ready"] .move[data-move]');
          return board && board.getAttribute('data-turn') === '1' && rows.length > 0 ? rows.length : 0;
        },
        null,
        { timeout: T, polling: 100 },
      )
      .then((h) => h.jsonValue())
      .catch((e) => String(e).split('\n')[0]);
    await frame.locator('.move[data-move="0"]').hover();
    const preview = await frame
      .waitForFunction(() => document.querySelectorAll('svg.board .previews .preview.shown rect.preview-tile').length, null, {
        timeout: T,
        polling: 100,
      })
      .then((h) => h.jsonValue())
      .catch(() => 0);
    check('board_best_moves', typeof rows === 'number' && rows >= 10 && preview > 0, { rows, preview });
    await page.screenshot({ path: path.join(shots, 'web-board.png') });
    // A window reload: the board comes back at the same record and turn (the serializer, in the
    // web build too, where the client is made after the worker's script is read).
    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget input', { timeout: T });
    await page.keyboard.type('Developer: Reload Window');
    await waitText(page, '.quick-input-list .monaco-list-row', /Reload Window/);
    await page.keyboard.press('Enter');
    await page.waitForEvent('load', { timeout: T }).catch(() => undefined);
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 2 * T });
    const revived = await boardFrame(page)
      .then((f) =>
        f.waitForFunction(() => document.querySelector('#board-root .planilla-board')?.getAttribute('data-turn') === '1', null, {
          timeout: 2 * T,
          polling: 100,
        }),
      )
      .then(() => true)
      .catch((e) => String(e).split('\n')[0]);
    check('board_reopens_after_reload', revived === true, revived);
    await page.screenshot({ path: path.join(shots, 'web-board-reloaded.png') });
    // And it follows the cursor at once, with no switch of tabs: the first move's line shows turn 0.
    await page.locator('.monaco-editor .view-line', { hasText: 'ABILORS 8D LIBRO' }).first().click();
    const followed = await boardFrame(page)
      .then((f) =>
        f.waitForFunction(() => document.querySelector('#board-root .planilla-board')?.getAttribute('data-turn') === '0', null, {
          timeout: T,
          polling: 100,
        }),
      )
      .then(() => true)
      .catch((e) => String(e).split('\n')[0]);
    check('board_follows_cursor_after_reload', followed === true, followed);
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'palabra-propia.gcg' }).dblclick();
    const word = await waitText(page, '.markers-panel .monaco-list-row', /BIROL is not in the built-in open list/).catch(
      (e) => String(e).split('\n')[0],
    );
    check('builtin_word_list', /unaccepted-word/.test(word), word);
    await page.screenshot({ path: path.join(shots, 'web-word-list.png') });
    const servers = nodeServers(cs.pgid);
    check('no_node_server_process', servers.length === 0, servers);
    check('no_worker_error', !workerErrors.length, workerErrors.slice(0, 3));
  },
});
