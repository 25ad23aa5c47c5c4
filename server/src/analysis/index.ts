/**
 * The coach's analysis: every legal move of a position, the best ones, their static
 * equity. Layer rules: leans on `engine/`, `lexicon/`, `rules/`, `syntax/`; `service/`, the CLI and
 * self-play lean on it. Contract for callers: see `moves.ts` (cost, cancellation, caching by
 * `positionKey`); leave values plug in through `LeaveEvaluator` (leaves.ts).
 *
 * Example:
 *   import { bestMoves, positionBefore, moveJson } from '../analysis';
 *   const got = positionBefore(replayed, 4);
 *   if ('position' in got) bestMoves(got.position, 5, { lexicon }).map(moveJson);
 */
export { NO_LEAVES, provisionalLeaves, type LeaveEvaluator } from './leaves';
// The move and its texts (every name of move.ts), then the walk's entry points.
export * from './move';
export { analyzeMoves, bestMoves, compareMoves, generateMoves, listMoves, type MoveList, type MovesAnswer } from './moves';
export { exchangeMinimumOf, positionBefore, positionFromJson, positionKey, unseenTiles, type JsonRequest, type Position } from './position';
export {
  simulate,
  simCandidates,
  PlayoutRunner,
  Simulation,
  type SimBatch,
  type SimCandidate,
  type SimOptions,
  type SimProgress,
  type SimResult,
  type SimStop,
} from './sim';
export { WIN_PCT_MAX_UNSEEN, WIN_PCT_PROVENANCE, winProbability } from './win-pct';
