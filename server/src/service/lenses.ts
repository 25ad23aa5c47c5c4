/**
 * Code lenses: on every event line the TRUE running totals of both players after that event,
 * worded so nobody reads them as the score before it ("tras la jugada: Ana 134 · Luis 98"), marked
 * where the sheet's own total differs; on the first line, the record's headline
 * (service/headline.ts: the result, or a provisional score for an unfinished game, with the
 * sheet's numbers beside it when they differ) and the rules edition and tile set in force, and, on
 * a score-only sheet, how many plays were not checked (each such line is marked).
 *
 * Invariants: pure; one totals lens per event that has a turn; lenses are labels (empty command
 * id), so clicking one does nothing.
 *
 * Example:
 *   getCodeLenses(analysis, 'es').map((l) => l.command?.title);
 *   // ['Resultado final: Ana 364 – Luis 322', 'Reglamento FISE vigente · fichas españolas (FISE)', 'tras la jugada: Ana 16 · Luis 0', …]
 */
import type { CodeLens } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { headlineText } from './headline';
import { uiText } from './i18n';
import { editionLabel } from '../rules/messages';
import type { Language } from '../rules/types';
import type { TurnState, Replay } from '../engine/types';

const label = (title: string, line: number): CodeLens => ({
  range: { start: { line, character: 0 }, end: { line, character: 0 } },
  command: { title, command: '' },
});

/** "tras la jugada: Ana 134 · Luis 98", plus the sheet's figure where it differs from the true total. */
function totalsTitle(replay: Replay, turn: TurnState, lang: Language): string {
  const [p1, p2] = replay.players;
  const totals = uiText('ui.lens.totals', lang, { p1: p1.nick, t1: turn.totals[0], p2: p2.nick, t2: turn.totals[1] });
  const title = turn.playNotChecked ? `${totals}  ${uiText('ui.lens.notChecked', lang)}` : totals;
  if (turn.declaredTotal !== undefined && turn.declaredTotal !== turn.computedTotal) {
    return `${title}  ${uiText('ui.lens.sheetDiffers', lang, { declared: turn.declaredTotal })}`;
  }
  return title;
}

export function getCodeLenses(analysis: Analysis, lang: Language): CodeLens[] {
  const replay = analysis.replay;
  const lenses: CodeLens[] = [];
  lenses.push(label(headlineText(replay, lang), 0));
  lenses.push(
    label(
      uiText('ui.lens.rules', lang, { edition: editionLabel(replay.rules, lang), tileSet: uiText(`ui.tileSet.${replay.tileSet}`, lang) }),
      0,
    ),
  );
  if (replay.playsNotChecked) lenses.push(label(uiText('ui.lens.playsNotChecked', lang, { count: replay.playsNotChecked.count }), 0));
  for (const turn of replay.turns) lenses.push(label(totalsTitle(replay, turn, lang), turn.event.line));
  return lenses;
}
