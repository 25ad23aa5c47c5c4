/**
 * The fast line reader (fast-line.ts) against the generated parser: wherever the fast reader
 * answers, its value must be the grammar's, keys in the same order. Checked on hand-picked near
 * misses of every rule it mirrors, on every line of the corpus, the samples, the worked examples
 * and generated games, and on random lines (built from pieces that include every word of
 * syntax/vocabulary.ts) and random mutations of the hand-picked lines and of every corpus and
 * sample line (fast-check, fixed seed). The lines games are made of must be answered by the fast
 * reader (else it is dead code).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import fc from 'fast-check';
import { readCommonLine } from '../../../server/src/syntax/fast-line';
import { grammarLine, parseLine } from '../../../server/src/syntax/grammar';
import { decode } from '../../../server/src/syntax/encoding';
import { splitLines } from '../../../server/src/syntax/parse';
import { generateGame } from '../../support/generator';
import { workedExampleRecords } from './helpers';
import {
  ARGUMENT_PRAGMAS,
  CHALLENGE_RULINGS,
  EDITION_NAMES,
  EVENT_KEYWORDS,
  GAME_END_REASONS,
  SIMPLE_PRAGMAS,
  TILE_NOTATIONS,
} from '../../../server/src/syntax/vocabulary';
import { corpusFiles, sampleFiles } from '../../support/fixtures';

/** Compares the two readers on one line; returns whether the fast reader answered. */
function agree(text: string, line = 3, offset = 120): boolean {
  const fast = readCommonLine(text, line, offset);
  if (fast === undefined) return false;
  const slow = grammarLine(text, line, offset);
  assert.deepStrictEqual(fast, slow, JSON.stringify(text));
  assert.equal(JSON.stringify(fast), JSON.stringify(slow), `key order of ${JSON.stringify(text)}`);
  return true;
}

const ANSWERED = [
  '>Ana: ABILORS 8D LIBRO +16 16',
  '  >Ana:\tABILORS  8d  LIBRO\t+16  16  ',
  '>Ana: ABILORS H4 LIBRO +16 16',
  '>Ana: ABILORS 12o LIBRO +16 -16',
  '>Ana: ABILORS 8D LIBRO +16 +16 BE, ET 2 ',
  '>Ana: AC[CH]ORS? 8D CO[CH]eS +30 46',
  '>Ana: AC[ch]ORS? 8D CO[ch]eS +30 46',
  '>Ana: DEIORRX 8D llORA +30 46',
  '>Ana: 1A2 8D 1A. +9 9',
  '>Ana: AÑO?ÑE 8D AÑO +9 9',
  '>Ana: AN\u0303O 8D AN\u0303O +9 9',
  '>Ana: ĄKÇ 8D ĄKÇ +9 9',
  '>Ana: ABC 8D A..B. +012345678 1',
  '>Ana: 8D LIBRO +16 16',
  '>Ana: 1D LIBRO +16 16',
  '>Ana: A1 8D LIBRO +16 16',
  '>Ana: ABC -AB +0 16',
  '>Ana: ABC - +0 16',
  '>Ana: ABC -? +0 16',
  '>Ana: (ABC) +10 300',
  '>Ana: ABC (ABC) -10 300',
  '>Ana: - +0 0',
  '>Ana: -A[CH] +0 0',
  '>Player_1: ABC -C +0 -0',
  '>césar: ABC (AB[CH]) -0 0',
  '>Luis: +26 74',
  '>Luis:+26 74',
  '>Luis:  +0   -4  ',
  '>Ana: AEI[CH]? +16 16',
  '#event Open de Madrid',
  '#ROUND 3',
  '#player1 Ana Ana García',
  '#player1 Ana',
  '#Player2  Beto   Alberto  Ruiz  ',
  '#note una nota',
  '#note',
  '#NOTE  espacios  ',
  '#rules fise',
  '#rules FISE-2004  ',
  '#tile-notation plain',
  '#tile-notation BRACKETS',
  '#character-encoding UTF-8',
  '#title',
  '#lexicon FILE2017',
  '#weird thing',
  '#x',
  '#player1:',
];

const LEFT = [
  '>Ana: ABILORS 8D LIBRO +16',
  '>Luis: +26',
  '>Luis: +26 74 extra',
  '>Luis: 26 74',
  '>Ana: AEI +16',
  '>Ana: AEI +16 x',
  '>Ana: 1A2 -5 16',
  '>Ana: ABILORS 8D LIBRO',
  '>Ana: ABILORS 8D LIBRO 16 16',
  '>Ana: ABILORS 8D LIBRO +16 16x',
  '>Ana: ABILORS 8D LIBRO +1234567890 16',
  '>Ana: ABC 8D A..B. +0123456789 1',
  '>Ana: ABILORS 8DD LIBRO +16 16',
  '>Ana: ABILORS 123 LIBRO +16 16',
  '>Ana: ABC -- +0 0',
  '>Ana: ABC -3 +0 0',
  '>Ana: ABC - +0 0 extra',
  '>Ana: (challenge) +5 10',
  '>Ana: (time) -10 10',
  '>Ana: (timeX) -10 10',
  '>Ana ABC 8D ABC +5 5',
  '>: ABC',
  '>Ana:',
  '>Ana: [CH 8D A +1 1',
  '#- comment',
  '#',
  '# spaced',
  '#player1',
  '#player1   ',
  '#rules',
  '#rules fise extra',
  '#tile-notation other',
  '#tile-notation plainx',
  '#rack1 ABC',
  '#clock Ana 05:00',
  '#challenge valid CASA',
  '#game-end time',
  '#tile CH ch',
  'garbage',
  '',
];

describe('fast line reader', () => {
  it('answers the common lines exactly as the grammar does', () => {
    for (const text of ANSWERED) assert.ok(agree(text), `not answered: ${JSON.stringify(text)}`);
  });

  it('leaves errors and rare forms to the grammar', () => {
    for (const text of LEFT) assert.equal(readCommonLine(text, 0, 0), undefined, JSON.stringify(text));
  });

  it('gives the grammar value through parseLine either way', () => {
    for (const text of [...ANSWERED, ...LEFT])
      assert.deepStrictEqual(parseLine(text, 2, 40), grammarLine(text, 2, 40), JSON.stringify(text));
  });

  it('agrees on every line of the corpus, the samples and the worked examples', () => {
    const texts = [...corpusFiles(), ...sampleFiles()].map((f) => decode(fs.readFileSync(f)).text);
    texts.push(...workedExampleRecords().map((r) => r.text));
    let answered = 0;
    for (const text of texts) {
      for (const [i, src] of splitLines(text).entries()) if (agree(src.text, i, src.offset)) answered++;
    }
    assert.ok(answered > 100, `answered only ${answered} lines`);
  });

  it('answers and agrees on every line of generated games', () => {
    for (const [seed, notation] of [
      [11, 'brackets'],
      [12, 'plain'],
      [13, 'plain'],
    ] as const) {
      const { text } = generateGame({ seed, notation, ending: seed === 13 ? 'gcg' : 'fise' });
      for (const [i, src] of splitLines(text).entries()) {
        if (src.text === '') continue;
        assert.ok(agree(src.text, i, src.offset), `seed ${seed} line ${i} not answered: ${src.text}`);
      }
    }
  });

  const pieces = [
    '>',
    '#',
    ':',
    ' ',
    '\t',
    '\u00A0',
    '\uFEFF',
    'Ana',
    'ABC',
    '8D',
    'h12',
    '15o',
    '0A',
    '123',
    '+16',
    '-5',
    '16',
    '-0',
    '+',
    '-',
    '--',
    '(',
    ')',
    '(time)',
    '(challenge)',
    '[CH]',
    '[ch]',
    '[',
    ']',
    '?',
    '.',
    '1',
    '2',
    '3',
    'ñ',
    'Ñ',
    'n\u0303',
    '\u0303',
    'Ą',
    'ß',
    '\uD83D\uDE00',
    '\uD800',
    'x',
    'X',
    // Every word of the vocabulary, as written and in upper case (so a word added there is tried here).
    ...[
      ...EDITION_NAMES,
      ...TILE_NOTATIONS,
      ...GAME_END_REASONS,
      ...CHALLENGE_RULINGS,
      ...SIMPLE_PRAGMAS,
      ...Object.values(ARGUMENT_PRAGMAS).flat(),
    ].flatMap((w) => [w, w.toUpperCase()]),
    ...Object.keys(EVENT_KEYWORDS).flatMap((k) => [k, `(${k})`, `(${k.toUpperCase()})`]),
  ];
  const corpusLines = [...corpusFiles(), ...sampleFiles()]
    .flatMap((f) => splitLines(decode(fs.readFileSync(f)).text).map((l) => l.text))
    .filter((l) => l.trim() !== '');
  const randomLine = fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((ps) => ps.join(''));
  const mutated = fc
    .tuple(fc.constantFrom(...ANSWERED, ...corpusLines), fc.nat(), fc.constantFrom(...pieces, ''), fc.nat({ max: 2 }))
    .map(([text, at, insert, cut]) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + insert + text.slice(i + cut);
    });

  it('agrees on random lines and mutations of common, corpus and sample lines', () => {
    fc.assert(
      fc.property(fc.oneof(randomLine, mutated), (text) => {
        agree(text);
      }),
      { numRuns: 6000, seed: 7 },
    );
  });

  it('agrees on each pragma and keyword of the vocabulary with each of its values and a near miss', () => {
    const values = [...EDITION_NAMES, ...TILE_NOTATIONS, ...GAME_END_REASONS, ...CHALLENGE_RULINGS, 'other'];
    const names = [...SIMPLE_PRAGMAS, ...Object.values(ARGUMENT_PRAGMAS).flat()];
    let answered = 0;
    for (const name of names) {
      for (const value of values) {
        for (const text of [
          `#${name} ${value}`,
          `#${name.toUpperCase()} ${value.toUpperCase()}`,
          `#${name} ${value}x`,
          `#${name} ${value} extra`,
        ]) {
          if (agree(text)) answered++;
        }
      }
    }
    for (const k of Object.keys(EVENT_KEYWORDS)) {
      for (const text of [`>Ana: (${k}) -10 20`, `>Ana: (${k.toUpperCase()}) +10 20`, `>Ana: (${k}x) +10 20`, `>Ana: ABC (${k}) -10 20`])
        agree(text);
    }
    assert.ok(answered > 50, `answered only ${answered}`);
  });
});
