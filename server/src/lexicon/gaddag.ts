/**
 * The GADDAG of a word list (Gordon's graph for generating moves from an anchor leftward first),
 * packed in the same layout as the DAWG of dawg.ts, and its file format.
 *
 * Strings: for a word w of n tiles, rev(w[0..i]) + SEP + w[i+1..] for each i < n − 1, and rev(w)
 * for the full reversal: read from the anchor square leftward to the word's first tile, then the
 * separator, then rightward. The separator is tile code 0 (free in the DAWG's tile codes 1–28), so
 * it is bit 0 of a node's mask and, when present, its first edge. Finality is on the edge, as in
 * the DAWG: the edge closing rev(w) is final (the word ends at the anchor), and so is the edge of
 * a word's last tile after the separator.
 *
 * Layout: the DAWG's layout (dawg.ts: per node a mask word then edges `tile | final << 5 |
 * last << 6 | child << 7`). The part after the separator of rev(x) + SEP + s, for a prefix x, is
 * the set of the s completing x: the DAWG's node after x. So the array begins with the DAWG's own
 * array, at the same indices, and each separator edge leads into the DAWG's node; the left nodes
 * follow, built by the DAWG's incremental construction for sorted input from the sorted reversed
 * prefixes (SortedPacker, registering the DAWG's nodes first), so no two nodes are the same: the
 * graph is minimal in this representation (the DAWG's root run aside, which no edge reaches).
 *
 * File (little-endian): magic 'PLGD', u32 version (1), u32 word count, u32 array length, u32 root,
 * 32 bytes SHA-256 of the word list (the DAWG's, dawg.ts: the GADDAG belongs to the DAWG with the
 * same hash), then the array.
 *
 * Invariants: built from a DAWG, the GADDAG accepts exactly the strings above of its words, and
 * nothing else; a file is used only when its hash is the DAWG's and its layout passes the check
 * asked for ('full': tiles 0–28 in increasing order per run, masks exact, every child written
 * before its parent, no path longer than the longest word plus the separator); the array is never
 * modified.
 *
 * Example:
 *   const g = buildGaddag(buildDawg(['casa']));
 *   // from the root: 's', 'a', 'c', SEP, 'a' (final) spells c a s | a, the anchor on 's'
 *   parseGaddagFile(serializeGaddag(g), g.sha256); // { ok: true, gaddag }
 */
import * as os from 'node:os';
import { EDGE_CHILD_SHIFT, EDGE_FINAL, EDGE_LAST, EDGE_TILE_MASK, SortedPacker, type Dawg } from './dawg';
import { MAX_TILES, TILE_COUNT } from './normalize';

const GADDAG_MAGIC = 'PLGD';
const GADDAG_VERSION = 1;
const HEADER_BYTES = 52;

export class Gaddag {
  constructor(
    /** Mask words and edges in the DAWG's layout (dawg.ts); slot 0 unused. */
    readonly edges: Uint32Array,
    /** Index of the root node's first edge; 0 for an empty word list. */
    readonly root: number,
    readonly wordCount: number,
    /** SHA-256 (hex) of the word list, the DAWG's (dawg.ts). */
    readonly sha256: string,
  ) {}
}

/**
 * The top bits of a node's mask word (above the tiles 0–28): the fewest tiles still to go leftward
 * before the word's first one, 7 meaning 7 or more (0: the node has the separator; an edge ending a
 * full reversal counts 1). The move generator skips a left part that needs more tiles than the
 * free squares or the rack hold (at most 6).
 */
export const NEED_SHIFT = 29;
const NEED_MAX = 7;
const TILE_BITS = (1 << NEED_SHIFT) - 1;

/**
 * The need of each node written into its mask word's top bits ('write'), or checked there
 * ('check': the first node whose need is not the one stored, else undefined). One pass: a child is
 * always written before its parent, so its need is known when its parent's is computed.
 */
function needs(edges: Uint32Array, mode: 'write' | 'check'): string | undefined {
  const n = edges.length;
  let i = 1;
  while (i < n) {
    const maskAt = i++;
    let best = (edges[maskAt] & 1) !== 0 ? 0 : NEED_MAX;
    for (; i < n; i++) {
      const edge = edges[i];
      if ((edge & EDGE_FINAL) !== 0 && best > 1) best = 1;
      const child = edge >>> EDGE_CHILD_SHIFT;
      if (child !== 0 && child <= maskAt) {
        const through = (edges[child - 1] >>> NEED_SHIFT) + 1;
        if (through < best) best = through;
      }
      if ((edge & EDGE_LAST) !== 0) break;
    }
    i++;
    if (mode === 'write') edges[maskAt] = ((edges[maskAt] & TILE_BITS) | (best << NEED_SHIFT)) >>> 0;
    else if (edges[maskAt] >>> NEED_SHIFT !== best) return `bad need at ${maskAt}`;
  }
  return undefined;
}

/**
 * Every prefix x of a word of `dawg` (every path from its root), as a sort key: rev(x) (one char
 * per tile, code tile + 64), then char 1 (below every tile, so a key sorts as its rev(x) does),
 * then two chars holding 2 × (the DAWG node after x) + (1 when x is a word).
 */
function reversedPrefixes(dawg: Dawg): string[] {
  const edges = dawg.edges;
  const keys: string[] = [];
  if (dawg.root === 0) return keys;
  const stack: number[] = [dawg.root];
  const path: number[] = [];
  const key: number[] = [];
  while (stack.length > 0) {
    const depth = stack.length - 1;
    const edge = edges[stack[depth]];
    path[depth] = (edge & EDGE_TILE_MASK) + 64;
    const child = edge >>> EDGE_CHILD_SHIFT;
    const info = child * 2 + ((edge & EDGE_FINAL) !== 0 ? 1 : 0);
    key.length = depth + 4;
    for (let i = 0; i <= depth; i++) key[i] = path[depth - i];
    key[depth + 1] = 1;
    key[depth + 2] = info & 0xffff;
    key[depth + 3] = info >>> 16;
    keys.push(String.fromCharCode(...key));
    if (child !== 0 && child < edges.length && stack.length < MAX_TILES) {
      stack.push(child);
      continue;
    }
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if ((edges[top] & EDGE_LAST) === 0 && top + 1 < edges.length) {
        stack[stack.length - 1] = top + 1;
        break;
      }
      stack.pop();
    }
  }
  return keys;
}

/**
 * The GADDAG of the words of `dawg` (see the module header). The part after the separator of
 * rev(x) + SEP + s, for a prefix x, is the set of the s that complete x: the DAWG's node after x.
 * So the DAWG's array is packed first, at its own indices, and each path rev(x) is added in
 * sorted order with its separator edge into the DAWG's node: only the reversed prefixes are
 * sorted and registered, not every string.
 */
export function buildGaddag(dawg: Dawg): Gaddag {
  const keys = reversedPrefixes(dawg);
  keys.sort();
  const packer = new SortedPacker();
  packer.preload(dawg.edges);
  for (const key of keys) {
    const length = key.length - 3;
    const info = key.charCodeAt(length + 1) + key.charCodeAt(length + 2) * 0x10000;
    packer.addPath(key, length, (info & 1) !== 0, Math.floor(info / 2));
  }
  const { edges, root } = packer.finish();
  needs(edges, 'write');
  return new Gaddag(edges, root, dawg.wordCount, dawg.sha256);
}

/** The file bytes of a GADDAG. */
export function serializeGaddag(gaddag: Gaddag): Buffer {
  const buf = Buffer.alloc(HEADER_BYTES + gaddag.edges.length * 4);
  buf.write(GADDAG_MAGIC, 0, 'latin1');
  buf.writeUInt32LE(GADDAG_VERSION, 4);
  buf.writeUInt32LE(gaddag.wordCount, 8);
  buf.writeUInt32LE(gaddag.edges.length, 12);
  buf.writeUInt32LE(gaddag.root, 16);
  Buffer.from(gaddag.sha256, 'hex').copy(buf, 20);
  let at = HEADER_BYTES;
  for (const edge of gaddag.edges) {
    buf.writeUInt32LE(edge, at);
    at += 4;
  }
  return buf;
}

function readU32(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

const LITTLE_ENDIAN = os.endianness() === 'LE';

type ParsedGaddag = { readonly ok: true; readonly gaddag: Gaddag } | { readonly ok: false; readonly detail: string };

/**
 * Reads GADDAG file bytes for the word list hashed `sha256`; the array is a view on `bytes` when
 * aligned. `verify` 'full' checks the whole layout (a cache file); 'header' only the sizes, the
 * root and the closed last run (the build's own output).
 */
export function parseGaddagFile(bytes: Uint8Array, sha256: string, verify: 'full' | 'header' = 'full'): ParsedGaddag {
  const fail = (detail: string): ParsedGaddag => ({ ok: false, detail });
  if (bytes.length < HEADER_BYTES) return fail('short header');
  for (let i = 0; i < 4; i++) if (bytes[i] !== GADDAG_MAGIC.charCodeAt(i)) return fail('bad magic');
  const version = readU32(bytes, 4);
  if (version !== GADDAG_VERSION) return fail(`format version ${version}`);
  const wordCount = readU32(bytes, 8);
  const length = readU32(bytes, 12);
  const root = readU32(bytes, 16);
  if (length < 1 || HEADER_BYTES + length * 4 !== bytes.length) return fail('size does not match the header');
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buf.toString('hex', 20, 52) !== sha256) return fail('made for another word list');
  let edges: Uint32Array;
  if (LITTLE_ENDIAN && (bytes.byteOffset + HEADER_BYTES) % 4 === 0) {
    edges = new Uint32Array(bytes.buffer, bytes.byteOffset + HEADER_BYTES, length);
  } else {
    edges = new Uint32Array(length);
    for (let i = 0; i < length; i++) edges[i] = readU32(bytes, HEADER_BYTES + i * 4);
  }
  if (root >= length || (root === 0) !== (wordCount === 0)) return fail('root out of range');
  if (length > 1 && (edges[length - 1] & EDGE_LAST) === 0) return fail('last run not closed');
  if (root !== 0 && (edges[root - 1] & 1) !== 0) return fail('separator at the root');
  const problem = verify === 'full' ? checkLayout(edges, root) : undefined;
  if (problem) return fail(problem);
  return { ok: true, gaddag: new Gaddag(edges, root, wordCount, sha256) };
}

/**
 * The structural check of a GADDAG array, O(array): runs of tiles 0–28 in strictly increasing
 * order closed by `last`, exact masks, each child the first edge of a node written before it (so
 * every walk ends), no path longer than MAX_TILES + 1 edges, the root a node.
 */
function checkLayout(edges: Uint32Array, root: number): string | undefined {
  const n = edges.length;
  const first = new Uint8Array(n);
  const depth = new Uint8Array(n);
  let i = 1;
  while (i < n) {
    const maskAt = i++;
    const start = i;
    if (start >= n) return `a mask without edges at ${maskAt}`;
    first[start] = 1;
    let tiles = 0;
    let previous = -1;
    let deepest = 0;
    for (;;) {
      if (i >= n) return 'last run not closed';
      const edge = edges[i];
      const tile = edge & EDGE_TILE_MASK;
      if (tile > TILE_COUNT) return `bad tile at edge ${i}`;
      if (tile <= previous) return `tiles out of order at edge ${i}`;
      previous = tile;
      tiles |= 1 << tile;
      const child = edge >>> EDGE_CHILD_SHIFT;
      if (child !== 0 && (child >= start || first[child] === 0)) return `bad child at edge ${i}`;
      deepest = Math.max(deepest, 1 + (child !== 0 ? depth[child] : 0));
      i++;
      if ((edge & EDGE_LAST) !== 0) break;
    }
    if ((edges[maskAt] & TILE_BITS) !== tiles) return `bad mask at ${maskAt}`;
    if (deepest > MAX_TILES + 1) return `a path longer than ${MAX_TILES + 1} edges at ${i - 1}`;
    depth[start] = deepest;
  }
  if (root !== 0 && first[root] === 0) return 'root is not a node';
  return needs(edges, 'check');
}

/** Where each DAWG's GADDAG comes from (a file, a cache), set by the lexicon's loader. */
const sources = new WeakMap<Dawg, () => Gaddag | undefined>();
/** Each DAWG's GADDAG once asked for; null: the DAWG walks without one. */
const resolved = new WeakMap<Dawg, Gaddag | null>();

/**
 * Says where the GADDAG of `dawg` comes from, read on the first move generation (not before:
 * a check does not pay for it). A source answering undefined leaves the DAWG without one.
 */
export function setGaddagSource(dawg: Dawg, source: () => Gaddag | undefined): void {
  if (!resolved.has(dawg)) sources.set(dawg, source);
}

/**
 * The most words of a DAWG whose GADDAG is built here, in memory, when no source was set (a small
 * list, an overlay of a small list). A larger one without a source (an overlay of the built-in
 * list or of a user's, built for its extra or banned words; a `.dawg` read as it is) walks the
 * DAWG, with the same moves: its GADDAG would cost seconds of CPU on the first move generation
 * (about 3 s for 636 598 words), every time the extra list changes.
 */
export const IN_MEMORY_GADDAG_MAX_WORDS = 100_000;

/**
 * The GADDAG of `dawg`: from its source when one was set, else built here (once per DAWG) for a
 * list of at most IN_MEMORY_GADDAG_MAX_WORDS words; undefined: the DAWG walk.
 */
export function gaddagOf(dawg: Dawg): Gaddag | undefined {
  const known = resolved.get(dawg);
  if (known !== undefined) return known ?? undefined;
  const source = sources.get(dawg);
  let g = source ? source() : dawg.wordCount <= IN_MEMORY_GADDAG_MAX_WORDS ? buildGaddag(dawg) : undefined;
  if (g && g.sha256 !== dawg.sha256) g = undefined;
  resolved.set(dawg, g ?? null);
  return g;
}
