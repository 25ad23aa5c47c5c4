/**
 * The arbiter's ruling sheet (`planilla report --ruling A.gcg [B.gcg]`): one A4 page with the
 * event and round (`#event`, `#round`; a line to write on when absent) and the table (from a
 * round line such as `#round 3 · mesa 12`, else a line to write on), the players, each sheet's findings with their articles, the turns where two sheets
 * differ and whose addition is right there (service/compare.ts), the corrected result, and room
 * for the arbiter's decision, the date and the signatures of both players and the arbiter. When
 * more turns differ than the first page holds, it names the first MAX_COMPARISON and the full list
 * follows on an annex page. HTML (for printing) and Markdown.
 *
 * A word that only the built-in open list lacks is no finding (that list is not the official one):
 * each sheet names such words as left to be checked in the official list.
 *
 * What it says it leaves out: at most MAX_FINDINGS findings are listed for one sheet, MAX_FINDINGS_TWO
 * for each of two sheets (errors, then
 * warnings, then information), and the rest are counted with the command that lists them all; every
 * turn where two sheets differ is listed, each explained (service/compare.ts): on the first page up
 * to MAX_COMPARISON, all of them on the annex page past that. It names the word
 * list that judged the words, and says why the corrected result differs from what the sheets
 * write when the ending is the cause (a one-line `+2R` end read as FISE's ±R, an end adjustment
 * the sheet lacks).
 *
 * Invariants: pure; never throws; every text taken from a record is escaped (escape.ts); long
 * texts are cut with an ellipsis and long words wrap (the page is A4).
 *
 * Example:
 *   const r = buildRuling([{ name: 'ana.gcg', analysis: a }, { name: 'beto.gcg', analysis: b }], 'es');
 *   renderRulingHtml(r);      // '<!DOCTYPE html>…'
 */
import { citeArticle, editionLabel, formatMessage, renderNotice } from '../rules/messages';
import type { Language } from '../rules/types';
import type { Analysis } from '../service/document';
import { compareSheets, disagreementSentences, type Comparison, type Sheet } from '../service/compare';
import { roundLine } from '../service/event-sheet';
import { auditFinding, type AuditFinding } from './audit';
import { htmlPage, standardHead } from '../shared/html-page';
import { escapeMarkdownInline, escapeXml } from './escape';

/** Findings listed per sheet (errors first); the rest are counted, so the page stays one page. */
export const MAX_FINDINGS = 6;
/** Findings listed per sheet when two sheets share the page. */
const MAX_FINDINGS_TWO = 4;
/**
 * Differing turns explained on the first page (those that change the gap between the sheets; the
 * turns that only carry an earlier gap are counted by the summary line); past it the first page
 * says how many more and the full list goes to an annex page, so the first page (with the decision
 * and the signatures) is one A4 page whatever the number of differing turns.
 */
export const MAX_COMPARISON = 3;
/** Longest text taken from a record on the page (names, event, messages). */
const MAX_TEXT = 110;

interface RulingSheet {
  /** 'A' or 'B'. */
  readonly label: string;
  readonly name: string;
  /** Errors and warnings first, at most MAX_FINDINGS. */
  readonly findings: readonly AuditFinding[];
  /** Findings not listed. */
  readonly more: number;
  /** Where to see the findings not listed (`planilla check FILE`). */
  readonly seeAll: string;
  /** The notice that plays were not checked, when the sheet holds only numbers. */
  readonly notice?: string;
  /**
   * Words only the built-in open list lacks ('XIS (línea 22)'): not findings, since that list is not
   * the official one; the sheet says they are left to be checked.
   */
  readonly unjudged: readonly string[];
  /** The result the sheet itself writes (its last totals), by nick. */
  readonly written: string;
}

interface Ruling {
  readonly lang: Language;
  readonly event: string;
  readonly round: string;
  /** The table, when the round line names it ('' for a line to write on). */
  readonly table: string;
  readonly edition: string;
  /** The word list that judged the words ('es-open …'), or why none did. */
  readonly lexicon: string;
  /** Why the corrected result differs from what the sheets write, when the ending is the cause. */
  readonly endingNotes: readonly string[];
  readonly players: readonly { readonly nick: string; readonly name: string }[];
  readonly sheets: readonly RulingSheet[];
  /** Two sheets: the differing turns on the first page, in sentences (at most MAX_COMPARISON; empty when they agree or for one sheet). */
  readonly comparison: readonly string[];
  /** Every differing turn, for the annex page, when the first page could not hold them all (else empty). */
  readonly comparisonAnnex: readonly string[];
  /** Differing turns left off the first page (listed in the annex). */
  readonly comparisonMore: number;
  /** The corrected result ('Ana 364 – Beto 322') and who wins. */
  readonly result: string;
  readonly verdict: string;
}

const cut = (text: string): string => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
/** Messages are cut later than names: the numbers a finding gives come at its end. */
const MAX_MESSAGE = 3 * MAX_TEXT;
const cutMessage = (text: string): string => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text);

function pragmaText(a: Analysis, name: 'event' | 'round'): string {
  const p = a.parsed.file.pragmas.find((x) => x.name === name);
  return p ? cut(p.args.text) : '';
}

const ORDER = { error: 0, warning: 1, information: 2, hint: 3 } as const;

/** The findings of a word that only the built-in open list lacks (engine/replay-end.ts). */
const OPEN_LIST_IDS: ReadonlySet<string> = new Set(['unaccepted-word-open', 'unaccepted-word-list-open']);

function sheetOf(label: string, sheet: Sheet, lang: Language, cap: number): RulingSheet {
  const { analysis } = sheet;
  const edition = analysis.replay.rules;
  const unjudged = analysis.findings
    .filter((f) => OPEN_LIST_IDS.has(f.messageId))
    .map((f) =>
      formatMessage('ruling.unjudged.word', { word: cut(String(f.args.word ?? f.args.words ?? '')), line: f.span.start.line + 1 }, lang),
    );
  const all = analysis.findings
    .filter((f) => f.severity !== 'hint' && !OPEN_LIST_IDS.has(f.messageId))
    .slice()
    .sort((x, y) => ORDER[x.severity] - ORDER[y.severity] || x.span.start.offset - y.span.start.offset);
  const findings = all.slice(0, cap).map((f) => {
    const a = auditFinding(f, edition, lang);
    return { ...a, message: cutMessage(a.message) };
  });
  const notice = analysis.notices[0];
  const r = analysis.replay;
  const written = r.players.map((p, i) => `${cut(p.nick)} ${r.declaredFinal[i] ?? '—'}`).join(' – ');
  return {
    label,
    name: cut(sheet.name),
    findings,
    more: all.length - findings.length,
    seeAll: `planilla check ${cut(sheet.name)}`,
    ...(notice ? { notice: renderNotice(notice, lang) } : {}),
    unjudged,
    written,
  };
}

/** Findings whose presence means the ending explains why the result differs from the sheets'. */
const ENDING_NOTES: Readonly<Record<string, string>> = {
  'end-rack-gcg-convention': 'ruling.ending.gcg',
  'missing-end-adjustment': 'ruling.ending.missing',
};

/** The ending-convention notes of the sheets (each once, with the article the finding cites). */
function endingNotes(sheets: readonly Sheet[], lang: Language): string[] {
  const out = new Map<string, string>();
  for (const s of sheets) {
    for (const f of s.analysis.findings) {
      const id = ENDING_NOTES[f.code];
      if (!id || out.has(id)) continue;
      const article = f.article ? citeArticle(f.article, lang) : '';
      out.set(id, formatMessage(id, { article }, lang));
    }
  }
  return [...out.values()];
}

type ComparisonPages = Pick<Ruling, 'comparison' | 'comparisonAnnex' | 'comparisonMore'>;

/**
 * The comparison's sentences (service/compare.ts: the problems, one per differing turn, then the
 * count) for the first page and, when the turns do not fit there, every turn's for the annex.
 */
function comparisonPages(c: Comparison | undefined, lang: Language): ComparisonPages {
  if (!c) return { comparison: [], comparisonAnnex: [], comparisonMore: 0 };
  const all = disagreementSentences(c, lang, cut);
  const n = c.disagreements.length;
  if (n <= MAX_COMPARISON) return { comparison: all, comparisonAnnex: [], comparisonMore: 0 };
  const problems = all.length - n - 1;
  const turns = all.slice(problems, problems + n);
  // The first page names the turns that change the gap between the sheets; a turn that only carries
  // an earlier gap is said by the summary line ("the others carry that difference").
  const own = turns.filter((_, i) => c.disagreements[i].changesResult);
  const head = [...all.slice(0, problems)];
  const tail = all.slice(problems + n);
  if (own.length <= MAX_COMPARISON) return { comparison: [...head, ...own, ...tail], comparisonAnnex: [], comparisonMore: 0 };
  return {
    comparison: [...head, ...own.slice(0, MAX_COMPARISON), ...tail],
    comparisonAnnex: turns,
    comparisonMore: n - MAX_COMPARISON,
  };
}

/** The ruling of one sheet, or of two sheets of the same game (the first one names the game). */
export function buildRuling(sheets: readonly Sheet[], lang: Language, lexicon?: string): Ruling {
  const first = sheets[0];
  const r = first.analysis.replay;
  const event = sheets.map((s) => pragmaText(s.analysis, 'event')).find((t) => t !== '') ?? '';
  const roundText = sheets.map((s) => pragmaText(s.analysis, 'round')).find((t) => t !== '') ?? '';
  // "3 · mesa 12": round 3 on its line and table 12 on its own; any other text stays whole.
  const placed = roundLine(roundText);
  const round = placed.table !== undefined && placed.round !== null ? String(placed.round) : roundText;
  const table = placed.table ?? '';
  const comparison = sheets.length === 2 ? compareSheets(first, sheets[1]) : undefined;
  const truth: [string, number][] = comparison
    ? Object.entries(comparison.result.true)
    : r.players.map((p, i) => [p.nick, r.result[i]] as [string, number]);
  const result = truth.map(([nick, n]) => `${cut(nick)} ${n}`).join(' – ');
  const [[n1, s1] = ['', 0], [n2, s2] = ['', 0]] = truth;
  const verdict =
    s1 === s2
      ? formatMessage('report.result.draw', { score: s1 }, lang)
      : formatMessage('report.result.winner', { nick: cut(s1 > s2 ? n1 : n2), spread: Math.abs(s1 - s2) }, lang);
  return {
    lang,
    event,
    round,
    table,
    edition: editionLabel(r.rules, lang),
    lexicon:
      lexicon !== undefined && r.tileSet === 'spanish'
        ? cut(lexicon)
        : formatMessage(r.tileSet === 'spanish' ? 'ruling.lexicon.none' : 'ruling.lexicon.english', {}, lang),
    endingNotes: endingNotes(sheets, lang),
    players: r.players.map((p) => ({ nick: cut(p.nick), name: cut(p.name || p.nick) })),
    sheets: sheets.map((s, i) => sheetOf(i === 0 ? 'A' : 'B', s, lang, sheets.length === 2 ? MAX_FINDINGS_TWO : MAX_FINDINGS)),
    ...comparisonPages(comparison, lang),
    result,
    verdict,
  };
}

const STYLE = [
  '@page { size: A4; margin: 12mm 15mm; }',
  'html { font: 9.5pt/1.3 system-ui, "Segoe UI", "DejaVu Sans", sans-serif; color: #111; }',
  'body { margin: 0; }',
  'h1 { font-size: 16pt; margin: 0 0 2mm; }',
  'h2 { font-size: 11pt; margin: 4mm 0 1.5mm; border-bottom: 0.3mm solid #888; }',
  'table.meta { border-collapse: collapse; width: 100%; table-layout: fixed; }',
  'table.meta th { text-align: left; padding: 0.6mm 4mm 0.6mm 0; font-weight: 600; width: 28mm; vertical-align: top; }',
  'table.meta td { padding: 0.6mm 0; }',
  'h1, h2, p, li, td { overflow-wrap: anywhere; }',
  'ul.comparison { font-size: 8.5pt; }',
  'ul { margin: 1mm 0; padding-left: 5mm; }',
  'li { margin: 0.4mm 0; }',
  '.sev-error { color: #a00; font-weight: 600; }',
  '.sev-warning { color: #8a5a00; font-weight: 600; }',
  '.result { font-size: 13pt; font-weight: 700; margin: 1mm 0; }',
  // The box's width includes its border and stops short of the margin, so its right edge prints whole.
  '.box { box-sizing: border-box; width: calc(100% - 0.6mm); border: 0.3mm solid #555; min-height: 18mm; margin-top: 1.5mm; }',
  '.signature { display: flex; gap: 6mm; margin-top: 10mm; }',
  '.signature div { flex: 1; min-width: 0; border-top: 0.3mm solid #555; padding-top: 1mm; font-size: 9pt; overflow-wrap: anywhere; }',
  '.fill { display: inline-block; min-width: 30mm; border-bottom: 0.3mm solid #555; }',
  '.annex { break-before: page; page-break-before: always; }',
  '.muted { color: #555; }',
].join('\n');

const CSP = "default-src 'none'; style-src 'unsafe-inline'";

function t(r: Ruling, id: string, args: Record<string, string | number> = {}): string {
  return formatMessage(id, args, r.lang);
}

function findingHtml(f: AuditFinding, r: Ruling): string {
  const cite = f.citation ? ` <span class="muted">(${escapeXml(f.citation)})</span>` : '';
  return `<li><span class="sev-${f.severity}">${escapeXml(f.severityLabel)}</span> · ${escapeXml(t(r, 'ruling.line', { line: f.line }))}: ${escapeXml(f.message)}${cite}</li>`;
}

function sheetHtml(s: RulingSheet, r: Ruling): string {
  const items = s.findings.map((f) => findingHtml(f, r));
  if (s.notice) items.push(`<li class="muted">${escapeXml(s.notice)}</li>`);
  if (s.unjudged.length > 0) items.push(`<li class="muted">${escapeXml(t(r, 'ruling.unjudged', { words: s.unjudged.join(', ') }))}</li>`);
  if (s.more > 0) items.push(`<li class="muted">${escapeXml(t(r, 'ruling.more', { n: s.more, command: s.seeAll }))}</li>`);
  if (items.length === 0) items.push(`<li>${escapeXml(t(r, 'ruling.no-findings'))}</li>`);
  return [
    `<h2>${escapeXml(t(r, 'ruling.sheet', { label: s.label, name: s.name }))}</h2>`,
    `<ul>${items.join('')}</ul>`,
    `<p class="muted">${escapeXml(t(r, 'ruling.written', { result: s.written }))}</p>`,
  ].join('\n');
}

/** The comparison on the first page: its first turns and, when there are more, where the rest are. */
function comparisonHtml(r: Ruling): string {
  if (r.comparison.length === 0) return '';
  const items = r.comparison.map((l) => `<li>${escapeXml(l)}</li>`);
  if (r.comparisonMore > 0) items.push(`<li class="muted">${escapeXml(t(r, 'ruling.comparison.annex', { n: r.comparisonMore }))}</li>`);
  return `<h2>${escapeXml(t(r, 'ruling.comparison'))}</h2>\n<ul class="comparison">${items.join('')}</ul>`;
}

export function renderRulingHtml(r: Ruling): string {
  // An empty field gets a line to write on (the round, the table), not a dash.
  const row = (label: string, value: string): string =>
    `<tr><th>${escapeXml(label)}</th><td>${value ? escapeXml(value) : '<span class="fill"></span>'}</td></tr>`;
  const players = r.players.map((p) => (p.name && p.name !== p.nick ? `${p.name} (${p.nick})` : p.nick)).join(' · ');
  const signatures = [...r.players.map((p) => t(r, 'ruling.signature.player', { name: p.name || p.nick })), t(r, 'ruling.signature')];
  return htmlPage(r.lang, standardHead({ cspAttribute: CSP, titleHtml: escapeXml(t(r, 'ruling.title')), style: STYLE }), [
    `<h1>${escapeXml(t(r, 'ruling.title'))}</h1>`,
    '<table class="meta">',
    row(t(r, 'ruling.event'), r.event),
    row(t(r, 'ruling.round'), r.round),
    row(t(r, 'ruling.table'), r.table),
    row(t(r, 'ruling.players'), players),
    row(t(r, 'ruling.rules'), r.edition),
    row(t(r, 'ruling.lexicon'), r.lexicon),
    '</table>',
    ...r.sheets.map((s) => sheetHtml(s, r)),
    comparisonHtml(r),
    `<h2>${escapeXml(t(r, 'ruling.result'))}</h2>`,
    `<p class="result">${escapeXml(r.result)}</p>`,
    `<p>${escapeXml(r.verdict)}</p>`,
    ...r.endingNotes.map((n) => `<p class="muted">${escapeXml(n)}</p>`),
    `<h2>${escapeXml(t(r, 'ruling.decision'))}</h2>`,
    '<div class="box"></div>',
    `<div class="signature">${[t(r, 'ruling.date'), ...signatures].map((x) => `<div>${escapeXml(x)}</div>`).join('')}</div>`,
    r.comparisonAnnex.length > 0
      ? `<section class="annex"><h2>${escapeXml(t(r, 'ruling.annex'))}</h2>\n<ul class="comparison">${r.comparisonAnnex.map((l) => `<li>${escapeXml(l)}</li>`).join('')}</ul></section>`
      : '',
  ]);
}

export function renderRulingMarkdown(r: Ruling): string {
  const md = escapeMarkdownInline;
  const players = r.players.map((p) => (p.name && p.name !== p.nick ? `${p.name} (${p.nick})` : p.nick)).join(' · ');
  const out = [
    `# ${t(r, 'ruling.title')}`,
    '',
    `- **${t(r, 'ruling.event')}:** ${md(r.event || '—')}`,
    `- **${t(r, 'ruling.round')}:** ${md(r.round || '______')}`,
    `- **${t(r, 'ruling.table')}:** ${md(r.table || '______')}`,
    `- **${t(r, 'ruling.players')}:** ${md(players)}`,
    `- **${t(r, 'ruling.rules')}:** ${md(r.edition)}`,
    `- **${t(r, 'ruling.lexicon')}:** ${md(r.lexicon)}`,
  ];
  for (const s of r.sheets) {
    out.push('', `## ${md(t(r, 'ruling.sheet', { label: s.label, name: s.name }))}`, '');
    for (const f of s.findings) {
      const cite = f.citation ? ` (${md(f.citation)})` : '';
      out.push(`- **${md(f.severityLabel)}** · ${md(t(r, 'ruling.line', { line: f.line }))}: ${md(f.message)}${cite}`);
    }
    if (s.notice) out.push(`- ${md(s.notice)}`);
    if (s.unjudged.length > 0) out.push(`- ${md(t(r, 'ruling.unjudged', { words: s.unjudged.join(', ') }))}`);
    if (s.more > 0) out.push(`- ${md(t(r, 'ruling.more', { n: s.more, command: s.seeAll }))}`);
    if (s.findings.length === 0 && !s.notice && s.unjudged.length === 0) out.push(`- ${md(t(r, 'ruling.no-findings'))}`);
    out.push('', md(t(r, 'ruling.written', { result: s.written })));
  }
  if (r.comparison.length > 0) {
    out.push('', `## ${t(r, 'ruling.comparison')}`, '', ...r.comparison.map((l) => `- ${md(l)}`));
    if (r.comparisonMore > 0) out.push(`- ${md(t(r, 'ruling.comparison.annex', { n: r.comparisonMore }))}`);
  }
  out.push('', `## ${t(r, 'ruling.result')}`, '', `**${md(r.result)}** — ${md(r.verdict)}`);
  for (const n of r.endingNotes) out.push('', md(n));
  out.push('', `## ${t(r, 'ruling.decision')}`, '', '&nbsp;', '', '&nbsp;', '', '&nbsp;', '');
  out.push(`${t(r, 'ruling.date')}: ______________________`, '');
  for (const p of r.players) out.push(`${md(t(r, 'ruling.signature.player', { name: p.name || p.nick }))}: ______________________`, '');
  out.push(`${t(r, 'ruling.signature')}: ______________________`, '');
  if (r.comparisonAnnex.length > 0)
    out.push('---', '', `## ${t(r, 'ruling.annex')}`, '', ...r.comparisonAnnex.map((l) => `- ${md(l)}`), '');
  return out.join('\n');
}
