/**
 * "Completar la planilla" and `planilla fill`: what a sheet lets be worked out, and nothing else.
 * A record stripped of its coordinates, racks and scores comes back with the coordinates and the
 * scores it had; an undecided word is listed with its candidates; an unfinished line is left alone
 * and said; `--write` changes only the filled lines. A reconstructed sheet with a swap pair (two
 * lines of one score whose plays fit in either order) becomes whole and checked from a word written
 * on either line of the pair.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fillRecord, fillsBetween, getFillAction } from '../../../server/src/service/fill';
import { analyze } from '../../../server/src/service/document';
import { reconstructSheet } from '../../../server/src/service/reconstruct';
import { stripCoordinates } from '../../support/strip-sheet';
import { stripToScores } from '../../support/strip-scores';
import { runCli } from '../../support/cli-capture';
import { corpusDir, defaultLexicon, tempDir } from '../../support/fixtures';
import { GAME_A, analyzeRecord } from './fixtures';

const HEAD = ['#character-encoding UTF-8', '#player1 Ana Ana', '#player2 Beto Beto'];
const rec = (...lines: string[]): string => [...HEAD, ...lines, ''].join('\n');

describe('service: fill', () => {
  it('gives back the coordinates and scores of a game stripped of them, never a wrong one', () => {
    const stripped = stripCoordinates(GAME_A, { rack: false, score: false });
    assert.ok(stripped.answers.size > 10);
    const result = fillRecord(analyzeRecord(stripped.text), 'en');
    const filled = analyzeRecord(result.text);
    assert.deepEqual(filled.replay.final, analyzeRecord(GAME_A).replay.final);
    let placed = 0;
    for (const [line, answer] of stripped.answers) {
      const event = filled.parsed.file.events.find((e) => e.line === line);
      const open = result.lines.find((l) => l.line === line + 1 && l.status === 'ambiguous');
      if (open) continue; // listed with its candidates, written as it was
      placed++;
      assert.equal(event?.kind, 'placement', `line ${line + 1}: ${result.text.split('\n')[line]}`);
      assert.equal(event.coord?.text, answer.coord);
      assert.ok(event.score, `line ${line + 1} has its score`);
    }
    assert.ok(placed >= stripped.answers.size * 0.7, `${placed} of ${stripped.answers.size}`);
    assert.ok(result.lines.every((l) => l.status === 'filled' || l.status === 'ambiguous'));
  });

  it('fills a total from the previous total and the score, and leaves an unfinished line alone', () => {
    const text = rec('>Ana: ABEFNNQ 8F BEFAN +20', '>Beto: -CR', '>Ana: AEI');
    const result = fillRecord(analyzeRecord(text), 'en');
    assert.match(result.text, /^>Ana: ABEFNNQ 8F BEFAN \+20 20$/m);
    assert.match(result.text, /^>Beto: -CR$/m);
    assert.deepEqual(
      result.lines.map((l) => [l.line, l.status, l.what]),
      [
        [4, 'filled', 'total'],
        [5, 'unfinished', 'line'],
        [6, 'unfinished', 'line'],
      ],
    );
  });

  it('writes the end-of-game lines a game that ended by going out lacks, from the tiles not on the board (37.4)', () => {
    const lines = GAME_A.split('\n');
    const ending = lines.filter((l) => /\(.*\) [+-]\d+ -?\d+$/.test(l));
    assert.ok(ending.length === 2, ending.join(' | '));
    const without = lines.filter((l) => !ending.includes(l)).join('\n');
    const result = fillRecord(analyzeRecord(without), 'en');
    const written = result.lines.filter((l) => l.what === 'end');
    assert.equal(written.length, 2);
    const filled = analyzeRecord(result.text);
    assert.deepEqual(filled.replay.result, analyzeRecord(GAME_A).replay.result);
    assert.ok(!filled.findings.some((f) => f.code === 'missing-end-adjustment'));
    // Only what it filled changed: the record's lines are all still there, in order.
    assert.ok(result.text.startsWith(without.replace(/\n$/, '')));
  });

  it('writes the racks the end forces: from the bag emptied on, what each player still plays, and the rack left (37.4)', () => {
    const placement = /^(>[^:]+:) (\S+) ((?:\d{1,2}[A-O]|[A-O]\d{1,2}) \S+ [+-]\d+ -?\d+)$/gm;
    const without = GAME_A.replace(placement, '$1 $3');
    const result = fillRecord(analyzeRecord(without), 'en');
    const racks = result.lines.filter((l) => l.what === 'rack');
    assert.ok(racks.length >= 2, `${racks.length} racks`);
    const original = GAME_A.split('\n');
    const replay = analyzeRecord(GAME_A).replay;
    const bagEmptied = replay.turns.findIndex((t) => t.bag === 0);
    for (const r of racks) {
      const turn = replay.turns.findIndex((t) => t.event.line === r.line - 1);
      assert.ok(turn > bagEmptied, `line ${r.line} comes after the bag emptied`);
      assert.equal(r.text, original[r.line - 1].split(' ')[1], `line ${r.line}`);
    }
    // Every line after the bag emptied got its rack back; nothing else changed.
    const open = replay.turns.filter((t, i) => i > bagEmptied && t.event.kind === 'placement' && t.event.line < original.length);
    assert.equal(racks.length, open.length);
    const before = without.split('\n');
    result.text.split('\n').forEach((l, i) => assert.equal(l, racks.some((r) => r.line === i + 1) ? original[i] : before[i]));
  });

  it('writes the rack of a seven-tile play at any time (art. 19, 29), and no other rack before the bag empties', () => {
    const sample = fs.readFileSync(path.join(__dirname, '../../../../samples/partida-completa.gcg'), 'utf8');
    const original = analyzeRecord(sample);
    const without = sample.replace(/^(>[^:]+:) (\S+) ((?:\d{1,2}[A-O]|[A-O]\d{1,2}) \S+ [+-]\d+ -?\d+)$/gm, '$1 $3');
    const result = fillRecord(analyzeRecord(without), 'en');
    const racks = new Map(result.lines.filter((l) => l.what === 'rack').map((l) => [l.line - 1, l.text]));
    const bagEmptied = original.replay.turns.findIndex((t) => t.bag === 0);
    let sevens = 0;
    original.replay.turns.forEach((t, i) => {
      if (t.event.kind !== 'placement' || i > bagEmptied) return;
      const sorted = (tiles: readonly string[]): string => tiles.slice().sort().join(',');
      if (t.placed.length === 7) {
        sevens++;
        const back = analyzeRecord(result.text).replay.turns[i].rackBefore;
        assert.equal(sorted(back?.tiles ?? []), sorted(t.rackBefore!.tiles), `line ${t.event.line + 1}`);
        assert.ok(racks.has(t.event.line), `line ${t.event.line + 1}: a rack written`);
      } else assert.equal(racks.get(t.event.line), undefined, `line ${t.event.line + 1}: no rack`);
    });
    assert.ok(sevens >= 2, `${sevens} seven-tile plays`);
  });

  it('lists an undecided word with its candidates and does not write it', () => {
    const text = rec('>Ana: BEFAN +20 20', '>Beto: AHOOORZ H4 ZO. +14 14');
    const result = fillRecord(analyzeRecord(text), 'en');
    const open = result.lines.find((l) => l.line === 4);
    assert.equal(open?.status, 'ambiguous');
    assert.ok((open.candidates?.length ?? 0) >= 2);
    assert.match(result.text, /^>Ana: BEFAN \+20 20$/m);
    assert.equal(getFillAction(analyzeRecord(text), 'file:///g.gcg', 'es'), undefined);
  });

  it('planilla fill --json lists the lines; --write changes only the filled ones', async () => {
    const dir = tempDir('fill');
    const file = path.join(dir, 'sheet.gcg');
    const text = rec('>Ana: ABEFNNQ BEFAN +20 20', '>Beto: AHOOORZ F6 ZA.RO +38 38', '>Ana: BEFANA +1 21');
    fs.writeFileSync(file, text);
    const json = await runCli(['fill', file, '--json']);
    assert.equal(json.code, 1);
    const lines = (JSON.parse(json.out) as { lines: { line: number; status: string }[] }).lines;
    assert.deepEqual(
      lines.map((l) => [l.line, l.status]),
      [
        [4, 'filled'],
        [6, 'impossible'],
      ],
    );
    const written = await runCli(['fill', file, '--write']);
    assert.equal(written.code, 1);
    const after = fs.readFileSync(file, 'utf8').split('\n');
    const before = text.split('\n');
    assert.equal(after[3], '>Ana: ABEFNNQ 8F BEFAN +20 20');
    assert.deepEqual(
      after.filter((_, i) => i !== 3),
      before.filter((_, i) => i !== 3),
    );
  });

  describe('a reconstructed sheet with a swap pair', function () {
    this.timeout(60000);
    const lexicon = defaultLexicon();
    const read = (text: string) => analyze(text, { lexicon });
    // The real Spanish game, stripped to its scores and rebuilt from its final board: lines 18 and
    // 20 (Alejandro, +24 each) fit ADORE at H11 and CEDI at 8A in either order.
    let original = '';
    let rebuilt = '';
    let pair: number[] = [];
    before(() => {
      original = fs.readFileSync(path.join(corpusDir, 'es_juego1_alejandro_vs_daniel.gcg'), 'utf8');
      const stripped = stripToScores(original, { lexicon });
      const r = reconstructSheet(read(stripped.text), stripped.board, { lexicon, lang: 'es' });
      rebuilt = r.text;
      // 1-based lines of the rebuilt sheet (its notes moved the later lines down).
      pair = rebuilt
        .split('\n')
        .flatMap((l, i, all) => (/^>\w+: \+\d+ \d+$/.test(l) && all[i + 1]?.startsWith('#note Reconstrucción') ? [i + 1] : []));
    });
    /** The sheet with `word` written on the 1-based line `at` of the rebuilt sheet, in place of its nothing. */
    const withWord = (at: number, word: string): string =>
      rebuilt
        .split('\n')
        .map((l, i) => (i === at - 1 ? l.replace(/: \+/, `: ${word} +`) : l))
        .join('\n');
    const unchecked = (text: string): number => read(text).replay.turns.filter((t) => t.playNotChecked && t.computedScore !== 0).length;

    it('is left open by the fill until a word tells the two lines apart', () => {
      assert.equal(pair.length, 2, rebuilt);
      assert.ok(unchecked(rebuilt) > 10, `${unchecked(rebuilt)} plays unchecked`);
      const result = fillRecord(read(rebuilt), 'es', { lexicon });
      assert.equal(result.text, rebuilt);
      assert.equal(result.lines.filter((l) => l.status === 'filled').length, 0);
    });

    for (const [where, word, other] of [
      ['the first line', 'ADORE', 'CE.I'],
      ['the first line', 'CEDI', '.DORE'],
      ['the second line', 'CEDI', '.DORE'],
      ['the second line', 'ADORE', 'CE.I'],
    ] as const)
      it(`a word on ${where} of the pair (${word}) decides both; the record comes back whole and checked`, () => {
        const at = where === 'the first line' ? pair[0] : pair[1];
        const partner = where === 'the first line' ? pair[1] : pair[0];
        let text = withWord(at, word);
        assert.ok(unchecked(text) > 10);
        const first = fillRecord(read(text), 'es', { lexicon });
        // The line the word is on offers the fill in its light bulb.
        assert.ok(fillsBetween(first, at - 1, at - 1), JSON.stringify(first.lines));
        text = first.text;
        for (let pass = 0; pass < 2; pass++) text = fillRecord(read(text), 'es', { lexicon }).text;
        const done = read(text);
        assert.equal(unchecked(text), 0, text);
        assert.deepEqual(done.replay.final, read(original).replay.final);
        assert.ok(!done.findings.some((f) => f.severity === 'error'));
        // The other line holds the other play, and the notes of the rebuilt sheet are gone.
        const partnerEvent = done.parsed.file.events.find(
          (e) => e.nick.value === 'Alejandro' && e.score?.value === 24 && e.play?.text === other,
        );
        assert.ok(partnerEvent, `${other} written on the partner of line ${at} (${partner})`);
        assert.doesNotMatch(text, /#note Reconstrucción/);
      });

    it('reads the note of a sheet rebuilt in English too', () => {
      const stripped = stripToScores(original, { lexicon });
      const english = reconstructSheet(read(stripped.text), stripped.board, { lexicon, lang: 'en' }).text;
      assert.match(english, /#note Reconstruction: 2 plays fit the final board: /);
      let text = english
        .split('\n')
        .map((l, i) => (i === pair[0] - 1 ? l.replace(/: \+/, ': ADORE +') : l))
        .join('\n');
      for (let pass = 0; pass < 2; pass++) text = fillRecord(read(text), 'en', { lexicon }).text;
      assert.equal(unchecked(text), 0, text);
      assert.doesNotMatch(text, /#note Reconstruction/);
    });
  });
});
