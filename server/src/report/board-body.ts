/**
 * The body of the editor's board view at one turn, as HTML: the step buttons and the turn label
 * on top; below, the board drawn by `svg.ts` (last move highlighted) and beside it the side panel:
 * the event shown with its score against the sheet and its words, both racks (blanks marked, a
 * digraph as one tile), the true totals (and the sheet's when they differ), the bag and the unseen
 * tiles grouped by letter. With the coach's analysis on, a section under the racks, the bag and the
 * unseen tiles (so they keep their place in view) waits for the best moves of the turn, which come later and apart (`planilla/boardMoves`, computed off the
 * typing path): `renderBoardMoves` draws that list and, for each move, its preview over the board
 * (`svg.ts` `renderPreviewGroup`, put in the board's `g.previews` layer and shown by the page
 * while the pointer or the keyboard focus is on the move's row).
 * The page (shared/board-page.ts) sizes the board to the panel and keeps the side panel beside it. The server sends
 * it to the webview (`planilla/boardAt`), whose page is `shared/board-page.ts`.
 *
 * Invariants: pure; every text from the record (nicks, names, the event line, words, tiles) and
 * every label goes through `escapeXml`; the body has no script, no style element, no style
 * attribute (the page's policy forbids them), no URL and no external reference.
 *
 * Example:
 *   const view = boardViewAt(analysis.replay, 12, 'es');   // { turnIndex: 3, html: '<div class="planilla-board" …', … }
 *   const moves = renderBoardMoves(boardCoachModel(analysis, 12, lexicon, cache, 'es'), boardModel(analysis.replay, 3), 'es');
 *   // { turnIndex: 3, html: '<h2>Mejores jugadas de este turno</h2><table class="moves">…', previews: '<g class="preview" data-move="0">…' }
 */
import type { Replay } from '../engine/types';
import type { Language } from '../rules/types';
import { boardModel, turnAtLine, type BoardModel, type PlayerModel, type TileModel } from '../service/board-model';
import { headline } from '../service/headline';
import { signed, uiText } from '../service/i18n';
import type { BoardCoachModel, BoardMoveRow } from '../service/coach';
import { NOT_OFFICIAL_MARK, equityText, listLine } from '../service/coach';
import type { BoardAtResult, BoardMovesResult } from '../shared/protocol';
import type { BoardStep } from '../shared/board-page';
import { escapeXml } from './escape';
import { gameOverLine } from './labels';
import { renderBoardSvg, renderPreviewGroup } from './svg';

const e = escapeXml;
const ui = (lang: Language, id: string, args: Record<string, string | number> = {}): string => e(uiText(id, lang, args));

/** One tile as a small HTML tile: its face, its value (none for a blank), marked when blank. */
function tileHtml(tile: TileModel, lang: Language): string {
  const face = tile.blank && tile.letter === '?' ? '?' : tile.letter;
  const classes = ['tile', ...(tile.blank ? ['blank'] : []), ...(face.length > 1 ? ['digraph'] : [])].join(' ');
  const title = tile.blank ? ` title="${ui(lang, 'ui.board.blankTile')}"` : '';
  const value = tile.blank ? '' : `<span class="value">${tile.value}</span>`;
  return `<span class="${classes}"${title}><span class="face">${e(face)}</span>${value}</span>`;
}

/** The step icons: triangles and bars drawn inline (no font needs the media-control glyphs). */
const STEP_ICONS: Readonly<Record<BoardStep, string>> = {
  first: '<rect x="2" y="3" width="2" height="10"/><polygon points="14,3 14,13 5,8"/>',
  previous: '<polygon points="12,3 12,13 4,8"/>',
  next: '<polygon points="4,3 4,13 12,8"/>',
  last: '<polygon points="2,3 2,13 11,8"/><rect x="12" y="3" width="2" height="10"/>',
};

function stepButton(step: BoardStep, enabled: boolean, lang: Language): string {
  const label = ui(lang, `ui.board.step.${step}`);
  const icon = `<svg class="icon" viewBox="0 0 16 16" width="14" height="14" fill="currentColor" aria-hidden="true">${STEP_ICONS[step]}</svg>`;
  return `<button type="button" class="step" data-step="${step}" title="${label}" aria-label="${label}"${enabled ? '' : ' disabled=""'}>${icon}</button>`;
}

function navigation(model: BoardModel, lang: Language): string {
  const count = model.turnCount;
  const here = model.turnIndex;
  const back = count > 0 && here > 0;
  const forward = count > 0 && here < count - 1;
  return [
    `<nav class="steps" aria-label="${ui(lang, 'ui.board.steps')}">`,
    stepButton('first', back, lang),
    stepButton('previous', back, lang),
    stepButton('next', forward, lang),
    stepButton('last', forward, lang),
    '</nav>',
  ].join('');
}

/** 'Jugada 3 de 24 · línea 12', or the start of the record. */
export function turnLabel(model: BoardModel, lang: Language): string {
  const ev = model.event;
  return ev
    ? uiText('ui.board.turn', lang, { n: ev.number, count: model.turnCount, line: ev.line })
    : uiText('ui.board.start', lang, { count: model.turnCount });
}

function scoreText(model: BoardModel, lang: Language): string {
  const ev = model.event;
  if (!ev) return '';
  if (ev.illegal) {
    // Never "coincide con la planilla": a play with broken geometry carries the sheet's amount.
    return uiText('ui.board.scoreIllegal', lang, {
      reason: uiText(`ui.illegal.${ev.illegal.code}`, lang),
      declared: signed(ev.declaredScore ?? ev.computedScore),
    });
  }
  if (ev.declaredScore === null) return uiText('ui.board.scoreNoSheet', lang, { computed: signed(ev.computedScore) });
  if (ev.declaredScore === ev.computedScore) return uiText('ui.board.scoreMatches', lang, { computed: signed(ev.computedScore) });
  return uiText('ui.board.scoreDiffers', lang, { computed: signed(ev.computedScore), declared: signed(ev.declaredScore) });
}

function eventSection(model: BoardModel, lang: Language): string {
  const ev = model.event;
  if (!ev) return `<p class="event none">${ui(lang, 'ui.board.noEvent')}</p>`;
  const differs = ev.illegal !== undefined || (ev.declaredScore !== null && ev.declaredScore !== ev.computedScore);
  const words = ev.words.map((w) => {
    const text = `${e(w.word)} ${w.score}`;
    return w.accepted === false ? `<span class="unaccepted" title="${ui(lang, 'ui.board.unaccepted')}">${text}</span>` : text;
  });
  if (ev.bingo > 0) words.push(ui(lang, 'ui.board.bingo', { bonus: ev.bingo }));
  const last =
    model.lastMove.length > 0 ? `<p class="last-move">${ui(lang, 'ui.board.lastMove', { squares: model.lastMove.join(' ') })}</p>` : '';
  const illegal =
    ev.illegal && ev.illegal.squares.length > 0
      ? `<p class="illegal">${ui(lang, 'ui.board.illegalSquares', { squares: ev.illegal.squares.join(' ') })}</p>`
      : '';
  return [
    `<p class="event${ev.illegal ? ' illegal' : ''}"><code>${e(ev.text)}</code></p>`,
    `<p class="score${differs ? ' differs' : ''}">${e(scoreText(model, lang))}</p>`,
    illegal,
    words.length > 0 ? `<p class="words">${ui(lang, 'ui.board.words')} ${words.join(' · ')}</p>` : '',
    last,
  ].join('');
}

function rackHtml(player: PlayerModel, lang: Language): string {
  const rack = player.rack;
  if (rack.unknown) return `<span class="rack-note">${ui(lang, 'ui.board.rackUnknown')}</span>`;
  if (rack.tiles.length === 0) return `<span class="rack-note">${ui(lang, 'ui.board.rackEmpty')}</span>`;
  const tiles = rack.tiles.map((tile) => tileHtml(tile, lang)).join('');
  return `${tiles}${rack.partial ? ` <span class="rack-note">${ui(lang, 'ui.board.rackPartial')}</span>` : ''}`;
}

function playerHtml(model: BoardModel, index: number, lang: Language): string {
  const player = model.players[index];
  const moved = model.event?.player === index;
  const name = player.name && player.name !== player.nick ? ` <span class="full-name">${e(player.name)}</span>` : '';
  const sheet =
    player.declaredTotal !== null && player.declaredTotal !== player.total
      ? ` <span class="sheet-total">${ui(lang, 'ui.board.sheetTotal', { total: player.declaredTotal })}</span>`
      : '';
  return [
    `<section class="player player-${index + 1}${moved ? ' moved' : ''}">`,
    `<h2><span class="nick">${e(player.nick)}</span>${name}</h2>`,
    `<p class="total">${ui(lang, 'ui.board.trueTotal')} <strong>${player.total}</strong>${sheet}</p>`,
    `<div class="rack" aria-label="${ui(lang, 'ui.board.rack', { nick: player.nick })}">${rackHtml(player, lang)}</div>`,
    '</section>',
  ].join('');
}

function unseenHtml(model: BoardModel, lang: Language): string {
  const u = model.unseen;
  const nick = u.perspective >= 0 ? model.players[u.perspective]?.nick : undefined;
  const heading =
    nick !== undefined ? ui(lang, 'ui.board.unseenFor', { nick, n: u.total }) : ui(lang, 'ui.board.unseenAll', { n: u.total });
  const groups = u.groups
    .map((g) => {
      const tile = tileHtml({ letter: g.letter, blank: g.letter === '?', value: g.value }, lang);
      return `<span class="group" data-letter="${e(g.letter)}">${tile}<span class="count">×${g.count}</span></span>`;
    })
    .join('');
  return [
    '<section class="unseen">',
    `<h2>${heading}</h2>`,
    `<div class="groups">${groups || `<span class="rack-note">—</span>`}</div>`,
    '</section>',
  ].join('');
}

/** What the body may hold besides the board. */
interface BoardBodyOptions {
  /** The coach's analysis is on: a section under the racks waits for the best moves. */
  readonly coach?: boolean;
}

/** The section the best moves go into, as it is before they come. */
function coachPlaceholder(lang: Language): string {
  return [
    '<section class="coach" data-state="pending">',
    `<h2>${ui(lang, 'ui.board.coach.list')}</h2>`,
    `<p class="coach-status">${ui(lang, 'ui.board.coach.pending')}</p>`,
    '</section>',
  ].join('');
}

/** The body of the view at the model's turn (escaped HTML, no script, no style attribute). */
export function renderBoardViewBody(model: BoardModel, lang: Language, options: BoardBodyOptions = {}): string {
  const label = turnLabel(model, lang);
  const over = gameOverLine(model, lang);
  const svg = renderBoardSvg(model, lang, { title: label, previewLayer: options.coach === true });
  return [
    `<div class="planilla-board" data-turn="${model.turnIndex}" data-turn-count="${model.turnCount}" data-last-move="${e(model.lastMove.join(' '))}">`,
    `<header class="bar">${navigation(model, lang)}<h1 class="turn-label">${e(label)}</h1></header>`,
    '<div class="layout">',
    `<div class="board-wrap">${svg}</div>`,
    '<aside class="side">',
    `<p class="headline">${e(headline(model.headline, lang))}</p>`,
    `<section class="event-info">${eventSection(model, lang)}</section>`,
    playerHtml(model, 0, lang),
    playerHtml(model, 1, lang),
    `<p class="bag">${ui(lang, 'ui.board.bag', { n: model.bag })}</p>`,
    unseenHtml(model, lang),
    over !== undefined ? `<p class="game-over">${e(over)}</p>` : '',
    options.coach ? coachPlaceholder(lang) : '',
    `<p class="keys">${ui(lang, 'ui.board.keys')}</p>`,
    '</aside>',
    '</div>',
    '</div>',
  ].join('\n');
}

/** What the server answers to `planilla/boardAt`: the view for the turn at a 0-based line. */
export function boardViewAt(replay: Replay, line: number, lang: Language, options: BoardBodyOptions = {}): BoardAtResult {
  const model = boardModel(replay, turnAtLine(replay, line));
  return {
    turnIndex: model.turnIndex,
    turnCount: model.turnCount,
    eventLines: replay.turns.map((turn) => turn.event.line),
    lastMove: model.lastMove,
    html: renderBoardViewBody(model, lang, options),
    ...(options.coach ? { coach: true } : {}),
  };
}

/**
 * A word in bracket notation as HTML: each blank's letter in capitals in its own span (drawn
 * underlined and lighter, titled as a blank), never a lower-case letter among capitals.
 */
export function wordHtml(word: string, lang: Language): string {
  let out = '';
  for (const part of word.match(/\[[^\]]*\]|./gu) ?? []) {
    const face = part.length > 1 ? part.replace(/[[\]]/g, '') : part;
    if (face !== face.toUpperCase()) {
      out += `<span class="blank-letter" title="${ui(lang, 'ui.board.coach.blankLetter', { letter: face.toUpperCase() })}">${e(face.toUpperCase())}</span>`;
    } else out += e(face);
  }
  return out;
}

/** A word in bracket notation as plain text for a tooltip: a blank's letter in capitals between parentheses. */
export function wordTitle(word: string): string {
  let out = '';
  for (const part of word.match(/\[[^\]]*\]|./gu) ?? []) {
    const face = part.length > 1 ? part.replace(/[[\]]/g, '') : part;
    out += face !== face.toUpperCase() ? `(${face.toUpperCase()})` : face;
  }
  return out;
}

function moveRowHtml(row: BoardMoveRow, index: number, lang: Language): string {
  const where =
    row.kind === 'play' ? row.position : row.kind === 'exchange' ? uiText('ui.coach.exchangeShort', lang) : uiText('ui.coach.pass', lang);
  const rank = row.rank > 0 ? String(row.rank) : '—';
  const title = uiText('ui.board.coach.rowTitle', lang, { rank, move: row.name, equity: equityText(row.equity, lang) });
  const played = row.played ? ` <span class="played-mark" title="${ui(lang, 'ui.board.coach.playedRow')}">◀</span>` : '';
  const wordTitleText = [
    wordTitle(row.word),
    ...(row.notOfficial.length > 0 ? [uiText('ui.board.coach.notOfficialRow', lang, { words: row.notOfficial.join(', ') })] : []),
  ].join(' — ');
  const flag =
    row.notOfficial.length > 0
      ? `<span class="not-official" title="${ui(lang, 'ui.board.coach.notOfficialRow', { words: row.notOfficial.join(', ') })}">${NOT_OFFICIAL_MARK}</span>`
      : '';
  const variants =
    row.variants.length > 0
      ? `<span class="variants" title="${ui(lang, 'ui.board.coach.variantsTitle', { letters: row.variants.join(', ') })}">${ui(lang, 'ui.coach.variantsShort', { n: row.variants.length })}</span>`
      : '';
  const classes = [
    'move',
    ...(row.played ? ['played'] : []),
    ...(row.variants.length > 0 ? ['has-variants'] : []),
    ...(flag ? ['flagged'] : []),
  ];
  return [
    `<div class="${classes.join(' ')}" role="listitem" data-move="${index}" data-kind="${row.kind}" tabindex="0" title="${e(title)}">`,
    `<span class="rank">${e(rank)}${played}</span>`,
    `<span class="where">${e(where)}</span>`,
    `<span class="word" title="${e(wordTitleText)}"><span class="letters">${wordHtml(row.word, lang)}</span>${flag}</span>`,
    `<span class="score">${row.kind === 'play' ? e(signed(row.score)) : ''}</span>`,
    `<span class="leave" title="${e(wordTitle(row.leave))}">${row.leave === '' ? '—' : wordHtml(row.leave, lang)}</span>`,
    `<span class="equity">${e(equityText(row.equity, lang))}</span>`,
    variants,
    '</div>',
  ].join('');
}

/** The sentence on the move played: the best, its rank and loss, not legal, or outside the open list. */
function playedLine(model: BoardCoachModel, lang: Language): string {
  const lost = equityText(model.equityLost ?? 0, lang);
  if (!model.legal && model.unlisted) return uiText('ui.coach.playedUnlisted', lang, { words: model.unlisted.join(', '), lost });
  if (!model.legal || model.playedRank === undefined) return uiText('ui.coach.playedIllegal', lang, { lost });
  if (model.playedRank === 1) return uiText('ui.coach.playedBest', lang);
  return uiText('ui.coach.playedRank', lang, { rank: model.playedRank, lost });
}

/**
 * The board view's best moves for a turn: the section's content (heading; the table of moves, the
 * move played marked ◀ or added under the best; its rank and loss; or why there is no list) and
 * the preview of each row over the board, numbered as the rows' `data-move`. `board` is the model
 * of the same turn: its last move's squares are drawn empty under each preview.
 */
export function renderBoardMoves(model: BoardCoachModel, board: BoardModel, lang: Language): BoardMovesResult {
  const heading = `<h2>${ui(lang, 'ui.board.coach.list')}</h2>`;
  if (model.reason !== undefined) {
    return { turnIndex: model.turnIndex, html: `${heading}<p class="coach-status reason">${e(model.reason)}</p>`, previews: '', count: 0 };
  }
  if (model.rows.length === 0 && !model.playedBelow) {
    return {
      turnIndex: model.turnIndex,
      html: `${heading}<p class="coach-status">${ui(lang, 'ui.coach.lensNone')}</p>`,
      previews: '',
      count: 0,
    };
  }
  const rows = model.playedBelow ? [...model.rows, model.playedBelow] : [...model.rows];
  const columns = ['rank', 'where', 'word', 'score', 'leave', 'equity'];
  const labels = ['#', 'ui.coach.col.move', 'ui.coach.col.word', 'ui.coach.col.score', 'ui.coach.col.leave', 'ui.coach.col.equity'];
  const head = labels.map((id, i) => `<span class="${columns[i]}">${id === '#' ? '#' : ui(lang, id)}</span>`).join('');
  const body = rows.map(
    (row, i) =>
      (model.playedBelow && i === model.rows.length ? '<div class="gap" aria-hidden="true">…</div>' : '') + moveRowHtml(row, i, lang),
  );
  const cleared = board.squares.filter((s) => s.lastMove);
  const flagged = rows.some((row) => row.notOfficial.length > 0);
  return {
    turnIndex: model.turnIndex,
    html: [
      heading,
      `<div class="moves" role="list"><div class="move-head" aria-hidden="true">${head}</div>${body.join('')}</div>`,
      `<p class="played-line">${e(playedLine(model, lang))}</p>`,
      model.caveat !== undefined ? `<p class="coach-caveat">${e(model.caveat)}</p>` : '',
      flagged && model.officialName !== undefined
        ? `<p class="coach-legend">${ui(lang, 'ui.coach.notOfficialLegend', { mark: NOT_OFFICIAL_MARK, official: model.officialName })}</p>`
        : '',
      model.list ? `<p class="coach-list">${e(listLine(model.list, lang))}</p>` : '',
      `<p class="coach-hint">${ui(lang, 'ui.board.coach.hint')}</p>`,
    ].join(''),
    previews: rows.map((row, i) => renderPreviewGroup(i, cleared, row.preview, lang)).join(''),
    count: rows.length,
  };
}
