/**
 * Reading Woogles/wolges `.kwg` word graphs (Spanish alphabet) into tile words.
 *
 * Format, as documented by wolges: a flat array of 32-bit little-endian nodes; bits 24–31 are the
 * tile, bit 23 `accepts` (the word ending with this tile is in the list), bit 22 `is_end` (last
 * sibling), bits 0–21 `arc_index` (first node of the children; 0 = none). Siblings are in
 * increasing tile order. Node 0 points (its arc_index) to the DAWG root; in the GADDAG flavour
 * node 1 points to the GADDAG root, which we do not need. Spanish tiles are numbered 1–28 in the
 * order A B C [CH] D E F G H I J L [LL] M N Ñ O P Q R [RR] S T U V X Y Z, which is our tile
 * numbering (normalize.ts). Tile 0 only appears as the GADDAG separator.
 *
 * Invariants: every index is bounds-checked, the walk depth and the number of words are capped
 * (the words also by the file's size: `kwgWordLimit`), so a broken or hostile file gives an
 * error, never a crash, a hang or millions of words from a few bytes.
 *
 * Example:
 *   const words: number[][] = [];
 *   const r = readKwg(fs.readFileSync('FILE2017.kwg'), (tiles) => words.push([...tiles]));
 *   if (r.ok) console.log(r.words, words[0]);
 */
import { TILE_COUNT } from './normalize';

const ACCEPTS = 0x800000;
const IS_END = 0x400000;
const ARC_MASK = 0x3fffff;

/** A word list larger than this is refused (the FISE lexicons hold about 640 000 words). */
const KWG_MAX_WORDS = 5_000_000;
/**
 * A graph shares its endings, so a few bytes can stand for millions of words: a file may hold at
 * most KWG_WORDS_PER_BYTE words per byte of its size (FILE2017 as a KWG holds 0.15: 636 598 words
 * in 4 140 476 bytes; a graph of the DAWG part alone stays under 4), and never fewer than
 * KWG_MIN_WORD_LIMIT. `kwgWordLimit` is the limit of a file; past it the walk stops at once.
 */
export const KWG_WORDS_PER_BYTE = 16;
export const KWG_MIN_WORD_LIMIT = 100_000;

/** The most words a `.kwg` of `bytes` bytes may hold (see KWG_WORDS_PER_BYTE). */
function kwgWordLimit(bytes: number): number {
  return Math.min(KWG_MAX_WORDS, Math.max(KWG_MIN_WORD_LIMIT, KWG_WORDS_PER_BYTE * bytes));
}
/** Node visits allowed in one walk: a legitimate lexicon needs a few million. */
const MAX_VISITS = 50_000_000;
const MAX_DEPTH = 64;

type KwgResult =
  | { readonly ok: true; readonly words: number }
  | { readonly ok: false; readonly problem: 'malformed' | 'alphabet' | 'too-many-words'; readonly detail: string }
  | { readonly ok: false; readonly problem: 'expands'; readonly detail: string; readonly limit: number; readonly bytes: number };

/** Whether bytes look like a KWG: whole 32-bit nodes and a node 0 that is a root pointer. */
export function looksLikeKwg(bytes: Uint8Array): boolean {
  if (bytes.length < 8 || bytes.length % 4 !== 0) return false;
  const node0 = readNode(bytes, 0);
  return node0 >>> 24 === 0 && (node0 & IS_END) !== 0 && (node0 & ACCEPTS) === 0 && (node0 & ARC_MASK) < bytes.length / 4;
}

function readNode(bytes: Uint8Array, i: number): number {
  const at = i * 4;
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

/**
 * Walk every word of the DAWG part, in graph order, handing `visit` the tile codes (a buffer that
 * is reused: copy it to keep it).
 */
export function readKwg(bytes: Uint8Array, visit: (tiles: readonly number[]) => void): KwgResult {
  if (!looksLikeKwg(bytes)) return { ok: false, problem: 'malformed', detail: 'not a word graph (node 0 is not a root pointer)' };
  const n = bytes.length / 4;
  const nodes = new Uint32Array(n);
  for (let i = 0; i < n; i++) nodes[i] = readNode(bytes, i);
  let words = 0;
  let visits = 0;
  const limit = kwgWordLimit(bytes.length);
  const root = nodes[0] & ARC_MASK;
  if (root === 0) return { ok: true, words };
  const path: number[] = [];
  const stack: number[] = [root];
  while (stack.length > 0) {
    if (++visits > MAX_VISITS) return { ok: false, problem: 'too-many-words', detail: `more than ${MAX_VISITS} nodes walked` };
    const p = stack[stack.length - 1];
    if (p <= 0 || p >= n) return { ok: false, problem: 'malformed', detail: `node index ${p} out of range` };
    const node = nodes[p];
    const tile = node >>> 24;
    if (tile < 1 || tile > TILE_COUNT) {
      return { ok: false, problem: 'alphabet', detail: `tile ${tile} at node ${p} is not a Spanish tile (1–${TILE_COUNT})` };
    }
    path[stack.length - 1] = tile;
    if ((node & ACCEPTS) !== 0) {
      if (++words > limit) {
        if (limit === KWG_MAX_WORDS) return { ok: false, problem: 'too-many-words', detail: `more than ${KWG_MAX_WORDS} words` };
        return { ok: false, problem: 'expands', detail: `more than ${limit} words`, limit, bytes: bytes.length };
      }
      path.length = stack.length;
      visit(path);
    }
    const arc = node & ARC_MASK;
    if (arc !== 0) {
      if (stack.length >= MAX_DEPTH) return { ok: false, problem: 'malformed', detail: `a path deeper than ${MAX_DEPTH} tiles` };
      stack.push(arc);
      continue;
    }
    // next sibling, or climb up
    for (;;) {
      const top = stack[stack.length - 1];
      if ((nodes[top] & IS_END) === 0) {
        if (top + 1 >= n) return { ok: false, problem: 'malformed', detail: 'sibling list runs past the end' };
        stack[stack.length - 1] = top + 1;
        break;
      }
      stack.pop();
      if (stack.length === 0) break;
    }
  }
  return { ok: true, words };
}
