/**
 * A minimal DAWG (directed acyclic word graph) over Spanish tiles, packed in a Uint32Array, and
 * its file format.
 *
 * Packing: a node is a mask word followed by a run of edges in increasing tile order. The mask has
 * bit `t` set for each tile `t` (1–28) the run holds, so the edge for tile `t` is the run's first
 * edge plus the number of mask bits below `t`: one read per letter, no scan. Each edge is one
 * 32-bit word `tile (5 bits) | final << 5 | last << 6 | child << 7`: `final` says the word ending
 * with this edge is accepted, `last` closes the run, `child` is the index of the next node's first
 * edge (its mask sits just before it; 0: no further letters; index 0 is a reserved, unused slot).
 * A node is named by the index of its first edge, so its edges are read in order by stepping
 * until `last`. Finality lives on the edge, so two nodes whose outgoing edges are equal share one
 * run whatever their own finality: the graph is built once, in sorted order, registering each
 * finished node by its packed edges (the incremental construction for sorted input), which makes
 * it minimal in this representation.
 *
 * File (little-endian): magic 'PLDG', u32 version (2), u32 word count, u32 array length (mask and
 * edge words, slot 0 included), u32 root, u32 name length in bytes, 32 bytes SHA-256 of the word
 * list, the name in UTF-8 padded with NULs to 4 bytes, then the array. The word list hashed is
 * every word in tile order, normalised (digraphs as two letters), each followed by '\n'. Files of
 * version 1 (runs without masks) are refused: a cached list is then compiled again.
 *
 * Invariants: `enumerate()` yields exactly the words built from, in tile order; `has()` and
 * `edgeOf()` never throw, allocate nothing, stay in bounds and finish whatever the array holds,
 * and only ever answer with an edge of the tile asked for; on a graph built here, read from a file
 * with full verification (bounds, tiles, order, masks, acyclic, word count), or passed to the
 * constructor and found well formed, they answer exactly as a plain scan of the runs (the masks
 * are only a shortcut); an array passed to the constructor that is not well formed is answered by
 * that plain scan. The array is never modified after construction. A file from outside is read
 * with full verification, reported when corrupt, never followed into a hang.
 *
 * Example:
 *   const d = buildDawg(['casa', 'casas', 'chuleta']);
 *   d.has('casas');              // true
 *   d.edgeFinal(d.edgeOf(d.edgeChild(d.edgeOf(d.root, 1)), 1)); // prefix walk: is 'aa' a word?
 *   const bytes = serializeDawg(d, 'mini');
 *   parseDawgFile(bytes);        // { ok: true, dawg, name: 'mini' }
 */
import * as os from 'node:os';
import { CHAR_TILE, MAX_TILES, TILE_COUNT, TILE_LETTERS, tileAt, tileKey, tileWidth } from './normalize';

/** `node:crypto`, loaded when first used: loading it costs a start several milliseconds. */
function crypto(): typeof import('node:crypto') {
  return require('node:crypto') as typeof import('node:crypto');
}

/**
 * Edge layout (exported for the move generator, which walks the array itself): tile code in the
 * low 5 bits (`EDGE_TILE_MASK`), then the word-ends-here and last-edge-of-its-node flags, then the
 * child node's index from bit `EDGE_CHILD_SHIFT`; the word before a node's first edge is the
 * node's tile mask.
 */
export const EDGE_TILE_MASK = 31;
export const EDGE_FINAL = 1 << 5;
export const EDGE_LAST = 1 << 6;
export const EDGE_CHILD_SHIFT = 7;
const FINAL = EDGE_FINAL;
const LAST = EDGE_LAST;
const CHILD_SHIFT = EDGE_CHILD_SHIFT;
const MAX_CHILD = 2 ** 25 - 1;

const DAWG_MAGIC = 'PLDG';
export const DAWG_VERSION = 2;
const HEADER_BYTES = 56;

/**
 * The char → tile table under a module-local name: an imported binding is read through the other
 * module's exports object on every use, a local constant is embedded by the JIT.
 */
const TILE_OF_CHAR = CHAR_TILE;

/** Number of bits set in each 10-bit value. */
const BITS_SET = new Uint8Array(1024);
for (let i = 1; i < 1024; i++) BITS_SET[i] = BITS_SET[i >> 1] + (i & 1);

/**
 * Number of bits set in `x`, which is below 2^30 (a mask's bits below a tile's): three table
 * reads, which measure faster here than the shift-and-add popcount.
 */
function countBits(x: number): number {
  return BITS_SET[x & 1023] + BITS_SET[(x >>> 10) & 1023] + BITS_SET[x >>> 20];
}

/** The edge labelled `tile` in the run starting at `node`, by scanning it; 0 when absent. */
function scanRun(edges: Uint32Array, node: number, tile: number): number {
  for (let e = node; e < edges.length; e++) {
    const edge = edges[e];
    const t = edge & 31;
    if (t === tile) return e;
    if (t > tile || (edge & LAST) !== 0) return 0;
  }
  return 0;
}

export class Dawg {
  /** Whether each node's mask word can be used to index its run (else runs are scanned). */
  private readonly masked: boolean;

  constructor(
    /** Mask words and edges (module header); slot 0 unused. */
    readonly edges: Uint32Array,
    /** Index of the root node's first edge; 0 for an empty word list. */
    readonly root: number,
    readonly wordCount: number,
    /** SHA-256 (hex) of the word list (see the module header). */
    readonly sha256: string,
    /**
     * True when the caller has checked the layout (the builder; `parseDawgFile`, fully or, for the
     * build's own output, by its header): the O(array) check is then skipped.
     */
    layoutChecked = false,
  ) {
    this.masked = layoutChecked || checkGraph(edges, root) === undefined;
  }

  /**
   * Whether the normalised word is in the graph; false for anything that is not tiles.
   * The hot path of every word check: it reads each character once, turning char codes into
   * tiles through one table read (a digraph is the single tile + 1 when its second letter
   * follows), and finds each tile's edge through its node's mask: one read of the mask, one of the
   * edge, no scan. Written out rather than through `edgeOf`, which measures about a quarter slower.
   */
  has(word: string): boolean {
    if (!this.masked) return this.scanHas(word);
    const edges = this.edges;
    const limit = edges.length;
    const n = word.length;
    let node = this.root;
    if (node === 0 || n === 0) return false;
    // `c` is the character at i - 1, read once; -1 past the end.
    let c = word.charCodeAt(0);
    for (let i = 1; ;) {
      if (c > 255) return false;
      const code = TILE_OF_CHAR[c];
      let tile = code & 31;
      if (tile === 0) return false;
      c = i < n ? word.charCodeAt(i) : -1;
      i++;
      if (c === code >>> 8) {
        tile++;
        c = i < n ? word.charCodeAt(i) : -1;
        i++;
      }
      const mask = edges[node - 1];
      const bit = 1 << tile;
      if ((mask & bit) === 0) return false;
      const e = node + countBits(mask & (bit - 1));
      if (e >= limit) return false;
      const edge = edges[e];
      if ((edge & 31) !== tile) return false;
      if (i > n) return (edge & FINAL) !== 0;
      node = edge >>> CHILD_SHIFT;
      if (node === 0 || node >= limit) return false;
    }
  }

  /** `has` for an array that is not well formed: a plain scan of the runs. */
  private scanHas(word: string): boolean {
    let node = this.root;
    if (word.length === 0) return false;
    for (let i = 0; ;) {
      const tile = tileAt(word, i);
      if (tile === 0) return false;
      i += tileWidth(tile);
      const e = this.edgeOf(node, tile);
      if (e === 0) return false;
      if (i >= word.length) return this.edgeFinal(e);
      node = this.edgeChild(e);
    }
  }

  // Prefix walks (move generation): a node is the index of its first edge (`root` to start); an
  // edge is 0 when absent. Each helper stays in bounds whatever the array holds.

  /** The edge labelled `tile` in the node starting at `node`; 0 when the node has none. */
  edgeOf(node: number, tile: number): number {
    const edges = this.edges;
    if (node <= 0 || node >= edges.length) return 0;
    if (!this.masked) return scanRun(edges, node, tile);
    if (tile < 1 || tile > TILE_COUNT) return 0;
    const mask = edges[node - 1];
    const bit = 1 << tile;
    if ((mask & bit) === 0) return 0;
    const e = node + countBits(mask & (bit - 1));
    return e < edges.length && (edges[e] & 31) === tile ? e : 0;
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

/** Growable packed array of mask words and edges; slot 0 is reserved (child 0 means no child). */
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

/**
 * The incremental construction for sorted input, shared by the DAWG and the GADDAG (gaddag.ts):
 * keys (one char per tile, code tile + 64; code 64 is the GADDAG's separator, tile 0) are added
 * in strictly increasing order; each node is registered by its packed edges once it is finished,
 * so equal nodes share one run and the graph is minimal in this representation.
 */
export class SortedPacker {
  private readonly out = new EdgeBuffer();
  private readonly registry = new Map<string, number>();
  /** open[d]: the edges of the unfinished node reached after d tiles of the current key. */
  private readonly open: number[][] = [[]];
  private previous = '';
  /** Length of the current path: open[depth] is the node being filled. */
  private depth = 0;
  count = 0;

  /**
   * Packs `edges` (a whole packed graph, slot 0 included) first, at the same indices, so that a
   * path added later may lead into its nodes (`addPath`'s separator child). Only before any key.
   */
  preload(edges: Uint32Array): void {
    if (this.out.length !== 1 || this.count > 0) throw new Error('SortedPacker.preload: not first');
    for (let i = 1; i < edges.length; i++) this.out.push(edges[i]);
    // Its nodes registered too, so that an equal node added later is shared with them.
    for (let i = 1; i < edges.length;) {
      const at = ++i;
      let key = '';
      for (; i < edges.length; i++) {
        const edge = edges[i];
        key += String.fromCharCode(edge & 0xffff, edge >>> 16);
        if ((edge & LAST) !== 0) break;
      }
      i++;
      if (!this.registry.has(key)) this.registry.set(key, at);
    }
  }

  private register(run: number[]): number {
    if (run.length === 0) return 0;
    run[run.length - 1] |= LAST;
    let key = '';
    let mask = 0;
    for (const edge of run) {
      key += String.fromCharCode(edge & 0xffff, edge >>> 16);
      mask |= 1 << (edge & 31);
    }
    const found = this.registry.get(key);
    if (found !== undefined) return found;
    const out = this.out;
    const at = out.length + 1;
    if (at + run.length > MAX_CHILD) throw new Error('buildDawg: word list too large for the packed format');
    out.push(mask);
    for (const edge of run) out.push(edge);
    this.registry.set(key, at);
    return at;
  }

  /** Closes the open nodes deeper than `depth`, filling each parent's last edge with its child. */
  private closeTo(depth: number): void {
    const open = this.open;
    for (let d = this.depth; d > depth; d--) {
      const child = this.register(open[d]);
      const parent = open[d - 1];
      parent[parent.length - 1] |= child << CHILD_SHIFT;
    }
  }

  add(key: string): void {
    const previous = this.previous;
    if (key <= previous && this.count > 0) throw new Error('buildDawgFromKeys: keys not sorted and distinct');
    let common = 0;
    while (common < key.length && common < previous.length && key.charCodeAt(common) === previous.charCodeAt(common)) common++;
    this.closeTo(common);
    const open = this.open;
    for (let d = common; d < key.length; d++) {
      open[d].push(key.charCodeAt(d) - 64);
      open[d + 1] = [];
    }
    const lastRun = open[key.length - 1];
    lastRun[lastRun.length - 1] |= FINAL;
    this.previous = key;
    this.depth = key.length;
    this.count++;
  }

  /**
   * Adds the path spelt by the first `length` chars of `key`, after the previous one in strictly
   * increasing order; `final` marks its last edge accepted; a non-zero `separatorChild` ends it
   * with an edge of tile 0 into that node, already packed (`preload`), instead of an open node.
   */
  addPath(key: string, length: number, final: boolean, separatorChild: number): void {
    const path = key.length === length ? key : key.slice(0, length);
    const previous = this.previous;
    if (path <= previous && this.count > 0) throw new Error('SortedPacker.addPath: paths not sorted and distinct');
    let common = 0;
    while (common < length && common < previous.length && path.charCodeAt(common) === previous.charCodeAt(common)) common++;
    this.closeTo(common);
    const open = this.open;
    for (let d = common; d < length; d++) {
      open[d].push(path.charCodeAt(d) - 64);
      open[d + 1] = [];
    }
    if (final) {
      const lastRun = open[length - 1];
      lastRun[lastRun.length - 1] |= FINAL;
    }
    if (separatorChild !== 0) open[length].push(separatorChild << CHILD_SHIFT);
    this.previous = path;
    this.depth = length;
    this.count++;
  }

  /** The packed array and the root's index (0 when no key was added); the packer is spent. */
  finish(): { readonly edges: Uint32Array; readonly root: number } {
    this.closeTo(0);
    const root = this.register(this.open[0]);
    return { edges: this.out.data.slice(0, this.out.length), root };
  }
}

/** Build from tile keys (normalize.ts `tileKey`) that are sorted and distinct. */
export function buildDawgFromKeys(keyed: readonly string[]): Dawg {
  const hash = crypto().createHash('sha256');
  const packer = new SortedPacker();
  const chunk = Buffer.allocUnsafe(1 << 16);
  let at = 0;
  for (const key of keyed) {
    packer.add(key);
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
  const { edges, root } = packer.finish();
  hash.update(chunk.subarray(0, at));
  return new Dawg(edges, root, packer.count, hash.digest('hex'), true);
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
  if (bytes.length < 4) return false;
  for (let i = 0; i < 4; i++) if (bytes[i] !== DAWG_MAGIC.charCodeAt(i)) return false;
  return true;
}

/** The little-endian u32 at `at` of `bytes` (which holds at least at + 4 bytes). */
function readU32(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

/** Whether this machine stores a Uint32Array little-endian, as the file does (then the file is viewed, not copied). */
const LITTLE_ENDIAN = os.endianness() === 'LE';

type ParsedDawg = { readonly ok: true; readonly dawg: Dawg; readonly name: string } | { readonly ok: false; readonly detail: string };

/**
 * Read DAWG file bytes; the array is a view on `bytes` when aligned (no copy). `verify` 'full'
 * checks the whole graph (needed before using a file from outside); 'header' checks only the
 * sizes, the root and a closed last run, trusting the masks — lookups still stay in bounds and
 * finish on any content — which is enough for the build's own output and keeps its load to a few
 * milliseconds (an O(array) check runs cold, in the interpreter, and would cost several).
 */
export function parseDawgFile(bytes: Uint8Array, verify: 'full' | 'header' = 'full'): ParsedDawg {
  const fail = (detail: string): ParsedDawg => ({ ok: false, detail });
  if (bytes.length < HEADER_BYTES) return fail('short header');
  if (!looksLikeDawgFile(bytes)) return fail('bad magic');
  const version = readU32(bytes, 4);
  if (version !== DAWG_VERSION) {
    return fail(
      version < DAWG_VERSION ? `format version ${version}, from an older Planilla: compile the list again` : `format version ${version}`,
    );
  }
  const wordCount = readU32(bytes, 8);
  const length = readU32(bytes, 12);
  const root = readU32(bytes, 16);
  const nameLength = readU32(bytes, 20);
  const arrayAt = HEADER_BYTES + ((nameLength + 3) & ~3);
  if (length < 1 || arrayAt + length * 4 !== bytes.length) return fail('size does not match the header');
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const sha256 = buf.toString('hex', 24, 56);
  const name = buf.toString('utf8', HEADER_BYTES, HEADER_BYTES + nameLength);
  let edges: Uint32Array;
  if (LITTLE_ENDIAN && (bytes.byteOffset + arrayAt) % 4 === 0) {
    edges = new Uint32Array(bytes.buffer, bytes.byteOffset + arrayAt, length);
  } else {
    edges = new Uint32Array(length);
    for (let i = 0; i < length; i++) edges[i] = readU32(bytes, arrayAt + i * 4);
  }
  let problem = checkHeader(edges, root, wordCount);
  if (!problem && verify === 'full') {
    problem = wordCount > DAWG_MAX_WORDS ? `more than ${DAWG_MAX_WORDS} words` : checkGraph(edges, root, wordCount);
  }
  if (problem) return fail(problem);
  return { ok: true, dawg: new Dawg(edges, root, wordCount, sha256, true), name };
}

function checkHeader(edges: Uint32Array, root: number, wordCount: number): string | undefined {
  if (root >= edges.length) return 'root out of range';
  if ((root === 0) !== (wordCount === 0)) return 'root and word count disagree';
  if (edges.length > 1 && (edges[edges.length - 1] & LAST) === 0) return 'last run not closed';
  return undefined;
}

/** A DAWG file with more words than this is refused (a FISE lexicon holds about 640 000). */
const DAWG_MAX_WORDS = 10_000_000;

/**
 * Structural check, O(array): from slot 1 on, each node is a mask word and a run of edges with
 * tiles 1–28 in strictly increasing order, closed by `last`; the mask holds exactly the run's
 * tiles; every child is the first edge of a node written before the edge (the builder writes
 * children first, so the graph is acyclic); the root is a node. With `wordCount`, also: the
 * root's word count equals it and no word is longer than MAX_TILES. On a graph passing it, the
 * mask lookup answers as a scan of the runs, and every walk ends.
 */
function checkGraph(edges: Uint32Array, root: number, wordCount?: number): string | undefined {
  const n = edges.length;
  const first = new Uint8Array(n);
  const words = wordCount === undefined ? undefined : new Float64Array(n);
  const depth = new Uint8Array(n);
  let i = 1;
  while (i < n) {
    const maskAt = i++;
    const start = i;
    if (start >= n) return `a mask without edges at ${maskAt}`;
    first[start] = 1;
    let tiles = 0;
    let previous = 0;
    let count = 0;
    let deepest = 0;
    for (;;) {
      if (i >= n) return 'last run not closed';
      const edge = edges[i];
      const tile = edge & 31;
      if (tile < 1 || tile > TILE_COUNT) return `bad tile at edge ${i}`;
      if (tile <= previous) return `tiles out of order at edge ${i}`;
      previous = tile;
      tiles |= 1 << tile;
      const child = edge >>> CHILD_SHIFT;
      if (child !== 0 && (child >= start || first[child] === 0)) return `bad child at edge ${i}`;
      if (words) count += ((edge & FINAL) !== 0 ? 1 : 0) + (child !== 0 ? words[child] : 0);
      deepest = Math.max(deepest, 1 + (child !== 0 ? depth[child] : 0));
      i++;
      if ((edge & LAST) !== 0) break;
    }
    if (edges[maskAt] !== tiles) return `bad mask at ${maskAt}`;
    if (deepest > MAX_TILES) return `a word longer than ${MAX_TILES} tiles at edge ${i - 1}`;
    if (words) words[start] = count;
    depth[start] = deepest;
  }
  if (root !== 0 && first[root] === 0) return 'root is not a node';
  if (words && root !== 0 && words[root] !== wordCount) return 'word count does not match the graph';
  return undefined;
}
