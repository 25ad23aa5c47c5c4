/**
 * WORKED-EXAMPLES.md as a table: each record is replayed and the checked line's words (square by
 * square), score and running totals must be the document's, with exactly the findings the
 * document names (none, except `end-rack-gcg-convention` for example 15). Words are judged with a
 * lexicon test double holding the words the examples form (they are in FILE2017, which the project
 * does not ship), and once more without any lexicon.
 */
import * as assert from 'node:assert/strict';
import type { ReplayOptions } from '../../../server/src/engine/types';
import {
  APPENDIX_A,
  APPENDIX_A_2R,
  APPENDIX_A_TIME,
  APPENDIX_A_WORDS,
  APPENDIX_B,
  APPENDIX_B_WORDS,
  HEADER,
  lexiconOf,
  record,
  run,
  summary,
} from './helpers';

function incomplete(...lines: string[]): string {
  return [...HEADER, '#incomplete', ...lines].join('\n') + '\n';
}

interface Example {
  readonly name: string;
  readonly record: string;
  /** Words the lexicon double accepts, separated by spaces. */
  readonly lexicon: string;
  /** 1-based line of the event whose words and score are checked. */
  readonly line: number;
  /** Each word formed: `WORD p1 p2 … ×multiplier = score`, pN the points of each square (value × letter premium). */
  readonly words: readonly string[];
  readonly score: number;
  readonly bingo?: number;
  /** True totals after the checked line. */
  readonly totals: readonly [number, number];
  /** Final totals, when they differ from `totals`. */
  readonly final?: readonly [number, number];
  readonly findings?: readonly string[];
  readonly options?: ReplayOptions;
}

/** Appendix A's last play, the same in examples 14–16 (they differ in how the game ends). */
const CUENTE_ENDING = {
  lexicon: APPENDIX_A_WORDS.join(' '),
  words: ['CUENTE 3 1 1 1 1 1 ×1 = 8'],
  score: 8,
  totals: [347, 339],
} as const;

const EXAMPLES: readonly Example[] = [
  {
    name: '1. first move through the centre (H8, double word)',
    record: incomplete('>Ana: ABILORS 8D LIBRO +16 16'),
    lexicon: 'LIBRO',
    line: 7,
    words: ['LIBRO 2 1 3 1 1 ×2 = 16'],
    score: 16,
    totals: [16, 0],
  },
  {
    name: '2. digraph tile CH on a triple-letter square',
    record: incomplete('>Ana: AELNRSU 8H LUNA +8 8', '>Beto: [CH]EIMOST J8 .O[CH]E +18 18'),
    lexicon: 'LUNA NOCHE',
    line: 8,
    words: ['NOCHE 1 1 15 1 ×1 = 18'],
    score: 18,
    totals: [8, 18],
  },
  {
    name: '3. blank standing for LL on a double-letter square',
    record: incomplete('>Ana: AEINSV? 8D [ll]AVES +14 14'),
    lexicon: 'LLAVES',
    line: 7,
    words: ['LLAVES 0 1 4 1 1 ×2 = 14'],
    score: 14,
    totals: [14, 0],
  },
  {
    name: '4. two double-word squares: ×4',
    record: incomplete('>Ana: AAEIRTZ 8E TAZA +26 26', '>Beto: AAMNOÑR E5 MON.AÑA +64 64'),
    lexicon: 'TAZA MONTAÑA',
    line: 8,
    words: ['MONTAÑA 3 1 1 1 1 8 1 ×4 = 64'],
    score: 64,
    totals: [26, 64],
  },
  {
    name: '5. two triple-word squares: ×9, then the bingo',
    record: incomplete(
      '>Ana: ADEIPRU 8H PADRE +18 18',
      '>Beto: ABLOPRS L7 B.SO +6 6',
      '>Ana: ACINOTU 7L .OCA +9 27',
      '>Beto: AABLPRS O1 PALABR.S +167 173',
    ),
    lexicon: 'PADRE BESO BOCA PALABRAS',
    line: 10,
    words: ['PALABRAS 3 1 1 2 3 1 1 1 ×9 = 117'],
    score: 167,
    bingo: 50,
    totals: [27, 173],
  },
  {
    name: '6. main word and two cross words; a premium that counts in both',
    record: incomplete('>Ana: ABILORS 8D LIBRO +16 16', '>Beto: ADEIMNT 7G IDEA +13 13'),
    lexicon: 'LIBRO IDEA IR DO',
    line: 8,
    words: ['IDEA 2 2 2 1 ×1 = 7', 'IR 2 1 ×1 = 3', 'DO 2 1 ×1 = 3'],
    score: 13,
    totals: [16, 13],
  },
  {
    name: '7. parallel play',
    record: incomplete('>Ana: AEMOSST 8G MESA +12 12', '>Beto: IILMSTU 9F MISIL +21 21'),
    lexicon: 'MESA MISIL MI ES SI AL',
    line: 8,
    words: ['MISIL 3 2 1 2 1 ×1 = 9', 'MI 3 2 ×1 = 5', 'ES 1 1 ×1 = 2', 'SI 1 2 ×1 = 3', 'AL 1 1 ×1 = 2'],
    score: 21,
    totals: [12, 21],
  },
  {
    name: '8. seven-tile bingo containing a digraph tile',
    record: incomplete('>Ana: [CH]AELSTU 8D [CH]ULETAS +82 82'),
    lexicon: 'CHULETAS',
    line: 7,
    words: ['CHULETAS 10 1 1 1 1 1 1 ×2 = 32'],
    score: 82,
    bingo: 50,
    totals: [82, 0],
  },
  {
    name: '9. bingo with two blanks',
    record: incomplete('>Ana: AELNOPS 8H PLAN +12 12', '>Beto: AISTU?? K6 pI.TUrAS +62 62'),
    lexicon: 'PLAN PINTURAS',
    line: 8,
    words: ['PINTURAS 0 1 1 1 1 0 1 1 ×2 = 12'],
    score: 62,
    bingo: 50,
    totals: [12, 62],
  },
  {
    name: '10. playing through a tile: premiums under old tiles do not count again',
    record: incomplete('>Ana: ABILORS 8D LIBRO +16 16', '>Beto: ACEMNPT H4 CAMP. +14 14'),
    lexicon: 'LIBRO CAMPO',
    line: 8,
    words: ['CAMPO 6 1 3 3 1 ×1 = 14'],
    score: 14,
    totals: [16, 14],
  },
  {
    name: '11. Ñ on a triple-letter square',
    record: incomplete('>Ana: AACEIST 8H CASA +12 12', '>Beto: ADEOÑRU J5 AÑO. +27 27'),
    lexicon: 'CASA AÑOS',
    line: 8,
    words: ['AÑOS 1 24 1 1 ×1 = 27'],
    score: 27,
    totals: [12, 27],
  },
  {
    name: '12. an exchange and a pass',
    record: incomplete('>Ana: AEGMORT 8F GOTA +10 10', '>Beto: EIMNORU I8 .MOR +9 9', '>Ana: EIMRUUV -UUV +0 10', '>Beto: EIJNQUY - +0 9'),
    lexicon: 'GOTA AMOR',
    line: 10,
    words: [],
    score: 0,
    totals: [10, 9],
  },
  {
    name: '13. a withdrawn phony (--)',
    record: incomplete('>Ana: AEPRSTU 8G PERA +12 12', '>Beto: ABDEINO I6 AB.IDO +13 13', '>Beto: ABDEINO -- -13 0'),
    lexicon: 'PERA',
    line: 8,
    words: ['ABRIDO 1 6 1 2 2 1 ×1 = 13'],
    score: 13,
    totals: [12, 13],
    final: [12, 0],
  },
  {
    name: '14 / Appendix A. end of game, FISE style: the finisher +R, the opponent −R',
    record: APPENDIX_A,
    ...CUENTE_ENDING,
    line: 30,
    final: [364, 322],
  },
  {
    name: '15. the same ending in the GCG +2R convention',
    record: APPENDIX_A_2R,
    ...CUENTE_ENDING,
    line: 30,
    final: [381, 339],
    findings: ['end-rack-gcg-convention@31'],
  },
  {
    name: '16. time penalty: 1 min 5 s over time = 20 points',
    record: APPENDIX_A_TIME,
    ...CUENTE_ENDING,
    line: 31,
    final: [364, 302],
  },
  {
    name: '17 / Appendix B. twelve scoreless turns (art. 37.3)',
    record: APPENDIX_B,
    lexicon: APPENDIX_B_WORDS.join(' '),
    line: 20,
    words: [],
    score: 0,
    totals: [10, 9],
    final: [-6, -1],
  },
];

describe('engine: worked examples (WORKED-EXAMPLES.md)', () => {
  for (const ex of EXAMPLES) {
    for (const withLexicon of [true, false]) {
      it(`${ex.name}${withLexicon ? '' : ' (no lexicon)'}`, () => {
        const r = run(ex.record, { ...ex.options, ...(withLexicon ? { lexicon: lexiconOf(ex.lexicon.split(' ')) } : {}) });
        assert.deepEqual(summary(r), ex.findings ?? []);
        const turn = r.turns.find((t) => t.event.line + 1 === ex.line);
        assert.ok(turn, `no event on line ${ex.line}`);
        assert.deepEqual(
          turn.words.map((w) => `${w.word} ${w.squares.map((s) => s.points).join(' ')} ×${w.wordMultiplier} = ${w.score}`),
          ex.words,
        );
        assert.equal(turn.computedScore, ex.score);
        assert.equal(turn.bingo, ex.bingo ?? 0);
        assert.deepEqual(turn.totals, ex.totals);
        assert.deepEqual(r.final, ex.final ?? ex.totals);
        if (withLexicon)
          for (const w of turn.words)
            assert.equal(lexiconOf(ex.lexicon.split(' ')).has(w.normalized), ex.name.startsWith('13.') ? w.word !== 'ABRIDO' : true);
      });
    }
  }

  it('12: the bag holds 86 after the opening racks, 82 after GOTA, 79 after AMOR and after the exchange', () => {
    const r = run(EXAMPLES[11].record);
    assert.deepEqual(
      r.turns.map((t) => t.bag),
      [82, 79, 79, 79],
    );
    assert.deepEqual(r.turns[2].racks[0].tiles, ['E', 'I', 'M', 'R']);
  });

  it('13: after the withdrawal the board holds only PERA, the bag and the rack are as before', () => {
    const r = run(EXAMPLES[12].record);
    const [, play, back] = r.turns;
    assert.equal(play.board.filter(Boolean).length, 9);
    assert.equal(back.board.filter(Boolean).length, 4);
    assert.equal(back.bag, r.turns[0].bag);
    assert.deepEqual(back.racks[1].tiles, ['A', 'B', 'D', 'E', 'I', 'N', 'O']);
  });

  it('14: the game ends with CUENTE (37.4), and 15 gives the FISE final scores 364–322', () => {
    const r = run(APPENDIX_A);
    assert.deepEqual(r.gameEnd, { reason: 'out', article: '37.4', afterTurn: 24 });
    const info = run(APPENDIX_A_2R).findings[0];
    assert.equal(info.severity, 'information');
    assert.deepEqual(
      { final1: info.args.final1, final2: info.args.final2, value: info.args.value },
      { final1: 364, final2: 322, value: 17 },
    );
  });

  it('17: the game ends after the 12th scoreless turn, not after the 11th; never at 0-0', () => {
    const r = run(APPENDIX_B);
    assert.deepEqual(r.gameEnd, { reason: 'scoreless', article: '37.3', afterTurn: 14 });
    assert.equal(r.turns[13].gameOver, undefined);
    assert.equal(r.turns[14].gameOver?.reason, 'scoreless');
    // Twelve scoreless turns (passes by Ana, exchanges by Beto, so 37.2 never applies) end the
    // game after two plays, but not at 0-0.
    const twelve = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? '>Ana: - +0 T0' : '>Beto: -2 +0 T1'));
    const scored = run(
      record('>Ana: AEGMORT 8F GOTA +10 10', '>Beto: EIMNORU I8 .MOR +9 9', ...twelve.map((l) => l.replace('T0', '10').replace('T1', '9'))),
    );
    // Without the own-rack lines (37.3 makes them due), one finding on the twelfth scoreless turn.
    assert.deepEqual(summary(scored), ['missing-end-adjustment@19']);
    assert.equal(scored.gameEnd?.reason, 'scoreless');
    assert.equal(scored.gameEnd?.afterTurn, 13);
    const atZero = run(record(...twelve.map((l) => l.replace(/T[01]/, '0'))));
    assert.deepEqual(summary(atZero), []);
    assert.equal(atZero.gameEnd, undefined);
  });
});
