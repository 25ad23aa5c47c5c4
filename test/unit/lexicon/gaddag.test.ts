/**
 * The GADDAG: it accepts exactly the strings of its words (every split rev(w[0..i]) + SEP +
 * w[i+1..], and the full reversal), the file round trip, and files refused when they belong to
 * another list or are corrupt.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { buildDawg, EDGE_CHILD_SHIFT, EDGE_FINAL, EDGE_LAST } from '../../../server/src/lexicon/dawg';
import { buildGaddag, parseGaddagFile, serializeGaddag, type Gaddag } from '../../../server/src/lexicon/gaddag';
import { tileKey } from '../../../server/src/lexicon/normalize';
import { sourceWords } from './helpers';

/** Every accepted path of the graph, as tile-code lists joined with ',' (0 is the separator). */
function accepted(g: Gaddag): Set<string> {
  const out = new Set<string>();
  const walk = (node: number, path: number[]): void => {
    for (let e = node; ; e++) {
      const edge = g.edges[e];
      const next = [...path, edge & 31];
      if ((edge & EDGE_FINAL) !== 0) out.add(next.join(','));
      const child = edge >>> EDGE_CHILD_SHIFT;
      if (child !== 0) walk(child, next);
      if ((edge & EDGE_LAST) !== 0) break;
    }
  };
  if (g.root !== 0) walk(g.root, []);
  return out;
}

/** The strings of the words, by the definition of the module header. */
function expected(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const w of words) {
    const tiles = [...tileKey(w)!].map((c) => c.charCodeAt(0) - 64);
    const n = tiles.length;
    for (let i = 0; i < n; i++) {
      const left = tiles.slice(0, i + 1).reverse();
      out.add((i === n - 1 ? left : [...left, 0, ...tiles.slice(i + 1)]).join(','));
    }
  }
  return out;
}

describe('lexicon: GADDAG', () => {
  it('accepts exactly the strings of a sample of the source list', () => {
    const all = sourceWords();
    const sample = all.filter((w, i) => i % 211 === 0 && !/[kw]/.test(w));
    const g = buildGaddag(buildDawg(sample));
    assert.deepEqual([...accepted(g)].sort(), [...expected(sample)].sort());
    assert.equal(g.wordCount, new Set(sample).size);
  });

  it('is exact for arbitrary word sets, digraphs included (property)', () => {
    const letter = fc.constantFrom('a', 'c', 'ch', 'e', 'l', 'll', 'ñ', 'r', 'rr', 's');
    const word = fc.array(letter, { minLength: 2, maxLength: 6 }).map((l) => l.join(''));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 30 }), (words) => {
        const g = buildGaddag(buildDawg(words));
        assert.deepEqual([...accepted(g)].sort(), [...expected(words)].sort());
      }),
      { numRuns: 60 },
    );
  });

  it('has no node the same as another (minimal in the packed layout)', () => {
    const g = buildGaddag(buildDawg(sourceWords().filter((w, i) => i % 97 === 0 && !/[kw]/.test(w))));
    const runs = new Set<string>();
    for (let i = 1; i < g.edges.length;) {
      const start = ++i;
      while ((g.edges[i] & EDGE_LAST) === 0) i++;
      i++;
      const key = Array.from(g.edges.subarray(start, i)).join(',');
      assert.ok(!runs.has(key), `run at ${start} repeated`);
      runs.add(key);
    }
  });

  it('reads back what it writes, and refuses another list or a corrupt file', () => {
    const dawg = buildDawg(['casa', 'casas', 'cosa', 'chorro', 'llave']);
    const g = buildGaddag(dawg);
    const bytes = serializeGaddag(g);
    const back = parseGaddagFile(bytes, dawg.sha256);
    assert.ok(back.ok);
    assert.deepEqual(Array.from(back.gaddag.edges), Array.from(g.edges));
    assert.equal(back.gaddag.root, g.root);
    assert.equal(parseGaddagFile(bytes, buildDawg(['casa']).sha256).ok, false);
    assert.equal(parseGaddagFile(bytes.subarray(0, bytes.length - 4), dawg.sha256).ok, false);
    const cyclic = Buffer.from(bytes);
    // The root's first edge pointing at the root itself: a cycle, refused by the full check.
    const rootAt = 52 + g.root * 4;
    cyclic.writeUInt32LE(((cyclic.readUInt32LE(rootAt) & 127) | (g.root << EDGE_CHILD_SHIFT)) >>> 0, rootAt);
    assert.equal(parseGaddagFile(cyclic, dawg.sha256, 'full').ok, false);
    // A node's need (the top bits of its mask word) changed: refused, it would prune moves.
    const needless = Buffer.from(bytes);
    const maskAt = 52 + (g.root - 1) * 4;
    needless.writeUInt32LE((needless.readUInt32LE(maskAt) ^ (1 << 29)) >>> 0, maskAt);
    const refused = parseGaddagFile(needless, dawg.sha256, 'full');
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? '' : refused.detail, /need/);
  });

  it('is empty for an empty list', () => {
    const g = buildGaddag(buildDawg([]));
    assert.equal(g.root, 0);
    assert.equal(accepted(g).size, 0);
  });
});
