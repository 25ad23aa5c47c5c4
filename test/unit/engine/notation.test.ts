/**
 * One reading of the tiles per file (NOTATION.md, `#tile-notation`): the notation is decided once,
 * a token of the other notation is read so only on its own line and only when its own turn needs
 * it (its declared score included), one `mixed-tile-notation` warning says so, and the writers
 * (`fix`, `reconstruct`) keep the record's notation.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze } from '../../../server/src/service/document';
import { reconstructSheet } from '../../../server/src/service/reconstruct';
import { wordLineDiagnostics, WORD_OR_RACK_CODE } from '../../../server/src/service/word-line';
import { runCheck } from '../../../server/src/cli/commands/check';
import { runFix } from '../../../server/src/cli/commands/fix';
import { playInNotation, rackInNotation } from '../../../server/src/syntax/tiles';
import { captureIo } from '../report/helpers';
import { corpusDir, defaultLexicon, removeTempDir, tempDir } from '../../support/fixtures';
import { stripToScores } from '../../support/strip-scores';

const lexicon = defaultLexicon();
const REAL = path.join(corpusDir, 'es_juego1_alejandro_vs_daniel.gcg');

/** A score-only sheet copied from a bracket game, left with no `[..]` token: ends L, L, P = 5. */
const SHEET_LLP = [
  '#player1 Ana Ana',
  '#player2 Luis Luis',
  '>Ana: +30 30',
  '>Luis: +20 20',
  '>Ana: +40 70',
  '>Luis: +12 32',
  '>Ana: +25 95',
  '>Ana: (LLP) +5 100',
  '>Luis: LLP (LLP) -5 27',
  '',
].join('\n');

const errors = (text: string): string[] =>
  analyze(text, { lexicon })
    .findings.filter((f) => f.severity === 'error')
    .map((f) => `${f.span.start.line + 1}: ${f.code}`);

describe('engine: one reading of the tiles per file', function () {
  this.timeout(120000);

  it('reads a plain sheet’s end rack (LLP) +5 as L, L, P: no error, the sheet’s result', () => {
    const a = analyze(SHEET_LLP, { lexicon });
    assert.equal(a.parsed.file.notation, 'plain');
    assert.deepEqual(errors(SHEET_LLP), []);
    assert.deepEqual([...a.replay.result], [100, 27]);
    assert.ok(!a.findings.some((f) => f.code === 'mixed-tile-notation'));
    // The digraph reading still wins where the amount says so.
    const ll = SHEET_LLP.replace('(LLP) +5 100', '(LLP) +11 106').replace('(LLP) -5 27', '(LLP) -11 21');
    assert.deepEqual(errors(ll), []);
    assert.deepEqual([...analyze(ll, { lexicon }).replay.result], [106, 21]);
  });

  it('fix --write leaves the correct end lines (+5, −5) as they are and says there is nothing to fix', async () => {
    const dir = tempDir('notation-fix');
    try {
      const file = path.join(dir, 'sheet.gcg');
      fs.writeFileSync(file, SHEET_LLP);
      const c = captureIo('en');
      const code = await runFix([file, '--write'], c.io);
      assert.equal(fs.readFileSync(file, 'utf8'), SHEET_LLP);
      assert.equal(code, 0);
      const check = captureIo('en');
      assert.equal(await runCheck(['--jobs', '1', file], check.io), 0);
      assert.match(check.out.join('\n'), /Ana 100 – Luis 27/);
      assert.match(check.out.join('\n'), /plain digraphs \(CH\)/);
    } finally {
      removeTempDir(dir);
    }
  });

  it('the real record with only its end line in brackets, (AAILOT[RR]): the same findings and result, plus one warning', () => {
    const text = fs.readFileSync(REAL, 'utf8');
    const mixed = text.replace('(AAILOTrr)', '(AAILOT[RR])');
    assert.notEqual(mixed, text);
    const before = analyze(text, { lexicon });
    const after = analyze(mixed, { lexicon });
    assert.equal(before.parsed.file.notation, 'plain');
    assert.equal(after.parsed.file.notation, 'brackets');
    const codes = (a: typeof before): string[] => a.findings.map((f) => `${f.span.start.line + 1}: ${f.code}`);
    assert.deepEqual(
      codes(after).filter((c) => !c.endsWith('mixed-tile-notation')),
      codes(before),
    );
    const warnings = after.findings.filter((f) => f.code === 'mixed-tile-notation');
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0].severity, 'warning');
    assert.equal(warnings[0].span.start.line + 1, 10); // AALORVll, the first token read as plain
    assert.deepEqual([...after.replay.result], [...before.replay.result]);
    assert.deepEqual([...after.replay.final], [...before.replay.final]);
    assert.deepEqual(
      after.replay.turns.map((t) => t.computedScore),
      before.replay.turns.map((t) => t.computedScore),
    );
  });

  it('a bracket file reads its own pairs as two tiles when they fit (DEIORRX), with no warning', () => {
    const text = [
      '#player1 Ana Ana',
      '#player2 Luis Luis',
      '>Ana: AC[CH]ORS? 8D CO[CH]eS +26 26',
      '>Luis: DEIORRX 9C EXORDI +48 48',
      '',
    ].join('\n');
    const a = analyze(text, { lexicon });
    assert.equal(a.parsed.file.notation, 'brackets');
    assert.ok(!a.findings.some((f) => f.code === 'mixed-tile-notation'), a.findings.map((f) => f.code).join());
    assert.deepEqual(a.replay.turns[1].rackBefore?.tiles, ['D', 'E', 'I', 'O', 'R', 'R', 'X']);
  });

  it('reconstruct writes a plain sheet’s plays and racks without brackets, and the game’s result does not change', () => {
    const s = stripToScores(fs.readFileSync(REAL), { lexicon });
    assert.match(s.text, /\(AAILOTrr\)/);
    const sheet = analyze(s.text, { lexicon, tileSet: s.tileSet });
    assert.equal(sheet.parsed.file.notation, 'plain');
    const r = reconstructSheet(sheet, s.board, { lexicon, lang: 'en', timeLimitMs: 60000 });
    const decided = r.lines.filter((l) => l.status === 'decided');
    assert.ok(
      decided.some((l) => l.play && /\[(CH|LL|RR)\]/i.test(l.play.play)),
      'a digraph play is decided',
    );
    assert.ok(!r.text.includes('['), 'no bracket written into a plain sheet');
    const back = analyze(r.text, { lexicon, tileSet: s.tileSet });
    assert.equal(back.parsed.file.notation, 'plain');
    assert.deepEqual([...back.replay.result], [...sheet.replay.result]);
    assert.deepEqual([...back.replay.result], [334, 555]);
    assert.deepEqual(
      back.findings.filter((f) => f.severity === 'error').map((f) => `${f.span.start.line + 1}: ${f.code}`),
      [],
    );
  });

  it('converts a bracket-notation play or rack into a record’s notation', () => {
    assert.equal(playInNotation('CO[CH]eS', 'plain'), 'COCHeS');
    assert.equal(playInNotation('[ll]ORA', 'plain'), 'llORA');
    assert.equal(playInNotation('CO[CH]eS', 'brackets'), 'CO[CH]eS');
    assert.equal(rackInNotation('AC[CH]ORS?', 'plain'), 'ACchORS?');
    assert.equal(rackInNotation('AAILOT[RR]', 'plain'), 'AAILOTrr');
  });
});

describe('engine: one tile string before the score', function () {
  this.timeout(120000);

  it('reads >Ana: ACENRUZ +30 30 as the rack of a score-only line: no error, the rack known', () => {
    const text = ['#player1 Ana Ana', '#player2 Luis Luis', '>Ana: ACENRUZ +30 30', '>Luis: +20 20', ''].join('\n');
    const a = analyze(text, { lexicon });
    assert.deepEqual(errors(text), []);
    assert.equal(a.replay.turns[0].wordSearch?.status, 'rack');
    assert.deepEqual(a.replay.turns[0].rackBefore?.tiles, ['A', 'C', 'E', 'N', 'R', 'U', 'Z']);
    assert.deepEqual([...a.replay.result], [30, 20]);
  });

  it('takes the word when a placement of it scores so, with a hint when it could also be a whole rack', () => {
    const placed = analyze(['#player1 Ana Ana', '#player2 Luis Luis', '>Ana: ABILORS 8D ABILORS +0 0', ''].join('\n'), { lexicon });
    const score = placed.replay.turns[0].computedScore;
    const text = ['#player1 Ana Ana', '#player2 Luis Luis', `>Ana: ABILORS +${score} ${score}`, ''].join('\n');
    const a = analyze(text, { lexicon });
    const search = a.replay.turns[0].wordSearch;
    assert.ok(search?.status === 'located' || search?.status === 'ambiguous', search?.status);
    assert.equal(search?.alsoRack, true);
    assert.deepEqual(errors(text), []);
    assert.deepEqual(
      wordLineDiagnostics(a, 'en')
        .filter((d) => d.code === WORD_OR_RACK_CODE)
        .map((d) => d.message),
      ['ABILORS is taken as the word played, though it could also be the rack of a score-only line'],
    );
    // A word that could not be a whole rack gets no hint.
    const libro = analyze(['#player1 Ana Ana', '#player2 Luis Luis', '>Ana: LIBRO +16 16', ''].join('\n'), { lexicon });
    assert.notEqual(libro.replay.turns[0].wordSearch?.status, 'rack');
    assert.equal(libro.replay.turns[0].wordSearch?.alsoRack, undefined);
  });

  it('a string that cannot be a rack (eight letters) and scores nowhere stays an error', () => {
    const text = ['#player1 Ana Ana', '#player2 Luis Luis', '>Ana: ACENRUZO +30 30', ''].join('\n');
    assert.deepEqual(errors(text), ['3: score-mismatch']);
  });

  it('reconstruct uses a sheet’s racks written before the score', () => {
    const s = stripToScores(fs.readFileSync(REAL), { lexicon });
    const original = fs.readFileSync(REAL, 'utf8').split('\n');
    // The sheet with each placement's rack kept: `>Daniel: ACDEPRV +14 14`.
    const withRacks = s.text
      .split('\n')
      .map((line, i) => {
        const m = /^(>[^:]+:) (\S+) [0-9A-O]{2,3} \S+ (\+\d+ -?\d+)$/.exec(original[i] ?? '');
        return m && line.startsWith(m[1]) && !/^\(/.test(m[2]) ? `${m[1]} ${m[2]} ${m[3]}` : line;
      })
      .join('\n');
    assert.notEqual(withRacks, s.text);
    const sheet = analyze(withRacks, { lexicon, tileSet: s.tileSet });
    assert.deepEqual(
      sheet.findings.filter((f) => f.severity === 'error').map((f) => `${f.span.start.line + 1}: ${f.code}`),
      [],
    );
    const r = reconstructSheet(sheet, s.board, { lexicon, lang: 'en', timeLimitMs: 60000 });
    const decided = r.lines.filter((l) => l.status === 'decided').length;
    assert.ok(decided >= 20, `${decided} turns rebuilt`);
    const back = analyze(r.text, { lexicon, tileSet: s.tileSet });
    assert.deepEqual([...back.replay.result], [334, 555]);
  });
});
