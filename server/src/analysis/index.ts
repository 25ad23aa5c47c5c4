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
export {
  analyzeMoves,
  AnalysisCancelled,
  AnalysisUnsupported,
  bestMoves,
  compareMoves,
  generateMoves,
  listMoves,
  moveJson,
  moveLeave,
  movePlay,
  movePosition,
  moveWord,
  newTiles,
  type Move,
  type MoveKind,
  type MoveList,
  type MoveOptions,
  type MovesAnswer,
  type SortKey,
} from './moves';
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
