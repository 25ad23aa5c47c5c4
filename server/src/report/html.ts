/**
 * The audit report as one self-contained HTML page for arbiters (`planilla report --format html`):
 * players, rules edition, tile set, lexicon (name, word count, SHA-256), the final result, a table
 * of every event (declared vs computed score and total, words formed, findings with article and
 * title), the findings outside event lines and the final board as inline SVG. With `diagrams`, the
 * commented game for coaches comes first: each note rendered from Markdown beside a board diagram
 * of its position.
 *
 * Invariants: pure; no script, no external resource (inline CSS and SVG only; a Content-Security-
 * Policy that forbids everything but inline style); every text from the record and every label is
 * escaped (`escapeXml`, or the strict note renderer); prints on A4 (`@page`, table headers repeated,
 * rows and diagrams not split across pages).
 *
 * Example:
 *   const html = renderHtmlReport(buildAudit({ path, analysis, lexicon, lang: 'es' }), analysis.replay, { diagrams: true });
 */
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import type { Replay } from '../engine/types';
import { boardModel, type BoardModel } from '../service/board-model';
import { countsText, type Audit, type AuditFinding, type AuditTurn } from './audit';
import { COACH_SUMMARY_COLUMNS, coachSummaryCells, equityLostText } from './coach-columns';
import { htmlPage, standardHead } from '../shared/html-page';
import type { DeepGame } from '../analysis/deep-game';
import { betterMoves, betterMoveText, gamePoints, playedMoveText, winGraphSvg } from './win-graph';
import { LARGE_MISTAKE } from '../analysis/coach';
import { verdictMethodText, type Verdict } from '../analysis/verdict';
import { escapeXml } from './escape';
import { boardFooter, boardHeading } from './labels';
import { renderNoteMarkdown } from './note-markdown';
import { renderBoardSvg } from './svg';

export interface ReportOptions {
  /** Add the commented game: every note with a diagram of its position. */
  readonly diagrams?: boolean;
  /**
   * The deep analysis of the game (analysis/deep-game.ts): the commented game then names the better
   * move of every turn that lost more than `BETTER_MOVE_THRESHOLD`, draws a diagram at every large
   * mistake and (HTML) the win % and spread graph (win-graph.ts). The audit's turns carry the
   * verdicts (`AuditInput.deep`): each row has `data-line`, `data-best`, `data-loss`, `data-method`.
   */
  readonly deep?: DeepGame;
}

const STYLE = `
@page { size: A4; margin: 14mm 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; font-size: 10pt; line-height: 1.35; color: #1f1f1f; background: #ffffff; margin: 0 auto; max-width: 200mm; padding: 8mm; }
h1 { font-size: 17pt; margin: 0 0 1mm; }
h2 { font-size: 13pt; margin: 7mm 0 2mm; padding-bottom: 1mm; border-bottom: 1px solid #9e9e9e; break-after: avoid; page-break-after: avoid; }
h3 { font-size: 11pt; margin: 4mm 0 1mm; break-after: avoid; page-break-after: avoid; }
.subtitle { font-size: 12pt; color: #444444; margin: 0 0 4mm; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #bdbdbd; padding: 1mm 1.5mm; vertical-align: top; text-align: left; }
th { background: #eeeeee; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
table.meta th { width: 32mm; }
table.turns { font-size: 8pt; table-layout: fixed; }
/* Words break only where they are longer than their column (never "Líne a", "Alejand ro"). */
table.turns th { font-size: 6.5pt; padding: 1mm 0.5mm; overflow-wrap: break-word; }
table.turns th.group { text-align: center; }
table.turns td { overflow-wrap: break-word; }
table.turns td.mono { font-size: 7pt; }
.how { font-size: 6.5pt; color: #555555; }
.verdict { font-weight: bold; margin: 1mm 0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
/* Every table fits its page or panel: fixed columns that wrap (a heading too), never wider than the body. */
table { max-width: 100%; }
th.num { white-space: normal; overflow-wrap: break-word; }
table.coach { table-layout: fixed; font-size: 9pt; }
table.coach td, table.coach th { overflow-wrap: anywhere; }
td.diff { background: #fde0dc; font-weight: bold; }
tr.has-error td.no { border-left: 3px solid #c62828; }
.mono { font-family: "DejaVu Sans Mono", Consolas, monospace; }
.sha { font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 8pt; word-break: break-all; }
ul.findings { margin: 0; padding-left: 4mm; }
ul.findings li { margin: 0 0 0.5mm; }
.sev { font-weight: bold; }
.sev-error .sev { color: #b71c1c; }
.sev-warning .sev { color: #8d5b00; }
.sev-information .sev { color: #1e4f9c; }
.sev-hint .sev { color: #555555; }
.art { color: #444444; }
.unaccepted { color: #b71c1c; text-decoration: underline dotted; }
.result { font-size: 12pt; font-weight: bold; }
.diagram { break-inside: avoid; page-break-inside: avoid; margin: 0 0 5mm; }
.position { display: flex; gap: 5mm; align-items: flex-start; }
.position svg.board { flex: 0 0 95mm; }
.note { flex: 1 1 auto; }
svg.board { display: block; width: 100%; max-width: 160mm; height: auto; }
.caption { font-size: 9pt; color: #333333; margin: 1mm 0 0; }
.caption p { margin: 0; }
pre { background: #f5f5f5; padding: 2mm; white-space: pre-wrap; }
code { font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 0.95em; }
@media print { body { padding: 0; max-width: none; } .position svg.board { flex-basis: 90mm; max-width: 90mm; } .note { min-width: 0; overflow-wrap: anywhere; } }
`;

const CSP = "default-src 'none'; style-src 'unsafe-inline'";

function h(lang: Language, id: string, args: Record<string, string | number> = {}): string {
  return escapeXml(formatMessage(id, args, lang));
}

function findingItem(f: AuditFinding, lang: Language): string {
  const article = f.citation ? ` <span class="art">(${escapeXml(f.citation)}${f.title ? `: ${escapeXml(f.title)}` : ''})</span>` : '';
  return `<li class="sev-${f.severity}"><span class="sev">${escapeXml(f.severityLabel)}</span> <code>${escapeXml(f.code)}</code> · ${h(lang, 'report.at-line', { line: f.line, column: f.column })}: ${escapeXml(f.message)}${article}</li>`;
}

function findingList(findings: readonly AuditFinding[], lang: Language): string {
  return findings.length === 0 ? '' : `<ul class="findings">${findings.map((f) => findingItem(f, lang)).join('')}</ul>`;
}

function num(value: number | null, differs = false): string {
  return `<td class="num${differs ? ' diff' : ''}">${value === null ? '—' : value}</td>`;
}

function wordsCell(turn: AuditTurn, lang: Language): string {
  const words = turn.words.map((w) => {
    const text = `${escapeXml(w.word)} ${w.score}`;
    return w.accepted === false ? `<span class="unaccepted" title="${h(lang, 'report.word.unaccepted')}">${text}</span>` : text;
  });
  if (turn.bingo > 0) words.push(h(lang, 'report.board.bingo', { n: turn.bingo }));
  return words.join('<br>');
}

function moveCell(turn: AuditTurn): string {
  const label = turn.kind === 'placement' ? '' : `${escapeXml(turn.kindLabel)} `;
  return `${label}<span class="mono">${escapeXml(turn.move)}</span>`;
}

/** A turn's verdict as machine-readable attributes (docs/coach.md "The commented game"). */
function verdictAttributes(v: Verdict | undefined): string {
  if (!v) return '';
  return ` data-line="${v.line}" data-best="${escapeXml(v.code)}" data-loss="${v.loss}" data-method="${v.method}"`;
}

/** The equity-lost cell: the verdict's loss and how it was found, or the static coach's loss. */
function lostCell(turn: AuditTurn, lang: Language): string {
  const lost = equityLostText(turn, lang);
  if (lost === undefined) return '';
  const v = turn.verdict;
  const caveat = turn.caveat !== undefined ? `<br><span class="caveat">${escapeXml(turn.caveat)}</span>` : '';
  if (!v) return `<td class="num">${lost}${caveat}</td>`;
  return `<td class="num" title="${escapeXml(verdictMethodText(v, lang))}">${lost}<br><span class="how">${h(lang, `winpct.short.${v.method}`)}</span>${caveat}</td>`;
}

function turnRow(turn: AuditTurn, lang: Language): string {
  const hasError = turn.findings.some((f) => f.severity === 'error');
  return [
    `<tr${hasError ? ' class="has-error"' : ''}${verdictAttributes(turn.verdict)}>`,
    `<td class="num no">${turn.number}</td>`,
    `<td class="num">${turn.line}</td>`,
    `<td>${escapeXml(turn.nick)}</td>`,
    `<td class="mono">${escapeXml(turn.rack)}</td>`,
    `<td>${moveCell(turn)}</td>`,
    num(turn.declaredScore, turn.scoreDiffers),
    num(turn.computedScore, turn.scoreDiffers),
    num(turn.declaredTotal, turn.totalDiffers),
    num(turn.computedTotal, turn.totalDiffers),
    `<td>${wordsCell(turn, lang)}</td>`,
    `<td>${findingList(turn.findings, lang)}</td>`,
    lostCell(turn, lang),
    '</tr>',
  ].join('');
}

/** Column widths of the events table (percent), in column order. */
const TURN_COLUMNS = [4, 6, 10, 9, 11, 7, 7, 7, 7, 10, 22] as const;
/** The same with the coach's equity lost column (the findings give it room). */
const COACH_TURN_COLUMNS = [4, 6, 10, 9, 11, 7, 7, 7, 7, 10, 15, 7] as const;

function turnsTable(audit: Audit, lang: Language): string {
  const widths = audit.coach ? COACH_TURN_COLUMNS : TURN_COLUMNS;
  const cols = `<colgroup>${widths.map((w) => `<col style="width: ${w}%">`).join('')}</colgroup>`;
  const single = (id: string, numeric = false): string => `<th rowspan="2"${numeric ? ' class="num"' : ''}>${h(lang, id)}</th>`;
  const head = [
    '<tr>',
    single('report.col.number', true),
    single('report.col.line', true),
    single('report.col.player'),
    single('report.col.rack'),
    single('report.col.move'),
    `<th colspan="2" class="group">${h(lang, 'report.col.score')}</th>`,
    `<th colspan="2" class="group">${h(lang, 'report.col.total')}</th>`,
    single('report.col.words'),
    single('report.col.findings'),
    audit.coach ? single('report.col.equity-lost', true) : '',
    '</tr>',
    '<tr>',
    ...['report.col.sheet', 'report.col.computed', 'report.col.sheet', 'report.col.true'].map(
      (id) => `<th class="num">${h(lang, id)}</th>`,
    ),
    '</tr>',
  ].join('');
  const body =
    audit.turns.length > 0
      ? audit.turns.map((turn) => turnRow(turn, lang)).join('\n')
      : `<tr><td colspan="${widths.length}">${h(lang, 'report.no-events')}</td></tr>`;
  return `<table class="turns">${cols}<thead>${head}</thead><tbody>\n${body}\n</tbody></table>`;
}

/** The coach's per-player summary (total, per turn, mistakes by grade). */
function coachSection(audit: Audit, lang: Language): string {
  if (!audit.coach) return '';
  const head = `<tr>${COACH_SUMMARY_COLUMNS.map((id, i) => `<th${i > 0 ? ' class="num"' : ''}>${h(lang, id)}</th>`).join('')}</tr>`;
  const rows = audit.coach.players
    .map(
      (p) =>
        `<tr>${coachSummaryCells(p, lang)
          .map((v, i) => `<td${i > 0 ? ' class="num"' : ''}>${escapeXml(v)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  const verdicts = audit.turns.some((t) => t.verdict !== undefined);
  return [
    `<h2>${h(lang, verdicts ? 'report.section.coach-verdict' : 'report.section.coach')}</h2>`,
    `<p>${h(lang, verdicts ? 'report.coach.intro-verdict' : 'report.coach.intro')}</p>`,
    `<table class="coach"><thead>${head}</thead><tbody>${rows}</tbody></table>`,
  ].join('\n');
}

function metaTable(audit: Audit, lang: Language): string {
  const players = audit.players
    .map((p) => `${escapeXml(p.nick)}${p.name && p.name !== p.nick ? ` (${escapeXml(p.name)})` : ''}`)
    .join(' — ');
  const lexicon = audit.lexicon
    ? `${escapeXml(audit.lexicon.name)} · ${h(lang, 'report.lexicon.words', { n: audit.lexicon.words })}<br><span class="sha">SHA-256 ${escapeXml(audit.lexicon.sha256)}</span>`
    : h(lang, 'report.lexicon.none');
  const declared = audit.declaredLexicon ? `<br>${h(lang, 'report.lexicon.declared', { name: audit.declaredLexicon })}` : '';
  const rows: [string, string][] = [
    ['report.meta.file', `<span class="mono">${escapeXml(audit.path)}</span>`],
    ['report.meta.players', players],
    ['report.meta.rules', `${escapeXml(audit.editionLabel)} (${escapeXml(audit.editionSource)})`],
    ['report.meta.tile-set', escapeXml(audit.tileSetLabel)],
    ['report.meta.lexicon', `${lexicon}${declared}`],
    ['report.meta.findings', escapeXml(countsText(audit.counts, lang))],
  ];
  return `<table class="meta"><tbody>${rows.map(([id, value]) => `<tr><th>${h(lang, id)}</th><td>${value}</td></tr>`).join('')}</tbody></table>`;
}

function resultSection(audit: Audit, lang: Language): string {
  const r = audit.result;
  const ending = r.endingCitation
    ? `${escapeXml(r.ending)} (${escapeXml(r.endingCitation)}${r.endingTitle ? `: ${escapeXml(r.endingTitle)}` : ''})`
    : escapeXml(r.ending);
  return [
    `<h2>${h(lang, r.complete ? 'report.section.result' : 'report.section.provisional', { edition: audit.editionLabel })}</h2>`,
    `<p class="result">${escapeXml(r.headline)}</p>`,
    `<p>${escapeXml(r.summary)}</p>`,
    ending ? `<p>${ending}</p>` : '',
  ].join('\n');
}

/** A board diagram: the inline SVG and its caption (words, racks, totals, bag, unseen tiles). */
function diagram(model: BoardModel, lang: Language): { svg: string; caption: string } {
  const svg = renderBoardSvg(model, lang, { title: boardHeading(model, lang) });
  const caption = `<div class="caption">${boardFooter(model, lang)
    .map((line) => `<p>${escapeXml(line)}</p>`)
    .join('')}</div>`;
  return { svg, caption };
}

function notesHtml(notes: readonly string[]): string {
  return notes.map((n) => `<div class="note-text">${renderNoteMarkdown(n)}</div>`).join('\n');
}

/** A turn as a reader names it: 'Posición 5 (línea 6) · Daniel: 5E ACUESTA +36' (the move as written when it was not analysed). */
function turnTitle(turn: AuditTurn, deep: DeepGame | undefined, lang: Language): string {
  const where = h(lang, 'report.position', { number: turn.number, line: turn.line });
  const played = deep?.turns.find((t) => t.index === turn.index)?.coach.played;
  if (played && turn.verdict) return `${where} · ${escapeXml(playedMoveText(turn.nick, played, lang))}`;
  return `${where} · <span class="mono">${escapeXml(turn.text)}</span>`;
}

/** The graph and the better moves of the commented game (win-graph.ts), each with its verdict. */
function deepBlock(audit: Audit, replay: Replay, deep: DeepGame, lang: Language): string[] {
  const players: [string, string] = [replay.players[0]?.nick ?? '', replay.players[1]?.nick ?? ''];
  const graph = winGraphSvg(gamePoints(deep, replay), players, lang);
  const parts = graph ? [`<div class="diagram">${graph}</div>`] : [];
  const items = betterMoves(deep, replay).map((b) => {
    const turn = audit.turns.find((x) => x.index === b.index);
    const where = turn ? `${turnTitle(turn, deep, lang)}: ` : '';
    return `<li${verdictAttributes(b.verdict)}>${where}${escapeXml(betterMoveText(b, lang))}</li>`;
  });
  if (items.length > 0) parts.push(`<ul class="better-moves">\n${items.join('\n')}\n</ul>`);
  return parts;
}

/** A turn gets a diagram when it has a note or when its verdict is a large mistake (analysis/coach.ts grades). */
function hasDiagram(turn: AuditTurn): boolean {
  return turn.notes.length > 0 || (turn.verdict !== undefined && turn.verdict.loss > LARGE_MISTAKE);
}

function commentedSection(audit: Audit, replay: Replay, lang: Language, deep?: DeepGame): string {
  const parts = [`<h2>${h(lang, 'report.section.commented')}</h2>`];
  if (deep) parts.push(...deepBlock(audit, replay, deep, lang));
  if (audit.headerNotes.length > 0) parts.push(`<div class="diagram">${notesHtml(audit.headerNotes)}</div>`);
  const shown = audit.turns.filter(hasDiagram);
  const better = deep ? betterMoves(deep, replay) : [];
  for (const turn of shown) {
    const { svg, caption } = diagram(boardModel(replay, turn.index), lang);
    const b = better.find((x) => x.index === turn.index);
    const verdict = b ? `<p class="verdict">${escapeXml(betterMoveText(b, lang))}</p>` : '';
    parts.push(
      [
        `<div class="diagram"${verdictAttributes(turn.verdict)}>`,
        `<h3>${turnTitle(turn, deep, lang)}</h3>`,
        `<div class="position">${svg}`,
        `<div class="note">${caption}\n${verdict}${notesHtml(turn.notes)}</div>`,
        '</div>',
        '</div>',
      ].join('\n'),
    );
  }
  if (shown.length === 0 && audit.headerNotes.length === 0) parts.push(`<p>${h(lang, 'report.no-notes')}</p>`);
  return parts.join('\n');
}

/** The whole page. */
export function renderHtmlReport(audit: Audit, replay: Replay, options: ReportOptions = {}): string {
  const lang = audit.lang;
  const kind = options.diagrams ? 'report.title.commented' : 'report.title.audit';
  const finalBoard = diagram(boardModel(replay, replay.turns.length - 1), lang);
  const other =
    audit.otherFindings.length > 0 ? `<h2>${h(lang, 'report.section.other-findings')}</h2>\n${findingList(audit.otherFindings, lang)}` : '';
  const head = standardHead({ cspAttribute: CSP, viewport: true, titleHtml: `${h(lang, kind)} · ${escapeXml(audit.title)}`, style: STYLE });
  return htmlPage(lang, head, [
    `<h1>${h(lang, kind)}</h1>`,
    `<p class="subtitle">${escapeXml(audit.title)}</p>`,
    metaTable(audit, lang),
    resultSection(audit, lang),
    coachSection(audit, lang),
    options.diagrams ? commentedSection(audit, replay, lang, options.deep) : '',
    `<h2>${h(lang, 'report.section.turns')}</h2>`,
    turnsTable(audit, lang),
    other,
    `<h2>${h(lang, 'report.section.final-board')}</h2>`,
    `<div class="diagram">${finalBoard.svg}\n${finalBoard.caption}</div>`,
  ]);
}
