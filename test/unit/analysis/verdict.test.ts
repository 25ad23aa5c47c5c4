/**
 * One verdict per turn (analysis/verdict.ts): on every record of the samples and of the real
 * corpus, every graded turn gets the same verdict from `analyze --deep --json` and from the
 * commented game of `report --deep` (the `data-line`, `data-best`, `data-loss`, `data-method` of
 * its row in the moves table), and every turn graded by the endgame or the pre-endgame gets the
 * same best value from the `endgame` command. The real Spanish game's line 32 (one tile in the
 * bag) once got three answers: TOGA losing 40.4 (simulated), GOLA (the endgame command) and TOGA
 * losing 13.2 (the commented game, static).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runAnalyze } from '../../../server/src/cli/analyze';
import { runEndgame } from '../../../server/src/cli/endgame';
import { runReport } from '../../../server/src/cli/report';
import { corpusFiles, removeTempDir, sampleFiles, tempDir } from '../../support/fixtures';
import { captureIo } from '../report/helpers';

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
  before(() => {
    dir = tempDir('verdict');
  });
  after(() => removeTempDir(dir));

  const files = [...sampleFiles(), ...corpusFiles()];
  it('has the samples and the real Spanish game to compare', () => {
    assert.ok(files.some((f) => path.basename(f) === 'partida-completa.gcg'));
    assert.ok(files.some((f) => path.basename(f).startsWith('es_')));
  });

  for (const file of files) {
    it(`${path.basename(file)}: analyze --deep, report --deep and endgame agree on every turn`, async () => {
      const a = captureIo('es');
      // no time limit is reached, however loaded the machine (the report has none)
      const unbounded = ['--turn-time', '86400', '--game-time', '86400'];
      await runAnalyze([file, '--deep', '--json', '--jobs', '1', ...unbounded], a.io, { progress: undefined });
      const doc = JSON.parse(a.out.join('\n')) as { files: { turns: JsonTurn[] }[] };
      const turns = (doc.files[0]?.turns ?? []).filter((t) => t.method);
      // the English records of the corpus are not analysed (the Spanish tile set only)
      if (!path.basename(file).startsWith('en_')) assert.ok(turns.length > 0, 'a Spanish record has graded turns');

      const out = path.join(dir, `${path.basename(file)}.html`);
      const r = captureIo('es');
      assert.equal(await runReport([file, '--deep', '--jobs', '1', '-o', out], r.io), 0, r.err.join('\n'));
      const rows = rowVerdicts(fs.readFileSync(out, 'utf8'));
      assert.deepEqual(
        rows,
        turns.map((t) => ({ line: t.line, best: t.bestCode, loss: t.equityLost, method: t.method })),
      );

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

  it('the real Spanish game, line 32 (one tile in the bag): the pre-endgame names GOLA, whatever the surface', async () => {
    const file = corpusFiles().find((f) => path.basename(f) === 'es_juego1_alejandro_vs_daniel.gcg');
    assert.ok(file, 'the real Spanish game is in the corpus');
    const html = fs.readFileSync(path.join(dir, `${path.basename(file)}.html`), 'utf8');
    const row = rowVerdicts(html).find((v) => v.line === 32);
    assert.deepEqual(row && { best: row.best, method: row.method }, { best: '7K G.LA', method: 'pre-endgame' });
  });
});
