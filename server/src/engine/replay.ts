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
 * - Syntax problems are not reported here (service/document.ts merges them).
 *
 * The replayer is plain state plus handler functions (see `replay-state.ts`): this module takes
 * the lines in order, dispatches each event line to its handler from HANDLERS by its kind (moves,
 * challenges, end of game: `replay-moves.ts`, `replay-challenges.ts`, `replay-end.ts`), does the
 * bookkeeping every line shares (turn order, the sheet's addition under art. 5.1, the runs that
 * end a game) and makes the states.
 *
 * Example:
 *   const r = replay(parse(text).file, { lexicon });
 *   r.final;                         // [364, 322]
 *   r.findings.map((f) => f.code);   // []
 */
import type { FindingCode, RelatedInfo } from '../rules/types';
import type { EventNode, GcgFile, LineNode, PragmaNode } from '../syntax/types';
import { CHALLENGE_HANDLERS, validRuling } from './replay-challenges';
import { checkRunEnd, END_HANDLERS, endCitation, finish, leftAtEnd, value } from './replay-end';
import { MOVE_HANDLERS } from './replay-moves';
import { createState, endArticle, nick, rackInfo, report, type LineHandlers, type Outcome, type ReplayState } from './replay-state';
import { settle } from './setup';
import { NO_PLACED, NO_WORDS, Turn } from './turn';
import type { RackInfo, Replay, ReplayOptions } from './types';

/** Every kind of event line and its handler: the table the replay dispatches from. */
const HANDLERS: LineHandlers = { ...MOVE_HANDLERS, ...CHALLENGE_HANDLERS, ...END_HANDLERS };

/** Replays a parsed record. Never throws for any syntax tree. */
export function replay(file: GcgFile, options: ReplayOptions = {}): Replay {
  return run(createState(file, options, settle(file, options)));
}

/** The lines in order, then the answer (see the module header). */
function run(st: ReplayState): Replay {
  for (const line of st.file.lines) readLine(st, line);
  finish(st);
  const findings = st.findings.slice().sort((a, b) => a.span.start.offset - b.span.start.offset || a.span.end.offset - b.span.end.offset);
  const final: [number, number] = [st.players[0].total, st.players[1].total];
  return {
    file: st.file,
    rules: st.settled.rules,
    rulesSource: st.settled.rulesSource,
    tileSet: st.settled.tileSet,
    tileSetSource: st.settled.tileSetSource,
    players: st.settled.players,
    turns: st.turns,
    findings,
    final,
    result: editionResult(st, final),
    complete: st.end !== undefined && !st.settled.incomplete,
    declaredFinal: [st.players[0].declaredTotal, st.players[1].declaredTotal],
    ...(st.end ? { gameEnd: { reason: st.end.reason, article: st.end.article, afterTurn: st.end.afterTurn } } : {}),
    ...(st.firstUnchecked ? { playsNotChecked: { count: st.unchecked, line: st.firstUnchecked.line, span: st.firstUnchecked.span } } : {}),
    otherNotation: [...st.otherNotation].sort((a, b) => a.span.start.offset - b.span.start.offset),
  };
}

/**
 * The scores under the edition in force: the true totals, with the one-line `+2R` ending turned
 * into FISE's ±R (37.4 / 40.3: same spread) and the end adjustments the record lacks applied
 * where their amount is known.
 */
function editionResult(st: ReplayState, final: readonly [number, number]): [number, number] {
  const out: [number, number] = [final[0], final[1]];
  const end = st.end;
  if (st.edition !== 'naspa' && end?.reason === 'out' && end.finisher !== undefined && st.endAdd?.form === '2R') {
    // The racks' tiles: from the board, or on a score-only sheet as its end line writes them
    // (the only evidence there: the whole unseen set is not what the racks held).
    const R = value(st, leftAtEnd(st));
    out[end.finisher] -= R;
    out[1 - end.finisher] -= R;
  }
  const missing = st.missingAdjustment;
  if (missing) {
    if (missing.add) out[missing.finisher] += missing.value;
    if (missing.subtract) out[1 - missing.finisher] -= missing.value;
  }
  out[0] -= st.ownRackDue[0];
  out[1] -= st.ownRackDue[1];
  return out;
}

// ---------------------------------------------------------------------------------------------
// Lines

function readLine(st: ReplayState, line: LineNode): void {
  if (line.type === 'event') readEvent(st, line);
  else if (line.type === 'pragma') readPragma(st, line);
}

/**
 * Art. 27: when time runs out both players must have had the same number of turns; the player
 * one short plays once more, then 37.5 / 40.4 applies (scores as written). A `#game-end time`
 * with unequal turns is one finding on the pragma; the scores stay as written.
 */
function checkEvenTurns(st: ReplayState, p: PragmaNode): void {
  const turns = [0, 0];
  for (const t of st.turns) {
    if (t.player >= 0 && (t.kind === 'placement' || t.kind === 'pass' || t.kind === 'exchange' || t.kind === 'score-only'))
      turns[t.player]++;
  }
  if (turns[0] === turns[1]) return;
  const owed = turns[0] < turns[1] ? 0 : 1;
  report(
    st,
    'missing-end-adjustment',
    p.span,
    { nick: nick(st, owed), nick1: nick(st, 0), turns1: turns[0], nick2: nick(st, 1), turns2: turns[1] },
    { messageId: 'missing-end-adjustment-time-turns', article: `27, ${endArticle('time', st.edition)}` },
  );
}

function readPragma(st: ReplayState, p: PragmaNode): void {
  if (p.name === 'game-end') {
    const reason = p.reason.value === 'time' ? 'time' : p.reason.value === 'blocked' ? 'blocked' : undefined;
    if (!reason || st.end) return;
    const moveAfter = st.file.events.find((e) => e.line > p.line && (e.kind === 'placement' || e.kind === 'pass' || e.kind === 'exchange'));
    if (moveAfter) {
      // The pragma declares an end the moves below contradict: it belongs after the last move
      // (NOTATION.md). One finding on the pragma; the game goes on.
      report(
        st,
        'move-after-game-end',
        p.span,
        { line: moveAfter.line + 1 },
        { messageId: 'move-after-game-end-pragma', article: endCitation(st) },
      );
      return;
    }
    if (reason === 'time' && st.edition !== 'naspa') checkEvenTurns(st, p);
    // 37.5 / 40.4 (time) and 37.1 / 40.1 (nobody can play): declared, not inferred.
    st.end = { reason, article: endArticle(reason, st.edition), afterTurn: st.turns.length - 1, line: p.line, pragmaSpan: p.span };
  } else if (p.name === 'challenge' && p.ruling.value === 'valid') {
    validRuling(st, p.words);
  }
}

function playerOf(st: ReplayState, e: EventNode, isTurn: boolean): { player: number; known: boolean } {
  const players = st.settled.players;
  const written = e.nick.text;
  for (let i = 0; i < players.length; i++) if (players[i].nick === written) return { player: i, known: true };
  report(st, 'unknown-player', e.nick.span, { nick: e.nick.text, player1: nick(st, 0), player2: nick(st, 1) });
  // Keep the accounts going: the player whose turn it is (or who just moved).
  const last = st.lastTurnPlayer;
  return { player: isTurn ? (last < 0 ? 0 : 1 - last) : last < 0 ? 0 : last, known: false };
}

function readEvent(st: ReplayState, e: EventNode): void {
  const isTurn = e.kind === 'placement' || e.kind === 'pass' || e.kind === 'exchange' || e.kind === 'score-only' || e.kind === 'word';
  const { player: p, known } = playerOf(st, e, isTurn);
  const afterEnd = isTurn ? turnOrder(st, e, p) : false;
  // 37.4 / 40.3: once a player has gone out no move follows; a move written between going out and
  // the end lines is the one move-after-game-end finding, and it is not applied (no tiles, no
  // points, the sheet's totals are not checked on it), so the end lines are judged as if it
  // were not there.
  if (afterEnd && st.end?.reason === 'out' && e.kind !== 'score-only') {
    pushTurn(st, e, known ? p : -1, p, { computed: 0 });
    st.lastEvent = e;
    return;
  }
  const outcome = HANDLERS[e.kind](st, e, { player: p });
  if (e.kind !== 'placement' && e.kind !== 'withdrawn' && !outcome.placedAsPlay) st.players[p].total += outcome.computed;
  checkTotal(st, e, p, outcome);
  if (e.kind === 'pass' || e.kind === 'exchange' || (e.kind === 'withdrawn' && outcome.withdrew)) checkRunEnd(st, e);
  pushTurn(st, e, known ? p : -1, p, outcome);
  st.lastEvent = e;
  if (isTurn) {
    st.lastTurnPlayer = p;
    st.lastTurnEvent = e;
  }
}

/**
 * Players alternate (art. 5.1, 29); the first move after the end of the game is reported once.
 * True when the move comes after the end of the game.
 */
function turnOrder(st: ReplayState, e: EventNode, p: number): boolean {
  // NASPA double challenge: the opponent who challenges the going-out play in vain loses a turn,
  // written as a pass right after it; that pass belongs to the last turn, not after the end.
  const failedChallenge =
    st.edition === 'naspa' && st.end?.reason === 'out' && e.kind === 'pass' && p !== st.end.finisher && st.lastEvent === st.end.event;
  if (st.end && !st.endReported && !failedChallenge) {
    st.endReported = true;
    const related: RelatedInfo[] = st.end.event ? [{ span: st.end.event.span, messageId: 'related.game-end', args: {} }] : [];
    const code: FindingCode = st.end.reason === 'scoreless' ? 'scoreless-turns-end' : 'move-after-game-end';
    report(
      st,
      code,
      e.span,
      { line: st.end.line + 1 },
      { related, ...(code === 'move-after-game-end' && st.end.article ? { article: st.end.article } : {}) },
    );
  }
  if (st.lastTurnPlayer >= 0 && p === st.lastTurnPlayer) {
    const prev = st.lastTurnEvent;
    report(
      st,
      'out-of-turn',
      e.nick.span,
      { nick: e.nick.text, expected: nick(st, 1 - p) },
      {
        related: prev ? [{ span: prev.nick.span, messageId: 'related.previous-turn', args: { nick: prev.nick.text } }] : [],
      },
    );
  }
  return !!st.end && !failedChallenge;
}

// ---------------------------------------------------------------------------------------------
// Totals and states

/**
 * The sheet's own addition (art. 5.1): declared total = previous declared total + this line's
 * declared amount. A previous total already reported as wrong, or an amount already reported as
 * wrong, is forgiven (no cascade).
 */
function checkTotal(st: ReplayState, e: EventNode, p: number, o: Outcome): void {
  const pl = st.players[p];
  const declaredAmount = e.score?.value ?? o.computed;
  const total = e.total?.value;
  const base = pl.bases[0];
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
    const previous = o.expectedTotals ? o.expectedTotals[0] : pl.bases[0];
    const amount = o.expectedTotals ? 0 : declaredAmount;
    const related: RelatedInfo[] = pl.declaredTotalToken
      ? [
          {
            span: pl.declaredTotalToken.span,
            messageId: 'related.previous-total',
            args: { nick: e.nick.text, total: pl.declaredTotal ?? 0 },
          },
        ]
      : [];
    report(
      st,
      'cumulative-mismatch',
      e.total!.span,
      {
        declared: total,
        previous,
        amount: amount >= 0 ? `+${amount}` : String(amount),
        expected: previous + amount,
      },
      { related },
    );
    pl.bases = Array.from(new Set([total, ...candidates]));
  } else {
    pl.bases = [total];
  }
  pl.declaredTotal = total;
  pl.declaredTotalToken = e.total!;
}

function pushTurn(st: ReplayState, e: EventNode, shownPlayer: number, p: number, o: Outcome): void {
  const index = st.turns.length;
  const [p0, p1] = st.players;
  const end = st.end && st.end.afterTurn <= index ? st.end : undefined;
  const racks: [RackInfo, RackInfo] = [rackInfo(st, 0), rackInfo(st, 1)];
  const state = new Turn(st.kinds, racks[p].tiles, st.boardLog, st.boardLog.squares.length, {
    index,
    event: e,
    kind: e.kind,
    player: shownPlayer,
    racks,
    bag: st.bag,
    computedScore: o.computed,
    computedTotal: st.players[p].total,
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
  if (o.illegal) state.illegal = o.illegal;
  if (o.wordSearch) state.wordSearch = o.wordSearch;
  st.turns.push(state);
}
