/**
 * The language server's logic, the same in Node (`server.ts`) and in a browser's web worker
 * (`server-browser.ts`): the open documents, the settings of each one, and a per-version cache:
 * each document version is parsed once and replayed once, and every feature (diagnostics, hover,
 * lenses, fixes, symbols, folding, formatting, completion, inlay hints) reads that one analysis.
 * What differs by platform comes in a `ServerHost`: how a record that is not open is read, the
 * word lists, the memory figures, and what to do once the client is initialized.
 *
 * Invariants:
 * - Imports only the platform-free `vscode-languageserver`; the entries pick the transport.
 * - Every handler is guarded: an exception is caught, logged (with the handler's name) and
 *   answered with an empty result, so one bad request never takes the server down.
 * - Diagnostics are published for the version they were computed from; a change arriving while
 *   a publication is pending replaces it (coalesced per document, no timer).
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
 * moves, apart from the board), `planilla/auditReport`, and the diagnostic
 * `planilla/memoryUsage` (the host's memory figures plus how many open documents, analyses and
 * per-document settings the server holds).
 *
 * Example:
 *   startServer(createConnection(ProposedFeatures.all), nodeHost);
 */
import {
  DidChangeConfigurationNotification,
  LSPErrorCodes,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { FIX_ALL_KIND, fixAllEdits, getCodeActions, getFixAllAction } from './service/actions';
import { FILL_KIND, getFillAction } from './service/fill';
import { compareSheets, comparisonSummary } from './service/compare';
import { fixAll } from './service/fix-all';
import { analyze, MAX_CONTENT_LINES, type Analysis } from './service/document';
import { getCompletions } from './service/completion';
import { getDiagnostics } from './service/diagnostics';
import { getDocumentSymbols, getFoldingRanges, getFormattingEdits, getInlayHints } from './service/editing';
import { exportForWoogles, hasScoreOnlyLines } from './service/export';
import { getHover } from './service/hover';
import {
  CoachCache,
  boardCoachModel,
  coachHoverMarkdown,
  coachLensStubs,
  coachLensText,
  coachTurn,
  isCoachLensData,
} from './service/coach';
import { boardModel } from './service/board-model';
import { AnalysisCancelled } from './analysis';
import { uiText } from './service/i18n';
import { getCodeLenses } from './service/lenses';
import type { LoadedLexicon } from './service/lexicons';
import { ANALYSIS_CACHE_LIMITS, RecentCache } from './service/recent-cache';
import {
  AUDIT_REPORT_REQUEST,
  BOARD_AT_REQUEST,
  BOARD_MOVES_REQUEST,
  CHECK_FILES_REQUEST,
  COMPARE_REQUEST,
  EXPORT_WOOGLES_REQUEST,
  FIX_ALL_REQUEST,
  MEMORY_USAGE_REQUEST,
  type CompareParams,
  type CompareResult,
  type FixAllParams,
  type FixAllResult,
  type AuditReportParams,
  type AuditReportResult,
  type BoardAtParams,
  type BoardAtResult,
  type BoardMovesParams,
  type BoardMovesResult,
  type CheckFilesParams,
  type CheckFilesResult,
  type ExportParams,
  type ExportResult,
  type MemoryUsageResult,
  WORKSPACE_TRUST_NOTIFICATION,
  type WorkspaceTrustParams,
} from './shared/protocol';
import { confinePathSettings, userPathsOf } from './shared/settings';
import { buildAudit, coachGame } from './report/audit';
import { boardViewAt, renderBoardMoves } from './report/board-body';
import { renderHtmlReport } from './report/html';
import { lexiconSpecFor, readSettings, replayOptionsFor, scanHeader, DEFAULT_SETTINGS, type PlanillaSettings } from './service/settings';
import { formatMessage, resolveLanguage } from './rules/messages';
import type { Language } from './rules/types';

/** After the current events (`setImmediate` in Node; a zero timeout in a browser, which has none). */
const defer: (task: () => void) => void =
  typeof setImmediate === 'function' ? (task) => void setImmediate(task) : (task) => void setTimeout(task, 0);

/** What the server needs from the platform it runs on. */
export interface ServerHost {
  /** The bytes of a record that is not open (from disk, or through the editor), or undefined. */
  readFile(uri: string): Promise<Uint8Array | undefined>;
  /** The word lists, per (list, extra, banned) triple; cleared when the settings change. */
  readonly lexicons: { get(spec: string, extra: string, banned: string): LoadedLexicon; clear(): void };
  /** Memory figures for `planilla/memoryUsage` (undefined where there are none). */
  memoryUsage?(): Omit<MemoryUsageResult, 'documents' | 'analyses' | 'settings'>;
  /** Runs once the client is initialized; analyses wait for it (the browser loads its list then). */
  initialized?(connection: Connection): Promise<void>;
  /**
   * Called at the milestones of a first open (`initialize` received, `initialized`, `didOpen`,
   * `publishDiagnostics` sent), for the first-open measurements (server.ts: PLANILLA_TIMINGS).
   */
  timing?(event: TimingEvent, uri?: string): void;
}

/** The milestones `ServerHost.timing` is told of. */
export type TimingEvent = 'initialize' | 'initialized' | 'didOpen' | 'publishDiagnostics';

/** The running server, as its entry sees it. */
export interface StartedServer {
  /** Logs a failure (in the user's language) without stopping the server. */
  logError(handler: string, error: unknown): void;
}

/** Starts the server on `connection` (it lives until `exit`). */
export function startServer(connection: Connection, host: ServerHost): StartedServer {
  const documents = new TextDocuments(TextDocument);
  const lexicons = host.lexicons;
  /** Resolves once the host is ready to analyse (see ServerHost.initialized). */
  let ready: Promise<void> = Promise.resolve();

  const SECTION = 'planilla';

  let locale: string | undefined;
  let canPullConfiguration = false;
  let canRegisterConfiguration = false;
  /** Settings per document URI (from workspace/configuration), dropped when the settings change. */
  const settingsByUri = new Map<string, Promise<PlanillaSettings>>();
  /**
   * Settings given in initializationOptions, then replaced by each didChangeConfiguration push: what
   * a client that cannot be asked (or has no answer) gets.
   */
  let pushedSettings: PlanillaSettings = DEFAULT_SETTINGS;
  /** Whether the workspace is trusted (true unless the client says otherwise), and its folders. */
  let workspaceTrusted = true;
  let workspaceFolders: string[] = [];
  /** The `planilla` section of initializationOptions, read into pushedSettings once initialized. */
  let initialSection: Record<string, unknown> | undefined;

  const isSection = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

  /**
   * The `planilla` section inside initializationOptions or a didChangeConfiguration payload: either
   * under a `planilla` key (`{ planilla: { language: 'en' } }`) or, for initializationOptions, the
   * section itself (`{ language: 'en' }`).
   */
  function sectionOf(value: unknown, bare: boolean): Record<string, unknown> | undefined {
    if (!isSection(value)) return undefined;
    if (isSection(value[SECTION])) return value[SECTION];
    return bare ? value : undefined;
  }
  /** Lexicon problems already shown to the user (shown once per problem). */
  const reportedProblems = new Set<string>();
  /** Files checked by the workspace command: their diagnostics stay when they are closed. */
  const checkedUris = new Set<string>();

  interface CacheEntry {
    readonly version: number;
    readonly settings: PlanillaSettings;
    readonly analysis: Analysis;
  }
  /** Analyses of the most recently used open documents, weighed by the length of their text. */
  const cache = new RecentCache<CacheEntry>(ANALYSIS_CACHE_LIMITS);

  function languageOf(settings: PlanillaSettings): Language {
    return resolveLanguage(settings.language, locale);
  }

  function logError(handler: string, error: unknown): void {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    connection.console.error(uiText('ui.server.handlerFailed', languageOf(pushedSettings), { handler, error: detail }));
  }

  /** The answer to a request its client cancelled (LSP: the error RequestCancelled). */
  function cancelledError(): ResponseError<void> {
    return new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
  }

  /** Runs a handler; on any exception logs it and answers `fallback` (a cancellation answers as such). */
  async function guarded<T>(handler: string, fallback: T, run: () => T | Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled) throw error;
      logError(handler, error);
      return fallback;
    }
  }

  /** A file URI's path, or undefined for another scheme or a malformed URI. */
  function filePathOf(uri: unknown): string | undefined {
    if (typeof uri !== 'string' || !uri.startsWith('file:')) return undefined;
    try {
      return decodeURIComponent(new URL(uri).pathname);
    } catch {
      return undefined;
    }
  }

  /**
   * The settings a raw `planilla` section gives; in an untrusted workspace, with the path settings
   * not marked as the user's own confined to the workspace folders (links resolved), each refused
   * one named in one warning.
   */
  function settingsFromRaw(raw: Record<string, unknown>): PlanillaSettings {
    const settings = readSettings(raw);
    if (workspaceTrusted) return settings;
    const confined = confinePathSettings(settings, userPathsOf(raw), workspaceFolders);
    const lang = languageOf(confined.settings);
    for (const refused of confined.refused) {
      const key = JSON.stringify(['untrusted', refused]);
      if (reportedProblems.has(key)) continue;
      reportedProblems.add(key);
      void connection.window.showWarningMessage(
        uiText('ui.server.untrustedPathRefused', lang, { setting: refused.setting, path: refused.path }),
      );
    }
    return confined.settings;
  }

  /** The settings of a record; kept (until closed or the settings change) only while it is open. */
  function settingsFor(uri: string): Promise<PlanillaSettings> {
    if (!canPullConfiguration) return ready.then(() => pushedSettings);
    const kept = settingsByUri.get(uri);
    if (kept) return kept;
    const pending = connection.workspace
      .getConfiguration({ scopeUri: uri, section: SECTION })
      // A client with no `planilla` section of its own (Neovim answers null) keeps the settings it
      // gave in initializationOptions or pushed with didChangeConfiguration.
      .then(async (raw: unknown) => {
        await ready;
        return isSection(raw) ? settingsFromRaw(raw) : pushedSettings;
      })
      .catch((error: unknown) => {
        logError('workspace/configuration', error);
        return DEFAULT_SETTINGS;
      });
    if (documents.get(uri)) settingsByUri.set(uri, pending);
    return pending;
  }

  /** The word list a record is judged with under the settings (cached; loaded at most once). */
  function lexiconFor(input: string | Uint8Array, settings: PlanillaSettings): LoadedLexicon {
    return lexicons.get(lexiconSpecFor(settings, scanHeader(input)), settings.lexiconExtra, settings.lexiconBanned);
  }

  /** Analyses one text with the settings: the lexicon and replay options the record asks for. */
  function analyzeText(input: string | Uint8Array, settings: PlanillaSettings): Analysis {
    const loaded = lexiconFor(input, settings);
    const lang = languageOf(settings);
    for (const problem of [...(loaded.problem ? [loaded.problem] : []), ...loaded.warnings]) {
      const key = JSON.stringify(problem);
      if (reportedProblems.has(key)) continue;
      reportedProblems.add(key);
      void connection.window.showWarningMessage(
        uiText('ui.server.lexiconFallback', lang, {
          path: String(problem.args.path ?? ''),
          problem: formatMessage(problem.messageId, problem.args, lang),
        }),
      );
    }
    return analyze(input, analysisSettingsFor(input, settings, loaded.lexicon));
  }

  /** The analysis settings of a document (what fix-all analyses the fixed text with). */
  function analysisSettingsFor(input: string | Uint8Array, settings: PlanillaSettings, lexicon = lexiconFor(input, settings).lexicon) {
    return { ...replayOptionsFor(settings, scanHeader(input)), ...(lexicon ? { lexicon } : {}) };
  }

  /**
   * The analysis of the document's current version (computed at most once per version and
   * settings while the document stays among the recently used). Kept only if the document is
   * still open once the settings arrive: one closed meanwhile leaves nothing behind.
   */
  async function analysisOf(doc: TextDocument): Promise<{ analysis: Analysis; settings: PlanillaSettings }> {
    const settings = await settingsFor(doc.uri);
    const hit = cache.get(doc.uri);
    if (hit && hit.version === doc.version && hit.settings === settings) return hit;
    const text = doc.getText();
    const analysis = analyzeText(text, settings);
    const entry = { version: doc.version, settings, analysis };
    if (documents.get(doc.uri) === doc) cache.set(doc.uri, entry, text.length);
    return entry;
  }

  async function currentAnalysis(uri: string): Promise<{ analysis: Analysis; settings: PlanillaSettings } | undefined> {
    const doc = documents.get(uri);
    return doc ? analysisOf(doc) : undefined;
  }

  /** Documents whose diagnostics are due; each is published once for its newest version. */
  const due = new Set<string>();
  let draining = false;

  function schedule(uri: string): void {
    due.add(uri);
    if (draining) return;
    draining = true;
    defer(() => void drain());
  }

  async function drain(): Promise<void> {
    try {
      while (due.size > 0) {
        const [uri] = due;
        due.delete(uri);
        await guarded('publishDiagnostics', undefined, async () => {
          const doc = documents.get(uri);
          if (!doc) return;
          const { analysis, settings } = await analysisOf(doc);
          if (documents.get(uri)?.version !== doc.version) return;
          const diagnostics = getDiagnostics(analysis, uri, languageOf(settings), settings);
          await connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
          host.timing?.('publishDiagnostics', uri);
        });
      }
    } finally {
      draining = false;
    }
  }

  function refreshAll(): void {
    settingsByUri.clear();
    cache.clear();
    lexicons.clear();
    reportedProblems.clear();
    for (const doc of documents.all()) schedule(doc.uri);
    connection.languages.inlayHint.refresh().catch(() => undefined);
    connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    host.timing?.('initialize');
    const options = (params.initializationOptions ?? {}) as { locale?: unknown; workspaceTrusted?: unknown };
    locale = typeof options.locale === 'string' ? options.locale : params.locale;
    workspaceTrusted = options.workspaceTrusted !== false;
    const folderUris = params.workspaceFolders ? params.workspaceFolders.map((f) => f.uri) : [params.rootUri];
    workspaceFolders = folderUris.map(filePathOf).filter((f): f is string => f !== undefined);
    // Read once initialized: refusing a path shows a warning, which must not come before the answer.
    initialSection = sectionOf(params.initializationOptions, true);
    canPullConfiguration = params.capabilities.workspace?.configuration === true;
    canRegisterConfiguration = params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        codeLensProvider: { resolveProvider: true },
        codeActionProvider: { codeActionKinds: ['quickfix', FIX_ALL_KIND, FILL_KIND] },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        documentFormattingProvider: true,
        completionProvider: { triggerCharacters: ['#', '>', ' '] },
        inlayHintProvider: true,
      },
      serverInfo: { name: 'planilla' },
    };
  });

  connection.onInitialized(() => {
    host.timing?.('initialized');
    if (initialSection) pushedSettings = settingsFromRaw(initialSection);
    if (host.initialized) ready = host.initialized(connection).catch((error: unknown) => logError('initialized', error));
    // Asked only of clients that say they take it (Eglot warns about a registration it does not know).
    if (canPullConfiguration && canRegisterConfiguration) {
      connection.client.register(DidChangeConfigurationNotification.type, { section: SECTION }).catch(() => undefined);
    }
  });

  connection.onDidChangeConfiguration((change) => {
    const pushed = sectionOf(change.settings, false);
    if (pushed) pushedSettings = settingsFromRaw(pushed);
    refreshAll();
  });

  connection.onNotification(WORKSPACE_TRUST_NOTIFICATION, (params: WorkspaceTrustParams) => {
    if (params?.trusted !== true || workspaceTrusted) return;
    workspaceTrusted = true;
    refreshAll();
  });

  documents.onDidOpen((e) => {
    host.timing?.('didOpen', e.document.uri);
    schedule(e.document.uri);
  });
  documents.onDidChangeContent((e) => schedule(e.document.uri));
  documents.onDidClose((e) => {
    cache.delete(e.document.uri);
    settingsByUri.delete(e.document.uri);
    if (!checkedUris.has(e.document.uri)) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  /**
   * The coach's analysis (issue 13): computed only for a hover or a lens being resolved, never with
   * the diagnostics; answers cached per position (bounded, service/coach.ts). A request cancelled
   * before its turn comes, or while the generator walks, stops the work (the generator polls the
   * token per anchor and throws AnalysisCancelled).
   */
  const coachCache = new CoachCache();

  /** Lets pending messages (a cancellation, a change) through before analysis work starts (works in Node and in a web worker). */
  const yieldToMessages = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

  connection.onHover((params, token) =>
    guarded('textDocument/hover', null, async () => {
      const cur = await currentAnalysis(params.textDocument.uri);
      if (!cur) return null;
      const lang = languageOf(cur.settings);
      let coach: ((index: number) => string | undefined) | undefined;
      if (cur.settings.analysisEnabled) {
        await yieldToMessages();
        if (token.isCancellationRequested) throw cancelledError();
        const lexicon = lexiconFor(cur.analysis.parsed.file.text, cur.settings).lexicon;
        coach = (index) => {
          try {
            const answer = coachTurn(cur.analysis, index, lexicon, coachCache, lang, token);
            return answer && 'turn' in answer ? coachHoverMarkdown(answer.turn, lang) : undefined;
          } catch (error) {
            if (error instanceof AnalysisCancelled) return undefined;
            throw error;
          }
        };
      }
      const hover = getHover(cur.analysis, params.position, lang, cur.settings, coach);
      if (token.isCancellationRequested) throw cancelledError();
      return hover;
    }),
  );

  connection.onCodeLens((params) =>
    guarded('textDocument/codeLens', [], async () => {
      const uri = params.textDocument.uri;
      const cur = await currentAnalysis(uri);
      if (!cur) return [];
      const lenses = getCodeLenses(cur.analysis, languageOf(cur.settings));
      return cur.settings.analysisEnabled ? [...lenses, ...coachLensStubs(cur.analysis, uri)] : lenses;
    }),
  );

  connection.onCodeLensResolve((lens, token) =>
    guarded('codeLens/resolve', lens, async () => {
      const data: unknown = lens.data;
      if (lens.command || !isCoachLensData(data)) return lens;
      const cur = await currentAnalysis(data.uri);
      if (!cur) return lens;
      const lang = languageOf(cur.settings);
      await yieldToMessages();
      if (token.isCancellationRequested) return lens;
      const lexicon = lexiconFor(cur.analysis.parsed.file.text, cur.settings).lexicon;
      try {
        const answer = coachTurn(cur.analysis, data.index, lexicon, coachCache, lang, token);
        return { ...lens, command: { title: coachLensText(answer, lang), command: '' } };
      } catch (error) {
        if (error instanceof AnalysisCancelled) return lens;
        throw error;
      }
    }),
  );

  connection.onCodeAction((params) =>
    guarded('textDocument/codeAction', [], async () => {
      const cur = await currentAnalysis(params.textDocument.uri);
      if (!cur) return [];
      const only = params.context.only;
      const wants = (kind: string): boolean => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
      const lang = languageOf(cur.settings);
      const quick = wants('quickfix')
        ? getCodeActions(cur.analysis, params.textDocument.uri, params.range, params.context.diagnostics, lang, cur.settings)
        : [];
      const all = wants(FIX_ALL_KIND)
        ? getFixAllAction(cur.analysis, params.textDocument.uri, lang, analysisSettingsFor(cur.analysis.parsed.file.text, cur.settings))
        : undefined;
      const filling = wants(FILL_KIND) ? getFillAction(cur.analysis, params.textDocument.uri, lang) : undefined;
      return [...quick, ...(all ? [all] : []), ...(filling ? [filling] : [])];
    }),
  );

  connection.onDocumentSymbol((params) =>
    guarded('textDocument/documentSymbol', [], async () => {
      const cur = await currentAnalysis(params.textDocument.uri);
      return cur ? getDocumentSymbols(cur.analysis) : [];
    }),
  );

  connection.onFoldingRanges((params) =>
    guarded('textDocument/foldingRange', [], async () => {
      const cur = await currentAnalysis(params.textDocument.uri);
      return cur ? getFoldingRanges(cur.analysis) : [];
    }),
  );

  // Formatting and the export honour $/cancelRequest between their steps (the pending messages
  // are let through first, then the token is read before and after the analysis and the
  // rewriting): a cancelled request does no further work and answers RequestCancelled.
  connection.onDocumentFormatting((params, token) =>
    guarded('textDocument/formatting', [], async () => {
      await yieldToMessages();
      if (token.isCancellationRequested) throw cancelledError();
      const cur = await currentAnalysis(params.textDocument.uri);
      if (token.isCancellationRequested) throw cancelledError();
      if (!cur) return [];
      const edits = getFormattingEdits(cur.analysis);
      if (token.isCancellationRequested) throw cancelledError();
      return edits;
    }),
  );

  connection.onCompletion((params) =>
    guarded('textDocument/completion', [], async () => {
      const cur = await currentAnalysis(params.textDocument.uri);
      return cur ? getCompletions(cur.analysis, params.position, languageOf(cur.settings)) : [];
    }),
  );

  connection.languages.inlayHint.on((params) =>
    guarded('textDocument/inlayHint', [], async () => {
      const cur = await currentAnalysis(params.textDocument.uri);
      return cur ? getInlayHints(cur.analysis, params.range, languageOf(cur.settings)) : [];
    }),
  );

  /** Reads a record (the open document's text, else the file's bytes), or undefined when it cannot be read. */
  async function readRecord(uri: string): Promise<string | Uint8Array | undefined> {
    const open = documents.get(uri);
    if (open) return open.getText();
    try {
      return await host.readFile(uri);
    } catch {
      return undefined;
    }
  }

  connection.onRequest(CHECK_FILES_REQUEST, (params: CheckFilesParams, token: CancellationToken) =>
    guarded<CheckFilesResult>(CHECK_FILES_REQUEST, { checked: 0, errors: 0, warnings: 0, others: 0, unreadable: [] }, async () => {
      const result = { checked: 0, errors: 0, warnings: 0, others: 0, unreadable: [] as string[] };
      for (const uri of params.uris) {
        if (token.isCancellationRequested) break;
        const input = await readRecord(uri);
        if (input === undefined) {
          result.unreadable.push(uri);
          continue;
        }
        // One file's failure is that file's: the batch goes on and reports the others.
        let diagnostics: Diagnostic[];
        let open: ReturnType<typeof documents.get>;
        try {
          const settings = await settingsFor(uri);
          open = documents.get(uri);
          const analysis = open ? (await analysisOf(open)).analysis : analyzeText(input, settings);
          diagnostics = getDiagnostics(analysis, uri, languageOf(settings), settings);
        } catch (e) {
          connection.console.error(`${CHECK_FILES_REQUEST} ${uri}: ${e instanceof Error ? e.message : String(e)}`);
          result.unreadable.push(uri);
          continue;
        }
        checkedUris.add(uri);
        await connection.sendDiagnostics({ uri, ...(open ? { version: open.version } : {}), diagnostics });
        result.checked++;
        for (const d of diagnostics) {
          if (d.severity === 1) result.errors++;
          else if (d.severity === 2) result.warnings++;
          else result.others++;
        }
      }
      return result;
    }),
  );

  connection.onRequest(EXPORT_WOOGLES_REQUEST, (params: ExportParams, token: CancellationToken) =>
    guarded<ExportResult>(EXPORT_WOOGLES_REQUEST, { error: 'internal error' }, async () => {
      const stopIfCancelled = (): void => {
        if (token.isCancellationRequested) throw cancelledError();
      };
      await yieldToMessages();
      stopIfCancelled();
      const settings = await settingsFor(params.uri);
      stopIfCancelled();
      const lang = languageOf(settings);
      const open = documents.get(params.uri);
      let analysis: Analysis;
      if (open) {
        analysis = (await analysisOf(open)).analysis;
      } else {
        const input = await readRecord(params.uri);
        stopIfCancelled();
        if (input === undefined) return { error: uiText('ui.command.export.unreadable', lang, { uri: params.uri }) };
        analysis = analyzeText(input, settings);
      }
      stopIfCancelled();
      // A file read only in part is not exported: the export would pass for the whole game.
      if (analysis.parsed.file.truncated) return { error: uiText('ui.command.export.tooLong', lang, { max: MAX_CONTENT_LINES }) };
      if (hasScoreOnlyLines(analysis)) return { error: uiText('ui.command.export.scoreOnly', lang) };
      const text = exportForWoogles(analysis, lang);
      stopIfCancelled();
      return { text };
    }),
  );

  connection.onRequest(FIX_ALL_REQUEST, (params: FixAllParams) =>
    guarded<FixAllResult>(FIX_ALL_REQUEST, { error: 'internal error' }, async () => {
      const cur = await currentAnalysis(params.uri);
      if (!cur) return { error: uiText('ui.command.export.unreadable', languageOf(await settingsFor(params.uri)), { uri: params.uri }) };
      const lang = languageOf(cur.settings);
      const result = fixAll(cur.analysis, analysisSettingsFor(cur.analysis.parsed.file.text, cur.settings));
      if (result.refused) return { error: uiText(`ui.command.fixAll.refused.${result.refused}`, lang) };
      const edits = fixAllEdits(result);
      const message =
        edits.length === 0
          ? uiText('ui.command.fixAll.nothing', lang)
          : uiText('ui.command.fixAll.done', lang, { count: edits.length, left: result.remaining.length });
      return { edits, message };
    }),
  );

  connection.onRequest(COMPARE_REQUEST, (params: CompareParams) =>
    guarded<CompareResult>(COMPARE_REQUEST, { error: 'internal error' }, async () => {
      const settings = await settingsFor(params.a);
      const lang = languageOf(settings);
      const sheetOf = async (uri: string): Promise<Analysis | undefined> => {
        const open = documents.get(uri);
        if (open) return (await analysisOf(open)).analysis;
        const input = await readRecord(uri);
        return input === undefined ? undefined : analyzeText(input, await settingsFor(uri));
      };
      const a = await sheetOf(params.a);
      const b = await sheetOf(params.b);
      if (!a || !b) return { error: uiText('ui.command.export.unreadable', lang, { uri: !a ? params.a : params.b }) };
      const c = compareSheets({ name: fileNameOf(params.a), analysis: a }, { name: fileNameOf(params.b), analysis: b });
      return {
        summary: comparisonSummary(c, lang),
        title: uiText('ui.command.compare.title', lang, { a: fileNameOf(params.a), b: fileNameOf(params.b) }),
      };
    }),
  );

  /** The last path segment of a URI, decoded when it can be ('score-error.gcg'). */
  function fileNameOf(uri: string): string {
    const last = uri.replace(/[?#].*$/, '').replace(/^.*\//, '');
    try {
      return decodeURIComponent(last);
    } catch {
      return last;
    }
  }

  connection.onRequest(BOARD_AT_REQUEST, (params: BoardAtParams) =>
    guarded<BoardAtResult | null>(BOARD_AT_REQUEST, null, async () => {
      const cur = await currentAnalysis(params.uri);
      if (!cur) return null;
      const line = Number.isFinite(params.line) ? params.line : 0;
      return boardViewAt(cur.analysis.replay, line, languageOf(cur.settings), { coach: cur.settings.analysisEnabled });
    }),
  );

  /**
   * The board view's best moves (asked apart from the board, after it): null with analysis off;
   * the same cache as the hover and the lenses; yields to pending messages first, and a request
   * cancelled before or during the walk answers RequestCancelled.
   */
  connection.onRequest(BOARD_MOVES_REQUEST, (params: BoardMovesParams, token: CancellationToken) =>
    guarded<BoardMovesResult | null>(BOARD_MOVES_REQUEST, null, async () => {
      const cur = await currentAnalysis(params.uri);
      if (!cur || !cur.settings.analysisEnabled) return null;
      const lang = languageOf(cur.settings);
      await yieldToMessages();
      if (token.isCancellationRequested) throw cancelledError();
      const line = Number.isFinite(params.line) ? params.line : 0;
      const lexicon = lexiconFor(cur.analysis.parsed.file.text, cur.settings).lexicon;
      let model;
      try {
        model = boardCoachModel(cur.analysis, line, lexicon, coachCache, lang, token);
      } catch (error) {
        if (error instanceof AnalysisCancelled) throw cancelledError();
        throw error;
      }
      return renderBoardMoves(model, boardModel(cur.analysis.replay, model.turnIndex), lang);
    }),
  );

  connection.onRequest(AUDIT_REPORT_REQUEST, (params: AuditReportParams) =>
    guarded<AuditReportResult>(AUDIT_REPORT_REQUEST, { error: 'internal error' }, async () => {
      const settings = await settingsFor(params.uri);
      const lang = languageOf(settings);
      const open = documents.get(params.uri);
      const input = open ? open.getText() : await readRecord(params.uri);
      if (input === undefined) return { error: uiText('ui.command.export.unreadable', lang, { uri: params.uri }) };
      const analysis = open ? (await analysisOf(open)).analysis : analyzeText(input, settings);
      const lexicon = lexiconFor(input, settings).lexicon;
      const name = fileNameOf(params.uri);
      const coach = settings.analysisEnabled ? coachGame(analysis, lexicon) : undefined;
      const audit = buildAudit({ path: name, analysis, ...(lexicon ? { lexicon } : {}), lang, ...(coach ? { coach } : {}) });
      return { html: renderHtmlReport(audit, analysis.replay) };
    }),
  );

  connection.onRequest(MEMORY_USAGE_REQUEST, () =>
    guarded<MemoryUsageResult | null>(MEMORY_USAGE_REQUEST, null, () => {
      const memory = host.memoryUsage?.();
      return memory ? { ...memory, documents: documents.all().length, analyses: cache.size, settings: settingsByUri.size } : null;
    }),
  );

  documents.listen(connection);
  connection.listen();
  return { logError };
}
