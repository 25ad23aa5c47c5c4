/**
 * What the coach's lists say about their words: the same word at the same place with only a
 * blank's letter changed folded into one row ("+N variantes"), the word list the moves come from
 * named for the user, and, when an extra list is set, every word of a move that the official list
 * (the base list under the extra one) would not accept.
 *
 * Invariants:
 * - Pure: reads the moves, the position and the lexicon object; writes nothing.
 * - `groupBlankVariants` keeps the order of its input: a group stands where its first (best) move
 *   stood, its variants in their order; an item marked `keep` (the move played) is never folded
 *   into another row.
 * - A move's words (`moveWords`) are the main word then each cross word its new tiles make, in the
 *   lexicon's normalised form (lower case, a digraph as its two letters), as `Lexicon.has` takes them.
 * - `officialCheck` is defined only for a list with extra words (`OverlayLexicon`); the official
 *   list is then its base with the banned words removed.
 *
 * Example:
 *   groupBlankVariants(best, variantKey, (m) => m === played);   // [{ head: 8D ESPOlEO, variants: [8D ESPOrEO, …] }, …]
 *   listInUse(lexicon).name;                                       // 'es-open (an-array-of-spanish-words 2.0.0) + extra.txt'
 *   notOfficialWords(position, move, officialCheck(lexicon));      // ['TEQUE']
 */
import { moveWord, newTiles, type Move, type Position } from '../analysis';
import { BOARD_SIZE } from '../engine/board';
import { OverlayLexicon } from '../lexicon/load';
import type { Lexicon } from '../lexicon/types';

/** A row of a coach's list: its best move and the others that differ only in a blank's letter. */
export interface MoveGroup<T> {
  readonly head: T;
  readonly variants: readonly T[];
}

/**
 * Folds items with the same key into the first of them. `keyOf` undefined: the item stands alone;
 * `keep` true: the item is never folded into an earlier one (it may gather later ones).
 */
export function groupBlankVariants<T>(
  items: readonly T[],
  keyOf: (item: T) => string | undefined,
  keep: (item: T) => boolean = () => false,
): MoveGroup<T>[] {
  const groups: { head: T; variants: T[] }[] = [];
  const byKey = new Map<string, { head: T; variants: T[] }>();
  for (const item of items) {
    const key = keyOf(item);
    const into = key === undefined || keep(item) ? undefined : byKey.get(key);
    if (into) {
      into.variants.push(item);
      continue;
    }
    const group = { head: item, variants: [] as T[] };
    groups.push(group);
    if (key !== undefined && !byKey.has(key)) byKey.set(key, group);
  }
  return groups;
}

/** A blank's letter in bracket notation: a lower-case letter or digraph ('a', 'ñ', '[ch]'). */
const BLANK_FACE = /\[[a-z\u00f1]+\]|[a-z\u00f1]/g;

/** The key under which a play's blank variants fold: where it goes and its word with every blank as '?'. */
export function variantKey(m: Move): string | undefined {
  if (m.kind !== 'play') return undefined;
  const word = moveWord(m);
  if (!/[a-z\u00f1]/.test(word)) return undefined;
  return `${m.row},${m.col},${m.direction}|${word.replace(BLANK_FACE, '?')}`;
}

/** The letters a play's blanks stand for, in upper case ('R', 'CH'; two blanks 'R·T'). */
export function blankLetters(m: Move): string {
  if (m.kind !== 'play') return '';
  return (moveWord(m).match(BLANK_FACE) ?? []).map((f) => f.replace(/[[\]]/g, '').toUpperCase()).join('·');
}

/** The list the coach's moves come from, as the user is told it. */
export interface ListInUse {
  /** 'es-open (an-array-of-spanish-words 2.0.0)', 'fise.txt + extra.txt'. */
  readonly name: string;
  /** The built-in open list is the base (not an official list). */
  readonly builtin: boolean;
  /** With an extra list: the name of the list under it (the official one). */
  readonly officialName?: string;
}

/** The official list's verdict on a normalised word, with its name. */
interface OfficialCheck {
  readonly name: string;
  accepts(word: string): boolean;
}

/** The list in use (its name without computing its word count or checksum). */
export function listInUse(lexicon: Lexicon): ListInUse {
  if (lexicon instanceof OverlayLexicon) {
    const base = lexicon.base.info;
    return {
      name: lexicon.listName,
      builtin: base.source === 'builtin',
      ...(lexicon.extra.size > 0 ? { officialName: base.name } : {}),
    };
  }
  return { name: lexicon.info.name, builtin: lexicon.info.source === 'builtin' };
}

/** The official list under an extra list, or undefined when no extra list is set. */
export function officialCheck(lexicon: Lexicon | undefined): OfficialCheck | undefined {
  if (!(lexicon instanceof OverlayLexicon) || lexicon.extra.size === 0) return undefined;
  const { base, banned } = lexicon;
  return { name: base.info.name, accepts: (word) => base.has(word) && !banned.has(word) };
}

const normal = (face: string): string => face.replace(/[[\]]/g, '').toLowerCase();

/** The words a play makes on `position`'s board: the main word first, then each cross word. */
export function moveWords(position: Position, m: Move): string[] {
  if (m.kind !== 'play') return [];
  const words = [normal(moveWord(m))];
  const across = m.direction === 'across';
  const cell = (row: number, col: number): string | undefined => {
    if (row < 0 || col < 0 || row >= BOARD_SIZE || col >= BOARD_SIZE) return undefined;
    const c = position.board[row * BOARD_SIZE + col];
    return c ? c.letter : undefined;
  };
  for (const t of newTiles(m)) {
    // The cross word runs the other way through the new tile.
    const dr = across ? 1 : 0;
    const dc = across ? 0 : 1;
    let r = t.row - dr;
    let c = t.col - dc;
    let before = '';
    for (let f = cell(r, c); f !== undefined; f = cell(r, c)) {
      before = f + before;
      r -= dr;
      c -= dc;
    }
    r = t.row + dr;
    c = t.col + dc;
    let after = '';
    for (let f = cell(r, c); f !== undefined; f = cell(r, c)) {
      after += f;
      r += dr;
      c += dc;
    }
    if (before !== '' || after !== '') words.push(normal(before + t.letter + after));
  }
  return words;
}

/** The words of a play the official list would not accept, in upper case, once each. */
export function notOfficialWords(position: Position | undefined, m: Move, official: OfficialCheck | undefined): string[] {
  if (!official || !position || m.kind !== 'play') return [];
  const out: string[] = [];
  for (const w of moveWords(position, m)) {
    const upper = w.toUpperCase();
    if (!official.accepts(w) && !out.includes(upper)) out.push(upper);
  }
  return out;
}
