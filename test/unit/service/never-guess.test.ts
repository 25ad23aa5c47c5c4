/**
 * The paper tools never guess (NOTATION.md, docs/annotator.md "What stays open"):
 * - a miscopied score (`LAMiNAN +66` for +69 in the real Spanish record copied as words) is never
 *   placed through the phony cross word it would need (SENTIL): the line stays open, the phony
 *   candidate and the nearest clean placement (9G 69) are named, and the lines after it, which
 *   fit only with 9G, are still decided;
 * - the first word of a sheet with no coordinate is written across with a note naming its mirror
 *   (the real record came out 8D for H4 with no hint);
 * - the lines after an undecided word whose guess leaves them no room wait on it (`pending`),
 *   never `impossible` "because an earlier line holds only a score" when no line does;
 * - `check` says nothing about the cross words of a placement that was only a guess (generated
 *   correct sheets copied as words gave UDELE, URJOE).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fillRecord } from '../../../server/src/service/fill';
import { fixAll } from '../../../server/src/service/fix-all';
import { wordLineActions, wordLineDiagnostics } from '../../../server/src/service/word-line';
import { stripCoordinates } from '../../support/strip-sheet';
import { generateGame } from '../../support/generator';
import { runCli } from '../../support/cli-capture';
import { corpusDir, defaultLexicon, removeTempDir, tempDir } from '../../support/fixtures';
import { analyzeRecord } from './fixtures';

const HEAD = ['#character-encoding UTF-8', '#player1 Ana Ana', '#player2 Beto Beto'];
const rec = (...lines: string[]): string => [...HEAD, ...lines, ''].join('\n');

/** The real Spanish record copied as a sheet of words (racks kept), LAMiNAN's score miscopied as 66. */
function miscopied(): { text: string; line: number } {
  const real = fs.readFileSync(path.join(corpusDir, 'es_juego1_alejandro_vs_daniel.gcg'), 'utf8');
  const words = stripCoordinates(real, { lexicon: defaultLexicon() }).text;
  assert.match(words, /^>Alejandro: \?AALMNN LAMiNAN \+69 204$/m);
  const text = words.replace('LAMiNAN +69 204', 'LAMiNAN +66 204');
  return { text, line: text.split('\n').findIndex((l) => l.includes('LAMiNAN')) + 1 };
}

describe('service: the paper tools never guess', () => {
  it('a miscopied score is not placed through a phony cross word: the line stays open, the clean placement is named', () => {
    const { text, line } = miscopied();
    const analysis = analyzeRecord(text);
    const result = fillRecord(analysis, 'en');
    const open = result.lines.find((l) => l.line === line);
    assert.equal(open?.status, 'ambiguous', JSON.stringify(open));
    assert.equal(open.doubtful, true);
    assert.deepEqual(
      open.candidates?.map((c) => c.coord),
      ['9H'],
    );
    assert.deepEqual(
      open.nearest?.map((c) => `${c.coord} ${c.score}`),
      ['9G 69'],
    );
    assert.match(open.reason ?? '', /LAMiNAN scores 66 only at 9H, forming SENTIL, .*miscopied.*9G 69/);
    assert.equal(result.text.split('\n')[line - 1], '>Alejandro: ?AALMNN LAMiNAN +66 204', 'the line is written as it was');
    // The later lines fit only with LAMiNAN at 9G: they are still decided, and right.
    const zeda = result.lines.find((l) => l.line === line + 1);
    assert.equal(zeda?.status, 'filled');
    assert.equal(zeda.text, '8L ZEDA');
    assert.ok(
      result.lines.every((l) => l.status === 'filled' || l.line === line),
      result.lines
        .filter((l) => l.status !== 'filled')
        .map((l) => `${l.line} ${l.status}`)
        .join('; '),
    );
    // check: one warning on that line, no SENTIL as if it had been played, no error on ZEDA.
    const onLine = analysis.findings.filter((f) => f.span.start.line === line - 1);
    assert.deepEqual(onLine.map((f) => f.messageId).sort(), ['cumulative-mismatch', 'unaccepted-word-doubtful']);
    assert.ok(!analysis.findings.some((f) => f.messageId === 'unaccepted-word' && String(f.args.word) === 'SENTIL'));
    assert.ok(!analysis.findings.some((f) => f.code === 'score-mismatch'));
  });

  it('fix writes no total from a word line left undecided on: the sheet cannot tell its true score', () => {
    const { text, line } = miscopied();
    const analysis = analyzeRecord(text);
    const result = fixAll(analysis);
    // The sheet's totals carry the 69 really scored; a fix that trusted the miscopied 66 would
    // write 290 for 293 and 307 for 310 on correct lines.
    assert.equal(result.text, text, result.changes.map((c) => `${c.line}: ${c.from} -> ${c.to}`).join('; '));
    assert.deepEqual(result.changes, []);
    assert.ok(result.held.length > 0);
    assert.ok(
      result.held.every((h) => h.line >= line && h.reason === 'undecided'),
      JSON.stringify(result.held),
    );
  });

  it('the editor offers the phony candidate and the clean placement, none preferred, and no "several places" warning', () => {
    const { text, line } = miscopied();
    const analysis = analyzeRecord(text);
    const diagnostics = wordLineDiagnostics(analysis, 'es');
    assert.ok(!diagnostics.some((d) => d.range.start.line === line - 1), "the replay's warning is the one diagnostic of the line");
    const range = { start: { line: line - 1, character: 0 }, end: { line: line - 1, character: 0 } };
    const fixes = wordLineActions(analysis, 'file:///g.gcg', range, diagnostics, 'es');
    assert.deepEqual(
      fixes.map((f) => f.title),
      ['Escribir la colocación: 9H LAMiNAN', 'Escribir la colocación: 9G LAMiNAN'],
    );
    assert.ok(fixes.every((f) => !f.isPreferred));
  });

  it('the first word of a sheet without coordinates is written across with a note naming its mirror', async () => {
    const text = rec('>Ana: ABEFNNQ BEFAN +20 20', '>Beto: AHOOORZ ZABRO +38 38');
    const result = fillRecord(analyzeRecord(text), 'en');
    const first = result.lines.find((l) => l.line === 4);
    assert.equal(first?.status, 'filled');
    assert.equal(first.text, '8F BEFAN');
    assert.match(
      first.note ?? '',
      /does not say whether the first word went across or down: it is written across; down it would be H6 BEFAN/,
    );
    const second = result.lines.find((l) => l.line === 5);
    assert.equal(second?.status, 'filled');
    assert.equal(second.note, undefined, 'only the first move has a mirror to name');
    const diagnostics = wordLineDiagnostics(analyzeRecord(text), 'es');
    assert.match(
      String(diagnostics[0].message),
      /BEFAN va en 8F \(BEFAN \+20\) o en H6 BEFAN: la planilla no dice si la primera palabra fue horizontal o vertical/,
    );
    // The CLI says it on the filled line.
    const dir = tempDir('never-guess');
    try {
      const file = path.join(dir, 'mesa.gcg');
      fs.writeFileSync(file, text);
      const r = await runCli(['fill', file]);
      assert.match(r.err, /line 4: filled with 8F BEFAN \(the sheet does not say whether the first word went across or down/);
    } finally {
      removeTempDir(dir);
    }
  });

  it('a word after an undecided one that its guess leaves no room waits on it: pending, never "an earlier line holds only a score"', () => {
    const text = rec('>Ana: BEFAN +20 20', '>Beto: AHOOORZ ZORRO +99 99', '>Ana: FE +5 25');
    const result = fillRecord(analyzeRecord(text), 'en');
    assert.equal(result.lines.find((l) => l.line === 4)?.status, 'ambiguous');
    for (const n of [5, 6]) {
      const l = result.lines.find((x) => x.line === n);
      assert.equal(l?.status, 'pending', `line ${n}: ${JSON.stringify(l)}`);
      assert.match(l.reason ?? '', /the board depends on line 4, which could not be decided/);
      assert.doesNotMatch(l.reason ?? '', /holds only a score/);
    }
    // A real score-only line still says so.
    const scoreOnly = fillRecord(analyzeRecord(rec('>Ana: +20 20', '>Beto: ZORRO +14 14')), 'en');
    assert.equal(scoreOnly.lines[0]?.status, 'impossible');
    assert.match(scoreOnly.lines[0].reason ?? '', /an earlier line holds only a score/);
  });

  it('check says nothing about the cross words of a placement that was only a guess', () => {
    const lexicon = defaultLexicon();
    for (const seed of [45, 63]) {
      const game = generateGame({ seed, notation: seed % 2 ? 'plain' : 'brackets', lexicon }).text;
      const sheet = stripCoordinates(game, { rack: false, lexicon }).text;
      const analysis = analyzeRecord(sheet);
      const events = analysis.parsed.file.events;
      const guessed = analysis.findings.filter((f) => {
        const i = events.findIndex((e) => e.line === f.span.start.line);
        return f.code === 'unaccepted-word' && analysis.replay.turns[i]?.wordSearch?.status === 'ambiguous';
      });
      assert.deepEqual(
        guessed.map((f) => `line ${f.span.start.line + 1}: ${String(f.args.word ?? f.args.words)}`),
        [],
        `seed ${seed}`,
      );
      assert.ok(
        analysis.replay.turns.some((t) => t.wordSearch?.status === 'ambiguous'),
        `seed ${seed} has an undecided line`,
      );
    }
  });
});
