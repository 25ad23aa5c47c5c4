/**
 * The replayer's handlers for the lines that are moves: a placement is resolved on the board, its
 * tiles checked against the rack and the set (art. 3, 10.1, 11), scored (art. 12–19) and compared
 * with the sheet; a word without a coordinate is located on the board (sheet-solve.ts); a
 * score-only line takes its numbers as written and leaves the board unknown; a pass and an
 * exchange (art. 24) count towards the runs that end a game (37.2, 37.3).
 *
 * Invariants: each handler reports at most one finding per slip (no cascades: a miscopied play's
 * score is not compared) and hands back an Outcome for the common bookkeeping in `replay.ts`;
 * everything it changes is in the state record (replay-state.ts).
 *
 * Example (the replayer's own use, through MOVE_HANDLERS):
 *   const outcome = placement(st, e, { player: 0 });   // outcome.computed: the play's true score
 */
import type { Finding } from '../rules/types';
import type { EventNode, RackNode, TileRef } from '../syntax/types';
import { composeRack } from '../syntax/tiles';
import { BOARD_SIZE, squareIndex } from './board';
import { otherDirection, resolvePlacement, type PlacedNewTile, type PlayTile } from './placement';
import { chooseReading, countOf, formatTiles, missingFrom, rackFace, removeTiles, type ReadingChoice } from './racks';
import {
  endArticle,
  isPaperDeduction,
  issue,
  judging,
  nick,
  notChecked,
  otherFromOf,
  rackTiles,
  NO_RULINGS,
  placeTile,
  rackIsKnown,
  readingsOf,
  readInOtherNotation,
  readRack,
  report,
  unseen,
  type LineContext,
  type LineHandlers,
  type Outcome,
  type PlacementRecord,
  type PlayerState,
  type ReplayState,
} from './replay-state';
import { scorePlacement } from './scoring';
import { solveSheet, type Readings, type SheetLine, type SheetSolution, type SolvedWord } from './sheet-solve';
import { allPlacements, coordinateOf, findPlacements, preferAccepted, type WordPlacement, type WordTile } from './word-search';
import { RACK_SIZE } from './tilesets';
import { NO_WORDS } from './turn';
import type { IllegalPlay, ScoredWord, WordCandidate } from './types';

/** `{ [key]: value }` when the value is defined, else nothing (optional fields of the search's lines). */
function opt<K extends string, V>(key: K, value: V | undefined): { [k in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [k in K]?: V };
}

// ---------------------------------------------------------------------------------------------
// Placements

/** The play's tiles under the tile set (English: every piece one tile). */
function playRefs(st: ReplayState, e: EventNode): readonly TileRef[] {
  const play = e.play;
  if (!play) return [];
  return st.spanish ? play.tiles : play.singles;
}

/**
 * Decides each lower-case plain digraph (`ch`): the real tile when the rack holds one that the
 * rest of the play does not use, else a blank (NOTATION.md, "plain").
 */
function resolveTiles(refs: readonly TileRef[], rack: readonly string[] | undefined): PlayTile[] {
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
function neededFaces(st: ReplayState, e: EventNode, tiles: readonly PlayTile[]): string[] {
  const c = e.coord;
  const out: string[] = [];
  tiles.forEach((t, i) => {
    if (t.through) return;
    if (c) {
      const r = c.direction === 'down' ? c.row + i : c.row;
      const col = c.direction === 'across' ? c.col + i : c.col;
      if (r >= 0 && r < BOARD_SIZE && col >= 0 && col < BOARD_SIZE && st.board[squareIndex(r, col)]) return;
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
function checkTileFaces(st: ReplayState, tiles: readonly PlayTile[], rackForeign: string | undefined): { foreign: boolean; kw: boolean } {
  const kw = st.spanish ? tiles.find((t) => t.blank && (t.letter === 'K' || t.letter === 'W')) : undefined;
  if (kw) report(st, 'blank-k-w', kw.ref.span, { letter: kw.letter ?? '' });
  const foreign = tiles.find((t) => !t.through && t.letter !== null && t !== kw && !st.set.has(t.letter));
  if (foreign && !(rackForeign !== undefined && !foreign.blank && foreign.letter === rackForeign)) {
    report(st, 'tile-not-in-set', foreign.ref.span, { letter: foreign.ref.text });
  }
  return { foreign: foreign !== undefined, kw: kw !== undefined };
}

/** The first pair of loose tiles, one of them new, that spells CH, LL or RR inside a word (art. 11). */
function separateDigraph(
  st: ReplayState,
  words: readonly ScoredWord[],
): { word: ScoredWord; pair: string; square: ScoredWord['squares'][number] } | undefined {
  if (!st.spanish) return undefined;
  for (const w of words) {
    for (let i = 0; i + 1 < w.squares.length; i++) {
      const a = w.squares[i];
      const b = w.squares[i + 1];
      if ((a.isNew || b.isNew) && spellsDigraph(a.letter, b.letter)) return { word: w, pair: a.letter + b.letter, square: a.isNew ? a : b };
    }
  }
  return undefined;
}

/** CH, LL, RR are single tiles: two loose tiles spelling one inside a new word (art. 11). */
function checkSeparateDigraphs(st: ReplayState, words: readonly ScoredWord[], placed: readonly PlacedNewTile[]): boolean {
  const found = separateDigraph(st, words);
  if (!found) return false;
  const sq = found.square;
  const tile = placed.find((t) => t.row === sq.row && t.col === sq.col);
  if (tile) report(st, 'separate-digraph', tile.ref.span, { digraph: found.pair, word: found.word.word });
  return true;
}

/**
 * How well a reading of the play fits its turn, higher is better: its declared score (not judged
 * after a score-only line), its tiles on the rack, its squares, no digraph spelt with two tiles.
 */
function playFit(st: ReplayState, e: EventNode, refs: readonly TileRef[]): number {
  if (!e.coord || !e.play) return 0;
  const readings = rackIsKnown(e.rack) ? readingsOf(st, e.rack).map((r) => r.map(rackFace)) : undefined;
  let rackFaces: string[] | undefined;
  for (const r of readings ?? []) {
    if (missingFrom(r, neededFaces(st, e, resolveTiles(refs, r))).length === 0) {
      rackFaces = r;
      break;
    }
  }
  const fromRack = readings === undefined || rackFaces !== undefined;
  const tiles = resolveTiles(refs, rackFaces ?? readings?.[0]);
  const resolved = resolvePlacement(st.board, e.coord, tiles, e.play.text, rackFaces);
  const scored = scorePlacement(st.board, resolved.newTiles, resolved.direction, st.set, undefined);
  const scoreOk = st.blind || e.score === undefined || scored.score === e.score.value;
  return (scoreOk ? 8 : 0) + (fromRack ? 4 : 0) + (resolved.geometryError ? 0 : 2) + (separateDigraph(st, scored.words) ? 0 : 1);
}

/**
 * The play's tiles: the file's notation's reading, or in a bracket file the plain reading of a
 * letter pair (`llORA`: the LL tile) when only that one fits the turn (NOTATION.md,
 * `#tile-notation`). Ties go to the file's notation, so no token changes how the rest reads.
 */
function choosePlayRefs(st: ReplayState, e: EventNode): { refs: readonly TileRef[]; other: boolean } {
  const own = playRefs(st, e);
  const other = st.spanish ? e.play?.other : undefined;
  if (!other || !e.play) return { refs: own, other: false };
  if (playFit(st, e, other) <= playFit(st, e, own)) return { refs: own, other: false };
  return { refs: other, other: true };
}

/** `judging()`'s lookup as a function for scoring, made once per replay (undefined: no lexicon). */
function wordJudge(st: ReplayState): ((word: string) => boolean) | undefined {
  if (st.judgeOfWords === undefined) {
    const lexicon = judging(st);
    st.judgeOfWords = lexicon ? (word: string): boolean => lexicon.has(word) : null;
  }
  return st.judgeOfWords ?? undefined;
}

/** What a withdrawal of the play about to be made restores: the rack, the runs, the game state, the sums. */
function restorePoint(st: ReplayState, player: PlayerState): PlacementRecord['before'] {
  return {
    known: player.known.slice(),
    knownFrom: player.knownFrom,
    size: player.size,
    passRun: st.passRun,
    scorelessRun: st.scorelessRun,
    gameEnd: st.end,
    bases: player.bases.slice(),
  };
}

function placement(st: ReplayState, e: EventNode, ctx: LineContext): Outcome {
  const p = ctx.player;
  const player = st.players[p];
  const { refs, other } = choosePlayRefs(st, e);
  const rack = readRack(st, e, p, (reading) => neededFaces(st, e, resolveTiles(refs, reading.map(rackFace))));
  const before = restorePoint(st, player);
  const tiles = resolveTiles(refs, rack?.tiles);
  if (other && e.play) readInOtherNotation(st, e.play, tiles);
  const faceIssues = checkTileFaces(st, tiles, rack?.foreign);

  if (!e.coord || !e.play) return { computed: 0 };
  // Art. 33: each word formed is looked up once; the verdict travels with the word (hovers, reports).
  const has = wordJudge(st);
  let resolved = resolvePlacement(st.board, e.coord, tiles, e.play.text, rack?.tiles);
  let scored = scorePlacement(st.board, resolved.newTiles, resolved.direction, st.set, has);
  const declared = e.score?.value;
  if (
    declared !== undefined &&
    (resolved.issues.length > 0 || scored.score !== declared || scored.words.some((w) => w.accepted === false))
  ) {
    // A coordinate written the other way round (8D for D8, art. 20): the other direction is taken
    // only when it gives exactly the sheet's score with accepted words; otherwise the tiles stay
    // as written, with one finding.
    const other = otherDirection(st.board, e.coord, tiles, e.play.text);
    if (other) {
      const otherScored = scorePlacement(st.board, other.newTiles, other.direction, st.set, has);
      if (otherScored.score === declared && otherScored.words.every((w) => w.accepted !== false)) {
        resolved = other;
        scored = otherScored;
      }
    }
  }
  // Blind (after a score-only line): the board is not known, so neither the play's geometry
  // nor its score can be judged; the tiles go on the board as written.
  if (!st.blind) for (const i of resolved.issues) issue(st, i);
  else notChecked(st, e);
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
      report(st, 'tile-not-in-rack', tile?.ref.span ?? e.play.span, {
        tile: tile?.ref.text ?? formatTiles(missing),
        rack: e.rack?.text ?? '',
      });
    }
  }
  const separate = checkSeparateDigraphs(st, scored.words, placed);

  // One slip, one finding: when the play itself is miscopied (geometry, a tile that is not on
  // the rack or not in the set, a digraph spelt with two tiles), its computed score says nothing
  // about the sheet's, so the score is not compared as well.
  const playMiscopied = resolved.geometryError || notInRack || faceIssues.foreign || separate;
  let scoreFinding: Finding | undefined;
  const blind = st.blind;
  if (blind) scored = { ...scored, score: declared ?? scored.score, bingo: 0 };
  if (declared !== undefined && declared !== scored.score && !playMiscopied) {
    // Art. 12–19.
    const words = scored.words.map((w) => `${w.word} ${w.score}`).join(', ');
    scoreFinding =
      scored.bingo > 0
        ? report(
            st,
            'score-mismatch',
            e.score!.span,
            { declared, computed: scored.score, words, bingo: scored.bingo },
            { messageId: 'score-mismatch-bingo' },
          )
        : report(st, 'score-mismatch', e.score!.span, { declared, computed: scored.score, words });
  }

  // Art. 12–19 need the squares: a play whose squares are wrong (a gap, an occupied square, off
  // the board, not touching) has no computable score, so the sheet's amount goes into the true
  // totals, beside the finding, rather than a number the play never made.
  const amount = resolved.geometryError && declared !== undefined ? declared : scored.score;
  for (const t of placed) placeTile(st, t.row, t.col, { letter: t.letter, blank: t.blank, turn: st.turns.length });
  player.total += amount;
  // A rack that lacks a played tile contradicts the play: its leave is not trusted (no cascade).
  player.known = notInRack ? [] : removeTiles(player.known, faces);
  player.size -= placed.length;
  const drawn = Math.min(placed.length, st.bag); // art. 7: draw as many as placed, while the bag lasts
  st.bag -= drawn;
  player.size += drawn;
  st.passRun = 0;
  st.scorelessRun = 0;

  const record: PlacementRecord = {
    turn: st.turns.length,
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
  st.records.push(record);
  st.lastPlacement[p] = record;

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

  if (!st.end && !blind && st.bag === 0 && player.size === 0 && placed.length > 0) {
    // 37.4 / 40.3: the rack is empty and so is the bag.
    st.end = {
      reason: 'out',
      article: endArticle('out', st.edition),
      afterTurn: st.turns.length,
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
 * turn order, what comes after). From here on the board and the bag are unknown (`blind`), unless
 * it scores 0: a pass, an exchange or a withdrawn play puts no tile down. It is recorded as a
 * placement of unknown tiles, so a `--` line can take it back.
 */
function scoreOnly(st: ReplayState, e: EventNode, ctx: LineContext): Outcome {
  return scoreOnlyTurn(st, e, ctx.player);
}

/** A word line on a board that is not known: a score-only line that says so (TurnState.wordSearch). */
function onUnknownBoard(st: ReplayState, e: EventNode, p: number, score: number | undefined): Outcome {
  const outcome = scoreOnlyTurn(st, e, p, score);
  const from = SHEETS.get(st)?.blindFrom;
  outcome.wordSearch = {
    status: 'unknown-board',
    ...(from ? { after: from.line, afterWhy: from.why } : {}),
    ...(score !== undefined ? { score } : {}),
    candidates: [],
    nearest: [],
    setAside: [],
  };
  return outcome;
}

/** A turn replayed as a score-only line: `amount` for its points (else the sheet's). */
function scoreOnlyTurn(st: ReplayState, e: EventNode, p: number, amount?: number): Outcome {
  const player = st.players[p];
  const rack = readRack(st, e, p, () => []);
  const declared = amount ?? e.score?.value ?? 0;
  const before = restorePoint(st, player);
  // A line of +0 is a pass, an exchange or a withdrawn play (art. 5.1, 24): it puts no tile on the
  // board, so the board stays known and the plays after it are checked. (A play of blanks alone
  // scoring 0 is not considered, as the reconstruction does not.)
  if (declared !== 0) st.blind = true;
  notChecked(st, e);
  // What was played is unknown, so nothing is known of the rack that follows.
  player.known = [];
  player.knownFrom = e;
  st.passRun = 0;
  st.scorelessRun = declared === 0 ? st.scorelessRun + 1 : 0;
  const record: PlacementRecord = {
    turn: st.turns.length,
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
  st.records.push(record);
  st.lastPlacement[p] = record;
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
function word(st: ReplayState, e: EventNode, ctx: LineContext): Outcome {
  const p = ctx.player;
  const score = wordLineScore(st, e, p);
  const word = e.word;
  if (!word || st.blind) {
    const outcome = onUnknownBoard(st, e, p, score);
    // The board cannot tell a word from a rack here: say that the string could be either.
    if (word && e.rack === undefined && oneStringRack(st, e, p) && outcome.wordSearch)
      outcome.wordSearch = { ...outcome.wordSearch, alsoRack: true };
    return outcome;
  }
  // One tile string before the score (`>Ana: ACENRUZ +30 30`): the word when a placement of it
  // scores so, else the rack of a score-only line (NOTATION.md, "One tile string before the score").
  const asRack = e.rack === undefined ? oneStringRack(st, e, p) : undefined;
  const alsoRack = asRack !== undefined && readingsOf(st, asRack).some((r) => r.length === st.players[p].size);
  const tiles = wordTiles(st, word);
  const judge = wordJudge(st);
  const candidate = (c: WordPlacement): WordCandidate => ({ coord: c.coord, play: c.play, score: c.score });
  const sheet = sheetOf(st);
  const solved = solvedWord(st, e, p, score);
  if (solved) {
    const base = { ...(score !== undefined ? { score } : {}), setAside: solved.setAside.map(candidate) };
    if (solved.status === 'located') {
      // The first move of a sheet without coordinates: written across, its mirror said.
      const c = solved.chosen;
      const mirror =
        sheet.solved?.canonical && st.board.every((x) => x === null)
          ? { mirror: { coord: coordinateOf(c.col, c.row, 'down'), play: c.play, score: c.score } }
          : {};
      const outcome = placement(st, locatedEvent(st, e, c), ctx);
      outcome.placedAsPlay = true;
      outcome.wordSearch = {
        status: 'located',
        ...base,
        candidates: [candidate(c)],
        nearest: [],
        ...mirror,
        ...(alsoRack ? { alsoRack } : {}),
      };
      return outcome;
    }
    const outcome = guessedPlacement(st, e, ctx, solved.chosen, score);
    if (solved.status === 'doubtful') {
      const clean = (solved.clean ?? []).map(candidate);
      outcome.wordSearch = {
        status: 'ambiguous',
        doubtful: true,
        ...base,
        candidates: solved.candidates.map(candidate),
        nearest: clean,
        ...(alsoRack ? { alsoRack } : {}),
      };
      reportDoubtful(st, e, solved, score, clean);
    } else
      outcome.wordSearch = {
        status: 'ambiguous',
        ...base,
        candidates: solved.candidates.map(candidate),
        nearest: [],
        ...(alsoRack ? { alsoRack } : {}),
      };
    return outcome;
  }
  // No choice of placements follows the sheet from here (a slip in a rack or a later line, or
  // the word scores so nowhere): this line alone, on this board.
  const pool = wordPool(st, e, p) ?? notOnBoard(st);
  const found = findPlacements(st.board, tiles, { score, pool, tileSet: st.set, judge });
  const kept = preferAccepted(found.matches);
  if (kept.length > 0) {
    const setAside = found.matches.filter((c) => !kept.includes(c)).map(candidate);
    const base = { ...(score !== undefined ? { score } : {}), setAside };
    // Through a refused word only, while clean placements make other scores: never decided.
    const bases = st.players[p].bases;
    const confirmed = e.score !== undefined && e.total !== undefined && bases.length === 1 && e.total.value - bases[0] === e.score.value;
    const clean = kept[0].crossWordsAccepted || !judge || sheet.provisional || confirmed ? [] : cleanNearest(st, tiles, pool, score, judge);
    if (kept.length === 1 && !sheet.provisional && clean.length === 0) {
      const outcome = placement(st, locatedEvent(st, e, kept[0]), ctx);
      outcome.placedAsPlay = true;
      outcome.wordSearch = { status: 'located', ...base, candidates: [candidate(kept[0])], nearest: [], ...(alsoRack ? { alsoRack } : {}) };
      return outcome;
    }
    const outcome = guessedPlacement(st, e, ctx, kept[0], score);
    markGuess(sheet, e);
    if (clean.length > 0) {
      const nearest = clean.map(candidate);
      outcome.wordSearch = {
        status: 'ambiguous',
        doubtful: true,
        ...base,
        candidates: kept.map(candidate),
        nearest,
        ...(alsoRack ? { alsoRack } : {}),
      };
      reportDoubtful(st, e, { chosen: kept[0], candidates: kept }, score, nearest);
    } else
      outcome.wordSearch = {
        status: 'ambiguous',
        ...base,
        candidates: kept.map(candidate),
        nearest: [],
        ...(alsoRack ? { alsoRack } : {}),
      };
    return outcome;
  }
  if (asRack) {
    // No placement of it scores so: the rack of a score-only line, never itself an error.
    const outcome = scoreOnlyTurn(st, { ...e, kind: 'score-only', rack: asRack }, p, score);
    outcome.wordSearch = {
      status: 'rack',
      ...(score !== undefined ? { score } : {}),
      setAside: [],
      candidates: [],
      nearest: found.nearest.map(candidate),
    };
    return outcome;
  }
  // On a board that holds a guess, a word that fits nowhere says nothing about the sheet: the
  // guess may be wrong. The board is unknown from here, and the lines say which word it waits on.
  if (sheet.provisional) {
    sheet.blindFrom ??= { line: sheet.guessLine ?? e.line, why: 'undecided' };
    return onUnknownBoard(st, e, p, score);
  }
  sheet.blindFrom ??= { line: e.line, why: 'unplaced' };
  const outcome = scoreOnlyTurn(st, e, p, score);
  const nearest = found.nearest.map(candidate);
  // Art. 12–19: no placement of the word scores what the sheet says.
  const span = e.score?.span ?? word.span;
  const closest = nearest.map((c) => `${c.coord} ${c.score}`).join(', ');
  if (nearest.length > 0)
    report(st, 'score-mismatch', span, { word: word.text, declared: score ?? 0, nearest: closest }, { messageId: 'score-mismatch-word' });
  else report(st, 'score-mismatch', span, { word: word.text }, { messageId: 'score-mismatch-word-unplaceable' });
  outcome.wordSearch = { status: 'nowhere', ...(score !== undefined ? { score } : {}), setAside: [], candidates: [], nearest };
  return outcome;
}

/**
 * The one tile string of a line read as a rack (`>Ana: ACENRUZ +30 30`), when it can be one: no
 * played-through dot, no blank designated by a lower-case letter (a rack writes `?`), and a reading
 * that holds no more tiles than the player's rack and no tile more often than it remains unseen.
 */
function oneStringRack(st: ReplayState, e: EventNode, p: number): RackNode | undefined {
  const w = e.word;
  if (!w || w.pieces.some((x) => x.kind === 'through' || x.kind === 'blank')) return undefined;
  if ((st.spanish ? w.tiles : w.singles).some((t) => t.blank && !t.lowerDigraph)) return undefined;
  const rack = composeRack({ text: w.text, span: w.span, pieces: w.pieces }, st.file.notation);
  const fits = readingsOf(st, rack).some((reading) => {
    const faces = reading.map(rackFace);
    if (faces.length > st.players[p].size) return false;
    for (const f of new Set(faces)) if (!st.set.has(f) || countOf(faces, f) > unseen(st, f)) return false;
    return true;
  });
  return fits ? rack : undefined;
}

/** Findings about a play's own placement: they say nothing when the placement is only a guess. */
const PLACEMENT_CODES: ReadonlySet<string> = new Set([
  'first-move-center',
  'first-move-single-tile',
  'not-connected',
  'placement-not-in-line',
  'placement-gap',
  'square-occupied',
  'off-board',
  'through-tile-mismatch',
  'direction-mismatch',
  'tile-not-in-rack',
  'blank-k-w',
  'tile-not-in-set',
  'separate-digraph',
  'score-mismatch',
]);

/**
 * An undecided word line replayed as its likeliest placement so the lines after it can be
 * followed: the board holds a guess, so nothing is said about the guess itself (its geometry, its
 * score, its words: the record is `misplaced`, art. 33 is not judged on it) and the turn counts
 * the sheet's score, as a score-only line does; the turn is unchecked.
 */
function guessedPlacement(st: ReplayState, e: EventNode, ctx: LineContext, chosen: WordPlacement, score: number | undefined): Outcome {
  const before = st.findings.length;
  const outcome = placement(st, locatedEvent(st, e, chosen), ctx);
  const own = st.findings.splice(before);
  st.findings.push(...own.filter((f) => !PLACEMENT_CODES.has(f.code)));
  const record = st.lastPlacement[ctx.player];
  if (record && record.event.line === e.line) {
    const amount = score ?? record.computed;
    st.players[ctx.player].total += amount - record.computed;
    const guess: PlacementRecord = { ...record, computed: amount, misplaced: true, scoreFinding: undefined };
    st.records[st.records.indexOf(record)] = guess;
    st.lastPlacement[ctx.player] = guess;
    outcome.computed = amount;
  }
  outcome.placedAsPlay = true;
  outcome.unchecked = true;
  outcome.illegal = undefined;
  return outcome;
}

/**
 * The word makes the sheet's score only through a word the list refuses while clean placements
 * make other scores (NOTATION.md): a phony nobody challenged, or a miscopied score. A warning
 * (art. 33) naming both readings, the phony words and the nearest clean placements with their scores.
 */
function reportDoubtful(
  st: ReplayState,
  e: EventNode,
  solved: { readonly chosen: WordPlacement; readonly candidates: readonly WordPlacement[] },
  score: number | undefined,
  clean: readonly WordCandidate[],
): void {
  const judge = wordJudge(st);
  const phony = new Set<string>();
  for (const c of solved.candidates)
    for (const w of c.words.slice(1)) if (w.accepted === false || judge?.(w.normalized) === false) phony.add(w.word);
  report(
    st,
    'unaccepted-word',
    e.score?.span ?? e.word!.span,
    {
      word: e.word!.text,
      declared: score ?? 0,
      candidates: solved.candidates.map((c) => c.coord).join(', '),
      phony: [...phony].join(', '),
      lexicon: judging(st)?.info.name ?? '',
      clean: clean.map((c) => `${c.coord} ${c.score}`).join(', '),
    },
    { messageId: 'unaccepted-word-doubtful' },
  );
}

/** The clean placements of a word on this board at any score, nearest to `score` first (at most three). */
function cleanNearest(
  st: ReplayState,
  tiles: readonly WordTile[],
  pool: readonly string[],
  score: number | undefined,
  judge: (word: string) => boolean,
): WordPlacement[] {
  if (score === undefined) return [];
  return allPlacements(st.board, tiles, { pool, tileSet: st.set, judge })
    .filter((c) => c.crossWordsAccepted)
    .sort((a, b) => Math.abs(a.score - score) - Math.abs(b.score - score))
    .slice(0, 3);
}

/** The joint search's state of one replay: the segment's solution, and whether the board holds a guess. */
interface SheetState {
  solved?: { events: readonly EventNode[]; solution: SheetSolution; guessed: boolean; canonical: boolean };
  /** Set once an undecided word was replayed as its witness placement (the board is then a guess). */
  provisional: boolean;
  /** The 0-based line of the first undecided word replayed as a guess (set with `provisional`). */
  guessLine?: number;
  /**
   * Why the board became unknown when no score-only line made it so: the 0-based line of the
   * undecided word whose guess left a later word no room, or of a word that fit nowhere.
   */
  blindFrom?: { readonly line: number; readonly why: 'undecided' | 'unplaced' };
}

const SHEETS = new WeakMap<ReplayState, SheetState>();

/** The board now holds the guess of the undecided word line `e`. */
function markGuess(sheet: SheetState, e: EventNode): void {
  if (!sheet.provisional) sheet.guessLine = e.line;
  sheet.provisional = true;
}

function sheetOf(st: ReplayState): SheetState {
  let s = SHEETS.get(st);
  if (!s) SHEETS.set(st, (s = { provisional: false }));
  return s;
}

function wordTiles(st: ReplayState, word: NonNullable<EventNode['word']>): WordTile[] {
  return (st.spanish ? word.tiles : word.singles).map((t) => ({ letter: t.letter ?? '', blank: t.blank, text: t.text }));
}

/**
 * Where the word line `e` went according to the joint search (engine/sheet-solve.ts) over the
 * lines from it to the next line after which the board is not known; the search runs once per
 * such segment and again only after a line it could not follow. Undefined: no solution covers `e`.
 */
function solvedWord(st: ReplayState, e: EventNode, p: number, score: number | undefined): SolvedWord | undefined {
  const sheet = sheetOf(st);
  const cached = sheet.solved;
  const at = cached ? cached.events.indexOf(e) : -1;
  if (cached && at >= 0 && at < cached.solution.reach) {
    const solved = cached.solution.words.get(at);
    if (solved && fitsBoard(st, solved.chosen)) {
      if (solved.status !== 'located' && !solved.settled) markGuess(sheet, e);
      return cached.guessed ? onGuessedBoard(solved) : solved;
    }
  }
  // A board that holds an undecided word's likeliest placement is a guess: what a search on it
  // finds is possible, never decided.
  const guessed = sheet.provisional;
  const segment = segmentFrom(st, e, p, score);
  const empty = st.board.every((c) => c === null);
  const known = (q: number): string[] | undefined => (st.players[q].known.length > 0 ? st.players[q].known.slice() : undefined);
  const canonical = empty && !segment.lines.some((l) => l.kind === 'placement');
  const solution = solveSheet({
    board: st.board,
    unseen: notOnBoard(st),
    bag: st.bag,
    sizes: [st.players[0].size, st.players[1].size],
    leaves: [known(0), known(1)],
    lines: segment.lines,
    tileSet: st.set,
    judge: wordJudge(st),
    canonical,
  });
  sheet.solved = { events: segment.events, solution, guessed, canonical };
  const solved = solution.words.get(0);
  if (solved && solved.status !== 'located' && !solved.settled) markGuess(sheet, e);
  return solved && guessed ? onGuessedBoard(solved) : solved;
}

/**
 * A line solved on a board that holds an earlier line's guess: what the search found there is
 * possible, never decided, and a word that fits only through a refused word says nothing of the
 * sheet (the guess may be what put the refused word there).
 */
function onGuessedBoard(solved: SolvedWord): SolvedWord {
  if (solved.status === 'located') return { ...solved, status: 'ambiguous' };
  if (solved.status !== 'doubtful') return solved;
  const scored = solved.candidates;
  return {
    status: 'ambiguous',
    candidates: scored.length > 0 ? scored : [solved.chosen],
    chosen: solved.chosen,
    setAside: solved.setAside,
  };
}

/** Whether the placement's new squares are empty on this board. */
function fitsBoard(st: ReplayState, c: WordPlacement): boolean {
  for (const t of c.newTiles) if (st.board[squareIndex(t.row, t.col)]) return false;
  return true;
}

/** The lines from `e` to the next one after which the board is not known, as the joint search reads them. */
function segmentFrom(st: ReplayState, e: EventNode, p: number, score: number | undefined): { events: EventNode[]; lines: SheetLine[] } {
  const events = st.file.events;
  const totals = new Map<string, number | undefined>();
  for (let i = 0; i < 2; i++) {
    const b = st.players[i].bases;
    totals.set(nick(st, i), b.length === 1 ? b[0] : undefined);
  }
  const racks = (rack: EventNode['rack']): Readings | undefined =>
    rackIsKnown(rack) ? readingsOf(st, rack).map((r) => r.map(rackFace)) : undefined;
  const outEvents: EventNode[] = [];
  const lines: SheetLine[] = [];
  for (let i = events.indexOf(e); i < events.length; i++) {
    const ev = events[i];
    const name = ev.nick.text;
    const player = name === nick(st, 0) ? 0 : name === nick(st, 1) ? 1 : -1;
    const before = totals.get(name);
    totals.set(name, ev.total?.value);
    let line: SheetLine | undefined;
    if (player < 0) break;
    // The sheet's addition confirms a written score when the written total is the previous one plus it.
    const confirmed =
      ev.score !== undefined && ev.total !== undefined && before !== undefined && ev.total.value - before === ev.score.value;
    if (ev === e && ev.word) {
      line = { kind: 'word', player: p, word: wordTiles(st, ev.word), ...opt('score', score), confirmed, ...opt('racks', racks(ev.rack)) };
    } else if (ev.kind === 'word' && ev.word) {
      const s = ev.score?.value ?? (ev.total && before !== undefined ? ev.total.value - before : undefined);
      line = { kind: 'word', player, word: wordTiles(st, ev.word), ...opt('score', s), confirmed, ...opt('racks', racks(ev.rack)) };
    } else if (ev.kind === 'placement' && ev.coord && ev.play) {
      const refs = st.spanish ? ev.play.tiles : ev.play.singles;
      line = {
        kind: 'placement',
        player,
        row: ev.coord.row,
        col: ev.coord.col,
        direction: ev.coord.direction,
        tiles: refs.map((t) => ({ letter: t.through ? null : t.letter, blank: t.blank })),
        ...opt('score', ev.score?.value),
        ...opt('racks', racks(ev.rack)),
      };
    } else if (ev.kind === 'pass') line = { kind: 'pass', player, ...opt('racks', racks(ev.rack)) };
    else if (ev.kind === 'exchange') {
      const readings = ev.exchanged ? readingsOf(st, ev.exchanged) : [];
      const exchanged = readings.length === 1 ? readings[0].map(rackFace) : undefined;
      line = { kind: 'exchange', player, ...opt('racks', racks(ev.rack)), ...opt('exchanged', exchanged) };
    } else if (ev.kind === 'end-rack' && !isPaperDeduction(ev)) line = { kind: 'end-rack', player, ...opt('tiles', racks(ev.endRack)) };
    else if (ev.kind === 'rack-deduction' || ev.kind === 'end-rack')
      line = { kind: 'deduction', player, ...opt('tiles', racks(ev.endRack ?? ev.rack)) };
    else if (ev.kind === 'time-penalty' || ev.kind === 'arbiter-penalty' || ev.kind === 'challenge-bonus') line = { kind: 'other' };
    if (!line) break; // a score-only line, a withdrawal, a placement without its coordinate
    outEvents.push(ev);
    lines.push(line);
  }
  return { events: outEvents, lines };
}

/** The score of a word line: the sheet's, else the player's total minus the previous one. */
function wordLineScore(st: ReplayState, e: EventNode, p: number): number | undefined {
  if (e.score) return e.score.value;
  const bases = st.players[p].bases;
  return e.total && bases.length === 1 ? e.total.value - bases[0] : undefined;
}

/** The faces a rack written in full may place (every reading's tiles); undefined otherwise. */
function wordPool(st: ReplayState, e: EventNode, p: number): string[] | undefined {
  if (!rackIsKnown(e.rack)) return undefined;
  const readings = readingsOf(st, e.rack);
  const most = new Map<string, number>();
  let complete = false;
  for (const reading of readings) {
    const faces = reading.map(rackFace);
    if (faces.length >= st.players[p].size) complete = true;
    for (const f of new Set(faces)) most.set(f, Math.max(most.get(f) ?? 0, countOf(faces, f)));
  }
  if (!complete) return undefined;
  const pool: string[] = [];
  for (const [f, n] of most) for (let i = 0; i < n; i++) pool.push(f);
  return pool;
}

/** Every tile not on the board, as faces ('?' for a blank). */
function notOnBoard(st: ReplayState): string[] {
  const out: string[] = [];
  for (const k of st.set.kinds) for (let n = unseen(st, k.letter); n > 0; n--) out.push(k.letter);
  return out;
}

/** The word line as the placement it is: the coordinate found, `.` over the board's tiles. */
function locatedEvent(st: ReplayState, e: EventNode, c: WordPlacement): EventNode {
  const word = e.word!;
  const refs = st.spanish ? word.tiles : word.singles;
  const dr = c.direction === 'down' ? 1 : 0;
  const dc = c.direction === 'across' ? 1 : 0;
  const tiles: TileRef[] = refs.map((t, i) =>
    st.board[squareIndex(c.row + dr * i, c.col + dc * i)] ? { letter: null, blank: false, through: true, text: '.', span: t.span } : t,
  );
  const coord = { text: c.coord, span: word.span, row: c.row, col: c.col, direction: c.direction };
  return { ...e, kind: 'placement', coord, play: { text: c.play, span: word.span, pieces: word.pieces, tiles, singles: tiles } };
}

// ---------------------------------------------------------------------------------------------
// Pass, exchange

function scorelessAmount(st: ReplayState, e: EventNode): void {
  const declared = e.score?.value;
  if (declared !== undefined && declared !== 0) {
    report(st, 'score-mismatch', e.score!.span, { declared }, { messageId: 'score-mismatch-scoreless' });
  }
}

function pass(st: ReplayState, e: EventNode, ctx: LineContext): Outcome {
  const p = ctx.player;
  const rack = readRack(st, e, p, () => []);
  scorelessAmount(st, e);
  st.lastPlacement[p] = undefined;
  st.passRun++; // 37.2 / 40.2
  st.scorelessRun++; // 37.3; NASPA six zeros
  return {
    computed: 0,
    rackBefore: rack ? { tiles: rack.tiles, complete: rack.tiles.length === st.players[p].size } : undefined,
    rackReading: rack?.note,
  };
}

/** Exchange (art. 24): the tiles must be on the rack and the bag must hold enough tiles. */
function exchange(st: ReplayState, e: EventNode, ctx: LineContext): Outcome {
  const p = ctx.player;
  const player = st.players[p];
  const exchangedReadings = e.exchanged ? readingsOf(st, e.exchanged) : [];
  const exchangedOtherFrom = e.exchanged ? otherFromOf(st, e.exchanged) : undefined;
  const exchangedChoice = (rack: readonly string[] | undefined): ReadingChoice =>
    chooseReading(
      exchangedReadings,
      {
        needed: () => [],
        expectedSize: -1,
        keep: [],
        unseen: (f) => (rack ? countOf(rack, f) : unseen(st, f)),
      },
      exchangedOtherFrom,
    );
  const rack = readRack(st, e, p, (reading) => exchangedChoice(reading.map(rackFace)).tiles);
  const chosen = e.exchanged ? exchangedChoice(rack?.tiles) : undefined;
  if (chosen?.other && e.exchanged) readInOtherNotation(st, e.exchanged, rackTiles(chosen.tiles));
  const out = chosen?.tiles;
  const count = out ? out.length : (e.exchangedCount?.value ?? 0);
  const where = e.exchanged?.span ?? e.exchangedCount?.span ?? e.span;

  let contradicts = false;
  if (out && rack) {
    const missing = missingFrom(rack.tiles, out);
    contradicts = missing.length > 0;
    if (contradicts) report(st, 'exchange-not-in-rack', where, { tiles: formatTiles(missing), rack: e.rack?.text ?? '' });
  } else if (!out && count > player.size) {
    report(st, 'exchange-not-in-rack', where, { tiles: String(count), rack: e.rack?.text ?? formatTiles(player.known) });
  }
  const minimum = st.options.exchangeMinimum ?? (st.edition === 'naspa' ? RACK_SIZE : 1);
  if (st.blind) {
    // The bag is not known after a score-only line.
  } else if (st.bag < minimum) report(st, 'exchange-bag-too-small', where, { bag: st.bag, minimum });
  else if (count > st.bag)
    report(st, 'exchange-bag-too-small', where, { count, bag: st.bag }, { messageId: 'exchange-bag-too-small-count' });
  scorelessAmount(st, e);

  player.known = out && !contradicts ? removeTiles(player.known, out) : [];
  st.lastPlacement[p] = undefined;
  st.passRun = 0; // 37.2: an exchange is not a pass, and it ends a run of passes
  st.scorelessRun++; // 37.3
  return {
    computed: 0,
    rackBefore: rack ? { tiles: rack.tiles, complete: rack.tiles.length === player.size } : undefined,
    rackReading: rack?.note,
  };
}

/** Whether two faces side by side spell CH, LL or RR (art. 11). */
function spellsDigraph(a: string, b: string): boolean {
  if (a.length === 1 && b.length === 1) return (a === 'C' && b === 'H') || (a === 'L' && b === 'L') || (a === 'R' && b === 'R');
  if (a.length + b.length !== 2) return false;
  const pair = a + b;
  return pair === 'CH' || pair === 'LL' || pair === 'RR';
}

/** The handlers of the move lines, by event kind (replay.ts puts them in its table). */
export const MOVE_HANDLERS = {
  placement,
  word,
  'score-only': scoreOnly,
  pass,
  exchange,
} satisfies Partial<LineHandlers>;
