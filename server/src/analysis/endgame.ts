/**
 * The exact endgame solver (docs/deep-analysis.md "Endgame"): with the bag empty and both racks
 * known, the sequence of moves that maximises the final spread of the player to move, under the
 * edition in force.
 *
 * The game ends as the engine rules it (engine/replay-end.ts, replay-moves.ts):
 * - a player places the last tile of the rack (37.4 / 40.3): under FISE the finisher adds the
 *   value R of the opponent's rack and the opponent subtracts it; under NASPA the finisher adds
 *   2R. Either way the spread moves by 2R;
 * - four passes in a row (37.2 / 40.2; NASPA: six scoreless turns in a row), or twelve scoreless
 *   turns while someone has scored (37.3, current FISE only): each player subtracts the own rack.
 *   With the bag empty no exchange is possible (art. 24), so only passes are scoreless turns, and
 *   any placement ends both runs, as the engine counts them.
 *
 * Runs of passes: the search knows two runs, none and the last (the next pass ends the game), and
 * a pass that does not end the game leads to the last. The value of a position is the same
 * whatever run below the last it is in: with P the mover's best placement, Q the opponent's best
 * placement after the mover passes and E the end by passes (each player losing the own rack), a
 * run below the last is worth max(P, min(-Q, E)) whatever the limit (4 passes, 6 zeros, 12
 * scoreless turns; by induction on the passes left, P and Q not depending on the run: a placement
 * ends it). So the pass-pass-pass lines that the game's limits allow, which repeat the same
 * position, are not searched; the line read at the end gets the passes the game still needs.
 *
 * Method: negamax with alpha-beta on the spread (points of the mover minus the opponent's from
 * here to the end), iterative deepening by plies, a transposition table keyed by a Zobrist hash of
 * the board, both racks, the side to move and the runs of passes (two slots a bucket, a proven
 * entry kept over an unproven one); moves ordered by the table's best move, then going out, then
 * by points with 24 for each tile played; a forced pass (no placement) is searched one ply deeper and, once
 * known, played from the table without generating. A leaf at the horizon is worth 0 beyond the
 * points already made on the way.
 *
 * Exactness: every value a node returns carries `proven`, whether its bound holds for the game
 * played to the end. The end of the game is proven; a horizon leaf is not; a cut is proven when
 * the child that made it is; any other node is proven when all its children are. The value is
 * monotone in the leaves, so a proven bound stays true whatever the horizon leaves are worth, and
 * a refuted branch that met the horizon does not keep the root from being proven. The table keeps
 * a proven entry "to the end" (any depth) and an unproven one at its depth. The deepening stops as
 * soon as the root is proven (the value is then the true value of the game), or at the node or
 * time limit, returning the deepest completed search (its line ends at the horizon and `exact` is
 * false). The line of a proven root is searched again ply by ply until each position's value is
 * proven, so that it reaches the end of the game and adds up to the value; the line of an
 * unproven iteration is read as soon as it completes, while the table holds it. Reading a line is
 * held to the time limit (not the node limit): a line cut by it ends at the horizon.
 *
 * Modules: endgame-search.ts (the solver's state and its steps: generate, apply, search, frontier,
 * root), endgame-moves.ts (move lists and their order), endgame-table.ts (Zobrist keys and the
 * transposition table's arrays), endgame-lanes.ts (the lanes a change of the board reaches); this
 * module runs the deepening and reads the line.
 *
 * Invariants: pure (the clock is injected); the position is not modified; the same position and
 * limits give the same line; the generator is shared (not re-entrant), moves are collected
 * before the search goes deeper; a node's moves depend on its board and the mover's rack alone,
 * so a list that holds them is ordered again rather than generated again; the table and lists a
 * search leaves are cleared before another search uses them (never two searches at once).
 *
 * Example:
 *   const r = solveEndgame(position, ['E', 'S'], { lexicon });
 *   r.spread;   // 23: the mover ends 23 points better off than the opponent from here
 *   r.line;     // [{ kind: 'play', position: '3K', word: 'RES', score: 14, … }, …]
 */
import { BOARD_SIZE } from '../engine/board';
import type { MoveList } from './endgame-moves';
import {
  Abort,
  MAX_PLIES,
  Solver,
  passMove,
  type EndgameIteration,
  type EndgameMove,
  type EndgameOptions,
  type EndgameResult,
} from './endgame-search';
import { BLANK_BIT, CODE_MASK, FACES, NEW_BIT, VALUES, codeOf } from './movegen-codes';
import { AnalysisUnsupported, type Move } from './moves';
import type { Position } from './position';

export { MAX_PLIES };
export type { EndgameIteration, EndgameOptions, EndgameResult };

/**
 * Solves the endgame of `position` (bag empty; the mover's rack in `position.rack`) against the
 * opponent's rack `opponent` (faces). See the module header for the method and the limits.
 */
export function solveEndgame(position: Position, opponent: readonly string[], options: EndgameOptions): EndgameResult {
  if (position.bag !== 0) throw new AnalysisUnsupported({ messageId: 'deep.endgame-bag', args: { bag: position.bag } });
  const solver = new Solver(position, opponent, options);
  try {
    const maxDepth = Math.min(options.maxDepth ?? MAX_PLIES, MAX_PLIES);
    let done: (LineStart & { value: number }) | undefined;
    let found: { line: Move[]; end: EndgameResult['end'] } | undefined;
    let preferred = 0;
    const restore = solver.snapshot();
    for (let depth = 1; depth <= maxDepth; depth++) {
      let got: { value: number; index: number; list: MoveList; proven: boolean };
      try {
        got = solver.root(depth, 0, depth > 1, preferred, done?.value);
      } catch (e) {
        if (e instanceof Abort) {
          restore();
          break;
        }
        throw e;
      }
      preferred = got.list.signature(got.index);
      const exact = got.proven;
      done = { value: got.value, depth, exact, first: preferred, move: solver.moveOf(got.list, got.index) };
      // The line of an unproven iteration is read at once, while the table still holds it: read
      // after a deeper search stopped half-way, it would cost a search of its own past the limit.
      // A solved line is read after the loop (to the end of the game), or not at all (`firstOnly`).
      found = !exact ? lineOf(solver, done) : options.firstOnly ? firstMoveOf(solver, got.list, got.index) : undefined;
      if (options.onIteration) {
        const nodes = solver.nodes;
        if (!found) found = lineOf(solver, done); // a solved line read to the end, once (as below)
        options.onIteration({ depth, spread: got.value, nodes, exact, line: found.line, end: found.end });
      }
      if (exact) break;
    }
    if (!done) throw new Error('endgame: the first iteration did not complete');
    const { line, end } = found ?? lineOf(solver, done);
    return { spread: done.value, line, exact: done.exact, depth: done.depth, nodes: solver.nodes, end };
  } finally {
    solver.release();
  }
}

/** A line of one move: move i of the root's list (`firstOnly`). */
function firstMoveOf(solver: Solver, list: MoveList, i: number): { line: Move[]; end: EndgameResult['end'] } {
  const end: EndgameResult['end'] | 'pass' = Number.isNaN(solver.terminal(list, i)) ? 'horizon' : list.meta[i] >= 0 ? 'out' : 'pass';
  const line = [solver.moveOf(list, i)];
  return end === 'pass' ? passedOut(solver, line) : { line, end };
}

/**
 * A line that ends by passing, as the game plays it: the search ends a run of passes one pass
 * after it began (module header, "Runs of passes"), the game after 37.2's four passes (NASPA: six
 * scoreless turns) or 37.3's twelve scoreless turns. The line gets the passes the game still
 * needs, each as good as the one before it (the position does not change), and its end is named
 * by the rule that ends it.
 */
function passedOut(solver: Solver, line: Move[]): { line: Move[]; end: EndgameResult['end'] } {
  let passes = solver.realPasses;
  let scoreless = solver.realScoreless;
  let bothZero = solver.rootBothZero;
  for (const move of line) {
    if (move.kind === 'pass') {
      passes++;
      scoreless++;
    } else {
      passes = 0;
      scoreless = 0;
      if (move.score > 0) bothZero = false;
    }
  }
  const ended = (): boolean => passes >= solver.passLimit || (scoreless >= solver.scorelessLimit && !bothZero);
  while (!ended()) {
    line.push(passMove());
    passes++;
    scoreless++;
  }
  return { line, end: passes >= solver.passLimit ? 'passes' : 'scoreless' };
}

/** A completed iteration, as its line is read from: its depth, exactness and first move. */
interface LineStart {
  readonly depth: number;
  readonly exact: boolean;
  /** The first move's signature, and the move. */
  readonly first: number;
  readonly move: Move;
}

/**
 * The line of a completed iteration: the best move of each position along it, found again with
 * the table's help. When solved, each position of the line is searched until its value is proven
 * too (its best move is then a best move of the game to the end, and the line reaches the end of
 * the game). The solver's position is left as it was.
 */
function lineOf(solver: Solver, done: LineStart): { line: Move[]; end: EndgameResult['end'] } {
  const line: Move[] = [];
  let end: 'out' | 'pass' | 'horizon' = 'horizon';
  const played: { list: MoveList; index: number }[] = [];
  const restore = solver.snapshot();
  solver.nodeLimit = false;
  for (let ply = 0, depth = done.depth; depth >= 1 && ply < MAX_PLIES; ply++, depth--) {
    let got: ReturnType<Solver['root']>;
    try {
      got = solver.root(depth, ply, true, ply === 0 ? done.first : 0);
      while (done.exact && !got.proven && depth < MAX_PLIES) got = solver.root(++depth, ply, true, got.list.signature(got.index));
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      // The time limit came while the line was read (its table entries overwritten): the line
      // stops there, at the horizon, and holds the iteration's first move at least.
      restore();
      solver.nodeLimit = true;
      return { line: line.length > 0 ? line : [done.move], end: 'horizon' };
    }
    const i = got.index;
    const move = solver.moveOf(got.list, i);
    const t = solver.terminal(got.list, i);
    line.push(move);
    if (!Number.isNaN(t)) {
      end = got.list.meta[i] >= 0 ? 'out' : 'pass';
      break;
    }
    solver.apply(got.list, i);
    played.push({ list: got.list, index: i });
  }
  for (let k = played.length - 1; k >= 0; k--) solver.undo(played[k].list, played[k].index);
  solver.nodeLimit = true;
  return end === 'pass' ? passedOut(solver, line) : { line, end };
}

/** The value of one move of the mover: its points, then the opponent's best from the position after it. */
interface MoveValue {
  /** Spread of the mover from this position to the end when `move` is played and both play on best. */
  readonly spread: number;
  /** The best continuation after the move (the opponent first); empty when the move ends the game. */
  readonly line: readonly EndgameMove[];
  readonly exact: boolean;
  /** Search nodes spent (0 when the move ends the game). */
  readonly nodes: number;
}

/**
 * The value of `move` (a placement or the pass, as the generator writes moves) in the endgame of
 * `position` against `opponent`, under the same rules as `solveEndgame` (`solve`: the search of the
 * position after the move, `solveEndgame` or one that answers it from a memo).
 */
export function endgameMoveValue(
  position: Position,
  opponent: readonly string[],
  move: Move,
  options: EndgameOptions,
  solve: typeof solveEndgame = solveEndgame,
): MoveValue {
  if (position.tileSet !== 'spanish') throw new AnalysisUnsupported({ messageId: 'analysis.spanish-only', args: {} });
  const passes = options.passes ?? 0;
  const naspa = position.rules === 'naspa';
  if (move.kind === 'pass') {
    if (passes + 1 >= (naspa ? 6 : 4)) return { spread: rackValue(opponent) - rackValue(position.rack), line: [], exact: true, nodes: 0 };
    const after = solve({ ...position, rack: opponent, scores: [position.scores[1], position.scores[0]] }, position.rack, {
      ...options,
      passes: passes + 1,
      scoreless: (options.scoreless ?? passes) + 1,
    });
    return { spread: -after.spread, line: after.line, exact: after.exact, nodes: after.nodes };
  }
  const { board, left } = afterPlacement(position, move);
  if (left.length === 0) return { spread: move.score + 2 * rackValue(opponent), line: [], exact: true, nodes: 0 };
  const scores: [number, number] = [position.scores[1], position.scores[0] + move.score];
  const after = solve({ ...position, board, rack: opponent, scores }, left, { ...options, passes: 0, scoreless: 0 });
  return { spread: move.score - after.spread, line: after.line, exact: after.exact, nodes: after.nodes };
}

/** The sum of the face values of `faces` (the blank 0). */
export function rackValue(faces: readonly string[]): number {
  let sum = 0;
  for (const f of faces) sum += VALUES[codeOf(f)] ?? 0;
  return sum;
}

/** The board after placement `move` (its new tiles) and what is left of `position.rack`. */
export function afterPlacement(position: Position, move: Move): { board: Position['board']; left: string[] } {
  const board = position.board.slice();
  const left = position.rack.slice();
  const across = move.direction === 'across';
  move.squares.forEach((v, i) => {
    if ((v & NEW_BIT) === 0) return;
    const blank = (v & BLANK_BIT) !== 0;
    const code = v & CODE_MASK;
    const row = across ? move.row : move.row + i;
    const col = across ? move.col + i : move.col;
    board[row * BOARD_SIZE + col] = { letter: FACES[code], blank, turn: -1 };
    const k = left.indexOf(blank ? '?' : FACES[code]);
    if (k >= 0) left.splice(k, 1);
  });
  return { board, left };
}

/** Whether two moves are the same move (kind, place, direction and squares). */
export const sameMove = (a: Move, b: Move): boolean =>
  a.kind === b.kind &&
  a.row === b.row &&
  a.col === b.col &&
  a.direction === b.direction &&
  a.squares.length === b.squares.length &&
  a.squares.every((v, i) => v === b.squares[i]);
