/**
 * Reconstruction of a game from its score sheet and its final board (docs/reconstruct.md): the
 * sequence of placements that builds exactly the final board with exactly the sheet's scores.
 *
 * The search runs forwards from the empty board, one scoring turn at a time. A turn's placement
 * can only put final-board tiles on squares still empty, along one row or column, with no gap
 * (the squares between its first and last new tile are new or already filled), touching what is
 * on the board (the first one covering H8 with two tiles or more, art. 6 / 8); so the candidates
 * of a turn are the intervals of the final board's runs whose empty squares it fills, and a
 * candidate is kept only when it scores exactly the turn's score on the board so far (art.
 * 12–19: premiums count only on the squares it covers, art. 17; seven tiles add 50, art. 19),
 * every word it forms is accepted (when a word list is given), and it agrees with whatever the
 * sheet says of the turn (coordinate, word, whole rack). Dead ends are remembered by the turn
 * and the set of squares filled (a 64-bit Zobrist hash) and the rack sizes, and a branch stops as
 * soon as the tiles left cannot be shared out among the turns left (one to seven each). The racks
 * are counted (art. 3, 37.4): seven each from a full bag, each play drawn back while the bag
 * lasts; a play needs as many tiles on its player's rack, may empty it with the bag empty only
 * when no play follows, and the player the sheet's end line names as having gone out ends with none.
 *
 * The answer gives, per turn of the sheet: `decided` (every way of fitting the whole sheet puts
 * the same play there), `ambiguous` (the candidates that fit), `impossible` (the first turn
 * from which nothing fits), `zero` (a scoreless turn: pass, exchange or withdrawn play, which
 * the board cannot tell apart) or `unknown` (the time ran out before it was settled). After a
 * timeout, a turn counts as decided only when every other candidate was proven dead.
 *
 * Invariants: pure (no I/O); deterministic for the same input; never throws for any board or
 * sheet; a `decided` play, replayed in order on the empty board, places only final-board tiles
 * on empty squares and scores the sheet's score (checked by test/unit/analysis/reconstruct).
 *
 * Example:
 *   const r = reconstruct(finalBoard, [{ player: 0, kind: 'play', score: 26 }, …], { tileSet: 'spanish', judge });
 *   r.turns[0];   // { status: 'decided', candidates: [{ coord: '8D', play: 'CASAS', score: 26, … }] }
 */
import { BINGO_BONUS, RACK_SIZE, TILE_SETS } from '../engine/tilesets';
import { BOARD_SIZE, CENTER, letterMultiplier, premiumAt, squareName, wordMultiplier } from '../engine/board';
import type { BoardCells, TileSetName } from '../engine/types';

const N = BOARD_SIZE;
const SQUARES = N * N;
const CENTER_SQUARE = CENTER.row * N + CENTER.col;

/** What the sheet says of one turn. */
export interface SheetTurn {
  readonly player: number;
  /** `play`: a placement scoring `score` (> 0); `zero`: a scoreless turn. */
  readonly kind: 'play' | 'zero';
  readonly score: number;
  /** The coordinate written (the first square of the whole word and its direction). */
  readonly coord?: { readonly row: number; readonly col: number; readonly direction: 'across' | 'down' };
  /**
   * The word written: the whole main word (`word` lines) or the GCG play (`placement` lines, where
   * `null` is a played-through `.`); letters as canonical faces, blank flags as written.
   */
  readonly word?: readonly { readonly letter: string | null; readonly blank: boolean }[];
  /** The whole rack before the turn, when the sheet gives it ('?' for a blank). */
  readonly rack?: readonly string[];
}

export interface ReconstructOptions {
  readonly tileSet: TileSetName;
  /** Word judge (normalised words, lexicon/types.ts); without it any word is taken. */
  readonly judge?: (normalized: string) => boolean;
  /** Milliseconds the search may take (default 30 000). */
  readonly timeLimitMs?: number;
  /** Called now and then with the part of the search done (0..1). */
  readonly onProgress?: (fraction: number) => void;
  /** Polled now and then; true stops the search (the answer says `cancelled`). */
  readonly cancelled?: () => boolean;
  /**
   * The player who went out (the sheet's end line `(RACK) +N`, 37.4 / 40.3): that player's rack
   * is empty after the last turn. Undefined: the sheet does not say how the game ended.
   */
  readonly finisher?: number;
}

/** One placement a turn may have had. */
export interface FoundPlay {
  /** Squares of the new tiles, ascending. */
  readonly squares: readonly number[];
  readonly direction: 'across' | 'down';
  /** GCG coordinate of the whole main word (`8D`, `D8`). */
  readonly coord: string;
  /** GCG play in bracket notation: new tiles as faces (blanks lower case), `.` for the board's. */
  readonly play: string;
  /** Every word it formed, main word first (faces joined, upper case). */
  readonly words: readonly string[];
  readonly score: number;
  /** The tiles it put on the rack's side: faces, '?' for a blank. */
  readonly tiles: readonly string[];
}

export type TurnStatus = 'decided' | 'ambiguous' | 'impossible' | 'zero' | 'unknown';

export interface TurnAnswer {
  readonly status: TurnStatus;
  /** decided: the play; ambiguous: every candidate (at most `MAX_LISTED`). */
  readonly candidates: readonly FoundPlay[];
  /** ambiguous: more candidates than listed. */
  readonly more?: number;
  /**
   * Tiles on the board before the turn, fewest and most over every fitting game (set when the
   * search ran to its end and something fits): the bag before it is certainly empty when even the
   * fewest leave none (art. 3).
   */
  readonly placedBefore?: { readonly min: number; readonly max: number };
}

export interface ReconstructResult {
  readonly turns: readonly TurnAnswer[];
  /** True when the search ran to its end (no timeout, not cancelled). */
  readonly complete: boolean;
  readonly timedOut: boolean;
  readonly cancelled: boolean;
  /** Number of ways found of fitting the whole sheet (counted up to 10 000). */
  readonly solutions: number;
  /** When nothing fits: index of the first turn from which no play fits (turns before it do). */
  readonly stoppedAt?: number;
  /** Why nothing fits, when it is not a turn: the tile counts disagree. */
  readonly mismatch?: { readonly kind: 'too-few-tiles' | 'too-many-tiles'; readonly tiles: number; readonly turns: number };
  /** True when nothing fits with the word list and the answer comes from a search without it. */
  readonly lexiconSetAside: boolean;
  /** Search nodes visited (states reached). */
  readonly nodes: number;
}

/** Candidates listed for an ambiguous turn. */
export const MAX_LISTED = 12;
const SOLUTION_CAP = 10000;

interface Cand {
  readonly squares: number[];
  readonly across: boolean;
  /** Start and length of the main word (for the key and the written line). */
  readonly start: number;
  readonly length: number;
}

/** Random 32-bit values per square (fixed seed: the search is deterministic). */
const ZOBRIST: Int32Array = (() => {
  const z = new Int32Array(SQUARES * 2);
  let s = 0x9e3779b9 | 0;
  for (let i = 0; i < z.length; i++) {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    z[i] = t ^ (t >>> 14);
  }
  return z;
})();

const LM = new Uint8Array(SQUARES);
const WM = new Uint8Array(SQUARES);
for (let sq = 0; sq < SQUARES; sq++) {
  const p = premiumAt(Math.floor(sq / N), sq % N);
  LM[sq] = letterMultiplier(p);
  WM[sq] = wordMultiplier(p);
}

class TimeUp extends Error {}

/**
 * Reconstructs the plays of `turns` on the way to `board` (see the module header). Zero turns
 * get status `zero`; the others are searched.
 */
export function reconstruct(board: BoardCells, turns: readonly SheetTurn[], options: ReconstructOptions): ReconstructResult {
  const steps = reconstructSteps(board, turns, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same search in steps: each `next()` runs a slice of it and yields the part done (0..1);
 * the generator's return value is the answer. A caller that must stay responsive (the language
 * server) runs a few steps, lets other work in, and goes on.
 */
export function* reconstructSteps(
  board: BoardCells,
  turns: readonly SheetTurn[],
  options: ReconstructOptions,
): Generator<number, ReconstructResult, void> {
  const started = Date.now();
  const limit = options.timeLimitMs ?? 30000;
  const deadline = started + limit;
  const first = yield* search(board, turns, options, deadline, options.judge);
  if (!first.cancelled && !first.timedOut && first.solutions === 0 && options.judge && !first.mismatch) {
    // A phony that stood, or a word the list lacks: try again without the list.
    const second = yield* search(board, turns, { ...options, onProgress: undefined }, deadline, undefined);
    if (second.solutions > 0 || second.timedOut) return { ...second, lexiconSetAside: true };
  }
  return first;
}

function* search(
  board: BoardCells,
  turns: readonly SheetTurn[],
  options: ReconstructOptions,
  deadline: number,
  judge: ((w: string) => boolean) | undefined,
): Generator<number, ReconstructResult, void> {
  const set = TILE_SETS[options.tileSet];
  const occupied = new Uint8Array(SQUARES);
  const value = new Int32Array(SQUARES);
  const face: string[] = new Array<string>(SQUARES).fill('');
  const blank = new Uint8Array(SQUARES);
  let total = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    const c = board[sq];
    if (!c) continue;
    occupied[sq] = 1;
    face[sq] = c.letter;
    blank[sq] = c.blank ? 1 : 0;
    value[sq] = c.blank ? 0 : set.value(c.letter);
    total++;
  }
  const playTurns: number[] = [];
  turns.forEach((t, i) => {
    if (t.kind === 'play') playTurns.push(i);
  });
  const m = playTurns.length;
  // Tile tracking (art. 3, 37.4): racks of seven from a full bag, each play drawn back while the
  // bag lasts; a player who empties the rack with the bag empty ends the game.
  const sizes = [RACK_SIZE, RACK_SIZE];
  const bagAt = (placedCount: number): number => Math.max(0, set.total - 2 * RACK_SIZE - placedCount);
  const finisher = options.finisher === 0 || options.finisher === 1 ? options.finisher : undefined;
  const answers: TurnAnswer[] = turns.map((t) => ({ status: t.kind === 'zero' ? 'zero' : 'unknown', candidates: [] }));
  const base = { lexiconSetAside: false, nodes: 0 };
  if (total < m || total > RACK_SIZE * m) {
    return {
      ...base,
      turns: answers.map((a) => (a.status === 'unknown' ? { status: 'impossible' as const, candidates: [] } : a)),
      complete: true,
      timedOut: false,
      cancelled: false,
      solutions: 0,
      mismatch: { kind: total < m ? 'too-few-tiles' : 'too-many-tiles', tiles: total, turns: m },
    };
  }

  // Maximal runs of the final board, across and down (two squares or more).
  const runs: { squares: number[]; across: boolean }[] = [];
  for (const across of [true, false]) {
    for (let line = 0; line < N; line++) {
      let cur: number[] = [];
      for (let k = 0; k <= N; k++) {
        const sq = k < N ? (across ? line * N + k : k * N + line) : -1;
        if (sq >= 0 && occupied[sq]) cur.push(sq);
        else {
          if (cur.length >= 2) runs.push({ squares: cur, across });
          cur = [];
        }
      }
    }
  }

  const placed = new Uint8Array(SQUARES);
  const fresh = new Uint8Array(SQUARES);
  let h1 = 0;
  let h2 = 0;
  let count = 0;

  const filled = (sq: number): boolean => placed[sq] === 1 || fresh[sq] === 1;
  /** Square after `sq` along a direction (-1 off the board). */
  const next = (sq: number, across: boolean, d: number): number => {
    if (across) {
      const c = (sq % N) + d;
      return c < 0 || c >= N ? -1 : sq + d;
    }
    const r = Math.floor(sq / N) + d;
    return r < 0 || r >= N ? -1 : sq + d * N;
  };
  const runStart = (sq: number, across: boolean): number => {
    let s = sq;
    for (let p = next(s, across, -1); p >= 0 && filled(p); p = next(s, across, -1)) s = p;
    return s;
  };

  /** Score of the fresh squares `news` along `across` (fresh[] marked); main word start/length out. */
  const main = { start: 0, length: 0 };
  const scoreFresh = (news: readonly number[], across: boolean): number => {
    let score = 0;
    const s = runStart(news[0], across);
    let sum = 0;
    let wm = 1;
    let len = 0;
    for (let sq = s; sq >= 0 && filled(sq); sq = next(sq, across, 1)) {
      if (fresh[sq]) {
        sum += value[sq] * LM[sq];
        wm *= WM[sq];
      } else sum += value[sq];
      len++;
    }
    main.start = s;
    main.length = len;
    if (len >= 2) score += sum * wm;
    for (const sq of news) {
      const cs = runStart(sq, !across);
      let csum = 0;
      let clen = 0;
      for (let q = cs; q >= 0 && filled(q); q = next(q, !across, 1)) {
        csum += fresh[q] ? value[q] * LM[q] : value[q];
        clen++;
      }
      if (clen >= 2) score += csum * WM[sq];
    }
    if (news.length === RACK_SIZE) score += BINGO_BONUS;
    return score;
  };
  const wordAt = (s: number, across: boolean): string => {
    let w = '';
    for (let q = s; q >= 0 && filled(q); q = next(q, across, 1)) w += face[q];
    return w;
  };
  /** Every word the fresh squares form (main first), faces upper case; the main run may be one square. */
  const wordsFresh = (news: readonly number[], across: boolean): string[] => {
    const words: string[] = [];
    const s = runStart(news[0], across);
    const w = wordAt(s, across);
    let len = 0;
    for (let q = s; q >= 0 && filled(q); q = next(q, across, 1)) len++;
    if (len >= 2) words.push(w);
    for (const sq of news) {
      const cs = runStart(sq, !across);
      let clen = 0;
      for (let q = cs; q >= 0 && filled(q); q = next(q, !across, 1)) clen++;
      if (clen >= 2) words.push(wordAt(cs, !across));
    }
    return words;
  };
  const touches = (sq: number): boolean => {
    for (const across of [true, false])
      for (const d of [-1, 1]) {
        const q = next(sq, across, d);
        if (q >= 0 && placed[q]) return true;
      }
    return false;
  };

  /** Whether a candidate agrees with what the sheet says of the turn (fresh[] marked). */
  const agrees = (t: SheetTurn, news: readonly number[], across: boolean, start: number): boolean => {
    if (t.coord || t.word) {
      // A single tile has no direction of its own: the sheet may name either of its words.
      const dirs = news.length === 1 ? [across, !across] : [across];
      let any = false;
      for (const d of dirs) {
        const s0 = d === across ? start : runStart(news[0], d);
        if (t.coord && ((t.coord.direction === 'across') !== d || s0 !== t.coord.row * N + t.coord.col)) continue;
        if (t.word && !agreesWord(t.word, d, s0)) continue;
        any = true;
        break;
      }
      if (!any) return false;
    }
    if (t.rack && t.rack.length > 0) {
      const left = new Map<string, number>();
      for (const f of t.rack) left.set(f, (left.get(f) ?? 0) + 1);
      for (const sq of news) {
        const k = blank[sq] ? '?' : face[sq];
        const n = left.get(k) ?? 0;
        if (n <= 0) return false;
        left.set(k, n - 1);
      }
    }
    return true;
  };
  const agreesWord = (w: NonNullable<SheetTurn['word']>, across: boolean, start: number): boolean => {
    let len = 0;
    for (let q = start; q >= 0 && filled(q); q = next(q, across, 1)) len++;
    if (w.length !== len) return false;
    let q = start;
    for (const tile of w) {
      if (tile.letter === null) {
        if (!placed[q]) return false;
      } else {
        if (face[q] !== tile.letter) return false;
        if (fresh[q] && (blank[q] === 1) !== tile.blank) return false;
      }
      q = next(q, across, 1);
    }
    return true;
  };

  const accepted = (news: readonly number[], across: boolean): boolean => {
    if (!judge) return true;
    for (const w of wordsFresh(news, across)) if (!judge(w.toLowerCase())) return false;
    return true;
  };

  /** The candidates of turn `t` on the current board, each with its main word. */
  const candidates = (t: SheetTurn): Cand[] => {
    const out: Cand[] = [];
    const tryOne = (news: number[], across: boolean): void => {
      for (const sq of news) fresh[sq] = 1;
      const sc = scoreFresh(news, across);
      let ok = sc === t.score;
      let start = main.start;
      let length = main.length;
      let dir = across;
      if (ok && news.length === 1 && length < 2) {
        // A single tile is written along the word it makes.
        dir = !across;
        start = runStart(news[0], dir);
        length = 0;
        for (let q = start; q >= 0 && filled(q); q = next(q, dir, 1)) length++;
      }
      if (ok) ok = agrees(t, news, dir, start) && accepted(news, dir);
      for (const sq of news) fresh[sq] = 0;
      if (ok) out.push({ squares: news, across: dir, start, length });
    };
    if (count === 0) {
      for (const run of runs) {
        const at = run.squares.indexOf(CENTER_SQUARE);
        if (at < 0) continue;
        for (let a = Math.max(0, at - RACK_SIZE + 1); a <= at; a++)
          for (let b = Math.max(at, a + 1); b < run.squares.length && b - a < RACK_SIZE; b++)
            tryOne(run.squares.slice(a, b + 1), run.across);
      }
      return out;
    }
    for (const run of runs) {
      const sqs = run.squares;
      const open: number[] = [];
      for (let k = 0; k < sqs.length; k++) if (!placed[sqs[k]]) open.push(k);
      if (open.length < 2) continue;
      for (let i = 0; i < open.length; i++) {
        for (let j = i + 1; j < open.length && j - i < RACK_SIZE; j++) {
          const a = open[i];
          const b = open[j];
          // Connected: a filled square inside or at either end, or a new tile touching one.
          let linked = b - a > j - i || (a > 0 && placed[sqs[a - 1]] === 1) || (b + 1 < sqs.length && placed[sqs[b + 1]] === 1);
          const news: number[] = [];
          for (let k = i; k <= j; k++) {
            const sq = sqs[open[k]];
            news.push(sq);
            if (!linked && touches(sq)) linked = true;
          }
          if (linked) tryOne(news, run.across);
        }
      }
    }
    for (let sq = 0; sq < SQUARES; sq++) if (occupied[sq] && !placed[sq] && touches(sq)) tryOne([sq], true);
    return out;
  };

  const keyOf = (k: number): string => `${k}:${h1}:${h2}:${sizes[0]},${sizes[1]}`;
  const candKey = (c: Cand): string => `${c.across ? 'a' : 'd'}${c.start}.${c.length}:${c.squares.join(',')}`;
  const apply = (c: Cand, on: boolean): void => {
    for (const sq of c.squares) {
      placed[sq] = on ? 1 : 0;
      h1 ^= ZOBRIST[sq * 2];
      h2 ^= ZOBRIST[sq * 2 + 1];
    }
    count += on ? c.squares.length : -c.squares.length;
  };

  const dead = new Set<string>();
  const alive = new Map<string, { cand: Cand; child: string; play: FoundPlay }[]>();
  // The search stack, for the progress figure and for what a timeout leaves decided.
  const stack: { cands: Cand[]; index: number; results: boolean[] }[] = [];
  let nodes = 0;
  let deepest = 0;
  let timedOut = false;
  let cancelled = false;
  let solutions = 0;

  const progress = (): number => {
    let f = 0;
    let scale = 1;
    for (const fr of stack) {
      if (fr.cands.length === 0) break;
      f += (scale * fr.index) / fr.cands.length;
      scale /= fr.cands.length;
    }
    return Math.min(1, f);
  };

  const render = (c: Cand): FoundPlay => {
    for (const sq of c.squares) fresh[sq] = 1;
    const score = scoreFresh(c.squares, c.across);
    const words = wordsFresh(c.squares, c.across);
    if (words.length === 0 || c.squares.length === 1) {
      // main word of a single tile: the one along its written direction first
      const w = wordAt(c.start, c.across);
      if (!words.includes(w) && w.length >= 2) words.unshift(w);
    }
    let play = '';
    for (let q = c.start, k = 0; k < c.length; k++, q = next(q, c.across, 1)) {
      if (!fresh[q]) play += '.';
      else {
        const f = blank[q] ? face[q].toLowerCase() : face[q];
        play += face[q].length > 1 ? `[${f}]` : f;
      }
    }
    for (const sq of c.squares) fresh[sq] = 0;
    const row = Math.floor(c.start / N);
    const col = c.start % N;
    const name = squareName(row, col);
    const coord = c.across ? `${row + 1}${name[0]}` : name;
    const mainFirst = c.length >= 2 ? wordAt(c.start, c.across) : undefined;
    const ordered = mainFirst ? [mainFirst, ...words.filter((w, i) => !(w === mainFirst && i === words.indexOf(mainFirst)))] : words;
    return {
      squares: c.squares,
      direction: c.across ? 'across' : 'down',
      coord,
      play,
      words: ordered,
      score,
      tiles: c.squares.map((sq) => (blank[sq] ? '?' : face[sq])),
    };
  };

  const dfs = function* (k: number): Generator<number, boolean, void> {
    nodes++;
    if ((nodes & 31) === 0) {
      if (options.cancelled?.()) {
        cancelled = true;
        throw new TimeUp();
      }
      if (Date.now() > deadline) {
        timedOut = true;
        throw new TimeUp();
      }
      const f = progress();
      options.onProgress?.(f);
      yield f;
    }
    if (k > deepest) deepest = k;
    if (k === m) {
      if (count === total && (finisher === undefined || sizes[finisher] === 0)) {
        solutions = Math.min(SOLUTION_CAP, solutions + 1);
        return true;
      }
      return false;
    }
    const key = keyOf(k);
    if (dead.has(key)) return false;
    const known = alive.get(key);
    if (known) {
      solutions = Math.min(SOLUTION_CAP, solutions + 1);
      return true;
    }
    const turn = turns[playTurns[k]];
    const cands = candidates(turn);
    const frame = { cands, index: 0, results: [] as boolean[] };
    stack.push(frame);
    const good: { cand: Cand; child: string; play: FoundPlay }[] = [];
    const left = m - k - 1;
    for (; frame.index < cands.length; frame.index++) {
      const c = cands[frame.index];
      const rest = total - count - c.squares.length;
      const p = turn.player === 1 ? 1 : 0;
      const n = c.squares.length;
      const drawn = Math.min(n, bagAt(count));
      const after = sizes[p] - n + drawn;
      // More tiles than the rack holds, or an empty rack with the bag empty and a play still to
      // come (a scoreless line after the end is left alone: some programs write one).
      const rackFails = n > sizes[p] || (after === 0 && k < m - 1);
      if (rest < left || rest > RACK_SIZE * left || rackFails) {
        frame.results.push(false);
        continue;
      }
      const play = render(c);
      apply(c, true);
      sizes[p] = after;
      const child = keyOf(k + 1);
      let ok: boolean;
      try {
        ok = yield* dfs(k + 1);
      } finally {
        apply(c, false);
        sizes[p] += n - drawn;
      }
      frame.results.push(ok);
      if (ok) good.push({ cand: c, child, play });
    }
    stack.pop();
    if (good.length > 0) {
      alive.set(key, good);
      return true;
    }
    dead.add(key);
    return false;
  };

  const rootKey = keyOf(0);
  try {
    yield* dfs(0);
  } catch (e) {
    if (!(e instanceof TimeUp)) throw e;
  }
  // Undo whatever the interrupted search left on the board.
  placed.fill(0);
  fresh.fill(0);
  count = 0;
  sizes[0] = sizes[1] = RACK_SIZE;
  h1 = 0;
  h2 = 0;

  if (!timedOut && !cancelled) {
    options.onProgress?.(1);
    if (!alive.has(rootKey)) {
      const stop = playTurns[Math.min(deepest, m - 1)];
      return {
        ...base,
        nodes,
        turns: answers.map((a, i) => (i === stop ? { status: 'impossible' as const, candidates: [] } : a)),
        complete: true,
        timedOut: false,
        cancelled: false,
        solutions: 0,
        stoppedAt: stop,
      };
    }
    // Every play each turn has in some complete fit: walk the live states level by level.
    // A state's key names the squares filled, so each has one count of tiles on the board.
    let level = new Map<string, number>([[rootKey, 0]]);
    for (let k = 0; k < m; k++) {
      const plays = new Map<string, FoundPlay>();
      const nextLevel = new Map<string, number>();
      let min = Infinity;
      let max = -Infinity;
      for (const [key, placedCount] of level) {
        min = Math.min(min, placedCount);
        max = Math.max(max, placedCount);
        for (const g of alive.get(key) ?? []) {
          const ck = candKey(g.cand);
          if (!plays.has(ck)) plays.set(ck, g.play);
          if (k + 1 < m) nextLevel.set(g.child, placedCount + g.cand.squares.length);
        }
      }
      const list = [...plays.values()];
      const placedBefore = { min, max };
      answers[playTurns[k]] =
        list.length === 1
          ? { status: 'decided', candidates: list, placedBefore }
          : {
              status: 'ambiguous',
              candidates: list.slice(0, MAX_LISTED),
              ...(list.length > MAX_LISTED ? { more: list.length - MAX_LISTED } : {}),
              placedBefore,
            };
      level = nextLevel;
    }
    // A scoreless turn has the board of the scoring turn after it (or the final board).
    let afterZero: TurnAnswer['placedBefore'] = { min: total, max: total };
    for (let i = answers.length - 1; i >= 0; i--) {
      const a = answers[i];
      if (a.status === 'zero') answers[i] = { ...a, placedBefore: afterZero };
      else if (a.placedBefore) afterZero = a.placedBefore;
    }
    return { ...base, nodes, turns: answers, complete: true, timedOut: false, cancelled: false, solutions };
  }
  // Interrupted: a turn is decided while every other candidate on the path was proven dead.
  for (let k = 0; k < stack.length; k++) {
    const fr = stack[k];
    const open = fr.cands.map((_, i) => i).filter((i) => i >= fr.results.length || fr.results[i]);
    if (open.length !== 1 || open[0] !== fr.index) break;
    // Re-play the path to render this candidate on its board.
    for (let j = 0; j < k; j++) apply(stack[j].cands[stack[j].index], true);
    answers[playTurns[k]] = { status: 'decided', candidates: [render(fr.cands[fr.index])] };
    for (let j = k - 1; j >= 0; j--) apply(stack[j].cands[stack[j].index], false);
  }
  return { ...base, nodes, turns: answers, complete: false, timedOut, cancelled, solutions };
}
