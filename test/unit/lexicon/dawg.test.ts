/**
 * The packed DAWG: exact (enumerating gives back the input, nothing more), lookups, the file
 * format round trip, and corrupt files reported instead of followed.
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { buildDawg, parseDawgFile, serializeDawg } from '../../../server/src/lexicon/dawg';
import { tileKey } from '../../../server/src/lexicon/normalize';
import { sourceWords } from './helpers';

const tileOrder = (words: Iterable<string>): string[] =>
  [...new Set(words)].sort((a, b) => (tileKey(a)! < tileKey(b)! ? -1 : tileKey(a)! > tileKey(b)! ? 1 : 0));

describe('lexicon: DAWG', () => {
  it('enumerates exactly a sample of the source list, in tile order, and knows each word', () => {
    const all = sourceWords();
    const sample = all.filter((_, i) => i % 37 === 0 && !/[kw]/.test(all[i]));
    const dawg = buildDawg(sample);
    const expected = tileOrder(sample);
    assert.deepEqual([...dawg.enumerate()], expected);
    assert.equal(dawg.wordCount, expected.length);
    for (const w of sample) assert.ok(dawg.has(w), w);
    const inSample = new Set(sample);
    const others = all.filter((w, i) => i % 37 === 5 && !inSample.has(w));
    for (const w of others) assert.equal(dawg.has(w), false, w);
  });

  it('is exact for arbitrary word sets (property)', () => {
    const letter = fc.constantFrom('a', 'b', 'c', 'ch', 'd', 'e', 'h', 'l', 'll', 'ñ', 'o', 'r', 'rr', 's');
    const word = fc.array(letter, { minLength: 1, maxLength: 6 }).map((t) => t.join(''));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), fc.array(word, { maxLength: 20 }), (words, probes) => {
        const dawg = buildDawg(words);
        const expected = tileOrder(words);
        assert.deepEqual([...dawg.enumerate()], expected);
        const set = new Set(words);
        for (const p of [...words, ...probes]) assert.equal(dawg.has(p), set.has(p), p);
      }),
      { numRuns: 200 },
    );
  });

  it('answers false for prefixes, extensions, empty and non-tile strings', () => {
    const dawg = buildDawg(['casa', 'casas', 'chuleta']);
    for (const w of ['cas', 'casass', 'c', '', 'chuletas', 'CASA', 'kasa', 'casa ']) assert.equal(dawg.has(w), false, w);
  });

  it('hashes the sorted normalised words, one per line', () => {
    const words = ['llave', 'casa', 'chuleta', 'dado', 'ñu'];
    const dawg = buildDawg(words);
    const text = ['casa', 'chuleta', 'dado', 'llave', 'ñu'].map((w) => `${w}\n`).join('');
    assert.equal(dawg.sha256, createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('shares equal tails (minimal): a list of -ar verbs with the same endings', () => {
    const endings = ['ar', 'o', 'as', 'a', 'amos', 'an', 'aba', 'abas', 'aban'];
    const stems = ['cant', 'salt', 'pint', 'mont', 'cont'];
    const words = stems.flatMap((s) => endings.map((e) => s + e));
    const dawg = buildDawg(words);
    const single = buildDawg(endings.map((e) => 'cant' + e));
    assert.ok(dawg.edges.length < single.edges.length + 20, `${dawg.edges.length} edges for 5 stems vs ${single.edges.length} for one`);
  });

  it('round-trips through the file format with its name', () => {
    const dawg = buildDawg(['casa', 'casas', 'perro', 'ñandu']);
    const bytes = serializeDawg(dawg, 'mi lista ñ');
    const parsed = parseDawgFile(bytes);
    assert.ok(parsed.ok);
    assert.equal(parsed.name, 'mi lista ñ');
    assert.equal(parsed.dawg.sha256, dawg.sha256);
    assert.equal(parsed.dawg.wordCount, 4);
    assert.deepEqual([...parsed.dawg.enumerate()], [...dawg.enumerate()]);
    const unaligned = Buffer.alloc(bytes.length + 1);
    bytes.copy(unaligned, 1);
    const again = parseDawgFile(unaligned.subarray(1));
    assert.ok(again.ok && again.dawg.has('perro'));
  });

  it('reports corrupt files', () => {
    const bytes = serializeDawg(buildDawg(['casa', 'perro']), 'x');
    const cases: [string, (b: Buffer) => Buffer][] = [
      ['short', (b) => b.subarray(0, 20)],
      ['magic', (b) => Object.assign(Buffer.from(b), { 0: 0x58 })],
      ['truncated', (b) => b.subarray(0, b.length - 4)],
      [
        'child out of range',
        (b) => {
          const c = Buffer.from(b);
          c.writeUInt32LE((c.readUInt32LE(c.length - 4) & 0x7f) | (9999 << 7), c.length - 4);
          return c;
        },
      ],
      [
        'a cycle back to the root',
        (b) => {
          const c = Buffer.from(b);
          const root = c.readUInt32LE(16);
          c.writeUInt32LE((c.readUInt32LE(c.length - 4) & 0x7f) | (root << 7), c.length - 4);
          return c;
        },
      ],
      [
        'a word count that does not match',
        (b) => {
          const c = Buffer.from(b);
          c.writeUInt32LE(3, 8);
          return c;
        },
      ],
      [
        'bad tile',
        (b) => {
          const c = Buffer.from(b);
          c.writeUInt32LE(c.readUInt32LE(c.length - 4) | 31, c.length - 4);
          return c;
        },
      ],
    ];
    for (const [label, damage] of cases) {
      assert.equal(parseDawgFile(damage(bytes)).ok, false, label);
      const light = parseDawgFile(damage(bytes), 'header');
      if (light.ok)
        for (const w of ['casa', 'perro', 'pe', 'cas', 'zzzz']) assert.equal(typeof light.dawg.has(w), 'boolean', `${label}: ${w}`);
    }
  });

  it('builds an empty graph from no words', () => {
    const dawg = buildDawg([]);
    assert.equal(dawg.wordCount, 0);
    assert.equal(dawg.has('casa'), false);
    assert.deepEqual([...dawg.enumerate()], []);
    const parsed = parseDawgFile(serializeDawg(dawg, 'vacío'));
    assert.ok(parsed.ok && parsed.dawg.wordCount === 0);
  });
});
