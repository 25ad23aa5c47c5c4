/**
 * The editor's board view, the part that lives in the extension: the webview page (a strict
 * Content-Security-Policy, one style sheet and one small script, both with a nonce) that holds the
 * body the server renders (`report/board-body.ts`), the pure helpers the client steps with, and the
 * coalescer its redraws go through. In `shared/` so the client bundle carries it without the rules.
 *
 * Invariants:
 * - Pure: no editor types, no I/O (the coalescer only runs the task it is given).
 * - The page loads nothing: its policy is `default-src 'none'`, styles and script only by nonce,
 *   images only from the webview's own source or `data:`. The script only posts step messages,
 *   swaps in the body and the best moves it is sent (markup the server escaped), and shows or
 *   hides a move's preview; it never builds markup from data.
 * - No record text is written here: the page holds catalogue text and the body as given (already
 *   escaped by the server); `attribute` escapes what goes into the page's own attributes.
 *
 * The page fills the panel: the board is the largest square that fits beside a side panel of at
 * least 220 px (CSS container units), and the side panel goes under the board only when the column
 * is too narrow for both.
 *
 * Example:
 *   boardViewState({ uri: 'file:///p.gcg', line: 8 });   // { uri: 'file:///p.gcg', line: 8 }
 *   const page = renderBoardViewPage({ cspSource: webview.cspSource, nonce, lang: 'es', body: renderBoardViewMessage('…') });
 *   stepTurn(3, 10, 'next');   // 4
 */
import type { Language } from '../rules/types';
import { htmlPage, standardHead } from './html-page';
import { clientText } from './text';

/** A step through the record, as the buttons and keys of the view ask for it. */
export const BOARD_STEPS = ['first', 'previous', 'next', 'last'] as const;
export type BoardStep = (typeof BOARD_STEPS)[number];

export function isBoardStep(value: unknown): value is BoardStep {
  return typeof value === 'string' && (BOARD_STEPS as readonly string[]).includes(value);
}

/**
 * What the board view keeps across a window reload (the webview's `setState`, handed back to the
 * extension's webview serializer): the record shown and its cursor line (0-based).
 */
interface BoardViewState {
  readonly uri: string;
  readonly line: number;
}

/** The state a revived view was given, if it is one (anything else: undefined). */
export function boardViewState(value: unknown): BoardViewState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { uri?: unknown; line?: unknown };
  if (typeof v.uri !== 'string' || v.uri === '' || v.uri.length > 8192) return undefined;
  if (typeof v.line !== 'number' || !Number.isSafeInteger(v.line) || v.line < 0) return undefined;
  return { uri: v.uri, line: v.line };
}

/**
 * The turn a step leads to from `current` (-1 = before the first event) in a record of `count`
 * events: first and last are the first and last events; previous stops at the first event and
 * next at the last. -1 when the record has no event.
 */
export function stepTurn(current: number, count: number, step: BoardStep): number {
  if (count <= 0) return -1;
  const here = Math.max(-1, Math.min(count - 1, Math.trunc(current)));
  switch (step) {
    case 'first':
      return 0;
    case 'last':
      return count - 1;
    case 'previous':
      return Math.max(0, here - 1);
    case 'next':
      return Math.min(count - 1, here + 1);
  }
}

/** The turn shown for a 0-based line, from the event lines alone (as `turnAtLine` does). */
export function turnForLine(eventLines: readonly number[], line: number): number {
  let found = -1;
  eventLines.forEach((eventLine, index) => {
    if (eventLine <= line) found = index;
  });
  return found;
}

/**
 * Runs a task for the latest state, coalescing requests: at most one run at a time, and any number
 * of requests made during a run cause exactly one more run after it (no timer, nothing dropped:
 * the last request is always followed by a run that starts after it).
 */
export class Coalescer {
  private requested = false;
  private running = false;
  private stopped = false;

  constructor(private readonly task: () => Promise<void>) {}

  request(): void {
    this.requested = true;
    if (this.running || this.stopped) return;
    this.running = true;
    void this.drain();
  }

  /** No run starts after this. */
  stop(): void {
    this.stopped = true;
  }

  private async drain(): Promise<void> {
    try {
      while (this.requested && !this.stopped) {
        this.requested = false;
        try {
          await this.task();
        } catch {
          // A failed run is like a finished one: the next request runs again.
        }
      }
    } finally {
      this.running = false;
    }
  }
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text safe in element content and in a double-quoted attribute value (the only kind written here). */
function attribute(text: string): string {
  return String(text).replace(/[&<>"]/g, (c) => ENTITIES[c]);
}

/** A body that only says something (no record open, the server has not answered yet). */
export function renderBoardViewMessage(text: string): string {
  return `<div class="planilla-board empty"><p class="message">${attribute(text)}</p></div>`;
}

const STYLE = `
:root { color-scheme: light dark; }
html, body { height: 100%; }
body { margin: 0; padding: 6px 10px; box-sizing: border-box; display: flex; flex-direction: column; overflow: hidden; font-family: var(--vscode-font-family, "DejaVu Sans", Verdana, sans-serif); font-size: var(--vscode-font-size, 13px); color: var(--vscode-foreground, #1f1f1f); background: var(--vscode-editor-background, #ffffff); }
#board-root, .planilla-board { flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column; }
.bar { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; flex: 0 0 auto; }
.turn-label { font-size: 1.15em; margin: 2px 0; }
.steps { display: flex; gap: 4px; }
button.step { display: inline-flex; align-items: center; justify-content: center; min-width: 34px; height: 26px; padding: 3px 8px; font-size: 1em; cursor: pointer; border: 1px solid var(--vscode-button-border, transparent); border-radius: 3px; color: var(--vscode-button-foreground, #ffffff); background: var(--vscode-button-background, #1f6fb2); }
button.step:hover:enabled { background: var(--vscode-button-hoverBackground, #185a91); }
button.step:disabled { opacity: 0.4; cursor: default; }
button.step:focus-visible { outline: 2px solid var(--vscode-focusBorder, #0078d4); outline-offset: 1px; }
p { margin: 3px 0; }
.event code { font-family: var(--vscode-editor-font-family, "DejaVu Sans Mono", monospace); overflow-wrap: anywhere; }
.score.differs { color: var(--vscode-errorForeground, #b71c1c); font-weight: bold; }
.unaccepted { color: var(--vscode-errorForeground, #b71c1c); text-decoration: underline dotted; }
/* The board takes the largest square the panel allows beside a side panel of at least 220 px;
   only when the column is too narrow for both does the side panel go under the board. */
.layout { flex: 1 1 auto; min-height: 0; container-type: size; display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; align-content: flex-start; margin-top: 4px; overflow-y: auto; }
.board-wrap { flex: 0 0 auto; width: max(240px, min(100cqh, 100cqw - 232px)); }
svg.board { display: block; width: 100%; height: auto; border-radius: 4px; }
.side { flex: 1 1 220px; min-width: 220px; max-width: 440px; max-height: 100cqh; overflow-y: auto; box-sizing: border-box; padding-right: 2px; }
/* The key hint is the first thing to go when the panel is short (the buttons' titles name the keys too). */
@container (max-height: 640px) and (min-width: 473px) {
  .keys { display: none; }
}
@container (max-width: 472px) {
  .board-wrap { width: min(100cqw, max(240px, 100cqh)); }
  .side { max-width: none; max-height: none; overflow: visible; }
}
.side h2 { font-size: 1em; margin: 0 0 3px; }
.event-info { margin: 0 0 6px; }
.player { padding: 5px 8px; margin: 0 0 6px; border: 1px solid var(--vscode-panel-border, #c8c8c8); border-radius: 4px; }
.player.moved { border-color: #c62828; border-width: 2px; }
.player .total { margin: 2px 0; }
.full-name { font-weight: normal; opacity: 0.75; }
.sheet-total { color: var(--vscode-errorForeground, #b71c1c); }
.illegal { color: var(--vscode-errorForeground, #b71c1c); font-weight: bold; }
.event.illegal code { text-decoration: line-through wavy; }
.headline { font-weight: bold; }
.rack, .groups { display: flex; flex-wrap: wrap; gap: 3px; align-items: center; }
.tile { position: relative; display: inline-flex; align-items: center; justify-content: center; width: 26px; height: 26px; border-radius: 3px; border: 1px solid #a9853a; background: #f4dca0; color: #2b2415; font-weight: bold; font-size: 14px; box-sizing: border-box; }
.tile.digraph { font-size: 11px; }
.tile .value { position: absolute; right: 2px; bottom: 0; font-size: 8px; font-weight: normal; }
.tile.blank { background: #fbf7ec; border-style: dashed; color: #c62828; font-style: italic; }
.groups .tile { width: 22px; height: 22px; font-size: 12px; }
.groups .tile.digraph { font-size: 9px; }
.group { display: inline-flex; align-items: center; margin-right: 3px; }
.count { font-size: 0.85em; margin-left: 1px; }
.rack-note { opacity: 0.75; font-style: italic; }
.bag { font-weight: bold; margin: 6px 0 4px; }
.game-over { font-weight: bold; color: #c62828; }
.keys { opacity: 0.7; font-size: 0.85em; margin-top: 8px; }
.message { font-style: italic; }
.coach { margin: 6px 0; container-type: inline-size; }
.coach-status { font-style: italic; opacity: 0.8; }
/* The best moves: one line per move when the side panel is wide, two (coordinate and word; then
   score, leave, equity) when it is narrow. */
.moves { font-size: 0.92em; }
.moves .move, .moves .move-head { display: grid; grid-template-columns: 3.2em 3.2em minmax(0, 1fr) 3.8em 4.6em 4.4em; grid-template-areas: "rank where word score leave equity"; column-gap: 6px; align-items: baseline; padding: 1px 3px; }
.moves .move-head { opacity: 0.75; font-size: 0.9em; border-bottom: 1px solid var(--vscode-panel-border, #c8c8c8); }
.moves .rank { grid-area: rank; white-space: nowrap; }
.moves .where { grid-area: where; }
/* A word never overflows its column: it ends in an ellipsis, the whole word in its title. */
.moves .word { grid-area: word; font-family: var(--vscode-editor-font-family, "DejaVu Sans Mono", monospace); display: flex; align-items: baseline; gap: 3px; min-width: 0; }
.moves .word .letters { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* A blank's letter: the capital it stands for, underlined, lighter and in the accent colour. */
.blank-letter { text-decoration: underline; text-decoration-thickness: 2px; text-underline-offset: 2px; font-weight: normal; color: #c62828; }
.moves .not-official { color: var(--vscode-editorWarning-foreground, #9a6700); font-weight: bold; flex: 0 0 auto; }
.moves .variants { grid-area: vars; font-size: 0.85em; opacity: 0.8; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.moves .move.has-variants { grid-template-areas: "rank where word score leave equity" ". . vars vars vars vars"; }
.coach-legend { margin: 3px 0; color: var(--vscode-editorWarning-foreground, #9a6700); font-size: 0.9em; }
.coach-list { margin: 3px 0; opacity: 0.8; font-size: 0.85em; overflow-wrap: anywhere; }
.moves .score { grid-area: score; text-align: right; font-variant-numeric: tabular-nums; }
.moves .leave { grid-area: leave; font-family: var(--vscode-editor-font-family, "DejaVu Sans Mono", monospace); min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.moves .equity { grid-area: equity; text-align: right; font-variant-numeric: tabular-nums; }
@container (max-width: 359px) {
  .moves .move, .moves .move-head { grid-template-columns: 3.2em 3.8em minmax(0, 1fr) 4.4em; grid-template-areas: "rank where word word" "rank score leave equity"; }
  .moves .move.has-variants { grid-template-areas: "rank where word word" "rank score leave equity" ". vars vars vars"; }
}
.moves .move { cursor: default; border-radius: 3px; }
.moves .move:hover, .moves .move.active { background: var(--vscode-list-hoverBackground, #e8f3ea); }
.moves .move:focus { outline: 2px solid var(--vscode-focusBorder, #0078d4); outline-offset: -2px; }
.moves .move.played { font-weight: bold; }
.moves .gap { text-align: center; opacity: 0.6; }
.played-line { margin: 3px 0; }
.deep { margin: 8px 0; }
.deep-what, .deep-summary { margin: 3px 0; font-size: 0.9em; }
/* The simulated moves: rank, move, static equity, simulated equity, win %. */
.moves.deep-moves .move, .moves.deep-moves .move-head { grid-template-columns: 3.2em minmax(0, 1fr) 4.2em 4.2em 4.6em; grid-template-areas: "rank name static sim win"; }
.moves.deep-moves .name { grid-area: name; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* A narrow panel: the move on a line of its own, the figures under it (else the fixed columns leave the move none). */
@container (max-width: 359px) {
  .moves.deep-moves .move, .moves.deep-moves .move-head { grid-template-columns: 2.6em repeat(3, minmax(0, 1fr)); grid-template-areas: "rank name name name" "rank static sim win"; }
}
.moves.deep-moves .static { grid-area: static; text-align: right; font-variant-numeric: tabular-nums; }
.moves.deep-moves .sim { grid-area: sim; text-align: right; font-variant-numeric: tabular-nums; }
.moves.deep-moves .win { grid-area: win; text-align: right; font-variant-numeric: tabular-nums; }
.moves.deep-line .move { grid-template-columns: minmax(0, 1fr); grid-template-areas: "name"; }
.coach-hint { opacity: 0.7; font-size: 0.85em; }
svg.board .previews .preview { display: none; }
svg.board .previews .preview.shown { display: inline; }
`;

/**
 * The policy of the view: nothing by default; styles from the webview's own source or with the
 * nonce; scripts only with the nonce; images from the webview's own source or `data:`.
 */
export function boardViewCsp(cspSource: string, nonce: string): string {
  return `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src ${cspSource} data:`;
}

/**
 * The script of the view: the buttons and the keys (arrows, Home, End) post a step; a `render`
 * message swaps the body and keeps its `state` (record and line) for a window reload; a `moves`
 * message fills the body's best-move section and the board's preview layer with the server's
 * markup, when it is for the turn shown. While the pointer or the keyboard focus is on a row
 * `.move[data-move=i]`, the preview `g.preview[data-move=i]` is shown over the board (and hidden
 * when they leave); ↑ ↓ on a row move the focus between rows. Outside VS Code (no
 * `acquireVsCodeApi`) it posts nothing.
 */
export const BOARD_VIEW_SCRIPT = `
(function () {
  'use strict';
  var api = typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : undefined;
  var root = document.getElementById('board-root');
  var KEYS = { ArrowLeft: 'previous', ArrowUp: 'previous', PageUp: 'previous', ArrowRight: 'next', ArrowDown: 'next', PageDown: 'next', Home: 'first', End: 'last' };
  function post(message) { if (api) api.postMessage(message); }
  function rowOf(node) { return node instanceof Element ? node.closest('.move[data-move]') : null; }
  function preview(row) {
    var index = row ? row.getAttribute('data-move') : null;
    var groups = root.querySelectorAll('svg.board .previews .preview');
    for (var i = 0; i < groups.length; i++) groups[i].classList.toggle('shown', groups[i].getAttribute('data-move') === index);
    var rows = root.querySelectorAll('.move[data-move]');
    for (var j = 0; j < rows.length; j++) rows[j].classList.toggle('active', rows[j] === row);
    var board = root.querySelector('.planilla-board');
    if (board) { if (index === null) board.removeAttribute('data-preview'); else board.setAttribute('data-preview', index); }
  }
  function focusedRow() { return rowOf(document.activeElement); }
  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('button[data-step]') : null;
    if (button && !button.disabled) post({ type: 'step', step: button.getAttribute('data-step') });
  });
  document.addEventListener('mouseover', function (event) {
    var row = rowOf(event.target);
    if (row) preview(row);
  });
  document.addEventListener('mouseout', function (event) {
    var row = rowOf(event.target);
    if (!row || row.contains(event.relatedTarget)) return;
    preview(rowOf(event.relatedTarget) || focusedRow());
  });
  document.addEventListener('focusin', function (event) { preview(rowOf(event.target)); });
  document.addEventListener('focusout', function (event) { if (rowOf(event.target) && !rowOf(event.relatedTarget)) preview(null); });
  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var row = rowOf(event.target);
    if (row && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      var next = event.key === 'ArrowUp' ? row.previousElementSibling : row.nextElementSibling;
      while (next && !next.hasAttribute('data-move')) next = event.key === 'ArrowUp' ? next.previousElementSibling : next.nextElementSibling;
      if (next) next.focus();
      event.preventDefault();
      return;
    }
    var step = KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    post({ type: 'step', step: step });
  });
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message.html !== 'string') return;
    if (message.type === 'render') {
      if (api && message.state) api.setState(message.state);
      root.innerHTML = message.html;
    } else if (message.type === 'moves' && typeof message.previews === 'string') {
      var board = root.querySelector('.planilla-board');
      var section = root.querySelector('section.coach');
      var layer = root.querySelector('svg.board .previews');
      if (!board || !section || !layer || board.getAttribute('data-turn') !== String(message.turn)) return;
      section.innerHTML = message.html;
      section.setAttribute('data-state', 'ready');
      layer.innerHTML = message.previews;
      preview(null);
    }
  });
  post({ type: 'ready' });
})();
`;

interface BoardViewPageOptions {
  /** The webview's `cspSource` (where its own resources come from). */
  readonly cspSource: string;
  /** A fresh random nonce (base64) for the style sheet and the script. */
  readonly nonce: string;
  readonly lang: Language;
  /** The first body shown (the server's body, or `renderBoardViewMessage`). */
  readonly body: string;
}

/** The whole webview page. */
export function renderBoardViewPage(options: BoardViewPageOptions): string {
  const nonce = attribute(options.nonce);
  const head = standardHead({
    cspAttribute: attribute(boardViewCsp(options.cspSource, options.nonce)),
    viewport: true,
    titleHtml: attribute(clientText('ui.board.documentTitle', options.lang)),
    style: STYLE,
    styleNonce: nonce,
  });
  return htmlPage(options.lang, head, [
    `<main id="board-root" aria-live="polite">${options.body}</main>`,
    `<script nonce="${nonce}">${BOARD_VIEW_SCRIPT}</script>`,
  ]);
}
