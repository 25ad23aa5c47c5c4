/**
 * The ruling sheet (`planilla report --ruling`): event and round from `#event`/`#round`, the
 * players, each sheet's findings with their articles, where the sheets disagree, the corrected
 * result, room for the signature; HTML escaped and capped so it stays one A4 page (checked by hand
 * with headless Chromium and pdfinfo, docs/arbiter.md).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../../server/src/cli';
import type { CliIo } from '../../../server/src/cli/shared/io';
import { analyze } from '../../../server/src/service/document';
import { buildRuling, MAX_COMPARISON, MAX_FINDINGS, renderRulingHtml, renderRulingMarkdown } from '../../../server/src/report/ruling';
import { removeTempDir, repoRoot, tempDir } from '../../support/fixtures';

const deskDir = path.join(repoRoot, 'docs', 'arbitraje');
const sheet = (name: string, text?: string) => ({ name, analysis: analyze(text ?? fs.readFileSync(path.join(deskDir, name))) });

describe('desk: ruling sheet', () => {
  it('mesa 12: header from #event/#round, the misadded total with its article, the comparison and the corrected result', () => {
    const r = buildRuling([sheet('mesa-12-ana.gcg'), sheet('mesa-12-beto.gcg')], 'es');
    assert.equal(r.event, 'Open de Madrid 2026');
    // `#round 3 · mesa 12`: the round and the table each on its own line of the sheet.
    assert.equal(r.round, '3');
    assert.equal(r.table, '12');
    assert.deepEqual(r.players, [
      { nick: 'Ana', name: 'Ana García' },
      { nick: 'Beto', name: 'Alberto Ruiz' },
    ]);
    assert.deepEqual(r.sheets[0].findings, []);
    assert.deepEqual(
      r.sheets[1].findings.map((f) => [f.code, f.line, f.citation]),
      [['cumulative-mismatch', 15, 'art. 5.1, 34']],
    );
    assert.match(r.sheets[1].notice ?? '', /25 jugadas sin comprobar/);
    assert.equal(r.result, 'Ana 364 – Beto 322');
    assert.equal(r.verdict, 'Gana Ana por 42 puntos.');
    assert.equal(
      r.comparison[0],
      'Turno 8 (Beto): A (línea 15) suma bien: 73 +43 = 116; B (línea 15) suma mal: 73 +43 = 116, no 126; El tablero da +43 (CERNOS 8 × 3 = 24, QUIZAS 19), total 116; Tiene razón A.',
    );
    const html = renderRulingHtml(r);
    assert.match(html, /@page \{ size: A4;/);
    assert.match(html, /Firma del árbitro/);
    assert.ok(html.includes('<th>Ronda</th><td>3</td>'), 'round row');
    assert.ok(html.includes('<th>Mesa</th><td>12</td>'), 'table row');
    assert.match(renderRulingMarkdown(r), /- \*\*Mesa:\*\* 12\n/);
    const md = renderRulingMarkdown(buildRuling([sheet('mesa-12-ana.gcg'), sheet('mesa-12-beto.gcg')], 'en'));
    assert.match(md, /^# Arbiter's ruling/);
    assert.match(md, /\*\*Ana 364 – Beto 322\*\* — Ana wins by 42 points\./);
  });

  it('one wrong turn whose gap later turns carry: the first page names that turn only, and there is no annex', () => {
    const r = buildRuling([sheet('mesa-12-ana.gcg'), sheet('mesa-12-beto.gcg')], 'es');
    const turns = r.comparison.filter((l) => /^Turno /.test(l));
    assert.deepEqual(
      turns.map((l) => /^Turno (\d+)/.exec(l)?.[1]),
      ['8'],
    );
    assert.ok(
      r.comparison.some((l) => /^Difieren 10 turnos; cambia el resultado el turno 8 \(los demás arrastran esa diferencia\)/.test(l)),
      r.comparison.join('\n'),
    );
    assert.deepEqual(r.comparisonAnnex, []);
    assert.equal(r.comparisonMore, 0);
    assert.ok(!renderRulingHtml(r).includes('<section class="annex">'));
  });

  it('many differing turns: the first page names MAX_COMPARISON of them and the full list goes to an annex page; signature lines for both players and the arbiter, a table line', () => {
    // Sheet B: every score of the first 22 turns one point higher, and each total following it.
    const a = fs.readFileSync(path.join(repoRoot, 'samples', 'partida-completa.gcg'), 'utf8');
    const totals = new Map<string, number>();
    let turns = 0;
    const b = a
      .split('\n')
      .map((line) => {
        const m = /^>([^:]+): (\S+ \S+ \S+) \+(\d+) -?\d+$/.exec(line);
        if (!m || turns >= 22) return line;
        turns++;
        const total = (totals.get(m[1]) ?? 0) + Number(m[3]) + 1;
        totals.set(m[1], total);
        return `>${m[1]}: ${m[2]} +${Number(m[3]) + 1} ${total}`;
      })
      .join('\n');
    const r = buildRuling([sheet('a.gcg', a), sheet('b.gcg', b)], 'es');
    assert.ok(r.comparisonAnnex.length > MAX_COMPARISON, `${r.comparisonAnnex.length} differing turns`);
    assert.deepEqual(r.comparison.slice(0, MAX_COMPARISON), r.comparisonAnnex.slice(0, MAX_COMPARISON));
    assert.equal(r.comparisonMore, r.comparisonAnnex.length - MAX_COMPARISON);
    const html = renderRulingHtml(r);
    const [first, annex = ''] = html.split('<section class="annex">');
    assert.equal((first.match(/<li>Turno /g) ?? []).length, MAX_COMPARISON);
    assert.match(first, new RegExp(`y ${r.comparisonMore} turnos más en que difieren: la lista completa, en el anexo`));
    assert.equal((annex.match(/<li>Turno /g) ?? []).length, r.comparisonAnnex.length);
    assert.match(html, /\.annex \{ break-before: page;/);
    // The signatures and the decision come before the annex: on the first page.
    for (const label of [
      'Decisión del árbitro',
      'Firma de Sofía Marín',
      'Firma de Ramón Ortega',
      'Firma del árbitro',
      '<th>Mesa</th><td><span class="fill"></span>',
    ]) {
      assert.ok(first.includes(label), label);
    }
    assert.match(html, /\.box \{ box-sizing: border-box; width: calc\(100% - 0\.6mm\);/);
    const md = renderRulingMarkdown(r);
    assert.match(md, /Firma de Sofía Marín: _+/);
    assert.match(md, /## Anexo: todos los turnos en que difieren las dos planillas/);
    // Sheets that agree: no annex.
    const few = buildRuling([sheet('mesa-12-ana.gcg'), sheet('mesa-12-ana.gcg')], 'es');
    assert.deepEqual(few.comparisonAnnex, []);
    assert.ok(!renderRulingHtml(few).includes('<section class="annex">'));
  });

  it('one sheet: its own findings and result; text from the record is escaped; findings capped', () => {
    const lines = ['#player1 <b>Ana</b> Ana', '#player2 Beto Beto', '#event <script>x</script>'];
    for (let i = 1; i <= 10; i++) lines.push(`>${i % 2 ? '<b>Ana</b>' : 'Beto'}: +10 ${i * 100}`);
    const r = buildRuling([sheet('a.gcg', lines.join('\n'))], 'en');
    assert.equal(r.sheets[0].findings.length, MAX_FINDINGS);
    assert.ok(r.sheets[0].more > 0);
    const html = renderRulingHtml(r);
    assert.ok(!html.includes('<script>') && !html.includes('<b>Ana'), 'escaped');
    assert.match(html, /&lt;script&gt;/);
  });

  it('planilla report --ruling writes HTML or Markdown; three sheets is one line, exit 2', async () => {
    const dir = tempDir('ruling');
    let err = '';
    const io: CliIo = { out: () => undefined, err: (t) => (err += `${t}\n`), lang: 'es', tty: false };
    try {
      const out = path.join(dir, 'acta.md');
      const code = await main(
        ['report', '--ruling', path.join(deskDir, 'mesa-7-ramon.gcg'), path.join(deskDir, 'mesa-7-sofia.gcg'), '-o', out],
        io,
      );
      assert.equal(code, 0, err);
      const md = fs.readFileSync(out, 'utf8');
      assert.match(md, /Torneo abierto de Valencia/);
      assert.match(md, /Turno 2 \(Ramón\): /);
      assert.match(md, /\*\*Sofía 298 – Ramón 420\*\*/);
      const html = path.join(dir, 'acta.html');
      assert.equal(await main(['report', '--ruling', path.join(deskDir, 'mesa-12-beto.gcg'), '-o', html], io), 0);
      assert.match(fs.readFileSync(html, 'utf8'), /^<!DOCTYPE html>/);
      err = '';
      const three = path.join(deskDir, 'mesa-7-ramon.gcg');
      assert.equal(await main(['report', '--ruling', three, three, three], io), 2);
      assert.equal(err.trim().split('\n').length, 1);
    } finally {
      removeTempDir(dir);
    }
  });
});
