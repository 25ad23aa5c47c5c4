/**
 * Tile composition (tiles.ts): digraphs in bracket, digit and plain notation; blanks; readings of
 * ambiguous plain racks (digraph first, capped); singles; NFC and upper-case letters.
 */
import * as assert from 'node:assert/strict';
import { parseRule } from '../../../server/src/syntax/grammar';
import type { RawTiles } from '../../../server/src/syntax/raw';
import { composePlay, composeRack, READINGS_CAP } from '../../../server/src/syntax/tiles';
import type { TileNotation } from '../../../server/src/syntax/types';
import { slice, tilesKey } from './helpers';

function raw(rule: 'Rack' | 'Play', text: string): RawTiles {
  const result = parseRule(rule, text) as RawTiles | undefined;
  assert.ok(result, `${rule} should read ${text}`);
  return result;
}

describe('tiles: plays', () => {
  // [notation, play, tiles, singles]
  const cases: [TileNotation, string, string, string][] = [
    ['plain', 'CHOLLO', 'CH O LL O', 'C H O L L O'],
    ['plain', 'llORA', 'b:LL* O R A', 'b:L b:L O R A'],
    ['plain', 'chO..', 'b:CH* O . .', 'b:C b:H O . .'],
    ['plain', 'LAMiNAN', 'L A M b:I N A N', 'L A M b:I N A N'],
    ['plain', 'Ch', 'C b:H', 'C b:H'],
    ['plain', 'cH', 'b:C H', 'b:C H'],
    ['plain', 'RRR', 'RR R', 'R R R'],
    ['plain', 'CO[CH]eS', 'C O CH b:E S', 'C O CH b:E S'],
    ['brackets', 'CO[CH]eS', 'C O CH b:E S', 'C O CH b:E S'],
    ['brackets', 'CHOLLO', 'C H O L L O', 'C H O L L O'],
    ['brackets', '[ll]AVES', 'b:LL A V E S', 'b:LL A V E S'],
    ['brackets', 'llORA', 'b:L b:L O R A', 'b:L b:L O R A'],
    ['plain', '1A2', 'CH A LL', 'CH A LL'],
    ['brackets', '3E', 'RR E', 'RR E'],
    ['plain', 'ñO', 'b:Ñ O', 'b:Ñ O'],
    ['plain', 'ÑO', 'Ñ O', 'Ñ O'],
    ['plain', 'n\u0303O', 'b:Ñ O', 'b:Ñ O'],
    ['plain', 'ĄKÇ', 'Ą K Ç', 'Ą K Ç'],
    ['plain', 'AB.IDO', 'A B . I D O', 'A B . I D O'],
  ];
  for (const [notation, text, tiles, singles] of cases) {
    it(`${notation} ${JSON.stringify(text)} → ${tiles}`, () => {
      const play = composePlay(raw('Play', text), notation);
      assert.equal(tilesKey(play.tiles), tiles);
      assert.equal(tilesKey(play.singles), singles);
      for (const t of play.tiles) assert.equal(slice(text, t.span), t.text);
    });
  }

  it("gives a bracket file's play with a letter pair its plain reading as well, and no other play one", () => {
    const play = composePlay(raw('Play', 'llORA'), 'brackets');
    assert.equal(tilesKey(play.tiles), 'b:L b:L O R A');
    assert.equal(tilesKey(play.other!), 'b:LL* O R A'); // * the lower-case digraph the engine decides
    assert.equal(composePlay(raw('Play', 'CO[CH]eS'), 'brackets').other, undefined);
    assert.equal(composePlay(raw('Play', 'CHOLLO'), 'plain').other, undefined);
  });

  it('marks a played-through tile with a null letter', () => {
    const [through] = composePlay(raw('Play', '.A'), 'plain').tiles;
    assert.deepEqual([through.letter, through.through, through.blank], [null, true, false]);
  });
});

describe('tiles: racks', () => {
  // [notation, rack, readings, singles]
  const cases: [TileNotation, string, string[], string][] = [
    ['plain', 'DEIORRX', ['D E I O RR X', 'D E I O R R X'], 'D E I O R R X'],
    ['plain', 'AADLRSch', ['A A D L R S CH'], 'A A D L R S C H'],
    ['plain', 'ACHEIILU', ['A CH E I I L U', 'A C H E I I L U'], 'A C H E I I L U'],
    ['plain', 'RRLL', ['RR LL', 'RR L L', 'R R LL', 'R R L L'], 'R R L L'],
    ['plain', 'RRR', ['RR R', 'R R R'], 'R R R'],
    ['plain', 'AALORVll', ['A A L O R V LL'], 'A A L O R V L L'],
    ['plain', '?ABC', ['b:? A B C'], 'b:? A B C'],
    ['plain', 'abc', ['A B C'], 'A B C'],
    ['plain', 'ñ1', ['Ñ CH'], 'Ñ CH'],
    ['brackets', 'AEIMR[RR]T', ['A E I M R RR T'], 'A E I M R RR T'],
    // A bracket file's own reading first, then the plain readings of its pairs (`otherFrom`).
    ['brackets', 'DEIORRX', ['D E I O R R X', 'D E I O RR X'], 'D E I O R R X'],
    ['brackets', 'AALORVll', ['A A L O R V L L', 'A A L O R V LL'], 'A A L O R V L L'],
    ['brackets', 'C[CH]ÑT?', ['C CH Ñ T b:?'], 'C CH Ñ T b:?'],
  ];
  for (const [notation, text, readings, singles] of cases) {
    it(`${notation} ${JSON.stringify(text)} → ${readings.join(' | ')}`, () => {
      const rack = composeRack(raw('Rack', text), notation);
      assert.deepEqual(rack.readings.map(tilesKey), readings);
      assert.equal(rack.otherFrom, notation === 'brackets' && readings.length > 1 ? 1 : undefined);
      assert.equal(tilesKey(rack.singles), singles);
      for (const reading of rack.readings) for (const t of reading) assert.equal(slice(text, t.span), t.text);
    });
  }

  it(`caps the readings at ${READINGS_CAP}, the all-digraph reading first`, () => {
    const rack = composeRack(raw('Rack', 'CHLLRRCHLLRRCH'), 'plain');
    assert.equal(rack.readings.length, READINGS_CAP);
    assert.equal(tilesKey(rack.readings[0]), 'CH LL RR CH LL RR CH');
    const digraphs = rack.readings.map((r) => r.filter((t) => t.letter!.length === 2).length);
    assert.deepEqual(
      digraphs,
      [...digraphs].sort((a, b) => b - a),
    );
  });

  it('gives a nonsense rack of many pairs a single reading', () => {
    const rack = composeRack(raw('Rack', 'RR'.repeat(40)), 'plain');
    assert.equal(rack.readings.length, 1);
    assert.equal(rack.readings[0].length, 40);
  });
});
