/**
 * What the replay returns: one immutable state per event, and the findings (RULES.md).
 * Pure data; no editor types. The service layer and the CLI read these and nothing else.
 *
 * Invariants:
 * - `Replay.turns[i].event === file.events[i]` (one state per event line, in order).
 * - Totals in a TurnState are the TRUE running totals (computed), never the sheet's; the sheet's
 *   numbers are kept beside them (`declaredScore`, `declaredTotal`).
 * - States are never mutated after they are returned. Consecutive states may share one rack
 *   array when it did not change; nothing ever writes to them. `board` and `unseen` are worked out
 *   the first time they are read (most states are never asked) and are the same whenever read.
 *
 * Example:
 *   const r = replay(parse(text).file, { lexicon });
 *   r.turns.at(-1)?.totals;  // [364, 322]
 */
import type { EventKind, EventNode, Span, GcgFile } from '../syntax/types';
import type { Edition, Finding, FindingCode, Severity } from '../rules/types';
import type { Lexicon } from '../lexicon/types';

export type TileSetName = 'spanish' | 'english';

/** One square's content. `letter` is the canonical face ('A', 'CH', 'Ñ'); blanks keep the designated letter. */
export interface PlacedTile {
  readonly letter: string;
  readonly blank: boolean;
  /** Index of the turn (into Replay.turns) that placed it. */
  readonly turn: number;
}

/** 15×15 board, row-major (index = row * 15 + col); null = empty. */
export type BoardCells = readonly (PlacedTile | null)[];

export type PremiumKind = 'TW' | 'DW' | 'TL' | 'DL' | null;

/** One square of a scored word. */
export interface ScoredSquare {
  readonly row: number;
  readonly col: number;
  readonly letter: string;
  readonly blank: boolean;
  /** Placed in this turn (premiums count only then, art. 17). */
  readonly isNew: boolean;
  readonly value: number;
  readonly letterMultiplier: number;
  readonly wordMultiplier: number;
  /** value × letterMultiplier. */
  readonly points: number;
}

export interface ScoredWord {
  /** The word in tile letters, upper case ('CHULETAS'). */
  readonly word: string;
  /** Normalised for the lexicon ('chuletas'). */
  readonly normalized: string;
  readonly main: boolean;
  readonly direction: 'across' | 'down';
  readonly squares: readonly ScoredSquare[];
  readonly letterSum: number;
  readonly wordMultiplier: number;
  readonly score: number;
  /** Lexicon verdict; undefined when no lexicon was asked (e.g. English). */
  readonly accepted?: boolean;
}

/** What is known of a rack: the tiles, and whether the sheet listed the whole rack. */
export interface RackInfo {
  /** Canonical letters, '?' for a blank ('A', 'CH', '?'). */
  readonly tiles: readonly string[];
  /** True when the rack is known to be complete (7 tiles, or all the bag allowed). */
  readonly complete: boolean;
}

/** Several readings of a plain-notation rack fit a turn; `chosen` is the one the replay used. */
export interface RackReadingNote {
  readonly chosen: readonly string[];
  readonly alternatives: readonly (readonly string[])[];
}

export interface TurnState {
  /** Index in Replay.turns. */
  readonly index: number;
  readonly event: EventNode;
  readonly kind: EventKind;
  /** 0 or 1 (player1 / player2); -1 when the nick matches no player. */
  readonly player: number;
  /** Board after this event. */
  readonly board: BoardCells;
  /** Racks as far as known after this event (index = player). */
  readonly racks: readonly [RackInfo, RackInfo];
  /** The rack the mover held before this event, as read from the sheet (chosen reading). */
  readonly rackBefore?: RackInfo;
  /**
   * Plain notation only: the written rack could be read in several ways that all fit the turn
   * (an upper-case `RR` as one tile or two); the engine took the digraph reading. The service
   * shows it as a hint (catalogue id `engine.rack-reading`).
   */
  readonly rackReading?: RackReadingNote;
  /** Tiles left in the bag after this event. */
  readonly bag: number;
  /** Unseen tiles from the mover's point of view after this event (bag + opponent's rack): letter → count. */
  readonly unseen: Readonly<Record<string, number>>;
  readonly declaredScore?: number;
  readonly computedScore: number;
  readonly declaredTotal?: number;
  /** The mover's true running total after this event. */
  readonly computedTotal: number;
  /** True running totals of both players after this event. */
  readonly totals: readonly [number, number];
  /** The sheet's running totals as declared up to this event (last declared per player). */
  readonly declaredTotals: readonly [number | null, number | null];
  /** Words formed (placements only; empty otherwise), main word first. */
  readonly words: readonly ScoredWord[];
  /** Bingo bonus applied (art. 19). */
  readonly bingo: number;
  /** Squares placed in this turn. */
  readonly placed: readonly { row: number; col: number; letter: string; blank: boolean }[];
  /** Set when the game is over after this event (reason and article). */
  readonly gameOver?: GameEnd;
  /**
   * The play of this turn was not checked: a score-only line, or a placement after one (the
   * board is then not known). Its computed score is the sheet's.
   */
  readonly playNotChecked?: true;
  /** Set when the play breaks a rule of placement or of the tiles: the views mark it illegal. */
  readonly illegal?: IllegalPlay;
  /** A word without a coordinate: where it went (kind `word` only). */
  readonly wordSearch?: WordSearchNote;
}

/** One placement a word without a coordinate may have had (engine/word-search.ts). */
export interface WordCandidate {
  /** GCG coordinate (`8D`, `D8`). */
  readonly coord: string;
  /** GCG play: the new tiles as written, `.` for the board's tiles. */
  readonly play: string;
  readonly score: number;
}

/**
 * Where a word without a coordinate went (kind `word`): `located` when one placement fits the
 * score and the later lines (the turn is then replayed as that placement), `ambiguous` when
 * several do (the turn then counts as a score-only line), `nowhere` when none scores the sheet's
 * score (`nearest` holds the closest), `unknown-board` after a score-only line (nothing to search).
 */
export interface WordSearchNote {
  /**
   * `rack`: a line with one tile string before the score that no placement of it fits, read as
   * the rack of a score-only line (NOTATION.md, "One tile string before the score").
   */
  readonly status: 'located' | 'ambiguous' | 'nowhere' | 'unknown-board' | 'rack';
  /** The score searched for (the sheet's, or the one its totals give); undefined: not known. */
  readonly score?: number;
  /** `located`: the one placement; `ambiguous`: every candidate, likeliest first. */
  readonly candidates: readonly WordCandidate[];
  /** `nowhere`: the legal placements closest in score; `doubtful`: the clean placements nearest in score. */
  readonly nearest: readonly WordCandidate[];
  /**
   * `ambiguous` only: the sheet's score is made only through a word the list refuses (`candidates`)
   * while clean placements make other scores (`nearest`): a phony nobody challenged or a
   * miscopied score; the line is never decided (NOTATION.md).
   */
  readonly doubtful?: boolean;
  /**
   * `unknown-board` only, when no score-only line made the board unknown: the 0-based line it
   * depends on, and why (`undecided`: that word was replayed as a guess and a later word fit
   * nowhere on it; `unplaced`: that word fit nowhere).
   */
  readonly after?: number;
  readonly afterWhy?: 'undecided' | 'unplaced';
  /**
   * `located` only, the first move of a sheet with no coordinate at all: the across placement is
   * written; its mirror across the diagonal (this one, down) makes the same game, with every
   * later play mirrored too. The sheet cannot tell them apart.
   */
  readonly mirror?: WordCandidate;
  /** Candidates the later lines or an unaccepted cross word set aside (for the explanation). */
  readonly setAside: readonly WordCandidate[];
  /**
   * The line's one tile string could also be a rack: taken as the word (located, ambiguous: a
   * hint when it could be a whole rack), or on a board not known (unknown-board), either.
   */
  readonly alsoRack?: true;
}

/** What makes a play illegal: the finding's code and the squares at fault (on the board). */
export interface IllegalPlay {
  readonly code: FindingCode;
  readonly squares: readonly { readonly row: number; readonly col: number }[];
}

export type GameEndReason =
  | 'out' /* 37.4 / 40.3: a player empties the rack with the bag empty */
  | 'passes' /* 37.2 / 40.2: both players pass twice in a row */
  | 'scoreless' /* 37.3: twelve scoreless turns */
  | 'blocked' /* 37.1 / 40.1 (declared with #game-end blocked) */
  | 'time' /* 37.5 / 40.4 (declared with #game-end time) */
  | 'naspa-zeros'; /* six scoreless turns (NASPA) */

export interface GameEnd {
  readonly reason: GameEndReason;
  /** Article in the selected edition ('37.4'). */
  readonly article: string;
  /** Index of the turn after which the game ended. */
  readonly afterTurn: number;
}

export interface ReplayOptions {
  /** Overrides the file's `#rules`. */
  readonly rules?: Edition;
  /** Overrides the file's tile set detection. */
  readonly tileSet?: TileSetName;
  /** Word list; when absent, no word is judged. */
  readonly lexicon?: Lexicon;
  /** Minimum tiles in the bag for an exchange (default: 1 under fise*, 7 under naspa; art. 24). */
  readonly exchangeMinimum?: number;
  /** Severity overrides per code (settings). */
  readonly severities?: Partial<Record<FindingCode, Severity>>;
}

export interface PlayerInfo {
  readonly nick: string;
  readonly name: string;
  readonly nickSpan?: Span;
}

export interface Replay {
  readonly file: GcgFile;
  readonly rules: Edition;
  /** Why this edition: 'option', 'pragma', 'default'. */
  readonly rulesSource: 'option' | 'pragma' | 'default';
  readonly tileSet: TileSetName;
  readonly tileSetSource: 'option' | 'tile-distribution' | 'lexicon' | 'rules' | 'k-w' | 'default';
  readonly players: readonly [PlayerInfo, PlayerInfo];
  readonly turns: readonly TurnState[];
  /**
   * Findings of the replay, sorted by position. Syntax problems (ErrorLine nodes and
   * ParseResult.problems) are turned into findings by service/document.ts, not here.
   */
  readonly findings: readonly Finding[];
  /**
   * True running totals after every line (and a penalty a clock over time calls for with no
   * `(time)` line, art. 32).
   */
  readonly final: readonly [number, number];
  /**
   * The scores under the edition in force: `final`, with a one-line `+2R` ending read as FISE's
   * ±R (same spread) and a missing end adjustment applied where its amount is known. Provisional
   * while `complete` is false.
   */
  readonly result: readonly [number, number];
  /** The game reached its end (a rule of art. 37 / 40, or a declared `#game-end`), and the record is not `#incomplete`. */
  readonly complete: boolean;
  /** The sheet's own last total of each player (null: none written). */
  readonly declaredFinal: readonly [number | null, number | null];
  readonly gameEnd?: GameEnd;
  /**
   * Set when some plays were not checked (art. 5.1: score-only lines hold a paper sheet's numbers;
   * after one, the board is not known, so later placements are not checked either): how many
   * turns, and the first such line (where the editor says so, once).
   */
  readonly playsNotChecked?: { readonly count: number; readonly line: number; readonly span: Span };
  /**
   * The tokens read in the other tile notation than the file's (a bracket file's `rr` that fits its
   * turn only as the RR tile; NOTATION.md, `#tile-notation`), in line order, each with its tiles as
   * the replay read them, in bracket notation (`AALORV[LL]`, `[LL]ORA`): what `format` and
   * `export` write for it.
   */
  readonly otherNotation: readonly OtherNotationToken[];
}

/** A token read in the other tile notation, and its tiles as read, in brackets. */
export interface OtherNotationToken {
  readonly span: Span;
  readonly text: string;
  readonly brackets: string;
}
