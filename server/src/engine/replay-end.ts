/**
 * The replayer's third layer: the end of the game and what follows it. The finisher's `(RACK) +N`
 * line and the opponent's `RACK (RACK) -N` (37.4 / 40.3, or the GCG +2R form), each player's own
 * deduction when nobody went out (37.1–37.3 / 40.1–40.2), time (art. 32) and arbiter (38 / 41.5)
 * penalties, the runs of passes and scoreless turns that end a game, and, after the last line, the
 * missing end adjustment and the words judged against the lexicon (art. 33).
 *
 * Invariants: an end line before the end of the game is reported, not applied; each player is
 * deducted at most once; `finish` runs once, after every line.
 *
 * Example (the replayer's own use):
 *   const outcome = this.endRack(e, p);   // outcome.computed: R (or 2R) of the opponent's rack
 */
import type { RelatedInfo } from '../rules/types';
import type { EventNode, RackNode } from '../syntax/types';
import { explainRejection } from '../lexicon/reasons';
import { namedWord } from '../rules/named-words';
import { formatTiles, rackFace, sameTiles, sortTiles } from './racks';
import { endArticle, ownRackArticle, type Outcome } from './replay-state';
import { MoveReplayer } from './replay-moves';
import type { GameEndReason } from './types';

/** The end of the game on top of the moves (see the module header). */
export abstract class EndReplayer extends MoveReplayer {
  /** The 37.4 / 40.3 adjustment the record lacks (for the result), set by `finish`. */
  protected missingAdjustment?: { finisher: number; value: number; add: boolean; subtract: boolean };
  /** Own-rack values a 37.1–37.3 / 40.1–40.2 ending still takes off (for the result), by player. */
  protected readonly ownRackDue: [number, number] = [0, 0];

  /** Tiles not on the board, as faces (with the bag empty: the racks' tiles). */
  protected remaining(): string[] {
    const out: string[] = [];
    for (const [i, k] of this.set.kinds.entries()) {
      const n = k.count - this.onBoard[i];
      for (let i = 0; i < n; i++) out.push(k.letter);
    }
    return out;
  }

  /** The tiles left on the racks at the end: from the board, or (blind) as the sheet wrote them. */
  protected leftAtEnd(): string[] {
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

  protected value(tiles: readonly string[]): number {
    return tiles.reduce((sum, t) => sum + (t === '?' ? 0 : this.set.value(t)), 0);
  }

  /** The written end rack, read the way that matches `expected` when one does. */
  protected endTiles(rack: RackNode | undefined, expected: readonly string[] | undefined): string[] {
    if (!rack) return [];
    const readings = this.readingsOf(rack).map((r) => r.map(rackFace));
    return (expected && readings.find((r) => sameTiles(r, expected))) || readings[0] || [];
  }

  /**
   * The article an end-of-game finding rests on: the ending that happened (37.1–37.5 / 40.1–40.4),
   * or the whole article on the end of the game (37 / 40) when none did; none under NASPA.
   */
  protected endCitation(): string {
    if (this.edition === 'naspa') return '';
    if (this.end) return endArticle(this.end.reason, this.edition);
    return this.edition === 'fise' ? '37' : '40';
  }

  /** Whether the opponent of `p` writes a `RACK (RACK) -N` line later in the record. */
  private deductionFollows(p: number): boolean {
    const events = this.file.events;
    for (let i = this.turns.length + 1; i < events.length; i++) {
      const e = events[i];
      if (e.kind === 'rack-deduction' && e.nick.text === this.nick(1 - p)) return true;
    }
    return false;
  }

  /**
   * `(RACK) +N`: the finisher adds the opponent's rack, R under FISE (37.4 / 40.3, with the
   * opponent's −R line) or 2R in one line (the GCG habit; NASPA's rule). Under fise* the +2R line is
   * accepted as written, with an information finding giving the FISE final scores.
   */
  protected endRack(e: EventNode, p: number): Outcome {
    const declared = e.score?.value ?? 0;
    // Blind (score-only lines): the board cannot tell that a player went out; this line says so.
    if (this.blind && !this.end) this.inferOut(p);
    const end = this.end;
    if (!end || end.reason !== 'out' || end.finisher === undefined) {
      this.report(
        'end-rack-mismatch',
        e.score?.span ?? e.span,
        { declared },
        { messageId: 'end-rack-mismatch-no-end', article: this.endCitation() },
      );
      return { computed: 0 };
    }
    if (this.blind && p === end.finisher && !this.writtenRemaining) this.writtenRemaining = this.endTiles(e.endRack, undefined);
    const remaining = this.leftAtEnd();
    const written = this.endTiles(e.endRack, remaining);
    const R = this.value(remaining);
    // Only a finding shows the rack: sorting it for the eye is left until one does.
    const rackText = (): string => formatTiles(sortTiles(remaining));
    if (p !== end.finisher) {
      this.report(
        'end-rack-mismatch',
        e.endRack?.span ?? e.span,
        { rack: e.endRack?.text ?? '', expected: formatTiles([]) },
        { messageId: 'end-rack-mismatch-rack' },
      );
      return { computed: 0 };
    }
    if (this.endAdd) {
      this.report('end-rack-mismatch', e.score?.span ?? e.span, { declared, expected: 0, rack: rackText(), value: R });
      return { computed: 0 };
    }
    const tilesOk = sameTiles(written, remaining);
    if (!tilesOk) {
      this.report(
        'end-rack-mismatch',
        e.endRack?.span ?? e.span,
        { rack: e.endRack?.text ?? '', expected: rackText() },
        { messageId: 'end-rack-mismatch-rack' },
      );
    }
    let form: 'R' | '2R';
    let wrongAmount = false;
    if (declared === 2 * R && (this.edition === 'naspa' || declared !== R)) form = '2R';
    else if (declared === R) form = 'R';
    else {
      // A wrong amount: the FISE form when the opponent's −R line follows, else the one-line +2R
      // form (GCG habit; NASPA's rule), whose expected amount is 2R. One finding; the spread stays.
      form = this.edition !== 'naspa' && this.deductionFollows(p) ? 'R' : '2R';
      wrongAmount = true;
      if (tilesOk) {
        const expected = form === '2R' ? 2 * R : R;
        this.report('end-rack-mismatch', e.score?.span ?? e.span, { declared, expected, rack: rackText(), value: R });
      }
    }
    const computed = form === '2R' ? 2 * R : R;
    this.endAdd = { form, event: e, amount: declared };
    if (form === '2R' && this.edition !== 'naspa' && R > 0 && !wrongAmount && tilesOk) {
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
  protected rackDeduction(e: EventNode, p: number): Outcome {
    const declared = e.score?.value ?? 0;
    if (this.blind && !this.end) this.inferOut(1 - p);
    const end = this.end;
    if (!end || end.reason === 'time') {
      this.report(
        'end-rack-mismatch',
        e.score?.span ?? e.span,
        { declared },
        { messageId: 'end-rack-mismatch-no-end', article: this.endCitation() },
      );
      return { computed: 0 };
    }
    if (this.deducted[p]) {
      this.report(
        'end-rack-mismatch',
        e.score?.span ?? e.span,
        { declared, expected: 0, rack: e.endRack?.text ?? '', value: 0 },
        { article: this.endCitation() },
      );
      return { computed: 0 };
    }
    if (end.reason === 'out') {
      if (p === end.finisher) {
        this.report(
          'end-rack-mismatch',
          e.endRack?.span ?? e.span,
          { rack: e.endRack?.text ?? '', expected: formatTiles([]) },
          { messageId: 'end-rack-mismatch-rack' },
        );
        return { computed: 0 };
      }
      if (this.endAdd?.form === '2R') {
        this.report(
          'end-rack-mismatch',
          e.score?.span ?? e.span,
          { amount: this.endAdd.amount > 0 ? `+${this.endAdd.amount}` : String(this.endAdd.amount) },
          {
            messageId: 'end-rack-mismatch-after-2r',
            related: [{ span: this.endAdd.event.span, messageId: 'related.gcg-end-line', args: {} }],
          },
        );
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
    return { computed: this.deduct(e, declared, own, ownRackArticle(end.reason, this.edition)) };
  }

  protected deduct(e: EventNode, declared: number, expected: readonly string[] | undefined, article?: string): number {
    const written = this.endTiles(e.endRack, expected);
    const tiles = expected ?? written;
    const R = this.value(tiles);
    const opts = article ? { article } : {};
    if (expected && !sameTiles(written, expected)) {
      this.report(
        'end-rack-mismatch',
        e.endRack?.span ?? e.span,
        { rack: e.endRack?.text ?? '', expected: formatTiles(sortTiles(expected)) },
        { ...opts, messageId: 'end-rack-mismatch-rack' },
      );
    } else if (declared !== -R) {
      this.report(
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
  protected timeCitation(): { article?: string } {
    return this.edition === 'fise-2001' ? { article: '31' } : {};
  }

  /** The penalty a clock over time calls for (art. 32): 10 points per minute or fraction. */
  protected clockPenalty(p: number): { expected: number; overtime: string } | undefined {
    const clock = this.s.clocks[p];
    if (clock === undefined) return undefined;
    const over = Math.max(0, -clock);
    const mm = String(Math.floor(over / 60)).padStart(2, '0');
    const ss = String(over % 60).padStart(2, '0');
    return { expected: over === 0 ? 0 : -10 * Math.ceil(over / 60), overtime: `${mm}:${ss}` };
  }

  /** Time penalty (art. 32): 10 points per minute or fraction over time, counted once per player. */
  protected timePenalty(e: EventNode, p: number): Outcome {
    const declared = e.score?.value ?? 0;
    const earlier = this.timeLine[p];
    const clock = this.clockPenalty(p);
    // One penalty written on two lines whose sum is what the clock calls for: the total is right,
    // so neither line is a fault (the first line's mismatch goes, the sum is already taken off).
    if (earlier && clock && !this.timeSplit[p] && (earlier.score?.value ?? 0) + declared === clock.expected) {
      this.dropFinding(this.timeFinding[p]);
      this.timeFinding[p] = undefined;
      this.timeSplit[p] = true;
      return { computed: 0, alsoFine: [declared] };
    }
    if (earlier) {
      // The same penalty written twice: it is taken off once.
      this.report(
        'time-penalty-mismatch',
        e.score?.span ?? e.span,
        { declared, nick: e.nick.text, line: earlier.line + 1 },
        {
          ...this.timeCitation(),
          messageId: 'time-penalty-mismatch-twice',
          related: [{ span: earlier.span, messageId: 'related.time-penalty', args: {} }],
        },
      );
      return { computed: 0 };
    }
    this.timeLine[p] = e;
    if (clock) {
      if (declared !== clock.expected) {
        this.timeFinding[p] = this.report(
          'time-penalty-mismatch',
          e.score?.span ?? e.span,
          { declared, expected: clock.expected, overtime: clock.overtime },
          this.timeCitation(),
        );
      }
      return { computed: clock.expected, alsoFine: [clock.expected] };
    }
    if (declared >= 0 || declared % 10 !== 0) {
      this.report(
        'time-penalty-mismatch',
        e.score?.span ?? e.span,
        { declared },
        { ...this.timeCitation(), messageId: 'time-penalty-mismatch-multiple' },
      );
    }
    return { computed: declared };
  }

  /** Arbiter penalty: 30 points (art. 38 current; 41.5 older). */
  protected arbiterPenalty(e: EventNode, _p: number): Outcome {
    const declared = e.score?.value ?? 0;
    if (this.edition === 'naspa') return { computed: declared };
    if (declared !== -30) {
      this.report('arbiter-penalty-mismatch', e.score?.span ?? e.span, { declared, expected: -30 });
    }
    return { computed: -30, alsoFine: [-30] };
  }

  /** Runs of passes and scoreless turns that end the game (37.2, 37.3 / 40.2; NASPA six zeros). */
  protected checkRunEnd(e: EventNode): void {
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

  /**
   * After the last line: the end-of-game adjustments that are missing (37.4 / 40.3 after going
   * out; each player's own rack after 37.1–37.3 / 40.1–40.2), a penalty a clock over time calls
   * for with no `(time)` line (art. 32: the true total takes it off), and the words to judge.
   */
  protected finish(): void {
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
        this.missingAdjustment = { finisher: f, value: this.value(remaining), add: !this.endAdd, subtract: !opponentDone };
      }
    } else if (
      end &&
      (end.reason === 'passes' || end.reason === 'scoreless' || end.reason === 'blocked') &&
      !this.s.incomplete &&
      !this.endReported &&
      this.edition !== 'naspa'
    ) {
      // 37.1–37.3 / 40.1–40.2: each player subtracts the value of their own rack; both lines are due.
      const missing = [0, 1].filter((p) => !this.deducted[p]);
      const span = end.event?.span ?? end.pragmaSpan;
      if (missing.length > 0 && span) {
        this.report(
          'missing-end-adjustment',
          span,
          { nicks: missing.map((p) => this.nick(p)).join(', '), ending: end.article },
          {
            messageId: 'missing-end-adjustment-own',
            article: ownRackArticle(end.reason, this.edition),
          },
        );
        for (const p of missing) {
          const pl = this.players[p];
          if (pl.known.length === pl.size) this.ownRackDue[p] = this.value(pl.known);
        }
      }
    }
    for (const p of [0, 1]) {
      // Art. 32: a clock over time with no `(time)` line still costs the penalty.
      const clock = this.clockPenalty(p);
      if (!clock || clock.expected === 0 || this.timeLine[p]) continue;
      const pragma = this.file.pragmas.find((x) => x.name === 'clock' && x.nick.text === this.nick(p));
      if (!pragma) continue;
      this.report(
        'time-penalty-mismatch',
        pragma.span,
        { nick: this.nick(p), expected: clock.expected, overtime: clock.overtime },
        {
          ...this.timeCitation(),
          messageId: 'time-penalty-mismatch-missing',
        },
      );
      this.players[p].total += clock.expected;
    }
    const lexicon = this.judging();
    if (!lexicon) return;
    for (const r of this.records) {
      if (r.withdrawn || r.misplaced || !r.event.play) continue;
      const bad = r.words.filter((w) => !(w.accepted ?? lexicon.has(w.normalized)) && !r.ruledValid.has(w.normalized));
      if (bad.length === 0) continue;
      // Art. 33: an unchallenged word stands; a warning, with the likely reason when one fits.
      const span = r.event.play.span;
      // A word the rulebook refuses by name cites where it does (rules/named-words.ts), before any guess.
      const hints = bad.map((w) => {
        const named = namedWord(this.edition, w.normalized);
        return named && !named.accepted
          ? { messageId: 'related.named-word-refused', args: { word: named.word }, article: named.article }
          : explainRejection(lexicon, w.normalized, this.edition);
      });
      const related: RelatedInfo[] = hints.flatMap((h) => (h ? [{ span, messageId: h.messageId, args: h.args }] : []));
      if (bad.length === 1) {
        const article = hints[0]?.article;
        this.report(
          'unaccepted-word',
          span,
          { word: bad[0].word, lexicon: lexicon.info.name },
          { related, ...(article ? { article } : {}) },
        );
      } else {
        this.report(
          'unaccepted-word',
          span,
          { words: bad.map((w) => w.word).join(', '), lexicon: lexicon.info.name },
          { messageId: 'unaccepted-word-list', related },
        );
      }
    }
  }
}
