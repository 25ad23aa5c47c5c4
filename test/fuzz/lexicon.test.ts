/**
 * Properties of the word graph's lookup (`Dawg.has`, the hot path of every word check): it agrees
 * with a plain set of the words on real words, near misses and random strings, for the built-in
 * lexicon and for random lists; and on arbitrary (malformed) edge arrays it never throws, always
 * ends, and answers what a plain run scan answers — the prefix memo it jumps through is only a
 * shortcut.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildDawg, Dawg } from '../../server/src/lexicon/dawg';
import { loadDefaultLexicon } from '../../server/src/lexicon/load';
import { tileAt, tileWidth, tokenize } from '../../server/src/lexicon/normalize';
import { fuzzParameters, PROPERTY_TIMEOUT_MS, labelled } from './support';

const LETTERS = 'abcdefghijklmnñopqrstuvwxyz';
const letter = fc.constantFrom(...LETTERS.split(''), 'ch', 'll', 'rr', 'á', 'ü', 'A', ' ', '-', '\u0303', '\u4e00', '\ud83d\ude00');
const junkWord = fc.array(letter, { maxLength: 18 }).map((parts) => parts.join(''));

/** Lookup by scanning each node's run from its first edge: the reading of the file format. */
function scanHas(dawg: Dawg, word: string): boolean {
  const edges = dawg.edges;
  let node = dawg.root;
  if (node === 0 || word.length === 0) return false;
  for (let i = 0; ;) {
    const tile = tileAt(word, i);
    if (tile === 0) return false;
    i += tileWidth(tile);
    let e = node;
    for (;;) {
      if (e >= edges.length) return false;
      const t = edges[e] & 31;
      if (t === tile) break;
      if (t > tile || (edges[e] & 64) !== 0) return false;
      e++;
    }
    if (i >= word.length) return (edges[e] & 32) !== 0;
    node = edges[e] >>> 7;
    if (node === 0 || node >= edges.length) return false;
  }
}

/** Near misses of a word: one letter changed, added or dropped, digraphs split or joined. */
function nearMisses(word: string, pick: number): string[] {
  const at = pick % (word.length + 1);
  const other = LETTERS[pick % LETTERS.length];
  return [
    word.slice(0, at) + other + word.slice(at),
    word.slice(0, at) + word.slice(at + 1),
    word.slice(0, at) + other + word.slice(at + 1),
    `${word}s`,
    word.replace('ch', 'c'),
    word.replace('c', 'ch'),
    word.replace('l', 'll'),
    word.toUpperCase(),
    `${word}\u0000`,
  ];
}

describe('fuzz: lexicon lookups', function () {
  this.timeout(PROPERTY_TIMEOUT_MS);

  it('the built-in lexicon answers like a set of its words, near misses included', () => {
    const lexicon = loadDefaultLexicon();
    const words = [...lexicon.words()];
    const set = new Set(words);
    assert.equal(set.size, lexicon.info.words);
    fc.assert(
      fc.property(fc.nat({ max: words.length - 1 }), fc.nat(), junkWord, (i, pick, junk) => {
        assert.equal(lexicon.has(words[i]), true, words[i]);
        for (const probe of [...nearMisses(words[i], pick), junk]) {
          assert.equal(lexicon.has(probe), set.has(probe), JSON.stringify(probe));
          assert.equal(lexicon.dawg.has(probe), scanHas(lexicon.dawg, probe), JSON.stringify(probe));
        }
      }),
      fuzzParameters(50),
    );
  });

  it('a graph built from a random list answers like a set of it', () => {
    const word = fc
      .array(fc.constantFrom(...LETTERS.replace(/[kw]/g, '').split('')), { minLength: 1, maxLength: 9 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), fc.array(junkWord, { maxLength: 20 }), (list, probes) => {
        const words = list.filter((w) => tokenize(w) !== undefined);
        const dawg = buildDawg(words);
        const set = new Set(words);
        for (const probe of [...words, ...probes, ...words.flatMap((w, k) => nearMisses(w, k))]) {
          assert.equal(dawg.has(probe), set.has(probe), JSON.stringify(probe));
        }
      }),
      fuzzParameters(5),
    );
  });

  it('on arbitrary edges, has never throws, ends, and agrees with a plain scan', () => {
    const edge = fc
      .tuple(fc.integer({ min: 0, max: 31 }), fc.boolean(), fc.boolean(), fc.nat({ max: 70 }))
      .map(([tile, final, last, child]) => (tile | (final ? 32 : 0) | (last ? 64 : 0) | (child << 7)) >>> 0);
    fc.assert(
      fc.property(
        fc.array(edge, { minLength: 1, maxLength: 80 }),
        fc.nat({ max: 70 }),
        fc.array(junkWord, { minLength: 1, maxLength: 12 }),
        (raw, root, probes) => {
          const edges = Uint32Array.from(raw);
          const dawg = new Dawg(edges, root, 1, '');
          for (const probe of probes) {
            const got = labelled('Dawg.has', () => dawg.has(probe));
            assert.equal(got, scanHas(dawg, probe), JSON.stringify(probe));
          }
        },
      ),
      fuzzParameters(10),
    );
  });
});
