/**
 * One verdict per turn (docs/deep-analysis.md "One verdict per turn"): what every surface says of
 * a graded turn — `analyze --deep` (text and JSON), the commented game (`report --diagrams`,
 * `--deep`, and the editor's export: its moves table, better moves and `data-*` attributes) —
 * read from the one grading of deep-game.ts (`gradeTurn`), never computed again.
 *
 * A verdict: the line, the move named best (the move played when it is as good, deep-game.ts), its
 * machine form (`verdictCode`: `POS PLAY` as GCG writes the play, `-TILES` for an exchange, `-`
 * for a pass), the loss (points of equity, or points to the end for the endgame and pre-endgame),
 * the win % lost against that same move, the method (`static`, `sim`, `pre-endgame`, `endgame`)
 * and, where simulated, the margin (±, half the 95 % interval) of the move named best.
 *
 * Invariants: pure; every text from the catalogues (`winpct.*`), numbers written for the language;
 * a turn the grading skipped has no verdict.
 *
 * Example:
 *   const v = verdictOf(replay, game.turns[3])!;
 *   v.code;                          // '7K TOGA' ('-QU' for an exchange, '-' for a pass)
 *   verdictMethodText(v, 'es');      // 'simulada ± 2,1, 300 iteraciones'
 */
import type { Replay } from '../engine/types';
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import type { DeepMethod, DeepTurn } from './deep-game';
import { sameMove } from './endgame';
import { movePlay, movePosition, type Move } from './move';

export interface Verdict {
  /** 0-based index of the turn in the replay, and the 1-based line of its event. */
  readonly index: number;
  readonly line: number;
  readonly player: number;
  readonly method: DeepMethod;
  readonly best: Move;
  /** `verdictCode(best)`. */
  readonly code: string;
  /** Whether the move named best is the move played. */
  readonly playedIsBest: boolean;
  readonly loss: number;
  /** 0..1 */
  readonly winLost: number;
  /** sim: half the 95 % interval of the best's simulated equity. */
  readonly margin?: number;
  /** endgame and pre-endgame: whether the values are proven to the end of the game. */
  readonly exact?: boolean;
  readonly depth?: number;
  readonly iterations?: number;
  readonly cases?: number;
  readonly solved?: number;
}

/** A move in machine form: `POS PLAY` ('8D CAMIN.'), `-TILES` for an exchange, `-` for a pass. */
function verdictCode(m: Move): string {
  return m.kind === 'play' ? `${movePosition(m)} ${movePlay(m)}` : movePlay(m);
}

/** The verdict of a graded turn; undefined for a turn the grading skipped. */
export function verdictOf(replay: Replay, t: DeepTurn): Verdict | undefined {
  if (t.reason || !t.method || !t.best || t.equityLost === undefined || !t.coach.played) return undefined;
  const played = t.coach.played;
  const playedIsBest = t.coach.legal === true && sameMove(t.best, played);
  return {
    index: t.index,
    line: replay.turns[t.index].event.line + 1,
    player: t.player,
    method: t.method,
    best: t.best,
    code: verdictCode(t.best),
    playedIsBest,
    loss: t.equityLost,
    winLost: t.winLost ?? 0,
    ...(t.bestMargin !== undefined ? { margin: Math.round(t.bestMargin * 100) / 100 } : {}),
    ...(t.exact !== undefined ? { exact: t.exact } : {}),
    ...(t.depth !== undefined ? { depth: t.depth } : {}),
    ...(t.iterations !== undefined ? { iterations: t.iterations } : {}),
    ...(t.cases !== undefined ? { cases: t.cases } : {}),
    ...(t.solved !== undefined ? { solved: t.solved } : {}),
  };
}

/** Every verdict of a graded game, in turn order. */
export function verdictsOf(replay: Replay, turns: readonly DeepTurn[]): Verdict[] {
  const out: Verdict[] = [];
  for (const t of turns) {
    const v = verdictOf(replay, t);
    if (v) out.push(v);
  }
  return out;
}

/** How a verdict was reached, in words: 'estática', 'simulada ± 2,1, 300 iteraciones', 'prefinal, 8 de 8 órdenes resueltos', 'final exacto'. */
export function verdictMethodText(v: Verdict, lang: Language, close = false): string {
  switch (v.method) {
    case 'sim':
      return formatMessage('winpct.how.sim-margin', { margin: v.margin ?? 0, iterations: v.iterations ?? 0 }, lang);
    case 'pre-endgame':
      return formatMessage('winpct.how.pre-endgame', { solved: v.solved ?? 0, cases: v.cases ?? 0 }, lang);
    case 'endgame':
      return formatMessage(v.exact ? 'winpct.how.endgame' : 'winpct.how.endgame-partial', {}, lang);
    default:
      return formatMessage(close ? 'winpct.how.static-close' : 'winpct.how.static', {}, lang);
  }
}
