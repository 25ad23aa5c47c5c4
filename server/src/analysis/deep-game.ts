/**
 * The deep analysis of a game (`planilla analyze --deep`, docs/deep-analysis.md "analyze --deep"):
 * for every turn the coach can analyse (coach.ts `analyzeTurn`: the full rack known), the equity
 * lost and the win percentage lost by the move played against the best move, each turn graded by
 * the strongest method that applies:
 *
 *   endgame  the bag is empty: the exact endgame (endgame.ts) values the best line and the move
 *            played (points to the end of the game); the win % after each is then the game's
 *            result, 1 / 0.5 / 0 by the sign of the final spread (exact when the search was);
 *   sim      the static best moves are close (the second within `closeEquity` points of the
 *            first): the moves within `closeEquity` of the best, and the move played, are
 *            simulated by the injected `simulate` (analysis/sim.ts through cli/); a move's equity is
 *            its simulated mean, its win % the sim's own when it gives one, else the table's at
 *            the position after it with the simulated equity in place of the static one;
 *   static   otherwise: static equity (points + leave value), and the win % from the table
 *            (win-pct.ts) at the position after the move, for the player who made it:
 *            1 − winProbability(−(spread + equity), unseen for the opponent), the unseen tiles
 *            being the bag after the draw plus the mover's rack after it.
 *
 * Win % lost = the best candidate's win % − the played move's (never below 0). The spread before
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
import { analyzeTurn, type SkipReason, type TurnAnalysis } from './coach';
import { sameMove } from './endgame';
import { endgameGrade, runsBefore } from './endgame-grade';
import type { Move } from './move';
import type { MoveOptions } from './moves';
import { unseenTiles, type Position } from './position';
import { winProbability } from './win-pct';

/** The static best moves are "close" when the second is within this many points of the first. */
export const CLOSE_EQUITY = 3;
/** Search nodes of one endgame solve in the deep analysis (the best line so far beyond it). */
export const DEEP_ENDGAME_NODES = 150_000;
/** log2 of the entries of the deep analysis's endgame table (the solver's default size). */
const DEEP_ENDGAME_TABLE_BITS = 20;
/** Most moves simulated at a close turn (the played move is added when it is not among them). */
export const DEEP_SIM_CANDIDATES = 6;

export type DeepMethod = 'static' | 'sim' | 'endgame';

/** What an injected simulation gives per move (a subset of analysis/sim.ts `SimCandidate`). */
export interface SimulatedMove {
  readonly move: Move;
  readonly equity: number;
  readonly winPct?: number;
  readonly iterations: number;
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
  readonly byMethod: { readonly static: number; readonly sim: number; readonly endgame: number };
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

/** The moves a close turn simulates (the close static best and the move played); undefined when the turn is not simulated. */
export function simCandidatesOf(coach: TurnAnalysis, closeEquity = CLOSE_EQUITY): Move[] | undefined {
  const best = coach.best ?? [];
  const { position, played } = coach;
  if (coach.reason || !position || !played || best.length < 2 || position.bag === 0) return undefined;
  if (best[0].equity - best[1].equity > closeEquity) return undefined;
  const cands = best.filter((m) => best[0].equity - m.equity <= closeEquity).slice(0, DEEP_SIM_CANDIDATES);
  if (coach.legal && !cands.some((m) => sameMove(m, played))) cands.push(played);
  return cands;
}

/**
 * Grades one analysed turn (see the module header); `sims` = the simulation of `simCandidatesOf`,
 * when run; `timeLimitMs` bounds its endgame searches.
 */
export function gradeTurn(
  replay: Replay,
  coach: TurnAnalysis,
  options: DeepOptions,
  sims?: readonly SimulatedMove[],
  timeLimitMs?: number,
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
  const close = best.length > 1 && best[0].equity - best[1].equity <= closeEquity;
  const runs = runsBefore(replay, index);

  const endgame = endgameGrade(position, played, coach.legal ?? false, runs, {
    lexicon: options.lexicon,
    maxNodes: options.endgameNodes ?? DEEP_ENDGAME_NODES,
    tableBits: DEEP_ENDGAME_TABLE_BITS,
    ...(timeLimitMs !== undefined ? { timeLimitMs, ...(options.now ? { now: options.now } : {}) } : {}),
  });
  if (endgame) {
    const winBest = resultWin(spreadBefore + endgame.bestSpread);
    const winPlayed = resultWin(spreadBefore + endgame.playedSpread);
    return {
      ...common,
      method: 'endgame',
      close,
      best: endgame.best,
      bestValue: endgame.bestSpread,
      playedValue: endgame.playedSpread,
      equityLost: round2(endgame.lost),
      winBest,
      winPlayed,
      winLost: Math.max(0, winBest - winPlayed),
      exact: endgame.exact,
      depth: endgame.depth,
    };
  }

  if (close && sims && sims.length > 0) {
    const winOf = (s: SimulatedMove): number => s.winPct ?? winAfter(position, s.move, s.equity);
    let top = sims[0];
    for (const s of sims) if (s.equity > top.equity) top = s;
    const mine = coach.legal ? sims.find((s) => sameMove(s.move, played)) : undefined;
    if (top) {
      const playedValue = mine ? mine.equity : played.equity;
      const winPlayed = mine ? winOf(mine) : winAfter(position, played, played.equity);
      const winBest = Math.max(winPlayed, ...sims.map(winOf));
      return {
        ...common,
        method: 'sim',
        close,
        best: top.move,
        bestValue: round2(top.equity),
        playedValue: round2(playedValue),
        equityLost: round2(Math.max(0, top.equity - playedValue)),
        winBest,
        winPlayed,
        winLost: Math.max(0, winBest - winPlayed),
        iterations: mine?.iterations ?? top.iterations,
      };
    }
  }

  const top = best[0];
  const winPlayed = winAfter(position, played, played.equity);
  const winBest = Math.max(winPlayed, ...best.map((m) => winAfter(position, m, m.equity)));
  return {
    ...common,
    method: 'static',
    close,
    best: top,
    bestValue: round2(top.equity),
    playedValue: round2(played.equity),
    equityLost: coach.equityLost ?? round2(Math.max(0, top.equity - played.equity)),
    winBest,
    winPlayed,
    winLost: Math.max(0, winBest - winPlayed),
  };
}

/** The coach's static analysis of a turn, which `gradeTurn` grades (its own endgame search, not the coach's). */
function staticTurn(replay: Replay, index: number, options: DeepOptions): TurnAnalysis | undefined {
  return analyzeTurn(replay, index, { ...options, endgameNodes: 0 });
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
  const now = options.now ?? Date.now;
  const start = now();
  const coach = staticTurn(replay, index, options);
  if (!coach) return undefined;
  const left = (): number | undefined => (timeLimitMs === undefined ? undefined : Math.max(0, timeLimitMs - (now() - start)));
  const cands = options.simulate ? simCandidatesOf(coach, options.closeEquity) : undefined;
  const sims =
    cands && coach.position && options.simulate
      ? await options.simulate(coach.position, cands, runsBefore(replay, index).passes, left())
      : undefined;
  // A move the time limit left unsimulated has no simulated value: it is not among the figures.
  const simulated = sims?.filter((x) => x.iterations > 0);
  return gradeTurn(replay, coach, options, simulated, left());
}

/**
 * Every turn of a game, deeply, and the per-player summary; within `options.gameTimeMs` (the
 * turns left when it runs out are not graded: `stopped`), each turn within `options.turnTimeMs`.
 */
export async function deepAnalyzeGame(
  replay: Replay,
  options: DeepOptions,
  onTurn?: (done: number, total: number) => void,
): Promise<DeepGame> {
  const now = options.now ?? Date.now;
  const start = now();
  const turns: DeepTurn[] = [];
  for (let i = 0; i < replay.turns.length; i++) {
    let limit = options.turnTimeMs;
    if (options.gameTimeMs !== undefined) {
      const left = options.gameTimeMs - (now() - start);
      if (left <= 0)
        return { ...summarizeDeep(turns, options.simulate !== undefined), stopped: { index: i, left: replay.turns.length - i } };
      limit = limit === undefined ? left : Math.min(limit, left);
    }
    const t = await deepAnalyzeTurn(replay, i, options, limit);
    onTurn?.(i + 1, replay.turns.length);
    if (t) turns.push(t);
  }
  return summarizeDeep(turns, options.simulate !== undefined);
}

/** The same without simulation, in this call (close turns graded by the table): the commented game's. */
export function deepAnalyzeGameStatic(replay: Replay, options: DeepOptions): DeepGame {
  const turns: DeepTurn[] = [];
  for (let i = 0; i < replay.turns.length; i++) {
    const coach = staticTurn(replay, i, options);
    if (coach) turns.push(gradeTurn(replay, coach, options));
  }
  return summarizeDeep(turns, false);
}

function summarizeDeep(turns: readonly DeepTurn[], simulated: boolean): DeepGame {
  const sums = [0, 1].map(() => ({ equityLost: 0, winLost: 0, turns: 0, byMethod: { static: 0, sim: 0, endgame: 0 } }));
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
