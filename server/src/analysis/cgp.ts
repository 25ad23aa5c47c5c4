/**
 * CGP (Crossword Game Position), the one-line position format of Macondo, MAGPIE and Woogles, in
 * and out. Four space-separated fields, then optional opcodes:
 *
 *   ROWS RACK1/RACK2 SCORE1/SCORE2 ZEROS [op value; op value; …]
 *
 * - ROWS: the 15 rows top to bottom joined by `/`; a run of empty squares is its length in
 *   digits (`15` is an empty row); a tile is its upper-case face, a blank the lower-case face;
 *   a tile written with two letters (the Spanish CH, LL, RR) is put in brackets, `[CH]`, and a
 *   blank standing for it `[ch]`, as Macondo's Spanish letter distribution names those tiles.
 * - RACK1/RACK2: the rack of the player to move, then the opponent's (either may be empty when
 *   not known); `?` is a blank, digraphs in brackets as on the board.
 * - SCORE1/SCORE2: the scores in the same order; ZEROS: consecutive scoreless turns so far.
 * - Opcodes written: `lex NAME;` (the word list, when the record names one) and `ld spanish;` or
 *   `ld english;` (the tile set). On reading, any other opcode is kept but not interpreted.
 *
 * Invariants: pure; `readCgp(writeCgp(x))` gives back the same board, racks, scores, zero count
 * and tile set; reading never throws — a bad string gives one message (catalogue
 * text/reconstruct.ts, ids `cgp.*`).
 *
 * Example:
 *   writeCgp({ board, racks: [['A', 'CH', '?'], []], scores: [120, 98], zeros: 0, tileSet: 'spanish' });
 *   // '15/15/…/7[CH]A6/… A[CH]?/ 120/98 0 ld spanish;'
 *   readCgp('15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEIOU[LL]?/ 0/0 0 ld spanish;');
 */
import { BOARD_SIZE, SQUARE_COUNT } from '../engine/board';
import { TILE_SETS, RACK_SIZE } from '../engine/tilesets';
import type { BoardCells, PlacedTile, Replay, TileSetName } from '../engine/types';
import type { AnalysisMessage, Position } from './position';

interface CgpPosition {
  /** 225 squares, row-major; blanks keep the letter they stand for. */
  readonly board: BoardCells;
  /** [player to move, opponent]: faces ('A', 'CH', '?'); empty when not known. */
  readonly racks: readonly [readonly string[], readonly string[]];
  /** [player to move, opponent]. */
  readonly scores: readonly [number, number];
  /** Consecutive scoreless turns before this position. */
  readonly zeros: number;
  readonly tileSet: TileSetName;
  /** The `lex` opcode, when given. */
  readonly lexicon?: string;
  /** Every opcode as read (name → value), in order; `writeCgp` writes `lex` and `ld` only. */
  readonly opcodes?: readonly (readonly [string, string])[];
}

const msg = (messageId: string, args: Record<string, string | number> = {}, detail?: AnalysisMessage): AnalysisMessage =>
  detail ? { messageId, args, detail } : { messageId, args };

/** A face as CGP writes it: digraphs bracketed, blanks (on the board) in lower case. */
function faceText(letter: string, blank: boolean): string {
  const face = blank ? letter.toLowerCase() : letter;
  return letter.length > 1 ? `[${face}]` : face;
}

/** The board field: 15 rows, runs of empty squares as numbers. */
function cgpBoard(board: BoardCells): string {
  const rows: string[] = [];
  for (let r = 0; r < BOARD_SIZE; r++) {
    let row = '';
    let empty = 0;
    for (let c = 0; c < BOARD_SIZE; c++) {
      const cell = board[r * BOARD_SIZE + c];
      if (!cell) {
        empty++;
        continue;
      }
      if (empty > 0) row += String(empty);
      empty = 0;
      row += faceText(cell.letter, cell.blank);
    }
    if (empty > 0) row += String(empty);
    rows.push(row);
  }
  return rows.join('/');
}

const rackText = (rack: readonly string[]): string => rack.map((f) => (f === '?' ? '?' : faceText(f, false))).join('');

/** Writes a position as one CGP line. */
export function writeCgp(p: CgpPosition): string {
  const ops: string[] = [];
  if (p.lexicon && /^[^\s;]+$/.test(p.lexicon)) ops.push(`lex ${p.lexicon};`);
  ops.push(`ld ${p.tileSet};`);
  return `${cgpBoard(p.board)} ${rackText(p.racks[0])}/${rackText(p.racks[1])} ${p.scores[0]}/${p.scores[1]} ${p.zeros} ${ops.join(' ')}`;
}

/** Reads a sequence of faces (a row's letters or a rack); `null` entries are empty squares. */
function readFaces(
  text: string,
  tileSet: TileSetName,
  allowDigits: boolean,
  allowDots = false,
): { readonly cells: (PlacedTile | null | '?')[] } | { readonly error: AnalysisMessage } {
  const set = TILE_SETS[tileSet];
  const cells: (PlacedTile | null | '?')[] = [];
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (allowDigits && ch >= '0' && ch <= '9') {
      let j = i;
      while (j < chars.length && chars[j] >= '0' && chars[j] <= '9') j++;
      const n = Number(chars.slice(i, j).join(''));
      if (n < 1 || n > BOARD_SIZE) return { error: msg('cgp.bad-run', { run: chars.slice(i, j).join('') }) };
      for (let k = 0; k < n; k++) cells.push(null);
      i = j - 1;
      continue;
    }
    if (ch === '.' && allowDots) {
      cells.push(null);
      continue;
    }
    if (ch === '?' && !allowDigits) {
      cells.push('?');
      continue;
    }
    let face = ch;
    if (ch === '[') {
      const close = chars.indexOf(']', i);
      if (close < 0) return { error: msg('cgp.unclosed') };
      face = chars.slice(i + 1, close).join('');
      i = close;
    }
    const upper = face.toUpperCase();
    if (upper === '?' || !set.has(upper)) return { error: msg('cgp.foreign-tile', { tile: face, set: tileSet }) };
    // A digraph written without brackets would be two tiles: C then H (Macondo reads it so too).
    const blank = face !== upper;
    if (blank && !allowDigits && !allowDots) return { error: msg('cgp.rack-lower', { tile: face }) };
    cells.push({ letter: upper, blank, turn: -1 });
  }
  return { cells };
}

/** The tile set a CGP names (`ld`), or, without one, the one its lexicon name or tiles point to. */
function tileSetOf(ld: string | undefined, lexicon: string | undefined, text: string): TileSetName | AnalysisMessage {
  if (ld !== undefined) {
    const name = ld.toLowerCase();
    if (name === 'spanish' || name === 'english') return name;
    return msg('cgp.unknown-distribution', { name: ld });
  }
  if (lexicon && /^(FILE|FISE|es)/i.test(lexicon)) return 'spanish';
  if (lexicon && /^(NWL|CSW|TWL|SOWPODS|ECWL|CEL|NSWL)/i.test(lexicon)) return 'english';
  if (/[KWkw]/.test(text)) return 'english';
  return 'spanish';
}

/** Reads one CGP line; `{ error }` with one message when it is not a position (never throws). */
export function readCgp(input: string): { readonly cgp: CgpPosition } | { readonly error: AnalysisMessage } {
  if (typeof input !== 'string') return { error: msg('cgp.fields') };
  const text = input.trim();
  if (text.length > 4000) return { error: msg('cgp.too-long') };
  const fields = /^(\S+)\s+(\S*?)\s+(\S+)\s+(\S+)\s*([^]*)$/.exec(text);
  if (!fields) return { error: msg('cgp.fields') };
  const [, rowsField, racksField, scoresField, zerosField, rest] = fields;
  // Opcodes: everything after the fourth field, `name value;` each.
  const opcodes: [string, string][] = [];
  for (const part of rest.split(';')) {
    const op = part.trim();
    if (!op) continue;
    const space = op.search(/\s/);
    opcodes.push(space < 0 ? [op, ''] : [op.slice(0, space), op.slice(space + 1).trim()]);
  }
  const opcode = (name: string): string | undefined => opcodes.find(([n]) => n === name)?.[1];
  const lexicon = opcode('lex') || undefined;
  const set = tileSetOf(opcode('ld'), lexicon, `${rowsField} ${racksField}`);
  if (typeof set !== 'string') return { error: set };
  const rows = rowsField.split('/');
  if (rows.length !== BOARD_SIZE) return { error: msg('cgp.rows', { n: rows.length }) };
  const board: (PlacedTile | null)[] = [];
  for (let r = 0; r < BOARD_SIZE; r++) {
    const read = readFaces(rows[r], set, true);
    if ('error' in read) return { error: msg('cgp.row', { row: r + 1 }, read.error) };
    if (read.cells.length !== BOARD_SIZE) return { error: msg('cgp.row', { row: r + 1 }, msg('cgp.row-length', { n: read.cells.length })) };
    board.push(...(read.cells as (PlacedTile | null)[]));
  }
  const racks = racksField.split('/');
  if (racks.length !== 2) return { error: msg('cgp.racks') };
  const rackFaces: string[][] = [];
  for (const rack of racks) {
    const read = readFaces(rack, set, false);
    if ('error' in read) return { error: read.error };
    if (read.cells.length > RACK_SIZE) return { error: msg('cgp.rack-size', { rack, max: RACK_SIZE }) };
    rackFaces.push(read.cells.map((c) => (c === '?' ? '?' : c!.letter)));
  }
  const scores = scoresField.split('/');
  if (scores.length !== 2 || !scores.every((s) => /^-?\d{1,6}$/.test(s))) return { error: msg('cgp.scores', { scores: scoresField }) };
  if (!/^\d{1,3}$/.test(zerosField)) return { error: msg('cgp.zeros', { zeros: zerosField }) };
  // Every tile kind must fit in the set (board and both racks).
  const tiles = TILE_SETS[set];
  const counts = new Map<string, number>();
  const add = (face: string): void => void counts.set(face, (counts.get(face) ?? 0) + 1);
  for (const c of board) if (c) add(c.blank ? '?' : c.letter);
  for (const rack of rackFaces) for (const f of rack) add(f);
  for (const [face, n] of counts)
    if (n > tiles.count(face))
      return { error: msg('cgp.too-many', { n, tile: face === '?' ? '?' : faceText(face, false), max: tiles.count(face) }) };
  if (board.length !== SQUARE_COUNT) return { error: msg('cgp.rows', { n: rows.length }) };
  return {
    cgp: {
      board,
      racks: [rackFaces[0], rackFaces[1]],
      scores: [Number(scores[0]), Number(scores[1])],
      zeros: Number(zerosField),
      tileSet: set,
      ...(lexicon ? { lexicon } : {}),
      opcodes,
    },
  };
}

/** Kinds of event that are a turn of their own and may score nothing (art. 37.3 counts them). */
const SCORELESS_KINDS = new Set(['pass', 'exchange', 'withdrawn']);
const PLAY_KINDS = new Set(['placement', 'score-only', 'word']);

/**
 * The position after the first `count` events of a replay (0: the empty board), as CGP: the
 * board `planilla board --turn count` shows, the player of the next event to move (after the
 * last event, the other player of the last turn), racks only where the sheet gives them whole,
 * the true totals, the scoreless turns in a row, `lex` from the record's `#lexicon`.
 */
export function cgpAfter(r: Replay, count: number): CgpPosition {
  const prev = count > 0 ? r.turns[count - 1] : undefined;
  const next = r.turns[count];
  let mover = next && next.player >= 0 ? next.player : 0;
  if (!next) {
    const last = r.turns
      .slice(0, count)
      .reverse()
      .find((t) => t.player >= 0);
    mover = last ? 1 - last.player : 0;
  }
  const opp = 1 - mover;
  const board = prev ? prev.board : (new Array<PlacedTile | null>(SQUARE_COUNT).fill(null) as BoardCells);
  const whole = (rack: { tiles: readonly string[]; complete: boolean } | undefined): readonly string[] =>
    rack && rack.complete ? rack.tiles : [];
  let moverRack = next && next.player === mover ? whole(next.rackBefore) : [];
  if (moverRack.length === 0 && prev) moverRack = whole(prev.racks[mover]);
  const oppRack = prev ? whole(prev.racks[opp]) : [];
  const totals = prev ? prev.totals : ([0, 0] as const);
  let zeros = 0;
  for (let i = count - 1; i >= 0; i--) {
    const t = r.turns[i];
    if (SCORELESS_KINDS.has(t.kind)) {
      zeros++;
      // A withdrawn play and the placement it takes back are one turn.
      if (t.kind === 'withdrawn' && i > 0 && PLAY_KINDS.has(r.turns[i - 1].kind)) i--;
    } else if (PLAY_KINDS.has(t.kind) && t.computedScore === 0) zeros++;
    else if (PLAY_KINDS.has(t.kind)) break;
  }
  const lexPragma = r.file.pragmas.find((p) => p.name === 'lexicon');
  const lexicon = lexPragma ? lexPragma.args.text.trim().split(/\s+/)[0] : '';
  return {
    board,
    racks: [moverRack, oppRack],
    scores: [totals[mover], totals[opp]],
    zeros,
    tileSet: r.tileSet,
    ...(lexicon ? { lexicon } : {}),
  };
}

/**
 * The analysis position of a CGP (the player to move and the first rack), for `moves --cgp`:
 * the bag is what the set holds minus the board, the mover's rack and, when known, the
 * opponent's rack (else seven tiles, or all there are, are taken to be on it).
 */
export function positionFromCgp(cgp: CgpPosition): { readonly position: Position } | { readonly error: AnalysisMessage } {
  if (cgp.racks[0].length === 0) return { error: msg('cgp.no-rack') };
  const set = TILE_SETS[cgp.tileSet];
  const onBoard = cgp.board.filter((c) => c !== null).length;
  const unseen = set.total - onBoard - cgp.racks[0].length;
  const bag = cgp.racks[1].length > 0 ? unseen - cgp.racks[1].length : Math.max(0, unseen - RACK_SIZE);
  return {
    position: {
      board: cgp.board,
      rack: cgp.racks[0],
      bag: Math.max(0, bag),
      scores: cgp.scores,
      rules: cgp.tileSet === 'english' ? 'naspa' : 'fise',
      tileSet: cgp.tileSet,
    },
  };
}

/**
 * A final board given as text: one CGP line, or 15 rows as `moves --stdin` takes them (`.` an
 * empty square, a blank in lower case, digraphs in brackets; blank lines and `#` lines skipped).
 * The tile set is the CGP's, or `tileSet` for rows. Never throws.
 */
export function readBoardText(
  text: string,
  tileSet: TileSetName,
): { readonly board: BoardCells; readonly tileSet: TileSetName } | { readonly error: AnalysisMessage } {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  if (lines.length === 1) {
    const read = readCgp(lines[0]);
    return 'error' in read ? read : { board: read.cgp.board, tileSet: read.cgp.tileSet };
  }
  if (lines.length !== BOARD_SIZE) return { error: msg('cgp.board-text', { n: lines.length }) };
  const board: (PlacedTile | null)[] = [];
  for (let r = 0; r < BOARD_SIZE; r++) {
    const read = readFaces(lines[r], tileSet, false, true);
    if ('error' in read) return { error: msg('cgp.text-row', { row: r + 1 }, read.error) };
    if (read.cells.length !== BOARD_SIZE || read.cells.includes('?'))
      return { error: msg('cgp.text-row', { row: r + 1 }, msg('cgp.row-length', { n: read.cells.length })) };
    board.push(...(read.cells as (PlacedTile | null)[]));
  }
  const counts = new Map<string, number>();
  for (const c of board) if (c) counts.set(c.blank ? '?' : c.letter, (counts.get(c.blank ? '?' : c.letter) ?? 0) + 1);
  for (const [face, n] of counts)
    if (n > TILE_SETS[tileSet].count(face)) return { error: msg('cgp.too-many', { n, tile: face, max: TILE_SETS[tileSet].count(face) }) };
  return { board, tileSet };
}
