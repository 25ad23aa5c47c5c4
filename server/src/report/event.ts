/**
 * The tournament desk's outputs (service/event.ts `EventAudit`): a printable A4 HTML report (the
 * standings, then the findings round by round, each linked to its sheet and line, then the games),
 * the human lines of `planilla event`, and the exports the directors' programs read: tsh's `.t`
 * file (one line per player: name, rating, opponents by number, `;`, scores) and the results CSV
 * (`round,player1,score1,player2,score2`, the header of the cards).
 *
 * Invariants: every text of a record (names, paths, messages) is escaped in the HTML; every
 * figure comes from the audit (nothing is recomputed here); the page prints on A4 (`@page`,
 * headers repeated, rows never split).
 *
 * Example:
 *   renderEventHtml(audit, 'es', (p, line) => `${p}#L${line}`);
 *   eventToTsh(audit);   // 'Pérez, Ana 0 12 7 …; 412 388 …\n…'
 */
import type { EventAudit, EventFinding, EventGame } from '../service/event';
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import { escapeXml } from './escape';
import { htmlPage, standardHead } from '../shared/html-page';

const CSP = "default-src 'none'; style-src 'unsafe-inline'";

const STYLE = `
@page { size: A4; margin: 14mm 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; font-size: 9.5pt; line-height: 1.35; color: #1f1f1f; background: #ffffff; margin: 0 auto; max-width: 200mm; padding: 6mm; }
h1 { font-size: 16pt; margin: 0 0 2mm; }
h2 { font-size: 13pt; margin: 6mm 0 2mm; padding-bottom: 1mm; border-bottom: 1px solid #9e9e9e; break-after: avoid; page-break-after: avoid; }
h3 { font-size: 11pt; margin: 4mm 0 1mm; break-after: avoid; page-break-after: avoid; }
p.note { color: #444444; margin: 0 0 3mm; }
table { border-collapse: collapse; width: 100%; max-width: 100%; table-layout: fixed; }
th, td { border: 1px solid #bdbdbd; padding: 0.8mm 1.2mm; vertical-align: top; text-align: left; overflow-wrap: anywhere; }
th { background: #eeeeee; font-size: 8.5pt; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
ul.findings { margin: 0 0 2mm; padding-left: 5mm; }
ul.findings li { margin: 0.6mm 0; break-inside: avoid; page-break-inside: avoid; }
.sev-error { color: #b71c1c; font-weight: bold; }
.sev-warning { color: #8d5b00; font-weight: bold; }
.sev-information { color: #455a64; }
.code { font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 8pt; }
a { color: #0d47a1; }
table.games { font-size: 8.5pt; }
table.standings th { font-size: 7.5pt; overflow-wrap: normal; word-break: keep-all; }
@media print { a { color: inherit; text-decoration: none; } body { padding: 0; } }
`;

const m = (id: string, lang: Language, args: Record<string, string | number> = {}): string => formatMessage(id, args, lang);

/** How a link to a sheet (and line) is written: a relative path for a file, a command in a webview. */
type SheetLink = (path: string, line?: number) => string;

const roundTitle = (round: number | null, lang: Language): string =>
  round === null ? m('event.round-unknown', lang) : m('event.round', lang, { round });

/** Findings grouped by round, rounds in order (no round last). */
function findingsByRound(findings: readonly EventFinding[]): [number | null, EventFinding[]][] {
  const map = new Map<number | null, EventFinding[]>();
  for (const f of findings) map.set(f.round, [...(map.get(f.round) ?? []), f]);
  return [...map].sort((a, b) => (a[0] ?? 1e9) - (b[0] ?? 1e9));
}

function standingsTable(audit: EventAudit, lang: Language): string[] {
  const cols: [string, boolean][] = [
    ['event.col.rank', true],
    ['event.col.player', false],
    ['event.col.games', true],
    ['event.col.wins', true],
    ['event.col.draws', true],
    ['event.col.losses', true],
    ['event.col.spread', true],
    ['event.col.average', true],
    ['event.col.against', true],
    ['event.col.bingos', true],
    ['event.col.highest', false],
  ];
  const equity = audit.standings.some((s) => s.equityLostPerTurn !== null);
  if (equity) cols.push(['event.col.equity', true]);
  const widths = equity
    ? ['6%', '16%', '6%', '5%', '5%', '6%', '7%', '7%', '8%', '10%', '14%', '10%']
    : ['6%', '18%', '6%', '6%', '6%', '6%', '8%', '8%', '9%', '10%', '17%'];
  const out = [
    '<table class="standings">',
    `<colgroup>${widths.map((w) => `<col style="width:${w}">`).join('')}</colgroup>`,
    `<thead><tr>${cols.map(([id, num]) => `<th${num ? ' class="num"' : ''}>${escapeXml(m(id, lang))}</th>`).join('')}</tr></thead>`,
    '<tbody>',
  ];
  for (const s of audit.standings) {
    const highest =
      s.highest.score > 0
        ? m('event.highest', lang, { score: s.highest.score, word: s.highest.word, round: s.highest.round ?? '—' }).replace(/\s+/g, ' ')
        : '—';
    const cells: [string, boolean][] = [
      [String(s.rank), true],
      [s.player, false],
      [String(s.games), true],
      [String(s.wins), true],
      [String(s.draws), true],
      [String(s.losses), true],
      [s.spread > 0 ? `+${s.spread}` : String(s.spread), true],
      [String(s.averageScore), true],
      [String(s.averageAgainst), true],
      [String(s.bingos), true],
      [highest, false],
    ];
    if (equity) cells.push([s.equityLostPerTurn === null ? '—' : String(s.equityLostPerTurn), true]);
    out.push(`<tr>${cells.map(([c, num]) => `<td${num ? ' class="num"' : ''}>${escapeXml(c)}</td>`).join('')}</tr>`);
  }
  out.push('</tbody>', '</table>');
  return out;
}

function findingItem(f: EventFinding, lang: Language, link: SheetLink): string {
  const where = f.files
    .map((r) => `<a href="${escapeXml(link(r.path, r.line))}">${escapeXml(r.line !== undefined ? `${r.path}:${r.line}` : r.path)}</a>`)
    .join(', ');
  const players = f.players.length > 0 ? ` · ${escapeXml(f.players.join(' – '))}` : '';
  return `<li><span class="sev-${f.severity}">${escapeXml(m(`event.severity.${f.severity}`, lang))}</span> <span class="code">${escapeXml(f.code)}</span>${players}: ${escapeXml(f.message)}${where ? ` <span class="where">(${where})</span>` : ''}</li>`;
}

function gamesTable(games: readonly EventGame[], lang: Language, link: SheetLink): string[] {
  const out = [
    '<table class="games">',
    '<colgroup><col style="width:8%"><col style="width:42%"><col style="width:14%"><col style="width:36%"></colgroup>',
    `<thead><tr><th class="num">${escapeXml(m('event.col.round', lang))}</th><th>${escapeXml(m('event.col.players', lang))}</th><th class="num">${escapeXml(m('event.col.result', lang))}</th><th>${escapeXml(m('event.col.sheets', lang))}</th></tr></thead>`,
    '<tbody>',
  ];
  for (const g of games) {
    const sheets =
      g.source === 'card'
        ? escapeXml(m('event.by-card', lang))
        : g.sheets.map((p) => `<a href="${escapeXml(link(p))}">${escapeXml(p)}</a>`).join(', ');
    out.push(
      `<tr><td class="num">${g.round ?? '—'}</td><td>${escapeXml(`${g.players[0]} – ${g.players[1]}`)}</td><td class="num">${g.scores[0]} – ${g.scores[1]}</td><td>${sheets}</td></tr>`,
    );
  }
  out.push('</tbody>', '</table>');
  return out;
}

/** The whole report as one HTML page (see the module header). */
export function renderEventHtml(audit: EventAudit, lang: Language, link: SheetLink = (p, line) => (line ? `${p}#L${line}` : p)): string {
  const title = m('event.title', lang, { event: audit.event }).trim();
  const body = [`<h1>${escapeXml(title)}</h1>`, `<p class="note">${escapeXml(summaryLine(audit, lang))}</p>`];
  body.push(
    `<h2>${escapeXml(m('event.standings', lang))}</h2>`,
    `<p class="note">${escapeXml(m('event.tie-break', lang))}</p>`,
    ...standingsTable(audit, lang),
  );
  body.push(`<h2>${escapeXml(m('event.findings', lang))}</h2>`);
  if (audit.findings.length === 0) body.push(`<p>${escapeXml(m('event.no-findings', lang))}</p>`);
  for (const [round, list] of findingsByRound(audit.findings)) {
    body.push(
      `<h3>${escapeXml(roundTitle(round, lang))}</h3>`,
      '<ul class="findings">',
      ...list.map((f) => findingItem(f, lang, link)),
      '</ul>',
    );
  }
  body.push(`<h2>${escapeXml(m('event.games', lang))}</h2>`, ...gamesTable(audit.games, lang, link));
  return htmlPage(lang, standardHead({ cspAttribute: CSP, viewport: true, titleHtml: escapeXml(title), style: STYLE }), body);
}

/** The one-line tally: sheets, games, errors, warnings, notes. */
export function summaryLine(audit: EventAudit, lang: Language): string {
  return m('event.summary', lang, {
    sheets: audit.counts.sheets,
    games: audit.games.length,
    errors: audit.counts.errors,
    warnings: audit.counts.warnings,
    information: audit.counts.information,
  });
}

/** The audit for a reader on a terminal: the findings round by round, the standings, the tally. */
export function eventLines(audit: EventAudit, lang: Language): string[] {
  const lines: string[] = [];
  for (const [round, list] of findingsByRound(audit.findings)) {
    lines.push(`${roundTitle(round, lang)}:`);
    for (const f of list) {
      const where = f.files.map((r) => (r.line !== undefined ? `${r.path}:${r.line}` : r.path)).join(', ');
      const players = f.players.length > 0 ? ` [${f.players.join(' – ')}]` : '';
      lines.push(`  ${where}: ${m(`event.severity.${f.severity}`, lang)} ${f.code}${players}: ${f.message}`);
    }
  }
  if (lines.length > 0) lines.push('');
  lines.push(`${m('event.standings', lang)}${audit.event ? ` · ${audit.event}` : ''}`);
  const head = [
    'event.col.rank',
    'event.col.player',
    'event.col.games',
    'event.col.wins',
    'event.col.draws',
    'event.col.losses',
    'event.col.spread',
    'event.col.average',
    'event.col.bingos',
  ].map((id) => m(id, lang));
  const equity = audit.standings.some((s) => s.equityLostPerTurn !== null);
  if (equity) head.push(m('event.col.equity', lang));
  const rows = audit.standings.map((s) => [
    String(s.rank),
    s.player,
    String(s.games),
    String(s.wins),
    String(s.draws),
    String(s.losses),
    s.spread > 0 ? `+${s.spread}` : String(s.spread),
    String(s.averageScore),
    String(s.bingos),
    ...(equity ? [s.equityLostPerTurn === null ? '—' : String(s.equityLostPerTurn)] : []),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const row = (cells: string[]): string =>
    cells
      .map((c, i) => (i === 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  lines.push(row(head), ...rows.map(row), '', summaryLine(audit, lang));
  return lines;
}

/** "Ana Pérez" → "Pérez, Ana" (the surname is the last word), as tsh writes names. */
function tshName(name: string): string {
  const clean = name
    .replace(/[;,\r\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const at = clean.lastIndexOf(' ');
  return at < 0 ? clean : `${clean.slice(at + 1)}, ${clean.slice(0, at)}`;
}

/**
 * tsh's `.t` file: one line per player (numbered in the order of the standings' names sorted),
 * `Surname, Name RATING opp1 opp2 …; score1 score2 …`, a round without a game a bye (opponent 0,
 * score 0). Ratings are not known to the records: 0.
 */
export function eventToTsh(audit: EventAudit): string {
  const players = audit.standings.map((s) => s.player).sort((a, b) => a.localeCompare(b, 'es'));
  const number = new Map(players.map((p, i) => [p, i + 1]));
  const rounds = [...new Set(audit.games.map((g) => g.round).filter((r): r is number => r !== null))].sort((a, b) => a - b);
  const last = rounds.length > 0 ? rounds[rounds.length - 1] : 0;
  const lines = players.map((p) => {
    const opponents: number[] = new Array<number>(last).fill(0);
    const scores: number[] = new Array<number>(last).fill(0);
    for (const g of audit.games) {
      if (g.round === null) continue;
      const i = g.players.indexOf(p);
      if (i < 0 || opponents[g.round - 1] !== 0) continue;
      opponents[g.round - 1] = number.get(g.players[1 - i]) ?? 0;
      scores[g.round - 1] = g.scores[i];
    }
    return `${tshName(p)} 0 ${opponents.join(' ')}; ${scores.join(' ')}`.replace(/ ;/, ';');
  });
  return `${lines.join('\n')}\n`;
}

const csvCell = (s: string): string => (/[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The counted results as the cards' CSV (`round,player1,score1,player2,score2`). */
export function eventToCsv(audit: EventAudit): string {
  const lines = ['round,player1,score1,player2,score2'];
  for (const g of audit.games)
    lines.push([g.round ?? '', csvCell(g.players[0]), g.scores[0], csvCell(g.players[1]), g.scores[1]].join(','));
  return `${lines.join('\n')}\n`;
}
