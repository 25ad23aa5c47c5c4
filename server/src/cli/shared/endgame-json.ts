/**
 * The `"endgame"` field of `moves --stdin` and the JSON of a solved endgame or pre-endgame
 * (docs/deep-analysis.md "JSON"), shared by `planilla endgame` (commands/endgame.ts) and `moves --stdin` (commands/moves.ts calls
 * `endgameField` and adds what it returns).
 *
 * Invariants: never throws for input: a bad field answers `{ error }` in the user's language.
 *
 * Example:
 *   endgameField({ endgame: { opponentRack: 'Q' } }, position, lexicon, 'es');   // { spread: 30, … }
 */
import type { Lexicon } from '../../lexicon/types';
import { moveJson, unseenTiles, type Position } from '../../analysis';
import { solveEndgame, type EndgameResult } from '../../analysis/endgame';
import { PRE_ENDGAME_MAX_BAG, solvePreEndgame, type PreEndgameCandidate, type PreEndgameResult } from '../../analysis/pre-endgame';
import { readTiles } from '../../analysis/position';
import { RACK_SIZE } from '../../engine/tilesets';
import { t, type CliIo } from './io';
import { validNodes, validSeconds } from './limits';
import { render } from './positions';

/** The faces of the tiles unseen by the mover (with the bag empty: the opponent's rack). */
export function opponentRackOf(position: Position): string[] {
  const out: string[] = [];
  for (const [face, n] of unseenTiles(position)) for (let k = 0; k < n; k++) out.push(face);
  return out;
}

const faceText = (f: string): string => (f.length > 1 ? `[${f}]` : f);

/**
 * Why an opponent's rack cannot stand in `position` (undefined when it can): more than a rack
 * holds or none, a tile more times than the set leaves off the board and the mover's rack (the
 * unseen pool), or, with the bag empty, anything but that pool itself (the opponent then holds
 * every unseen tile). Never an "exact" answer for a position that cannot exist.
 */
export function opponentRackProblem(
  position: Position,
  opponent: readonly string[],
): { readonly messageId: string; readonly args: Record<string, string | number> } | undefined {
  if (opponent.length < 1 || opponent.length > RACK_SIZE) {
    return { messageId: 'deep.json.opponent-rack-size', args: { n: opponent.length, max: RACK_SIZE } };
  }
  const pool = unseenTiles(position);
  const unseen = opponentRackOf(position).map(faceText).join('') || '—';
  const rack = opponent.map(faceText).join('');
  const wanted = new Map<string, number>();
  for (const f of opponent) wanted.set(f, (wanted.get(f) ?? 0) + 1);
  for (const [face, n] of wanted) {
    const left = pool.get(face) ?? 0;
    if (n > left) return { messageId: 'deep.json.opponent-rack-pool', args: { rack, tile: faceText(face), n, left, unseen } };
  }
  if (position.bag === 0 && opponent.length !== opponentRackOf(position).length) {
    return { messageId: 'deep.json.opponent-rack-exact', args: { rack, unseen } };
  }
  return undefined;
}

/** The JSON of a solved endgame (docs/deep-analysis.md "JSON"). */
export function endgameJson(result: EndgameResult): Record<string, unknown> {
  return {
    spread: result.spread,
    exact: result.exact,
    end: result.end,
    depth: result.depth,
    nodes: result.nodes,
    line: result.line.map(moveJson),
  };
}

export const hundredths = (x: number): number => Math.round(x * 100) / 100;

/** The JSON of one pre-endgame candidate (docs/deep-analysis.md "Pre-endgame"). */
export function preEndgameCandidateJson(c: PreEndgameCandidate): Record<string, unknown> {
  const { move, spread, wins, draws, losses, cases, solved, timedOut } = c;
  return { ...moveJson(move), spread: hundredths(spread), wins, draws, losses, cases, solved, timedOut };
}

/** The JSON of a solved pre-endgame, shared with the `"endgame"` field of `moves --stdin`. */
export function preEndgameJson(result: PreEndgameResult): Record<string, unknown> {
  return {
    bag: result.bag,
    orderings: result.orderings,
    weight: result.weight,
    solves: result.solves,
    timedOutSolves: result.timedOutSolves,
    candidates: result.candidates.map(preEndgameCandidateJson),
  };
}

/**
 * The `"endgame"` answer of one `moves --stdin` position: `{ spread, exact, end, depth, nodes,
 * line }`; with one or two tiles in the bag and no `"opponentRack"`, the pre-endgame's `{ bag,
 * orderings, weight, solves, timedOutSolves, candidates }`; or `{ error }` (the field is not an
 * object, the opponent's rack unreadable, more tiles in the bag). `request` is the line's JSON; undefined when it has no `"endgame"` field.
 */
export function endgameField(
  request: unknown,
  position: Position,
  lexicon: Lexicon,
  lang: CliIo['lang'],
): Record<string, unknown> | undefined {
  if (typeof request !== 'object' || request === null || !('endgame' in request)) return undefined;
  const field = request.endgame;
  const fail = (id: string, args: Record<string, string | number> = {}): Record<string, unknown> => ({ error: t(lang, id, args) });
  if (typeof field !== 'object' || field === null || Array.isArray(field)) return fail('deep.json.endgame');
  const o = field as Record<string, unknown>;
  let opponent: string[];
  if (o.opponentRack === undefined) opponent = opponentRackOf(position);
  else {
    if (typeof o.opponentRack !== 'string') return fail('deep.json.opponent-rack');
    const read = readTiles(o.opponentRack, false);
    if ('error' in read) return { error: render(read.error, lang) };
    // A rack holds tiles, not blanks standing for a letter (a lower-case letter).
    if (read.tiles.some((x) => x!.blank && x!.letter !== '?')) return fail('deep.json.opponent-rack');
    opponent = read.tiles.map((x) => x!.letter);
    const problem = opponentRackProblem(position, opponent);
    if (problem) return { error: t(lang, problem.messageId, problem.args) };
  }
  const limit = (key: string): number | undefined | null =>
    o[key] === undefined ? undefined : typeof o[key] === 'number' && Number.isInteger(o[key]) && o[key] > 0 ? o[key] : null;
  const passes = o.passes === undefined ? 0 : typeof o.passes === 'number' && Number.isInteger(o.passes) && o.passes >= 0 ? o.passes : null;
  // The same ranges as `planilla endgame --time` and `--nodes` (cli/shared/limits.ts).
  const time = o.time === undefined ? undefined : validSeconds(o.time) ? o.time : null;
  const nodes = o.nodes === undefined ? undefined : validNodes(o.nodes) ? o.nodes : null;
  const top = limit('top');
  if (passes === null || time === null || nodes === null || top === null) return fail('deep.json.endgame');
  if (position.bag >= 1 && position.bag <= PRE_ENDGAME_MAX_BAG && o.opponentRack === undefined) {
    // The pre-endgame: the bag and the opponent's rack are the unseen tiles (docs/deep-analysis.md).
    const result = solvePreEndgame(position, {
      lexicon,
      passes,
      ...(top !== undefined ? { candidates: top } : {}),
      ...(time !== undefined ? { timeLimitMs: time * 1000 } : {}),
      ...(nodes !== undefined ? { maxNodes: nodes } : {}),
    });
    return preEndgameJson(result);
  }
  if (position.bag !== 0) return fail('deep.endgame-bag', { bag: position.bag });
  const result = solveEndgame(position, opponent, {
    lexicon,
    passes,
    ...(time !== undefined ? { timeLimitMs: time * 1000 } : {}),
    ...(nodes !== undefined ? { maxNodes: nodes } : {}),
  });
  return endgameJson(result);
}
