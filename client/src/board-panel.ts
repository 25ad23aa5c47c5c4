/**
 * The board view in VS Code ("Planilla: Show board"): a webview beside the editor with the board
 * at the turn under the cursor. It follows the cursor and the text of the record it shows, and it
 * steps through the turns with its buttons and keys by moving the editor's cursor to the event's
 * line, so the editor and the board always show the same turn.
 *
 * Invariants:
 * - The webview parses and replays nothing: every body comes from the server
 *   (`planilla/boardAt`, rendered by report/board-body.ts, escaped there); the page itself
 *   (shared/board-page.ts) has a strict Content-Security-Policy with a fresh nonce and loads
 *   nothing (no local resource roots, no command URIs).
 * - Redraws are coalesced: at most one request is in flight, and any number of cursor moves or
 *   edits while it runs cause exactly one more, for the latest state (no timer).
 * - The best moves (`planilla/boardMoves`, when the server's body has a section for them) are asked
 *   after each new body and never awaited by a redraw: a newer body cancels the request still in
 *   flight (its token), and an answer is posted only for the body it was asked for.
 * - One view at a time; "Show board" again reveals it and points it at the active record.
 * - It survives a window reload: the page keeps the record and line it shows (`setState`), and the
 *   webview serializer registered in common.ts revives the panel with them (`BoardView.revive`), in
 *   VS Code and in VS Code for the Web alike; a revived view that is drawn before the client exists
 *   waits for it (`whenClient`) instead of saying the board is unavailable.
 *
 * Also the small helpers the other views share: `recordEditor` (the editor a command without an argument acts on),
 * `uriBaseName` and `freshNonce` (a webview's script nonce).
 *
 * Example: with `partida.gcg` open, run "Planilla: Show board" (or the title-bar button) and move
 * the cursor down the record, or press → inside the board: the cursor jumps to the next event.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  BOARD_AT_REQUEST,
  BOARD_MOVES_REQUEST,
  type BoardAtParams,
  type BoardAtResult,
  type BoardMovesResult,
} from '../../server/src/shared/protocol';
import {
  Coalescer,
  boardViewState,
  isBoardStep,
  renderBoardViewMessage,
  renderBoardViewPage,
  stepTurn,
  turnForLine,
  type BoardStep,
} from '../../server/src/shared/board-page';
import type { Language } from '../../server/src/shared/text';

/** What the page is sent with the best moves of the turn shown. */
interface BoardMovesMessage {
  readonly type: 'moves';
  readonly turn: number;
  readonly html: string;
  readonly previews: string;
}

/** What the view needs from the extension: the running client and the UI texts. */
export interface BoardViewHost {
  client(): BaseLanguageClient | undefined;
  /**
   * The client once it exists: a view revived by a window reload may be drawn before the client is
   * made (the web build makes it after reading the worker's script), and waits for it.
   */
  whenClient?(): Promise<BaseLanguageClient | undefined>;
  language(): Language;
  text(id: string, args?: Record<string, string | number>): string;
  /**
   * Whether the extension runs in VS Code for the Web's web-worker host (no Node, no file system
   * of its own). Not the same as a browser UI: code-server shows VS Code in a browser with the Node
   * extension host, where files are written beside the record as on the desktop.
   */
  webHost?(): boolean;
}

const isRecord = (editor: vscode.TextEditor | undefined): editor is vscode.TextEditor => editor?.document.languageId === 'gcg';

/**
 * The record a command without an argument acts on: the active editor, or else (the walkthrough
 * or another view has the focus) the one record shown beside it.
 */
export function recordEditor(): vscode.TextEditor | undefined {
  const active = vscode.window.activeTextEditor;
  if (active) return active;
  const shown = vscode.window.visibleTextEditors.filter((e) => e.document.languageId === 'gcg');
  return shown.length === 1 ? shown[0] : undefined;
}

/** The last segment of a URI's path ('partida.gcg'); the same in Node and in a browser. */
export function uriBaseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

/** 18 random bytes in base64, from the Web Crypto API (Node 20 and browsers have it). */
export function freshNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes));
}

export class BoardView implements vscode.Disposable {
  static readonly viewType = 'planilla.board';
  private static current: BoardView | undefined;

  readonly panel: vscode.WebviewPanel;
  /** The record shown, its cursor line (0-based) and the column of its editor. */
  private document: vscode.TextDocument | undefined;
  private line = 0;
  private column: vscode.ViewColumn | undefined;
  /** The server's last answer for the record shown. */
  private shown: BoardAtResult | undefined;
  private body: string;
  /** Bodies posted to the webview so far. */
  private posted = 0;
  /** The state last posted with a body (JSON). */
  private postedState = '';
  private readonly redraws = new Coalescer(() => this.draw());
  /** The best-moves request in flight (cancelled by the next body). */
  private moves: vscode.CancellationTokenSource | undefined;
  /** The last best moves posted, with the body they belong to (posted again when the page reloads). */
  private movesShown: { readonly body: string; readonly message: BoardMovesMessage } | undefined;
  /** Best-move answers posted so far. */
  private movesPosted = 0;
  private disposed = false;
  private readonly subscriptions: vscode.Disposable[] = [];

  /** Shows the view (creating it when needed) for `editor`'s record, or the active one. */
  static show(host: BoardViewHost, editor: vscode.TextEditor | undefined): BoardView {
    const target = isRecord(editor) ? editor : undefined;
    if (BoardView.current) {
      BoardView.current.panel.reveal(undefined, true);
      if (target) BoardView.current.follow(target);
      return BoardView.current;
    }
    BoardView.current = new BoardView(host, target);
    return BoardView.current;
  }

  /**
   * Asks the open view, if any, for its best moves again (a deep analysis was kept: the server's
   * list now has its section); the body stays as it is.
   */
  static refreshMoves(): void {
    const view = BoardView.current;
    if (!view || view.disposed || !view.shown || view.shown.coach !== true || !view.document) return;
    view.askMoves(view.host.client(), { uri: view.document.uri.toString(), line: view.line }, view.body);
  }

  /**
   * Revives the view a window reload left behind (the webview serializer), in the same panel: on
   * the active record at its cursor when there is one (the board follows the editor, as before the
   * reload); else on an editor that shows the record the state kept; else on that record and line;
   * else on the first record shown; else it waits for one. From then on it follows the cursor.
   */
  static async revive(host: BoardViewHost, panel: vscode.WebviewPanel, state: unknown): Promise<BoardView> {
    BoardView.current?.dispose();
    panel.webview.options = BoardView.options;
    const kept = boardViewState(state);
    const active = vscode.window.activeTextEditor;
    const shown = vscode.window.visibleTextEditors.filter(isRecord);
    const editor = isRecord(active) ? active : shown.find((ed) => ed.document.uri.toString() === kept?.uri);
    if (editor) {
      const view = new BoardView(host, editor, panel);
      BoardView.current = view;
      return view;
    }
    let document: vscode.TextDocument | undefined;
    if (kept) {
      try {
        document = await vscode.workspace.openTextDocument(vscode.Uri.parse(kept.uri, true));
      } catch {
        document = undefined;
      }
    }
    const view = new BoardView(host, undefined, panel, document !== undefined);
    BoardView.current = view;
    if (document && kept) view.show(document, Math.min(kept.line, Math.max(0, document.lineCount - 1)), undefined);
    else if (shown[0]) view.follow(shown[0]);
    else view.schedule();
    return view;
  }

  private static readonly options: vscode.WebviewOptions = {
    enableScripts: true,
    enableCommandUris: false,
    enableForms: false,
    localResourceRoots: [],
  };

  private constructor(
    private readonly host: BoardViewHost,
    editor: vscode.TextEditor | undefined,
    panel?: vscode.WebviewPanel,
    waiting = false,
  ) {
    this.panel =
      panel ??
      vscode.window.createWebviewPanel(
        BoardView.viewType,
        host.text('ui.board.documentTitle'),
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        BoardView.options,
      );
    this.body = renderBoardViewMessage(host.text(editor || waiting ? 'ui.board.waiting' : 'ui.board.noRecord'));
    this.panel.webview.html = renderBoardViewPage({
      cspSource: this.panel.webview.cspSource,
      nonce: freshNonce(),
      lang: host.language(),
      body: this.body,
    });
    this.subscriptions.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      vscode.window.onDidChangeActiveTextEditor((active) => {
        if (isRecord(active)) this.follow(active);
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        // By address, not by object: after a reload the record opened for the kept state and the
        // editor's document may be two objects for one file (the web host); the editor's wins.
        if (!this.document || e.textEditor.document.uri.toString() !== this.document.uri.toString()) return;
        this.document = e.textEditor.document;
        this.line = e.selections[0]?.active.line ?? this.line;
        this.column = e.textEditor.viewColumn ?? this.column;
        this.schedule();
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === this.document?.uri.toString() && e.contentChanges.length > 0) this.schedule();
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc !== this.document) return;
        this.document = undefined;
        this.shown = undefined;
        this.schedule();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('planilla')) this.schedule();
      }),
    );
    if (editor) this.follow(editor);
  }

  /** The turn shown (-1 before the first event), or undefined before the first answer. */
  get turnIndex(): number | undefined {
    return this.shown?.turnIndex;
  }

  /** The server's last answer (for tests and for the steps). */
  get state(): BoardAtResult | undefined {
    return this.shown;
  }

  /** How many bodies the webview has been sent. */
  get renders(): number {
    return this.posted;
  }

  /** How many best-move lists the webview has been sent. */
  get moveLists(): number {
    return this.movesPosted;
  }

  /** The last best-move list sent (its turn and markup), for tests. */
  get movesShownNow(): { readonly turn: number; readonly html: string; readonly previews: string } | undefined {
    return this.movesShown?.body === this.body ? this.movesShown.message : undefined;
  }

  /** Shows `editor`'s record from its cursor line. */
  follow(editor: vscode.TextEditor): void {
    this.show(editor.document, editor.selection.active.line, editor.viewColumn);
  }

  private show(document: vscode.TextDocument, line: number, column: vscode.ViewColumn | undefined): void {
    if (document !== this.document) this.shown = undefined;
    this.document = document;
    this.line = line;
    this.column = column ?? this.column;
    this.panel.title = this.host.text('ui.board.panelTitle', { name: uriBaseName(document.uri) });
    this.schedule();
  }

  /**
   * Moves the editor's cursor to the event a step leads to; the board follows the cursor. Resolves
   * to the line the cursor went to, or undefined when there is nowhere to go.
   */
  async step(step: BoardStep): Promise<number | undefined> {
    const doc = this.document;
    const shown = this.shown;
    if (!doc || !shown || shown.turnCount === 0) return undefined;
    const target = stepTurn(turnForLine(shown.eventLines, this.line), shown.turnCount, step);
    const eventLine = shown.eventLines[target];
    if (eventLine === undefined) return undefined;
    const line = Math.max(0, Math.min(doc.lineCount - 1, eventLine));
    const editor =
      vscode.window.visibleTextEditors.find((ed) => ed.document === doc) ??
      (await vscode.window.showTextDocument(doc, {
        viewColumn: this.column ?? vscode.ViewColumn.One,
        preserveFocus: true,
        preview: false,
      }));
    const position = new vscode.Position(line, 0);
    editor.selection = new vscode.Selection(position, position);
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    this.line = line;
    this.schedule();
    return line;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.redraws.stop();
    this.moves?.cancel();
    this.moves?.dispose();
    if (BoardView.current === this) BoardView.current = undefined;
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.panel.dispose();
  }

  private receive(message: unknown): void {
    if (typeof message !== 'object' || message === null) return;
    const m = message as { type?: unknown; step?: unknown };
    if (m.type === 'ready') {
      void this.panel.webview.postMessage({ type: 'render', html: this.body, state: this.keptState() });
      if (this.movesShown?.body === this.body) void this.panel.webview.postMessage(this.movesShown.message);
    } else if (m.type === 'step' && isBoardStep(m.step)) void this.step(m.step);
  }

  /** Asks for a redraw; coalesced with any that is running (see the invariants). */
  private schedule(): void {
    this.redraws.request();
  }

  private async draw(): Promise<void> {
    const doc = this.document;
    if (!doc) {
      this.render(renderBoardViewMessage(this.host.text('ui.board.noRecord')));
      return;
    }
    const client = this.host.client() ?? (await this.host.whenClient?.());
    if (doc !== this.document || this.disposed) return;
    const params: BoardAtParams = { uri: doc.uri.toString(), line: this.line };
    let result: BoardAtResult | null = null;
    try {
      result = client ? await client.sendRequest<BoardAtResult | null>(BOARD_AT_REQUEST, params) : null;
    } catch {
      result = null;
    }
    if (doc !== this.document || this.disposed) return;
    if (!result) {
      this.render(renderBoardViewMessage(this.host.text('ui.board.unavailable')));
      return;
    }
    this.shown = result;
    if (this.render(result.html)) this.askMoves(result.coach === true ? client : undefined, params, result.html);
  }

  /**
   * Asks for the best moves of the body just posted (none without a client: a body with no section
   * for them), cancelling the request still in flight; the answer is posted only while that body is
   * the one shown.
   */
  private askMoves(client: BaseLanguageClient | undefined, params: BoardAtParams, body: string): void {
    this.moves?.cancel();
    this.moves?.dispose();
    this.moves = undefined;
    if (!client) return;
    const source = new vscode.CancellationTokenSource();
    this.moves = source;
    client.sendRequest<BoardMovesResult | null>(BOARD_MOVES_REQUEST, params, source.token).then(
      (result) => {
        if (!result || source.token.isCancellationRequested || this.disposed || this.body !== body) return;
        const message: BoardMovesMessage = { type: 'moves', turn: result.turnIndex, html: result.html, previews: result.previews };
        this.movesShown = { body, message };
        this.movesPosted++;
        void this.panel.webview.postMessage(message);
      },
      () => undefined,
    );
  }

  /** What the page keeps for a window reload: the record and the cursor line. */
  private keptState(): { uri: string; line: number } | undefined {
    return this.document ? { uri: this.document.uri.toString(), line: this.line } : undefined;
  }

  /** Posts a body unless it is the one shown (same body and state); true when the body changed. */
  private render(html: string): boolean {
    const state = this.keptState();
    const key = JSON.stringify(state ?? null);
    if (html === this.body && key === this.postedState && this.posted > 0) return false;
    const changed = html !== this.body || this.posted === 0;
    this.body = html;
    this.postedState = key;
    this.posted++;
    void this.panel.webview.postMessage({ type: 'render', html, state });
    // The same body again (the cursor moved within the turn): its best moves go with it.
    if (!changed && this.movesShown?.body === html) void this.panel.webview.postMessage(this.movesShown.message);
    return changed;
  }
}
