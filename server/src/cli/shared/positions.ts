/**
 * How the engine's answers are written for a person or a program, one way for every command
 * (`moves`, `moves --cgp`, `moves --sim`, `endgame`, `analyze`, `analyze --deep`): a move as
 * `H8 CASA`, a score as `+12`, an analysis message in the user's language, a position as the JSON
 * `moves --stdin` reads (so an answer can be fed back), text of a record with its control
 * characters escaped; and the JSON of a solved endgame or pre-endgame, which is also the
 * `"endgame"` field of `moves --stdin` (docs/deep-analysis.md "JSON": `planilla endgame` and
 * `moves --stdin` write it with `endgameJson` / `endgameField`).
 *
 * Invariants: never throws for input: a bad `"endgame"` field answers `{ error }` in the user's
 * language.
 *
 * Example:
 *   moveText(move, 'es');       // 'H8 CASA'
 *   signed(-3);                 // '-3'
 *   positionJson(position);     // { board: [...15 rows], rack: 'AEI[CH]?', bag, scores, rules }
 *   endgameField({ endgame: { opponentRack: 'Q' } }, position, lexicon, 'es');   // { spread: 30, … }
 */
import { BOARD_SIZE } from '../../engine/board';
import { RACK_SIZE } from '../../engine/tilesets';
import type { Lexicon } from '../../lexicon/types';
import { formatMessage } from '../../rules/messages';
import { moveJson, movePosition, moveWord, unseenTiles, type Move, type Position } from '../../analysis';
import { solveEndgame, type EndgameResult } from '../../analysis/endgame';
import { PRE_ENDGAME_MAX_BAG, solvePreEndgame, type PreEndgameCandidate, type PreEndgameResult } from '../../analysis/pre-endgame';
import { readTiles, type AnalysisMessage } from '../../analysis/position';
import { terminalText } from './terminal';
import { t, type CliIo } from './io';
import { validNodes, validSeconds } from './limits';

/** Text a record supplies (nicks, paths), shown with its control characters as escapes (terminal.ts). */
export const shown = terminalText;

export function render(m: AnalysisMessage, lang: CliIo['lang']): string {
  const args: Record<string, string | number> = { ...m.args };
  if (m.detail) args.detail = render(m.detail, lang);
  return formatMessage(m.messageId, args, lang);
}

/** The JSON of a position, in the `--stdin` input form (so an answer can be fed back). */
export function positionJson(p: Position): Record<string, unknown> {
  const board: string[] = [];
  for (let r = 0; r < BOARD_SIZE; r++) {
    let row = '';
    for (let c = 0; c < BOARD_SIZE; c++) {
      const cell = p.board[r * BOARD_SIZE + c];
      if (!cell) row += '.';
      else {
        const face = cell.blank ? cell.letter.toLowerCase() : cell.letter;
        row += face.length > 1 ? `[${face}]` : face;
      }
    }
    board.push(row);
  }
  return { board, rack: rackText(p.rack), bag: p.bag, scores: p.scores, rules: p.rules };
}

/** A rack as it is written: `AEI[CH]?` (a two-letter tile in brackets). */
export function rackText(rack: readonly string[]): string {
  return rack.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
}

export function moveText(m: Move, lang: CliIo['lang']): string {
  if (m.kind === 'pass') return formatMessage('analysis.pass', {}, lang);
  if (m.kind === 'exchange') return formatMessage('analysis.exchange', { tiles: moveWord(m) }, lang);
  return `${movePosition(m)} ${moveWord(m)}`;
}

export const signed = (n: number): string => (n >= 0 ? `+${n}` : String(n));

// ---------------------------------------------------------------------------------------------
// Endgames and pre-endgames

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
