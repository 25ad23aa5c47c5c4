/**
 * The replayer's second layer: the lines that are moves or take one back. A placement is resolved
 * on the board, its tiles checked against the rack and the set (art. 3, 10.1, 11), scored
 * (art. 12–19) and compared with the sheet; a pass and an exchange (art. 24) count towards the
 * runs that end a game (37.2, 37.3); a withdrawn phony (art. 34) lifts the play and restores what
 * it changed, unless the opponent has played since (then the play stands); a challenge bonus is
 * NASPA's only.
 *
 * Invariants: each handler reports at most one finding per slip (no cascades: a miscopied play's
 * score is not compared) and hands back an Outcome for the common bookkeeping in `replay.ts`.
 *
 * Example (the replayer's own use):
 *   const outcome = this.placement(e, p);   // outcome.computed: the play's true score
 */
import type { Finding, RelatedInfo } from '../rules/types';
import type { EventNode, TileRef } from '../syntax/types';
import { BOARD_SIZE, squareIndex } from './board';
import { otherDirection, resolvePlacement, type PlacedNewTile, type PlayTile } from './placement';
import { chooseReading, countOf, formatTiles, missingFrom, rackFace, removeTiles } from './racks';
import { endArticle, NO_RULINGS, ReplayState, type Outcome, type PlacementRecord, type PlayerState } from './replay-state';
import { scorePlacement } from './scoring';
import { solveSheet, type Readings, type SheetLine, type SheetSolution, type SolvedWord } from './sheet-solve';
import { findPlacements, preferAccepted, type WordPlacement, type WordTile } from './word-search';
import { RACK_SIZE } from './tilesets';
import { NO_WORDS } from './turn';
import type { IllegalPlay, ScoredWord, WordCandidate } from './types';

/** Findings on a play's tiles that its withdrawal takes away (art. 11, 34). */
const WITHDRAWN_TILE_CODES: ReadonlySet<string> = new Set(['separate-digraph', 'blank-k-w']);

/** `{ [key]: value }` when the value is defined, else nothing (optional fields of the search's lines). */
function opt<K extends string, V>(key: K, value: V | undefined): { [k in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [k in K]?: V };
}

/** Moves and withdrawals on top of the shared state (see the module header). */
export abstract class MoveReplayer extends ReplayState {
  // ---------------------------------------------------------------------------------------------
  // Placements

  /** The play's tiles under the tile set (English: every piece one tile). */
  protected playRefs(e: EventNode): readonly TileRef[] {
    const play = e.play;
    if (!play) return [];
    return this.spanish ? play.tiles : play.singles;
  }

  /**
   * Decides each lower-case plain digraph (`ch`): the real tile when the rack holds one that the
   * rest of the play does not use, else a blank (NOTATION.md, "plain").
   */
  protected resolveTiles(refs: readonly TileRef[], rack: readonly string[] | undefined): PlayTile[] {
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
  protected neededFaces(e: EventNode, tiles: readonly PlayTile[]): string[] {
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
  protected checkTileFaces(tiles: readonly PlayTile[], rackForeign: string | undefined): { foreign: boolean; kw: boolean } {
    const kw = this.spanish ? tiles.find((t) => t.blank && (t.letter === 'K' || t.letter === 'W')) : undefined;
    if (kw) this.report('blank-k-w', kw.ref.span, { letter: kw.letter ?? '' });
    const foreign = tiles.find((t) => !t.through && t.letter !== null && t !== kw && !this.set.has(t.letter));
    if (foreign && !(rackForeign !== undefined && !foreign.blank && foreign.letter === rackForeign)) {
      this.report('tile-not-in-set', foreign.ref.span, { letter: foreign.ref.text });
    }
    return { foreign: foreign !== undefined, kw: kw !== undefined };
  }

  /** CH, LL, RR are single tiles: two loose tiles spelling one inside a new word (art. 11). */
  protected checkSeparateDigraphs(words: readonly ScoredWord[], placed: readonly PlacedNewTile[]): boolean {
    if (!this.spanish) return false;
    for (const w of words) {
      for (let i = 0; i + 1 < w.squares.length; i++) {
        const a = w.squares[i];
        const b = w.squares[i + 1];
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

  private judgeOfWords?: ((word: string) => boolean) | null;

  /** `judging()`'s lookup as a function for scoring, made once per replay (undefined: no lexicon). */
  protected wordJudge(): ((word: string) => boolean) | undefined {
    if (this.judgeOfWords === undefined) {
      const lexicon = this.judging();
      this.judgeOfWords = lexicon ? (word: string): boolean => lexicon.has(word) : null;
    }
    return this.judgeOfWords ?? undefined;
  }

  /** What a withdrawal of the play about to be made restores: the rack, the runs, the game state, the sums. */
  protected restorePoint(player: PlayerState): PlacementRecord['before'] {
    return {
      known: player.known.slice(),
      knownFrom: player.knownFrom,
      size: player.size,
      passRun: this.passRun,
      scorelessRun: this.scorelessRun,
      gameEnd: this.end,
      bases: player.bases.slice(),
    };
  }

  protected placement(e: EventNode, p: number): Outcome {
    const player = this.players[p];
    const refs = this.playRefs(e);
    const rack = this.readRack(e, p, (reading) => this.neededFaces(e, this.resolveTiles(refs, reading.map(rackFace))));
    const before = this.restorePoint(player);
    const tiles = this.resolveTiles(refs, rack?.tiles);
    const faceIssues = this.checkTileFaces(tiles, rack?.foreign);

    if (!e.coord || !e.play) return { computed: 0 };
    // Art. 33: each word formed is looked up once; the verdict travels with the word (hovers, reports).
    const has = this.wordJudge();
    let resolved = resolvePlacement(this.board, e.coord, tiles, e.play.text, rack?.tiles);
    let scored = scorePlacement(this.board, resolved.newTiles, resolved.direction, this.set, has);
    const declared = e.score?.value;
    if (
      declared !== undefined &&
      (resolved.issues.length > 0 || scored.score !== declared || scored.words.some((w) => w.accepted === false))
    ) {
      // A coordinate written the other way round (8D for D8, art. 20): the other direction is taken
      // only when it gives exactly the sheet's score with accepted words; otherwise the tiles stay
      // as written, with one finding.
      const other = otherDirection(this.board, e.coord, tiles, e.play.text);
      if (other) {
        const otherScored = scorePlacement(this.board, other.newTiles, other.direction, this.set, has);
        if (otherScored.score === declared && otherScored.words.every((w) => w.accepted !== false)) {
          resolved = other;
          scored = otherScored;
        }
      }
    }
    // Blind (after a score-only line): the board is not known, so neither the play's geometry
    // nor its score can be judged; the tiles go on the board as written.
    if (!this.blind) for (const i of resolved.issues) this.issue(i);
    else this.notChecked(e);
    const placed = resolved.newTiles;
    const faces = placed.map((t) => (t.blank ? '?' : t.letter));
    let notInRack = false;
    let notInRackTile: PlacedNewTile | undefined;
    if (rack) {
      const missing = missingFrom(rack.tiles, faces);
      if (missing.length > 0) {
        notInRack = true;
        const tile = placed.find((t) => (t.blank ? '?' : t.letter) === missing[0]);
        notInRackTile = tile;
        this.report('tile-not-in-rack', tile?.ref.span ?? e.play.span, {
          tile: tile?.ref.text ?? formatTiles(missing),
          rack: e.rack?.text ?? '',
        });
      }
    }
    const separate = this.checkSeparateDigraphs(scored.words, placed);

    // One slip, one finding: when the play itself is miscopied (geometry, a tile that is not on
    // the rack or not in the set, a digraph spelt with two tiles), its computed score says nothing
    // about the sheet's, so the score is not compared as well.
    const playMiscopied = resolved.geometryError || notInRack || faceIssues.foreign || separate;
    let scoreFinding: Finding | undefined;
    const blind = this.blind;
    if (blind) scored = { ...scored, score: declared ?? scored.score, bingo: 0 };
    if (declared !== undefined && declared !== scored.score && !playMiscopied) {
      // Art. 12–19.
      const words = scored.words.map((w) => `${w.word} ${w.score}`).join(', ');
      scoreFinding =
        scored.bingo > 0
          ? this.report(
              'score-mismatch',
              e.score!.span,
              { declared, computed: scored.score, words, bingo: scored.bingo },
              { messageId: 'score-mismatch-bingo' },
            )
          : this.report('score-mismatch', e.score!.span, { declared, computed: scored.score, words });
    }

    // Art. 12–19 need the squares: a play whose squares are wrong (a gap, an occupied square, off
    // the board, not touching) has no computable score, so the sheet's amount goes into the true
    // totals, beside the finding, rather than a number the play never made.
    const amount = resolved.geometryError && declared !== undefined ? declared : scored.score;
    for (const t of placed) this.placeTile(t.row, t.col, { letter: t.letter, blank: t.blank, turn: this.turns.length });
    player.total += amount;
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
      computed: amount,
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

    // What the views mark as illegal: the rule broken and the squares at fault.
    const squaresOf = (ts: readonly PlacedNewTile[]): { row: number; col: number }[] => ts.map((t) => ({ row: t.row, col: t.col }));
    const geometry = resolved.geometryError ? resolved.issues[0] : undefined;
    const illegal: IllegalPlay | undefined = blind
      ? undefined // the board is not known: nothing to mark
      : geometry
        ? { code: geometry.code, squares: geometry.squares ?? squaresOf(placed) }
        : notInRack
          ? { code: 'tile-not-in-rack', squares: squaresOf(notInRackTile ? [notInRackTile] : placed) }
          : faceIssues.foreign
            ? { code: 'tile-not-in-set', squares: squaresOf(placed) }
            : faceIssues.kw
              ? { code: 'blank-k-w', squares: squaresOf(placed.filter((t) => t.blank && (t.letter === 'K' || t.letter === 'W'))) }
              : separate
                ? { code: 'separate-digraph', squares: squaresOf(placed) }
                : undefined;

    if (!this.end && !blind && this.bag === 0 && player.size === 0 && placed.length > 0) {
      // 37.4 / 40.3: the rack is empty and so is the bag.
      this.end = {
        reason: 'out',
        article: endArticle('out', this.edition),
        afterTurn: this.turns.length,
        line: e.line,
        event: e,
        finisher: p,
      };
    }
    // Built field by field (spreads of optional parts are generic copies, and this runs per play).
    const outcome: Outcome = { computed: amount };
    if (illegal) outcome.illegal = illegal;
    outcome.rackBefore = rack ? { tiles: rack.tiles, complete: rack.tiles.length === before.size } : undefined;
    outcome.rackReading = rack?.note;
    outcome.words = blind ? NO_WORDS : scored.words;
    outcome.bingo = scored.bingo;
    outcome.placed = placed;
    if (blind) outcome.unchecked = true;
    return outcome;
  }

  // ---------------------------------------------------------------------------------------------
  // Score-only lines

  /**
   * A score-only line (art. 5.1: a paper sheet's numbers, `>Ana: +26 26`): the play is not known,
   * so its amount is taken as written and only the numbers are checked (the sheet's addition, the
   * turn order, what comes after). From here on the board and the bag are unknown (`blind`). It is
   * recorded as a placement of unknown tiles, so a `--` line can take it back.
   */
  protected scoreOnly(e: EventNode, p: number, amount?: number): Outcome {
    const player = this.players[p];
    const rack = this.readRack(e, p, () => []);
    const declared = amount ?? e.score?.value ?? 0;
    const before = this.restorePoint(player);
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
  // Words without a coordinate

  /**
   * A word without a coordinate (dialect, docs/notation.md): the placements of the word on this
   * board that score the sheet's score (art. 12–19; without a score, the one the player's totals
   * give), decided jointly with the lines after it (engine/sheet-solve.ts: the later lines, tile
   * tracking, the racks, the end of the game). One left: the turn is replayed as that placement.
   * Several: the turn is replayed as the one the search's solution uses, unchecked. None: one
   * `score-mismatch` finding naming the nearest placements, and a score-only line.
   */
  protected word(e: EventNode, p: number): Outcome {
    const score = this.wordLineScore(e, p);
    const word = e.word;
    const unknownBoard = (): Outcome => {
      const outcome = this.scoreOnly(e, p, score);
      outcome.wordSearch = {
        status: 'unknown-board',
        ...(score !== undefined ? { score } : {}),
        candidates: [],
        nearest: [],
        setAside: [],
      };
      return outcome;
    };
    if (!word || this.blind) return unknownBoard();
    const tiles = this.wordTiles(word);
    const judge = this.wordJudge();
    const candidate = (c: WordPlacement): WordCandidate => ({ coord: c.coord, play: c.play, score: c.score });
    const solved = this.solvedWord(e, p, score);
    if (solved) {
      const base = { ...(score !== undefined ? { score } : {}), setAside: solved.setAside.map(candidate) };
      const outcome = this.placement(this.locatedEvent(e, solved.chosen), p);
      outcome.placedAsPlay = true;
      if (solved.status === 'located') {
        outcome.wordSearch = { status: 'located', ...base, candidates: [candidate(solved.chosen)], nearest: [] };
      } else {
        outcome.wordSearch = { status: 'ambiguous', ...base, candidates: solved.candidates.map(candidate), nearest: [] };
        outcome.unchecked = true;
        outcome.illegal = undefined;
      }
      return outcome;
    }
    // No choice of placements follows the sheet from here (a slip in a rack or a later line, or
    // the word scores so nowhere): this line alone, on this board.
    const pool = this.wordPool(e, p) ?? this.notOnBoard();
    const found = findPlacements(this.board, tiles, { score, pool, tileSet: this.set, judge });
    const kept = preferAccepted(found.matches);
    if (kept.length > 0) {
      const setAside = found.matches.filter((c) => !kept.includes(c)).map(candidate);
      const base = { ...(score !== undefined ? { score } : {}), setAside };
      const outcome = this.placement(this.locatedEvent(e, kept[0]), p);
      outcome.placedAsPlay = true;
      if (kept.length === 1 && !this.provisional) {
        outcome.wordSearch = { status: 'located', ...base, candidates: [candidate(kept[0])], nearest: [] };
      } else {
        outcome.wordSearch = { status: 'ambiguous', ...base, candidates: kept.map(candidate), nearest: [] };
        outcome.unchecked = true;
        outcome.illegal = undefined;
        this.provisional = true;
      }
      return outcome;
    }
    if (this.provisional) return unknownBoard();
    const outcome = this.scoreOnly(e, p, score);
    const nearest = found.nearest.map(candidate);
    // Art. 12–19: no placement of the word scores what the sheet says.
    const span = e.score?.span ?? word.span;
    const closest = nearest.map((c) => `${c.coord} ${c.score}`).join(', ');
    if (nearest.length > 0)
      this.report(
        'score-mismatch',
        span,
        { word: word.text, declared: score ?? 0, nearest: closest },
        { messageId: 'score-mismatch-word' },
      );
    else this.report('score-mismatch', span, { word: word.text }, { messageId: 'score-mismatch-word-unplaceable' });
    outcome.wordSearch = { status: 'nowhere', ...(score !== undefined ? { score } : {}), setAside: [], candidates: [], nearest };
    return outcome;
  }

  /** The joint solution of the segment the current word line belongs to (see `solvedWord`). */
  private sheet?: { events: readonly EventNode[]; solution: SheetSolution; guessed: boolean };
  /** Set once an undecided word was replayed as its witness placement (the board is then a guess). */
  private provisional = false;

  private wordTiles(word: NonNullable<EventNode['word']>): WordTile[] {
    return (this.spanish ? word.tiles : word.singles).map((t) => ({ letter: t.letter ?? '', blank: t.blank, text: t.text }));
  }

  /**
   * Where the word line `e` went according to the joint search (engine/sheet-solve.ts) over the
   * lines from it to the next line after which the board is not known; the search runs once per
   * such segment and again only after a line it could not follow. Undefined: no solution covers `e`.
   */
  private solvedWord(e: EventNode, p: number, score: number | undefined): SolvedWord | undefined {
    const cached = this.sheet;
    const at = cached ? cached.events.indexOf(e) : -1;
    if (cached && at >= 0 && at < cached.solution.reach) {
      const solved = cached.solution.words.get(at);
      if (solved && this.fitsBoard(solved.chosen)) {
        if (solved.status === 'ambiguous') this.provisional = true;
        return cached.guessed ? { ...solved, status: 'ambiguous' } : solved;
      }
    }
    // A board that holds an undecided word's likeliest placement is a guess: what a search on it
    // finds is possible, never decided.
    const guessed = this.provisional;
    const segment = this.segment(e, p, score);
    const empty = this.board.every((c) => c === null);
    const solution = solveSheet({
      board: this.board,
      unseen: this.notOnBoard(),
      bag: this.bag,
      sizes: [this.players[0].size, this.players[1].size],
      leaves: [this.knownTiles(0), this.knownTiles(1)],
      lines: segment.lines,
      tileSet: this.set,
      judge: this.wordJudge(),
      canonical: empty && !segment.lines.some((l) => l.kind === 'placement'),
    });
    this.sheet = { events: segment.events, solution, guessed };
    const solved = solution.words.get(0);
    if (solved?.status === 'ambiguous') this.provisional = true;
    return solved && guessed ? { ...solved, status: 'ambiguous' } : solved;
  }

  private knownTiles(p: number): string[] | undefined {
    const known = this.players[p].known;
    return known.length > 0 ? known.slice() : undefined;
  }

  /** Whether the placement's new squares are empty and its board squares hold tiles on this board. */
  private fitsBoard(c: WordPlacement): boolean {
    for (const t of c.newTiles) if (this.board[squareIndex(t.row, t.col)]) return false;
    return true;
  }

  /** The lines from `e` to the next one after which the board is not known, as the joint search reads them. */
  private segment(e: EventNode, p: number, score: number | undefined): { events: EventNode[]; lines: SheetLine[] } {
    const events = this.file.events;
    const totals = new Map<string, number | undefined>();
    for (let i = 0; i < 2; i++) {
      const b = this.players[i].bases;
      totals.set(this.nick(i), b.length === 1 ? b[0] : undefined);
    }
    const racks = (rack: EventNode['rack']): Readings | undefined =>
      this.rackIsKnown(rack) ? this.readingsOf(rack).map((r) => r.map(rackFace)) : undefined;
    const outEvents: EventNode[] = [];
    const lines: SheetLine[] = [];
    for (let i = events.indexOf(e); i < events.length; i++) {
      const ev = events[i];
      const nick = ev.nick.text;
      const player = nick === this.nick(0) ? 0 : nick === this.nick(1) ? 1 : -1;
      const before = totals.get(nick);
      totals.set(nick, ev.total?.value);
      let line: SheetLine | undefined;
      if (player < 0) break;
      if (ev === e && ev.word) {
        line = {
          kind: 'word',
          player: p,
          word: this.wordTiles(ev.word),
          ...(score !== undefined ? { score } : {}),
          ...opt('racks', racks(ev.rack)),
        };
      } else if (ev.kind === 'word' && ev.word) {
        const s = ev.score?.value ?? (ev.total && before !== undefined ? ev.total.value - before : undefined);
        line = {
          kind: 'word',
          player,
          word: this.wordTiles(ev.word),
          ...(s !== undefined ? { score: s } : {}),
          ...opt('racks', racks(ev.rack)),
        };
      } else if (ev.kind === 'placement' && ev.coord && ev.play) {
        const refs = this.spanish ? ev.play.tiles : ev.play.singles;
        line = {
          kind: 'placement',
          player,
          row: ev.coord.row,
          col: ev.coord.col,
          direction: ev.coord.direction,
          tiles: refs.map((t) => ({ letter: t.through ? null : t.letter, blank: t.blank })),
          ...(ev.score ? { score: ev.score.value } : {}),
          ...opt('racks', racks(ev.rack)),
        };
      } else if (ev.kind === 'pass') line = { kind: 'pass', player, ...opt('racks', racks(ev.rack)) };
      else if (ev.kind === 'exchange') {
        const readings = ev.exchanged ? this.readingsOf(ev.exchanged) : [];
        const exchanged = readings.length === 1 ? readings[0].map(rackFace) : undefined;
        line = { kind: 'exchange', player, ...opt('racks', racks(ev.rack)), ...opt('exchanged', exchanged) };
      } else if (ev.kind === 'end-rack') line = { kind: 'end-rack', player, ...opt('tiles', racks(ev.endRack)) };
      else if (ev.kind === 'rack-deduction') line = { kind: 'deduction', player, ...opt('tiles', racks(ev.endRack ?? ev.rack)) };
      else if (ev.kind === 'time-penalty' || ev.kind === 'arbiter-penalty' || ev.kind === 'challenge-bonus') line = { kind: 'other' };
      if (!line) break; // a score-only line, a withdrawal, a placement without its coordinate
      outEvents.push(ev);
      lines.push(line);
    }
    return { events: outEvents, lines };
  }

  /** The score of a word line: the sheet's, else the player's total minus the previous one. */
  private wordLineScore(e: EventNode, p: number): number | undefined {
    if (e.score) return e.score.value;
    const bases = this.players[p].bases;
    return e.total && bases.length === 1 ? e.total.value - bases[0] : undefined;
  }

  /** The faces a rack written in full may place (every reading's tiles); undefined otherwise. */
  private wordPool(e: EventNode, p: number): string[] | undefined {
    if (!this.rackIsKnown(e.rack)) return undefined;
    const readings = this.readingsOf(e.rack);
    const most = new Map<string, number>();
    let complete = false;
    for (const reading of readings) {
      const faces = reading.map(rackFace);
      if (faces.length >= this.players[p].size) complete = true;
      for (const f of new Set(faces)) most.set(f, Math.max(most.get(f) ?? 0, countOf(faces, f)));
    }
    if (!complete) return undefined;
    const pool: string[] = [];
    for (const [f, n] of most) for (let i = 0; i < n; i++) pool.push(f);
    return pool;
  }

  /** Every tile not on the board, as faces ('?' for a blank). */
  private notOnBoard(): string[] {
    const out: string[] = [];
    for (const k of this.set.kinds) for (let n = this.unseen(k.letter); n > 0; n--) out.push(k.letter);
    return out;
  }

  /** The word line as the placement it is: the coordinate found, `.` over the board's tiles. */
  private locatedEvent(e: EventNode, c: WordPlacement): EventNode {
    const word = e.word!;
    const refs = this.spanish ? word.tiles : word.singles;
    const dr = c.direction === 'down' ? 1 : 0;
    const dc = c.direction === 'across' ? 1 : 0;
    const tiles: TileRef[] = refs.map((t, i) =>
      this.board[squareIndex(c.row + dr * i, c.col + dc * i)] ? { letter: null, blank: false, through: true, text: '.', span: t.span } : t,
    );
    const coord = { text: c.coord, span: word.span, row: c.row, col: c.col, direction: c.direction };
    return { ...e, kind: 'placement', coord, play: { text: c.play, span: word.span, pieces: word.pieces, tiles, singles: tiles } };
  }

  // ---------------------------------------------------------------------------------------------
  // Pass, exchange

  protected scorelessAmount(e: EventNode): void {
    const declared = e.score?.value;
    if (declared !== undefined && declared !== 0) {
      this.report('score-mismatch', e.score!.span, { declared }, { messageId: 'score-mismatch-scoreless' });
    }
  }

  protected pass(e: EventNode, p: number): Outcome {
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
  protected exchange(e: EventNode, p: number): Outcome {
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
    else if (count > this.bag)
      this.report('exchange-bag-too-small', where, { count, bag: this.bag }, { messageId: 'exchange-bag-too-small-count' });
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
  protected withdrawn(e: EventNode, p: number): Outcome {
    const record = this.lastPlacement[p];
    const declared = e.score?.value;
    if (!record || record.withdrawn) {
      this.report('phony-withdrawn-without-play', e.score?.span ?? e.span, { nick: e.nick.text });
      return { computed: 0 };
    }
    // Art. 34: a challenge comes before the opponent's next move. Written after it, it is late:
    // the play stands with its points, and the line is this one finding, not applied.
    if (this.lastTurnPlayer >= 0 && this.lastTurnPlayer !== p && this.lastTurnEvent && this.lastTurnEvent.line > record.event.line) {
      this.report(
        'phony-withdrawn-without-play',
        e.score?.span ?? e.span,
        { nick: e.nick.text, opponent: this.nick(1 - p) },
        {
          messageId: 'phony-withdrawn-without-play-late',
          related: [{ span: record.event.play?.span ?? record.event.span, messageId: 'related.withdrawn-play', args: {} }],
        },
      );
      return { computed: 0, ...(declared !== undefined ? { alsoFine: [declared] } : {}) };
    }
    if (this.lastTurnPlayer !== p) {
      this.report(
        'out-of-turn',
        e.nick.span,
        { nick: e.nick.text, expected: this.nick(1 - p) },
        {
          related: [{ span: record.event.span, messageId: 'related.withdrawn-play', args: {} }],
        },
      );
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
    // Art. 11, 34: a withdrawn play is judged only for being withdrawn. What its tiles broke (two
    // loose tiles spelling a digraph, a blank as K or W) was the reason to challenge it off: those
    // findings go, and such a play was rightly withdrawn, whatever its words spell.
    const play = record.event.play;
    const tileFaults = play
      ? this.findings.filter(
          (f) =>
            WITHDRAWN_TILE_CODES.has(f.code) && f.span.start.offset >= play.span.start.offset && f.span.end.offset <= play.span.end.offset,
        )
      : [];
    for (const f of tileFaults) this.dropFinding(f);
    const lexicon = this.judging();
    if (
      lexicon &&
      tileFaults.length === 0 &&
      !record.misplaced &&
      record.words.length > 0 &&
      record.words.every((w) => lexicon.has(w.normalized))
    ) {
      this.report('withdrawn-play-was-valid', e.span, { words: record.words.map((w) => w.word).join(', ') }, { related });
    }
    return {
      computed: -record.computed,
      withdrew: true,
      alsoFine: [expected],
      ...(oldForm ? { expectedTotals: record.before.bases.slice() } : {}),
    };
  }

  protected dropFinding(f: Finding | undefined): void {
    if (!f) return;
    const i = this.findings.indexOf(f);
    if (i >= 0) this.findings.splice(i, 1);
  }

  /** `(challenge) +N`: a bonus for a play challenged in vain. NASPA only; FISE has none (art. 34). */
  protected challengeBonus(e: EventNode, p: number): Outcome {
    const declared = e.score?.value ?? 0;
    if (this.lastTurnPlayer >= 0 && this.lastTurnPlayer !== p) {
      const prev = this.lastTurnEvent;
      this.report(
        'out-of-turn',
        e.nick.span,
        { nick: e.nick.text, expected: this.nick(this.lastTurnPlayer) },
        {
          related: prev ? [{ span: prev.nick.span, messageId: 'related.previous-turn', args: { nick: prev.nick.text } }] : [],
        },
      );
    }
    if (this.edition !== 'naspa') {
      this.report('challenge-bonus-not-fise', e.keyword?.span ?? e.span, { amount: e.score?.text ?? String(declared) });
      return { computed: 0 };
    }
    return { computed: declared };
  }
}

/** Whether two faces side by side spell CH, LL or RR (art. 11). */
function spellsDigraph(a: string, b: string): boolean {
  if (a.length === 1 && b.length === 1) return (a === 'C' && b === 'H') || (a === 'L' && b === 'L') || (a === 'R' && b === 'R');
  if (a.length + b.length !== 2) return false;
  const pair = a + b;
  return pair === 'CH' || pair === 'LL' || pair === 'RR';
}
