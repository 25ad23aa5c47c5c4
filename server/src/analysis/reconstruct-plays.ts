/**
 * The candidates of one scoring turn on the board built so far, and a candidate written as the
 * answer gives it (reconstruct-state.ts has the state they read). A candidate is an interval of a
 * final-board run whose empty squares it fills, along one row or column, with no gap, touching
 * what is on the board (the first covering H8 with two tiles or more, art. 6 / 8); it is kept only
 * when the engine's scorer (`scorePlacement`, art. 12–19) gives exactly the turn's score, every
 * word it forms is accepted (when a word list is given), and it agrees with whatever the sheet
 * says of the turn (coordinate, word, whole rack).
 *
 * Invariants: pure functions of the state; `fresh` is all zeros again when each returns; the board
 * so far is not changed.
 *
 * Example:
 *   const cands = turnCandidates(st, st.turns[st.playTurns[0]]);
 *   renderPlay(st, cands[0]);   // { coord: '8D', play: 'CASAS', score: 26, … }
 */
import { CENTER, squareName } from '../engine/board';
import { scorePlacement, type NewTile, type PlacementScore } from '../engine/scoring';
import { RACK_SIZE } from '../engine/tilesets';
import { N, SQUARES, next, runLength, runStart, touches, type Cand, type SearchState } from './reconstruct-state';
import type { FoundPlay, SheetTurn } from './reconstruct-types';

const CENTER_SQUARE = CENTER.row * N + CENTER.col;

/** The engine's score of the final board's tiles on `squares`, put on the board so far. */
function scoreSquares(st: SearchState, squares: readonly number[], across: boolean): PlacementScore {
  const tiles: NewTile[] = squares.map((sq) => st.tiles[sq]!);
  return scorePlacement(st.current, tiles, across ? 'across' : 'down', st.tileSet);
}

/** The candidates of turn `t` on the board so far, each with its main word. */
export function turnCandidates(st: SearchState, t: SheetTurn): Cand[] {
  const out: Cand[] = [];
  if (st.count === 0) {
    for (const run of st.runs) {
      const at = run.squares.indexOf(CENTER_SQUARE);
      if (at < 0) continue;
      for (let a = Math.max(0, at - RACK_SIZE + 1); a <= at; a++)
        for (let b = Math.max(at, a + 1); b < run.squares.length && b - a < RACK_SIZE; b++)
          tryCandidate(st, t, run.squares.slice(a, b + 1), run.across, out);
    }
    return out;
  }
  for (const run of st.runs) {
    const sqs = run.squares;
    const open: number[] = [];
    for (let k = 0; k < sqs.length; k++) if (st.current[sqs[k]] === null) open.push(k);
    if (open.length < 2) continue;
    for (let i = 0; i < open.length; i++) {
      for (let j = i + 1; j < open.length && j - i < RACK_SIZE; j++) {
        const a = open[i];
        const b = open[j];
        // Connected: a filled square inside or at either end, or a new tile touching one.
        let linked = b - a > j - i || (a > 0 && st.current[sqs[a - 1]] !== null) || (b + 1 < sqs.length && st.current[sqs[b + 1]] !== null);
        const news: number[] = [];
        for (let k = i; k <= j; k++) {
          const sq = sqs[open[k]];
          news.push(sq);
          if (!linked && touches(st, sq)) linked = true;
        }
        if (linked) tryCandidate(st, t, news, run.across, out);
      }
    }
  }
  for (let sq = 0; sq < SQUARES; sq++) if (st.board[sq] && st.current[sq] === null && touches(st, sq)) tryCandidate(st, t, [sq], true, out);
  return out;
}

/** Adds the placement of `news` to `out` when it scores the turn's score and fits the sheet. */
function tryCandidate(st: SearchState, t: SheetTurn, news: number[], across: boolean, out: Cand[]): void {
  const scored = scoreSquares(st, news, across);
  if (scored.score !== t.score) return;
  for (const sq of news) st.fresh[sq] = 1;
  let dir = across;
  let start = runStart(st, news[0], dir);
  let length = runLength(st, start, dir);
  if (news.length === 1 && length < 2) {
    // A single tile is written along the word it makes.
    dir = !across;
    start = runStart(st, news[0], dir);
    length = runLength(st, start, dir);
  }
  const ok = agrees(st, t, news, dir, start) && accepted(st, scored);
  for (const sq of news) st.fresh[sq] = 0;
  if (ok) out.push({ squares: news, across: dir, start, length });
}

/** Whether every word the placement forms is in the word list (any word without one). */
function accepted(st: SearchState, scored: PlacementScore): boolean {
  if (!st.judge) return true;
  for (const w of scored.words) if (!st.judge(w.normalized)) return false;
  return true;
}

/** Whether a candidate agrees with what the sheet says of the turn (fresh[] marked). */
function agrees(st: SearchState, t: SheetTurn, news: readonly number[], across: boolean, start: number): boolean {
  if (t.coord || t.word) {
    // A single tile has no direction of its own: the sheet may name either of its words.
    const dirs = news.length === 1 ? [across, !across] : [across];
    let any = false;
    for (const d of dirs) {
      const s0 = d === across ? start : runStart(st, news[0], d);
      if (t.coord && ((t.coord.direction === 'across') !== d || s0 !== t.coord.row * N + t.coord.col)) continue;
      if (t.word && !agreesWord(st, t.word, d, s0)) continue;
      any = true;
      break;
    }
    if (!any) return false;
  }
  if (t.rack && t.rack.length > 0) {
    const left = new Map<string, number>();
    for (const f of t.rack) left.set(f, (left.get(f) ?? 0) + 1);
    for (const sq of news) {
      const tile = st.tiles[sq]!;
      const k = tile.blank ? '?' : tile.letter;
      const n = left.get(k) ?? 0;
      if (n <= 0) return false;
      left.set(k, n - 1);
    }
  }
  return true;
}

/** Whether the word written on the sheet is the run from `start` (fresh[] marked). */
function agreesWord(st: SearchState, w: NonNullable<SheetTurn['word']>, across: boolean, start: number): boolean {
  if (w.length !== runLength(st, start, across)) return false;
  let q = start;
  for (const tile of w) {
    if (tile.letter === null) {
      if (st.current[q] === null) return false;
    } else {
      const here = st.tiles[q]!;
      if (here.letter !== tile.letter) return false;
      if (st.fresh[q] && here.blank !== tile.blank) return false;
    }
    q = next(q, across, 1);
  }
  return true;
}

/** A candidate as the answer gives it, on the board so far (before it is applied). */
export function renderPlay(st: SearchState, c: Cand): FoundPlay {
  const scored = scoreSquares(st, c.squares, c.across);
  for (const sq of c.squares) st.fresh[sq] = 1;
  let play = '';
  for (let q = c.start, k = 0; k < c.length; k++, q = next(q, c.across, 1)) {
    if (!st.fresh[q]) play += '.';
    else {
      const tile = st.tiles[q]!;
      const f = tile.blank ? tile.letter.toLowerCase() : tile.letter;
      play += tile.letter.length > 1 ? `[${f}]` : f;
    }
  }
  for (const sq of c.squares) st.fresh[sq] = 0;
  const row = Math.floor(c.start / N);
  const col = c.start % N;
  const name = squareName(row, col);
  return {
    squares: c.squares,
    direction: c.across ? 'across' : 'down',
    coord: c.across ? `${row + 1}${name[0]}` : name,
    play,
    // The scorer gives the word along the written direction first, then the words across it.
    words: scored.words.map((w) => w.word),
    score: scored.score,
    tiles: c.squares.map((sq) => (st.tiles[sq]!.blank ? '?' : st.tiles[sq]!.letter)),
  };
}
