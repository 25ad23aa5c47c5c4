/**
 * The board view's section on a move analysed deeply ("Analizar a fondo", service/deep.ts), added
 * under the best moves by `planilla/boardMoves`: for a simulation, the simulated moves with their
 * static equity, simulated equity and win %, each previewed over the board like the best moves;
 * for an endgame, the best line, one row per move, each row drawing the line up to that move on
 * the board (the tiles of every placement so far).
 *
 * Invariants: pure; every text through `escapeXml`; rows and previews numbered from `first`
 * (after the best moves' own), as the page pairs `.move[data-move=i]` with `g.preview[data-move=i]`.
 *
 * Example:
 *   renderDeepBoard(entry.outcome, boardModel(replay, 3), 'es', 11);   // { html: '<section class="deep">…', previews: '<g class="preview" data-move="11">…', count: 16 }
 */
import type { Move } from '../analysis';
import type { Language } from '../rules/types';
import type { BoardModel } from '../service/board-model';
import { equityText, moveName, previewTiles, sameMove, type PreviewTile } from '../service/coach';
import { deepSummaryText, type DeepOutcome } from '../service/deep';
import { uiText } from '../service/i18n';
import { formatNumber } from '../rules/template';
import { escapeXml } from './escape';
import { renderPreviewGroup } from './svg';

const e = escapeXml;
const ui = (lang: Language, id: string, args: Record<string, string | number> = {}): string => e(uiText(id, lang, args));

export interface DeepBoardSection {
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

/** The section and its previews for a deep outcome (`first`: the data-move of its first row). */
export function renderDeepBoard(outcome: DeepOutcome, board: BoardModel, lang: Language, first: number): DeepBoardSection {
  const cleared = board.squares.filter((s) => s.lastMove);
  const heading = `<h2>${ui(lang, 'ui.board.deep.heading')}</h2>`;
  if (outcome.kind === 'sim') {
    const r = outcome.result;
    const head = [
      ['rank', '#'],
      ['name', ui(lang, 'ui.coach.col.move')],
      ['static', ui(lang, 'ui.board.deep.col.static')],
      ['sim', ui(lang, 'ui.board.deep.col.sim')],
      ['win', ui(lang, 'ui.board.deep.col.win')],
    ] as const;
    const rows = r.candidates.map((c, i) => {
      const played = outcome.legal && sameMove(c.move, outcome.played);
      const name = moveName(c.move, lang);
      const figures = uiText('ui.deep.simFigures', lang, {
        equity: equityText(c.equity, lang),
        half: equityText((c.interval[1] - c.interval[0]) / 2, lang),
        win: formatNumber(Math.round(c.winPct * 1000) / 10, lang, 1),
        static: equityText(c.staticEquity, lang),
      });
      return row(
        first + i,
        [
          ['rank', `${i + 1}${played ? ' ◀' : ''}`],
          ['name', e(name)],
          ['static', e(equityText(c.staticEquity, lang))],
          ['sim', e(equityText(c.equity, lang))],
          ['win', e(pct(c.winPct, lang))],
        ],
        `${name}: ${figures}`,
        played,
      );
    });
    const headRow = `<div class="move-head" aria-hidden="true">${head.map(([cls, text]) => `<span class="${cls}">${text}</span>`).join('')}</div>`;
    return {
      html: `<section class="deep">${heading}<p class="deep-what">${ui(lang, 'ui.deep.simHeading', { plies: r.plies, iterations: r.iterations, seed: r.seed })}</p><div class="moves deep-moves" role="list">${headRow}${rows.join('')}</div></section>`,
      previews: r.candidates.map((c, i) => renderPreviewGroup(first + i, cleared, previewTiles(c.move), lang)).join(''),
      count: r.candidates.length,
    };
  }
  const r = outcome.result;
  const heading2 = `<p class="deep-what">${ui(lang, r.exact ? 'ui.deep.endgameHeading' : 'ui.deep.endgameHeadingDepth', { depth: r.depth })}</p>`;
  const so: PreviewTile[] = [];
  const previews: string[] = [];
  const rows = r.line.map((m: Move, i) => {
    so.push(...previewTiles(m));
    previews.push(renderPreviewGroup(first + i, cleared, so.slice(), lang));
    const name = moveName(m, lang);
    const text = uiText('ui.board.deep.lineStep', lang, { n: i + 1, move: name });
    return row(first + i, [['name', e(text)]], text, false);
  });
  return {
    html: `<section class="deep">${heading}${heading2}<p class="deep-summary">${e(deepSummaryText(outcome, lang))}</p><h3>${ui(lang, 'ui.board.deep.lineHeading')}</h3><div class="moves deep-line" role="list">${rows.join('')}</div></section>`,
    previews: previews.join(''),
    count: r.line.length,
  };
}
