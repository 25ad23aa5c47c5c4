/**
 * Two sheets of one game compared (service/compare.ts, `planilla compare`): a pair that agrees
 * until a misadded total (mesa 12: Ana's full sheet, Beto's numbers only, players in the other
 * order) and a pair that disagrees on a score (mesa 7: Sofía wrote Ramón's 83-point bingo as 80
 * and added right from it). Both pairs are in docs/arbitraje/ and in the README's session.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../../server/src/cli';
import type { CliIo } from '../../../server/src/cli/shared/io';
import { analyze } from '../../../server/src/service/document';
import { compareSheets, comparisonLines } from '../../../server/src/service/compare';
import { removeTempDir, repoRoot, tempDir } from '../../support/fixtures';

const deskDir = path.join(repoRoot, 'docs', 'arbitraje');
const sheet = (name: string) => ({ name, analysis: analyze(fs.readFileSync(path.join(deskDir, name))) });

async function run(args: string[], lang: 'es' | 'en' = 'es'): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), lang, tty: false };
  const code = await main(args, io);
  return { code, out, err };
}

describe('desk: compare two sheets', () => {
  it('mesa 12: agree until Beto misadds his total on turn 8; A adds up there, B does not', () => {
    const c = compareSheets(sheet('mesa-12-ana.gcg'), sheet('mesa-12-beto.gcg'));
    assert.equal(c.turns.length, 27);
    assert.ok(c.turns.slice(0, 7).every((t) => t.agree));
    const d = c.firstDisagreement!;
    assert.deepEqual(
      { n: d.n, player: d.player, a: d.a, b: d.b, true: d.true },
      {
        n: 8,
        player: 'Beto',
        a: { line: 15, score: 43, total: 116, previous: 73, arithmetic: true },
        b: { line: 15, score: 43, total: 126, previous: 73, arithmetic: false },
        true: { score: 43, total: 116 },
      },
    );
    // Beto's sheet lists Beto first: the result is still given by nick, in the first sheet's order.
    assert.deepEqual(c.result, { a: { Ana: 364, Beto: 322 }, b: { Ana: 364, Beto: 332 }, true: { Ana: 364, Beto: 322 } });
    assert.deepEqual(
      c.turns.filter((t) => !t.agree).map((t) => t.n),
      [8, 10, 12, 14, 16, 18, 20, 22, 24, 27],
    );
  });

  it('mesa 7: disagree on a score (80 for 83) with both additions right; the full sheet gives the truth', () => {
    const c = compareSheets(sheet('mesa-7-sofia.gcg'), sheet('mesa-7-ramon.gcg'));
    const d = c.firstDisagreement!;
    assert.equal(d.n, 2);
    assert.equal(d.player, 'Ramón');
    assert.deepEqual([d.a.score, d.a.total, d.a.arithmetic], [80, 80, true]);
    assert.deepEqual([d.b.score, d.b.total, d.b.arithmetic], [83, 83, true]);
    assert.deepEqual(d.true, { score: 83, total: 83 });
    assert.deepEqual(c.result, { a: { Ramón: 417, Sofía: 298 }, b: { Ramón: 420, Sofía: 298 }, true: { Ramón: 420, Sofía: 298 } });
  });

  it('a sheet compared with itself agrees on every turn', () => {
    const c = compareSheets(sheet('mesa-12-ana.gcg'), sheet('mesa-12-ana.gcg'));
    assert.equal(c.firstDisagreement, null);
    assert.ok(c.turns.every((t) => t.agree));
    assert.match(comparisonLines(c, 'en').join('\n'), /The two sheets agree on every turn\./);
  });

  it('planilla compare --json prints exactly the documented keys (docs/arbiter.md); exit 1 when the sheets disagree', async () => {
    const r = await run(['compare', '--json', path.join(deskDir, 'mesa-12-ana.gcg'), path.join(deskDir, 'mesa-12-beto.gcg')]);
    assert.equal(r.code, 1, r.err);
    const json = JSON.parse(r.out) as Record<string, unknown>;
    assert.deepEqual(Object.keys(json), ['a', 'b', 'turns', 'firstDisagreement', 'disagreements', 'summary', 'problems', 'result']);
    const turns = json['turns'] as Record<string, unknown>[];
    assert.deepEqual(Object.keys(turns[0]), ['n', 'player', 'a', 'b', 'agree']);
    assert.deepEqual(turns[0], { n: 1, player: 'Ana', a: { score: 20, total: 20 }, b: { score: 20, total: 20 }, agree: true });
    assert.deepEqual(Object.keys(json['result'] as object), ['a', 'b', 'true']);
    const same = await run(['compare', path.join(deskDir, 'mesa-7-ramon.gcg'), path.join(deskDir, 'mesa-7-ramon.gcg')], 'en');
    assert.equal(same.code, 0);
    assert.match(same.out, /agree on every turn/);
  });

  it('planilla compare: the text names each disagreement; a missing sheet or a wrong count is one line, exit 2', async () => {
    const r = await run(['compare', path.join(deskDir, 'mesa-7-ramon.gcg'), path.join(deskDir, 'mesa-7-sofia.gcg')]);
    assert.equal(r.code, 1);
    assert.match(r.out, /^Turno 2 \(Ramón\):$/m);
    assert.match(r.out, /A \(línea 9\) suma bien: 0 \+83 = 83/);
    assert.match(r.out, /verdadero: Sofía 298 – Ramón 420/);
    const one = await run(['compare', path.join(deskDir, 'mesa-7-ramon.gcg')]);
    assert.equal(one.code, 2);
    assert.equal(one.err.trim().split('\n').length, 1);
    const missing = await run(['compare', path.join(deskDir, 'mesa-7-ramon.gcg'), path.join(deskDir, 'no-existe.gcg')]);
    assert.equal(missing.code, 2);
    assert.equal(missing.err.trim().split('\n').length, 1);
  });

  it('escapes control characters of names in the terminal output', async () => {
    const dir = tempDir('compare');
    try {
      const text = '#player1 Ana\u001b[2J Ana\n#player2 Beto Beto\n>Ana\u001b[2J: +10 10\n>Beto: +5 5\n';
      fs.writeFileSync(path.join(dir, 'a.gcg'), text);
      fs.writeFileSync(path.join(dir, 'b.gcg'), text.replace('+5 5', '+6 6'));
      const r = await run(['compare', path.join(dir, 'a.gcg'), path.join(dir, 'b.gcg')]);
      assert.ok(!r.out.includes('\u001b'), r.out);
      assert.match(r.out, /Ana\\x1b\[2J/);
    } finally {
      removeTempDir(dir);
    }
  });
});
