#!/usr/bin/env node
// Every printed screen printed as a person prints it: Debian's Chromium (playwright-core, the launch
// flags of the code-server runs) prints each page to PDF at A4 with the page's own @page rules, and
// the PDF is read back with poppler (pdfinfo, pdftotext, pdftoppm):
//   - the rulings of two pairs of sheets that differ on one turn, later turns carrying its gap
//     (docs/arbitraje/mesa-12-*, mesa-7-*): one page, the decision box and three signature lines;
//   - the ruling of the worst case (two sheets of a real game, every score of one of them wrong):
//     one first page with the decision and the signatures, then the annex with every turn;
//   - the commented game (`planilla report --diagrams`) of the real Spanish game: the players'
//     names and the moves table's words never broken across lines;
//   - the comparison view's page (as VS Code shows it) of the worst case, printed: every row on
//     paper, none left inside a scrolling box;
//   - the event desk's sheet (`planilla event -o`) of a generated event with planted discrepancies:
//     the standings, the findings of every round, the games.
// On every page of every PDF: A4 (595 × 842 pt), some ink (no blank page), and no ink in the
// right-hand margin the page's @page rule leaves (nothing runs over or is cut at the right border).
// The pages are rendered to PNG in test-output/e2e/ (and, with PLANILLA_SCREENSHOTS=DIR, the
// documented ones in DIR: ruling-a4-first-page.png, ruling-a4-annex.png, commented-a4-1.png,
// event-a4-1.png, event-a4-2.png). Needs the compiled sources (out/, from `npm run build`).
//
// Usage: [PLANILLA_SCREENSHOTS=DIR] node test/e2e/chromium/print-check.js
// Prints one JSON line per check and "chromium-print: N passed, N failed"; exits non-zero on failure.
'use strict';
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { launchBrowser } = require('../vscode/harness');

const repoRoot = path.resolve(__dirname, '../../..');
const shots = path.join(repoRoot, 'test-output/e2e');
const docsDir = process.env.PLANILLA_SCREENSHOTS ? path.resolve(process.env.PLANILLA_SCREENSHOTS) : '';
const out = (p) => require(path.join(repoRoot, 'out', p));

const MM = 72 / 25.4; // PDF points per millimetre
const A4 = { width: 595, height: 842 }; // points (595.28 × 841.89), within a point

const results = [];
const check = (name, ok, detail) => {
  results.push({ name, ok: Boolean(ok) });
  console.log(JSON.stringify({ check: name, ok: Boolean(ok), detail }));
};

/** Runs the CLI in `cwd` (exit 0 or 1: a record with findings is expected here). */
function planilla(args, cwd = repoRoot) {
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin/planilla.js'), '--lang', 'es', ...args], { encoding: 'utf8', cwd });
  if (run.status !== 0 && run.status !== 1) throw new Error(`planilla ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}

/** The right margin, in mm, of the page's `@page` rule (`margin: V H` or `margin: T R B L`). */
function rightMarginMm(html) {
  const rule = /@page\s*{[^}]*margin:\s*([^;}]+)/.exec(html);
  if (!rule) return 0;
  const parts = rule[1].trim().split(/\s+/);
  const right = parts.length === 1 ? parts[0] : parts[1];
  const m = /^([\d.]+)mm$/.exec(right);
  return m ? Number(m[1]) : 0;
}

/** A PGM (P5, 8 bits) file as { width, height, data }. */
function readPgm(file) {
  const buf = fs.readFileSync(file);
  const header = [];
  let at = 0;
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[at]))) at++;
    if (buf[at] === 0x23) {
      while (buf[at] !== 0x0a) at++;
      continue;
    }
    let token = '';
    while (!/\s/.test(String.fromCharCode(buf[at]))) token += String.fromCharCode(buf[at++]);
    header.push(token);
  }
  at++;
  return { width: Number(header[1]), height: Number(header[2]), data: buf.subarray(at) };
}

/**
 * Prints `html` (a file) to `name`.pdf at A4 and reads it back: its pages, their size, the text of
 * each page, and per page the ink (dark pixels) and the rightmost inked column in points.
 */
async function printToPdf(page, htmlFile, name) {
  await page.emulateMedia({ media: 'print' });
  await page.goto(pathToFileURL(htmlFile).href);
  await page.waitForLoadState('load');
  const pdf = path.join(path.dirname(htmlFile), `${name}.pdf`);
  await page.pdf({ path: pdf, format: 'A4', preferCSSPageSize: true, printBackground: true });
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)[1]);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
  const texts = [];
  const ink = [];
  const dpi = 72; // one pixel a point
  for (let p = 1; p <= pages; p++) {
    texts.push(execFileSync('pdftotext', ['-f', String(p), '-l', String(p), '-layout', pdf, '-'], { encoding: 'utf8' }));
    const base = path.join(path.dirname(pdf), `${name}-${p}`);
    execFileSync('pdftoppm', ['-f', String(p), '-l', String(p), '-r', String(dpi), '-gray', '-singlefile', pdf, base]);
    const img = readPgm(`${base}.pgm`);
    let dark = 0;
    let right = -1;
    for (let y = 0; y < img.height; y++)
      for (let x = 0; x < img.width; x++)
        if (img.data[y * img.width + x] < 200) {
          dark++;
          if (x > right) right = x;
        }
    ink.push({ dark, right: (right + 1) * (72 / dpi) });
  }
  return { pdf, pages, width: size ? Math.round(Number(size[1])) : 0, height: size ? Math.round(Number(size[2])) : 0, texts, ink };
}

/** Checks every page of a printed PDF: A4, not blank, no ink in the right margin of its @page rule. */
function checkPages(name, printed, html) {
  const margin = rightMarginMm(html);
  // Inked up to the margin's edge, with half a millimetre for anti-aliasing.
  const limit = A4.width - margin * MM + 0.5 * MM;
  const pages = printed.ink.map((p, i) => ({ page: i + 1, dark: p.dark, right: Math.round(p.right * 10) / 10 }));
  check(`${name}_a4`, Math.abs(printed.width - A4.width) <= 1 && Math.abs(printed.height - A4.height) <= 1, {
    width: printed.width,
    height: printed.height,
  });
  check(
    `${name}_no_blank_page`,
    pages.every((p) => p.dark > 500),
    pages,
  );
  check(`${name}_nothing_cut_at_right`, margin > 0 && pages.every((p) => p.right <= limit), {
    margin,
    limit: Math.round(limit * 10) / 10,
    pages,
  });
}

/** The page images: PNG of page `p` to test-output/e2e/NAME (and DIR/NAME with PLANILLA_SCREENSHOTS). */
function pageShot(pdf, p, name) {
  const base = path.join(shots, name.replace(/\.png$/, ''));
  execFileSync('pdftoppm', ['-f', String(p), '-l', String(p), '-r', '96', '-png', '-singlefile', pdf, base]);
  if (docsDir) {
    fs.mkdirSync(docsDir, { recursive: true });
    fs.copyFileSync(`${base}.png`, path.join(docsDir, name));
  }
}

/** Two sheets of the real Spanish game: A as played, B with every play's score one more (totals follow). */
function worstCaseSheets(dir) {
  const corpus = path.resolve(repoRoot, '../shared/corpus/real/es_juego1_alejandro_vs_daniel.gcg');
  const source = fs.existsSync(corpus) ? corpus : path.join(repoRoot, 'samples/partida-completa.gcg');
  const lines = fs.readFileSync(source, 'utf8').split(/\r?\n/);
  const a = path.join(dir, 'peor-a.gcg');
  const b = path.join(dir, 'peor-b.gcg');
  fs.writeFileSync(a, lines.join('\n'));
  const added = new Map();
  const wrong = lines.map((l) => {
    const m = /^(>[^:]+:.* )\+(\d+) (\d+)$/.exec(l);
    if (!m) return l;
    const nick = l.slice(1, l.indexOf(':'));
    const more = (added.get(nick) ?? 0) + 1;
    added.set(nick, more);
    return `${m[1]}+${Number(m[2]) + 1} ${Number(m[3]) + more}`;
  });
  fs.writeFileSync(b, wrong.join('\n'));
  return [a, b, [...added.values()].reduce((s, n) => s + n, 0)];
}

(async () => {
  fs.mkdirSync(shots, { recursive: true });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'planilla-print-'));
  let browser;
  const requests = [];
  try {
    browser = await launchBrowser(root);
    const { page } = browser;
    page.on('request', (r) => requests.push(r.url()));
    const arbitraje = path.join(repoRoot, 'docs/arbitraje');

    // 1. The rulings of sheets that differ on one turn (the later turns carry its gap): one page,
    // no annex, the signatures on it.
    for (const [name, a, b] of [
      ['ruling_mesa_12', 'mesa-12-ana.gcg', 'mesa-12-beto.gcg'],
      ['ruling_mesa_7', 'mesa-7-ramon.gcg', 'mesa-7-sofia.gcg'],
    ]) {
      const file = path.join(root, `${name}.html`);
      planilla(['report', '--ruling', path.join(arbitraje, a), path.join(arbitraje, b), '-o', file]);
      const html = fs.readFileSync(file, 'utf8');
      const printed = await printToPdf(page, file, name);
      checkPages(name, printed, html);
      const text = printed.texts[0] || '';
      check(
        `${name}_one_page_with_signatures`,
        printed.pages === 1 &&
          !html.includes('<section class="annex">') &&
          (text.match(/Firma/g) ?? []).length === 3 &&
          /Decisión/.test(text),
        { pages: printed.pages, tail: text.trim().split('\n').slice(-1) },
      );
      if (name === 'ruling_mesa_7') pageShot(printed.pdf, 1, 'ruling-a4-first-page.png');
    }

    // 2. The worst case: every score of one sheet wrong. The first page (decision, signatures),
    // then the annex with every differing turn.
    const [worstA, worstB, wrongTurns] = worstCaseSheets(root);
    {
      const name = 'ruling_worst_case';
      const file = path.join(root, `${name}.html`);
      planilla(['report', '--ruling', worstA, worstB, '-o', file]);
      const html = fs.readFileSync(file, 'utf8');
      const printed = await printToPdf(page, file, name);
      checkPages(name, printed, html);
      const annexTurns = ((html.split('<section class="annex">')[1] ?? '').match(/<li>/g) ?? []).length;
      const first = printed.texts[0] || '';
      const signatures = (first.match(/Firma/g) ?? []).length;
      check(
        `${name}_first_page_then_annex`,
        printed.pages >= 2 &&
          signatures === 3 &&
          /Decisión del árbitro/.test(first) &&
          !/Anexo:/.test(first) &&
          /^\s*Anexo:/.test(printed.texts[1] || '') &&
          printed.texts.slice(2).every((t) => !/Firma/.test(t)),
        { pages: printed.pages, signatures, annexTurns, wrongTurns },
      );
      check(`${name}_annex_lists_every_turn`, annexTurns >= wrongTurns, { annexTurns, wrongTurns });
      pageShot(printed.pdf, 2, 'ruling-a4-annex.png');
    }

    // 3. The commented game of the real Spanish game (or a sample without the shared corpus).
    const corpusGame = path.resolve(repoRoot, '../shared/corpus/real/es_juego1_alejandro_vs_daniel.gcg');
    const game = fs.existsSync(corpusGame) ? corpusGame : path.join(repoRoot, 'samples/partida-completa.gcg');
    const commented = path.join(root, 'comentada.html');
    // Named as the coach names it, from the folder that holds it (the page shows the name given).
    fs.copyFileSync(game, path.join(root, path.basename(game)));
    planilla(['report', '--diagrams', path.basename(game), '-o', commented], root);
    const commentedHtml = fs.readFileSync(commented, 'utf8');
    const commentedPdf = await printToPdf(page, commented, 'comentada');
    checkPages('commented_game', commentedPdf, commentedHtml);
    // The players' full names and every word of the moves table read whole on paper.
    const record = out('server/src/service/document').analyze(fs.readFileSync(game));
    const names = record.replay.players.map((p) => p.name || p.nick).flatMap((n) => n.split(/\s+/));
    const words = record.replay.turns.flatMap((t) => t.words.map((w) => w.word)).filter((w) => w.length >= 5);
    const paper = commentedPdf.texts.join('\n');
    const broken = [...new Set([...names, ...words])].filter((w) => {
      const flat = paper.replace(/\s+/g, '');
      const whole = new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'iu');
      return flat.toUpperCase().includes(w.toUpperCase()) && !whole.test(paper);
    });
    check('commented_game_words_whole', commentedPdf.pages >= 2 && broken.length === 0, { pages: commentedPdf.pages, broken });
    pageShot(commentedPdf.pdf, 1, 'commented-a4-1.png');

    // 4. The comparison view's page, printed: every row on paper.
    const { analyze } = out('server/src/service/document');
    const { compareSheets } = out('server/src/service/compare');
    const { renderCompareBody } = out('server/src/report/compare-table');
    const { renderComparePage } = out('server/src/shared/compare-page');
    const sheetA = analyze(fs.readFileSync(worstA));
    const sheetB = analyze(fs.readFileSync(worstB));
    const comparison = compareSheets({ name: 'peor-a.gcg', analysis: sheetA }, { name: 'peor-b.gcg', analysis: sheetB });
    const comparePage = path.join(root, 'comparacion.html');
    const compareHtml = renderComparePage({
      cspSource: 'file:',
      nonce: 'cHJpbnQtY2hlY2stbm9uY2U=',
      lang: 'es',
      title: 'Comparación: peor-a.gcg ↔ peor-b.gcg',
      body: renderCompareBody(comparison, sheetA.replay.rules, 'es'),
    });
    fs.writeFileSync(comparePage, compareHtml);
    const rows = (compareHtml.match(/<tr[ >]/g) ?? []).length - 1;
    const comparePdf = await printToPdf(page, comparePage, 'comparacion');
    checkPages('comparison', comparePdf, compareHtml);
    const turnsOnPaper = comparePdf.texts
      .join('\n')
      .split('\n')
      .filter((l) => /^\s*\d+\s+\S/.test(l)).length;
    check('comparison_every_row_on_paper', rows > 20 && turnsOnPaper >= rows, { rows, turnsOnPaper, pages: comparePdf.pages });
    const nicks = sheetA.replay.players.map((p) => p.nick);
    const comparePaper = comparePdf.texts.join('\n');
    check(
      'comparison_names_whole',
      nicks.every((n) => comparePaper.includes(n)),
      nicks.map((n) => ({ nick: n, whole: comparePaper.includes(n) })),
    );
    pageShot(comparePdf.pdf, 1, 'comparison-a4-1.png');

    // 5. The event desk's sheet of a generated event with planted discrepancies.
    const { generateEvent, plantDiscrepancies, writeEvent } = out('test/support/event-generator');
    const { defaultLexicon } = out('test/support/fixtures');
    const lexicon = defaultLexicon();
    const planted = plantDiscrepancies(generateEvent({ seed: 7, lexicon }), 7, lexicon);
    const eventDir = path.join(root, 'torneo');
    writeEvent(eventDir, planted.event, path.join(eventDir, 'tarjetas.csv'));
    const eventFile = path.join(root, 'informe.html');
    planilla(['event', eventDir, '--results', path.join(eventDir, 'tarjetas.csv'), '-o', eventFile]);
    const eventHtml = fs.readFileSync(eventFile, 'utf8');
    const eventPdf = await printToPdf(page, eventFile, 'informe');
    checkPages('event_sheet', eventPdf, eventHtml);
    const eventPaper = eventPdf.texts.join('\n');
    const players = planted.event.games.flatMap((g) => g.players);
    const missingPlayers = [...new Set(players)].filter((p) => !eventPaper.includes(p));
    check('event_sheet_every_player_on_paper', eventPdf.pages >= 2 && missingPlayers.length === 0, {
      pages: eventPdf.pages,
      missingPlayers,
    });
    pageShot(eventPdf.pdf, 1, 'event-a4-1.png');
    pageShot(eventPdf.pdf, 2, 'event-a4-2.png');
  } catch (e) {
    check('harness', false, String((e && e.stack) || e).slice(0, 2000));
  } finally {
    const foreign = requests.filter((u) => !/^(file|data):/i.test(u));
    check('no_request_but_file_data', requests.length > 0 && foreign.length === 0, {
      requests: requests.length,
      foreign: foreign.slice(0, 5),
    });
    if (browser) await browser.close();
    if (!process.env.KEEP) fs.rmSync(root, { recursive: true, force: true });
    const failed = results.filter((r) => !r.ok).length;
    console.log(`chromium-print: ${results.length - failed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  }
})();
