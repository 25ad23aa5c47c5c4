#!/usr/bin/env node
// The board view's page and the audit report rendered in Debian's Chromium (playwright-core, the
// launch flags of the code-server runs) from file:// pages, checked as a person would see them:
//   - the board page of a sample record (report/board-body.ts body in the shared/board-page.ts
//     page): turn label, last move, racks with a blank, the digraph tile, unseen tiles; its nonce'd
//     script runs and posts steps for the buttons and keys; its policy refuses an inline handler;
//     screenshot test-output/e2e/board-sample.png;
//   - a record with a hostile nick, name, title and note (`<img src=x onerror=alert(1)>`): on the
//     board page and in the `planilla report` HTML it shows as text, no element is injected and
//     no dialog fires;
//   - the `planilla report` HTML of records with errors: each finding of `planilla check --json`
//     is listed with its code and its article;
//   - no request other than file:, data: or vscode-* (every request is recorded).
// Needs the compiled sources (out/, from `npm run build`).
//
// Usage: node test/e2e/chromium/render-check.js
// Prints one JSON line per check and "chromium-render: N passed, N failed"; exits non-zero on failure.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { launchBrowser } = require('../vscode/harness');

const repoRoot = path.resolve(__dirname, '../../..');
const shots = path.join(repoRoot, 'test-output/e2e');
const out = (p) => require(path.join(repoRoot, 'out/server/src', p));
const { analyze } = out('service/document');
const { boardViewAt } = out('report/board-body');
const { renderBoardViewPage } = out('shared/board-page');

const HOSTILE = '<img src=x onerror=alert(1)>';
const HOSTILE_NICK = '<img/src=x/onerror=alert(1)>';
const NONCE = 'cmVuZGVyLWNoZWNrLW5vbmNl';

const results = [];
const check = (name, ok, detail) => {
  results.push({ name, ok: Boolean(ok) });
  console.log(JSON.stringify({ check: name, ok: Boolean(ok), detail }));
};

/** A record with a hostile nick, name, title and note, and five findings of four kinds. */
const HOSTILE_RECORD = [
  '#character-encoding UTF-8',
  `#player1 ${HOSTILE_NICK} ${HOSTILE}`,
  '#player2 Beto <script>alert(2)</script>',
  `#title ${HOSTILE} & "final"`,
  '#lexicon FILE2017',
  '#incomplete',
  `>${HOSTILE_NICK}: ABILORS 8D LIBRO +18 18`,
  `#note ${HOSTILE} **bien** <script>alert(3)</script>`,
  '>Beto: ADEIMNT 7G IDEA +13 15',
  `>${HOSTILE_NICK}: EEFGNOT 9A FONTEGX +50 68`,
  '',
].join('\n');

/** Runs the CLI; its standard output (`check` exits 1 when a record has errors, which is expected here). */
function planilla(args) {
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin/planilla.js'), '--lang', 'es', ...args], { encoding: 'utf8' });
  if (run.status !== 0 && run.status !== 1) throw new Error(`planilla ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}

/** The board page of `file` with the cursor on `line` (0-based), written beside it. */
function boardPage(file, line, lang) {
  const replay = analyze(fs.readFileSync(file)).replay;
  const view = boardViewAt(replay, line, lang);
  const page = renderBoardViewPage({ cspSource: 'file:', nonce: NONCE, lang, body: view.html });
  const target = `${file}.board.html`;
  fs.writeFileSync(target, page);
  return { url: pathToFileURL(target).href, view };
}

/** Loads a file:// page (the init script stands in for the webview API and records what it posts). */
async function open(page, url) {
  await page.goto(url);
  await page.waitForLoadState('load');
}

async function pageText(page) {
  return page.evaluate(() => document.body.innerText);
}

(async () => {
  fs.mkdirSync(shots, { recursive: true });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'planilla-render-'));
  let browser;
  const requests = [];
  const dialogs = [];
  try {
    browser = await launchBrowser(root);
    const { page, context } = browser;
    await page.setViewportSize({ width: 1180, height: 860 });
    page.on('request', (r) => requests.push(r.url()));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await context.addInitScript(() => {
      window.__posted = [];
      window.acquireVsCodeApi = () => ({
        postMessage: (m) => window.__posted.push(m),
        getState: () => undefined,
        setState: () => undefined,
      });
    });

    // 1. The board of a sample record at its last event: blank CH, last move, racks, unseen tiles.
    const sample = path.join(root, 'apertura-comentada.gcg');
    fs.copyFileSync(path.join(repoRoot, 'samples/apertura-comentada.gcg'), sample);
    const lines = fs.readFileSync(sample, 'utf8').split('\n');
    const lastLine = lines
      .map((l, i) => (l.startsWith('>') ? i : -1))
      .filter((i) => i >= 0)
      .pop();
    const board = boardPage(sample, lastLine, 'es');
    await open(page, board.url);
    const seen = await page.evaluate(() => ({
      label: document.querySelector('.turn-label')?.textContent,
      lastMove: document.querySelector('.planilla-board')?.getAttribute('data-last-move'),
      squares: document.querySelectorAll('svg.board > rect').length,
      blankOnBoard: [...document.querySelectorAll('svg.board text[font-style="italic"]')].map((t) => t.textContent),
      racks: [...document.querySelectorAll('.player .rack')].map((r) => r.textContent),
      blankInRack: document.querySelectorAll('.rack .tile.blank').length,
      groups: document.querySelectorAll('.unseen .group').length,
      bag: document.querySelector('.bag')?.textContent,
      boardWidth: document.querySelector('svg.board')?.getBoundingClientRect().width,
      posted: window.__posted.slice(),
    }));
    check('board_turn_label', seen.label === `Jugada 5 de 5 · línea ${lastLine + 1}`, seen.label);
    check('board_last_move', seen.lastMove === board.view.lastMove.join(' ') && board.view.lastMove.length > 0, seen.lastMove);
    check('board_squares', seen.squares >= 225 + 2, seen.squares);
    check('board_blank_digraph_tile', seen.blankOnBoard.includes('CH'), seen.blankOnBoard);
    check('board_racks_and_unseen', seen.racks.length === 2 && seen.groups > 10 && /^Bolsa: \d+ fichas$/.test(seen.bag || ''), {
      racks: seen.racks,
      groups: seen.groups,
      bag: seen.bag,
    });
    check('board_fills_its_column', seen.boardWidth > 400, seen.boardWidth);
    check(
      'board_script_runs_under_its_nonce',
      seen.posted.some((m) => m.type === 'ready'),
      seen.posted,
    );
    await page.screenshot({ path: path.join(shots, 'board-sample.png'), fullPage: true });

    // Steps: keys and buttons post step messages (the extension moves the cursor on them).
    await page.locator('svg.board').click();
    for (const key of ['ArrowLeft', 'Home', 'End', 'ArrowRight']) await page.keyboard.press(key);
    await page.locator('button[data-step="previous"]').click();
    await page.locator('button[data-step="next"]').click({ force: true });
    const steps = await page.evaluate(() => window.__posted.filter((m) => m.type === 'step').map((m) => m.step));
    check(
      'board_keys_and_buttons_post_steps',
      JSON.stringify(steps) === JSON.stringify(['previous', 'first', 'last', 'next', 'previous']),
      steps,
    );

    // A render message swaps the body; an inline handler is refused by the page's policy.
    const swapped = await page.evaluate(async () => {
      const violations = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
      window.postMessage(
        {
          type: 'render',
          html: '<div class="planilla-board"><h1 class="turn-label">swapped</h1><img id="probe" src="data:image/png;base64,AAAA" onerror="window.__fired = true"></div>',
        },
        '*',
      );
      for (let i = 0; i < 50 && !document.getElementById('probe'); i++) await new Promise((r) => setTimeout(r, 20));
      for (let i = 0; i < 50 && violations.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      return { label: document.querySelector('.turn-label')?.textContent, fired: window.__fired === true, violations };
    });
    check('board_render_message_swaps_body', swapped.label === 'swapped', swapped.label);
    check('board_policy_refuses_inline_handlers', !swapped.fired && swapped.violations.some((v) => v.startsWith('script-src')), swapped);

    // 2. A hostile record: the board page and the report show its texts as text.
    const hostile = path.join(root, 'hostil.gcg');
    fs.writeFileSync(hostile, HOSTILE_RECORD);
    const hostileBoard = boardPage(hostile, 9, 'en');
    await open(page, hostileBoard.url);
    let text = await pageText(page);
    let injected = await page.evaluate(
      () => document.querySelectorAll('body img, body iframe, body object, body script:not([nonce])').length,
    );
    check('board_escapes_hostile_nick', text.includes(HOSTILE_NICK) && text.includes(HOSTILE) && injected === 0, {
      injected,
      text: text.slice(0, 300),
    });

    const hostileReport = path.join(root, 'hostil.html');
    planilla(['report', hostile, '-o', hostileReport]);
    await open(page, pathToFileURL(hostileReport).href);
    text = await pageText(page);
    injected = await page.evaluate(() => document.querySelectorAll('body img, body iframe, body object, body script:not([nonce])').length);
    check(
      'report_escapes_hostile_texts',
      text.includes(HOSTILE) && text.includes(HOSTILE_NICK) && text.includes('<script>alert(2)</script>') && injected === 0,
      { injected },
    );

    // 3. The report of records with errors: each finding with its code and article.
    const scoreError = path.join(root, 'score-error.gcg');
    fs.copyFileSync(path.join(repoRoot, 'test/e2e/workspace/score-error.gcg'), scoreError);
    for (const [name, record] of [
      ['score-error', scoreError],
      ['hostil', hostile],
    ]) {
      const expected = JSON.parse(planilla(['check', '--json', record])).files[0].diagnostics;
      const report = path.join(root, `${name}.report.html`);
      planilla(['report', record, '-o', report]);
      await open(page, pathToFileURL(report).href);
      const items = await page.evaluate(() =>
        [...document.querySelectorAll('ul.findings li')].map((li) => ({
          code: li.querySelector('code')?.textContent,
          art: li.querySelector('.art')?.textContent || '',
        })),
      );
      // The citation names every part of the article ('33, XII' is cited as 'art. 33, anexo XII').
      const cites = (art, article) => !article || (art.startsWith('(art. ') && article.split(/,\s*/).every((part) => art.includes(part)));
      const missing = expected.filter((d) => !items.some((i) => i.code === d.code && cites(i.art, d.article)));
      check(
        `report_lists_each_finding_with_article_${name}`,
        expected.length > 0 && items.length === expected.length && missing.length === 0,
        {
          expected: expected.map((d) => `${d.code} art. ${d.article}`),
          missing,
        },
      );
      if (name === 'score-error') await page.screenshot({ path: path.join(shots, 'report-score-error.png'), fullPage: true });
    }
  } catch (e) {
    check('harness', false, String((e && e.stack) || e).slice(0, 2000));
  } finally {
    check('no_dialog_fired', dialogs.length === 0, dialogs);
    const foreign = requests.filter((u) => !/^(file|data|vscode-[a-z-]+):/i.test(u));
    check('no_request_but_file_data_vscode', requests.length > 0 && foreign.length === 0, {
      requests: requests.length,
      foreign: foreign.slice(0, 5),
    });
    if (browser) check('no_request_left_loopback', browser.external.length === 0, browser.external.slice(0, 5));
    if (browser) await browser.close();
    if (!process.env.KEEP) fs.rmSync(root, { recursive: true, force: true });
    const failed = results.filter((r) => !r.ok).length;
    console.log(`chromium-render: ${results.length - failed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  }
})();
