/**
 * The racks the end of a game makes certain (engine/known-racks.ts): walked back from the end
 * while the bag is empty, per player while every later turn of that player is known; and the
 * rack of any seven-tile play.
 */
import * as assert from 'node:assert/strict';
import { knownRacks, tilesOffBoard, writeRack, type RackTurn } from '../../../server/src/engine/known-racks';
import { emptyBoard } from '../../../server/src/engine/board';

const turn = (player: number, tiles: string | null, bagBefore: number | null): RackTurn => ({
  player,
  tiles: tiles === null ? null : [...tiles],
  bagBefore,
});
const show = (racks: (string[] | undefined)[]): (string | undefined)[] => racks.map((r) => (r ? r.slice().sort().join('') : undefined));

describe('engine: racks the end of the game makes certain', () => {
  const cases: { name: string; turns: RackTurn[]; ends: [string[] | null, string[] | null]; want: (string | undefined)[] }[] = [
    {
      name: 'the bag empty: each rack is what the player still plays and what is left',
      turns: [turn(0, 'AB', 0), turn(1, 'C', 0), turn(0, 'D', 0)],
      ends: [[], ['E', 'F']],
      want: ['ABD', 'CEF', 'D'],
    },
    {
      name: 'a draw may follow a turn while the bag holds tiles: that rack and the earlier ones stay unknown',
      turns: [turn(1, 'XY', 3), turn(0, 'AB', 1), turn(1, 'C', 0), turn(0, 'D', 0)],
      ends: [[], ['E']],
      want: [undefined, undefined, 'CE', 'D'],
    },
    {
      name: 'an unknown play leaves the earlier racks of its player unknown, not those of the opponent',
      turns: [turn(0, 'AB', 0), turn(1, 'C', 0), turn(0, null, 0), turn(1, 'G', 0)],
      ends: [[], ['E']],
      want: [undefined, 'CEG', undefined, 'EG'],
    },
    {
      name: 'a scoreless turn with the bag empty keeps the rack (a pass or a withdrawn play)',
      turns: [turn(0, 'A', 0), turn(1, '', 0), turn(0, 'B', 0)],
      ends: [[], ['Q']],
      want: ['AB', 'Q', 'B'],
    },
    {
      name: 'an unknown end rack: nothing for that player',
      turns: [turn(0, 'A', 0), turn(1, 'B', 0)],
      ends: [[], null],
      want: ['A', undefined],
    },
    {
      name: 'an unknown bag stops the walk',
      turns: [turn(0, 'A', null), turn(1, 'B', 0)],
      ends: [[], []],
      want: [undefined, 'B'],
    },
    {
      name: 'a seven-tile play held exactly its seven tiles, with the bag full or unknown; six tiles say nothing',
      turns: [turn(0, 'ABCDEF?', 86), turn(1, 'GHIJKLM', null), turn(0, 'NOPQRS', 70), turn(1, 'T', 0)],
      ends: [[], null],
      want: ['?ABCDEF', 'GHIJKLM', undefined, undefined],
    },
    {
      name: 'a seven-tile play near the end: the end walk and the seven tiles agree',
      turns: [turn(0, 'ABCDEFG', 0), turn(1, 'H', 0)],
      ends: [[], ['I']],
      want: ['ABCDEFG', 'HI'],
    },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(show(knownRacks(c.turns, c.ends)), c.want));

  it('the tiles off the board are the set less the board (a blank as ?), none when the board holds more than the set', () => {
    const b = emptyBoard().slice();
    b[0] = { letter: 'Ñ', blank: false, turn: 0 };
    b[1] = { letter: 'A', blank: true, turn: 0 };
    const left = tilesOffBoard(b, 'spanish')!;
    assert.equal(left.length, 98);
    assert.ok(!left.includes('Ñ'));
    assert.equal(left.filter((f) => f === '?').length, 1);
    const full = emptyBoard().slice();
    for (let i = 0; i < 3; i++) full[i] = { letter: 'Ñ', blank: false, turn: 0 };
    assert.equal(tilesOffBoard(full, 'spanish'), null);
  });

  it('writes a rack sorted, the blank last, digraphs in brackets or in lower case', () => {
    assert.equal(writeRack(['?', 'CH', 'A', 'Ñ', 'N'], true), 'A[CH]NÑ?');
    assert.equal(writeRack(['?', 'CH', 'A', 'RR'], false), 'Achrr?');
  });
});
