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
 * The search is plain state and step functions, as the replayer is: reconstruct-state.ts holds the
 * state record and its bookkeeping, reconstruct-plays.ts finds and writes the candidates of a turn
 * (scored by the engine's `scorePlacement`: one scorer), and this module walks the turns depth first
 * (`searchFrom`) and reads the answer from the live states (`settledAnswer`, `interruptedAnswer`).
 *
 * Invariants: pure (no I/O); deterministic for the same input; never throws for any board or
 * sheet; a `decided` play, replayed in order on the empty board, places only final-board tiles
 * on empty squares and scores the sheet's score (checked by test/unit/analysis/reconstruct.test.ts).
 *
 * Example:
 *   const r = reconstruct(finalBoard, [{ player: 0, kind: 'play', score: 26 }, …], { tileSet: 'spanish', judge });
 *   r.turns[0];   // { status: 'decided', candidates: [{ coord: '8D', play: 'CASAS', score: 26, … }] }
 */
import { RACK_SIZE } from '../engine/tilesets';
import type { BoardCells } from '../engine/types';
import { renderPlay, turnCandidates } from './reconstruct-plays';
import {
  applyCandidate,
  bagAt,
  candKey,
  createSearchState,
  resetBoard,
  stateKey,
  type Frame,
  type LiveMove,
  type SearchState,
} from './reconstruct-state';
import type { FoundPlay, ReconstructOptions, ReconstructResult, SheetTurn, TurnAnswer } from './reconstruct-types';

export type { FoundPlay, ReconstructOptions, ReconstructResult, SheetTurn, TurnAnswer, TurnStatus } from './reconstruct-types';

/** Candidates listed for an ambiguous turn. */
const MAX_LISTED = 12;
const SOLUTION_CAP = 10000;

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
  const st = createSearchState(board, turns, options, deadline, judge);
  const m = st.playTurns.length;
  const answers: TurnAnswer[] = turns.map((t) => ({ status: t.kind === 'zero' ? 'zero' : 'unknown', candidates: [] }));
  const base = { lexiconSetAside: false, nodes: 0 };
  if (st.total < m || st.total > RACK_SIZE * m) {
    return {
      ...base,
      turns: answers.map((a) => (a.status === 'unknown' ? { status: 'impossible' as const, candidates: [] } : a)),
      complete: true,
      timedOut: false,
      cancelled: false,
      solutions: 0,
      mismatch: { kind: st.total < m ? 'too-few-tiles' : 'too-many-tiles', tiles: st.total, turns: m },
    };
  }
  const rootKey = stateKey(st, 0);
  try {
    yield* searchFrom(st, 0);
  } catch (e) {
    if (!(e instanceof TimeUp)) throw e;
  }
  // Undo whatever the interrupted search left on the board.
  resetBoard(st);
  if (st.timedOut || st.cancelled) return interruptedAnswer(st, answers);
  options.onProgress?.(1);
  return settledAnswer(st, answers, rootKey);
}

/** The part of the search done (0..1), read from the stack. */
function progress(st: SearchState): number {
  let f = 0;
  let scale = 1;
  for (const fr of st.stack) {
    if (fr.cands.length === 0) break;
    f += (scale * fr.index) / fr.cands.length;
    scale /= fr.cands.length;
  }
  return Math.min(1, f);
}

/**
 * One step of the search: whether some way of playing scoring turns `k`… fits from the board so
 * far; the states proven go to `dead` / `alive`. Throws TimeUp when cancelled or out of time.
 */
function* searchFrom(st: SearchState, k: number): Generator<number, boolean, void> {
  st.nodes++;
  if ((st.nodes & 31) === 0) {
    if (st.options.cancelled?.()) {
      st.cancelled = true;
      throw new TimeUp();
    }
    if (Date.now() > st.deadline) {
      st.timedOut = true;
      throw new TimeUp();
    }
    const f = progress(st);
    st.options.onProgress?.(f);
    yield f;
  }
  const m = st.playTurns.length;
  if (k > st.deepest) st.deepest = k;
  if (k === m) {
    if (st.count === st.total && (st.finisher === undefined || st.sizes[st.finisher] === 0)) {
      st.solutions = Math.min(SOLUTION_CAP, st.solutions + 1);
      return true;
    }
    return false;
  }
  const key = stateKey(st, k);
  if (st.dead.has(key)) return false;
  if (st.alive.has(key)) {
    st.solutions = Math.min(SOLUTION_CAP, st.solutions + 1);
    return true;
  }
  const turn = st.turns[st.playTurns[k]];
  const cands = turnCandidates(st, turn);
  const frame: Frame = { cands, index: 0, results: [] };
  st.stack.push(frame);
  const good: LiveMove[] = [];
  const left = m - k - 1;
  for (; frame.index < cands.length; frame.index++) {
    const c = cands[frame.index];
    const rest = st.total - st.count - c.squares.length;
    const p = turn.player === 1 ? 1 : 0;
    const n = c.squares.length;
    const drawn = Math.min(n, bagAt(st, st.count));
    const after = st.sizes[p] - n + drawn;
    // More tiles than the rack holds, or an empty rack with the bag empty and a play still to
    // come (a scoreless line after the end is left alone: some programs write one).
    const rackFails = n > st.sizes[p] || (after === 0 && k < m - 1);
    if (rest < left || rest > RACK_SIZE * left || rackFails) {
      frame.results.push(false);
      continue;
    }
    const play = renderPlay(st, c);
    applyCandidate(st, c, true);
    st.sizes[p] = after;
    const child = stateKey(st, k + 1);
    let ok: boolean;
    try {
      ok = yield* searchFrom(st, k + 1);
    } finally {
      applyCandidate(st, c, false);
      st.sizes[p] += n - drawn;
    }
    frame.results.push(ok);
    if (ok) good.push({ cand: c, child, play });
  }
  st.stack.pop();
  if (good.length > 0) {
    st.alive.set(key, good);
    return true;
  }
  st.dead.add(key);
  return false;
}

/** The answer of a search that ran to its end. */
function settledAnswer(st: SearchState, answers: TurnAnswer[], rootKey: string): ReconstructResult {
  const m = st.playTurns.length;
  const base = { lexiconSetAside: false, nodes: st.nodes };
  const done = { complete: true, timedOut: false, cancelled: false };
  if (!st.alive.has(rootKey)) {
    const stop = st.playTurns[Math.min(st.deepest, m - 1)];
    return {
      ...base,
      turns: answers.map((a, i) => (i === stop ? { status: 'impossible' as const, candidates: [] } : a)),
      ...done,
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
      for (const g of st.alive.get(key) ?? []) {
        const ck = candKey(g.cand);
        if (!plays.has(ck)) plays.set(ck, g.play);
        if (k + 1 < m) nextLevel.set(g.child, placedCount + g.cand.squares.length);
      }
    }
    const list = [...plays.values()];
    const placedBefore = { min, max };
    answers[st.playTurns[k]] =
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
  let afterZero: TurnAnswer['placedBefore'] = { min: st.total, max: st.total };
  for (let i = answers.length - 1; i >= 0; i--) {
    const a = answers[i];
    if (a.status === 'zero') answers[i] = { ...a, placedBefore: afterZero };
    else if (a.placedBefore) afterZero = a.placedBefore;
  }
  return { ...base, turns: answers, ...done, solutions: st.solutions };
}

/** The answer of an interrupted search: a turn is decided while every other candidate on the path was proven dead. */
function interruptedAnswer(st: SearchState, answers: TurnAnswer[]): ReconstructResult {
  const stack = st.stack;
  for (let k = 0; k < stack.length; k++) {
    const fr = stack[k];
    const open = fr.cands.map((_, i) => i).filter((i) => i >= fr.results.length || fr.results[i]);
    if (open.length !== 1 || open[0] !== fr.index) break;
    // Re-play the path to render this candidate on its board.
    for (let j = 0; j < k; j++) applyCandidate(st, stack[j].cands[stack[j].index], true);
    answers[st.playTurns[k]] = { status: 'decided', candidates: [renderPlay(st, fr.cands[fr.index])] };
    for (let j = k - 1; j >= 0; j--) applyCandidate(st, stack[j].cands[stack[j].index], false);
  }
  return {
    lexiconSetAside: false,
    nodes: st.nodes,
    turns: answers,
    complete: false,
    timedOut: st.timedOut,
    cancelled: st.cancelled,
    solutions: st.solutions,
  };
}
