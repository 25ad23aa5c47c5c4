/**
 * An obviously correct, slow move generator (test code): every word of a list
 * tried at every square in both directions, every way of taking its new tiles from the rack (a
 * real tile or a blank), kept when the rulebook allows it: the word is a maximal run (the squares
 * before and after it are empty or off the board), it places at least one tile, covers H8 on the
 * empty board (art. 6) or touches a tile already there, every cross word is accepted by
 * `Lexicon.has`, and no two single tiles spell CH, LL or RR inside a word (art. 11). Scores come
 * from the engine's `scorePlacement`. It shares no code with `server/src/analysis/movegen.ts`.
 *
 * A placement is named by its new tiles (`key`), whatever the direction it is written in, so a
 * one-tile play is one placement.
 *
 * Example:
 *   const set = slowPlacements(board, ['A', '?', 'S'], words, lexicon);
 *   set.get('7:7:A:0|7:8:s:1')?.score;  // 4
 */
import { BOARD_SIZE, CENTER } from '../../server/src/engine/board';
import { scorePlacement, type NewTile } from '../../server/src/engine/scoring';
import { TILE_SETS } from '../../server/src/engine/tilesets';
import type { BoardCells } from '../../server/src/engine/types';
import type { Lexicon } from '../../server/src/lexicon/types';
import { TILE_LETTERS, tokenize } from '../../server/src/lexicon/normalize';

export interface SlowPlacement {
  readonly key: string;
  readonly tiles: readonly NewTile[];
  readonly direction: 'across' | 'down';
  readonly score: number;
}

/** Name of a placement: its new tiles in square order, `row:col:FACE:blank`. */
export function placementKey(tiles: readonly NewTile[]): string {
  return tiles
    .slice()
    .sort((a, b) => a.row * BOARD_SIZE + a.col - (b.row * BOARD_SIZE + b.col))
    .map((t) => `${t.row}:${t.col}:${t.letter}:${t.blank ? 1 : 0}`)
    .join('|');
}

const separate = (a: string, b: string): boolean => (a === 'C' && b === 'H') || (a === 'L' && b === 'L') || (a === 'R' && b === 'R');

export function slowPlacements(
  board: BoardCells,
  rack: readonly string[],
  words: readonly string[],
  lexicon: Lexicon,
): Map<string, SlowPlacement> {
  const out = new Map<string, SlowPlacement>();
  const at = (r: number, c: number) => (r < 0 || c < 0 || r >= BOARD_SIZE || c >= BOARD_SIZE ? null : board[r * BOARD_SIZE + c]);
  const empty = board.every((c) => c === null);
  const have = new Map<string, number>();
  for (const f of rack) have.set(f, (have.get(f) ?? 0) + 1);
  for (const word of words) {
    const codes = tokenize(word);
    if (!codes || codes.length < 2 || codes.length > BOARD_SIZE) continue;
    const faces = codes.map((c) => TILE_LETTERS[c].toUpperCase());
    const n = faces.length;
    for (const across of [true, false]) {
      const dr = across ? 0 : 1;
      const dc = across ? 1 : 0;
      for (let r0 = 0; r0 + dr * (n - 1) < BOARD_SIZE; r0++) {
        for (let c0 = 0; c0 + dc * (n - 1) < BOARD_SIZE; c0++) {
          if (at(r0 - dr, c0 - dc) || at(r0 + dr * n, c0 + dc * n)) continue;
          // Squares: old tiles must match; the empty ones need rack tiles.
          const need: { r: number; c: number; face: string }[] = [];
          let fits = true;
          for (let i = 0; i < n && fits; i++) {
            const cell = at(r0 + dr * i, c0 + dc * i);
            if (cell) fits = cell.letter === faces[i];
            else if ((have.get(faces[i]) ?? 0) + (have.get('?') ?? 0) === 0) fits = false;
            else need.push({ r: r0 + dr * i, c: c0 + dc * i, face: faces[i] });
          }
          if (!fits || need.length === 0 || need.length > 7) continue;
          // Every way of covering the needed faces with real tiles or blanks.
          const choose = (k: number, used: Map<string, number>, chosen: NewTile[]): void => {
            if (k === need.length) {
              consider(chosen.slice(), across);
              return;
            }
            const nd = need[k];
            if ((used.get(nd.face) ?? 0) < (have.get(nd.face) ?? 0)) {
              used.set(nd.face, (used.get(nd.face) ?? 0) + 1);
              chosen.push({ row: nd.r, col: nd.c, letter: nd.face, blank: false });
              choose(k + 1, used, chosen);
              chosen.pop();
              used.set(nd.face, used.get(nd.face)! - 1);
            }
            if ((used.get('?') ?? 0) < (have.get('?') ?? 0)) {
              used.set('?', (used.get('?') ?? 0) + 1);
              chosen.push({ row: nd.r, col: nd.c, letter: nd.face, blank: true });
              choose(k + 1, used, chosen);
              chosen.pop();
              used.set('?', used.get('?')! - 1);
            }
          };
          choose(0, new Map(), []);
        }
      }
    }
  }
  return out;

  function consider(tiles: NewTile[], across: boolean): void {
    const key = placementKey(tiles);
    if (out.has(key)) return;
    const isNew = (r: number, c: number) => tiles.find((t) => t.row === r && t.col === c);
    const cellOf = (r: number, c: number) => isNew(r, c) ?? at(r, c);
    let touches = false;
    for (const t of tiles) {
      if (empty && t.row === CENTER.row && t.col === CENTER.col) touches = true;
      for (const [dr, dc] of [
        [0, 1],
        [0, -1],
        [1, 0],
        [-1, 0],
      ])
        if (at(t.row + dr, t.col + dc)) touches = true;
    }
    if (!touches) return;
    // Every word formed: the main one (already from the list) and each cross word.
    for (const t of tiles) {
      for (const dirAcross of across ? [false] : [true]) {
        let r = t.row;
        let c = t.col;
        while (cellOf(dirAcross ? r : r - 1, dirAcross ? c - 1 : c)) {
          if (dirAcross) c--;
          else r--;
        }
        const run: string[] = [];
        while (cellOf(r, c)) {
          run.push(cellOf(r, c)!.letter);
          if (dirAcross) c++;
          else r++;
        }
        if (run.length < 2) continue;
        for (let i = 0; i + 1 < run.length; i++) if (separate(run[i], run[i + 1])) return;
        if (!lexicon.has(run.join('').toLowerCase())) return;
      }
    }
    const scored = scorePlacement(board, tiles, across ? 'across' : 'down', TILE_SETS.spanish);
    // A one-tile play is written across when it makes an across word (the generator's convention).
    let direction: 'across' | 'down' = across ? 'across' : 'down';
    if (tiles.length === 1) {
      const t = tiles[0];
      direction = at(t.row, t.col - 1) || at(t.row, t.col + 1) ? 'across' : 'down';
    }
    out.set(key, { key, tiles, direction, score: scored.score });
  }
}
