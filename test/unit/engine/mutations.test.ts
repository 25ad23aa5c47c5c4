/**
 * No cascades: change one number, tile, coordinate or nick in a correct record, and the replay
 * reports exactly the expected finding on that line and nothing else (RULES.md, "No cascades").
 * The records are the complete games of WORKED-EXAMPLES.md's appendices, judged with the lexicon
 * test double that holds their words; each mutation is checked to replace text that is there.
 */
import * as assert from 'node:assert/strict';
import { APPENDIX_A, APPENDIX_A_WORDS, APPENDIX_B, APPENDIX_B_WORDS, lexiconOf, run, summary } from './helpers';

interface Mutation {
  readonly name: string;
  readonly base: 'A' | 'B';
  /** 1-based line of the change. */
  readonly line: number;
  readonly from: string;
  readonly to: string;
  readonly code: string;
}

const MUTATIONS: readonly Mutation[] = [
  {
    name: 'a score',
    base: 'A',
    line: 19,
    from: '>Beto: GJNPRSU 11D PUS +27 214',
    to: '>Beto: GJNPRSU 11D PUS +28 214',
    code: 'score-mismatch',
  },
  {
    name: 'a bingo score',
    base: 'A',
    line: 20,
    from: '>Ana: EEGLNOP H8 ..LOPEEN +45 233',
    to: '>Ana: EEGLNOP H8 ..LOPEEN +54 233',
    code: 'score-mismatch',
  },
  {
    name: 'a total (the next line builds on the right one)',
    base: 'A',
    line: 19,
    from: 'PUS +27 214',
    to: 'PUS +27 215',
    code: 'cumulative-mismatch',
  },
  {
    name: 'a total (the next line builds on the wrong one)',
    base: 'A',
    line: 29,
    from: 'SE...... +23 339',
    to: 'SE...... +23 349',
    code: 'cumulative-mismatch',
  },
  { name: 'the first total', base: 'A', line: 6, from: 'BEFAN +20 20', to: 'BEFAN +20 2', code: 'cumulative-mismatch' },
  {
    name: 'a rack tile the play needs',
    base: 'A',
    line: 23,
    from: '>Beto: ACCDLST 10L SAL',
    to: '>Beto: AACCDLT 10L SAL',
    code: 'tile-not-in-rack',
  },
  {
    name: 'a rack tile the player keeps',
    base: 'A',
    line: 29,
    from: '>Beto: C[CH]EÑST? 6A',
    to: '>Beto: C[CH]EÑSE? 6A',
    code: 'rack-inconsistent',
  },
  {
    name: 'a rack gets an eighth tile',
    base: 'A',
    line: 14,
    from: '>Ana: AAEENOO I1 ENE',
    to: '>Ana: AAEENOOS I1 ENE',
    code: 'rack-too-large',
  },
  // a letter over an occupied square is a new tile put there when the rack, after
  // the play's other new tiles (G U [RR] A I), still holds it (M or Y), else the board's letter miscopied.
  {
    name: 'a played-through dot becomes a letter the rack still holds',
    base: 'A',
    line: 22,
    from: '2H ..GU[RR]AI.',
    to: '2H M.GU[RR]AI.',
    code: 'square-occupied',
  },
  {
    name: 'a played-through dot becomes a letter the rack lacks',
    base: 'A',
    line: 22,
    from: '2H ..GU[RR]AI.',
    to: '2H X.GU[RR]AI.',
    code: 'through-tile-mismatch',
  },
  { name: 'a played-through letter', base: 'A', line: 30, from: '15E CUE.TE', to: '15E CUEATE', code: 'through-tile-mismatch' },
  {
    name: 'a coordinate written row first for a word that goes down',
    base: 'A',
    line: 11,
    from: '5G VOTO',
    to: 'G5 VOTO',
    code: 'direction-mismatch',
  },
  {
    name: 'a coordinate written column first for a word that goes across',
    base: 'A',
    line: 14,
    from: 'I1 ENE',
    to: '1I ENE',
    code: 'direction-mismatch',
  },
  {
    name: 'the last coordinate moved to a square that touches nothing',
    base: 'A',
    line: 30,
    from: '15E CUE.TE',
    to: '15A CUETE',
    code: 'not-connected',
  },
  { name: 'a nick', base: 'A', line: 25, from: '>Beto: CC[CH]DÑT?', to: '>Beta: CC[CH]DÑT?', code: 'unknown-player' },
  { name: 'the end-of-game amount', base: 'A', line: 31, from: '(C[CH]ÑT?) +17 364', to: '(C[CH]ÑT?) +16 363', code: 'end-rack-mismatch' },
  { name: "the opponent's deduction", base: 'A', line: 32, from: '(C[CH]ÑT?) -17 322', to: '(C[CH]ÑT?) -7 332', code: 'end-rack-mismatch' },
  { name: 'an exchanged tile', base: 'B', line: 8, from: '>Ana: AEFMQRT -FQ', to: '>Ana: AEFMQRT -FX', code: 'exchange-not-in-rack' },
  { name: 'the amount of a withdrawal', base: 'B', line: 14, from: '-- -18 9', to: '-- -17 9', code: 'phony-withdrawn-mismatch' },
  { name: 'the total of a withdrawal', base: 'B', line: 14, from: '-- -18 9', to: '-- -18 10', code: 'cumulative-mismatch' },
  { name: 'a pass that scores', base: 'B', line: 10, from: '>Ana: AEMPRTT - +0 10', to: '>Ana: AEMPRTT - +5 10', code: 'score-mismatch' },
  { name: 'an own-rack deduction', base: 'B', line: 21, from: '(AEIMR[RR]T) -16 -6', to: '(AEIMR[RR]T) -15 -5', code: 'end-rack-mismatch' },
  {
    name: 'a rack of the scoreless run',
    base: 'B',
    line: 19,
    from: '>Beto: ADEENUU -EU +0 9\n>Ana: AEIMR[RR]T',
    to: '>Beto: ADEENUU -EU +0 9\n>Ana: AEIMRRT',
    code: 'rack-inconsistent',
  },
];

describe('engine: one change, one finding (mutations of a correct record)', () => {
  const bases = { A: { text: APPENDIX_A, words: APPENDIX_A_WORDS }, B: { text: APPENDIX_B, words: APPENDIX_B_WORDS } };

  it('the unmutated records are clean', () => {
    for (const b of Object.values(bases)) assert.deepEqual(summary(run(b.text, { lexicon: lexiconOf(b.words) })), []);
  });

  for (const m of MUTATIONS) {
    it(`${m.name} (Appendix ${m.base}, line ${m.line}) → ${m.code}`, () => {
      const base = bases[m.base];
      assert.ok(base.text.includes(m.from), `"${m.from}" is not in the record`);
      const mutated = base.text.replace(m.from, m.to);
      const r = run(mutated, { lexicon: lexiconOf(base.words) });
      assert.deepEqual(summary(r), [`${m.code}@${m.line}`]);
    });
  }
});
