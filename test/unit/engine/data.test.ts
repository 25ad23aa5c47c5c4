/**
 * The engine's data: tile sets (RULES.md, "Tile sets") and the board layout (RULES.md, "Board").
 */
import * as assert from 'node:assert/strict';
import { BOARD_SIZE, PREMIUMS, parseSquare, premiumAt, squareName } from '../../../server/src/engine/board';
import { TILE_SETS } from '../../../server/src/engine/tilesets';

describe('engine: tile sets', () => {
  const faceValue = (name: 'spanish' | 'english'): number => TILE_SETS[name].kinds.reduce((sum, k) => sum + k.count * k.value, 0);

  it('each set has 100 tiles, two blanks worth 0, each face once', () => {
    for (const set of Object.values(TILE_SETS)) {
      assert.equal(set.total, 100);
      assert.equal(set.count('?'), 2);
      assert.equal(set.value('?'), 0);
      assert.equal(new Set(set.kinds.map((k) => k.letter)).size, set.kinds.length);
    }
  });

  it('the Spanish set: face value 192, digraph tiles, no K or W (art. 3, 11, 12)', () => {
    const s = TILE_SETS.spanish;
    assert.equal(faceValue('spanish'), 192);
    assert.deepEqual([...s.digraphs].sort(), ['CH', 'LL', 'RR']);
    assert.deepEqual(
      ['A', 'E', 'O', 'CH', 'LL', 'RR', 'Ñ', 'Z', 'Q', 'J', 'X'].map((l) => [l, s.count(l), s.value(l)]),
      [
        ['A', 12, 1],
        ['E', 12, 1],
        ['O', 9, 1],
        ['CH', 1, 5],
        ['LL', 1, 8],
        ['RR', 1, 8],
        ['Ñ', 1, 8],
        ['Z', 1, 10],
        ['Q', 1, 5],
        ['J', 1, 8],
        ['X', 1, 8],
      ],
    );
    assert.equal(s.has('K'), false);
    assert.equal(s.has('W'), false);
  });

  it('the English set: K, W, Q = 10, no digraphs', () => {
    const e = TILE_SETS.english;
    assert.deepEqual(
      ['E', 'K', 'W', 'Q', 'Z', 'S'].map((l) => [e.count(l), e.value(l)]),
      [
        [12, 1],
        [1, 5],
        [2, 4],
        [1, 10],
        [1, 10],
        [4, 1],
      ],
    );
    assert.deepEqual(e.digraphs, []);
    assert.equal(e.has('Ñ'), false);
  });
});

describe('engine: board', () => {
  it('has 8 TW, 17 DW (with the centre star), 12 TL and 24 DL squares', () => {
    assert.deepEqual([PREMIUMS.TW.length, PREMIUMS.DW.length, PREMIUMS.TL.length, PREMIUMS.DL.length], [8, 17, 12, 24]);
    assert.equal(premiumAt(7, 7), 'DW');
    assert.equal(premiumAt(0, 0), 'TW');
    assert.equal(premiumAt(7, 3), 'DL');
    assert.equal(premiumAt(1, 5), 'TL');
    assert.equal(premiumAt(7, 8), null);
    assert.equal(premiumAt(-1, 0), null);
  });

  it('is symmetric under the eight symmetries of the square', () => {
    const n = BOARD_SIZE - 1;
    const maps: ((r: number, c: number) => [number, number])[] = [
      (r, c) => [c, r],
      (r, c) => [n - r, c],
      (r, c) => [r, n - c],
      (r, c) => [n - c, n - r],
    ];
    for (let r = 0; r < BOARD_SIZE; r++) {
      for (let c = 0; c < BOARD_SIZE; c++) {
        for (const m of maps) assert.equal(premiumAt(...m(r, c)), premiumAt(r, c), squareName(r, c));
      }
    }
  });

  it('names squares column + row, and parses them back', () => {
    assert.equal(squareName(7, 7), 'H8');
    assert.equal(squareName(14, 0), 'A15');
    for (let r = 0; r < BOARD_SIZE; r++)
      for (let c = 0; c < BOARD_SIZE; c++) assert.deepEqual(parseSquare(squareName(r, c)), { row: r, col: c });
    assert.equal(parseSquare('P1'), undefined);
    assert.equal(parseSquare('A16'), undefined);
    assert.deepEqual(parseSquare('o15'), { row: 14, col: 14 });
  });
});
