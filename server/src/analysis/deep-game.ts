/**
 * The deep analysis of a game (`planilla analyze --deep`, docs/deep-analysis.md "analyze --deep"):
 * for every turn the coach can analyse (coach.ts `analyzeTurn`: the full rack known), the equity
 * lost and the win percentage lost by the move played against the best move, each turn graded by
 * the strongest method that applies:
 *
 *   endgame  the bag is empty: the exact endgame (endgame.ts) values the best line and the move
 *            played (points to the end of the game); the win % after each is then the game's
 *            result, 1 / 0.5 / 0 by the sign of the final spread (exact when the search was);
 *   pre-endgame  one or two tiles in the bag: the pre-endgame (pre-endgame.ts, through
 *            endgame-grade.ts `preEndgameGrade`, the `endgame` command's own call) values the best
 *            candidates and the move played over every ordering of the bag (mean points to the
 *            end); the win % is the share of orderings won (a draw half);
 *   sim      the static best moves are close (the second distinct placement within `closeEquity`
 *            points of the first): the best distinct placements, the best exchanges the bag allows
 *            and the move played (`simCandidatesOf`, candidates.ts) are simulated by the injected
 *            `simulate` (analysis/sim.ts through cli/); a move's equity is
 *            its simulated mean, its win % the sim's own when it gives one, else the table's at
 *            the position after it with the simulated equity in place of the static one;
 *   static   otherwise: static equity (points + leave value), and the win % from the table
 *            (win-pct.ts) at the position after the move, for the player who made it:
 *            1 − winProbability(−(spread + equity), unseen for the opponent), the unseen tiles
 *            being the bag after the draw plus the mover's rack after it.
 *
 * Win % lost = the win % of the move named best − the played move's (never below 0; 0 when the
 * move played is the one named best). A tie never renames the move played: when it is worth as
 * much as the best, it is named best. A simulated figure keeps its margin (half the 95 % interval).
 * The spread before
 * each turn and the mover's win % there (the table at the position before the move) are kept for
 * the graph of the commented game (report/win-graph.ts).
 *
 * Limits: a turn may take `turnTimeMs` and the game `gameTimeMs` of the injected clock (`now`):
 * the simulation of a turn and its endgame searches stop at what is left of both (the figures
 * then come from the iterations and depths done), and once the game's time is spent the turns
 * left are not graded (`stopped` says where). A legal record that never ends (exchanges at 0–0)
 * costs at most the game's time.
 *
 * Invariants: pure (the sim is injected, the clock too; the endgame is limited by nodes, so the
 * same record gives the same answer unless a time limit is reached); the replay is not modified;
 * a turn the coach skips is kept with its reason and no figures.
 *
 * Example:
 *   const d = await deepAnalyzeGame(replay, { lexicon, leaves, top: 5 });
 *   d.turns[3];   // { method: 'static', equityLost: 4.5, winPlayed: 0.61, winBest: 0.64, winLost: 0.03, … }
 */
import type { Replay } from '../engine/types';
import { bestExchanges, distinctMoves } from './candidates';
import { analyzeTurn, type SkipReason, type TurnAnalysis } from './coach';
import { sameMove } from './endgame';
import {
  endgameApplies,
  endgameGrade,
  preEndgameApplies,
  preEndgameCases,
  preEndgameGrade,
  runsBefore,
  VERDICT_ENDGAME_NODES,
} from './endgame-grade';
import type { LeaveEvaluator } from './leaves';
import type { Move } from './move';
import type { MoveOptions } from './moves';
import { unseenTiles, type Position } from './position';
import type { PreEndgameCase, PreEndgameCases } from './pre-endgame';
import { simulate, type SimOptions } from './sim';
import type { Lexicon } from '../lexicon/types';
import { winProbability } from './win-pct';

/** The static best moves are "close" when the second is within this many points of the first. */
export const CLOSE_EQUITY = 20;
/** Search nodes of one endgame solve in the deep analysis: the `endgame` command's (endgame-grade.ts). */
export const DEEP_ENDGAME_NODES = VERDICT_ENDGAME_NODES;
/** log2 of the entries of the deep analysis's endgame table (the solver's default size). */
const DEEP_ENDGAME_TABLE_BITS = 20;
/** Most distinct placements simulated at a close turn (the exchanges and the played move are added). */
export const DEEP_SIM_CANDIDATES = 10;
/** Best exchanges simulated at a close turn when the bag allows one (art. 24). */
export const DEEP_SIM_EXCHANGES = 4;
/** Static moves looked at for the candidates, before variants are folded. */
const DEEP_STATIC_POOL = 24;

/** The simulation of a close turn: plies after the candidate, most iterations, seed (every surface the same). */
export const DEEP_SIM = { plies: 2, iterations: 300, seed: 1 } as const;

export type DeepMethod = 'static' | 'sim' | 'pre-endgame' | 'endgame';

/** What an injected simulation gives per move (a subset of analysis/sim.ts `SimCandidate`). */
export interface SimulatedMove {
  readonly move: Move;
  readonly equity: number;
  readonly winPct?: number;
  readonly iterations: number;
  /** Half the 95 % interval of `equity`. */
  readonly margin?: number;
}

/** The simulation options of a close turn (`DEEP_SIM`), whatever runs it (this thread or worker threads). */
export function deepSimOptions(lexicon: Lexicon, leaves: LeaveEvaluator | undefined, moves: readonly Move[], passes: number): SimOptions {
  return {
    lexicon,
    ...(leaves ? { leaves } : {}),
    moves,
    plies: DEEP_SIM.plies,
    maxIterations: DEEP_SIM.iterations,
    seed: DEEP_SIM.seed,
    passes,
  };
}

/** A simulation's candidates as the grading reads them (the margin: half the 95 % interval). */
export function simulatedMoves(
  candidates: readonly { move: Move; equity: number; winPct: number; iterations: number; interval: readonly [number, number] }[],
): SimulatedMove[] {
  return candidates.map((c) => ({
    move: c.move,
    equity: c.equity,
    winPct: c.winPct,
    iterations: c.iterations,
    margin: (c.interval[1] - c.interval[0]) / 2,
  }));
}

/** The close turns simulated in this thread (sim.ts `simulate`, `DEEP_SIM`): the same figures as on worker threads. */
export function simulateHere(lexicon: Lexicon, leaves?: LeaveEvaluator): DeepSimulate {
  return (position, moves, passes, timeLimitMs) => {
    const options = deepSimOptions(lexicon, leaves, moves, passes);
    return simulatedMoves(simulate(position, timeLimitMs !== undefined ? { ...options, timeLimitMs } : options).candidates);
  };
}

/** Simulates `moves` in `position` (for at most `timeLimitMs` when given); the answer lists them (any order). */
export type DeepSimulate = (
  position: Position,
  moves: readonly Move[],
  passes: number,
  timeLimitMs?: number,
) => readonly SimulatedMove[] | Promise<readonly SimulatedMove[]>;

export interface DeepOptions extends MoveOptions {
  readonly top: number;
  readonly closeEquity?: number;
  readonly endgameNodes?: number;
  /** When given, close turns are simulated; otherwise graded by the table (`method` says so). */
  readonly simulate?: DeepSimulate;
  /** Most milliseconds of `now` for one turn (default none). */
  readonly turnTimeMs?: number;
  /** Most milliseconds of `now` for the whole game (default none): the turns after it are not graded. */
  readonly gameTimeMs?: number;
  /** The clock of the limits (default Date.now). */
  readonly now?: () => number;
}

export interface DeepTurn {
  readonly index: number;
  readonly player: number;
  readonly reason?: SkipReason;
  readonly method?: DeepMethod;
  /** The static analysis of the turn (moves, rank, static equity lost). */
  readonly coach: TurnAnalysis;
  /** The best move by the method, and its value (equity, or points to the end for `endgame`). */
  readonly best?: Move;
  readonly bestValue?: number;
  readonly playedValue?: number;
  /** bestValue − playedValue, never below 0 (rounded to hundredths). */
  readonly equityLost?: number;
  /** Win probability (0..1) of the mover after the best move / after the move played. */
  readonly winBest?: number;
  readonly winPlayed?: number;
  readonly winLost?: number;
  /** The mover's spread and win probability before the turn. */
  readonly spreadBefore?: number;
  readonly winBefore?: number;
  /** Whether the static best moves were close (within `closeEquity`). */
  readonly close?: boolean;
  /** endgame: whether both values are exact, and the plies the best line's search reached; sim: the iterations of the played move. */
  readonly exact?: boolean;
  readonly depth?: number;
  readonly iterations?: number;
  /** sim: half the 95 % interval of the best's and of the played move's simulated equity. */
  readonly bestMargin?: number;
  readonly playedMargin?: number;
  /** pre-endgame: orderings of the bag valued, and of them solved to the end. */
  readonly cases?: number;
  readonly solved?: number;
}

export interface DeepGame {
  readonly turns: readonly DeepTurn[];
  /** Set when the game's time ran out: the index (into the replay's turns) of the first turn not graded, and how many were left. */
  readonly stopped?: { readonly index: number; readonly left: number };
  /** Per player: equity lost, win % lost (sum, 0..n), turns graded, turns by method. */
  readonly summary: readonly [DeepSummary, DeepSummary];
  /** Whether a simulation was available for the close turns. */
  readonly simulated: boolean;
}

export interface DeepSummary {
  readonly equityLost: number;
  readonly winLost: number;
  readonly turns: number;
  readonly byMethod: { readonly static: number; readonly sim: number; readonly 'pre-endgame': number; readonly endgame: number };
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Tiles the mover cannot see: the bag and the opponent's rack. */
export function unseenCount(position: Position): number {
  let n = 0;
  for (const k of unseenTiles(position).values()) n += k;
  return n;
}

/** The mover's win probability after `move` valued at `equity` (static or simulated), from the table. */
export function winAfter(position: Position, move: Move, equity: number): number {
  const spread = position.scores[0] - position.scores[1];
  const drawn = move.kind === 'play' ? Math.min(move.used, position.bag) : 0;
  const bag = position.bag - drawn;
  const rackAfter = position.rack.length - (move.kind === 'play' ? move.used : 0) + drawn;
  return 1 - winProbability(-(spread + equity), bag + rackAfter);
}

function resultWin(spread: number): number {
  return spread > 0 ? 1 : spread < 0 ? 0 : 0.5;
}

/**
 * The moves a close turn simulates; undefined when the turn is not simulated. A turn is close when
 * the second distinct static move is within `closeEquity` points of the first; it then simulates
 * the best `DEEP_SIM_CANDIDATES` distinct placements (candidates.ts: blank and mirror-image
 * variants folded), the best `DEEP_SIM_EXCHANGES` exchanges when the bag allows one (art. 24), and
 * the move played.
 */
export function simCandidatesOf(coach: TurnAnalysis, options: Pick<DeepOptions, 'lexicon' | 'leaves' | 'closeEquity'>): Move[] | undefined {
  const { position, played } = coach;
  if (coach.reason || !position || !played || position.bag === 0) return undefined;
  if (preEndgameApplies(position)) return undefined; // graded by the pre-endgame
  const best = distinctMoves(position, coach.best ?? []);
  if (best.length < 2 || best[0].equity - best[1].equity > (options.closeEquity ?? CLOSE_EQUITY)) return undefined;
  const cands = best.slice(0, DEEP_SIM_CANDIDATES);
  const moveOptions = { lexicon: options.lexicon, ...(options.leaves ? { leaves: options.leaves } : {}) };
  for (const x of bestExchanges(position, DEEP_SIM_EXCHANGES, moveOptions)) if (!cands.some((m) => sameMove(m, x))) cands.push(x);
  if (coach.legal && !cands.some((m) => sameMove(m, played))) cands.push(played);
  return cands;
}

/** The figures of a graded turn: the best (the move played on a tie), values, win % and the loss against that best. */
function graded(
  played: Move,
  legal: boolean,
  best: { move: Move; value: number; win: number } | undefined,
  mine: { value: number; win: number },
): Pick<DeepTurn, 'best' | 'bestValue' | 'playedValue' | 'equityLost' | 'winBest' | 'winPlayed' | 'winLost'> {
  // A tie (to the hundredth the loss is given in), or the move played itself, never renames the move played.
  // An illegal move played (a phony) is never named best.
  const same = legal && (!best || sameMove(best.move, played) || round2(best.value - mine.value) <= 0);
  if (!best && !same) return {};
  const top = same || !best ? { move: played, value: mine.value, win: mine.win } : best;
  return {
    best: top.move,
    bestValue: round2(top.value),
    playedValue: round2(mine.value),
    equityLost: round2(Math.max(0, top.value - mine.value)),
    winBest: top.win,
    winPlayed: mine.win,
    winLost: same ? 0 : Math.max(0, top.win - mine.win),
  };
}

/**
 * The values of every case of a turn's pre-endgame (`deepPreEndgameCases`), valued elsewhere
 * (worker threads, cli/shared/deep-threads.ts), and the endgames solved for them.
 */
export interface PreEndgameValues {
  readonly cases: PreEndgameCases;
  readonly values: readonly PreEndgameCase[];
  readonly solves: number;
  readonly timedOutSolves: number;
}

/**
 * The cases of the pre-endgame `gradeTurn` grades this turn by (endgame-grade.ts
 * `preEndgameCases`, the same options), or undefined when the turn is graded otherwise: threads
 * value them in parts and hand the values to `gradeTurn`, which then gives the same grade.
 */
export function deepPreEndgameCases(replay: Replay, coach: TurnAnalysis, options: DeepOptions): PreEndgameCases | undefined {
  const { position, played } = coach;
  if (coach.reason || !position || !played || (coach.best ?? []).length === 0) return undefined;
  if (endgameApplies(position, played) || !preEndgameApplies(position)) return undefined;
  return preEndgameCases(position, played, coach.legal ?? false, runsBefore(replay, coach.index), { lexicon: options.lexicon });
}

/**
 * Grades one analysed turn (see the module header); `sims` = the simulation of `simCandidatesOf`,
 * when run; `timeLimitMs` bounds its endgame searches; `pre` = the values of its pre-endgame's
 * cases, when valued elsewhere (`deepPreEndgameCases`).
 */
export function gradeTurn(
  replay: Replay,
  coach: TurnAnalysis,
  options: DeepOptions,
  sims?: readonly SimulatedMove[],
  timeLimitMs?: number,
  pre?: PreEndgameValues,
): DeepTurn {
  const index = coach.index;
  const base = { index, player: coach.player, coach };
  const position = coach.position;
  const played = coach.played;
  const best = coach.best ?? [];
  if (coach.reason || !position || !played || best.length === 0) return { ...base, ...(coach.reason ? { reason: coach.reason } : {}) };
  const spreadBefore = position.scores[0] - position.scores[1];
  const winBefore = winProbability(spreadBefore, unseenCount(position));
  const common = { ...base, spreadBefore, winBefore };
  const closeEquity = options.closeEquity ?? CLOSE_EQUITY;
  const distinct = position.bag > 0 ? distinctMoves(position, best) : best;
  const close = distinct.length > 1 && distinct[0].equity - distinct[1].equity <= closeEquity;
  const runs = runsBefore(replay, index);
  const legal = coach.legal ?? false;

  const endgame = endgameGrade(position, played, legal, runs, {
    lexicon: options.lexicon,
    maxNodes: options.endgameNodes ?? DEEP_ENDGAME_NODES,
    tableBits: DEEP_ENDGAME_TABLE_BITS,
    ...(timeLimitMs !== undefined ? { timeLimitMs, ...(options.now ? { now: options.now } : {}) } : {}),
  });
  if (endgame) {
    const g = graded(
      played,
      legal,
      endgame.best ? { move: endgame.best, value: endgame.bestSpread, win: resultWin(spreadBefore + endgame.bestSpread) } : undefined,
      { value: endgame.playedSpread, win: resultWin(spreadBefore + endgame.playedSpread) },
    );
    return { ...common, method: 'endgame', close, ...g, exact: endgame.exact, depth: endgame.depth };
  }

  if (preEndgameApplies(position)) {
    const grade = preEndgameGrade(position, played, legal, runs, { lexicon: options.lexicon }, pre);
    const win = (c: { wins: number; draws: number }): number => c.wins + c.draws / 2;
    const top = grade.result.candidates[0];
    const g = graded(
      played,
      legal,
      { move: top.move, value: top.spread, win: win(top) },
      { value: grade.played.spread, win: win(grade.played) },
    );
    const cases = grade.result.orderings;
    const solved = Math.min(top.solved, grade.played.solved);
    return { ...common, method: 'pre-endgame', close, ...g, exact: solved === cases, cases, solved };
  }

  if (close && sims && sims.length > 0) {
    const winOf = (s: SimulatedMove): number => s.winPct ?? winAfter(position, s.move, s.equity);
    let top = sims[0];
    for (const s of sims) if (s.equity > top.equity) top = s;
    const mine = legal ? sims.find((s) => sameMove(s.move, played)) : undefined;
    const g = graded(
      played,
      legal,
      { move: top.move, value: top.equity, win: winOf(top) },
      mine ? { value: mine.equity, win: winOf(mine) } : { value: played.equity, win: winAfter(position, played, played.equity) },
    );
    const named = g.best && mine && sameMove(g.best, played) ? mine : top;
    return {
      ...common,
      method: 'sim',
      close,
      ...g,
      iterations: mine?.iterations ?? top.iterations,
      ...(named.margin !== undefined ? { bestMargin: named.margin } : {}),
      ...(mine?.margin !== undefined ? { playedMargin: mine.margin } : {}),
    };
  }

  const top = best[0];
  const g = graded(
    played,
    legal,
    { move: top, value: top.equity, win: winAfter(position, top, top.equity) },
    { value: played.equity, win: winAfter(position, played, played.equity) },
  );
  return { ...common, method: 'static', close, ...g };
}

/** The coach's static analysis of a turn, which `gradeTurn` grades (its own endgame search, not the coach's). */
export function deepStaticTurn(replay: Replay, index: number, options: DeepOptions): TurnAnalysis | undefined {
  // The static list holds the simulation's candidates once variants are folded, whatever list the caller shows.
  return analyzeTurn(replay, index, { ...options, top: Math.max(options.top, DEEP_STATIC_POOL), endgameNodes: 0 });
}

/**
 * One turn, deeply (the close turns simulated when `options.simulate` is given), within
 * `timeLimitMs` (default `options.turnTimeMs`) of the simulation and the endgame searches.
 */
export async function deepAnalyzeTurn(
  replay: Replay,
  index: number,
  options: DeepOptions,
  timeLimitMs: number | undefined = options.turnTimeMs,
): Promise<DeepTurn | undefined> {
  const start = (options.now ?? Date.now)();
  const coach = deepStaticTurn(replay, index, options);
  return coach ? deepGradeTurn(replay, coach, options, timeLimitMs, undefined, start) : undefined;
}

/**
 * `deepAnalyzeTurn` from the turn's static analysis (`deepStaticTurn`): the simulation of a close
 * turn, then `gradeTurn` (with `pre`, the values of its pre-endgame valued elsewhere); the time
 * limit counts from `start` (default now).
 */
export async function deepGradeTurn(
  replay: Replay,
  coach: TurnAnalysis,
  options: DeepOptions,
  timeLimitMs: number | undefined,
  pre?: PreEndgameValues,
  start?: number,
): Promise<DeepTurn> {
  const now = options.now ?? Date.now;
  const from = start ?? now();
  const left = (): number | undefined => (timeLimitMs === undefined ? undefined : Math.max(0, timeLimitMs - (now() - from)));
  const cands = options.simulate ? simCandidatesOf(coach, options) : undefined;
  const sims =
    cands && coach.position && options.simulate
      ? await options.simulate(coach.position, cands, runsBefore(replay, coach.index).passes, left())
      : undefined;
  // A move the time limit left unsimulated has no simulated value: it is not among the figures.
  const simulated = sims?.filter((x) => x.iterations > 0);
  return gradeTurn(replay, coach, options, simulated, left(), pre);
}

/**
 * Who grades the turns of a game: `threads` turns at a time, each by `run` (a turn's grade, as
 * `deepAnalyzeTurn` gives it, within `timeLimitMs`). The default is this thread, one turn at a
 * time; cli/shared/deep-threads.ts grades them on worker threads, with the same answers.
 */
export interface DeepTurnRunner {
  readonly threads: number;
  run(index: number, timeLimitMs: number | undefined): Promise<DeepTurn | undefined>;
}

/**
 * Every turn of a game, deeply, and the per-player summary; within `options.gameTimeMs` (the
 * turns left when it runs out are not graded: `stopped`), each turn within `options.turnTimeMs`.
 * With a `runner` of N threads, N turns are graded at once, started in turn order: the turns
 * started always form the game's first turns, so `stopped` names the first turn not started and
 * the answer is the same whatever N (unless a time limit is reached). `onTurn` counts the turns
 * done.
 */
export async function deepAnalyzeGame(
  replay: Replay,
  options: DeepOptions,
  onTurn?: (done: number, total: number) => void,
  runner?: DeepTurnRunner,
): Promise<DeepGame> {
  const now = options.now ?? Date.now;
  const start = now();
  const total = replay.turns.length;
  const run = runner ?? { threads: 1, run: (i: number, limit: number | undefined) => deepAnalyzeTurn(replay, i, options, limit) };
  const width = Math.max(1, Math.floor(run.threads));
  const graded: (DeepTurn | undefined)[] = new Array<DeepTurn | undefined>(total);
  let next = 0;
  let done = 0;
  let stopped: DeepGame['stopped'];
  // The limit of the next turn, or undefined once the game's time is spent (then `stopped` is set).
  const limitOfNext = (): { limit: number | undefined } | undefined => {
    if (options.gameTimeMs === undefined) return { limit: options.turnTimeMs };
    const left = options.gameTimeMs - (now() - start);
    if (left <= 0) {
      stopped = { index: next, left: total - next };
      return undefined;
    }
    return { limit: options.turnTimeMs === undefined ? left : Math.min(options.turnTimeMs, left) };
  };
  let failed = false;
  const lane = async (): Promise<void> => {
    while (next < total && !stopped && !failed) {
      const limit = limitOfNext();
      if (!limit) return;
      const i = next++;
      try {
        graded[i] = await run.run(i, limit.limit);
      } catch (e) {
        failed = true; // no more turns started; the error is the game's
        throw e;
      }
      onTurn?.(++done, total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, Math.max(1, total)) }, lane));
  const turns = graded.filter((t): t is DeepTurn => t !== undefined);
  return { ...summarizeDeep(turns, options.simulate !== undefined), ...(stopped ? { stopped } : {}) };
}

/** The same without simulation, in this call (close turns graded by the table): the commented game's. */
export function deepAnalyzeGameStatic(replay: Replay, options: DeepOptions): DeepGame {
  const turns: DeepTurn[] = [];
  for (let i = 0; i < replay.turns.length; i++) {
    const coach = deepStaticTurn(replay, i, options);
    if (coach) turns.push(gradeTurn(replay, coach, options));
  }
  return summarizeDeep(turns, false);
}

function summarizeDeep(turns: readonly DeepTurn[], simulated: boolean): DeepGame {
  const sums = [0, 1].map(() => ({ equityLost: 0, winLost: 0, turns: 0, byMethod: { static: 0, sim: 0, 'pre-endgame': 0, endgame: 0 } }));
  for (const t of turns) {
    if (t.player < 0 || !t.method || t.equityLost === undefined) continue;
    const s = sums[t.player];
    s.equityLost += t.equityLost;
    s.winLost += t.winLost ?? 0;
    s.turns++;
    s.byMethod[t.method]++;
  }
  const summary = sums.map((s) => ({
    ...s,
    equityLost: round2(s.equityLost),
    winLost: Math.round(s.winLost * 10000) / 10000,
  })) as unknown as readonly [DeepSummary, DeepSummary];
  return { turns, summary, simulated };
}
