/**
 * One verdict per turn (analysis/verdict.ts): on every record of the samples and of the real
 * corpus, every graded turn gets the same verdict from `analyze --deep --json`, from the commented
 * game the editor exports with the deep analysis (the `data-line`, `data-best`, `data-loss`,
 * `data-method` of its row in the moves table; the page is `report --deep`'s, byte for byte:
 * test/protocol/export-commented.test.ts), and, in the editor after that export, from the hover,
 * the lens and the board view of the turn (the language server over stdio; one deep analysis per
 * game in each of the CLI and the server); every turn graded by the endgame or the pre-endgame gets
 * the same best value from the `endgame` command. The real Spanish game's line 32 (one tile in the
 * bag) once got three answers: TOGA losing 40.4 (simulated), GOLA (the endgame command) and TOGA
 * losing 13.2 (the commented game, static).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runAnalyze } from '../../../server/src/cli/commands/analyze';
import { runEndgame } from '../../../server/src/cli/commands/endgame';
import { pathToFileURL } from 'node:url';
import { formatNumber } from '../../../server/src/rules/template';
import { equityText } from '../../../server/src/service/coach';
import { corpusFiles, removeTempDir, repoRoot, sampleFiles, tempDir } from '../../support/fixtures';
import { LspClient } from '../../protocol/lsp-client';
import { captureIo } from '../report/helpers';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');
/** The method as the editor names it, at the start of its text ('winpct.how.*'). */
const HOW: Record<string, RegExp> = { static: /^estática/, sim: /^simulada, ± /, 'pre-endgame': /^prefinal/, endgame: /^final/ };
type Lens = { range: { start: { line: number } }; command?: { title: string; command: string } };

interface JsonTurn {
  readonly line: number;
  readonly method?: string;
  readonly bestCode?: string;
  readonly equityLost?: number;
  readonly bestValue?: number;
  readonly playedIsBest?: boolean;
  readonly played?: { kind: string; position?: string; play: string } | null;
  readonly best?: { kind: string; position?: string; play: string } | null;
  readonly winLost?: number;
}

const unescape = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The verdict attributes of the moves table's rows, in page order. */
function rowVerdicts(html: string): { line: number; best: string; loss: number; method: string }[] {
  const table = html.slice(html.indexOf('<table class="turns">'));
  return [...table.matchAll(/<tr[^>]* data-line="(\d+)" data-best="([^"]*)" data-loss="([^"]*)" data-method="([^"]*)">/g)].map((m) => ({
    line: Number(m[1]),
    best: unescape(m[2]),
    loss: Number(m[3]),
    method: m[4],
  }));
}

describe('analysis: one verdict per turn, the same on every surface', function () {
  this.timeout(1_800_000);
  let dir: string;
  let client: LspClient;
  before(async () => {
    dir = tempDir('verdict');
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    client = LspClient.start(serverModule);
    client.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({ language: 'es' })));
    client.onRequest('workspace/codeLens/refresh', () => null);
    await client.initialize({ locale: 'es' });
  });
  after(async () => {
    await client.close();
    removeTempDir(dir);
  });

  const files = [...sampleFiles(), ...corpusFiles()];
  it('has the samples and the real Spanish game to compare', () => {
    assert.ok(files.some((f) => path.basename(f) === 'partida-completa.gcg'));
    assert.ok(files.some((f) => path.basename(f).startsWith('es_')));
  });

  for (const file of files) {
    it(`${path.basename(file)}: analyze --deep, the deep export, the hover, the lens, the board view and endgame agree on every turn`, async () => {
      const a = captureIo('es');
      // no time limit is reached, however loaded the machine (the report has none)
      const unbounded = ['--turn-time', '86400', '--game-time', '86400'];
      await runAnalyze([file, '--deep', '--json', '--jobs', '1', ...unbounded], a.io, { progress: undefined });
      const doc = JSON.parse(a.out.join('\n')) as { files: { turns: JsonTurn[] }[] };
      const turns = (doc.files[0]?.turns ?? []).filter((t) => t.method);
      // the English records of the corpus are not analysed (the Spanish tile set only)
      if (!path.basename(file).startsWith('en_')) assert.ok(turns.length > 0, 'a Spanish record has graded turns');

      // The editor: the record open, the commented game exported with the deep analysis.
      const text = fs.readFileSync(file, 'utf8');
      const uri = pathToFileURL(path.join(dir, path.basename(file))).toString();
      const opened = client.waitForNotification<{ uri: string }>('textDocument/publishDiagnostics', (p) => p.uri === uri, 120000);
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text } });
      await opened;
      const exported = await client.request<{ html?: string; error?: string }>(
        'planilla/auditReport',
        { uri, diagrams: true, deep: true },
        1_800_000,
      );
      assert.equal(exported.error, undefined);
      fs.writeFileSync(path.join(dir, `${path.basename(file)}.html`), exported.html ?? '');
      const rows = rowVerdicts(exported.html ?? '');
      assert.deepEqual(
        rows,
        turns.map((t) => ({ line: t.line, best: t.bestCode, loss: t.equityLost, method: t.method })),
      );

      // The hover, the lens and the board view of every graded turn say that verdict.
      const lenses = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri } }, 120000);
      for (const t of turns) {
        const at = t.line - 1;
        const clause = t.playedIsBest
          ? /la jugada hecha es la mejor/
          : new RegExp(
              `pierde ${equityText(t.equityLost ?? NaN, 'es').replace('.', '\\.')} y ${formatNumber(Math.round((t.winLost ?? NaN) * 1000) / 10, 'es', 1)} % de victoria$`,
            );
        const lens = lenses.find((l) => l.range.start.line === at && l.command?.command === 'planilla.deepAnalysis');
        const title = lens?.command?.title ?? '';
        assert.match(title, /^a fondo \(/, `line ${t.line}`);
        assert.match(title.slice('a fondo ('.length), HOW[t.method ?? ''], `line ${t.line}: ${title}`);
        assert.match(title, clause, `line ${t.line}: ${title}`);
        // no static lens beside it
        assert.ok(!lenses.some((l) => l.range.start.line === at && !l.command), `line ${t.line}: a static lens beside the verdict`);
        const hover = await client.request<{ contents: { value: string } } | null>(
          'textDocument/hover',
          { textDocument: { uri }, position: { line: at, character: 0 } },
          120000,
        );
        const value = hover?.contents.value ?? '';
        assert.ok(value.startsWith('**A fondo ('), `line ${t.line}: ${value.slice(0, 200)}`);
        assert.match(value.split('\n')[0].replace(/ {2}$/, ''), clause, `line ${t.line}`);
        const board = await client.request<{ html: string } | null>('planilla/boardMoves', { uri, line: at }, 120000);
        const section = /<section class="deep" data-line="(\d+)" data-best="([^"]*)" data-loss="([^"]*)" data-method="([^"]*)">/.exec(
          board?.html ?? '',
        );
        assert.ok(section, `line ${t.line}: the board view's verdict`);
        assert.deepEqual(
          { line: Number(section[1]), best: unescape(section[2]), loss: Number(section[3]), method: section[4] },
          { line: t.line, best: t.bestCode, loss: t.equityLost, method: t.method },
        );
      }
      client.notify('textDocument/didClose', { textDocument: { uri } });

      for (const t of turns) {
        // the figures mean what they say: the move named best is the one measured against
        if (t.playedIsBest) assert.equal(t.winLost, 0, `line ${t.line}`);
        if (t.method !== 'endgame' && t.method !== 'pre-endgame') continue;
        if (t.played?.kind !== 'play' && t.played?.kind !== 'pass') continue;
        const e = captureIo('es');
        assert.equal(await runEndgame([file, '--line', String(t.line), '--json'], e.io), 0, e.err.join('\n'));
        const answer = JSON.parse(e.out.join('\n')) as { spread?: number; preEndgame?: { candidates: { spread: number }[] } };
        const best = t.method === 'endgame' ? answer.spread : answer.preEndgame?.candidates[0].spread;
        assert.equal(round2(best ?? NaN), round2(t.bestValue ?? NaN), `line ${t.line}: the endgame command's best value`);
      }
    });
  }

  // The record shows six of Daniel's tiles (ADEORS: his written rack less the E he played), so the
  // pre-endgame orders only the bag they leave (C or RR: two orderings); over all eight unseen
  // tiles it named GOLA.
  it('the real Spanish game, line 32 (one tile in the bag): the pre-endgame names TOGA, whatever the surface', async () => {
    const file = corpusFiles().find((f) => path.basename(f) === 'es_juego1_alejandro_vs_daniel.gcg');
    assert.ok(file, 'the real Spanish game is in the corpus');
    const html = fs.readFileSync(path.join(dir, `${path.basename(file)}.html`), 'utf8');
    const row = rowVerdicts(html).find((v) => v.line === 32);
    assert.deepEqual(row && { best: row.best, method: row.method }, { best: '7K T.GA', method: 'pre-endgame' });
  });
});
