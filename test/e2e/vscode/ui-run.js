#!/usr/bin/env node
// One run through the real UI, as a person would: the packaged .vsix is installed into
// code-server (VS Code 1.100), Debian's Chromium opens a workspace holding the e2e records, the
// project's samples and the shared real corpus, and the run checks what is on screen: the
// grammar's colours, the Problems panel, the code lens, the hover, the "Check all records in
// workspace" command, the board view (opened from the title bar, following the cursor, stepping
// with its keys and buttons; fitting its column at 1600×1000 with the Problems panel open,
// wrapping its side panel in a narrow column, back after a window reload), the hover of an
// ordinary move (no scroll bar), the coordinates offered by completion (plausible ones first) and
// the audit report (its own toolbar; following an edit). Screenshots go to test-output/e2e/.
//
// Usage: node test/e2e/vscode/ui-run.js [path.vsix]   (default: package one into a scratch folder)
// Prints one JSON line per check and "vscode-ui: N passed, N failed"; exits non-zero on failure.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { STEP_TIMEOUT_MS: T, boardFrame, repoRoot, runWorkbench, shotsDir: shots, waitText } = require('./harness');
const { waitFor } = require('./wait');

/** Screenshots kept in the repository (the README lists them). */
const docsShots = path.join(repoRoot, 'docs/screenshots');

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
  await page.screenshot({ path: path.join(shots, 'board-keys.png') });

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
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { timeout: T });
  await page.keyboard.type('Notifications: Clear All Notifications');
  await waitText(page, '.quick-input-list .monaco-list-row', /Clear All Notifications/);
  await page.keyboard.press('Enter');
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
  await page.screenshot({ path: path.join(docsShots, 'board-best-moves.png') });
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
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { timeout: T });
  await page.keyboard.type('Planilla: Audit report');
  await waitText(page, '.quick-input-list .monaco-list-row', /Audit report/);
  await page.keyboard.press('Enter');
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
  await page.screenshot({ path: path.join(shots, 'audit-report.png') });

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
  await page.screenshot({ path: path.join(shots, 'audit-report-live.png') });
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
  await page.screenshot({ path: path.join(shots, 'board-fits.png') });

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
  await page.screenshot({ path: path.join(shots, 'board-narrow.png') });
  await page.setViewportSize({ width: 1600, height: 1000 });

  // Reload the window as a person does (the command), so VS Code keeps the views' state.
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { timeout: T });
  await page.keyboard.type('Developer: Reload Window');
  await waitText(page, '.quick-input-list .monaco-list-row', /Reload Window/);
  await page.keyboard.press('Enter');
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
  await page.screenshot({ path: path.join(shots, 'board-reloaded.png') });

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
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { timeout: T });
  await page.keyboard.type('Planilla: Check all records in workspace');
  await waitText(page, '.quick-input-list .monaco-list-row', /Check all records in workspace/);
  await page.keyboard.press('Enter');
  const summaryEs = await waitText(page, '.notification-toast', /planillas comprobadas/).catch(() => '');
  const best = (await waitText(page, '.monaco-editor .codelens-decoration > *', /^mejor: /).catch((e) => String(e).split('\n')[0])).trim();
  check('lens_best_move', /^mejor: (la jugada hecha \()?(\d{1,2}[A-O]|[A-O]\d{1,2}|cambio|pasa)/.test(best), best);
  await page.screenshot({ path: path.join(docsShots, 'lens-best.png') });
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
  await page.screenshot({ path: path.join(shots, 'lens-es.png') });

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
  await page.screenshot({ path: path.join(shots, 'cli-es.png') });
}

runWorkbench({
  suite: 'vscode-ui',
  workspace,
  viewport: { width: 1600, height: 1000 },
  failureShot: 'failure.png',
  run: async ({ page, root, ws, check: record }) => {
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
    await page.screenshot({ path: path.join(shots, 'problems.png') });

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
    await page.screenshot({ path: path.join(shots, 'hover.png') });
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

    // An ordinary move: the hover fits without a scroll bar (the Problems panel open).
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
      // What the reader came for (score, square table, totals) must show without scrolling; the
      // coach's best-move table follows below it and may scroll.
      const coach = [...h.querySelectorAll('*')].find(
        (e) => e.children.length === 0 && /^Best moves \(static equity\)/.test((e.textContent || '').trim()),
      );
      const scrollables = [...h.querySelectorAll('.monaco-scrollable-element')].map((el) => {
        const inner = el.firstElementChild;
        const top = el.getBoundingClientRect().top;
        const upTo = coach ? coach.getBoundingClientRect().top - top : inner ? inner.scrollHeight : 0;
        return { visible: el.clientHeight, content: upTo, coach: Boolean(coach) };
      });
      return { scrollables, box: h.getBoundingClientRect().height };
    });
    check('hover_ordinary_move_fits', fits.scrollables.length > 0 && fits.scrollables.every((s) => s.content <= s.visible + 2), {
      fits,
      text: ordinary.slice(0, 200),
    });
    check(
      'hover_lists_best_moves',
      /Best moves \(static equity\)/.test(ordinary) || fits.scrollables.some((s) => s.coach),
      ordinary.slice(-300),
    );
    await page.screenshot({ path: path.join(shots, 'hover-move.png') });
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
    await page.screenshot({ path: path.join(docsShots, 'hover-best-moves.png') });
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
    await page.screenshot({ path: path.join(shots, 'completion.png') });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Backspace');

    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget input', { timeout: T });
    await page.keyboard.type('Planilla: Check all records in workspace');
    await waitText(page, '.quick-input-list .monaco-list-row', /Check all records in workspace/);
    await page.keyboard.press('Enter');
    const panel = await waitText(
      page,
      '.markers-panel',
      /gcg-ending\.gcg[\s\S]*end-rack-gcg-convention|end-rack-gcg-convention[\s\S]*gcg-ending\.gcg/,
    );
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
    await fitRun(page, ws);
  },
});
