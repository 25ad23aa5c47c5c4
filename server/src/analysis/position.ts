/**
 * A position to analyse: the board, the mover's rack, the bag, the scores and the rules in
 * force. Built either from a replayed record (the board before an event, with that event's rack)
 * or from the JSON of `planilla moves --stdin` (docs/coach.md).
 *
 * Invariants: a Position is plain immutable data; `positionKey` is equal for positions the
 * generator answers identically (board, rack as a multiset, bag, rules, exchange minimum: the
 * scores do not change the static equity), so the service can cache answers by it together with
 * the lexicon and the leave evaluator. Parsing never throws: a bad JSON position gives a message.
 *
 * Example:
 *   const r = replay(parse(text).file, { lexicon });
 *   const p = positionBefore(r, 3);            // the position the fourth event was played from
 *   const q = positionFromJson({ board: [...15 rows], rack: 'AEI[CH]?' });
 */
import { BOARD_SIZE, SQUARE_COUNT } from '../engine/board';
import { RACK_SIZE, TILE_SETS } from '../engine/tilesets';
import type { BoardCells, PlacedTile, Replay, TileSetName } from '../engine/types';
import { EDITIONS, type Edition } from '../rules/types';
import { knownOpponentTiles } from './known-tiles';

/** The opponent's last play as the record shows it (Position.opponentPlay; analysis/inference.ts). */
export interface OpponentPlay {
  /** The board before the play. */
  readonly board: BoardCells;
  /** Faces of the tiles it placed ('?' for a blank). */
  readonly tiles: readonly string[];
  readonly score: number;
  /** Tiles in the bag before the play. */
  readonly bag: number;
}

export interface Position {
  /** 225 squares, row-major, as the engine writes them (letter, blank flag). */
  readonly board: BoardCells;
  /** The mover's tiles, faces as the engine writes them ('A', 'CH', 'Ñ', '?'). */
  readonly rack: readonly string[];
  /** Tiles in the bag. */
  readonly bag: number;
  /** [mover, opponent]. */
  readonly scores: readonly [number, number];
  readonly rules: Edition;
  readonly tileSet: TileSetName;
  /** Fewest tiles the bag must hold for an exchange (art. 24: 1 under FISE; 7 under NASPA). */
  readonly exchangeMinimum?: number;
  /**
   * Tiles the record shows on the opponent's rack (known-tiles.ts: a written rack, a withdrawn
   * play's tiles; faces, '?' a blank), all among the unseen tiles: the simulation and the
   * pre-endgame deal them to the opponent. The static moves do not depend on them.
   */
  readonly opponentTiles?: readonly string[];
  /**
   * The opponent's last play, when it was a placement made with tiles in the bag (inference.ts:
   * the rack inference weights the opponent's deals by it). The static moves do not depend on it.
   */
  readonly opponentPlay?: OpponentPlay;
}

/** Tiles the bag must hold for an exchange under an edition (art. 24; NASPA: 7). */
export function exchangeMinimumOf(position: Position): number {
  return position.exchangeMinimum ?? (position.rules === 'naspa' ? RACK_SIZE : 1);
}

/** The key that identifies what the generator answers for a position (module header). */
export function positionKey(position: Position): string {
  let board = '';
  for (const cell of position.board) board += cell === null ? '.' : cell.blank ? `${cell.letter.toLowerCase()},` : `${cell.letter},`;
  const rack = position.rack.slice().sort().join(',');
  return `${position.rules}|${position.tileSet}|${position.exchangeMinimum ?? ''}|${position.bag}|${rack}|${board}`;
}

/**
 * The tiles not on the board and not on the mover's rack (bag + opponent's rack), face → count;
 * with the bag empty this is the opponent's rack.
 */
export function unseenTiles(position: Position): Map<string, number> {
  const set = TILE_SETS[position.tileSet];
  const left = new Map<string, number>(set.kinds.map((k) => [k.letter, k.count]));
  const take = (face: string): void => {
    const n = left.get(face);
    if (n !== undefined && n > 0) left.set(face, n - 1);
  };
  for (const cell of position.board) if (cell) take(cell.blank ? '?' : cell.letter);
  for (const face of position.rack) take(face);
  return left;
}

/**
 * The position an event was played from: the board before event `index` of a replay, that event's
 * rack (when the sheet gives it in full), the bag and the true totals before it, and the tiles the
 * record shows on the opponent's rack (`opponentTiles`, with tiles in the bag). Undefined with
 * the reason when the rack is unknown or partial, cannot exist (more of a tile than the set
 * holds; with `trimImpossible`, only when none of its tiles still exists), or the nick is no
 * player's.
 */
export function positionBefore(
  r: Replay,
  index: number,
  exchangeMinimum?: number,
  trimImpossible = false,
):
  | { readonly position: Position; readonly missing?: readonly string[] }
  | { readonly reason: 'no-rack' | 'partial-rack' | 'unknown-player' | 'impossible-rack' } {
  const turn = r.turns[index];
  if (!turn || turn.player < 0) return { reason: 'unknown-player' };
  const rack = turn.rackBefore;
  if (!rack || rack.tiles.length === 0) return { reason: 'no-rack' };
  if (!rack.complete) return { reason: 'partial-rack' };
  const prev = index > 0 ? r.turns[index - 1] : undefined;
  const board = prev ? prev.board : (new Array<PlacedTile | null>(SQUARE_COUNT).fill(null) as BoardCells);
  const set = TILE_SETS[r.tileSet];
  // A rack that cannot exist (more blanks or copies of a tile than the set holds, counting the
  // board) is refused, as `moves --stdin` refuses such a position; with `trimImpossible` the rack
  // keeps only the tiles that still exist (the rest listed as `missing`) when any are left.
  const counts = new Map<string, number>();
  for (const c of board) if (c) counts.set(c.blank ? '?' : c.letter, (counts.get(c.blank ? '?' : c.letter) ?? 0) + 1);
  const tiles: string[] = [];
  const missing: string[] = [];
  for (const f of rack.tiles) {
    const n = (counts.get(f) ?? 0) + 1;
    counts.set(f, n);
    (n > set.count(f) ? missing : tiles).push(f);
  }
  if (missing.length > 0 && (!trimImpossible || tiles.length === 0)) return { reason: 'impossible-rack' };
  // The missing tiles stand for tiles still unseen (the sheet miscopied them): counted with the bag,
  // so that the unseen tiles are the bag and the opponent's rack, as every deal assumes.
  const bag = (prev ? prev.bag : set.total - 2 * RACK_SIZE) + missing.length;
  const totals = prev ? prev.totals : ([0, 0] as const);
  const p = turn.player;
  const position: Position = {
    board,
    rack: missing.length > 0 ? tiles : rack.tiles,
    bag,
    scores: [totals[p], totals[1 - p]],
    rules: r.rules,
    tileSet: r.tileSet,
    ...(exchangeMinimum !== undefined ? { exchangeMinimum } : {}),
  };
  const known = bag > 0 ? knownOpponentTiles(r, index, unseenTiles(position), bag) : [];
  const withKnown = known.length > 0 ? { ...position, opponentTiles: known } : position;
  const last = bag > 0 && missing.length === 0 ? opponentPlayBefore(r, index) : undefined;
  const formed = last ? { ...withKnown, opponentPlay: last } : withKnown;
  return missing.length > 0 ? { position: formed, missing } : { position: formed };
}

/**
 * The opponent's play just before event `index` (Position.opponentPlay): a placement of the other
 * player, with its tiles known, not an illegal one, made with tiles in the bag; else undefined.
 */
function opponentPlayBefore(r: Replay, index: number): OpponentPlay | undefined {
  const turn = r.turns[index];
  const prev = index > 0 ? r.turns[index - 1] : undefined;
  if (!turn || !prev || prev.player !== 1 - turn.player || (prev.kind !== 'placement' && prev.kind !== 'word')) return undefined;
  if (prev.placed.length === 0 || prev.illegal) return undefined;
  const before = index > 1 ? r.turns[index - 2] : undefined;
  const board = before ? before.board : (new Array<PlacedTile | null>(SQUARE_COUNT).fill(null) as BoardCells);
  const bag = before ? before.bag : TILE_SETS[r.tileSet].total - 2 * RACK_SIZE;
  if (bag === 0) return undefined;
  return { board, tiles: prev.placed.map((t) => (t.blank ? '?' : t.letter)), score: prev.computedScore, bag };
}

/** A message of the analysis catalogue (text/analysis.ts) and its arguments. */
export interface AnalysisMessage {
  readonly messageId: string;
  readonly args: Readonly<Record<string, string | number>>;
  /** A message that fills the `{detail}` placeholder. */
  readonly detail?: AnalysisMessage;
}

const msg = (messageId: string, args: Record<string, string | number> = {}, detail?: AnalysisMessage): AnalysisMessage =>
  detail ? { messageId, args, detail } : { messageId, args };

/** Reads tiles in bracket notation ('AEI[CH]?', 'c[ll]A'); '.' is an empty square. */
export function readTiles(text: string, allowEmpty: boolean): { tiles: (PlacedTile | null)[] } | { error: AnalysisMessage } {
  const tiles: (PlacedTile | null)[] = [];
  const spanish = TILE_SETS.spanish;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '.' && allowEmpty) {
      tiles.push(null);
      continue;
    }
    if (ch === '?') {
      tiles.push({ letter: '?', blank: true, turn: -1 });
      continue;
    }
    let face: string;
    if (ch === '[') {
      const close = text.indexOf(']', i);
      if (close < 0) return { error: msg('analysis.json.unclosed') };
      face = text.slice(i + 1, close);
      i = close;
    } else face = ch;
    const upper = face.toUpperCase();
    if (!spanish.has(upper) || upper === '?') return { error: msg('analysis.foreign-tile', { tile: face }) };
    tiles.push({ letter: upper, blank: face !== upper, turn: -1 });
  }
  return { tiles };
}

/** A JSON position (README "planilla moves --stdin") with its per-request options. */
export interface JsonRequest {
  readonly id: unknown;
  readonly position: Position;
  readonly top: number;
  readonly all: boolean;
  readonly sort: 'equity' | 'score';
  /** `"count": true`: the answer gives the number of every legal move (a walk without pruning). */
  readonly count: boolean;
}

/** Parses one `--stdin` request; `{ error }` says what is wrong (never throws). */
/** The largest `top` a JSON position may ask for (the CLI's `--top` takes 1–999999 too). */
const MAX_TOP = 999999;

export function positionFromJson(value: unknown): JsonRequest | { readonly id: unknown; readonly error: AnalysisMessage } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { id: null, error: msg('analysis.json.not-object') };
  const o = value as Record<string, unknown>;
  const id = o.id ?? null;
  const fail = (messageId: string, args: Record<string, string | number> = {}): { id: unknown; error: AnalysisMessage } => ({
    id,
    error: msg(messageId, args),
  });
  if (!Array.isArray(o.board) || o.board.length !== BOARD_SIZE) return fail('analysis.json.board');
  const board: (PlacedTile | null)[] = [];
  const rowFail = (r: number, detail: AnalysisMessage) => ({ id, error: msg('analysis.json.board-row', { row: r + 1 }, detail) });
  for (let r = 0; r < BOARD_SIZE; r++) {
    const row: unknown = (o.board as unknown[])[r];
    if (typeof row !== 'string') return rowFail(r, msg('analysis.json.not-string'));
    const read = readTiles(row, true);
    if ('error' in read) return rowFail(r, read.error);
    if (read.tiles.length !== BOARD_SIZE) return rowFail(r, msg('analysis.json.row-length', { n: read.tiles.length }));
    if (read.tiles.some((t) => t && t.letter === '?')) return rowFail(r, msg('analysis.json.board-blank'));
    board.push(...read.tiles);
  }
  if (typeof o.rack !== 'string') return fail('analysis.json.rack-type');
  const rackRead = readTiles(o.rack, false);
  if ('error' in rackRead) return { id, error: msg('analysis.json.rack', {}, rackRead.error) };
  if (rackRead.tiles.some((t) => t && t.blank && t.letter !== '?'))
    return { id, error: msg('analysis.json.rack', {}, msg('analysis.json.rack-blank')) };
  const rack = rackRead.tiles.map((t) => t!.letter);
  if (rack.length === 0 || rack.length > RACK_SIZE)
    return { id, error: msg('analysis.json.rack', {}, msg('analysis.rack-size', { max: RACK_SIZE })) };
  const rules = o.rules ?? 'fise';
  if (typeof rules !== 'string' || !(EDITIONS as readonly string[]).includes(rules))
    return fail('analysis.json.rules', { allowed: EDITIONS.join(', ') });
  const onBoard = board.filter((c) => c !== null).length;
  const set = TILE_SETS.spanish;
  // Every tile kind must fit in the set.
  const counts = new Map<string, number>();
  for (const c of board) if (c) counts.set(c.blank ? '?' : c.letter, (counts.get(c.blank ? '?' : c.letter) ?? 0) + 1);
  for (const f of rack) counts.set(f, (counts.get(f) ?? 0) + 1);
  for (const [face, n] of counts) {
    if (n > set.count(face)) return fail('analysis.json.too-many', { n, tile: face, max: set.count(face) });
  }
  // The tiles not on the board nor on the rack are in the bag or on the opponent's rack, which
  // holds at most 7: a smaller bag would hand the opponent more (and, with the bag empty, a +2R of
  // all of them: an equity of hundreds).
  const maxBag = Math.max(0, set.total - onBoard - rack.length);
  const minBag = Math.max(0, maxBag - RACK_SIZE);
  let bag = minBag;
  if (o.bag !== undefined) {
    const range = { min: minBag, max: maxBag };
    if (typeof o.bag === 'number' && Number.isInteger(o.bag) && o.bag >= minBag && o.bag <= maxBag) bag = o.bag;
    else if (typeof o.bag === 'string') {
      const read = readTiles(o.bag, false);
      if ('error' in read || read.tiles.length > maxBag || read.tiles.length < minBag) return fail('analysis.json.bag', range);
      // The bag's tiles come from the same set: none more times than the board and the rack leave.
      for (const tile of read.tiles) {
        const face = tile!.blank ? '?' : tile!.letter;
        const n = (counts.get(face) ?? 0) + 1;
        counts.set(face, n);
        if (n > set.count(face)) return fail('analysis.json.too-many', { n, tile: face, max: set.count(face) });
      }
      bag = read.tiles.length;
    } else return fail('analysis.json.bag', range);
  }
  let scores: [number, number] = [0, 0];
  if (o.scores !== undefined) {
    if (!Array.isArray(o.scores) || o.scores.length !== 2 || !o.scores.every((n) => typeof n === 'number' && Number.isFinite(n)))
      return fail('analysis.json.scores');
    scores = [o.scores[0] as number, o.scores[1] as number];
  }
  let top = 10;
  if (o.top !== undefined) {
    // At most MAX_TOP, as `--top` (a top sizes a buffer: 1e12 was an internal error; "all" lists every move).
    if (typeof o.top !== 'number' || !Number.isInteger(o.top) || o.top < 1 || o.top > MAX_TOP)
      return fail('analysis.json.top', { max: MAX_TOP });
    top = o.top;
  }
  if (o.all !== undefined && typeof o.all !== 'boolean') return fail('analysis.json.all');
  if (o.count !== undefined && typeof o.count !== 'boolean') return fail('analysis.json.count');
  const sort = o.sort ?? 'equity';
  if (sort !== 'equity' && sort !== 'score') return fail('analysis.json.sort');
  return {
    id,
    position: { board, rack, bag, scores, rules: rules as Edition, tileSet: 'spanish' },
    top,
    all: o.all === true,
    sort,
    count: o.count === true,
  };
}
