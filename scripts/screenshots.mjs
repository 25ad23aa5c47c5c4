/* global document */
// `npm run screenshots`: the coach's and the arbiter's screens as PNG files in docs/screenshots/,
// drawn by Debian's Chromium (through the playwright-core that test/e2e/tools/install.sh puts in
// test/e2e/tools/) from the server's own answers rendered in the pages the webviews use:
//   board-moves-list.png  the board view at a turn whose rack has a blank, under an extra list
//                         (blank variants folded, blanks as underlined capitals, ✱ and its legend,
//                         the list named);
//   compare-table.png     the comparison view of the two sheets in docs/arbitraje/;
//   commented-a4.png      the commented game (`report --diagrams`) at the A4 text width, print media.
// Run after a build (it reads out/). Not part of CI nor of `npm run test:e2e`. Nothing leaves
// 127.0.0.1: the pages are file:// in a temporary folder, and every other request is aborted.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const out = (p) => require(path.join(root, 'out', 'server', 'src', p));
let chromium;
try {
  ({ chromium } = require(path.join(root, 'test', 'e2e', 'tools', 'node_modules', 'playwright-core')));
} catch {
  console.error('screenshots: playwright-core is missing; run `bash test/e2e/tools/install.sh` first');
  process.exit(2);
}
const { analyze } = out('service/document.js');
const { loadDefaultLexicon, loadLexicon } = out('lexicon/load.js');
const { boardViewAt, renderBoardMoves } = out('report/board-body.js');
const { boardModel } = out('service/board-model.js');
const { CoachCache, boardCoachModel } = out('service/coach.js');
const { renderBoardViewPage } = out('shared/board-page.js');
const { compareSheets } = out('service/compare.js');
const { renderCompareBody } = out('report/compare-table.js');
const { renderComparePage } = out('shared/compare-page.js');
const { buildAudit, coachGame } = out('report/audit.js');
const { renderHtmlReport } = out('report/html.js');

const shots = path.join(root, 'docs', 'screenshots');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'planilla-shots-'));
const lang = process.env.PLANILLA_LANG === 'en' ? 'en' : 'es';
const NONCE = 'c2NyZWVuc2hvdHM=';

// 1. The board view: a rack with a blank; an extra list that adds a word the built-in list refuses.
const extra = path.join(tmp, 'extra.txt');
fs.writeFileSync(extra, 'ARIESTE\nOSTIARE\n');
const loaded = loadLexicon(undefined, { extra });
if (!loaded.ok) throw new Error('extra list');
const lexicon = loaded.lexicon;
const record = [
  '#character-encoding UTF-8',
  '#player1 Ana Ana Pérez',
  '#player2 Beto Beto Ruiz',
  '>Ana: ABILORS 8D LIBRO +16 16',
  '>Beto: AEIORS? 9E OSTIARE +0 0',
  '',
].join('\n');
const analysis = analyze(record, { lexicon });
const line = 4;
const view = boardViewAt(analysis.replay, line, lang, { coach: true });
const model = boardCoachModel(analysis, line, lexicon, new CoachCache(), lang);
const moves = renderBoardMoves(model, boardModel(analysis.replay, model.turnIndex), lang);
fs.writeFileSync(path.join(tmp, 'board.html'), renderBoardViewPage({ cspSource: "'self'", nonce: NONCE, lang, body: view.html }));

// 2. The comparison view.
const desk = path.join(root, 'docs', 'arbitraje');
const sheet = (name) => ({ name, analysis: analyze(fs.readFileSync(path.join(desk, name)), { lexicon: loadDefaultLexicon() }) });
const a = sheet('mesa-12-ana.gcg');
const c = compareSheets(a, sheet('mesa-12-beto.gcg'));
fs.writeFileSync(
  path.join(tmp, 'compare.html'),
  renderComparePage({
    cspSource: "'self'",
    nonce: NONCE,
    lang,
    title: 'mesa-12-ana.gcg ↔ mesa-12-beto.gcg',
    body: renderCompareBody(c, a.analysis.replay.rules, lang),
  }),
);

// 3. The commented game.
const sample = path.join(root, 'samples', 'apertura-comentada.gcg');
const plain = loadDefaultLexicon();
const game = analyze(fs.readFileSync(sample), { lexicon: plain });
const coach = coachGame(game, plain);
const audit = buildAudit({ path: 'apertura-comentada.gcg', analysis: game, lexicon: plain, lang, ...(coach ? { coach } : {}) });
fs.writeFileSync(path.join(tmp, 'commented.html'), renderHtmlReport(audit, game.replay, { diagrams: true }));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
});
try {
  const page = async (file, viewport) => {
    const p = await browser.newPage({ viewport });
    await p.route('**/*', (r) => (r.request().url().startsWith('file:') ? r.continue() : r.abort()));
    await p.goto(pathToFileURL(path.join(tmp, file)).toString());
    return p;
  };
  const board = await page('board.html', { width: 1000, height: 760 });
  // What the view's script does with a `moves` message.
  await board.evaluate(
    ({ html, previews }) => {
      document.querySelector('section.coach').innerHTML = html;
      document.querySelector('svg.board .previews').innerHTML = previews;
      const row = document.querySelector('.move[data-move="0"]');
      row.classList.add('active');
      document.querySelector('svg.board .previews .preview[data-move="0"]')?.classList.add('shown');
      row.scrollIntoView({ block: 'center' });
    },
    { html: moves.html, previews: moves.previews },
  );
  await board.screenshot({ path: path.join(shots, 'board-moves-list.png') });
  const compare = await page('compare.html', { width: 1100, height: 700 });
  await compare.screenshot({ path: path.join(shots, 'compare-table.png') });
  const report = await page('commented.html', { width: 703, height: 1000 });
  await report.emulateMedia({ media: 'print' });
  const wide = await report.evaluate(() => document.documentElement.scrollWidth);
  await report.screenshot({ path: path.join(shots, 'commented-a4.png'), fullPage: false });
  console.log(
    `screenshots: board-moves-list.png, compare-table.png, commented-a4.png (A4 width 703 px, page width ${wide} px) in docs/screenshots/`,
  );
} finally {
  await browser.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
