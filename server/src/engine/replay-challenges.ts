/**
 * The replayer's handlers for challenges (art. 34–35): a withdrawn phony lifts the play and
 * restores what it changed (the rack, the bag, the runs, the end of the game, the sums), unless
 * the opponent has played since (then the play stands); a `(challenge) +N` bonus is NASPA's only;
 * a `#challenge valid WORD…` ruling is compared with the lexicon and keeps the word from being
 * reported at the end.
 *
 * Invariants: a withdrawal takes back only the player's latest placement, once; the findings on
 * a withdrawn play's tiles go with it; everything changed is in the state record (replay-state.ts).
 *
 * Example (the replayer's own use, through CHALLENGE_HANDLERS):
 *   const outcome = withdrawn(st, e, { player: 1 });   // outcome.computed: minus the play's score
 */
import type { RelatedInfo } from '../rules/types';
import type { EventNode, Token } from '../syntax/types';
import { normalizeQuery } from '../lexicon/normalize';
import { squareIndex } from './board';
import {
  dropFinding,
  judging,
  liftTile,
  nick,
  NO_RULINGS,
  report,
  type LineContext,
  type LineHandlers,
  type Outcome,
  type ReplayState,
} from './replay-state';

/** Findings on a play's tiles that its withdrawal takes away (art. 11, 34). */
const WITHDRAWN_TILE_CODES: ReadonlySet<string> = new Set(['separate-digraph', 'blank-k-w']);

/**
 * A withdrawn phony (art. 34): the player's previous placement leaves the board, its score is
 * taken back, the bag and the rack are as before it, and the turn counts as a pass and as a
 * scoreless turn (37.2, 37.3). The line's amount must be minus the play's declared score; the
 * old form `-- +0 T` instead writes 0 and a total equal to the one before the play.
 */
function withdrawn(st: ReplayState, e: EventNode, ctx: LineContext): Outcome {
  const p = ctx.player;
  const record = st.lastPlacement[p];
  const declared = e.score?.value;
  if (!record || record.withdrawn) {
    report(st, 'phony-withdrawn-without-play', e.score?.span ?? e.span, { nick: e.nick.text });
    return { computed: 0 };
  }
  // Art. 34: a challenge comes before the opponent's next move. Written after it, it is late:
  // the play stands with its points, and the line is this one finding, not applied.
  if (st.lastTurnPlayer >= 0 && st.lastTurnPlayer !== p && st.lastTurnEvent && st.lastTurnEvent.line > record.event.line) {
    report(
      st,
      'phony-withdrawn-without-play',
      e.score?.span ?? e.span,
      { nick: e.nick.text, opponent: nick(st, 1 - p) },
      {
        messageId: 'phony-withdrawn-without-play-late',
        related: [{ span: record.event.play?.span ?? record.event.span, messageId: 'related.withdrawn-play', args: {} }],
      },
    );
    return { computed: 0, ...(declared !== undefined ? { alsoFine: [declared] } : {}) };
  }
  if (st.lastTurnPlayer !== p) {
    report(
      st,
      'out-of-turn',
      e.nick.span,
      { nick: e.nick.text, expected: nick(st, 1 - p) },
      {
        related: [{ span: record.event.span, messageId: 'related.withdrawn-play', args: {} }],
      },
    );
  }
  const player = st.players[p];
  for (const t of record.newTiles) {
    const cell = st.board[squareIndex(t.row, t.col)];
    if (cell && cell.turn === record.turn) liftTile(st, t.row, t.col);
  }
  st.bag += record.drawn;
  player.total -= record.computed;
  player.known = record.before.known.slice();
  if (record.before.knownFrom) player.knownFrom = record.before.knownFrom;
  player.size = record.before.size;
  st.passRun = record.before.passRun + 1;
  st.scorelessRun = record.before.scorelessRun + 1;
  if (st.end?.event === record.event) {
    st.end = record.before.gameEnd;
    st.endReported = false;
  }
  record.withdrawn = true;
  st.lastPlacement[p] = undefined;

  const related: RelatedInfo[] = [{ span: record.event.play?.span ?? record.event.span, messageId: 'related.withdrawn-play', args: {} }];
  const playDeclared = record.declared ?? record.computed;
  const oldForm = declared === 0 && playDeclared !== 0;
  // A phony written as scoring 0 and withdrawn for 0: the sheet never credited it.
  if (record.declared === 0 && declared === 0) dropFinding(st, record.scoreFinding);
  const expected = -playDeclared;
  if (declared !== undefined && !oldForm && declared !== expected) {
    report(st, 'phony-withdrawn-mismatch', e.score!.span, { declared, expected }, { related });
  }
  // Art. 11, 34: a withdrawn play is judged only for being withdrawn. What its tiles broke (two
  // loose tiles spelling a digraph, a blank as K or W) was the reason to challenge it off: those
  // findings go, and such a play was rightly withdrawn, whatever its words spell.
  const play = record.event.play;
  const tileFaults = play
    ? st.findings.filter(
        (f) =>
          WITHDRAWN_TILE_CODES.has(f.code) && f.span.start.offset >= play.span.start.offset && f.span.end.offset <= play.span.end.offset,
      )
    : [];
  for (const f of tileFaults) dropFinding(st, f);
  const lexicon = judging(st);
  if (
    lexicon &&
    tileFaults.length === 0 &&
    !record.misplaced &&
    record.words.length > 0 &&
    record.words.every((w) => lexicon.has(w.normalized))
  ) {
    report(st, 'withdrawn-play-was-valid', e.span, { words: record.words.map((w) => w.word).join(', ') }, { related });
  }
  return {
    computed: -record.computed,
    withdrew: true,
    alsoFine: [expected],
    ...(oldForm ? { expectedTotals: record.before.bases.slice() } : {}),
  };
}

/**
 * `(challenge) +N`: a bonus for a play challenged in vain. NASPA only; FISE has none (art. 34), so
 * `+N` with N ≠ 0 is an error there, while `+0` only records a challenge that failed: no points
 * change hands, no finding.
 */
function challengeBonus(st: ReplayState, e: EventNode, ctx: LineContext): Outcome {
  const p = ctx.player;
  const declared = e.score?.value ?? 0;
  if (st.lastTurnPlayer >= 0 && st.lastTurnPlayer !== p) {
    const prev = st.lastTurnEvent;
    report(
      st,
      'out-of-turn',
      e.nick.span,
      { nick: e.nick.text, expected: nick(st, st.lastTurnPlayer) },
      {
        related: prev ? [{ span: prev.nick.span, messageId: 'related.previous-turn', args: { nick: prev.nick.text } }] : [],
      },
    );
  }
  if (st.edition !== 'naspa') {
    if (declared !== 0) report(st, 'challenge-bonus-not-fise', e.keyword?.span ?? e.span, { amount: e.score?.text ?? String(declared) });
    return { computed: 0 };
  }
  return { computed: declared };
}

/** `#challenge valid WORD…` after a placement (art. 34–35): compare the ruling with the lexicon. */
export function validRuling(st: ReplayState, words: readonly Token[]): void {
  const record = st.records[st.records.length - 1];
  const lexicon = judging(st);
  for (const w of words) {
    const norm = normalizeQuery(w.text.replace(/[[\]]/g, '')) ?? w.text.toLowerCase();
    if (record) {
      if (record.ruledValid === NO_RULINGS) record.ruledValid = new Set<string>();
      record.ruledValid.add(norm);
    }
    if (lexicon && !lexicon.has(norm)) report(st, 'valid-ruling-not-in-lexicon', w.span, { word: w.text });
  }
}

/** The handlers of the challenge lines, by event kind (replay.ts puts them in its table). */
export const CHALLENGE_HANDLERS = {
  withdrawn,
  'challenge-bonus': challengeBonus,
} satisfies Partial<LineHandlers>;
