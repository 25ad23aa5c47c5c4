/**
 * Self-play strategies: how a bot picks its move from the generator's list.
 *
 *   greedy       the highest-scoring placement (with the bag empty, going out counts its 2R, as
 *                the generator's end term has it); with no placement, it exchanges its whole rack
 *                when the bag allows (art. 24), else as many tiles as the bag holds, else passes;
 *   equity       the highest static equity (score + leave value while the bag has tiles), over
 *                placements, every exchange and the pass, with the given leave table;
 *   tiles        `equity` with the per-tile worths of the given table only (its 29 single-tile
 *                values, added up: the first training stage);
 *   provisional  `equity` with the provisional hand-written worths of leaves.ts.
 *
 * Invariants: a chooser is deterministic (the generator sorts ties by score, position and word);
 * the move returned is legal in the position (it comes from `bestMoves`).
 *
 * Example:
 *   const pick = chooserFor('equity', { lexicon, leaves: builtinLeaves() });
 *   pick.choose(position);   // { kind: 'place', tiles: [...], score: 24, leave: ['E', 'S'], … }
 */
import { TILE_SETS } from '../engine/tilesets';
import type { Lexicon } from '../lexicon/types';
import { LeaveTable, SPANISH_LEAVES, tableFromWorths } from '../analysis/leave-table';
import { NO_LEAVES, provisionalLeaves, type LeaveEvaluator } from '../analysis/leaves';
import { bestMoves, newTiles, type Move, type Position as GamePosition } from '../analysis';
import type { ChosenMove, Chooser } from './selfplay';
import { FACES } from '../analysis/movegen-codes';

export const STRATEGIES = ['greedy', 'equity', 'tiles', 'provisional'] as const;
export type StrategyName = (typeof STRATEGIES)[number];

export interface StrategyOptions {
  readonly lexicon: Lexicon;
  /** The leave table of `equity` (and the source of `tiles`' worths). */
  readonly leaves: LeaveEvaluator;
}

export function toChosen(m: Move, rack: readonly string[]): ChosenMove {
  if (m.kind === 'play') {
    return { kind: 'place', tiles: newTiles(m), direction: m.direction, score: m.score, leave: m.leave, equity: m.equity };
  }
  if (m.kind === 'exchange') {
    return { kind: 'exchange', tiles: Array.from(m.squares, (c) => FACES[c]), leave: m.leave, equity: m.equity };
  }
  return { kind: 'pass', leave: rack, equity: m.equity };
}

/** The per-tile worths of an evaluator: its value for each single tile. */
export function perTileOf(leaves: LeaveEvaluator): LeaveTable {
  const worths = new Map<string, number>();
  for (const face of SPANISH_LEAVES.alphabet) worths.set(face, leaves.value([face]));
  return tableFromWorths(`${leaves.name} (per tile)`, SPANISH_LEAVES, worths);
}

export function chooserFor(name: StrategyName, options: StrategyOptions): Chooser {
  const { lexicon } = options;
  if (name === 'greedy') {
    return {
      name,
      choose(position: GamePosition): ChosenMove {
        const [top] = bestMoves(position, 1, { lexicon, leaves: NO_LEAVES, sort: 'score' });
        if (top && top.kind === 'play') return toChosen(top, position.rack);
        const rack = position.rack;
        const n = Math.min(rack.length, position.bag);
        if (n > 0) return { kind: 'exchange', tiles: rack.slice(0, n), leave: rack.slice(n), equity: 0 };
        return { kind: 'pass', leave: rack, equity: 0 };
      },
    };
  }
  const leaves: LeaveEvaluator =
    name === 'equity' ? options.leaves : name === 'tiles' ? perTileOf(options.leaves) : provisionalLeaves(TILE_SETS.spanish);
  return {
    name,
    choose(position: GamePosition): ChosenMove {
      const [top] = bestMoves(position, 1, { lexicon, leaves, sort: 'equity' });
      return toChosen(top, position.rack);
    },
  };
}
