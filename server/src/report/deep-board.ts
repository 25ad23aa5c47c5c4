/**
 * The board view's section on a turn's verdict ("Analizar a fondo", the commented game exported
 * deeply: service/verdict-view.ts), added under the best moves by `planilla/boardMoves`: the
 * verdict (the method, the move named best, what the move played loses in points and win %), the
 * move named best previewed over the board under the pointer like the best moves, and, for a
 * simulated verdict, the moves simulated with their simulated equity (±) and win %, each previewed
 * the same way.
 *
 * Invariants: pure; every text through `escapeXml`; rows and previews numbered from `first`
 * (after the best moves' own), as the page pairs `.move[data-move=i]` with `g.preview[data-move=i]`;
 * the section's element carries the verdict as `data-best`, `data-loss` and `data-method`, as the
 * commented game's rows do.
 *
 * Example:
 *   renderDeepBoard(held, boardModel(replay, 3), 'es', 11);   // { html: '<section class="deep" data-best="8D CAMINO" …>…', previews: '…', count: 4 }
 */
import type { Language } from '../rules/types';
import type { BoardModel } from '../service/board-model';
import { equityText, moveName, previewTiles, sameMove } from '../service/coach';
import { uiText } from '../service/i18n';
import { isNamedBest, verdictLensTitle, type HeldVerdict } from '../service/verdict-view';
import { formatNumber } from '../rules/template';
import { escapeXml } from './escape';
import { renderPreviewGroup } from './svg';

const e = escapeXml;
const ui = (lang: Language, id: string, args: Record<string, string | number> = {}): string => e(uiText(id, lang, args));

interface DeepBoardSection {
  readonly html: string;
  readonly previews: string;
  /** Rows (and previews) in the section. */
  readonly count: number;
}

const pct = (p: number, lang: Language): string => `${formatNumber(Math.round(p * 1000) / 10, lang, 1)} %`;

function row(index: number, cells: readonly (readonly [string, string])[], title: string, played: boolean): string {
  const spans = cells.map(([cls, text]) => `<span class="${cls}">${text}</span>`).join('');
  return `<div class="move${played ? ' played' : ''}" role="listitem" data-move="${index}" tabindex="0" title="${e(title)}">${spans}</div>`;
}

/** The section and its previews for a verdict (`first`: the data-move of its first row). */
export function renderDeepBoard(held: HeldVerdict, board: BoardModel, lang: Language, first: number): DeepBoardSection {
  const v = held.verdict;
  const cleared = board.squares.filter((s) => s.lastMove);
  const heading = `<h2>${ui(lang, 'ui.board.deep.heading')}</h2>`;
  const attrs = `data-line="${v.line}" data-best="${e(v.code)}" data-loss="${v.loss}" data-method="${v.method}"`;
  const summary = `<p class="deep-summary">${e(verdictLensTitle(held, lang))}</p>`;
  const bestName = moveName(v.best, lang);
  const bestRow = row(first, [['name', e(bestName)]], bestName, v.playedIsBest);
  const previews = [renderPreviewGroup(first, cleared, previewTiles(v.best), lang)];
  const sims = held.sims ?? [];
  let table = '';
  if (sims.length > 0) {
    const head = [
      ['rank', '#'],
      ['name', ui(lang, 'ui.coach.col.move')],
      ['sim', ui(lang, 'ui.board.deep.col.sim')],
      ['win', ui(lang, 'ui.board.deep.col.win')],
    ] as const;
    const rows = sims.map((s, i) => {
      const name = moveName(s.move, lang);
      const sim = `${equityText(s.equity, lang)} ± ${equityText(s.margin ?? 0, lang)}`;
      previews.push(renderPreviewGroup(first + 1 + i, cleared, previewTiles(s.move), lang));
      return row(
        first + 1 + i,
        [
          ['rank', `${i + 1}${isNamedBest(held, s) ? ' ◀' : ''}`],
          ['name', e(name)],
          ['sim', e(sim)],
          ['win', e(s.winPct === undefined ? '—' : pct(s.winPct, lang))],
        ],
        `${name}: ${sim}`,
        v.playedIsBest && sameMove(s.move, v.best),
      );
    });
    const headRow = `<div class="move-head" aria-hidden="true">${head.map(([cls, text]) => `<span class="${cls}">${text}</span>`).join('')}</div>`;
    table = `<div class="moves deep-moves" role="list">${headRow}${rows.join('')}</div>`;
  }
  return {
    html: `<section class="deep" ${attrs}>${heading}${summary}<div class="moves deep-best" role="list">${bestRow}</div>${table}</section>`,
    previews: previews.join(''),
    count: 1 + sims.length,
  };
}
