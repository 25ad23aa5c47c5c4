#!/usr/bin/env node
// One run through the real UI, as a person would: the packaged .vsix is installed into
// code-server (VS Code 1.100), Debian's Chromium opens a workspace holding the e2e records, the
// project's samples and the shared real corpus, and the run checks what is on screen: the
// grammar's colours, the Problems panel, the code lens, the hover, the "Check all records in
// workspace" command, the board view (opened from the title bar, following the cursor, stepping
// with its keys and buttons; fitting its column at 1600×1000 with the Problems panel open,
// wrapping its side panel in a narrow column, back after a window reload), the hover of an
// ordinary move (the coach's summary first; it and the score table without scrolling), the
// coordinates offered by completion (plausible ones first), the audit report (its own toolbar,
// tables inside the panel, following an edit), and in Spanish the comparison of two sheets, the
// commented game exported from the editor (printed at A4, and in the Simple Browser) and the
// board's best moves under a user's extra list, and the event desk's view of a generated event
// (from the explorer's context menu). Screenshots go to test-output/e2e/; with
// PLANILLA_SCREENSHOTS=DIR the documented ones are saved in DIR too (docs/screenshots/).
//
// Usage: [PLANILLA_SCREENSHOTS=DIR] node test/e2e/vscode/ui-run.js [path.vsix]   (default: package one into a scratch folder)
// Prints one JSON line per check and "vscode-ui: N passed, N failed"; exits non-zero on failure.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { STEP_TIMEOUT_MS: T, boardFrame, repoRoot, runWorkbench, shotsDir: shots, waitText } = require('./harness');
const { waitFor } = require('./wait');

/**
 * With PLANILLA_SCREENSHOTS=DIR (off by default, and in CI), the screens the documentation shows
 * are also saved in DIR (`PLANILLA_SCREENSHOTS=docs/screenshots` refreshes the committed ones);
 * every screenshot of the run goes to test-output/e2e/ in any case.
 */
const docsDir = process.env.PLANILLA_SCREENSHOTS ? path.resolve(process.env.PLANILLA_SCREENSHOTS) : '';
const DOCUMENTED = new Set([
  'audit-report.png',
  'audit-report-live.png',
  'board-5.png',
  'board-best-moves.png',
  'board-fits.png',
  'board-moves-list.png',
  'board-narrow.png',
  'board-reloaded.png',
  'cli-es.png',
  'commented-a4.png',
  'commented-editor.png',
  'compare-table.png',
  'completion.png',
  'deep-hover.png',
  'corpus-es.png',
  'event-desk.png',
  'event-desk-findings.png',
  'hover.png',
  'hover-best-moves.png',
  'hover-move.png',
  'lens-best.png',
  'lens-es.png',
  'problems-workspace.png',
]);

/** A screenshot of the page as it is, to test-output/e2e/NAME (and DIR/NAME when it is documented). */
async function shoot(page, name) {
  const file = path.join(shots, name);
  await page.screenshot({ path: file });
  if (docsDir && DOCUMENTED.has(name)) {
    fs.mkdirSync(docsDir, { recursive: true });
    fs.copyFileSync(file, path.join(docsDir, name));
  }
}

/** Records one check (set by runWorkbench when the run starts). */
let check = () => undefined;

function workspace(root) {
  const ws = path.join(root, 'ws');
  fs.cpSync(path.join(__dirname, '../workspace'), ws, { recursive: true });
  const corpus = path.resolve(repoRoot, '../shared/corpus/real');
  if (fs.existsSync(corpus)) fs.cpSync(corpus, path.join(ws, 'corpus'), { recursive: true });
  const samples = path.join(repoRoot, 'samples');
  if (fs.existsSync(samples)) fs.cpSync(samples, path.join(ws, 'samples'), { recursive: true });
  return ws;
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
  await page.waitForFunction(
    (want) => document.querySelector('.monaco-editor .line-numbers.active-line-number')?.textContent?.trim() === want,
    String(line),
    { timeout: ms, polling: 100 },
  );
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
  await page
    .waitForFunction(() => !document.querySelector('.part.panel:not(.hidden) .markers-panel'), null, { timeout: T, polling: 100 })
    .catch(() => undefined);
  await page.keyboard.press('Control+B');
  await page.locator('.editor-actions [aria-label*="Show board"]').first().click({ timeout: T });
  await boardFrame(page);
  check('board_opens_from_title_bar', true, null);

  await page.locator('.monaco-editor .view-line', { hasText: 'CAMINO +26 26' }).first().click();
  await page.keyboard.press('Home');
  const shown = [];
  const first = await boardShows(page, /^Event 1 of 5 · line 9$/);
  shown.push(first);
  await shoot(page, 'board-1.png');
  const steps = [
    [2, /^Event 2 of 5 · line 11$/, 'board-2.png'],
    [1, /^Event 3 of 5 · line 12$/, null],
    [2, /^Event 4 of 5 · line 14$/, 'board-4.png'],
    [1, /^Event 5 of 5 · line 15$/, 'board-5.png'],
  ];
  for (const [downs, pattern, shot] of steps) {
    for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown');
    shown.push(await boardShows(page, pattern));
    if (shot) await shoot(page, shot);
  }
  const moves = shown.map((s) => s.lastMove);
  check(
    'board_follows_cursor',
    shown.length === 5,
    shown.map((s) => s.label),
  );
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
  check('board_keys_and_buttons_move_editor_cursor', back.lastMove === 'G11 H11 J11 K11', {
    cursor: await cursorLine(page),
    lastMove: back.lastMove,
  });
  await shoot(page, 'board-keys.png');

  // The best moves of the turn under the cursor, under the racks; pointing at one previews it.
  const bf = await boardFrame(page);
  const listed = await bf
    .waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('#board-root section.coach[data-state="ready"] .move[data-move]')];
        if (rows.length === 0) return null;
        return {
          heading: document.querySelector('#board-root section.coach h2')?.textContent || '',
          rows: rows.map((r) => (r.textContent || '').replace(/\u00a0/g, ' ')),
          played: document.querySelector('#board-root section.coach .played-line')?.textContent || '',
          previews: document.querySelectorAll('svg.board .previews .preview').length,
          shown: document.querySelectorAll('svg.board .previews .preview.shown').length,
        };
      },
      null,
      { timeout: T, polling: 100 },
    )
    .then((h) => h.jsonValue())
    .catch((e) => ({ error: String(e).split('\n')[0], rows: [] }));
  check(
    'board_lists_best_moves',
    listed.rows.length >= 10 &&
      /^Best moves of this turn$/.test(listed.heading) &&
      /^The move played /.test(listed.played) &&
      listed.previews === listed.rows.length &&
      listed.shown === 0,
    listed,
  );
  const shownPreview = () =>
    bf.evaluate(() => {
      const g = document.querySelector('svg.board .previews .preview.shown');
      return g
        ? {
            move: g.getAttribute('data-move'),
            tiles: g.querySelectorAll('rect.preview-tile').length,
            drawn: getComputedStyle(g).display !== 'none' && g.getBoundingClientRect().width > 0,
            focused: document.activeElement?.getAttribute('data-move') ?? null,
          }
        : null;
    });
  // No notification over the list in the screenshot.
  await runCommand(page, 'Notifications: Clear All Notifications', /Clear All Notifications/);
  await page
    .waitForFunction(() => !document.querySelector('.notification-toast'), null, { timeout: T, polling: 100 })
    .catch(() => undefined);
  const firstRow = bf.locator('.move[data-move="0"]');
  await firstRow.scrollIntoViewIfNeeded();
  await firstRow.hover();
  const pointed = await waitFor(async () => {
    const p = await shownPreview();
    return p && p.move === '0' ? p : null;
  }, 'the preview of the first move').catch(() => null);
  check('board_preview_on_pointer', pointed !== null && pointed.tiles > 0 && pointed.drawn, pointed);
  await shoot(page, 'board-best-moves.png');
  await bf.locator('svg.board').hover({ position: { x: 10, y: 10 } });
  const left = await waitFor(async () => (await shownPreview()) === null, 'the preview to go').catch(() => false);
  check('board_preview_removed_on_leave', left, await shownPreview());
  // The keyboard: a row with the focus is previewed; ↓ moves the focus (and the preview) to the next.
  await bf.locator('.move[data-move="1"]').click();
  await bf.locator('svg.board').hover({ position: { x: 10, y: 10 } });
  await page.keyboard.press('ArrowDown');
  const keyed = await waitFor(async () => {
    const p = await shownPreview();
    return p && p.move === '2' && p.focused === '2' ? p : null;
  }, 'the preview of the focused row').catch(() => null);
  check('board_preview_on_keyboard_focus', keyed !== null && keyed.drawn, keyed ?? (await shownPreview()));

  await page.locator('.tabs-container .tab', { hasText: 'score-error.gcg' }).first().click();
  await runCommand(page, 'Planilla: Audit report', /Audit report/);
  const end = Date.now() + T;
  let report = '';
  while (!/score-mismatch[\s\S]*art\. 12–19/.test(report) && Date.now() < end) {
    for (const f of page.frames()) {
      const text = await f
        .evaluate(() => (document.querySelector('h1')?.textContent === 'Audit report' ? document.body.innerText : ''))
        .catch(() => '');
      if (text) report = text;
    }
    if (!report) await new Promise((r) => setTimeout(r, 100));
  }
  check('audit_report_lists_finding_with_article', /score-mismatch[\s\S]*art\. 12–19/.test(report), report.slice(0, 300));
  const reportFrame = async (test) => {
    for (const f of page.frames()) {
      const ok = await f.evaluate(test).catch(() => false);
      if (ok) return f;
    }
    return undefined;
  };
  const toolbar = await reportFrame(() => Boolean(document.querySelector('.planilla-toolbar button[data-action="save"]')));
  const bar = toolbar
    ? await toolbar.evaluate(() => ({
        buttons: [...document.querySelectorAll('.planilla-toolbar button')].map((b) => b.textContent),
        status: document.getElementById('report-status')?.textContent || '',
      }))
    : { buttons: [], status: '' };
  check(
    'audit_report_toolbar_in_panel',
    bar.buttons.join('|') === 'Save as HTML…|Refresh' && /Follows the edits of score-error\.gcg/.test(bar.status),
    bar,
  );
  for (const f of page.frames())
    await f.evaluate(() => document.querySelector('table.turns')?.scrollIntoView({ block: 'center' })).catch(() => undefined);
  // Its tables stay inside the panel: the page never scrolls sideways, and a table wider than the
  // panel scrolls within its own box.
  const reportPage = await reportFrame(() => Boolean(document.querySelector('table.turns')));
  const widths = reportPage
    ? await reportPage.evaluate(() => ({
        panel: document.documentElement.clientWidth,
        page: document.documentElement.scrollWidth,
        tables: [...document.querySelectorAll('table')].map((t) => {
          const box = t.parentElement;
          const scrolls = box && box.scrollWidth > box.clientWidth && /auto|scroll/.test(getComputedStyle(box).overflowX);
          return {
            right: Math.round(t.getBoundingClientRect().right),
            inside: scrolls || t.getBoundingClientRect().right <= innerWidth + 1,
          };
        }),
      }))
    : { panel: 0, page: 1, tables: [] };
  check(
    'audit_report_tables_in_panel',
    widths.tables.length >= 2 && widths.page <= widths.panel + 1 && widths.tables.every((t) => t.inside),
    widths,
  );
  await shoot(page, 'audit-report.png');

  // Edit the record beside the report: the report follows (the finding goes away).
  await page.locator('.monaco-editor .view-line', { hasText: 'ABILORS 8D LIBRO' }).first().click();
  await page.keyboard.press('End');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('16 16');
  const live = await waitFor(
    () =>
      reportFrame(
        () =>
          /Audit report/.test(document.querySelector('h1')?.textContent || '') &&
          !/score-mismatch/.test(document.body.innerText) &&
          /LIBRO/.test(document.body.innerText),
      ),
    'the report after the edit',
    T,
  )
    .then(() => true)
    .catch(() => false);
  check('audit_report_follows_edits', live, null);
  await waitText(page, '.monaco-editor .codelens-decoration', /^after the move: Ana 16 · Beto 0$/).catch(() => undefined);
  await shoot(page, 'audit-report-live.png');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('18 18');
}

/**
 * The board at 1600×1000 with the side bar and the Problems panel open: the whole board, both
 * racks and the unseen tiles are visible beside it, without scrolling; in a narrow column the side
 * panel goes under the board; after a window reload the board comes back at the same record and
 * turn (the webview serializer).
 */
async function fitRun(page, wsFolder) {
  await page.locator('.tabs-container .tab', { hasText: 'apertura-comentada.gcg' }).first().click();
  await page.keyboard.press('Control+B');
  await page.keyboard.press('Control+Shift+M');
  await page.waitForSelector('.markers-panel', { timeout: T });
  await page.locator('.tabs-container .tab', { hasText: 'Board · apertura-comentada.gcg' }).first().click();
  await page
    .locator('.monaco-editor .view-line', { hasText: 'SO.AR +10 23' })
    .first()
    .click({ position: { x: 4, y: 4 } });
  await page.keyboard.press('Home');
  await boardShows(page, /^Event 4 of 5 · line 14$/);
  const geometry = async () => {
    const frame = await boardFrame(page);
    return frame.evaluate(() => {
      const box = (sel) => {
        const e = document.querySelector(sel);
        if (!e) return null;
        const b = e.getBoundingClientRect();
        return { top: Math.round(b.top), left: Math.round(b.left), right: Math.round(b.right), bottom: Math.round(b.bottom) };
      };
      const side = document.querySelector('aside.side');
      // The best-move list follows the unseen tiles and may scroll; everything before it may not.
      const coach = document.querySelector('section.coach');
      if (coach) coach.hidden = true;
      const sideScrolls = side ? side.scrollHeight > side.clientHeight + 1 : true;
      if (coach) coach.hidden = false;
      return {
        view: { width: innerWidth, height: innerHeight },
        board: box('svg.board'),
        side: box('aside.side'),
        racks: box('.player-2 .rack'),
        unseen: box('.unseen'),
        sideScrolls,
        coachAfterUnseen: coach
          ? coach.getBoundingClientRect().top >= document.querySelector('.unseen').getBoundingClientRect().bottom
          : null,
        pageScrolls: document.querySelector('.layout').scrollHeight > document.querySelector('.layout').clientHeight + 1,
      };
    });
  };
  const wide = await geometry();
  const inView = (b, v) => b && b.top >= 0 && b.left >= 0 && b.bottom <= v.height + 1 && b.right <= v.width + 1;
  check(
    'board_fits_with_problems_panel',
    inView(wide.board, wide.view) &&
      inView(wide.racks, wide.view) &&
      inView(wide.unseen, wide.view) &&
      wide.side.left >= wide.board.right &&
      !wide.sideScrolls &&
      wide.coachAfterUnseen === true &&
      !wide.pageScrolls &&
      wide.board.bottom - wide.board.top >= 300,
    wide,
  );
  await shoot(page, 'board-fits.png');

  await page.setViewportSize({ width: 1000, height: 1000 });
  await page.waitForFunction(() => true);
  const narrowState = await waitFor(
    async () => {
      const g = await geometry();
      return g.view.width < 472 && g.side.top >= g.board.bottom - 1 ? g : null;
    },
    'the side panel under the board in a narrow column',
    T,
  ).catch(async () => geometry());
  check(
    'board_side_panel_wraps_when_narrow',
    narrowState.view.width < 472 &&
      narrowState.side.top >= narrowState.board.bottom - 1 &&
      narrowState.board.right <= narrowState.view.width + 1,
    narrowState,
  );
  await shoot(page, 'board-narrow.png');
  await page.setViewportSize({ width: 1600, height: 1000 });

  // Reload the window as a person does (the command), so VS Code keeps the views' state.
  await runCommand(page, 'Developer: Reload Window', /Reload Window/);
  await page.waitForEvent('load', { timeout: T }).catch(() => undefined);
  await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 2 * T });
  const revived = await boardShows(page, /^Event 4 of 5 · line 14$/, 2 * T)
    .then(() => true)
    .catch(() => false);
  const title = await page
    .locator('.tabs-container .tab', { hasText: /^Board · / })
    .first()
    .textContent({ timeout: T })
    .catch(() => '');
  check('board_reopens_after_reload', revived && /apertura-comentada\.gcg/.test(title), { title });
  await shoot(page, 'board-reloaded.png');
  // It follows the cursor at once, with no switch of tabs.
  await page
    .locator('.monaco-editor .view-line', { hasText: 'SO.AR +10 23' })
    .first()
    .click({ position: { x: 4, y: 4 } });
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  const followed = await boardShows(page, /^Event 3 of 5 · line 12$/, T)
    .then(() => true)
    .catch(() => false);
  check('board_follows_cursor_after_reload', followed, {});

  // In Spanish (planilla.language): the lens reads as the score after the move, the tile set is
  // named in Spanish, counts agree with their number.
  fs.mkdirSync(path.join(wsFolder, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(wsFolder, '.vscode', 'settings.json'), JSON.stringify({ 'planilla.language': 'es' }, null, 2));
  const lensEs = (
    await waitText(page, '.monaco-editor .codelens-decoration', /tras la jugada: Marta 26 · Joaquín 23(?!\d)/).catch(() => '')
  ).trim();
  const rulesEs = await waitText(page, '.monaco-editor .codelens-decoration', /fichas españolas \(FISE\)/).catch(() => '');
  await page
    .locator('.monaco-editor .view-line', { hasText: 'SO.AR +10 23' })
    .first()
    .click({ position: { x: 4, y: 4 } });
  await runCommand(page, 'Planilla: Check all records in workspace', /Check all records in workspace/);
  const summaryEs = await waitText(page, '.notification-toast', /planillas comprobadas/).catch(() => '');
  const best = (
    await waitText(page, '.monaco-editor .codelens-decoration > *', /^mejor \(estática\): /).catch((e) => String(e).split('\n')[0])
  ).trim();
  check('lens_best_move', /^mejor \(estática\): (la jugada hecha \()?(\d{1,2}[A-O]|[A-O]\d{1,2}|cambio|pasa)/.test(best), best);
  await shoot(page, 'lens-best.png');
  check(
    'spanish_words',
    /^tras la jugada: Marta 26 · Joaquín 23(?!\d)/.test(lensEs) &&
      /Reglamento FISE vigente · fichas españolas \(FISE\)/.test(rulesEs) &&
      /— 1 error, \d+ avisos, \d+ notas\./.test(summaryEs),
    { lensEs, rulesEs, summaryEs },
  );
  await page
    .waitForFunction(
      () => ![...document.querySelectorAll('.notification-toast')].some((t) => /comprobando/.test(t.textContent || '')),
      null,
      { timeout: T, polling: 100 },
    )
    .catch(() => undefined);
  await shoot(page, 'lens-es.png');

  // The command line in VS Code's terminal: counts and the tile set in Spanish, numbers grouped.
  await page.keyboard.press('Control+Backquote');
  await page.waitForSelector('.terminal-wrapper.active .xterm', { timeout: T });
  await page.locator('.terminal-wrapper.active .xterm').click();
  const cli = path.join(repoRoot, 'bin/planilla.js');
  await page.keyboard.type(
    `clear; node ${JSON.stringify(cli)} check --lang es score-error.gcg corpus/es_juego1_alejandro_vs_daniel.gcg 2>/dev/null | cut -c1-150 | tee ../cli-es.txt\n`,
  );
  // The terminal draws on a canvas: what it printed is read from the copy `tee` keeps.
  const printed = path.join(wsFolder, '..', 'cli-es.txt');
  const terminal = await waitFor(
    () => (fs.existsSync(printed) && /archivos:/.test(fs.readFileSync(printed, 'utf8')) ? fs.readFileSync(printed, 'utf8') : null),
    'the CLI output',
    T,
  ).catch(() => '');
  check(
    'cli_words_in_terminal',
    /fichas españolas \(FISE\)/.test(terminal) &&
      /score-error\.gcg: 1 error ·/.test(terminal) &&
      /3 avisos, 1 nota informativa ·/.test(terminal) &&
      /2 archivos: 1 con errores, 1 error, 3 avisos/.test(terminal),
    terminal.slice(-600),
  );
  await shoot(page, 'cli-es.png');
}

/** Runs a command from the palette: types `typed`, waits for a row matching `row`, presses Enter. */
async function runCommand(page, typed, row) {
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { timeout: T });
  await page.keyboard.type(typed);
  await waitText(page, '.quick-input-list .monaco-list-row', row);
  await page.keyboard.press('Enter');
}

/**
 * Answers VS Code's own file dialog (a quick input in the browser) with a full path: once the
 * dialog has put its starting folder in the box, the box is filled with `file` (again, should the
 * dialog still be rewriting it) and accepted.
 */
async function answerFileDialog(page, file, offered = null) {
  const box = page.locator('.quick-input-widget .quick-input-box input').first();
  await waitFor(async () => /^\//.test(await box.inputValue().catch(() => '')), 'the file dialog', T);
  // What the dialog offers before anything is typed: the default file the extension asked for,
  // once the dialog has written it (polled for a few seconds, then taken as it is).
  const first = offered
    ? await waitFor(async () => offered.test(await box.inputValue()) && box.inputValue(), 'the default file name', 5000).catch(() =>
        box.inputValue(),
      )
    : await box.inputValue();
  // Filled, then checked at the next poll: a value the dialog rewrote in between is filled again.
  let filled = false;
  await waitFor(
    async () => {
      if (filled && (await box.inputValue()) === file) return true;
      await box.fill(file);
      filled = true;
      return false;
    },
    `the path ${file} in the file dialog`,
    T,
  );
  await page.keyboard.press('Enter');
  return first;
}

/** The first frame for which `test` (run inside it) is true, polled until the deadline. */
async function frameWhere(page, test, what) {
  return waitFor(
    async () => {
      for (const f of page.frames()) if (await f.evaluate(test).catch(() => false)) return f;
      return null;
    },
    what,
    T,
  );
}

/** A clean window for the next screen: no editor, no panel, no notification. */
async function cleanWindow(page) {
  await runCommand(page, 'View: Close All Editors', /Close All Editors/);
  await runCommand(page, 'View: Hide Panel', /Hide Panel/).catch(() => page.keyboard.press('Escape'));
  await runCommand(page, 'Notifications: Clear All Notifications', /Clear All Notifications/);
}

/** Opens a workspace file from the explorer (opening its folder when it is closed) once the tree lists it. */
async function openFromExplorer(page, folder, name, text) {
  await runCommand(page, 'View: Show Explorer', /Show Explorer/);
  const row = (label) => page.locator('.explorer-folders-view .monaco-list-row', { hasText: label }).first();
  const folderRow = row(new RegExp(`^${folder}$`));
  await folderRow.waitFor({ timeout: T });
  if ((await folderRow.getAttribute('aria-expanded')) !== 'true') await folderRow.click();
  await row(name).dblclick({ timeout: T });
  await waitText(page, '.monaco-editor .view-lines', text);
}

/**
 * The arbiter's and the coach's screens in Spanish (planilla.language is "es" by now), each one
 * checked on screen: the comparison of the two sheets of docs/arbitraje/ (turn-by-turn table and
 * verdict, inside its panel), the commented game exported by the editor's command (printed at the
 * width of A4 and shown in the editor's Simple Browser, tables inside the page), and the board
 * view's best-move list of a rack with a blank under a user's extra list (variants folded, blanks
 * marked, ✱ and its legend, the list named).
 */
async function deskRun(page, context, wsFolder) {
  fs.cpSync(path.join(repoRoot, 'docs/arbitraje'), path.join(wsFolder, 'arbitraje'), { recursive: true });
  fs.mkdirSync(path.join(wsFolder, 'coach'));
  const coachRecord = [
    '#character-encoding UTF-8',
    '#player1 Ana Ana Pérez',
    '#player2 Beto Beto Ruiz',
    '>Ana: ABILORS 8D LIBRO +16 16',
    '>Beto: AEIORS? - +0 0',
    '',
  ];
  fs.writeFileSync(path.join(wsFolder, 'coach', 'comodin.gcg'), coachRecord.join('\n'));
  // A word of the user's own that the built-in list lacks and that makes one of the best moves.
  const extra = path.join(wsFolder, 'coach', 'palabras-propias.txt');
  fs.writeFileSync(extra, 'SOREIAIT\n');
  await page.keyboard.press('Escape');
  await cleanWindow(page);

  // 1. Two sheets of one game compared: Ana's full sheet and Beto's score-only one.
  await openFromExplorer(page, 'arbitraje', 'mesa-12-ana.gcg', /BEFAN \+20 20/);
  // The view beside the record at the default layout, the side bar open.
  await runCommand(page, 'Planilla: Compar', /Compare with another sheet|Comparar con otra planilla/);
  await answerFileDialog(page, path.join(wsFolder, 'arbitraje', 'mesa-12-beto.gcg'));
  const compareFrame = await frameWhere(
    page,
    () => Boolean(document.querySelector('.planilla-compare table.turns tbody tr')),
    'the comparison view',
  );
  const compared = await compareFrame.evaluate(() => {
    const wrap = document.querySelector('.table-wrap');
    const table = document.querySelector('table.turns');
    return {
      title: document.querySelector('.planilla-compare h1')?.textContent || '',
      rows: table.querySelectorAll('tbody tr').length,
      differs: table.querySelectorAll('tbody tr.differs').length,
      verdicts: [...table.querySelectorAll('tbody tr.differs td.verdict')].map((td) => td.textContent || ''),
      summary: document.querySelector('.planilla-compare .summary')?.textContent || '',
      pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
      // Every column, the verdict last, within the view's width: nothing to scroll sideways to.
      tableFits: table.getBoundingClientRect().right <= wrap.getBoundingClientRect().right + 1,
    };
  });
  check(
    'compare_view_turn_table',
    /mesa-12-ana\.gcg/.test(compared.title) &&
      /mesa-12-beto\.gcg/.test(compared.title) &&
      compared.rows === 27 &&
      // only the turn a sheet writes wrong is marked; the turns that carry its gap agree
      compared.differs === 1 &&
      compared.verdicts.every((v) => /^tiene razón A \(art\. [\d., ]+\)/.test(v)) &&
      !compared.pageScrollsSideways &&
      compared.tableFits,
    compared,
  );
  await shoot(page, 'compare-table.png');
  await cleanWindow(page);

  // 2. The commented game, exported from the editor to the file the user names.
  await openFromExplorer(page, 'samples', 'apertura-comentada.gcg', /CAMINO \+26 26/);
  const exported = path.join(wsFolder, 'samples', 'apertura-comentada.comentada.html');
  await runCommand(page, 'Planilla: Export commented', /Export commented game|Exportar partida comentada/);
  // The analysis asked first: the quick one (as planilla report --diagrams), then the file.
  await waitText(page, '.quick-input-list .monaco-list-row', /Rápida/);
  await page.keyboard.type('Rápida');
  await page.keyboard.press('Enter');
  // code-server runs the Node extension host behind a browser UI: the dialog offers the file
  // beside the record, as the desktop does (only the web-worker host leaves the name out).
  const besideRecord = /\/apertura-comentada\.(comentada|commented)\.html$/;
  const offered = await answerFileDialog(page, exported, besideRecord);
  check('export_dialog_offers_file_beside_record', besideRecord.test(offered) && path.dirname(offered) === path.dirname(exported), {
    offered,
    folder: path.dirname(exported),
  });
  const written = await waitFor(
    () => fs.existsSync(exported) && /<\/html>\s*$/.test(fs.readFileSync(exported, 'utf8')),
    'the exported file',
    T,
  )
    .then(() => true)
    .catch(() => false);
  const saved = await waitText(page, '.notification-toast .notification-list-item-message', /apertura-comentada\.comentada\.html/).catch(
    () => '',
  );
  check('export_commented_writes_file', written && saved !== '', { written, saved });
  // As it prints: A4 (210 mm less the page's 12 mm margins = 703 px at 96 dpi), print media.
  const a4 = await context.newPage();
  try {
    await a4.setViewportSize({ width: 703, height: 1000 });
    await a4.emulateMedia({ media: 'print' });
    await a4.goto(require('node:url').pathToFileURL(exported).toString());
    const printed = await a4.evaluate(() => ({
      title: document.querySelector('h1')?.textContent || '',
      positions: document.querySelectorAll('.diagram .position svg').length,
      page: document.documentElement.scrollWidth,
      widest: Math.max(...[...document.querySelectorAll('table, svg')].map((e) => Math.round(e.getBoundingClientRect().right))),
    }));
    check(
      'commented_game_fits_a4',
      printed.title === 'Partida comentada' && printed.positions === 4 && printed.page <= 703 && printed.widest <= 703,
      printed,
    );
    await shoot(a4, 'commented-a4.png');
  } finally {
    await a4.close();
  }
  // And in the editor: VS Code's Simple Browser beside the record, the file served on loopback.
  const http = require('node:http');
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(fs.readFileSync(exported));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/apertura-comentada.comentada.html`;
  try {
    await runCommand(page, 'Simple Browser: Show', /Simple Browser: Show/);
    await page.waitForSelector('.quick-input-widget input', { timeout: T });
    await page.keyboard.type(url);
    await page.keyboard.press('Enter');
    const preview = await frameWhere(
      page,
      () => location.href.startsWith('http://127.0.0.1:') && Boolean(document.querySelector('.diagram .position svg')),
      'the commented game in the Simple Browser',
    );
    await preview.evaluate(() => document.querySelector('.diagram h3')?.scrollIntoView({ block: 'start' }));
    const shown = await preview.evaluate(() => ({
      title: document.querySelector('h1')?.textContent || '',
      positions: document.querySelectorAll('.diagram .position svg').length,
      width: document.documentElement.clientWidth,
      page: document.documentElement.scrollWidth,
    }));
    check('commented_game_in_editor', shown.title === 'Partida comentada' && shown.positions === 4 && shown.page <= shown.width + 1, shown);
    await runCommand(page, 'Notifications: Clear All Notifications', /Clear All Notifications/);
    await shoot(page, 'commented-editor.png');
  } finally {
    server.close();
  }
  await cleanWindow(page);

  // 3. The board's best moves of a rack with a blank, under the user's extra list.
  const settingsFile = path.join(wsFolder, '.vscode', 'settings.json');
  const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
  fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, 'planilla.lexiconExtra': extra }, null, 2));
  await openFromExplorer(page, 'coach', 'comodin.gcg', /AEIORS\? - \+0 0/);
  await page.locator('.monaco-editor .view-line', { hasText: 'AEIORS? - +0 0' }).first().click();
  await page
    .locator('.editor-actions [aria-label*="Show board"], .editor-actions [aria-label*="Mostrar tablero"]')
    .first()
    .click({ timeout: T });
  await boardShows(page, /^Jugada 2 de 2 · línea 5$/);
  const bf = await boardFrame(page);
  const list = await bf
    .waitForFunction(
      () => {
        const coach = document.querySelector('#board-root section.coach[data-state="ready"]');
        const rows = coach ? [...coach.querySelectorAll('.move[data-move]')] : [];
        if (rows.length === 0 || !coach.querySelector('.not-official')) return null;
        const side = document.querySelector('aside.side');
        return {
          rows: rows.map((r) => (r.textContent || '').replace(/\u00a0/g, ' ')),
          variants: [...coach.querySelectorAll('.variants')].map((v) => v.textContent),
          blanks: coach.querySelectorAll('.blank-letter').length,
          marked: [...coach.querySelectorAll('.move')]
            .filter((r) => r.querySelector('.not-official'))
            .map((r) => r.querySelector('.letters')?.textContent),
          legend: coach.querySelector('.coach-legend')?.textContent || '',
          list: coach.querySelector('.coach-list')?.textContent || '',
          overflowing: [...coach.querySelectorAll('.move .word')].filter(
            (w) => w.scrollWidth > w.clientWidth + 1 && getComputedStyle(w).textOverflow !== 'ellipsis',
          ).length,
          sideways: side ? side.scrollWidth > side.clientWidth + 1 : true,
        };
      },
      null,
      { timeout: T, polling: 100 },
    )
    .then((h) => h.jsonValue())
    .catch((e) => ({ error: String(e).split('\n')[0], rows: [], variants: [], marked: [] }));
  check(
    'board_best_moves_folded_and_marked',
    list.rows.length >= 5 &&
      list.variants.some((v) => /^\+\d+ variantes?$/.test(v)) &&
      list.blanks > 0 &&
      list.marked.includes('SOREIAIT') &&
      /^✱ no está en la lista oficial/.test(list.legend) &&
      /^Lista: .*lista de palabras añadidas/.test(list.list) &&
      list.overflowing === 0 &&
      !list.sideways,
    list,
  );
  // For the picture: the board view with the room of the side bar, the list down to its legend in view,
  // the marked move previewed under the pointer.
  await runCommand(page, 'View: Close Primary Side Bar', /Close Primary Side Bar/);
  await bf.evaluate(() => document.querySelector('#board-root .coach-legend')?.scrollIntoView({ block: 'end' }));
  await bf
    .locator('.move', { has: bf.locator('.not-official') })
    .first()
    .hover();
  await shoot(page, 'board-moves-list.png');
  await cleanWindow(page);

  // 4. The event desk: "Audit event…" on the folder of a generated event (24 players × 8 rounds,
  // 184 sheets and the cards, 44 discrepancies planted) from the explorer's context menu.
  const out = (p) => require(path.join(repoRoot, 'out', p));
  const { generateEvent, plantDiscrepancies, writeEvent } = out('test/support/event-generator');
  const { defaultLexicon } = out('test/support/fixtures');
  const lexicon = defaultLexicon();
  const planted = plantDiscrepancies(generateEvent({ seed: 7, lexicon }), 7, lexicon);
  const eventDir = path.join(wsFolder, 'torneo');
  writeEvent(eventDir, planted.event, path.join(eventDir, 'tarjetas.csv'));
  const players = [...new Set(planted.event.games.flatMap((g) => g.players))];
  await runCommand(page, 'View: Show Explorer', /Show Explorer/);
  const eventRow = page.locator('.explorer-folders-view .monaco-list-row', { hasText: /^torneo$/ }).first();
  await eventRow.waitFor({ timeout: T });
  await eventRow.click({ button: 'right' });
  const auditItem = page.locator('.context-view .action-label', { hasText: /Audit event|Auditar torneo/ }).first();
  await auditItem.click({ timeout: T });
  // A menu still laying itself out can take the click as a hover only (the item highlighted, the
  // menu left open): the highlighted item is then run from the keyboard, as a user would.
  await page.waitForTimeout(1000);
  if (
    await page
      .locator('.context-view .monaco-menu')
      .isVisible()
      .catch(() => false)
  ) {
    await auditItem.hover();
    await page.keyboard.press('Enter');
  }
  const eventFrame = await waitFor(
    async () => {
      for (const f of page.frames())
        if (await f.evaluate(() => document.querySelectorAll('table.standings tbody tr').length > 0).catch(() => false)) return f;
      return null;
    },
    'the event desk view',
    3 * T,
  );
  const desk = await eventFrame.evaluate(() => {
    const box = (e) => {
      const b = e.getBoundingClientRect();
      return { left: Math.round(b.left), right: Math.round(b.right), width: Math.round(b.width) };
    };
    const standings = document.querySelector('table.standings');
    const headers = [...standings.querySelectorAll('thead th')];
    return {
      title: document.querySelector('h1')?.textContent || '',
      tally: document.querySelector('h1 + p')?.textContent || '',
      headings: [...document.querySelectorAll('h2')].map((h) => h.textContent),
      standings: [...standings.querySelectorAll('tbody tr')].map((r) => r.querySelector('td:nth-child(2)')?.textContent || ''),
      findings: document.querySelectorAll('ul.findings li').length,
      games: document.querySelectorAll('table.games tbody tr').length,
      view: document.documentElement.clientWidth,
      page: document.documentElement.scrollWidth,
      tables: [...document.querySelectorAll('table')].map(box),
      // A header cell whose words run out of it (a word broken or clipped): none.
      headersOverflow: headers.filter((h) => h.scrollWidth > h.clientWidth + 1).map((h) => h.textContent),
    };
  });
  check(
    'event_desk_view',
    /^Auditoría del torneo /.test(desk.title) &&
      /184 planillas, 96 partidas: 24 errores, 20 avisos/.test(desk.tally) &&
      desk.headings.join('|') === 'Clasificación|Hallazgos|Partidas' &&
      desk.standings.length === players.length &&
      players.every((p) => desk.standings.includes(p)) &&
      desk.findings >= 44 &&
      desk.games === 96,
    { ...desk, standings: desk.standings.length, tables: undefined },
  );
  check(
    'event_desk_fits_its_view',
    desk.page <= desk.view + 1 &&
      desk.tables.length === 2 &&
      desk.tables.every((t) => t.left >= 0 && t.right <= desk.view + 1) &&
      desk.headersOverflow.length === 0,
    { view: desk.view, page: desk.page, tables: desk.tables, headersOverflow: desk.headersOverflow },
  );
  await shoot(page, 'event-desk.png');
  await eventFrame.evaluate(() => [...document.querySelectorAll('h2')][1]?.scrollIntoView({ block: 'start' }));
  await shoot(page, 'event-desk-findings.png');
}

runWorkbench({
  suite: 'vscode-ui',
  workspace,
  viewport: { width: 1600, height: 1000 },
  failureShot: 'failure.png',
  run: async ({ page, browser, root, ws, check: record }) => {
    check = record;
    check(
      'vsix_installed',
      fs.readdirSync(path.join(root, 'extensions')).some((d) => d.startsWith('planilla.planilla-')),
      fs.readdirSync(path.join(root, 'extensions')),
    );
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
    await shoot(page, 'problems.png');

    const lens = await waitText(page, '.monaco-editor .codelens-decoration', /Ana 16 · Beto 0/);
    check('code_lens', /the sheet says 18/.test(lens), lens);

    const score = page.locator('.monaco-editor .view-line span span', { hasText: /^\+18$/ }).first();
    const box = await score.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const hover = await waitText(page, '.monaco-hover', /LIBRO = 8 × 2 = 16/);
    check('hover', /art\. 12–19/.test(hover) && /True totals/.test(hover), hover.slice(0, 300));
    await page.waitForFunction(
      () => {
        const h = document.querySelector('.monaco-hover');
        return h && getComputedStyle(h).opacity === '1';
      },
      null,
      { timeout: T, polling: 100 },
    );
    await shoot(page, 'hover.png');
    const order = ['computed +16 · the sheet says +18', 'LIBRO = 8 × 2 = 16', 'score-mismatch — ', 'True totals after the move'].map(
      (piece) => hover.indexOf(piece),
    );
    check(
      'hover_leads_with_the_score',
      order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1])),
      order,
    );
    await page.mouse.move(5, 5);
    await page
      .waitForFunction(
        () =>
          !document.querySelector('.monaco-hover:not(.hidden)') ||
          getComputedStyle(document.querySelector('.monaco-hover')).opacity === '0',
        null,
        { timeout: T, polling: 100 },
      )
      .catch(() => undefined);

    // An ordinary move (the Problems panel open): the coach's one-line summary comes first, and it
    // and the move's score table show without scrolling; the cross words, the totals and the
    // best-move table follow and may scroll.
    const idea = page.locator('.monaco-editor .view-line span span', { hasText: /^IDEA$/ }).first();
    const ideaBox = await idea.boundingBox();
    await page.mouse.move(ideaBox.x + ideaBox.width / 2, ideaBox.y + ideaBox.height / 2);
    const ordinary = await waitText(page, '.monaco-hover', /IDEA = 7[\s\S]*IR \(cross word\)/);
    await page.waitForFunction(
      () => {
        const h = [...document.querySelectorAll('.monaco-hover')].find((e) => /IDEA = 7/.test(e.textContent || ''));
        return h && getComputedStyle(h).opacity === '1';
      },
      null,
      { timeout: T, polling: 100 },
    );
    const fits = await page.evaluate(() => {
      const h = [...document.querySelectorAll('.monaco-hover')].find((e) => /IDEA = 7/.test(e.textContent || ''));
      const view = h.querySelector('.monaco-scrollable-element');
      const scores = [...h.querySelectorAll('table')].find((t) => /^square/.test((t.querySelector('tr')?.textContent || '').trim()));
      if (!view || !scores) return { view: Boolean(view), scores: Boolean(scores) };
      const top = view.getBoundingClientRect().top;
      return {
        visible: Math.round(view.clientHeight),
        scoresEnd: Math.round(scores.getBoundingClientRect().bottom - top),
        scrollTop: view.firstElementChild ? view.firstElementChild.scrollTop : 0,
        content: view.firstElementChild ? view.firstElementChild.scrollHeight : 0,
        first: (h.querySelector('.hover-contents, .rendered-markdown')?.textContent || h.textContent || '').trim().slice(0, 80),
      };
    });
    check(
      'hover_ordinary_move_summary_first',
      /^Analysis \(static\): rank \d+, loses [\d.]+ · best /.test(fits.first || '') &&
        ordinary.indexOf('Analysis (static):') < ordinary.indexOf('IDEA = 7') &&
        ordinary.indexOf('IDEA = 7') < ordinary.indexOf('Best moves (static equity)'),
      fits.first,
    );
    check('hover_ordinary_move_fits', fits.scoresEnd > 0 && fits.scoresEnd <= fits.visible, fits);
    check('hover_lists_best_moves', /Best moves \(static equity\)/.test(ordinary), ordinary.slice(-300));
    await shoot(page, 'hover-move.png');
    // The coach's part of that hover: the best five moves as a table (scrolled into view for the shot).
    const coachRows = await page.evaluate(() => {
      const h = [...document.querySelectorAll('.monaco-hover')].find((e) => /IDEA = 7/.test(e.textContent || ''));
      const table = h && [...h.querySelectorAll('table')].find((t) => /equity/.test(t.querySelector('tr')?.textContent || ''));
      return table ? [...table.querySelectorAll('tbody tr')].map((r) => (r.textContent || '').replace(/\u00a0/g, ' ').trim()) : [];
    });
    check('hover_lists_five_best_moves', coachRows.length === 5, coachRows);
    const hoverBox = await page.locator('.monaco-hover', { hasText: 'IDEA = 7' }).first().boundingBox();
    await page.mouse.move(hoverBox.x + hoverBox.width / 2, hoverBox.y + Math.min(40, hoverBox.height / 2));
    // Scrolled with the wheel over the hover, a notch at a time, until the whole table shows.
    const tableInView = () =>
      page.evaluate(() => {
        const h = [...document.querySelectorAll('.monaco-hover')].find((e) => /IDEA = 7/.test(e.textContent || ''));
        const table = h && [...h.querySelectorAll('table')].find((t) => /equity/.test(t.querySelector('tr')?.textContent || ''));
        if (!table) return false;
        const t = table.getBoundingClientRect();
        const v = h.querySelector('.monaco-scrollable-element').getBoundingClientRect();
        return t.top >= v.top - 1 && t.bottom <= v.bottom + 1;
      });
    const tableShown = await waitFor(
      async () => {
        if (await tableInView()) return true;
        await page.mouse.wheel(0, 60);
        return false;
      },
      'the best-move table in view in the hover',
      T,
    ).catch(() => false);
    check('hover_best_moves_in_view', tableShown, null);
    await shoot(page, 'hover-best-moves.png');
    await page.mouse.move(5, 5);

    // The deep analysis of that move from the command palette, the cursor on its line: it runs in
    // the background (a progress notification), then its lens and its hover show the turn's
    // verdict (the method, the move named best, the points and win % lost) above the static figures.
    await page.locator('.monaco-editor .view-line', { hasText: 'IDEA +13 13' }).first().click();
    await runCommand(page, 'Planilla: Deep analysis', /Deep analysis/);
    const deepLens = await waitText(page, '.monaco-editor .codelens-decoration', /deep \([^)]*\): /, 180000).catch(() => '');
    check('deep_analysis_lens', /the move played (loses|is the best)/.test(deepLens || ''), deepLens);
    const ideaAgain = await page
      .locator('.monaco-editor .view-line span span', { hasText: /^IDEA$/ })
      .first()
      .boundingBox();
    await page.mouse.move(ideaAgain.x + ideaAgain.width / 2, ideaAgain.y + ideaAgain.height / 2);
    const deepHover = await waitText(page, '.monaco-hover', /Deep \(/).catch(() => '');
    check(
      'deep_analysis_hover',
      /Deep \(/.test(deepHover || '') && /IDEA = 7/.test(deepHover || '') && /%/.test(deepHover || ''),
      (deepHover || '').slice(0, 400),
    );
    // For the picture: the hover scrolled to its deep part.
    await page
      .evaluate(() => {
        const h = [...document.querySelectorAll('.monaco-hover')].find((e) => /Deep \(/.test(e.textContent || ''));
        const heading = h && [...h.querySelectorAll('p, strong, h3, h4')].find((e) => /Deep \(/.test(e.textContent || ''));
        if (heading) heading.scrollIntoView({ block: 'start' });
      })
      .catch(() => undefined);
    await page
      .waitForFunction(
        () => {
          const h = [...document.querySelectorAll('.monaco-hover')].find((e) => /Deep \(/.test(e.textContent || ''));
          return h && getComputedStyle(h).opacity === '1';
        },
        null,
        { timeout: T, polling: 100 },
      )
      .catch(() => undefined);
    await shoot(page, 'deep-hover.png');
    await page.mouse.move(5, 5);

    // Completion of a coordinate: the squares next to the tiles on the board first.
    await page.locator('.monaco-editor .view-line', { hasText: 'IDEA +13 13' }).first().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('>Ana: AS ');
    await page.keyboard.press('Control+Space');
    await page.waitForSelector('.suggest-widget.visible .monaco-list-row', { timeout: T });
    const offered = await page.waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('.suggest-widget.visible .monaco-list-row')];
        const labels = rows.map((r) => (r.querySelector('.label-name') || r).textContent.trim());
        return labels.length >= 5 ? labels.slice(0, 8) : null;
      },
      null,
      { timeout: T, polling: 100 },
    );
    const labels = await offered.jsonValue();
    check('completion_plausible_first', labels[0] === '6G' && labels.slice(0, 4).join(' ') === '6G G6 6H H6', labels);
    await shoot(page, 'completion.png');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Backspace');

    await runCommand(page, 'Planilla: Check all records in workspace', /Check all records in workspace/);
    const panel = await waitText(
      page,
      '.markers-panel',
      /gcg-ending\.gcg[\s\S]*end-rack-gcg-convention|end-rack-gcg-convention[\s\S]*gcg-ending\.gcg/,
    );
    const corpus = await waitText(page, '.markers-panel', /corpus/);
    check('check_workspace', /gcg-ending\.gcg/.test(panel) && /corpus/.test(corpus), null);
    await shoot(page, 'problems-workspace.png');

    // A real Spanish record from the shared corpus: lenses with the running totals.
    const real = 'es_juego1_alejandro_vs_daniel.gcg';
    if (fs.existsSync(path.join(ws, 'corpus', real))) {
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: /^corpus$/ }).click();
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: real }).dblclick({ timeout: T });
      const first = await waitText(page, '.monaco-editor .codelens-decoration', /Alejandro 12 · Daniel 0/);
      check('corpus_lenses', first.includes('Alejandro 12 · Daniel 0'), first);
      await shoot(page, 'corpus-es.png');
    }

    await boardRun(page);
    await fitRun(page, ws);
    await deskRun(page, browser.context, ws);
  },
});
