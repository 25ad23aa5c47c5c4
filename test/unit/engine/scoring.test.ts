/**
 * Scoring, article by article (art. 10.2, 13–19), on hand-worked positions built directly on a
 * board: each case lists the tiles already on the board, the tiles placed, and the expected words
 * with their scores, worked out by hand in the comment.
 */
import * as assert from 'node:assert/strict';
import { emptyBoard, squareIndex } from '../../../server/src/engine/board';
import { scorePlacement, type NewTile } from '../../../server/src/engine/scoring';
import { TILE_SETS } from '../../../server/src/engine/tilesets';
import type { BoardCells, PlacedTile } from '../../../server/src/engine/types';
import { parseSquare } from '../../../server/src/engine/board';

/** Tiles written 'H8:A', 'D8:ch' (lower case: a blank), 'J10:CH'. */
function tiles(spec: string): NewTile[] {
  return spec
    .split(/\s+/)
    .filter(Boolean)
    .map((item) => {
      const [square, face] = item.split(':') as [string, string];
      const sq = parseSquare(square)!;
      const blank = face !== face.toUpperCase();
      return { row: sq.row, col: sq.col, letter: face.toUpperCase(), blank };
    });
}

function boardWith(spec: string): BoardCells {
  const board: (PlacedTile | null)[] = [...emptyBoard()];
  for (const t of tiles(spec)) board[squareIndex(t.row, t.col)] = { letter: t.letter, blank: t.blank, turn: 0 };
  return board;
}

interface Case {
  readonly article: string;
  readonly name: string;
  readonly board: string;
  readonly placed: string;
  readonly direction: 'across' | 'down';
  readonly words: readonly (readonly [string, number])[];
  readonly score: number;
  readonly set?: 'spanish' | 'english';
}

const CASES: readonly Case[] = [
  {
    article: '12',
    name: 'letter values summed, no premium: SOL on J9–L9 (1+1+1)',
    board: 'J8:A',
    placed: 'J9:S K9:O L9:L',
    direction: 'across',
    // SOL = 3; cross AS (J8 A old + J9 S) = 2.
    words: [
      ['SOL', 3],
      ['AS', 2],
    ],
    score: 5,
  },
  {
    article: '13',
    name: 'a double-letter square: Z on D8 (DL)',
    board: 'E8:A',
    placed: 'D8:Z',
    direction: 'across',
    // ZA: Z 10 × 2 + A 1 = 21.
    words: [['ZA', 21]],
    score: 21,
  },
  {
    article: '13',
    name: 'a letter premium doubles the tile, not the word: J on F10 (TL) in JOTA down F10–F13',
    board: 'F9:A',
    placed: 'F10:J F11:O F12:T',
    direction: 'down',
    // AJOT: A 1 + J 8 × 3 + O 1 + T 1 = 27.
    words: [['AJOT', 27]],
    score: 27,
  },
  {
    article: '14',
    name: 'letter premiums first, then the word premium: CASAS down from K5 (DW)',
    board: 'K9:S',
    placed: 'K5:C K6:A K7:S K8:A',
    direction: 'down',
    // CASAS: (3 + 1 + 1 + 1 + 1) × 2 (K5 DW) = 14.
    words: [['CASAS', 14]],
    score: 14,
  },
  {
    article: '15',
    name: 'two double-word squares multiply: ×4 (E5 and E11)',
    board: 'E8:T',
    placed: 'E5:M E6:O E7:N E9:A E10:Ñ E11:A',
    direction: 'down',
    words: [['MONTAÑA', 64]],
    score: 64,
  },
  {
    article: '15',
    name: 'two triple-word squares multiply: ×9 (A1 and A8), DL on A4 first',
    board: 'A7:A',
    placed: 'A1:P A2:A A3:L A4:A A5:B A6:R A8:S',
    direction: 'down',
    // (3 + 1 + 1 + 1×2 + 3 + 1 + 1 + 1) × 9 = 117, + 50 for 7 tiles.
    words: [['PALABRAS', 117]],
    score: 167,
  },
  {
    article: '16',
    name: 'the centre star doubles the first word',
    board: '',
    placed: 'G8:S H8:I',
    direction: 'across',
    words: [['SI', 4]],
    score: 4,
  },
  {
    article: '17',
    name: 'premiums under old tiles count at face value: through the old O on H8 (DW) and C on D8 (DL)',
    board: 'D8:C H8:O',
    placed: 'E8:A F8:N G8:T',
    direction: 'across',
    // CANTO: 3 + 1 + 1 + 1 + 1 = 7 (no DL on D8, no DW on H8).
    words: [['CANTO', 7]],
    score: 7,
  },
  {
    article: '18',
    name: 'a new tile shared by two words counts, premium included, in both',
    board: 'G8:R H8:O',
    placed: 'G7:I H7:D I7:E J7:A',
    direction: 'across',
    // IDEA: I 1×2 (G7 DL) + D 2 + E 1×2 (I7 DL) + A 1 = 7; IR: 2 + 1 = 3; DO: 2 + 1 = 3.
    words: [
      ['IDEA', 7],
      ['IR', 3],
      ['DO', 3],
    ],
    score: 13,
  },
  {
    article: '18',
    name: 'a single tile makes two words: both count',
    board: 'G8:A I8:A H7:L H9:S',
    placed: 'H8:L',
    direction: 'across',
    // ALA across: (1 + 1 + 1) × 2 (H8 DW, new) = 6; LLS down: (1 + 1 + 1) × 2 = 6.
    words: [
      ['ALA', 6],
      ['LLS', 6],
    ],
    score: 12,
  },
  {
    article: '18',
    name: 'a single tile written across that makes a word only downwards: that word is the main word',
    board: 'H7:A',
    placed: 'H8:S',
    direction: 'across',
    words: [['AS', 4]],
    score: 4,
  },
  {
    article: '19',
    name: '50 after the multipliers, for 7 tiles: CHULETAS (8 letters, 7 tiles)',
    board: '',
    placed: 'D8:CH E8:U F8:L G8:E H8:T I8:A J8:S',
    direction: 'across',
    words: [['CHULETAS', 32]],
    score: 82,
  },
  {
    article: '19',
    name: 'no bonus for 6 tiles, even with 7 letters on the board',
    board: 'K8:S',
    placed: 'E8:C F8:A G8:N H8:T I8:O J8:S',
    direction: 'across',
    // CANTOSS is no word, but the sum is (3 + 1 + 1 + 1 + 1 + 1 + 1) × 2 = 18.
    words: [['CANTOSS', 18]],
    score: 18,
  },
  {
    article: '10.2',
    name: 'blanks score 0 but keep the word premium: two blanks, one on K11 (DW)',
    board: 'K8:N',
    placed: 'K6:p K7:I K9:T K10:U K11:r K12:A K13:S',
    direction: 'down',
    words: [['PINTURAS', 12]],
    score: 62,
  },
  {
    article: '11, 13',
    name: 'the CH tile on a triple-letter square (J10) counts 15',
    board: 'J8:N',
    placed: 'J9:O J10:CH J11:E',
    direction: 'down',
    words: [['NOCHE', 18]],
    score: 18,
  },
  {
    article: '10.2, 11',
    name: 'a blank LL on a double-letter square (D8) counts 0',
    board: '',
    placed: 'D8:ll E8:A F8:V G8:E H8:S',
    direction: 'across',
    words: [['LLAVES', 14]],
    score: 14,
  },
  {
    article: '11, 13',
    name: 'the real LL tile in the same place counts (8×2 + 1 + 4 + 1 + 1) × 2',
    board: '',
    placed: 'D8:LL E8:A F8:V G8:E H8:S',
    direction: 'across',
    words: [['LLAVES', 46]],
    score: 46,
  },
  {
    article: '12 (English)',
    name: 'English values: QUIZ on E8–H8 (H8 DW)',
    board: '',
    placed: 'E8:Q F8:U G8:I H8:Z',
    direction: 'across',
    // (10 + 1 + 1 + 10) × 2 = 44.
    words: [['QUIZ', 44]],
    score: 44,
    set: 'english',
  },
];

describe('engine: scoring (art. 10.2, 12–19)', () => {
  for (const c of CASES) {
    it(`art. ${c.article}: ${c.name}`, () => {
      const s = scorePlacement(boardWith(c.board), tiles(c.placed), c.direction, TILE_SETS[c.set ?? 'spanish']);
      assert.deepEqual(
        s.words.map((w) => [w.word, w.score]),
        c.words,
      );
      assert.equal(s.score, c.score);
      assert.equal(s.words[0]?.main, true);
      assert.ok(s.words.slice(1).every((w) => !w.main));
    });
  }

  it('normalises words for the lexicon: digraphs as two letters, ñ kept', () => {
    const s = scorePlacement(boardWith(''), tiles('E8:CH F8:U G8:Ñ H8:O'), 'across', TILE_SETS.spanish);
    assert.equal(s.words[0].word, 'CHUÑO');
    assert.equal(s.words[0].normalized, 'chuño');
  });

  it('marks each square: new or old, letter and word multipliers, points', () => {
    const s = scorePlacement(boardWith('H8:O'), tiles('H4:C H5:A H6:M H7:P'), 'down', TILE_SETS.spanish);
    assert.deepEqual(
      s.words[0].squares.map((q) => [q.letter, q.isNew, q.value, q.letterMultiplier, q.wordMultiplier, q.points]),
      [
        ['C', true, 3, 2, 1, 6],
        ['A', true, 1, 1, 1, 1],
        ['M', true, 3, 1, 1, 3],
        ['P', true, 3, 1, 1, 3],
        ['O', false, 1, 1, 1, 1],
      ],
    );
  });

  it('leaves the board passed in untouched', () => {
    const board = boardWith('H8:O');
    const copy = [...board];
    scorePlacement(board, tiles('H7:N'), 'down', TILE_SETS.spanish);
    assert.deepEqual(board, copy);
  });
});
