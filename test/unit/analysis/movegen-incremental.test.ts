/**
 * The generator's incremental cross sets (movegen.ts `updateBoard`): a board reached from the
 * last one by a move played or taken back gives exactly the moves it gives set afresh. Walked
 * over every turn of seeded games forward (each board one move after the last), then backward
 * (each one move taken back), with racks holding blanks.
 */
import * as assert from 'node:assert/strict';
import { parse } from '../../../server/src/syntax/parse';
import { replay } from '../../../server/src/engine/replay';
import { emptyBoard } from '../../../server/src/engine/board';
import type { BoardCells } from '../../../server/src/engine/types';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { generateMoves, moveJson } from '../../../server/src/analysis/moves';
import type { Position } from '../../../server/src/analysis/position';
import { generateGame } from '../../support/generator';

const lexicon = loadDefaultLexicon();

const positionOf = (board: BoardCells, rack: string[]): Position => ({
  board,
  rack,
  bag: 50,
  scores: [0, 0],
  rules: 'fise',
  tileSet: 'spanish',
});

describe('analysis: incremental cross sets', function () {
  this.timeout(120000);
  it('a board one move away from the last gives the moves it gives set afresh, forward and back', () => {
    let compared = 0;
    for (const seed of [5, 71]) {
      const game = generateGame({ seed, notation: 'brackets' });
      const r = replay(parse(game.text).file, { lexicon });
      const boards = r.turns.filter((t) => t.kind === 'placement').map((t) => t.board);
      assert.ok(boards.length >= 8, `game ${seed}: ${boards.length} placements`);
      const racks = [
        ['A', 'E', 'R', 'S', 'T', '?', 'O'],
        ['CH', 'LL', 'RR', 'Ñ', 'I', 'U', 'N'],
      ];
      const empty = positionOf(emptyBoard(), ['A']);
      const fresh = boards.map((b, k) => {
        generateMoves(empty, { lexicon }); // the next board is set from scratch
        return JSON.stringify(generateMoves(positionOf(b, racks[k % 2]), { lexicon }).map(moveJson));
      });
      const order = [...boards.keys(), ...[...boards.keys()].reverse()];
      for (const k of order) {
        const got = JSON.stringify(generateMoves(positionOf(boards[k], racks[k % 2]), { lexicon }).map(moveJson));
        assert.equal(got, fresh[k], `game ${seed}, board ${k}`);
        compared++;
      }
    }
    assert.ok(compared >= 16);
  });
});
