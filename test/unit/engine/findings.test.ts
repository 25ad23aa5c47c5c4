/**
 * Every finding code in FINDING_CODES, fired by a minimal record and not fired by its corrected
 * twin (which must replay with no finding at all). Each case names the 1-based line and the exact
 * source text the finding points at. A last test scans the table and fails when a code has no
 * producing case.
 *
 * Three codes come from the parser (syntax-error, encoding-fallback, unknown-pragma): their cases
 * go through `parse`. One code, placement-not-in-line, cannot arise from GCG text (a coordinate and
 * a word always lie in one line): it stays in the catalogue because RULES.md lists it, and the
 * coverage test names it as the one code without a producing case.
 */
import * as assert from 'node:assert/strict';
import type { ReplayOptions } from '../../../server/src/engine/types';
import { parse, syntaxErrors } from '../../../server/src/syntax/parse';
import { FINDING_CODES, type FindingCode } from '../../../server/src/rules/types';
import { APPENDIX_A, APPENDIX_A_2R, APPENDIX_A_TIME, APPENDIX_B, lexiconOf, record, run, summary, textAt } from './helpers';

interface Case {
  readonly code: FindingCode;
  readonly name: string;
  readonly fire: string;
  readonly twin: string;
  readonly options?: ReplayOptions;
  /** Options for the twin, when they differ. */
  readonly twinOptions?: ReplayOptions;
  /** 1-based line and exact source text of the finding. */
  readonly line: number;
  readonly at: string;
  readonly messageId?: string;
  /** Every finding of the record, when the case's finding is not the only one. */
  readonly expect?: readonly string[];
}

const LIBRO = '>Ana: ABILORS 8D LIBRO +16 16';
const CAMPO = '>Beto: ACEMNPT H4 CAMP. +14 14';
const A_END = APPENDIX_A.split('\n').slice(0, 30).join('\n') + '\n';

const CASES: readonly Case[] = [
  {
    code: 'mixed-tile-notation',
    name: "a bracket file's rr that fits its turn only as the RR tile",
    fire: record('#tile-notation brackets', LIBRO, '>Beto: ACEMNOrr -rr +0 0'),
    twin: record('#tile-notation brackets', LIBRO, '>Beto: ACEMNO[RR] -[RR] +0 0'),
    line: 8,
    at: 'ACEMNOrr',
  },
  {
    code: 'mixed-tile-notation',
    name: 'a file that says plain writes a tile in brackets while another token spells one plainly',
    // The examples' header says brackets; this record says plain instead.
    fire: record('>Ana: AC[CH]ORS? 8D COCHeS +26 26').replace('#tile-notation brackets', '#tile-notation plain'),
    twin: record('>Ana: ACchORS? 8D COCHeS +26 26').replace('#tile-notation brackets', '#tile-notation plain'),
    line: 6,
    at: 'AC[CH]ORS?',
    messageId: 'mixed-tile-notation-plain',
  },
  {
    code: 'unknown-player',
    name: 'a nick that is neither player',
    fire: record(LIBRO, '>Beta: ACEMNPT H4 CAMP. +14 14'),
    twin: record(LIBRO, CAMPO),
    line: 7,
    at: 'Beta',
  },
  {
    code: 'out-of-turn',
    name: 'the same player moves twice',
    fire: record(LIBRO, '>Ana: ACEMNPS H4 CAMP. +14 30'),
    twin: record(LIBRO, '>Beto: ACEMNPS H4 CAMP. +14 14'),
    line: 7,
    at: 'Ana',
  },
  {
    code: 'first-move-center',
    name: 'the first move misses H8',
    fire: record('>Ana: ABILORS 8A LIBRO +24 24'),
    twin: record(LIBRO),
    line: 6,
    at: '8A',
  },
  {
    code: 'first-move-single-tile',
    name: 'the first move places one tile',
    fire: record('>Ana: ABILORS 8H O +0 0'),
    twin: record('>Ana: ABILORS 8G LO +4 4'),
    line: 6,
    at: '8H',
  },
  {
    code: 'not-connected',
    name: 'a later move touches nothing',
    fire: record(LIBRO, '>Beto: ACEMOPT 2B CAMPO +20 20'),
    twin: record(LIBRO, CAMPO),
    line: 7,
    at: '2B',
  },
  {
    code: 'placement-gap',
    name: 'a played-through dot over an empty square',
    fire: record(LIBRO, '>Beto: ACEMNPT H4 CA.PO +14 14'),
    twin: record(LIBRO, CAMPO),
    line: 7,
    at: '.',
  },
  {
    code: 'square-occupied',
    name: 'a new letter over an occupied square, in a play that marks old tiles with dots',
    fire: record(LIBRO, '>Beto: ADEIMST 8C S.IBRA +8 8'),
    twin: record(LIBRO, '>Beto: ADEIMST 8C S.IBRO +8 8'),
    line: 7,
    at: 'A',
  },
  {
    code: 'off-board',
    name: 'the word runs off the board',
    fire: record('>Ana: ABILORS 8H LIBRO +16 16', '>Beto: ADEIMST 8H .....DEAS +33 33'),
    twin: record('>Ana: ABILORS 8H LIBRO +16 16', '>Beto: ADEIMST 8H .....DEA +33 33'),
    line: 7,
    at: '8H',
  },
  {
    code: 'through-tile-mismatch',
    name: 'a literal played-through letter that differs from the board',
    fire: record(LIBRO, '>Beto: ACEMNPT H4 CAMPA +14 14'),
    twin: record(LIBRO, '>Beto: ACEMNPT H4 CAMPO +14 14'),
    line: 7,
    at: 'A',
  },
  {
    code: 'direction-mismatch',
    name: 'row first (across) written for a word that goes down',
    fire: record(LIBRO, '>Beto: ACEMNPT 4H CAMP. +14 14'),
    twin: record(LIBRO, CAMPO),
    line: 7,
    at: '4H',
  },
  {
    code: 'tile-not-in-rack',
    name: 'a played tile missing from the written rack',
    fire: record(LIBRO, '>Beto: ACEMNRT H4 CAMP. +14 14'),
    twin: record(LIBRO, CAMPO),
    line: 7,
    at: 'P',
  },
  {
    code: 'rack-too-large',
    name: 'eight tiles on a rack',
    fire: record('>Ana: ABILORSS 8D LIBRO +16 16'),
    twin: record(LIBRO),
    line: 6,
    at: 'ABILORSS',
  },
  {
    code: 'rack-not-in-bag',
    name: 'a second Z (the set has one)',
    fire: record('>Ana: AAETZZ 8E TAZA +26 26'),
    twin: record('>Ana: AAETZ 8E TAZA +26 26'),
    line: 6,
    at: 'AAETZZ',
  },
  {
    code: 'rack-not-in-bag',
    name: 'a third blank',
    fire: record('>Ana: BIL???O 8D LIBrO +14 14'),
    twin: record('>Ana: BIL??RO 8D LIBrO +14 14'),
    line: 6,
    at: 'BIL???O',
  },
  {
    code: 'rack-inconsistent',
    name: 'the next rack drops the S kept from LIBRO',
    fire: record(LIBRO, CAMPO, '>Ana: ACDEMNT - +0 16'),
    twin: record(LIBRO, CAMPO, '>Ana: ACDEMST - +0 16'),
    line: 8,
    at: 'ACDEMNT',
  },
  {
    code: 'blank-k-w',
    name: 'a blank standing for K',
    fire: record('>Ana: AILOS?? 8D kILOS +8 8'),
    twin: record('>Ana: AILOS?? 8D sILOS +8 8'),
    line: 6,
    at: 'k',
    options: { lexicon: lexiconOf(['silos']) },
  },
  {
    code: 'tile-not-in-set',
    name: 'a K tile in a Spanish play (unwritten rack)',
    fire: record('>Ana: 8D KILOS +8 8'),
    twin: record('>Ana: 8D SILOS +12 12'),
    options: { lexicon: lexiconOf(['silos']) },
    line: 6,
    at: 'K',
  },
  {
    code: 'tile-not-in-set',
    name: 'a letter no set has, on the rack',
    fire: record('>Ana: ĄILOSS 8D SILOS +12 12'),
    twin: record('>Ana: AILOSS 8D SILOS +12 12'),
    line: 6,
    at: 'Ą',
  },
  {
    code: 'separate-digraph',
    name: 'C and H as two tiles in bracket notation',
    fire: record('>Ana: ACEHNOS 8E NOCHE +20 20'),
    twin: record('>Ana: [CH]ENOSA 8E NO[CH]E +16 16'),
    line: 6,
    at: 'C',
  },
  {
    code: 'unaccepted-word',
    name: 'a word the lexicon lacks',
    fire: record(LIBRO),
    twin: record(LIBRO),
    options: { lexicon: lexiconOf([]) },
    twinOptions: { lexicon: lexiconOf(['libro']) },
    line: 6,
    at: 'LIBRO',
  },
  {
    code: 'unaccepted-word',
    name: 'several words the lexicon lacks, in one finding',
    fire: record(LIBRO, '>Beto: ADEIMNT 7G IDEA +13 13'),
    twin: record(LIBRO, '>Beto: ADEIMNT 7G IDEA +13 13'),
    options: { lexicon: lexiconOf(['libro', 'idea']) },
    twinOptions: { lexicon: lexiconOf(['libro', 'idea', 'ir', 'do']) },
    line: 7,
    at: 'IDEA',
    messageId: 'unaccepted-word-list',
  },
  {
    code: 'score-mismatch',
    name: 'a wrong score (its total follows it)',
    fire: record('>Ana: ABILORS 8D LIBRO +17 17'),
    twin: record(LIBRO),
    line: 6,
    at: '+17',
  },
  {
    code: 'score-mismatch',
    name: 'a wrong bingo score',
    fire: record('>Ana: [CH]AELSTU 8D [CH]ULETAS +32 32'),
    twin: record('>Ana: [CH]AELSTU 8D [CH]ULETAS +82 82'),
    line: 6,
    at: '+32',
    messageId: 'score-mismatch-bingo',
  },
  {
    code: 'score-mismatch',
    name: 'a pass that scores',
    fire: record(LIBRO, '>Beto: ACEMNPT - +5 5'),
    twin: record(LIBRO, '>Beto: ACEMNPT - +0 0'),
    line: 7,
    at: '+5',
    messageId: 'score-mismatch-scoreless',
  },
  {
    code: 'cumulative-mismatch',
    name: "the sheet's own addition",
    fire: record('>Ana: ABILORS 8D LIBRO +16 17'),
    twin: record(LIBRO),
    line: 6,
    at: '17',
  },
  {
    code: 'exchange-not-in-rack',
    name: 'exchanging a tile the rack lacks',
    fire: record('>Ana: ABILORS -ABC +0 0'),
    twin: record('>Ana: ABILORS -ABI +0 0'),
    line: 6,
    at: 'ABC',
  },
  {
    code: 'exchange-bag-too-small',
    name: 'fewer tiles in the bag than the minimum',
    fire: record('>Ana: ABILORS -ABI +0 0'),
    twin: record('>Ana: ABILORS -ABI +0 0'),
    options: { exchangeMinimum: 87 },
    twinOptions: {},
    line: 6,
    at: 'ABI',
  },
  {
    code: 'exchange-bag-too-small',
    name: 'more tiles exchanged than the bag holds (5 left)',
    fire: A_END.split('\n').slice(0, 26).join('\n') + '\n>Beto: C[CH]ÑSST? -C[CH]ÑSST +0 300\n',
    twin: A_END.split('\n').slice(0, 26).join('\n') + '\n>Beto: C[CH]ÑSST? -C[CH]ÑSS +0 300\n',
    line: 27,
    at: 'C[CH]ÑSST',
    messageId: 'exchange-bag-too-small-count',
  },
  {
    code: 'phony-withdrawn-mismatch',
    name: 'taking back another amount than the play scored',
    fire: record('>Ana: AEPRSTU 8G PERA +12 12', '>Beto: ABDEINO I6 AB.IDO +13 13', '>Beto: ABDEINO -- -12 1'),
    twin: record('>Ana: AEPRSTU 8G PERA +12 12', '>Beto: ABDEINO I6 AB.IDO +13 13', '>Beto: ABDEINO -- -13 0'),
    line: 8,
    at: '-12',
  },
  {
    code: 'phony-withdrawn-without-play',
    name: 'a withdrawal with no play of that player to take back',
    fire: record(LIBRO, '>Beto: ACEMNPT -- -0 0', CAMPO),
    twin: record(LIBRO, CAMPO),
    line: 7,
    at: '-0',
  },
  {
    code: 'challenge-bonus-not-fise',
    name: 'a challenge bonus under FISE rules',
    fire: record(LIBRO, '>Ana: S (challenge) +5 21'),
    twin: record(LIBRO),
    line: 7,
    at: '(challenge)',
  },
  {
    code: 'withdrawn-play-was-valid',
    name: 'a withdrawn play whose words are all in the lexicon',
    fire: record('>Ana: AEPRSTU 8G PERA +12 12', '>Beto: ABDEINO I6 AB.IDO +13 13', '>Beto: ABDEINO -- -13 0'),
    twin: record('>Ana: AEPRSTU 8G PERA +12 12', '>Beto: ABDEINO I6 AB.IDO +13 13', '>Beto: ABDEINO -- -13 0'),
    options: { lexicon: lexiconOf(['pera', 'abrido']) },
    twinOptions: { lexicon: lexiconOf(['pera']) },
    line: 8,
    at: '>Beto: ABDEINO -- -13 0',
  },
  {
    code: 'valid-ruling-not-in-lexicon',
    name: 'a ruling accepts a word the lexicon lacks',
    fire: record(LIBRO, '#challenge valid LIBRO'),
    twin: record(LIBRO, '#challenge valid LIBRO'),
    options: { lexicon: lexiconOf([]) },
    twinOptions: { lexicon: lexiconOf(['libro']) },
    line: 7,
    at: 'LIBRO',
  },
  {
    code: 'end-rack-mismatch',
    name: 'the finisher adds another amount than the rack is worth',
    fire: APPENDIX_A.replace('(C[CH]ÑT?) +17 364', '(C[CH]ÑT?) +18 365'),
    twin: APPENDIX_A,
    line: 31,
    at: '+18',
  },
  {
    code: 'end-rack-mismatch',
    name: 'the end rack is not the tiles left',
    fire: APPENDIX_A.replace('>Ana: (C[CH]ÑT?) +17 364', '>Ana: (CÑT?) +17 364'),
    twin: APPENDIX_A,
    line: 31,
    at: 'CÑT?',
    messageId: 'end-rack-mismatch-rack',
  },
  {
    code: 'end-rack-mismatch',
    name: 'an own-rack line after a +2R line counts the rack twice',
    fire: APPENDIX_A_2R + '>Beto: C[CH]ÑT? (C[CH]ÑT?) -17 322\n',
    twin: APPENDIX_A,
    line: 32,
    at: '-17',
    messageId: 'end-rack-mismatch-after-2r',
    expect: ['end-rack-gcg-convention@31', 'end-rack-mismatch@32'],
  },
  {
    code: 'end-rack-mismatch',
    name: 'an end-of-game line while the game goes on',
    fire: record(LIBRO, '>Ana: (ACEMNPT) +16 32'),
    twin: record(LIBRO),
    line: 7,
    at: '+16',
    messageId: 'end-rack-mismatch-no-end',
  },
  {
    code: 'missing-end-adjustment',
    name: 'a player goes out and no line adds the rack',
    fire: A_END,
    twin: APPENDIX_A,
    line: 30,
    at: 'CUE.TE',
  },
  {
    code: 'missing-end-adjustment',
    name: "the finisher's +R line without the opponent's −R line",
    fire: A_END + '>Ana: (C[CH]ÑT?) +17 364\n',
    twin: APPENDIX_A,
    line: 31,
    at: '+17',
  },
  {
    code: 'end-rack-gcg-convention',
    name: 'the GCG +2R single line under FISE',
    fire: APPENDIX_A_2R,
    twin: APPENDIX_A,
    line: 31,
    at: '+34',
  },
  {
    code: 'move-after-game-end',
    name: 'a move after the player went out',
    fire: APPENDIX_A + '>Beto: C[CH]ÑT? - +0 322\n',
    twin: APPENDIX_A,
    line: 33,
    at: '>Beto: C[CH]ÑT? - +0 322',
  },
  {
    code: 'scoreless-turns-end',
    name: 'a move after the twelfth scoreless turn',
    fire: APPENDIX_B + '>Ana: AEIMR[RR]T - +0 -6\n',
    twin: APPENDIX_B,
    line: 23,
    at: '>Ana: AEIMR[RR]T - +0 -6',
  },
  {
    code: 'time-penalty-mismatch',
    name: '1:05 over time charged as one minute',
    fire: APPENDIX_A_TIME.replace('(time) -20 302', '(time) -10 312'),
    twin: APPENDIX_A_TIME,
    line: 34,
    at: '-10',
  },
  {
    code: 'time-penalty-mismatch',
    name: 'a penalty that is no multiple of 10 (no clock given)',
    fire: APPENDIX_A + '>Beto: (time) -15 307\n',
    twin: APPENDIX_A + '>Beto: (time) -20 302\n',
    line: 33,
    at: '-15',
    messageId: 'time-penalty-mismatch-multiple',
  },
  {
    code: 'arbiter-penalty-mismatch',
    name: 'an arbiter penalty of 20',
    fire: record(LIBRO, '>Ana: (penalty) -20 -4'),
    twin: record(LIBRO, '>Ana: (penalty) -30 -14'),
    line: 7,
    at: '-20',
  },
];

describe('engine: every finding code, fired and not fired', () => {
  for (const c of CASES) {
    it(`${c.code}: ${c.name}`, () => {
      const fired = run(c.fire, c.options);
      assert.deepEqual(summary(fired), c.expect ?? [`${c.code}@${c.line}`]);
      const f = fired.findings.find((x) => x.code === c.code)!;
      assert.equal(textAt(fired, f), c.at);
      assert.equal(f.messageId, c.messageId ?? c.code);
      const twin = run(c.twin, c.twinOptions ?? c.options);
      assert.deepEqual(summary(twin), []);
    });
  }

  const SYNTAX: readonly { code: FindingCode; fire: string | Uint8Array; twin: string | Uint8Array }[] = [
    { code: 'syntax-error', fire: record(LIBRO, 'this is no line'), twin: record(LIBRO) },
    { code: 'unknown-pragma', fire: record('#foo bar', LIBRO), twin: record('#title bar', LIBRO) },
    {
      code: 'encoding-fallback',
      fire: Uint8Array.from([
        ...Buffer.from('#player1 c'),
        0xe9,
        ...Buffer.from('sar C\n>c'),
        0xe9,
        ...Buffer.from('sar: ABILORS 8D LIBRO +16 16\n'),
      ]),
      twin: new TextEncoder().encode('#player1 césar C\n>césar: ABILORS 8D LIBRO +16 16\n'),
    },
  ];
  for (const c of SYNTAX) {
    it(`${c.code}: produced by the parser`, () => {
      const codes = (x: string | Uint8Array): string[] => {
        const p = parse(x);
        return [...syntaxErrors(p).map((e) => e.code), ...p.problems.filter((e) => e.code !== 'syntax-error').map((e) => e.code)];
      };
      assert.deepEqual(codes(c.fire), [c.code]);
      assert.deepEqual(codes(c.twin), []);
      assert.deepEqual(run(c.fire).findings, []);
    });
  }

  it('covers every code in FINDING_CODES', () => {
    const covered = new Set<string>([...CASES.map((c) => c.code), ...SYNTAX.map((c) => c.code), 'placement-not-in-line']);
    assert.deepEqual(
      FINDING_CODES.filter((code) => !covered.has(code)),
      [],
    );
  });
});
