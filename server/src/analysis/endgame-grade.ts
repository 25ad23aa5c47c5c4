/**
 * The endgame grade of a turn played with the bag empty (docs/coach.md "Turns with the bag
 * empty"): both racks are known by tile tracking (position.ts `unseenTiles` is the opponent's
 * rack), so the turn is valued by the endgame search (endgame.ts) instead of static equity. The
 * best line is `solveEndgame`'s, the move played is valued by `endgameMoveValue`, both with the
 * runs of passes and of scoreless turns that led to the position (37.2, 37.3), counted as the
 * engine counts them (`runsBefore`). The loss is the best spread − the played spread: points to
 * the end of the game. When the node limit stops the best line's search at depth N (not proven),
 * the move played is searched to the same horizon (itself and N − 1 plies), so both figures look
 * as far ahead. The position after the move played is the next turn's position: the search of
 * the one answers the other (a memo of the latest searches, `memoSolve`; a search bounded by a
 * depth is the same search stopped after that iteration), so each is made once.
 *
 * Invariants: pure and deterministic: the search is bounded by nodes, never by the clock, so the
 * same record gives the same figures whatever the thread or the load; a figure that the search
 * did not prove is marked (`exact` false, `depth` the plies it reached). An illegal move played
 * (a phony) is valued as the pass it amounted to. An exchange is never graded here (with the bag
 * empty it is not a legal move, art. 24).
 *
 * Example:
 *   const g = endgameGrade(position, played, true, runsBefore(replay, 40), { lexicon, maxNodes: 20_000 });
 *   g?.lost;    // 6: the move played ends 6 points worse than the best line
 *   g?.exact;   // true: both values are the true values of the game
 */
import type { Replay } from '../engine/types';
import type { Lexicon } from '../lexicon/types';
import {
  MAX_PLIES,
  endgameMoveValue,
  sameMove,
  solveEndgame,
  type EndgameIteration,
  type EndgameOptions,
  type EndgameResult,
} from './endgame';
import type { Move } from './move';
import { codeOf } from './movegen-codes';
import { unseenTiles, type Position } from './position';
import {
  combinePreEndgame,
  PRE_ENDGAME_MAX_BAG,
  PreEndgameCases,
  solvePreEndgame,
  type PreEndgameCandidate,
  type PreEndgameCase,
  type PreEndgameOptions,
  type PreEndgameResult,
} from './pre-endgame';

/**
 * Search nodes of an endgame solve when a turn is graded (`analyze --deep`, the commented game,
 * the `endgame` command's default): one figure, so every surface gives the same value.
 */
export const VERDICT_ENDGAME_NODES = 2_000_000;

/** The runs of passes and of scoreless turns in a row just before a turn (37.2, 37.3). */
export interface TurnRuns {
  readonly passes: number;
  readonly scoreless: number;
}

export interface EndgameGrade {
  /** The first move of the best line found. */
  readonly best: Move;
  /** The mover's spread from the position to the end after the best line / after the move played. */
  readonly bestSpread: number;
  readonly playedSpread: number;
  /** bestSpread − playedSpread, never below 0. */
  readonly lost: number;
  /** Whether both spreads are the true values (the search reached the end of the game everywhere). */
  readonly exact: boolean;
  /** Plies of the deepest completed search of the best line (the horizon when not exact). */
  readonly depth: number;
  /** Search nodes spent on the two values. */
  readonly nodes: number;
}

interface EndgameGradeOptions {
  readonly lexicon: Lexicon;
  /** Search nodes of each of the two searches (the best line; the move played). */
  readonly maxNodes: number;
  /** log2 of the transposition table's entries (default: room for `maxNodes`, 2^12 to 2^20). */
  readonly tableBits?: number;
  /** Most milliseconds of `now` for the two searches together (default none: bounded by nodes alone). */
  readonly timeLimitMs?: number;
  readonly now?: () => number;
}

/**
 * Passes and scoreless turns in a row just before turn `index`, as the engine counts them
 * (engine/replay-moves.ts, replay-challenges.ts): a pass and a withdrawn play (art. 34) count in
 * both runs; an exchange and a score-only line of 0 points end the run of passes and count as
 * scoreless; any other placement ends both. Other events (penalties, bonuses, end lines) leave
 * them as they are.
 */
export function runsBefore(replay: Replay, index: number): TurnRuns {
  let passes = 0;
  let scoreless = 0;
  let passing = true;
  for (let i = index - 1; i >= 0; i--) {
    const turn = replay.turns[i];
    if (turn.kind === 'pass') {
      if (passing) passes++;
      scoreless++;
    } else if (turn.kind === 'withdrawn') {
      const play = replay.turns[i - 1];
      if (play?.kind !== 'placement' || play.player !== turn.player) continue; // not applied: no turn
      if (passing) passes++;
      scoreless++;
      i--; // the withdrawn placement is that same turn
    } else if (turn.kind === 'exchange' || (turn.kind === 'score-only' && turn.computedScore === 0)) {
      passing = false;
      scoreless++;
    } else if (turn.kind === 'placement' || turn.kind === 'score-only' || turn.kind === 'word') {
      break;
    }
  }
  return { passes, scoreless };
}

/** Whether a turn is graded by the endgame: the bag empty, the Spanish set, a placement or a pass. */
export function endgameApplies(position: Position, played: Move): boolean {
  return position.bag === 0 && position.tileSet === 'spanish' && played.kind !== 'exchange';
}

/** Whether a turn is graded by the pre-endgame: one or two tiles in the bag, the Spanish set. */
export function preEndgameApplies(position: Position): boolean {
  return position.bag >= 1 && position.bag <= PRE_ENDGAME_MAX_BAG && position.tileSet === 'spanish';
}

interface PreEndgameGrade {
  readonly result: PreEndgameResult;
  /** The move played's candidate (an illegal one: the pass it amounted to). */
  readonly played: PreEndgameCandidate;
}

type PreEndgameGradeOptions = Pick<PreEndgameOptions, 'lexicon' | 'candidates' | 'maxNodes' | 'timeLimitMs' | 'onProgress'>;

/** The pre-endgame options of a turn's grade: the runs before it and the move played among the candidates. */
function gradeOptions(played: Move, legal: boolean, runs: TurnRuns, options: PreEndgameGradeOptions): PreEndgameOptions {
  return { ...options, passes: runs.passes, scoreless: runs.scoreless, ...(legal ? { moves: [played] } : {}) };
}

/**
 * The pre-endgame grade of a turn with one or two tiles in the bag: `solvePreEndgame` with the
 * runs before the turn and the move played among the candidates (an illegal one is valued as the
 * pass it amounted to, always a candidate). The `endgame` command and the deep analysis both call
 * this, so they give the same values. With `values`, the values of every case of
 * `preEndgameCases` (the same arguments), valued elsewhere (threads): combined, not solved again.
 */
export function preEndgameGrade(
  position: Position,
  played: Move,
  legal: boolean,
  runs: TurnRuns,
  options: PreEndgameGradeOptions,
  values?: {
    readonly cases: PreEndgameCases;
    readonly values: readonly PreEndgameCase[];
    readonly solves: number;
    readonly timedOutSolves: number;
  },
): PreEndgameGrade {
  const result = values
    ? combinePreEndgame(values.cases, values.values, values)
    : solvePreEndgame(position, gradeOptions(played, legal, runs, options));
  const mine = legal ? played : undefined;
  const found = result.candidates.find((c) => (mine ? sameMove(c.move, mine) : c.move.kind === 'pass'));
  return { result, played: found ?? result.candidates[result.candidates.length - 1] };
}

/** The cases of `preEndgameGrade`'s pre-endgame (the same arguments), to be valued in parts (pre-endgame.ts `PreEndgameCases`). */
export function preEndgameCases(
  position: Position,
  played: Move,
  legal: boolean,
  runs: TurnRuns,
  options: PreEndgameGradeOptions,
): PreEndgameCases {
  return new PreEndgameCases(position, gradeOptions(played, legal, runs, options));
}

/** The opponent's rack with the bag empty: the tiles the mover cannot see. */
export function opponentRack(position: Position): string[] {
  const opponent: string[] = [];
  for (const [face, n] of unseenTiles(position)) for (let k = 0; k < n; k++) opponent.push(face);
  return opponent;
}

/** Whether `move` ends the game at once: the last tiles of the rack (37.4), or the pass that completes the run (37.2). */
export function endsGame(position: Position, move: Move, runs: TurnRuns): boolean {
  if (move.kind === 'pass') return runs.passes + 1 >= (position.rules === 'naspa' ? 6 : 4);
  return move.used >= position.rack.length;
}

/** Transposition-table size for a node budget: room for every node, between 2^12 and 2^20 entries. */
function tableBitsFor(maxNodes: number): number {
  return Math.max(12, Math.min(20, Math.ceil(Math.log2(Math.max(1, maxNodes))) + 1));
}

/**
 * The endgame grade of `played` (legal or not) in `position`; undefined when the turn is not
 * graded by the endgame (`endgameApplies`). May throw `AnalysisUnsupported` as the solver does
 * (a tile the Spanish set does not have).
 */
export function endgameGrade(
  position: Position,
  played: Move,
  legal: boolean,
  runs: TurnRuns,
  options: EndgameGradeOptions,
): EndgameGrade | undefined {
  if (!endgameApplies(position, played)) return undefined;
  const opponent = opponentRack(position);
  const eg: EndgameOptions = {
    lexicon: options.lexicon,
    maxNodes: options.maxNodes,
    tableBits: options.tableBits ?? tableBitsFor(options.maxNodes),
    passes: runs.passes,
    scoreless: runs.scoreless,
    firstOnly: true, // the grade reads the best line's first move alone
  };
  const memo = memoFor(options.lexicon);
  // A time limit is shared by the two searches: each gets what is left of it.
  const now = options.now ?? Date.now;
  const deadline = options.timeLimitMs !== undefined ? now() + options.timeLimitMs : undefined;
  const timed = (o: EndgameOptions): EndgameOptions =>
    deadline === undefined ? o : { ...o, timeLimitMs: Math.max(0, deadline - now()), ...(options.now ? { now: options.now } : {}) };
  const solved = memoSolve(memo, position, opponent, timed(eg));
  const best = solved.line[0];
  // An illegal move played (a phony) is valued as the pass it amounted to.
  const move: Move = legal ? played : { ...played, kind: 'pass', squares: [], score: 0, used: 0 };
  // The line's first move is worth the line's value, proven or seen to the same horizon: no
  // second search for it (a second one, cut short by its own node limit, could disagree).
  const same = best !== undefined && sameMove(best, move);
  // A line the search did not prove looks `depth` plies ahead: the move played is looked at as far
  // (itself, then depth − 1 plies), so that the two figures are alike; at depth 1 that is its points
  // alone, unless it ends the game.
  const horizon = solved.exact ? undefined : solved.depth;
  const mine = same
    ? undefined
    : horizon === 1 && !endsGame(position, move, runs)
      ? { spread: move.score, exact: false, nodes: 0 }
      : endgameMoveValue(position, opponent, move, horizon === undefined ? eg : { ...eg, maxDepth: horizon - 1 }, (p, o, e) =>
          memoSolve(memo, p, o, timed(e)),
        );
  const playedSpread = mine ? mine.spread : solved.spread;
  return {
    best,
    bestSpread: solved.spread,
    playedSpread,
    lost: Math.max(0, solved.spread - playedSpread),
    exact: solved.exact && (mine?.exact ?? true),
    depth: solved.depth,
    nodes: solved.nodes + (mine?.nodes ?? 0),
  };
}

/**
 * A search kept in the memo: its result with no depth limit and each completed iteration (the
 * same search bounded by a depth D stops after iteration D: the iterations before are the same).
 */
interface Searched {
  readonly result: EndgameResult;
  readonly iterations: readonly EndgameIteration[];
}

/**
 * Searches kept per word list, the latest last. The move played at one turn leads to the position
 * of the next turn, whose best line is then the same search (the same board, racks, runs and
 * limits): it is made once. The search is pure, so an answer from the memo is the answer.
 */
const MEMO_SIZE = 8;
const memos = new WeakMap<Lexicon, Map<string, Searched>>();

function memoFor(lexicon: Lexicon): Map<string, Searched> {
  let memo = memos.get(lexicon);
  if (!memo) {
    memo = new Map();
    memos.set(lexicon, memo);
  }
  return memo;
}

/** Everything a search's result depends on but the word list and the depth limit. */
function searchKey(position: Position, opponent: readonly string[], options: EndgameOptions): string {
  // A character per square: its tile's code (+64 for a blank), or the face itself for a tile the
  // set does not have (the search refuses it: analysis.foreign-tile).
  const squares: number[] = [];
  let foreign = '';
  for (const cell of position.board) {
    const code = cell ? codeOf(cell.letter) : 0;
    if (cell && code <= 0) foreign += `${cell.letter},`;
    squares.push(!cell ? 32 : code > 0 ? 33 + code + (cell.blank ? 64 : 0) : 31);
  }
  const board = String.fromCharCode(...squares) + foreign;
  const faces = (rack: readonly string[]): string => [...rack].sort().join(',');
  const bothZero = position.scores[0] === 0 && position.scores[1] === 0;
  const passes = options.passes ?? 0;
  return [
    position.tileSet,
    position.rules,
    bothZero,
    passes,
    options.scoreless ?? passes,
    options.maxNodes ?? '',
    options.tableBits ?? '',
    faces(position.rack),
    faces(opponent),
    board,
  ].join('|');
}

/**
 * `solveEndgame(position, opponent, options)`, answered from the memo when the search was made. A
 * search under a time limit is kept only when the limit did not stop it (it is then the search
 * without one); one the time stopped is answered and forgotten.
 */
function memoSolve(memo: Map<string, Searched>, position: Position, opponent: readonly string[], options: EndgameOptions): EndgameResult {
  const { maxDepth, timeLimitMs, now, ...unbounded } = options;
  if (maxDepth !== undefined && maxDepth < 1) return solveEndgame(position, opponent, options);
  const key = searchKey(position, opponent, unbounded);
  let searched = memo.get(key);
  // Bounded by a depth and by the time, and not made yet: searched to that depth alone.
  if (!searched && timeLimitMs !== undefined && maxDepth !== undefined) return solveEndgame(position, opponent, options);
  if (!searched) {
    const iterations: EndgameIteration[] = [];
    const clock = timeLimitMs !== undefined ? { timeLimitMs, ...(now ? { now } : {}) } : {};
    const result = solveEndgame(position, opponent, { ...unbounded, ...clock, onIteration: (info) => iterations.push(info) });
    searched = { result, iterations };
    // Not proven and short of its node limit: the time stopped it (the same search with more time would go on).
    const stoppedByTime =
      timeLimitMs !== undefined && !result.exact && result.nodes < (unbounded.maxNodes ?? 2_000_000) && result.depth < MAX_PLIES;
    if (!stoppedByTime) {
      memo.set(key, searched);
      if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value!);
    }
  }
  if (maxDepth === undefined) return searched.result;
  // Bounded by depth D: the search stops after iteration D, unless it stopped earlier (solved,
  // or the node limit reached in the next iteration: the same in both).
  const { iterations } = searched;
  const last = iterations[iterations.length - 1];
  const d = Math.min(maxDepth, MAX_PLIES);
  if (d > iterations.length || (d === iterations.length && (last.exact || d === MAX_PLIES))) return searched.result;
  const at = iterations[d - 1];
  return { spread: at.spread, line: at.line, exact: at.exact, depth: at.depth, nodes: at.nodes, end: at.end };
}
