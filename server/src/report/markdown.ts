/**
 * The audit report as Markdown (`planilla report --format md`): the same content as the HTML page
 * (players, rules, lexicon, result, the table of events with declared vs computed scores and
 * totals, words and findings with article and title, other findings, the final board as text),
 * and, with `diagrams`, the commented game: each note with a text diagram of its position.
 *
 * Invariants: pure; every text from the record is escaped for Markdown (`escapeMarkdownInline`
 * in lines and table cells, `renderNoteAsMarkdown` for notes, a long enough fence around boards),
 * so no record can inject HTML, links, table cells or headings; labels come from the catalogues.
 *
 * Example:
 *   const md = renderMarkdownReport(buildAudit({ path, analysis, lexicon, lang: 'en' }), analysis.replay);
 */
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import type { Replay } from '../engine/types';
import { boardModel, type BoardModel } from '../service/board-model';
import { countsText, type Audit, type AuditFinding, type AuditTurn } from './audit';
import { COACH_SUMMARY_COLUMNS, coachSummaryCells, equityLostText } from './coach-columns';
import { codeFence, escapeMarkdownInline as md } from './escape';
import { renderNoteAsMarkdown } from './note-markdown';
import { renderTextBoard } from './text-board';
import type { ReportOptions } from './html';
import type { DeepGame } from '../analysis/deep-game';
import { betterMoves, betterMoveText, playedMoveText } from './win-graph';

function m(lang: Language, id: string, args: Record<string, string | number> = {}): string {
  return md(formatMessage(id, args, lang));
}

function findingText(f: AuditFinding, lang: Language): string {
  const article = f.citation ? ` (${md(f.citation)}${f.title ? `: ${md(f.title)}` : ''})` : '';
  return `**${md(f.severityLabel)}** \`${f.code}\` · ${m(lang, 'report.at-line', { line: f.line, column: f.column })}: ${md(f.message)}${article}`;
}

function cellNumber(value: number | null, differs: boolean): string {
  const text = value === null ? '—' : String(value);
  return differs ? `**${text}**` : text;
}

function turnRow(turn: AuditTurn, lang: Language): string {
  const move = turn.kind === 'placement' ? md(turn.move) : `${md(turn.kindLabel)} ${md(turn.move)}`.trim();
  const words = turn.words
    .map((w) => `${md(w.word)} ${w.score}${w.accepted === false ? ` ${m(lang, 'report.word.unaccepted')}` : ''}`)
    .concat(turn.bingo > 0 ? [m(lang, 'report.board.bingo', { n: turn.bingo })] : [])
    .join(' · ');
  const lost = equityLostText(turn, lang);
  const cells = [
    String(turn.number),
    String(turn.line),
    md(turn.nick),
    md(turn.rack),
    move,
    cellNumber(turn.declaredScore, turn.scoreDiffers),
    cellNumber(turn.computedScore, turn.scoreDiffers),
    cellNumber(turn.declaredTotal, turn.totalDiffers),
    cellNumber(turn.computedTotal, turn.totalDiffers),
    words,
    turn.findings.map((f) => findingText(f, lang)).join(' ◆ '),
    ...(lost === undefined ? [] : [turn.caveat !== undefined ? `${lost} (${md(turn.caveat)})` : lost]),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The coach's per-player summary (total, per turn, mistakes by grade). */
function coachSummary(audit: Audit, lang: Language): string[] {
  if (!audit.coach) return [];
  const verdicts = audit.turns.some((t) => t.verdict !== undefined);
  return [
    `## ${m(lang, verdicts ? 'report.section.coach-verdict' : 'report.section.coach')}`,
    '',
    m(lang, verdicts ? 'report.coach.intro-verdict' : 'report.coach.intro'),
    '',
    `| ${COACH_SUMMARY_COLUMNS.map((id) => m(lang, id)).join(' | ')} |`,
    `| --- | ${COACH_SUMMARY_COLUMNS.slice(1)
      .map(() => '---:')
      .join(' | ')} |`,
    ...audit.coach.players.map(
      (p) =>
        `| ${coachSummaryCells(p, lang)
          .map((v, i) => (i === 0 ? md(v) : v))
          .join(' | ')} |`,
    ),
    '',
  ];
}

function board(model: BoardModel, lang: Language): string {
  const text = renderTextBoard(model, lang);
  const fence = codeFence(text);
  return `${fence}text\n${text}\n${fence}`;
}

function commented(audit: Audit, replay: Replay, lang: Language, deep?: DeepGame): string[] {
  const out = [`## ${m(lang, 'report.section.commented')}`, ''];
  if (deep) {
    const better = betterMoves(deep, replay).map((b) => {
      const turn = audit.turns.find((x) => x.index === b.index);
      const where = turn
        ? `${m(lang, 'report.position', { number: turn.number, line: turn.line })} · ${md(playedMoveText(turn.nick, b.played, lang))}: `
        : '';
      return `- ${where}${md(betterMoveText(b, lang))}`;
    });
    if (better.length > 0) out.push(...better, '');
  }
  for (const note of audit.headerNotes) out.push(renderNoteAsMarkdown(note), '');
  const noted = audit.turns.filter((turn) => turn.notes.length > 0);
  for (const turn of noted) {
    out.push(`### ${m(lang, 'report.position', { number: turn.number, line: turn.line })} · ${md(turn.text)}`, '');
    out.push(board(boardModel(replay, turn.index), lang), '');
    for (const note of turn.notes) out.push(renderNoteAsMarkdown(note), '');
  }
  if (noted.length === 0 && audit.headerNotes.length === 0) out.push(m(lang, 'report.no-notes'), '');
  return out;
}

/** The whole document. */
export function renderMarkdownReport(audit: Audit, replay: Replay, options: ReportOptions = {}): string {
  const lang = audit.lang;
  const kind = options.diagrams ? 'report.title.commented' : 'report.title.audit';
  const players = audit.players.map((p) => `${md(p.nick)}${p.name && p.name !== p.nick ? ` (${md(p.name)})` : ''}`).join(' — ');
  const lexicon = audit.lexicon
    ? `${md(audit.lexicon.name)} · ${m(lang, 'report.lexicon.words', { n: audit.lexicon.words })} · SHA-256 \`${md(audit.lexicon.sha256)}\``
    : m(lang, 'report.lexicon.none');
  const declared = audit.declaredLexicon ? ` · ${m(lang, 'report.lexicon.declared', { name: audit.declaredLexicon })}` : '';
  const r = audit.result;
  const ending = r.endingCitation
    ? `${md(r.ending)} (${md(r.endingCitation)}${r.endingTitle ? `: ${md(r.endingTitle)}` : ''})`
    : md(r.ending);
  const columns = [
    'report.col.number',
    'report.col.line',
    'report.col.player',
    'report.col.rack',
    'report.col.move',
    'report.col.declared-score',
    'report.col.computed-score',
    'report.col.declared-total',
    'report.col.computed-total',
    'report.col.words',
    'report.col.findings',
    ...(audit.coach ? ['report.col.equity-lost'] : []),
  ];
  const align = [true, true, false, false, false, true, true, true, true, false, false, ...(audit.coach ? [true] : [])];
  const lines: string[] = [
    `# ${m(lang, kind)}: ${md(audit.title)}`,
    '',
    `| ${m(lang, 'report.meta.item')} | ${m(lang, 'report.meta.value')} |`,
    '| --- | --- |',
    `| ${m(lang, 'report.meta.file')} | ${md(audit.path)} |`,
    `| ${m(lang, 'report.meta.players')} | ${players} |`,
    `| ${m(lang, 'report.meta.rules')} | ${md(audit.editionLabel)} (${md(audit.editionSource)}) |`,
    `| ${m(lang, 'report.meta.tile-set')} | ${md(audit.tileSetLabel)} |`,
    `| ${m(lang, 'report.meta.lexicon')} | ${lexicon}${declared} |`,
    `| ${m(lang, 'report.meta.findings')} | ${md(countsText(audit.counts, lang))} |`,
    '',
    `## ${m(lang, r.complete ? 'report.section.result' : 'report.section.provisional', { edition: audit.editionLabel })}`,
    '',
    `**${md(r.headline)}**`,
    '',
    md(r.summary),
    '',
    ...(ending ? [ending, ''] : []),
  ];
  lines.push(...coachSummary(audit, lang));
  if (options.diagrams) lines.push(...commented(audit, replay, lang, options.deep));
  lines.push(`## ${m(lang, 'report.section.turns')}`, '');
  if (audit.turns.length === 0) {
    lines.push(m(lang, 'report.no-events'), '');
  } else {
    lines.push(`| ${columns.map((id) => m(lang, id)).join(' | ')} |`);
    lines.push(`| ${align.map((right) => (right ? '---:' : '---')).join(' | ')} |`);
    for (const turn of audit.turns) lines.push(turnRow(turn, lang));
    lines.push('');
  }
  if (audit.otherFindings.length > 0) {
    lines.push(`## ${m(lang, 'report.section.other-findings')}`, '');
    for (const f of audit.otherFindings) lines.push(`- ${findingText(f, lang)}`);
    lines.push('');
  }
  lines.push(`## ${m(lang, 'report.section.final-board')}`, '', board(boardModel(replay, replay.turns.length - 1), lang), '');
  return lines.join('\n');
}
