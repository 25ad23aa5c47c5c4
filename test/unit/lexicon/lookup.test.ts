/**
 * The mask layout of the DAWG (file format 2): lookups through the masks agree with a plain set and
 * with a scan of the runs on the whole built-in list and 200 000 near misses; the file carries
 * one mask per node; version-1 files and damaged masks are refused, and with header checks only a
 * damaged array never makes a lookup throw; an array that is not well formed is answered by the
 * scan; an overlay answers like (base + extra) − banned whichever of its sets are empty.
 */
import { strict as assert } from 'node:assert';
import { buildDawg, Dawg, DAWG_VERSION, parseDawgFile, serializeDawg } from '../../../server/src/lexicon/dawg';
import { DawgLexicon, OverlayLexicon } from '../../../server/src/lexicon/load';
import { CHAR_TILE, NO_DIGRAPH, tileAt, tokenize } from '../../../server/src/lexicon/normalize';
import { nearMisses, nodesOf, scanHas, sequence, versionOneEdges, versionOneFile } from './dawg-fixtures';
import { sourceWords } from './helpers';
import { defaultLexicon } from '../../support/fixtures';

const LAST = 64;

/** Words of the source list that are tile words, every `step`-th. */
function sample(step: number): string[] {
  return sourceWords().filter((w, i) => i % step === 0 && tokenize(w) !== undefined);
}

/** The first few probes on which two lookups disagree. */
function disagreements(probes: Iterable<string>, a: (w: string) => boolean, b: (w: string) => boolean): string[] {
  const out: string[] = [];
  for (const p of probes) if (a(p) !== b(p) && out.push(p) >= 10) break;
  return out;
}

describe('lexicon: mask lookups', function () {
  this.timeout(60000);

  it('agree with a plain set on every word of the built-in list and 200 000 near misses', () => {
    const lexicon = defaultLexicon();
    const words = [...lexicon.words()];
    const set = new Set(words);
    assert.equal(set.size, lexicon.info.words);
    assert.deepEqual(
      disagreements(
        words,
        (w) => lexicon.has(w),
        () => true,
      ),
      [],
    );
    const misses = nearMisses(words, 200_000, 7);
    assert.ok(misses.filter((m) => !set.has(m)).length > 150_000, 'most near misses are not words');
    assert.deepEqual(
      disagreements(
        misses,
        (w) => lexicon.has(w),
        (w) => set.has(w),
      ),
      [],
    );
    assert.deepEqual(
      disagreements(
        misses,
        (w) => lexicon.dawg.has(w),
        (w) => scanHas(lexicon.dawg, w),
      ),
      [],
    );
  });

  it('read digraphs, the last letter, NUL and characters above 255 as tileAt does', () => {
    const dawg = buildDawg(['c', 'ch', 'cha', 'l', 'll', 'lla', 'r', 'rr', 'ca', 'cu', 'ñu']);
    const cases: [string, boolean][] = [
      ['c', true],
      ['ch', true],
      ['cha', true],
      ['ca', true],
      ['cu', true],
      ['ñu', true],
      ['l', true],
      ['ll', true],
      ['rr', true],
      ['chh', false],
      ['c\u0000', false],
      ['c\u0068\u0000', false],
      ['ch\u0000', false],
      ['\u0000', false],
      ['lll', false],
      ['rrr', false],
      ['cá', false],
      ['c\u0368', false],
      ['\u0163h', false],
      ['Ch', false],
      ['h', false],
    ];
    for (const [word, expected] of cases) {
      assert.equal(dawg.has(word), expected, JSON.stringify(word));
      assert.equal(scanHas(dawg, word), expected, JSON.stringify(word));
    }
    for (let c = 0; c < 256; c++) {
      assert.equal(CHAR_TILE[c] & 31, tileAt(String.fromCharCode(c), 0), `tile of ${c}`);
      const second = CHAR_TILE[c] >>> 8;
      assert.ok(second === NO_DIGRAPH || tileAt(String.fromCharCode(c, second), 0) === (CHAR_TILE[c] & 31) + 1, `digraph of ${c}`);
    }
  });

  it('agree with a scan on random lists, also when the array is passed to the constructor', () => {
    const next = sequence(11);
    const letters = ['a', 'c', 'ch', 'e', 'h', 'l', 'll', 'o', 'r', 'rr', 's', 'ñ'];
    for (let round = 0; round < 40; round++) {
      const words = Array.from({ length: 1 + next(80) }, () =>
        Array.from({ length: 1 + next(7) }, () => letters[next(letters.length)]).join(''),
      );
      const built = buildDawg(words);
      const again = new Dawg(built.edges, built.root, built.wordCount, built.sha256);
      const set = new Set(words);
      const probes = [...words, ...nearMisses(words, 300, round)];
      assert.deepEqual(
        disagreements(
          probes,
          (w) => built.has(w),
          (w) => set.has(w),
        ),
        [],
        `round ${round}`,
      );
      assert.deepEqual(
        disagreements(
          probes,
          (w) => again.has(w),
          (w) => set.has(w),
        ),
        [],
        `round ${round}, constructed`,
      );
    }
  });
});

describe('lexicon: overlay lookups', () => {
  it('answer like the set (base + extra) − banned, with either set empty or both filled', () => {
    const base = new DawgLexicon(buildDawg(['casa', 'perro', 'gato', 'chuleta']), 'base', 'test');
    const probes = ['casa', 'perro', 'gato', 'chuleta', 'dame', 'zzz', 'casas', '', 'ch'];
    const sets: [string[], string[]][] = [
      [[], []],
      [['dame', 'zzz'], []],
      [[], ['gato', 'zzz']],
      [
        ['dame', 'zzz', 'casa'],
        ['gato', 'zzz'],
      ],
    ];
    for (const [extra, banned] of sets) {
      const overlay = new OverlayLexicon(base, new Set(extra), new Set(banned), 'x');
      const expected = new Set([...['casa', 'perro', 'gato', 'chuleta'], ...extra].filter((w) => !banned.includes(w)));
      for (const p of probes) assert.equal(overlay.has(p), expected.has(p), `+${extra} −${banned}: ${p}`);
    }
  });
});

describe('lexicon: DAWG file format 2', () => {
  it('writes version 2 with one mask word before each node, holding its tiles', () => {
    const dawg = buildDawg(sample(40));
    const bytes = serializeDawg(dawg, 'muestra');
    assert.equal(bytes.readUInt32LE(4), DAWG_VERSION);
    assert.equal(DAWG_VERSION, 2);
    const nodes = nodesOf(dawg.edges);
    assert.ok(nodes.includes(dawg.root));
    let edges = 0;
    for (const node of nodes) {
      let tiles = 0;
      for (let e = node; e !== 0; e = dawg.nextEdge(e)) {
        tiles |= 1 << dawg.edgeTile(e);
        edges++;
      }
      assert.equal(dawg.edges[node - 1], tiles, `mask of node ${node}`);
    }
    assert.equal(dawg.edges.length, 1 + nodes.length + edges);
  });

  it('refuses a version-1 file, asking to compile the list again', () => {
    const dawg = buildDawg(['casa', 'perro', 'chuleta']);
    const parsed = parseDawgFile(versionOneFile(dawg, 'viejo'));
    assert.ok(!parsed.ok);
    assert.match(parsed.detail, /format version 1\b.*compile the list again/);
    const header = parseDawgFile(versionOneFile(dawg, 'viejo'), 'header');
    assert.ok(!header.ok);
  });

  it('refuses damaged masks and layouts; with header checks only, lookups on them never throw', () => {
    const words = ['casa', 'casas', 'cosa', 'perro', 'perra', 'chuleta', 'llave', 'rr'];
    const dawg = buildDawg(words);
    const bytes = serializeDawg(dawg, 'x');
    const arrayAt = bytes.length - dawg.edges.length * 4;
    const word = (b: Buffer, i: number): number => b.readUInt32LE(arrayAt + i * 4);
    const put = (b: Buffer, i: number, v: number): void => {
      b.writeUInt32LE(v >>> 0, arrayAt + i * 4);
    };
    const root = dawg.root;
    const cases: [string, RegExp, (b: Buffer) => void][] = [
      ['a mask missing a tile', /bad mask/, (b) => put(b, root - 1, word(b, root - 1) & ~(1 << (word(b, root) & 31)))],
      ['a mask with an extra tile', /bad mask/, (b) => put(b, root - 1, word(b, root - 1) | (1 << 28))],
      ['a cleared mask', /bad mask/, (b) => put(b, root - 1, 0)],
      [
        'two edges swapped',
        /out of order/,
        (b) => {
          const [x, y] = [word(b, root), word(b, root + 1)];
          put(b, root, (y & ~LAST) | (x & LAST));
          put(b, root + 1, (x & ~LAST) | (y & LAST));
        },
      ],
      [
        'a child naming a mask word',
        /bad child/,
        (b) => {
          const child = word(b, root) >>> 7;
          put(b, root, (word(b, root) & 127) | ((child - 1) << 7));
        },
      ],
      ['a root naming a mask word', /root is not a node/, (b) => b.writeUInt32LE(root - 1, 16)],
      ['the first mask overwritten by an edge', /bad mask/, (b) => put(b, 1, word(b, 2))],
    ];
    const probes = [...words, ...nearMisses(words, 200, 3), 'c', 'ch', 'zz'];
    for (const [label, detail, damage] of cases) {
      const damaged = Buffer.from(bytes);
      damage(damaged);
      const full = parseDawgFile(damaged);
      assert.ok(!full.ok, label);
      assert.match(full.detail, detail, label);
      const light = parseDawgFile(damaged, 'header');
      if (!light.ok) continue;
      for (const p of probes) assert.equal(typeof light.dawg.has(p), 'boolean', `${label}: ${p}`);
      for (let node = -1; node < light.dawg.edges.length + 2; node++) {
        for (let tile = -1; tile < 33; tile++) {
          const e = light.dawg.edgeOf(node, tile);
          assert.ok(e === 0 || light.dawg.edgeTile(e) === tile, `${label}: edgeOf(${node}, ${tile})`);
        }
      }
    }
  });

  it('answers an array without masks, passed to the constructor, by scanning its runs', () => {
    const words = sample(400);
    const built = buildDawg(words);
    const { edges, root } = versionOneEdges(versionOneFile(built, 'v1'));
    const plain = new Dawg(edges, root, built.wordCount, built.sha256);
    const set = new Set(words);
    const probes = [...words, ...nearMisses(words, 5000, 5)];
    assert.deepEqual(
      disagreements(
        probes,
        (w) => plain.has(w),
        (w) => set.has(w),
      ),
      [],
    );
    assert.deepEqual(
      disagreements(
        probes,
        (w) => plain.has(w),
        (w) => scanHas(plain, w),
      ),
      [],
    );
    assert.deepEqual([...plain.enumerate()], [...built.enumerate()]);
  });
});
