/**
 * Spanish tiles and word normalisation for the lexicon.
 *
 * The FISE set has 28 lettered tiles (art. 3, 11): A–Z without K and W, plus Ñ and the digraph
 * tiles CH, LL, RR. A normalised word is lower case, accents and diaeresis dropped, ñ kept, with
 * each digraph tile written as its two letters ('chuletas'). In Spanish a C before an H is always
 * the CH tile (art. 11), and likewise LL and RR, so a normalised word maps to tiles one way only:
 * greedily. Tile codes 1–28 follow the alphabetical order of the FISE tiles (A=1, B=2, C=3, CH=4,
 * … RR=21 … Z=28), which is also the numbering of Woogles/wolges Spanish word graphs.
 *
 * Invariants: `tokenize(w)` is defined exactly when `w` is made of [a-zñ] without k or w;
 * `tilesToWord(tokenize(w)) === w`; nothing here throws.
 *
 * Example:
 *   normalizeQuery('Chuletas');  // 'chuletas'
 *   tokenize('chuletas');        // [4, 24, 12, 6, 23, 1, 22] (CH U L E T A S)
 *   tileCount('llave');          // 4
 */

/** Tile labels by code; index 0 is unused. */
export const TILE_LETTERS: readonly string[] = [
  '',
  'a',
  'b',
  'c',
  'ch',
  'd',
  'e',
  'f',
  'g',
  'h',
  'i',
  'j',
  'l',
  'll',
  'm',
  'n',
  'ñ',
  'o',
  'p',
  'q',
  'r',
  'rr',
  's',
  't',
  'u',
  'v',
  'x',
  'y',
  'z',
];

/** Number of tile codes (1–28). */
export const TILE_COUNT = TILE_LETTERS.length - 1;

export const TILE_CH = 4;
export const TILE_LL = 13;
export const TILE_RR = 21;
const TILE_C = 3;
const TILE_H = 9;
const TILE_L = 12;
const TILE_R = 20;

/** Words shorter or longer than this, in tiles, never fit a game (art. 2; a 15×15 board). */
export const MIN_TILES = 2;
export const MAX_TILES = 15;

/**
 * Char code (0–255) → single-letter tile code, 0 when the character is no tile; indexed directly
 * after checking the code is below 256 (`Dawg.has` reads CHAR_TILE, below, instead).
 */
const SINGLE_TILE: Uint8Array = new Uint8Array(256);
for (let code = 1; code <= TILE_COUNT; code++) {
  const label = TILE_LETTERS[code];
  if (label.length === 1) SINGLE_TILE[label.charCodeAt(0)] = code;
}

/**
 * Char code (0–255) of the second letter that turns a single tile into its digraph, by tile code:
 * C → 'h', L → 'l', R → 'r'; 0 for every other tile. The digraph's code is the single tile's + 1.
 */
const DIGRAPH_SECOND: Uint8Array = new Uint8Array(TILE_COUNT + 1);
DIGRAPH_SECOND[TILE_C] = 0x68;
DIGRAPH_SECOND[TILE_L] = 0x6c;
DIGRAPH_SECOND[TILE_R] = 0x72;

/** The `second` of a CHAR_TILE entry whose tile starts no digraph: above every UTF-16 code unit, so no character matches it. */
export const NO_DIGRAPH = 0x10000;

/**
 * Char code (0–255) → `tile | second << 8` in one entry, for hot loops (`Dawg.has`): `tile` as in
 * SINGLE_TILE (0: no tile), `second` the char code of the letter that makes the tile a digraph
 * (tile + 1) when it follows, else NO_DIGRAPH, which never equals a char code.
 */
export const CHAR_TILE: Int32Array = new Int32Array(256);
for (let c = 0; c < 256; c++) {
  const tile = SINGLE_TILE[c];
  CHAR_TILE[c] = tile | ((DIGRAPH_SECOND[tile] || NO_DIGRAPH) << 8);
}

/** Tile code of the character at `i` of `word` and how many characters it spans; 0 when none. */
export function tileAt(word: string, i: number): number {
  if (i >= word.length) return 0;
  const c = word.charCodeAt(i);
  const tile = c < 256 ? SINGLE_TILE[c] : 0;
  const second = DIGRAPH_SECOND[tile];
  if (second !== 0 && i + 1 < word.length && word.charCodeAt(i + 1) === second) return tile + 1;
  return tile;
}

/** Characters a tile code spans in a normalised word. */
export const tileWidth = (tile: number): number => (tile === TILE_CH || tile === TILE_LL || tile === TILE_RR ? 2 : 1);

/** The tiles of a normalised word, greedily (CH, LL, RR one tile); undefined when a character is no tile. */
export function tokenize(word: string): number[] | undefined {
  const tiles: number[] = [];
  for (let i = 0; i < word.length;) {
    const tile = tileAt(word, i);
    if (tile === 0) return undefined;
    tiles.push(tile);
    i += tileWidth(tile);
  }
  return tiles;
}

/** Number of tiles of a normalised word (digraphs count one); -1 when a character is no tile. */
export function tileCount(word: string): number {
  let n = 0;
  for (let i = 0; i < word.length; n++) {
    const tile = tileAt(word, i);
    if (tile === 0) return -1;
    i += tileWidth(tile);
  }
  return n;
}

/**
 * Tile-order key of a normalised word: one character per tile (code + 64), so that plain string
 * comparison of keys is the tile order (C < CH < D). Undefined when a character is no tile.
 */
export function tileKey(word: string): string | undefined {
  let key = '';
  for (let i = 0; i < word.length;) {
    const tile = tileAt(word, i);
    if (tile === 0) return undefined;
    key += String.fromCharCode(tile + 64);
    i += tileWidth(tile);
  }
  return key;
}

export function keyFromTiles(tiles: readonly number[]): string {
  let key = '';
  for (const t of tiles) key += String.fromCharCode(t + 64);
  return key;
}

export function keyToWord(key: string): string {
  let s = '';
  for (let i = 0; i < key.length; i++) s += TILE_LETTERS[key.charCodeAt(i) - 64] ?? '?';
  return s;
}

export function tilesToWord(tiles: readonly number[]): string {
  let s = '';
  for (const t of tiles) s += TILE_LETTERS[t] ?? '?';
  return s;
}

/** Tiles as a player reads them, digraph tiles in brackets: 'C', 'H' → 'CH'; CH → '[CH]'. */
export function tilesToLabel(tiles: readonly number[]): string {
  let s = '';
  for (const t of tiles) {
    const label = (TILE_LETTERS[t] ?? '?').toUpperCase();
    s += label.length > 1 ? `[${label}]` : label;
  }
  return s;
}

/**
 * Whether a tile sequence holds a C tile followed by an H tile (or L+L, R+R): two single tiles
 * that may not stand for a digraph (art. 11), so the sequence cannot be written as a normalised word.
 */
export function hasSeparateDigraph(tiles: readonly number[]): boolean {
  for (let i = 1; i < tiles.length; i++) {
    const a = tiles[i - 1];
    const b = tiles[i];
    if ((a === TILE_C && b === TILE_H) || (a === TILE_L && b === TILE_L) || (a === TILE_R && b === TILE_R)) return true;
  }
  return false;
}

const ACCENTS: Readonly<Record<string, string>> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u', ü: 'u' };

/** NFC, lower case kept as is; á é í ó ú ü → a e i o u (ñ kept). */
export function foldAccents(text: string): string {
  return text.normalize('NFC').replace(/[\u00e1\u00e9\u00ed\u00f3\u00fa\u00fc]/g, (c) => ACCENTS[c]);
}

/**
 * A word as a player typed or played it → normalised ('Dámelo' → 'damelo'); undefined when it
 * holds something that is not a letter of [a-zñ] (digits, hyphen, à, ç…). K and W are kept so
 * that a caller can say why such a word is unplayable.
 */
export function normalizeQuery(raw: string): string | undefined {
  const folded = foldAccents(raw.normalize('NFC').trim().toLowerCase());
  return /^[a-z\u00f1]+$/.test(folded) ? folded : undefined;
}
