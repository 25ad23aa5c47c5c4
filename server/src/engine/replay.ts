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
 * The replayer is built in layers (see `replay-state.ts`): this module holds the top one, which
 * takes the lines in order, checks the sheet's addition (art. 5.1) and makes the states.
 *
 * Example:
 *   const r = replay(parse(text).file, { lexicon });
 *   r.final;                         // [364, 322]
 *   r.findings.map((f) => f.code);   // []
 */
import type { FindingCode, RelatedInfo } from '../rules/types';
import type { EventNode, GcgFile, LineNode, PragmaNode, Token } from '../syntax/types';
import { normalizeQuery } from '../lexicon/normalize';
import { EndReplayer } from './replay-end';
import { endArticle, NO_RULINGS, type Outcome } from './replay-state';
import { settle } from './setup';
import { NO_PLACED, NO_WORDS, Turn } from './turn';
import type { RackInfo, Replay, ReplayOptions } from './types';

/** The whole replayer: the lines in order and the states (see the module header). */
class Replayer extends EndReplayer {
  run(): Replay {
    for (const line of this.file.lines) this.line(line);
    this.finish();
    const findings = this.findings
      .slice()
      .sort((a, b) => a.span.start.offset - b.span.start.offset || a.span.end.offset - b.span.end.offset);
    const final: [number, number] = [this.players[0].total, this.players[1].total];
    return {
      file: this.file,
      rules: this.s.rules,
      rulesSource: this.s.rulesSource,
      tileSet: this.s.tileSet,
      tileSetSource: this.s.tileSetSource,
      players: this.s.players,
      turns: this.turns,
      findings,
      final,
      result: this.result(final),
      complete: this.end !== undefined && !this.s.incomplete,
      declaredFinal: [this.players[0].declaredTotal, this.players[1].declaredTotal],
      ...(this.end ? { gameEnd: { reason: this.end.reason, article: this.end.article, afterTurn: this.end.afterTurn } } : {}),
      ...(this.firstUnchecked
        ? { playsNotChecked: { count: this.unchecked, line: this.firstUnchecked.line, span: this.firstUnchecked.span } }
        : {}),
    };
  }

  /**
   * The scores under the edition in force: the true totals, with the one-line `+2R` ending turned
   * into FISE's ±R (37.4 / 40.3: same spread) and the end adjustments the record lacks applied
   * where their amount is known.
   */
  private result(final: readonly [number, number]): [number, number] {
    const out: [number, number] = [final[0], final[1]];
    const end = this.end;
    if (this.edition !== 'naspa' && end?.reason === 'out' && end.finisher !== undefined && this.endAdd?.form === '2R') {
      // The racks' tiles: from the board, or on a score-only sheet as its end line writes them
      // (the only evidence there: the whole unseen set is not what the racks held).
      const R = this.value(this.leftAtEnd());
      out[end.finisher] -= R;
      out[1 - end.finisher] -= R;
    }
    const missing = this.missingAdjustment;
    if (missing) {
      if (missing.add) out[missing.finisher] += missing.value;
      if (missing.subtract) out[1 - missing.finisher] -= missing.value;
    }
    out[0] -= this.ownRackDue[0];
    out[1] -= this.ownRackDue[1];
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Lines

  private line(line: LineNode): void {
    if (line.type === 'event') this.event(line);
    else if (line.type === 'pragma') this.pragma(line);
  }

  /**
   * Art. 27: when time runs out both players must have had the same number of turns; the player
   * one short plays once more, then 37.5 / 40.4 applies (scores as written). A `#game-end time`
   * with unequal turns is one finding on the pragma; the scores stay as written.
   */
  private checkEvenTurns(p: PragmaNode): void {
    const turns = [0, 0];
    for (const t of this.turns) {
      if (t.player >= 0 && (t.kind === 'placement' || t.kind === 'pass' || t.kind === 'exchange' || t.kind === 'score-only'))
        turns[t.player]++;
    }
    if (turns[0] === turns[1]) return;
    const owed = turns[0] < turns[1] ? 0 : 1;
    this.report(
      'missing-end-adjustment',
      p.span,
      { nick: this.nick(owed), nick1: this.nick(0), turns1: turns[0], nick2: this.nick(1), turns2: turns[1] },
      { messageId: 'missing-end-adjustment-time-turns', article: `27, ${endArticle('time', this.edition)}` },
    );
  }

  private pragma(p: PragmaNode): void {
    if (p.name === 'game-end') {
      const reason = p.reason.value === 'time' ? 'time' : p.reason.value === 'blocked' ? 'blocked' : undefined;
      if (!reason || this.end) return;
      const moveAfter = this.file.events.find(
        (e) => e.line > p.line && (e.kind === 'placement' || e.kind === 'pass' || e.kind === 'exchange'),
      );
      if (moveAfter) {
        // The pragma declares an end the moves below contradict: it belongs after the last move
        // (NOTATION.md). One finding on the pragma; the game goes on.
        this.report(
          'move-after-game-end',
          p.span,
          { line: moveAfter.line + 1 },
          { messageId: 'move-after-game-end-pragma', article: this.endCitation() },
        );
        return;
      }
      if (reason === 'time' && this.edition !== 'naspa') this.checkEvenTurns(p);
      // 37.5 / 40.4 (time) and 37.1 / 40.1 (nobody can play): declared, not inferred.
      this.end = { reason, article: endArticle(reason, this.edition), afterTurn: this.turns.length - 1, line: p.line, pragmaSpan: p.span };
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

  private playerOf(e: EventNode, isTurn: boolean): { player: number; known: boolean } {
    const players = this.s.players;
    const nick = e.nick.text;
    for (let i = 0; i < players.length; i++) if (players[i].nick === nick) return { player: i, known: true };
    this.report('unknown-player', e.nick.span, { nick: e.nick.text, player1: this.nick(0), player2: this.nick(1) });
    // Keep the accounts going: the player whose turn it is (or who just moved).
    const last = this.lastTurnPlayer;
    return { player: isTurn ? (last < 0 ? 0 : 1 - last) : last < 0 ? 0 : last, known: false };
  }

  private event(e: EventNode): void {
    const isTurn = e.kind === 'placement' || e.kind === 'pass' || e.kind === 'exchange' || e.kind === 'score-only' || e.kind === 'word';
    const { player: p, known } = this.playerOf(e, isTurn);
    const afterEnd = isTurn ? this.turnOrder(e, p) : false;
    // 37.4 / 40.3: once a player has gone out no move follows; a move written between going out and
    // the end lines is the one move-after-game-end finding, and it is not applied (no tiles, no
    // points, the sheet's totals are not checked on it), so the end lines are judged as if it
    // were not there.
    if (afterEnd && this.end?.reason === 'out' && e.kind !== 'score-only') {
      this.pushTurn(e, known ? p : -1, p, { computed: 0 });
      this.lastEvent = e;
      return;
    }
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
      case 'word':
        outcome = this.word(e, p);
        break;
    }
    if (e.kind !== 'placement' && e.kind !== 'withdrawn' && !outcome.placedAsPlay) this.players[p].total += outcome.computed;
    this.checkTotal(e, p, outcome);
    if (e.kind === 'pass' || e.kind === 'exchange' || (e.kind === 'withdrawn' && outcome.withdrew)) this.checkRunEnd(e);
    this.pushTurn(e, known ? p : -1, p, outcome);
    this.lastEvent = e;
    if (isTurn) {
      this.lastTurnPlayer = p;
      this.lastTurnEvent = e;
    }
  }

  /**
   * Players alternate (art. 5.1, 29); the first move after the end of the game is reported once.
   * True when the move comes after the end of the game.
   */
  private turnOrder(e: EventNode, p: number): boolean {
    // NASPA double challenge: the opponent who challenges the going-out play in vain loses a turn,
    // written as a pass right after it; that pass belongs to the last turn, not after the end.
    const failedChallenge =
      this.edition === 'naspa' &&
      this.end?.reason === 'out' &&
      e.kind === 'pass' &&
      p !== this.end.finisher &&
      this.lastEvent === this.end.event;
    if (this.end && !this.endReported && !failedChallenge) {
      this.endReported = true;
      const related: RelatedInfo[] = this.end.event ? [{ span: this.end.event.span, messageId: 'related.game-end', args: {} }] : [];
      const code: FindingCode = this.end.reason === 'scoreless' ? 'scoreless-turns-end' : 'move-after-game-end';
      this.report(
        code,
        e.span,
        { line: this.end.line + 1 },
        { related, ...(code === 'move-after-game-end' && this.end.article ? { article: this.end.article } : {}) },
      );
    }
    if (this.lastTurnPlayer >= 0 && p === this.lastTurnPlayer) {
      const prev = this.lastTurnEvent;
      this.report(
        'out-of-turn',
        e.nick.span,
        { nick: e.nick.text, expected: this.nick(1 - p) },
        {
          related: prev ? [{ span: prev.nick.span, messageId: 'related.previous-turn', args: { nick: prev.nick.text } }] : [],
        },
      );
    }
    return !!this.end && !failedChallenge;
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
      this.report(
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

  private pushTurn(e: EventNode, shownPlayer: number, p: number, o: Outcome): void {
    const index = this.turns.length;
    const [p0, p1] = this.players;
    const end = this.end && this.end.afterTurn <= index ? this.end : undefined;
    const racks: [RackInfo, RackInfo] = [this.rackInfo(0), this.rackInfo(1)];
    const state = new Turn(this.kinds, racks[p].tiles, this.boardLog, this.boardLog.squares.length, {
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
    if (o.illegal) state.illegal = o.illegal;
    if (o.wordSearch) state.wordSearch = o.wordSearch;
    this.turns.push(state);
  }
}

/** Replays a parsed record. Never throws for any syntax tree. */
export function replay(file: GcgFile, options: ReplayOptions = {}): Replay {
  return new Replayer(file, options, settle(file, options)).run();
}
