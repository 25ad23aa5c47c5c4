/**
 * The bingo index (analysis/movegen-bingos.ts) against an anagram search of the word graph: the
 * same answer for racks that spell words of 7, 8 or 9 letters with the board's tiles, for random
 * racks, with and without a blank. (The playouts, which prune with it, are checked step by step
 * against `bestMoves` in sim.test.ts.)
 */
import { strict as assert } from 'node:assert';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import type { Dawg } from '../../../server/src/lexicon/dawg';
import { TILE_COUNT } from '../../../server/src/lexicon/normalize';
import { graphOf } from '../../../server/src/analysis/moves';
import { bingoIndexOf } from '../../../server/src/analysis/movegen-bingos';
import { RACK_SIZE } from '../../../server/src/engine/tilesets';
import { mulberry32 } from '../../../server/src/analysis/seeded-bag';

const lexicon = loadDefaultLexicon();
const graph = graphOf(lexicon);

/** Whether the letters `counts` (by code; index 0 blanks, standing for any letter) are, all of them, some word's: a search of the graph. */
function anagram(dawg: Dawg, node: number, counts: Int32Array, left: number): boolean {
  for (let tile = 1; tile <= TILE_COUNT; tile++) {
    const e = dawg.edgeOf(node, tile);
    if (e === 0) continue;
    const use = counts[tile] > 0 ? tile : counts[0] > 0 ? 0 : -1;
    if (use < 0) continue;
    counts[use]--;
    const found = left === 1 ? dawg.edgeFinal(e) : dawg.edgeChild(e) !== 0 && anagram(dawg, dawg.edgeChild(e), counts, left - 1);
    counts[use]++;
    if (found) return true;
  }
  return false;
}

/** A random word of `length` tiles, as codes (a random walk of the graph, tried again until it ends in a word). */
function randomWord(rnd: () => number, length: number): number[] {
  for (;;) {
    const word: number[] = [];
    let node = graph.root;
    for (let i = 0; i < length && node !== 0; i++) {
      const tiles: number[] = [];
      for (let t = 1; t <= TILE_COUNT; t++) if (graph.edgeOf(node, t) !== 0) tiles.push(t);
      if (tiles.length === 0) break;
      const t = tiles[Math.floor(rnd() * tiles.length)];
      const e = graph.edgeOf(node, t);
      word.push(t);
      if (word.length === length) {
        if (graph.edgeFinal(e)) return word;
        break;
      }
      node = graph.edgeChild(e);
    }
  }
}

describe('analysis: which racks can play all their tiles (the bounds’ bingo index)', function () {
  this.timeout(120000);
  it('answers as an anagram search does: words of 7–9 letters, random racks, a blank, one or two board tiles', () => {
    const index = bingoIndexOf(graph);
    const rnd = mulberry32(1931);
    let yes = 0;
    let no = 0;
    for (let n = 0; n < 600; n++) {
      const extras = n % 3;
      // Half the cases a word's letters (the rack its first seven after a shuffle), half random letters.
      let letters: number[];
      if (n % 2 === 0) letters = randomWord(rnd, RACK_SIZE + extras);
      else letters = Array.from({ length: RACK_SIZE + extras }, () => 1 + Math.floor(rnd() * TILE_COUNT));
      for (let i = letters.length - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [letters[i], letters[j]] = [letters[j], letters[i]];
      }
      const rack = new Int32Array(TILE_COUNT + 1);
      for (let i = 0; i < RACK_SIZE; i++) rack[letters[i]]++;
      // A blank in a quarter of the racks.
      if (n % 4 === 1) {
        rack[letters[0]]--;
        rack[0]++;
      }
      const extra = extras > 0 ? letters[RACK_SIZE] : 0;
      const other = extras > 1 ? letters[RACK_SIZE + 1] : 0;
      const counts = Int32Array.from(rack);
      if (extra) counts[extra]++;
      if (other) counts[other]++;
      const expected = anagram(graph, graph.root, counts, RACK_SIZE + extras);
      // The rack's lettered tiles in increasing code order, as the bounds give them.
      const shown: number[] = [];
      for (let code = 1; code <= TILE_COUNT; code++) for (let j = 0; j < rack[code]; j++) shown.push(code);
      assert.equal(
        index.spells(Int32Array.from(shown), shown.length, rack[0], extra, other),
        expected,
        `rack ${Array.from(rack).join(',')} with ${extra} ${other}`,
      );
      if (expected) yes++;
      else no++;
    }
    assert.ok(yes > 150 && no > 150, `${yes} spelled, ${no} not`);
  });

  it('with two blanks it answers yes without looking (the bound keeps the bonus)', () => {
    // AAAAA??: no word, but not looked at
    assert.equal(bingoIndexOf(graph).spells(Int32Array.of(1, 1, 1, 1, 1), 5, 2, 0, 0), true);
  });
});
