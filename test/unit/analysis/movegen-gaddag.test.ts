/**
 * The move generator's two walks give the same placements: the GADDAG walk (from each anchor
 * leftward first) and the DAWG walk (left parts of rack tiles, then rightward), on every second
 * position of seeded games played with a sampled word list, with racks of 0, 1 and 2 blanks:
 * the same set of placements (lane, squares, tiles), each with the same score, tiles used and
 * used-tiles index, and neither reports a placement twice.
 */
import * as assert from 'node:assert/strict';
import { parse } from '../../../server/src/syntax/parse';
import { replay } from '../../../server/src/engine/replay';
import { buildDawg } from '../../../server/src/lexicon/dawg';
import { buildGaddag } from '../../../server/src/lexicon/gaddag';
import { DawgLexicon } from '../../../server/src/lexicon/load';
import { codeOf } from '../../../server/src/analysis/movegen-codes';
import { MoveGenerator, type PlacementSink } from '../../../server/src/analysis/movegen';
import { BOARD_SIZE } from '../../../server/src/engine/board';
import { TILE_SETS } from '../../../server/src/engine/tilesets';
import type { BoardCells } from '../../../server/src/engine/types';
import { TILE_COUNT } from '../../../server/src/lexicon/normalize';
import { generateGame, mulberry32 } from '../../support/generator';
import { defaultLexicon } from '../../support/fixtures';

/** Every placement of the position as `key → score/used/usedIdx`; fails on a placement given twice. */
function placements(gen: MoveGenerator, board: Uint8Array, rack: Int8Array): Map<string, string> {
  const out = new Map<string, string>();
  const sink: PlacementSink = {
    accept(g, start, end, score, used, usedIdx) {
      let key = `${g.dir}:${g.line}:${start}:`;
      for (let i = start; i <= end; i++) key += `${g.laneSquare(i)},`;
      assert.ok(!out.has(key), `reported twice: ${key}`);
      out.set(key, `${score}/${used}/${usedIdx}`);
    },
  };
  gen.setPosition(board, rack);
  gen.run(sink);
  return out;
}

function codes(board: BoardCells): Uint8Array {
  const out = new Uint8Array(BOARD_SIZE * BOARD_SIZE);
  board.forEach((cell, s) => {
    if (cell) out[s] = codeOf(cell.letter) | (cell.blank ? 32 : 0);
  });
  return out;
}

/** A rack of `blanks` blanks and lettered tiles drawn from those the board has not used. */
function rackFor(rnd: () => number, board: BoardCells, blanks: number): Int8Array {
  const left = new Map(TILE_SETS.spanish.kinds.map((k) => [k.letter, k.count]));
  for (const c of board) if (c && !c.blank) left.set(c.letter, left.get(c.letter)! - 1);
  const pool: string[] = [];
  for (const [f, n] of left) if (f !== '?') for (let i = 0; i < n; i++) pool.push(f);
  const rack = new Int8Array(TILE_COUNT + 1);
  rack[0] = blanks;
  for (let k = blanks; k < 7 && pool.length > 0; k++) rack[codeOf(pool.splice(Math.floor(rnd() * pool.length), 1)[0])]++;
  return rack;
}

describe('analysis: the GADDAG walk against the DAWG walk', function () {
  this.timeout(300000);
  const all = [...defaultLexicon().words()];
  for (const seed of [1, 2, 3]) {
    it(`gives the same placements and scores on the positions of a generated game (seed ${seed})`, () => {
      const rnd = mulberry32(seed * 104729);
      const words = all.filter(() => rnd() < 0.06);
      const dawg = buildDawg(words);
      const lexicon = new DawgLexicon(dawg, 'sample', 'test');
      const byDawg = new MoveGenerator(dawg);
      const byGaddag = new MoveGenerator(dawg, buildGaddag(dawg));
      const game = generateGame({ seed, lexicon, notation: 'brackets' });
      const turns = replay(parse(game.text).file, { lexicon }).turns;
      const boards: BoardCells[] = [turns[0].board.map(() => null)];
      turns.forEach((t, i) => {
        if (i % 2 === 1) boards.push(t.board);
      });
      let compared = 0;
      for (const board of boards) {
        for (const blanks of [0, 1, 2]) {
          const rack = rackFor(rnd, board, blanks);
          const want = placements(byDawg, codes(board), rack);
          const got = placements(byGaddag, codes(board), rack);
          for (const [key, value] of want) assert.equal(got.get(key), value, `GADDAG walk on ${key}`);
          for (const key of got.keys()) assert.ok(want.has(key), `extra placement of the GADDAG walk: ${key}`);
          compared += want.size;
        }
      }
      assert.ok(compared > 5000, `only ${compared} placements compared`);
    });
  }
});
