/**
 * The move as every caller sees it (`Move`: a play, an exchange or the pass, with its score,
 * equity and leave), the options of a move search, the two errors a search throws, and the
 * move's texts (position, word, GCG play, leave, JSON; README "planilla moves").
 *
 * Invariants: a `Move` is immutable; its `leave` array is shared between moves and never
 * modified; texts use the bracket notation of normalize.ts ('[CH]', blanks in lower case).
 *
 * Example:
 *   moveJson(m);   // { kind: 'play', position: '8B', word: 'LU[CH]ASTE', play: 'LU[CH]ASTE', score: 82, leave: '', equity: 82 }
 */
import type { NewTile } from '../engine/scoring';
import type { Lexicon } from '../lexicon/types';
import type { LeaveEvaluator } from './leaves';
import { BLANK, BLANK_BIT, CODE_MASK, FACES, NEW_BIT } from './movegen-codes';
import type { AnalysisMessage } from './position';

export type MoveKind = 'play' | 'exchange' | 'pass';

export interface Move {
  readonly kind: MoveKind;
  /** Plays: direction of the word; 'across' otherwise. */
  readonly direction: 'across' | 'down';
  /** Plays: first square of the whole word (0-based); 0 otherwise. */
  readonly row: number;
  readonly col: number;
  /**
   * Plays: each square of the word, `code | BLANK_BIT | NEW_BIT` (codes of normalize.ts; NEW_BIT
   * for a tile from the rack). Exchanges: the codes exchanged (0 = a blank). Pass: empty.
   */
  readonly squares: readonly number[];
  readonly score: number;
  readonly equity: number;
  /** Tiles kept, faces sorted ('?' last); shared between moves, never modify. */
  readonly leave: readonly string[];
  /** Tiles taken from the rack (placed or exchanged). */
  readonly used: number;
}

export type SortKey = 'equity' | 'score';

export interface MoveOptions {
  readonly lexicon: Lexicon;
  /** Default: `defaultLeaves` (the built-in trained table for Spanish, the provisional worths otherwise). */
  readonly leaves?: LeaveEvaluator;
  /** Default 'equity'. */
  readonly sort?: SortKey;
  readonly cancellation?: { readonly isCancellationRequested: boolean };
}

export class AnalysisCancelled extends Error {
  constructor() {
    super('analysis cancelled');
  }
}

/** The position cannot be analysed; `reason` is a message of the analysis catalogue. */
export class AnalysisUnsupported extends Error {
  constructor(readonly reason: AnalysisMessage) {
    super(reason.messageId);
  }
}

// ---------------------------------------------------------------------------------------------
// Moves as text

const COLUMNS = 'ABCDEFGHIJKLMNO';

function faceText(code: number, blank: boolean): string {
  const face = FACES[code];
  const text = blank ? face.toLowerCase() : face;
  return face.length > 1 ? `[${text}]` : text;
}

/** '8D' (across: row first) or 'D8' (down); '' for exchanges and the pass. */
export function movePosition(m: Move): string {
  if (m.kind !== 'play') return '';
  return m.direction === 'across' ? `${m.row + 1}${COLUMNS[m.col]}` : `${COLUMNS[m.col]}${m.row + 1}`;
}

/** The whole word in bracket notation ('[CH]IN[ch]A', blanks lower case); exchanged tiles for an exchange. */
export function moveWord(m: Move): string {
  if (m.kind === 'pass') return '';
  let s = '';
  for (const v of m.squares)
    s += m.kind === 'exchange' ? (v === BLANK ? '?' : faceText(v, false)) : faceText(v & CODE_MASK, (v & BLANK_BIT) !== 0);
  return s;
}

/** The GCG play: '.' for tiles already on the board; '-TILES' for an exchange, '-' for the pass. */
export function movePlay(m: Move): string {
  if (m.kind === 'pass') return '-';
  if (m.kind === 'exchange') return `-${moveWord(m)}`;
  let s = '';
  for (const v of m.squares) s += (v & NEW_BIT) !== 0 ? faceText(v & CODE_MASK, (v & BLANK_BIT) !== 0) : '.';
  return s;
}

/** The leave in bracket notation, sorted ('E?'). */
export function moveLeave(m: Move): string {
  return m.leave.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
}

/** The tiles a play puts on the board, as the engine's scorer takes them. */
export function newTiles(m: Move): NewTile[] {
  const out: NewTile[] = [];
  if (m.kind !== 'play') return out;
  for (let i = 0; i < m.squares.length; i++) {
    const v = m.squares[i];
    if ((v & NEW_BIT) === 0) continue;
    const row = m.direction === 'across' ? m.row : m.row + i;
    const col = m.direction === 'across' ? m.col + i : m.col;
    out.push({ row, col, letter: FACES[v & CODE_MASK], blank: (v & BLANK_BIT) !== 0 });
  }
  return out;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The JSON of a move (README "planilla moves"). */
export function moveJson(m: Move): Record<string, unknown> {
  if (m.kind === 'play') {
    return {
      kind: 'play',
      position: movePosition(m),
      word: moveWord(m),
      play: movePlay(m),
      score: m.score,
      leave: moveLeave(m),
      equity: round2(m.equity),
    };
  }
  if (m.kind === 'exchange')
    return { kind: 'exchange', tiles: moveWord(m), play: movePlay(m), score: 0, leave: moveLeave(m), equity: round2(m.equity) };
  return { kind: 'pass', play: '-', score: 0, leave: moveLeave(m), equity: round2(m.equity) };
}
