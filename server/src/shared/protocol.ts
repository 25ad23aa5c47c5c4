/**
 * The requests the extension adds to the language protocol, shared by the client
 * (client/src/extension.ts) and the server (server/src/server.ts): names and payload shapes only.
 *
 * Invariants: payloads are plain JSON; URIs are strings as the protocol writes them.
 *
 * Example:
 *   const r = await client.sendRequest(CHECK_FILES_REQUEST, { uris: ['file:///w/a.gcg'] });
 *   r.errors;   // number of error findings across those files
 */

/**
 * Whether the workspace is trusted: `workspaceTrusted` in initializationOptions (absent = trusted,
 * for editors with no notion of trust), then this notification when the user grants trust. While
 * untrusted, the server re-checks the path settings (shared/settings.ts `confinePathSettings`).
 */
export const WORKSPACE_TRUST_NOTIFICATION = 'planilla/workspaceTrust';
export interface WorkspaceTrustParams {
  readonly trusted: boolean;
}

/** Check these records and publish their diagnostics, open or not. */
export const CHECK_FILES_REQUEST = 'planilla/checkFiles';
export interface CheckFilesParams {
  readonly uris: readonly string[];
}
export interface CheckFilesResult {
  readonly checked: number;
  readonly errors: number;
  readonly warnings: number;
  /** Information and hint findings. */
  readonly others: number;
  /** URIs that could not be read. */
  readonly unreadable: readonly string[];
}

/** The record rewritten for Woogles/Macondo (only what their GCG reader accepts). */
export const EXPORT_WOOGLES_REQUEST = 'planilla/exportWoogles';
export interface ExportParams {
  readonly uri: string;
}
export type ExportResult = { readonly text: string } | { readonly error: string };

/**
 * "Fix all scores and totals" (service/fix-all.ts): the edits that set every wrong score and
 * total of the document to the true ones (LSP text edits: 0-based lines, UTF-16 columns), for
 * the document version named in the answer.
 */
export const FIX_ALL_REQUEST = 'planilla/fixAll';
export interface FixAllParams {
  readonly uri: string;
}
export type FixAllResult =
  | {
      readonly edits: readonly {
        readonly range: { readonly start: { line: number; character: number }; readonly end: { line: number; character: number } };
        readonly newText: string;
      }[];
      /** What to tell the user (how many numbers changed, or that nothing needed it). */
      readonly message: string;
      /**
       * The document version the edits were computed for: a client applies them only to that
       * version (an editor whose document has changed since asks again or drops them).
       */
      readonly version: number;
    }
  | { readonly error: string };

/** Two sheets of one game compared (service/compare.ts): a one-paragraph summary for a notice. */
export const COMPARE_REQUEST = 'planilla/compare';
export interface CompareParams {
  readonly a: string;
  readonly b: string;
}
export type CompareResult =
  | {
      readonly summary: string;
      readonly title: string;
      /** The turn-by-turn table as an HTML body (report/compare-table.ts), for the comparison view. */
      readonly html: string;
    }
  | { readonly error: string };

/**
 * The board view: the board at the turn under the cursor (line is 0-based), rendered by the
 * server (report/board-body.ts) so the webview parses and replays nothing. Null when the
 * document is not open in the server.
 */
export const BOARD_AT_REQUEST = 'planilla/boardAt';
export interface BoardAtParams {
  readonly uri: string;
  readonly line: number;
}
export interface BoardAtResult {
  /** -1 (before the first event) … turnCount − 1. */
  readonly turnIndex: number;
  readonly turnCount: number;
  /** 0-based line of each event, by turn index (where the view's steps move the cursor). */
  readonly eventLines: readonly number[];
  /** Squares placed by the event shown ('H8', …). */
  readonly lastMove: readonly string[];
  /** The view's body: escaped HTML, no script, no style attribute. */
  readonly html: string;
  /** The body has a section waiting for the best moves (`planilla/boardMoves`): analysis is on. */
  readonly coach?: boolean;
}

/**
 * The best moves of the turn at a line, for the board view (asked after `planilla/boardAt`, apart
 * from it, so the board never waits for the analysis; cancellable: the view cancels it when the
 * cursor goes to another turn). Null when `planilla.analysis.enabled` is off or the record is not
 * open; a cancelled request answers the LSP error RequestCancelled.
 */
export const BOARD_MOVES_REQUEST = 'planilla/boardMoves';
export type BoardMovesParams = BoardAtParams;
export interface BoardMovesResult {
  /** The turn the list is for (as in `BoardAtResult`). */
  readonly turnIndex: number;
  /** The content of the body's `section.coach`: escaped HTML, no script, no style attribute. */
  readonly html: string;
  /** SVG groups for the board's `g.previews`, one `g.preview[data-move=i]` per row `.move[data-move=i]`. */
  readonly previews: string;
  /** Rows listed (0 when there is a reason instead). */
  readonly count: number;
}

/** The audit report of a record as one self-contained HTML page (the CLI's `planilla report`). */
export const AUDIT_REPORT_REQUEST = 'planilla/auditReport';
export interface AuditReportParams {
  readonly uri: string;
  /** The commented game: every note beside a diagram of its position (`planilla report --diagrams`). */
  readonly diagrams?: boolean;
  /** The commented game with the deep analysis: close turns simulated (`planilla report --deep`; implies `diagrams`). */
  readonly deep?: boolean;
}
export type AuditReportResult = { readonly html: string } | { readonly error: string };

/**
 * The tournament desk on a folder (`planilla event`): every record below it checked, the two sheets
 * of each game compared, the cards (a CSV with the header `round,player1,score1,player2,score2`)
 * against the sheets, the standings; answered as the printable report, one HTML page.
 */
export const EVENT_AUDIT_REQUEST = 'planilla/eventAudit';
export interface EventAuditParams {
  /** The event's folder (a file URI). */
  readonly folder: string;
  /** The cards (a file URI), when there are any. */
  readonly cards?: string;
}
export type EventAuditResult =
  | { readonly html: string; readonly title: string; readonly summary: string; readonly errors: number; readonly warnings: number }
  | { readonly error: string };

/**
 * Diagnostics: the server process's memory (`process.memoryUsage()`, bytes), measured after a
 * full garbage collection when the process runs with `--expose-gc` (`collected` says whether it
 * did), and how many documents, analyses and per-document settings it holds. Used by the
 * protocol tests and the benchmark; harmless otherwise.
 */
export const MEMORY_USAGE_REQUEST = 'planilla/memoryUsage';
export interface MemoryUsageResult {
  readonly rss: number;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
  /** True when a full collection ran just before measuring. */
  readonly collected: boolean;
  /** Open documents. */
  readonly documents: number;
  /** Analyses held (at most one per open document). */
  readonly analyses: number;
  /** Documents whose settings are held (open ones only). */
  readonly settings: number;
  /** Analyses run since the server started (a typing storm on one record shows as a few). */
  readonly analysed: number;
}

/**
 * Browser server → client: the bytes of a file, read by the extension (`vscode.workspace.fs`),
 * for the language server in a web worker, which cannot read files itself. The URI
 * `BUILTIN_LEXICON_URI` stands for the extension's own built-in word list.
 */
export const READ_FILE_REQUEST = 'planilla/readFile';
export const BUILTIN_LEXICON_URI = 'planilla-extension:/data/es-open.dawg';
/** The extension's own leave table, read the same way for the coach's analysis. */
export const BUILTIN_LEAVES_URI = 'planilla-extension:/data/leaves-es.plv';
export interface ReadFileParams {
  readonly uri: string;
}
/** Base64 of the bytes, or why they could not be read. */
export type ReadFileResult = { readonly base64: string } | { readonly error: string };

/**
 * "Reconstruir desde el tablero final…" (service/reconstruct.ts): the plays of a score-only
 * sheet rebuilt from its final board. `board` is the board file's text (one CGP line or 15 rows);
 * the answer's edits write every decided play and a note under every open turn. While it runs,
 * the server sends `RECONSTRUCT_PROGRESS_NOTIFICATION`; cancelling the request stops the search.
 */
export const RECONSTRUCT_REQUEST = 'planilla/reconstruct';
export interface ReconstructParams {
  readonly uri: string;
  readonly board: string;
  /** Seconds the search may take (default 30). */
  readonly timeLimit?: number;
}
export type ReconstructResult = FixAllResult;
export const RECONSTRUCT_PROGRESS_NOTIFICATION = 'planilla/reconstructProgress';
export interface ReconstructProgressParams {
  readonly uri: string;
  /** 0..100. */
  readonly percent: number;
}

/**
 * "Analizar a fondo" (lsp/handlers/deep-analysis.ts): the verdict of the move at a line (0-based;
 * the turn shown there), graded as `planilla analyze --deep` and the commented game grade it
 * (analysis/deep-game.ts: static, simulation, pre-endgame or exact endgame). `seconds` bounds it. While it runs, the server sends
 * `DEEP_ANALYSIS_PROGRESS_NOTIFICATION`; cancelling the request stops it (RequestCancelled). The
 * answer is kept for the document's version: the hover, the lenses and the board view show it.
 */
export const DEEP_ANALYSIS_REQUEST = 'planilla/deepAnalysis';
export interface DeepAnalysisParams {
  readonly uri: string;
  readonly line: number;
  /** Most seconds for the turn (default 30): a simulation stopped by it gives the iterations done. */
  readonly seconds?: number;
}
/** A turn's verdict (analysis/verdict.ts), the one every surface shows. */
export interface VerdictFigures {
  readonly method: 'static' | 'sim' | 'pre-endgame' | 'endgame';
  /** The method in words: 'estática', 'simulada ± 3,5, 100 iteraciones', 'final exacto'. */
  readonly how: string;
  /** The move named best as a coach names it ('8D CAMINO +26'), and as GCG writes it ('8D CAMINO', '-AE', '-'). */
  readonly best: string;
  readonly code: string;
  readonly playedIsBest: boolean;
  /** Points lost against the move named best, and win probability lost (0..1). */
  readonly loss: number;
  readonly winLost: number;
  /** sim: half the 95 % interval of the best's simulated equity. */
  readonly margin?: number;
  /** endgame, pre-endgame: the values are proven to the end. */
  readonly exact?: boolean;
}
export interface DeepAnalysisAnswer {
  /** 0-based line of the move's event, the document version and the turn analysed. */
  readonly line: number;
  readonly version: number;
  readonly turnIndex: number;
  /** The verdict's method (`verdict.method`). */
  readonly kind: 'static' | 'sim' | 'pre-endgame' | 'endgame';
  /** The turn's verdict: the same as `planilla analyze --deep` and the commented game give. */
  readonly verdict: VerdictFigures;
  /** One line for a notice, in the user's language. */
  readonly message: string;
  /** A simulated verdict: the moves simulated, best first ('8D CAMINO +26: simulated equity 12.3 ± 1.2 · wins 54.1%'). */
  readonly sims?: readonly string[];
}
export type DeepAnalysisResult = DeepAnalysisAnswer | { readonly error: string };
export const DEEP_ANALYSIS_PROGRESS_NOTIFICATION = 'planilla/deepAnalysisProgress';
export interface DeepAnalysisProgressParams {
  readonly uri: string;
  /** The move's line; -1 for the whole game (the commented game's deep analysis, `planilla/auditReport`). */
  readonly line: number;
  /** 0..100, in tenths (0 when the analysis starts, 100 when it ends). */
  readonly percent: number;
}

/**
 * The commands any client can run with `workspace/executeCommand` (Neovim, Helix, Emacs, …), with
 * arguments a generic client can pass (URIs, a line, a path). The server announces them in
 * `executeCommandProvider`, except those the client says it runs itself
 * (`initializationOptions.clientCommands`: the VS Code extension has its own, with dialogs).
 *
 * - `planilla.deepAnalysis` [uri, line (0-based), options?]: as `planilla/deepAnalysis`.
 * - `planilla.fixAll` [uri]: the edits applied with `workspace/applyEdit` (versioned).
 * - `planilla.reconstruct` [uri, board]: `board` a board file (path or URI) or its text; the
 *   edits applied with `workspace/applyEdit` (versioned).
 * - `planilla.compare` [uriA, uriB]: the verdict as a message; answers the CompareResult.
 * - `planilla.exportWoogles` [uri, targetUri?]: the export written to a new file (by default
 *   beside the record, `NAME.woogles.gcg`) through `workspace/applyEdit`; never over a file.
 * - `planilla.checkWorkspace` []: every record of the workspace folders checked (diagnostics published).
 * - `planilla.auditEvent` [folderUri?, cardsUri?]: the tournament desk on the folder (default: the
 *   first workspace folder); its tally as a message; answers the EventAuditResult (the HTML page in it).
 */
export const SERVER_COMMANDS = [
  'planilla.deepAnalysis',
  'planilla.fixAll',
  'planilla.reconstruct',
  'planilla.compare',
  'planilla.exportWoogles',
  'planilla.checkWorkspace',
  'planilla.auditEvent',
] as const;
export type ServerCommand = (typeof SERVER_COMMANDS)[number];
