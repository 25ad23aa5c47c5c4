/**
 * Two sheets compared, for the arbiter's view in the editor: one row per turn with what sheet A
 * and sheet B write (score and total), what the board says (the true score and total, and the
 * words of the play with their sums) and the verdict: both agree, or which sheet is right there,
 * citing the article the rule rests on in the edition in force (a score: art. 12–19, the scoring
 * articles; an end-of-game line: the ending's, 37.4 when a player went out; only a total: the
 * sheet's own addition, art. 5.1 and 34). A turn whose totals differ only by an earlier gap carried
 * along (both sheets write the true score and add it right) is shown as agreeing, labelled as
 * carried: only turns where a sheet writes something wrong are marked. Then the warnings, the
 * summary and the results each sheet implies against the true one.
 *
 * Invariants: pure; every text from the sheets (names, nicks, words) goes through `escapeXml`;
 * no script, no style attribute, no URL (the view's policy forbids them); one `<tr>` per entry of
 * `Comparison.turns`, in turn order.
 *
 * Example:
 *   renderCompareBody(compareSheets(a, b), 'fise', 'es');
 *   // '<div class="planilla-compare"><h1>Comparación de planillas: A = ana.gcg · B = beto.gcg</h1>…<table class="turns">…'
 */
import { articleFor } from '../rules/registry';
import { citeArticle, formatMessage } from '../rules/messages';
import type { Edition, Language } from '../rules/types';
import type { Comparison, Disagreement, SheetNumbers } from '../service/compare';
import { comparisonSummary } from '../service/compare';
import { uiText } from '../service/i18n';
import { escapeXml } from './escape';

const e = escapeXml;
const ui = (lang: Language, id: string, args: Record<string, string | number> = {}): string => e(uiText(id, lang, args));

const signedOrDash = (n: number | null | undefined): string => (n === null || n === undefined ? '—' : n >= 0 ? `+${n}` : String(n));
const numberOrDash = (n: number | null | undefined): string => (n === null || n === undefined ? '—' : String(n));

function sheetCell(s: SheetNumbers | null, wrong: boolean): string {
  if (!s) return '<td class="sheet none">—</td>';
  return `<td class="sheet${wrong ? ' wrong' : ''}"><span class="score">${e(signedOrDash(s.score))}</span> <span class="total">${e(numberOrDash(s.total))}</span></td>`;
}

/** What the board says of a differing turn: the true numbers and the play's words. */
function boardCell(d: Disagreement | undefined, lang: Language): string {
  if (!d) return '<td class="board"></td>';
  if (!d.true) return `<td class="board">${ui(lang, 'ui.compare.noTruth')}</td>`;
  const numbers = `<span class="score">${e(signedOrDash(d.true.score))}</span> <span class="total">${e(String(d.true.total))}</span>`;
  const words = d.words
    .map((w) => (w.multiplier === 1 ? `${e(w.word)} ${w.score}` : `${e(w.word)} ${w.letters} × ${w.multiplier} = ${w.score}`))
    .join(', ');
  const bingo = d.bingo > 0 ? ` ${ui(lang, 'ui.compare.bingo', { bonus: d.bingo })}` : '';
  const detail = d.unchecked ? ui(lang, 'ui.compare.unchecked') : words ? `${words}${bingo}` : '';
  return `<td class="board">${numbers}${detail ? `<div class="words">${detail}</div>` : ''}</td>`;
}

/**
 * The article a differing turn rests on: an end-of-game line, the ending's (37.4 when a player
 * went out); a play whose scores differ, the scoring articles; else the sheet's addition.
 */
function verdictArticle(d: Disagreement, edition: Edition, lang: Language): string {
  const scoresDiffer = d.a.score !== d.b.score || (d.true !== null && (d.a.score !== d.true.score || d.b.score !== d.true.score));
  if (d.ending && scoresDiffer) return citeArticle(d.ending, lang);
  return citeArticle(articleFor(scoresDiffer ? 'score-mismatch' : 'cumulative-mismatch', edition), lang);
}

/**
 * A turn whose totals differ only by an earlier gap carried along: both sheets write the true score
 * and add it right. Nothing is wrong on that line, so it is not marked as differing.
 */
function onlyCarried(d: Disagreement): boolean {
  return !d.changesResult && d.a.score === d.b.score && d.a.arithmetic && d.b.arithmetic && (d.true === null || d.a.score === d.true.score);
}

function verdictCell(d: Disagreement | undefined, edition: Edition, lang: Language): string {
  if (!d) return `<td class="verdict agree">${ui(lang, 'ui.compare.agree')}</td>`;
  if (onlyCarried(d))
    return `<td class="verdict agree carried">${ui(lang, 'ui.compare.agree')} <span class="carried">${ui(lang, 'ui.compare.carried')}</span></td>`;
  const article = verdictArticle(d, edition, lang);
  const who = uiText(`ui.compare.right.${d.right}`, lang);
  const carried = d.changesResult ? '' : ` <span class="carried">${ui(lang, 'ui.compare.carried')}</span>`;
  return `<td class="verdict right-${d.right}">${e(who)}${article ? ` <span class="article">(${e(article)})</span>` : ''}${carried}</td>`;
}

/** The table's columns in order, named for the page's widths (a colgroup, so a fixed layout can size them). */
const COLUMNS = ['turn', 'player', 'sheet', 'sheet', 'board', 'verdict'] as const;

/** The view's body: heading, warnings, the table of turns, the summary and the results. */
export function renderCompareBody(c: Comparison, edition: Edition, lang: Language): string {
  const byTurn = new Map(c.disagreements.map((d) => [d.n, d]));
  const head = [
    ui(lang, 'ui.compare.col.turn'),
    ui(lang, 'ui.compare.col.player'),
    ui(lang, 'ui.compare.col.sheet', { sheet: 'A', name: c.a }),
    ui(lang, 'ui.compare.col.sheet', { sheet: 'B', name: c.b }),
    ui(lang, 'ui.compare.col.board'),
    ui(lang, 'ui.compare.col.verdict'),
  ];
  const rows = c.turns.map((t) => {
    const found = byTurn.get(t.n);
    // A carried turn is shown as agreeing (its label says the totals carry an earlier gap).
    const carried = found !== undefined && onlyCarried(found);
    const d = carried ? undefined : found;
    const wrongA = d !== undefined && (d.right === 'b' || d.right === 'neither');
    const wrongB = d !== undefined && (d.right === 'a' || d.right === 'neither');
    return [
      `<tr class="${d ? 'differs' : carried ? 'agrees carried' : 'agrees'}" data-turn="${t.n}">`,
      `<td class="n">${t.n}</td>`,
      `<td class="player">${e(t.player)}</td>`,
      sheetCell(t.a, wrongA),
      sheetCell(t.b, wrongB),
      boardCell(d, lang),
      verdictCell(found, edition, lang),
      '</tr>',
    ].join('');
  });
  const summary = comparisonSummary(c, lang);
  return [
    '<div class="planilla-compare">',
    `<h1>${e(formatMessage('compare.title', { a: c.a, b: c.b }, lang))}</h1>`,
    `<p class="summary">${e(summary)}</p>`,
    `<p class="counts">${ui(lang, 'ui.compare.counts', { n: c.turns.length, differing: c.summary.differing })}</p>`,
    '<div class="table-wrap">',
    '<table class="turns">',
    `<colgroup>${COLUMNS.map((c) => `<col class="col-${c}">`).join('')}</colgroup>`,
    `<thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.join('')}</tbody>`,
    '</table>',
    '</div>',
    '</div>',
  ].join('\n');
}
