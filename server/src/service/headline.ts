/**
 * The headline of a record: its result under the edition in force, with the
 * sheet's own numbers beside it when they differ, or — for a record that does not reach the end of
 * the game — a provisional score that names no result and no winner. The first-line code lens, the
 * CLI summary, the audit report and the board view all show this one text.
 *
 * Invariants: pure; never says "Resultado final" (or names a winner) for an unfinished record; the
 * numbers are the replay's `result` (FISE ±R even when the sheet wrote `+2R`), never the sheet's.
 *
 * Example:
 *   headlineText(analysis.replay, 'es');
 *   // 'Resultado final: Ana 364 – Beto 322 (la planilla: 381–339)'
 *   // 'marcador provisional (partida sin terminar): Ana 120 – Beto 98'
 */
import type { Replay } from '../engine/types';
import type { Language } from '../rules/types';
import { uiText } from './i18n';

/** What a headline is made of (the board model carries it as plain data). */
export interface HeadlineData {
  readonly nicks: readonly [string, string];
  readonly result: readonly [number, number];
  /** The sheet's last totals (null: none written). */
  readonly sheet: readonly [number | null, number | null];
  /** The game reached its end. */
  readonly complete: boolean;
}

export function headlineData(replay: Replay): HeadlineData {
  return {
    nicks: [replay.players[0].nick, replay.players[1].nick],
    result: [replay.result[0], replay.result[1]],
    sheet: [replay.declaredFinal[0], replay.declaredFinal[1]],
    complete: replay.complete,
  };
}

/** Whether the sheet's last totals differ from the result (a player with no total written does not count). */
function sheetDiffers(h: HeadlineData): boolean {
  return h.sheet.some((s, i) => s !== null && s !== h.result[i]);
}

/**
 * 'Resultado final: Ana 364 – Beto 322', with '(la planilla: 381–339)' when the sheet differs;
 * 'ninguna jugada anotada' for a record that names no player (an empty file); a player the record
 * does not name is 'jugador 2'.
 */
export function headline(h: HeadlineData, lang: Language): string {
  if (h.nicks[0] === '' && h.nicks[1] === '') return uiText('ui.headline.empty', lang);
  const nick = (i: 0 | 1): string => h.nicks[i] || uiText('ui.headline.player', lang, { n: i + 1 });
  const args = { p1: nick(0), t1: h.result[0], p2: nick(1), t2: h.result[1] };
  const main = uiText(h.complete ? 'ui.headline.final' : 'ui.headline.provisional', lang, args);
  if (!sheetDiffers(h)) return main;
  return `${main} ${uiText('ui.headline.sheet', lang, { t1: h.sheet[0] ?? '—', t2: h.sheet[1] ?? '—' })}`;
}

export function headlineText(replay: Replay, lang: Language): string {
  return headline(headlineData(replay), lang);
}
