/**
 * The replayer's handlers for the end of the game and what follows it. The finisher's `(RACK) +N`
 * line and the opponent's `RACK (RACK) -N` (37.4 / 40.3, or the GCG +2R form), each player's own
 * deduction when nobody went out (37.1–37.3 / 40.1–40.2), time (art. 32) and arbiter (38 / 41.5)
 * penalties, the runs of passes and scoreless turns that end a game, and, after the last line
 * (`finish`), the missing end adjustment and the words judged against the lexicon (art. 33).
 *
 * Invariants: an end line before the end of the game is reported, not applied; each player is
 * deducted at most once; `finish` runs once, after every line; everything changed is in the state
 * record (replay-state.ts).
 *
 * Example (the replayer's own use, through END_HANDLERS):
 *   const outcome = endRack(st, e, { player: 0 });   // outcome.computed: R (or 2R) of the opponent's rack
 */
import type { RelatedInfo } from '../rules/types';
import type { EventNode, RackNode, Span, TileRef } from '../syntax/types';
import { explainRejection } from '../lexicon/reasons';
import { BUILTIN_SOURCE } from '../lexicon/types';
import { namedWord } from '../rules/named-words';
import { formatTiles, rackFace, sameTiles, sortTiles } from './racks';
import {
  dropFinding,
  endArticle,
  isPaperDeduction,
  judging,
  nick,
  otherFromOf,
  ownRackArticle,
  rackTiles,
  readInOtherNotation,
  readingsOf,
  report,
  type LineContext,
  type LineHandlers,
  type Outcome,
  type ReplayState,
} from './replay-state';
import type { GameEndReason } from './types';

/** Tiles not on the board, as faces (with the bag empty: the racks' tiles). */
function remaining(st: ReplayState): string[] {
  const out: string[] = [];
  for (const [i, k] of st.set.kinds.entries()) {
    const n = k.count - st.onBoard[i];
    for (let i = 0; i < n; i++) out.push(k.letter);
  }
  return out;
}

/** The tiles left on the racks at the end: from the board, or (blind) as the sheet wrote them. */
export function leftAtEnd(st: ReplayState): string[] {
  return st.blind ? (st.writtenRemaining ?? []) : remaining(st);
}

/**
 * Blind: an end-of-game line says that `finisher` went out after the last turn (37.4 / 40.3);
 * the board and the bag, which would tell, are not known.
 */
function inferOut(st: ReplayState, finisher: number): void {
  const last = st.lastTurnEvent;
  st.end = {
    reason: 'out',
    article: endArticle('out', st.edition),
    afterTurn: st.turns.length - 1,
    line: last?.line ?? 0,
    ...(last ? { event: last } : {}),
    finisher,
  };
  // The end is seen only now: the move it follows was already the last (no move-after-game-end).
  st.endReported = false;
}

/** What `tiles` are worth at the end (37.1–37.3): face values from the kind table; a blank, or a face the set lacks, 0. */
export function value(st: ReplayState, tiles: readonly string[]): number {
  let sum = 0;
  for (const face of tiles) {
    const i = st.kinds.index.get(face);
    if (i !== undefined) sum += st.set.kinds[i].value;
  }
  return sum;
}

/**
 * The written end rack, read the way that matches `expected` when one does; with nothing expected
 * (blind: the board cannot tell), the first reading whose value `fits` the line's declared amount
 * (`(LLP) +5` is L, L, P: the LL tile would make it 11). The file's notation's readings come
 * first; a reading of the other notation is taken only when no own reading matches.
 */
function endTiles(
  st: ReplayState,
  rack: RackNode | undefined,
  expected: readonly string[] | undefined,
  fits?: (tiles: readonly string[]) => boolean,
): string[] {
  if (!rack) return [];
  const readings = readingsOf(st, rack).map((r) => r.map(rackFace));
  let index = expected ? readings.findIndex((r) => sameTiles(r, expected)) : -1;
  if (index < 0 && fits) index = readings.findIndex(fits);
  if (index < 0) index = 0;
  if (index >= (otherFromOf(st, rack) ?? readings.length)) readInOtherNotation(st, rack, rackTiles(readings[index] ?? []));
  return readings[index] ?? [];
}

/**
 * The article an end-of-game finding rests on: the ending that happened (37.1–37.5 / 40.1–40.4),
 * or the whole article on the end of the game (37 / 40) when none did; none under NASPA.
 */
export function endCitation(st: ReplayState): string {
  if (st.edition === 'naspa') return '';
  if (st.end) return endArticle(st.end.reason, st.edition);
  return st.edition === 'fise' ? '37' : '40';
}

/** Whether the opponent of `p` writes a `RACK (RACK) -N` line (or its paper form) later in the record. */
function deductionFollows(st: ReplayState, p: number): boolean {
  const events = st.file.events;
  for (let i = st.turns.length + 1; i < events.length; i++) {
    const e = events[i];
    if ((e.kind === 'rack-deduction' || isPaperDeduction(e)) && e.nick.text === nick(st, 1 - p)) return true;
  }
  return false;
}

/**
 * An end line whose writer's rack is empty by the rules (37.4 / 40.3): a `(RACK) +N` by the one
 * who did not go out, or a `RACK (RACK) -N` by the one who did. One finding, nothing applied.
 */
function rackShouldBeEmpty(st: ReplayState, e: EventNode): Outcome {
  report(
    st,
    'end-rack-mismatch',
    e.endRack?.span ?? e.span,
    { rack: e.endRack?.text ?? '', expected: formatTiles([]) },
    { messageId: 'end-rack-mismatch-rack' },
  );
  return { computed: 0 };
}

/** An end-of-game line where the game has not ended (37 / 40): one finding, nothing applied. */
function beforeTheEnd(st: ReplayState, e: EventNode, declared: number): Outcome {
  report(
    st,
    'end-rack-mismatch',
    e.score?.span ?? e.span,
    { declared },
    { messageId: 'end-rack-mismatch-no-end', article: endCitation(st) },
  );
  return { computed: 0 };
}

/**
 * `(RACK) +N`: the finisher adds the opponent's rack, R under FISE (37.4 / 40.3, with the
 * opponent's −R line) or 2R in one line (the GCG habit; NASPA's rule). Under fise* the +2R line is
 * accepted as written, with an information finding giving the FISE final scores.
 */
function endRack(st: ReplayState, e: EventNode, ctx: LineContext): Outcome {
  if (isPaperDeduction(e)) return rackDeduction(st, e, ctx);
  const p = ctx.player;
  const declared = e.score?.value ?? 0;
  // Blind (score-only lines): the board cannot tell that a player went out; this line says so.
  if (st.blind && !st.end) inferOut(st, p);
  const end = st.end;
  if (!end || end.reason !== 'out' || end.finisher === undefined) {
    return beforeTheEnd(st, e, declared);
  }
  if (st.blind && p === end.finisher && !st.writtenRemaining) {
    st.writtenRemaining = endTiles(st, e.endRack, undefined, (tiles) => {
      const R = value(st, tiles);
      return declared === R || declared === 2 * R;
    });
  }
  const remaining = leftAtEnd(st);
  const written = endTiles(st, e.endRack, remaining);
  const R = value(st, remaining);
  // Only a finding shows the rack: sorting it for the eye is left until one does.
  const rackText = (): string => formatTiles(sortTiles(remaining));
  if (p !== end.finisher) {
    return rackShouldBeEmpty(st, e);
  }
  if (st.endAdd) {
    report(st, 'end-rack-mismatch', e.score?.span ?? e.span, { declared, expected: 0, rack: rackText(), value: R });
    return { computed: 0 };
  }
  const tilesOk = sameTiles(written, remaining);
  if (!tilesOk) {
    report(
      st,
      'end-rack-mismatch',
      e.endRack?.span ?? e.span,
      { rack: e.endRack?.text ?? '', expected: rackText() },
      { messageId: 'end-rack-mismatch-rack' },
    );
  }
  let form: 'R' | '2R';
  let wrongAmount = false;
  if (declared === 2 * R && (st.edition === 'naspa' || declared !== R)) form = '2R';
  else if (declared === R) form = 'R';
  else {
    // A wrong amount: the FISE form when the opponent's −R line follows, else the one-line +2R
    // form (GCG habit; NASPA's rule), whose expected amount is 2R. One finding; the spread stays.
    form = st.edition !== 'naspa' && deductionFollows(st, p) ? 'R' : '2R';
    wrongAmount = true;
    if (tilesOk) {
      const expected = form === '2R' ? 2 * R : R;
      report(st, 'end-rack-mismatch', e.score?.span ?? e.span, { declared, expected, rack: rackText(), value: R });
    }
  }
  const computed = form === '2R' ? 2 * R : R;
  st.endAdd = { form, event: e, amount: declared };
  if (form === '2R' && st.edition !== 'naspa' && R > 0 && !wrongAmount && tilesOk) {
    const fin = st.players[p].total + R;
    const opp = st.players[1 - p].total - R;
    const finals: [number, number] = p === 0 ? [fin, opp] : [opp, fin];
    report(st, 'end-rack-gcg-convention', e.score?.span ?? e.span, {
      amount: e.score?.text ?? String(declared),
      value: R,
      player1: nick(st, 0),
      final1: finals[0],
      player2: nick(st, 1),
      final2: finals[1],
    });
  }
  return { computed };
}

/**
 * `RACK (RACK) -N`: a player subtracts their own rack: the opponent of a finisher under FISE
 * (37.4 / 40.3), or each player when nobody went out (37.1–37.3 / 40.1–40.2; NASPA six zeros).
 * Also `(RACK) -N`, the same line as paper sheets write it (`isPaperDeduction`).
 */
function rackDeduction(st: ReplayState, e: EventNode, ctx: LineContext): Outcome {
  const p = ctx.player;
  const declared = e.score?.value ?? 0;
  if (st.blind && !st.end) inferOut(st, 1 - p);
  const end = st.end;
  if (!end || end.reason === 'time') {
    return beforeTheEnd(st, e, declared);
  }
  if (st.deducted[p]) {
    report(
      st,
      'end-rack-mismatch',
      e.score?.span ?? e.span,
      { declared, expected: 0, rack: e.endRack?.text ?? '', value: 0 },
      { article: endCitation(st) },
    );
    return { computed: 0 };
  }
  if (end.reason === 'out') {
    if (p === end.finisher) {
      return rackShouldBeEmpty(st, e);
    }
    if (st.endAdd?.form === '2R') {
      report(
        st,
        'end-rack-mismatch',
        e.score?.span ?? e.span,
        { amount: st.endAdd.amount > 0 ? `+${st.endAdd.amount}` : String(st.endAdd.amount) },
        {
          messageId: 'end-rack-mismatch-after-2r',
          related: [{ span: st.endAdd.event.span, messageId: 'related.gcg-end-line', args: {} }],
        },
      );
      return { computed: 0 };
    }
    st.deducted[p] = true;
    if (st.blind && !st.writtenRemaining)
      st.writtenRemaining = endTiles(st, e.endRack, undefined, (tiles) => declared === -value(st, tiles));
    return { computed: deduct(st, e, declared, leftAtEnd(st)) };
  }
  // Nobody went out: each player subtracts their own rack.
  st.deducted[p] = true;
  const pl = st.players[p];
  const own = pl.known.length === pl.size ? pl.known : undefined;
  return { computed: deduct(st, e, declared, own, ownRackArticle(end.reason, st.edition)) };
}

function deduct(st: ReplayState, e: EventNode, declared: number, expected: readonly string[] | undefined, article?: string): number {
  const written = endTiles(st, e.endRack, expected);
  const tiles = expected ?? written;
  const R = value(st, tiles);
  const opts = article ? { article } : {};
  if (expected && !sameTiles(written, expected)) {
    report(
      st,
      'end-rack-mismatch',
      e.endRack?.span ?? e.span,
      { rack: e.endRack?.text ?? '', expected: formatTiles(sortTiles(expected)) },
      { ...opts, messageId: 'end-rack-mismatch-rack' },
    );
  } else if (declared !== -R) {
    report(
      st,
      'end-rack-mismatch',
      e.score?.span ?? e.span,
      { declared, expected: -R, rack: formatTiles(sortTiles(tiles)), value: R },
      opts,
    );
  }
  return -R;
}

/**
 * Where the time penalty rests: art. 32 (*Penalidad por tiempo excedido*); the 2001 text puts
 * the same rule at the end of art. 31 (*Uso del reloj de ajedrez o del cronómetro digital*).
 */
function timeCitation(st: ReplayState): { article?: string } {
  return st.edition === 'fise-2001' ? { article: '31' } : {};
}

/** The penalty a clock over time calls for (art. 32): 10 points per minute or fraction. */
function clockPenalty(st: ReplayState, p: number): { expected: number; overtime: string } | undefined {
  const clock = st.settled.clocks[p];
  if (clock === undefined) return undefined;
  const over = Math.max(0, -clock);
  const mm = String(Math.floor(over / 60)).padStart(2, '0');
  const ss = String(over % 60).padStart(2, '0');
  return { expected: over === 0 ? 0 : -10 * Math.ceil(over / 60), overtime: `${mm}:${ss}` };
}

/** Time penalty (art. 32): 10 points per minute or fraction over time, counted once per player. */
function timePenalty(st: ReplayState, e: EventNode, ctx: LineContext): Outcome {
  const p = ctx.player;
  const declared = e.score?.value ?? 0;
  const earlier = st.timeLine[p];
  const clock = clockPenalty(st, p);
  // One penalty written on two lines whose sum is what the clock calls for: the total is right,
  // so neither line is a fault (the first line's mismatch goes, the sum is already taken off).
  if (earlier && clock && !st.timeSplit[p] && (earlier.score?.value ?? 0) + declared === clock.expected) {
    dropFinding(st, st.timeFinding[p]);
    st.timeFinding[p] = undefined;
    st.timeSplit[p] = true;
    return { computed: 0, alsoFine: [declared] };
  }
  if (earlier) {
    // The same penalty written twice: it is taken off once.
    report(
      st,
      'time-penalty-mismatch',
      e.score?.span ?? e.span,
      { declared, nick: e.nick.text, line: earlier.line + 1 },
      {
        ...timeCitation(st),
        messageId: 'time-penalty-mismatch-twice',
        related: [{ span: earlier.span, messageId: 'related.time-penalty', args: {} }],
      },
    );
    return { computed: 0 };
  }
  st.timeLine[p] = e;
  if (clock) {
    if (declared !== clock.expected) {
      st.timeFinding[p] = report(
        st,
        'time-penalty-mismatch',
        e.score?.span ?? e.span,
        { declared, expected: clock.expected, overtime: clock.overtime },
        timeCitation(st),
      );
    }
    return { computed: clock.expected, alsoFine: [clock.expected] };
  }
  if (declared >= 0 || declared % 10 !== 0) {
    report(
      st,
      'time-penalty-mismatch',
      e.score?.span ?? e.span,
      { declared },
      { ...timeCitation(st), messageId: 'time-penalty-mismatch-multiple' },
    );
  }
  return { computed: declared };
}

/** Arbiter penalty: 30 points (art. 38 current; 41.5 older). */
function arbiterPenalty(st: ReplayState, e: EventNode): Outcome {
  const declared = e.score?.value ?? 0;
  if (st.edition === 'naspa') return { computed: declared };
  if (declared !== -30) {
    report(st, 'arbiter-penalty-mismatch', e.score?.span ?? e.span, { declared, expected: -30 });
  }
  return { computed: -30, alsoFine: [-30] };
}

/** Runs of passes and scoreless turns that end the game (37.2, 37.3 / 40.2; NASPA six zeros). */
export function checkRunEnd(st: ReplayState, e: EventNode): void {
  if (st.end) return;
  let reason: GameEndReason | undefined;
  if (st.edition === 'naspa') {
    if (st.scorelessRun >= 6) reason = 'naspa-zeros';
  } else if (st.passRun >= 4) {
    reason = 'passes';
  } else if (st.edition === 'fise' && st.scorelessRun >= 12 && !(st.players[0].total === 0 && st.players[1].total === 0)) {
    reason = 'scoreless';
  }
  if (reason) st.end = { reason, article: endArticle(reason, st.edition), afterTurn: st.turns.length, line: e.line, event: e };
}

/** Whether a tile was composed from a letter pair (`RR`, `ll`), not written in brackets. */
function fromPair(t: TileRef): boolean {
  return t.text.length === 2 && t.letter !== null && t.letter.length === 2;
}

/**
 * A file that says `#tile-notation plain` yet writes a tile in brackets (`[RR]`) while another
 * token spells a digraph plainly (`RR` in a play, `rr` on a rack): one `mixed-tile-notation`
 * warning on the first bracket tile. Both read as written (a bracket tile is the same in either
 * notation), so nothing else changes.
 */
function plainWithBrackets(st: ReplayState): void {
  if (!st.spanish || st.file.notation !== 'plain') return;
  let bracket: { span: Span; text: string } | undefined;
  let pairs = false;
  for (const e of st.file.events) {
    for (const r of [e.rack, e.exchanged, e.endRack]) {
      if (!r) continue;
      bracket ??= r.pieces.some((x) => x.kind === 'bracket') ? r : undefined;
      if (r.readings.length > 0 && r.readings.every((reading) => reading.some(fromPair))) pairs = true;
    }
    for (const p of [e.play, e.word]) {
      if (!p) continue;
      bracket ??= p.pieces.some((x) => x.kind === 'bracket') ? p : undefined;
      if (p.tiles.some(fromPair)) pairs = true;
    }
  }
  if (bracket && pairs) {
    report(
      st,
      'mixed-tile-notation',
      bracket.span,
      { text: bracket.text, line: bracket.span.start.line + 1 },
      { messageId: 'mixed-tile-notation-plain' },
    );
  }
}

/**
 * After the last line: the end-of-game adjustments that are missing (37.4 / 40.3 after going
 * out; each player's own rack after 37.1–37.3 / 40.1–40.2), a penalty a clock over time calls
 * for with no `(time)` line (art. 32: the true total takes it off), and the words to judge.
 */
export function finish(st: ReplayState): void {
  const mixed = st.otherNotation.reduce<(typeof st.otherNotation)[number] | undefined>(
    (first, t) => (first === undefined || t.span.start.offset < first.span.start.offset ? t : first),
    undefined,
  );
  if (mixed) {
    // One warning for the file (NOTATION.md, `#tile-notation`), on the first token read the other way.
    report(st, 'mixed-tile-notation', mixed.span, { text: mixed.text, line: mixed.span.start.line + 1, count: st.otherNotation.length });
  } else {
    plainWithBrackets(st);
  }
  const end = st.end;
  if (end && end.reason === 'out' && end.finisher !== undefined && !st.settled.incomplete) {
    const f = end.finisher;
    const remaining = leftAtEnd(st);
    const opponentDone = st.endAdd?.form === '2R' || st.deducted[1 - f] || value(st, remaining) === 0;
    if (!st.endAdd || !opponentDone) {
      const at = st.endAdd ? st.endAdd.event : end.event;
      const span = st.endAdd ? (at?.score?.span ?? at?.span) : (at?.play?.span ?? at?.span);
      if (span) {
        report(st, 'missing-end-adjustment', span, {
          nick: nick(st, f),
          opponent: nick(st, 1 - f),
          rack: formatTiles(sortTiles(remaining)),
          value: value(st, remaining),
        });
      }
      st.missingAdjustment = { finisher: f, value: value(st, remaining), add: !st.endAdd, subtract: !opponentDone };
    }
  } else if (
    end &&
    (end.reason === 'passes' || end.reason === 'scoreless' || end.reason === 'blocked') &&
    !st.settled.incomplete &&
    !st.endReported &&
    st.edition !== 'naspa'
  ) {
    // 37.1–37.3 / 40.1–40.2: each player subtracts the value of their own rack; both lines are due.
    const missing = [0, 1].filter((p) => !st.deducted[p]);
    const span = end.event?.span ?? end.pragmaSpan;
    if (missing.length > 0 && span) {
      report(
        st,
        'missing-end-adjustment',
        span,
        { nicks: missing.map((p) => nick(st, p)).join(', '), ending: end.article },
        {
          messageId: 'missing-end-adjustment-own',
          article: ownRackArticle(end.reason, st.edition),
        },
      );
      for (const p of missing) {
        const pl = st.players[p];
        if (pl.known.length === pl.size) st.ownRackDue[p] = value(st, pl.known);
      }
    }
  }
  for (const p of [0, 1]) {
    // Art. 32: a clock over time with no `(time)` line still costs the penalty.
    const clock = clockPenalty(st, p);
    if (!clock || clock.expected === 0 || st.timeLine[p]) continue;
    const pragma = st.file.pragmas.find((x) => x.name === 'clock' && x.nick.text === nick(st, p));
    if (!pragma) continue;
    report(
      st,
      'time-penalty-mismatch',
      pragma.span,
      { nick: nick(st, p), expected: clock.expected, overtime: clock.overtime },
      {
        ...timeCitation(st),
        messageId: 'time-penalty-mismatch-missing',
      },
    );
    st.players[p].total += clock.expected;
  }
  const lexicon = judging(st);
  if (!lexicon) return;
  for (const r of st.records) {
    if (r.withdrawn || r.misplaced || !r.event.play) continue;
    const bad = r.words.filter((w) => !(w.accepted ?? lexicon.has(w.normalized)) && !r.ruledValid.has(w.normalized));
    if (bad.length === 0) continue;
    // Art. 33: an unchallenged word stands; a warning, with the likely reason when one fits.
    const span = r.event.play.span;
    // A word the rulebook refuses by name cites where it does (rules/named-words.ts), before any guess.
    const hints = bad.map((w) => {
      const named = namedWord(st.edition, w.normalized);
      return named && !named.accepted
        ? { messageId: 'related.named-word-refused', args: { word: named.word }, article: named.article }
        : explainRejection(lexicon, w.normalized, st.edition);
    });
    const related: RelatedInfo[] = hints.flatMap((h) => (h ? [{ span, messageId: h.messageId, args: h.args }] : []));
    // A word refused by name may well be in the list: the message says the rulebook refuses it.
    const named = bad.some((w) => namedWord(st.edition, w.normalized)?.accepted === false);
    // The built-in open list is not the official one: a word it lacks is left to be checked, never called invalid.
    const open = !named && lexicon.info.source === BUILTIN_SOURCE;
    if (bad.length === 1) {
      const article = hints[0]?.article;
      const args: Record<string, string> = { word: bad[0].word, lexicon: lexicon.info.name };
      if (named) args.headword = String(hints[0]?.args.word ?? bad[0].word);
      report(st, 'unaccepted-word', span, args, {
        related,
        ...(article ? { article } : {}),
        ...(named ? { messageId: 'unaccepted-word-named' } : open ? { messageId: 'unaccepted-word-open' } : {}),
      });
    } else {
      report(
        st,
        'unaccepted-word',
        span,
        { words: bad.map((w) => w.word).join(', '), lexicon: lexicon.info.name },
        { messageId: named ? 'unaccepted-word-list-named' : open ? 'unaccepted-word-list-open' : 'unaccepted-word-list', related },
      );
    }
  }
}

/** The handlers of the end-of-game and penalty lines, by event kind (replay.ts puts them in its table). */
export const END_HANDLERS = {
  'end-rack': endRack,
  'rack-deduction': rackDeduction,
  'time-penalty': timePenalty,
  'arbiter-penalty': arbiterPenalty,
} satisfies Partial<LineHandlers>;
