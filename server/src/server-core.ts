/**
 * The language server's table, the same in Node (`server.ts`) and in a browser's web worker
 * (`server-browser.ts`): it makes the state (lsp/state.ts: documents, settings, caches), the
 * diagnostics scheduler (lsp/publish.ts) and wires each request to its handler (lsp/handlers/,
 * one module per request, each `(state, params, token) → result`) through the guard
 * (lsp/guard.ts). Each document version is parsed once and replayed once, and every feature
 * reads that one analysis. What differs by platform comes in a `ServerHost`: how a record that
 * is not open is read, the word lists, the memory figures, and what to do once the client is
 * initialized. docs/server.md tells the whole.
 *
 * Invariants:
 * - Imports only the platform-free `vscode-languageserver`; the entries pick the transport.
 * - Every handler is guarded: an exception is caught, logged (with the handler's name) and
 *   answered with an empty result, so one bad request never takes the server down.
 * - Diagnostics are published for the version they were computed from, and only the newest
 *   version is analysed: a change arriving while a publication waits replaces it (lsp/publish.ts).
 * - Nothing is analysed before `host.initialized` has finished (the browser loads its word list then).
 * - Memory: the server keeps one analysis per document (its newest version), and only for the
 *   most recently used open documents (ANALYSIS_CACHE_LIMITS); a document that fell
 *   out is analysed again when a request needs it. Closing a document drops its analysis and
 *   settings; a file checked by `planilla/checkFiles` without being open leaves nothing behind
 *   but the diagnostics it published (and its URI, so closing it later keeps them).
 * - Settings (the `planilla` section) reach it in every standard way: initializationOptions (the
 *   section itself or `{ planilla: … }`), `workspace/configuration` per document when the client
 *   offers it (a null answer keeps the others), and `workspace/didChangeConfiguration` pushes; any
 *   change re-checks every open document and refreshes lenses and hints, without a restart.
 *
 * Requests besides the protocol's (payloads in shared/protocol.ts): `planilla/checkFiles`,
 * `planilla/exportWoogles`, `planilla/boardAt`, `planilla/boardMoves` (the board view's best
 * moves, apart from the board), `planilla/auditReport`, `planilla/eventAudit` (the tournament desk on
 * a folder), and the diagnostic
 * `planilla/memoryUsage` (the host's memory figures plus how many open documents, analyses and
 * per-document settings the server holds). The commands of `workspace/executeCommand`
 * (lsp/handlers/commands.ts) reach the same handlers from any client.
 *
 * Example:
 *   startServer(createConnection(ProposedFeatures.all), nodeHost);
 */
import {
  DidChangeConfigurationNotification,
  MessageType,
  ShowMessageNotification,
  TextDocuments,
  type CancellationToken,
  type Connection,
  type ExecuteCommandParams,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  AUDIT_REPORT_REQUEST,
  EVENT_AUDIT_REQUEST,
  BOARD_AT_REQUEST,
  BOARD_MOVES_REQUEST,
  CHECK_FILES_REQUEST,
  COMPARE_REQUEST,
  EXPORT_WOOGLES_REQUEST,
  FIX_ALL_REQUEST,
  MEMORY_USAGE_REQUEST,
  WORKSPACE_TRUST_NOTIFICATION,
  type WorkspaceTrustParams,
} from './shared/protocol';
import {
  RECONSTRUCT_PROGRESS_NOTIFICATION,
  RECONSTRUCT_REQUEST,
  DEEP_ANALYSIS_PROGRESS_NOTIFICATION,
  DEEP_ANALYSIS_REQUEST,
  type AuditReportParams,
  type DeepAnalysisParams,
  type DeepAnalysisProgressParams,
  type ReconstructParams,
  type ReconstructProgressParams,
} from './shared/protocol';
import { guarded } from './lsp/guard';
import { DiagnosticsPublisher } from './lsp/publish';
import { SECTION, ServerState } from './lsp/state';
import { auditReport } from './lsp/handlers/audit-report';
import { boardAt } from './lsp/handlers/board-at';
import { boardMoves } from './lsp/handlers/board-moves';
import { checkFiles } from './lsp/handlers/check-files';
import { codeAction } from './lsp/handlers/code-action';
import { codeLens } from './lsp/handlers/code-lens';
import { codeLensResolve } from './lsp/handlers/code-lens-resolve';
import { compare } from './lsp/handlers/compare';
import { eventAudit } from './lsp/handlers/event-audit';
import { completion } from './lsp/handlers/completion';
import { didChangeConfiguration, workspaceTrust } from './lsp/handlers/configuration';
import { documentSymbol } from './lsp/handlers/document-symbol';
import { exportWoogles } from './lsp/handlers/export-woogles';
import { fixAll } from './lsp/handlers/fix-all';
import { foldingRange } from './lsp/handlers/folding-range';
import { formatting } from './lsp/handlers/formatting';
import { hover } from './lsp/handlers/hover';
import { initialize, initialized } from './lsp/handlers/initialize';
import { inlayHint } from './lsp/handlers/inlay-hint';
import { memoryUsage } from './lsp/handlers/memory-usage';
import { prepareRename, rename } from './lsp/handlers/rename';
import { semanticTokens } from './lsp/handlers/semantic-tokens';
import { documentLink } from './lsp/handlers/document-link';
import { documentHighlight } from './lsp/handlers/document-highlight';
import { workspaceSymbol } from './lsp/handlers/workspace-symbol';
import { executeCommand } from './lsp/handlers/execute-command';
import { runServerCommand, type CommandHost } from './lsp/handlers/commands';
import { reconstructRequest } from './lsp/handlers/reconstruct';
import { deepAnalysisRequest } from './lsp/handlers/deep-analysis';

export type { ServerHost, TimingEvent } from './lsp/state';
export { BoundedMessageWriter, OUTPUT_LIMITS } from './lsp/bounded-writer';
import type { ServerHost } from './lsp/state';

/** The running server, as its entry sees it. */
interface StartedServer {
  /** Logs a failure (in the user's language) without stopping the server. */
  logError(handler: string, error: unknown): void;
  /** A text of the editor's catalogue in the user's language (for what the entry writes on stderr). */
  message(id: string, args?: Record<string, string | number>): string;
}

/** A handler of the table: the state, the request's parameters, its cancellation token. */
type Handler<P, R> = (state: ServerState, params: P, token: CancellationToken) => R | Promise<R>;

/** Starts the server on `connection` (it lives until `exit`). */
export function startServer(connection: Connection, host: ServerHost): StartedServer {
  const documents = new TextDocuments(TextDocument);
  const state = new ServerState(connection, documents, host);
  const publisher = new DiagnosticsPublisher(state);

  /** Wraps a handler in the guard: a failure is logged and answered with `fallback`. */
  const run =
    <P, R>(name: string, fallback: R, handler: Handler<P, R>) =>
    (params: P, token: CancellationToken): Promise<R> =>
      guarded(state, name, fallback, () => handler(state, params, token));

  /** New settings or trust: every open document is checked again, lenses and hints refreshed. */
  function refreshAll(): void {
    state.forgetSettings();
    for (const doc of documents.all()) publisher.schedule(doc.uri);
    connection.languages.inlayHint.refresh().catch(() => undefined);
    connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  }

  connection.onInitialize((params) => initialize(state, params));
  connection.onInitialized(() => {
    if (initialized(state, connection)) {
      connection.client.register(DidChangeConfigurationNotification.type, { section: SECTION }).catch(() => undefined);
    }
  });
  connection.onDidChangeConfiguration((change) => {
    if (didChangeConfiguration(state, change)) refreshAll();
  });
  connection.onNotification(WORKSPACE_TRUST_NOTIFICATION, (params: WorkspaceTrustParams) => {
    if (workspaceTrust(state, params)) refreshAll();
  });

  documents.onDidOpen((e) => {
    host.timing?.('didOpen', e.document.uri);
    publisher.schedule(e.document.uri);
  });
  documents.onDidChangeContent((e) => publisher.schedule(e.document.uri));
  documents.onDidClose((e) => {
    publisher.cancel(e.document.uri);
    state.forget(e.document.uri);
    if (!state.checkedUris.has(e.document.uri)) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onHover(run('textDocument/hover', null, hover));
  connection.onCodeLens(run('textDocument/codeLens', [], codeLens));
  connection.onCodeLensResolve((lens, token) => guarded(state, 'codeLens/resolve', lens, () => codeLensResolve(state, lens, token)));
  connection.onCodeAction(run('textDocument/codeAction', [], codeAction));
  connection.onDocumentSymbol(run('textDocument/documentSymbol', [], documentSymbol));
  connection.onFoldingRanges(run('textDocument/foldingRange', [], foldingRange));
  connection.onDocumentFormatting(run('textDocument/formatting', [], formatting));
  connection.onCompletion(run('textDocument/completion', [], completion));
  connection.languages.inlayHint.on(run('textDocument/inlayHint', [], inlayHint));
  connection.onPrepareRename(run('textDocument/prepareRename', null, prepareRename));
  connection.onRenameRequest(run('textDocument/rename', null, rename));
  connection.languages.semanticTokens.on(run('textDocument/semanticTokens/full', { data: [] }, semanticTokens));
  connection.onDocumentLinks(run('textDocument/documentLink', [], documentLink));
  connection.onDocumentHighlight(run('textDocument/documentHighlight', [], documentHighlight));
  connection.onWorkspaceSymbol(run('workspace/symbol', [], workspaceSymbol));
  const commandHost: CommandHost = {
    applyEdit: (label, edit) => connection.workspace.applyEdit({ label, edit }).catch(() => ({ applied: false })),
    progress: async (title) => {
      const reporter = await connection.window.createWorkDoneProgress().catch(() => undefined);
      reporter?.begin(title, 0);
      return { report: (percent) => reporter?.report(Math.floor(percent)), done: () => reporter?.done() };
    },
    refreshLenses: () => void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined),
    show: (kind, message) =>
      void connection.sendNotification(ShowMessageNotification.type, {
        type: kind === 'info' ? MessageType.Info : MessageType.Warning,
        message,
      }),
  };
  connection.onExecuteCommand(async (params, token) => {
    const command = state.serverCommands.find((c) => c === params.command);
    if (command) {
      return run('workspace/executeCommand', { error: 'internal error' }, (s, p: ExecuteCommandParams, t) =>
        runServerCommand(s, command, p.arguments ?? [], t, commandHost),
      )(params, token);
    }
    if (await run('workspace/executeCommand', false, executeCommand)(params, token)) refreshAll();
    return null;
  });
  connection.onRequest(
    CHECK_FILES_REQUEST,
    run(CHECK_FILES_REQUEST, { checked: 0, errors: 0, warnings: 0, others: 0, unreadable: [] }, checkFiles),
  );
  connection.onRequest(EXPORT_WOOGLES_REQUEST, run(EXPORT_WOOGLES_REQUEST, { error: 'internal error' }, exportWoogles));
  connection.onRequest(FIX_ALL_REQUEST, run(FIX_ALL_REQUEST, { error: 'internal error' }, fixAll));
  connection.onRequest(COMPARE_REQUEST, run(COMPARE_REQUEST, { error: 'internal error' }, compare));
  connection.onRequest(BOARD_AT_REQUEST, run(BOARD_AT_REQUEST, null, boardAt));
  connection.onRequest(BOARD_MOVES_REQUEST, run(BOARD_MOVES_REQUEST, null, boardMoves));
  connection.onRequest(EVENT_AUDIT_REQUEST, run(EVENT_AUDIT_REQUEST, { error: 'internal error' }, eventAudit));
  connection.onRequest(MEMORY_USAGE_REQUEST, run(MEMORY_USAGE_REQUEST, null, memoryUsage));
  const reconstructProgress = (p: ReconstructProgressParams): void =>
    void connection.sendNotification(RECONSTRUCT_PROGRESS_NOTIFICATION, p);
  connection.onRequest(
    RECONSTRUCT_REQUEST,
    run(RECONSTRUCT_REQUEST, { error: 'internal error' }, (s, p: ReconstructParams, t) => reconstructRequest(s, p, t, reconstructProgress)),
  );

  const deepProgress = (p: DeepAnalysisProgressParams): void => void connection.sendNotification(DEEP_ANALYSIS_PROGRESS_NOTIFICATION, p);
  const refreshLenses = (): void => void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  connection.onRequest(
    AUDIT_REPORT_REQUEST,
    run(AUDIT_REPORT_REQUEST, { error: 'internal error' }, (s, p: AuditReportParams, t) =>
      auditReport(s, p, t, refreshLenses, deepProgress),
    ),
  );
  connection.onRequest(
    DEEP_ANALYSIS_REQUEST,
    run(DEEP_ANALYSIS_REQUEST, { error: 'internal error' }, (s, p: DeepAnalysisParams, t) =>
      deepAnalysisRequest(s, p, t, deepProgress, refreshLenses),
    ),
  );

  documents.listen(connection);
  connection.listen();
  return {
    logError: (handler, error) => state.logError(handler, error),
    message: (id, args = {}) => state.message(id, args),
  };
}
