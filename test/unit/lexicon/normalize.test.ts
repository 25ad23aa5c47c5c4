/**
 * The normaliser and the tile alphabet: accents dropped, ñ kept, digraphs greedy, labels.
 */
import { strict as assert } from 'node:assert';
import {
  hasSeparateDigraph,
  normalizeQuery,
  tileCount,
  tileKey,
  tilesToLabel,
  tilesToWord,
  tokenize,
  TILE_LETTERS,
} from '../../../server/src/lexicon/normalize';

describe('lexicon: normaliser', () => {
  const queries: [string, string | undefined][] = [
    ['casa', 'casa'],
    ['CASA', 'casa'],
    ['Comíamos', 'comiamos'],
    ['PINGÜINO', 'pinguino'],
    ['ñandú', 'ñandu'],
    ['Ñandú', 'ñandu'],
    ['  llave ', 'llave'],
    ['cañón', 'cañon'],
    ['n\u0303u', 'ñu'],
    ['kiwi', 'kiwi'],
    ['ping-pong', undefined],
    ['a1', undefined],
    ['', undefined],
    ['çà', undefined],
    ['two words', undefined],
  ];
  for (const [raw, expected] of queries) {
    it(`normalizeQuery(${JSON.stringify(raw)}) = ${JSON.stringify(expected)}`, () => {
      assert.equal(normalizeQuery(raw), expected);
    });
  }

  const tiles: [string, string[]][] = [
    ['chuletas', ['ch', 'u', 'l', 'e', 't', 'a', 's']],
    ['llave', ['ll', 'a', 'v', 'e']],
    ['perro', ['p', 'e', 'rr', 'o']],
    ['carro', ['c', 'a', 'rr', 'o']],
    ['ñu', ['ñ', 'u']],
    ['cacho', ['c', 'a', 'ch', 'o']],
    ['callar', ['c', 'a', 'll', 'a', 'r']],
  ];
  for (const [word, labels] of tiles) {
    it(`tokenises ${word} greedily into ${labels.length} tiles`, () => {
      const t = tokenize(word);
      assert.ok(t);
      assert.deepEqual(
        t.map((c) => TILE_LETTERS[c]),
        labels,
      );
      assert.equal(tileCount(word), labels.length);
      assert.equal(tilesToWord(t), word);
    });
  }

  it('refuses characters that are no tile', () => {
    assert.equal(tokenize('kilo'), undefined);
    assert.equal(tokenize('Casa'), undefined);
    assert.equal(tileCount('wat'), -1);
  });

  it('numbers tiles in FISE order, so keys sort C < CH < D, L < LL < M, R < RR < S, N < Ñ < O', () => {
    const words = ['d', 'ch', 'c', 'cz', 'm', 'll', 'lz', 'l', 's', 'rr', 'rz', 'o', 'ñ', 'nz'];
    const sorted = [...words].sort((a, b) => (tileKey(a)! < tileKey(b)! ? -1 : 1));
    assert.deepEqual(sorted, ['c', 'cz', 'ch', 'd', 'l', 'lz', 'll', 'm', 'nz', 'ñ', 'o', 'rz', 'rr', 's']);
    assert.equal(TILE_LETTERS.length - 1, 28);
  });

  it('labels digraph tiles in brackets and spots separate C+H, L+L, R+R tiles', () => {
    const c = TILE_LETTERS.indexOf('c');
    const h = TILE_LETTERS.indexOf('h');
    const ch = TILE_LETTERS.indexOf('ch');
    const o = TILE_LETTERS.indexOf('o');
    assert.equal(tilesToLabel([ch, o]), '[CH]O');
    assert.equal(tilesToLabel([c, h, o]), 'CHO');
    assert.equal(hasSeparateDigraph([c, h, o]), true);
    assert.equal(hasSeparateDigraph([ch, o]), false);
    const l = TILE_LETTERS.indexOf('l');
    const r = TILE_LETTERS.indexOf('r');
    assert.equal(hasSeparateDigraph([l, l]), true);
    assert.equal(hasSeparateDigraph([r, r]), true);
    assert.equal(hasSeparateDigraph([r, l]), false);
  });
});
