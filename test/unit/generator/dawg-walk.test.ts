/**
 * The DAWG's prefix-walk helpers (edgeOf, nextEdge, edgeTile, edgeFinal, edgeChild), which the
 * game generator's move search uses: walking every path gives back exactly the words, edgeOf
 * finds through a node's mask the edge a scan of its run finds, and bad indices answer 0 / false
 * instead of reading out of bounds.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { buildDawg, type Dawg } from '../../../server/src/lexicon/dawg';
import { tileKey, tilesToWord, tokenize } from '../../../server/src/lexicon/normalize';
import { nodesOf, scanEdge } from '../lexicon/dawg-fixtures';

/** Every word reachable by the helpers, in walk order. */
function walkAll(dawg: Dawg): string[] {
  const out: string[] = [];
  const visit = (node: number, prefix: number[]): void => {
    for (let e = node; e !== 0; e = dawg.nextEdge(e)) {
      const path = [...prefix, dawg.edgeTile(e)];
      if (dawg.edgeFinal(e)) out.push(tilesToWord(path));
      const child = dawg.edgeChild(e);
      if (child !== 0) visit(child, path);
    }
  };
  visit(dawg.root, []);
  return out;
}

/** Whether the helpers accept `word` by stepping tile by tile with edgeOf. */
function stepAccepts(dawg: Dawg, word: string): boolean {
  const tiles = tokenize(word);
  if (!tiles || tiles.length === 0) return false;
  let node = dawg.root;
  let edge = 0;
  for (const t of tiles) {
    edge = dawg.edgeOf(node, t);
    if (edge === 0) return false;
    node = dawg.edgeChild(edge);
  }
  return dawg.edgeFinal(edge);
}

const tileOrder = (words: Iterable<string>): string[] =>
  [...new Set(words)].sort((a, b) => (tileKey(a)! < tileKey(b)! ? -1 : tileKey(a)! > tileKey(b)! ? 1 : 0));

describe('generator: DAWG prefix walk', () => {
  it('walks back exactly the words, in tile order', () => {
    const words = ['casa', 'casas', 'chuleta', 'llave', 'lo', 'ñu', 'carro', 'ca'];
    const dawg = buildDawg(words);
    assert.deepEqual(walkAll(dawg), tileOrder(words));
    for (const w of words) assert.equal(stepAccepts(dawg, w), true, w);
    for (const w of ['cas', 'casass', 'chu', 'l', 'llaves', 'cc']) assert.equal(stepAccepts(dawg, w), false, w);
  });

  it('agrees with has() and enumerate() on arbitrary word sets (property)', () => {
    const letter = fc.constantFrom('a', 'b', 'c', 'ch', 'd', 'e', 'h', 'l', 'll', 'ñ', 'o', 'r', 'rr', 's');
    const word = fc.array(letter, { minLength: 1, maxLength: 6 }).map((t) => t.join(''));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 50 }), fc.array(word, { maxLength: 20 }), (words, probes) => {
        const dawg = buildDawg(words);
        assert.deepEqual(walkAll(dawg), [...dawg.enumerate()]);
        for (const p of [...words, ...probes]) assert.equal(stepAccepts(dawg, p), dawg.has(p), p);
      }),
      { numRuns: 150 },
    );
  });

  it('lists a node’s edges in increasing tile order and ends the run with 0', () => {
    const dawg = buildDawg(['ab', 'ad', 'az', 'ac', 'ach']);
    const a = dawg.edgeChild(dawg.edgeOf(dawg.root, tokenize('a')![0]));
    const tiles: number[] = [];
    for (let e = a; e !== 0; e = dawg.nextEdge(e)) tiles.push(dawg.edgeTile(e));
    assert.deepEqual(
      tiles.map((t) => tilesToWord([t])),
      ['b', 'c', 'ch', 'd', 'z'],
    );
  });

  it('finds through the masks the edge a scan of the run finds, for every node and tile', () => {
    const dawg = buildDawg(['casa', 'casas', 'cosa', 'chuleta', 'llave', 'lo', 'ñu', 'carro', 'ca', 'zapato', 'abaca', 'aba']);
    const nodes = nodesOf(dawg.edges);
    assert.ok(nodes.length > 10);
    for (const node of nodes) {
      for (let tile = -1; tile <= 32; tile++)
        assert.equal(dawg.edgeOf(node, tile), scanEdge(dawg.edges, node, tile), `edgeOf(${node}, ${tile})`);
    }
  });

  it('answers 0 or false for absent tiles, leaf edges and indices out of range', () => {
    const dawg = buildDawg(['casa']);
    const empty = buildDawg([]);
    const [c, a, s] = tokenize('cas')!;
    assert.equal(dawg.edgeOf(dawg.root, s), 0);
    const last = dawg.edgeOf(dawg.edgeChild(dawg.edgeOf(dawg.edgeChild(dawg.edgeOf(dawg.edgeChild(dawg.edgeOf(dawg.root, c)), a)), s)), a);
    assert.notEqual(last, 0);
    assert.equal(dawg.edgeFinal(last), true);
    assert.equal(dawg.edgeChild(last), 0);
    for (const bad of [0, -1, dawg.edges.length, dawg.edges.length + 10, 2 ** 31]) {
      assert.equal(dawg.edgeOf(bad, c), 0, `edgeOf ${bad}`);
      assert.equal(dawg.nextEdge(bad), 0, `nextEdge ${bad}`);
      assert.equal(dawg.edgeTile(bad), 0, `edgeTile ${bad}`);
      assert.equal(dawg.edgeFinal(bad), false, `edgeFinal ${bad}`);
      assert.equal(dawg.edgeChild(bad), 0, `edgeChild ${bad}`);
    }
    assert.equal(empty.root, 0);
    assert.equal(empty.edgeOf(empty.root, c), 0);
  });
});
