/**
 * Composes the pieces of a rack or play (as the grammar read them) into tiles (NOTATION.md,
 * "Tiles"). The notation of the whole file decides how upper-case CH/LL/RR read:
 *
 * - `[CH]` is the real digraph tile and `[ch]` a blank standing for it; the legacy digits 1/2/3 are
 *   CH/LL/RR; `?` is a blank on a rack; `.` is a played-through tile.
 * - brackets: every plain letter is one tile (so `CH` is a C and an H); a lower-case letter in a
 *   play is a blank.
 * - plain, in a play: upper-case CH/LL/RR is one digraph tile; lower-case ch/ll/rr is marked
 *   `lowerDigraph` (`blank: true` by default: the engine decides whether it is the real tile); a
 *   single lower-case letter is a blank.
 * - plain, in a rack: lower-case ch/ll/rr is the digraph tile; an upper-case pair may be two tiles
 *   or one, so `readings` lists every composition (distinct as multisets), most digraphs first,
 *   at most READINGS_CAP (a rack of more than 32 pieces, which no game has, gets only the
 *   all-digraphs reading).
 * - `singles`: every piece one tile (brackets and digits stay digraphs), for tile sets without
 *   digraphs (English).
 * - A bracket-notation token that holds a letter pair (`rr`, `LL`) also carries the plain
 *   notation's readings of it, after its own (`otherFrom`, `other`): the file's notation is decided
 *   once, and the engine takes the other reading for that token alone when only it fits the turn
 *   (NOTATION.md, `#tile-notation`).
 *
 * Invariants: letters are NFC-normalised and upper-case (`ñ` → `Ñ`); in a rack, lower case never
 * makes a blank; the pieces are never dropped or reordered; pure functions.
 *
 * Example:
 *   composeRack(raw('DEIORRX'), 'plain').readings.map(r => r.map(t => t.letter).join(' '))
 *   // ['D E I O RR X', 'D E I O R R X']
 */
import type { Piece, PlayNode, RackNode, Span, TileNotation, TileRef } from './types';

/** The most readings a rack keeps (the cap stops a long line of pairs from exploding). */
export const READINGS_CAP = 16;

/** The digraph tiles of the Spanish set, and the legacy digits that name them. */
export const DIGRAPHS: readonly string[] = ['CH', 'LL', 'RR'];
const DIGIT_LETTER: Readonly<Record<string, string>> = { '1': 'CH', '2': 'LL', '3': 'RR' };

interface Tiles {
  readonly text: string;
  readonly span: Span;
  readonly pieces: readonly Piece[];
}

const canonicalCache = new Map<string, string>();

/** Canonical face of a letter: NFC, upper case. (Memoised: files repeat the same few letters.) */
export function canonicalLetter(text: string): string {
  if (text.length === 1) {
    const code = text.charCodeAt(0);
    // ASCII letters are their own NFC form.
    if (code >= 0x41 && code <= 0x5a) return text;
    if (code >= 0x61 && code <= 0x7a) return String.fromCharCode(code - 0x20);
  }
  let canonical = canonicalCache.get(text);
  if (canonical === undefined) {
    canonical = text.normalize('NFC').toUpperCase();
    if (canonicalCache.size > 4096) canonicalCache.clear();
    canonicalCache.set(text, canonical);
  }
  return canonical;
}

/** True for a letter written in lower case (letters without case count as upper case). */
export function isLowerCase(text: string): boolean {
  if (text.length === 1) {
    const code = text.charCodeAt(0);
    if (code < 0x80) return code >= 0x61 && code <= 0x7a;
  }
  return text.toLowerCase() === text && text.toUpperCase() !== text;
}

function bracketInner(piece: Piece): string {
  return piece.text.slice(1, -1);
}

function joinSpan(a: Span, b: Span): Span {
  return { start: a.start, end: b.end };
}

function tile(letter: string | null, blank: boolean, text: string, span: Span, through = false): TileRef {
  return { letter, blank, through, text, span };
}

/** One piece as one tile; `inPlay` decides whether a lower-case letter is a blank. */
function singleTile(piece: Piece, inPlay: boolean): TileRef {
  switch (piece.kind) {
    case 'bracket': {
      const inner = bracketInner(piece);
      return tile(canonicalLetter(inner), isLowerCase(inner), piece.text, piece.span);
    }
    case 'digit':
      return tile(DIGIT_LETTER[piece.text] ?? piece.text, false, piece.text, piece.span);
    case 'blank':
      return tile('?', true, piece.text, piece.span);
    case 'through':
      return tile(null, false, piece.text, piece.span, true);
    case 'letter':
      return tile(canonicalLetter(piece.text), inPlay && isLowerCase(piece.text), piece.text, piece.span);
  }
}

const UPPER_PAIR: Readonly<Record<string, { letter: string; lower: boolean }>> = {
  CH: { letter: 'CH', lower: false },
  LL: { letter: 'LL', lower: false },
  RR: { letter: 'RR', lower: false },
};
const LOWER_PAIR: Readonly<Record<string, { letter: string; lower: boolean }>> = {
  CH: { letter: 'CH', lower: true },
  LL: { letter: 'LL', lower: true },
  RR: { letter: 'RR', lower: true },
};

/**
 * The digraph two letter pieces spell together, with its case, or null. (Only ASCII letters
 * upper-case to C, H, L or R, so the test is on character codes: `code | 0x20` is the lower case.)
 */
function pairOf(a: Piece | undefined, b: Piece | undefined): { letter: string; lower: boolean } | null {
  if (!a || !b || a.kind !== 'letter' || b.kind !== 'letter' || a.text.length !== 1 || b.text.length !== 1) return null;
  const x = a.text.charCodeAt(0);
  const y = b.text.charCodeAt(0);
  const xl = x | 0x20;
  const yl = y | 0x20;
  let letter: string;
  if (xl === 0x63 && yl === 0x68) letter = 'CH';
  else if (xl === 0x6c && yl === 0x6c) letter = 'LL';
  else if (xl === 0x72 && yl === 0x72) letter = 'RR';
  else return null;
  const lowerA = x === xl;
  const lowerB = y === yl;
  if (lowerA && lowerB) return LOWER_PAIR[letter];
  if (!lowerA && !lowerB) return UPPER_PAIR[letter];
  return null;
}

function pairTile(a: Piece, b: Piece, letter: string, blank: boolean, lowerDigraph: boolean): TileRef {
  const span = joinSpan(a.span, b.span);
  return lowerDigraph
    ? { letter, blank, through: false, text: a.text + b.text, span, lowerDigraph: true }
    : tile(letter, blank, a.text + b.text, span);
}

/** Composes the tiles of a placement. */
function playTiles(pieces: readonly Piece[], notation: TileNotation): TileRef[] {
  if (notation === 'brackets') return pieces.map((p) => singleTile(p, true));
  const tiles: TileRef[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const pair = pairOf(pieces[i], pieces[i + 1]);
    if (pair) {
      tiles.push(pairTile(pieces[i], pieces[i + 1], pair.letter, pair.lower, pair.lower));
      i++;
    } else {
      tiles.push(singleTile(pieces[i], true));
    }
  }
  return tiles;
}

function multisetKey(tiles: readonly TileRef[]): string {
  return tiles
    .map((t) => `${t.blank ? '?' : ''}${t.letter ?? '.'}`)
    .sort()
    .join('\u0000');
}

/** Racks longer than this (nonsense: a rack holds 7 tiles) get only the all-digraphs reading. */
const LONG_RACK = 32;

/** The reading that takes every pair as a digraph tile, left to right. */
function greedyRack(pieces: readonly Piece[]): TileRef[] {
  const tiles: TileRef[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const pair = pairOf(pieces[i], pieces[i + 1]);
    if (pair) {
      tiles.push(pairTile(pieces[i], pieces[i + 1], pair.letter, false, false));
      i++;
    } else {
      tiles.push(singleTile(pieces[i], false));
    }
  }
  return tiles;
}

/** Every composition of a rack's pieces that the notation allows, most digraphs first. */
function rackReadings(pieces: readonly Piece[], notation: TileNotation): TileRef[][] {
  if (notation === 'brackets') return [pieces.map((p) => singleTile(p, false))];
  if (pieces.length > LONG_RACK) return [greedyRack(pieces)];
  const found: { tiles: TileRef[]; digraphs: number }[] = [];
  const seen = new Set<string>();
  // Depth-first, digraph branch first; a generous raw limit keeps a pathological rack bounded.
  const rawLimit = READINGS_CAP * 4;
  let leaves = 0;
  const walk = (i: number, acc: TileRef[], digraphs: number): void => {
    if (leaves >= rawLimit) return;
    if (i >= pieces.length) {
      leaves++;
      const key = multisetKey(acc);
      if (!seen.has(key)) {
        seen.add(key);
        found.push({ tiles: acc.slice(), digraphs });
      }
      return;
    }
    const piece = pieces[i];
    const pair = pairOf(piece, pieces[i + 1]);
    if (pair) {
      acc.push(pairTile(piece, pieces[i + 1], pair.letter, false, false));
      walk(i + 2, acc, digraphs + 1);
      acc.pop();
      if (pair.lower) return;
    }
    acc.push(singleTile(piece, false));
    walk(i + 1, acc, digraphs);
    acc.pop();
  };
  walk(0, [], 0);
  return found
    .map((f, index) => ({ ...f, index }))
    .sort((a, b) => b.digraphs - a.digraphs || a.index - b.index)
    .slice(0, READINGS_CAP)
    .map((f) => f.tiles);
}

function hasPair(pieces: readonly Piece[]): boolean {
  for (let i = 0; i + 1 < pieces.length; i++) if (pairOf(pieces[i], pieces[i + 1])) return true;
  return false;
}

/**
 * Builds a rack node (also used for end-of-game racks, exchanged tiles and `#rack1`). When the
 * notation leaves one reading equal to the singles, both share one array.
 */
export function composeRack(raw: Tiles, notation: TileNotation): RackNode {
  const singles = raw.pieces.map((p) => singleTile(p, false));
  if (!hasPair(raw.pieces)) return { text: raw.text, span: raw.span, pieces: raw.pieces, readings: [singles], singles };
  if (notation === 'plain')
    return { text: raw.text, span: raw.span, pieces: raw.pieces, readings: rackReadings(raw.pieces, notation), singles };
  // Brackets: the file's reading first, then the plain readings that differ from it (a mixed file).
  const own = multisetKey(singles);
  const others = rackReadings(raw.pieces, 'plain').filter((r) => multisetKey(r) !== own);
  return { text: raw.text, span: raw.span, pieces: raw.pieces, readings: [singles, ...others], otherFrom: 1, singles };
}

/** Builds a play node (`tiles` and `singles` share one array when they are the same). */
export function composePlay(raw: Tiles, notation: TileNotation): PlayNode {
  const singles = raw.pieces.map((p) => singleTile(p, true));
  if (!hasPair(raw.pieces)) return { text: raw.text, span: raw.span, pieces: raw.pieces, tiles: singles, singles };
  if (notation === 'plain') return { text: raw.text, span: raw.span, pieces: raw.pieces, tiles: playTiles(raw.pieces, notation), singles };
  return { text: raw.text, span: raw.span, pieces: raw.pieces, tiles: singles, other: playTiles(raw.pieces, 'plain'), singles };
}

/**
 * A play the engine wrote in bracket notation (`CO[CH]eS`, `.` for the board's tiles) in a record's
 * own notation: plain writes a digraph tile as its two letters (`COCHeS`; a blank one in lower
 * case). Writers use this so a record keeps one notation (NOTATION.md, `#tile-notation`).
 */
export function playInNotation(play: string, notation: TileNotation): string {
  return notation === 'brackets' ? play : play.replace(/\[([^\]]+)\]/g, '$1');
}

/**
 * A rack written in bracket notation (`AC[CH]ORS?`) in a record's own notation: plain writes a
 * digraph tile in lower case (`ACchORS?`), which a plain rack always reads as the tile.
 */
export function rackInNotation(rack: string, notation: TileNotation): string {
  return notation === 'brackets' ? rack : rack.replace(/\[([^\]]+)\]/g, (_, inner: string) => inner.toLowerCase());
}
