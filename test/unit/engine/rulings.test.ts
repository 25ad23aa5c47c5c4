/**
 * Every mistake found once, as a ruling an arbiter can sign: one minimal record per kind of
 * mistake the engine rules on (the views' and the CLI's share are tested in their own suites), each
 * with its mistake and, where it helps, the corrected twin. The scores were worked out by hand from the premium squares
 * of RULES.md "Board" (art. 12–19); the comments give the sums.
 */
import * as assert from 'node:assert/strict';
import { explainRejection } from '../../../server/src/lexicon/reasons';
import { APPENDIX_A, APPENDIX_A_2R, APPENDIX_A_TIME, lexiconOf, record, run, summary } from './helpers';

/** A two-player record with the given nicks and lines. */
function game(p1: string, p2: string, ...lines: string[]): string {
  return ['#character-encoding UTF-8', `#player1 ${p1} ${p1}`, `#player2 ${p2} ${p2}`, ...lines].join('\n') + '\n';
}

describe('engine: rulings an arbiter can sign', () => {
  describe('1. a wrong direction gives one finding', () => {
    // ZUTANOS on 8H: (Z 10 + U + T + A + N 1×2 on L8 + O + S) × 2 (H8) = 34, + 50 = 84.
    // CUS down from I7 over the U of I8: C 3×2 (I7) + U 1 + S 1×2 (I9) = 9.
    const zutanos = '>Ana: ANOSTUZ 8H ZUTANOS +84 84';
    const words = lexiconOf(['ZUTANOS', 'CUS']);

    it('CLS written for C.S: one finding on that line, none on the next', () => {
      const r = run(game('Ana', 'Raul', zutanos, '>Raul: CLLRSSV I7 CLS +9 9', '>Ana: AEEIODU - +0 84', '>Raul: LLRSVAE - +0 9'), {
        lexicon: words,
      });
      assert.deepEqual(summary(r), ['square-occupied@5']);
      // The tiles stay as written (C on I7, S on I9); the L stays on the rack; the sheet's 9 is carried.
      assert.deepEqual(
        r.turns[1].placed.map((t) => t.letter),
        ['C', 'S'],
      );
      assert.deepEqual([...r.final], [84, 9]);
    });

    it('a coordinate written the other way round is read in the direction that gives the sheet’s score with accepted words', () => {
      const r = run(game('Ana', 'Raul', zutanos, '>Raul: CLLRSSV 7I C.S +9 9', '>Ana: AEEIODU - +0 84'), { lexicon: words });
      assert.deepEqual(summary(r), ['direction-mismatch@5']);
      assert.equal(r.turns[1].words[0].word, 'CUS');
    });

    it('the other direction is not taken when its score differs from the sheet’s', () => {
      const r = run(game('Ana', 'Raul', zutanos, '>Raul: CLLRSSV 7I C.S +10 10', '>Ana: AEEIODU - +0 84'), { lexicon: words });
      assert.equal(r.findings.length, 1);
      assert.equal(r.findings[0].span.start.line + 1, 5);
      assert.notEqual(r.findings[0].code, 'direction-mismatch');
    });
  });

  describe('2. broken geometry keeps honest totals', () => {
    const LIBRO = '>Ana: ABILORS 8D LIBRO +16 16';
    it('a gap: one finding; the sheet’s amount goes into the true total', () => {
      const r = run(record(LIBRO, '>Beto: ACEMNPT H3 .CAMP. +14 14', '>Ana: S - +0 16'));
      assert.deepEqual(summary(r), ['placement-gap@7']);
      assert.deepEqual([...r.final], [16, 14]);
      assert.equal(r.turns[1].illegal?.code, 'placement-gap');
      assert.deepEqual(r.turns[1].illegal?.squares, [{ row: 2, col: 7 }]);
    });
    it('off the board: one finding, the sheet’s amount', () => {
      const r = run(record(LIBRO, '>Beto: ACEMNPT 8K .CAMPE +30 30'));
      assert.deepEqual(summary(r), ['off-board@7']);
      assert.deepEqual([...r.final], [16, 30]);
    });
  });

  describe('3. a letter over an occupied square', () => {
    const LIBRO = '>Ana: ABILORS 8D LIBRO +16 16';
    // CAMP. on H4: C 3×2 (H4) + A + M 3 + P 3 + O = 14; with a letter over the O the sheet's 14 is carried.
    it('square-occupied when the rack, after the other new tiles, still holds the letter', () => {
      assert.deepEqual(summary(run(record(LIBRO, '>Beto: ACEMNPT H4 CAMPE +14 14'))), ['square-occupied@7']);
    });
    it('through-tile-mismatch when it does not (the board’s letter miscopied)', () => {
      assert.deepEqual(summary(run(record(LIBRO, '>Beto: ACEMNPT H4 CAMPA +14 14'))), ['through-tile-mismatch@7']);
    });
    it('a blank for a lower-case letter', () => {
      assert.deepEqual(summary(run(record(LIBRO, '>Beto: ACEMNP? H4 CAMPa +14 14'))), ['square-occupied@7']);
    });
  });

  describe('4. +2R with a wrong amount', () => {
    it('one end-rack-mismatch naming 2R; the spread stays 2R; no second finding', () => {
      const r = run(APPENDIX_A_2R.replace('>Ana: (C[CH]ÑT?) +34 381', '>Ana: (C[CH]ÑT?) +35 382'));
      assert.deepEqual(summary(r), ['end-rack-mismatch@31']);
      assert.equal(r.findings[0].args.expected, 34);
      const right = run(APPENDIX_A_2R);
      assert.deepEqual([...r.final], [...right.final]);
      // The result is FISE's ±R: 347 + 17, 339 − 17.
      assert.deepEqual([...r.result], [364, 322]);
    });
  });

  describe('6. time', () => {
    const clock = APPENDIX_A.replace('#tile-notation brackets\n', '#tile-notation brackets\n#clock Beto -01:05\n');
    it('a clock over time with no (time) line: one finding on #clock; the true total takes the penalty off', () => {
      const r = run(clock);
      assert.deepEqual(summary(r), ['time-penalty-mismatch@6']);
      assert.equal(r.findings[0].messageId, 'time-penalty-mismatch-missing');
      assert.deepEqual([...r.final], [364, 302]);
    });
    it('a penalty written on two lines is counted once', () => {
      const r = run(APPENDIX_A_TIME + '>Beto: (time) -20 282\n');
      assert.deepEqual(summary(r), ['time-penalty-mismatch@35']);
      assert.deepEqual([...r.final], [364, 302]);
      assert.deepEqual(summary(run(APPENDIX_A_TIME)), []);
    });
    it('under fise-2001 the penalty cites art. 31, where that text puts it', () => {
      const r = run(clock, { rules: 'fise-2001' });
      assert.equal(r.findings[0].article, '31');
    });
  });

  describe('7. withdrawn plays are not judged twice', () => {
    // CALLE with two loose L tiles: C 3×2 (D8) + A + L + L + E = 10, × 2 (H8) = 20.
    it('a phony of two separate L tiles, challenged off, is correct play', () => {
      const r = run(record('>Ana: ACELLST 8D CALLE +20 20', '>Ana: ACELLST -- -20 0'), { lexicon: lexiconOf(['CALLE']) });
      assert.deepEqual(summary(r), []);
      // Not withdrawn, the separate digraph stands.
      assert.deepEqual(summary(run(record('>Ana: ACELLST 8D CALLE +20 20'), { lexicon: lexiconOf(['CALLE']) })), ['separate-digraph@6']);
    });
  });

  describe('8. the tile set', () => {
    // LIBkO: (L 1×2 on D8 + I + B 3 + k 0 + O) × 2 (H8) = 14.
    for (const pragma of ['#rules fise', '#lexicon FILE2017']) {
      it(`${pragma}: a blank written k is blank-k-w, and the record stays Spanish`, () => {
        const r = run(game('Ana', 'Beto', pragma, '>Ana: ABILOR? 8D LIBkO +14 14'));
        assert.equal(r.tileSet, 'spanish');
        assert.deepEqual(summary(r), ['blank-k-w@5']);
      });
    }
  });

  describe('9. citations', () => {
    it('cumulative-mismatch cites 5.1 only under 2004 and 2001', () => {
      const text = record('>Ana: ABILORS 8D LIBRO +16 17');
      assert.equal(run(text, { rules: 'fise-2004' }).findings[0].article, '5.1');
      assert.equal(run(text, { rules: 'fise-2001' }).findings[0].article, '5.1');
      assert.equal(run(text).findings[0].article, '5.1, 34');
    });
    it('an end-of-game finding cites the ending that happened, or the whole article when none did', () => {
      const early = record('>Ana: ABILORS 8D LIBRO +16 16', '>Beto: (S) +1 1');
      assert.equal(run(early).findings[0].article, '37');
      assert.equal(run(early, { rules: 'fise-2004' }).findings[0].article, '40');
      const blocked = record('>Ana: ABILORS 8D LIBRO +16 16', '#game-end blocked', '>Ana: S (S) -2 14', '>Beto: ACEMNPT (ACEMNPT) -13 -13');
      assert.equal(run(blocked).findings[0].article, '37.1');
      // An own-rack line under 2004 and 2001: 40.1 only says when the game ends; the deduction is the original rules' (art. 1).
      assert.equal(run(blocked, { rules: 'fise-2004' }).findings[0].article, '40.1, 1');
      assert.equal(run(blocked, { rules: 'fise-2001' }).findings[0].article, '40.1, 1');
    });
    it('MEDRADOS: the plural participle of an intransitive verb (annex §17.4 and §8), not an enclitic (§17.5)', () => {
      const lex = lexiconOf(['medrar', 'medrado', 'medrad']);
      const hint = explainRejection(lex, 'medrados', 'fise');
      assert.equal(hint?.messageId, 'lexicon.hint.participle');
      assert.equal(hint?.article, 'XII §17.4, XII §8');
      assert.deepEqual(hint?.args, { word: 'medrados', base: 'medrado' });
    });
  });

  describe('10. words an edition names', () => {
    // REFUNDA on 8H: (R + E + F 4 + U + N 1×2 on L8 + D 2 + A) × 2 (H8) = 24, + 50 = 74.
    const text = (rules: string): string => game('Ana', 'Beto', `#rules ${rules}`, '>Ana: ADEFNRU 8H REFUNDA +74 74');
    const lexicon = lexiconOf(['fundar']);
    it('REFUNDAR is accepted under 2004 and 2001 (art. 38, annex XII), not under the current edition with a list that lacks it', () => {
      const judged = (rules: string): string[] =>
        run(text(rules), { lexicon })
          .findings.filter((f) => f.code === 'unaccepted-word')
          .map((f) => String(f.args.word));
      assert.deepEqual(judged('fise-2004'), []);
      assert.deepEqual(judged('fise-2001'), []);
      assert.deepEqual(judged('fise'), ['REFUNDA']);
      assert.deepEqual(summary(run(text('fise-2004'), { lexicon })), []);
    });
  });

  describe('11. a failed challenge under FISE', () => {
    const LIBRO = '>Ana: ABILORS 8D LIBRO +16 16';
    it('(challenge) +0 records a challenge that failed: no finding under the three FISE editions (art. 34)', () => {
      for (const rules of ['fise', 'fise-2004', 'fise-2001'] as const) {
        const r = run(record(LIBRO, '>Ana: ABILORS (challenge) +0 16', '>Beto: ACEMNPT H4 CAMP. +14 14'), { rules });
        assert.deepEqual(summary(r), [], rules);
        assert.deepEqual([...r.final], [16, 14], rules);
      }
    });
    it('(challenge) +5 stays an error under FISE and takes no points; under NASPA it is the bonus', () => {
      for (const rules of ['fise', 'fise-2004', 'fise-2001'] as const) {
        const r = run(record(LIBRO, '>Ana: ABILORS (challenge) +5 21'), { rules });
        assert.deepEqual(summary(r), ['challenge-bonus-not-fise@7'], rules);
        assert.equal(r.findings[0].article, '34');
      }
      assert.deepEqual(summary(run(record(LIBRO, '>Ana: ABILORS (challenge) +5 21'), { rules: 'naspa' })), []);
    });
  });

  describe('14. #game-end in the header', () => {
    it('one finding on the pragma, none on the first move', () => {
      const r = run(game('Ana', 'Beto', '#game-end time', '>Ana: ABILORS 8D LIBRO +16 16', '>Beto: ACEMNPT H4 CAMP. +14 14'));
      assert.deepEqual(summary(r), ['move-after-game-end@4']);
      assert.equal(r.findings[0].messageId, 'move-after-game-end-pragma');
    });
  });
});
