/**
 * The rack inference's fit and its match (docs/deep-analysis.md "Rack inference"), on self-play
 * games (selfplay.ts) between simulating bots.
 *
 *   sim bot   each turn with tiles in the bag: the `candidates` best static moves simulated
 *             `iterations` deals each (sim.ts, `plies` plies), the best mean played; with
 *             `temperature` set, the opponent's deals come from the rack inference
 *             (analysis/inference.ts); with the bag empty: the best static move (the end term).
 *             The simulation's seed is a hash of the position, so a game is made again from its
 *             deal's seed.
 *   fit       in games of two sim bots without inference, at every turn whose opponent's last
 *             play can be inferred from: the deficit of the leave the opponent really kept and
 *             those of `samples` leaves drawn as a uniform deal draws them (an observation).
 *             `fitTemperature` then finds the T of greatest likelihood on some games, and
 *             `meanGain` gives the gain over uniform deals on the others (held out).
 *   match     each deal played twice, the bot with inference first and then second.
 *
 * Invariants: the same seeds and settings give the same games and figures.
 *
 * Example:
 *   const r = runInferenceSeeds({ mode: 'match', iterations: 24, candidates: 4, temperature: 4 }, [1, 2]);
 *   r.deals[0].aFirst;   // [412, 388]: the bot with inference first, its score first
 */
import type { Lexicon } from '../lexicon/types';
import { loadDefaultLexicon } from '../lexicon/load';
import { builtinLeaves } from '../analysis/leave-files';
import type { LeaveEvaluator } from '../analysis/leaves';
import { bestMoves, positionKey, type Position } from '../analysis';
import { inferableLeaveSize, inferLeaves, leaveDeficit, sampleLeaves, type InferenceObservation } from '../analysis/inference';
import { simCandidates, simulate } from '../analysis/sim';
import { playGame, type Chooser, type ChosenMove } from './selfplay';
import type { DealOutcome } from './selfplay-run';
import { toChosen } from './strategies';

export interface SimBotSettings {
  readonly candidates: number;
  readonly iterations: number;
  readonly plies?: number;
  /** The rack inference's temperature; undefined: uniform deals. */
  readonly temperature?: number;
  /** Leaves drawn per inference. */
  readonly samples?: number;
}

export interface InferenceRequest extends SimBotSettings {
  readonly mode: 'fit' | 'match';
}

export interface InferenceResult {
  readonly observations: InferenceObservation[];
  readonly deals: DealOutcome[];
  readonly turns: number;
  /** Turns the bot with inference simulated, and those with an inference made. */
  readonly simulated: number;
  readonly inferred: number;
}

/** A 32-bit FNV-1a hash of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A simulating bot (module header); `counts` tallies its simulated and inferred turns. */
export function simChooser(
  settings: SimBotSettings,
  lexicon: Lexicon,
  leaves: LeaveEvaluator,
  counts = { simulated: 0, inferred: 0 },
): Chooser {
  const name = settings.temperature !== undefined ? 'siminf' : 'sim';
  return {
    name,
    choose(position: Position): ChosenMove {
      if (position.bag === 0) return toChosen(bestMoves(position, 1, { lexicon, leaves })[0], position.rack);
      const moves = simCandidates(position, { lexicon, leaves, candidates: settings.candidates });
      if (moves.length <= 1) return toChosen(moves[0], position.rack);
      const seed = hash(positionKey(position));
      counts.simulated++;
      const inferred =
        settings.temperature !== undefined
          ? inferLeaves(position, {
              lexicon,
              leaves,
              temperature: settings.temperature,
              ...(settings.samples ? { samples: settings.samples } : {}),
              seed,
            })
          : undefined;
      if (inferred) counts.inferred++;
      const r = simulate(position, {
        lexicon,
        leaves,
        moves,
        plies: settings.plies ?? 2,
        maxIterations: settings.iterations,
        minIterations: settings.iterations,
        seed,
        ...(inferred ? { inferred } : {}),
      });
      return toChosen(r.candidates[0].move, position.rack);
    },
  };
}

/** Plays the seeds of a request in this thread (module header). */
export function runInferenceSeeds(req: InferenceRequest, seeds: readonly number[], lexicon = loadDefaultLexicon()): InferenceResult {
  const leaves = builtinLeaves().leaves;
  const counts = { simulated: 0, inferred: 0 };
  const observations: InferenceObservation[] = [];
  const deals: DealOutcome[] = [];
  let turns = 0;
  if (req.mode === 'fit') {
    const { temperature: _unused, ...plain } = req;
    const bot = simChooser(plain, lexicon, leaves);
    const beforeTurn = (position: Position, played: readonly { move: ChosenMove }[]): void => {
      const last = played[played.length - 1]?.move;
      const play = position.opponentPlay;
      if (!last || last.kind !== 'place' || !play || last.leave.length === 0 || inferableLeaveSize(position) !== last.leave.length) return;
      const kept = leaveDeficit(position, play, last.leave, lexicon, leaves);
      const { deficits } = sampleLeaves(position, {
        lexicon,
        leaves,
        seed: hash(positionKey(position)),
        ...(req.samples ? { samples: req.samples } : {}),
      });
      observations.push({ kept, samples: deficits });
    };
    for (const seed of seeds) turns += playGame(seed, [bot, bot], { beforeTurn }).turns.length;
    return { observations, deals, turns, simulated: 0, inferred: 0 };
  }
  const a = simChooser(req, lexicon, leaves, counts);
  const { temperature: _unused, ...plain } = req;
  const b = simChooser(plain, lexicon, leaves);
  for (const seed of seeds) {
    const g1 = playGame(seed, [a, b]);
    const g2 = playGame(seed, [b, a]);
    turns += g1.turns.length + g2.turns.length;
    deals.push({ seed, aFirst: [g1.final[0], g1.final[1]], bFirst: [g2.final[1], g2.final[0]], turns: g1.turns.length + g2.turns.length });
  }
  return { observations, deals, turns, ...counts };
}
