/**
 * Hovers. On an event: first the move's heading with the computed score beside the sheet's
 * ("calculada +16 · la planilla dice +18"), then the main word square by square (a table laid on
 * its side: one column per square, five rows whatever the length) and each cross word on one
 * line, the bingo bonus; then, when the cursor is on a finding (a wrong score, a wrong total…),
 * its article (number and official title in the edition in force) and our explanation; last the
 * true totals after the move, and, with the analysis on, the coach's best moves and the move
 * played's rank (service/coach.ts). On a coordinate: the squares it covers and the direction. On a rack
 * tile: how many of it remain unseen and every unseen tile grouped by letter. On a pragma: what
 * it does. On a note: the note as Markdown. Elsewhere a finding's explanation comes first.
 *
 * Invariants: pure; never throws for any analysis; returns null where there is nothing to say.
 * Names from the record are escaped before they go into Markdown. An ordinary move's hover stays
 * about twelve lines high, so VS Code shows it whole without a scroll bar.
 *
 * Example:
 *   getHover(analysis, { line: 6, character: 30 }, 'en', settings)?.contents;
 *   // { kind: 'markdown', value: '**1. Ana** — 8D LIBRO: computed **+16** · the sheet says +18 ⚠\n\n| square | D8 | …' }
 */
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { visibleFindings } from './diagnostics';
import { signed, uiText } from './i18n';
import { locate, spanContains, toRange, type Located } from './locate';
import type { PlanillaSettings } from './settings';
import { boardModel } from './board-model';
import { BOARD_SIZE, premiumAt, squareName } from '../engine/board';
import { TILE_SETS } from '../engine/tilesets';
import type { PremiumKind, Replay, ScoredWord, TurnState } from '../engine/types';
import { citeArticle, editionLabel, explainFinding } from '../rules/messages';
import { NOTICES } from '../rules/registry';
import type { Language } from '../rules/types';
import type { CoordNode, EventNode, PragmaNode } from '../syntax/types';

/**
 * Escapes the Markdown characters that would change text taken from the record inside a line
 * (emphasis, code, links, tables, HTML); block-level marks cannot apply mid-line.
 */
export function md(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`);
}

/** The longest note a hover shows (a longer one ends with "…"; the file shows it all). */
export const NOTE_HOVER_CAP = 4000;

/**
 * A note as hover Markdown: emphasis and inline code stay, but nothing in a
 * note can make a link, an image (a remote image would load when hovered), a command link or
 * HTML: `& < > [ ]` become character references. At most NOTE_HOVER_CAP characters.
 */
function noteHoverMarkdown(text: string): string {
  let capped = text;
  if (text.length > NOTE_HOVER_CAP) {
    const cut = /[\uD800-\uDBFF]/.test(text[NOTE_HOVER_CAP - 1]) ? NOTE_HOVER_CAP - 1 : NOTE_HOVER_CAP;
    capped = `${text.slice(0, cut)}…`;
  }
  return capped.replace(/[&<>[\]]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PARAGRAPH = '\n\n';
/** Between the sections of one hover (a rule). */
const SECTION = '\n\n---\n\n';

function premiumLabel(p: PremiumKind, lang: Language): string {
  return p ? uiText(`ui.premium.${p}`, lang) : '';
}

function premiumShort(p: PremiumKind, lang: Language): string {
  return p ? uiText(`ui.premium.short.${p}`, lang) : '';
}

/** A tile as the tables write it: a blank in lower case, a tile already on the board in parentheses. */
function tileMark(sq: ScoredWord['squares'][number]): string {
  const tile = sq.blank ? sq.letter.toLowerCase() : sq.letter;
  return sq.isNew ? tile : `(${tile})`;
}

/** The premium cell of a square: the short label, struck through when an earlier move used it. */
function premiumCell(sq: ScoredWord['squares'][number], lang: Language): string {
  const premium = premiumAt(sq.row, sq.col);
  if (!premium) return '';
  return sq.isNew ? premiumShort(premium, lang) : `~~${premiumShort(premium, lang)}~~`;
}

/**
 * The main word square by square, as a table laid on its side (one column per square, so it
 * stays five rows high whatever the word's length), its sum in the last cell of the points row
 * ('LIBRO = 8 × 2 = **16**'). A tile already on the board is written in
 * parentheses, a blank in lower case (the notation's own marks), a used premium struck through.
 */
function wordTable(word: ScoredWord, lang: Language): string {
  const row = (label: string, cells: readonly (string | number)[]): string => `| ${label} | ${cells.join(' | ')} |`;
  const squares = word.squares;
  return [
    row(uiText('ui.hover.col.square', lang), [...squares.map((sq) => squareName(sq.row, sq.col)), '']),
    `|:--|${squares.map(() => ':-:').join('|')}|:--|`,
    row(uiText('ui.hover.col.tile', lang), [...squares.map((sq) => md(tileMark(sq))), '']),
    row(uiText('ui.hover.col.value', lang), [...squares.map((sq) => sq.value), '']),
    row(uiText('ui.hover.col.premium', lang), [...squares.map((sq) => premiumCell(sq, lang)), '']),
    row(uiText('ui.hover.col.points', lang), [...squares.map((sq) => sq.points), wordSum(word, lang)]),
  ].join('\n');
}

/** The sum of a main word: 'LIBRO = 8 × 2 = **16**'. */
function wordSum(word: ScoredWord, lang: Language): string {
  return word.wordMultiplier > 1
    ? uiText('ui.hover.wordSumMultiplied', lang, {
        word: md(word.word),
        sum: word.letterSum,
        multiplier: word.wordMultiplier,
        score: word.score,
      })
    : uiText('ui.hover.wordSum', lang, { word: md(word.word), score: word.score });
}

/** A cross word on one line: each square's points (premium in parentheses), the multiplier, the score. */
function crossWordLine(word: ScoredWord, lang: Language): string {
  const terms = word.squares
    .map((sq) => {
      const premium = premiumAt(sq.row, sq.col);
      const mark = premium && sq.isNew ? ` (${premiumShort(premium, lang)})` : '';
      return `${md(tileMark(sq))} ${sq.points}${mark}`;
    })
    .join(' + ');
  return word.wordMultiplier > 1
    ? uiText('ui.hover.crossWordMultiplied', lang, { word: md(word.word), terms, multiplier: word.wordMultiplier, score: word.score })
    : uiText('ui.hover.crossWord', lang, { word: md(word.word), terms, score: word.score });
}

function nickOf(replay: Replay, player: number, event: EventNode): string {
  return replay.players[player]?.nick || event.nick.text;
}

function totalsLine(replay: Replay, turn: TurnState, lang: Language): string {
  const [p1, p2] = replay.players;
  const lines = [uiText('ui.hover.trueTotals', lang, { p1: md(p1.nick), t1: turn.totals[0], p2: md(p2.nick), t2: turn.totals[1] })];
  const [d1, d2] = turn.declaredTotals;
  if ((d1 !== null && d1 !== turn.totals[0]) || (d2 !== null && d2 !== turn.totals[1])) {
    lines.push(uiText('ui.hover.sheetTotals', lang, { p1: md(p1.nick), t1: d1 ?? '—', p2: md(p2.nick), t2: d2 ?? '—' }));
  }
  return lines.join('  \n');
}

/** Why a play is illegal, in a few words (ui.illegal.*). */
function illegalReason(code: string, lang: Language): string {
  return uiText(`ui.illegal.${code}`, lang);
}

/** Said on any hover over an illegal play: the rule broken and the squares at fault. */
function illegalLine(turn: TurnState, lang: Language): string | undefined {
  const bad = turn.illegal;
  if (!bad) return undefined;
  return uiText('ui.hover.illegal', lang, {
    reason: illegalReason(bad.code, lang),
    squares: bad.squares.map((q) => squareName(q.row, q.col)).join(', ') || '—',
  });
}

function scoreLine(turn: TurnState, lang: Language): string {
  if (turn.illegal) {
    // Never "as on the sheet": a play with broken geometry carries the sheet's amount.
    return uiText('ui.hover.scoreIllegal', lang, {
      reason: illegalReason(turn.illegal.code, lang),
      declared: signed(turn.declaredScore ?? turn.computedScore),
    });
  }
  if (turn.declaredScore === undefined) return uiText('ui.hover.scoreNoSheet', lang, { computed: signed(turn.computedScore) });
  if (turn.declaredScore === turn.computedScore) return uiText('ui.hover.scoreMatches', lang, { computed: signed(turn.computedScore) });
  return uiText('ui.hover.scoreDiffers', lang, { computed: signed(turn.computedScore), declared: signed(turn.declaredScore) });
}

/**
 * The move hover, in the order a reader looks for things: the heading with the computed score
 * beside the sheet's, the main word square by square and the cross words, the bingo bonus; then
 * `findings` (the articles and explanations of what is wrong under the cursor, when any); then
 * the true totals after the move.
 */
function moveHover(analysis: Analysis, index: number, lang: Language, findings: readonly string[] = []): string {
  const replay = analysis.replay;
  const event = analysis.parsed.file.events[index];
  const turn = replay.turns[index];
  if (!event) return findings.join(SECTION);
  const nick = md(turn ? nickOf(replay, turn.player, event) : event.nick.text);
  const what =
    event.kind === 'placement' && event.coord && event.play
      ? `${md(event.coord.text)} ${md(event.play.text)}`
      : uiText(`ui.event.${event.kind}`, lang);
  const title = uiText('ui.hover.moveTitle', lang, { n: index + 1, nick, what });
  if (!turn) return [title, ...findings].join(SECTION);
  const parts = [uiText('ui.hover.moveHead', lang, { title, score: scoreLine(turn, lang) })];
  if (turn.playNotChecked) {
    const article = NOTICES['plays-not-checked'].articles[replay.rules];
    parts.push(uiText('ui.hover.playNotChecked', lang, { article: article ? citeArticle(article, lang) : '' }));
  }
  const main = turn.words.filter((w) => w.main);
  const cross = turn.words.filter((w) => !w.main);
  for (const word of main) parts.push(wordTable(word, lang));
  // The cross words, the bingo bonus (and, with no finding, the totals) as one block of
  // lines: paragraphs and rules cost height, and an ordinary move must fit without scrolling.
  const lines = [
    ...cross.map((w) => crossWordLine(w, lang)),
    ...(turn.bingo > 0 ? [uiText('ui.hover.bingo', lang, { bonus: turn.bingo })] : []),
  ];
  const tail = [
    totalsLine(replay, turn, lang),
    ...(turn.gameOver ? [uiText('ui.hover.gameOver', lang, { article: turn.gameOver.article })] : []),
  ];
  if (findings.length === 0) {
    parts.push([...lines, ...tail].join('  \n'));
    return parts.join(PARAGRAPH);
  }
  if (lines.length > 0) parts.push(lines.join('  \n'));
  return [parts.join(PARAGRAPH), ...findings, tail.join(PARAGRAPH)].join(SECTION);
}

/** The squares a coordinate names, as far as the play reaches. */
function coordHover(coord: CoordNode, turn: TurnState | undefined, event: EventNode, lang: Language): string {
  const main = turn?.words.find((w) => w.main);
  const length = main ? main.squares.length : Math.max(1, event.play?.tiles.length ?? 1);
  const squares: string[] = [];
  for (let i = 0; i < length; i++) {
    const row = coord.direction === 'down' ? coord.row + i : coord.row;
    const col = coord.direction === 'across' ? coord.col + i : coord.col;
    if (row < 0 || col < 0 || row >= BOARD_SIZE || col >= BOARD_SIZE) {
      squares.push(uiText('ui.hover.offBoard', lang));
      break;
    }
    const premium = premiumAt(row, col);
    squares.push(premium ? `${squareName(row, col)} (${premiumLabel(premium, lang)})` : squareName(row, col));
  }
  const direction = uiText(coord.direction === 'across' ? 'ui.direction.across' : 'ui.direction.down', lang);
  const line =
    coord.direction === 'across'
      ? uiText('ui.hover.coordRow', lang, { row: coord.row + 1 })
      : uiText('ui.hover.coordColumn', lang, { column: squareName(0, coord.col).replace(/\d+$/, '') });
  return [
    uiText('ui.hover.coordTitle', lang, { coord: md(coord.text), direction, line }),
    uiText('ui.hover.coordSquares', lang, { squares: squares.join(', ') }),
  ].join(PARAGRAPH);
}

/**
 * How many of a rack tile remain unseen after the turn, from the mover's side of the table, then
 * every unseen tile grouped by letter (tile tracking), then the tile's count and value in the set.
 */
function tileHover(letter: string, turn: TurnState | undefined, replay: Replay, lang: Language): string {
  const set = TILE_SETS[replay.tileSet];
  const face = letter === '?' ? uiText('ui.hover.blankName', lang) : letter;
  const inSet = set.count(letter);
  if (!turn) return uiText('ui.hover.tileInSet', lang, { tile: md(face), count: inSet, value: set.value(letter) });
  const unseen = turn.unseen[letter] ?? 0;
  const all = boardModel(replay, turn.index).unseen;
  return [
    uiText('ui.hover.tileUnseen', lang, { tile: md(face), count: unseen, bag: turn.bag }),
    uiText('ui.hover.unseenGroups', lang, {
      nick: md(replay.players[all.perspective]?.nick ?? ''),
      n: all.total,
      tiles: all.total > 0 ? md(all.groups.map((g) => (g.count > 1 ? `${g.letter}×${g.count}` : g.letter)).join(' ')) : '—',
    }),
    uiText('ui.hover.tileInSet', lang, { tile: md(face), count: inSet, value: set.value(letter) }),
  ].join(PARAGRAPH);
}

function pragmaHover(pragma: PragmaNode, replay: Replay, lang: Language): string {
  const id = pragma.name === 'unknown' ? 'ui.pragma.unknown' : `ui.pragma.${pragma.name}`;
  const parts = [`**#${md(pragma.nameToken.text)}** — ${uiText(id, lang, { name: md(pragma.nameToken.text) })}`];
  if (pragma.name === 'rules') parts.push(uiText('ui.hover.rulesInForce', lang, { edition: editionLabel(replay.rules, lang) }));
  if (pragma.name === 'player1' || pragma.name === 'player2') {
    parts.push(uiText('ui.hover.player', lang, { nick: md(pragma.nick.text), name: md(pragma.fullName) }));
  }
  return parts.join(PARAGRAPH);
}

/** The findings under the cursor, each with its article, title and explanation. */
function findingsHover(analysis: Analysis, pos: Position, lang: Language, settings: PlanillaSettings): string[] {
  const edition = analysis.replay.rules;
  return visibleFindings(analysis, settings)
    .filter((f) => spanContains(f.span, pos))
    .map((f) => {
      const e = explainFinding(f, edition, lang);
      const head = [`**${f.code}** — ${md(e.message)}`];
      if (e.citation) {
        head.push(uiText('ui.hover.citation', lang, { citation: e.citation, title: e.title ?? '', edition: editionLabel(edition, lang) }));
      }
      const lines = [head.join('  \n')];
      if (e.explanation) lines.push(e.explanation);
      if (e.note) lines.push(e.note);
      return lines.join(PARAGRAPH);
    });
}

/** The hover's sections: on a move, the move with the findings inside it; elsewhere the findings first. */
function sectionsFor(analysis: Analysis, at: Located, findings: readonly string[], lang: Language, coach?: CoachHover): string[] {
  const replay = analysis.replay;
  const body = ((): string | undefined => {
    if (at.kind === 'note') return noteHoverMarkdown(at.note.text);
    if (at.kind === 'pragma') return pragmaHover(at.pragma, replay, lang);
    if (at.kind !== 'event') return undefined;
    if (at.part === 'coord' && at.event.coord) return coordHover(at.event.coord, at.turn, at.event, lang);
    if ((at.part === 'rack' || at.part === 'exchanged') && at.tile?.letter) return tileHover(at.tile.letter, at.turn, replay, lang);
    return undefined;
  })();
  const illegal = at.kind === 'event' && at.turn ? illegalLine(at.turn, lang) : undefined;
  if (body !== undefined) return [...(illegal ? [illegal] : []), ...findings, body];
  if (at.kind === 'event') {
    const extra = coach?.(at.index);
    if (extra === undefined) return [moveHover(analysis, at.index, lang, findings)];
    if (typeof extra === 'string') return [moveHover(analysis, at.index, lang, findings), extra];
    // The coach's summary first, as the first line of the move's own heading, and the coach's
    // table right under the move's totals (hard line breaks, no rules between them): the summary,
    // the score table and the totals fit in a hover without scrolling, the table may scroll.
    return [`${extra.summary}  \n${moveHover(analysis, at.index, lang, findings)}  \n${extra.table}`];
  }
  return [...findings];
}

/**
 * What the coach adds to a move's hover (service/coach.ts): a section after the move's own, or a
 * summary that goes first and a table that goes after.
 */
export type CoachHover = (index: number) => string | { readonly summary: string; readonly table: string } | undefined;

/**
 * The hover at `pos`. `coach`, when given, writes the coach's analysis of the event at an index
 * (service/coach.ts): its summary first, its table after the move's score table; only on the move itself.
 */
export function getHover(analysis: Analysis, pos: Position, lang: Language, settings: PlanillaSettings, coach?: CoachHover): Hover | null {
  const at = locate(analysis, pos);
  const findings = findingsHover(analysis, pos, lang, settings);
  const sections = sectionsFor(analysis, at, findings, lang, coach).filter((s) => s !== '');
  if (sections.length === 0) return null;
  const range =
    at.kind === 'event' && at.part === 'coord' && at.event.coord
      ? toRange(at.event.coord.span)
      : at.kind === 'event' && at.tile && (at.part === 'rack' || at.part === 'exchanged')
        ? toRange(at.tile.span)
        : undefined;
  return { contents: { kind: MarkupKind.Markdown, value: sections.join(SECTION) }, ...(range ? { range } : {}) };
}
