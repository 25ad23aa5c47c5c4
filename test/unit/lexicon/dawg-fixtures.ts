/**
 * Test fixtures for the DAWG's array layout (format 2): a plain run-scanning lookup to compare the
 * mask lookup with, the nodes of an array, deterministic near misses of words, and a writer of the
 * previous file format (version 1: runs without mask words) to check that such files are refused.
 *
 * Example:
 *   const d = buildDawg(['casa']);
 *   scanHas(d, 'casa');                 // true, by scanning runs only
 *   parseDawgFile(versionOneFile(d)).ok; // false
 */
import { type Dawg } from '../../../server/src/lexicon/dawg';
import { tileAt, tileWidth } from '../../../server/src/lexicon/normalize';

const FINAL = 32;
const LAST = 64;

/** The edge for `tile` found by scanning the run at `node` (the reading of both formats); 0 if none. */
export function scanEdge(edges: Uint32Array, node: number, tile: number): number {
  for (let e = node; e > 0 && e < edges.length; e++) {
    const t = edges[e] & 31;
    if (t === tile) return e;
    if (t > tile || (edges[e] & LAST) !== 0) return 0;
  }
  return 0;
}

/** Lookup by scanning runs from the root, ignoring mask words. */
export function scanHas(dawg: Dawg, word: string): boolean {
  let node = dawg.root;
  if (word.length === 0) return false;
  for (let i = 0; ;) {
    const tile = tileAt(word, i);
    if (tile === 0) return false;
    i += tileWidth(tile);
    const e = scanEdge(dawg.edges, node, tile);
    if (e === 0) return false;
    if (i >= word.length) return (dawg.edges[e] & FINAL) !== 0;
    node = dawg.edges[e] >>> 7;
  }
}

/** The first edge of every node of a well-formed format-2 array, in array order. */
export function nodesOf(edges: Uint32Array): number[] {
  const nodes: number[] = [];
  for (let i = 1; i + 1 < edges.length;) {
    nodes.push(i + 1);
    i += 2;
    while ((edges[i - 1] & LAST) === 0) i++;
  }
  return nodes;
}

/** Deterministic pseudo-random integers in [0, n) (a linear congruential sequence). */
export function sequence(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const LETTERS = 'abcdefghijlmnñopqrstuvxyz';
const ODD = ['á', 'k', 'w', 'A', '\u0000', '-', ' ', '\u4e00', '\u0303'];

/** `count` near misses of `words`: a letter changed, added or dropped, digraphs split or made, odd characters. */
export function nearMisses(words: readonly string[], count: number, seed: number): string[] {
  const next = sequence(seed);
  const out: string[] = [];
  while (out.length < count) {
    const w = words[next(words.length)];
    const at = next(w.length + 1);
    const letter = LETTERS[next(LETTERS.length)];
    switch (out.length % 8) {
      case 0:
        out.push(w.slice(0, at) + letter + w.slice(at + 1));
        break;
      case 1:
        out.push(w.slice(0, at) + letter + w.slice(at));
        break;
      case 2:
        out.push(w.slice(0, at) + w.slice(at + 1));
        break;
      case 3:
        out.push(`${w}${letter}`);
        break;
      case 4:
        out.push(w.replace(/ch|ll|rr/, (d) => d[0]) + (at % 2 === 0 ? '' : 'h'));
        break;
      case 5:
        out.push(w.replace(/c|l|r/, (d) => (d === 'c' ? 'ch' : d + d)));
        break;
      case 6:
        out.push(w.slice(0, at) + ODD[next(ODD.length)] + w.slice(at));
        break;
      default:
        out.push(w.slice(0, at));
    }
  }
  return out;
}

/** The bytes of `dawg` in the previous file format (version 1: the runs alone, children renumbered). */
export function versionOneFile(dawg: Dawg, name: string): Buffer {
  const edges = dawg.edges;
  const shift = new Uint32Array(edges.length);
  let masks = 0;
  for (const node of nodesOf(edges)) {
    masks++;
    for (let e = node; e < edges.length; e++) {
      shift[e] = masks;
      if ((edges[e] & LAST) !== 0) break;
    }
  }
  const runs: number[] = [0];
  for (const node of nodesOf(edges)) {
    for (let e = node; e < edges.length; e++) {
      const child = edges[e] >>> 7;
      runs.push(((edges[e] & 127) | ((child === 0 ? 0 : child - shift[child]) << 7)) >>> 0);
      if ((edges[e] & LAST) !== 0) break;
    }
  }
  const nameBytes = Buffer.from(name, 'utf8');
  const at = 56 + ((nameBytes.length + 3) & ~3);
  const buf = Buffer.alloc(at + runs.length * 4);
  buf.write('PLDG', 0, 'latin1');
  buf.writeUInt32LE(1, 4);
  buf.writeUInt32LE(dawg.wordCount, 8);
  buf.writeUInt32LE(runs.length, 12);
  buf.writeUInt32LE(dawg.root === 0 ? 0 : dawg.root - shift[dawg.root], 16);
  buf.writeUInt32LE(nameBytes.length, 20);
  Buffer.from(dawg.sha256, 'hex').copy(buf, 24);
  nameBytes.copy(buf, 56);
  runs.forEach((edge, i) => buf.writeUInt32LE(edge, at + i * 4));
  return buf;
}

/** The edges of a version-1 file, as a Uint32Array (for constructing a Dawg over runs without masks). */
export function versionOneEdges(file: Buffer): { edges: Uint32Array; root: number } {
  const length = file.readUInt32LE(12);
  const at = file.length - length * 4;
  const edges = new Uint32Array(length);
  for (let i = 0; i < length; i++) edges[i] = file.readUInt32LE(at + i * 4);
  return { edges, root: file.readUInt32LE(16) };
}
