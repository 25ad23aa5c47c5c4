/**
 * A minimal DAWG (directed acyclic word graph) over Spanish tiles, packed in a Uint32Array, and
 * its file format.
 *
 * Packing: a node is a run of edges in increasing tile order; each edge is one 32-bit word
 * `tile (5 bits) | final << 5 | last << 6 | child << 7`: `final` says the word ending with this
 * edge is accepted, `last` closes the node's run, `child` is the index of the next node's first
 * edge (0: no further letters; index 0 is a reserved, unused slot). Finality lives on the edge, so
 * two nodes whose outgoing edges are equal share one run whatever their own finality: the graph
 * is built once, in sorted order, registering each finished node by its packed edges (the
 * incremental construction for sorted input), which makes it minimal in this representation.
 *
 * File (little-endian): magic 'PLDG', u32 version (1), u32 word count, u32 edge count, u32 root,
 * u32 name length in bytes, 32 bytes SHA-256 of the word list, the name in UTF-8 padded with NULs
 * to 4 bytes, then the edges. The word list hashed is every word in tile order, normalised
 * (digraphs as two letters), each followed by '\n'.
 *
 * Invariants: `enumerate()` yields exactly the words built from, in tile order; `has()` never
 * throws, allocates nothing after its first call (which makes a 132 KiB prefix memo), stays in
 * bounds, finishes and answers as a plain walk of the runs whatever the edges hold; the edges are never modified after construction;
 * a file parsed with full verification (bounds, tiles, acyclic, word count) is reported when
 * corrupt, never followed into a hang.
 *
 * Example:
 *   const d = buildDawg(['casa', 'casas', 'chuleta']);
 *   d.has('casas');              // true
 *   d.edgeFinal(d.edgeOf(d.edgeChild(d.edgeOf(d.root, 1)), 1)); // prefix walk: is 'aa' a word?
 *   const bytes = serializeDawg(d, 'mini');
 *   parseDawgFile(bytes);        // { ok: true, dawg, name: 'mini' }
 */
import { createHash } from 'node:crypto';
import * as os from 'node:os';
import { DIGRAPH_SECOND, MAX_TILES, SINGLE_TILE, TILE_COUNT, TILE_LETTERS, tileKey } from './normalize';

const FINAL = 1 << 5;
const LAST = 1 << 6;
const CHILD_SHIFT = 7;
const MAX_CHILD = 2 ** 25 - 1;

export const DAWG_MAGIC = 'PLDG';
export const DAWG_VERSION = 1;
const HEADER_BYTES = 56;

/**
 * Offsets in `Dawg`'s prefix memo of the entries for prefixes of 1, 2 and 3 tiles (index = the
 * tiles' codes packed 5 bits each): 32 + 1024 + 32768 entries, 132 KiB.
 */
const PREFIX_OFFSET = [0, 0, 32, 32 + 1024] as const;
const PREFIX_SIZE = 32 + 1024 + 32768;
const PREFIX_DEPTH = 3;

export class Dawg {
  /**
   * Memo of the edge a plain walk from the root reaches for each prefix of up to three tiles:
   * -1 not walked yet, 0 no such path, else the edge's index. Made on the first lookup.
   */
  private prefix: Int32Array | undefined;

  constructor(
    readonly edges: Uint32Array,
    /** Index of the root node's first edge; 0 for an empty word list. */
    readonly root: number,
    readonly wordCount: number,
    /** SHA-256 (hex) of the word list (see the module header). */
    readonly sha256: string,
  ) {}

  /**
   * Whether the normalised word is in the graph; false for anything that is not tiles.
   * The hot path of every word check: it walks the string once, turning char codes into tiles
   * through a table (a digraph is the single tile + 1 when its second letter follows), jumps over
   * the first three tiles — the widest nodes, two thirds of a plain walk's edge visits — through
   * the prefix memo, then scans each node's sorted run; it allocates nothing after the first call.
   */
  has(word: string): boolean {
    const edges = this.edges;
    const limit = edges.length;
    const n = word.length;
    if (this.root === 0 || n === 0) return false;
    let i = 0;
    let depth = 0;
    let key = 0;
    let e = 0;
    for (;;) {
      const c = word.charCodeAt(i++);
      if (c > 255) return false;
      let tile = SINGLE_TILE[c];
      if (tile === 0) return false;
      const second = DIGRAPH_SECOND[tile];
      if (second !== 0 && i < n && word.charCodeAt(i) === second) {
        tile++;
        i++;
      }
      let edge: number;
      if (depth < PREFIX_DEPTH) {
        key = (key << 5) | tile;
        depth++;
        if (depth < PREFIX_DEPTH && i < n) continue;
        e = this.prefixEdge(key, depth);
        if (e === 0) return false;
        edge = edges[e];
      } else {
        edge = edges[e];
        while ((edge & 31) !== tile) {
          if ((edge & 31) > tile || (edge & LAST) !== 0 || ++e >= limit) return false;
          edge = edges[e];
        }
      }
      if (i >= n) return (edge & FINAL) !== 0;
      e = edge >>> CHILD_SHIFT;
      if (e === 0 || e >= limit) return false;
    }
  }

  /** The edge reached by the `depth` tiles packed in `key` (0: none), walked once then remembered. */
  private prefixEdge(key: number, depth: number): number {
    const memo = this.prefix ?? (this.prefix = new Int32Array(PREFIX_SIZE).fill(-1));
    const at = PREFIX_OFFSET[depth] + key;
    const known = memo[at];
    if (known >= 0) return known;
    const edges = this.edges;
    let node = this.root;
    let e = 0;
    for (let d = depth - 1; d >= 0; d--) {
      e = this.edgeOf(node, (key >>> (5 * d)) & 31);
      if (e === 0) break;
      if (d > 0) {
        node = edges[e] >>> CHILD_SHIFT;
        if (node === 0 || node >= edges.length) {
          e = 0;
          break;
        }
      }
    }
    memo[at] = e;
    return e;
  }

  // Prefix walks (move generation): a node is the index of its first edge (`root` to start); an
  // edge is 0 when absent. Each helper stays in bounds whatever the edges hold.

  /** The edge labelled `tile` in the node starting at `node`; 0 when the node has none. */
  edgeOf(node: number, tile: number): number {
    const edges = this.edges;
    if (node <= 0) return 0;
    for (let e = node; e < edges.length; e++) {
      const edge = edges[e];
      const t = edge & 31;
      if (t === tile) return e;
      if (t > tile || (edge & LAST) !== 0) return 0;
    }
    return 0;
  }

  /** The edge after `edge` in the same node; 0 after the node's last edge. */
  nextEdge(edge: number): number {
    if (edge <= 0 || edge + 1 >= this.edges.length || (this.edges[edge] & LAST) !== 0) return 0;
    return edge + 1;
  }

  /** Tile code (normalize.ts) of an edge. */
  edgeTile(edge: number): number {
    return edge > 0 && edge < this.edges.length ? this.edges[edge] & 31 : 0;
  }

  /** Whether the word spelt by the path ending with this edge is accepted. */
  edgeFinal(edge: number): boolean {
    return edge > 0 && edge < this.edges.length && (this.edges[edge] & FINAL) !== 0;
  }

  /** The node an edge leads to; 0 when no word continues past it. */
  edgeChild(edge: number): number {
    if (edge <= 0 || edge >= this.edges.length) return 0;
    const child = this.edges[edge] >>> CHILD_SHIFT;
    return child < this.edges.length ? child : 0;
  }

  /** Every word, in tile order. */
  *enumerate(): Generator<string> {
    if (this.root === 0) return;
    const edges = this.edges;
    const prefix: string[] = [];
    const stack: number[] = [this.root];
    while (stack.length > 0) {
      const e = stack[stack.length - 1];
      const edge = edges[e];
      prefix[stack.length - 1] = TILE_LETTERS[edge & 31];
      if ((edge & FINAL) !== 0) yield prefix.slice(0, stack.length).join('');
      const child = edge >>> CHILD_SHIFT;
      if (child !== 0 && stack.length < MAX_DEPTH) {
        stack.push(child);
        continue;
      }
      advance(stack, edges);
    }
  }
}

/** Walk limit: words are at most MAX_TILES tiles; a deeper path only exists in a corrupt file. */
const MAX_DEPTH = MAX_TILES * 4;

/** Move the walk to the next sibling, popping finished nodes. */
function advance(stack: number[], edges: Uint32Array): void {
  while (stack.length > 0) {
    const e = stack[stack.length - 1];
    if ((edges[e] & LAST) === 0 && e + 1 < edges.length) {
      stack[stack.length - 1] = e + 1;
      return;
    }
    stack.pop();
  }
}

/** UTF-8 bytes of each tile's letters, by tile code (for hashing the word list). */
const LABEL_BYTES: readonly Uint8Array[] = TILE_LETTERS.map((l) => new Uint8Array(Buffer.from(l, 'utf8')));

/** Growable packed edge array; slot 0 is reserved (child 0 means no child). */
class EdgeBuffer {
  data = new Uint32Array(1 << 16);
  length = 1;
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
}

/**
 * Build the minimal DAWG of normalised words (any order, repeats allowed). A word that is not
 * tiles (k, w, digits…) is a broken invariant: callers filter words first.
 */
export function buildDawg(words: Iterable<string>): Dawg {
  const keys: string[] = [];
  for (const w of words) {
    const key = tileKey(w);
    if (!key) throw new Error(`buildDawg: not a tile word: ${JSON.stringify(w)}`);
    keys.push(key);
  }
  keys.sort();
  return buildDawgFromKeys(keys.filter((k, i) => i === 0 || k !== keys[i - 1]));
}

/** Build from tile keys (normalize.ts `tileKey`) that are sorted and distinct. */
export function buildDawgFromKeys(keyed: readonly string[]): Dawg {
  const hash = createHash('sha256');
  const out = new EdgeBuffer();
  const registry = new Map<string, number>();
  const register = (run: number[]): number => {
    if (run.length === 0) return 0;
    run[run.length - 1] |= LAST;
    let key = '';
    for (const edge of run) key += String.fromCharCode(edge & 0xffff, edge >>> 16);
    const found = registry.get(key);
    if (found !== undefined) return found;
    const at = out.length;
    if (at + run.length > MAX_CHILD) throw new Error('buildDawg: word list too large for the packed format');
    for (const edge of run) out.push(edge);
    registry.set(key, at);
    return at;
  };
  // open[d]: the edges of the unfinished node reached after d tiles of the current word; the
  // child of each node's last edge is filled when that child is finished.
  const open: number[][] = [[]];
  let previous = '';
  let count = 0;
  const chunk = Buffer.allocUnsafe(1 << 16);
  let at = 0;
  for (const key of keyed) {
    if (key <= previous && count > 0) throw new Error('buildDawgFromKeys: keys not sorted and distinct');
    let common = 0;
    while (common < key.length && common < previous.length && key.charCodeAt(common) === previous.charCodeAt(common)) common++;
    for (let d = previous.length; d > common; d--) {
      const child = register(open[d]);
      const parent = open[d - 1];
      parent[parent.length - 1] |= child << CHILD_SHIFT;
    }
    for (let d = common; d < key.length; d++) {
      open[d].push(key.charCodeAt(d) - 64);
      open[d + 1] = [];
    }
    const lastRun = open[key.length - 1];
    lastRun[lastRun.length - 1] |= FINAL;
    previous = key;
    count++;
    if (at + key.length * 4 + 1 > chunk.length) {
      hash.update(chunk.subarray(0, at));
      at = 0;
    }
    for (let i = 0; i < key.length; i++) {
      const label = LABEL_BYTES[key.charCodeAt(i) - 64];
      for (let b = 0; b < label.length; b++) chunk[at++] = label[b];
    }
    chunk[at++] = 0x0a;
  }
  for (let d = previous.length; d > 0; d--) {
    const child = register(open[d]);
    const parent = open[d - 1];
    parent[parent.length - 1] |= child << CHILD_SHIFT;
  }
  const root = register(open[0]);
  hash.update(chunk.subarray(0, at));
  return new Dawg(out.data.slice(0, out.length), root, count, hash.digest('hex'));
}

/** The file bytes of a DAWG with its display name. */
export function serializeDawg(dawg: Dawg, name: string): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const namePadded = (nameBytes.length + 3) & ~3;
  const buf = Buffer.alloc(HEADER_BYTES + namePadded + dawg.edges.length * 4);
  buf.write(DAWG_MAGIC, 0, 'latin1');
  buf.writeUInt32LE(DAWG_VERSION, 4);
  buf.writeUInt32LE(dawg.wordCount, 8);
  buf.writeUInt32LE(dawg.edges.length, 12);
  buf.writeUInt32LE(dawg.root, 16);
  buf.writeUInt32LE(nameBytes.length, 20);
  Buffer.from(dawg.sha256, 'hex').copy(buf, 24);
  nameBytes.copy(buf, HEADER_BYTES);
  let at = HEADER_BYTES + namePadded;
  for (const edge of dawg.edges) {
    buf.writeUInt32LE(edge, at);
    at += 4;
  }
  return buf;
}

export function looksLikeDawgFile(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).toString('latin1') === DAWG_MAGIC;
}

export type ParsedDawg = { readonly ok: true; readonly dawg: Dawg; readonly name: string } | { readonly ok: false; readonly detail: string };

/**
 * Read DAWG file bytes; the edges are a view on `bytes` when aligned (no copy). `verify` 'full'
 * checks the whole graph (needed before enumerating a file from outside); 'header' checks only
 * what lookups rely on (sizes, root, a closed last run: `has` stays in bounds on any content),
 * which is enough for the build's own output and keeps its load to a few milliseconds.
 */
export function parseDawgFile(bytes: Uint8Array, verify: 'full' | 'header' = 'full'): ParsedDawg {
  const fail = (detail: string): ParsedDawg => ({ ok: false, detail });
  if (bytes.length < HEADER_BYTES) return fail('short header');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buf.toString('latin1', 0, 4) !== DAWG_MAGIC) return fail('bad magic');
  const version = buf.readUInt32LE(4);
  if (version !== DAWG_VERSION) return fail(`version ${version}`);
  const wordCount = buf.readUInt32LE(8);
  const edgeCount = buf.readUInt32LE(12);
  const root = buf.readUInt32LE(16);
  const nameLength = buf.readUInt32LE(20);
  const sha256 = buf.toString('hex', 24, 56);
  const edgesAt = HEADER_BYTES + ((nameLength + 3) & ~3);
  if (edgeCount < 1 || edgesAt + edgeCount * 4 !== buf.length) return fail('size does not match the header');
  const name = buf.toString('utf8', HEADER_BYTES, HEADER_BYTES + nameLength);
  let edges: Uint32Array;
  if (os.endianness() === 'LE' && (buf.byteOffset + edgesAt) % 4 === 0) {
    edges = new Uint32Array(buf.buffer, buf.byteOffset + edgesAt, edgeCount);
  } else {
    edges = new Uint32Array(edgeCount);
    for (let i = 0; i < edgeCount; i++) edges[i] = buf.readUInt32LE(edgesAt + i * 4);
  }
  const problem = verify === 'full' ? checkEdges(edges, root, wordCount) : checkHeader(edges, root, wordCount);
  if (problem) return fail(problem);
  return { ok: true, dawg: new Dawg(edges, root, wordCount, sha256), name };
}

function checkHeader(edges: Uint32Array, root: number, wordCount: number): string | undefined {
  if (root >= edges.length) return 'root out of range';
  if ((root === 0) !== (wordCount === 0)) return 'root and word count disagree';
  if (edges.length > 1 && (edges[edges.length - 1] & LAST) === 0) return 'last run not closed';
  return undefined;
}

/** A DAWG file with more words than this is refused (a FISE lexicon holds about 640 000). */
export const DAWG_MAX_WORDS = 10_000_000;

/**
 * Structural check, O(edges): tiles in range; every child is the start of a run written before
 * the edge (the builder registers children first, so the graph is acyclic); the runs close; the
 * root's word count equals the header's and no word is longer than MAX_TILES. A file passing it
 * can be walked without a hang.
 */
function checkEdges(edges: Uint32Array, root: number, wordCount: number): string | undefined {
  if (wordCount > DAWG_MAX_WORDS) return `more than ${DAWG_MAX_WORDS} words`;
  const header = checkHeader(edges, root, wordCount);
  if (header) return header;
  const runStart = new Uint8Array(edges.length);
  const words = new Float64Array(edges.length);
  const depth = new Uint8Array(edges.length);
  let start = 1;
  let count = 0;
  let deepest = 0;
  for (let i = 1; i < edges.length; i++) {
    if (i === start) runStart[i] = 1;
    const edge = edges[i];
    const tile = edge & 31;
    if (tile < 1 || tile > TILE_COUNT) return `bad tile at edge ${i}`;
    const child = edge >>> CHILD_SHIFT;
    if (child !== 0 && (child >= start || runStart[child] === 0)) return `bad child at edge ${i}`;
    count += ((edge & FINAL) !== 0 ? 1 : 0) + (child !== 0 ? words[child] : 0);
    deepest = Math.max(deepest, 1 + (child !== 0 ? depth[child] : 0));
    if ((edge & LAST) !== 0) {
      if (deepest > MAX_TILES) return `a word longer than ${MAX_TILES} tiles at edge ${i}`;
      words[start] = count;
      depth[start] = deepest;
      start = i + 1;
      count = 0;
      deepest = 0;
    }
  }
  if (root !== 0 && (runStart[root] === 0 || words[root] !== wordCount)) return 'word count does not match the graph';
  return undefined;
}
