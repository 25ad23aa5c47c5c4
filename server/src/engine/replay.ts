/**
 * replay(file, options) → Replay: plays a parsed record move by move under the selected rules
 * edition (RULES.md), keeping the board, both racks as far as known, the bag and both true totals,
 * and reports findings with the article of the edition they rest on.
 *
 * Invariants:
 * - Pure and synchronous; never throws for any tree; one immutable TurnState per event line
 *   (`turns[i].event === file.events[i]`), each with its own board array.
 * - Totals in the states are the true running totals; the sheet's numbers are kept beside them.
 * - No cascades: one wrong number on the sheet gives exactly one finding. `score-mismatch` compares
 *   a line's declared amount with the computed one; `cumulative-mismatch` flags only the sheet's own
 *   addition (declared total against the previous declared total plus this line's amount, where a
 *   total already reported as wrong and an amount already reported as wrong are forgiven once).
 *   A placement whose geometry is wrong reports the geometry, not its score as well.
 * - After an illegal placement the replay goes on with the tiles placed as written.
 * - Syntax problems are not reported here (service/analysis.ts merges them).
 *
 * Example:
 *   const r = replay(parse(text).file, { lexicon });
 *   r.final;                         // [364, 322]
 *   r.findings.map((f) => f.code);   // []
 */
import { makeFinding, type MakeFindingOptions } from '../rules/registry';
import type { Edition, Finding, FindingCode, MessageArgs, RelatedInfo } from '../rules/types';
import type { EventKind, EventNode, GcgFile, LineNode, PragmaNode, RackNode, Span, TileRef, Token } from '../syntax/types';
import { normalizeQuery } from '../lexicon/normalize';
import { explainRejection } from '../lexicon/reasons';
import { BOARD_SIZE, squareIndex } from './board';
import { resolvePlacement, type Issue, type PlacedNewTile, type PlayTile } from './placement';
import {
  chooseReading,
  countOf,
  formatTiles,
  mergeTiles,
  missingFrom,
  rackFace,
  removeTiles,
  sameTiles,
  sortTiles,
} from './racks';
import { scorePlacement } from './scoring';
import { settle, type Settled } from './setup';
import { RACK_SIZE, TILE_SETS, type TileSet } from './tilesets';
import type {
  BoardCells,
  GameEnd,
  GameEndReason,
  PlacedTile,
  RackInfo,
  RackReadingNote,
  Replay,
  ReplayOptions,
  ScoredWord,
  TurnState,
} from './types';

/** The rulings of a play no `#challenge valid` followed (shared, never added to: see validRuling). */
const NO_RULINGS: Set<string> = new Set<string>();

/** Rack text that Woogles writes when it does not know the rack. */
const UNKNOWN_RACK = 'UNKNOWN';

/** Article of each game end, per edition family (art. 37 current; art. 40 older; none for NASPA). */
function endArticle(reason: GameEndReason, edition: Edition): string {
  if (edition === 'naspa') return '';
  const current = edition === 'fise';
  switch (reason) {
    case 'blocked':
      return current ? '37.1' : '40.1';
    case 'passes':
      return current ? '37.2' : '40.2';
    case 'scoreless':
      return '37.3';
    case 'out':
      return current ? '37.4' : '40.3';
    case 'time':
      return current ? '37.5' : '40.4';
    case 'naspa-zeros':
      return '';
  }
}

interface PlayerState {
  total: number;
  /** Tiles known to be on the rack. */
  known: string[];
  /** Tiles on the rack (exact: it follows from the tiles placed and the bag). */
  size: number;
  /** The event whose written rack `known` last came from. */
  knownFrom?: EventNode;
  /** Declared totals the next line may build on (more than one after a reported slip). */
  bases: number[];
  /** The last declared total, and where. */
  declaredTotal: number | null;
  declaredTotalToken?: Token<number>;
}

interface PlacementRecord {
  readonly turn: number;
  readonly event: EventNode;
  readonly player: number;
  readonly newTiles: readonly PlacedNewTile[];
  readonly drawn: number;
  readonly computed: number;
  readonly declared?: number;
  readonly words: readonly ScoredWord[];
  readonly before: {
    readonly known: string[];
    readonly knownFrom?: EventNode;
    readonly size: number;
    readonly passRun: number;
    readonly scorelessRun: number;
    readonly gameEnd?: EndState;
    readonly bases: number[];
  };
  /** The score-mismatch finding of the play, if any (withdrawn in the old `-- +0` form). */
  scoreFinding?: Finding;
  withdrawn: boolean;
  /**
   * The play is misplaced or holds a letter no tile can be: its words are not judged (the finding
   * already says what is wrong with them).
   */
  readonly misplaced: boolean;
  /** Words an arbiter ruled valid (`#challenge valid`): never reported as unaccepted. */
  ruledValid: Set<string>;
}

interface EndState extends GameEnd {
  /** 0-based line of the event (or pragma) that ended the game. */
  readonly line: number;
  readonly event?: EventNode;
  /** Who went out (reason 'out'). */
  readonly finisher?: number;
}

/** What a line's handler hands back to the common bookkeeping. */
interface Outcome {
  computed: number;
  /** Declared amounts that count as "right" for the sheet's addition (beyond the declared one). */
  alsoFine?: number[];
  /** Replaces the usual bases + amount candidates (the old `-- +0 T` form). */
  expectedTotals?: number[];
  rackBefore?: RackInfo;
  rackReading?: RackReadingNote;
  words?: readonly ScoredWord[];
  bingo?: number;
  placed?: readonly PlacedNewTile[];
  /** A withdrawal that took a play back. */
  withdrew?: boolean;
  /** The play was not checked (score-only line, or a placement after one). */
  unchecked?: true;
}

class Replayer {
  private readonly set: TileSet;
  private readonly spanish: boolean;
  private readonly edition: Edition;
  private readonly board: (PlacedTile | null)[] = new Array<PlacedTile | null>(BOARD_SIZE * BOARD_SIZE).fill(null);
  /** Every change of `board` in order (states rebuild their board from it when asked). */
  private readonly boardLog: BoardLog = { squares: [], tiles: [] };
  /** Tiles on the board by kind of the set ('?' for blanks), indexed as `set.kinds`. */
  private readonly onBoard: Int32Array;
  /** Tiles on the board whose face the set lacks (a foreign letter placed as written). */
  private readonly foreignOnBoard = new Map<string, number>();
  private readonly kinds: KindTable;
  /** The RackInfo each player's last state showed, and the rack it was made from. */
  private readonly lastRack: ({ known: readonly string[]; size: number; info: RackInfo } | undefined)[] = [undefined, undefined];
  private bag: number;
  private readonly players: [PlayerState, PlayerState];
  private lastTurnPlayer = -1;
  private lastTurnEvent?: EventNode;
  private lastEvent?: EventNode;
  private passRun = 0;
  private scorelessRun = 0;
  private end?: EndState;
  private endReported = false;
  private readonly records: PlacementRecord[] = [];
  /** The latest placement of each player that is still their latest turn. */
  private readonly lastPlacement: [PlacementRecord | undefined, PlacementRecord | undefined] = [undefined, undefined];
  private endAdd?: { form: 'R' | '2R'; event: EventNode; amount: number };
  private readonly deducted: [boolean, boolean] = [false, false];
  private readonly findings: Finding[] = [];
  private readonly turns: TurnState[] = [];
  /**
   * Set by the first score-only line (art. 5.1, a paper sheet's numbers): from then on the board
   * and the bag are not known, so plays are not checked, only what the numbers tell.
   */
  private blind = false;
  /** Turns whose play was not checked (score-only lines, and placements after one), and the first. */
  private unchecked = 0;
  private firstUnchecked?: EventNode;
  /** Blind: the tiles left at the end as the `(RACK)` line wrote them (the board cannot tell). */
  private writtenRemaining?: string[];

  constructor(
    private readonly file: GcgFile,
    private readonly options: ReplayOptions,
    private readonly s: Settled,
  ) {
    this.set = TILE_SETS[s.tileSet];
    this.kinds = kindTable(this.set);
    this.onBoard = new Int32Array(this.set.kinds.length);
    this.spanish = s.tileSet === 'spanish';
    this.edition = s.rules;
    this.bag = this.set.total - 2 * RACK_SIZE;
    const fresh = (): PlayerState => ({ total: 0, known: [], size: RACK_SIZE, bases: [0], declaredTotal: null });
    this.players = [fresh(), fresh()];
  }

  run(): Replay {
    for (const line of this.file.lines) this.line(line);
    this.finish();
    const findings = this.findings.slice().sort((a, b) => a.span.start.offset - b.span.start.offset || a.span.end.offset - b.span.end.offset);
    const last = this.turns[this.turns.length - 1];
    return {
      file: this.file,
      rules: this.s.rules,
      rulesSource: this.s.rulesSource,
      tileSet: this.s.tileSet,
      tileSetSource: this.s.tileSetSource,
      players: this.s.players,
      turns: this.turns,
      findings,
      final: last ? last.totals : [0, 0],
      ...(this.end ? { gameEnd: { reason: this.end.reason, article: this.end.article, afterTurn: this.end.afterTurn } } : {}),
      ...(this.firstUnchecked ? { playsNotChecked: { count: this.unchecked, line: this.firstUnchecked.line, span: this.firstUnchecked.span } } : {}),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Findings

  private report(code: FindingCode, span: Span, args: MessageArgs, opts: Omit<MakeFindingOptions, 'severities'> = {}): Finding {
    const f = makeFinding(code, this.edition, span, args, { ...opts, severities: this.options.severities });
    this.findings.push(f);
    return f;
  }

  private issue(i: Issue): void {
    this.report(i.code, i.span, i.args, i.messageId ? { messageId: i.messageId } : {});
  }

  private nick(p: number): string {
    return this.s.players[p]?.nick ?? '';
  }

  // ---------------------------------------------------------------------------------------------
  // Lines

  private line(line: LineNode): void {
    if (line.type === 'event') this.event(line);
    else if (line.type === 'pragma') this.pragma(line);
  }

  private pragma(p: PragmaNode): void {
    if (p.name === 'game-end') {
      const reason = p.reason.value === 'time' ? 'time' : p.reason.value === 'blocked' ? 'blocked' : undefined;
      if (reason && !this.end) {
        // 37.5 / 40.4 (time) and 37.1 / 40.1 (nobody can play): declared, not inferred.
        this.end = { reason, article: endArticle(reason, this.edition), afterTurn: this.turns.length - 1, line: p.line };
      }
    } else if (p.name === 'challenge' && p.ruling.value === 'valid') {
      this.validRuling(p.words);
    }
  }

  /** `#challenge valid WORD…` after a placement (art. 34–35): compare the ruling with the lexicon. */
  private validRuling(words: readonly Token[]): void {
    const record = this.records[this.records.length - 1];
    const lexicon = this.judging();
    for (const w of words) {
      const norm = normalizeQuery(w.text.replace(/[[\]]/g, '')) ?? w.text.toLowerCase();
      if (record) {
        if (record.ruledValid === NO_RULINGS) record.ruledValid = new Set<string>();
        record.ruledValid.add(norm);
      }
      if (lexicon && !lexicon.has(norm)) this.report('valid-ruling-not-in-lexicon', w.span, { word: w.text });
    }
  }

  /** The lexicon, when words are judged (a lexicon is given and the tile set is Spanish). */
  private judging() {
    return this.spanish ? this.options.lexicon : undefined;
  }

  private playerOf(e: EventNode, isTurn: boolean): { player: number; known: boolean } {
    const i = this.s.players.findIndex((p) => p.nick === e.nick.text);
    if (i >= 0) return { player: i, known: true };
    this.report('unknown-player', e.nick.span, { nick: e.nick.text, player1: this.nick(0), player2: this.nick(1) });
    // Keep the accounts going: the player whose turn it is (or who just moved).
    const last = this.lastTurnPlayer;
    return { player: isTurn ? (last < 0 ? 0 : 1 - last) : last < 0 ? 0 : last, known: false };
  }

  private event(e: EventNode): void {
    const isTurn = e.kind === 'placement' || e.kind === 'pass' || e.kind === 'exchange' || e.kind === 'score-only';
    const { player: p, known } = this.playerOf(e, isTurn);
    if (isTurn) this.turnOrder(e, p);
    let outcome: Outcome;
    switch (e.kind) {
      case 'placement':
        outcome = this.placement(e, p);
        break;
      case 'pass':
        outcome = this.pass(e, p);
        break;
      case 'exchange':
        outcome = this.exchange(e, p);
        break;
      case 'withdrawn':
        outcome = this.withdrawn(e, p);
        break;
      case 'challenge-bonus':
        outcome = this.challengeBonus(e, p);
        break;
      case 'end-rack':
        outcome = this.endRack(e, p);
        break;
      case 'rack-deduction':
        outcome = this.rackDeduction(e, p);
        break;
      case 'time-penalty':
        outcome = this.timePenalty(e, p);
        break;
      case 'arbiter-penalty':
        outcome = this.arbiterPenalty(e, p);
        break;
      case 'score-only':
        outcome = this.scoreOnly(e, p);
        break;
    }
    if (e.kind !== 'placement' && e.kind !== 'withdrawn') this.players[p].total += outcome.computed;
    this.checkTotal(e, p, outcome);
    if (e.kind === 'pass' || e.kind === 'exchange' || (e.kind === 'withdrawn' && outcome.withdrew)) this.checkRunEnd(e);
    this.pushTurn(e, known ? p : -1, p, outcome);
    this.lastEvent = e;
    if (isTurn) {
      this.lastTurnPlayer = p;
      this.lastTurnEvent = e;
    }
  }

  /** Players alternate (art. 5.1, 29); the first move after the end of the game is reported once. */
  private turnOrder(e: EventNode, p: number): void {
    // NASPA double challenge: the opponent who challenges the going-out play in vain loses a turn,
    // written as a pass right after it; that pass belongs to the last turn, not after the end.
    const failedChallenge =
      this.edition === 'naspa' && this.end?.reason === 'out' && e.kind === 'pass' && p !== this.end.finisher && this.lastEvent === this.end.event;
    if (this.end && !this.endReported && !failedChallenge) {
      this.endReported = true;
      const related: RelatedInfo[] = this.end.event ? [{ span: this.end.event.span, messageId: 'related.game-end', args: {} }] : [];
      const code: FindingCode = this.end.reason === 'scoreless' ? 'scoreless-turns-end' : 'move-after-game-end';
      this.report(code, e.span, { line: this.end.line + 1 }, { related, ...(code === 'move-after-game-end' && this.end.article ? { article: this.end.article } : {}) });
    }
    if (this.lastTurnPlayer >= 0 && p === this.lastTurnPlayer) {
      const prev = this.lastTurnEvent;
      this.report('out-of-turn', e.nick.span, { nick: e.nick.text, expected: this.nick(1 - p) }, {
        related: prev ? [{ span: prev.nick.span, messageId: 'related.previous-turn', args: { nick: prev.nick.text } }] : [],
      });
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Racks

  private unseen(face: string): number {
    const i = this.kinds.index.get(face);
    return i === undefined ? -(this.foreignOnBoard.get(face) ?? 0) : this.set.kinds[i]!.count - this.onBoard[i]!;
  }

  private rackIsKnown(rack: RackNode | undefined): rack is RackNode {
    return !!rack && rack.text !== UNKNOWN_RACK && rack.pieces.length > 0;
  }

  private readingsOf(rack: RackNode): readonly (readonly TileRef[])[] {
    return this.spanish ? rack.readings : [rack.singles];
  }

  /**
   * Reads the rack written on a turn line and checks it: at most 7 tiles (art. 8, 29), letters of
   * the set (art. 3), no more copies than remain unseen (art. 3), and it keeps what the player's
   * previous turn left (art. 29, a warning; only for a rack of the full size).
   */
  private readRack(
    e: EventNode,
    p: number,
    needed: (reading: readonly TileRef[]) => readonly string[],
  ): { tiles: string[]; reading: readonly TileRef[]; note?: RackReadingNote; foreign?: string } | undefined {
    const rack = e.rack;
    if (!this.rackIsKnown(rack)) return undefined;
    const player = this.players[p];
    const readings = this.readingsOf(rack);
    const choice = chooseReading(readings, { needed, expectedSize: player.size, keep: player.known, unseen: (f) => this.unseen(f) });
    const tiles = choice.tiles.slice();
    const reading = readings[choice.index] ?? [];
    const note: RackReadingNote | undefined =
      choice.fitting.length > 1
        ? { chosen: tiles, alternatives: choice.fitting.filter((i) => i !== choice.index).map((i) => readings[i]!.map(rackFace)) }
        : undefined;

    let reliable = true;
    if (tiles.length > RACK_SIZE) {
      this.report('rack-too-large', rack.span, { rack: rack.text, count: tiles.length });
      reliable = false;
    }
    const foreign = reading.find((t) => !t.blank && t.letter !== null && !this.set.has(t.letter));
    if (foreign) {
      this.report('tile-not-in-set', foreign.span, { letter: foreign.text });
      reliable = false;
    }
    for (let i = 0; i < tiles.length; i++) {
      const face = tiles[i]!;
      if (tiles.indexOf(face) < i || !this.set.has(face)) continue; // each face once, first seen first
      const count = countOf(tiles, face);
      const unseen = this.unseen(face);
      if (count > unseen) {
        this.report('rack-not-in-bag', rack.span, { tile: formatTiles([face]), count, unseen: Math.max(0, unseen) });
        reliable = false;
        break;
      }
    }
    if (!reliable) {
      // A rack the set cannot hold tells nothing sure about the next one: forget it (no cascade).
      player.known = [];
      player.knownFrom = e;
      return { tiles, reading, note, foreign: foreign?.letter ? foreign.letter : undefined };
    }
    const complete = tiles.length === player.size;
    const missing = complete ? missingFrom(tiles, player.known) : [];
    if (missing.length > 0) {
      const from = player.knownFrom;
      this.report('rack-inconsistent', rack.span, { missing: formatTiles(missing), leave: formatTiles(player.known) }, {
        related: from?.rack ? [{ span: from.rack.span, messageId: 'related.previous-turn', args: { nick: from.nick.text } }] : [],
      });
    }
    // A partial rack adds to what is known, unless the two cannot both be on the rack (an earlier
    // rack was a placeholder): then the newer one wins. After an inconsistency either rack may be
    // the wrong one, so neither is trusted (no cascade).
    const merged = mergeTiles(player.known, tiles);
    player.known = missing.length > 0 ? [] : complete || merged.length > player.size ? tiles.slice() : merged;
    player.knownFrom = e;
    return { tiles, reading, note, foreign: foreign?.letter ? foreign.letter : undefined };
  }

  /**
   * What a state shows of a player's rack. The rack arrays are replaced, never changed in place,
   * so consecutive states share one RackInfo while the rack and its size stay the same.
   */
  private rackInfo(p: number): RackInfo {
    const pl = this.players[p];
    const last = this.lastRack[p];
    if (last && last.known === pl.known && last.size === pl.size) return last.info;
    const info: RackInfo = { tiles: pl.known.slice(), complete: pl.known.length === pl.size };
    this.lastRack[p] = { known: pl.known, size: pl.size, info };
    return info;
  }

  // ---------------------------------------------------------------------------------------------
  // Placements

  /** The play's tiles under the tile set (English: every piece one tile). */
  private playRefs(e: EventNode): readonly TileRef[] {
    const play = e.play;
    if (!play) return [];
    return this.spanish ? play.tiles : play.singles;
  }

  /**
   * Decides each lower-case plain digraph (`ch`): the real tile when the rack holds one that the
   * rest of the play does not use, else a blank (NOTATION.md, "plain").
   */
  private resolveTiles(refs: readonly TileRef[], rack: readonly string[] | undefined): PlayTile[] {
    if (!refs.some((t) => t.lowerDigraph)) return refs.map((t) => ({ ref: t, letter: t.letter, blank: t.blank, through: t.through }));
    const spare = new Map<string, number>();
    if (rack) {
      for (const t of refs) {
        if (t.lowerDigraph && t.letter && !spare.has(t.letter)) {
          const used = refs.filter((u) => !u.lowerDigraph && !u.blank && u.letter === t.letter).length;
          spare.set(t.letter, countOf(rack, t.letter) - used);
        }
      }
    }
    return refs.map((t) => {
      if (t.lowerDigraph && t.letter && (spare.get(t.letter) ?? 0) > 0) {
        spare.set(t.letter, spare.get(t.letter)! - 1);
        return { ref: t, letter: t.letter, blank: false, through: false };
      }
      return { ref: t, letter: t.letter, blank: t.blank, through: t.through };
    });
  }

  /** Faces a play takes from the rack, skipping squares already occupied in the written line. */
  private neededFaces(e: EventNode, tiles: readonly PlayTile[]): string[] {
    const c = e.coord;
    const out: string[] = [];
    tiles.forEach((t, i) => {
      if (t.through) return;
      if (c) {
        const r = c.direction === 'down' ? c.row + i : c.row;
        const col = c.direction === 'across' ? c.col + i : c.col;
        if (r >= 0 && r < BOARD_SIZE && col >= 0 && col < BOARD_SIZE && this.board[squareIndex(r, col)]) return;
      }
      out.push(t.blank ? '?' : (t.letter ?? ''));
    });
    return out;
  }

  /**
   * Blanks never stand for K or W (art. 10.1); every letter must be in the set (art. 3). A foreign
   * letter already reported on the rack is not reported again on the play. Says which was found:
   * a foreign tile makes the score meaningless; either makes the words no words to judge.
   */
  private checkTileFaces(tiles: readonly PlayTile[], rackForeign: string | undefined): { foreign: boolean; kw: boolean } {
    const kw = this.spanish ? tiles.find((t) => t.blank && (t.letter === 'K' || t.letter === 'W')) : undefined;
    if (kw) this.report('blank-k-w', kw.ref.span, { letter: kw.letter ?? '' });
    const foreign = tiles.find((t) => !t.through && t.letter !== null && t !== kw && !this.set.has(t.letter));
    if (foreign && !(rackForeign !== undefined && !foreign.blank && foreign.letter === rackForeign)) {
      this.report('tile-not-in-set', foreign.ref.span, { letter: foreign.ref.text });
    }
    return { foreign: foreign !== undefined, kw: kw !== undefined };
  }

  /** CH, LL, RR are single tiles: two loose tiles spelling one inside a new word (art. 11). */
  private checkSeparateDigraphs(words: readonly ScoredWord[], placed: readonly PlacedNewTile[]): boolean {
    if (!this.spanish) return false;
    for (const w of words) {
      for (let i = 0; i + 1 < w.squares.length; i++) {
        const a = w.squares[i]!;
        const b = w.squares[i + 1]!;
        if ((a.isNew || b.isNew) && spellsDigraph(a.letter, b.letter)) {
          const pair = a.letter + b.letter;
          const sq = a.isNew ? a : b;
          const tile = placed.find((t) => t.row === sq.row && t.col === sq.col);
          if (tile) this.report('separate-digraph', tile.ref.span, { digraph: pair, word: w.word });
          return true;
        }
      }
    }
    return false;
  }

  /** One more (or one less) tile of `face` on the board (a lifted tile was always placed before). */
  private countOnBoard(face: string, delta: 1 | -1): void {
    const i = this.kinds.index.get(face);
    if (i !== undefined) this.onBoard[i] += delta;
    else this.foreignOnBoard.set(face, (this.foreignOnBoard.get(face) ?? 0) + delta);
  }

  private placeTile(row: number, col: number, tile: PlacedTile): void {
    this.board[squareIndex(row, col)] = tile;
    this.boardLog.squares.push(squareIndex(row, col));
    this.boardLog.tiles.push(tile);
    this.countOnBoard(tile.blank ? '?' : tile.letter, 1);
  }

  private liftTile(row: number, col: number): void {
    const tile = this.board[squareIndex(row, col)];
    if (!tile) return;
    this.board[squareIndex(row, col)] = null;
    this.boardLog.squares.push(squareIndex(row, col));
    this.boardLog.tiles.push(null);
    this.countOnBoard(tile.blank ? '?' : tile.letter, -1);
  }

  private placement(e: EventNode, p: number): Outcome {
    const player = this.players[p];
    const refs = this.playRefs(e);
    const rack = this.readRack(e, p, (reading) => this.neededFaces(e, this.resolveTiles(refs, reading.map(rackFace))));
    // What a withdrawal restores: the rack before the play, the runs, the game state, the sums.
    const before: PlacementRecord['before'] = {
      known: player.known.slice(),
      knownFrom: player.knownFrom,
      size: player.size,
      passRun: this.passRun,
      scorelessRun: this.scorelessRun,
      gameEnd: this.end,
      bases: player.bases.slice(),
    };
    const tiles = this.resolveTiles(refs, rack?.tiles);
    const faceIssues = this.checkTileFaces(tiles, rack?.foreign);

    if (!e.coord || !e.play) return { computed: 0 };
    let resolved = resolvePlacement(this.board, e.coord, tiles, e.play.text);
    const alt = resolved.alternative;
    if (alt && e.score) {
      // The word goes on past the written tiles, and the other direction fits too: the sheet's
      // score tells which one was played.
      const score = (r: typeof alt): number => scorePlacement(this.board, r.newTiles, r.direction, this.set).score;
      if (score(alt) === e.score.value && score(resolved) !== e.score.value) resolved = alt;
    }
    // Blind (after a score-only line): the board is not known, so neither the play's geometry
    // nor its score can be judged; the tiles go on the board as written.
    if (!this.blind) for (const i of resolved.issues) this.issue(i);
    else this.notChecked(e);
    const placed = resolved.newTiles;
    const faces = placed.map((t) => (t.blank ? '?' : t.letter));
    let notInRack = false;
    if (rack) {
      const missing = missingFrom(rack.tiles, faces);
      if (missing.length > 0) {
        notInRack = true;
        const tile = placed.find((t) => (t.blank ? '?' : t.letter) === missing[0]);
        this.report('tile-not-in-rack', tile?.ref.span ?? e.play.span, { tile: tile?.ref.text ?? formatTiles(missing), rack: e.rack?.text ?? '' });
      }
    }
    // Art. 33: each word formed is looked up once; the verdict travels with the word (hovers, reports).
    const lexicon = this.judging();
    let scored = scorePlacement(this.board, placed, resolved.direction, this.set, lexicon ? (word) => lexicon.has(word) : undefined);
    const separate = this.checkSeparateDigraphs(scored.words, placed);

    // One slip, one finding: when the play itself is miscopied (geometry, a tile that is not on
    // the rack or not in the set, a digraph spelt with two tiles), its computed score says nothing
    // about the sheet's, so the score is not compared as well.
    const playMiscopied = resolved.geometryError || notInRack || faceIssues.foreign || separate;
    let scoreFinding: Finding | undefined;
    const declared = e.score?.value;
    const blind = this.blind;
    if (blind) scored = { ...scored, score: declared ?? scored.score, bingo: 0 };
    if (declared !== undefined && declared !== scored.score && !playMiscopied) {
      // Art. 12–19.
      const words = scored.words.map((w) => `${w.word} ${w.score}`).join(', ');
      scoreFinding =
        scored.bingo > 0
          ? this.report('score-mismatch', e.score!.span, { declared, computed: scored.score, words, bingo: scored.bingo }, { messageId: 'score-mismatch-bingo' })
          : this.report('score-mismatch', e.score!.span, { declared, computed: scored.score, words });
    }

    for (const t of placed) this.placeTile(t.row, t.col, { letter: t.letter, blank: t.blank, turn: this.turns.length });
    player.total += scored.score;
    // A rack that lacks a played tile contradicts the play: its leave is not trusted (no cascade).
    player.known = notInRack ? [] : removeTiles(player.known, faces);
    player.size -= placed.length;
    const drawn = Math.min(placed.length, this.bag); // art. 7: draw as many as placed, while the bag lasts
    this.bag -= drawn;
    player.size += drawn;
    this.passRun = 0;
    this.scorelessRun = 0;

    const record: PlacementRecord = {
      turn: this.turns.length,
      event: e,
      player: p,
      newTiles: placed,
      drawn,
      computed: scored.score,
      declared,
      words: scored.words,
      before,
      scoreFinding,
      withdrawn: false,
      misplaced: blind || resolved.geometryError || faceIssues.foreign || faceIssues.kw,
      ruledValid: NO_RULINGS,
    };
    this.records.push(record);
    this.lastPlacement[p] = record;

    if (!this.end && !blind && this.bag === 0 && player.size === 0 && placed.length > 0) {
      // 37.4 / 40.3: the rack is empty and so is the bag.
      this.end = { reason: 'out', article: endArticle('out', this.edition), afterTurn: this.turns.length, line: e.line, event: e, finisher: p };
    }
    return {
      computed: scored.score,
      rackBefore: rack ? { tiles: rack.tiles, complete: rack.tiles.length === before.size } : undefined,
      rackReading: rack?.note,
      words: blind ? NO_WORDS : scored.words,
      bingo: scored.bingo,
      placed,
      ...(blind ? { unchecked: true as const } : {}),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Score-only lines

  /** One more turn whose play is not checked (the first one is where the notice goes). */
  private notChecked(e: EventNode): void {
    this.unchecked++;
    this.firstUnchecked ??= e;
  }

  /**
   * A score-only line (art. 5.1: a paper sheet's numbers, `>Ana: +26 26`): the play is not known,
   * so its amount is taken as written and only the numbers are checked (the sheet's addition, the
   * turn order, what comes after). From here on the board and the bag are unknown (`blind`). It is
   * recorded as a placement of unknown tiles, so a `--` line can take it back.
   */
  private scoreOnly(e: EventNode, p: number): Outcome {
    const player = this.players[p];
    const rack = this.readRack(e, p, () => []);
    const declared = e.score?.value ?? 0;
    const before: PlacementRecord['before'] = {
      known: player.known.slice(),
      knownFrom: player.knownFrom,
      size: player.size,
      passRun: this.passRun,
      scorelessRun: this.scorelessRun,
      gameEnd: this.end,
      bases: player.bases.slice(),
    };
    this.blind = true;
    this.notChecked(e);
    // What was played is unknown, so nothing is known of the rack that follows.
    player.known = [];
    player.knownFrom = e;
    this.passRun = 0;
    this.scorelessRun = declared === 0 ? this.scorelessRun + 1 : 0;
    const record: PlacementRecord = {
      turn: this.turns.length,
      event: e,
      player: p,
      newTiles: [],
      drawn: 0,
      computed: declared,
      declared,
      words: NO_WORDS,
      before,
      withdrawn: false,
      misplaced: true,
      ruledValid: NO_RULINGS,
    };
    this.records.push(record);
    this.lastPlacement[p] = record;
    return {
      computed: declared,
      rackBefore: rack ? { tiles: rack.tiles, complete: rack.tiles.length === before.size } : undefined,
      rackReading: rack?.note,
      unchecked: true,
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Pass, exchange

  private scorelessAmount(e: EventNode): void {
    const declared = e.score?.value;
    if (declared !== undefined && declared !== 0) {
      this.report('score-mismatch', e.score!.span, { declared }, { messageId: 'score-mismatch-scoreless' });
    }
  }

  private pass(e: EventNode, p: number): Outcome {
    const rack = this.readRack(e, p, () => []);
    this.scorelessAmount(e);
    this.lastPlacement[p] = undefined;
    this.passRun++; // 37.2 / 40.2
    this.scorelessRun++; // 37.3; NASPA six zeros
    return {
      computed: 0,
      rackBefore: rack ? { tiles: rack.tiles, complete: rack.tiles.length === this.players[p].size } : undefined,
      rackReading: rack?.note,
    };
  }

  /** Exchange (art. 24): the tiles must be on the rack and the bag must hold enough tiles. */
  private exchange(e: EventNode, p: number): Outcome {
    const player = this.players[p];
    const exchangedReadings = e.exchanged ? this.readingsOf(e.exchanged) : [];
    const exchangedFor = (rack: readonly string[] | undefined): readonly string[] =>
      chooseReading(exchangedReadings, {
        needed: () => [],
        expectedSize: -1,
        keep: [],
        unseen: (f) => (rack ? countOf(rack, f) : this.unseen(f)),
      }).tiles;
    const rack = this.readRack(e, p, (reading) => exchangedFor(reading.map(rackFace)));
    const out = e.exchanged ? exchangedFor(rack?.tiles) : undefined;
    const count = out ? out.length : (e.exchangedCount?.value ?? 0);
    const where = e.exchanged?.span ?? e.exchangedCount?.span ?? e.span;

    let contradicts = false;
    if (out && rack) {
      const missing = missingFrom(rack.tiles, out);
      contradicts = missing.length > 0;
      if (contradicts) this.report('exchange-not-in-rack', where, { tiles: formatTiles(missing), rack: e.rack?.text ?? '' });
    } else if (!out && count > player.size) {
      this.report('exchange-not-in-rack', where, { tiles: String(count), rack: e.rack?.text ?? formatTiles(player.known) });
    }
    const minimum = this.options.exchangeMinimum ?? (this.edition === 'naspa' ? RACK_SIZE : 1);
    if (this.blind) {
      // The bag is not known after a score-only line.
    } else if (this.bag < minimum) this.report('exchange-bag-too-small', where, { bag: this.bag, minimum });
    else if (count > this.bag) this.report('exchange-bag-too-small', where, { count, bag: this.bag }, { messageId: 'exchange-bag-too-small-count' });
    this.scorelessAmount(e);

    player.known = out && !contradicts ? removeTiles(player.known, out) : [];
    this.lastPlacement[p] = undefined;
    this.passRun = 0; // 37.2: an exchange is not a pass, and it ends a run of passes
    this.scorelessRun++; // 37.3
    return {
      computed: 0,
      rackBefore: rack ? { tiles: rack.tiles, complete: rack.tiles.length === player.size } : undefined,
      rackReading: rack?.note,
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Withdrawn plays, challenges

  /**
   * A withdrawn phony (art. 34): the player's previous placement leaves the board, its score is
   * taken back, the bag and the rack are as before it, and the turn counts as a pass and as a
   * scoreless turn (37.2, 37.3). The line's amount must be minus the play's declared score; the
   * old form `-- +0 T` instead writes 0 and a total equal to the one before the play.
   */
  private withdrawn(e: EventNode, p: number): Outcome {
    const record = this.lastPlacement[p];
    const declared = e.score?.value;
    if (!record || record.withdrawn) {
      this.report('phony-withdrawn-without-play', e.score?.span ?? e.span, { nick: e.nick.text });
      return { computed: 0 };
    }
    if (this.lastTurnPlayer !== p) {
      this.report('out-of-turn', e.nick.span, { nick: e.nick.text, expected: this.nick(1 - p) }, {
        related: [{ span: record.event.span, messageId: 'related.withdrawn-play', args: {} }],
      });
    }
    const player = this.players[p];
    for (const t of record.newTiles) {
      const cell = this.board[squareIndex(t.row, t.col)];
      if (cell && cell.turn === record.turn) this.liftTile(t.row, t.col);
    }
    this.bag += record.drawn;
    player.total -= record.computed;
    player.known = record.before.known.slice();
    if (record.before.knownFrom) player.knownFrom = record.before.knownFrom;
    player.size = record.before.size;
    this.passRun = record.before.passRun + 1;
    this.scorelessRun = record.before.scorelessRun + 1;
    if (this.end?.event === record.event) {
      this.end = record.before.gameEnd;
      this.endReported = false;
    }
    record.withdrawn = true;
    this.lastPlacement[p] = undefined;

    const related: RelatedInfo[] = [{ span: record.event.play?.span ?? record.event.span, messageId: 'related.withdrawn-play', args: {} }];
    const playDeclared = record.declared ?? record.computed;
    const oldForm = declared === 0 && playDeclared !== 0;
    // A phony written as scoring 0 and withdrawn for 0: the sheet never credited it.
    if (record.declared === 0 && declared === 0) this.dropFinding(record.scoreFinding);
    const expected = -playDeclared;
    if (declared !== undefined && !oldForm && declared !== expected) {
      this.report('phony-withdrawn-mismatch', e.score!.span, { declared, expected }, { related });
    }
    const lexicon = this.judging();
    if (lexicon && record.words.length > 0 && record.words.every((w) => lexicon.has(w.normalized))) {
      this.report('withdrawn-play-was-valid', e.span, { words: record.words.map((w) => w.word).join(', ') }, { related });
    }
    return {
      computed: -record.computed,
      withdrew: true,
      alsoFine: [expected],
      ...(oldForm ? { expectedTotals: record.before.bases.slice() } : {}),
    };
  }

  private dropFinding(f: Finding | undefined): void {
    if (!f) return;
    const i = this.findings.indexOf(f);
    if (i >= 0) this.findings.splice(i, 1);
  }

  /** `(challenge) +N`: a bonus for a play challenged in vain. NASPA only; FISE has none (art. 34). */
  private challengeBonus(e: EventNode, p: number): Outcome {
    const declared = e.score?.value ?? 0;
    if (this.lastTurnPlayer >= 0 && this.lastTurnPlayer !== p) {
      const prev = this.lastTurnEvent;
      this.report('out-of-turn', e.nick.span, { nick: e.nick.text, expected: this.nick(this.lastTurnPlayer) }, {
        related: prev ? [{ span: prev.nick.span, messageId: 'related.previous-turn', args: { nick: prev.nick.text } }] : [],
      });
    }
    if (this.edition !== 'naspa') {
      this.report('challenge-bonus-not-fise', e.keyword?.span ?? e.span, { amount: e.score?.text ?? String(declared) });
      return { computed: 0 };
    }
    return { computed: declared };
  }

  // ---------------------------------------------------------------------------------------------
  // End of game

  /** Tiles not on the board, as faces (with the bag empty: the racks' tiles). */
  private remaining(): string[] {
    const out: string[] = [];
    for (const [i, k] of this.set.kinds.entries()) {
      const n = k.count - this.onBoard[i]!;
      for (let i = 0; i < n; i++) out.push(k.letter);
    }
    return out;
  }

  /** The tiles left on the racks at the end: from the board, or (blind) as the sheet wrote them. */
  private leftAtEnd(): string[] {
    return this.blind ? (this.writtenRemaining ?? []) : this.remaining();
  }

  /**
   * Blind: an end-of-game line says that `finisher` went out after the last turn (37.4 / 40.3);
   * the board and the bag, which would tell, are not known.
   */
  private inferOut(finisher: number): void {
    const last = this.lastTurnEvent;
    this.end = {
      reason: 'out',
      article: endArticle('out', this.edition),
      afterTurn: this.turns.length - 1,
      line: last?.line ?? 0,
      ...(last ? { event: last } : {}),
      finisher,
    };
    // The end is seen only now: the move it follows was already the last (no move-after-game-end).
    this.endReported = false;
  }

  private value(tiles: readonly string[]): number {
    return tiles.reduce((sum, t) => sum + (t === '?' ? 0 : this.set.value(t)), 0);
  }

  /** The written end rack, read the way that matches `expected` when one does. */
  private endTiles(rack: RackNode | undefined, expected: readonly string[] | undefined): string[] {
    if (!rack) return [];
    const readings = this.readingsOf(rack).map((r) => r.map(rackFace));
    return (expected && readings.find((r) => sameTiles(r, expected))) || readings[0] || [];
  }

  /**
   * `(RACK) +N`: the finisher adds the opponent's rack, R under FISE (37.4 / 40.3, with the
   * opponent's −R line) or 2R in one line (the GCG habit; NASPA's rule). Under fise* the +2R line is
   * accepted as written, with an information finding giving the FISE final scores.
   */
  private endRack(e: EventNode, p: number): Outcome {
    const declared = e.score?.value ?? 0;
    // Blind (score-only lines): the board cannot tell that a player went out; this line says so.
    if (this.blind && !this.end) this.inferOut(p);
    const end = this.end;
    if (!end || end.reason !== 'out' || end.finisher === undefined) {
      this.report('end-rack-mismatch', e.score?.span ?? e.span, { declared }, { messageId: 'end-rack-mismatch-no-end' });
      return { computed: 0 };
    }
    if (this.blind && p === end.finisher && !this.writtenRemaining) this.writtenRemaining = this.endTiles(e.endRack, undefined);
    const remaining = this.leftAtEnd();
    const written = this.endTiles(e.endRack, remaining);
    const R = this.value(remaining);
    const rackText = formatTiles(sortTiles(remaining));
    if (p !== end.finisher) {
      this.report('end-rack-mismatch', e.endRack?.span ?? e.span, { rack: e.endRack?.text ?? '', expected: formatTiles([]) }, { messageId: 'end-rack-mismatch-rack' });
      return { computed: 0 };
    }
    if (this.endAdd) {
      this.report('end-rack-mismatch', e.score?.span ?? e.span, { declared, expected: 0, rack: rackText, value: R });
      return { computed: 0 };
    }
    const tilesOk = sameTiles(written, remaining);
    if (!tilesOk) {
      this.report('end-rack-mismatch', e.endRack?.span ?? e.span, { rack: e.endRack?.text ?? '', expected: rackText }, { messageId: 'end-rack-mismatch-rack' });
    }
    let form: 'R' | '2R';
    if (declared === 2 * R && (this.edition === 'naspa' || declared !== R)) form = '2R';
    else if (declared === R) form = 'R';
    else {
      form = this.edition === 'naspa' ? '2R' : 'R';
      if (tilesOk) {
        const expected = form === '2R' ? 2 * R : R;
        this.report('end-rack-mismatch', e.score?.span ?? e.span, { declared, expected, rack: rackText, value: R });
      }
    }
    const computed = form === '2R' ? 2 * R : R;
    this.endAdd = { form, event: e, amount: declared };
    if (form === '2R' && this.edition !== 'naspa' && R > 0) {
      const fin = this.players[p].total + R;
      const opp = this.players[1 - p].total - R;
      const finals: [number, number] = p === 0 ? [fin, opp] : [opp, fin];
      this.report('end-rack-gcg-convention', e.score?.span ?? e.span, {
        amount: e.score?.text ?? String(declared),
        value: R,
        player1: this.nick(0),
        final1: finals[0],
        player2: this.nick(1),
        final2: finals[1],
      });
    }
    return { computed };
  }

  /**
   * `RACK (RACK) -N`: a player subtracts their own rack: the opponent of a finisher under FISE
   * (37.4 / 40.3), or each player when nobody went out (37.1–37.3 / 40.1–40.2; NASPA six zeros).
   */
  private rackDeduction(e: EventNode, p: number): Outcome {
    const declared = e.score?.value ?? 0;
    if (this.blind && !this.end) this.inferOut(1 - p);
    if (!this.end || this.end.reason === 'time') {
      this.report('end-rack-mismatch', e.score?.span ?? e.span, { declared }, { messageId: 'end-rack-mismatch-no-end' });
      return { computed: 0 };
    }
    if (this.deducted[p]) {
      this.report('end-rack-mismatch', e.score?.span ?? e.span, { declared, expected: 0, rack: e.endRack?.text ?? '', value: 0 });
      return { computed: 0 };
    }
    const outEnd = this.end;
    if (outEnd.reason === 'out') {
      if (p === outEnd.finisher) {
        this.report('end-rack-mismatch', e.endRack?.span ?? e.span, { rack: e.endRack?.text ?? '', expected: formatTiles([]) }, { messageId: 'end-rack-mismatch-rack' });
        return { computed: 0 };
      }
      if (this.endAdd?.form === '2R') {
        this.report('end-rack-mismatch', e.score?.span ?? e.span, { amount: this.endAdd.amount > 0 ? `+${this.endAdd.amount}` : String(this.endAdd.amount) }, {
          messageId: 'end-rack-mismatch-after-2r',
          related: [{ span: this.endAdd.event.span, messageId: 'related.gcg-end-line', args: {} }],
        });
        return { computed: 0 };
      }
      this.deducted[p] = true;
      if (this.blind && !this.writtenRemaining) this.writtenRemaining = this.endTiles(e.endRack, undefined);
      return { computed: this.deduct(e, declared, this.leftAtEnd()) };
    }
    // Nobody went out: each player subtracts their own rack.
    this.deducted[p] = true;
    const pl = this.players[p];
    const own = pl.known.length === pl.size ? pl.known : undefined;
    return { computed: this.deduct(e, declared, own, endArticle(outEnd.reason, this.edition)) };
  }

  private deduct(e: EventNode, declared: number, expected: readonly string[] | undefined, article?: string): number {
    const written = this.endTiles(e.endRack, expected);
    const tiles = expected ?? written;
    const R = this.value(tiles);
    const opts = article ? { article } : {};
    if (expected && !sameTiles(written, expected)) {
      this.report('end-rack-mismatch', e.endRack?.span ?? e.span, { rack: e.endRack?.text ?? '', expected: formatTiles(sortTiles(expected)) }, { ...opts, messageId: 'end-rack-mismatch-rack' });
    } else if (declared !== -R) {
      this.report('end-rack-mismatch', e.score?.span ?? e.span, { declared, expected: -R, rack: formatTiles(sortTiles(tiles)), value: R }, opts);
    }
    return -R;
  }

  /** Time penalty (art. 32): 10 points per minute or fraction over time. */
  private timePenalty(e: EventNode, p: number): Outcome {
    const declared = e.score?.value ?? 0;
    const clock = this.s.clocks[p];
    if (clock !== undefined) {
      const over = Math.max(0, -clock);
      const expected = over === 0 ? 0 : -10 * Math.ceil(over / 60);
      if (declared !== expected) {
        const mm = String(Math.floor(over / 60)).padStart(2, '0');
        const ss = String(over % 60).padStart(2, '0');
        this.report('time-penalty-mismatch', e.score?.span ?? e.span, { declared, expected, overtime: `${mm}:${ss}` });
      }
      return { computed: expected, alsoFine: [expected] };
    }
    if (declared >= 0 || declared % 10 !== 0) {
      this.report('time-penalty-mismatch', e.score?.span ?? e.span, { declared }, { messageId: 'time-penalty-mismatch-multiple' });
    }
    return { computed: declared };
  }

  /** Arbiter penalty: 30 points (art. 38 current; 41.5 older). */
  private arbiterPenalty(e: EventNode, _p: number): Outcome {
    const declared = e.score?.value ?? 0;
    if (this.edition === 'naspa') return { computed: declared };
    if (declared !== -30) {
      this.report('arbiter-penalty-mismatch', e.score?.span ?? e.span, { declared, expected: -30 });
    }
    return { computed: -30, alsoFine: [-30] };
  }

  /** Runs of passes and scoreless turns that end the game (37.2, 37.3 / 40.2; NASPA six zeros). */
  private checkRunEnd(e: EventNode): void {
    if (this.end) return;
    let reason: GameEndReason | undefined;
    if (this.edition === 'naspa') {
      if (this.scorelessRun >= 6) reason = 'naspa-zeros';
    } else if (this.passRun >= 4) {
      reason = 'passes';
    } else if (this.edition === 'fise' && this.scorelessRun >= 12 && !(this.players[0].total === 0 && this.players[1].total === 0)) {
      reason = 'scoreless';
    }
    if (reason) this.end = { reason, article: endArticle(reason, this.edition), afterTurn: this.turns.length, line: e.line, event: e };
  }

  // ---------------------------------------------------------------------------------------------
  // Totals and states

  /**
   * The sheet's own addition (art. 5.1): declared total = previous declared total + this line's
   * declared amount. A previous total already reported as wrong, or an amount already reported as
   * wrong, is forgiven (no cascade).
   */
  private checkTotal(e: EventNode, p: number, o: Outcome): void {
    const pl = this.players[p];
    const declaredAmount = e.score?.value ?? o.computed;
    const total = e.total?.value;
    const base = pl.bases[0]!;
    // The usual case: one base, and the sheet's addition is right.
    if (total !== undefined && !o.expectedTotals && pl.bases.length === 1 && total === base + declaredAmount) {
      pl.bases[0] = total;
      pl.declaredTotal = total;
      pl.declaredTotalToken = e.total!;
      return;
    }
    const amounts = [declaredAmount, o.computed, ...(o.alsoFine ?? [])];
    const candidates = Array.from(new Set(o.expectedTotals ?? pl.bases.flatMap((b) => amounts.map((a) => b + a))));
    if (total === undefined) {
      pl.bases = candidates;
      return;
    }
    if (!candidates.includes(total)) {
      const previous = o.expectedTotals ? o.expectedTotals[0]! : pl.bases[0]!;
      const amount = o.expectedTotals ? 0 : declaredAmount;
      const related: RelatedInfo[] = pl.declaredTotalToken
        ? [{ span: pl.declaredTotalToken.span, messageId: 'related.previous-total', args: { nick: e.nick.text, total: pl.declaredTotal ?? 0 } }]
        : [];
      this.report('cumulative-mismatch', e.total!.span, {
        declared: total,
        previous,
        amount: amount >= 0 ? `+${amount}` : String(amount),
        expected: previous + amount,
      }, { related });
      pl.bases = Array.from(new Set([total, ...candidates]));
    } else {
      pl.bases = [total];
    }
    pl.declaredTotal = total;
    pl.declaredTotalToken = e.total!;
  }

  private pushTurn(e: EventNode, shownPlayer: number, p: number, o: Outcome): void {
    const index = this.turns.length;
    const [p0, p1] = this.players;
    const end = this.end && this.end.afterTurn <= index ? this.end : undefined;
    const racks: [RackInfo, RackInfo] = [this.rackInfo(0), this.rackInfo(1)];
    const state = new Turn(this.kinds, racks[p]!.tiles, this.boardLog, this.boardLog.squares.length, {
      index,
      event: e,
      kind: e.kind,
      player: shownPlayer,
      racks,
      bag: this.bag,
      computedScore: o.computed,
      computedTotal: this.players[p].total,
      totals: [p0.total, p1.total],
      declaredTotals: [p0.declaredTotal, p1.declaredTotal],
      words: o.words ?? NO_WORDS,
      bingo: o.bingo ?? 0,
      placed: o.placed ? o.placed.map((t) => ({ row: t.row, col: t.col, letter: t.letter, blank: t.blank })) : NO_PLACED,
    });
    // Optional fields are written only when present (a state is compared and printed as data).
    if (o.rackBefore) state.rackBefore = o.rackBefore;
    if (o.rackReading) state.rackReading = o.rackReading;
    if (e.score) state.declaredScore = e.score.value;
    if (e.total) state.declaredTotal = e.total.value;
    if (end) state.gameOver = { reason: end.reason, article: end.article, afterTurn: end.afterTurn };
    if (o.unchecked) state.playNotChecked = true;
    this.turns.push(state);
  }

  /** After the last line: the end-of-game adjustment that is missing, and the words to judge. */
  private finish(): void {
    const end = this.end;
    if (end && end.reason === 'out' && end.finisher !== undefined && !this.s.incomplete) {
      const f = end.finisher;
      const remaining = this.leftAtEnd();
      const opponentDone = this.endAdd?.form === '2R' || this.deducted[1 - f] || this.value(remaining) === 0;
      if (!this.endAdd || !opponentDone) {
        const at = this.endAdd ? this.endAdd.event : end.event;
        const span = this.endAdd ? (at?.score?.span ?? at?.span) : (at?.play?.span ?? at?.span);
        if (span) {
          this.report('missing-end-adjustment', span, {
            nick: this.nick(f),
            opponent: this.nick(1 - f),
            rack: formatTiles(sortTiles(remaining)),
            value: this.value(remaining),
          });
        }
      }
    }
    const lexicon = this.judging();
    if (!lexicon) return;
    for (const r of this.records) {
      if (r.withdrawn || r.misplaced || !r.event.play) continue;
      const bad = r.words.filter((w) => !(w.accepted ?? lexicon.has(w.normalized)) && !r.ruledValid.has(w.normalized));
      if (bad.length === 0) continue;
      // Art. 33: an unchallenged word stands; a warning, with the likely reason when one fits.
      const span = r.event.play.span;
      const hints = bad.map((w) => explainRejection(lexicon, w.normalized, this.edition));
      const related: RelatedInfo[] = hints.flatMap((h) => (h ? [{ span, messageId: h.messageId, args: h.args }] : []));
      if (bad.length === 1) {
        const article = hints[0]?.article;
        this.report('unaccepted-word', span, { word: bad[0]!.word, lexicon: lexicon.info.name }, { related, ...(article ? { article } : {}) });
      } else {
        this.report('unaccepted-word', span, { words: bad.map((w) => w.word).join(', '), lexicon: lexicon.info.name }, { messageId: 'unaccepted-word-list', related });
      }
    }
  }
}

/** Whether two faces side by side spell CH, LL or RR (art. 11). */
function spellsDigraph(a: string, b: string): boolean {
  if (a.length === 1 && b.length === 1) return (a === 'C' && b === 'H') || (a === 'L' && b === 'L') || (a === 'R' && b === 'R');
  if (a.length + b.length !== 2) return false;
  const pair = a + b;
  return pair === 'CH' || pair === 'LL' || pair === 'RR';
}

const NO_WORDS: readonly ScoredWord[] = Object.freeze([]);
const NO_PLACED: TurnState['placed'] = Object.freeze([]);

type TurnFields = Pick<TurnState, 'index' | 'event' | 'kind' | 'player' | 'racks' | 'bag' | 'computedScore' | 'computedTotal' | 'totals' | 'declaredTotals' | 'words' | 'bingo' | 'placed'>;

/**
 * The replay's board changes in order: square index and the tile put there (null: lifted by a
 * withdrawal). Only ever appended to; a state keeps the length it saw.
 */
interface BoardLog {
  readonly squares: number[];
  readonly tiles: (PlacedTile | null)[];
}

/** The fields of a state other than `unseen` and `board`, writable while the state is being made. */
type TurnData = { -readonly [K in Exclude<keyof TurnState, 'unseen' | 'board'>]: TurnState[K] };

// The data fields are declared by this interface, merged into the class below (no field is
// emitted), so a state has exactly the own properties the constructor and pushTurn write.
interface Turn extends TurnData {}

/**
 * One state of the replay. Every field is plain data set once, except `board` and `unseen`,
 * which are worked out the first time they are read (the board from the replay's log of changes
 * up to this state, `unseen` from the board and the mover's rack) and then kept: most states are
 * never asked for them (a hover or a board view asks for one), so the replay pays for neither per
 * event. The log is only appended to and the rack arrays are never changed, so the answers are
 * the same whenever they are asked.
 */
class Turn implements TurnState {
  readonly #kinds: KindTable;
  readonly #moverRack: readonly string[];
  readonly #log: BoardLog;
  readonly #logLength: number;
  #unseen: Readonly<Record<string, number>> | undefined;
  #board: BoardCells | undefined;

  constructor(kinds: KindTable, moverRack: readonly string[], log: BoardLog, logLength: number, fields: TurnFields) {
    this.index = fields.index;
    this.event = fields.event;
    this.kind = fields.kind;
    this.player = fields.player;
    this.racks = fields.racks;
    this.bag = fields.bag;
    this.computedScore = fields.computedScore;
    this.computedTotal = fields.computedTotal;
    this.totals = fields.totals;
    this.declaredTotals = fields.declaredTotals;
    this.words = fields.words;
    this.bingo = fields.bingo;
    this.placed = fields.placed;
    this.#kinds = kinds;
    this.#moverRack = moverRack;
    this.#log = log;
    this.#logLength = logLength;
  }

  /** Unseen tiles from the mover's point of view: the set less the board and the mover's rack. */
  get unseen(): Readonly<Record<string, number>> {
    return (this.#unseen ??= unseenTiles(this.#kinds, this.board, this.#moverRack));
  }

  /** The board after this event, rebuilt from the replay's log of changes the first time it is read. */
  get board(): BoardCells {
    if (!this.#board) {
      const cells = new Array<PlacedTile | null>(BOARD_SIZE * BOARD_SIZE).fill(null);
      const { squares, tiles } = this.#log;
      for (let i = 0; i < this.#logLength; i++) cells[squares[i]!] = tiles[i]!;
      this.#board = cells;
    }
    return this.#board;
  }
}

/** The tiles of the set that are neither on `board` (blanks count as '?') nor in `rack`, by face. */
function unseenTiles(kinds: KindTable, board: BoardCells, rack: readonly string[]): Record<string, number> {
  const left = kinds.counts.slice();
  const take = (face: string): void => {
    const i = kinds.index.get(face);
    if (i !== undefined) left[i]--;
  };
  for (const cell of board) if (cell) take(cell.blank ? '?' : cell.letter);
  for (const t of rack) take(t);
  const out: Record<string, number> = {};
  for (let i = 0; i < left.length; i++) if (left[i]! > 0) out[kinds.faces[i]!] = left[i]!;
  return out;
}

/** A tile set's kinds by face (indices into `set.kinds`) and their counts. */
interface KindTable {
  readonly faces: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** How many tiles of each kind the set holds. */
  readonly counts: Int32Array;
}

const KIND_TABLES = new Map<TileSet, KindTable>();

/** The kind table of a tile set, made once per set. */
function kindTable(set: TileSet): KindTable {
  let table = KIND_TABLES.get(set);
  if (!table) {
    const faces = set.kinds.map((k) => k.letter);
    table = { faces, index: new Map(faces.map((face, i) => [face, i])), counts: Int32Array.from(set.kinds, (k) => k.count) };
    KIND_TABLES.set(set, table);
  }
  return table;
}

/** Replays a parsed record. Never throws for any syntax tree. */
export function replay(file: GcgFile, options: ReplayOptions = {}): Replay {
  return new Replayer(file, options, settle(file, options)).run();
}
